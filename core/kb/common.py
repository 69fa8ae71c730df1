"""Small helpers shared by the knowledge-base accessors (``core/kb/*.py``); versions: :mod:`tfgpu.core.versions`.

Every helper returns ``None`` on input it cannot read: accessors never raise.
"""

from __future__ import annotations

STATUSES = ("confirmed", "derived", "unconfirmed")


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
