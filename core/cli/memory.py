"""``tfgpu memory``: TensorFlow's GPU memory options in plain words, their code, set and measured.

    tfgpu memory                      the options, and why the order matters
    tfgpu memory snippet --mode growth|limit MIB|visible IDS|async
    tfgpu memory check   [--env PY] [--mode ...] [--json]
    tfgpu memory apply   --mode growth|visible IDS|async [--env PY] [--target ...] [--yes] [--json]
    tfgpu memory undo    [CHANGE_ID|latest] [--yes]
"""

from __future__ import annotations

import argparse

from tfgpu.core.cli.configure_args import add_target_options, add_undo_parser

MODES = ("growth", "limit", "visible", "async")


def _mode(parser: argparse.ArgumentParser, default: list[str] | None = None, *, required: bool = False) -> None:
    parser.add_argument("--mode", nargs="+", metavar="MODE", required=required, default=default,
                        help="growth, limit MIB, visible IDS (like 0 or 0,1) or async")


def add_parser(subs: argparse._SubParsersAction) -> None:
    memory = subs.add_parser("memory", help="GPU memory growth, limit, visible GPUs, allocator: explain, set, measure",
                             description="Explains TensorFlow's GPU memory options, prints the code for each (to go "
                             "before the first TF op), persists an environment-variable choice with backup and undo, "
                             "and measures its effect in the target Python.")
    actions = memory.add_subparsers(dest="action", metavar="ACTION")
    snippet = actions.add_parser("snippet", help="print the code for a memory option")
    _mode(snippet, required=True)
    check = actions.add_parser("check", help="measure the GPU memory TF holds without and with a setting")
    check.add_argument("--env", metavar="PY", help="the Python environment to measure in (default: this one if it "
                       "has TensorFlow, else the best one a scan finds)")
    _mode(check, ["growth"])
    check.add_argument("--json", action="store_true",
                       help='print {"schema_version", "env", "gpu_available", "measured", "reason"}')
    apply = actions.add_parser("apply", help="persist an environment-variable choice (with backup and undo)")
    _mode(apply, required=True)
    add_target_options(apply)
    apply.add_argument("--yes", action="store_true", help="do not ask before changing anything")
    apply.add_argument("--replace", action="store_true",
                       help="drop the memory settings an earlier apply made in this target (kept by default)")
    add_undo_parser(actions, "memory")


def run(args: argparse.Namespace) -> int:
    from tfgpu.core.cli.common import EXIT_FAILED, EXIT_OK, EXIT_USAGE, error, write

    if args.action is None:
        from tfgpu.core.configure.render import format_options

        write(format_options())
        return EXIT_OK
    mode, value = None, None
    if getattr(args, "mode", None):
        mode, value = args.mode[0], (args.mode[1] if len(args.mode) > 1 else None)
        if mode not in MODES or len(args.mode) > 2:
            error("memory", f"--mode takes growth, limit MIB, visible IDS or async (got {' '.join(args.mode)})")
            return EXIT_USAGE
    if args.action == "snippet":
        from tfgpu.core.configure.memory import WHY_ORDER, snippet

        try:
            code = snippet(mode or "", value)
        except ValueError as exc:
            error("memory", str(exc))
            return EXIT_USAGE
        write(code)
        import sys

        print(f"\n# Why first: {WHY_ORDER}", file=sys.stderr)
        return EXIT_OK
    from tfgpu.core.cli import configure_flow as flow
    from tfgpu.core.host import RealHost

    host = RealHost()
    if args.action == "undo":
        return flow.undo("memory", "memory", args, host)
    if args.action == "apply":
        from tfgpu.core.configure.memory import plan_memory

        python = args.env
        if python is None and args.target in ("conda", "venv"):
            import sys

            python = sys.executable
        return flow.apply("memory", args, host, plan_memory(host, python, mode or "", value, args.target,
                                                                  replace=args.replace))
    return _check(args, host, mode or "growth", value, EXIT_OK, EXIT_FAILED)


def _check(args: argparse.Namespace, host, mode: str, value: str | None, ok: int, failed: int) -> int:
    import json

    from tfgpu.core.cli.common import error, write
    from tfgpu.core.cli.signals import cancel_on_signals
    from tfgpu.core.configure.memory_check import check_memory
    from tfgpu.core.configure.render import format_check

    python = args.env or _default_python()
    if python is None:
        error("memory", "no Python environment with TensorFlow was found; name one with --env PY")
        return failed
    with cancel_on_signals() as stop:
        check = check_memory(host, python, mode, value, cancel=stop)
    write(json.dumps(check.to_dict(), indent=2, ensure_ascii=False) + "\n" if args.json else format_check(check))
    return ok if check.measured is not None else failed


def _default_python() -> str | None:
    from tfgpu.core.cli.bench import _default_python as bench_default

    python, _stopped = bench_default()
    return python
