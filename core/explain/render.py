"""Plain text for ``tfgpu explain`` (English; the GUI renders its own)."""

from __future__ import annotations

from tfgpu.core.explain.model import Explanation
from tfgpu.core.findings.render import format_finding, short

_BOOKKEEPING = ("from_scan", "scan_not_used")


def format_explanation(explanation: Explanation, verbose: bool = False) -> str:
    lines = [f"Kind of text: {explanation.kind}"]
    if not explanation.findings:
        lines.append("Nothing in this text matches a known problem.")
    else:
        lines.append(f"Main finding: {explanation.primary}")
        if explanation.confidence is not None:
            lines.append(f"Confidence: {explanation.confidence:.2f}")
        close = [a["id"] for a in explanation.alternatives if a.get("close")]
        if close:
            lines.append(f"Also possible: {', '.join(close)}")
        lines.append("")
        for index, finding in enumerate(explanation.findings):
            lines += format_finding(finding, verbose, with_fix=index == 0 or verbose)
            lines.append("")
    facts = explanation.facts
    from_scan = set(facts.get("from_scan") or [])
    shown = {k: v for k, v in facts.items() if v not in (None, [], {}, "") and k not in _BOOKKEEPING}
    own = {k: v for k, v in shown.items() if k not in from_scan}
    if own:
        lines.append("Facts read from the text:")
        lines += [f"  {key}: {short(str(value))}" for key, value in own.items()]
    if from_scan:
        lines.append("Facts from this computer's scan (the text does not say):")
        lines += [f"  {key}: {short(str(value))}" for key, value in shown.items() if key in from_scan]
    if facts.get("scan_not_used"):
        lines.append(f"This computer's scan was not used: {facts['scan_not_used']}.")
    return "\n".join(lines).rstrip() + "\n"
