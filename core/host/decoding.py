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
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    return "".join(_decode_line(line, encoding) for line in data.splitlines(keepends=True))


def windows_oem_encoding() -> str | None:
    """The console (OEM) code page, e.g. ``cp437`` or ``cp936``; None off Windows."""
    if sys.platform != "win32":
        return None
    try:
        import ctypes

        return f"cp{ctypes.windll.kernel32.GetOEMCP()}"
    except Exception:  # noqa: BLE001 - never fatal
        return None
