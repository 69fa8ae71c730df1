"""Plain text for ``tfgpu doctor`` (English; the GUI renders its own)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tfgpu.core.diagnosis.model import Diagnosis, EnvVerdict, Recommendation
from tfgpu.core.diagnosis.next_steps import Checklist, NextStep, next_steps
from tfgpu.core.findings.model import Severity
from tfgpu.core.findings.render import format_finding, format_steps, wrap

if TYPE_CHECKING:
    from tfgpu.core.diagnosis.verdict import Verdict

#: What a scan part is called in words (the not-needed line).
PART_NAMES = {"driver": "NVIDIA driver", "cuda": "CUDA toolkit", "cudnn": "cuDNN", "path": "CUDA on PATH"}


def format_verdict(verdict: Verdict, verbose: bool = False) -> str:
    """``tfgpu doctor``'s text: the verdict's checklist (done steps ticked), the parts the route does
    not need, then the findings and the recommendation."""
    text = format_diagnosis(verdict.diagnosis, verbose, verdict.checklist, ticked=verdict.ticked)
    lines = not_needed_lines(verdict)
    if not lines:
        return text
    head, _, rest = text.partition("\n\n")
    return head + "\n\n" + "\n".join(lines) + "\n\n" + rest


def not_needed_lines(verdict: Verdict) -> list[str]:
    """One line per reason: the parts the route goes without."""
    by_why: dict[str, list[str]] = {}
    for part in verdict.not_needed:
        text = verdict.not_needed_text(part)
        by_why.setdefault(str(text), []).append(PART_NAMES.get(part, part))
    return [f"{', '.join(parts)}: {why}" for why, parts in by_why.items()]


def format_diagnosis(diagnosis: Diagnosis, verbose: bool = False, checklist: Checklist | None = None,
                     ticked: Callable[[NextStep], bool | None] | None = None) -> str:
    """The checklist first (what to do, in order), then every finding, then the recommendation."""
    checklist = checklist or next_steps(diagnosis)
    lines = [_verdict_line(diagnosis), f"Main finding: {diagnosis.primary.title} ({diagnosis.primary.id})", ""]
    lines += format_next_steps(checklist, ticked)
    if diagnosis.machine:
        lines.append("This computer")
        for finding in diagnosis.machine:
            lines += format_finding(finding, verbose, indent=2, with_fix=verbose and finding.severity is Severity.ERROR)
        lines.append("")
    for env in diagnosis.envs:
        lines += _env_lines(env, verbose)
    if diagnosis.recommendation:
        lines += format_recommendation(diagnosis.recommendation, with_steps=verbose)
    lines.append(f"Knowledge base {diagnosis.kb_version} ({diagnosis.kb_date}). Details: tfgpu doctor --json")
    return "\n".join(lines).rstrip() + "\n"


def format_next_steps(checklist: Checklist, ticked: Callable[[NextStep], bool | None] | None = None) -> list[str]:
    """"Do this next": numbered steps with their commands and "done when" checks, then the other options."""
    where = f" (for {checklist.env})" if checklist.env else ""
    lines = [f"Do this next{where}:"]
    for number, step in enumerate(checklist.steps, 1):
        done = ticked is not None and ticked(step) is True
        lines += _step_lines(step, f"  {number}. " + ("[done] " if done else ""))
    for option in checklist.options:
        lines += wrap(str(option.title), "      ", first="  Or: ")
        for step in option.steps:
            lines += _step_lines(step, "    - ", with_text=str(step.text) != str(option.title))
    return lines + [""]


def _step_lines(step: NextStep, head: str, with_text: bool = True) -> list[str]:
    pad = " " * len(head)
    lines = wrap(str(step.text), pad, first=head) if with_text else []
    for command in step.commands:
        shell = f"  ({command.shell})" if command.shell else ""
        for i, command_line in enumerate(command.command.splitlines()):
            lines.append(f"{pad}  $ {command_line}" + (shell if i == 0 else ""))
    if step.url:
        lines.append(f"{pad}  {step.url}")
    lines += wrap(str(step.check.text), pad + "  ")
    return lines


def _verdict_line(diagnosis: Diagnosis) -> str:
    if diagnosis.gpu_ready:
        return "GPU ready: TensorFlow can use your GPU."
    return "Not GPU ready: TensorFlow cannot use a GPU on this computer yet."


def _env_lines(env: EnvVerdict, verbose: bool) -> list[str]:
    state = "GPU ready" if env.gpu_ready else ("GPU listed, but it cannot run TensorFlow's kernels here" if env.gpu_count
                                               else "no GPU")
    tf = f"TensorFlow {env.tf_version}" if env.tf_version else "no TensorFlow"
    lines = [f"{env.label}", f"  {tf}: {state}"]
    for index, finding in enumerate(env.findings):
        if finding.severity is Severity.INFO and not verbose and index:
            continue
        lines += format_finding(finding, verbose, indent=2, with_fix=verbose and index == 0 and not env.gpu_ready)
    return lines + [""]


def format_recommendation(rec: Recommendation, with_steps: bool = False) -> list[str]:
    """The route's title and why; its steps are in the checklist above (all of them with ``with_steps``)."""
    lines = [f"Recommendation: {rec.title}"]
    lines += wrap(str(rec.detail), "  ")
    if with_steps:
        lines += format_steps(rec.steps, "  ")
    for note in rec.notes:
        lines += wrap(str(note), "    ", first="  Note: ")
    return lines + [""]
