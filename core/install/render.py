"""Plain text of an install plan and its result, for ``tfgpu install`` (English; the GUI renders its own)."""

from __future__ import annotations

from tfgpu.core.findings.render import format_finding, wrap
from tfgpu.core.install.model import InstallResult, Plan, RunStatus, StepKind


def format_plan(plan: Plan) -> str:
    where = plan.target if plan.location == "local" else f"{plan.target} (inside WSL: {plan.location[4:]})"
    lines = [f"Route {plan.route}: {plan.tf_spec or 'TensorFlow'} into a new environment at {where}"]
    if plan.base_python:
        lines.append(f"  made from {plan.base_python}" + (f" (Python {plan.python_version})" if plan.python_version else ""))
    for note in plan.notes:
        lines += wrap(str(note), "  ", first="  Note: ")
    lines.append("")
    for number, step in enumerate(plan.steps, 1):
        marks = [m for m, on in (("administrator rights", step.needs_admin), ("restart", step.needs_reboot),
                                 ("by hand", step.kind is StepKind.MANUAL)) if on]
        head = f"{number}. {step.title}" + (f"  [{', '.join(marks)}]" if marks else "")
        lines.append(head)
        lines += wrap(str(step.why), "     ")
        if step.command:
            lines.append(f"     $ {step.command}  ({step.shell})")
        if step.check is not None:
            lines.append(f"     check: {step.check.command}")
        if step.url:
            lines.append(f"     {step.url}")
    if plan.problems:
        lines += ["", "This route cannot start:"]
        for problem in plan.problems:
            lines += format_finding(problem, indent=2)
    return "\n".join(lines).rstrip() + "\n"


def format_result(result: InstallResult) -> str:
    heading = {RunStatus.DONE: "Done", RunStatus.FAILED: "Failed", RunStatus.CANCELLED: "Stopped",
               RunStatus.REFUSED: "Not started", RunStatus.DECLINED: "Stopped",
               RunStatus.RESTART: "Restart needed"}[result.status]
    lines = [f"{heading}: {result.message or ''}".rstrip()]
    if result.recheck is not None:
        lines.append(f"Re-check of {result.recheck.python}: {result.recheck.headline}")
    for finding in result.findings:
        lines += format_finding(finding, indent=2)
    if result.log_path:
        lines.append(f"Full log: {result.log_path}")
    return "\n".join(lines).rstrip() + "\n"
