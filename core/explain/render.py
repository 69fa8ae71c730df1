"""Plain text for ``tfgpu explain`` (English; the GUI renders its own)."""

from __future__ import annotations

from tfgpu.core.explain.model import Explanation
from tfgpu.core.findings.render import format_finding, short


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
        lines += [f"  {key}: {short(str(value))}" for key, value in explanation.facts.items() if value not in (None, [], {}, "")]
    return "\n".join(lines).rstrip() + "\n"
