"""Status icons and the app icon, from ``tfgpu.resources/icons`` (QStyle icons as fallback)."""

from __future__ import annotations

import enum
from functools import cache
from importlib import resources

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QStyle

from tfgpu.core.probes.base import Status


class Tone(str, enum.Enum):
    """How a line looks: what the user should feel about it at a glance."""

    GOOD = "ok"
    WARN = "warn"
    BAD = "error"
    NEUTRAL = "neutral"
    INFO = "info"
    BUSY = "busy"
    DONE = "done"  # a step that ended, result not shown yet


TONE_OF_STATUS = {
    Status.OK: Tone.GOOD,
    Status.MISSING: Tone.WARN,
    Status.ERROR: Tone.BAD,
    Status.UNSUPPORTED: Tone.NEUTRAL,
}

_FALLBACK = {
    Tone.GOOD: QStyle.StandardPixmap.SP_DialogApplyButton,
    Tone.WARN: QStyle.StandardPixmap.SP_MessageBoxWarning,
    Tone.BAD: QStyle.StandardPixmap.SP_MessageBoxCritical,
    Tone.NEUTRAL: QStyle.StandardPixmap.SP_MessageBoxQuestion,
    Tone.INFO: QStyle.StandardPixmap.SP_MessageBoxInformation,
    Tone.BUSY: QStyle.StandardPixmap.SP_BrowserReload,
    Tone.DONE: QStyle.StandardPixmap.SP_DialogApplyButton,
}


def _icon_file(name: str) -> QIcon:
    """The icon file shipped in the package (installed as plain files: QIcon reads it lazily)."""
    path = resources.files("tfgpu.resources") / "icons" / f"{name}.svg"
    return QIcon(str(path)) if path.is_file() else QIcon()


@cache
def tone_icon(tone: Tone) -> QIcon:
    icon = _icon_file(tone.value)
    if icon.isNull() and QApplication.instance() is not None:
        icon = QApplication.style().standardIcon(_FALLBACK[tone])
    return icon


@cache
def app_icon() -> QIcon:
    return _icon_file("app")
