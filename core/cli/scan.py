"""``tfgpu scan``: driver, GPUs, CUDA, cuDNN, every Python and the TensorFlow in each."""

from __future__ import annotations

import argparse
import json
import sys

from tfgpu.core.cli.common import (
    EXIT_OK,
    EXIT_SIGINT,
    add_python_option,
    positive,
    status,
    stderr_is_terminal,
    write_block,
)


def add_parser(subs: argparse._SubParsersAction) -> None:
    scan = subs.add_parser("scan", help="scan driver, GPUs, CUDA, cuDNN, Pythons and their TensorFlow")
    scan.add_argument("--json", action="store_true", help="print one JSON document")
    scan.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                      help="show evidence and TF logs")
    add_python_option(scan)
    scan.add_argument("--no-tf", action="store_true", help="skip the TensorFlow check (fast)")
    scan.add_argument("--tf-timeout", type=positive, default=None, metavar="S", help="seconds per TF check")
    add_redact_option(scan)


def add_redact_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--redact", action="store_true",
                        help="replace user and computer names, GPU UUIDs and serials, IP/MAC addresses by [kind] "
                        "(for sharing)")


def redacted(value, redact: bool):
    """``value`` (a JSON tree or text) with personal details replaced when ``redact`` is set."""
    if not redact:
        return value
    from tfgpu.core.host import RealHost
    from tfgpu.core.report.collect import identity_for
    from tfgpu.core.report.redact import Redactor

    redactor = Redactor(identity_for(RealHost()))
    if isinstance(value, str):
        return redactor.text(value)
    redactor.remember_versions(value)
    return redactor.value(value)


def run(args: argparse.Namespace) -> int:
    from tfgpu.core.cli.scan_text import format_scan

    scan, code = run_scan_for(args, include_tf=not args.no_tf)
    if args.json:  # JSON escapes non-ASCII, so a Chinese user name survives any console code page
        write_block(json.dumps(redacted(scan.to_dict(), args.redact), indent=2, ensure_ascii=True))
        return code
    verdict = None
    if not args.no_tf:  # the route needs TensorFlow's answers: without them, each part as it was found
        from tfgpu.core.diagnosis.verdict import verdict_for

        verdict = verdict_for(scan, args.python[0] if args.python else None)
    write_block(redacted(format_scan(scan, args.verbose, verdict), args.redact))
    return code


def _show_progress(p) -> None:
    status(f"[{p.done}/{p.total}] {p.label[:60]:<60}")


def run_scan_for(args: argparse.Namespace, include_tf: bool):
    """Scan this computer as the command's options say; Ctrl+C, SIGTERM and SIGHUP end the agents.
    Returns the scan and the exit code (0, or 128+N when a signal cut it short)."""
    from tfgpu.core.cli.signals import cancel_on_signals
    from tfgpu.core.scan import ScanOptions, run_scan

    options = ScanOptions(include_tf=include_tf, extra_pythons=list(args.python), trust_here=args.here)
    if args.tf_timeout:
        options.tf_timeout = args.tf_timeout
    progress = None
    if not args.json and stderr_is_terminal():
        progress = _show_progress
    with cancel_on_signals() as stop:
        scan = run_scan(options=options, progress=progress, cancel=stop)
        if progress:
            print("\r" + " " * 70 + "\r", end="", file=sys.stderr)
    code = stop.exit_code(EXIT_SIGINT) if (stop.is_set() or scan.cancelled) else EXIT_OK
    return scan, code
