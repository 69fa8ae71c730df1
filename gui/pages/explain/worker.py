"""``explain_text`` off the GUI thread, newest request wins (the recipe of :mod:`tfgpu.gui.workers`).

At most one thread runs; a request made meanwhile waits as the single pending one (older
pending requests are simply replaced), and the result of a request that is not the newest
is dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject

from tfgpu.gui.workers import JobController, JobFailed, Policy, Report

ExplainFunction = Callable[..., Any]  # str | bytes -> Explanation (the engine decodes bytes itself)


class ExplainUnavailable(RuntimeError):
    """The explain engine (``tfgpu.core.explain``) cannot be imported."""


def load_explain_function() -> ExplainFunction:
    try:
        from tfgpu.core.explain.engine import explain_text
    except ImportError as exc:
        raise ExplainUnavailable(str(exc)) from exc
    return explain_text


class ExplainController(JobController):
    """``request`` always means "this text now" (NEWEST). ``finished`` carries the newest
    request's Explanation; ``failed`` starts with "unavailable: " when the engine is missing;
    ``idle`` once nothing runs and nothing waits. ``forget`` drops every request so far."""

    def __init__(self, explain_fn: ExplainFunction | None = None, parent: QObject | None = None) -> None:
        super().__init__(Policy.NEWEST, "tfgpu-explain", parent)
        self._explain_fn = explain_fn

    def request(self, text: str | bytes) -> int:
        """Explain ``text``; any older request's result will be dropped. Returns its number (0 after shutdown)."""
        explain_fn = self._explain_fn

        def explain(_report: Report, _cancel: threading.Event) -> Any:
            try:
                return (explain_fn or load_explain_function())(text)  # looked up late so tests can patch it
            except ExplainUnavailable as exc:
                raise JobFailed(f"unavailable: {exc}") from exc

        return self.submit(explain)

    def _no_result_text(self) -> str:
        # Completes "The text could not be explained: {error}.": lower case, no full stop.
        return self.tr("the explanation ended without a result")
