"""The wizard shell: page discovery, the system page's scan through its worker thread,
Re-check, closing mid-scan, failures shown in the page, translations and screenshots."""

from __future__ import annotations

import ast
import logging
import os
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QTranslator  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, Qt, QTextDocument  # noqa: E402

from fakes.fake_host import FakeHost  # noqa: E402
from tfgpu.core.host import FileSystem  # noqa: E402
from tfgpu.core.probes.base import Status  # noqa: E402
from tfgpu.core.probes.driver import REASONS, DriverInfo, GpuInfo  # noqa: E402
from tfgpu.core.probes.pythons import PythonEnv, PythonsInfo  # noqa: E402
from tfgpu.core.probes.tensorflow import TfInfo  # noqa: E402
from tfgpu.core.scan import Scan, ScanOptions, ScanProgress, run_scan  # noqa: E402
from tfgpu.gui import app as gui_app  # noqa: E402
from tfgpu.gui import i18n, workers  # noqa: E402
from tfgpu.gui.i18n import install_translators, remove_translators, resolve_language  # noqa: E402
from tfgpu.gui.page_registry import discover_pages  # noqa: E402
from tfgpu.gui.pages.system.page import COL_DETAILS, COL_STATUS, SystemPage  # noqa: E402
from tfgpu.gui.pages.system.scan_lines import Line, status_text, step_text  # noqa: E402
from tfgpu.gui.pages.system.scan_view import driver_section, scan_to_text  # noqa: E402
from tfgpu.gui.pages.system.scan_view_pythons import pythons_section  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402
from tfgpu.gui.window.screenshot import ScreenshotError, capture  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
I18N = REPO / "resources" / "i18n"
SCAN_TIMEOUT_MS = 60_000
SECTIONS = ["Operating system", "NVIDIA driver and GPUs", "CUDA toolkits", "cuDNN", "Python and TensorFlow"]


def make_wizard(qtbot, host: FakeHost | None, options: ScanOptions | None = None) -> MainWindow:
    wizard = MainWindow(host=host, scan_options=options)
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def go_to_system(qtbot, wizard: MainWindow) -> SystemPage:
    page = wizard.page_by_id("system")
    assert isinstance(page, SystemPage)
    with qtbot.waitSignal(page.controller.finished, timeout=SCAN_TIMEOUT_MS):
        wizard.next()
        assert wizard.current_page_id() == "system"
        assert page.is_busy() and not page.isComplete()  # the result only arrives through the event loop
        assert wizard.context.session.scanning
        assert wizard.next_button.isEnabled()  # every page stays reachable while the check runs
    assert not wizard.context.session.scanning
    return page


# -- shell -------------------------------------------------------------------------


def test_pages_are_discovered_in_order() -> None:
    ids = [spec.page_id for spec in discover_pages()]
    assert ids[:2] == ["welcome", "system"]
    orders = [spec.order for spec in discover_pages()]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)


def test_wizard_opens_on_welcome_then_scans_on_your_system(qtbot, linux_host: FakeHost) -> None:
    wizard = make_wizard(qtbot, linux_host)
    assert wizard.current_page_id() == "welcome"
    assert wizard.windowTitle() == "TF GPU Assistant"
    page = go_to_system(qtbot, wizard)

    assert page.isComplete() and not page.is_busy()
    assert wizard.next_button.isEnabled()
    assert page.controller.running_thread() is None  # released only after wait()
    assert wizard.context.session.scan is page.scan
    sections = page.section_items()
    assert list(sections) == SECTIONS
    assert "Ubuntu 22.04.4 LTS" in sections["Operating system"].text(COL_DETAILS)
    assert sections["Operating system"].text(COL_STATUS) == "OK"
    assert sections["NVIDIA driver and GPUs"].text(COL_STATUS) == status_text(page.scan.driver.status)
    assert not sections["NVIDIA driver and GPUs"].icon(COL_STATUS).isNull()
    assert "Check finished" in page.headline.text()


def test_recheck_runs_the_scan_again(qtbot, linux_host: FakeHost) -> None:
    wizard = make_wizard(qtbot, linux_host)
    page = go_to_system(qtbot, wizard)
    first = page.scan
    with qtbot.waitSignal(page.controller.finished, timeout=SCAN_TIMEOUT_MS):
        page.recheck_button.click()
        assert page.is_busy() and not page.isComplete()
        assert page.recheck_button.text() == "Stop"
    assert page.controller.runs_started == 2
    assert page.scan is not first and page.scan is not None
    assert page.controller.running_thread() is None
    assert page.recheck_button.text() == "Re-check"
    assert len(page.section_items()) == len(SECTIONS)


def test_progress_reaches_the_step_label(qtbot, linux_host: FakeHost, monkeypatch) -> None:
    release = threading.Event()

    def slow_scan(host=None, options=None, progress=None, cancel=None) -> Scan:
        progress(ScanProgress("tf:/usr/bin/python3", "TensorFlow in /usr/bin/python3", 1, 2))
        release.wait(10)
        return run_scan(host=host, options=options, cancel=cancel)

    monkeypatch.setattr(workers, "run_scan", slow_scan)
    wizard = make_wizard(qtbot, linux_host)
    page = wizard.page_by_id("system")
    wizard.next()
    try:
        qtbot.waitUntil(lambda: "TensorFlow in /usr/bin/python3" in page.step_label.text(), timeout=10_000)
        assert (page.progress_bar.value(), page.progress_bar.maximum()) == (1, 2)
        assert page.is_busy() and not page.isComplete()
    finally:
        release.set()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=SCAN_TIMEOUT_MS)
    assert page.progress_bar.isHidden()


def _bar_states_for(qtbot, page: SystemPage, events: list[ScanProgress], monkeypatch) -> list[tuple[int, int]]:
    """Run a scan that reports ``events``; (value, maximum) of the bar after each (maximum 0: busy)."""
    release = threading.Event()
    states: list[tuple[int, int]] = []

    def reporting_scan(host=None, options=None, progress=None, cancel=None) -> Scan:
        for event in events:
            progress(event)
        release.wait(10)
        return run_scan(host=host, options=ScanOptions(include_tf=False), cancel=cancel)

    monkeypatch.setattr(workers, "run_scan", reporting_scan)
    # Connected after the page's own slot, so it sees the bar as the page left it.
    bar = page.progress_bar
    page.controller.update.connect(lambda _event: states.append((bar.value(), bar.maximum())))
    page.start_scan()
    try:
        qtbot.waitUntil(lambda: len(states) == len(events), timeout=10_000)
    finally:
        release.set()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=SCAN_TIMEOUT_MS)
    return states


def test_the_progress_bar_never_moves_back_when_the_total_grows(qtbot, linux_host: FakeHost, monkeypatch) -> None:
    """The scan adds one step per Python once the Pythons are found: 5 of 5, then 5 of 7."""
    events = [
        ScanProgress("os", "Operating system", 1, 5),
        ScanProgress("driver", "NVIDIA driver and GPUs", 2, 5),
        ScanProgress("cuda", "CUDA toolkits", 3, 5),
        ScanProgress("cudnn", "cuDNN", 4, 5),
        ScanProgress("pythons", "Python environments", 5, 5),
        ScanProgress("tf:/usr/bin/python3", "TensorFlow in /usr/bin/python3", 7, 7),
        ScanProgress("tf:/opt/venv/bin/python", "TensorFlow in /opt/venv/bin/python", 6, 7),  # reported late
    ]
    wizard = make_wizard(qtbot, linux_host)
    page = wizard.page_by_id("system")
    states = _bar_states_for(qtbot, page, events, monkeypatch)
    assert [maximum for _value, maximum in states[:5]] == [0] * 5  # busy while the total can still grow
    assert states[5:] == [(7, 7), (7, 7)]
    fractions = [value / maximum for value, maximum in states if maximum]
    assert fractions == sorted(fractions)


def test_the_progress_bar_counts_at_once_without_tf_checks(qtbot, linux_host: FakeHost, monkeypatch) -> None:
    wizard = make_wizard(qtbot, linux_host, ScanOptions(include_tf=False))
    page = wizard.page_by_id("system")
    events = [ScanProgress("os", "Operating system", 1, 5), ScanProgress("driver", "NVIDIA driver and GPUs", 2, 5)]
    assert _bar_states_for(qtbot, page, events, monkeypatch) == [(1, 5), (2, 5)]


def _page_after_failing_scan(qtbot, host: FakeHost, monkeypatch, message: str):
    """(wizard, system page) after a scan that raised ``RuntimeError(message)``.
    The wizard is returned too: it owns the page and must outlive the test's checks."""

    def broken_scan(**_kwargs) -> Scan:
        raise RuntimeError(message)

    monkeypatch.setattr(workers, "run_scan", broken_scan)
    wizard = make_wizard(qtbot, host)
    page = wizard.page_by_id("system")
    with qtbot.waitSignal(page.controller.failed, timeout=10_000):
        wizard.next()
    return wizard, page


def test_a_failing_scan_is_shown_in_the_page(qtbot, linux_host: FakeHost, monkeypatch) -> None:
    _wizard, page = _page_after_failing_scan(qtbot, linux_host, monkeypatch, "boom in the scan")
    assert "boom in the scan" in page.headline.text()
    assert page.error and "RuntimeError" in page.error
    assert page.isComplete() and page.controller.running_thread() is None
    assert page.recheck_button.isEnabled() and page.recheck_button.text() == "Re-check"
    assert page.tree.topLevelItemCount() == 0  # no "Checking…" rows left behind
    assert "boom in the scan" in page.copy_as_text()


class _BreaksTheView:
    """A scan section that raises as soon as the view reads anything from it."""

    def __getattr__(self, name: str):
        raise RuntimeError(f"<b>x</b> cannot read {name}")


def test_a_scan_that_breaks_the_view_still_ends_the_work(qtbot, linux_host: FakeHost, monkeypatch) -> None:
    def scan_with_a_broken_section(host=None, options=None, progress=None, cancel=None) -> Scan:
        scan = run_scan(host=host, options=options, cancel=cancel)
        scan.os = _BreaksTheView()
        return scan

    monkeypatch.setattr(workers, "run_scan", scan_with_a_broken_section)
    wizard = make_wizard(qtbot, linux_host)
    page = wizard.page_by_id("system")
    with qtbot.waitSignal(page.work_finished, timeout=20_000):  # what --screenshot waits for
        wizard.next()
    assert not page.is_busy() and page.isComplete() and page.controller.running_thread() is None
    assert page.recheck_button.isEnabled() and page.recheck_button.text() == "Re-check"
    assert page.progress_bar.isHidden() and page.step_label.isHidden()
    assert "could not be shown" in page.headline.text()
    assert "RuntimeError: <b>x</b> cannot read" in page.headline.text()  # the markup shows as typed
    assert page.headline.textFormat() == Qt.TextFormat.PlainText
    assert page.tree.topLevelItemCount() == 0  # no "Checking…" rows left behind
    assert page.error and "<b>x</b>" in page.copy_as_text()


def test_error_text_with_markup_is_shown_as_typed(qtbot, linux_host: FakeHost, monkeypatch) -> None:
    _wizard, page = _page_after_failing_scan(qtbot, linux_host, monkeypatch, "<b>x</b>")
    assert "RuntimeError: <b>x</b>" in page.headline.text()
    assert page.headline.textFormat() == Qt.TextFormat.PlainText  # AutoText would show a bold "x"

    # A tree row's tooltip: QToolTip renders anything that looks like markup as rich text.
    item = page._item(Line("Error", "failed: <b>x</b>\nsecond line", kind="error"))
    tooltip = item.toolTip(COL_DETAILS)
    document = QTextDocument()
    if Qt.mightBeRichText(tooltip):
        document.setHtml(tooltip)
    else:
        document.setPlainText(tooltip)
    assert document.toPlainText() == "failed: <b>x</b>\nsecond line"


def test_copy_as_text_puts_every_section_on_the_clipboard(qtbot, linux_host: FakeHost) -> None:
    wizard = make_wizard(qtbot, linux_host)
    page = go_to_system(qtbot, wizard)
    text = page.copy_as_text()
    assert QGuiApplication.clipboard().text() == text == scan_to_text(page.scan)
    for title in SECTIONS:
        assert title in text
    assert "[OK] Operating system: Ubuntu 22.04.4 LTS" in text


def test_a_scan_thread_that_ends_without_a_result_says_so_translated(qtbot, chinese, monkeypatch) -> None:
    def run_that_reports_nothing(self) -> None:
        self.thread().quit()  # the scan thread ends with neither "finished" nor "failed"

    monkeypatch.setattr(workers.JobWorker, "run", run_that_reports_nothing)
    controller = workers.ScanController()
    try:
        with qtbot.waitSignal(controller.failed, timeout=10_000) as failed:
            controller.start()
    finally:
        controller.shutdown()
    expected = _zh_ts("ScanController", "the scan ended without a result")
    assert failed.args == [expected] and expected != "the scan ended without a result"


# -- what the view shows ------------------------------------------------------------------


def _children(line: Line) -> dict[str, str]:
    return {child.label: child.value for child in line.children}


def _tf_env(tf: TfInfo) -> PythonsInfo:
    env = PythonEnv(executable="/usr/bin/python3", version="3.11.7", kind="system")
    env.tensorflow = tf
    return PythonsInfo(envs=[env])


def test_an_unknown_gpu_count_reads_unknown_not_no_gpu() -> None:
    tf = TfInfo(python="/usr/bin/python3", installed=True, version="2.16.1", gpu_count=None, is_cuda_build=None)
    tf.step_errors = {"list_gpus": "RuntimeError: list_physical_devices crashed"}
    pythons = pythons_section(_tf_env(tf))
    (env_line,) = pythons.children
    tf_line = env_line.children[-1]
    assert (tf_line.status_text, tf_line.value) == ("GPU unknown", "2.16.1 · GPUs seen: unknown")
    rows = _children(tf_line)
    assert rows["Why unknown"] == "RuntimeError: list_physical_devices crashed"
    assert rows["Built with CUDA"] == "unknown"  # not "no: this TensorFlow can only use the CPU"
    assert pythons.status_text == "GPU unknown"
    assert "No GPU" not in scan_text_of(pythons)

    tf.step_errors = {}
    assert _children(pythons_section(_tf_env(tf)).children[0].children[-1])["Why unknown"] == (
        "TensorFlow did not list its GPUs and gave no reason"
    )
    tf.gpu_count, tf.is_cuda_build = 0, False
    tf_line = pythons_section(_tf_env(tf)).children[0].children[-1]
    assert tf_line.status_text == "No GPU"
    assert _children(tf_line)["Built with CUDA"] == "no: this TensorFlow can only use the CPU"


def scan_text_of(line: Line) -> str:
    from tfgpu.gui.pages.system.scan_view import write_line

    out: list[str] = []
    write_line(line, out)
    return "\n".join(out)


def test_every_gpu_fact_is_shown_and_unreadable_ones_say_why() -> None:
    gpu = GpuInfo(
        index=0,
        name="NVIDIA GeForce RTX 3090",
        uuid="GPU-5f2a1c3e-0000-1111-2222-333344445555",
        compute_capability="8.6",
        power_limit_w=350.0,
        max_graphics_clock_mhz=2100,
        max_memory_clock_mhz=9751,
        unavailable={"memory_total_mib": "Not Supported", "handle": "Unknown Error"},
    )
    unnamed = GpuInfo(index=1, name="", unavailable={"name": "NVML gave no name", "power_limit_w": "No permission"})
    driver = DriverInfo(driver_version="551.86", cuda_driver_version="12.4", gpus=[gpu, unnamed])
    first, second = [child for child in driver_section(driver).children if child.kind == "item"]
    assert _children(first) == {
        "UUID": "GPU-5f2a1c3e-0000-1111-2222-333344445555",
        "Compute capability": "8.6",
        "Memory": "n/a: Not Supported",
        "Power limit": "350 W",
        "Max graphics clock": "2100 MHz",
        "Max memory clock": "9751 MHz",
        "handle": "n/a: Unknown Error",
    }
    assert second.value == "n/a: NVML gave no name"
    assert _children(second) == {"Power limit": "n/a: No permission"}  # never "0 W"


def test_library_checks_duplicates_and_the_store_placeholder_are_shown() -> None:
    tf = TfInfo(python="/usr/bin/python3", installed=True, version="2.10.0", gpu_count=0, is_cuda_build=True)
    tf.missing_libraries = ["cudart64_110.dll", "cudnn64_8.dll"]
    tf.library_checks = {"cudart64_110.dll": {"loaded": False, "error": "[WinError 126] not found"},
                         "nvcuda.dll": {"loaded": True}}
    tf.duplicate_distributions = {"tensorflow": ["2.10.0", "2.15.0"]}
    info = _tf_env(tf)
    info.store_stub = "C:\\Users\\user\\AppData\\Local\\Microsoft\\WindowsApps\\python.exe"
    info.store_stub_first = True
    pythons = pythons_section(info)
    tf_line = pythons.children[-1].children[-1]
    rows = _children(tf_line)
    assert rows["Missing libraries"] == "cudart64_110.dll, cudnn64_8.dll"
    assert rows["Installed more than once"] == "tensorflow: versions 2.10.0, 2.15.0"
    (checks,) = [child for child in tf_line.children if child.label == "Libraries load-tested"]
    assert checks.value == "1 of 2 could be loaded"
    assert _children(checks) == {
        "cudart64_110.dll": "cannot be loaded: [WinError 126] not found",
        "nvcuda.dll": "loaded",
    }
    store = _children(pythons)["Microsoft Store placeholder"]
    assert "opens the Microsoft Store" in store and info.store_stub in store

    # Another engineer may still be adding these fields: an older TfInfo / PythonsInfo has none of them.
    for name in ("missing_libraries", "library_checks", "duplicate_distributions", "step_errors"):
        delattr(tf, name)
    del info.store_stub_first
    older = pythons_section(info)
    assert "Microsoft Store placeholder" not in _children(older)
    assert "Libraries load-tested" not in _children(older.children[-1].children[-1])


def test_the_translation_data_is_loaded_once_per_language(qapp) -> None:
    for _ in range(3):
        remove_translators(qapp, install_translators(qapp, "zh_CN"))
    loaded = dict(i18n._QM_DATA)
    remove_translators(qapp, install_translators(qapp, "zh_CN"))
    assert i18n._QM_DATA == loaded and i18n._QM_DATA["zh_CN"] is loaded["zh_CN"]
    assert set(i18n._QM_DATA) <= set(i18n.SUPPORTED)


# -- logging ---------------------------------------------------------------------------


@pytest.fixture
def root_logger(tmp_path: Path, monkeypatch):
    """The root logger at Python's default level, its log file in tmp_path; restored afterwards."""
    from tfgpu.core import logging_setup

    monkeypatch.setattr(logging_setup, "log_dir", lambda: tmp_path / "logs")
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    for handler in handlers:
        if getattr(handler, "_tfgpu", False):
            root.removeHandler(handler)  # else setup_logging would keep the user's real log file
    root.setLevel(logging.WARNING)
    yield root
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    for handler in handlers:
        if handler not in root.handlers:
            root.addHandler(handler)
    root.setLevel(level)


@pytest.mark.parametrize(
    ("argv", "level"),
    [
        (["-v", "gui"], logging.DEBUG),  # tfgpu -v: the CLI sets DEBUG, the GUI must keep it
        (["gui", "-v"], logging.DEBUG),  # tfgpu gui -v: the GUI's own option
        (["gui"], logging.INFO),
    ],
)
def test_verbose_reaches_the_gui_logging(qapp, root_logger, tmp_path: Path, argv: list[str], level: int) -> None:
    from tfgpu.entry import main as cli_main

    assert cli_main([*argv, "--screenshot", str(tmp_path / "x.png"), "--page", "nope"]) == 1  # fails fast
    assert root_logger.level == level
    assert any(getattr(h, "_tfgpu", False) for h in root_logger.handlers)


def test_the_gui_accepts_verbose_itself(qapp, root_logger, tmp_path: Path) -> None:
    assert gui_app.build_parser().parse_args(["--verbose"]).verbose
    assert gui_app.main(["-v", "--screenshot", str(tmp_path / "x.png"), "--page", "nope"]) == 1
    assert root_logger.level == logging.DEBUG


def test_step_ids_in_plain_words() -> None:
    assert step_text("driver") == "NVIDIA driver and GPUs"
    assert step_text("tf:C:\\Python310\\python.exe") == "TensorFlow in C:\\Python310\\python.exe"
    assert step_text("something-new", "Fallback label") == "Fallback label"


def test_stop_ends_the_scan_early_and_says_so(qtbot, linux_host: FakeHost, monkeypatch) -> None:
    entered = threading.Event()

    def scan_until_cancelled(host=None, options=None, progress=None, cancel=None) -> Scan:
        entered.set()
        cancel.wait(30)
        return run_scan(host=host, options=options, cancel=cancel)

    monkeypatch.setattr(workers, "run_scan", scan_until_cancelled)
    wizard = make_wizard(qtbot, linux_host)
    page = wizard.page_by_id("system")
    wizard.next()
    qtbot.waitUntil(entered.is_set, timeout=10_000)
    assert [page.section_items()[t].text(COL_STATUS) for t in SECTIONS] == ["Checking…"] * len(SECTIONS)
    with qtbot.waitSignal(page.controller.finished, timeout=10_000):
        page.recheck_button.click()  # reads "Stop" while scanning
    assert page.scan.cancelled
    assert "stopped" in page.headline.text()
    assert page.isComplete() and page.controller.running_thread() is None


# -- closing mid-scan ------------------------------------------------------------------


def test_closing_mid_scan_cancels_and_waits_for_the_thread(qtbot, linux_host: FakeHost, monkeypatch) -> None:
    saw_cancel = threading.Event()
    entered = threading.Event()

    def scan_until_cancelled(host=None, options=None, progress=None, cancel=None) -> Scan:
        entered.set()
        if cancel.wait(30):  # run_scan's contract: a cancelled scan returns what it has
            saw_cancel.set()
        return run_scan(host=host, options=options, cancel=cancel)

    monkeypatch.setattr(workers, "run_scan", scan_until_cancelled)
    wizard = make_wizard(qtbot, linux_host)
    page = wizard.page_by_id("system")
    wizard.next()
    qtbot.waitUntil(entered.is_set, timeout=10_000)
    thread = page.controller.running_thread()
    assert thread is not None and thread.isRunning()

    started = time.monotonic()
    wizard.close()
    assert time.monotonic() - started < 10
    assert saw_cancel.is_set()
    assert thread.isFinished() and not thread.isRunning()
    assert page.controller.running_thread() is None
    assert page.controller.start() is False  # a closed wizard starts nothing new


@dataclass
class SlowLinuxHost(FakeHost):
    """Every file read and command takes ``delay`` seconds (commands end early when cancelled)."""

    delay: float = 0.4

    def __post_init__(self) -> None:
        super().__post_init__()
        self.busy = threading.Event()
        host = self

        class SlowFiles(FileSystem):
            def read_bytes(self, path: str, limit: int = 1 << 22) -> bytes:
                host.busy.set()
                time.sleep(host.delay)
                return super().read_bytes(path, limit)

        self.files = SlowFiles(self.root, windows=False)

    def run(self, argv, timeout=15.0, *, cancel=None, **kwargs):
        self.busy.set()
        (cancel or threading.Event()).wait(min(timeout, self.delay))
        return super().run(argv, timeout, cancel=cancel, **kwargs)


def test_closing_mid_scan_with_a_slow_machine_leaves_no_thread(qtbot, tmp_path: Path) -> None:
    host = SlowLinuxHost(root=tmp_path, system="Linux", release="6.8.0", machine="x86_64", env={"PATH": "/usr/bin"})
    host.write("/etc/os-release", 'PRETTY_NAME="Ubuntu 22.04.4 LTS"\n')
    wizard = make_wizard(qtbot, host, ScanOptions(command_timeout=2.0))
    page = wizard.page_by_id("system")
    wizard.next()
    qtbot.waitUntil(host.busy.is_set, timeout=10_000)
    thread = page.controller.running_thread()
    assert thread is not None and thread.isRunning()
    wizard.close()  # returns only after the thread has finished
    assert thread.isFinished() and not thread.isRunning()
    assert page.controller.running_thread() is None and not page.is_busy()


# -- translations -------------------------------------------------------------------------


@pytest.fixture
def chinese(qapp):
    translators = install_translators(qapp, "zh_CN")
    yield translators
    remove_translators(qapp, translators)


def test_zh_CN_translator_translates_ours_and_qts(qtbot, chinese) -> None:
    assert len(chinese) == 2  # ours and qtbase
    assert QCoreApplication.translate("SystemPage", "Your system") == "你的系统"
    assert QCoreApplication.translate("ScanView", "Not found") == "未找到"
    wizard = make_wizard(qtbot, None)
    assert wizard.windowTitle() == "TF GPU 助手"
    assert wizard.page_by_id("system").title() == "你的系统"
    assert "下一步" in wizard.next_button.text()


def _zh_ts(context: str, source: str) -> str:
    """The finished zh_CN translation in the .ts file (not through Qt, so a stale .qm shows)."""
    for ctx in ET.parse(I18N / "tfgpu_zh_CN.ts").getroot().iter("context"):
        if ctx.findtext("name") == context:
            for message in ctx.iter("message"):
                if message.findtext("source") == source:
                    return message.findtext("translation")
    raise AssertionError(f"{source!r} is not in the {context} context of tfgpu_zh_CN.ts")


def test_zh_CN_system_page_shows_core_hints_in_chinese(qtbot, chinese, linux_host: FakeHost) -> None:
    """A Linux machine without an NVIDIA driver: the driver's "What to do" row is Chinese."""
    wizard = make_wizard(qtbot, linux_host)
    page = go_to_system(qtbot, wizard)
    driver = page.scan.driver
    assert driver.status is Status.MISSING and driver.reason in REASONS
    english = REASONS[driver.reason][1]
    assert driver.hint == english  # the scan itself stays English
    section = page.section_items()[_zh_ts("ScanView", "NVIDIA driver and GPUs")]
    what_to_do = _zh_ts("ScanView", "What to do")
    rows = [section.child(i) for i in range(section.childCount())]
    (hint_row,) = [row for row in rows if row.text(0) == what_to_do]
    chinese_hint = _zh_ts("core", english)
    assert hint_row.text(COL_DETAILS) == chinese_hint
    assert hint_row.text(COL_DETAILS) != english and "nvidia.com" in chinese_hint
    assert chinese_hint in page.copy_as_text() and english not in page.copy_as_text()


def test_english_plurals_come_from_tfgpu_en(qapp) -> None:
    translators = install_translators(qapp, "en")
    try:
        text = QCoreApplication.translate(
            "SystemPage", "%n part(s) need your attention: select one to read what to do.", "", 1
        )
        assert text.startswith("1 part needs")
    finally:
        remove_translators(qapp, translators)


def test_resolve_language() -> None:
    assert resolve_language("zh_CN", "en_US") == "zh_CN"
    assert resolve_language(None, "zh_TW") == "zh_CN"
    assert resolve_language(None, "en_GB") == "en"
    assert resolve_language(None, "fr_FR") == "en"


def _tr_calls(node: ast.AST, class_name: str, found: set[tuple[str, str]]) -> None:
    """Collect (context, source) of tr()/translate() calls with literal strings under ``node``."""
    if isinstance(node, ast.ClassDef):
        class_name = node.name  # self.tr's context
    if isinstance(node, ast.Call):
        func, args = node.func, node.args
        name = getattr(func, "attr", None) or getattr(func, "id", None)
        if name == "tr" and args and isinstance(args[0], ast.Constant):
            found.add((class_name, args[0].value))
        elif name == "translate" and len(args) >= 2 and all(isinstance(a, ast.Constant) for a in args[:2]):
            found.add((args[0].value, args[1].value))
    for child in ast.iter_child_nodes(node):
        _tr_calls(child, class_name, found)


def _tr_calls_in_sources() -> set[tuple[str, str]]:
    found: set[tuple[str, str]] = set()
    for path in (REPO / "gui").rglob("*.py"):
        _tr_calls(ast.parse(path.read_text(encoding="utf-8")), "", found)
    return found


def test_every_string_is_translated_and_compiled() -> None:
    """Fails when a new tr() string was not extracted, translated or compiled (see resources/i18n/README.md)."""
    messages: dict[tuple[str, str], ET.Element] = {}
    for context in ET.parse(I18N / "tfgpu_zh_CN.ts").getroot().iter("context"):
        name = context.findtext("name")
        for message in context.iter("message"):
            messages[(name, message.findtext("source"))] = message
    assert _tr_calls_in_sources() <= set(messages), "run pyside6-lupdate (resources/i18n/README.md)"
    compiled = QTranslator()
    assert compiled.load(str(I18N / "tfgpu_zh_CN.qm"))
    for (context, source), message in messages.items():
        translation = message.find("translation")
        assert translation.get("type") not in ("unfinished", "vanished", "obsolete"), source
        expected = translation.text if message.get("numerus") != "yes" else translation.findtext("numerusform")
        assert expected and expected.strip(), f"no Chinese for {source!r}"
        n = 2 if message.get("numerus") == "yes" else -1
        got = compiled.translate(context, source, None, n)
        assert got == expected, f".qm is older than .ts for {source!r}: run pyside6-lrelease"


# -- screenshots ------------------------------------------------------------------------


def test_capture_writes_a_png_of_the_system_page(qtbot, linux_host: FakeHost, tmp_path: Path) -> None:
    wizard = MainWindow(host=linux_host)
    qtbot.addWidget(wizard)
    path = capture(wizard, tmp_path / "shot.png", "system", timeout_s=60)
    image = QImage(str(path))
    assert path.stat().st_size > 1000 and image.width() >= 600 and image.height() >= 400
    assert wizard.current_page_id() == "system" and not wizard.page_by_id("system").is_busy()
    with pytest.raises(ScreenshotError, match="unknown page"):
        capture(wizard, tmp_path / "other.png", "no-such-page")


def _run_main(args: list[str], timeout: float) -> subprocess.CompletedProcess:
    code = "import sys; from tfgpu.gui.app import main; sys.exit(main(sys.argv[1:]))"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=timeout, env=env)


def test_main_screenshot_of_an_unknown_page_fails_with_a_message(tmp_path: Path) -> None:
    result = _run_main(["--screenshot", str(tmp_path / "x.png"), "--page", "nope"], timeout=60)
    assert result.returncode == 1
    assert "unknown page 'nope'" in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_main_screenshot_with_the_real_scan(tmp_path: Path, lang: str) -> None:
    target = tmp_path / f"system-{lang}.png"
    result = _run_main(["--screenshot", str(target), "--page", "system", "--lang", lang], timeout=240)
    assert result.returncode == 0, result.stderr
    image = QImage(str(target))
    assert target.stat().st_size > 1000 and image.width() >= 900 and image.height() >= 650
