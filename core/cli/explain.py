"""``tfgpu explain FILE|-``: the kind of a pasted text, the facts in it, the cause and the fix."""

from __future__ import annotations

import argparse
import json
import sys

from tfgpu.core.cli.common import EXIT_OK, EXIT_USAGE, error, write_block


def add_parser(subs: argparse._SubParsersAction) -> None:
    explain = subs.add_parser("explain", help="explain a pasted error, log or tool output (a file, or - for stdin)")
    explain.add_argument("file", metavar="FILE", help="text file to explain, or - to read standard input")
    explain.add_argument("--json", action="store_true", help="print one JSON document")
    explain.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                         help="show evidence and every fix")


def run(args: argparse.Namespace) -> int:
    from tfgpu.core.explain.engine import explain_text
    from tfgpu.core.explain.render import format_explanation

    try:
        if args.file == "-":
            if sys.stdin is None:
                error("explain", "standard input is closed")
                return EXIT_USAGE
            data = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        error("explain", f"cannot read {args.file}: {exc.strerror or exc}")
        return EXIT_USAGE
    explanation = explain_text(data)
    if args.json:
        write_block(json.dumps(explanation.to_dict(), indent=2, ensure_ascii=True))
    else:
        write_block(format_explanation(explanation, args.verbose))
    return EXIT_OK
