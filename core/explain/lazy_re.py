"""Regexes compiled on first use: a module's patterns cost nothing until a text needs them
(``tfgpu explain`` on a one-line file should not compile the patterns of every reader)."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any, Union

_LOWER: list = [None, ""]  # the last text lower-cased (readers ask about the same text in turn)


def _lower(string: str) -> str:
    if _LOWER[0] is not string:
        _LOWER[0], _LOWER[1] = string, string.lower()
    return _LOWER[1]


class LazyPattern:
    """Behaves like the ``re.Pattern`` it stands for (the methods explain uses). ``needs``: lower-case
    literals one of which every match contains; without one in the text, search and finditer answer
    at once, and the pattern is never compiled."""

    __slots__ = ("pattern", "flags", "needs", "_compiled")

    def __init__(self, pattern: str, flags: int = 0, needs: tuple[str, ...] = ()) -> None:
        self.pattern = pattern
        self.flags = flags
        self.needs = needs
        self._compiled: re.Pattern[str] | None = None

    def _absent(self, string: str) -> bool:
        return bool(self.needs) and len(string) > 0 and not any(word in _lower(string) for word in self.needs)

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags | re.ASCII)
        return self._compiled

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return None if self._absent(string) else self.compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return iter(()) if self._absent(string) else self.compiled.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled.findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)


Regex = Union[re.Pattern[str], LazyPattern]


def lazy(pattern: str, flags: int = 0, needs: tuple[str, ...] = ()) -> LazyPattern:
    return LazyPattern(pattern, flags, needs)
