"""The ``tfgpu`` command. With no sub-command it starts the GUI.

One module per command in this package, each with ``add_parser(subs)`` and ``run(args) -> int``.
Building the parser imports only those small modules: a command imports what it needs when it
runs, so ``tfgpu --version`` and ``tfgpu explain`` start fast. Every command's errors are one line
on stderr with a documented exit code (:mod:`.common`); a bug is logged with its traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import import_module

from tfgpu.core.cli.common import EXIT_IOERR, EXIT_SOFTWARE, EXIT_USAGE, OutputFailed, error, silence_stdout
from tfgpu.core.gui_options import DESCRIPTION, add_gui_arguments
from tfgpu.core.version import __version__

__all__ = ["COMMANDS", "EXIT_USAGE", "build_parser", "main"]

#: Sub-commands, in the order ``--help`` lists them; each is ``tfgpu.core.cli.<name>``.
COMMANDS = ("scan", "doctor", "explain", "bench", "monitor", "path", "memory", "install", "report", "cluster", "kb", "profile")

EXIT_CODES_HELP = """exit codes (every command):
  0    done (problems found by a scan are its result, not a failure)
  1    ran, but nothing useful came of it; the reason is printed
  2    bad arguments, or input that cannot be read (a file, a saved scan or run, a closed stdin)
  70   a bug in tfgpu: one line here, the traceback in the log file
  74   the output could not be written (a full disk)
  129  stopped by SIGHUP (a closed terminal)   130  by Ctrl+C   143  by SIGTERM
       (agents are killed; `monitor` ends with 0 on Ctrl+C)"""


def version_line() -> str:
    """``tfgpu 0.1.0 (knowledge base 2026.11.23)``: the app's version and the KB's, each from its one place."""
    from tfgpu.core.kb import kb_version

    return f"tfgpu {__version__} (knowledge base {kb_version()[0]})"


class VersionAction(argparse.Action):
    """--version that reads the KB's version only when asked (every other command starts without it)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        print(version_line())
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tfgpu",
        description="TF GPU Assistant: is TensorFlow using your NVIDIA GPU, and if not, why.",
        epilog=EXIT_CODES_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=VersionAction, nargs=0, help="show the version and the knowledge base's, then exit")
    parser.add_argument("-v", "--verbose", action="store_true", help="more detail and debug logging")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        import_module(f"tfgpu.core.cli.{name}").add_parser(subs)
    gui = subs.add_parser(
        "gui",
        help="start the app window",
        description=DESCRIPTION,
    )
    add_gui_arguments(gui)
    for sub in subs.choices.values():
        sub.epilog = sub.epilog or "Exit codes: 0 done, 1 nothing useful came of it, 2 bad arguments or input, " \
            "70 a bug (see the log), 74 output not writable, 129/130/143 stopped by SIGHUP/Ctrl+C/SIGTERM."
    return parser


def main(argv: Sequence[str] | None = None, gui: Callable[[list[str]], int] | None = None) -> int:
    """Run a command. ``gui`` starts the window (``tfgpu gui``, or no command): the composition root
    (``tfgpu.entry``) passes it, so the CLI never imports the GUI."""
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    args, rest = parser.parse_known_args(argv)
    if rest and args.command not in (None, "gui"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    _start_logging(args.verbose)
    if args.command in (None, "gui"):  # the window parses its own options (defined in gui_args, listed by --help)
        if gui is None:
            error("gui", "the window is not part of this entry point: run tfgpu or tfgpu-assistant")
            return EXIT_USAGE
        return gui(argv[argv.index("gui") + 1:] if args.command else list(rest))
    try:
        return import_module(f"tfgpu.core.cli.{args.command}").run(args)
    except BrokenPipeError:  # `tfgpu scan | head`: the reader has gone
        silence_stdout()
        return 0
    except OutputFailed as exc:  # `tfgpu scan > /dev/full`
        silence_stdout()
        error(args.command, f"cannot write the output: {exc}")
        return EXIT_IOERR
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - a bug: logged in full, one line for the user
        import logging

        logging.getLogger(__name__).exception("tfgpu %s crashed", args.command)
        log_file = _log_file()
        where = f"details are in {_shown(log_file)}" if log_file else "no log file could be written"
        error(args.command, f"internal error ({type(exc).__name__}: {str(exc)[:200]}); {where}; please report it")
        return EXIT_SOFTWARE


def _shown(log_file) -> str:
    """The log file where the user will find it (a Store Python's is redirected)."""
    try:
        from tfgpu.core.logging_setup import shown_log_dir

        return str(shown_log_dir(log_file.parent) / log_file.name)
    except Exception:  # noqa: BLE001
        return str(log_file)


def _log_file():
    """The log file in use (opened by the first record), or None when none could be written."""
    import logging
    from pathlib import Path

    for handler in logging.getLogger().handlers:
        if getattr(handler, "_tfgpu", False):
            return Path(handler.baseFilename)  # type: ignore[attr-defined]
    return None


def _start_logging(verbose: bool) -> None:
    """The log file is opened when the first record arrives (most runs log nothing: start-up stays fast)."""
    import logging

    class _OpenLogFileOnFirstRecord(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            root = logging.getLogger()
            root.removeHandler(self)
            try:
                from tfgpu.core.logging_setup import setup_logging

                setup_logging(verbose=verbose)
            except Exception:  # noqa: BLE001 - no log file is no reason to fail
                return
            for handler in root.handlers:
                if handler.level <= record.levelno:
                    handler.handle(record)

    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    root.addHandler(_OpenLogFileOnFirstRecord())

