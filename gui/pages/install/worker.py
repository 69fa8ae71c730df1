"""tfgpu install off the GUI thread (the recipe of :mod:`tfgpu.gui.workers`).

:class:`PlanController` (NEWEST: the route or folder changed again while planning) turns a route into
its steps; :class:`InstallController` (SINGLE) carries a plan out, re-checks the new environment, or
removes one. An admin step's question crosses to the GUI thread as an :class:`AdminQuestion` through
``update``; the worker waits for its answer (and gives up when cancelled).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject

from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.host import Host, RealHost
from tfgpu.core.i18n import TrText
from tfgpu.core.install import runner as install_runner
from tfgpu.core.install.choose import choose
from tfgpu.core.install.model import InstallEvent, InstallResult, Plan, RunStatus, Step
from tfgpu.core.install.recheck import recheck_env
from tfgpu.core.install.routes import plan_route
from tfgpu.core.install.safety import Removal, check_target, remove_environment
from tfgpu.core.install.store import load_pending
from tfgpu.core.scan import Scan, ScanOptions, run_scan
from tfgpu.gui.workers import JobController, Policy, Report

RecheckFunction = Callable[..., tuple]  # recheck_env's signature: (host, python, cancel, ...) -> (Recheck, Scan, Diagnosis)


@dataclass
class AdminQuestion:
    """May this admin step run? The page answers with :meth:`answer` (from the GUI thread)."""

    step: Step
    _event: threading.Event = field(default_factory=threading.Event)
    _value: bool = False

    def answer(self, value: bool) -> None:
        self._value = value
        self._event.set()

    def wait(self, cancel: threading.Event) -> bool:
        while not self._event.wait(0.05):
            if cancel.is_set():
                return False
        return self._value


@dataclass(frozen=True)
class PlanOutcome:
    plan: Plan | None
    note: str = ""  # why there is no plan, or a word on the choice (English; the page translates core text)
    note_text: TrText | None = None  # the TrText behind ``note``


class PlanController(JobController):
    """Plans a route: the doctor's choice (from the wizard's scan, or a quick scan of the Pythons) -> steps.
    ``finished`` carries a :class:`PlanOutcome`."""

    def __init__(self, host: Host | None = None, parent: QObject | None = None) -> None:
        super().__init__(Policy.NEWEST, "tfgpu-install-plan", parent)
        self._host = host

    def plan(self, scan: Scan | None, route: str | None, target: str | None, base_python: str | None = None) -> bool:
        host = self._host

        def job(report: Report, cancel: threading.Event) -> PlanOutcome:
            real = host or RealHost()
            known = scan
            if known is None:  # no check ran yet: the machine without the TF checks is enough to plan
                known = run_scan(real, ScanOptions(include_tf=False), cancel=cancel)
            choice = choose(known, diagnose(known), route=route, target=target, base_python=base_python,
                            pending=load_pending())
            if choice.request is None:
                return PlanOutcome(None, str(choice.reason or ""), choice.reason)
            plan = plan_route(choice.request, real)
            refused = check_target(real, plan.target, plan.location) if plan.ok and not plan.resumed else None
            if refused is not None:  # said now, not after Start
                plan.problems.append(refused)
            return PlanOutcome(plan, str(choice.reason or ""), choice.reason)

        return self.submit(job) > 0


class InstallController(JobController):
    """One install (or removal) at a time. ``update`` carries InstallEvents and AdminQuestions;
    ``finished`` the InstallResult (with its re-check) or a Removal."""

    def __init__(self, host: Host | None = None, recheck_fn: RecheckFunction | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(Policy.SINGLE, "tfgpu-install", parent)
        self._host = host
        self.recheck_fn = recheck_fn

    def install(self, plan: Plan, env: dict[str, str] | None = None) -> bool:
        host, recheck = self._host, self.recheck_fn

        def job(report: Report, cancel: threading.Event) -> InstallResult:
            def confirm(step: Step) -> bool:
                question = AdminQuestion(step)
                report(question)
                return question.wait(cancel)

            real = host or RealHost()
            result = install_runner.run_install(plan, real, confirm=confirm, on_event=report, cancel=cancel,
                                                env=env, recheck=False)
            if result.status is RunStatus.DONE and plan.location == "local" and plan.python and not cancel.is_set():
                report(InstallEvent("recheck", text=plan.python))
                function = recheck or recheck_env
                result.recheck, result.recheck_scan, _diagnosis = function(real, plan.python, cancel,
                                                                           gpu_wanted=plan.route != "cpu")
            return result

        return self.submit(job) > 0

    def remove(self, path: str) -> bool:
        host = self._host

        def job(report: Report, cancel: threading.Event) -> Removal:
            return remove_environment(path, host)

        return self.submit(job) > 0
