"""``tfgpu report``: one diagnostics file (JSON, Markdown, HTML, text or zip), redacted by default."""

from __future__ import annotations

import argparse

from tfgpu.core.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_SIGINT,
    EXIT_USAGE,
    add_python_option,
    error,
    positive,
    stderr_is_terminal,
    write,
    write_block,
)

FORMATS = ("json", "md", "html", "txt", "zip")


def _minutes(text: str) -> float:
    value = positive(text)
    if value > 24 * 60:
        raise argparse.ArgumentTypeError(f"at most one day (1440 minutes), got {text}")
    return value


def add_parser(subs: argparse._SubParsersAction) -> None:
    report = subs.add_parser(
        "report", help="write one diagnostics file to attach to a question or an issue (redacted by default)",
        description="Scans this computer (or reads --scan FILE), diagnoses it, and writes the verdict, findings, "
        "versions, the latest saved benchmark run and an optional monitor excerpt to one file. User and "
        "computer names, GPU UUIDs and serials, IP/MAC and e-mail addresses are replaced by [kind] unless "
        "--no-redact is given.")
    report.add_argument("-o", "--output", required=True, metavar="FILE",
                        help="the file to write (its extension picks the format); '-' prints to stdout")
    report.add_argument("--format", choices=FORMATS, default=None,
                        help="json, md (GitHub issue sized), html (self-contained, with plots), txt, or zip (all of "
                        "them plus raw outputs and logs)")
    report.add_argument("--no-redact", action="store_true",
                        help="include personal details (user and computer names, GPU IDs, addresses)")
    add_python_option(report)
    report.add_argument("--no-bench", action="store_true", help="leave out the latest saved benchmark run")
    report.add_argument("--monitor-minutes", type=_minutes, default=0.0, metavar="N",
                        help="sample the GPU/CPU monitor for N minutes now and add min/mean/max (with --monitor-csv: "
                        "the last N minutes of that log, default 10)")
    report.add_argument("--monitor-csv", metavar="FILE", help="take the monitor excerpt from a CSV log "
                        "(tfgpu monitor --csv, or the Monitor page's log)")
    report.add_argument("--scan", metavar="FILE", help="use a saved 'tfgpu scan --json' instead of scanning")
    report.add_argument("--tf-timeout", type=positive, default=None, metavar="S", help="seconds per TF check")


def run(args: argparse.Namespace) -> int:
    from tfgpu.core.report.write import format_for

    to_stdout = args.output == "-"
    try:
        fmt = format_for(args.output, args.format) if not to_stdout else (args.format or "")
    except ValueError as exc:
        error("report", str(exc))
        return EXIT_USAGE
    if to_stdout and fmt in ("", "zip"):
        error("report", "with -o - give --format json, md, html or txt (a zip is not printed)")
        return EXIT_USAGE
    return _export(args, fmt, to_stdout)


def _export(args: argparse.Namespace, fmt: str, to_stdout: bool) -> int:
    import sys

    from tfgpu.core.cli.signals import cancel_on_signals
    from tfgpu.core.host import RealHost
    from tfgpu.core.report.collect import CollectOptions, ReportInputError, collect, identity_for
    from tfgpu.core.report.document import prepare
    from tfgpu.core.report.write import FORMAT_NAMES, ReportWriteError, render, write_report_to

    options = CollectOptions(scan_file=args.scan, extra_pythons=list(args.python), tf_timeout=args.tf_timeout,
                             include_bench=not args.no_bench, monitor_minutes=args.monitor_minutes,
                             monitor_csv=args.monitor_csv)
    verbose = stderr_is_terminal()

    def say(text: str) -> None:
        if verbose:
            print(f"tfgpu report: {text}...", file=sys.stderr, flush=True)

    host = RealHost()
    with cancel_on_signals() as stop:
        try:
            inputs = collect(options, host, progress=say, cancel=stop, scan_progress=_scan_progress if verbose else None)
        except ReportInputError as exc:
            if stop.is_set():  # a signal while reading a FIFO or a terminal
                return stop.exit_code(EXIT_SIGINT)
            error("report", str(exc))
            return EXIT_USAGE
        if stop.is_set():
            return stop.exit_code(EXIT_SIGINT)
        bundle = prepare(inputs, redact=not args.no_redact, identity=identity_for(host))
        try:
            if to_stdout:
                write(render(bundle, fmt).decode("utf-8"))
                size, into = None, ""
            else:
                result = write_report_to(args.output, fmt, bundle)
                size = result.size
                into = "" if result.how != "written-into" else \
                    f" into {result.path}, which is not a regular file: it was written into, not replaced"
        except ReportWriteError as exc:
            error("report", str(exc))
            return EXIT_FAILED
    where = "stdout" if to_stdout else args.output
    line = f"Wrote {where} ({FORMAT_NAMES[fmt]}" + (f", {_size(size)}){into}." if size is not None else ").")
    privacy = _privacy_line(bundle)
    if to_stdout:
        print(f"{line} {privacy}", file=sys.stderr)
    else:
        write_block(f"{line} {privacy}")
    return EXIT_OK


def _scan_progress(p) -> None:
    import sys

    from tfgpu.core.cli.scan import _show_progress

    _show_progress(p)
    if p.done >= p.total:
        print("\r" + " " * 70 + "\r", end="", file=sys.stderr)


def _size(size: int) -> str:
    return f"{size} bytes" if size < 1024 else f"{size / 1024:.0f} KB" if size < 1024 * 1024 else f"{size / 1048576:.1f} MB"


def _privacy_line(bundle) -> str:
    if not bundle.redacted:
        return "Personal details are included (--no-redact): check the file before you share it."
    found = {kind: count for kind, count in bundle.counts.items() if count}
    if not found:
        return "Redacted: nothing personal was found."
    return "Redacted: " + ", ".join(f"{kind} x{count}" for kind, count in found.items()) + "."
