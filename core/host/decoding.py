"""Decoding what commands print and users paste: UTF-8 first, then the console code page, never raising."""

from __future__ import annotations

import re
import sys

# Terminal control: ESC sequences (CSI "ESC [ ... final", OSC "ESC ] ... BEL/ST", two-character ones),
# the 8-bit CSI/OSC forms, and every other C0/C1 control character except tab and newline.
_TERMINAL_CONTROL = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]?"  # CSI
    r"|\x1b\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC (window title, hyperlinks, clipboard)
    r"|\x1b[PX^_][^\x1b\x9c]*(?:\x1b\\|\x9c)?"  # DCS, SOS, PM, APC strings
    r"|\x9b[0-?]*[ -/]*[@-~]?|\x9d[^\x07\x9c]*(?:\x07|\x9c)?"  # 8-bit CSI and OSC
    r"|\x1b[ -~]?"  # other escapes (ESC c resets the terminal)
    r"|[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]"  # and bidi overrides: they reorder what is shown
)


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


def terminal_safe(text: str) -> str:
    """``text`` with every terminal control sequence and control character removed (tab and newline
    kept): what a child printed, or a name read from disk, can then neither recolour, retitle nor
    clear the user's terminal, nor rewrite a line with a carriage return."""
    if not text or (text.isascii() and text.isprintable()):
        return text
    return _TERMINAL_CONTROL.sub("", text.replace("\r\n", "\n"))
