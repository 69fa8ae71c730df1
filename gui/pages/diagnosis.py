"""The "Diagnosis" page: the verdict for the latest scan, the findings with their fixes,
and what to install.

``diagnose(scan)`` is pure and fast (no I/O, < 50 ms), so it runs on the GUI thread
when a scan arrives (``WizardState.scan_changed``). The page itself starts nothing slow.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.diagnosis.model import Diagnosis, EnvVerdict, Recommendation
from tfgpu.core.findings.model import Finding
from tfgpu.core.scan import Scan
from tfgpu.gui.findings_text import (
    SEVERITY_TONE,
    diagnosis_markdown,
    env_findings,
    env_heading,
    env_summary,
    kb_text,
    verdict_headline,
)
from tfgpu.gui.findings_view import (
    STRIPE_COLOURS,
    FindingCard,
    FindingList,
    FixStepsView,
    plain_label,
)
from tfgpu.gui.icons import Tone, tone_icon
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.tr_text import tr_text

log = logging.getLogger(__name__)

_EMPTY, _RESULT = 0, 1


def _bold(label: QLabel, point_delta: int = 0) -> QLabel:
    font = QFont(label.font())
    font.setBold(True)
    if point_delta and font.pointSize() > 0:
        font.setPointSize(font.pointSize() + point_delta)
    label.setFont(font)
    return label


class DiagnosisPage(TfgpuPage):
    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.setTitle(self.tr("Diagnosis"))
        self.setSubTitle(
            self.tr("Can TensorFlow use your GPU? If not, what stops it, and the exact steps that fix it.")
        )
        self.scan: Scan | None = None
        self.diagnosis: Diagnosis | None = None
        self.error: str | None = None
        self.finding_lists: list[FindingList] = []
        self._build()
        context.state.scan_changed.connect(self.show_scan)
        if context.state.scan is not None:
            self.show_scan(context.state.scan)

    # -- layout ------------------------------------------------------------------
    def _build(self) -> None:
        self.stack = QStackedWidget()
        self.stack.addWidget(self._build_empty())
        self.stack.addWidget(self._build_result())
        self.copy_button = QPushButton(self.tr("Copy report"))
        self.copy_button.setToolTip(
            self.tr("Copy the whole diagnosis as Markdown, to paste into a chat, a forum or an issue.")
        )
        self.copy_button.clicked.connect(self.copy_report)
        self.export_button = QPushButton(self.tr("Export diagnostics…"))
        self.export_button.setToolTip(
            self.tr("Save one file for a helper (HTML, Markdown, JSON, text or zip), personal details removed.")
        )
        self.export_button.clicked.connect(self.export_diagnostics)
        self.export_dialog = None
        self.copied_label = plain_label(selectable=False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.export_button)
        buttons.addWidget(self.copied_label, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.stack, 1)
        layout.addLayout(buttons)
        self._show_empty(self.tr("There is no check result yet."))

    def _build_empty(self) -> QWidget:
        self.empty_label = plain_label()
        self.back_button = QPushButton(self.tr("Back to \u201cYour system\u201d"))
        self.back_button.setToolTip(self.tr("Check this computer first; the diagnosis then appears here."))
        self.back_button.clicked.connect(self._go_back)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        return page

    def _build_result(self) -> QWidget:
        self.verdict_frame = QFrame()
        self.verdict_frame.setObjectName("verdict")
        self.verdict_icon = QLabel()
        self.headline = _bold(plain_label(selectable=False), 3)
        self.primary_label = plain_label()
        self.note_label = plain_label()
        self.kb_label = plain_label(selectable=False)
        self.kb_label.setEnabled(False)
        words = QVBoxLayout()
        words.setSpacing(2)
        for label in (self.headline, self.primary_label, self.note_label, self.kb_label):
            words.addWidget(label)
        self.verdict_stripe = QFrame()
        self.verdict_stripe.setFixedWidth(6)
        banner = QHBoxLayout(self.verdict_frame)
        banner.setContentsMargins(0, 0, 0, 4)
        banner.addWidget(self.verdict_stripe)
        banner.addWidget(self.verdict_icon, 0, Qt.AlignmentFlag.AlignTop)
        banner.addLayout(words, 1)

        self.sections = QWidget()
        self.sections_layout = QVBoxLayout(self.sections)
        self.sections_layout.setContentsMargins(0, 0, 0, 0)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidget(self.sections)

        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.verdict_frame)
        layout.addWidget(self.scroll_area, 1)
        return page

    # -- showing a scan ----------------------------------------------------------------
    @Slot(object)
    def show_scan(self, scan: Scan) -> None:
        """Diagnose ``scan`` and show it (GUI thread; diagnose is pure and fast)."""
        self.scan = scan
        try:
            diagnosis = diagnose(scan)
        except Exception as exc:  # noqa: BLE001 - a bug in a rule must not break the page
            log.exception("diagnosis failed")
            self.diagnosis = None
            self.error = f"{type(exc).__name__}: {exc}"
            self._show_empty(
                self.tr("The diagnosis failed: {error}. Please report it, with the result of \u201cYour system\u201d.")
                .format(error=self.error)
            )
            return
        self.show_diagnosis(diagnosis, cancelled=scan.cancelled)

    def show_diagnosis(self, diagnosis: Diagnosis, cancelled: bool = False) -> None:
        self.diagnosis, self.error = diagnosis, None
        self.copied_label.clear()
        self._show_verdict(diagnosis, cancelled)
        self._clear_sections()
        # Machine first: a driver problem blocks every environment. The recommendation
        # (what to install) comes after the findings it answers.
        if diagnosis.machine:
            box = QGroupBox(self.tr("This computer"))
            box.setObjectName("machine")
            self._add_findings(box, diagnosis.machine, diagnosis.primary, first=None)
            self.sections_layout.addWidget(box)
        for env in diagnosis.envs:
            self.sections_layout.addWidget(self._env_box(env, diagnosis.primary))
        if diagnosis.recommendation is not None:
            self.sections_layout.addWidget(self._recommendation_box(diagnosis.recommendation))
        self.sections_layout.addStretch(1)
        self.stack.setCurrentIndex(_RESULT)
        self.copy_button.setEnabled(True)

    def _show_verdict(self, diagnosis: Diagnosis, cancelled: bool) -> None:
        tone = Tone.GOOD if diagnosis.gpu_ready else SEVERITY_TONE.get(diagnosis.primary.severity, Tone.BAD)
        if not diagnosis.gpu_ready and tone is Tone.GOOD:  # "not ready" never looks green
            tone = Tone.WARN
        colour = STRIPE_COLOURS["ok" if tone is Tone.GOOD else "warning" if tone is Tone.WARN else "error"]
        self.verdict_stripe.setStyleSheet(f"background-color: {colour};")
        self.verdict_icon.setPixmap(tone_icon(tone).pixmap(32, 32))
        self.headline.setText(verdict_headline(diagnosis))
        self.primary_label.setText(tr_text(diagnosis.primary.title))
        self.kb_label.setText(kb_text(diagnosis))
        note = ""
        if cancelled:
            note = self.tr("The check was stopped before it finished, so this diagnosis may miss something.")
        self.note_label.setText(note)
        self.note_label.setVisible(bool(note))

    def _recommendation_box(self, rec: Recommendation) -> QGroupBox:
        box = QGroupBox(self.tr("What we recommend"))
        box.setObjectName("recommendation")
        layout = QVBoxLayout(box)
        self.recommendation_title = _bold(plain_label(tr_text(rec.title)))
        layout.addWidget(self.recommendation_title)
        detail = tr_text(rec.detail)
        if detail:
            layout.addWidget(plain_label(detail))
        self.recommendation_steps = FixStepsView(rec.steps)
        layout.addWidget(self.recommendation_steps)
        for note in rec.notes:  # why a pin or a route, with the knowledge base's source
            layout.addWidget(plain_label(self.tr("Note: {note}").format(note=tr_text(note))))
        return box

    def _env_box(self, env: EnvVerdict, machine_primary: Finding) -> QGroupBox:
        box = QGroupBox(env_heading(env))
        box.setObjectName("env")
        summary = QHBoxLayout()
        icon = QLabel()
        icon.setPixmap(tone_icon(Tone.GOOD if env.gpu_ready else Tone.BAD).pixmap(16, 16))
        summary.addWidget(icon)
        summary.addWidget(plain_label(env_summary(env)), 1)
        layout = QVBoxLayout(box)
        layout.addLayout(summary)
        self._add_findings(box, env_findings(env), machine_primary, first=None if env.gpu_ready else env.primary)
        return box

    def _add_findings(self, box: QGroupBox, findings: list[Finding], primary: Finding, first: Finding | None) -> None:
        layout = box.layout() or QVBoxLayout(box)
        view = FindingList()
        fix_first = self.tr("Fix this first")
        view.set_findings(
            findings,
            expand=lambda f: f is primary or f == primary,
            tag=lambda f: fix_first if first is not None and (f is first or f == first) else "",
        )
        layout.addWidget(view)
        self.finding_lists.append(view)

    def _clear_sections(self) -> None:
        self.finding_lists = []
        while self.sections_layout.count():
            item = self.sections_layout.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()

    def _show_empty(self, text: str) -> None:
        self.empty_label.setText(
            text + " " + self.tr("Go back to \u201cYour system\u201d to check this computer; the diagnosis follows.")
        )
        self.stack.setCurrentIndex(_EMPTY)
        self.copy_button.setEnabled(self.error is not None)

    # -- actions ---------------------------------------------------------------------------
    @Slot()
    def _go_back(self) -> None:
        wizard = self.wizard()
        if wizard is not None and wizard.currentPage() is self:
            wizard.back()

    @Slot()
    def copy_report(self) -> str:
        """The diagnosis as Markdown on the clipboard (and returned)."""
        if self.diagnosis is not None:
            text = diagnosis_markdown(self.diagnosis)
        else:
            text = self.empty_label.text() + "\n"
        QGuiApplication.clipboard().setText(text)
        self.copied_label.setText(self.tr("Copied to the clipboard."))
        return text

    @Slot()
    def export_diagnostics(self):
        """Open the "Export diagnostics" dialog (it checks this computer first when there is no scan)."""
        from tfgpu.gui.export_dialog import open_export_dialog

        if self.export_dialog is not None:
            self.export_dialog.shutdown()
            self.export_dialog.deleteLater()
        self.export_dialog = open_export_dialog(self, self.context)
        return self.export_dialog

    def shutdown(self) -> None:
        if self.export_dialog is not None:
            self.export_dialog.shutdown()

    # -- helpers for tests and tools -----------------------------------------------------
    def cards(self) -> list[FindingCard]:
        return [card for view in self.finding_lists for card in view.cards]

    def card(self, finding_id: str) -> FindingCard:
        """The first card of ``finding_id``; KeyError if none."""
        for card in self.cards():
            if card.finding.id == finding_id:
                return card
        raise KeyError(finding_id)


PAGE = PageSpec(page_id="diagnosis", order=30, factory=DiagnosisPage)
