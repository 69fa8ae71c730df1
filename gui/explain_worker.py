"""``explain_text`` off the GUI thread, newest request wins.

The same one-owner recipe as :mod:`tfgpu.gui.workers`: Python owns the QThread and
the worker, nothing uses ``deleteLater``, references are dropped only after
``QThread.wait()`` returned. At most one thread runs; a request made meanwhile
waits as the single pending one (older pending requests are simply replaced), and
a result whose sequence number is not the newest is dropped.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

from PySide6.QtCore import QObject, QThread, Signal, Slot

from tfgpu.gui.workers import worker_thread

log = logging.getLogger(__name__)

ExplainFunction = Callable[[Any], Any]  # str | bytes -> Explanation (the engine decodes bytes itself)
SHUTDOWN_PATIENCE_MS = 10_000


class ExplainUnavailable(RuntimeError):
    """The explain engine (``tfgpu.core.explain``) cannot be imported."""


def load_explain_function() -> ExplainFunction:
    try:
        from tfgpu.core.explain.engine import explain_text
    except ImportError as exc:
        raise ExplainUnavailable(str(exc)) from exc
    return explain_text


class ExplainWorker(QObject):
    """Explains one text when ``run`` is called (in its thread). Never raises."""

    finished = Signal(int, object)  # sequence, Explanation
    failed = Signal(int, str)  # sequence, message

    def __init__(self, seq: int, text: str | bytes, explain_fn: ExplainFunction | None) -> None:
        super().__init__()
        self._seq = seq
        self._text = text
        self._explain_fn = explain_fn

    @Slot()
    def run(self) -> None:
        try:
            explain_fn = self._explain_fn or load_explain_function()
            result = explain_fn(self._text)
        except ExplainUnavailable as exc:
            self.failed.emit(self._seq, f"unavailable: {exc}")
        except BaseException as exc:  # noqa: BLE001 - anything that escaped would leave the thread running
            log.exception("explain failed")
            self.failed.emit(self._seq, f"{type(exc).__name__}: {exc}")
        else:
            self.finished.emit(self._seq, result)
        finally:
            self._text = ""  # a 50 MB paste is not kept alive by a finished worker


class ExplainController(QObject):
    """Owns at most one (QThread, ExplainWorker) pair; ``request`` always means "this text now".

    Signals carry only the newest request's outcome, after its thread was released.
    """

    started = Signal()
    finished = Signal(object)  # Explanation of the newest request
    failed = Signal(str)  # "unavailable: ..." when the engine is missing
    idle = Signal()  # nothing running, nothing pending

    def __init__(self, explain_fn: ExplainFunction | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._explain_fn = explain_fn
        self._thread: QThread | None = None
        self._worker: ExplainWorker | None = None
        self._outcome: tuple[int, str, object] | None = None
        self._pending: tuple[int, str | bytes] | None = None
        self._seq = 0
        self._running_seq = 0
        self._closed = False
        self.runs_started = 0

    # -- queries -------------------------------------------------------------------
    def is_running(self) -> bool:
        return self._thread is not None

    def is_busy(self) -> bool:
        return self._thread is not None or self._pending is not None

    @property
    def thread(self) -> QThread | None:
        return self._thread

    @property
    def latest(self) -> int:
        """The sequence number of the newest request (0: none yet)."""
        return self._seq

    # -- commands -------------------------------------------------------------------
    def request(self, text: str | bytes) -> int:
        """Explain ``text``; any older request's result will be dropped. Returns its number (0 after shutdown)."""
        if self._closed:
            return 0
        self._seq += 1
        if self._thread is not None:
            self._pending = (self._seq, text)
        else:
            self._start(self._seq, text)
        return self._seq

    def forget(self) -> None:
        """Drop every request made so far (e.g. the text was cleared)."""
        self._seq += 1
        self._pending = None

    def shutdown(self, patience_ms: int = SHUTDOWN_PATIENCE_MS) -> bool:
        """No more requests; wait for a running one. True when no thread is left."""
        self._closed = True
        self._pending = None
        thread = self._thread
        if thread is None:
            return True
        thread.quit()
        if not thread.wait(patience_ms):
            # explain_text cannot be interrupted; dropping a running QThread would abort the process.
            log.warning("explain still running after %d ms; waiting for it", patience_ms)
            thread.wait()
        self._release()
        return True

    # -- internals ----------------------------------------------------------------------
    def _start(self, seq: int, text: str | bytes) -> None:
        self._outcome = None
        self._running_seq = seq
        worker = ExplainWorker(seq, text, self._explain_fn)
        thread = worker_thread(worker, "tfgpu-explain", self._on_worker_finished, self._on_worker_failed,
                               self._on_thread_finished)
        self._thread, self._worker = thread, worker
        self.runs_started += 1
        thread.start()
        self.started.emit()

    @Slot(int, object)
    def _on_worker_finished(self, seq: int, result: object) -> None:
        if self._thread is not None:
            self._outcome = (seq, "finished", result)

    @Slot(int, str)
    def _on_worker_failed(self, seq: int, message: str) -> None:
        if self._thread is not None:
            self._outcome = (seq, "failed", message)

    @Slot()
    def _on_thread_finished(self) -> None:
        if self._thread is None:  # already released by shutdown()
            return
        self._thread.wait()  # returns at once: the thread has finished
        seq, outcome = self._running_seq, self._outcome
        self._release()
        pending, self._pending = self._pending, None
        if pending is not None and not self._closed:
            self._start(*pending)
        if seq == self._seq:  # the newest request: its outcome counts
            if outcome is None:
                # Completes "The text could not be explained: {error}.": lower case, no full stop.
                self.failed.emit(self.tr("the explanation ended without a result"))
            elif outcome[1] == "finished":
                self.finished.emit(outcome[2])
            else:
                self.failed.emit(str(outcome[2]))
        if self._thread is None and self._pending is None:
            self.idle.emit()

    def _release(self) -> None:
        """Drop the pair; only ever called after ``wait()`` returned."""
        self._worker = None
        self._thread = None
        self._outcome = None
