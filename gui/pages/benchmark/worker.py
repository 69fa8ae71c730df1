"""Benchmarks and the saved-run history, off the GUI thread (the recipe of :mod:`tfgpu.gui.workers`).

:class:`BenchController` runs one benchmark at a time (``run_bench`` in the worker, its live
updates forwarded as ``update``) and saves the run to the history there too;
:class:`HistoryController` reads the saved runs, which can be many files, also away from the GUI thread.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from PySide6.QtCore import QObject

from tfgpu.core.bench import runner as bench_runner
from tfgpu.core.bench import saved_runs as bench_history
from tfgpu.core.bench.model import BenchRun
from tfgpu.core.bench.runner import BenchOptions
from tfgpu.core.host import Host
from tfgpu.gui.workers import JobController, Policy, Report

log = logging.getLogger(__name__)

BenchFunction = Callable[..., BenchRun]


@dataclass(frozen=True)
class BenchOutcome:
    run: BenchRun
    saved_path: Path | None = None
    save_error: str | None = None  # why the run could not be saved (disk full...)


class BenchController(JobController):
    """One benchmark at a time (SINGLE): ``start`` runs ``run_bench`` in a worker thread and saves the run.

    ``update`` carries each :class:`~tfgpu.core.bench.runner.BenchUpdate`; ``finished`` the
    :class:`BenchRun` (``saved_path``/``save_error`` are set just before); ``failed`` a bug's text.
    ``cancel`` makes the runner kill the agent; ``finished`` follows soon with what was measured.
    """

    def __init__(self, host: Host | None = None, bench_fn: BenchFunction | None = None, *, save: bool = True,
                 history_folder: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(Policy.SINGLE, "tfgpu-bench", parent)
        self._host = host
        self._bench_fn = bench_fn
        self._save = save
        self._history_folder = history_folder
        self.saved_path: Path | None = None
        self.save_error: str | None = None

    def start(self, python: str, options: BenchOptions | None = None, driver_version: str | None = None) -> bool:
        """Benchmark ``python``; False when one is running already or after shutdown."""
        host, bench_fn, save, folder = self._host, self._bench_fn, self._save, self._history_folder
        options = options or BenchOptions()

        def job(report: Report, cancel: threading.Event) -> BenchOutcome:
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

        return self.submit(job) > 0

    def _deliver(self, result: object) -> None:
        result = cast(BenchOutcome, result)  # what ``job`` returns
        self.saved_path, self.save_error = result.saved_path, result.save_error
        self.finished.emit(result.run)

    def _no_result_text(self) -> str:
        # Completes "The benchmark could not finish: {error}." on the page: lower case, no full stop.
        return self.tr("the benchmark ended without a result")


class HistoryController(JobController):
    """Reads the saved runs (``list_runs``) in a worker thread (SINGLE); ``finished`` carries the
    list (``SavedRun``, newest first)."""

    def __init__(self, folder: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(Policy.SINGLE, "tfgpu-bench-history", parent)
        self._folder = folder

    def load(self) -> bool:
        """Read the history; False when a read is running already or after shutdown."""
        folder = self._folder
        return self.submit(lambda _report, _cancel: bench_history.list_runs(folder)) > 0
