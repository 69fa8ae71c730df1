"""The ``tfgpu`` command. With no sub-command it starts the GUI."""

from __future__ import annotations

import argparse
import json
import logging
import math
import signal
import sys
import threading
from typing import Sequence

from tfgpu.core.version import __version__

log = logging.getLogger(__name__)

EXIT_OK = 0
EXIT_USAGE = 2


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tfgpu",
        description="TF GPU Assistant: is TensorFlow using your NVIDIA GPU, and if not, why.",
    )
    parser.add_argument("--version", action="version", version=f"tfgpu {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="more detail and debug logging")
    subs = parser.add_subparsers(dest="command", metavar="COMMAND")

    scan = subs.add_parser("scan", help="scan driver, GPUs, CUDA, cuDNN, Pythons and their TensorFlow")
    scan.add_argument("--json", action="store_true", help="print one JSON document")
    scan.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help="show evidence and TF logs")
    scan.add_argument(
        "--python", action="append", default=[], metavar="PATH", help="also check this interpreter (repeatable)"
    )
    scan.add_argument("--no-tf", action="store_true", help="skip the TensorFlow check (fast)")
    scan.add_argument("--tf-timeout", type=_positive, default=None, metavar="S", help="seconds per TF check")

    doctor = subs.add_parser("doctor", help="scan, then say whether TF can use the GPU, why not, and what to install")
    doctor.add_argument("--json", action="store_true", help="print one JSON document (diagnosis and scan)")
    doctor.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help="show evidence and every finding")
    doctor.add_argument(
        "--python", action="append", default=[], metavar="PATH", help="also check this interpreter (repeatable)"
    )
    doctor.add_argument("--tf-timeout", type=_positive, default=None, metavar="S", help="seconds per TF check")
    doctor.add_argument("--scan", metavar="FILE", help="diagnose a saved 'tfgpu scan --json' instead of this computer")

    explain = subs.add_parser("explain", help="explain a pasted error, log or tool output (a file, or - for stdin)")
    explain.add_argument("file", metavar="FILE", help="text file to explain, or - to read standard input")
    explain.add_argument("--json", action="store_true", help="print one JSON document")
    explain.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help="show evidence and every fix")

    from tfgpu.core.cli_bench import add_parser as add_bench_parser

    add_bench_parser(subs)

    from tfgpu.core.cli_monitor import add_parser as add_monitor_parser

    add_monitor_parser(subs)

    subs.add_parser(
        "gui",
        help="start the app window",
        description="Options: --screenshot FILE [--page ID] [--lang en|zh_CN]",
    )
    return parser


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError("must be a number more than 0")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args, rest = parser.parse_known_args(argv)  # the GUI parses its own options
    if rest and args.command not in (None, "gui"):
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    try:
        from tfgpu.core.logging_setup import setup_logging

        setup_logging(verbose=args.verbose)
    except Exception:  # noqa: BLE001 - no log file is no reason to fail
        pass
    if args.command in (None, "gui"):
        from importlib import import_module  # the GUI is only loaded when asked for

        return import_module("tfgpu.gui.app").main(rest)
    if args.command == "scan":
        return _scan(args)
    if args.command == "doctor":
        return _doctor(args)
    if args.command == "explain":
        return _explain(args, parser)
    if args.command == "bench":
        from tfgpu.core.cli_bench import run as run_bench_command

        return run_bench_command(args, _write)
    if args.command == "monitor":
        from tfgpu.core.cli_monitor import run as run_monitor_command

        return run_monitor_command(args, _write)
    return EXIT_USAGE


def _scan(args: argparse.Namespace) -> int:
    from tfgpu.core.scan_text import format_scan

    scan = _run_scan(args, include_tf=not args.no_tf)
    # JSON escapes non-ASCII, so a Chinese user name survives any console code page
    out = json.dumps(scan.to_dict(), indent=2, ensure_ascii=True) if args.json else format_scan(scan, args.verbose)
    _write(out if out.endswith("\n") else out + "\n")
    return EXIT_OK


def _doctor(args: argparse.Namespace) -> int:
    from tfgpu.core.diagnosis.doctor import diagnose
    from tfgpu.core.diagnosis.text import format_diagnosis

    if args.scan:
        scan = _load_scan(args.scan)
    else:
        scan = _run_scan(args, include_tf=True)
    diagnosis = diagnose(scan)
    if args.json:
        out = json.dumps({"diagnosis": diagnosis.to_dict(), "scan": scan.to_dict()}, indent=2, ensure_ascii=True)
    else:
        out = format_diagnosis(diagnosis, args.verbose)
    _write(out if out.endswith("\n") else out + "\n")
    return EXIT_OK


def _load_scan(path: str):
    from tfgpu.core.scan import Scan

    try:
        with open(path, "rb") as handle:
            return Scan.from_dict(json.loads(handle.read().decode("utf-8-sig")))
    except OSError as exc:
        problem = f"cannot read {path}: {exc.strerror or exc}"
    except (ValueError, TypeError, KeyError) as exc:
        problem = f"{path} is not a readable scan: {exc}"
    print(f"tfgpu doctor: error: {problem}", file=sys.stderr)
    raise SystemExit(EXIT_USAGE)


def _explain(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    from tfgpu.core.diagnosis.text import format_explanation
    from tfgpu.core.explain import explain_text

    try:
        if args.file == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        parser.error(f"cannot read {args.file}: {exc.strerror or exc}")
    explanation = explain_text(data)
    if args.json:
        out = json.dumps(explanation.to_dict(), indent=2, ensure_ascii=True)
    else:
        out = format_explanation(explanation, args.verbose)
    _write(out if out.endswith("\n") else out + "\n")
    return EXIT_OK


def _run_scan(args: argparse.Namespace, include_tf: bool):
    from tfgpu.core.scan import ScanOptions, run_scan

    options = ScanOptions(include_tf=include_tf, extra_pythons=list(args.python))
    if args.tf_timeout:
        options.tf_timeout = args.tf_timeout
    cancel = threading.Event()
    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, lambda *_: cancel.set()) if in_main else None  # Ctrl+C ends agents
    try:
        progress = None
        if not args.json and sys.stderr.isatty():
            progress = lambda p: print(f"\r[{p.done}/{p.total}] {p.label[:60]:<60}", end="", file=sys.stderr)  # noqa: E731
        scan = run_scan(options=options, progress=progress, cancel=cancel)
        if progress:
            print("\r" + " " * 70 + "\r", end="", file=sys.stderr)
    finally:
        if in_main:
            signal.signal(signal.SIGINT, previous)
    return scan


def _write(text: str) -> None:
    """Print without dying on a console that cannot show every character."""
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:
        encoding = sys.stdout.encoding or "ascii"
        sys.stdout.write(text.encode(encoding, errors="replace").decode(encoding))
    sys.stdout.flush()


if __name__ == "__main__":
    sys.exit(main())
