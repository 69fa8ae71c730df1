"""Configuration work off the GUI thread (the recipe of :mod:`tfgpu.gui.workers`): planning (registry
reads on a big PATH, file reads), applying, undoing, reading the history and the memory check (the
agent runs twice, up to minutes). One job at a time (SINGLE); the pages disable their buttons meanwhile.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject

from tfgpu.core.configure.applier import ConfigureError, OutsideChange
from tfgpu.core.configure.store import CorruptBackup
from tfgpu.gui.workers import JobController, Policy, Report


@dataclass(frozen=True)
class ConfigureResult:
    kind: str  # what the page asked for: "plan", "apply", "undo", "check"...
    value: object = None
    error: str | None = None  # a change that was not made, in words (nothing was lost)
    outside: OutsideChange | None = None  # undo found a place changed outside tfgpu


class ConfigureController(JobController):
    """``run(kind, work)``: ``work(cancel)`` in a worker thread; ``finished`` carries a ConfigureResult."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(Policy.SINGLE, "tfgpu-configure", parent)
        self.running_kind: str | None = None

    def run(self, kind: str, work: Callable[[threading.Event], object]) -> bool:
        def job(_report: Report, cancel: threading.Event) -> ConfigureResult:
            try:
                return ConfigureResult(kind, work(cancel))
            except OutsideChange as exc:
                return ConfigureResult(kind, error=str(exc), outside=exc)
            except (ConfigureError, CorruptBackup, LookupError) as exc:
                return ConfigureResult(kind, error=str(exc))

        accepted = self.submit(job) > 0
        if accepted:
            self.running_kind = kind
        return accepted

    def _deliver(self, result: object) -> None:
        self.running_kind = None
        self.finished.emit(result)
