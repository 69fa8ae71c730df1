"""Carrying out a plan: each step a child process (the process runner: live lines, whole-tree kill on
cancel), pip's progress, a full log, admin steps only after their own confirmation, then the re-check.

``run_install`` never raises. Whatever happens, the user's existing Pythons are untouched: every step
works inside the new target, pip runs only after the guard proved its interpreter is that target's.
A stop or a failure after the environment was begun marks it incomplete in the registry, with
``install-interrupted`` saying how to remove it.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping

from tfgpu.core import kb
from tfgpu.core.findings.model import Finding
from tfgpu.core.host import Host, RealHost
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.install import safety, store
from tfgpu.core.install.failures import classify, interrupted, refusal
from tfgpu.core.install.model import (
    InstallEvent,
    InstallResult,
    Plan,
    RunStatus,
    Step,
    StepKind,
    StepOutcome,
)
from tfgpu.core.install.pip_progress import PipProgress
from tfgpu.core.install.routes import wheel_pythons

log = logging.getLogger(__name__)

Confirm = Callable[[Step], bool]  # asked before each admin step, from the runner's thread
EventSink = Callable[[InstallEvent], None]

#: Variables that would send pip somewhere other than the new environment (PIP_REQUIRE_VIRTUALENV too: a
#: conda environment is not a virtualenv to pip, and the guard already proves the target).
_DROPPED = ("PIP_TARGET", "PIP_PREFIX", "PIP_ROOT", "PIP_USER", "PIP_BREAK_SYSTEM_PACKAGES", "PYTHONHOME",
            "PYTHONPATH", "PYTHONUSERBASE", "PIP_REQUIRE_VIRTUALENV")
_SET = {"PIP_NO_INPUT": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PYTHONUNBUFFERED": "1",
        "PYTHONIOENCODING": "utf-8"}
CHECK_TIMEOUT_S = 300.0


def step_env(base: Mapping[str, str]) -> dict[str, str]:
    env = {k: v for k, v in base.items() if k.upper() not in _DROPPED}
    env.update(_SET)
    return env


class _Run:
    def __init__(self, plan: Plan, host: Host, confirm: Confirm | None, sink: EventSink | None,
                 cancel: threading.Event, env: Mapping[str, str] | None) -> None:
        self.plan, self.host, self.confirm, self.cancel = plan, host, confirm, cancel
        self._sink = sink
        self.env = step_env(env if env is not None else host.env)
        self.result = InstallResult(status=RunStatus.DONE, plan=plan)
        self.record: store.EnvRecord | None = None
        self.log = store.InstallLog(plan.route)
        self.result.log_path = str(self.log.path) if self.log.path else None

    def emit(self, event: InstallEvent) -> None:
        if self._sink is not None:
            try:
                self._sink(event)
            except Exception:  # noqa: BLE001 - a faulty listener must not stop an install
                log.exception("install event listener failed")

    def end(self, status: RunStatus, message: TrText | None = None, finding: Finding | None = None) -> InstallResult:
        self.result.status = status
        self.result.message = message
        if finding is not None:
            self.result.findings.append(finding)
        if self.record is not None:
            self.result.python = self.plan.python
            if status in (RunStatus.DONE, RunStatus.RESTART):
                self.record.status = "complete"
            else:
                self.record.status = "incomplete"
                self.result.incomplete = True
                self.result.findings.append(interrupted(self.plan.target, self.plan.location,
                                                        self.host.platform.is_windows))
            self._save_record()
        self.log.write(f"== {status.value}: {message or ''}")
        for item in self.result.findings:
            self.log.write(f"finding {item.id}: {item.detail}")
        return self.result

    def _save_record(self) -> None:
        if self.record is None:
            return
        try:
            store.save_record(self.record)
        except OSError as exc:
            self.log.write(f"the registry could not be written: {exc}")

    # -- preflight ---------------------------------------------------------------------------------
    def preflight(self) -> InstallResult | None:
        plan = self.plan
        self.log.write(f"== tfgpu install: route {plan.route}, target {plan.target} ({plan.location}), "
                       f"packages {plan.tf_spec}")
        for index, step in enumerate(plan.steps, 1):
            self.log.write(f"plan {index}. {step.title}: {step.command or '(by hand)'}")
        if not plan.ok:
            self.result.findings += plan.problems
            return self.end(RunStatus.REFUSED, TrText(QT_TRANSLATE_NOOP("core", "Nothing was changed: {reason}"),
                                                      reason=str(plan.problems[0].detail)))
        if plan.location == "local" and not plan.resumed:
            problem = safety.check_target(self.host, plan.target, plan.location) or safety.check_space(
                self.host, plan.target, plan.min_free_bytes)
            if problem is not None:
                return self.end(RunStatus.REFUSED, TrText(QT_TRANSLATE_NOOP("core", "Nothing was changed: {reason}"),
                                                          reason=str(problem.detail)), problem)
        return None

    # -- steps -------------------------------------------------------------------------------------
    def run(self) -> InstallResult:
        refused = self.preflight()
        if refused is not None:
            return refused
        for index, step in enumerate(self.plan.steps):
            if self.cancel.is_set():
                return self.end(RunStatus.CANCELLED, TrText(QT_TRANSLATE_NOOP("core", "Stopped before {step}."),
                                                            step=str(step.title)))
            ended = self.one(index, step)
            if ended is not None:
                return ended
        if self.plan.resumed:
            store.clear_pending()
        return self.end(RunStatus.DONE, TrText(QT_TRANSLATE_NOOP("core", "Installed {spec} in {target}."),
                                               spec=self.plan.tf_spec, target=self.plan.target))

    def outcome(self, index: int, step: Step, status: str, **fields) -> StepOutcome:
        outcome = StepOutcome(step_id=step.step_id, status=status, **fields)
        self.result.steps.append(outcome)
        self.log.write(f"-- step {index + 1} {step.step_id}: {status} {outcome.message}")
        self.emit(InstallEvent("step-done", index, step.step_id, status, outcome=outcome))
        return outcome

    def one(self, index: int, step: Step) -> InstallResult | None:
        """Run one step; an InstallResult when the install ends here."""
        self.emit(InstallEvent("step", index, step.step_id, str(step.title)))
        if step.kind is StepKind.MANUAL:
            return self.manual(index, step)
        if step.needs_admin and not (self.confirm is not None and self.confirm(step)):
            self.outcome(index, step, "declined")
            return self.end(RunStatus.DECLINED, TrText(QT_TRANSLATE_NOOP(
                "core", "Stopped before \u201c{step}\u201d: it needs administrator rights and was not confirmed. "
                        "You can run it yourself: {command}"), step=str(step.title), command=step.command))
        if step.guard_python and self.plan.location == "local":
            problem = safety.guard_interpreter(self.host, step.guard_python, self.plan.target)
            if problem is not None:
                self.outcome(index, step, "failed", message=str(problem.detail))
                return self.end(RunStatus.FAILED, problem.detail, problem)
        if step.creates_env:
            self.begin_env()
        self.log.write(f"$ {step.command}" + (f"   (runs as: {' '.join(step.argv_to_run)})" if step.run_argv else ""))
        result = self.host.run(step.argv_to_run, step.timeout_s, env=self.env, cancel=self.cancel,
                               on_stdout_line=self._lines(index, step, "stdout"),
                               on_stderr_line=self._lines(index, step, "stderr"))
        fields = {"returncode": result.returncode, "duration_s": round(result.duration_s, 2)}
        if result.cancelled:
            self.outcome(index, step, "cancelled", **fields)
            return self.end(RunStatus.CANCELLED, TrText(QT_TRANSLATE_NOOP("core", "Stopped during {step}."),
                                                        step=str(step.title)))
        if not result.ok:
            finding = self.failure(step, result)
            self.outcome(index, step, "failed", message=str(finding.detail), **fields)
            return self.end(RunStatus.FAILED, finding.detail, finding)
        if not self.checked(index, step):
            problem = refusal(TrText(QT_TRANSLATE_NOOP("core", "The step ran, but its check did not prove it "
                                                               "worked: {command}"), command=step.check.command
                                     if step.check else ""))
            self.outcome(index, step, "failed", check_ok=False, **fields)
            return self.end(RunStatus.FAILED, problem.detail, problem)
        if step.creates_env:
            self.mark_env()
        self.outcome(index, step, "ok", check_ok=True if step.check else None, **fields)
        return None

    def manual(self, index: int, step: Step) -> InstallResult | None:
        self.outcome(index, step, "handed-over", message=str(step.why))
        if not step.needs_reboot:
            self.emit(InstallEvent("note", index, step.step_id, str(step.title)))
            return None
        distro = self.plan.location.split(":", 1)[1] if self.plan.location.startswith("wsl:") else None
        try:
            store.save_pending(store.PendingRoute(route="wsl2-pip", target=self.plan.target, distro=distro,
                                                  tf_version=self.plan.tf_version, after=self.plan.route))
        except OSError as exc:
            self.log.write(f"the pending route could not be saved: {exc}")
        return self.end(RunStatus.RESTART, step.why)

    def _lines(self, index: int, step: Step, stream: str) -> Callable[[str], None]:
        progress = PipProgress() if step.pip else None
        lock = threading.Lock()

        def line(text: str) -> None:
            self.log.write(("! " if stream == "stderr" else "  ") + text)
            self.emit(InstallEvent("line", index, step.step_id, text, stream))
            if progress is not None:
                with lock:
                    update = progress.feed(text)
                if update is not None:
                    self.emit(InstallEvent("progress", index, step.step_id, update.label, stream, progress=update))

        return line

    def failure(self, step: Step, result) -> Finding:
        if result.error:
            return refusal(TrText(QT_TRANSLATE_NOOP("core", "{program} could not be started: {error}"),
                                  program=step.argv_to_run[0], error=result.error))
        if result.timed_out:
            return refusal(TrText(QT_TRANSLATE_NOOP("core", "{step} took longer than {minutes} minutes and was stopped."),
                                  step=str(step.title), minutes=int(step.timeout_s // 60)))
        if step.needs_admin:  # a refused password or UAC prompt, sudo without a terminal...
            lines = [line for line in (result.stderr or result.stdout).splitlines() if line.strip()]
            return refusal(TrText(QT_TRANSLATE_NOOP(
                "core", "The step that needs administrator rights did not succeed ({error}). Run it yourself in a "
                        "terminal, then start again: {command}"),
                error=(lines[-1] if lines else f"exit {result.returncode}")[:300], command=step.command))
        build = kb.tf_build(self.plan.tf_version) if self.plan.tf_version else None
        platform = "windows" if self.host.platform.is_windows and self.plan.location == "local" else "linux"
        return classify(result.stdout + "\n" + result.stderr, step_command=step.command, python=self.plan.python,
                        python_version=self.plan.python_version, tf_spec=self.plan.tf_spec,
                        wanted=wheel_pythons(build, platform), env=self.env)

    def checked(self, index: int, step: Step) -> bool:
        if step.check is None:
            return True
        self.log.write(f"check: {step.check.command}")
        result = self.host.run(step.check.argv, CHECK_TIMEOUT_S, env=self.env, cancel=self.cancel)
        text = result.stdout + result.stderr
        self.log.write("  " + text.strip().replace("\n", "\n  "))
        return result.ok and (step.check.expect is None or step.check.expect in text)

    # -- the registry ---------------------------------------------------------------------------------
    def begin_env(self) -> None:
        if self.record is not None:
            return
        plan = self.plan
        self.record = store.EnvRecord(path=plan.target, route=plan.route, location=plan.location, python=plan.python,
                                      tf_spec=plan.tf_spec, log=self.result.log_path)
        self._save_record()

    def mark_env(self) -> None:
        if self.record is None or self.plan.location != "local":
            return
        try:
            store.write_marker(self.host.files.local(self.plan.target), self.record)
        except OSError as exc:
            self.log.write(f"the marker could not be written: {exc}")


def run_install(plan: Plan, host: Host | None = None, *, confirm: Confirm | None = None,
                on_event: EventSink | None = None, cancel: threading.Event | None = None,
                env: Mapping[str, str] | None = None, recheck: bool = True) -> InstallResult:
    """Carry out ``plan``; then, when it ends well here, re-check the new environment alone."""
    host = host or RealHost()
    cancel = cancel or threading.Event()
    started = time.monotonic()
    run = _Run(plan, host, confirm, on_event, cancel, env)
    try:
        result = run.run()
        if result.status is RunStatus.DONE and recheck and plan.location == "local" and plan.python:
            run.emit(InstallEvent("recheck", text=plan.python))
            from tfgpu.core.install.recheck import recheck_env

            result.recheck, result.recheck_scan, _diagnosis = recheck_env(host, plan.python, cancel,
                                                                          gpu_wanted=plan.route != "cpu")
            run.log.write(f"re-check: {result.recheck.headline}")
    except Exception as exc:  # noqa: BLE001 - a bug: the result says so, the environment is marked
        log.exception("install failed")
        result = run.end(RunStatus.FAILED, TrText(QT_TRANSLATE_NOOP("core", "Internal error: {error}"),
                                                  error=f"{type(exc).__name__}: {exc}"))
    finally:
        run.log.close()
    result.duration_s = round(time.monotonic() - started, 2)
    return result
