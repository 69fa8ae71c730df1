"""Search-path values (PATH, LD_LIBRARY_PATH) as their segments: parsed without losing a character,
compared the way the operating system compares folders, and changed only by stated moves.

A value is split on its separator into *segments*, kept exactly as written: ``%VAR%`` references,
quotes, trailing separators, empty segments, odd spacing. Joining the segments gives the value back
byte for byte. Comparing two segments uses a *key*: on Windows surrounding blanks and quotes are
dropped, ``%VAR%`` is expanded, ``/`` becomes ``\\``, trailing backslashes go and the comparison
ignores case; on Linux the key is the segment itself (the loader compares folders as written).
"""

from __future__ import annotations

import ntpath
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

# The most characters a Windows environment variable can hold (SetEnvironmentVariable's limit).
MAX_WINDOWS_VALUE = 32_767
_WIN_VAR = re.compile(r"%([^%;]+)%")


class PathValueError(ValueError):
    """A folder that cannot be put into this kind of search path (the message says why)."""


@dataclass(frozen=True)
class PathSyntax:
    windows: bool

    @property
    def sep(self) -> str:
        return ";" if self.windows else ":"

    def split(self, value: str | None) -> list[str]:
        """The segments, exactly as written; an unset or empty value has none."""
        return value.split(self.sep) if value else []

    def join(self, segments: Sequence[str]) -> str:
        return self.sep.join(segments)

    def key(self, segment: str, env: Mapping[str, str] | None = None) -> str | None:
        """What a segment names, for comparing; None for an empty segment."""
        if not self.windows:
            return segment or None
        text = segment.strip().replace('"', "").strip()  # cmd and the loader ignore the quotes
        if env:
            text = expand_windows(text, env)
        if not text:
            return None
        text = ntpath.normpath(text.replace("/", "\\"))
        return windows_upper(text)

    def check_folder(self, folder: str, *, expandable: bool = False) -> None:
        """Raise PathValueError when ``folder`` cannot be one entry of such a value."""
        if not folder or not folder.strip():
            raise PathValueError("an empty folder name")
        if any(ord(c) < 32 or c == "\x7f" for c in folder):
            raise PathValueError(f"the folder name {folder!r} holds a control character (a line break?)")
        if self.sep in folder:
            raise PathValueError(f"the folder name {folder!r} holds {self.sep!r}, the separator of this list")
        if self.windows and '"' in folder:
            raise PathValueError(f"the folder name {folder!r} holds a double quote, which Windows forbids")
        if self.windows and expandable and _WIN_VAR.search(folder):
            raise PathValueError(f"the folder name {folder!r} holds %...%, which Windows would expand")


def windows_upper(text: str) -> str:
    """Upper case one character at a time, as Windows compares names (no 'ß' -> 'SS')."""
    upper = text.upper()
    if len(upper) == len(text):  # no character grew (none shrinks): each mapped to exactly one
        return upper
    return "".join(up if len(up := c.upper()) == 1 else c for c in text)


def expand_windows(text: str, env: Mapping[str, str]) -> str:
    """``%CUDA_PATH%\\bin`` -> the value (names compared without case); unknown names stay."""
    lowered = {k.lower(): v for k, v in env.items()}
    return _WIN_VAR.sub(lambda m: lowered.get(m.group(1).lower(), m.group(0)), text)


@dataclass(frozen=True)
class ListChange:
    """The planned segments and what moved: the only differences from the segments before."""

    segments: list[str]
    added: list[str]  # new entries, as written
    moved: list[str]  # existing entries (their own spelling) moved to sit ahead of ``ahead_of``
    ahead_of: str | None  # the first conflicting entry they now come before (None: none)


def plan_list(
    segments: Sequence[str],
    wanted: Sequence[str],
    syntax: PathSyntax,
    *,
    conflicts: Iterable[str] = (),
    env: Mapping[str, str] | None = None,
    prepend: bool = False,
) -> ListChange:
    """Put every ``wanted`` folder into the list, touching nothing else.

    - A wanted folder already present before the first conflicting entry stays where it is.
    - One present after a conflict is moved (that one occurrence, spelled as it is) ahead of it.
    - A missing one is added: before the first conflict, else at the end (before any trailing
      empty segments, so a trailing separator stays trailing). ``prepend`` puts all of them first
      instead (what the shell blocks do at run time on Linux: every occurrence moves to the front).
    Empty segments, duplicates and dead entries of the user's are kept as they are.
    """
    keys = [syntax.key(s, env) for s in segments]
    conflict_keys = {k for k in (syntax.key(c, env) for c in conflicts) if k}
    want: list[tuple[str, str]] = []
    for folder in wanted:
        key = syntax.key(folder, env)
        if key and key not in {k for _, k in want}:
            want.append((folder, key))
    wanted_keys = {k for _, k in want}
    if prepend:  # every occurrence of a wanted folder leaves its place; all of them go first, in order
        rest = [s for s, k in zip(segments, keys) if k not in wanted_keys]
        new = [f for f, _ in want] + rest
        if new == list(segments):
            return ListChange(new, [], [], None)
        present = {k for k in keys if k in wanted_keys}
        return ListChange(new, [f for f, k in want if k not in present],
                          [s for s, k in zip(segments, keys) if k in wanted_keys], None)

    conflict_at = next((i for i, k in enumerate(keys) if k in conflict_keys and k not in wanted_keys), None)
    moving: dict[int, str] = {}
    placed: list[str] = []
    added: list[str] = []
    for folder, key in want:
        index = next((i for i, k in enumerate(keys) if k == key), None)
        if index is None:
            placed.append(folder)
            added.append(folder)
        elif conflict_at is not None and index > conflict_at:
            moving[index] = segments[index]
            placed.append(segments[index])
    if not placed:
        return ListChange(list(segments), [], [], None)
    kept = [s for i, s in enumerate(segments) if i not in moving]
    if conflict_at is not None:
        at = conflict_at  # nothing before the conflict moved, so its index is unchanged
        ahead_of: str | None = segments[conflict_at]
    else:
        at = len(kept)
        while at > 0 and not kept[at - 1].strip():
            at -= 1  # a trailing separator (or several) stays at the end
        ahead_of = None
    return ListChange(kept[:at] + placed + kept[at:], added, list(moving.values()), ahead_of if moving or added else None)


def dead_and_duplicates(
    segments: Sequence[str], syntax: PathSyntax, exists: Callable[[str], bool], env: Mapping[str, str] | None = None
) -> tuple[list[str], list[str]]:
    """Entries naming no folder (``exists(segment)`` is False) and entries seen before; both are kept.
    An entry with a ``%VAR%`` that cannot be expanded is not called dead: what it names is unknown."""
    seen: set[str] = set()
    dead, duplicates = [], []
    for segment in segments:
        key = syntax.key(segment, env)
        if not key:
            continue
        if key in seen:
            duplicates.append(segment)
            continue
        seen.add(key)
        expanded = expand_windows(segment, env) if syntax.windows and env else segment
        if not (syntax.windows and "%" in expanded) and not exists(segment):
            dead.append(segment)
    return dead, duplicates
