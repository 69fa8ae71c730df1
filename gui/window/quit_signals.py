"""Ctrl+C, ``kill`` and a closed terminal end the app the normal way: its pages shut down (their
agents are killed) and it exits with 130, 143 or 129, as the CLI commands do.

Qt's event loop runs in C++, where Python cannot run a signal handler; a short timer hands control
back to Python a few times a second so the handler runs, and it asks the loop to exit.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator

from PySide6.QtCore import QCoreApplication, QTimer

_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
WAKE_MS = 200


@contextlib.contextmanager
def exit_on_signals(app: QCoreApplication) -> Iterator[QTimer | None]:
    """While inside: SIGINT/SIGTERM/SIGHUP make ``app.exec()`` return 128 + the signal's number."""
    if threading.current_thread() is not threading.main_thread():
        yield None
        return

    def handler(signum: int, _frame: object) -> None:
        app.exit(128 + signum)

    previous = {}
    for name in _SIGNALS:
        number = getattr(signal, name, None)
        if number is None:
            continue
        try:
            previous[number] = signal.signal(number, handler)
        except (OSError, ValueError):
            continue
    timer = QTimer(app)
    timer.setObjectName("tfgpu-signal-wake")
    timer.timeout.connect(lambda: None)  # back in Python: a pending handler runs now
    timer.start(WAKE_MS)
    try:
        yield timer
    finally:
        timer.stop()
        timer.deleteLater()
        for number, old in previous.items():
            with contextlib.suppress(OSError, ValueError, TypeError):
                signal.signal(number, old)
