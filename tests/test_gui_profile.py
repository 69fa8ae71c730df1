"""The Profile page with pytest-qt: a recorded result (a real run of the input-bound fixture here)
shown in full, Start/Stop through the page's JobController with a stand-in for the runner, a real
short profile run of the input-bound fixture, its discovery as a page, and its size."""

from __future__ import annotations

import json
import os
import sys
import threading
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402

from tfgpu.core.profile.runner import ProfileUpdate, run_from_lines  # noqa: E402
from tfgpu.gui.page_registry import PageContext, discover_pages  # noqa: E402
from tfgpu.gui.pages.profile.page import ProfilePage  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "profile"
RECORDED = FIXTURES / "recorded_input_bound.jsonl"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))


def recorded():
    return run_from_lines(RECORDED.read_text().splitlines(), env=sys.executable, script=str(FIXTURES / "input_bound.py"),
                          run_id="20261128-010000-aaaa")


def make_page(qtbot, **kwargs) -> ProfilePage:
    context = PageContext()
    context.session.set_env(sys.executable)
    page = ProfilePage(context, **kwargs)
    qtbot.addWidget(page, before_close_func=lambda p: p.shutdown())
    page.resize(900, 650)
    page.show()
    return page


def test_the_page_is_discovered_from_its_package():
    specs = {spec.page_id: spec for spec in discover_pages()}
    assert "profile" in specs and specs["profile"].factory is ProfilePage


def test_a_recorded_result_is_shown_in_full(qtbot):
    page = make_page(qtbot)
    assert page.selected_python() == sys.executable  # the chosen environment by default
    page.show_run(recorded())
    assert page.bar.shares["input"] > 0.8 and any("waiting for input" in t for t in page.bar.legend())
    assert "the input pipeline" in page.summary_label.text()
    assert page.ops_table.rowCount() > 0 and page.ops_table.item(0, 2).text() in ("Dataset", "PyFunc")
    assert page.advice_list.texts[0].startswith("Your CPU waited for data")
    qtbot.mouseClick(page.advice_list.copy_buttons[0], Qt.MouseButton.LeftButton)
    assert "prefetch(tf.data.AUTOTUNE)" in QGuiApplication.clipboard().text()
    assert page.tensorboard_edit.text().startswith(sys.executable) and "tensorboard.main --logdir" in \
        page.tensorboard_edit.text()
    assert page.tabs.currentIndex() == 1  # the advice first
    hint = page.minimumSizeHint()
    assert hint.width() <= 900 and hint.height() <= 650


def test_export_writes_the_json_document_and_the_text(qtbot, tmp_path):
    page = make_page(qtbot)
    page.show_run(recorded())
    assert page.export(str(tmp_path / "p.json")) and page.export(str(tmp_path / "p.txt"))
    assert json.loads((tmp_path / "p.json").read_text())["bottleneck"] == "input"
    assert "What to change" in (tmp_path / "p.txt").read_text()


def test_start_and_stop_through_the_controller(qtbot):
    started = threading.Event()

    def fake_profile(python, script, args, options, *, host=None, on_update=None, cancel=None):
        on_update(ProfileUpdate(kind="step", step=1, ms=12.5))
        started.set()
        cancel.wait(10)
        run = recorded()
        run.status, run.reason = "cancelled", "stopped before the trace was read"
        return run

    page = make_page(qtbot, profile_fn=fake_profile)
    assert not page.start_button.isEnabled()  # no script chosen yet
    page.set_script(str(FIXTURES / "compute_bound.py"))
    page.args_edit.setText("--width 64 'a b'")
    assert page.script_args() == ["--width", "64", "a b"]
    assert page.start_button.isEnabled()
    qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    assert page.is_busy() and page.stop_button.isEnabled() and page.close_question()
    qtbot.waitUntil(lambda: "12.5 ms" in page.live_label.text(), timeout=5000)
    with qtbot.waitSignal(page.work_finished, timeout=10000):
        qtbot.mouseClick(page.stop_button, Qt.MouseButton.LeftButton)
    assert not page.is_busy() and page.controller.running_thread() is None
    assert "Not profiled" in page.live_label.text()


@pytest.mark.slow
def test_a_real_short_profile_from_the_page(qtbot, monkeypatch):
    monkeypatch.setenv("TF_CPP_MIN_LOG_LEVEL", "2")
    from tfgpu.core.profile.runner import ProfileOptions

    page = make_page(qtbot)
    page.set_script(str(FIXTURES / "input_bound.py"))
    page.args_edit.setText("--sleep-ms 30 --steps 12")
    with qtbot.waitSignal(page.work_finished, timeout=120000):
        assert page.start_run(ProfileOptions(steps=4, warmup=2))
    assert page.run is not None and page.run.ok, page.run.reason if page.run else None
    assert page.run.bottleneck == "input" and page.advice_list.texts
    assert len(page._live_steps) >= 6


def test_an_empty_page_says_what_to_do_instead_of_an_empty_plot(qtbot):
    page = make_page(qtbot)
    assert page.empty_label.isVisible() and not page.plot.isVisible() and not page.tabs.isVisible()
    words = page.empty_label.text()
    assert "Choose your training script" in words and "Start" in words
    assert page.empty_label.heightForWidth(page.result_stack.width()) <= page.result_stack.height()  # fits
    page.show_run(recorded())
    assert page.tabs.isVisible() and not page.empty_label.isVisible()


def test_a_file_that_is_not_a_python_script_is_refused(qtbot, tmp_path):
    page = make_page(qtbot)
    text = tmp_path / "notes.txt"
    text.write_text("print(1)\n")
    assert not page.set_script(str(text))
    assert page.script is None and not page.start_button.isEnabled()
    assert "not a Python script" in page.live_label.text()
    assert page.set_script(str(FIXTURES / "input_bound.py")) and page.start_button.isEnabled()


def test_a_failed_run_shows_the_scripts_own_traceback(qtbot):
    """The agent's error event for a script that raised (as core/agents/profile.py sends it)."""
    traceback = ('Traceback (most recent call last):\n  File "/home/me/train.py", line 12, in <module>\n'
                 '    load("./data")\nFileNotFoundError: the data folder ./data does not exist\n')
    lines = [json.dumps({"event": "start", "tf": {"version": "2.21.0"}}),
             json.dumps({"event": "error", "code": "script-failed", "fatal": True, "traceback": traceback,
                         "message": "FileNotFoundError: the data folder ./data does not exist"}),
             json.dumps({"event": "done", "status": "failed"})]
    page = make_page(qtbot)
    page.show_run(run_from_lines(lines, env=sys.executable, script="/home/me/train.py"))
    assert "the data folder ./data does not exist" in page.live_label.text()
    assert page.tabs.currentIndex() == 0 and page.output_box.isVisible() and not page.bar.isVisible()
    assert 'File "/home/me/train.py", line 12' in page.output_view.toPlainText()
    page.show_run(recorded())
    assert page.output_box.isHidden() and not page.bar.isHidden()  # (the advice tab is in front now)
