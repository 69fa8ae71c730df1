"""The mini-monitor strip: fed by the shared MonitorService (a fake sampler here, the real one
where it can be built), curves made once and fed from the rings, figures in words (never a 0
for a GPU that cannot be read), holding the service only while started and visible, popping
out into an always-on-top window and docking back, on the Benchmark page and in a wizard that
closes with no monitor thread left."""

from __future__ import annotations

import gc
import math
import os
import threading

import numpy as np
import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt, QThread  # noqa: E402
from PySide6.QtWidgets import QVBoxLayout, QWidget  # noqa: E402

from fakes.fake_monitor import FakeSamplerFactory, frame, gpu  # noqa: E402
from tfgpu.core.monitor.samples import GpuState, GpuStatus  # noqa: E402
from tfgpu.gui.monitor_service import MonitorService  # noqa: E402
from tfgpu.gui.page_registry import PageContext  # noqa: E402
from tfgpu.gui.pages.benchmark import page as benchmark_module  # noqa: E402
from tfgpu.gui.pages.benchmark.mini_monitor import MiniMonitor, gap_breaks  # noqa: E402
from tfgpu.gui.pages.benchmark.page import BenchmarkPage  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402

T0 = 1_800_000_000.0


def make_service(threaded: bool = False, **kwargs) -> tuple[MonitorService, FakeSamplerFactory]:
    factory = FakeSamplerFactory(threaded=threaded, make_frame=kwargs.pop("make_frame", None))
    return MonitorService(interval_s=kwargs.pop("interval_s", 0.1), sampler_factory=factory, **kwargs), factory


@pytest.fixture
def service(qtbot):
    service, factory = make_service()
    service.factory = factory
    yield service
    service.shutdown()


def in_page(qtbot, service: MonitorService) -> tuple[QWidget, MiniMonitor]:
    """A stand-in page: a widget whose layout holds the strip."""
    page = QWidget()
    layout = QVBoxLayout(page)
    mini = MiniMonitor(service)
    layout.addWidget(mini)
    qtbot.addWidget(page, before_close_func=lambda _p: mini.shutdown())
    page.show()
    return page, mini


def curve_xy(curve) -> tuple[list[float], list[float]]:
    x, y = curve.getData()
    return ([] if x is None else list(x)), ([] if y is None else list(y))


# -- the strip follows the frames ---------------------------------------------------------------


def test_the_curves_are_made_once_and_follow_the_frames(qtbot, service) -> None:
    _page, mini = in_page(qtbot, service)
    mini.start()
    sampler = service.factory.sampler
    assert mini.is_holding() and service.is_running()
    assert mini.texts() == ["CPU n/a", "RAM n/a", "GPU: reading…"]  # nothing read yet: no zeros

    utils, used = [10.0, 57.0, None, 80.0], [1536.0, 3072.0, 3072.0, None]
    cpu_curve, ram_curve = mini.curves["cpu"], mini.curves["ram"]
    for tick, (util, mem) in enumerate(zip(utils, used)):
        t = T0 + 0.1 * tick
        sampler.push(frame(t, cpu=20.0 + tick, ram=50.0, status=GpuStatus.OK, gpus=(gpu(0, t, util, mem),)))
    qtbot.waitUntil(lambda: len(curve_xy(mini.curves["cpu"])[0]) == 4, timeout=2_000)  # the render timer
    assert mini.curves["cpu"] is cpu_curve and mini.curves["ram"] is ram_curve  # the same items
    gpu0 = mini.gpus[0]
    x, cpu = curve_xy(cpu_curve)
    assert cpu == [20.0, 21.0, 22.0, 23.0]
    assert x == pytest.approx([-0.3, -0.2, -0.1, 0.0])  # seconds before the newest frame
    _, util = curve_xy(gpu0.util)
    assert util[:2] == [10.0, 57.0] and math.isnan(util[2]) and util[3] == 80.0  # unknown: a gap
    _, mem = curve_xy(gpu0.mem)
    assert mem[:3] == pytest.approx([12.5, 25.0, 25.0]) and math.isnan(mem[3])
    util_curve = gpu0.util

    t = T0 + 0.4
    sampler.push(frame(t, cpu=30.0, ram=60.0, status=GpuStatus.OK, gpus=(gpu(0, t, 57.0, 3072.0),)))
    qtbot.waitUntil(lambda: len(curve_xy(cpu_curve)[0]) == 5, timeout=2_000)
    assert mini.gpus[0].util is util_curve and len(mini.plot.listDataItems()) == 4  # cpu, ram, util, mem
    qtbot.waitUntil(lambda: mini.texts()[0] == "CPU 30%", timeout=3_000)  # the slower label timer
    assert mini.texts() == ["CPU 30%", "RAM 60%", "GPU 57%", "GPU memory 25%"]
    assert mini.frames_received == 5


def test_no_gpu_is_words_and_gaps_never_zeros(qtbot, service) -> None:
    _page, mini = in_page(qtbot, service)
    mini.start()
    for tick in range(3):
        service.factory.sampler.push(frame(T0 + tick, cpu=40.0, ram=55.0, status=GpuStatus.NO_DRIVER))
    mini.refresh()
    assert mini.texts() == ["CPU 40%", "RAM 55%", "GPU: n/a (no NVIDIA driver)"]
    assert mini.gpus == {}  # no GPU curve drawn at all, so no line at 0
    service.factory.sampler.push(frame(T0 + 3, cpu=None, ram=None, status=GpuStatus.NO_DRIVER))
    mini.refresh()
    assert mini.texts() == ["CPU n/a", "RAM n/a", "GPU: n/a (no NVIDIA driver)"]
    _, cpu = curve_xy(mini.curves["cpu"])
    assert cpu[:3] == [40.0, 40.0, 40.0] and math.isnan(cpu[3])


@pytest.mark.parametrize("status, words", [
    (GpuStatus.STARTING, "GPU: reading…"),
    (GpuStatus.NOT_RESPONDING, "GPU: n/a (the NVIDIA driver does not answer)"),
    (GpuStatus.NO_GPUS, "GPU: n/a (no NVIDIA GPU found)"),
    (GpuStatus.ERROR, "GPU: n/a (NVML error)"),
])
def test_each_gpu_status_has_its_words(qtbot, service, status, words) -> None:
    _page, mini = in_page(qtbot, service)
    mini.start()
    service.factory.sampler.push(frame(T0, status=status, reason="nvmlInit did not return within 5 s"))
    mini.refresh()
    assert mini.texts() == ["CPU 40%", "RAM 55%", words]
    assert mini.gpu_note.toolTip() == "nvmlInit did not return within 5 s"


def test_several_gpus_and_a_lost_one(qtbot, service) -> None:
    _page, mini = in_page(qtbot, service)
    mini.start()
    ok = (gpu(0, T0, 90.0, 6144.0), gpu(1, T0, 5.0, 0.0))
    service.factory.sampler.push(frame(T0, status=GpuStatus.OK, gpus=ok))
    lost = (gpu(0, T0 + 1, 91.0, 6144.0), gpu(1, T0 + 1, None, None, state=GpuState.LOST))
    service.factory.sampler.push(frame(T0 + 1, status=GpuStatus.OK, gpus=lost))
    mini.refresh()
    assert mini.texts() == ["CPU 40%", "RAM 55%", "GPU 0 91%", "GPU 0 memory 50%", "GPU 1: lost (stopped answering)"]
    _, util1 = curve_xy(mini.gpus[1].util)
    assert util1[0] == 5.0 and math.isnan(util1[1])  # a real 0 stays 0 and a lost GPU is a gap
    _, mem1 = curve_xy(mini.gpus[1].mem)
    assert mem1[0] == 0.0 and math.isnan(mem1[1])


def test_the_rings_do_not_grow(qtbot) -> None:
    service, factory = make_service(span_s=2.0)  # 21 samples at 0.1 s
    try:
        _page, mini = in_page(qtbot, service)
        mini.start()
        capacity = service.history.capacity
        for tick in range(3 * capacity):
            factory.sampler.push(frame(T0 + 0.1 * tick, cpu=float(tick % 100)))
        mini.refresh()
        x, cpu = curve_xy(mini.curves["cpu"])
        assert len(service.history) == capacity and len(x) == capacity
        assert cpu[-1] == float((3 * capacity - 1) % 100)
    finally:
        service.shutdown()


def test_a_pause_is_a_break_in_the_line_not_a_bridge() -> None:
    x = np.array([-10.0, -9.5, -1.0, -0.5, 0.0])
    y = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    gx, (gy,) = gap_breaks(x, [y], 2.0)
    assert list(gx) == [-10.0, -9.5, -5.25, -1.0, -0.5, 0.0]
    assert math.isnan(gy[2]) and list(gy[[0, 1, 3, 4, 5]]) == [1.0, 2.0, 3.0, 4.0, 5.0]
    same_x, (same_y,) = gap_breaks(x[2:], [y[2:]], 2.0)
    assert same_x is x[2:] or np.shares_memory(same_x, x)  # no pause: no copy
    assert np.shares_memory(same_y, y)


# -- holding the service ---------------------------------------------------------------------------


def test_it_holds_the_service_only_while_started_and_visible(qtbot, service) -> None:
    page, mini = in_page(qtbot, service)
    assert not service.is_running()  # built and shown, not started: no sampling
    mini.hide()
    mini.start()
    assert mini.is_running() and not mini.is_holding() and not service.is_running()
    mini.show()
    assert mini.is_holding() and service.is_held_by(mini) and service.is_running()
    page.hide()  # another wizard page is shown: the strip lets go
    assert not mini.is_holding() and not service.is_running()
    page.show()
    assert mini.is_holding() and service.is_running()
    service.factory.sampler.push(frame(T0))
    mini.stop()
    assert not mini.is_holding() and not service.is_held_by(mini) and not service.is_running()
    service.factory.sampler.push(frame(T0 + 1, cpu=99.0))  # someone else's frame: not followed
    assert mini.frames_received == 1 and mini.texts()[0] == "CPU 40%"
    # Another holder (the Monitor page) keeps the sampler running when the strip lets go.
    other = object()
    service.acquire(other)
    mini.start()
    mini.stop()
    assert service.is_running()
    service.release(other)
    assert not service.is_running()


def test_a_monitor_that_cannot_start_says_so(qtbot) -> None:
    def broken(*_args, **_kwargs):
        raise RuntimeError("psutil is missing")

    service = MonitorService(sampler_factory=broken)
    _page, mini = in_page(qtbot, service)
    mini.start()
    assert not mini.is_holding()
    assert mini.texts()[-1] == "Monitor: could not start (psutil is missing)"
    service.shutdown()


# -- pop out and dock ----------------------------------------------------------------------------------


def test_pop_out_into_an_always_on_top_window_and_dock_back(qtbot, service) -> None:
    page, mini = in_page(qtbot, service)
    mini.start()
    sampler = service.factory.sampler
    changes: list[bool] = []
    mini.popped_out_changed.connect(changes.append)

    mini.pop_button.click()
    window = mini.floating_window
    assert mini.is_popped_out() and window is not None
    assert mini.body.window() is window and window.isWindow() and window.isVisible()
    assert window.parentWidget() is None  # stays up when the wizard is minimised
    assert window.windowFlags() & Qt.WindowType.WindowStaysOnTopHint
    assert window.windowFlags() & Qt.WindowType.Tool == Qt.WindowType.Tool
    assert mini.body.isVisible() and not mini.placeholder.isHidden()
    assert mini.pop_button.text() == "Dock"
    assert mini.is_holding() and sampler.starts == 1  # one move: the sampler never stopped
    page.hide()  # the strip keeps watching from its window while the page is away
    assert mini.is_holding() and service.is_running()
    sampler.push(frame(T0, cpu=12.0))
    mini.refresh()
    assert mini.texts()[0] == "CPU 12%"

    page.show()
    mini.pop_button.click()
    assert not mini.is_popped_out() and not window.isVisible()
    assert mini.body.parentWidget() is mini and mini.layout().indexOf(mini.body) == 0
    assert page.layout().indexOf(mini) == 0 and mini.placeholder.isHidden()
    assert mini.pop_button.text() == "Pop out" and mini.is_holding() and sampler.starts == 1

    mini.pop_out()
    assert mini.floating_window is window and window.isVisible()  # the same window, made once
    window.close()  # closing the window docks the strip
    assert not mini.is_popped_out() and mini.body.parentWidget() is mini and mini.body.isVisible()
    assert changes == [True, False, True, False]


def test_shutdown_while_popped_out_docks_and_releases(qtbot, service) -> None:
    _page, mini = in_page(qtbot, service)
    mini.start()
    mini.pop_out()
    mini.shutdown()
    assert not mini.is_popped_out() and mini.floating_window is None
    assert not mini.is_holding() and not service.is_running()
    mini.start()
    assert not mini.is_holding()  # nothing starts after shutdown


# -- on the Benchmark page and in the wizard ------------------------------------------------------------


def test_the_benchmark_page_shows_the_monitor_on_request(qtbot, service) -> None:
    page = BenchmarkPage(PageContext(), monitor=service)
    qtbot.addWidget(page, before_close_func=lambda p: p.shutdown())
    page.show()
    assert page.mini_monitor.isHidden() and not service.is_running()
    page.monitor_toggle.setChecked(True)
    assert page.mini_monitor.isVisible() and page.mini_monitor.is_holding() and service.is_running()
    service.factory.sampler.push(frame(T0))
    page.mini_monitor.refresh()
    assert page.mini_monitor.texts() == ["CPU 40%", "RAM 55%", "GPU: n/a (no NVIDIA driver)"]
    page.mini_monitor.pop_out()
    assert page.mini_monitor.floating_window.isVisible()
    page.monitor_toggle.setChecked(False)  # off: docked and hidden, the service let go
    assert page.mini_monitor.isHidden() and not page.mini_monitor.is_popped_out()
    assert not service.is_running()


def _monitor_threads() -> list[str]:
    return [t.name for t in threading.enumerate() if t.name.startswith("tfgpu-monitor")]


def _running_qthreads() -> list[QThread]:
    running = []
    for obj in gc.get_objects():
        if isinstance(obj, QThread):
            try:
                if obj.isRunning():
                    running.append(obj)
            except RuntimeError:  # its C++ object is gone: not running
                pass
    return running


def _wizard_with_monitor(qtbot, service: MonitorService | None = None) -> tuple[MainWindow, BenchmarkPage]:
    wizard = MainWindow(specs=[benchmark_module.PAGE])
    qtbot.addWidget(wizard)
    if service is not None:
        service.setParent(wizard.context.session)
        wizard.context.session.monitor = service  # what monitor_service(context) hands out
    wizard.show()
    page = wizard.page_by_id("benchmark")
    assert isinstance(page, BenchmarkPage)
    page.monitor_toggle.setChecked(True)
    return wizard, page


def test_closing_the_wizard_leaves_no_monitor_thread(qtbot) -> None:
    service, factory = make_service(threaded=True)
    wizard, page = _wizard_with_monitor(qtbot, service)
    qtbot.waitUntil(lambda: page.mini_monitor.frames_received >= 3, timeout=5_000)
    assert _monitor_threads() and page.mini_monitor.texts()[-1] == "GPU: n/a (no NVIDIA driver)"
    page.mini_monitor.pop_out()
    wizard.close()  # -> done() -> pages' shutdown, then the monitor's
    assert not page.mini_monitor.is_popped_out() and not service.is_running()
    assert factory.sampler.closed
    qtbot.waitUntil(lambda: not _monitor_threads(), timeout=5_000)
    assert not _running_qthreads()


def test_the_real_sampler_in_the_wizard_then_no_thread_left(qtbot) -> None:
    wizard, page = _wizard_with_monitor(qtbot)  # the service as the app makes it
    mini = page.mini_monitor
    qtbot.waitUntil(lambda: mini.frames_received >= 2, timeout=10_000)
    mini.refresh()
    texts = mini.texts()
    assert texts[0].startswith("CPU ") and texts[0] != "CPU n/a" and texts[1].startswith("RAM ")
    if not mini.gpus:  # this machine has no NVIDIA driver: said in words, no GPU curve
        assert texts[2:] in (["GPU: n/a (no NVIDIA driver)"], ["GPU: reading…"], ["GPU: n/a (NVML error)"])
    wizard.close()
    qtbot.waitUntil(lambda: not _monitor_threads(), timeout=10_000)
    assert not _running_qthreads()
