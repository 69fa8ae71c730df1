""""Your system" read for the session's verdict: parts its route does not use say
"not needed for your route" (neutral, never a warning), and the technical rows (reason codes,
raw errors, how a part was found) wait behind "Show technical details"."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tfgpu.gui.icons import Tone
from tfgpu.gui.pages.system.scan_lines import Line, section_title
from tfgpu.gui.session import Session
from tfgpu.gui.widgets.guide import not_needed_words

translate = QCoreApplication.translate


def technical_labels() -> set[str]:
    return {translate("ScanView", "Reason code"), translate("ScanView", "Found through"),
            translate("ScanView", "Read through"), translate("ScanView", "Error")}


def for_route(lines: list[Line], state: Session, details: bool = False) -> list[Line]:
    """The scan's sections with the route's view applied (the lines are changed in place): the
    verdict's parts that the route does not use say so."""
    verdict = state.verdict
    if verdict is not None:
        for part in ("driver", "cuda", "cudnn"):
            words = not_needed_words(verdict, part)
            if words is None:
                continue
            for line in lines:
                if line.label == section_title(part):
                    _not_needed(line, words)
    if not details:
        hidden = technical_labels()
        for line in lines:
            _drop_technical(line, hidden)
    return lines


def _not_needed(line: Line, words: str) -> None:
    if line.tone in (Tone.GOOD, None):
        return  # what is installed and fine stays as it is
    line.tone = Tone.NEUTRAL
    line.status_text = translate("RouteView", "Not needed")
    line.value = words
    line.children = [child for child in line.children if child.kind not in ("hint", "error")]


def _drop_technical(line: Line, hidden: set[str]) -> None:
    line.children = [child for child in line.children if child.kind != "evidence" and child.label not in hidden]
    for child in line.children:
        _drop_technical(child, hidden)
