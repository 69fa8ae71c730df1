"""``--screenshot FILE [--page ID]``: walk the wizard to a page, wait for its work, save a PNG.

Generic over pages: it only uses the page protocol of
:class:`~tfgpu.gui.page_registry.TfgpuPage` (``is_busy`` and ``work_finished``),
so every page added later can be captured without changes here.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication

from tfgpu.gui.page_registry import TfgpuPage
from tfgpu.gui.wizard import TfgpuWizard

DEFAULT_PAGE = "system"
DEFAULT_TIMEOUT_S = 180.0
_POLL_MS = 100
_SETTLE_MS = 150  # let layouts and the last repaint happen before grabbing
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


def wait_until_idle(page: TfgpuPage, deadline: float) -> bool:
    """Run the event loop until ``page`` is not busy; False if ``deadline`` (monotonic) passed."""
    while page.is_busy():
        remaining_ms = int((deadline - time.monotonic()) * 1000)
        if remaining_ms <= 0:
            return False
        loop = QEventLoop()
        page.work_finished.connect(loop.quit)
        QTimer.singleShot(min(remaining_ms, _POLL_MS), loop.quit)  # also catches a missed signal
        loop.exec()
        page.work_finished.disconnect(loop.quit)
    return True


def settle(ms: int = _SETTLE_MS) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def go_to_page(wizard: TfgpuWizard, page_id: str, deadline: float) -> None:
    """Show the wizard and press Next until ``page_id`` is current, letting each page finish first."""
    if page_id not in wizard.page_ids():
        raise ScreenshotError(f"unknown page {page_id!r}; pages: {', '.join(wizard.page_ids())}")
    if not wizard.isVisible():
        wizard.show()
    QApplication.processEvents()
    while wizard.current_page_id() != page_id:
        current = wizard.currentPage()
        if not wait_until_idle(current, deadline):
            raise ScreenshotError(f"timed out waiting for page {wizard.current_page_id()!r}")
        before = wizard.currentId()
        wizard.next()
        QApplication.processEvents()
        if wizard.currentId() == before:
            raise ScreenshotError(f"cannot go past page {wizard.current_page_id()!r} to reach {page_id!r}")


def capture(
    wizard: TfgpuWizard, path: str | Path, page_id: str = DEFAULT_PAGE, timeout_s: float = DEFAULT_TIMEOUT_S
) -> Path:
    """Save a PNG of the wizard at ``page_id`` once that page is idle. Raises ScreenshotError."""
    deadline = time.monotonic() + timeout_s
    go_to_page(wizard, page_id, deadline)
    page = wizard.page_by_id(page_id)
    prefill(page)
    finished = wait_until_idle(page, deadline)
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
