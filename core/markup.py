"""Text from a scan made safe to show: no terminal control characters, and Markdown that stays text.

One home for the escaping the report (issue 24) and the diagnosis presentation
(:mod:`tfgpu.core.diagnosis.present`) share.
"""

from __future__ import annotations

import re

# Terminal control: escape sequences (CSI, OSC, others), then any C0/C1 control but tab and newline.
_ESCAPE_SEQ = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-_]?|\x9b[0-?]*[ -/]*[@-~]")
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# A backslash only escapes ASCII punctuation, so "C:\Users" stays as typed; "\[" must be doubled.
_MD_SPECIAL = re.compile(r"(\\(?=[!-/:-@\[-`{-~]|$)|[`*_{}\[\]<#|~])")


def strip_controls(text: str) -> str:
    """No terminal control characters: escape sequences go, CR-LF and lone CR become newlines,
    tabs and newlines stay (the bytes of a report must be safe to ``cat``)."""
    text = _ESCAPE_SEQ.sub("", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\u2028", "\n").replace("\u2029", "\n")
    return _CONTROLS.sub("", text)


def md_escape(text: str) -> str:
    """Markdown-inert text on one line (``[user]`` stays visible, ``<x>`` is not taken for HTML)."""
    text = _MD_SPECIAL.sub(r"\\\1", strip_controls(str(text))).replace("\n", " ")
    return "\\" + text if text.startswith((">", "-", "+", "=")) else text


def md_fence(text: str, language: str = "", indent: str = "") -> str:
    """A code fence longer than any run of backticks ``text`` holds."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    ticks = "`" * max(3, longest + 1)
    body = "\n".join(indent + line for line in text.rstrip("\n").split("\n"))
    return f"{indent}{ticks}{language}\n{body}\n{indent}{ticks}"
