"""Backup -> apply -> verify -> undo, for every target: the edits of a plan, written safely.

1. Every place is read again: when it is no longer what the plan saw, nothing is written.
2. The backup is written and flushed to disk. Without a backup nothing is changed.
3. The edits are written. A failure restores what was already written, from the backup.
4. Every place is read again and compared with the plan; a difference restores the backup.
5. A registry change is announced (WM_SETTINGCHANGE), so new terminals see it.

Undo writes each place's ``before`` back, exactly (value and type, file bytes). When a place
changed outside tfgpu since the apply, undo stops and says what changed (:class:`OutsideChange`);
the caller asks the user, who may then take out only tfgpu's part, or overwrite. An undo is a
change too: it gets its own backup, so even an overwrite loses nothing.
"""

from __future__ import annotations

import contextlib
import enum
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tfgpu.core import storage
from tfgpu.core.configure import blocks, store
from tfgpu.core.configure import places as allowed_places
from tfgpu.core.configure.model import Edit, FileEdit, Plan, RegistryEdit
from tfgpu.core.configure.pathlist import PathSyntax
from tfgpu.core.configure.store import ChangeRecord, CorruptBackup
from tfgpu.core.host import Host
from tfgpu.core.host.registry import RegistryError, RegValue

State = RegValue | bytes | None


class ConfigureError(Exception):
    """A change that was not made; the message says why and that nothing was lost."""


class OutsideChange(ConfigureError):
    """A place changed outside tfgpu since the change was applied: undo would clobber it."""

    def __init__(self, record: ChangeRecord, places: list[OutsidePlace]) -> None:
        self.record = record
        self.places = places
        names = ", ".join(p.where for p in places)
        super().__init__(f"{names} changed since tfgpu applied change {record.change_id}; undoing it now "
                         "would overwrite that change")


@dataclass(frozen=True)
class OutsidePlace:
    where: str
    expected: str  # what tfgpu wrote, shortened for display
    found: str  # what is there now
    mergeable: bool  # tfgpu's part can be taken out and the outside change kept


class UndoMode(enum.Enum):
    EXACT = "exact"  # restore every place exactly; refuse when one changed outside tfgpu
    REMOVE_OURS = "remove-ours"  # keep outside changes, take out only what tfgpu added
    OVERWRITE = "overwrite"  # restore the old values, losing the outside change (it is backed up)


@dataclass
class Outcome:
    change_id: str
    backup: Path | None
    verified: bool
    broadcast: bool | None = None  # WM_SETTINGCHANGE sent (None: no registry change)
    places: list[str] = field(default_factory=list)
    undid: str | None = None

    def to_dict(self) -> dict:
        return {"change_id": self.change_id, "backup": str(self.backup) if self.backup else None,
                "verified": self.verified, "broadcast": self.broadcast, "changes": self.places, "undid": self.undid}


# -- reading and writing one place ----------------------------------------------------------------


def read_state(host: Host, edit: Edit) -> State:
    if isinstance(edit, RegistryEdit):
        return host.registry.read_value(edit.key, edit.name)
    local = host.files.local(edit.path)
    try:
        return local.read_bytes()
    except FileNotFoundError:
        return None


def write_state(host: Host, edit: Edit, state: State) -> None:
    if isinstance(edit, RegistryEdit):
        if state is None:
            host.registry.delete_value(edit.key, edit.name)
        else:
            assert isinstance(state, RegValue)
            host.registry.write_value(edit.key, edit.name, state)
        return
    local = Path(host.files.local(edit.path))
    if state is None:
        storage.remove_file(os.path.realpath(local))  # a symlinked dotfile: its file goes, never a device
        return
    assert isinstance(state, bytes)
    # A link is followed (a symlinked dotfile stays a link), a dangling one refused; a device, FIFO or
    # read-only file is refused; folders are made only for a plain missing name (conda's activate.d).
    storage.write_file(local, state, follow_links=True, direct="refuse", make_folders=True)


@contextlib.contextmanager
def _locked(edits: Sequence[Edit]) -> Iterator[None]:
    """Every place of a change locked (in one order, so two changes never wait on each other)."""
    with contextlib.ExitStack() as stack:
        for name in sorted({_lock_name(e) for e in edits}):
            stack.enter_context(storage.target_lock("", name=name))
        yield


def _lock_name(edit: Edit) -> str:
    if isinstance(edit, RegistryEdit):
        return f"registry:{edit.key.lower()}:{edit.name.lower()}"
    try:
        return "file:" + os.path.normcase(os.path.realpath(edit.path))
    except (OSError, ValueError):
        return "file:" + edit.path


def _same(edit: Edit, a: State | object, b: State | object) -> bool:
    return a == b


# -- apply -------------------------------------------------------------------------------------------


WriteHook = Callable[[Edit, int], None]  # called before each write (tests inject failures here)


def apply_plan(host: Host, plan: Plan, *, folder: Path | None = None, before_write: WriteHook | None = None) -> Outcome:
    if plan.refusal is not None:
        raise ConfigureError(str(plan.refusal))
    if not plan.edits:
        raise ConfigureError("nothing to change: this is already set up")
    record = ChangeRecord(change_id=store.new_change_id(), topic=plan.topic, target=plan.target,
                          summary=str(plan.summary), edits=list(plan.edits), os=plan.os, env=plan.env)
    return _apply(host, record, "before", "after", folder, before_write)


def _apply(host: Host, record: ChangeRecord, old: str, new: str, folder: Path | None,
           before_write: WriteHook | None) -> Outcome:
    """Steps 1-5 with every place locked: a concurrent change waits, then finds its plan stale."""
    try:
        with _locked(record.edits):
            return _apply_locked(host, record, old, new, folder, before_write)
    except storage.StorageError as exc:  # a lock not free in time
        raise ConfigureError(str(exc)) from exc


def _apply_locked(host: Host, record: ChangeRecord, old: str, new: str, folder: Path | None,
                  before_write: WriteHook | None) -> Outcome:
    edits = record.edits
    for edit in edits:  # 1. still what the plan saw?
        try:
            now = read_state(host, edit)
        except (OSError, RegistryError) as exc:
            raise ConfigureError(f"cannot read {edit.where}: {exc}; nothing was changed") from exc
        if not _same(edit, now, getattr(edit, old)):
            raise ConfigureError(f"{edit.where} changed since this plan was made; nothing was changed. "
                                 "Make the plan again.")
    try:  # 2. the backup, before anything is touched
        store.write_backup(record, folder)
    except OSError as exc:
        raise ConfigureError(f"the backup could not be written ({exc}); nothing was changed") from exc
    written: list[Edit] = []
    try:  # 3. the edits
        for index, edit in enumerate(edits):
            if before_write is not None:
                before_write(edit, index)
            write_state(host, edit, getattr(edit, new))
            written.append(edit)
    except (OSError, RegistryError) as exc:
        if _same(edit, _read_or(host, edit), getattr(edit, new)):
            written.append(edit)  # the write went through after all (a failure after the rename)
        problems = _restore(host, written, old)
        store.set_status(record, "failed", f"writing {edit.where} failed: {exc}")
        raise ConfigureError(_failure_words(edit, exc, record, written, problems)) from exc
    mismatched = []  # 4. verify: read back and compare
    for edit in edits:
        try:
            if not _same(edit, read_state(host, edit), getattr(edit, new)):
                mismatched.append(edit.where)
        except (OSError, RegistryError) as exc:
            mismatched.append(f"{edit.where} ({exc})")
    if mismatched:
        problems = _restore(host, edits, old)
        store.set_status(record, "failed", "read back differently: " + ", ".join(mismatched))
        raise ConfigureError(f"{', '.join(mismatched)} read back differently than written. " +
                             _restored_words(record, list(edits), problems))
    broadcast = None
    if any(isinstance(e, RegistryEdit) for e in edits):  # 5. tell running programs
        broadcast = host.registry.broadcast_environment_change()
    store.set_status(record, "applied")
    return Outcome(record.change_id, record.path, True, broadcast, [e.where for e in edits], record.undoes)


def _read_or(host: Host, edit: Edit) -> State | object:
    try:
        return read_state(host, edit)
    except (OSError, RegistryError):
        return object()  # unreadable: equal to nothing


def _restore(host: Host, edits: Sequence[Edit], side: str) -> list[str]:
    """Write ``side`` back for each edit that differs from it, in reverse; what could not be restored."""
    problems = []
    for edit in reversed(edits):
        if _same(edit, _read_or(host, edit), getattr(edit, side)):
            continue
        try:
            write_state(host, edit, getattr(edit, side))
        except (OSError, RegistryError) as exc:
            problems.append(f"{edit.where}: {exc}")
    return problems


def _failure_words(edit: Edit, exc: object, record: ChangeRecord, written: list[Edit], problems: list[str]) -> str:
    """What failed, that it did not change, and what happened to the places written before it."""
    text = f"writing {edit.where} failed ({exc}). "
    if edit not in written:
        text += f"{edit.where} was not changed. "
    return text + _restored_words(record, written, problems)


def _restored_words(record: ChangeRecord, written: list[Edit], problems: list[str]) -> str:
    if problems:
        return ("These could not be put back: " + "; ".join(problems) +
                f". The backup is {record.path}: undo with `tfgpu path undo {record.change_id}`.")
    if not written:
        return f"Nothing was changed; the backup stays in {record.path}."
    return (", ".join(e.where for e in written) + " " + ("was" if len(written) == 1 else "were") +
            f" put back as it was; the backup stays in {record.path}.")


# -- undo ----------------------------------------------------------------------------------------------


def foreign_place(host: Host, record: ChangeRecord) -> str | None:
    """Why the backup names a place its change could not have planned (D17); None when it does not."""
    return allowed_places.foreign_place(host, record.topic, record.target, record.env, record.edits)


def outside_changes(host: Host, record: ChangeRecord) -> list[OutsidePlace]:
    """The places that no longer hold what tfgpu wrote (an interrupted apply, status "pending", may also
    have left a place untouched: that is not an outside change)."""
    places = []
    for edit in record.edits:
        try:
            now = read_state(host, edit)
        except (OSError, RegistryError) as exc:
            places.append(OutsidePlace(edit.where, _show(edit.after), f"unreadable: {exc}", False))
            continue
        if record.status == "pending" and _same(edit, now, edit.before):
            continue
        if not _same(edit, now, edit.after):
            places.append(OutsidePlace(edit.where, _show(edit.after), _show(now), _merge(edit, now) is not None))
    return places


def undo_change(host: Host, change_id: str, mode: UndoMode = UndoMode.EXACT, *, topic: str | None = None,
                folder: Path | None = None, before_write: WriteHook | None = None) -> Outcome:
    """Undo a change (``latest``: the newest applied one). Raises LookupError, CorruptBackup,
    OutsideChange (mode EXACT only) or ConfigureError; nothing is written unless all is well."""
    record = store.load_change(change_id, folder, topic=topic)
    if record.status == "undone":
        raise ConfigureError(f"change {record.change_id} was already undone; nothing was changed")
    problem = foreign_place(host, record)
    if problem is not None:
        raise ConfigureError(f"the backup of {record.change_id} names a place tfgpu never plans, so it is not "
                             f"applied: {problem}")
    if record.status not in ("applied", "unknown", "pending"):  # pending: an apply that was interrupted
        raise ConfigureError(f"change {record.change_id} is {record.status}: it changed nothing to undo")
    places = outside_changes(host, record)
    if places and mode is UndoMode.EXACT:
        raise OutsideChange(record, places)
    edits: list[Edit] = []
    for edit in record.edits:
        now = read_state(host, edit)
        if record.status == "pending" and _same(edit, now, edit.before):
            continue  # the interrupted apply never reached this place
        if _same(edit, now, edit.after) or mode is UndoMode.OVERWRITE:
            target = edit.before
        else:
            target = _merge(edit, now)
            if target is None:
                continue  # nothing of ours can be told apart: that place is left as it is
        if not _same(edit, now, target):
            edits.append(_edit_like(edit, now, target))
    undo = ChangeRecord(change_id=store.new_change_id(), topic=record.topic, target=record.target,
                        summary=f"Undo of {record.change_id}: {record.summary}", edits=edits, os=record.os,
                        env=record.env, undoes=record.change_id)
    if edits:
        outcome = _apply(host, undo, "before", "after", folder or (record.path.parent if record.path else None),
                         before_write)
    else:
        outcome = Outcome(record.change_id, None, True)
    store.set_status(record, "undone", f"by {outcome.change_id}" if edits else "nothing left to restore")
    outcome.undid = record.change_id
    return outcome


def _edit_like(edit: Edit, before: State, after: State) -> Edit:
    if isinstance(edit, RegistryEdit):
        assert not isinstance(before, bytes) and not isinstance(after, bytes)
        return RegistryEdit(edit.key, edit.name, before, after)
    assert not isinstance(before, RegValue) and not isinstance(after, RegValue)
    return FileEdit(edit.path, before, after, edit.block)


def _merge(edit: Edit, now: State) -> State | None:
    """The current state with only tfgpu's part taken out; None when that cannot be told apart."""
    if isinstance(edit, RegistryEdit):
        if not isinstance(now, RegValue) or now.text is None or edit.separator is None or not edit.added:
            return None
        paths = PathSyntax(edit.separator == ";")
        ours = {paths.key(a) for a in edit.added}
        segments = paths.split(now.text)
        kept = [s for s in segments if paths.key(s) not in ours]
        return RegValue(paths.join(kept), now.kind) if kept != segments else None
    if edit.block is None or not isinstance(now, bytes):
        return None
    topic, comment = edit.block.split(":", 1) if ":" in edit.block else (edit.block, "#")
    syntax = blocks.Syntax(comment)
    text = blocks.decode(now)
    if blocks.find_block(text, topic, syntax) is None:
        return None
    return blocks.encode(blocks.remove_block(text, topic, syntax))


def _show(state: State, limit: int = 400) -> str:
    if state is None:
        return "(not set)"
    if isinstance(state, RegValue):
        text = f"{state.type_name}: {state.data}"
    else:
        text = blocks.decode(state)
    return text if len(text) <= limit else text[:limit] + f"… ({len(text)} characters)"


__all__ = ["ConfigureError", "CorruptBackup", "OutsideChange", "OutsidePlace", "Outcome", "UndoMode",
           "apply_plan", "foreign_place", "outside_changes", "read_state", "undo_change", "write_state"]
