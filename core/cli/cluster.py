"""``tfgpu cluster check``: is TF_CONFIG right, and can two workers meet and all-reduce here?

Exit codes: 0 when the config (if any) is valid and the smoke job (when asked) worked; 1 when a
problem was found (each is printed with its fix); 2 on usage errors or an unreadable file; 128+N
when a signal stopped it (the workers are ended first).
"""

from __future__ import annotations

import argparse
import json
import sys

from tfgpu.core.cli.common import EXIT_FAILED, EXIT_OK, EXIT_SIGINT, EXIT_USAGE, error, positive, write_block

SCHEMA_VERSION = "1.0"


def add_parser(subs: argparse._SubParsersAction) -> None:
    cluster = subs.add_parser("cluster", help="check a multi-worker set-up (TF_CONFIG) and run a loopback smoke job")
    actions = cluster.add_subparsers(dest="cluster_command", metavar="ACTION", required=True)
    check = actions.add_parser(
        "check", help="validate TF_CONFIG; with --smoke, run two real workers on this machine",
        description="Validates TF_CONFIG (from the environment, or --tf-config FILE / - for stdin): its JSON, "
        "the cluster and task, duplicate or malformed addresses, a port already taken here, and the collective "
        "this OS will use. --smoke starts a real two-worker MultiWorkerMirroredStrategy job on loopback ports "
        "and reports whether the all-reduce worked, how long the workers took to meet, and the step time.")
    check.add_argument("--tf-config", metavar="FILE", help="read TF_CONFIG from FILE (or - for standard input)")
    check.add_argument("--smoke", action="store_true", help="run a real two-worker job on loopback")
    check.add_argument("--python", metavar="PATH", help="the Python with TensorFlow for --smoke (default: this one)")
    check.add_argument("--timeout", type=positive, default=None, metavar="S", help="seconds for the smoke job")
    check.add_argument("--json", action="store_true", help="print one JSON document")


def run(args: argparse.Namespace) -> int:
    import os

    from tfgpu.core.cluster.tf_config import check_tf_config

    if args.tf_config:
        text = _read(args.tf_config)
        if text is None:
            return EXIT_USAGE
        source = args.tf_config
    else:
        text, source = os.environ.get("TF_CONFIG"), "env"
    os_name = "windows" if sys.platform == "win32" else "linux"
    config = check_tf_config(text, source, os_name)
    smoke = None
    code = EXIT_OK if not config.problems else EXIT_FAILED
    if args.smoke:
        smoke, stop_code = _smoke(args)
        if stop_code:
            code = stop_code
        elif not smoke.ok:
            code = EXIT_FAILED
    document = {"schema_version": SCHEMA_VERSION, "config": config.to_dict(),
                "smoke": smoke.to_dict() if smoke else None}
    write_block(json.dumps(document, indent=2, ensure_ascii=True) if args.json else _text(config, smoke))
    return code


def _smoke(args: argparse.Namespace):
    from tfgpu.core.cli.signals import cancel_on_signals
    from tfgpu.core.cluster.smoke import SMOKE_TIMEOUT_S, run_smoke

    python = args.python or sys.executable
    if not args.json:
        print("Starting two TensorFlow workers on this machine (loopback only)...", file=sys.stderr, flush=True)
    with cancel_on_signals() as stop:
        result = run_smoke(python, timeout=args.timeout or SMOKE_TIMEOUT_S, cancel=stop)
    return result, (stop.exit_code(EXIT_SIGINT) if stop.is_set() else 0)


def _read(path: str) -> str | None:
    try:
        if path == "-":
            return sys.stdin.read(1_000_001) if sys.stdin is not None else ""
        with open(path, encoding="utf-8-sig", errors="replace") as handle:
            return handle.read(1_000_001)
    except OSError as exc:
        error("cluster", f"cannot read {path}: {exc.strerror or exc}")
        return None


def _text(config, smoke) -> str:
    from tfgpu.core.findings.render import format_finding

    lines = []
    if not config.present:
        lines.append("TF_CONFIG: not set (a single machine).")
    elif config.ok:
        roles = ", ".join(f"{len(v)} {k}" for k, v in config.cluster.items())
        lines.append(f"TF_CONFIG: valid ({roles}); this machine is {config.task_type} {config.task_index}.")
    else:
        lines.append(f"TF_CONFIG: {len(config.problems)} problem(s):")
        for finding in config.problems:
            lines += format_finding(finding, indent=2)
    lines.append(f"All-reduce here will use: {config.collective}.")
    lines += [f"Note: {note}" for note in config.notes]
    if smoke is not None:
        lines.append("")
        if smoke.cancelled:
            lines.append("Two-worker test: stopped.")
        elif smoke.ok:
            met = max(w.met_s or 0 for w in smoke.workers)
            steps = ", ".join(f"worker {w.index} {w.step_ms:.1f} ms" for w in smoke.workers if w.step_ms is not None)
            lines.append(f"Two-worker test: the all-reduce worked. The workers met in {met:.1f} s; one training "
                         f"step took {steps} ({smoke.workers[0].collective or 'auto'} collective, "
                         f"TensorFlow {smoke.workers[0].tf_version}).")
        else:
            lines.append("Two-worker test: it did not work.")
            for finding in smoke.findings:
                lines += format_finding(finding, indent=2)
    return "\n".join(lines)
