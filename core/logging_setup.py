"""Logging to a rotating file in the platform's log folder."""

from __future__ import annotations

import logging
import logging.handlers
import os
import re
import sys
import time
from pathlib import Path, PureWindowsPath

import platformdirs

from tfgpu.core import storage

APP_NAME = "tfgpu"
_MAX_BYTES = 1_000_000
_BACKUPS = 3
_ROLLOVER_RETRY_S = 60.0
# sys.prefix of a Microsoft Store Python: ...\WindowsApps\PythonSoftwareFoundation.Python.3.11_3.11.2544.0_x64__qbz5n2kfra8p0
_STORE_PREFIX = re.compile(r"\\WindowsApps\\(PythonSoftwareFoundation\.Python\.[\d.]+)_[^\\]*__(\w+)\\?$", re.I)


class SharedRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating log that the GUI and the CLI can both hold open.

    Windows cannot rename a file that another process has open (PermissionError, WinError 32), so the
    rollover fails while both run. Then this one keeps appending to the current file and tries again a
    minute later, instead of printing a traceback for every record."""

    _retry_at = 0.0

    def shouldRollover(self, record: logging.LogRecord) -> int:  # noqa: N802 - logging's name
        if time.monotonic() < self._retry_at:
            return False
        return super().shouldRollover(record)

    def doRollover(self) -> None:  # noqa: N802 - logging's name
        try:
            super().doRollover()
        except OSError:
            self._retry_at = time.monotonic() + _ROLLOVER_RETRY_S
            if self.stream is None:  # closed before the rename: go on in the same file
                self.stream = self._open()


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


def shown_log_dir(folder: Path | None = None, prefix: str | None = None, env: dict[str, str] | None = None) -> Path:
    """Where the log folder really is on disk, for telling the user.

    A Microsoft Store Python runs in an app container: what it writes under %LOCALAPPDATA% lands in
    %LOCALAPPDATA%\\Packages\\<package family>\\LocalCache\\Local instead, where Explorer finds it."""
    folder = folder or log_dir()
    prefix = sys.prefix if prefix is None else prefix
    env = dict(os.environ) if env is None else env
    match = _STORE_PREFIX.search(prefix)
    local = env.get("LOCALAPPDATA")
    if not match or not local:
        return folder
    try:
        inside = PureWindowsPath(str(folder)).relative_to(PureWindowsPath(local))
    except ValueError:
        return folder
    family = f"{match.group(1)}_{match.group(2)}"
    return Path(str(PureWindowsPath(local, "Packages", family, "LocalCache", "Local", inside)))


class PrivateRotatingFileHandler(SharedRotatingFileHandler):
    """A rotating log only its owner can read (0600, in a 0700 folder): logs hold paths, user names,
    environment details and TF's output."""

    def _open(self):
        fd = os.open(self.baseFilename, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.chmod(self.baseFilename, 0o600)  # a file from an older version, or made under another umask
        except OSError:
            pass
        return open(fd, self.mode, encoding=self.encoding, errors=self.errors)  # noqa: SIM115 - the handler owns it


def setup_logging(verbose: bool = False) -> Path | None:
    """Attach one rotating file handler to the root logger; returns the file, or
    None when the folder cannot be written (logging then stays on stderr only)."""
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    for handler in root.handlers:
        if getattr(handler, "_tfgpu", False):
            return Path(handler.baseFilename)  # type: ignore[attr-defined]
    try:
        folder = log_dir()
        storage.private_folder(folder)
        handler = PrivateRotatingFileHandler(
            folder / "tfgpu.log", maxBytes=_MAX_BYTES, backupCount=_BACKUPS, encoding="utf-8"
        )
    except OSError:
        return None
    handler._tfgpu = True  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    return Path(handler.baseFilename)
