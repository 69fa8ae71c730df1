"""Plain text of findings and fix steps (English), shared by ``doctor`` and ``explain``."""

from __future__ import annotations

import textwrap

from tfgpu.core.findings.model import Finding, FixStep, Severity

MARK = {Severity.ERROR: "[x]", Severity.WARNING: "[!]", Severity.INFO: "[i]", Severity.OK: "[ok]"}
WIDTH = 100


def format_finding(finding: Finding, verbose: bool = False, indent: int = 0, with_fix: bool = True) -> list[str]:
    pad = " " * indent
    lines = [f"{pad}{MARK[finding.severity]} {finding.title}  ({finding.id})"]
    lines += wrap(str(finding.detail), pad + "    ")
    if verbose:
        lines += [f"{pad}    evidence: {short(str(ev))}" for ev in finding.evidence]
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
        lines += wrap(str(fix.text), " " * len(head), first=head)
        if fix.command:
            shell = f"  ({fix.shell})" if fix.shell else ""
            for i, command_line in enumerate(fix.command.splitlines()):
                lines.append(f"{' ' * len(head)}  $ {command_line}" + (shell if i == 0 else ""))
        if fix.url:
            lines.append(f"{' ' * len(head)}  {fix.url}")
    return lines


def wrap(text: str, pad: str, first: str | None = None) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=first if first is not None else pad, subsequent_indent=pad) or [
        first or pad]


def short(text: str, limit: int = 160) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
