"""The header on every page: "GPU ready: yes/no" for the chosen environment, the one thing in
the way, and the single next step as a button. Everything comes from the shared state
(:class:`~tfgpu.gui.session.Session`); the window decides what the button opens.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtGui import QFont, QFontMetrics, QPalette
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from tfgpu.gui.icons import Tone, tone_icon
from tfgpu.gui.session import Session
from tfgpu.gui.theme import tone_colour
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets.findings import plain_label
from tfgpu.gui.widgets.glossary import explain_terms
from tfgpu.gui.widgets.guide import step_sentence

if TYPE_CHECKING:
    from tfgpu.core.diagnosis.next_steps import NextStep

BUTTON_MAX_PX = 380
ICON_PX = 26


class VerdictHeader(QFrame):
    """Reads the state; emits what the user asked for."""

    next_clicked = Signal(object)  # the NextStep, or None for "check this computer"
    env_chosen = Signal(object)  # a Python executable, or None

    def __init__(self, state: Session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setObjectName("verdict-header")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.step: NextStep | None = None
        self.tone = Tone.NEUTRAL
        self._filling = False

        self.stripe = QFrame()
        self.stripe.setFixedWidth(5)
        self.stripe.setAutoFillBackground(True)
        self.icon = QLabel()
        self.icon.setFixedSize(ICON_PX, ICON_PX)
        self.verdict = plain_label(selectable=False, wrap=False)
        self.verdict.setObjectName("verdict-text")
        bold = QFont(self.verdict.font())
        bold.setBold(True)
        if bold.pointSizeF() > 0:
            bold.setPointSizeF(bold.pointSizeF() + 1.5)
        self.verdict.setFont(bold)
        self.for_label = plain_label(selectable=False, wrap=False)
        self.env_combo = QComboBox()
        self.env_combo.setObjectName("verdict-env")
        self.env_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.env_combo.setMinimumContentsLength(24)
        self.env_combo.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.env_combo.currentIndexChanged.connect(self._on_env_changed)
        self.status = plain_label(selectable=False, wrap=False)
        self.status.setObjectName("verdict-status")
        self.blocker = plain_label(selectable=True)
        self.blocker.setObjectName("verdict-blocker")
        self.next_button = QPushButton()
        self.next_button.setObjectName("verdict-next")
        self.next_button.setDefault(False)
        self.next_button.setAutoDefault(False)
        self.next_button.setMaximumWidth(BUTTON_MAX_PX)
        self.next_button.clicked.connect(lambda: self.next_clicked.emit(self.step))

        top = QHBoxLayout()
        top.setSpacing(6)
        top.addWidget(self.icon)
        top.addWidget(self.verdict)
        top.addWidget(self.for_label)
        top.addWidget(self.env_combo, 1)
        top.addWidget(self.status)
        bottom = QHBoxLayout()
        bottom.addWidget(self.blocker, 1)
        bottom.addWidget(self.next_button, 0, Qt.AlignmentFlag.AlignVCenter)
        words = QVBoxLayout()
        words.setContentsMargins(6, 4, 6, 4)
        words.setSpacing(2)
        words.addLayout(top)
        words.addLayout(bottom)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(self.stripe)
        outer.addLayout(words, 1)
        state.verdict_changed.connect(self.refresh)
        state.scanning_changed.connect(self.refresh)
        self.refresh()

    # -- what it says -------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        state = self.state
        checklist, diagnosis = state.checklist, state.diagnosis
        self._fill_envs()
        self.for_label.setText(self.tr("for") if self.env_combo.count() else "")
        self.env_combo.setVisible(self.env_combo.count() > 0)
        self.step = checklist.steps[0] if checklist is not None and checklist.steps else None
        if state.scan is None:
            if state.scanning:
                self._show(Tone.BUSY, self.tr("Checking this computer…"),
                           self.tr("The verdict appears here in a few seconds. Meanwhile every page can be used."),
                           None)
            else:
                self._show(Tone.NEUTRAL, self.tr("Not checked yet"),
                           self.tr("Check this computer to see whether TensorFlow can use its GPU."),
                           self.tr("Check this computer"))
        elif checklist is None or diagnosis is None:
            self._show(Tone.WARN, self.tr("GPU ready: unknown"),
                       self.tr("The diagnosis failed; the Diagnosis page says more."), None)
        elif checklist.ready:
            self._show(Tone.GOOD, self.tr("GPU ready: yes"),
                       self.tr("TensorFlow lists your GPU in this environment."), self._next_text())
        else:
            blocker = tr_text(checklist.blocker.title) if checklist.blocker is not None else ""
            self._show(Tone.BAD, self.tr("GPU ready: no"),
                       self.tr("What stops it: {blocker}").format(blocker=blocker) if blocker else "",
                       self._next_text())
        self.status.setText(self._status_text())

    def _status_text(self) -> str:
        state = self.state
        if state.scan is not None and state.scanning:
            return self.tr("checking again…")
        if state.scan_saved_at:
            return self.tr("last checked {when}").format(when=state.scan_saved_at)
        return ""

    def _next_text(self) -> str | None:
        return self.tr("Next: {step}").format(step=step_sentence(self.step)) if self.step is not None else None

    def _show(self, tone: Tone, verdict: str, blocker: str, button: str | None) -> None:
        self.tone = tone
        self.icon.setPixmap(tone_icon(tone).pixmap(QSize(ICON_PX, ICON_PX), self.devicePixelRatioF()))
        self.icon.setToolTip(verdict)
        self.verdict.setText(verdict)
        self.blocker.setText(blocker)
        self.blocker.setToolTip("")
        explain_terms(self.blocker)
        palette = self.stripe.palette()
        palette.setColor(QPalette.ColorRole.Window, tone_colour(tone, self.palette(), ratio=3.0))
        self.stripe.setPalette(palette)
        self.next_button.setVisible(button is not None)
        if button is not None:
            metrics = QFontMetrics(self.next_button.font())
            self.next_button.setText(metrics.elidedText(button, Qt.TextElideMode.ElideRight, BUTTON_MAX_PX - 24))
            self.next_button.setToolTip(button if self.step is None else self._step_tooltip(button))
            self.next_button.setAccessibleName(button)

    def _step_tooltip(self, text: str) -> str:
        return text + "\n" + self.tr("Opens the step with its exact commands.")

    # -- the environment ------------------------------------------------------------------------
    def _fill_envs(self) -> None:
        diagnosis = self.state.diagnosis
        envs = diagnosis.envs if diagnosis is not None else []
        wanted = [(v.python, self._env_text(v)) for v in envs]
        current = [(self.env_combo.itemData(i), self.env_combo.itemText(i)) for i in range(self.env_combo.count())]
        chosen = self.state.checklist.env if self.state.checklist is not None else None
        self._filling = True
        try:
            if wanted != current:
                self.env_combo.clear()
                for python, text in wanted:
                    self.env_combo.addItem(text, python)
                    self.env_combo.setItemData(self.env_combo.count() - 1, python, Qt.ItemDataRole.ToolTipRole)
            index = self.env_combo.findData(chosen) if chosen else -1
            self.env_combo.setCurrentIndex(max(index, 0) if self.env_combo.count() else -1)
        finally:
            self._filling = False
        self.env_combo.setToolTip(self.tr("The Python environment the verdict and the steps are for."))

    def _env_text(self, verdict) -> str:
        tf = (self.tr("TensorFlow {version}").format(version=verdict.tf_version) if verdict.tf_version
              else self.tr("no TensorFlow"))
        return f"{verdict.label} · {tf}"

    @Slot(int)
    def _on_env_changed(self, index: int) -> None:
        if not self._filling and index >= 0:
            self.env_chosen.emit(self.env_combo.itemData(index))
