""""Your system" read for the route the checklist follows: parts the route does not use say
"not needed for your route" (neutral, never a warning), and the technical rows (reason codes,
raw errors, how a part was found) wait behind "Show technical details"."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tfgpu.gui.icons import Tone
from tfgpu.gui.page_registry import WizardState
from tfgpu.gui.scan_lines import Line, section_title

translate = QCoreApplication.translate


def technical_labels() -> set[str]:
    return {translate("ScanView", "Reason code"), translate("ScanView", "Found through"),
            translate("ScanView", "Read through"), translate("ScanView", "Error")}


def for_route(lines: list[Line], state: WizardState, details: bool = False) -> list[Line]:
    """The scan's sections with the route's view applied (the lines are changed in place)."""
    from tfgpu.core.diagnosis.next_steps import needs_system_cuda
    from tfgpu.core.diagnosis.rules_machine import os_kind

    if state.diagnosis is not None and state.checklist is not None and state.scan is not None:
        windows = os_kind(state.scan) == "windows"
        if not needs_system_cuda(state.diagnosis, state.checklist, windows):
            rec = state.diagnosis.recommendation
            why = _why(rec.route if rec is not None else "", windows)
            for line in lines:
                if line.label in (section_title("cuda"), section_title("cudnn")):
                    _not_needed(line, why)
    if not details:
        hidden = technical_labels()
        for line in lines:
            _drop_technical(line, hidden)
    return lines


def _why(route: str, windows: bool) -> str:
    if route == "no-nvidia-gpu":
        return translate("RouteView", "without an NVIDIA GPU, TensorFlow runs on the CPU")
    if route == "windows-native-tf210":
        return translate("RouteView", "conda installs CUDA and cuDNN into the environment")
    if windows:
        return translate("RouteView", "TensorFlow in WSL2 brings its own CUDA and cuDNN")
    return translate("RouteView", "pip installs CUDA and cuDNN together with TensorFlow")


def _not_needed(line: Line, why: str) -> None:
    if line.tone in (Tone.GOOD, None):
        return  # what is installed and fine stays as it is
    line.tone = Tone.NEUTRAL
    line.status_text = translate("RouteView", "Not needed")
    line.value = translate("RouteView", "not needed for your route: {why}").format(why=why)
    line.children = [child for child in line.children if child.kind not in ("hint", "error")]


def _drop_technical(line: Line, hidden: set[str]) -> None:
    line.children = [child for child in line.children if child.kind != "evidence" and child.label not in hidden]
    for child in line.children:
        _drop_technical(child, hidden)
