"""Off-GUI-thread work: the scan runs in a QThread that one controller owns.

The recipe (see shared/reference/style-anchors.md §6): Python owns the QThread
and the worker, nothing uses ``deleteLater``, and the references are dropped
only after ``QThread.wait()`` has returned. A controller runs one scan at a
time; results reach the GUI only after the thread is released, so a listener
never sees a "finished" scan whose thread is still running.
"""

from __future__ import annotations

import logging
import threading
from typing import Callable

from PySide6.QtCore import QObject, QThread, Signal, Slot

from tfgpu.core.host import Host
from tfgpu.core.scan import Scan, ScanOptions, ScanProgress, run_scan

log = logging.getLogger(__name__)

ScanFunction = Callable[..., Scan]

#: How long closing waits before it logs that the scan is slow to stop.
SHUTDOWN_PATIENCE_MS = 15_000


def worker_thread(worker: QObject, name: str, on_finished: Callable, on_failed: Callable,
                  on_thread_finished: Callable) -> QThread:
    """A new, not yet started QThread running ``worker.run``; the worker's ``finished``/``failed``
    reach the owner's slots and end the thread, whose ``finished`` the owner handles (then ``wait()``)."""
    thread = QThread()
    thread.setObjectName(name)
    worker.moveToThread(thread)
    thread.started.connect(worker.run)
    worker.finished.connect(on_finished)
    worker.failed.connect(on_failed)
    worker.finished.connect(thread.quit)
    worker.failed.connect(thread.quit)
    thread.finished.connect(on_thread_finished)
    return thread


class ScanWorker(QObject):
    """Runs one scan when ``run`` is called (in its thread). Never raises."""

    progress = Signal(object)  # ScanProgress
    finished = Signal(object)  # Scan
    failed = Signal(str)

    def __init__(
        self,
        host: Host | None,
        options: ScanOptions | None,
        cancel: threading.Event,
        scan_fn: ScanFunction | None = None,
    ) -> None:
        super().__init__()
        self._host = host
        self._options = options
        self._cancel = cancel
        self._scan_fn = scan_fn

    @Slot()
    def run(self) -> None:
        scan_fn = self._scan_fn or run_scan  # looked up late so tests can patch run_scan
        try:
            scan = scan_fn(host=self._host, options=self._options, progress=self._report, cancel=self._cancel)
        except BaseException as exc:  # noqa: BLE001 - anything that escaped would leave the thread running
            log.exception("scan failed")
            self.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            self.finished.emit(scan)

    def _report(self, event: ScanProgress) -> None:
        # Called from the scan's own pool threads; the queued connection carries it over.
        self.progress.emit(event)


class ScanController(QObject):
    """Owns at most one (QThread, ScanWorker) pair at a time.

    ``start`` while a scan runs cancels it and starts again once it has ended.
    ``shutdown`` cancels, quits and waits; after it the controller starts nothing.
    """

    started = Signal()
    progress = Signal(object)  # ScanProgress
    finished = Signal(object)  # Scan (``scan.cancelled`` tells a stopped scan)
    failed = Signal(str)

    def __init__(
        self,
        host: Host | None = None,
        options: ScanOptions | None = None,
        scan_fn: ScanFunction | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._host = host
        self._options = options
        self._scan_fn = scan_fn
        self._thread: QThread | None = None
        self._worker: ScanWorker | None = None
        self._cancel = threading.Event()
        self._outcome: tuple[str, object] | None = None
        self._restart_pending = False
        self._closed = False
        self.runs_started = 0

    # -- queries -----------------------------------------------------------
    def is_running(self) -> bool:
        return self._thread is not None

    @property
    def thread(self) -> QThread | None:
        """The QThread of the scan in progress (None when idle); for diagnostics and tests."""
        return self._thread

    # -- commands ----------------------------------------------------------
    def start(self) -> bool:
        """Start a scan; False after shutdown. A running scan is cancelled and restarted."""
        if self._closed:
            return False
        if self._thread is not None:
            self._restart_pending = True
            self._cancel.set()
            return True
        self._cancel = threading.Event()
        self._outcome = None
        worker = ScanWorker(self._host, self._options, self._cancel, self._scan_fn)
        worker.progress.connect(self._on_progress)
        thread = worker_thread(worker, "tfgpu-scan", self._on_worker_finished, self._on_worker_failed,
                               self._on_thread_finished)
        self._thread, self._worker = thread, worker
        self.runs_started += 1
        thread.start()
        self.started.emit()
        return True

    def cancel(self) -> None:
        """Ask the scan to stop; it ends soon after with what it has (``finished``)."""
        self._restart_pending = False
        self._cancel.set()

    def shutdown(self, patience_ms: int = SHUTDOWN_PATIENCE_MS) -> bool:
        """Cancel, quit and wait for the thread; True when nothing is left running."""
        self._closed = True
        self._restart_pending = False
        thread = self._thread
        if thread is None:
            return True
        self._cancel.set()
        thread.quit()  # also ends the thread if the worker has not started yet
        if not thread.wait(patience_ms):
            # Every scan step has its own timeout, so this ends; dropping a running
            # QThread would abort the whole process, so keep waiting.
            log.warning("scan still stopping after %d ms; waiting for it", patience_ms)
            thread.wait()
        self._release()
        return True

    # -- slots (GUI thread) ------------------------------------------------
    @Slot(object)
    def _on_progress(self, event: object) -> None:
        if self._thread is not None:
            self.progress.emit(event)

    @Slot(object)
    def _on_worker_finished(self, scan: object) -> None:
        if self._thread is not None:
            self._outcome = ("finished", scan)

    @Slot(str)
    def _on_worker_failed(self, message: str) -> None:
        if self._thread is not None:
            self._outcome = ("failed", message)

    @Slot()
    def _on_thread_finished(self) -> None:
        if self._thread is None:  # already released by shutdown()
            return
        self._thread.wait()  # returns at once: the thread has finished
        outcome = self._outcome
        self._release()
        if self._restart_pending:
            self._restart_pending = False
            self.start()
            return
        if outcome is None:
            # Completes "The check could not finish: {error}." on the page: lower case, no full stop.
            self.failed.emit(self.tr("the scan ended without a result"))
        elif outcome[0] == "finished":
            self.finished.emit(outcome[1])
        else:
            self.failed.emit(str(outcome[1]))

    def _release(self) -> None:
        """Drop the pair; only ever called after ``wait()`` returned."""
        self._worker = None
        self._thread = None
        self._outcome = None
