"""Decoding what commands print and users paste: UTF-8 first, then the console code page, never raising."""

from __future__ import annotations

import sys


def _decode_line(line: bytes, encoding: str | None) -> str:
    """One line: UTF-8, then the code page, then UTF-8 with replacement characters."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data" and exc.end == len(line):
            # A character cut at the end (the output cap): keep the good part.
            return line[: exc.start].decode("utf-8") + "\ufffd"
    if encoding:
        try:
            return line.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            pass
    return line.decode("utf-8", errors="replace")


def decode_output(data: bytes, encoding: str | None = None) -> str:
    """Decode command output without ever raising.

    UTF-8 for the whole buffer when it is valid (the fast, common case);
    otherwise line by line, so one line in the OEM code page (or a character
    cut by the output cap) does not garble the lines around it.
    """
    if not data:
        return ""
    if _looks_utf16le(data):  # wsl.exe on Windows 10 (it ignores WSL_UTF8) and other Windows tools
        return data.decode("utf-16-le", errors="replace").lstrip("\ufeff")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    return "".join(_decode_line(line, encoding) for line in data.splitlines(keepends=True))


def _looks_utf16le(data: bytes) -> bool:
    """A UTF-16LE BOM, or NULs in most odd positions and few in even ones (ASCII-heavy UTF-16 text).

    No UTF-8 or code-page text has NULs, so a stray one never flips the choice; CJK text in UTF-16
    still has its spaces, digits and line ends to give it away."""
    if data.startswith(b"\xff\xfe") and len(data) > 2 and len(data) % 2 == 0:
        return True
    if b"\x00" not in data or len(data) < 4:
        return False
    head = data[:4096]
    odd_zeros = head[1::2].count(0)
    even_zeros = head[0::2].count(0)
    return odd_zeros * 3 >= len(head) // 2 and even_zeros * 4 <= odd_zeros


def windows_oem_encoding() -> str | None:
    """The console (OEM) code page, e.g. ``cp437`` or ``cp936``; None off Windows."""
    if sys.platform != "win32":
        return None
    try:
        import ctypes

        return f"cp{ctypes.windll.kernel32.GetOEMCP()}"
    except Exception:  # noqa: BLE001 - never fatal
        return None
