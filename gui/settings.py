"""Where the user left off (QSettings): the page, the chosen environment, the language, the
window's geometry; and the last scan (a file, see :mod:`tfgpu.core.last_scan`).

The window takes an :class:`AppSettings` or None: tests and screenshots start afresh and
remember nothing.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings

from tfgpu.core.last_scan import default_path, load_scan, save_scan
from tfgpu.core.scan import Scan

_PAGE, _ENV, _LANGUAGE, _GEOMETRY = "nav/page", "guide/environment", "ui/language", "window/geometry"


class AppSettings:
    def __init__(self, settings: QSettings | None = None, scan_path: Path | None = None) -> None:
        self.q = settings if settings is not None else QSettings()
        self.scan_path = scan_path or default_path()

    def _text(self, key: str) -> str | None:
        value = self.q.value(key)
        return str(value) if value not in (None, "") else None

    # -- values ---------------------------------------------------------------------------
    @property
    def page(self) -> str | None:
        return self._text(_PAGE)

    @page.setter
    def page(self, page_id: str | None) -> None:
        self.q.setValue(_PAGE, page_id or "")

    @property
    def env(self) -> str | None:
        return self._text(_ENV)

    @env.setter
    def env(self, python: str | None) -> None:
        self.q.setValue(_ENV, python or "")

    @property
    def language(self) -> str | None:
        """"en", "zh_CN", or None: follow the system's language."""
        return self._text(_LANGUAGE)

    @language.setter
    def language(self, lang: str | None) -> None:
        self.q.setValue(_LANGUAGE, lang or "")

    @property
    def geometry(self) -> QByteArray | None:
        value = self.q.value(_GEOMETRY)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    @geometry.setter
    def geometry(self, value: QByteArray) -> None:
        self.q.setValue(_GEOMETRY, value)

    def sync(self) -> None:
        self.q.sync()

    # -- the last scan ----------------------------------------------------------------------
    def save_scan(self, scan: Scan) -> bool:
        return save_scan(scan, self.scan_path)

    def load_scan(self) -> tuple[Scan, str] | None:
        """(scan, when it was made as local time text), or None."""
        scan = load_scan(self.scan_path)
        if scan is None:
            return None
        return scan, _local_time(scan.created_at) or _file_time(self.scan_path)


def _local_time(created_at: str) -> str:
    try:
        return datetime.fromisoformat(created_at.replace("Z", "+00:00")).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return ""


def _file_time(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    except OSError:
        return "?"
