"""The host half of a monitor tick: CPU, RAM and this app's own process, via psutil.

Never blocks and never raises: a figure psutil cannot give is None.

CPU % is computed here from ``cpu_times(percpu=True)`` deltas (one ``/proc/stat``
read per tick for both the total and the per-core figures) rather than with
``psutil.cpu_percent(interval=None)``: that keeps its "since the last call"
state in module globals, so any other caller in the process would silently
shorten our measuring window.
The busy/total arithmetic is psutil's own (``_cpu_busy_time``/``_cpu_tot_time``).
"""

from __future__ import annotations

import logging
import math
import time
from math import nan
from typing import Any

from tfgpu.core.monitor.samples import HostSample

log = logging.getLogger(__name__)
_MIB = 1024.0 * 1024.0
MIN_CPU_WINDOW_S = 0.05  # CPU % over less than this is noise
SLOW_TTL_S = 1.0  # RAM and this process's CPU/RSS: read at most this often


def _busy_total(times: Any) -> tuple[float, float]:
    """(busy, total) seconds of one ``scputimes``, the way psutil counts them."""
    total = sum(times)
    total -= getattr(times, "guest", 0.0) + getattr(times, "guest_nice", 0.0)  # Linux: inside user/nice
    idle = times.idle + getattr(times, "iowait", 0.0)
    return total - idle, total


def _percent(busy: float, total: float) -> float | None:
    if total <= 0:
        return None  # no time passed (two reads within one clock tick)
    return min(100.0, max(0.0, 100.0 * busy / total))


class HostSource:
    """Create once (that primes the counters), then :meth:`read` every tick."""

    def __init__(self) -> None:
        try:
            import psutil
        except Exception as exc:  # noqa: BLE001 - psutil is a dependency, but be safe
            log.warning("psutil unavailable, no host figures: %s", exc)
            psutil = None
        self._psutil: Any = psutil
        self._last: list[tuple[float, float]] | None = None
        self._last_at = time.monotonic()
        self._process: Any = None
        self._process_last: tuple[float, float] | None = None  # (monotonic s, user+system s)
        # RAM and this process's figures move slowly: read at most every SLOW_TTL_S.
        self._slow: tuple[float | None, ...] = (None, None, None, None, None)
        self._slow_at = -math.inf
        if psutil is None:
            return
        self._last = self._cpu_times()
        try:
            self._process = psutil.Process()
        except Exception:  # noqa: BLE001
            self._process = None
        self._process_cpu()  # primes: the next read measures since now

    def _cpu_times(self) -> list[tuple[float, float]] | None:
        try:
            return [_busy_total(t) for t in self._psutil.cpu_times(percpu=True)]
        except Exception:  # noqa: BLE001
            return None

    def read(self) -> HostSample:
        now = time.time()
        ps = self._psutil
        if ps is None:
            return HostSample(timestamp=now)
        cpu, per_cpu = self._cpu()
        if time.monotonic() - self._slow_at >= SLOW_TTL_S:
            self._slow = self._read_slow()
            if self._slow[3] is not None or self._process is None:  # its CPU needs two reads: retry
                self._slow_at = time.monotonic()
        ram_used, ram_total, ram_percent, proc_cpu, proc_rss = self._slow
        return HostSample(
            timestamp=now,
            cpu_percent=cpu,
            per_cpu_percent=per_cpu,
            ram_used_mib=ram_used,
            ram_total_mib=ram_total,
            ram_percent=ram_percent,
            process_cpu_percent=proc_cpu,
            process_rss_mib=proc_rss,
        )

    def reset(self) -> None:
        """Measure CPU use from now on (a restart after a pause must not report the whole gap)."""
        if self._psutil is None:
            return
        self._last = self._cpu_times()
        self._last_at = time.monotonic()
        self._process_last = None
        self._process_cpu()
        self._slow_at = -math.inf

    def _read_slow(self) -> tuple[float | None, ...]:
        ram_used = ram_total = ram_percent = None
        try:
            vm = self._psutil.virtual_memory()
            ram_total = vm.total / _MIB
            ram_used = (vm.total - vm.available) / _MIB  # "in use", so used/total == percent
            ram_percent = float(vm.percent)
        except Exception:  # noqa: BLE001
            pass
        proc_cpu = self._process_cpu()
        proc_rss = None
        if self._process is not None:
            try:
                proc_rss = self._process.memory_info().rss / _MIB
            except Exception:  # noqa: BLE001
                pass
        return ram_used, ram_total, ram_percent, proc_cpu, proc_rss

    def _process_cpu(self) -> float | None:
        """This process's CPU use since the previous read, % of one core."""
        if self._process is None:
            return None
        try:
            times = self._process.cpu_times()
        except Exception:  # noqa: BLE001
            return None
        now, used = time.monotonic(), times.user + times.system
        last = self._process_last
        if last is not None and now - last[0] < MIN_CPU_WINDOW_S:
            return None  # too short to measure: keep the old baseline
        self._process_last = (now, used)
        if last is None:
            return None
        return max(0.0, 100.0 * (used - last[1]) / (now - last[0]))

    def _cpu(self) -> tuple[float | None, tuple[float, ...]]:
        """Total and per-core busy % since the previous read."""
        now = time.monotonic()
        if self._last is not None and now - self._last_at < MIN_CPU_WINDOW_S:
            return None, ()  # too short to mean anything (clock ticks are 10 ms): keep the baseline
        current = self._cpu_times()
        last = self._last
        if current is None or last is None or len(current) != len(last):
            self._last, self._last_at = current, now
            return None, ()  # first read after a failure, or CPUs came/went
        deltas = [(max(0.0, b - b0), max(0.0, t - t0)) for (b, t), (b0, t0) in zip(current, last)]
        busy_sum = sum(d[0] for d in deltas)
        total_sum = sum(d[1] for d in deltas)
        if total_sum <= 0:
            return None, ()  # read again within one clock tick: keep the old baseline
        self._last, self._last_at = current, now
        per_cpu = tuple(nan if p is None else p for p in (_percent(b, t) for b, t in deltas))
        return _percent(busy_sum, total_sum), per_cpu
