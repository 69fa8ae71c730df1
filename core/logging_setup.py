"""Logging to a rotating file in the platform's log folder."""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

import platformdirs

APP_NAME = "tfgpu"
_MAX_BYTES = 1_000_000
_BACKUPS = 3


def log_dir() -> Path:
    return Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))


class PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
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
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        handler = PrivateRotatingFileHandler(
            folder / "tfgpu.log", maxBytes=_MAX_BYTES, backupCount=_BACKUPS, encoding="utf-8"
        )
    except OSError:
        return None
    handler._tfgpu = True  # type: ignore[attr-defined]
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    return Path(handler.baseFilename)
