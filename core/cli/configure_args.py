"""Arguments ``tfgpu path`` and ``tfgpu memory`` share (argparse only: built for every command)."""

from __future__ import annotations

import argparse

TARGETS = ("user", "conda", "venv", "profile")


def add_target_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--env", metavar="PY",
                        help="the Python environment (its interpreter) it is for; needed for --target conda/venv")
    parser.add_argument("--target", choices=TARGETS,
                        help="where it goes: user (Windows user environment, the default there), profile (bash/zsh "
                        "profile, the default on Linux), conda or venv (that environment's activation)")
    parser.add_argument("--json", action="store_true", help="print the plan (and outcome) as JSON")


def add_undo_parser(subs: argparse._SubParsersAction, command: str) -> None:
    undo_parser = subs.add_parser("undo", help="restore what a change replaced, exactly",
                                  description=f"Restore the values and files a `tfgpu {command} apply` changed. "
                                  "When something else changed them since, it warns and asks first.")
    undo_parser.add_argument("change_id", nargs="?", default="latest", metavar="CHANGE_ID|latest",
                             help="the change to undo (default: the latest applied one)")
    undo_parser.add_argument("--yes", action="store_true", help="do not ask before undoing")
    group = undo_parser.add_mutually_exclusive_group()
    group.add_argument("--keep-outside-changes", action="store_true",
                       help="when changed outside tfgpu since: take out only what tfgpu added")
    group.add_argument("--overwrite", action="store_true",
                       help="when changed outside tfgpu since: restore the old values anyway (backed up first)")
    undo_parser.add_argument("--json", action="store_true", help="print the outcome as JSON")
