"""``tfgpu explain FILE|-``: the kind of a pasted text, the facts in it, the cause and the fix.

``--with-scan`` combines the text with this computer's scan (its OS, TensorFlow, Python, driver,
GPUs and whether it has an NVIDIA card at all): the scan fills the facts the text leaves out.
``--with-scan SCAN.json`` uses a saved ``tfgpu scan --json`` (or ``tfgpu doctor --json``) instead.
"""

from __future__ import annotations

import argparse
import json
import sys

from tfgpu.core.cli.common import EXIT_OK, EXIT_USAGE, error, warn, write_block

THIS_COMPUTER = ""  # --with-scan without a file: scan this computer


def add_parser(subs: argparse._SubParsersAction) -> None:
    explain = subs.add_parser("explain", help="explain a pasted error, log or tool output (a file, or - for stdin)")
    explain.add_argument("file", metavar="FILE", help="text file to explain, or - to read standard input")
    explain.add_argument("--json", action="store_true", help="print one JSON document")
    explain.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                         help="show evidence and every fix")
    explain.add_argument("--with-scan", nargs="?", const=THIS_COMPUTER, default=None, metavar="SCAN",
                         help="combine the text with this computer's scan (or a saved 'tfgpu scan --json' file): "
                              "it fills in the facts the text leaves out")


def run(args: argparse.Namespace) -> int:
    from tfgpu.core.explain.document import Clipped
    from tfgpu.core.explain.engine import explain_text
    from tfgpu.core.explain.reading import MAX_INPUT_BYTES, read_bounded
    from tfgpu.core.explain.render import format_explanation

    try:
        if args.file == "-":
            stream = _stdin()
            if stream is None:
                error("explain", "standard input is closed; pass a FILE, or pipe text in")
                return EXIT_USAGE
            data = read_bounded(stream)
        else:
            with open(args.file, "rb") as handle:
                data = read_bounded(handle)
    except OSError as exc:
        error("explain", f"cannot read {args.file}: {exc.strerror or exc}")
        return EXIT_USAGE
    if isinstance(data, Clipped):
        mib = data.total_bytes // (1024 * 1024)
        if not data.stopped:
            warn("explain", f"long input ({mib} MiB): its first 3 MiB and last 1 MiB were explained")
        elif data.total_bytes < MAX_INPUT_BYTES:
            warn("explain", f"the input is not text; reading stopped after {mib} MiB")
        else:
            warn("explain", f"reading stopped at {mib} MiB (the most read); the first 3 MiB and the last "
                 "1 MiB read were explained")
    scan, code = None, EXIT_OK
    if args.with_scan is not None:
        scan, code = _scan_document(args.with_scan)
        if scan is None:
            return code
    explanation = explain_text(data, scan=scan)
    if args.json:
        write_block(json.dumps(explanation.to_dict(), indent=2, ensure_ascii=True))
    else:
        write_block(format_explanation(explanation, args.verbose))
    return code


def _scan_document(source: str) -> tuple[dict | None, int]:
    """The scan as a JSON document: a saved file (a scan, or doctor's {"scan": ...}), or this computer's."""
    if source == THIS_COMPUTER:
        from tfgpu.core.cli.scan import run_scan_for

        scan, code = run_scan_for(argparse.Namespace(python=[], tf_timeout=None, json=True, here=False), include_tf=True)
        return scan.to_dict(), code
    from tfgpu.core.scan_file import ScanFileError, load_scan_file

    try:  # the one loader: exactly what doctor --scan and report --scan accept
        return load_scan_file(source).to_dict(), EXIT_OK
    except ScanFileError as exc:
        error("explain", str(exc))
        return None, EXIT_USAGE


def _stdin():
    """Standard input as bytes, or None when there is none (closed, or a GUI launch without a console)."""
    stream = sys.stdin
    try:
        if stream is None or stream.closed:
            return None
        return stream.buffer
    except (AttributeError, ValueError):
        return None
