"""``tfgpu profile``: run the user's training script, say where each step's time goes and what to change."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tfgpu.core.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_SIGINT,
    EXIT_USAGE,
    PYTHON_RULE,
    error,
    positive,
    positive_int,
    status,
    stderr_is_terminal,
    warn,
    write,
)


def _add_options(profile: argparse.ArgumentParser, trailing: bool = False) -> None:
    """Our options; ``trailing``: the same, read after SCRIPT (given ones only, never defaults)."""

    def default(value: object) -> object:
        return argparse.SUPPRESS if trailing else value

    profile.add_argument("--python", metavar="ENV", default=default(None),
                         help=f"the Python environment to run it in: {PYTHON_RULE}")
    profile.add_argument("--steps", type=positive_int, default=default(10), help="steps to trace (default 10)")
    profile.add_argument("--warmup", type=int, default=default(5), help="steps before the trace (default 5)")
    profile.add_argument("--timeout", type=positive, default=default(600.0), metavar="S",
                         help="seconds before the script is stopped (default 600)")
    profile.add_argument("--full", action="store_true", default=default(False),
                         help="let the script finish after the trace")
    profile.add_argument("--trace-after", type=positive, default=default(15.0), metavar="S",
                         help="a script without Model.fit is traced by time after S seconds (default 15)")
    profile.add_argument("--json", action="store_true", default=default(False),
                         help="print the result as one JSON document")
    profile.add_argument("--compare", metavar="RUN_ID", default=default(None),
                         help="compare with a saved profile ('latest', 'previous' or an id); without SCRIPT: "
                         "that run against the latest")
    profile.add_argument("--no-save", action="store_true", default=default(False), help="do not keep this profile")


def split_script_args(args: argparse.Namespace) -> None:
    """Our options may also follow SCRIPT; the script gets the rest, and everything after ``--``."""
    given = list(args.script_args or [])
    cut = given.index("--") if "--" in given else len(given)
    # the same name as the command's own errors ("tfgpu profile: error: ..."), without a second usage
    trailing = argparse.ArgumentParser(prog="tfgpu profile", usage=argparse.SUPPRESS, add_help=False,
                                       allow_abbrev=False)
    _add_options(trailing, trailing=True)
    _, rest = trailing.parse_known_args(given[:cut], namespace=args)
    args.script_args = rest + given[cut + 1:]


def add_parser(subs: argparse._SubParsersAction) -> None:
    profile = subs.add_parser(
        "profile", help="profile your own training script: where each step's time goes, and what to change",
        description="Runs SCRIPT (your choice: only that file) in the chosen Python, in its own folder, with its "
        "ARGS. Model.fit is timed and steps WARMUP+1..WARMUP+STEPS are traced with tf.profiler; a custom loop "
        "is traced by time. Options of the script that share a name with these go after --: tfgpu profile train.py --json -- --steps 40")
    profile.add_argument("script", nargs="?", metavar="SCRIPT.py", help="the training script")
    profile.add_argument("script_args", nargs=argparse.REMAINDER, metavar="ARGS", help="the script's arguments")
    _add_options(profile)
    profile.add_argument("--list", action="store_true", help="list the saved profiles and exit")
    profile.add_argument("-v", "--verbose", action="store_true", default=argparse.SUPPRESS, help="every op and snippet")


def run(args: argparse.Namespace) -> int:
    from tfgpu.core.profile import saved_runs as history

    split_script_args(args)
    if args.list:
        return _list()
    if args.warmup < 0:
        error("profile", "--warmup must be 0 or more")
        return EXIT_USAGE
    before = None
    if args.compare:
        try:
            before = history.load_run(args.compare)
        except LookupError as exc:
            error("profile", str(exc))
            return EXIT_USAGE
    if not args.script:
        if before is None:
            error("profile", "name the training script: tfgpu profile [OPTIONS] SCRIPT.py [ARGS...]")
            return EXIT_USAGE
        return _compare_saved(args, before)
    from tfgpu.core.profile.runner import script_problem

    script = Path(args.script)
    problem = script_problem(args.script)
    if problem is not None:
        error("profile", problem)
        return EXIT_USAGE
    python = _python(args)
    if python is None:
        return EXIT_USAGE
    profile_run, stop_code = _run(args, python, script)
    if not args.no_save and profile_run.status != "cancelled":
        try:
            history.save_run(profile_run)
        except OSError as exc:
            warn("profile", f"the profile could not be saved: {exc}")
    _print(args, profile_run, before)
    if profile_run.status == "cancelled":
        return stop_code
    return EXIT_OK if profile_run.ok else EXIT_FAILED


def _python(args: argparse.Namespace) -> str | None:
    from tfgpu.core.host import RealHost

    if not args.python:
        from tfgpu.core.cli.bench import _default_python

        python, _stopped = _default_python()
        if python is None:
            error("profile", "no Python environment with TensorFlow was found; name one with --python PATH")
        return python
    from tfgpu.core.probes.python_sources import resolve_user_python

    host = RealHost()
    found = resolve_user_python(host, args.python)
    if found.note:
        error("profile", found.note)
        return None
    if not host.files.is_file(found.path):
        error("profile", f"no Python interpreter at {found.path}")
        return None
    return found.path


def _run(args: argparse.Namespace, python: str, script: Path):
    from tfgpu.core.cli.signals import cancel_on_signals
    from tfgpu.core.profile.runner import run_profile

    options = profile_options(args)
    live = _live_printer() if not args.json and stderr_is_terminal() else None
    with cancel_on_signals() as stop:  # Ctrl+C, SIGTERM, SIGHUP: the script and its children are killed
        try:
            profile_run = run_profile(python, str(script), list(args.script_args or []), options,
                                      on_update=live, cancel=stop)
        finally:
            if live is not None:
                print("\r" + " " * 78 + "\r", end="", file=sys.stderr)
    return profile_run, stop.exit_code(EXIT_SIGINT)


def profile_options(args: argparse.Namespace):
    """The runner's options; ``--no-save`` keeps the trace in a temporary folder, not in the data folder
    (where nothing would ever point to it or remove it)."""
    import tempfile

    from tfgpu.core.profile.runner import ProfileOptions

    logdir = tempfile.mkdtemp(prefix="tfgpu-profile-") if args.no_save else None
    return ProfileOptions(steps=args.steps, warmup=args.warmup, timeout_s=args.timeout, full=args.full,
                          trace_after_s=args.trace_after, logdir=logdir)


def _live_printer():
    state: dict = {"gpu": ""}

    def show(update) -> None:
        if update.kind == "gpu" and update.gpu_util is not None:
            memory = f", {update.gpu_mem_mib / 1024:.1f} GiB" if update.gpu_mem_mib is not None else ""
            state["gpu"] = f"  GPU {update.gpu_util:.0f}%{memory}"
        elif update.kind == "step" and update.ms is not None:
            traced = " traced" if update.traced else ""
            status(f"step {update.step}: {update.ms:7.1f} ms{traced}{state['gpu']}"[:78].ljust(78))
        elif update.kind in ("import", "start", "trace"):
            words = {"import": "starting the script's Python", "start": "running the script",
                     "trace": f"trace {update.message}"}[update.kind]
            status(words[:78].ljust(78))
    return show


def _print(args: argparse.Namespace, profile_run, before) -> None:
    from tfgpu.core.profile.render import format_run
    from tfgpu.core.profile.saved_runs import compare, compare_words

    if args.json:
        document = profile_run.document()
        if before is not None:
            document["comparison"] = {"before": before.run_id, "words": compare_words(before, profile_run),
                                      "changes": [c.__dict__ for c in compare(before, profile_run)]}
        write(json.dumps(document, indent=2, ensure_ascii=True) + "\n")
        return
    text = format_run(profile_run, getattr(args, "verbose", False))
    if before is not None and profile_run.ok:
        text += f"  Compared with {before.run_id}: {compare_words(before, profile_run)}\n"
    if profile_run.ok and profile_run.logdir:
        from tfgpu.core.profile.tensorboard import plugin_install_command, tensorboard_command

        text += f"  The full trace, in TensorBoard's Profile tab: {tensorboard_command(profile_run)}\n"
        text += f"  (TensorBoard and that tab, where missing: {plugin_install_command(profile_run)})\n"
    write(text)


def _compare_saved(args: argparse.Namespace, before) -> int:
    from tfgpu.core.profile.saved_runs import compare, compare_words, load_run

    try:
        after = load_run("latest")
    except LookupError as exc:
        error("profile", str(exc))
        return EXIT_USAGE
    if args.json:
        write(json.dumps({"schema_version": "1", "before": before.run_id, "after": after.run_id,
                          "words": compare_words(before, after),
                          "changes": [c.__dict__ for c in compare(before, after)]}, indent=2) + "\n")
    else:
        write(f"{before.run_id} -> {after.run_id}: {compare_words(before, after)}\n")
    return EXIT_OK


def _list() -> int:
    from tfgpu.core.profile.saved_runs import list_runs

    runs = list_runs()
    if not runs:
        write("No saved profiles yet. Run: tfgpu profile train.py\n")
        return EXIT_OK
    for saved in runs:
        if saved.run is None:
            write(f"{saved.run_id}  (unreadable: {saved.problem})\n")
            continue
        run = saved.run
        median = run.step_ms.get("median")
        step = f"{median:.1f} ms" if median is not None else "n/a"
        write(f"{run.run_id}  {run.status:<9} {Path(run.script).name}  step {step}  bottleneck {run.bottleneck}\n")
    return EXIT_OK
