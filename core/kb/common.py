"""Small helpers shared by the knowledge-base accessors (``core/kb/*.py``); versions: :mod:`tfgpu.core.versions`.

Every helper returns ``None`` on input it cannot read: accessors never raise.
"""

from __future__ import annotations

# One definition (docs/kb.md), enforced by ``python -m tfgpu.core.kb.check``:
#   confirmed   - a primary source was read (a wheel's METADATA / build_info.py / binaries, NVIDIA's own document,
#                 the code that prints a message, pip's resolver against PyPI);
#   secondary   - a third-party copy of a fact (a spec database, another project's table, a forum post);
#   derived     - computed from other rows or facts, the arithmetic or reasoning written in the source;
#   unconfirmed - nothing read yet (at most a handful, each explained).
STATUSES = ("confirmed", "secondary", "derived", "unconfirmed")
WEAKEST_FIRST = ("unconfirmed", "secondary", "derived", "confirmed")


def wheel_platform(platform: object) -> str | None:
    """Platform of a wheel: 'linux' (WSL installs Linux wheels) or 'windows'."""
    text = str(platform or "").strip().lower()
    if text.startswith("win"):
        return "windows"
    if text.startswith(("linux", "wsl")):
        return "linux"
    return None


def driver_os(os_name: object) -> str | None:
    """Which driver numbering applies: WSL runs the Windows driver, so 'wsl' -> 'windows'."""
    text = str(os_name or "").strip().lower()
    if text.startswith(("win", "wsl")):
        return "windows"
    if text.startswith("linux"):
        return "linux"
    return None
