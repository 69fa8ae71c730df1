"""Reading a saved scan: the one loader for ``tfgpu doctor --scan``, ``tfgpu explain --with-scan``,
``tfgpu report --scan`` and the app's last scan, so each accepts exactly what the others accept.

A saved scan is ``tfgpu scan --json``, or any document that carries one under ``"scan"``
(``tfgpu doctor --json``, a report's JSON).
"""

from __future__ import annotations

import threading
from pathlib import Path

from tfgpu.core import jsonsafe
from tfgpu.core.scan import Scan

#: A saved scan is a few hundred KB; anything far larger is not one.
MAX_SCAN_BYTES = 64 * 1024 * 1024


class ScanFileError(ValueError):
    """The file is not a scan this version can read; the message says why, in one line."""


def load_scan_file(path: str | Path, cancel: threading.Event | None = None) -> Scan:
    """The scan saved in ``path``; ScanFileError with the reason when it cannot be read (a FIFO or a
    terminal nobody writes to waits only until ``cancel``: storage.Cancelled)."""
    document = read_scan_document(path, cancel)
    try:
        return Scan.from_dict(document)
    except ValueError as exc:  # the schema, a value of the wrong type
        raise ScanFileError(f"{path} is not a readable scan: {str(exc)[:300]}") from None
    except (TypeError, KeyError, AttributeError, RecursionError) as exc:
        raise ScanFileError(f"{path} is not a readable scan: {type(exc).__name__}: {str(exc)[:200]}") from None


def read_scan_document(path: str | Path, cancel: threading.Event | None = None) -> dict:
    """The scan's JSON document (unwrapped from doctor's or a report's ``"scan"``), size- and depth-bounded,
    read through core/storage.py (a FIFO, a terminal or /dev/zero never hangs or fills the memory)."""
    from tfgpu.core import storage

    try:
        data = storage.read_input(path, MAX_SCAN_BYTES, cancel)
    except OSError as exc:
        raise ScanFileError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError:  # more than the bound
        raise ScanFileError(f"{path} is not a saved scan: larger than {MAX_SCAN_BYTES // (1024 * 1024)} MiB") from None
    try:
        document = jsonsafe.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise ScanFileError(f"{path} is not a saved scan: not UTF-8 text") from None
    except (ValueError, RecursionError) as exc:  # not JSON, nested too deep
        raise ScanFileError(f"{path} is not a readable scan: {str(exc)[:300]}") from None
    return unwrap(document, path)


def unwrap(document: object, path: str | Path = "the document") -> dict:
    """A scan document itself, or the one a doctor/report document carries under ``"scan"``."""
    if isinstance(document, dict) and "driver" not in document and isinstance(document.get("scan"), dict):
        document = document["scan"]
    if not isinstance(document, dict) or "driver" not in document or "pythons" not in document:
        raise ScanFileError(f"{path} is not a readable scan: it is not a tfgpu scan (no driver/pythons sections)")
    return document
