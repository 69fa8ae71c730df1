"""``tfgpu doctor``: scan (or read a saved scan), then the verdict, findings, fixes and recommendation."""

from __future__ import annotations

import argparse
import json

from tfgpu.core.cli.common import (
    EXIT_OK,
    EXIT_USAGE,
    add_python_option,
    error,
    positive,
    write_block,
)


def add_parser(subs: argparse._SubParsersAction) -> None:
    from tfgpu.core.cli.scan import add_redact_option

    doctor = subs.add_parser("doctor", help="scan, then say whether TF can use the GPU, why not, and what to install")
    doctor.add_argument("--json", action="store_true", help="print one JSON document (diagnosis and scan)")
    doctor.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                        help="show evidence and every finding")
    add_python_option(doctor)
    doctor.add_argument("--tf-timeout", type=positive, default=None, metavar="S", help="seconds per TF check")
    doctor.add_argument("--scan", metavar="FILE", help="diagnose a saved 'tfgpu scan --json' instead of this computer")
    add_redact_option(doctor)


def run(args: argparse.Namespace) -> int:
    from tfgpu.core.diagnosis.render import format_verdict
    from tfgpu.core.diagnosis.verdict import saved_benchmark_pythons, verdict_for

    code = EXIT_OK
    if args.scan:
        scan = load_scan(args.scan)
        if scan is None:
            return EXIT_USAGE
    else:
        from tfgpu.core.cli.scan import run_scan_for

        scan, code = run_scan_for(args, include_tf=True)
    try:
        verdict = verdict_for(scan, args.python[0] if args.python else None, benchmarked=saved_benchmark_pythons())
    except Exception as exc:  # noqa: BLE001 - a saved scan with values no scan of ours has
        error("doctor", f"{args.scan or 'the scan'} holds values a tfgpu scan never has "
                        f"({type(exc).__name__}: {str(exc)[:200]})")
        return EXIT_USAGE
    from tfgpu.core.cli.scan import redacted

    if args.json:
        steps = verdict.to_dict()
        doc = {"schema_version": scan.schema_version, "diagnosis": verdict.diagnosis.to_dict(),
               "next_steps": steps["next_steps"], "other_options": steps["other_options"],
               "not_needed": steps["not_needed"], "complete": steps["complete"], "scan": scan.to_dict()}
        write_block(json.dumps(redacted(doc, args.redact), indent=2, ensure_ascii=True))
    else:
        write_block(redacted(format_verdict(verdict, args.verbose), args.redact))
    return code


def load_scan(path: str):
    """A saved scan (``tfgpu scan --json``, or doctor's or a report's JSON), or None after a one-line error."""
    from tfgpu.core.scan_file import ScanFileError, load_scan_file

    try:
        return load_scan_file(path)
    except ScanFileError as exc:
        error("doctor", str(exc))
        return None
