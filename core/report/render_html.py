"""The report as one self-contained HTML page: the style inline, the plots embedded as ``data:``
images, no script, nothing loaded from the network (links to official pages are plain ``href``s
the reader may follow). Kept under :data:`MAX_BYTES`: raw data blocks are shortened, then left
out, when the page would be larger."""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Mapping
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
from tfgpu.core.report.plots import Image

MAX_BYTES = 2_000_000
_SAFE_URL = re.compile(r"^https?://[^\s\"'<>]+$")

STYLE = """
body{font-family:"Segoe UI",Arial,"Noto Sans","Microsoft YaHei",sans-serif;max-width:1000px;margin:2em auto;
padding:0 1em;color:#1b1b1b;background:#fff;line-height:1.45}
h1{font-size:1.6em;border-bottom:2px solid #ddd;padding-bottom:.3em}h2{font-size:1.3em;margin-top:1.6em;
border-bottom:1px solid #eee}h3{font-size:1.08em}
table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #d0d0d0;padding:.25em .6em;vertical-align:top;
text-align:left}th{background:#f3f3f3}
pre{background:#f6f8fa;border:1px solid #e1e4e8;padding:.6em;overflow:auto;white-space:pre-wrap;
word-break:break-all;font-size:.88em}
code,pre{font-family:Consolas,"DejaVu Sans Mono",monospace}
.lead{font-weight:bold}.verdict{font-size:1.15em;font-weight:bold}
details{margin:.4em 0}summary{cursor:pointer;font-weight:600}
img{max-width:100%;height:auto;border:1px solid #eee;margin:.5em 0}
@media (prefers-color-scheme: dark){body{background:#161616;color:#e6e6e6}th{background:#2a2a2a}
pre{background:#202020;border-color:#333}td,th{border-color:#444}a{color:#8ab4f8}}
"""


def _esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


def block_html(block: Block, images: Mapping[str, Image]) -> str:
    if isinstance(block, Heading):
        return f"<h{block.level}>{_esc(block.text)}</h{block.level}>"
    if isinstance(block, Para):
        text = _esc(block.text)
        if block.url and _SAFE_URL.match(block.url):
            text = f'<a href="{_esc(block.url)}" rel="noreferrer">{text}</a>'
        return f'<p class="verdict">{text}</p>' if block.strong else f"<p>{text}</p>"
    if isinstance(block, Table):
        head = "".join(f"<th>{_esc(h)}</th>" for h in block.header) if any(block.header) else ""
        rows = "".join("<tr>" + "".join(f"<td>{_esc(c)}</td>" for c in row) + "</tr>" for row in block.rows)
        return f"<table>{'<tr>' + head + '</tr>' if head else ''}{rows}</table>"
    if isinstance(block, Code):
        return f"<pre><code>{_esc(block.text)}</code></pre>"
    if isinstance(block, Items):
        tag = "ol" if block.ordered else "ul"
        out = []
        for item in block.items:
            lead = f'<span class="lead">{_esc(item.lead)}</span> ' if item.lead else ""
            inner = "".join(block_html(child, images) for child in item.children)
            out.append(f"<li>{lead}{_esc(item.text)}{inner}</li>")
        return f"<{tag}>{''.join(out)}</{tag}>"
    if isinstance(block, Details):
        inner = "".join(block_html(child, images) for child in block.blocks)
        return f"<details><summary>{_esc(block.summary)}</summary>{inner}</details>"
    if isinstance(block, Plot):
        image = images.get(block.key)
        if image is None:
            return ""
        data = base64.b64encode(image.data).decode("ascii")
        return f'<p><img src="data:{image.mime};base64,{data}" alt="{_esc(image.alt)}"></p>'
    raise TypeError(f"unknown block {type(block).__name__}")


def render_html(document: dict[str, Any], raw: dict[str, str] | None = None,
                images: Mapping[str, Image] | None = None, limit: int = MAX_BYTES) -> str:
    """The page; at most ``limit`` bytes in UTF-8."""
    images = dict(images or {})
    blocks = document_blocks(document, raw)
    title = f"tfgpu report {document.get('created_at', '')}"
    head = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<meta name=\"generator\" content=\"tfgpu {_esc((document.get('app') or {}).get('version', ''))}\">"
            f"<title>{_esc(title)}</title><style>{STYLE}</style></head><body>\n")
    tail = "\n</body></html>\n"
    fixed = sum(len(block_html(b, images).encode()) for b in blocks if not (isinstance(b, Details) and b.raw))
    budget = limit - len(head.encode()) - len(tail.encode()) - fixed - 2000
    parts, left_out = [], []
    for block in blocks:
        text = block_html(block, images)
        if isinstance(block, Details) and block.raw:
            size = len(text.encode())
            if size > budget and block.smaller is not None:
                text = block_html(Details(block.summary + " (shortened)", block.smaller), images)
                size = len(text.encode())
            if size > budget:
                left_out.append(block.summary)
                continue
            budget -= size
        parts.append(text)
    if left_out:
        parts.append(f"<p>Left out to keep this page under {limit // 1_000_000} MB (the .json or .zip export "
                     f"has them): {_esc('; '.join(left_out))}.</p>")
    page = head + "\n".join(parts) + tail
    if len(page.encode()) > limit:  # the fixed sections alone are too big: drop the images
        return render_html(document, raw, {}, limit) if images else page
    return page
