"""The report as plain text: the same sections as the Markdown, readable in any editor or e-mail."""

from __future__ import annotations

import textwrap
from typing import Any

from tfgpu.core.report.blocks import (
    Block,
    Code,
    Details,
    Heading,
    Items,
    Para,
    Plot,
    Table,
    document_blocks,
)

WIDTH = 100


def _wrap(text: str, indent: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent,
                         break_long_words=False, break_on_hyphens=False) or [indent.rstrip()]


def block_text(block: Block, indent: str = "") -> list[str]:
    if isinstance(block, Heading):
        underline = "=" if block.level == 1 else "-" if block.level == 2 else ""
        lines = [indent + block.text]
        return lines + ([indent + underline * len(block.text)] if underline else [])
    if isinstance(block, Para):
        return _wrap(block.text, indent)
    if isinstance(block, Table):
        widths = [max(len(str(row[i])) for row in [block.header, *block.rows]) for i in range(len(block.header))]
        widths = [min(w, 40) for w in widths[:-1]] + [0]
        lines = []
        rows = ([block.header] if any(block.header) else []) + block.rows
        for row in rows:
            cells = [str(c).ljust(w) for c, w in zip(row[:-1], widths)] + [str(row[-1])]
            lines.append(indent + "  ".join(cells).rstrip())
        return lines
    if isinstance(block, Code):
        return [indent + "    " + line for line in block.text.rstrip("\n").split("\n")]
    if isinstance(block, Items):
        out = []
        for number, item in enumerate(block.items, 1):
            marker = f"{number}." if block.ordered else "-"
            lead = f"{item.lead} " if item.lead else ""
            out += _wrap(f"{marker} {lead}{item.text}", indent)
            for child in item.children:
                out += block_text(child, indent + "   ")
        return out
    if isinstance(block, Details):
        out = [indent + block.summary + ":"]
        for child in block.blocks:
            out += block_text(child, indent)
        return out
    if isinstance(block, Plot):
        return []
    raise TypeError(f"unknown block {type(block).__name__}")


def render_text(document: dict[str, Any], raw: dict[str, str] | None = None) -> str:
    lines: list[str] = []
    for block in document_blocks(document, raw):
        if isinstance(block, Details) and block.raw and block.summary.startswith("Scan"):
            lines += [block.summary + ": in the .json export (or the .zip's raw/scan.json)", ""]
            continue
        out = block_text(block)
        if out:
            lines += out + [""]
    return "\n".join(lines).rstrip() + "\n"
