"""Short English words for the monitor's stable ids, marked for translation.

The sampler speaks in ids (``"sw-power-cap"``); presenters turn them into words
here. The GUI shows ``QCoreApplication.translate("core", word)``; the CLI prints
the English as is (see :mod:`tfgpu.core.i18n`).
"""

from __future__ import annotations

from collections.abc import Iterable

from tfgpu.core.i18n import QT_TRANSLATE_NOOP

# Why the clocks are held below their maximum (NVML clocks event / throttle reasons).
THROTTLE_REASON_WORDS: dict[str, str] = {
    "gpu-idle": QT_TRANSLATE_NOOP("core", "idle"),
    "applications-clocks": QT_TRANSLATE_NOOP("core", "application clock setting"),
    "sw-power-cap": QT_TRANSLATE_NOOP("core", "power cap"),
    "hw-slowdown": QT_TRANSLATE_NOOP("core", "hardware slowdown"),
    "sync-boost": QT_TRANSLATE_NOOP("core", "sync boost"),
    "sw-thermal": QT_TRANSLATE_NOOP("core", "thermal limit"),
    "hw-thermal": QT_TRANSLATE_NOOP("core", "hardware thermal slowdown"),
    "hw-power-brake": QT_TRANSLATE_NOOP("core", "power brake"),
    "display-clocks": QT_TRANSLATE_NOOP("core", "display clock setting"),
    "other": QT_TRANSLATE_NOOP("core", "other reason"),
}

# GpuSample.processes_note -> what to show instead of per-process memory.
PROCESSES_NOTE_WORDS: dict[str, str] = {
    "wddm": QT_TRANSLATE_NOOP("core", "n/a (WDDM)"),
}


def throttle_words(ids: Iterable[str] | None) -> list[str]:
    """Words for reason ids in their order; an unknown id is shown as itself."""
    if not ids:
        return []
    return [THROTTLE_REASON_WORDS.get(reason, reason) for reason in ids]
