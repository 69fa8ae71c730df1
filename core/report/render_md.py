"""The report as GitHub-flavoured Markdown, sized to paste into an issue.

GitHub refuses an issue body over 65,536 characters; we stay under :data:`MAX_CHARS` (a margin
for the user's own words). The sections come first; the raw data sits in ``<details>`` blocks
(a blank line after ``</summary>`` so the code inside renders), added while they fit: a block
that does not fit is tried in its shorter form, then left out with a note pointing to the
.json/.zip export. Text is escaped; commands and raw output go in fences longer than any run of
backticks they hold.
"""

from __future__ import annotations

import html
import re
from typing import Any

from tfgpu.core.markup import md_escape, md_fence
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

GITHUB_LIMIT = 65_536
MAX_CHARS = 60_000
escape = md_escape


def summary_html(text: str) -> str:
    """Text for ``<summary>``: HTML entities for every markup character, on one line."""
    one_line = str(text).replace("\r", " ").replace("\n", " ")
    return html.escape(one_line, quote=True).replace("`", "&#96;").replace("*", "&#42;").replace("_", "&#95;") \
        .replace("[", "&#91;").replace("]", "&#93;")


fence = md_fence


def _cell(text: str) -> str:
    return escape(text) or " "


def block_md(block: Block, indent: str = "") -> str:
    if isinstance(block, Heading):
        return f"{'#' * block.level} {escape(block.text)}"
    if isinstance(block, Para):
        text = escape(block.text)
        if block.url:
            text = f"<{block.url}>" if re.match(r"^https?://[^\s<>]+$", block.url) else text
        return indent + (f"**{text}**" if block.strong else text)
    if isinstance(block, Table):
        header = block.header if any(block.header) else ["", ""]
        lines = ["| " + " | ".join(_cell(h) for h in header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in block.rows]
        return "\n".join(indent + line for line in lines)
    if isinstance(block, Code):
        return fence(block.text, block.language, indent)
    if isinstance(block, Items):
        out = []
        for number, item in enumerate(block.items, 1):
            marker = f"{number}." if block.ordered else "-"
            lead = f"**{escape(item.lead)}** " if item.lead else ""
            out.append(f"{indent}{marker} {lead}{escape(item.text)}")
            inner = indent + " " * (len(marker) + 1)
            for child in item.children:
                out.append("")
                out.append(block_md(child, inner))
        return "\n".join(out)
    if isinstance(block, Details):
        inner = "\n\n".join(block_md(child) for child in block.blocks)
        # The summary sits in an HTML block, where Markdown's backslash escapes do not apply: it is
        # entity-escaped, so no raw HTML ever surrounds scanned text.
        return f"<details><summary>{summary_html(block.summary)}</summary>\n\n{inner}\n\n</details>"
    if isinstance(block, Plot):
        return ""
    raise TypeError(f"unknown block {type(block).__name__}")


def render_markdown(document: dict[str, Any], raw: dict[str, str] | None = None, limit: int = MAX_CHARS) -> str:
    """The whole report in at most ``limit`` characters."""
    parts: list[str] = []
    left_out: list[str] = []
    blocks = document_blocks(document, raw)
    fixed = [b for b in blocks if not (isinstance(b, Details) and b.raw)]
    reserve = sum(len(block_md(b)) + 2 for b in fixed) + 400
    used = 0
    for block in blocks:
        if isinstance(block, Details) and block.raw:
            text = block_md(block)
            if used + reserve + len(text) > limit and block.smaller is not None:
                text = block_md(Details(block.summary + " (shortened)", block.smaller))
            if used + reserve + len(text) > limit:
                left_out.append(block.summary)
                continue
        else:
            text = block_md(block)
            reserve -= len(text) + 2
        if text:
            parts.append(text)
            used += len(text) + 2
    if left_out:
        parts.append(escape("Left out to stay within GitHub's issue size limit (attach the .json or .zip export "
                            "instead): " + "; ".join(left_out) + "."))
    return _cap("\n\n".join(parts) + "\n", limit)


def _cap(text: str, limit: int) -> str:
    """The last guard: cut at a line, close an open fence and <details>, say so."""
    if len(text) <= limit:
        return text
    note = "\n\n*The report was cut here to fit GitHub's size limit; the .json export has everything.*\n"
    cut = text[: limit - len(note) - 200]
    cut = cut[: cut.rfind("\n")] if "\n" in cut else cut
    opened = re.findall(r"^\s*(`{3,})", cut, flags=re.MULTILINE)
    if len(opened) % 2:
        cut += "\n" + opened[-1]
    if cut.count("<details>") > cut.count("</details>"):
        cut += "\n\n</details>"
    return cut + note
