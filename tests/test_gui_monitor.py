"""The Monitor page: live curves fed from the service's rings (created once, redrawn at most ten
times a second), the figures in words on a slower timer, pause/resume releasing the hold, the
time window and the sample interval, the CSV log (parsed back, and a full disk in words), the
GPU status banner with the real sampler on this machine (no NVIDIA driver), and GPU curves,
the process table and "n/a (WDDM)" with the real sampler over a fake NVML built from real
``nvidia-smi -q -x`` captures. Nothing is left running after the page or the wizard closes."""

from __future__ import annotations

import math
import os
import re
import threading
import time
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QStandardPaths  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402

from fakes.fake_host import FakeHost  # noqa: E402
from fakes.fake_monitor import FakeSamplerFactory  # noqa: E402
from fakes.fake_nvml import nvml_from_xml  # noqa: E402
from tfgpu.core.monitor.csv_log import read_csv_log  # noqa: E402
from tfgpu.core.monitor.samples import (  # noqa: E402
    GpuProcess,
    GpuSample,
    GpuState,
    GpuStatus,
    HostSample,
    MonitorFrame,
)
from tfgpu.gui.icons import Tone  # noqa: E402
from tfgpu.gui.monitor_service import MonitorService, shutdown_monitor  # noqa: E402
from tfgpu.gui.page_registry import PageContext, discover_pages  # noqa: E402
from tfgpu.gui.pages.monitor import page as monitor_module  # noqa: E402
from tfgpu.gui.pages.monitor.page import MonitorPage  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402

WAIT_MS = 10_000
T0 = 1_700_000_000.0


# -- helpers ---------------------------------------------------------------------------------


def gpu_sample(index: int, t: float, util: float | None, **kwargs) -> GpuSample:
    values = dict(name=f"NVIDIA GeForce RTX 3060 #{index}", gpu_util_percent=util, mem_util_percent=5.0,
                  mem_used_mib=1000.0, mem_total_mib=12288.0, temperature_c=50.0, fan_percent=30.0, power_w=100.0,
                  power_limit_w=170.0, sm_clock_mhz=1800.0, mem_clock_mhz=7500.0, pstate=2, throttle_reasons=(),
                  pcie_rx_mib_s=10.0, pcie_tx_mib_s=2.0, processes=())
    values.update(kwargs)
    return GpuSample(index=index, timestamp=t, **values)


def make_frame(t: float, *, cpu: float | None = 40.0, gpus: tuple[GpuSample, ...] = (),
               status: str = GpuStatus.OK, reason: str | None = None) -> MonitorFrame:
    host = HostSample(timestamp=t, cpu_percent=cpu, per_cpu_percent=(cpu or 0.0, 10.0), ram_used_mib=8000.0,
                      ram_total_mib=16000.0, ram_percent=50.0, process_cpu_percent=3.0, process_rss_mib=150.0)
    return MonitorFrame(timestamp=t, host=host, gpus=gpus, gpu_status=status, gpu_reason=reason,
                        driver_version="560.94" if status == GpuStatus.OK else None)


_MADE: list[tuple[MonitorPage, PageContext]] = []


@pytest.fixture(autouse=True)
def close_pages():
    """Shut every page and its service down as the wizard does, and check no sampler thread is left.

    The pages are kept here: pytest-qt holds widgets weakly, and a page collected early would
    never be shut down (its service's sampler thread would run on)."""
    yield
    while _MADE:
        page, context = _MADE.pop()
        page.shutdown()
        shutdown_monitor(context)
        page.close()
    deadline = time.monotonic() + 5.0  # the sampler is joined; NVML's init thread may need a moment
    while monitor_threads() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert monitor_threads() == []


def make_page(qtbot, factory=None, host=None) -> MonitorPage:
    """The page with its own service (a fake sampler when ``factory`` is given), shown."""
    context = PageContext(host=host)
    context.session.monitor = MonitorService(host, sampler_factory=factory, parent=context.session)
    page = MonitorPage(context)
    _MADE.append((page, context))
    qtbot.addWidget(page)
    page.resize(900, 650)
    page.show()
    return page


def monitor_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("tfgpu-monitor") and t.is_alive()]


def curve_y(page: MonitorPage, group: str, metric: str, gpu: int | None = None) -> np.ndarray:
    """The curve's data as drawn; empty while the curve does not exist (its GPU not seen) or is empty."""
    try:
        y = page.plots.curve(group, metric, gpu).yData
    except KeyError:
        return np.array([])
    return np.array([]) if y is None else np.array(y)


def wait_points(qtbot, page: MonitorPage, count: int, group: str = "utilisation", metric: str = "cpu_percent",
                gpu: int | None = None):
    """Wait for a redraw that gives the curve ``count`` points; the curve."""
    qtbot.waitUntil(lambda: len(curve_y(page, group, metric, gpu)) == count, timeout=WAIT_MS)
    return page.plots.curve(group, metric, gpu)


@pytest.fixture
def factory() -> FakeSamplerFactory:
    return FakeSamplerFactory(threaded=False)  # the test pushes every frame


# -- the page in the wizard ----------------------------------------------------------------------


def test_the_page_comes_after_the_benchmark_page_and_is_never_busy(qtbot, factory) -> None:
    ids = [spec.page_id for spec in discover_pages()]
    assert ids.index("monitor") > ids.index("benchmark")
    page = make_page(qtbot, factory)
    assert not page.is_busy()
    assert page.interval_combo.currentData() == 0.5 and page.window_s() == 60  # the first minute fills the plot
    assert page.csv_button.text() == "Log to CSV…" and page.pause_button.text() == "Pause"


# -- curves --------------------------------------------------------------------------------------


def test_curves_are_made_once_and_follow_the_frames(qtbot, factory) -> None:
    page = make_page(qtbot, factory)
    assert page.is_holding() and factory.sampler.is_running()
    host_curves = page.plots.curves()
    assert len(host_curves) == 2  # CPU and RAM: GPU curves wait for a GPU
    utils = [10.0, 35.0, 80.0, 95.0, 20.0, 5.0]
    cpus = [12.0, 50.0, None, 70.0, 30.0, 22.0]  # psutil failing once is a gap, not a 0
    factory.sampler.push(make_frame(T0, cpu=cpus[0], gpus=(gpu_sample(0, T0, utils[0]),)))
    util = wait_points(qtbot, page, 1, "utilisation", "gpu_util_percent", 0)
    curves = page.plots.curves()
    assert curves[:2] == host_curves  # the same objects
    assert len(curves) == 2 + 11  # and eleven per GPU, once
    for i in range(1, len(utils)):
        t = T0 + 0.5 * i
        factory.sampler.push(make_frame(t, cpu=cpus[i], gpus=(gpu_sample(0, t, utils[i], power_w=100.0 + i),)))
    qtbot.waitUntil(lambda: len(util.yData) == len(utils), timeout=WAIT_MS)
    after = page.plots.curves()
    assert len(after) == len(curves) and all(a is b for a, b in zip(after, curves))
    assert page.plots.curve("utilisation", "gpu_util_percent", 0) is util
    assert list(util.yData) == utils
    np.testing.assert_allclose(util.xData, [0.5 * i - 2.5 for i in range(len(utils))])  # seconds before now
    cpu = curve_y(page, "utilisation", "cpu_percent")
    assert list(cpu[[0, 1, 3, 4, 5]]) == [12.0, 50.0, 70.0, 30.0, 22.0] and math.isnan(cpu[2])
    assert list(curve_y(page, "power", "power_w", 0)) == [100.0 + i for i in range(len(utils))]
    assert set(curve_y(page, "power", "power_limit_w", 0)) == {170.0}
    assert set(curve_y(page, "memory", "mem_used_mib", 0)) == {1000.0}
    assert all(page.plots.note(group) is None for group in page.plots.groups)
    assert "■ GPU 0 · NVIDIA GeForce RTX 3060 #0" in page.plots.legend_texts()
    # A second GPU showing up later gets its own curves, lined up with the first's.
    t = T0 + 3.0
    factory.sampler.push(make_frame(t, gpus=(gpu_sample(0, t, 50.0), gpu_sample(1, t, 60.0))))
    util1 = wait_points(qtbot, page, len(utils) + 1, "utilisation", "gpu_util_percent", 1)
    assert np.isnan(util1.yData[:-1]).all() and util1.yData[-1] == 60.0
    assert len(page.plots.curves()) == 2 + 2 * 11


def test_figures_in_words_refresh_on_the_slower_timer(qtbot, factory) -> None:
    page = make_page(qtbot, factory)
    factory.sampler.push(make_frame(T0, gpus=(gpu_sample(0, T0, 10.0),)))
    assert page.figures.rows("gpu0")["load"] == "10 %"  # the first words at once
    for i in range(1, 4):
        factory.sampler.push(make_frame(T0 + i, gpus=(gpu_sample(0, T0 + i, 10.0 + i),)))
    assert page.figures.rows("gpu0")["load"] == "10 %"  # not on every frame
    qtbot.waitUntil(lambda: page.figures.rows("gpu0")["load"] == "13 %", timeout=3 * monitor_module.FIGURES_MS)
    rows = page.figures.rows("gpu0")
    assert rows["memory"] == "1000 of 12288 MiB (8 %)"
    assert rows["power"] == "100.0 W of 170 W"
    assert rows["clocks"] == "SM 1800 MHz, memory 7500 MHz"
    assert rows["pstate"] == "P2" and rows["throttle"] == "nothing (full speed allowed)"
    assert rows["pcie"] == "received 10.0 MiB/s, sent 2.0 MiB/s"
    host = page.figures.rows("host")
    assert host["cpu"] == "40 % (2 cores, the busiest at 40 %)" and host["ram"] == "8000 of 16000 MiB (50 %)"
    assert host["app"] == "CPU 3 % of one core, memory 150 MiB" and host["driver"] == "560.94"


def test_redraws_are_capped_at_ten_a_second(qtbot, factory) -> None:
    page = make_page(qtbot, factory)
    before = page.redraws
    for i in range(50):  # a burst: fifty frames at once
        factory.sampler.push(make_frame(T0 + 0.1 * i))
    assert page.redraws - before <= 1
    cpu = page.plots.curve("utilisation", "cpu_percent")
    qtbot.waitUntil(lambda: cpu.yData is not None and len(cpu.yData) == 50, timeout=WAIT_MS)
    assert page.redraws - before <= 2  # the burst's last frames drawn by one deferred redraw


def test_not_applicable_is_never_zero(qtbot, factory) -> None:
    page = make_page(qtbot, factory)
    unknown = dict(fan_percent=None, pcie_rx_mib_s=None, pcie_tx_mib_s=None, throttle_reasons=None,
                   processes=(GpuProcess(4242, "python.exe", "compute", None),),
                   unavailable={"fan_percent": "not supported", "pcie_rx_mib_s": "not supported",
                                "pcie_tx_mib_s": "not supported"})
    for i in range(3):
        factory.sampler.push(make_frame(T0 + i, gpus=(gpu_sample(0, T0 + i, 30.0, **unknown),)))
    page.refresh_figures()
    rows = page.figures.rows("gpu0")
    assert rows["fan"] == "n/a (not supported)"
    assert rows["pcie"] == "received n/a (not supported), sent n/a (not supported)"
    assert rows["throttle"] == "n/a"
    assert page.processes.rows() == [["0", "4242", "python.exe", "compute", "n/a"]]
    qtbot.waitUntil(lambda: page.plots.note("pcie") == "n/a (not supported)", timeout=WAIT_MS)
    assert page.plots.note("temperature") is None  # the temperature is there; the fan is a gap
    assert np.isnan(curve_y(page, "temperature", "fan_percent", 0)).all()


def test_a_lost_gpu_is_a_gap_and_said_in_words(qtbot, factory) -> None:
    page = make_page(qtbot, factory)
    factory.sampler.push(make_frame(T0, gpus=(gpu_sample(0, T0, 70.0),)))
    lost = GpuSample(index=0, timestamp=T0 + 1, name="NVIDIA GeForce RTX 3060 #0", state=GpuState.LOST)
    factory.sampler.push(make_frame(T0 + 1, gpus=(lost,)))
    page.refresh_figures()
    assert page.banner.tone is Tone.WARN and "GPU 0 (NVIDIA GeForce RTX 3060 #0) stopped answering" in \
        page.banner.text.text()
    rows = page.figures.rows("gpu0")
    assert rows["state"] == "stopped answering (lost)" and rows["load"] == "n/a (GPU lost)"
    util = wait_points(qtbot, page, 2, "utilisation", "gpu_util_percent", 0)
    assert util.yData[0] == 70.0 and math.isnan(util.yData[1])
    assert "stopped answering (lost)" in page.processes.note.text()


# -- pause, window, interval -----------------------------------------------------------------------


def test_pause_releases_the_hold_and_resume_redraws_at_once(qtbot, factory) -> None:
    page = make_page(qtbot, factory)
    sampler = factory.sampler
    for i in range(3):
        sampler.push(make_frame(T0 + i, cpu=10.0 + i))
    cpu = page.plots.curve("utilisation", "cpu_percent")
    qtbot.waitUntil(lambda: cpu.yData is not None and len(cpu.yData) == 3, timeout=WAIT_MS)
    page.pause_button.click()
    assert page.paused and page.pause_button.text() == "Resume"
    assert not page.is_holding() and not sampler.is_running()  # nobody else holds the service
    # Something else keeps sampling (the mini-monitor, a log): the frozen page does not redraw.
    page.service.acquire("someone-else")
    assert sampler.is_running()
    redraws = page.redraws
    total = page.service.history.capacity + 3  # the rings wrap: the frozen curves must not change under it
    for i in range(3, total):
        sampler.push(make_frame(T0 + i, cpu=float(i % 100)))
    qtbot.wait(300)  # a deferred redraw would have fired by now
    assert page.redraws == redraws and list(cpu.yData) == [10.0, 11.0, 12.0]
    page.service.release("someone-else")
    assert not sampler.is_running()
    page.pause_button.click()
    assert not page.paused and page.pause_button.text() == "Pause"
    assert page.is_holding() and sampler.is_running()
    assert page.redraws == redraws + 1  # at once, not at the next frame
    assert len(cpu.yData) == page.service.history.capacity and cpu.yData[-2] == (total - 1) % 100
    assert math.isnan(cpu.yData[-1])  # sampling restarted: a break, not a line across the pause


def test_hiding_the_page_releases_the_hold(qtbot, factory) -> None:
    page = make_page(qtbot, factory)
    assert page.is_holding() and page.figures_timer.isActive()
    page.hide()
    assert not page.is_holding() and not factory.sampler.is_running() and not page.figures_timer.isActive()
    page.show()
    assert page.is_holding() and factory.sampler.is_running()


def test_three_plots_fit_900_by_650_and_more_shows_the_rest(qtbot, factory) -> None:
    """In the window at its default size, the main plots show without scrolling; "More plots" adds three."""
    from tfgpu.gui.pages.monitor.plots import MAIN_GROUPS
    from tfgpu.gui.pages.welcome import page as welcome
    from tfgpu.gui.window.main_window import DEFAULT_SIZE

    service = MonitorService(sampler_factory=factory)
    wizard = MainWindow(specs=[welcome.PAGE, monitor_module.PAGE])  # the monitor page is built on its visit
    service.setParent(wizard.context.session)
    wizard.context.session.monitor = service
    qtbot.addWidget(wizard)
    wizard.resize(DEFAULT_SIZE)
    wizard.show()
    wizard.go_to("monitor")
    page = wizard.page_by_id("monitor")
    factory.sampler.push(make_frame(T0, gpus=(gpu_sample(0, T0, 10.0),)))
    qtbot.waitUntil(lambda: page.redraws > 0, timeout=WAIT_MS)
    shown = [key for key, group in page.plots.groups.items() if group.box.isVisible()]
    assert shown == list(MAIN_GROUPS)
    area = page.plots.parentWidget().parentWidget()  # the scroll area's viewport, then the area
    assert page.plots.height() <= area.height() and area.verticalScrollBar().maximum() == 0
    page.more_button.setChecked(True)
    assert all(group.box.isVisible() for group in page.plots.groups.values())
    page.more_button.setChecked(False)
    wizard.close()


def test_the_window_combo_sets_the_x_range(qtbot, factory) -> None:
    page = make_page(qtbot, factory)
    factory.sampler.push(make_frame(T0))
    assert page.plots.x_range() == (-60.0, 0.0)
    page.window_combo.setCurrentIndex(page.window_combo.findData(300))
    assert page.plots.x_range() == (-300.0, 0.0)
    page.set_paused(True)
    page.window_combo.setCurrentIndex(page.window_combo.findData(600))
    assert page.plots.x_range() == (-600.0, 0.0)


def test_the_interval_combo_reaches_the_sampler(qtbot, factory) -> None:
    page = make_page(qtbot, factory)
    sampler = factory.sampler
    assert sampler.interval_s == 0.5
    for i in range(4):
        sampler.push(make_frame(T0 + i))
    page.interval_combo.setCurrentIndex(page.interval_combo.findData(0.1))
    assert sampler.interval_s == 0.1 and page.service.interval_s == 0.1
    assert len(page.service.history) == 0 and page.service.history.capacity >= 6000  # ten minutes at 0.1 s
    cpu = page.plots.curve("utilisation", "cpu_percent")
    assert cpu.yData is None  # the old rings are gone from the plot too
    sampler.push(make_frame(T0 + 5, cpu=77.0))
    qtbot.waitUntil(lambda: cpu.yData is not None and list(cpu.yData) == [77.0], timeout=WAIT_MS)


# -- CSV log -------------------------------------------------------------------------------------------


def test_csv_log_starts_and_stops_from_the_page(qtbot, factory, tmp_path, monkeypatch) -> None:
    path = tmp_path / "log.csv"
    page = make_page(qtbot, factory)
    monkeypatch.setattr(page, "_ask_csv_path", lambda: str(path))
    page.csv_button.click()
    assert page.service.is_logging() and page.csv_button.text() == "Stop logging"
    page.set_paused(True)  # the log keeps the sampler going
    assert not page.is_holding() and factory.sampler.is_running()
    for i in range(3):
        factory.sampler.push(make_frame(T0 + i, cpu=20.0 + i, gpus=(gpu_sample(0, T0 + i, 50.0 + i),)))
    qtbot.waitUntil(lambda: page.csv_status.text() == f"Logging to {path}: 3 rows so far.",  # the 1 s tick
                    timeout=3 * monitor_module.FIGURES_MS)
    page.csv_button.click()
    assert not page.service.is_logging() and page.csv_button.text() == "Log to CSV…"
    assert not factory.sampler.is_running()  # paused, and the log no longer holds it
    assert page.csv_status.text() == f"Logged 3 rows to {path}."
    rows = read_csv_log(path)
    assert [r["CPU Load [%]"] for r in rows] == [20.0, 21.0, 22.0]
    assert [r["GPU Load [%]"] for r in rows] == [50.0, 51.0, 52.0] and {r["GPU"] for r in rows} == {0}


def test_the_file_dialog_suggests_a_dated_file_in_documents(qtbot, factory, monkeypatch) -> None:
    page = make_page(qtbot, factory)
    asked = []

    def fake_dialog(parent, caption, suggested, filters):  # the static QFileDialog.getSaveFileName
        asked.append((parent, suggested, filters))
        return "", ""  # the user cancels

    monkeypatch.setattr(monitor_module.QFileDialog, "getSaveFileName", staticmethod(fake_dialog))
    page.csv_button.click()
    (parent, suggested, filters), = asked
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    assert parent is page and Path(suggested).parent == Path(documents or Path.home())
    assert re.fullmatch(r"tfgpu-monitor-\d{8}-\d{6}\.csv", Path(suggested).name) and "*.csv" in filters
    assert not page.service.is_logging()


def test_a_cancelled_file_dialog_logs_nothing(qtbot, factory, monkeypatch) -> None:
    page = make_page(qtbot, factory)
    monkeypatch.setattr(page, "_ask_csv_path", lambda: "")
    page.csv_button.click()
    assert not page.service.is_logging() and page.csv_status.isHidden()


def test_a_csv_file_that_cannot_be_made_is_said_in_words(qtbot, factory, tmp_path, monkeypatch) -> None:
    page = make_page(qtbot, factory)
    monkeypatch.setattr(page, "_ask_csv_path", lambda: str(tmp_path / "no-such-folder" / "log.csv"))
    page.csv_button.click()
    assert not page.service.is_logging() and page.csv_button.text() == "Log to CSV…"
    assert page.csv_status.text().startswith("Cannot log to a CSV file: ")
    assert "No such file or directory" in page.csv_status.text()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
def test_a_full_disk_stops_the_log_with_words(qtbot, factory, monkeypatch) -> None:
    page = make_page(qtbot, factory)
    monkeypatch.setattr(page, "_ask_csv_path", lambda: "/dev/full")
    page.csv_button.click()
    assert page.service.is_logging()
    with qtbot.waitSignal(page.service.logging_changed, timeout=WAIT_MS):
        factory.sampler.push(make_frame(T0))  # the first row is flushed at once: ENOSPC
    assert not page.service.is_logging() and page.csv_button.text() == "Log to CSV…"
    text = page.csv_status.text()
    assert text.startswith("CSV logging stopped: ") and "/dev/full" in text and "No space left on device" in text
    factory.sampler.push(make_frame(T0 + 1))  # sampling goes on for the page
    assert len(page.service.history) == 2


def test_shutdown_stops_a_log_the_page_started(qtbot, factory, tmp_path, monkeypatch) -> None:
    path = tmp_path / "log.csv"
    page = make_page(qtbot, factory)
    monkeypatch.setattr(page, "_ask_csv_path", lambda: str(path))
    page.csv_button.click()
    factory.sampler.push(make_frame(T0))
    page.shutdown()
    assert not page.service.is_logging() and not page.is_holding() and not factory.sampler.is_running()
    assert len(read_csv_log(path)) == 1


def test_copy_puts_the_figures_on_the_clipboard(qtbot, factory) -> None:
    page = make_page(qtbot, factory)
    process = GpuProcess(4242, "python.exe", "compute", 2048.0)
    factory.sampler.push(make_frame(T0, gpus=(gpu_sample(0, T0, 64.0, processes=(process,)),)))
    text = page.copy_figures()
    assert QGuiApplication.clipboard().text() == text
    assert "GPU 0 · NVIDIA GeForce RTX 3060 #0\n  Load: 64 %" in text
    assert "This computer\n  CPU: 40 %" in text
    assert "0\t4242\tpython.exe\tcompute\t2048 MiB" in text


# -- the real sampler ------------------------------------------------------------------------------------


def test_no_driver_banner_with_the_real_sampler_here(qtbot) -> None:
    page = make_page(qtbot)  # this machine: psutil, and NVML absent
    page.interval_combo.setCurrentIndex(page.interval_combo.findData(0.1))
    history = page.service.history

    def settled() -> bool:  # NVML has answered, and psutil has a CPU figure (its first may be n/a)
        frame = history.last_frame
        return frame is not None and frame.gpu_status != GpuStatus.STARTING and frame.host.cpu_percent is not None

    qtbot.waitUntil(settled, timeout=WAIT_MS)
    if history.last_frame.gpu_status == GpuStatus.OK:
        pytest.skip("this machine has a working NVIDIA driver")
    assert history.last_frame.gpu_status == GpuStatus.NO_DRIVER
    page.refresh_figures()
    lines = page.banner.text.text().splitlines()
    assert page.banner.tone is Tone.WARN and lines[0].startswith("No NVIDIA driver was found")
    assert lines[-1].startswith("NVML says: ")
    qtbot.waitUntil(lambda: page.plots.note("memory") == "GPU: n/a (no NVIDIA driver)", timeout=WAIT_MS)
    for group in ("memory", "temperature", "power", "clocks", "pcie"):
        assert page.plots.note(group) == "GPU: n/a (no NVIDIA driver)"
    assert page.plots.note("utilisation") is None  # the CPU and RAM are drawn
    cpu = page.plots.curve("utilisation", "cpu_percent")
    qtbot.waitUntil(lambda: cpu.yData is not None and len(cpu.yData) >= 3, timeout=WAIT_MS)
    measured = cpu.yData[np.isfinite(cpu.yData)]  # the very first CPU figure may be n/a (psutil primes)
    assert len(measured) >= 2 and 0 <= measured.min() and measured.max() <= 100
    host = page.figures.rows("host")
    assert "n/a" not in host["cpu"] and "n/a" not in host["ram"]
    assert host["driver"] == "n/a (no NVIDIA driver)"
    assert "No process list: no NVIDIA driver." in page.processes.note.text()


def windows_rtx2080_host(tmp_path: Path):
    nvml = nvml_from_xml("windows-rtx2080-516.59-q-x.xml")
    host = FakeHost(root=tmp_path, system="Windows", env={"SystemRoot": "C:\\Windows"}, nvml_module=nvml)
    return host, nvml


def test_gpu_curves_processes_and_wddm_with_the_real_sampler(qtbot, tmp_path) -> None:
    host, nvml = windows_rtx2080_host(tmp_path)
    page = make_page(qtbot, host=host)
    page.interval_combo.setCurrentIndex(page.interval_combo.findData(0.1))
    qtbot.waitUntil(lambda: len(curve_y(page, "utilisation", "gpu_util_percent", 0)) >= 3, timeout=WAIT_MS)
    # The capture's figures (utilisation 2 %, 862 MiB used, 14.5 W of 275 W, 193/403 MHz, 29 °C, fan 37 %).
    assert set(curve_y(page, "utilisation", "gpu_util_percent", 0)) == {2.0}
    assert set(curve_y(page, "utilisation", "mem_util_percent", 0)) == {7.0}
    assert set(curve_y(page, "memory", "mem_used_mib", 0)) == {862.0}
    assert set(curve_y(page, "power", "power_w", 0)) == {14.5}
    assert set(curve_y(page, "power", "power_limit_w", 0)) == {275.0}
    assert set(curve_y(page, "clocks", "sm_clock_mhz", 0)) == {193.0}
    assert set(curve_y(page, "temperature", "temperature_c", 0)) == {29.0}
    assert all(page.plots.note(group) is None for group in page.plots.groups)
    assert "■ GPU 0 · NVIDIA GeForce RTX 2080" in page.plots.legend_texts()
    page.refresh_figures()
    assert page.banner.tone is None and page.banner.isHidden()
    rows = page.figures.rows("gpu0")
    assert rows["power"] == "14.5 W of 275 W" and rows["pstate"] == "P8" and rows["throttle"] == "idle"
    assert page.figures.rows("host")["driver"] == "516.59"
    table = page.processes.rows()
    assert table and all(row[0] == "0" and row[4] == "n/a (WDDM)" for row in table)
    assert "WDDM" in page.processes.note.text()
    # The curves follow NVML: a load starts.
    nvml.devices[0].gpu_util = 97
    qtbot.waitUntil(lambda: curve_y(page, "utilisation", "gpu_util_percent", 0)[-1] == 97.0, timeout=WAIT_MS)


def test_per_process_memory_where_nvml_gives_it(qtbot, linux_host: FakeHost) -> None:
    linux_host.nvml_module = nvml_from_xml("linux-rtx4000sffada-595.84-q-x.xml")
    page = make_page(qtbot, host=linux_host)
    page.interval_combo.setCurrentIndex(page.interval_combo.findData(0.1))
    qtbot.waitUntil(lambda: bool(page.service.history.last_frame and page.service.history.last_frame.gpus),
                    timeout=WAIT_MS)
    page.refresh_figures()
    table = page.processes.rows()
    assert ["0", "1842"] == table[0][:2] and table[0][4] == "410 MiB"
    assert not any("n/a" in row[4] for row in table) and "WDDM" not in page.processes.note.text()


def test_closing_the_wizard_leaves_no_monitor_thread(qtbot, tmp_path) -> None:
    before = set(threading.enumerate())
    host, _nvml = windows_rtx2080_host(tmp_path)
    wizard = MainWindow(host=host, specs=[monitor_module.PAGE])
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_by_id("monitor")
    assert wizard.current_page_id() == "monitor"
    qtbot.waitUntil(lambda: page.service.is_running() and bool(page.service.history.last_frame), timeout=WAIT_MS)
    assert "tfgpu-monitor" in monitor_threads()
    wizard.close()  # -> done() -> shutdown(): the page lets go, then the service stops the sampler
    assert not page.service.is_running() and not page.is_holding()
    qtbot.waitUntil(lambda: not monitor_threads(), timeout=WAIT_MS)  # the NVML thread too
    assert [t for t in threading.enumerate() if t not in before and t.is_alive()] == []
    time.sleep(0.3)  # frames already queued to the GUI thread do nothing after the end
    qtbot.wait(50)
    assert not page.service.is_running()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux's /dev/full")
def test_stopping_a_log_whose_last_flush_fails_keeps_the_error(qtbot) -> None:
    # The disk fills within the last second before Stop: the final flush fails, and says so.
    from fakes.fake_monitor import FakeSamplerFactory, frame
    from tfgpu.gui.monitor_service import MonitorService

    factory = FakeSamplerFactory(threaded=False)
    service = MonitorService(sampler_factory=factory)
    try:
        service.start_csv("/dev/full")
        service._csv._last_flush = time.monotonic()  # as if a row was flushed just now: the next waits
        factory.sampler.push(frame())
        assert service.is_logging() and service.csv_error is None  # buffered, not yet flushed
        service.stop_csv()
        assert not service.is_logging()
        assert service.csv_error is not None and "No space left on device" in service.csv_error
    finally:
        service.shutdown()
