"""``tfgpu bench``: run the benchmarks in one Python environment, save them, compare runs."""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys

from tfgpu.core.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_SIGINT,
    EXIT_USAGE,
    PYTHON_RULE,
    add_here_option,
    error,
    positive_int,
    status,
    stderr_is_terminal,
    warn,
    write,
)


def add_parser(subs: argparse._SubParsersAction) -> None:
    from tfgpu.core.bench.suites import ALL_SUITES, DEVICES, SUITES

    bench = subs.add_parser("bench", help="benchmark TensorFlow on the GPU and the CPU (matmul, conv, training)",
                            description="Times matmul, conv2d, a small CNN training step (float32 vs mixed "
                            "precision, XLA) and memory bandwidth, GPU vs CPU, with %% of the hardware's peak.")
    bench.add_argument("--quick", action="store_true", help="small sizes, short timings (under a minute)")
    bench.add_argument("--suite", action="append", choices=ALL_SUITES, metavar="SUITE",
                       help=f"run only this suite (repeatable): {', '.join(SUITES)}; 'scaling' (only when asked): "
                       "the training step under MirroredStrategy on 1, 2, ... devices")
    bench.add_argument("--device", choices=DEVICES, default="both", help="gpu, cpu or both (default)")
    bench.add_argument("--python", metavar="NAME",
                       help="the Python environment to benchmark (default: this one if it has TensorFlow, "
                       f"else the best one a scan finds): {PYTHON_RULE}")
    add_here_option(bench)
    bench.add_argument("--json", action="store_true", help="print the result document as JSON")
    bench.add_argument("--compare", metavar="RUN_ID",
                       help="compare with a saved run: its id, or 'latest' (the newest before this one)")
    bench.add_argument("--list", action="store_true", help="list the saved runs and exit")
    bench.add_argument("--no-save", action="store_true", help="do not add this run to the history")
    bench.add_argument("--max-elements", type=positive_int, metavar="N", help=argparse.SUPPRESS)  # simulates OOM
    bench.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS,
                       help="the reason for every test without a figure")


def run(args: argparse.Namespace) -> int:
    from tfgpu.core.bench import saved_runs as history

    if args.list:
        return _list()
    before = None
    if args.compare:
        try:
            before = history.load_run(args.compare)
        except LookupError as exc:
            error("bench", str(exc))
            return EXIT_USAGE
    if args.python:
        python = _named_python(args.python)
        if python is None:
            return EXIT_USAGE
    else:
        python, stopped = _default_python(getattr(args, "here", False))
        if stopped is not None:
            return stopped
    if python is None:
        error("bench", "no Python environment with TensorFlow was found; install it, or name one with --python PATH")
        return EXIT_FAILED
    bench_run, stop_code = _run(args, python)
    saved = None
    if not args.no_save and history.worth_saving(bench_run):
        try:
            saved = history.save_run(bench_run)
        except OSError as exc:
            warn("bench", f"the run could not be saved: {exc}")
    _print(args, bench_run, before, saved)
    if bench_run.status.value == "cancelled":
        return stop_code
    return EXIT_FAILED if bench_run.status.value == "failed" else EXIT_OK


def _print(args: argparse.Namespace, bench_run, before, saved) -> None:
    from tfgpu.core.bench.render import format_comparison, format_run
    from tfgpu.core.bench.saved_runs import compare
    from tfgpu.core.bench.scaling import scaling_rows

    changes = compare(before, bench_run) if before is not None else None
    if args.json:
        document = bench_run.to_dict()
        rows = scaling_rows(bench_run)
        if rows:
            document["scaling"] = [row.to_dict() for row in rows]
        if changes is not None:
            document["comparison"] = {"before": before.run_id, "changes": [
                {"test": c.test_id, "before": c.before, "after": c.after, "ratio": c.ratio} for c in changes]}
        write(json.dumps(document, indent=2, ensure_ascii=True) + "\n")
        return
    text = format_run(bench_run, getattr(args, "verbose", False))
    if changes is not None:
        text += "\n" + format_comparison(before, bench_run, changes)
    if saved is not None:
        text += f"\nSaved as {bench_run.run_id}; compare a later run with: tfgpu bench --compare {bench_run.run_id}\n"
    write(text)


def _list() -> int:
    from tfgpu.core.bench.saved_runs import list_runs

    runs = list_runs()
    if not runs:
        write("No saved benchmark runs yet. Run: tfgpu bench --quick\n")
        return EXIT_OK
    for saved in runs:
        if saved.run is None:
            write(f"{saved.run_id}  (unreadable: {saved.problem})\n")
            continue
        run = saved.run
        gpu = run.gpu_model or "no GPU"
        write(f"{run.run_id}  {run.created}  {run.status}  TF {run.tf_version or '?'}  {gpu}  "
              f"{len(run.figures())} figures\n")
    return EXIT_OK


def _named_python(name: str) -> str | None:
    """``--python NAME`` by the one rule (see PYTHON_RULE); None after a one-line error."""
    from tfgpu.core.host import RealHost
    from tfgpu.core.probes.python_sources import resolve_user_python

    host = RealHost()
    found = resolve_user_python(host, name)
    if found.note:
        error("bench", found.note)
        return None
    if not host.files.is_file(found.path):
        error("bench", f"no Python interpreter at {found.path}")
        return None
    return found.path


def _default_python(trust_here: bool = False) -> tuple[str | None, int | None]:
    """This interpreter when TF is installed in it (found without importing it), else a scan's best;
    and the exit code when a signal stopped that scan (its agents are killed, nothing is benchmarked)."""
    if importlib.util.find_spec("tensorflow") is not None:
        return sys.executable, None
    from tfgpu.core.cli.signals import cancel_on_signals
    from tfgpu.core.scan import ScanOptions, run_scan

    if sys.stderr is not None:
        print("Looking for a Python environment with TensorFlow...", file=sys.stderr)
    with cancel_on_signals() as stop:
        scan = run_scan(options=ScanOptions(include_tf=True, trust_here=trust_here), cancel=stop)
    if stop.is_set():
        return None, stop.exit_code(EXIT_SIGINT)
    return best_tf_python(scan), None


def best_tf_python(scan) -> str | None:
    """The environment whose TF sees the most GPUs, else the first with TF that imports."""
    envs = [env for env in scan.pythons.envs if env.tensorflow is not None and env.tensorflow.version]
    envs.sort(key=lambda env: -(env.tensorflow.gpu_count or 0))
    return envs[0].executable if envs else None


def _run(args: argparse.Namespace, python: str):
    from tfgpu.core.bench.runner import BenchOptions, run_bench
    from tfgpu.core.bench.suites import SUITES
    from tfgpu.core.cli.signals import cancel_on_signals

    options = BenchOptions(quick=args.quick, suites=tuple(args.suite or SUITES), device=args.device,
                           max_elements=args.max_elements)
    progress = _progress_printer() if not args.json and stderr_is_terminal() else None
    with cancel_on_signals() as stop:  # Ctrl+C, SIGTERM, SIGHUP: the agent is killed, what ran is kept
        try:
            bench_run = run_bench(python, options, on_update=progress, cancel=stop, driver_version=_driver_version())
        finally:
            if progress is not None:
                print("\r" + " " * 78 + "\r", end="", file=sys.stderr)
    return bench_run, stop.exit_code(EXIT_SIGINT)


def _progress_printer():
    def show(update) -> None:
        what = {"import": "importing TensorFlow", "start": "starting", "restart": "restarting the agent",
                "done": "done"}.get(update.kind, update.test_id or update.kind)
        status(f"[{update.fraction * 100:3.0f}%] {what[:68]:<68}")
    return show


def _driver_version() -> str | None:
    from tfgpu.core.host import RealHost
    from tfgpu.core.probes.nvml_gateway import read_nvml_within

    report = read_nvml_within(RealHost(), 3.0)
    return report.driver_version if report.ok else None
