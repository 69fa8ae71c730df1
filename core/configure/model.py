"""What a configuration change is: the plan a user reads, and the exact edits an applier makes.

A :class:`Plan` says in words and as a diff what changes where; its ``edits`` are the concrete
writes, each with the value before and after, so the backup of a change is simply its edits and an
undo writes the ``before`` side back. Two kinds of edit exist: a registry value (Windows user
environment) and a whole file (a profile, an activate script, a conda state file).
"""

from __future__ import annotations

import base64
import difflib
from collections.abc import Sequence
from dataclasses import dataclass, field

from tfgpu.core.host.registry import RegValue
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.shell import Shell

SCHEMA_VERSION = "1.0"
TARGETS = ("user", "conda", "venv", "profile")
TOPICS = ("path", "memory")


@dataclass(frozen=True)
class RegistryEdit:
    """One registry value, before and after (None: the value does not exist / is deleted)."""

    key: str
    name: str
    before: RegValue | None
    after: RegValue | None
    separator: str | None = None  # a search-path value: undo can then take out only ``added``
    added: tuple[str, ...] = ()

    @property
    def where(self) -> str:
        return f"{self.key}\\{self.name}"

    def to_dict(self) -> dict:
        return {"type": "registry", "key": self.key, "name": self.name, "before": _reg(self.before),
                "after": _reg(self.after), "separator": self.separator, "added": list(self.added)}


@dataclass(frozen=True)
class FileEdit:
    """One file's whole content before and after (None: the file does not exist / is removed)."""

    path: str
    before: bytes | None
    after: bytes | None
    block: str | None = None  # the marker of our block in it: undo can then take out only the block

    @property
    def where(self) -> str:
        return self.path

    def to_dict(self) -> dict:
        return {"type": "file", "path": self.path, "before": _bytes(self.before), "after": _bytes(self.after),
                "block": self.block}


Edit = RegistryEdit | FileEdit


def edit_from_dict(data: dict) -> Edit:
    """The inverse of ``to_dict``; ValueError/KeyError/TypeError on anything else."""
    if data["type"] == "registry":
        return RegistryEdit(str(data["key"]), str(data["name"]), _unreg(data["before"]), _unreg(data["after"]),
                            data.get("separator"), tuple(str(x) for x in data.get("added") or ()))
    if data["type"] == "file":
        return FileEdit(str(data["path"]), _unbytes(data["before"]), _unbytes(data["after"]), data.get("block"))
    raise ValueError(f"unknown edit type {data['type']!r}")


def _reg(value: RegValue | None) -> dict | None:
    return None if value is None else {"data": value.data, "kind": value.kind}


def _unreg(data: dict | None) -> RegValue | None:
    if data is None:
        return None
    if not isinstance(data.get("kind"), int) or isinstance(data.get("kind"), bool):
        raise ValueError("a registry value without a type")
    return RegValue(data["data"], data["kind"])


def _bytes(data: bytes | None) -> str | None:
    return None if data is None else base64.b64encode(data).decode("ascii")


def _unbytes(text: str | None) -> bytes | None:
    return None if text is None else base64.b64decode(text.encode("ascii"), validate=True)


@dataclass(frozen=True)
class DiffLine:
    """One row of a diff: ``mark`` is '+' (added), '-' (taken out), '~' (moved here) or ' ' (kept)."""

    mark: str
    text: str
    note: str = ""  # "moved ahead of C:\\...", "dead: no such folder", "duplicate"

    @property
    def kind(self) -> str:
        return {"+": "added", "-": "removed", "~": "moved", " ": "kept"}[self.mark]

    def render(self) -> str:
        return f"{self.mark} {self.text}" + (f"    ({self.note})" if self.note else "")


@dataclass
class PlanSection:
    """The diff of one place that changes (a registry value, a file, a variable in a new shell)."""

    where: str
    title: TrText
    lines: list[DiffLine] = field(default_factory=list)


@dataclass(frozen=True)
class AdminStep:
    """A change that needs an administrator: handed to the user as a command, never run by us."""

    text: TrText
    command: str
    shell: Shell


@dataclass(frozen=True)
class VariableChange:
    name: str
    before: str | None
    after: str | None


@dataclass
class Plan:
    """A configuration change, planned: nothing has been written yet."""

    topic: str  # "path" or "memory"
    target: str  # "user", "conda", "venv", "profile"
    os: str  # "windows" or "linux"
    summary: TrText
    variables: list[VariableChange] = field(default_factory=list)
    folders: list[str] = field(default_factory=list)  # the folders a path plan puts on the search path
    added: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    ahead_of: str | None = None
    dead: list[str] = field(default_factory=list)  # reported, kept
    duplicates: list[str] = field(default_factory=list)  # reported, kept
    sections: list[PlanSection] = field(default_factory=list)
    words: list[TrText] = field(default_factory=list)  # the before/after diff in words
    notes: list[TrText] = field(default_factory=list)
    admin_steps: list[AdminStep] = field(default_factory=list)
    refusal: TrText | None = None  # why this plan cannot be applied
    edits: list[Edit] = field(default_factory=list)
    env: str | None = None  # the Python environment it is for
    backup_dir: str = ""

    @property
    def nothing_to_do(self) -> bool:
        return self.refusal is None and not self.edits

    @property
    def can_apply(self) -> bool:
        return self.refusal is None and bool(self.edits)

    @property
    def where(self) -> list[str]:
        return [edit.where for edit in self.edits]

    def to_dict(self) -> dict:
        return {
            "schema_version": SCHEMA_VERSION, "topic": self.topic, "target": self.target, "os": self.os,
            "env": self.env, "summary": str(self.summary),
            "variables": [{"name": v.name, "before": v.before, "after": v.after} for v in self.variables],
            "folders": self.folders, "added": self.added, "moved": self.moved, "ahead_of": self.ahead_of,
            "dead": self.dead, "duplicates": self.duplicates,
            "diff": [{"where": s.where, "title": str(s.title), "lines": [
                {"mark": line.mark, "kind": line.kind, "text": line.text, "note": line.note} for line in s.lines]}
                for s in self.sections],
            "words": [str(w) for w in self.words], "notes": [str(n) for n in self.notes],
            "admin_steps": [{"text": str(a.text), "command": a.command, "shell": str(a.shell)} for a in self.admin_steps],
            "refusal": None if self.refusal is None else str(self.refusal),
            "nothing_to_do": self.nothing_to_do, "changes": self.where, "backup_dir": self.backup_dir,
        }


def list_diff(before: Sequence[str], after: Sequence[str], moved: Sequence[str] = (),
              notes: dict[str, str] | None = None, duplicates: Sequence[str] = ()) -> list[DiffLine]:
    """A line diff of two segment lists; a moved entry shows where it left ('-') and where it went ('~').
    ``duplicates``: entries noted as such from their second occurrence on."""
    lines: list[DiffLine] = []
    moved_set = set(moved)
    notes = {"": QT_TRANSLATE_NOOP("core", "empty entry"), **(notes or {})}
    repeated, seen = set(duplicates), set()

    def kept(s: str) -> DiffLine:
        note = notes.get(s, "")
        if s in repeated:
            note = QT_TRANSLATE_NOOP("core", "duplicate") if s in seen else note
            seen.add(s)
        return DiffLine(" ", s, note)

    matcher = difflib.SequenceMatcher(a=list(before), b=list(after), autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            lines += [kept(s) for s in before[i1:i2]]
            continue
        for s in before[i1:i2]:
            lines.append(DiffLine("-", s, QT_TRANSLATE_NOOP("core", "moved") if s in moved_set else ""))
        for s in after[j1:j2]:
            lines.append(DiffLine("~" if s in moved_set else "+", s, notes.get(s, "")))
    return lines


def text_diff(before: str, after: str) -> list[DiffLine]:
    """A line diff of two texts (a file before and after)."""
    lines: list[DiffLine] = []
    old, new = before.splitlines(), after.splitlines()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag == "equal":
            if i2 - i1 > 4:  # long unchanged stretches shown by their ends
                lines += [DiffLine(" ", s) for s in old[i1:i1 + 2]]
                lines.append(DiffLine(" ", f"… {i2 - i1 - 4} unchanged lines …"))
                lines += [DiffLine(" ", s) for s in old[i2 - 2:i2]]
            else:
                lines += [DiffLine(" ", s) for s in old[i1:i2]]
            continue
        lines += [DiffLine("-", s) for s in old[i1:i2]]
        lines += [DiffLine("+", s) for s in new[j1:j2]]
    return lines
