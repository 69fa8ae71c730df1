"""Off-GUI-thread work: the one worker-controller recipe, and the scan that uses it.

The recipe (see shared/reference/style-anchors.md §6): Python owns the QThread and the
worker, nothing uses ``deleteLater``, and the references are dropped only after
``QThread.wait()`` has returned. A :class:`JobController` runs at most one job at a time,
and a result reaches its listeners only after the job's thread was released, so a
listener never sees a finished job whose thread is still running.

What a request made while a job runs does is the controller's :class:`Policy`:

- ``SINGLE``: it is refused (a benchmark, reading the saved runs);
- ``RESTART``: the running job is cancelled, and the new one starts when it has ended (Re-check);
- ``NEWEST``: it waits as the single pending request, replacing an older pending one (explain while typing).

Either way only the newest request's outcome is delivered; older ones are dropped.
``shutdown`` cancels, quits and waits; after it the controller starts nothing.
"""

from __future__ import annotations

import enum
import logging
import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from tfgpu.core.host import Host
from tfgpu.core.scan import Scan, ScanOptions, run_scan

log = logging.getLogger(__name__)

Report = Callable[[object], None]  # called from any thread: emits ``update``
Job = Callable[[Report, threading.Event], object]  # job(report, cancel) -> result, runs in the worker thread
ScanFunction = Callable[..., Scan]

# How long closing waits before it logs that a job is slow to stop (it then keeps waiting).
SHUTDOWN_PATIENCE_MS = 15_000


class Policy(enum.Enum):
    """What ``submit`` does while a job runs."""

    SINGLE = "single"  # refuse the new request
    RESTART = "restart"  # cancel the running job; run the new one when it has ended
    NEWEST = "newest"  # keep the new request as the one pending; the running job goes on


class JobFailed(Exception):
    """Raised by a job to end with ``failed`` carrying exactly this text (no traceback logged)."""


class JobWorker(QObject):
    """Runs one job when ``run`` is called (in its thread). Never raises.

    The job gets ``report`` (calling it from any thread emits ``update``, which the queued
    connection carries to the owner's thread) and the cancel event it should watch.
    """

    update = Signal(object)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, job: Job, cancel: threading.Event) -> None:
        super().__init__()
        self._job: Job | None = job
        self._cancel = cancel

    @Slot()
    def run(self) -> None:
        job, self._job = self._job, None  # nothing the job holds (a 50 MB paste) outlives the run
        try:
            if job is None:
                raise RuntimeError("the job already ran")
            result = job(self.update.emit, self._cancel)
        except JobFailed as exc:
            self.failed.emit(str(exc))
        except BaseException as exc:  # noqa: BLE001 - anything that escaped would leave the thread running
            log.exception("%s failed", QThread.currentThread().objectName() or "background job")
            self.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            self.finished.emit(result)


class JobController(QObject):
    """Owns at most one (QThread, JobWorker) pair; ``submit`` runs a job as the policy says.

    ``started`` when a job's thread starts; ``update`` for each report of the newest request's
    job; then exactly one of ``finished`` (the result, through ``_deliver``) or ``failed`` (a
    text) for the newest request, after its thread was released; ``idle`` once nothing runs
    and nothing is pending. Subclasses choose the job, the policy and how to deliver.
    """

    started = Signal()
    update = Signal(object)
    finished = Signal(object)
    failed = Signal(str)
    idle = Signal()

    def __init__(self, policy: Policy = Policy.SINGLE, name: str = "tfgpu-job", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._policy = policy
        self._name = name  # the QThread's objectName, also in log lines
        self._thread: QThread | None = None
        self._worker: JobWorker | None = None
        self._cancel = threading.Event()  # the running job's
        self._outcome: tuple[bool, object] | None = None  # (ok, result or message) of the running job
        self._pending: Job | None = None
        self._wanted = False  # the running job's outcome is to be delivered (no newer request, not forgotten)
        self._requests = 0
        self._closed = False
        self.runs_started = 0

    # -- queries -----------------------------------------------------------------
    @property
    def policy(self) -> Policy:
        return self._policy

    def is_running(self) -> bool:
        return self._thread is not None

    def is_busy(self) -> bool:
        """A job runs or a request waits."""
        return self._thread is not None or self._pending is not None

    def running_thread(self) -> QThread | None:
        """The QThread of the job in progress (None when idle); for diagnostics and tests."""
        return self._thread

    def latest_request(self) -> int:
        """The number of the newest accepted request (0: none yet)."""
        return self._requests

    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    # -- commands ----------------------------------------------------------------
    def submit(self, job: Job) -> int:
        """Run ``job(report, cancel)`` as the policy says; its request number, 0 when refused
        (after shutdown, or with ``SINGLE`` while a job runs)."""
        if self._closed or (self._thread is not None and self._policy is Policy.SINGLE):
            return 0
        self._requests += 1
        if self._thread is None:
            self._start(job)
        else:
            self._pending, self._wanted = job, False
            if self._policy is Policy.RESTART:
                self._cancel.set()
        return self._requests

    def cancel(self) -> None:
        """Drop a pending request and ask the running job to stop; its outcome is still delivered."""
        if self._pending is not None:
            self._pending, self._wanted = None, True
        self._cancel.set()

    def forget(self) -> None:
        """Drop every request made so far: nothing pending, the running job's outcome unheard."""
        self._pending, self._wanted = None, False
        if self._thread is not None:
            self._cancel.set()

    def shutdown(self, patience_ms: int = SHUTDOWN_PATIENCE_MS) -> bool:
        """Cancel, quit and wait for the thread; after it nothing starts. True when none is left."""
        self._closed = True
        self._pending = None
        thread = self._thread
        if thread is None:
            return True
        self._cancel.set()
        thread.quit()  # also ends the thread if the worker has not started yet
        if not thread.wait(patience_ms):
            # Dropping a running QThread would abort the whole process, so keep waiting.
            log.warning("%s still stopping after %d ms; waiting for it", self._name, patience_ms)
            thread.wait()
        self._release()
        return True

    # -- for subclasses -------------------------------------------------------------
    def _deliver(self, result: object) -> None:
        """Hand the newest request's result to the listeners."""
        self.finished.emit(result)

    def _no_result_text(self) -> str:
        # A literal context: at run time self.tr() would look under the subclass's name.
        return QCoreApplication.translate("JobController", "the work ended without a result")

    # -- internals (GUI thread) --------------------------------------------------------
    def _start(self, job: Job) -> None:
        self._cancel = threading.Event()
        self._outcome, self._wanted = None, True
        worker = JobWorker(job, self._cancel)
        thread = QThread()  # no parents: Python owns both
        thread.setObjectName(self._name)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.update.connect(self._on_update)
        worker.finished.connect(self._on_worker_finished)
        worker.failed.connect(self._on_worker_failed)
        worker.finished.connect(thread.quit)
        worker.failed.connect(thread.quit)
        thread.finished.connect(self._on_thread_finished)  # -> wait(), then drop the references
        self._thread, self._worker = thread, worker
        self.runs_started += 1
        thread.start()
        self.started.emit()

    @Slot(object)
    def _on_update(self, event: object) -> None:
        if self._thread is not None and self._wanted:
            self.update.emit(event)

    @Slot(object)
    def _on_worker_finished(self, result: object) -> None:
        if self._thread is not None:
            self._outcome = (True, result)

    @Slot(str)
    def _on_worker_failed(self, message: str) -> None:
        if self._thread is not None:
            self._outcome = (False, message)

    @Slot()
    def _on_thread_finished(self) -> None:
        if self._thread is None:  # already released by shutdown()
            return
        self._thread.wait()  # returns at once: the thread has finished
        outcome, wanted = self._outcome, self._wanted
        self._release()
        pending, self._pending = self._pending, None
        if pending is not None and not self._closed:
            self._start(pending)  # a newer request: this outcome is stale
        elif wanted:
            if outcome is None:
                self.failed.emit(self._no_result_text())
            elif outcome[0]:
                self._deliver(outcome[1])
            else:
                self.failed.emit(str(outcome[1]))
        if not self.is_busy():
            self.idle.emit()

    def _release(self) -> None:
        """Drop the pair; only ever called after ``wait()`` returned."""
        self._worker = None
        self._thread = None
        self._outcome = None


class ScanController(JobController):
    """Runs ``run_scan`` (RESTART: ``start`` while a scan runs cancels it and starts again).

    ``update`` carries each :class:`~tfgpu.core.scan.ScanProgress`; ``finished`` the Scan
    (``scan.cancelled`` tells a stopped scan). With ``then``, ``then(scan)`` runs in the same job,
    off the GUI thread (the session's verdict), and ``checked(scan, its result)`` comes just before
    ``finished``.
    """

    checked = Signal(object, object)  # Scan, what ``then`` made of it

    def __init__(self, host: Host | None = None, options: ScanOptions | None = None,
                 scan_fn: ScanFunction | None = None, parent: QObject | None = None,
                 then: Callable[[Scan], object] | None = None) -> None:
        super().__init__(Policy.RESTART, "tfgpu-scan", parent)
        self._host, self._options, self._scan_fn, self._then = host, options, scan_fn, then

    def start(self, options: ScanOptions | None = None, then: Callable[[Scan], object] | None = None) -> bool:
        """Start a scan (with ``options`` instead of the controller's own, when given); False after shutdown."""
        host, scan_fn = self._host, self._scan_fn
        options = options or self._options
        after = then or self._then

        def scan(report: Report, cancel: threading.Event) -> tuple[Scan, object]:
            function = scan_fn or run_scan  # looked up late so tests can patch run_scan
            result = function(host=host, options=options, progress=report, cancel=cancel)
            return result, (after(result) if after is not None else None)

        return self.submit(scan) > 0

    def _deliver(self, result: object) -> None:
        scan, made = result if isinstance(result, tuple) else (result, None)
        self.checked.emit(scan, made)
        self.finished.emit(scan)

    def _no_result_text(self) -> str:
        # Completes "The check could not finish: {error}." on the page: lower case, no full stop.
        return self.tr("the scan ended without a result")
