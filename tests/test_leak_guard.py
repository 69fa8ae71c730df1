"""The autouse leak guard in conftest (``no_thread_left_running``) fails a test that leaves a Python
thread, a QThread or a QTimer running, or a window alive: its check is called here on real leaks, and a
real pytest run shows the fixture failing leaking tests and passing a clean one."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading

from PySide6.QtCore import QThread, QTimer
from PySide6.QtWidgets import QWidget

import conftest


def test_the_check_sees_each_kind_of_leak_and_nothing_once_they_are_gone(qtbot) -> None:
    conftest._track_qthreads()
    threads, windows = set(threading.enumerate()), conftest._window_keys()
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait, name="left-waiting")
    worker.start()
    thread = QThread()
    thread.setObjectName("left-behind")
    thread.start()
    timer = QTimer()
    timer.setObjectName("left-ticking")
    timer.start(60_000)
    window = QWidget()
    window.setObjectName("left-open")
    window.show()
    try:
        leaked = conftest.leaks_after(threads, windows, grace_s=0.05)
        assert "thread 'left-waiting'" in leaked
        assert "QThread 'left-behind'" in leaked
        assert "QTimer 'left-ticking' (active)" in leaked
        assert "widget QWidget 'left-open'" in leaked
    finally:
        stop.set()
        worker.join()
        thread.quit()
        thread.wait()
        timer.stop()
        window.close()
        window.deleteLater()
    assert conftest.leaks_after(threads, windows, grace_s=0.05) == []


def test_the_fixture_fails_a_leaking_test_and_passes_a_clean_one(tmp_path) -> None:
    tests = tmp_path / "test_leaky.py"
    tests.write_text(textwrap.dedent("""
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QWidget

        KEPT = []

        def test_leaves_a_window(qtbot):
            window = QWidget()
            window.show()
            KEPT.append(window)

        def test_leaves_a_timer(qtbot):
            timer = QTimer()
            timer.start(60_000)
            KEPT.append(timer)

        def test_cleans_up(qtbot):
            window = QWidget()
            qtbot.addWidget(window)
            window.show()
    """), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "conftest", "-p", "no:cacheprovider", "-q",
                           "--rootdir", str(conftest.REPO), "-c", str(conftest.REPO / "pyproject.toml"), str(tests)],
                          capture_output=True, text=True, timeout=120, cwd=conftest.REPO)
    out = done.stdout
    errors = sorted(line.split(" - ")[0] for line in out.splitlines() if line.startswith("ERROR "))
    assert errors == ["ERROR ::test_leaves_a_timer", "ERROR ::test_leaves_a_window"], out[-3000:]  # in teardown
    assert "widget QWidget ''" in out and "QTimer 60000 (active)" in out
