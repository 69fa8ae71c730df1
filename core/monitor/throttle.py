"""Clocks event (throttle) reasons: NVML's bitmask decoded to stable ids.

The bits are nvml.h's ``nvmlClocksEventReason*`` (``nvmlClocksThrottleReason*`` before
r535); the binding's own constants win where it names them. Words for the ids are in
:mod:`tfgpu.core.monitor.words`.
"""

from __future__ import annotations

from typing import Any

# Clocks event (throttle) reason bits: pynvml constant suffix, nvml.h value, our id.
_REASONS = (
    ("GpuIdle", 0x1, "gpu-idle"),
    ("ApplicationsClocksSetting", 0x2, "applications-clocks"),
    ("SwPowerCap", 0x4, "sw-power-cap"),
    ("HwSlowdown", 0x8, "hw-slowdown"),
    ("SyncBoost", 0x10, "sync-boost"),
    ("SwThermalSlowdown", 0x20, "sw-thermal"),
    ("HwThermalSlowdown", 0x40, "hw-thermal"),
    ("HwPowerBrakeSlowdown", 0x80, "hw-power-brake"),
    ("DisplayClockSetting", 0x100, "display-clocks"),
)

def reason_table(nv: Any = None) -> tuple[tuple[int, str], ...]:
    """(bit, id) pairs, bits from the binding where it names them, else nvml.h's."""
    table = []
    for suffix, bit, reason in _REASONS:
        value = getattr(nv, "nvmlClocksEventReason" + suffix, None)
        if not isinstance(value, int):
            value = getattr(nv, "nvmlClocksThrottleReason" + suffix, bit)
        table.append((int(value) if isinstance(value, int) else bit, reason))
    return tuple(table)


def decode_reasons(mask: int, table: tuple[tuple[int, str], ...] | None = None) -> tuple[str, ...]:
    """Bitmask -> reason ids in bit order; bits nobody names become ``"other"``."""
    ids = []
    rest = mask
    for bit, reason in table or reason_table():
        if mask & bit:
            ids.append(reason)
            rest &= ~bit
    if rest:
        ids.append("other")
    return tuple(ids)
