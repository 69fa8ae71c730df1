"""Version strings as tools, logs and the KB write them, made comparable (one module, on ``packaging``).

Two readings, chosen by the caller:

- strict (:func:`parse`): the whole text is a PEP 440 version ("2.10.1", "12.5", "560.94");
- lenient (:func:`find`): the first dotted number in free text ("V11.2.152", "CUDA 12.4").

Every helper returns None (or False) on text it cannot read: a rule never fires on a guess.
"""

from __future__ import annotations

import re

from packaging.version import InvalidVersion, Version

_NUMBER = re.compile(r"\d+(?:\.\d+)*")
_CC = re.compile(r"\s*(\d+)\.(\d+)[a-z]?\s*")
_ARCH = re.compile(r"(sm|compute)_(\d{2,3})[a-z]?")
_WINDOWS_BUILD = re.compile(r"64_(\d+)")


def parse(text: object) -> Version | None:
    """The whole of ``text`` as a version, else None."""
    if text is None:
        return None
    try:
        return Version(str(text).strip())
    except InvalidVersion:
        return None


def find(text: object) -> Version | None:
    """The first dotted number in ``text`` as a version, else None."""
    match = _NUMBER.search(str(text)) if text else None
    if match is None:
        return None
    try:
        return Version(match.group(0))
    except InvalidVersion:
        return None


def at_least(version: object, minimum: object) -> bool:
    """``version >= minimum`` (both read leniently); False when either side cannot be read."""
    have, need = find(version), find(minimum)
    return bool(have and need and have >= need)


def below(version: object, floor: object) -> bool:
    """``version < floor`` (both strict); False when either side cannot be read."""
    have, need = parse(version), parse(floor)
    return bool(have and need and have < need)


def major(text: object) -> int | None:
    """The leading number: '11.2.152' -> 11, '8' -> 8."""
    match = re.match(r"\s*(\d+)", str(text)) if text else None
    return int(match.group(1)) if match else None


def major_number(text: object) -> int:
    """The leading number, 0 when there is none (for range checks on numbers a pattern already matched)."""
    return major(text) or 0


def same_major(a: object, b: object) -> bool:
    """'11.2' and '11.8' (or 11) share their major; False when either has none."""
    first = major(a)
    return first is not None and first == major(b)


def major_text(text: object) -> str:
    """The leading number as text ('12.3' -> '12'), '' when there is none: for comparing with KB keys."""
    number = major(text)
    return str(number) if number is not None else ""


def major_minor(text: object) -> str | None:
    """'3.10.12' -> '3.10'; 'CUDA 12' -> '12.0' (lenient)."""
    pair = major_minor_pair(find(text))
    return f"{pair[0]}.{pair[1]}" if pair else None


def major_minor_pair(text: object) -> tuple[int, int] | None:
    """(major, minor) of a strict version ('12' -> (12, 0)); a :class:`Version` is taken as is."""
    parsed = text if isinstance(text, Version) else parse(text)
    if parsed is None:
        return None
    release = parsed.release + (0,)
    return release[0], release[1]


def dotted_major_minor(text: object) -> str | None:
    """'11.2.152' -> '11.2' only when the text starts with major.minor ('12' -> None)."""
    match = re.match(r"\s*(\d+)\.(\d+)", str(text)) if text else None
    return f"{int(match.group(1))}.{int(match.group(2))}" if match else None


def sort_key(text: object) -> tuple[int, ...]:
    """A key that orders versions numerically; unreadable text sorts first."""
    parsed = find(text)
    return parsed.release if parsed else (0,)


def compute_capability(text: object) -> tuple[int, int] | None:
    """'8.6' / '12.0a' -> (8, 6) / (12, 0); None for anything else."""
    match = _CC.fullmatch(str(text)) if text is not None else None
    return (int(match.group(1)), int(match.group(2))) if match else None


def arch_entry(entry: str) -> tuple[str, tuple[int, int]] | None:
    """'sm_86' -> ('sm', (8, 6)); 'compute_90' -> ('compute', (9, 0)); 'sm_120a' -> ('sm', (12, 0))."""
    match = _ARCH.fullmatch(str(entry))
    if not match:
        return None
    digits = match.group(2)
    return match.group(1), (int(digits[:-1]), int(digits[-1]))


def build_version(value: object) -> str | None:
    """TF build info's CUDA/cuDNN values: '12.5.1' stays; Windows '64_112' -> '11.2', '64_8' -> '8'."""
    if value is None or value == "":
        return None
    text = str(value).strip()
    match = _WINDOWS_BUILD.fullmatch(text)
    if not match:
        return text
    digits = match.group(1)
    return digits if len(digits) == 1 else f"{digits[:-1]}.{digits[-1]}"
