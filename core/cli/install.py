"""``tfgpu install``: carry out the recommended TensorFlow install into a new environment, with consent;
``tfgpu install --remove DIR``: delete an environment tfgpu created (and nothing else).

Exit codes: 0 done (or dry run, or paused for a restart), 1 failed / declined / cannot start on this
machine, 2 bad arguments or a refused target / folder, 130 & co. stopped by a signal.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from tfgpu.core.cli.common import EXIT_FAILED, EXIT_OK, EXIT_SIGINT, EXIT_USAGE, error, stderr_is_terminal, write

ROUTE_NAMES = ("linux-pip", "wsl2-pip", "windows-native-tf210", "old-gpu", "cpu", "wsl2-setup")  # = install.model.ROUTES


def add_parser(subs: argparse._SubParsersAction) -> None:
    cmd = subs.add_parser("install", help="install TensorFlow into a new environment, as the doctor recommends",
                          description="Carries out the recommended route (a new venv or conda env; pip with live "
                          "progress; a full log; a re-check of the new environment). Every step is shown first; "
                          "steps that need administrator rights are asked for one by one.")
    cmd.add_argument("--route", choices=ROUTE_NAMES, help="the route (default: the doctor's recommendation, or the "
                     "one waiting after a restart)")
    cmd.add_argument("--target", metavar="DIR", help="the new environment's folder (must be new or empty)")
    cmd.add_argument("--python", metavar="BASE_PY", help="the Python to make the virtual environment from")
    cmd.add_argument("--dry-run", action="store_true", help="print the steps and exit")
    cmd.add_argument("--yes", action="store_true", help="do not ask before starting (admin steps are still asked)")
    cmd.add_argument("--json", action="store_true", help="print the plan or the result as one JSON document")
    cmd.add_argument("--remove", metavar="DIR", help="delete an environment tfgpu created (anything else is refused)")


def run(args: argparse.Namespace) -> int:
    if args.remove:
        return _remove(args)
    from tfgpu.core.host import RealHost
    from tfgpu.core.install import safety
    from tfgpu.core.install.render import format_plan

    host = RealHost()
    plan, code = _plan(args, host)
    if plan is None:
        return code
    if args.dry_run or not plan.ok:
        _out(args, {"dry_run": True, "plan": plan.to_dict()} if args.json else format_plan(plan))
        return EXIT_OK if plan.ok else EXIT_FAILED
    refusal = safety.check_target(host, plan.target, plan.location) if not plan.resumed else None
    if refusal is not None:
        if args.json:
            _out(args, {"status": "refused", "message": str(refusal.detail), "findings": [refusal.to_dict()],
                        "plan": plan.to_dict()})
        error("install", str(refusal.detail))
        return EXIT_USAGE
    if not args.json:
        write(format_plan(plan) + "\n")
    if not args.yes and not _ask(f"Carry out these {len(plan.steps)} steps? [y/N] "):
        error("install", "not started (answer y, or add --yes)")
        return EXIT_USAGE
    return _carry_out(args, host, plan)


def _plan(args: argparse.Namespace, host):
    """The plan for this machine, or (None, exit code) after saying why there is none."""
    from tfgpu.core.diagnosis.doctor import diagnose
    from tfgpu.core.install import store
    from tfgpu.core.install.choose import choose
    from tfgpu.core.install.routes import plan_route
    from tfgpu.core.scan import ScanOptions, run_scan

    pending = store.load_pending()
    needs_doctor = args.route is None and pending is None
    if not args.json:
        print("Checking this computer..." if needs_doctor else "Looking at the Pythons here...", file=sys.stderr)
    from tfgpu.core.cli.signals import cancel_on_signals

    with cancel_on_signals() as stop:
        scan = run_scan(host, ScanOptions(include_tf=needs_doctor), cancel=stop)
    if stop.is_set():
        return None, stop.exit_code(EXIT_SIGINT)
    diagnosis = diagnose(scan) if needs_doctor else None
    choice = choose(scan, diagnosis, route=args.route, target=args.target, base_python=args.python,
                    pending=pending if args.route in (None, getattr(pending, "route", None)) else None)
    if choice.request is None:
        message = str(choice.reason or "nothing to install")
        if args.json:
            _out(args, {"schema_version": "1.0", "status": "nothing-to-do", "message": message})
        else:
            write(message + "\n")
        return None, EXIT_OK if diagnosis is not None and diagnosis.gpu_ready else EXIT_FAILED
    if choice.reason is not None and not args.json:
        print(str(choice.reason), file=sys.stderr)
    request = choice.request
    in_wsl = host.platform.is_windows and request.route not in ("cpu", "windows-native-tf210")
    if request.target and not in_wsl:  # a folder here: absolute, so the registry names it exactly
        request.target = os.path.abspath(os.path.expanduser(request.target))
    return plan_route(request, host), EXIT_OK


def _carry_out(args: argparse.Namespace, host, plan) -> int:
    from tfgpu.core.cli.signals import cancel_on_signals
    from tfgpu.core.install.model import RunStatus
    from tfgpu.core.install.render import format_result
    from tfgpu.core.install.runner import run_install

    printer = _Printer(len(plan.steps), quiet=args.json)
    with cancel_on_signals() as stop:
        result = run_install(plan, host, confirm=_confirm_admin, on_event=printer, cancel=stop)
    printer.clear()
    if args.json:
        _out(args, result.to_dict())
    else:
        write(format_result(result))
        if result.incomplete and not args.yes and sys.stdin is not None and sys.stdin.isatty():
            if _ask(f"Remove the incomplete environment {plan.target}? [y/N] "):
                from tfgpu.core.install.safety import remove_environment

                write(str(remove_environment(plan.target, host).message) + "\n")
    if result.status is RunStatus.CANCELLED:
        return stop.exit_code(EXIT_SIGINT)
    return EXIT_OK if result.ok else (EXIT_USAGE if result.status is RunStatus.REFUSED else EXIT_FAILED)


class _Printer:
    """Live output: step headers and lines on stdout, pip's progress as one line on a terminal's stderr."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.total, self.quiet = total, quiet
        self.bar = stderr_is_terminal()
        self._shown = False

    def __call__(self, event) -> None:
        if event.kind == "progress" and self.bar and event.progress is not None:
            fraction = event.progress.fraction
            figure = f"{fraction * 100:5.1f}%" if fraction is not None else "  ...."
            print(f"\r  {event.progress.phase} {figure} {event.progress.label[:56]:<56}", end="", file=sys.stderr)
            self._shown = True
            return
        if self.quiet:
            return
        if event.kind == "step":
            self.clear()
            write(f"\n[{event.index + 1}/{self.total}] {event.text}\n")
        elif event.kind == "line" and not event.text.startswith("Progress "):
            self.clear()
            write(f"    {event.text}\n")
        elif event.kind == "recheck":
            self.clear()
            write(f"\nRe-checking the new environment ({event.text})...\n")

    def clear(self) -> None:
        if self._shown:
            print("\r" + " " * 78 + "\r", end="", file=sys.stderr)
            self._shown = False


def _confirm_admin(step) -> bool:
    """An admin step runs only after its own "y" on a terminal; never from --yes, never without one."""
    if sys.stdin is None or not sys.stdin.isatty():
        return False
    print(f"\nThis step needs administrator rights: {step.title}\n  $ {step.command}", file=sys.stderr)
    return _ask("Run it now? [y/N] ")


def _ask(question: str) -> bool:
    if sys.stdin is None or not sys.stdin.isatty():
        return False
    try:
        return input(question).strip().lower() in ("y", "yes")
    except EOFError:
        return False


def _remove(args: argparse.Namespace) -> int:
    from tfgpu.core.install.safety import removable, remove_environment

    path = args.remove
    if not path.startswith("wsl:"):
        path = os.path.abspath(os.path.expanduser(path))
    check = removable(path)
    if not check.ok:
        if args.json:
            _out(args, {"schema_version": "1.0", "removed": False, "path": path, "message": str(check.message)})
        error("install", str(check.message))
        return EXIT_USAGE
    if not args.yes and not _ask(f"Delete {check.path} and everything in it? [y/N] "):
        error("install", "not removed (answer y, or add --yes)")
        return EXIT_USAGE
    done = remove_environment(path)
    if args.json:
        _out(args, {"schema_version": "1.0", "removed": done.ok, "path": done.path, "message": str(done.message)})
    elif done.ok:
        write(str(done.message) + "\n")
    if not done.ok:
        error("install", str(done.message))
    return EXIT_OK if done.ok else EXIT_FAILED


def _out(args: argparse.Namespace, document) -> None:
    if isinstance(document, str):
        write(document)
        return
    document.setdefault("schema_version", "1.0")
    write(json.dumps(document, indent=2, ensure_ascii=True) + "\n")
