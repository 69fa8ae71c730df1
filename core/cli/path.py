"""``tfgpu path``: put the CUDA and cuDNN folders on the search path, as a plan first, with backup and undo.

    tfgpu path plan    [--env PY] [--cuda DIR] [--cudnn DIR] [--target user|conda|venv|profile] [--json]
    tfgpu path apply   ... [--yes] [--json]
    tfgpu path undo    [CHANGE_ID|latest] [--yes]
    tfgpu path history [--json]
"""

from __future__ import annotations

import argparse

from tfgpu.core.cli.configure_args import add_target_options, add_undo_parser


def add_parser(subs: argparse._SubParsersAction) -> None:
    path = subs.add_parser("path", help="put CUDA/cuDNN on PATH (or LD_LIBRARY_PATH): plan, apply, undo",
                           description="Plans the search-path change as a diff (what is added, what moves ahead of "
                           "another toolkit, dead and duplicate entries), applies it with a backup, verifies it and "
                           "undoes it exactly. Never uses setx; never changes the system PATH (an admin step is "
                           "printed instead).")
    actions = path.add_subparsers(dest="action", metavar="ACTION", required=True)
    for name, text in (("plan", "show what would change, change nothing"),
                       ("apply", "show the plan, ask, back up, apply and verify")):
        parser = actions.add_parser(name, help=text, description=text)
        add_target_options(parser)
        parser.add_argument("--cuda", metavar="DIR", help="the CUDA toolkit folder (default: from a scan)")
        parser.add_argument("--cudnn", metavar="DIR", help="the folder with cuDNN's libraries (default: from a scan)")
        if name == "apply":
            parser.add_argument("--yes", action="store_true", help="do not ask before changing anything")
    add_undo_parser(actions, "path")
    history = actions.add_parser("history", help="every change tfgpu made, with its backup and status")
    history.add_argument("--json", action="store_true", help="print the history as JSON")


def run(args: argparse.Namespace) -> int:
    from tfgpu.core.cli import configure_flow as flow
    from tfgpu.core.host import RealHost

    if args.action == "history":
        return flow.history(args)
    host = RealHost()
    if args.action == "undo":
        return flow.undo("path", "path", args, host)
    plan = make_plan(host, args)
    if isinstance(plan, str):  # the route does not use a system CUDA: nothing to put on the path
        from tfgpu.core.cli.common import write

        write(f"Put the CUDA and cuDNN folders on the search path\n{plan}\n")
        return 0
    if args.action == "plan":
        return flow.show_plan(args, plan)
    return flow.apply("path", args, host, plan)


def make_plan(host, args: argparse.Namespace):
    """The scan this plan needs (none of TF's agents unless the folders must be chosen), then the plan."""
    import importlib.util
    import sys

    from tfgpu.core.cli.signals import cancel_on_signals
    from tfgpu.core.configure.planner import find_env, plan_path
    from tfgpu.core.probes.tensorflow import probe_tensorflow
    from tfgpu.core.scan import ScanOptions, run_scan

    python = args.env
    if python is None and (args.target in ("conda", "venv") or
                           (args.cuda is None and importlib.util.find_spec("tensorflow") is not None)):
        python = sys.executable  # this one: the environment to change, or the TF whose build names its CUDA
    with cancel_on_signals() as stop:
        scan = run_scan(host, ScanOptions(include_tf=False, extra_pythons=[python] if python else []), cancel=stop)
        env = find_env(scan, python) if python else None
        if args.cuda is None and env is not None and not stop.is_set():
            env.tensorflow = probe_tensorflow(host, env.executable, cancel=stop)  # which CUDA its build wants
    if args.cuda is None and args.cudnn is None and not stop.is_set():
        from tfgpu.core.diagnosis.verdict import verdict_for

        why = path_not_needed(verdict_for(scan, python), named=bool(python))
        if why is not None:
            return why
    return plan_path(host, scan, env, args.cuda, args.cudnn, args.target, python=python)


def path_not_needed(verdict, named: bool) -> str | None:
    """The verdict's words when its route does not use CUDA on the search path, else None. Without
    TensorFlow's answers (``path`` runs no agent but for a ``named`` environment) only a certain route
    counts: no NVIDIA card, or the named environment, whose TensorFlow was asked."""
    from tfgpu.core.probes.base import Status

    chosen = next((e for e in verdict.scan.pythons.envs if e.executable == verdict.env), None)
    asked = chosen is not None and chosen.tensorflow is not None and chosen.tensorflow.status is not Status.ERROR
    if verdict.route != "no-nvidia-gpu" and not (named and asked):
        return None
    text = verdict.not_needed_text("path")
    return str(text) if text is not None else None
