"""Plans, outcomes and the history as plain text for the CLI (the GUI draws its own)."""

from __future__ import annotations

from tfgpu.core.configure.applier import OutsidePlace
from tfgpu.core.configure.memory import OPTIONS, WHY_ORDER
from tfgpu.core.configure.memory_check import MemoryCheck
from tfgpu.core.configure.model import Plan
from tfgpu.core.configure.store import HistoryEntry


def format_plan(plan: Plan) -> str:
    out = [f"{plan.summary}  (target: {plan.target}, {plan.os}" + (f", environment: {plan.env})" if plan.env else ")")]
    if plan.refusal is not None:
        out.append(f"Cannot apply: {plan.refusal}")
    for section in plan.sections:
        out.append("")
        out.append(f"{section.title}" + (f"  [{section.where}]" if str(section.title) != section.where else ""))
        out += ["  " + line.render() for line in section.lines]
    if plan.words:
        out += ["", "In words:"] + [f"  - {w}" for w in plan.words]
    if plan.notes:
        out += ["", "Notes:"] + [f"  - {n}" for n in plan.notes]
    for step in plan.admin_steps:
        out += ["", f"Needs an administrator (not done by tfgpu): {step.text}", f"  {step.command}"]
    if plan.edits:
        out += ["", "Changes: " + "; ".join(plan.where), f"A backup of each goes to {plan.backup_dir} first."]
    elif plan.refusal is None:
        out += ["", "Nothing to change."]
    return "\n".join(out) + "\n"


def format_history(entries: list[HistoryEntry]) -> str:
    if not entries:
        return "No changes made by tfgpu yet.\n"
    lines = []
    for entry in entries:
        record = entry.record
        if record is None:
            lines.append(f"{entry.change_id}  CORRUPT BACKUP (never applied): {entry.problem}")
            continue
        undo = f"  (undoes {record.undoes})" if record.undoes else ""
        lines.append(f"{record.change_id}  {record.created}  {record.topic}/{record.target}  {record.status:8}  "
                     f"{record.summary}{undo}")
        lines += [f"    {edit.where}" for edit in record.edits]
    return "\n".join(lines) + "\n"


def format_outside(places: list[OutsidePlace]) -> str:
    lines = ["Changed since tfgpu applied it:"]
    for place in places:
        lines += [f"  {place.where}", f"    tfgpu wrote: {place.expected}", f"    now it is:   {place.found}"]
    return "\n".join(lines) + "\n"


def format_options() -> str:
    lines = ["GPU memory options for TensorFlow:", ""]
    for option in OPTIONS:
        lines.append(f"{option.mode:8} {option.title}: {option.words}")
        lines.append(f"         in code: {option.api}" + (f"; without code: {option.variable}" if option.variable else ""))
    lines += ["", WHY_ORDER, "",
              "tfgpu memory snippet --mode growth|limit MIB|visible IDS|async   prints the code",
              "tfgpu memory apply --mode growth|visible IDS|async                sets the environment variable",
              "tfgpu memory check                                                measures it"]
    return "\n".join(lines) + "\n"


def format_check(check: MemoryCheck) -> str:
    lines = [f"Memory check in {check.env} ({check.mode}{' ' + check.value if check.value else ''})"]
    if check.measured is None:
        lines.append(f"Not measured: {check.reason}")
        return "\n".join(lines) + "\n"
    measured = check.measured
    lines.append(f"Setting: {measured['setting']['how']}")
    for label in ("without", "with"):
        run = measured[label]
        lines.append(f"  {label:7}: {_mib(run['process_bytes'])} held by the process ({run['source']})")
    if measured["difference_bytes"] is not None:
        lines.append(f"  difference: {_mib(measured['difference_bytes'])} ({measured['source']})")
    if check.reason:
        lines.append(check.reason)
    return "\n".join(lines) + "\n"


def _mib(value: int | None) -> str:
    return "n/a" if value is None else f"{value / 2**20:,.1f} MiB"
