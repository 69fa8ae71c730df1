"""Plain text for ``tfgpu doctor`` and ``tfgpu explain`` (English; the GUI renders its own)."""

from __future__ import annotations

import textwrap

from tfgpu.core.diagnosis.model import Diagnosis, EnvVerdict, Explanation, Finding, FixStep, Recommendation, Severity

_MARK = {Severity.ERROR: "[x]", Severity.WARNING: "[!]", Severity.INFO: "[i]", Severity.OK: "[ok]"}
WIDTH = 100


def format_diagnosis(diagnosis: Diagnosis, verbose: bool = False) -> str:
    lines = [_verdict_line(diagnosis), f"Main finding: {diagnosis.primary.title} ({diagnosis.primary.id})", ""]
    if diagnosis.machine:
        lines.append("This computer")
        for finding in diagnosis.machine:
            lines += format_finding(finding, verbose, indent=2, with_fix=finding.severity is Severity.ERROR)
        lines.append("")
    for env in diagnosis.envs:
        lines += _env_lines(env, verbose)
    if diagnosis.recommendation:
        lines += format_recommendation(diagnosis.recommendation)
    lines.append(f"Knowledge base {diagnosis.kb_version} ({diagnosis.kb_date}). Details: tfgpu doctor --json")
    return "\n".join(lines).rstrip() + "\n"


def _verdict_line(diagnosis: Diagnosis) -> str:
    if diagnosis.gpu_ready:
        return "GPU ready: TensorFlow can use your GPU."
    return "Not GPU ready: TensorFlow cannot use a GPU on this computer yet."


def _env_lines(env: EnvVerdict, verbose: bool) -> list[str]:
    state = "GPU ready" if env.gpu_ready else "no GPU"
    tf = f"TensorFlow {env.tf_version}" if env.tf_version else "no TensorFlow"
    lines = [f"{env.label}", f"  {tf}: {state}"]
    for index, finding in enumerate(env.findings):
        if finding.severity is Severity.INFO and not verbose and index:
            continue
        lines += format_finding(finding, verbose, indent=2, with_fix=index == 0 and not env.gpu_ready)
    return lines + [""]


def format_finding(finding: Finding, verbose: bool = False, indent: int = 0, with_fix: bool = True) -> list[str]:
    pad = " " * indent
    lines = [f"{pad}{_MARK[finding.severity]} {finding.title}  ({finding.id})"]
    lines += _wrap(str(finding.detail), pad + "    ")
    if verbose:
        lines += [f"{pad}    evidence: {_short(str(ev))}" for ev in finding.evidence]
    if with_fix and finding.fix:
        lines += format_steps(finding.fix, pad + "    ")
    return lines


def format_steps(steps: list[FixStep], pad: str) -> list[str]:
    lines: list[str] = []
    number = 0
    for fix in steps:
        if fix.alternative:
            head = f"{pad}Or: "
        else:
            number += 1
            head = f"{pad}{number}. "
        lines += _wrap(str(fix.text), " " * len(head), first=head)
        if fix.command:
            shell = f"  ({fix.shell})" if fix.shell else ""
            for i, command_line in enumerate(fix.command.splitlines()):
                lines.append(f"{' ' * len(head)}  $ {command_line}" + (shell if i == 0 else ""))
        if fix.url:
            lines.append(f"{' ' * len(head)}  {fix.url}")
    return lines


def format_recommendation(rec: Recommendation) -> list[str]:
    lines = [f"Recommendation: {rec.title}"]
    lines += _wrap(str(rec.detail), "  ")
    lines += format_steps(rec.steps, "  ")
    return lines + [""]


def format_explanation(explanation: Explanation, verbose: bool = False) -> str:
    lines = [f"Kind of text: {explanation.kind}"]
    if not explanation.findings:
        lines.append("Nothing in this text matches a known problem.")
    else:
        lines.append(f"Main finding: {explanation.primary}")
        lines.append("")
        for index, finding in enumerate(explanation.findings):
            lines += format_finding(finding, verbose, with_fix=index == 0 or verbose)
            lines.append("")
    if explanation.facts:
        lines.append("Facts read from the text:")
        lines += [f"  {key}: {_short(str(value))}" for key, value in explanation.facts.items() if value not in (None, [], {}, "")]
    return "\n".join(lines).rstrip() + "\n"


def _wrap(text: str, pad: str, first: str | None = None) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=first if first is not None else pad, subsequent_indent=pad) or [
        first or pad]


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
