"""Small helpers shared by the knowledge-base accessors (``core/kb*.py``).

Every helper returns ``None`` on input it cannot read: accessors never raise.
"""

from __future__ import annotations

import re

from packaging.version import InvalidVersion, Version

STATUSES = ("confirmed", "derived", "unconfirmed")


def version(text: object) -> Version | None:
    """A PEP 440 version from ``text`` ("2.10.1", "12.5", "560.94"), else None."""
    if text is None:
        return None
    try:
        return Version(str(text).strip())
    except InvalidVersion:
        return None


def major_minor(text: object) -> tuple[int, int] | None:
    """(major, minor) of a version; a bare major gives minor 0."""
    parsed = version(text)
    if parsed is None:
        return None
    release = parsed.release + (0,)
    return release[0], release[1]


def major_minor_text(text: object) -> str | None:
    """'3.10.12' -> '3.10'."""
    pair = major_minor(text)
    return f"{pair[0]}.{pair[1]}" if pair else None


def compute_capability(text: object) -> tuple[int, int] | None:
    """'8.6' / '12.0a' -> (8, 6) / (12, 0); None for anything else."""
    if text is None:
        return None
    match = re.fullmatch(r"\s*(\d+)\.(\d+)[a-z]?\s*", str(text))
    return (int(match.group(1)), int(match.group(2))) if match else None


def arch_entry(entry: str) -> tuple[str, tuple[int, int]] | None:
    """'sm_86' -> ('sm', (8, 6)); 'compute_90' -> ('compute', (9, 0)); 'sm_120a' -> ('sm', (12, 0))."""
    match = re.fullmatch(r"(sm|compute)_(\d{2,3})[a-z]?", str(entry))
    if not match:
        return None
    digits = match.group(2)
    return match.group(1), (int(digits[:-1]), int(digits[-1]))


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
