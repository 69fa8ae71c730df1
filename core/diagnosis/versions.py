"""Version strings as tools print them, made comparable."""

from __future__ import annotations

import re

from packaging.version import InvalidVersion, Version


def parse(text: str | None) -> Version | None:
    if not text:
        return None
    match = re.search(r"\d+(?:\.\d+)*", text)
    if not match:
        return None
    try:
        return Version(match.group(0))
    except InvalidVersion:
        return None


def at_least(version: str | None, minimum: str) -> bool:
    """False when either side cannot be read: a rule never fires on a guess."""
    have, need = parse(version), parse(minimum)
    return bool(have and need and have >= need)


def major_minor(version: str | None) -> str | None:
    parsed = parse(version)
    if parsed is None:
        return None
    release = parsed.release + (0,)
    return f"{release[0]}.{release[1]}"


def normalise_build_version(text: str | None) -> str | None:
    """build_info's CUDA/cuDNN values: '12.5.1' stays, Windows '64_112' -> '11.2', '64_8' -> '8'."""
    if not text:
        return None
    text = str(text).strip()
    match = re.fullmatch(r"64_(\d+)", text)
    if match:
        digits = match.group(1)
        return f"{digits[:-1]}.{digits[-1]}" if len(digits) >= 3 else digits
    return text
