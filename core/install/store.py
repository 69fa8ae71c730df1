"""What installs leave in the app's data folder: the registry of every environment tfgpu created,
the route waiting for a restart, and one full log per install.

``$TFGPU_DATA_DIR`` overrides the folder (tests, portable installs), as for the saved benchmark runs.
Files are written to a temporary name and renamed, so a full disk never leaves half a registry.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import secrets
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tfgpu.core import storage

APP_NAME = "tfgpu"
DATA_DIR_ENV = "TFGPU_DATA_DIR"
REGISTRY_FILE = "environments.json"
PENDING_FILE = "pending.json"
MARKER_FILE = ".tfgpu-install.json"  # inside each environment tfgpu created
STORE_SCHEMA_VERSION = "1.0"
MAX_DOC_BYTES = 4 * 1024 * 1024

_lock = threading.Lock()  # one writer at a time within this process


def install_dir() -> Path:
    return storage.data_dir() / "install"


def now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


@dataclass
class EnvRecord:
    """One environment tfgpu created. ``status``: creating, complete, incomplete."""

    path: str
    route: str
    env_id: str = field(default_factory=lambda: secrets.token_hex(8))
    location: str = "local"  # "local" or "wsl:<distro>"
    python: str | None = None
    tf_spec: str = ""
    status: str = "creating"
    created_at: str = field(default_factory=now_iso)
    updated_at: str = field(default_factory=now_iso)
    log: str | None = None
    pid: int = field(default_factory=os.getpid)  # the process that is creating it
    dev: int | None = None  # the folder's device and inode when its marker was written: removal compares them
    ino: int | None = None

    @property
    def incomplete(self) -> bool:
        """Not finished: stopped, failed, or its creator is gone (a crash, a closed window)."""
        if self.status == "incomplete":
            return True
        return self.status == "creating" and not _alive(self.pid)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        import psutil

        return bool(psutil.pid_exists(pid))
    except Exception:  # noqa: BLE001 - unknown: treat as gone, so removal is offered
        return False


def same_path(a: str, b: str) -> bool:
    """Two local paths naming the same folder (symlinks resolved, case-folded on Windows)."""
    def norm(path: str) -> str:
        try:
            path = os.path.realpath(os.path.expanduser(path))
        except (OSError, ValueError):
            pass
        return os.path.normcase(os.path.normpath(path))

    return norm(a) == norm(b)


# -- the registry -------------------------------------------------------------------


def _read_json(path: Path) -> dict | None:
    """One of our small documents, bounded and a regular file; None when missing or damaged."""
    try:
        data = storage.read_json(path, MAX_DOC_BYTES)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _write_json(path: Path, data: dict) -> None:
    """Raises OSError with nothing half-written; 0600 in a 0700 folder."""
    storage.write_file(path, json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8"), private=True,
                       make_folders=True, mode=0o600)


def load_records(folder: Path | None = None) -> list[EnvRecord]:
    """Every environment tfgpu created and has not removed (an unreadable registry reads as none)."""
    data = _read_json((folder or install_dir()) / REGISTRY_FILE) or {}
    records = []
    known = set(EnvRecord.__dataclass_fields__)
    for row in data.get("environments", []):
        if isinstance(row, dict) and isinstance(row.get("path"), str) and isinstance(row.get("route"), str):
            records.append(EnvRecord(**{k: v for k, v in row.items() if k in known}))
    return records


def _save_records(records: list[EnvRecord], folder: Path | None = None) -> None:
    _write_json((folder or install_dir()) / REGISTRY_FILE,
                {"schema_version": STORE_SCHEMA_VERSION, "environments": [asdict(r) for r in records]})


def find_record(path: str, location: str = "local", folder: Path | None = None) -> EnvRecord | None:
    for record in load_records(folder):
        if record.location != location:
            continue
        if record.path == path or (location == "local" and same_path(record.path, path)):
            return record
    return None


def save_record(record: EnvRecord, folder: Path | None = None) -> None:
    """Add or replace (by ``env_id``) one record. Raises OSError."""
    with _lock, storage.target_lock((folder or install_dir()) / REGISTRY_FILE):
        records = [r for r in load_records(folder) if r.env_id != record.env_id]
        record.updated_at = now_iso()
        records.append(record)
        _save_records(records, folder)


def drop_record(env_id: str, folder: Path | None = None) -> None:
    with _lock, storage.target_lock((folder or install_dir()) / REGISTRY_FILE):
        _save_records([r for r in load_records(folder) if r.env_id != env_id], folder)


def write_marker(env_folder: Path, record: EnvRecord, folder: Path | None = None) -> None:
    """The marker that ties a folder to its registry entry; ``--remove`` wants both, and the folder's
    device and inode (kept in the entry) unchanged."""
    info = os.lstat(env_folder)
    record.dev, record.ino = info.st_dev, info.st_ino
    storage.write_file(env_folder / MARKER_FILE, json.dumps(
        {"tfgpu_env_id": record.env_id, "route": record.route, "created_at": record.created_at}).encode("utf-8"))
    if any(r.env_id == record.env_id for r in load_records(folder)):
        save_record(record, folder)


def read_marker(env_folder: Path) -> str | None:
    data = _read_json(env_folder / MARKER_FILE)
    value = data.get("tfgpu_env_id") if data else None
    return value if isinstance(value, str) else None


# -- the route waiting for a restart ---------------------------------------------------------


@dataclass
class PendingRoute:
    """A route that paused for a restart (``wsl2-setup``): after it, ``route`` runs from the start."""

    route: str
    target: str
    distro: str | None = None
    tf_version: str | None = None
    after: str = ""  # the route that paused ("wsl2-setup")
    created_at: str = field(default_factory=now_iso)


def save_pending(pending: PendingRoute, folder: Path | None = None) -> None:
    _write_json((folder or install_dir()) / PENDING_FILE, {"schema_version": STORE_SCHEMA_VERSION, **asdict(pending)})


def load_pending(folder: Path | None = None) -> PendingRoute | None:
    data = _read_json((folder or install_dir()) / PENDING_FILE)
    if not data or not isinstance(data.get("route"), str) or not isinstance(data.get("target"), str):
        return None
    known = set(PendingRoute.__dataclass_fields__)
    return PendingRoute(**{k: v for k, v in data.items() if k in known})


def clear_pending(folder: Path | None = None) -> None:
    try:
        ((folder or install_dir()) / PENDING_FILE).unlink(missing_ok=True)
    except OSError:
        pass


# -- logs -----------------------------------------------------------------------------


class InstallLog:
    """The full log of one install: every command, every line of output, every outcome.

    Never raises: a log that cannot be written is no reason to stop an install."""

    def __init__(self, route: str, folder: Path | None = None) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
        self.path: Path | None = (folder or install_dir()) / "logs" / f"{stamp}-{route}-{secrets.token_hex(2)}.log"
        self._lock = threading.Lock()
        self._handle = None
        try:  # private (0600 in 0700 folders): a log holds paths, user names and pip's output
            storage.private_folder(self.path.parent)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
            self._handle = open(fd, "a", encoding="utf-8", errors="replace")  # noqa: SIM115 - closed in close()
        except OSError:
            self.path = None

    def write(self, line: str) -> None:
        if self._handle is None:
            return
        with self._lock:
            try:
                self._handle.write(f"{time.strftime('%H:%M:%S')} {line.rstrip()}\n")
                self._handle.flush()
            except (OSError, ValueError):
                pass

    def close(self) -> None:
        with self._lock:
            if self._handle is not None:
                try:
                    self._handle.close()
                except OSError:
                    pass
                self._handle = None
