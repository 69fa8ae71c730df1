"""One step of an install as the Install page shows it: title and marks, why, the exact command, its state."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from tfgpu.core.findings.model import FixStep
from tfgpu.core.install.model import Step, StepKind
from tfgpu.gui.icons import Tone, tone_icon
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets.findings import CommandBox, plain_label

_TONE = {"ok": Tone.GOOD, "handed-over": Tone.GOOD, "failed": Tone.BAD, "cancelled": Tone.WARN,
         "declined": Tone.WARN, "running": Tone.NEUTRAL}


class StepRow(QFrame):
    """One step: its title and marks, why, the exact command (with Copy), and how it went."""

    def __init__(self, number: int, step: Step, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.step = step
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName(f"step-{step.step_id}")
        marks = []
        if step.needs_admin:
            marks.append(self.tr("administrator rights"))
        if step.needs_reboot:
            marks.append(self.tr("restart"))
        if step.kind is StepKind.MANUAL:
            marks.append(self.tr("by hand"))
        title = f"{number}. {tr_text(step.title)}" + (f"  [{', '.join(marks)}]" if marks else "")
        self.title_label = plain_label(title, selectable=False)
        font = QFont(self.title_label.font())
        font.setBold(True)
        self.title_label.setFont(font)
        self.icon_label = QLabel()
        self.state_label = plain_label("", selectable=False)
        head = QHBoxLayout()
        head.addWidget(self.icon_label)
        head.addWidget(self.title_label, 1)
        head.addWidget(self.state_label)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addWidget(plain_label(tr_text(step.why)))
        self.command_box = None
        if step.command:
            self.command_box = CommandBox(FixStep(text=step.title, command=step.command, shell=step.shell))
            self.command_box.shell_label.hide()  # tfgpu runs it; "run in a terminal" is not the user's job here
            layout.addWidget(self.command_box)
        if step.url:
            layout.addWidget(plain_label(step.url))
        self.status = ""

    def set_state(self, status: str, text: str) -> None:
        self.status = status
        self.state_label.setText(text)
        tone = _TONE.get(status)
        self.icon_label.setPixmap(tone_icon(tone).pixmap(16, 16) if tone is not None else tone_icon(Tone.NEUTRAL)
                                  .pixmap(0, 0))
