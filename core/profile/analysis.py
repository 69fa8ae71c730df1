"""From the agent's trace figures to the step's parts, the bottleneck and the ops worth naming.

The agent splits every traced step (from one step marker to the next) into the time the GPU ran a
kernel (device compute), copied memory (copies), the training thread waited for the next batch
(input), compiled (compile), ran an op on the host (host compute), and the rest (launch / idle:
Python, kernel launches, framework overhead). An instant where several happen counts once, in that
order. Without a GPU the CPU is the device: its ops are device compute.
"""

from __future__ import annotations

import statistics
from typing import Any

from tfgpu.core.profile.model import PARTS

#: The biggest part names the bottleneck, if it is at least this share of the step.
MIN_BOTTLENECK_SHARE = 0.2
BOTTLENECK_OF = {"input": "input", "device_compute": "device-compute", "host_compute": "host-compute",
                 "copies": "copies", "launch_idle": "launch", "compile": "compile"}
TOP_OPS = 10


def breakdown(parts_ms: dict[str, Any]) -> dict[str, float]:
    """Each part as a fraction (0-1) of the traced time; {} when nothing was traced."""
    values = {part: float(parts_ms.get(part) or 0.0) for part in PARTS}
    total = sum(values.values())
    if total <= 0:
        return {}
    return {part: round(value / total, 4) for part, value in values.items()}


def bottleneck(fractions: dict[str, float]) -> str:
    if not fractions:
        return "unknown"
    part = max(PARTS, key=lambda p: fractions.get(p, 0.0))
    return BOTTLENECK_OF[part] if fractions.get(part, 0.0) >= MIN_BOTTLENECK_SHARE else "unknown"


def step_summary(times_ms: list[float]) -> dict[str, float | None]:
    """Median and 90th percentile of the step times (ms)."""
    values = sorted(t for t in times_ms if t is not None and t >= 0)
    if not values:
        return {"median": None, "p90": None}
    p90 = values[min(len(values) - 1, int(round(0.9 * (len(values) - 1))))]
    return {"median": round(statistics.median(values), 3), "p90": round(p90, 3)}


def top_ops(rows: list[dict[str, Any]], total_ms: float | None) -> list[dict[str, Any]]:
    """The ops with the most self time: name, type, where, count, ms and share of the traced time."""
    found = []
    for row in rows[:TOP_OPS]:
        self_ms = float(row.get("total_self_time") or 0.0) / 1000.0  # the converter gives microseconds
        found.append({"op": str(row.get("operation") or "?"), "type": str(row.get("type") or "?"),
                      "where": "gpu" if row.get("host_or_device") == "Device" else "host",
                      "count": int(row.get("occurrences") or 0), "self_ms": round(self_ms, 3),
                      "share": round(self_ms / total_ms, 4) if total_ms else None})
    return found


def precision_and_xla(settings: dict[str, Any]) -> dict[str, Any]:
    """Whether mixed precision and XLA were on (None: not known, e.g. a custom loop)."""
    policy = settings.get("dtype_policy")
    jit = settings.get("jit_compile")
    auto = settings.get("auto_jit")
    return {
        "mixed_precision": None if policy is None else str(policy).startswith("mixed_"),
        "xla": None if jit is None and auto is None else bool(jit is True or (auto and auto not in ("", "False"))),
    }
