"""Words for a frame: the compact live line, the honest GPU status line, and a JSON-able dict.

Unknown is ``n/a`` in text and ``null`` in JSON, never 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from tfgpu.core.monitor.samples import (
    GpuProcess,
    GpuSample,
    GpuState,
    GpuStatus,
    MonitorFrame,
)

SCHEMA_VERSION = "1.0"
FRAME_KIND = "tfgpu.monitor.frame"
NA = "n/a"

# The status line's templates, one place so the GUI can translate them: mark each with
# QT_TRANSLATE_NOOP("core", ...) once resources/i18n has their Chinese (the i18n test
# demands every marked string be translated), and pass ``translate`` to format_gpu_status.
STATUS_TEMPLATES: dict[str, str] = {
    GpuStatus.OK: "GPU: NVML ok, driver {driver}: {gpus}",
    GpuStatus.STARTING: "GPU: NVML is still starting…",
    GpuStatus.NOT_RESPONDING: "GPU: n/a (NVML is not responding: {reason})",
    GpuStatus.NO_DRIVER: "GPU: n/a (no NVIDIA driver: {reason})",
    GpuStatus.NO_GPUS: "GPU: n/a (the NVIDIA driver sees no GPU: {reason})",
    GpuStatus.NO_CARD: "GPU: n/a (no NVIDIA card: {reason})",
    GpuStatus.ERROR: "GPU: n/a (NVML failed: {reason})",
}
LOST_TEMPLATE = "GPU {index}: lost (fell off the bus or driver reset); others go on"
ALL_LOST_TEMPLATE = "GPU {index}: lost (fell off the bus or driver reset); no GPU left"
NO_REASON = "NVML gave no reason"


# -- the live line ---------------------------------------------------------------------
def _known(value: float | None) -> bool:
    return value is not None and math.isfinite(value)


def _num(value: float | None, spec: str = ".0f") -> str:
    return format(value, spec) if _known(value) else NA


def _gib(mib: float | None) -> str:
    return f"{mib / 1024:.1f}" if mib is not None and _known(mib) else NA


def _pair(a: str, b: str, unit: str) -> str:
    """``a/b unit``; one ``n/a`` when both are unknown."""
    return NA if a == NA and b == NA else f"{a}/{b} {unit}"


def throttle_text(reasons: tuple[str, ...] | None) -> str:
    """English words for throttle reason ids; '' when none is active, 'throttle n/a' when unknown."""
    if reasons is None:
        return f"throttle {NA}"
    if not reasons:
        return ""
    try:
        from tfgpu.core.monitor.words import throttle_words
    except ImportError:  # the words table is optional for this line
        return ", ".join(r.replace("-", " ") for r in reasons)
    words = throttle_words(reasons)
    return words if isinstance(words, str) else ", ".join(words)


def gpu_text(gpu: GpuSample) -> str:
    """``GPU0 util 97% mem 5.1/12.0 GiB 71°C 165/170 W 1890/7501 MHz P2 power cap``."""
    if gpu.state != GpuState.OK:
        return f"GPU{gpu.index} {gpu.state}"
    parts = [
        f"GPU{gpu.index}",
        f"util {_num(gpu.gpu_util_percent)}%" if _known(gpu.gpu_util_percent) else f"util {NA}",
        f"mem {_pair(_gib(gpu.mem_used_mib), _gib(gpu.mem_total_mib), 'GiB')}",
        f"{_num(gpu.temperature_c)}°C" if _known(gpu.temperature_c) else f"temp {NA}",
        f"power {_pair(_num(gpu.power_w), _num(gpu.power_limit_w), 'W')}",
        f"clk {_pair(_num(gpu.sm_clock_mhz), _num(gpu.mem_clock_mhz), 'MHz')}",
        f"P{gpu.pstate}" if gpu.pstate is not None else f"pstate {NA}",
    ]
    throttle = throttle_text(gpu.throttle_reasons)
    if throttle:
        parts.append(throttle)
    return " ".join(parts)


def frame_line(frame: MonitorFrame) -> str:
    """``12:00:01.2  CPU 23%  RAM 6.3/15.5 GiB (41%)  | GPU0 util 97% ...`` (one GPU after another)."""
    host = frame.host
    clock = datetime.fromtimestamp(frame.timestamp).strftime("%H:%M:%S.%f")[:10]
    ram = _pair(_gib(host.ram_used_mib), _gib(host.ram_total_mib), "GiB")
    ram_pct = f" ({_num(host.ram_percent)}%)" if _known(host.ram_percent) else ""
    cpu = f"{_num(host.cpu_percent)}%" if _known(host.cpu_percent) else NA
    head = f"{clock}  CPU {cpu}  RAM {ram}{ram_pct}"
    if frame.gpus:
        gpus = "  | ".join(gpu_text(gpu) for gpu in frame.gpus)
    else:
        gpus = f"GPU {NA} ({frame.gpu_status})"
    return f"{head}  | {gpus}"


# -- the status line -------------------------------------------------------------------
def status_key(frame: MonitorFrame) -> tuple:
    """What the status line depends on: print it again only when this changes."""
    return frame.gpu_status, tuple((gpu.index, gpu.state) for gpu in frame.gpus)


def gpu_status_parts(frame: MonitorFrame) -> list[tuple[str, dict[str, Any]]]:
    """(template, fields) per status line, for a GUI that translates the template."""
    template = STATUS_TEMPLATES.get(frame.gpu_status, STATUS_TEMPLATES[GpuStatus.ERROR])
    fields: dict[str, Any] = {"reason": frame.gpu_reason or NO_REASON, "driver": frame.driver_version or NA}
    if frame.gpu_status == GpuStatus.OK:
        fields["gpus"] = ", ".join(f"GPU{gpu.index} {gpu.name or NA}" for gpu in frame.gpus) or NA
    parts = [(template, fields)]
    lost = [gpu for gpu in frame.gpus if gpu.state == GpuState.LOST]
    left = len(frame.gpus) - len(lost)
    for gpu in lost:
        parts.append((LOST_TEMPLATE if left else ALL_LOST_TEMPLATE, {"index": gpu.index}))
    return parts


def format_gpu_status(frame: MonitorFrame, translate: Callable[[str], str] | None = None) -> str:
    """The honest GPU line(s), e.g. ``GPU: n/a (no NVIDIA driver: NVML Shared Library Not Found)``."""
    lines = []
    for template, fields in gpu_status_parts(frame):
        lines.append((translate(template) if translate else template).format(**fields))
    return "\n".join(lines)


# -- JSON ------------------------------------------------------------------------------
def _clean(value: Any) -> Any:
    """None for NaN/inf: JSON gets ``null`` for unknown, never 0 or a non-standard NaN."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _process_dict(process: GpuProcess) -> dict[str, Any]:
    return {"pid": process.pid, "name": process.name, "kind": process.kind,
            "used_memory_mib": _clean(process.used_memory_mib)}


_GPU_FIELDS = ("gpu_util_percent", "mem_util_percent", "mem_used_mib", "mem_total_mib", "mem_used_percent",
               "temperature_c", "fan_percent", "power_w", "power_limit_w", "sm_clock_mhz", "mem_clock_mhz",
               "pstate", "pcie_rx_mib_s", "pcie_tx_mib_s")


def gpu_to_dict(gpu: GpuSample) -> dict[str, Any]:
    lost = gpu.state != GpuState.OK
    out: dict[str, Any] = {"index": gpu.index, "timestamp": gpu.timestamp, "name": gpu.name, "uuid": gpu.uuid,
                           "state": gpu.state}
    for name in _GPU_FIELDS:
        out[name] = None if lost else _clean(getattr(gpu, name))
    out["throttle_reasons"] = None if lost or gpu.throttle_reasons is None else list(gpu.throttle_reasons)
    processes: Iterable[GpuProcess] | None = None if lost else gpu.processes
    out["processes"] = None if processes is None else [_process_dict(p) for p in processes]
    out["processes_note"] = gpu.processes_note
    out["unavailable"] = dict(gpu.unavailable)
    return out


def frame_to_dict(frame: MonitorFrame) -> dict[str, Any]:
    """One JSON line of ``tfgpu monitor --json``; schema in docs/monitor.md."""
    host = frame.host
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": FRAME_KIND,
        "timestamp": frame.timestamp,
        "date": datetime.fromtimestamp(frame.timestamp).astimezone().isoformat(timespec="milliseconds"),
        "host": {
            "cpu_percent": _clean(host.cpu_percent),
            "per_cpu_percent": [_clean(v) for v in host.per_cpu_percent],
            "ram_used_mib": _clean(host.ram_used_mib),
            "ram_total_mib": _clean(host.ram_total_mib),
            "ram_percent": _clean(host.ram_percent),
            "process_cpu_percent": _clean(host.process_cpu_percent),
            "process_rss_mib": _clean(host.process_rss_mib),
        },
        "gpu_status": frame.gpu_status,
        "gpu_reason": frame.gpu_reason,
        "driver_version": frame.driver_version,
        "gpus": [gpu_to_dict(gpu) for gpu in frame.gpus],
    }
