"""The autouse leak guard in conftest sees a QThread and a Python thread left running."""

from __future__ import annotations

import threading

from PySide6.QtCore import QThread

import conftest


def test_a_running_qthread_is_seen(qtbot):
    conftest._track_qthreads()
    thread = QThread()
    thread.setObjectName("left-behind")
    thread.start()
    try:
        assert thread in conftest._running_qthreads()
    finally:
        thread.quit()
        thread.wait()
    assert thread not in conftest._running_qthreads()


def test_a_python_thread_is_seen():
    stop = threading.Event()
    before = set(threading.enumerate())
    worker = threading.Thread(target=stop.wait, name="left-behind")
    worker.start()
    try:
        assert [t for t in threading.enumerate() if t not in before] == [worker]
    finally:
        stop.set()
        worker.join()
