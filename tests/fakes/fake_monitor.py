"""A stand-in for ``core.monitor.sampler.MonitorSampler`` for GUI tests: no psutil, no NVML.

It has the sampler's shape (``start/stop/close/is_running/set_interval``, ``on_frame``
called from its own plain ``threading.Thread``, like the real one) and sends a frame
made by ``make_frame(tick)`` every ``interval_s``. ``push`` sends one frame at once
from the caller's thread, for step-by-step tests.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from tfgpu.core.monitor.samples import GpuSample, GpuStatus, HostSample, MonitorFrame

THREAD_NAME = "tfgpu-monitor-fake"


def frame(
    t: float | None = None,
    cpu: float | None = 40.0,
    ram: float | None = 55.0,
    status: str = GpuStatus.NO_DRIVER,
    gpus: tuple[GpuSample, ...] = (),
    reason: str | None = None,
) -> MonitorFrame:
    t = time.time() if t is None else t
    return MonitorFrame(timestamp=t, host=HostSample(timestamp=t, cpu_percent=cpu, ram_percent=ram),
                        gpus=gpus, gpu_status=status, gpu_reason=reason)


def gpu(index: int, t: float, util: float | None, used_mib: float | None, total_mib: float = 12288.0,
        **kwargs) -> GpuSample:
    return GpuSample(index=index, timestamp=t, name=f"NVIDIA GeForce RTX 3060 #{index}",
                     gpu_util_percent=util, mem_used_mib=used_mib, mem_total_mib=total_mib, **kwargs)


class FakeSampler:
    def __init__(self, host: object = None, *, interval_s: float = 0.5,
                 on_frame: Callable[[MonitorFrame], None],
                 make_frame: Callable[[int], MonitorFrame] | None = None, threaded: bool = True) -> None:
        self.interval_s = interval_s
        self.threaded = threaded  # False: no thread, the test pushes every frame
        self.on_frame = on_frame
        self.make_frame = make_frame or (lambda _tick: frame())
        self.starts = 0
        self.frames_sent = 0
        self.closed = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._running = False

    def start(self) -> None:
        if self.closed or self.is_running():
            return
        self.starts += 1
        self._running = True
        self._stop.clear()
        if not self.threaded:
            return
        self._thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while True:
            self.push(self.make_frame(self.frames_sent))
            if self._stop.wait(self.interval_s):
                return

    def push(self, value: MonitorFrame) -> None:
        self.frames_sent += 1
        self.on_frame(value)

    def stop(self) -> None:
        self._running = False
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join(5.0)

    def close(self) -> None:
        self.stop()
        self.closed = True

    def is_running(self) -> bool:
        if not self.threaded:
            return self._running
        return self._thread is not None and self._thread.is_alive()

    def set_interval(self, seconds: float) -> None:
        self.interval_s = seconds


class FakeSamplerFactory:
    """``sampler_factory`` for ``MonitorService``; remembers the samplers it made."""

    def __init__(self, make_frame: Callable[[int], MonitorFrame] | None = None, threaded: bool = True) -> None:
        self.make_frame = make_frame
        self.threaded = threaded
        self.made: list[FakeSampler] = []

    def __call__(self, host: object = None, *, interval_s: float, on_frame: Callable[[MonitorFrame], None]):
        sampler = FakeSampler(host, interval_s=interval_s, on_frame=on_frame, make_frame=self.make_frame,
                              threaded=self.threaded)
        self.made.append(sampler)
        return sampler

    @property
    def sampler(self) -> FakeSampler:
        return self.made[-1]
