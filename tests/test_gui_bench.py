"""The Benchmark page: real benchmark runs (``run_bench`` driving the scripted fake agent as a
real process, and once the real agent with real TensorFlow) shown in real widgets: live
progress, the results table, % of peak gauges, the speed-up chart, failed and cancelled
runs, closing mid-run, the saved history and comparing with a previous run; the mini-monitor
on the page, fed by a monitor service with a fake sampler (the strip itself: test_gui_mini_monitor)."""

from __future__ import annotations

import importlib.util
import os
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QObject, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402
from PySide6.QtWidgets import QWidget  # noqa: E402

from conftest import pyenv_python  # noqa: E402
from fakes import fake_scan  # noqa: E402
from fakes.fake_bench_agent import make_fake_python  # noqa: E402
from fakes.fake_monitor import FakeSamplerFactory, frame, gpu  # noqa: E402
from tfgpu.core.bench.model import BenchRun, BenchTest, RunError, RunStatus, Stats  # noqa: E402
from tfgpu.core.bench.runner import BenchOptions, run_bench  # noqa: E402
from tfgpu.core.bench.saved_runs import list_runs, new_run_id, save_run  # noqa: E402
from tfgpu.core.monitor.samples import GpuStatus  # noqa: E402
from tfgpu.gui.icons import Tone  # noqa: E402
from tfgpu.gui.monitor_service import MonitorService  # noqa: E402
from tfgpu.gui.page_registry import PageContext, discover_pages  # noqa: E402
from tfgpu.gui.pages.benchmark import page as benchmark_module  # noqa: E402
from tfgpu.gui.pages.benchmark.page import BenchmarkPage  # noqa: E402
from tfgpu.gui.pages.benchmark.results_view import (  # noqa: E402
    COL_DELTA,
    COL_PEAK,
    COL_RESULT,
    COL_VS_CPU,
    BenchResultsView,
)
from tfgpu.gui.pages.benchmark.worker import BenchController  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
RUN_TIMEOUT_MS = 30_000
GPU_F32 = "matmul/float32/n=4096/gpu"
GPU_F16 = "matmul/float16/n=4096/gpu"
CPU_F32 = "matmul/float32/n=4096/cpu"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every run of these tests is saved under tmp, never in the user's data folder."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TFGPU_DATA_DIR", str(folder))
    monkeypatch.setenv("FAKE_BENCH_TEST_S", "0.01")
    return folder / "bench"


def fake_monitor(threaded: bool = True) -> MonitorService:
    """A monitor service whose sampler (a plain thread, like the real one) sends CPU 40%, RAM 55%
    and "no NVIDIA driver" every 0.1 s, without psutil or NVML; ``.factory.sampler`` is it."""
    factory = FakeSamplerFactory(threaded=threaded)
    service = MonitorService(interval_s=0.1, sampler_factory=factory)
    service.factory = factory
    return service


def make_page(qtbot, scan=None, **kwargs) -> BenchmarkPage:
    context = PageContext()
    if scan is not None:
        with qtbot.waitSignal(context.session.scan_changed, timeout=30_000):  # its verdict is made off the GUI thread
            context.session.set_scan(scan)
    monitor = kwargs.setdefault("monitor", fake_monitor())
    page = BenchmarkPage(context, **kwargs)

    def close(page: BenchmarkPage) -> None:  # as the wizard does when it closes
        page.shutdown()
        monitor.shutdown()

    qtbot.addWidget(page, before_close_func=close)
    page.resize(900, 600)
    page.show()
    return page


def run_to_end(qtbot, page: BenchmarkPage, timeout: int = RUN_TIMEOUT_MS) -> None:
    with qtbot.waitSignal(page.work_finished, timeout=timeout):
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    assert not page.is_busy()
    assert page.controller.running_thread() is None


def live_children() -> list[psutil.Process]:
    alive = []
    for child in psutil.Process().children(recursive=True):
        try:
            if child.status() != psutil.STATUS_ZOMBIE:
                alive.append(child)
        except psutil.NoSuchProcess:
            pass
    return alive


def process_gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


def fake_gpu_run(tmp_path: Path) -> BenchRun:
    return run_bench(make_fake_python(tmp_path, "gpu"), BenchOptions())


# -- the page in the wizard ------------------------------------------------------------------


def test_the_page_comes_after_the_explain_page() -> None:
    ids = [spec.page_id for spec in discover_pages()]
    assert "benchmark" in ids
    assert ids.index("benchmark") > ids.index("explain")


def test_environments_come_from_the_scan_gpu_first(qtbot) -> None:
    scan = fake_scan.scan(envs=[
        fake_scan.env("/envs/cpu/bin/python", "3.11.9", fake_scan.tf_ok("/envs/cpu/bin/python", "2.15.0", gpus=0)),
        fake_scan.env("/envs/none/bin/python", "3.12.1", fake_scan.tf_missing("/envs/none/bin/python")),
        fake_scan.env("/envs/gpu/bin/python", "3.10.11", fake_scan.tf_ok("/envs/gpu/bin/python", "2.10.1", gpus=1)),
        fake_scan.env("/envs/broken/bin/python", "3.9.18",
                      fake_scan.tf_import_failed("/envs/broken/bin/python", "DLL load failed")),
    ])
    page = make_page(qtbot, scan)
    items = [(page.env_combo.itemText(i), page.env_combo.itemData(i)) for i in range(page.env_combo.count())]
    paths = [data for _text, data in items]
    assert paths[:3] == ["/envs/gpu/bin/python", "/envs/cpu/bin/python", "/envs/broken/bin/python"]
    assert "/envs/none/bin/python" not in paths
    assert items[0][0].startswith("Python 3.10.11 · TensorFlow 2.10.1, GPU ·")
    assert "TensorFlow 2.15.0, no GPU" in items[1][0]
    assert "does not import" in items[2][0]
    assert items[-1][0] == "Other Python…"
    assert page.selected_python() == "/envs/gpu/bin/python"
    assert page.run_button.isEnabled() and not page.cancel_button.isEnabled()
    # An interpreter chosen with "Other Python…" is added and selected, once.
    page.select_python("/opt/py/bin/python3")
    page.select_python("/opt/py/bin/python3")
    assert page.selected_python() == "/opt/py/bin/python3"
    assert [page.env_combo.itemData(i) for i in range(page.env_combo.count())].count("/opt/py/bin/python3") == 1
    assert page.env_combo.itemText(page.env_combo.count() - 1) == "Other Python…"


# -- a whole run -------------------------------------------------------------------------------


def test_a_gpu_run_shows_progress_live_results_gauges_chart_and_is_saved(qtbot, tmp_path, monkeypatch,
                                                                         data_dir) -> None:
    monkeypatch.setenv("FAKE_BENCH_TEST_S", "0.2")
    monitor = fake_monitor()
    scan = fake_scan.scan(envs=[])
    page = make_page(qtbot, scan, monitor=monitor)
    page.select_python(make_fake_python(tmp_path, "gpu"))
    values: list[int] = []
    page.progress.valueChanged.connect(values.append)

    qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    assert page.is_busy()
    assert page.cancel_button.isEnabled() and not page.run_button.isEnabled()
    assert not page.env_combo.isEnabled() and not page.copy_button.isEnabled()
    qtbot.waitUntil(lambda: "on the CPU (3 of 6)" in page.status_label.text(), timeout=RUN_TIMEOUT_MS)
    assert page.status_label.text() == "Running Matrix multiply, 4096×4096 numbers, float32 on the CPU (3 of 6)"
    rows_while_running = page.results.table.rowCount()
    assert page.is_busy() and rows_while_running == 2  # the two GPU matmuls are in before the end
    assert page.results.table.cell(GPU_F32, COL_RESULT) == "11.8 TFLOPS"
    with qtbot.waitSignal(page.work_finished, timeout=RUN_TIMEOUT_MS):
        pass

    assert page.controller.running_thread() is None and not page.is_busy()
    assert [v for v in values if 0 < v < 100] == [17, 33, 50, 67, 83]  # one step per test, in order
    assert values[-1] == 100 and page.progress.value() == 100
    assert page.status_label.text().startswith("Finished in")
    run = page.run
    assert run is not None and run.status is RunStatus.COMPLETED
    assert run.driver_version == "551.86"  # from the scan's driver

    table = page.results.table
    assert table.rowCount() == 6
    assert table.cell(GPU_F32, COL_RESULT) == "11.8 TFLOPS"
    assert table.cell(GPU_F32, COL_PEAK) == "93%"
    assert table.cell(GPU_F32, COL_VS_CPU) == "24.1x"
    assert table.cell(CPU_F32, COL_RESULT) == "490 GFLOPS"
    assert table.isColumnHidden(COL_DELTA)

    gauges = page.results.gauges
    assert gauges.bars["gpu-fp32"].value() == 93
    assert gauges.gauge_text("gpu-fp32").startswith("93% (11.8 of 12.")
    assert gauges.gauge_text("gpu-half").startswith("94% (23.9 of 25.5 TFLOPS)")
    assert gauges.gauge_text("gpu-d2d").startswith("92% (330 of 360 GB/s)")
    assert gauges.gauge_text("cpu-fp32") == "n/a (490 GFLOPS; peak unknown)"  # unknown, not 0%
    assert not gauges.bars["cpu-fp32"].isEnabled()

    chart = page.results.chart
    assert chart.bar_ratios() == pytest.approx([11.8 / 0.49, 23.9 / 11.8, 7800 / 2900], rel=1e-6)
    assert chart.category_labels()[0] == "matmul float32 n=4096: GPU vs CPU"
    assert chart.stack.currentWidget() is chart.plot_widget

    headlines = page.results.headline_label.text()
    assert "NVIDIA GeForce RTX 3060 reached 11.8 TFLOPS" in headlines and "(93% of its peak)" in headlines
    assert page.results.banner.isHidden()
    assert page.run_label.text().startswith("This run: ")

    # The mini-monitor ran during the run only, and keeps the last figures.
    assert page.mini_monitor.frames_received >= 2 and monitor.factory.sampler.starts == 1
    assert not page.mini_monitor.is_running() and not monitor.is_running()
    assert page.mini_monitor.isVisible()
    assert page.mini_monitor.texts() == ["CPU 40%", "RAM 55%", "GPU: n/a (no NVIDIA driver)"]

    saved = list_runs(data_dir)
    assert [s.run_id for s in saved] == [run.run_id]
    assert page.controller.saved_path == data_dir / f"{run.run_id}.json"

    assert page.copy_button.isEnabled() and page.run_button.isEnabled() and not page.cancel_button.isEnabled()
    copied = page.copy_results()
    assert QGuiApplication.clipboard().text() == copied
    assert "matmul float32 n=4096" in copied and "93%" in copied and "24.1x" in copied


def test_cancel_stops_a_hung_agent_within_a_second_and_leaves_no_process(qtbot, tmp_path, monkeypatch) -> None:
    pidfile = tmp_path / "child.pid"
    monkeypatch.setenv("FAKE_BENCH_PIDFILE", str(pidfile))  # the agent starts a child that sleeps
    page = make_page(qtbot)
    page.select_python(make_fake_python(tmp_path, "hang"))
    qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.status_label.text().startswith("Running Matrix multiply"), timeout=RUN_TIMEOUT_MS)
    qtbot.waitUntil(lambda: pidfile.exists() and pidfile.read_text().strip() != "", timeout=5_000)
    grandchild = int(pidfile.read_text())
    assert live_children(), "the agent should be running"

    started = time.monotonic()
    with qtbot.waitSignal(page.work_finished, timeout=5_000):
        qtbot.mouseClick(page.cancel_button, Qt.MouseButton.LeftButton)
        assert not page.cancel_button.isEnabled()
        assert page.status_label.text() == "Stopping…"
    assert time.monotonic() - started < 1.5
    assert page.controller.running_thread() is None
    qtbot.waitUntil(lambda: not live_children() and process_gone(grandchild), timeout=2_000)

    assert page.run is not None and page.run.status is RunStatus.CANCELLED
    assert page.status_label.text().startswith("Cancelled after")
    assert page.results.banner.tone is Tone.WARN
    assert "cancelled" in page.results.banner.text.text()
    assert page.results.table.cell(GPU_F32, COL_RESULT) == "Not run: cancelled before this test"


def test_the_progress_bar_is_busy_while_tensorflow_imports(qtbot, tmp_path) -> None:
    page = make_page(qtbot)
    page.select_python(make_fake_python(tmp_path, "hang-import"))
    qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.status_label.text() == "Importing TensorFlow…", timeout=RUN_TIMEOUT_MS)
    assert (page.progress.minimum(), page.progress.maximum()) == (0, 0)  # indeterminate
    with qtbot.waitSignal(page.work_finished, timeout=5_000):
        page.cancel_run()
    assert page.progress.maximum() == 100 and page.run.status is RunStatus.CANCELLED
    qtbot.waitUntil(lambda: not live_children(), timeout=2_000)


def test_closing_the_wizard_mid_run_is_clean(qtbot, tmp_path, monkeypatch) -> None:
    pidfile = tmp_path / "child.pid"
    monkeypatch.setenv("FAKE_BENCH_PIDFILE", str(pidfile))
    spec = benchmark_module.PAGE
    wizard = MainWindow(specs=[spec])
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_by_id("benchmark")
    assert isinstance(page, BenchmarkPage)
    # The page as the app builds it: the wizard's monitor service with the real sampler.
    page.select_python(make_fake_python(tmp_path, "hang"))
    assert page.start_run()
    qtbot.waitUntil(lambda: pidfile.exists() and pidfile.read_text().strip() != "", timeout=RUN_TIMEOUT_MS)
    grandchild = int(pidfile.read_text())
    finished: list[bool] = []
    page.work_finished.connect(lambda: finished.append(True))

    asked: list[list[str]] = []
    wizard.confirm_close = lambda questions: asked.append(questions) or False  # "Cancel"
    wizard.close()
    assert wizard.isVisible() and page.is_busy()  # closing with a benchmark running asks first
    assert asked and "A benchmark is running" in asked[0][0]
    wizard.confirm_close = lambda questions: True  # "Close"
    started = time.monotonic()
    wizard.close()  # -> closeEvent -> shutdown(): cancel, kill the agent, wait for the thread
    assert time.monotonic() - started < 3.0
    assert page.controller.running_thread() is None and page.history.running_thread() is None
    assert not page.is_busy() and finished == [True]
    assert not page.mini_monitor.is_running() and not page.mini_monitor.is_holding()
    assert not page.controller.start("/bin/false")  # nothing starts after shutdown
    qtbot.waitUntil(lambda: not live_children() and process_gone(grandchild), timeout=2_000)
    qtbot.waitUntil(lambda: not [t for t in threading.enumerate() if t.name.startswith("tfgpu-monitor")],
                    timeout=5_000)


# -- runs that fail ---------------------------------------------------------------------------------


@pytest.mark.parametrize("scenario, tone, words", [
    ("too-old", Tone.BAD, "This Python is too old to run the benchmark"),
    ("silent", Tone.BAD, "The benchmark could not run:"),
    ("crash", Tone.WARN, "The benchmark process died: killed by signal SIGSEGV"),
])
def test_a_failed_run_says_why_and_keeps_what_was_measured(qtbot, tmp_path, data_dir, scenario, tone,
                                                           words) -> None:
    page = make_page(qtbot)
    page.select_python(make_fake_python(tmp_path, scenario))
    run_to_end(qtbot, page)
    banner = page.results.banner
    assert not banner.isHidden() and banner.tone is tone
    assert words in banner.text.text()
    if scenario == "crash":  # the figures from before the crash, and those after the restart, are kept
        assert page.run.status is RunStatus.PARTIAL
        assert page.results.table.cell(GPU_F32, COL_RESULT) == "11.8 TFLOPS"
        assert page.results.table.cell(GPU_F16, COL_RESULT).startswith("The benchmark process died")
        assert page.results.table.cell("train/mixed_float16/batch=64/gpu", COL_RESULT) == "7,800 images/s"
        assert page.results.gauges.gauge_text("gpu-fp32").startswith("93%")
        assert "(93% of its peak)" in page.results.headline_label.text()
        assert len(list_runs(data_dir)) == 1  # figures: saved
    else:
        assert page.run.status is RunStatus.FAILED
        assert page.status_label.text() == "The benchmark could not run."
        assert page.results.table.rowCount() == 0
        assert page.results.gauges.gauge_text("gpu-fp32") == "not measured"
        assert list_runs(data_dir) == []  # nothing measured: nothing saved
    assert page.run_button.isEnabled()


@pytest.mark.parametrize("version, words", [
    ("3.12", "TensorFlow is not installed in this environment"),
    ("3.6", "This Python is too old to run the benchmark"),
])
def test_the_real_agent_in_a_python_without_tf_or_too_old(qtbot, version, words) -> None:
    python = pyenv_python(version)
    page = make_page(qtbot)
    page.select_python(python)
    run_to_end(qtbot, page)
    assert page.run.status is RunStatus.FAILED
    assert page.results.banner.tone is Tone.BAD and words in page.results.banner.text.text()
    assert page.status_label.text() == "The benchmark could not run."


def test_gpu_unavailable_is_an_info_banner_over_the_cpu_results(qtbot) -> None:
    cpu = BenchTest(id="matmul/float32/n=1024/cpu", suite="matmul", device="cpu", dtype="float32",
                    params={"n": 1024}, metric="tflops", unit="TFLOPS", value=0.18,
                    stats=Stats(0.012, 0.011, 0.013, 0.0001, 9))
    gpu = BenchTest(id="matmul/float32/n=1024/gpu", suite="matmul", device="gpu", dtype="float32",
                    params={"n": 1024}, error_code="not-run", error="the GPU is not available")
    run = BenchRun(run_id="20261121-100000-abcd", created="2026-11-21T10:00:00Z", python="/usr/bin/python3",
                   status=RunStatus.COMPLETED, tf_version="2.16.1", tests=[gpu, cpu],
                   gpu_unavailable=RunError("gpu-unavailable", "Could not load dynamic library 'libcudnn.so.8'"))
    view = BenchResultsView()
    qtbot.addWidget(view)
    view.show_run(run)
    assert view.banner.tone is Tone.INFO
    assert "The GPU tests were skipped: Could not load dynamic library 'libcudnn.so.8'" in view.banner.text.text()
    assert "Your CPU reached 180 GFLOPS" in view.headline_label.text()
    assert view.table.cell(cpu.id, COL_RESULT) == "180 GFLOPS"
    assert view.table.cell(gpu.id, COL_RESULT) == "Not run: the GPU is not available"
    assert view.gauges.gauge_text("gpu-fp32") == "not measured"


def test_a_bug_in_the_runner_is_a_message_not_a_stuck_page(qtbot) -> None:
    def broken(*_args, **_kwargs):
        raise RuntimeError("boom")

    page = make_page(qtbot, bench_fn=broken)
    page.select_python("/usr/bin/python3")
    run_to_end(qtbot, page)
    assert page.error == "RuntimeError: boom"
    assert page.status_label.text() == "The benchmark could not finish: RuntimeError: boom."
    assert page.results.banner.tone is Tone.BAD and page.run_button.isEnabled()


def test_a_run_that_cannot_be_saved_is_still_shown(qtbot, tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("TFGPU_DATA_DIR", str(blocker))  # <file>/bench cannot be created
    page = make_page(qtbot)
    page.select_python(make_fake_python(tmp_path, "gpu"))
    run_to_end(qtbot, page)
    assert page.run.status is RunStatus.COMPLETED and page.controller.saved_path is None
    assert "The run could not be saved:" in page.status_label.text()
    assert page.results.table.cell(GPU_F32, COL_PEAK) == "93%"


def test_the_controller_runs_one_benchmark_at_a_time(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FAKE_BENCH_TEST_S", "0.3")
    controller = BenchController(save=False)
    python = make_fake_python(tmp_path, "gpu")
    updates: list[str] = []
    controller.update.connect(lambda u: updates.append(u.kind))
    with qtbot.waitSignal(controller.finished, timeout=RUN_TIMEOUT_MS) as blocker:
        assert controller.start(python)
        assert not controller.start(python)  # one at a time
    assert blocker.args[0].status is RunStatus.COMPLETED
    assert controller.running_thread() is None and controller.saved_path is None
    assert updates[:2] == ["import", "start"] and updates[-1] == "done" and updates.count("result") == 6
    assert controller.shutdown() and not controller.start(python)


# -- history and comparing ---------------------------------------------------------------------------


def previous_run(tmp_path: Path, data_dir: Path, factor: float = 1.25) -> BenchRun:
    """A saved run from a day ago whose figures are ``factor`` times lower."""
    run = fake_gpu_run(tmp_path)
    data = run.to_dict()
    data["run_id"] = new_run_id(time.time() - 86_400)
    data["created"] = "2026-01-02T03:04:05Z"
    for test in data["tests"]:
        if test["value"] is not None:
            test["value"] /= factor
    old = BenchRun.from_dict(data)
    save_run(old, data_dir)
    return old


def test_opening_shows_the_latest_saved_run(qtbot, tmp_path, data_dir) -> None:
    old = previous_run(tmp_path, data_dir)
    (data_dir / "20990101-000000-0000.json").write_text("{not json")  # unreadable: skipped
    page = make_page(qtbot)
    assert page.results.table.rowCount() == 0
    with qtbot.waitSignal(page.work_finished, timeout=RUN_TIMEOUT_MS):
        page.initializePage()
        assert page.is_busy()  # the history is read off the GUI thread
    assert page.history.running_thread() is None
    assert page.run is not None and page.run.run_id == old.run_id
    assert page.run_label.text().startswith("Last run: 2026-01-0")
    assert page.results.table.rowCount() == 6
    assert page.results.table.cell(GPU_F32, COL_RESULT) == "9.44 TFLOPS"
    assert page.compare_combo.count() == 1 and not page.compare_combo.isEnabled()  # only "none"
    assert page.copy_button.isEnabled()


def test_comparing_with_a_previous_run_fills_the_delta_column(qtbot, tmp_path, data_dir) -> None:
    old = previous_run(tmp_path, data_dir)
    page = make_page(qtbot)
    with qtbot.waitSignal(page.work_finished, timeout=RUN_TIMEOUT_MS):
        page.initializePage()
    page.select_python(make_fake_python(tmp_path, "gpu"))
    run_to_end(qtbot, page)
    assert page.run.run_id != old.run_id
    assert page.compare_combo.currentData() is None  # "none" by default
    assert [page.compare_combo.itemData(i) for i in range(page.compare_combo.count())] == [None, old.run_id]
    table = page.results.table
    assert table.isColumnHidden(COL_DELTA)

    assert page.compare_with(old.run_id)
    assert not table.isColumnHidden(COL_DELTA)
    assert table.cell(GPU_F32, COL_DELTA) == "+25.0%"
    assert table.cell(CPU_F32, COL_DELTA) == "+25.0%"
    assert "Compared with run " + old.run_id in page.copy_results()

    assert page.compare_with(None)
    assert table.isColumnHidden(COL_DELTA)
    assert {s.run_id for s in list_runs(data_dir)} == {old.run_id, page.run.run_id}


# -- the mini-monitor on the page -------------------------------------------------------------------------


def test_the_monitor_shows_no_gpu_in_words_and_never_zeros(qtbot) -> None:
    page = make_page(qtbot)
    page.monitor_toggle.setChecked(True)  # shown outside a run
    strip = page.mini_monitor
    qtbot.waitUntil(lambda: strip.frames_received >= 3, timeout=5_000)
    page.monitor_toggle.setChecked(False)
    assert not strip.is_running() and strip.isHidden()
    assert strip.texts() == ["CPU 40%", "RAM 55%", "GPU: n/a (no NVIDIA driver)"]
    _x, cpu = strip.curves["cpu"].getData()
    assert list(cpu[-3:]) == [40.0, 40.0, 40.0]
    assert strip.gpus == {}  # no GPU curve at all: a gap, not a line at 0
    history = strip.service.history
    assert len(history) <= history.capacity  # the rings do not grow


def test_the_monitor_shows_a_gpu_that_answers(qtbot) -> None:
    monitor = fake_monitor(threaded=False)
    page = make_page(qtbot, monitor=monitor)
    page.monitor_toggle.setChecked(True)
    now = time.time()
    monitor.factory.sampler.push(frame(now, status=GpuStatus.OK, gpus=(gpu(0, now, 57.0, 3072.0),)))
    page.mini_monitor.refresh()
    assert page.mini_monitor.texts() == ["CPU 40%", "RAM 55%", "GPU 57%", "GPU memory 25%"]
    _x, util = page.mini_monitor.gpus[0].util.getData()
    assert list(util) == [57.0]


def test_an_nvml_that_does_not_answer_is_said_so(qtbot) -> None:
    """The sampler decides "not responding" (its NVML init runs in its own thread); the strip says it."""
    monitor = fake_monitor(threaded=False)
    page = make_page(qtbot, monitor=monitor)
    page.monitor_toggle.setChecked(True)
    strip, sampler = page.mini_monitor, monitor.factory.sampler
    sampler.push(frame(time.time(), status=GpuStatus.STARTING))
    strip.refresh()
    assert strip.texts()[-1] == "GPU: reading…"
    sampler.push(frame(time.time(), status=GpuStatus.NOT_RESPONDING))
    strip.refresh()
    assert strip.texts()[-1] == "GPU: n/a (the NVIDIA driver does not answer)"
    assert strip.gpus == {}


# -- the real agent -------------------------------------------------------------------------------------


@pytest.mark.slow
def test_a_real_cpu_benchmark_in_this_python(qtbot, data_dir) -> None:
    if importlib.util.find_spec("tensorflow") is None:
        pytest.skip("TensorFlow is not installed in this Python")
    page = make_page(qtbot)
    assert page.selected_python() == sys.executable  # offered without a scan: this Python has TF
    page.device_combo.setCurrentIndex(page.device_combo.findData("cpu"))
    page.agent_args = ("--matmul-sizes", "256", "--min-time", "0.05", "--min-warmup-s", "0.05",
                       "--conv-batch", "2", "--train-batch", "8", "--bandwidth-mib", "8")
    run_to_end(qtbot, page, timeout=180_000)
    run = page.run
    assert run.tf_version and run.status in (RunStatus.COMPLETED, RunStatus.PARTIAL)
    cpu = run.test("matmul/float32/n=256/cpu")
    assert cpu is not None and cpu.ok and cpu.value > 0
    assert page.results.table.cell(cpu.id, COL_RESULT).endswith("FLOPS")
    assert "Your CPU reached" in page.results.headline_label.text()
    assert page.results.gauges.gauge_text("gpu-fp32") == "not measured"
    assert list_runs(data_dir)[0].run_id == run.run_id
    assert not live_children()


class _PaintCounter(QObject):
    """Counts paint events of every widget it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def test_a_run_is_painted_once_after_its_changes_not_during_them(qtbot, tmp_path) -> None:
    """Nothing paints inside show_run/add_live_test (a progress bar's setValue repaints at once,
    which painted the view again for each gauge): the GUI thread's slot stays short."""
    run = fake_gpu_run(tmp_path)
    view = BenchResultsView()
    qtbot.addWidget(view)
    view.resize(900, 600)
    view.show()
    view.tabs.setCurrentIndex(0)
    qtbot.waitExposed(view)
    qtbot.wait(50)  # laid out and painted once
    counter = _PaintCounter()
    for widget in [view, *view.findChildren(QWidget)]:
        widget.installEventFilter(counter)
    for test in run.tests:
        view.add_live_test(test)
    view.show_run(run)  # the gauges go from 0 to 93% (a repaint at once, before the fix)
    assert counter.paints == 0
    assert view.updatesEnabled()
    qtbot.waitUntil(lambda: counter.paints > 0)  # painted afterwards, from the event loop
    assert view.table.cell(GPU_F32, COL_RESULT)


def test_the_progress_bar_moves_without_painting_inside_the_update(qtbot) -> None:
    page = make_page(qtbot)
    page.progress.show()  # as a run shows it
    qtbot.waitExposed(page)
    qtbot.wait(50)
    counter = _PaintCounter()
    page.progress.installEventFilter(counter)
    for percent in (10, 40, 70):
        page._set_fraction(percent / 100)  # what each of the agent's updates does
    assert counter.paints == 0  # QProgressBar.setValue repaints at once unless updates are off
    assert page.progress.value() == 70 and page.progress.updatesEnabled()
    qtbot.waitUntil(lambda: counter.paints > 0)


def test_painting_once_leaves_updates_as_the_parent_wants_them(qtbot, tmp_path) -> None:
    run = fake_gpu_run(tmp_path)
    holder = QWidget()
    qtbot.addWidget(holder)
    view = BenchResultsView(holder)
    holder.setUpdatesEnabled(False)  # e.g. a window that changes many things at once
    view.show_run(run)
    assert not view.updatesEnabled()  # not turned on behind the parent's back
    holder.setUpdatesEnabled(True)
    assert view.updatesEnabled()  # and not left forced off either
    view.setUpdatesEnabled(False)  # turned off on purpose: stays off
    view.show_run(run)
    assert not view.updatesEnabled()
