"""Ctrl+C, a closed terminal and ``kill`` all end a command the same way: cleanly.

``with cancel_on_signals() as stop:`` installs handlers for SIGINT, SIGTERM and SIGHUP (where the
platform has them) that only set ``stop`` (a :class:`threading.Event`); the command then cancels
its agents, writes whole samples and returns :func:`exit_code`. The previous handlers come back on
exit. Off the main thread (tests calling ``main`` from a worker) nothing is installed.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator

from tfgpu.core.cli.common import EXIT_SIGHUP, EXIT_SIGINT, EXIT_SIGTERM

_CODES = {"SIGINT": EXIT_SIGINT, "SIGTERM": EXIT_SIGTERM, "SIGHUP": EXIT_SIGHUP}


class StopEvent(threading.Event):
    """An event that also remembers which signal set it."""

    def __init__(self) -> None:
        super().__init__()
        self.signal_name: str | None = None

    def exit_code(self, default: int) -> int:
        """The conventional 128+N exit code of the signal that stopped us, else ``default``."""
        return _CODES.get(self.signal_name or "", default)


@contextlib.contextmanager
def cancel_on_signals() -> Iterator[StopEvent]:
    stop = StopEvent()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return

    def handler(signum: int, _frame: object) -> None:
        if stop.signal_name is None:
            stop.signal_name = signal.Signals(signum).name
        stop.set()

    previous: dict[int, object] = {}
    for name in _CODES:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            previous[number] = signal.signal(number, handler)
        except (OSError, ValueError):  # not settable here
            continue
    try:
        yield stop
    finally:
        for number, old in previous.items():
            with contextlib.suppress(OSError, ValueError, TypeError):
                signal.signal(number, old)  # type: ignore[arg-type]
