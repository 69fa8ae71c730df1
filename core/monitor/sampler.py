"""The monitor's sampler: one thread, one :class:`MonitorFrame` per tick.

NVML is initialised once, on its own daemon thread ("tfgpu-monitor-nvml"): a
stuck driver can hang ``nvmlInit`` for ever, and the host figures must keep
coming meanwhile (frames say STARTING, then NOT_RESPONDING after the patience).
Ticks follow a monotonic deadline grid: no drift, and after a stall the missed
ticks are skipped, not caught up in a burst. The thread waits on an Event, so
:meth:`MonitorSampler.stop` returns at once whatever the interval.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable

from tfgpu.core.host import Host, RealHost
from tfgpu.core.monitor.host_source import HostSource
from tfgpu.core.monitor.nvml_source import NvmlSource
from tfgpu.core.monitor.samples import (
    DEFAULT_INTERVAL_S,
    MIN_INTERVAL_S,
    GpuStatus,
    HostSample,
    MonitorFrame,
)

log = logging.getLogger(__name__)

THREAD_NAME = "tfgpu-monitor"
NVML_THREAD_NAME = "tfgpu-monitor-nvml"
FIRST_TICK_WAIT_S = 0.5  # the first tick gives nvmlInit this long (at most half the patience)
MAX_INTERVAL_S = 86_400.0


def next_deadline(scheduled: float, now: float, interval: float) -> float:
    """The first point of the grid ``scheduled + k * interval`` (k >= 1) after ``now``:
    no drift, and ticks missed during a stall are skipped rather than caught up."""
    steps = max(1, math.floor((now - scheduled) / interval) + 1)
    return scheduled + steps * interval


class MonitorSampler:
    """Samples the host (psutil) and every GPU (NVML) at ``interval_s``.

    ``on_frame`` is called on the sampler thread after each tick of that thread
    (not for :meth:`sample_once` called by you); an exception in it is logged and
    the sampling goes on.
    """

    def __init__(
        self,
        host: Host | None = None,
        *,
        interval_s: float = DEFAULT_INTERVAL_S,
        on_frame: Callable[[MonitorFrame], None] | None = None,
        nvml_patience_s: float = 5.0,
    ) -> None:
        self._host = host if host is not None else RealHost()
        self._interval = self._clamp(interval_s)
        self._on_frame = on_frame
        self._patience = max(0.0, float(nvml_patience_s))
        self._host_source = HostSource()  # primes the CPU counters now
        self._nvml = NvmlSource(self._host)
        self._nvml_thread: threading.Thread | None = None
        self._nvml_started = 0.0
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._wake = threading.Event()  # stop() or set_interval(): re-plan the wait
        self._state_lock = threading.Lock()  # start/stop/close and the NVML thread
        self._tick_lock = threading.Lock()  # one tick at a time
        self._frames = 0
        self._generation = 0
        self._closed = False

    # -- settings and state ---------------------------------------------------
    @staticmethod
    def _clamp(seconds: float) -> float:
        try:
            value = float(seconds)
        except (TypeError, ValueError):
            return DEFAULT_INTERVAL_S
        if not value >= MIN_INTERVAL_S:  # NaN too
            return MIN_INTERVAL_S
        return min(value, MAX_INTERVAL_S)

    @property
    def interval_s(self) -> float:
        return self._interval

    @interval_s.setter
    def interval_s(self, seconds: float) -> None:
        self.set_interval(seconds)

    def set_interval(self, seconds: float) -> None:
        """Clamped to >= MIN_INTERVAL_S; the next tick is planned with it."""
        self._interval = self._clamp(seconds)
        self._wake.set()

    @property
    def frames(self) -> int:
        return self._frames

    @property
    def gpu_status(self) -> str:
        return self._gpu_state()[0]

    @property
    def gpu_reason(self) -> str | None:
        return self._gpu_state()[1]

    def is_running(self) -> bool:
        thread = self._thread
        return thread is not None and thread.is_alive()

    # -- NVML -----------------------------------------------------------------
    def _start_nvml(self) -> None:
        with self._state_lock:
            if self._nvml_thread is not None or self._closed:
                return
            self._nvml_started = time.monotonic()
            self._nvml_thread = threading.Thread(target=self._nvml.open, name=NVML_THREAD_NAME, daemon=True)
            self._nvml_thread.start()

    def _gpu_state(self) -> tuple[str, str | None]:
        if self._nvml.ready.is_set():
            return self._nvml.status, self._nvml.reason
        if self._nvml_thread is None:
            return GpuStatus.STARTING, None
        waited = time.monotonic() - self._nvml_started
        if waited < self._patience:
            return GpuStatus.STARTING, None
        return GpuStatus.NOT_RESPONDING, f"nvmlInit has not returned after {waited:.1f} s"

    # -- ticks ----------------------------------------------------------------
    def sample_once(self) -> MonitorFrame:
        """One synchronous tick. Never raises."""
        if self._nvml_thread is None:
            self._start_nvml()
        with self._tick_lock:
            if self._frames == 0:
                self._wait_for_nvml(min(FIRST_TICK_WAIT_S, self._patience / 2))
            try:
                host = self._host_source.read()
                status, reason = self._gpu_state()
                gpus = self._nvml.read() if status == GpuStatus.OK else ()
                frame = MonitorFrame(
                    timestamp=host.timestamp,
                    host=host,
                    gpus=gpus,
                    gpu_status=status,
                    gpu_reason=reason,
                    driver_version=self._nvml.driver_version,
                )
            except Exception as exc:  # noqa: BLE001 - the sources never raise; belt and braces
                log.exception("monitor tick")
                now = time.time()
                frame = MonitorFrame(now, HostSample(now), gpu_status=GpuStatus.ERROR,
                                     gpu_reason=f"{type(exc).__name__}: {exc}")
            self._frames += 1
            return frame

    def _wait_for_nvml(self, limit: float) -> None:
        """Give nvmlInit up to ``limit`` seconds, in short steps so stop() is not held up."""
        end = time.monotonic() + limit
        while not self._nvml.ready.is_set() and not self._stopping:
            left = end - time.monotonic()
            if left <= 0:
                return
            self._nvml.ready.wait(min(left, 0.02))

    def _run(self, generation: int) -> None:
        deadline = time.monotonic()
        while not self._stopping and generation == self._generation:
            frame = self.sample_once()
            if generation != self._generation:
                return  # a stop() that gave up on us, then a new start(): the new thread goes on
            if self._on_frame is not None and not self._stopping:
                try:
                    self._on_frame(frame)
                except Exception:  # noqa: BLE001 - a bad consumer must not stop the monitor
                    log.exception("monitor on_frame callback failed")
            scheduled = deadline
            while not self._stopping:
                now = time.monotonic()
                deadline = next_deadline(scheduled, now, self._interval)
                self._wake.wait(deadline - now)
                if not self._wake.is_set():
                    break  # the deadline came
                self._wake.clear()  # stop() or a new interval: check and re-plan

    # -- lifecycle ------------------------------------------------------------
    def start(self) -> None:
        """Start the sampler thread (no-op when running or closed)."""
        self._start_nvml()  # first, so the first tick gives it its full grace
        with self._state_lock:
            if self._closed or (self.is_running() and not self._stopping):
                return
            # A thread that a timed-out stop() left behind ends at its next check.
            self._generation += 1
            self._stopping = False
            self._wake.clear()
            self._host_source.reset()  # CPU % measured from now, not since the last run
            self._thread = threading.Thread(target=self._run, args=(self._generation,), name=THREAD_NAME,
                                            daemon=True)
            self._thread.start()

    def stop(self, timeout: float = 2.0) -> bool:
        """Ask the thread to end and wait up to ``timeout``; True when it has ended."""
        with self._state_lock:
            thread = self._thread
            self._stopping = True
            self._wake.set()
        if thread is None:
            return True
        if thread is not threading.current_thread():
            thread.join(timeout)
        ended = not thread.is_alive()
        if ended:
            with self._state_lock:
                if self._thread is thread:
                    self._thread = None
        return ended

    def close(self) -> None:
        """Stop, then shut NVML down (once). The sampler cannot be started again."""
        self.stop()
        with self._state_lock:
            self._closed = True
        self._nvml.close()
