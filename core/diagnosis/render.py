"""Plain text for ``tfgpu doctor`` (English); the checklist part is :mod:`tfgpu.core.diagnosis.present`'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tfgpu.core.diagnosis.model import EnvVerdict, Recommendation
from tfgpu.core.diagnosis.present import env_line, finding_sections, headline, present, to_text
from tfgpu.core.findings.model import Finding, Severity
from tfgpu.core.findings.render import format_finding, format_steps, wrap

if TYPE_CHECKING:
    from tfgpu.core.diagnosis.verdict import Verdict


def format_verdict(verdict: Verdict, verbose: bool = False) -> str:
    """``tfgpu doctor``'s text: the parts the route does not need, the verdict's checklist (done steps
    ticked; :mod:`present` builds it for every presenter), then every finding and the recommendation."""
    diagnosis, shown = verdict.diagnosis, present(verdict)
    lines = [headline(diagnosis.gpu_ready), f"Main finding: {diagnosis.primary.title} ({diagnosis.primary.id})", ""]
    lines += to_text(shown, wrap=wrap)
    for section in finding_sections(diagnosis):
        if section.env is not None:
            lines += _env_lines(section.env, section.findings, verbose)
            continue
        lines.append("This computer")
        for finding in section.findings:
            lines += format_finding(finding, verbose, indent=2, with_fix=verbose and finding.severity is Severity.ERROR)
        lines.append("")
    if diagnosis.recommendation:
        lines += format_recommendation(diagnosis.recommendation, with_steps=verbose)
    lines.append(f"Knowledge base {diagnosis.kb_version} ({diagnosis.kb_date}). Details: tfgpu doctor --json")
    return "\n".join(lines).rstrip() + "\n"


def _env_lines(env: EnvVerdict, findings: tuple[Finding, ...], verbose: bool) -> list[str]:
    lines = [f"{env.label}", f"  {env_line(env.tf_version, env.gpu_ready, env.gpu_count)}"]
    for index, finding in enumerate(findings):
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
