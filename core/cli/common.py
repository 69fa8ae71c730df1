"""What every command shares: exit codes, safe output, argument types, one-line errors."""

from __future__ import annotations

import argparse
import os
import sys

from tfgpu.core.argtypes import number, positive, positive_int  # noqa: F401 - the commands import them from here
from tfgpu.core.host.decoding import terminal_safe

EXIT_OK = 0
EXIT_FAILED = 1  # ran, but nothing useful came of it (the reason is printed)
EXIT_USAGE = 2  # bad arguments or unreadable input
EXIT_SOFTWARE = 70  # a bug in tfgpu: logged with its traceback, one line shown
EXIT_IOERR = 74  # the output could not be written (a full disk, a failing device)
EXIT_SIGHUP = 129
EXIT_SIGINT = 130
EXIT_SIGTERM = 143


class OutputFailed(Exception):
    """Standard output cannot be written (not a closed pipe: that is BrokenPipeError)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error


def write(text: str) -> None:
    """Print to stdout without dying on a console that cannot show every character. Terminal control
    sequences are removed: text from child processes and file names reaches the terminal as text."""
    if sys.stdout is None:  # pythonw, or a closed stdout
        return
    text = terminal_safe(text)
    try:
        try:
            sys.stdout.write(text)
        except UnicodeEncodeError:
            encoding = sys.stdout.encoding or "ascii"
            sys.stdout.write(text.encode(encoding, errors="replace").decode(encoding))
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:  # ENOSPC on /dev/full, EIO on a dead terminal
        raise OutputFailed(exc) from exc
    except ValueError as exc:  # "I/O operation on closed file"
        raise OutputFailed(OSError(str(exc))) from exc


def write_block(text: str) -> None:
    """``write`` with exactly one trailing newline."""
    write(text if text.endswith("\n") else text + "\n")


def error(command: str, message: str) -> None:
    """One line on stderr: ``tfgpu COMMAND: error: message``."""
    if sys.stderr is not None:
        print(f"tfgpu {command}: error: {terminal_safe(message)}", file=sys.stderr, flush=True)


def warn(command: str, message: str) -> None:
    if sys.stderr is not None:
        print(f"tfgpu {command}: warning: {terminal_safe(message)}", file=sys.stderr, flush=True)


def status(text: str) -> None:
    """A progress line on stderr, rewritten in place (``\\r``); the text itself cannot move the cursor."""
    if sys.stderr is not None:
        try:
            print("\r" + terminal_safe(text), end="", file=sys.stderr, flush=True)
        except (OSError, ValueError):
            pass


def stderr_is_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):
        return False


def silence_stdout() -> None:
    """Point stdout at the null device so Python's exit flush does not fail on a closed pipe again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


PYTHON_RULE = ("a NAME with a path separator (./venv/bin/python, C:\\py\\python.exe) is that file, relative "
               "to the current folder; a NAME without one (python3.11) is looked up on PATH only, never in the "
               "current folder")
HERE_HELP = ("also run the interpreters found only through the current folder (./.venv, ./venv, a relative PATH "
             "entry). Without it they are listed but not run: running them runs that folder's code")


def add_python_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--python", action="append", default=[], metavar="NAME",
                        help=f"also check this interpreter (repeatable): {PYTHON_RULE}")
    add_here_option(parser)


def add_here_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--here", action="store_true", help=HERE_HELP)


def add_verbose_option(parser: argparse.ArgumentParser, help_text: str) -> None:
    parser.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help=help_text)
