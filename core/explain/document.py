"""Pasted input -> one clean, bounded text with line numbers. Never raises.

Bytes are decoded as UTF-8 (UTF-16 when it carries a BOM or looks like it: PowerShell 5's
``>`` writes UTF-16LE), then line by line with a Chinese code page and replacement
characters. Huge input keeps its head and tail (the import and the failure), and line
numbers still count the lines left out, so ``line N`` points into the user's file.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.host.decoding import decode_output

# A 1 MB log is read whole; beyond HEAD + TAIL the middle is left out.
HEAD_CHARS = 3 * 1024 * 1024
TAIL_CHARS = 1024 * 1024
# Bytes beyond this are never decoded (a 50 MB paste costs no more than a 4 MB one).
_BYTES_CAP = HEAD_CHARS + TAIL_CHARS
# Most Windows users who paste a non-UTF-8 log paste it from a Chinese console (cp936).
FALLBACK_ENCODING = "gb18030"
MAX_LINE_CHARS = 400  # evidence shows at most this much of a line
FOCUS_LINE_CHARS = 4000  # facts are read from at most this much of each line of a long text

_CONTROL = lazy(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_ANSI = lazy(r"\x1b\[[0-9;?]*[A-Za-z]")


@dataclass(frozen=True)
class Clipped:
    """Input too long to keep whole, as :mod:`tfgpu.core.explain.reading` streams it: its head, its
    tail and how many lines lay between (``load`` numbers the tail's lines as in the whole input)."""

    head: bytes  # the first HEAD_CHARS bytes
    tail: bytes  # the last TAIL_CHARS bytes read
    skipped_lines: int  # newlines in the bytes left out between them
    total_bytes: int  # bytes read in all
    stopped: bool = False  # reading stopped early: the size limit, or a head that is not text


@dataclass
class Doc:
    """The text to explain. ``text`` uses ``\\n`` only; ``line_at(offset)`` -> 1-based line."""

    text: str = ""
    truncated: bool = False  # the middle of a huge input was left out
    binary: bool = False  # mostly not text
    original_chars: int = 0
    _starts: list[int] | None = field(default=None, repr=False)
    _gap: tuple[int, int] = (0, 0)  # (offset in text where lines were left out, how many)
    _numbers: list[int] | None = field(default=None, repr=False)  # a subset: original number of each line
    _indices: list[int] | None = field(default=None, repr=False)  # a subset: index of each line in its source
    _lower: str | None = field(default=None, repr=False)

    def lower(self) -> str:
        if self._lower is None:
            self._lower = self.text.lower()
        return self._lower

    def line_count(self) -> int:
        return len(self._line_starts())

    def line_index(self, offset: int) -> int:
        """0-based index of the line holding ``offset`` in this text."""
        return bisect.bisect_right(self._line_starts(), offset) - 1

    def source_index(self, offset: int) -> int:
        """0-based index, in the document this one was cut from, of the line holding ``offset``."""
        index = self.line_index(offset)
        return self._indices[index] if self._indices is not None and 0 <= index < len(self._indices) else index

    def focus(self, extra: set[int], head_chars: int = 32 * 1024, tail_chars: int = 32 * 1024) -> Doc:
        """The first and last lines (about ``head_chars`` / ``tail_chars``) plus the lines ``extra``:
        where a long paste says what the user runs (top) and what failed (bottom)."""
        if len(self.text) <= head_chars + tail_chars:
            return self
        head = self.line_index(head_chars)
        tail = self.line_index(len(self.text) - tail_chars)
        last = self.line_count() - 1
        lines = set(range(0, head + 1)) | set(range(tail, last + 1)) | {i for i in extra if 0 <= i <= last}
        return self.subset(sorted(lines), max_line=FOCUS_LINE_CHARS)

    def subset(self, indices: list[int], max_line: int | None = None) -> Doc:
        """A document of only these lines (0-based, ascending); ``line_at`` still gives original numbers.
        ``max_line``: keep at most that many characters of each line."""
        starts = self._line_starts()
        parts: list[str] = []
        numbers: list[int] = []
        for index in indices:
            start = starts[index]
            end = starts[index + 1] - 1 if index + 1 < len(starts) else len(self.text)
            if max_line is not None:
                end = min(end, start + max_line)
            parts.append(self.text[start:end])
            numbers.append(self.line_at(start))
        sub = Doc(text="\n".join(parts), truncated=self.truncated, original_chars=self.original_chars)
        sub._numbers = numbers
        sub._indices = list(indices)
        return sub

    def _line_starts(self) -> list[int]:
        if self._starts is None:
            starts = [0]
            find = self.text.find
            pos = find("\n")
            while pos >= 0:
                starts.append(pos + 1)
                pos = find("\n", pos + 1)
            self._starts = starts
        return self._starts

    def line_at(self, offset: int) -> int:
        """1-based number of the line holding ``offset``, counted in the original input."""
        number = bisect.bisect_right(self._line_starts(), offset)
        if self._numbers is not None:
            return self._numbers[number - 1] if 0 < number <= len(self._numbers) else number
        gap_at, gap_lines = self._gap
        return number + gap_lines if gap_lines and offset >= gap_at else number

    def line_text(self, offset: int) -> str:
        start = self.text.rfind("\n", 0, offset) + 1
        end = self.text.find("\n", offset)
        line = self.text[start : end if end >= 0 else len(self.text)].strip()
        return line if len(line) <= MAX_LINE_CHARS else line[: MAX_LINE_CHARS - 1] + "…"

    def line_span(self, offset: int) -> tuple[int, int]:
        start = self.text.rfind("\n", 0, offset) + 1
        end = self.text.find("\n", offset)
        return start, end if end >= 0 else len(self.text)


def load(data: str | bytes | bytearray | memoryview | Clipped | None) -> Doc:
    """Decode, normalise and bound the input. Never raises."""
    try:
        return _load(data)
    except Exception:  # noqa: BLE001 - bad input gives an empty document, never a traceback
        return Doc(binary=True)


def _load(data: str | bytes | bytearray | memoryview | Clipped | None) -> Doc:
    if data is None:
        return Doc()
    if isinstance(data, Clipped):
        return _load_clipped(data)
    if isinstance(data, (bytearray, memoryview)):
        data = bytes(data)
    original = len(data)
    if isinstance(data, bytes) and _is_utf16(data):
        data = decode(data)  # cut it as text: a byte cut could split a UTF-16 unit
    limit = _BYTES_CAP if isinstance(data, bytes) else HEAD_CHARS + TAIL_CHARS
    if len(data) > limit:
        head, tail, gap_lines = _cut(data, b"\n" if isinstance(data, bytes) else "\n")
        if isinstance(data, bytes):
            head_text, tail_text = decode(head), decode(tail)
        else:
            head_text, tail_text = head, tail
        head_text, tail_text = _clean(head_text), _clean(tail_text)
        text = head_text + tail_text
        gap = (len(head_text), gap_lines)
    else:
        text = _clean(decode(data) if isinstance(data, bytes) else str(data))
        gap = (0, 0)
    if _looks_binary(text):
        return Doc(binary=True, original_chars=original)
    if _CONTROL.search(text):
        text = _CONTROL.sub(" ", text)
    doc = Doc(text=text, truncated=gap[1] > 0 or len(data) > limit, original_chars=original)
    doc._gap = gap
    return doc


def _load_clipped(data: Clipped) -> Doc:
    """Head and tail in whole lines, as :func:`_cut` would have cut the whole input."""
    utf16 = _is_utf16(data.head)
    big_endian = utf16 and data.head.startswith(b"\xfe\xff")
    newline = (b"\x00\n" if big_endian else b"\n\x00") if utf16 else b"\n"
    head_end = _find_line_end(data.head, newline, reverse=True) or len(data.head)
    start = max(0, len(data.tail) - TAIL_CHARS)  # as _cut: the first newline in the last TAIL_CHARS
    tail_start = _find_line_end(data.tail, newline, start=start - start % len(newline)) or start
    gap_lines = data.skipped_lines + data.tail.count(newline, 0, tail_start) + data.head.count(newline, head_end)
    head, tail = data.head[:head_end], data.tail[tail_start:]
    if utf16:
        head_text, tail_text = decode(head), tail.decode("utf-16-be" if big_endian else "utf-16-le", "replace")
    else:
        head_text, tail_text = decode(head), decode(tail)
    head_text, tail_text = _clean(head_text), _clean(tail_text)
    if not head_text.endswith("\n"):
        head_text += "\n"
    text = head_text + tail_text
    if _looks_binary(text):
        return Doc(binary=True, truncated=True, original_chars=data.total_bytes)
    if _CONTROL.search(text):
        text = _CONTROL.sub(" ", text)
    doc = Doc(text=text, truncated=True, original_chars=data.total_bytes)
    doc._gap = (len(head_text), gap_lines)
    return doc


def _find_line_end(data: bytes, newline: bytes, *, reverse: bool = False, start: int = 0) -> int:
    """The offset just after the last (``reverse``) or first newline (from ``start``) at an aligned
    position; 0 if none."""
    step = len(newline)
    pos = data.rfind(newline) if reverse else data.find(newline, start)
    while pos >= 0 and pos % step:
        pos = data.rfind(newline, 0, pos) if reverse else data.find(newline, pos + 1)
    return pos + step if pos >= 0 else 0


def _clean(text: str) -> str:
    """``\n`` line ends only, no ANSI colour codes (control characters are handled after the binary check),
    Unicode spaces as plain spaces (the readers' patterns match ASCII whitespace: web pages paste NBSP, Chinese
    text the ideographic space)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    if not text.isascii() and _SPACES.search(text):  # a regex: str.translate costs 50 ms on 1 MB of Unicode
        text = _SPACES.sub(" ", text)
    return text


_SPACES = lazy("[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")


def _cut(data, newline):
    """Head and tail of ``data`` in whole lines, and how many lines were left out between them."""
    head_end = data.rfind(newline, 0, HEAD_CHARS) + 1 or HEAD_CHARS
    tail_start = data.find(newline, len(data) - TAIL_CHARS) + 1 or len(data) - TAIL_CHARS
    tail_start = max(tail_start, head_end)
    gap_lines = data.count(newline, head_end, tail_start)
    head, tail = data[:head_end], data[tail_start:]
    if not head.endswith(newline):
        head += newline  # a cut inside one huge line: the tail starts a new line
    return head, tail, gap_lines


def _is_utf16(data: bytes) -> bool:
    """A UTF-16 BOM, or ASCII text in UTF-16LE without one (every second byte NUL)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    sample = data[:4096]
    return len(sample) >= 8 and sample[1::2].count(0) > 0.4 * (len(sample) // 2) and sample[0::2].count(0) < 0.1 * len(sample)


def decode(data: bytes) -> str:
    """Bytes as the engine reads them: UTF-16 (BOM or NUL pattern), else UTF-8 (BOM dropped), else per line in gb18030."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    if _is_utf16(data):
        return data.decode("utf-16-le", errors="replace")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return decode_output(data, FALLBACK_ENCODING)


def looks_binary(text: str) -> bool:
    return _looks_binary(text)


def _looks_binary(text: str) -> bool:
    """True when a large share of the start is control or replacement characters."""
    sample = text[:8192]
    if not sample:
        return False
    bad = len(_CONTROL.findall(sample)) + sample.count("\ufffd")
    return bad > 0.3 * len(sample)


_UNCHECKED_BOX = lazy(r"(?m)^[ \t]*[-*+][ \t]+\[ \][^\n]*")


def without_unchecked_boxes(text: str) -> str:
    """The text with a form's unticked choices ("- [ ] Python 3.5") blanked, same length: only the ticked one
    ("- [X] Python 3.9") is a fact."""
    if "[ ]" not in text:
        return text
    return _UNCHECKED_BOX.sub(lambda match: " " * len(match.group(0)), text)
