"""The ``tfgpu`` command. With no sub-command it starts the GUI.

One module per command in this package, each with ``add_parser(subs)`` and ``run(args) -> int``.
Building the parser imports only those small modules: a command imports what it needs when it
runs, so ``tfgpu --version`` and ``tfgpu explain`` start fast. Every command's errors are one line
on stderr with a documented exit code (:mod:`.common`); a bug is logged with its traceback.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from importlib import import_module

from tfgpu.core.cli.common import EXIT_SOFTWARE, EXIT_USAGE, error, silence_stdout
from tfgpu.core.version import __version__

__all__ = ["COMMANDS", "EXIT_USAGE", "build_parser", "main"]

#: Sub-commands, in the order ``--help`` lists them; each is ``tfgpu.core.cli.<name>``.
COMMANDS = ("scan", "doctor", "explain", "bench", "monitor", "path", "memory")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tfgpu",
        description="TF GPU Assistant: is TensorFlow using your NVIDIA GPU, and if not, why.",
    )
    parser.add_argument("--version", action="version", version=f"tfgpu {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="more detail and debug logging")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        import_module(f"tfgpu.core.cli.{name}").add_parser(subs)
    subs.add_parser(
        "gui",
        help="start the app window",
        description="Options: --screenshot FILE [--page ID] [--lang en|zh_CN]",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)  # the GUI parses its own options
    if rest and args.command not in (None, "gui"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    _start_logging(args.verbose)
    if args.command in (None, "gui"):
        return import_module("tfgpu.gui.app").main(rest)  # the GUI is only loaded when asked for
    try:
        return import_module(f"tfgpu.core.cli.{args.command}").run(args)
    except BrokenPipeError:  # `tfgpu scan | head`: the reader has gone
        silence_stdout()
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - a bug: logged in full, one line for the user
        import logging

        logging.getLogger(__name__).exception("tfgpu %s crashed", args.command)
        error(args.command, f"internal error ({type(exc).__name__}: {str(exc)[:200]}); "
              "details are in the log file, please report it")
        return EXIT_SOFTWARE


def _start_logging(verbose: bool) -> None:
    try:
        from tfgpu.core.logging_setup import setup_logging

        setup_logging(verbose=verbose)
    except Exception:  # noqa: BLE001 - no log file is no reason to fail
        pass

