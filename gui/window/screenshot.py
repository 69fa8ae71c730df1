"""``--screenshot FILE [--page ID]``: open a page, wait until it says it is idle, save a PNG.

Generic over pages: it only uses the window's ``go_to`` and ``is_idle`` and the page protocol of
:class:`~tfgpu.gui.page_registry.TfgpuPage` (``is_idle``, ``work_finished``), so every page
added later can be captured without changes here. The check of this computer runs first (the
header's verdict is on every page); the wait ends as soon as the page and the check are done.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from tfgpu.gui.page_registry import TfgpuPage
from tfgpu.gui.window.main_window import MainWindow

DEFAULT_PAGE = "system"
DEFAULT_TIMEOUT_S = 180.0
_POLL_MS = 50
#: A file whose text the captured page reads first, for pages that take text (``load_file``).
PREFILL_ENV = "TFGPU_SCREENSHOT_INPUT"


class ScreenshotError(RuntimeError):
    pass


def prefill(page: TfgpuPage) -> None:
    """Give the page the text of ``$TFGPU_SCREENSHOT_INPUT`` when it takes text (the Explain page)."""
    path = os.environ.get(PREFILL_ENV)
    load_file = getattr(page, "load_file", None)
    if path and callable(load_file):
        load_file(path)


def wait_until(done, deadline: float, signals=()) -> bool:
    """Run the event loop until ``done()``; False if ``deadline`` (monotonic) passed first.
    Each wait ends early on any of ``signals``; the short poll catches what no signal announces."""
    while not done():
        remaining_ms = int((deadline - time.monotonic()) * 1000)
        if remaining_ms <= 0:
            return False
        loop = QEventLoop()
        for signal in signals:
            signal.connect(loop.quit)
        QTimer.singleShot(min(remaining_ms, _POLL_MS), loop.quit)
        loop.exec()
        for signal in signals:
            signal.disconnect(loop.quit)
    return True


def wait_until_idle(page: TfgpuPage, deadline: float) -> bool:
    """Run the event loop until ``page`` is idle; False if ``deadline`` (monotonic) passed."""
    return wait_until(page.is_idle, deadline, (page.work_finished,))


def settle() -> None:
    """Let pending layouts and paints happen (no fixed delay: only what is already queued)."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents()
        QApplication.processEvents()


def go_to_page(wizard: MainWindow, page_id: str, deadline: float | None = None) -> TfgpuPage:
    """Show the window at ``page_id``; every page can be reached directly."""
    if page_id not in wizard.page_ids():
        raise ScreenshotError(f"unknown page {page_id!r}; pages: {', '.join(wizard.page_ids())}")
    if not wizard.isVisible():
        wizard.show()
    QApplication.processEvents()
    wizard.go_to(page_id)
    return wizard.page_by_id(page_id)


def capture(
    wizard: MainWindow, path: str | Path, page_id: str = DEFAULT_PAGE, timeout_s: float = DEFAULT_TIMEOUT_S
) -> Path:
    """Save a PNG of the window at ``page_id`` once it and the check are idle. Raises ScreenshotError."""
    deadline = time.monotonic() + timeout_s
    page = go_to_page(wizard, page_id)
    state = wizard.context.session
    if state.scan is None and not state.scanning:
        wizard.start_scan()
    prefill(page)
    finished = wait_until(wizard.is_idle, deadline, (page.work_finished, state.verdict_changed))
    settle()
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ScreenshotError(f"cannot make the folder {target.parent}: {exc.strerror or exc}") from None
    if not wizard.grab().save(str(target), "PNG"):
        raise ScreenshotError(f"could not write {target}")
    if not finished:
        raise ScreenshotError(f"page {page_id!r} was still busy after {timeout_s:.0f} s; saved it as it was")
    return target
