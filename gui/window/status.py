"""Each page's status for the sidebar: an icon whose shape says it, and the same in words."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tfgpu.gui.icons import Tone
from tfgpu.gui.page_registry import TfgpuPage
from tfgpu.gui.session import Session

translate = QCoreApplication.translate


def page_status(page_id: str, state: Session, page: TfgpuPage | None) -> tuple[Tone | None, str]:
    """(tone or None for no icon, words) of one page now."""
    if page_id == "system":
        if state.scanning:
            return Tone.BUSY, translate("PageStatus", "checking…")
        if state.scan is None:
            return Tone.NEUTRAL, translate("PageStatus", "not checked yet")
        if state.scan.cancelled:
            return Tone.WARN, translate("PageStatus", "the check was stopped")
        return Tone.DONE, translate("PageStatus", "checked")
    if page_id == "diagnosis":
        checklist = state.checklist
        if checklist is None:
            return (Tone.BUSY, translate("PageStatus", "waiting for the check")) if state.scanning else (
                Tone.NEUTRAL, translate("PageStatus", "no result yet"))
        if checklist.ready:
            return Tone.GOOD, translate("PageStatus", "GPU ready")
        verdict = state.verdict
        left = [s for s in checklist.steps if verdict is None or verdict.ticked(s) is not True]
        return Tone.BAD, translate("PageStatus", "GPU not ready: {n} steps to do").format(n=len(left))
    if page is None:
        return None, ""
    tone = page.nav_tone()
    if tone is not None:
        return tone, _words(tone)
    if page.is_busy():
        return Tone.BUSY, translate("PageStatus", "working…")
    return None, ""


def _words(tone: Tone) -> str:
    return {
        Tone.GOOD: translate("PageStatus", "fine"),
        Tone.WARN: translate("PageStatus", "needs a look"),
        Tone.BAD: translate("PageStatus", "a problem"),
        Tone.BUSY: translate("PageStatus", "working…"),
        Tone.DONE: translate("PageStatus", "done"),
        Tone.INFO: translate("PageStatus", "something to read"),
        Tone.NEUTRAL: translate("PageStatus", "nothing yet"),
    }.get(tone, "")
