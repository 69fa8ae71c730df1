"""A monitor excerpt: min/mean/max of every figure over the last N minutes, plus a thinned series
for the report's plot.

Three sources give the same excerpt: the GUI's live :class:`MonitorHistory` (what the user has
watched), frames the CLI sampled itself (``tfgpu report --monitor-minutes N``), or a CSV log
written by ``tfgpu monitor --csv`` or the Monitor page (``--monitor-csv FILE``). Unknown figures
(NaN) are left out of the statistics; a figure never known at all is listed as unavailable.
"""

from __future__ import annotations

import datetime as _dt
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from tfgpu.core.monitor.samples import MonitorFrame
from tfgpu.core.monitor.series import GPU_METRICS, HOST_METRICS, MonitorHistory

EXCERPT_SCHEMA_VERSION = "1.0"
MAX_PLOT_POINTS = 240

#: metric -> (label, unit)
LABELS: dict[str, tuple[str, str]] = {
    "cpu_percent": ("CPU load", "%"),
    "ram_percent": ("RAM used", "%"),
    "ram_used_mib": ("RAM used", "MiB"),
    "process_cpu_percent": ("tfgpu process CPU", "%"),
    "process_rss_mib": ("tfgpu process memory", "MiB"),
    "gpu_util_percent": ("GPU load", "%"),
    "mem_util_percent": ("Memory controller load", "%"),
    "mem_used_mib": ("GPU memory used", "MiB"),
    "mem_used_percent": ("GPU memory used", "%"),
    "temperature_c": ("GPU temperature", "°C"),
    "fan_percent": ("Fan speed", "%"),
    "power_w": ("Power draw", "W"),
    "power_limit_w": ("Power limit", "W"),
    "sm_clock_mhz": ("SM clock", "MHz"),
    "mem_clock_mhz": ("Memory clock", "MHz"),
    "pcie_rx_mib_s": ("PCIe RX", "MiB/s"),
    "pcie_tx_mib_s": ("PCIe TX", "MiB/s"),
}
#: The figures the report's plot draws (percentages share one axis).
PLOTTED = ("gpu_util_percent", "mem_used_percent", "cpu_percent", "ram_percent")

#: CSV header (csv_log.COLUMNS) -> metric
CSV_HEADERS: dict[str, str] = {
    "GPU Load [%]": "gpu_util_percent",
    "Memory Controller Load [%]": "mem_util_percent",
    "Memory Used [MiB]": "mem_used_mib",
    "Memory Used [%]": "mem_used_percent",
    "GPU Temperature [°C]": "temperature_c",
    "Fan Speed [%]": "fan_percent",
    "Board Power Draw [W]": "power_w",
    "Power Limit [W]": "power_limit_w",
    "GPU Clock [MHz]": "sm_clock_mhz",
    "Memory Clock [MHz]": "mem_clock_mhz",
    "PCIe RX [MiB/s]": "pcie_rx_mib_s",
    "PCIe TX [MiB/s]": "pcie_tx_mib_s",
    "CPU Load [%]": "cpu_percent",
    "System Memory Used [MiB]": "ram_used_mib",
    "System Memory Load [%]": "ram_percent",
    "tfgpu Process CPU [%]": "process_cpu_percent",
    "tfgpu Process Memory [MiB]": "process_rss_mib",
}


def from_history(history: MonitorHistory, minutes: float, source: str = "app") -> dict[str, Any] | None:
    """The last ``minutes`` of a live history; None when it holds no sample."""
    times = np.asarray(history.times(), dtype=float)
    if not len(times):
        return None
    series: dict[str, np.ndarray] = {f"host.{m}": np.asarray(history.host(m), dtype=float) for m in HOST_METRICS}
    names: dict[str, str | None] = {}
    for index in history.gpu_indices():
        names[f"gpu{index}"] = history.gpu_names.get(index)
        for metric in GPU_METRICS:
            series[f"gpu{index}.{metric}"] = np.asarray(history.gpu(index, metric), dtype=float)
    status = history.last_frame.gpu_status if history.last_frame is not None else None
    return _excerpt(times, series, names, minutes, source, status)


def from_frames(frames: Sequence[MonitorFrame], minutes: float, source: str = "sampled") -> dict[str, Any] | None:
    """Frames read by the caller (e.g. a short sampling run)."""
    history = MonitorHistory(capacity=max(2, len(frames) + 1))
    for frame in frames:
        history.append(frame)
    return from_history(history, minutes, source)


def from_csv_rows(rows: Iterable[Mapping[str, Any]], minutes: float, source: str = "csv") -> dict[str, Any] | None:
    """Rows of :func:`tfgpu.core.monitor.csv_log.read_csv_log` (one per frame per GPU)."""
    by_time: dict[float, dict[str, float]] = {}
    names: dict[str, str | None] = {}
    for row in rows:
        stamp = row.get("Unix Time [s]")
        if not isinstance(stamp, (int, float)) or not math.isfinite(stamp):
            continue
        values = by_time.setdefault(float(stamp), {})
        gpu = row.get("GPU")
        for header, metric in CSV_HEADERS.items():
            value = row.get(header)
            if not isinstance(value, (int, float)):
                continue
            if metric in HOST_METRICS:
                values[f"host.{metric}"] = float(value)
            elif isinstance(gpu, int):
                values[f"gpu{gpu}.{metric}"] = float(value)
        if isinstance(gpu, int):
            names[f"gpu{gpu}"] = str(row.get("GPU Name")) if row.get("GPU Name") else None
    if not by_time:
        return None
    times = np.array(sorted(by_time), dtype=float)
    keys = sorted({key for values in by_time.values() for key in values})
    series = {key: np.array([by_time[t].get(key, math.nan) for t in times], dtype=float) for key in keys}
    return _excerpt(times, series, names, minutes, source, None)


def _excerpt(times: np.ndarray, series: dict[str, np.ndarray], names: dict[str, str | None], minutes: float,
             source: str, gpu_status: str | None) -> dict[str, Any] | None:
    end = float(np.nanmax(times))
    keep = times >= end - max(0.0, minutes) * 60.0
    times = times[keep]
    if not len(times):
        return None
    metrics, unavailable = [], []
    thinned: dict[str, list[float | None]] = {}
    for key, values in series.items():
        values = values[keep]
        scope, metric = key.split(".", 1)
        label, unit = LABELS.get(metric, (metric, ""))
        known = values[np.isfinite(values)]
        if not len(known):
            unavailable.append(key)
            continue
        metrics.append({"scope": scope, "metric": metric, "label": label, "unit": unit,
                        "min": _round(float(known.min())), "mean": _round(float(known.mean())),
                        "max": _round(float(known.max())), "samples": int(len(known))})
        if metric in PLOTTED:
            thinned[key] = _thin(values)
    steps = np.diff(times)
    return {
        "schema_version": EXCERPT_SCHEMA_VERSION,
        "source": source,  # "app" (the GUI's live monitor), "sampled" (the CLI just sampled), "csv"
        "minutes": minutes,
        "start": _iso(float(times[0])),
        "end": _iso(end),
        "span_s": round(end - float(times[0]), 1),
        "samples": int(len(times)),
        "interval_s": round(float(np.median(steps)), 2) if len(steps) else None,
        "gpu_status": gpu_status,
        "gpu_names": {scope: name for scope, name in names.items()},
        "metrics": metrics,
        "unavailable": sorted(unavailable),
        "series": {"t_s": _thin(times - end), **thinned},  # seconds before the end
    }


def _thin(values: np.ndarray, points: int = MAX_PLOT_POINTS) -> list[float | None]:
    """At most ``points`` bucket means (NaN buckets stay None: a gap in the plot)."""
    if len(values) > points:
        buckets = np.array_split(values, points)
        values = np.array([np.nanmean(b) if np.isfinite(b).any() else math.nan for b in buckets])
    return [None if not math.isfinite(v) else _round(float(v)) for v in values]


def _round(value: float) -> float:
    return round(value, 3 if abs(value) < 10 else 1)


def _iso(stamp: float) -> str:
    return _dt.datetime.fromtimestamp(stamp, _dt.timezone.utc).isoformat(timespec="seconds")


def sample_frames(minutes: float, host=None, interval_s: float = 1.0, cancel=None, on_frame=None) -> list[MonitorFrame]:
    """Sample for ``minutes`` (the CLI's ``--monitor-minutes``); ``cancel`` (an Event) ends it early
    and keeps what was read."""
    import threading
    import time

    from tfgpu.core.monitor.sampler import MonitorSampler

    cancel = cancel or threading.Event()
    frames: list[MonitorFrame] = []
    sampler = MonitorSampler(host, interval_s=interval_s)
    deadline = time.monotonic() + max(0.0, minutes) * 60.0
    try:
        while not cancel.is_set():
            frames.append(sampler.sample_once())
            if on_frame is not None:
                on_frame(frames[-1])
            left = deadline - time.monotonic()
            if left <= 0:
                break
            cancel.wait(min(interval_s, left))
    finally:
        sampler.close()
    return frames

