"""Backups and the history of changes: one timestamped JSON file per change in the app's data folder.

A backup holds every edit of a change with its value before and after, and a SHA-256 of that
content: a backup that was cut short, edited or damaged is detected and never applied. It is
written (to a temporary file, flushed to disk, then renamed) *before* anything is changed. The
status of a change (pending, applied, failed, undone) lives in a small file beside it, so the
backup itself is never rewritten. ``TFGPU_DATA_DIR`` overrides the folder (tests, portable installs).
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path

from tfgpu.core import storage
from tfgpu.core.configure.model import SCHEMA_VERSION, Edit, edit_from_dict
from tfgpu.core.versions import same_major

APP_NAME = "tfgpu"
DATA_DIR_ENV = "TFGPU_DATA_DIR"
KIND = "tfgpu-change"
MAX_BACKUP_BYTES = 64 * 1024 * 1024
_ID = re.compile(r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}$")
STATUSES = ("pending", "applied", "failed", "undone")


class CorruptBackup(ValueError):
    """A backup file that cannot be trusted (unreadable, cut short, edited): never applied."""


def changes_dir() -> Path:
    return storage.data_dir() / "changes"


def new_change_id(now: float | None = None) -> str:
    """'20261121-143005-9f2c': sorts by time; the suffix keeps two changes in one second apart."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))
    return f"{stamp}-{secrets.token_hex(2)}"


def is_change_id(text: str) -> bool:
    return bool(_ID.match(text))


@dataclass
class ChangeRecord:
    change_id: str
    topic: str  # "path", "memory"
    target: str  # "user", "conda", "venv", "profile"
    summary: str
    edits: list[Edit]
    created: str = ""  # ISO time, UTC
    os: str = ""
    env: str | None = None
    undoes: str | None = None  # the change this one undid (an undo is a change too)
    status: str = "pending"
    status_detail: str = ""
    path: Path | None = None

    def body(self) -> dict:
        return {"kind": KIND, "schema_version": SCHEMA_VERSION, "change_id": self.change_id, "created": self.created,
                "topic": self.topic, "target": self.target, "os": self.os, "env": self.env, "summary": self.summary,
                "undoes": self.undoes, "edits": [e.to_dict() for e in self.edits]}


@dataclass
class HistoryEntry:
    change_id: str
    record: ChangeRecord | None
    problem: str | None = None  # why the backup cannot be read
    extra: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        record = self.record
        if record is None:
            return {"change_id": self.change_id, "status": "corrupt", "problem": self.problem}
        return {"change_id": record.change_id, "created": record.created, "topic": record.topic,
                "target": record.target, "env": record.env, "summary": record.summary, "status": record.status,
                "status_detail": record.status_detail, "undoes": record.undoes,
                "changes": [e.where for e in record.edits], "backup": str(record.path) if record.path else None}


def _checksum(body: dict) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("ascii")).hexdigest()


def _write_atomic(target: Path, text: str) -> None:
    """0600 in a 0700 folder, through the one writer (raises OSError, nothing half-written)."""
    storage.write_file(target, text.encode("utf-8"), private=True, make_folders=True, mode=0o600)


def write_backup(record: ChangeRecord, folder: Path | None = None) -> Path:
    """Write the backup (raises OSError with nothing half-written); returns its path."""
    folder = folder or changes_dir()
    if not record.created:
        record.created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    body = record.body()
    target = folder / f"{record.change_id}.json"
    _write_atomic(target, json.dumps({"backup": body, "sha256": _checksum(body)}, indent=1, ensure_ascii=True))
    record.path = target
    set_status(record, record.status, record.status_detail, folder)
    return target


def set_status(record: ChangeRecord, status: str, detail: str = "", folder: Path | None = None) -> None:
    folder = folder or (record.path.parent if record.path else changes_dir())
    record.status, record.status_detail = status, detail
    _write_atomic(folder / f"{record.change_id}.status.json",
                  json.dumps({"status": status, "detail": detail, "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}))


def load_backup_file(path: Path) -> ChangeRecord:
    """The change in ``path``; CorruptBackup when it cannot be trusted."""
    try:
        document = storage.read_json(path, MAX_BACKUP_BYTES)
    except storage.DamagedFile as exc:
        raise CorruptBackup(str(exc)) from exc
    except OSError as exc:
        raise CorruptBackup(f"{path.name}: cannot be read ({type(exc).__name__}: {exc})") from exc
    if not isinstance(document, dict) or not isinstance(document.get("backup"), dict):
        raise CorruptBackup(f"{path.name}: not a tfgpu backup")
    body = document["backup"]
    if document.get("sha256") != _checksum(body):
        raise CorruptBackup(f"{path.name}: its checksum does not match: the file was changed or damaged")
    if body.get("kind") != KIND or not same_major(body.get("schema_version"), SCHEMA_VERSION):
        raise CorruptBackup(f"{path.name}: not a backup this version of tfgpu can read")
    try:
        record = ChangeRecord(
            change_id=str(body["change_id"]), topic=str(body["topic"]), target=str(body["target"]),
            summary=str(body["summary"]), edits=[edit_from_dict(e) for e in body["edits"]],
            created=str(body.get("created") or ""), os=str(body.get("os") or ""), env=body.get("env"),
            undoes=body.get("undoes"), path=path)
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptBackup(f"{path.name}: incomplete ({type(exc).__name__}: {exc})") from exc
    if record.change_id != path.stem:
        raise CorruptBackup(f"{path.name}: names another change ({record.change_id})")
    record.status, record.status_detail = _read_status(path.parent / f"{record.change_id}.status.json")
    return record


def _read_status(path: Path) -> tuple[str, str]:
    try:
        data = storage.read_json(path, 64 * 1024)
        status = data.get("status")
        return (status if status in STATUSES else "unknown"), str(data.get("detail") or "")[:2000]
    except (OSError, ValueError, AttributeError):
        return "unknown", "its status file is missing or unreadable"


def list_changes(folder: Path | None = None) -> list[HistoryEntry]:
    """Every change, newest first; unreadable backups included, with their problem."""
    folder = folder or changes_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and is_change_id(p.stem)]
    except OSError:
        return []
    entries = []
    for path in sorted(paths, key=lambda p: p.stem, reverse=True):
        try:
            entries.append(HistoryEntry(path.stem, load_backup_file(path)))
        except CorruptBackup as exc:
            entries.append(HistoryEntry(path.stem, None, str(exc)))
    return entries


def load_change(change_id: str, folder: Path | None = None, *, topic: str | None = None) -> ChangeRecord:
    """A change by its id, or ``latest`` (the newest applied one of ``topic``); LookupError when there
    is none, CorruptBackup when its backup cannot be trusted."""
    folder = folder or changes_dir()
    if change_id == "latest":
        for entry in list_changes(folder):
            record = entry.record
            if record is not None and record.status == "applied" and record.undoes is None and \
                    (topic is None or record.topic == topic):
                return record
        raise LookupError("there is no applied change to undo" + (f" for {topic}" if topic else ""))
    if not is_change_id(change_id):
        raise LookupError(f"{change_id!r} is not a change id (they look like 20260101-120000-ab12)")
    path = folder / f"{change_id}.json"
    if not path.exists():
        raise LookupError(f"no change {change_id} in {folder}")
    return load_backup_file(path)
