"""What ``tfgpu path`` and ``tfgpu memory`` share: showing a plan, asking before a change, undo
with its outside-change question, the history. Imported only when one of them runs."""

from __future__ import annotations

import argparse
import json
import sys

from tfgpu.core.cli.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE, error, warn, write
from tfgpu.core.configure import applier, store
from tfgpu.core.configure.model import SCHEMA_VERSION, Plan
from tfgpu.core.configure.render import format_history, format_outside, format_plan
from tfgpu.core.host import Host


def ask(question: str, choices: str = "yN") -> str | None:
    """One answer letter from the terminal (lower case); None when there is no terminal to ask on."""
    try:
        if sys.stdin is None or not sys.stdin.isatty():
            return None
        print(f"{question} [{'/'.join(choices)}] ", end="", file=sys.stderr, flush=True)
        answer = sys.stdin.readline().strip().lower()
    except (OSError, ValueError, EOFError):
        return None
    default = next((c.lower() for c in choices if c.isupper()), "")
    return (answer or default)[:1]


def show_plan(args: argparse.Namespace, plan: Plan) -> int:
    if args.json:
        write(json.dumps(plan.to_dict(), indent=2, ensure_ascii=False) + "\n")
    else:
        write(format_plan(plan))
    return EXIT_FAILED if plan.refusal is not None else EXIT_OK


def apply(command: str, args: argparse.Namespace, host: Host, plan: Plan) -> int:
    """Show, ask (unless --yes), back up, apply, verify."""
    if plan.refusal is not None or not plan.edits:
        return show_plan(args, plan)
    if not args.yes:
        if not args.json:
            write(format_plan(plan))
        answer = ask("Apply these changes?")
        if answer is None:
            error(command, "this changes your system: run it in a terminal to confirm, or add --yes")
            return EXIT_USAGE
        if answer != "y":
            warn(command, "nothing was changed")
            return EXIT_FAILED
    try:
        outcome = applier.apply_plan(host, plan)
    except applier.ConfigureError as exc:
        error(command, str(exc))
        return EXIT_FAILED
    if args.json:
        write(json.dumps({"schema_version": SCHEMA_VERSION, "applied": True, "plan": plan.to_dict(),
                          **outcome.to_dict()}, indent=2, ensure_ascii=False) + "\n")
    else:
        note = "" if outcome.broadcast is None else (" Running programs were told (WM_SETTINGCHANGE)." if outcome.broadcast
                                                     else " Open a new terminal to see it.")
        write(f"Applied and verified (change {outcome.change_id}).{note}\n"
              f"Backup: {outcome.backup}\nUndo: tfgpu {command} undo {outcome.change_id}\n")
    return EXIT_OK


def undo(command: str, topic: str, args: argparse.Namespace, host: Host) -> int:
    try:
        record = store.load_change(args.change_id, topic=topic)
    except LookupError as exc:
        error(command, str(exc))
        return EXIT_FAILED
    except store.CorruptBackup as exc:
        error(command, f"the backup cannot be trusted, so it is not applied: {exc}")
        return EXIT_FAILED
    if record.status == "undone":  # said first: a diff against today's files would only mislead
        error(command, f"change {record.change_id} was already undone"
              + (f" ({record.status_detail})" if record.status_detail else "") + "; nothing was changed")
        return EXIT_FAILED
    problem = applier.foreign_place(host, record)
    if problem is not None:
        error(command, f"the backup of {record.change_id} names a place tfgpu never plans, so it is not applied: "
              f"{problem}")
        return EXIT_FAILED
    places = applier.outside_changes(host, record)
    mode = applier.UndoMode.EXACT
    if places:
        print(format_outside(places), end="", file=sys.stderr)
        warn(command, "something else changed these since tfgpu did; undoing would overwrite that")
        mergeable = all(p.mergeable for p in places)
        if args.keep_outside_changes:
            mode = applier.UndoMode.REMOVE_OURS
        elif args.overwrite:
            mode = applier.UndoMode.OVERWRITE
        else:
            question = ("[k]eep the other changes and take out only tfgpu's, [o]verwrite them (a backup is kept), "
                        "or [c]ancel?" if mergeable else "[o]verwrite them (a backup is kept), or [c]ancel?")
            answer = ask(question, "koC" if mergeable else "oC")
            if answer is None:
                error(command, "not undone: choose --keep-outside-changes or --overwrite")
                return EXIT_FAILED
            if answer == "k" and mergeable:
                mode = applier.UndoMode.REMOVE_OURS
            elif answer == "o":
                mode = applier.UndoMode.OVERWRITE
            else:
                warn(command, "nothing was changed")
                return EXIT_FAILED
    elif not args.yes:
        write(f"Undo {record.change_id}: {record.summary}\n" + "".join(f"  restore {e.where}\n" for e in record.edits))
        answer = ask("Undo this change?")
        if answer is None:
            error(command, "this changes your system: run it in a terminal to confirm, or add --yes")
            return EXIT_USAGE
        if answer != "y":
            warn(command, "nothing was changed")
            return EXIT_FAILED
    try:
        outcome = applier.undo_change(host, record.change_id, mode, topic=topic)
    except applier.ConfigureError as exc:
        error(command, str(exc))
        return EXIT_FAILED
    if getattr(args, "json", False):
        write(json.dumps({"schema_version": SCHEMA_VERSION, "undone": record.change_id, "mode": mode.value,
                          **outcome.to_dict()}, indent=2) + "\n")
    else:
        write(f"Undone: {record.change_id} ({mode.value}), verified. "
              + (f"Backup of what was there: {outcome.backup}\n" if outcome.backup else "\n"))
    return EXIT_OK


def history(args: argparse.Namespace) -> int:
    entries = store.list_changes()
    if args.json:
        write(json.dumps({"schema_version": SCHEMA_VERSION, "folder": str(store.changes_dir()),
                          "changes": [e.to_dict() for e in entries]}, indent=2, ensure_ascii=False) + "\n")
    else:
        write(format_history(entries))
    return EXIT_OK
