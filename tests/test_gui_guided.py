"""The guided path, as a user walks it, on three described machines (FakeHost + the real probes,
the real diagnosis and the real window): one verdict in the header, one next step, the checklist,
no finding shown twice; every page reachable at any time, by mouse or keyboard; resume."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from machines import WIN_PY, add_python  # noqa: E402
from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from fakes.fake_host import FakeHost  # noqa: E402
from tfgpu.core.scan import ScanOptions  # noqa: E402
from tfgpu.gui.i18n import clear_language  # noqa: E402
from tfgpu.gui.page_registry import discover_pages
from tfgpu.gui.pages.diagnosis.page import DiagnosisPage  # noqa: E402
from tfgpu.gui.settings import AppSettings  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402

SCAN_TIMEOUT_MS = 60_000
PAGES = [spec.page_id for spec in discover_pages()]  # in sidebar order


def guided(qtbot, host: FakeHost, settings: AppSettings | None = None) -> MainWindow:
    """The window as the app opens it: the check starts by itself; wait for its verdict."""
    window = MainWindow(host=host, scan_options=ScanOptions(command_timeout=5), auto_scan=True, settings=settings)
    qtbot.addWidget(window)
    window.show()
    state = window.context.session
    qtbot.waitUntil(lambda: state.scan is not None and state.scan_saved_at is None and not state.scanning,
                    timeout=SCAN_TIMEOUT_MS)
    return window


def shown_findings(page: DiagnosisPage) -> list[tuple[str, str | None]]:
    return [(card.finding.id, card.finding.env) for card in page.cards()]


def assert_once_each(window: MainWindow) -> DiagnosisPage:
    window.go_to("diagnosis")
    page = window.page_by_id("diagnosis")
    assert isinstance(page, DiagnosisPage)
    findings = shown_findings(page)
    assert len(findings) == len(set(findings)), findings  # no finding shown twice
    view = page.checklist_view
    commands = [box.command for card in view.step_cards + view.option_cards for box in card.command_boxes]
    assert len(commands) == len(set(commands)), commands  # no step twice either
    assert len(view.first_tags()) == (0 if page.checklist.ready else 1)  # exactly one "Fix this first"
    return page


# -- three machines ---------------------------------------------------------------------------


def test_windows_tf215_one_verdict_one_next_step(qtbot, windows_tf215: FakeHost) -> None:
    window = guided(qtbot, windows_tf215)
    header = window.header
    assert header.verdict.text() == "GPU ready: no"
    assert header.blocker.text() == "What stops it: TensorFlow 2.11+ has no GPU support on native Windows"
    assert header.next_button.isVisible()
    assert header.next_button.accessibleName() == \
        "Next: Install WSL2 with Ubuntu (PowerShell as administrator), then restart"
    assert WIN_PY in header.env_combo.currentText() and "TensorFlow 2.15.0" in header.env_combo.currentText()

    page = assert_once_each(window)
    first = page.checklist_view.step_cards[0]
    assert first.command_boxes[0].command == "wsl --install -d Ubuntu"
    # "Your system" defers to the route: CUDA and cuDNN are not needed in WSL2, never a warning
    window.go_to("system")
    system = window.page_by_id("system")
    sections = system.section_items()
    for name in ("CUDA toolkits", "cuDNN"):
        assert sections[name].text(1) == "Not needed"
        assert sections[name].text(2).startswith("Not needed for your route: ")  # the verdict's words, as the CLI's
    assert "1 part" in system.headline.text()  # only "Python and TensorFlow" (no GPU), not CUDA or cuDNN
    assert sections["Python and TensorFlow"].text(1) == "No GPU"

    window.go_to("welcome")
    header.next_button.click()  # the next step opens where its commands are
    assert window.current_page_id() == "diagnosis"


def test_linux_with_a_working_gpu_says_ready_and_points_to_the_benchmark(qtbot, healthy_linux: FakeHost) -> None:
    window = guided(qtbot, healthy_linux)
    header = window.header
    assert header.verdict.text() == "GPU ready: yes"
    assert header.next_button.accessibleName().startswith("Next: TensorFlow 2.16.1 uses your GPU")
    page = assert_once_each(window)
    assert page.checklist.ready and page.checklist_view.first_tags() == []
    assert window.sidebar.status_words("diagnosis") == "GPU ready"
    header.next_button.click()
    assert window.current_page_id() == "benchmark"


def test_no_nvidia_gpu_says_so_and_measures_the_cpu(qtbot, no_nvidia_gpu: FakeHost) -> None:
    window = guided(qtbot, no_nvidia_gpu)
    header = window.header
    assert header.verdict.text() == "GPU ready: no"
    assert header.blocker.text() == "What stops it: No NVIDIA GPU found"
    assert header.next_button.accessibleName() == "Next: TensorFlow 2.21.0 runs on the CPU here. Measure how fast it is."
    page = assert_once_each(window)
    assert page.checklist_view.step_cards[-1].step.action == "benchmark"
    sections = window.page_by_id("system").section_items()
    assert sections["CUDA toolkits"].text(1) == "Not needed"
    header.next_button.click()
    assert window.current_page_id() == "benchmark"


def test_another_environment_changes_the_verdict_and_the_checklist(qtbot, windows_tf215: FakeHost) -> None:
    other = "C:\\Users\\user\\miniconda3\\envs\\tf\\python.exe"
    add_python(windows_tf215, other, "C:\\Users\\user\\miniconda3\\envs\\tf", "3.10.11", {
        "status": "imported", "installed": True, "version": "2.10.0", "distributions": {"tensorflow": "2.10.0"},
        "build_info": {"is_cuda_build": True, "cuda_version": "64_112", "cudnn_version": "64_8"},
        "is_cuda_build": True, "gpus": [], "loaded_libraries": [], "missing_libraries": ["cudart64_110.dll"]})
    window = MainWindow(host=windows_tf215, scan_options=ScanOptions(command_timeout=5, extra_pythons=[other]),
                         auto_scan=True)
    qtbot.addWidget(window)
    window.show()
    state = window.context.session
    qtbot.waitUntil(lambda: state.scan is not None and not state.scanning, timeout=SCAN_TIMEOUT_MS)
    combo = window.header.env_combo
    if combo.count() < 2:
        pytest.skip("the fake interpreter was not discovered")
    before = window.header.blocker.text()
    with qtbot.waitSignal(state.verdict_changed, timeout=SCAN_TIMEOUT_MS):  # made again off the GUI thread
        combo.setCurrentIndex(1 - combo.currentIndex())
    assert window.header.blocker.text() != before
    assert state.checklist.env == combo.currentData()
    assert_once_each(window)


# -- free navigation ----------------------------------------------------------------------------


def test_every_page_is_reachable_during_the_scan(qtbot, windows_tf215: FakeHost) -> None:
    window = MainWindow(host=windows_tf215, scan_options=ScanOptions(command_timeout=5), auto_scan=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.context.session.scanning, timeout=10_000)
    for page_id in reversed(PAGES):  # the sidebar, while the check runs
        window.sidebar.setCurrentRow(PAGES.index(page_id))
        assert window.current_page_id() == page_id
    window.page_by_id("explain").set_text("Could not load dynamic library 'cudart64_110.dll'")
    qtbot.waitUntil(lambda: window.page_by_id("explain").explanation is not None, timeout=10_000)
    qtbot.waitUntil(lambda: not window.context.session.scanning, timeout=SCAN_TIMEOUT_MS)


def test_keyboard_only_through_every_page(qtbot, windows_tf215: FakeHost) -> None:
    window = guided(qtbot, windows_tf215)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
    assert window.current_page_id() == "welcome"
    for expected in PAGES[1:]:  # Alt+Right: the next page
        qtbot.keyClick(window, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
        assert window.current_page_id() == expected
    qtbot.keyClick(window, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)
    assert window.current_page_id() == PAGES[-1]  # the last page stays
    for number, page_id in enumerate(PAGES[:9], 1):  # Alt+1..9: straight to a page
        qtbot.keyClick(window, getattr(Qt.Key, f"Key_{number}"), Qt.KeyboardModifier.AltModifier)
        assert window.current_page_id() == page_id
    qtbot.keyClick(window, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)
    assert window.current_page_id() == PAGES[min(9, len(PAGES)) - 2]
    window.sidebar.setFocus()  # the sidebar: arrow keys move between pages
    qtbot.keyClick(window.sidebar, Qt.Key.Key_Home)
    assert window.current_page_id() == "welcome"
    qtbot.keyClick(window.sidebar, Qt.Key.Key_Down)
    assert window.current_page_id() == "system"
    window.header.next_button.setFocus()  # the next step: Space on the focused button
    qtbot.keyClick(window.header.next_button, Qt.Key.Key_Space)
    assert window.current_page_id() == "diagnosis"
    # Tab reaches the checklist's Copy buttons on the page
    focusable = [w for w in window.page_by_id("diagnosis").findChildren(type(window.next_button))
                 if w.isVisible() and w.focusPolicy() & Qt.FocusPolicy.TabFocus]
    assert any(button.text() == "Copy" for button in focusable)


def test_closing_with_a_csv_log_asks_first(qtbot, windows_tf215: FakeHost, tmp_path: Path) -> None:
    window = MainWindow(host=windows_tf215, scan_options=ScanOptions(command_timeout=5))
    qtbot.addWidget(window)
    window.show()
    window.go_to("monitor")
    monitor = window.page_by_id("monitor")
    assert monitor.start_csv(str(tmp_path / "log.csv"))
    asked: list[list[str]] = []
    window.confirm_close = lambda questions: asked.append(questions) or False
    window.close()
    assert window.isVisible() and monitor.service.is_logging()
    assert "A CSV log is being written to" in asked[0][0]
    window.confirm_close = lambda questions: True
    window.close()
    assert not monitor.service.is_logging()


# -- resume --------------------------------------------------------------------------------------


def test_resume_where_the_user_left_off(qtbot, windows_tf215: FakeHost, tmp_path: Path) -> None:
    settings = AppSettings(QSettings(str(tmp_path / "tfgpu.ini"), QSettings.Format.IniFormat), tmp_path / "scan.json")
    first = guided(qtbot, windows_tf215, settings)
    first.go_to("explain")
    first.resize(760, 560)  # within the offscreen screen (800x600): restoreGeometry keeps a window on screen
    first.close()
    assert (tmp_path / "scan.json").exists() and settings.page == "explain"

    again = AppSettings(QSettings(str(tmp_path / "tfgpu.ini"), QSettings.Format.IniFormat), tmp_path / "scan.json")
    second = MainWindow(host=windows_tf215, scan_options=ScanOptions(command_timeout=5), auto_scan=True,
                         settings=again)
    qtbot.addWidget(second)
    assert second.current_page_id() == "explain" and second.width() == 760
    second.show()
    state = second.context.session
    qtbot.waitUntil(lambda: state.scan is not None, timeout=5_000)
    assert state.scan_saved_at  # the last scan at once...
    assert second.header.verdict.text() == "GPU ready: no"
    assert "last checked" in second.header.status.text() or state.scanning
    qtbot.waitUntil(lambda: state.scan_saved_at is None and not state.scanning, timeout=SCAN_TIMEOUT_MS)  # ...then again


# -- the language menu ---------------------------------------------------------------------------


def test_the_language_menu_switches_live(qtbot, windows_tf215: FakeHost) -> None:
    window = guided(qtbot, windows_tf215)
    window.go_to("diagnosis")
    try:
        window.set_language("zh_CN")
        assert window.windowTitle() == "TF GPU 助手"
        assert window.sidebar.item(1).text() == "你的系统"
        assert window.header.verdict.text() == "GPU 可用：否"
        page = window.page_by_id("diagnosis")
        assert page.title() == "诊断" and window.title_label.text() == "诊断"
        assert page.checklist_view.step_cards[0].tag_label.text() == "先解决这个"
        assert window.current_page_id() == "diagnosis"
    finally:
        window.set_language("en")
        clear_language(QApplication.instance())
    assert window.header.verdict.text() == "GPU ready: no"
