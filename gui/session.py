"""The window's one truth: the scan, its :class:`~tfgpu.core.diagnosis.verdict.Verdict` and the chosen
environment, and the services every page shares. Pages only display it.

The session owns the scan job: the scan and then its verdict run in one worker thread (``verdict_for``
diagnoses once per scan, never on the GUI thread); choosing another environment, a saved scan or a new
benchmark run makes the verdict again in a second worker. The chosen environment follows one rule,
``verdict_for``'s (the user's choice when the scan lists it, else the most promising), for every page.
"""

from __future__ import annotations

import dataclasses
import logging
import traceback
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot

from tfgpu.core.host import Host
from tfgpu.core.scan import Scan, ScanOptions
from tfgpu.gui.workers import JobController, Policy, ScanController

if TYPE_CHECKING:
    from tfgpu.core.diagnosis.model import Diagnosis
    from tfgpu.core.diagnosis.next_steps import Checklist, NextStep
    from tfgpu.core.diagnosis.verdict import Verdict
    from tfgpu.gui.monitor_service import MonitorService

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class VerdictOutcome:
    """What the verdict job made of a scan: the verdict, or why there is none."""

    scan: Scan
    verdict: Verdict | None
    error: str | None = None


def make_verdict(scan: Scan, env: str | None, previous: Verdict | None) -> VerdictOutcome:
    """``verdict_for`` in a worker thread (reads the saved benchmark runs too); never raises."""
    try:
        from tfgpu.core.diagnosis.verdict import saved_benchmark_pythons, verdict_for

        return VerdictOutcome(scan, verdict_for(scan, env, previous, saved_benchmark_pythons()))
    except Exception as exc:  # noqa: BLE001 - a bug in a rule must not break the window
        log.error("the verdict could not be made\n%s", traceback.format_exc(limit=4))
        return VerdictOutcome(scan, None, f"{type(exc).__name__}: {exc}")


class Session(QObject):
    """Scan -> verdict -> chosen environment, the monitor service, and the requests pages make of the
    window (open a page, check again), so pages never reach for the window or for each other."""

    scan_started = Signal()
    scan_progress = Signal(object)  # ScanProgress
    scan_failed = Signal(str)  # why the check could not finish
    scan_changed = Signal(object)  # Scan: a new scan (with its verdict already made)
    verdict_changed = Signal(object)  # Verdict, or None when none could be made
    env_changed = Signal(object)  # the chosen environment's interpreter (str) or None
    scanning_changed = Signal(bool)
    page_requested = Signal(str, object)  # page id, what to show there (or None)
    python_selected = Signal(str)  # an interpreter the user or a page picked (the install page's new one)

    def __init__(self, host: Host | None = None, scan_options: ScanOptions | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.scan_options = scan_options
        self.scan: Scan | None = None
        self.verdict: Verdict | None = None
        self.verdict_error: str | None = None  # why the latest scan has no verdict
        self.scan_saved_at: str | None = None  # when the scan shown came from the last session
        self.scanning = False
        self.trust_here = False  # the user agreed to run the Pythons of the current folder
        self.consented: set[str] = set()  # single interpreters of the current folder the user agreed to run
        self.preferred_env: str | None = None  # the user's choice (None: the most promising)
        self.selected_python: str | None = None
        self.monitor: MonitorService | None = None  # made by the first page that needs it
        self.scan_job = ScanController(host, scan_options, parent=self)
        self.scan_job.started.connect(self._on_scan_started)
        self.scan_job.update.connect(self.scan_progress)
        self.scan_job.checked.connect(self._on_checked)
        self.scan_job.failed.connect(self._on_scan_failed)
        self.verdict_job = JobController(Policy.NEWEST, "tfgpu-verdict", parent=self)
        self.verdict_job.finished.connect(self._on_verdict)
        self._closed = False
        self._newest: Scan | None = None  # the scan whose verdict is being made (set_scan before it arrives)

    # -- what pages read -------------------------------------------------------------------------
    @property
    def env(self) -> str | None:
        """THE chosen environment: the verdict's, else the user's choice before there is one."""
        return self.verdict.env if self.verdict is not None else self.preferred_env

    @property
    def diagnosis(self) -> Diagnosis | None:
        return self.verdict.diagnosis if self.verdict is not None else None

    @property
    def checklist(self) -> Checklist | None:
        return self.verdict.checklist if self.verdict is not None else None

    @property
    def done_steps(self) -> list[NextStep]:
        return list(self.verdict.done) if self.verdict is not None else []

    def is_busy(self) -> bool:
        return self.scanning or self.verdict_job.is_busy()

    # -- the scan --------------------------------------------------------------------------------
    def start_scan(self, trust_here: bool | None = None) -> bool:
        """Check this computer (again) in the background; a running check is restarted. False once closed."""
        if self._closed:
            return False
        if trust_here is not None:
            self.trust_here = trust_here
        options = self.scan_options or ScanOptions()
        if self.trust_here:
            options = dataclasses.replace(options, trust_here=True)
        env, previous = self.preferred_env, self.verdict

        def then(scan: Scan) -> VerdictOutcome:
            return make_verdict(scan, env, previous)

        return self.scan_job.start(options, then)

    def cancel_scan(self) -> None:
        self.scan_job.cancel()

    def request_rescan(self) -> None:
        self.start_scan()

    @Slot()
    def _on_scan_started(self) -> None:
        self._set_scanning(True)
        self.scan_started.emit()

    @Slot(object, object)
    def _on_checked(self, scan: Scan, outcome: VerdictOutcome) -> None:
        self._set_scanning(False)
        self.scan_saved_at = None
        self._newest = None
        self._apply(outcome, new_scan=True)

    @Slot(str)
    def _on_scan_failed(self, message: str) -> None:
        self._set_scanning(False)
        self.scan_failed.emit(message)

    def _set_scanning(self, scanning: bool) -> None:
        if scanning != self.scanning:
            self.scanning = scanning
            self.scanning_changed.emit(scanning)

    # -- the verdict -----------------------------------------------------------------------------
    def set_scan(self, scan: Scan, saved_at: str | None = None) -> None:
        """Show ``scan`` (the last session's, with ``saved_at``); its verdict is made in the background
        and ``scan_changed``/``verdict_changed`` follow. A live scan ticks off what the last one asked."""
        previous = self.verdict if saved_at is None else None
        self.scan_saved_at = saved_at
        self._newest = scan
        self._remake(scan, previous)

    def set_env(self, python: str | None) -> None:
        """The user chose an environment (None: the most promising); every page follows."""
        if python == self.preferred_env:
            return
        self.preferred_env = python
        scan = self._newest or self.scan
        if scan is not None:
            self._remake(scan, None)
        else:
            self.env_changed.emit(python)

    def refresh_verdict(self) -> None:
        """Make the verdict again (a benchmark run was saved: it may tick a step off)."""
        scan = self._newest or self.scan
        if scan is not None:
            self._remake(scan, self.verdict)

    def select_python(self, python: str) -> None:
        """Make ``python`` the chosen environment everywhere (the header, the checklist, the benchmark)."""
        self.selected_python = python
        self.set_env(python)
        self.python_selected.emit(python)

    def _remake(self, scan: Scan, previous: Verdict | None) -> None:
        if self._closed:
            return
        env = self.preferred_env

        def job(_report, _cancel) -> VerdictOutcome:
            return make_verdict(scan, env, previous)

        self.verdict_job.submit(job)

    @Slot(object)
    def _on_verdict(self, outcome: VerdictOutcome) -> None:
        if outcome.scan is not self._newest and outcome.scan is not self.scan:
            return  # a live check arrived since (e.g. after the last session's scan): that one stands
        if self._newest is outcome.scan:
            self._newest = None
        self._apply(outcome, new_scan=outcome.scan is not self.scan)

    def _apply(self, outcome: VerdictOutcome, new_scan: bool) -> None:
        old_env = self.env
        self.scan, self.verdict, self.verdict_error = outcome.scan, outcome.verdict, outcome.error
        if new_scan:
            self.scan_changed.emit(outcome.scan)
        self.verdict_changed.emit(outcome.verdict)
        if self.env != old_env:
            self.env_changed.emit(self.env)
        self._tell_monitor()

    def attach_monitor(self, service: MonitorService) -> None:
        """The window's one monitor (made by the first page that needs it); it learns what the scan says."""
        self.monitor = service
        self._tell_monitor()

    def _tell_monitor(self) -> None:
        if self.monitor is not None:
            self.monitor.no_card = self.verdict is not None and any(
                f.id == "no-nvidia-gpu" for f in self.verdict.diagnosis.machine)

    # -- requests pages make of the window ---------------------------------------------------------
    # -- consent: one rule for every page that runs an interpreter -----------------------------------
    def needs_consent(self, python: str | None) -> bool:
        """Whether running ``python`` must be asked first: it was found only through the current folder
        (./.venv, a relative PATH entry...) and the user has not agreed to run it yet."""
        if not python or self.trust_here or python in self.consented or self.scan is None:
            return False
        return any(env.executable == python and env.here for env in self.scan.pythons.envs)

    def give_consent(self, python: str) -> None:
        self.consented.add(python)

    def request_page(self, page_id: str, payload: object = None) -> None:
        """Ask the window to show ``page_id`` (a step's action, a "Back to" button)."""
        self.page_requested.emit(page_id, payload)

    # -- closing ---------------------------------------------------------------------------------
    def shutdown(self) -> None:
        """Stop the scan and the verdict job and wait for their threads; then the monitor."""
        self._closed = True
        self.scan_job.shutdown()
        self.verdict_job.shutdown()
        self._set_scanning(False)
        if self.monitor is not None:
            self.monitor.shutdown()

