"""Formats and writing: a file name's format, each format's bytes, the zip, and atomic writes.

Writing goes through :mod:`tfgpu.core.storage`: a temporary file made exclusively in the target's
folder, flushed, renamed over it; a device or FIFO (``-o /dev/null``) is written into, never replaced.
A write that fails (no permission, a full disk, a size limit) removes the temporary file and raises
:class:`ReportWriteError` with a plain message; a process killed mid-way leaves the previous file as
it was (and a hidden ``.NAME.PID.*.tfgpu.tmp`` that the next write to that name removes).
"""

from __future__ import annotations

import io
import json
import os
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tfgpu.core import storage
from tfgpu.core.report.document import ExportBundle
from tfgpu.core.report.plots import Image, Renderer, charts_for
from tfgpu.core.storage import WriteResult

FORMATS = ("json", "md", "html", "txt", "zip")
EXTENSIONS = {".json": "json", ".md": "md", ".markdown": "md", ".html": "html", ".htm": "html",
              ".txt": "txt", ".text": "txt", ".log": "txt", ".zip": "zip"}
FORMAT_NAMES = {"json": "JSON", "md": "Markdown", "html": "HTML", "txt": "text", "zip": "zip archive"}
CHUNK = 256 * 1024


class ReportWriteError(Exception):
    """The report could not be written; the message says where and why, in plain words."""


def format_for(path: str, explicit: str | None = None) -> str:
    """The format named, else the one the file's extension says; ValueError when neither says."""
    if explicit:
        if explicit not in FORMATS:
            raise ValueError(f"unknown format {explicit!r} (choose from {', '.join(FORMATS)})")
        return explicit
    suffix = Path(path).suffix.lower()
    if suffix in EXTENSIONS:
        return EXTENSIONS[suffix]
    raise ValueError(f"cannot tell the format from the name {Path(path).name!r}: end it in "
                     f".json, .md, .html, .txt or .zip, or pass --format")


# -- rendering ----------------------------------------------------------------------------------
def plot_images(document: dict[str, Any], renderer: Renderer | None = None) -> dict[str, Image]:
    """Every plot as an image: ``renderer`` (the GUI's pyqtgraph) or SVG; a plot the renderer
    fails on is drawn as SVG instead."""
    from tfgpu.core.report import svg

    images = {}
    for chart in charts_for(document):
        try:
            images[chart.key] = (renderer or svg.render)(chart)
        except Exception:  # noqa: BLE001 - a plot is never worth a failed export
            images[chart.key] = svg.render(chart)
    return images


def json_text(document: dict[str, Any]) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def render(bundle: ExportBundle, fmt: str, renderer: Renderer | None = None,
           images: dict[str, Image] | None = None) -> bytes:
    """One format's bytes (UTF-8 for the text formats)."""
    from tfgpu.core.report.render_html import render_html
    from tfgpu.core.report.render_md import render_markdown
    from tfgpu.core.report.render_text import render_text

    if fmt == "json":
        return json_text(bundle.document).encode("utf-8")
    if fmt == "md":
        return render_markdown(bundle.document, bundle.raw).encode("utf-8")
    if fmt == "txt":
        return render_text(bundle.document, bundle.raw).encode("utf-8")
    if fmt == "html":
        if images is None:
            images = plot_images(bundle.document, renderer)
        return render_html(bundle.document, bundle.raw, images).encode("utf-8")
    if fmt == "zip":
        return zip_bytes(zip_members(bundle, renderer, images))
    raise ValueError(f"unknown format {fmt!r}")


def zip_members(bundle: ExportBundle, renderer: Renderer | None = None,
                images: dict[str, Image] | None = None) -> dict[str, bytes]:
    """Every format, the raw probe results, the agents' output, the raw command outputs and the log."""
    from tfgpu.core.report.blocks import agent_logs, redaction_words

    doc = bundle.document
    members: dict[str, bytes] = {f"report.{fmt}": render(bundle, fmt, renderer, images)
                                 for fmt in ("json", "md", "html", "txt")}
    scan = doc.get("scan") or {}
    members["raw/scan.json"] = json_text(scan).encode()
    members["raw/diagnosis.json"] = json_text(doc.get("diagnosis") or {}).encode()
    for name in ("os", "driver", "cuda", "cudnn", "pythons"):
        if name in scan:
            members[f"raw/probes/{name}.json"] = json_text(scan[name]).encode()
    for index, (label, text) in enumerate(agent_logs(doc).items(), 1):
        members[f"agents/tf-probe-{index}.log"] = (f"# {label}\n{text}\n").encode()
    run = (doc.get("bench") or {}).get("run")
    if run:
        members[f"raw/bench-{run.get('run_id', 'latest')}.json"] = json_text(run).encode()
    if (doc.get("monitor") or {}).get("metrics"):
        members["raw/monitor-excerpt.json"] = json_text(doc["monitor"]).encode()
    for name, text in bundle.raw.items():
        members[name] = text.encode("utf-8")
    listing = "\n".join(f"  {name}" for name in sorted(members))
    members["README.txt"] = (
        "tfgpu diagnostics report\n\n"
        f"Created {doc.get('created_at')} by tfgpu {(doc.get('app') or {}).get('version')}.\n"
        f"Redaction: {redaction_words(doc.get('redaction') or {})}.\n\n"
        "Start with report.html (open it in a browser) or report.md (paste it into an issue).\n"
        f"Contents:\n{listing}\n"
    ).encode()
    return members


def zip_bytes(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


# -- writing ----------------------------------------------------------------------------------------
def write_report(path: str | os.PathLike[str], fmt: str, bundle: ExportBundle, renderer: Renderer | None = None,
                 images: dict[str, Image] | None = None) -> int:
    """Render and write; the size written. Raises ReportWriteError."""
    return write_report_to(path, fmt, bundle, renderer, images).size


def write_report_to(path: str | os.PathLike[str], fmt: str, bundle: ExportBundle, renderer: Renderer | None = None,
                    images: dict[str, Image] | None = None) -> WriteResult:
    """Render and write; what was written where (a device such as /dev/null is written into, never
    replaced). Raises ReportWriteError."""
    return atomic_write(path, render(bundle, fmt, renderer, images))


def atomic_write(path: str | os.PathLike[str], data: bytes | Iterable[bytes],
                 opener: Callable[[str], int] | None = None) -> WriteResult:
    """Write ``data`` (bytes, or chunks) through :mod:`tfgpu.core.storage`: a regular file is replaced
    atomically, a link is followed (a dangling one refused), a device or FIFO is written into."""
    try:
        return storage.write_file(path, data, follow_links=True, direct="allow", opener=opener)
    except storage.StorageError as exc:
        raise ReportWriteError(str(exc)) from exc
