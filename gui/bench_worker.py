"""Benchmarks and the saved-run history, off the GUI thread.

The one-owner recipe of :mod:`tfgpu.gui.workers`: Python owns the QThread and the worker,
nothing uses ``deleteLater``, references are dropped only after ``QThread.wait()`` returned,
and a result reaches the GUI only after its thread was released. :class:`BenchController`
runs one benchmark at a time (``run_bench`` in the worker, its live updates forwarded as
queued signals) and saves the run to the history there too; :class:`HistoryController`
reads the saved runs, which can be many files, also away from the GUI thread.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

from tfgpu.core.bench import runner as bench_runner
from tfgpu.core.bench import saved_runs as bench_history
from tfgpu.core.bench.model import BenchRun
from tfgpu.core.bench.runner import BenchOptions
from tfgpu.core.host import Host
from tfgpu.gui.workers import worker_thread

log = logging.getLogger(__name__)

#: How long closing waits before it logs that the benchmark is slow to stop (the runner kills
#: the agent within a second of a cancel, so this is only reached by a stuck save).
SHUTDOWN_PATIENCE_MS = 15_000

Report = Callable[[object], None]
Job = Callable[[Report], object]
BenchFunction = Callable[..., BenchRun]


class JobWorker(QObject):
    """Runs one job when ``run`` is called (in its thread). Never raises.

    The job gets ``report``: calling it from any thread emits ``update``, which the
    queued connection carries to the owner's thread.
    """

    update = Signal(object)
    finished = Signal(object)
    failed = Signal(str)

    def __init__(self, job: Job) -> None:
        super().__init__()
        self._job: Job | None = job

    @Slot()
    def run(self) -> None:
        job, self._job = self._job, None
        try:
            if job is None:
                raise RuntimeError("the job already ran")
            result = job(self.update.emit)
        except BaseException as exc:  # noqa: BLE001 - anything that escaped would leave the thread running
            log.exception("background job failed")
            self.failed.emit(f"{type(exc).__name__}: {exc}")
        else:
            self.finished.emit(result)


class JobController(QObject):
    """Owns at most one (QThread, JobWorker) pair. Subclasses build the job and read the result."""

    started = Signal()
    update = Signal(object)
    failed = Signal(str)

    thread_name = "tfgpu-job"

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._thread: QThread | None = None
        self._worker: JobWorker | None = None
        self._outcome: tuple[str, object] | None = None
        self._closed = False
        self.runs_started = 0

    # -- queries -----------------------------------------------------------------
    def is_running(self) -> bool:
        return self._thread is not None

    @property
    def thread(self) -> QThread | None:
        """The QThread of the job in progress (None when idle); for diagnostics and tests."""
        return self._thread

    # -- commands ------------------------------------------------------------------
    def shutdown(self, patience_ms: int = SHUTDOWN_PATIENCE_MS) -> bool:
        """Stop the job, quit and wait for the thread; after it nothing starts. True when none is left."""
        self._closed = True
        thread = self._thread
        if thread is None:
            return True
        self._stop()
        thread.quit()  # also ends the thread if the worker has not started yet
        if not thread.wait(patience_ms):
            # Dropping a running QThread would abort the whole process, so keep waiting.
            log.warning("%s still stopping after %d ms; waiting for it", self.thread_name, patience_ms)
            thread.wait()
        self._release()
        return True

    # -- for subclasses ----------------------------------------------------------------
    def _start_job(self, job: Job) -> bool:
        if self._closed or self._thread is not None:
            return False
        self._outcome = None
        worker = JobWorker(job)
        worker.update.connect(self._on_update)
        thread = worker_thread(worker, self.thread_name, self._on_worker_finished, self._on_worker_failed,
                               self._on_thread_finished)
        self._thread, self._worker = thread, worker
        self.runs_started += 1
        thread.start()
        self.started.emit()
        return True

    def _stop(self) -> None:
        """Ask the running job to end soon (shutdown calls it)."""

    def _deliver(self, result: object) -> None:
        raise NotImplementedError

    def _no_result_text(self) -> str:
        # The literal context: at run time self.tr() would look under the subclass's name.
        return QCoreApplication.translate("JobController", "the work ended without a result")

    # -- slots (GUI thread) ----------------------------------------------------------------
    @Slot(object)
    def _on_update(self, event: object) -> None:
        if self._thread is not None:
            self.update.emit(event)

    @Slot(object)
    def _on_worker_finished(self, result: object) -> None:
        if self._thread is not None:
            self._outcome = ("finished", result)

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
        if outcome is None:
            self.failed.emit(self._no_result_text())
        elif outcome[0] == "finished":
            self._deliver(outcome[1])
        else:
            self.failed.emit(str(outcome[1]))

    def _release(self) -> None:
        """Drop the pair; only ever called after ``wait()`` returned."""
        self._worker = None
        self._thread = None
        self._outcome = None


@dataclass(frozen=True)
class BenchOutcome:
    run: BenchRun
    saved_path: Path | None = None
    save_error: str | None = None  # why the run could not be saved (disk full...)


class BenchController(JobController):
    """One benchmark at a time: ``start`` runs ``run_bench`` in a worker thread and saves the run.

    ``update`` carries each :class:`~tfgpu.core.bench.runner.BenchUpdate`; ``finished`` the
    :class:`BenchRun` (``saved_path``/``save_error`` are set just before); ``failed`` a bug's text.
    """

    finished = Signal(object)  # BenchRun

    thread_name = "tfgpu-bench"

    def __init__(self, host: Host | None = None, bench_fn: BenchFunction | None = None, *, save: bool = True,
                 history_folder: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._host = host
        self._bench_fn = bench_fn
        self._save = save
        self._history_folder = history_folder
        self._cancel = threading.Event()
        self.saved_path: Path | None = None
        self.save_error: str | None = None

    def start(self, python: str, options: BenchOptions | None = None, driver_version: str | None = None) -> bool:
        """Benchmark ``python``; False when one is running already or after shutdown."""
        if self._closed or self._thread is not None:
            return False
        cancel = threading.Event()
        host, bench_fn, save, folder = self._host, self._bench_fn, self._save, self._history_folder
        options = options or BenchOptions()

        def job(report: Report) -> BenchOutcome:
            function = bench_fn or bench_runner.run_bench  # looked up late so tests can patch it
            run = function(python, options, host=host, on_update=report, cancel=cancel,
                           driver_version=driver_version)
            if not save or not bench_history.worth_saving(run):
                return BenchOutcome(run)
            try:
                return BenchOutcome(run, saved_path=bench_history.save_run(run, folder))
            except OSError as exc:
                log.warning("cannot save benchmark run %s: %s", run.run_id, exc)
                return BenchOutcome(run, save_error=f"{type(exc).__name__}: {exc}")

        self._cancel = cancel
        self.saved_path = self.save_error = None
        return self._start_job(job)

    def cancel(self) -> None:
        """Ask the benchmark to stop; the runner kills the agent and ``finished`` follows soon."""
        self._cancel.set()

    def cancel_requested(self) -> bool:
        return self._cancel.is_set()

    def _stop(self) -> None:
        self._cancel.set()

    def _deliver(self, result: object) -> None:
        if not isinstance(result, BenchOutcome):
            self.failed.emit(self.tr("the benchmark returned no result"))
            return
        self.saved_path, self.save_error = result.saved_path, result.save_error
        self.finished.emit(result.run)

    def _no_result_text(self) -> str:
        # Completes "The benchmark could not finish: {error}." on the page: lower case, no full stop.
        return self.tr("the benchmark ended without a result")


class HistoryController(JobController):
    """Reads the saved runs (``list_runs``) in a worker thread; ``finished`` carries the list."""

    finished = Signal(object)  # list[SavedRun], newest first

    thread_name = "tfgpu-bench-history"

    def __init__(self, folder: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._folder = folder

    def load(self) -> bool:
        """Read the history; False when a read is running already or after shutdown."""
        folder = self._folder

        def job(_report: Report) -> Any:
            return bench_history.list_runs(folder)

        return self._start_job(job)

    def _deliver(self, result: object) -> None:
        self.finished.emit(result)
