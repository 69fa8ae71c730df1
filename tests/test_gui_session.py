"""The Session: one scan -> one verdict (made once, off the GUI thread) -> one chosen environment, and
every page a view of it: the GUI says what ``tfgpu doctor``, ``scan``, ``path plan`` and the report say."""

from __future__ import annotations

import os
import threading

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QAbstractButton, QLabel, QPlainTextEdit, QTextEdit, QTreeWidget  # noqa: E402
from test_verdict import INSTRUCTIONS, MACHINES  # noqa: E402

from tfgpu.core.diagnosis import verdict as verdict_module  # noqa: E402
from tfgpu.core.monitor.samples import GpuStatus, HostSample, MonitorFrame  # noqa: E402
from tfgpu.core.scan import ScanOptions  # noqa: E402
from tfgpu.gui.monitor_service import MonitorService  # noqa: E402
from tfgpu.gui.page_registry import PageContext  # noqa: E402
from tfgpu.gui.pages.monitor.labels import gpu_banner_lines, gpu_status_short  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402

SCAN_TIMEOUT_MS = 60_000


def open_window(qtbot, host) -> MainWindow:
    window = MainWindow(host=host, scan_options=ScanOptions(command_timeout=5), auto_scan=True)
    qtbot.addWidget(window)
    window.confirm_close = lambda _questions: True
    window.show()
    session = window.context.session
    qtbot.waitUntil(lambda: session.verdict is not None and not session.is_busy(), timeout=SCAN_TIMEOUT_MS)
    return window


def shown_texts(window: MainWindow, qtbot=None) -> dict[str, str]:
    """Every visible word of every page (labels, buttons, trees, text boxes), page by page."""
    said: dict[str, str] = {"header": "\n".join(label.text() for label in window.header.findChildren(QLabel))}
    for page_id in window.page_ids():
        window.go_to(page_id)
        page = window.page_by_id(page_id)
        if qtbot is not None:
            qtbot.waitUntil(page.is_idle, timeout=SCAN_TIMEOUT_MS)  # what the page plans in its worker is shown
        texts = [w.text() for w in page.findChildren(QLabel) + page.findChildren(QAbstractButton) if w.isVisibleTo(page)]
        texts += [w.toPlainText() for w in page.findChildren(QPlainTextEdit) + page.findChildren(QTextEdit)
                  if w.isVisibleTo(page)]
        for tree in page.findChildren(QTreeWidget):
            items = [tree.topLevelItem(i) for i in range(tree.topLevelItemCount())]
            while items:
                item = items.pop()
                texts += [item.text(c) for c in range(item.columnCount())]
                items += [item.child(i) for i in range(item.childCount())]
        said[page_id] = "\n".join(texts)
    return said


@pytest.mark.parametrize("name", sorted(MACHINES))
def test_every_page_says_what_the_cli_says(qtbot, name, windows_host, linux_host) -> None:
    window = open_window(qtbot, MACHINES[name](windows_host, linux_host))
    verdict = window.context.session.verdict
    said = shown_texts(window, qtbot)
    for part in verdict.not_needed:
        for where, text in said.items():
            found = INSTRUCTIONS[part].search(text)
            assert found is None, f"the {where} page says {found.group(0)!r}; the route does not need {part}"
    system = said["system"]
    for part in ("driver", "cuda", "cudnn"):
        words = verdict.not_needed_text(part)
        if words is not None and str(getattr(verdict.scan, part).status) != "ok":
            assert str(words) in system, part  # the same words as `tfgpu scan` and `tfgpu doctor`
    if name.startswith("no-card"):
        assert "No NVIDIA GPU found" in said["header"]
        assert str(verdict.not_needed_text("path")) in said["path"]  # as `tfgpu path plan` says it
    window.close()


def test_the_verdict_is_made_once_per_scan_off_the_gui_thread(qtbot, no_nvidia_gpu, monkeypatch) -> None:
    calls: list[tuple[str, threading.Thread]] = []
    for name in ("diagnose", "next_steps"):
        original = getattr(verdict_module, name)

        def counted(*args, _original=original, _name=name, **kwargs):
            calls.append((_name, threading.current_thread()))
            return _original(*args, **kwargs)

        monkeypatch.setattr(verdict_module, name, counted)
    window = open_window(qtbot, no_nvidia_gpu)
    shown_texts(window)  # every page built and shown: none diagnoses on its own
    assert sorted(n for n, _ in calls) == ["diagnose", "next_steps"]
    assert all(thread is not threading.main_thread() for _, thread in calls)
    session = window.context.session
    with qtbot.waitSignal(session.verdict_changed, timeout=SCAN_TIMEOUT_MS):
        window.header.next_button.setFocus()
        session.request_rescan()  # Re-check: once more, not four times
    assert sorted(n for n, _ in calls) == ["diagnose", "diagnose", "next_steps", "next_steps"]
    window.close()


def test_one_chosen_environment_for_every_page_explain_included(qtbot) -> None:
    from fakes import fake_scan as fs
    from tfgpu.gui.pages.explain.page import ExplainPage

    first, second = "/venv-a/bin/python", "/venv-b/bin/python"
    scan = fs.scan(os=fs.os_info("linux"), envs=[fs.env(first, tf=fs.tf_ok(first, "2.15.0", gpus=0)),
                                                 fs.env(second, tf=fs.tf_ok(second, "2.16.1", gpus=0))])
    context = PageContext()
    session = context.session
    with qtbot.waitSignal(session.verdict_changed, timeout=SCAN_TIMEOUT_MS):
        session.set_scan(scan)
    with qtbot.waitSignal(session.env_changed, timeout=SCAN_TIMEOUT_MS) as changed:
        session.set_env(second)
    assert changed.args == [second] and session.env == second == session.checklist.env
    page = ExplainPage(context)
    qtbot.addWidget(page)
    page.set_text("E tensorflow/core/common_runtime/gpu/gpu_device.cc] Cannot dlopen some GPU libraries.")
    qtbot.waitUntil(lambda: page.explanation is not None and not page.is_busy(), timeout=SCAN_TIMEOUT_MS)
    assert page.explanation.facts["scan_python"] == second  # the header's environment, not the first with TF
    assert page.explanation.facts["tf_version"] == "2.16.1"
    page.shutdown()
    session.shutdown()


def test_the_monitor_says_no_card_where_the_scan_says_no_card(qtbot, no_nvidia_gpu) -> None:
    window = open_window(qtbot, no_nvidia_gpu)
    session = window.context.session
    service = MonitorService(parent=session, sampler_factory=lambda *a, **k: None)
    session.attach_monitor(service)
    assert service.no_card
    host = HostSample(timestamp=1.0, cpu_percent=5.0, per_cpu_percent=(5.0,), ram_used_mib=1.0, ram_total_mib=2.0,
                      ram_percent=50.0, process_cpu_percent=1.0, process_rss_mib=1.0)
    service._on_frame_gui(MonitorFrame(timestamp=1.0, host=host, gpus=(), gpu_status=GpuStatus.NO_DRIVER,
                                       gpu_reason="libnvidia-ml.so.1: cannot open shared object file"))
    frame = service.history.last_frame
    assert gpu_status_short(frame) == "no NVIDIA card"
    assert gpu_banner_lines(frame)[0].startswith("This computer has no NVIDIA graphics card")
    assert not any("driver" in line for line in gpu_banner_lines(frame))
    window.close()


def test_a_saved_scans_late_verdict_never_replaces_a_live_check(qtbot) -> None:
    """The last session's scan is shown at once and checked again: if its verdict came after the live
    check's, the window would go back to the old scan. It is dropped."""
    from fakes import fake_scan as fs
    from tfgpu.core.diagnosis.verdict import verdict_for
    from tfgpu.gui.session import Session, VerdictOutcome

    session = Session()
    old, live = fs.scan(), fs.scan()
    session.set_scan(old, saved_at="yesterday")  # its verdict job is under way
    session._on_checked(live, VerdictOutcome(live, verdict_for(live)))  # the live check ends first
    qtbot.waitUntil(lambda: not session.verdict_job.is_busy(), timeout=SCAN_TIMEOUT_MS)
    qtbot.wait(20)
    assert session.scan is live and session.verdict.scan is live and session.scan_saved_at is None
    session.shutdown()
