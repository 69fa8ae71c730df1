"""Rings of every plotted figure, fed one :class:`MonitorFrame` at a time.

One ring per host metric and per (GPU, metric); all share the time ring, so
``times()`` and ``host(...)``/``gpu(...)`` views line up index by index. A GPU
first seen later is back-filled with NaN, so its rings line up too.
"""

from __future__ import annotations

import math

import numpy as np

from tfgpu.core.monitor.ring import RingBuffer
from tfgpu.core.monitor.samples import (
    DEFAULT_INTERVAL_S,
    GpuSample,
    GpuState,
    MonitorFrame,
)

DEFAULT_SPAN_S = 600.0  # ten minutes

HOST_METRICS = ("cpu_percent", "ram_percent", "ram_used_mib", "process_cpu_percent", "process_rss_mib")
GPU_METRICS = (
    "gpu_util_percent",
    "mem_util_percent",
    "mem_used_mib",
    "mem_used_percent",
    "temperature_c",
    "fan_percent",
    "power_w",
    "power_limit_w",
    "sm_clock_mhz",
    "mem_clock_mhz",
    "pcie_rx_mib_s",
    "pcie_tx_mib_s",
)


def capacity_for(span_s: float = DEFAULT_SPAN_S, interval_s: float = DEFAULT_INTERVAL_S) -> int:
    """Samples needed to hold ``span_s`` seconds at ``interval_s``."""
    return max(2, int(math.ceil(span_s / max(interval_s, 1e-3))) + 1)


class MonitorHistory:
    def __init__(self, capacity: int = capacity_for()) -> None:
        self.capacity = capacity
        self._times = RingBuffer(capacity)
        self._host = {name: RingBuffer(capacity) for name in HOST_METRICS}
        self._gpus: dict[int, dict[str, RingBuffer]] = {}
        self.gpu_names: dict[int, str | None] = {}
        self.last_frame: MonitorFrame | None = None
        self.frames_seen = 0

    def __len__(self) -> int:
        return len(self._times)

    def append(self, frame: MonitorFrame) -> None:
        self._times.append(frame.timestamp)
        for name, ring in self._host.items():
            ring.append(getattr(frame.host, name))
        seen = set()
        for gpu in frame.gpus:
            rings = self._gpus.get(gpu.index)
            if rings is None:
                rings = self._new_gpu(gpu.index)
            self.gpu_names[gpu.index] = gpu.name or self.gpu_names.get(gpu.index)
            lost = gpu.state != GpuState.OK
            for name, ring in rings.items():
                ring.append(None if lost else _value(gpu, name))
            seen.add(gpu.index)
        for index, rings in self._gpus.items():
            if index not in seen:
                for ring in rings.values():
                    ring.append(None)
        self.last_frame = frame
        self.frames_seen += 1

    def append_gap(self, timestamp: float) -> None:
        """A row of NaN at ``timestamp``: plots break the line there (sampling stopped and resumed)."""
        last = self._times.last()
        if len(self._times) and last is not None and timestamp <= float(last):
            return  # keep the times in order
        self._times.append(timestamp)
        for ring in self._host.values():
            ring.append(None)
        for rings in self._gpus.values():
            for ring in rings.values():
                ring.append(None)

    def _new_gpu(self, index: int) -> dict[str, RingBuffer]:
        rings = {name: RingBuffer(self.capacity) for name in GPU_METRICS}
        for ring in rings.values():  # line up with the time ring
            for _ in range(len(self._times) - 1):
                ring.append(None)
        self._gpus[index] = rings
        return rings

    def clear(self) -> None:
        for ring in (self._times, *self._host.values()):
            ring.clear()
        self._gpus.clear()
        self.gpu_names.clear()
        self.last_frame = None
        self.frames_seen = 0

    # -- views (read-only, oldest first, valid until the next append) --------
    def times(self) -> np.ndarray:
        return self._times.view()

    def host(self, metric: str) -> np.ndarray:
        return self._host[metric].view()

    def gpu_indices(self) -> list[int]:
        return sorted(self._gpus)

    def gpu(self, index: int, metric: str) -> np.ndarray:
        return self._gpus[index][metric].view()


def _value(gpu: GpuSample, name: str) -> float | None:
    value = getattr(gpu, name)
    return None if value is None else float(value)
