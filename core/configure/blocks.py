"""Marked blocks in files that a shell reads (profiles, activate scripts), and their contents.

One block per topic (``path``, ``memory``) between two marker lines, so it can be found, updated
in place and removed without touching a byte around it. Every folder name and value in a block is
a quoted literal (``core/shell.py``): no name can run code when a shell reads the file. The POSIX
code runs in sh (dash), bash and zsh: ``~/.profile`` is read by ``/bin/sh`` at a desktop login.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tfgpu.core.shell import UnsafeText, bash_assignment, bash_quote, powershell_assignment, powershell_quote

ENCODING = "utf-8"
ERRORS = "surrogateescape"  # bytes that are not UTF-8 survive a read-modify-write unchanged
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_CMD_UNSAFE = re.compile(r'[%!^"\x00-\x1f\x7f]')


@dataclass(frozen=True)
class EnvSettings:
    """What a block does: folders put first on a search-path variable, and plain assignments."""

    prepend: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (variable, folders in order)
    assign: tuple[tuple[str, str], ...] = ()  # (variable, value)

    def __post_init__(self) -> None:
        for name in [n for n, _ in self.prepend] + [n for n, _ in self.assign]:
            if not _NAME.match(name):
                raise UnsafeText(f"not a variable name: {name!r}")


@dataclass(frozen=True)
class Syntax:
    """How a kind of script writes a comment line."""

    comment: str  # "#" or "rem"
    newline: str | None = None  # None: the file's own line ends (CRLF in Windows scripts)

    def begin(self, topic: str) -> str:
        return f"{self.comment} >>> tfgpu {topic} >>> (added by TF GPU Assistant; undo: tfgpu {topic} undo)"

    def end(self, topic: str) -> str:
        return f"{self.comment} <<< tfgpu {topic} <<<"


POSIX = Syntax("#", "\n")  # a CR would end up inside a shell word
POWERSHELL = Syntax("#")
CMD = Syntax("rem")


# -- finding, putting and removing a block -------------------------------------------------------


def decode(data: bytes | None) -> str:
    return "" if data is None else data.decode(ENCODING, ERRORS)


def encode(text: str) -> bytes:
    return text.encode(ENCODING, ERRORS)


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def find_block(text: str, topic: str, syntax: Syntax) -> tuple[int, int] | None:
    """(start, end) character offsets of the block's lines, end after its last newline."""
    begin_prefix = syntax.begin(topic).split(" (", 1)[0]
    start = None
    offset = 0
    for line in text.splitlines(keepends=True):
        bare = line.rstrip("\r\n")
        if start is None and bare.startswith(begin_prefix):
            start = offset
        elif start is not None and bare == syntax.end(topic):
            return start, offset + len(line)
        offset += len(line)
    return None


def put_block(text: str, topic: str, body: Sequence[str], syntax: Syntax, *, before: re.Pattern | None = None) -> str:
    """The text with the topic's block holding ``body``: replaced in place when there is one, else
    inserted before the first line matching ``before`` (a script's tail), else appended."""
    nl = syntax.newline or _newline(text)
    block = nl.join([syntax.begin(topic), *body, syntax.end(topic)]) + nl
    found = find_block(text, topic, syntax)
    if found is not None:
        return text[:found[0]] + block + text[found[1]:]
    if before is not None:
        offset = 0
        for line in text.splitlines(keepends=True):
            if before.match(line.rstrip("\r\n")):
                return text[:offset] + block + text[offset:]
            offset += len(line)
    if text and not text.endswith(("\n", "\r")):
        text += nl
    return text + block


def remove_block(text: str, topic: str, syntax: Syntax) -> str:
    found = find_block(text, topic, syntax)
    return text if found is None else text[:found[0]] + text[found[1]:]


# -- POSIX sh / bash / zsh -------------------------------------------------------------------------


def posix_prepend(variable: str, folders: Sequence[str]) -> list[str]:
    """Put ``folders`` first on ``variable``, in order: each one's other occurrences leave their
    place, nothing else moves, no empty entry is added (an empty entry means "the current folder")."""
    quoted = " ".join(bash_quote(f) for f in reversed(folders))
    return [
        f"_tfgpu_v=${{{variable}-}}",
        "case $_tfgpu_v in '') _tfgpu_v=: ;; *) _tfgpu_v=\":$_tfgpu_v:\" ;; esac",
        f"for _tfgpu_d in {quoted}; do",
        "  while :; do",
        "    case $_tfgpu_v in",
        "      *:\"$_tfgpu_d\":*) _tfgpu_v=${_tfgpu_v%%:\"$_tfgpu_d\":*}:${_tfgpu_v#*:\"$_tfgpu_d\":} ;;",
        "      *) break ;;",
        "    esac",
        "  done",
        "  _tfgpu_v=\":$_tfgpu_d$_tfgpu_v\"",
        "done",
        "_tfgpu_v=${_tfgpu_v#:}",
        "_tfgpu_v=${_tfgpu_v%:}",
        f"export {variable}=\"$_tfgpu_v\"",
        "unset _tfgpu_v _tfgpu_d",
    ]


def posix_body(settings: EnvSettings) -> list[str]:
    lines: list[str] = []
    for variable, folders in settings.prepend:
        lines += posix_prepend(variable, folders)
    lines += [bash_assignment(name, value) for name, value in settings.assign]
    return lines


def posix_save(settings: EnvSettings) -> list[str]:
    """Lines that remember each variable's value (and whether it was set) for the deactivate script."""
    lines = []
    for variable in _variables(settings):
        lines.append(f"if [ -n \"${{{variable}+x}}\" ]; then _TFGPU_OLD_{variable}=${variable}; "
                     f"else unset _TFGPU_OLD_{variable}; fi")
    return lines


def posix_restore(settings: EnvSettings) -> list[str]:
    lines = []
    for variable in _variables(settings):
        lines.append(f"if [ -n \"${{_TFGPU_OLD_{variable}+x}}\" ]; then export {variable}=\"$_TFGPU_OLD_{variable}\"; "
                     f"else unset {variable}; fi")
        lines.append(f"unset _TFGPU_OLD_{variable}")
    return lines


# -- PowerShell --------------------------------------------------------------------------------


def powershell_body(settings: EnvSettings) -> list[str]:
    lines: list[str] = []
    for variable, folders in settings.prepend:
        items = ", ".join(powershell_quote(f) for f in folders)
        lines += [
            f"$tfgpu_add = @({items})",
            f"$env:{variable} = (@($tfgpu_add) + @(($env:{variable} -split ';') | "
            "Where-Object { $_ -and ($tfgpu_add -notcontains $_) })) -join ';'",
            "Remove-Variable tfgpu_add",
        ]
    lines += [powershell_assignment(name, value) for name, value in settings.assign]
    return lines


def powershell_save(settings: EnvSettings) -> list[str]:
    return [f"$env:_TFGPU_OLD_{v} = $env:{v}" for v in _variables(settings)]


def powershell_restore(settings: EnvSettings) -> list[str]:
    return [f"$env:{v} = $env:_TFGPU_OLD_{v}; Remove-Item Env:_TFGPU_OLD_{v} -ErrorAction SilentlyContinue"
            for v in _variables(settings)]


# -- cmd.exe (.bat) ----------------------------------------------------------------------------------


def cmd_literal(value: str) -> str:
    """A value cmd.exe keeps as written inside ``set "NAME=value"``; refuses what cmd would expand."""
    if _CMD_UNSAFE.search(value):
        raise UnsafeText(f"cmd.exe would change {value!r} (it holds % ! ^ or a quote): use PowerShell instead")
    return value


def cmd_body(settings: EnvSettings) -> list[str]:
    lines = [f'@set "{v}={";".join(cmd_literal(f) for f in folders)};%{v}%"' for v, folders in settings.prepend]
    lines += [f'@set "{name}={cmd_literal(value)}"' for name, value in settings.assign]
    return lines


def cmd_save(settings: EnvSettings) -> list[str]:
    return [f'@set "_TFGPU_OLD_{v}=%{v}%"' for v in _variables(settings)]


def cmd_restore(settings: EnvSettings) -> list[str]:
    return [line for v in _variables(settings)
            for line in (f'@set "{v}=%_TFGPU_OLD_{v}%"', f'@set "_TFGPU_OLD_{v}="')]


def _variables(settings: EnvSettings) -> list[str]:
    return list(dict.fromkeys([v for v, _ in settings.prepend] + [v for v, _ in settings.assign]))
