"""Formats and writing: a file name's format, each format's bytes, the zip, and atomic writes.

A report is written to a temporary file in the target's folder, flushed to the disk, then renamed
over the target (``os.replace``, atomic on one file system). A write that fails (no permission,
a full disk, a size limit) removes the temporary file and raises :class:`ReportWriteError` with a
plain message; a process killed mid-way leaves the previous file as it was (and a hidden
``.NAME.PID.*.tmp`` that the next write to that name removes).
"""

from __future__ import annotations

import errno
import io
import json
import os
import secrets
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tfgpu.core.report.document import ExportBundle
from tfgpu.core.report.plots import Image, Renderer, charts_for

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
    """Render and write atomically; the size written. Raises ReportWriteError."""
    data = render(bundle, fmt, renderer, images)
    atomic_write(path, data)
    return len(data)


def atomic_write(path: str | os.PathLike[str], data: bytes | Iterable[bytes],
                 opener: Callable[[str], int] | None = None) -> None:
    """Write ``data`` (bytes, or chunks) to ``path`` through a temporary file and a rename."""
    try:
        target = Path(os.fspath(path))
        os.fsencode(target)  # a name this system cannot store fails here, not half-way
    except (UnicodeError, ValueError) as exc:
        raise ReportWriteError(f"the file name {os.fspath(path)!r} cannot be used on this system ({exc})") from None
    folder = target.parent if str(target.parent) else Path(".")
    try:
        if target.is_dir():
            raise ReportWriteError(f"{target} is a folder; give a file name")
        if not folder.is_dir():
            raise ReportWriteError(f"the folder {folder} does not exist")
    except OSError as exc:  # a name too long to even look at
        raise ReportWriteError(_words(exc, target)) from exc
    _remove_stale_temporaries(folder, target.name)
    temporary = folder / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = -1
    try:
        fd = (opener or _create)(str(temporary))
        for chunk in ([data] if isinstance(data, (bytes, bytearray)) else data):
            view = memoryview(chunk)
            while view:
                written = os.write(fd, view[:CHUNK])
                view = view[written:]
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(temporary, target)
    except OSError as exc:
        if fd >= 0:
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            temporary.unlink()
        except OSError:
            pass
        raise ReportWriteError(_words(exc, target)) from exc


def _create(name: str) -> int:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    return os.open(name, flags, 0o666)


def _words(exc: OSError, target: Path) -> str:
    folder = target.parent if str(target.parent) else Path(".")
    code = exc.errno
    if code in (errno.EACCES, errno.EPERM):
        return f"cannot write {target.name} in {folder}: permission denied (choose another folder)"
    if code == errno.ENOSPC:
        return f"the disk is full: {target} was not written (free some space or choose another drive)"
    if code == errno.EFBIG:
        return f"{target} was not written: the file is larger than this system allows (a file size limit)"
    if code == errno.EDQUOT:
        return f"{target} was not written: the disk quota is used up"
    if code == errno.EROFS:
        return f"cannot write {target.name} in {folder}: the drive is read-only"
    if code == errno.ENAMETOOLONG:
        return f"the file name is too long: {target}"
    if code == errno.EINVAL:
        return f"{target.name!r} is not a valid file name here"
    return f"cannot write {target}: {exc.strerror or exc}"


def _remove_stale_temporaries(folder: Path, name: str) -> None:
    """Temporary files a killed earlier write to ``name`` left behind (their process is gone)."""
    prefix = f".{name}."
    try:
        entries = [e for e in os.listdir(folder) if e.startswith(prefix) and e.endswith(".tmp")]
    except OSError:
        return
    for entry in entries:
        pid = entry[len(prefix):].split(".", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            try:
                (folder / entry).unlink()
            except OSError:
                pass


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        import psutil

        return bool(psutil.pid_exists(pid))
    except Exception:  # noqa: BLE001 - when unsure, leave the file alone
        return True
