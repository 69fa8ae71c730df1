"""Commands we show to users, built from arguments, each quoted for its shell.

Users paste our commands into terminals, often elevated ones, so no text we read (a pasted log, a
folder name, an environment variable) may ever become shell syntax. Every command is a list of
arguments joined here; nothing else in tfgpu writes a quote character into a command.

- bash: :func:`shlex.quote` (single quotes; a ``'`` inside becomes ``'"'"'``).
- PowerShell: a single-quoted literal, every single-quote character doubled. PowerShell treats
  the Unicode quotes U+2018..U+201B as single quotes too, so those are doubled as well.
- cmd.exe has no quoting that stops ``%VAR%`` expansion, so :func:`cmd_quote` refuses such text.

A value written into a file that a shell reads later (a profile, an activate script) is quoted
again at that point: :func:`bash_assignment` and :func:`powershell_assignment`.
"""

from __future__ import annotations

import enum
import re
import shlex
from collections.abc import Iterable, Sequence


class Shell(str, enum.Enum):
    POWERSHELL = "powershell"
    CMD = "cmd"
    BASH = "bash"

    def __str__(self) -> str:
        return self.value


#: Every character PowerShell reads as a single quote (its tokenizer's IsSingleQuote).
POWERSHELL_SINGLE_QUOTES = "'\u2018\u2019\u201a\u201b"
_CONTROL = re.compile(r"[\x00-\x1f\x7f\x80-\x9f\u2028\u2029]")
#: Characters that mean something to bash, PowerShell or cmd.exe outside quotes.
_METACHARACTERS = re.compile(r"[$`\"'!;&|<>(){}*?\[\]~^%#\u2018-\u201e@]")


class Verbatim(str):
    """Shell syntax of our own (``~/tf/bin/python``): :func:`command` passes it through unquoted.
    Only ever a constant in tfgpu's code, never a value that was read from anywhere."""


class UnsafeText(ValueError):
    """A value that cannot be put into this kind of command safely; show it as text instead."""


def has_control_characters(text: str) -> bool:
    return bool(_CONTROL.search(text))


def is_plain(text: str) -> bool:
    """True when ``text`` has no control characters and no shell metacharacters: a value read from
    untrusted text (a pasted log) goes into a command only then; otherwise it is shown as text."""
    return bool(text) and not has_control_characters(text) and not _METACHARACTERS.search(text)


def bash_quote(value: str) -> str:
    if has_control_characters(value):
        raise UnsafeText(f"control character in {value!r}")
    return shlex.quote(value)


def powershell_quote(value: str) -> str:
    if has_control_characters(value):
        raise UnsafeText(f"control character in {value!r}")
    return "'" + "".join(c + c if c in POWERSHELL_SINGLE_QUOTES else c for c in value) + "'"


#: A word PowerShell passes on literally without quotes: starts with a letter (a digit-led word can be read
#: as a number: ``0x10`` becomes 16, ``1kb`` 1024), no character it gives a meaning, no ``.`` in a flag
#: (Windows PowerShell splits ``-a.b``); or plain digits.
_POWERSHELL_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_.+=/\\:-]*|-{1,2}[A-Za-z][A-Za-z0-9-]*(?:=[A-Za-z0-9_-]+)?|[0-9]+")


def powershell_word(value: str) -> str:
    """``value`` bare when PowerShell reads it literally, else :func:`powershell_quote`."""
    return value if _POWERSHELL_WORD.fullmatch(value) else powershell_quote(value)


def cmd_quote(value: str) -> str:
    """A double-quoted argument for cmd.exe; refuses what cmd expands even inside quotes."""
    if has_control_characters(value) or any(c in value for c in '"%!^'):
        raise UnsafeText(f"cannot be quoted for cmd.exe: {value!r}")
    return f'"{value}"' if not value or re.search(r"[\s&|<>()]", value) else value


def quote(value: str, shell: Shell) -> str:
    return {Shell.BASH: bash_quote, Shell.POWERSHELL: powershell_quote, Shell.CMD: cmd_quote}[shell](value)


def command(argv: Sequence[str], shell: Shell, *, bare_program: bool = False, bare_words: bool = False) -> str:
    """One command line: every argument quoted for ``shell``.

    PowerShell runs a quoted program name only through the call operator (``& 'C:\\x\\python.exe'``);
    ``bare_program`` leaves a plain program name (``nvidia-smi``, ``wsl``) unquoted when it is plain.
    ``bare_words`` leaves PowerShell arguments that it reads literally unquoted (``wsl -d Ubuntu``);
    bash quotes only what needs it anyway.
    """
    if not argv:
        raise ValueError("empty command")
    program, *args = argv
    head: str
    if isinstance(program, Verbatim):
        head = str(program)
    elif bare_program and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", program):  # not a number to PowerShell
        head = program
    elif shell is Shell.POWERSHELL:
        head = "& " + powershell_quote(program)
    else:
        head = quote(program, shell)
    word = powershell_word if bare_words and shell is Shell.POWERSHELL else (lambda arg: quote(arg, shell))
    return " ".join([head, *(arg if isinstance(arg, Verbatim) else word(arg) for arg in args)])


def chain(commands: Iterable[str], shell: Shell) -> str:
    """Commands that run one after another, each only if the one before succeeded (Windows
    PowerShell 5.1 has no ``&&``: ``a; if ($?) { b }``)."""
    parts = list(commands)
    if shell is not Shell.POWERSHELL:
        return " && ".join(parts)
    if not parts:
        return ""
    return parts[0] + "".join(f"; if ($?) {{ {part}" for part in parts[1:]) + " }" * (len(parts) - 1)


def bash_assignment(name: str, value: str, *, export: bool = True, prepend_to: str | None = None) -> str:
    """``export NAME='value'`` (or ``NAME='value'${NAME:+:$NAME}`` with ``prepend_to=NAME``): the value is
    one literal that no shell reading it (now, or later from a profile) expands."""
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise UnsafeText(f"not a variable name: {name!r}")
    text = bash_quote(value)
    if prepend_to is not None:
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", prepend_to):
            raise UnsafeText(f"not a variable name: {prepend_to!r}")
        text += f'"${{{prepend_to}:+:${prepend_to}}}"'
    return ("export " if export else "") + f"{name}={text}"


def powershell_assignment(name: str, value: str) -> str:
    """``$env:NAME = 'value'`` for this session."""
    if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise UnsafeText(f"not a variable name: {name!r}")
    return f"$env:{name} = {powershell_quote(value)}"
