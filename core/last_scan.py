"""The last scan of this computer, kept between sessions so the app can show it at once
(and check again in the background). One JSON file in the app's data folder
(``$TFGPU_DATA_DIR`` overrides it, as for the benchmark history)."""

from __future__ import annotations

import logging
from pathlib import Path

from tfgpu.core import storage
from tfgpu.core.scan import Scan

log = logging.getLogger(__name__)

APP_NAME = "tfgpu"
DATA_DIR_ENV = "TFGPU_DATA_DIR"
FILE_NAME = "last-scan.json"
MAX_BYTES = 16 * 1024 * 1024


def default_path() -> Path:
    return storage.data_dir() / FILE_NAME


def save_scan(scan: Scan, path: Path | None = None) -> bool:
    """Write the scan (nothing half-written); False, logged, when it cannot be written."""
    target = path or default_path()
    try:
        storage.write_file(target, scan.to_json(indent=None).encode("utf-8"), private=True, make_folders=True,
                           mode=0o600)
    except OSError as exc:
        log.warning("cannot keep the last scan in %s: %s", target, exc)
        return False
    return True


def load_scan(path: Path | None = None) -> Scan | None:
    """The kept scan, or None when there is none or it cannot be read (then it is ignored)."""
    from tfgpu.core.scan_file import ScanFileError, load_scan_file

    source = path or default_path()
    try:
        if not source.is_file() or source.stat().st_size > MAX_BYTES:  # none kept, or not ours (a FIFO...)
            return None
        return load_scan_file(source)
    except (OSError, ScanFileError) as exc:
        log.warning("the last scan in %s cannot be read: %s", source, exc)
        return None
