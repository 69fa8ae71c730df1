"""Profiling off the GUI thread (the recipe of :mod:`tfgpu.gui.workers`): one profile at a time."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import cast

from PySide6.QtCore import QObject

from tfgpu.core.host import Host
from tfgpu.core.profile.model import ProfileRun
from tfgpu.core.profile.runner import ProfileOptions
from tfgpu.gui.workers import JobController, Policy, Report

log = logging.getLogger(__name__)

ProfileFunction = Callable[..., ProfileRun]


class ProfileController(JobController):
    """``start`` runs ``run_profile`` in a worker thread and saves the run; ``update`` carries each
    :class:`~tfgpu.core.profile.runner.ProfileUpdate`, ``finished`` the :class:`ProfileRun`.
    ``cancel`` makes the runner kill the script with its whole process tree."""

    def __init__(self, host: Host | None = None, profile_fn: ProfileFunction | None = None, *, save: bool = True,
                 history_folder: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(Policy.SINGLE, "tfgpu-profile", parent)
        self._host, self._profile_fn, self._save, self._folder = host, profile_fn, save, history_folder
        self.save_error: str | None = None

    def start(self, python: str, script: str, args: list[str], options: ProfileOptions | None = None) -> bool:
        host, profile_fn, save, folder = self._host, self._profile_fn, self._save, self._folder
        options = options or ProfileOptions()

        def job(report: Report, cancel: threading.Event) -> tuple[ProfileRun, str | None]:
            from tfgpu.core.profile import runner, saved_runs

            function = profile_fn or runner.run_profile
            run = function(python, script, args, options, host=host, on_update=report, cancel=cancel)
            if not save or run.status == "cancelled":
                return run, None
            try:
                saved_runs.save_run(run, folder)
            except OSError as exc:
                log.warning("cannot save profile %s: %s", run.run_id, exc)
                return run, f"{type(exc).__name__}: {exc}"
            return run, None

        return self.submit(job) > 0

    def _deliver(self, result: object) -> None:
        run, self.save_error = cast("tuple[ProfileRun, str | None]", result)
        self.finished.emit(run)

    def _no_result_text(self) -> str:
        return self.tr("the profile ended without a result")
