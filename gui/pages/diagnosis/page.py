"""The "Diagnosis" page: the checklist of the route for the chosen environment.

Numbered steps (each with its sentence, the whole command, and a "done when" check that Re-check
ticks off), exactly one "Fix this first", the other ways behind "Other options", what else was
found once each behind "Also found", and the evidence, ids and sources behind "Details".

The page shows the session's verdict (made off the GUI thread, once per scan); it computes nothing
itself. Re-check asks the session to check again.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize, Qt, Slot
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.gui.icons import Tone, tone_icon
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets.checklist import ChecklistView
from tfgpu.gui.widgets.disclosure import Disclosure, quiet
from tfgpu.gui.widgets.findings import FindingCard, FindingList, plain_label
from tfgpu.gui.widgets.findings_text import diagnosis_markdown, env_summary, kb_text, verdict_headline

if TYPE_CHECKING:  # the diagnosis' rules load with the first scan, not at start-up
    from tfgpu.core.diagnosis.model import Diagnosis
    from tfgpu.core.diagnosis.next_steps import Checklist, NextStep
    from tfgpu.core.diagnosis.verdict import Verdict
    from tfgpu.core.findings.model import Finding
    from tfgpu.core.scan import Scan

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
        self.setSubTitle(self.tr("What to do, step by step, until TensorFlow uses your GPU."))
        self.scan: Scan | None = None
        self.diagnosis: Diagnosis | None = None
        self.checklist: Checklist | None = None
        self.error: str | None = None
        self.verdict: Verdict | None = None
        self.finding_lists: list[FindingList] = []
        self._build()
        context.session.verdict_changed.connect(self._on_verdict_changed)
        if context.session.scan is not None:
            self._on_verdict_changed(context.session.verdict)

    # -- layout ------------------------------------------------------------------
    def _build(self) -> None:
        self.stack = QStackedWidget()
        self.stack.addWidget(self._build_empty())
        self.stack.addWidget(self._build_result())
        self.recheck_button = QPushButton(self.tr("Re-check"))
        self.recheck_button.setToolTip(self.tr("Check this computer again after a step; done steps are ticked off."))
        self.recheck_button.clicked.connect(self.context.session.request_rescan)
        self.copy_button = QPushButton(self.tr("Copy report"))
        self.copy_button.setToolTip(
            self.tr("Copy the whole diagnosis as Markdown, to paste into a chat, a forum or an issue.")
        )
        self.copy_button.clicked.connect(self.copy_report)
        # "Export diagnostics…" is the window's action (beside Back/Next): not a second button here.
        self.copied_label = plain_label(selectable=False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.recheck_button)
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.copied_label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack, 1)
        layout.addLayout(buttons)
        self._show_empty(self.tr("There is no check result yet."))

    def _build_empty(self) -> QWidget:
        self.empty_label = plain_label()
        self.back_button = QPushButton(self.tr("Go to \u201cYour system\u201d"))
        self.back_button.setToolTip(self.tr("Check this computer first; the diagnosis then appears here."))
        self.back_button.clicked.connect(self._go_back)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.back_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        return page

    def _build_result(self) -> QWidget:
        self.verdict_icon = QLabel()
        self.headline = _bold(plain_label(selectable=False), 2)
        self.headline.setObjectName("diagnosis-headline")
        self.primary_label = plain_label()
        self.env_label = quiet(plain_label())
        self.note_label = plain_label()
        self.kb_label = quiet(plain_label(selectable=False))
        words = QVBoxLayout()
        words.setSpacing(2)
        for label in (self.headline, self.primary_label, self.env_label, self.note_label):
            words.addWidget(label)
        banner = QHBoxLayout()
        banner.addWidget(self.verdict_icon, 0, Qt.AlignmentFlag.AlignTop)
        banner.addLayout(words, 1)

        self.checklist_view = ChecklistView()
        self.checklist_view.action_requested.connect(self.context.session.request_page)
        self.sections = QWidget()
        self.sections_layout = QVBoxLayout(self.sections)
        self.sections_layout.setContentsMargins(0, 0, 0, 0)
        content = QWidget()
        column = QVBoxLayout(content)
        column.setContentsMargins(0, 0, 6, 0)
        column.addLayout(banner)
        column.addWidget(self.checklist_view)
        column.addWidget(self.sections)
        column.addWidget(self.kb_label)
        column.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setWidget(content)
        return self.scroll_area

    # -- showing a scan ----------------------------------------------------------------
    @Slot(object)
    def _on_verdict_changed(self, verdict: Verdict | None) -> None:
        """The session's verdict (a new scan, another environment, a benchmark run), or why there is none."""
        session = self.context.session
        if session.scan is None:
            return
        self.scan = session.scan
        if verdict is None:
            self.verdict, self.diagnosis, self.checklist = None, None, None
            self.error = session.verdict_error or "?"
            self._show_empty(
                self.tr("The diagnosis failed: {error}. Please report it, with the result of \u201cYour system\u201d.")
                .format(error=self.error)
            )
            self.status_changed.emit()
            return
        self.show_verdict(verdict)

    def show_verdict(self, verdict: Verdict) -> None:
        self.verdict, self.diagnosis, self.checklist, self.error = verdict, verdict.diagnosis, verdict.checklist, None
        self.scan = verdict.scan
        diagnosis, checklist = verdict.diagnosis, verdict.checklist
        self.copied_label.clear()
        self._show_verdict(diagnosis, checklist, verdict.scan.cancelled)
        self.checklist_view.show_checklist(checklist, verdict.done, verdict.ticked, self._actions_for, _finding_title)
        self._clear_sections()
        self._show_sections(diagnosis, self.checklist)
        self.stack.setCurrentIndex(_RESULT)
        self.copy_button.setEnabled(True)
        self.status_changed.emit()

    def _actions_for(self, step: NextStep) -> list[tuple[str, str]]:
        """The pages that do or show ``step``: its own action, and pages that say they handle it."""
        specs = self.context.specs
        found: list[tuple[str, str]] = []
        if step.action and any(spec.page_id == step.action for spec in specs):
            found.append((step.action, self._open_text(step.action, specs)))
        for spec in specs:
            if spec.handles and (step.finding in spec.handles or step.check.id in spec.handles):
                if spec.page_id not in [page_id for page_id, _ in found]:
                    found.append((spec.page_id, self.tr("Do it for me…")))
        return found

    def _open_text(self, page_id: str, specs) -> str:
        spec = next((s for s in specs if s.page_id == page_id), None)
        title = QCoreApplication.translate("PageTitle", spec.title) if spec is not None and spec.title else page_id
        return self.tr("Open {page}").format(page=title)

    def _show_verdict(self, diagnosis: Diagnosis, checklist: Checklist, cancelled: bool) -> None:
        ready = checklist.ready
        tone = Tone.GOOD if ready else Tone.BAD
        self.verdict_icon.setPixmap(tone_icon(tone).pixmap(QSize(28, 28), self.devicePixelRatioF()))
        self.headline.setText(verdict_headline(diagnosis) if ready == diagnosis.gpu_ready else (
            self.tr("TensorFlow can use your GPU") if ready else self.tr("TensorFlow cannot use your GPU here yet")))
        blocker = checklist.blocker or diagnosis.primary
        self.primary_label.setText(tr_text(blocker.title) if not ready else tr_text(diagnosis.primary.title))
        env = next((v for v in diagnosis.envs if v.python == checklist.env), None)
        self.env_label.setText(self.tr("For {env}. Choose another environment at the top.").format(env=env.label)
                               if env is not None and len(diagnosis.envs) > 1 else
                               (self.tr("For {env}.").format(env=env.label) if env is not None else ""))
        self.env_label.setVisible(bool(self.env_label.text()))
        self.kb_label.setText(kb_text(diagnosis))
        note = self.tr("The check was stopped before it finished, so this diagnosis may miss something.") if cancelled else ""
        self.note_label.setText(note)
        self.note_label.setVisible(bool(note))

    def _show_sections(self, diagnosis: Diagnosis, checklist: Checklist) -> None:
        """Every finding once: the checklist's in "Details", the rest in "Also found"."""
        from tfgpu.core.diagnosis.next_steps import all_findings

        resolved = set(checklist.finding_ids())
        mine = [f for f in all_findings(diagnosis) if f.id in resolved and f.env in (None, checklist.env)]
        others = [f for f in all_findings(diagnosis) if not any(f is m for m in mine) and f.id != "gpu-ok"]
        if others:
            box = QWidget()
            layout = QVBoxLayout(box)
            layout.setContentsMargins(12, 0, 0, 0)
            self._add_groups(layout, diagnosis, others, with_fix=True)
            also = Disclosure(self.tr("Also found ({n})").format(n=len(others)), box)
            also.setObjectName("also-found")
            self.sections_layout.addWidget(also)
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(12, 0, 0, 0)
        for env in diagnosis.envs:
            layout.addWidget(plain_label(f"{env.label}: {env_summary(env)}"))
        if mine:
            self._add_list(layout, mine, with_fix=False)
        details = Disclosure(self.tr("Details"), box)
        details.setObjectName("diagnosis-details")
        self.sections_layout.addWidget(details)

    def _add_groups(self, layout: QVBoxLayout, diagnosis: Diagnosis, findings: list[Finding], with_fix: bool) -> None:
        machine = [f for f in findings if any(f is m for m in diagnosis.machine)]
        if machine:
            layout.addWidget(_bold(plain_label(self.tr("This computer"), selectable=False)))
            self._add_list(layout, machine, with_fix)
        for env in diagnosis.envs:
            own = [f for f in findings if f.env == env.python and not any(f is m for m in machine)]
            if own:
                layout.addWidget(_bold(plain_label(env.label, selectable=False)))
                self._add_list(layout, own, with_fix)

    def _add_list(self, layout: QVBoxLayout, findings: list[Finding], with_fix: bool) -> None:
        view = FindingList()
        view.set_findings(findings, with_fix=with_fix)
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
            text + " " + self.tr("The check of this computer runs on \u201cYour system\u201d; the diagnosis follows.")
        )
        self.stack.setCurrentIndex(_EMPTY)
        self.copy_button.setEnabled(self.error is not None)

    # -- actions ---------------------------------------------------------------------------
    @Slot()
    def _go_back(self) -> None:
        self.context.session.request_page("system")

    def open_with(self, payload: object) -> None:
        """Scroll to the step ``payload`` (a step id)."""
        for card in self.checklist_view.step_cards:
            if card.step.id == payload:
                self.scroll_area.ensureWidgetVisible(card)
                break

    @Slot()
    def copy_report(self) -> str:
        """The diagnosis as Markdown on the clipboard (and returned)."""
        if self.verdict is not None:
            text = diagnosis_markdown(self.verdict.diagnosis, self.verdict)
        else:
            text = self.empty_label.text() + "\n"
        QGuiApplication.clipboard().setText(text)
        self.copied_label.setText(self.tr("Copied to the clipboard."))
        return text

    # -- TfgpuPage ---------------------------------------------------------------------------
    def nav_tone(self) -> Tone | None:
        if self.checklist is None:
            return None
        return Tone.GOOD if self.checklist.ready else Tone.BAD

    # -- helpers for tests and tools -----------------------------------------------------
    def cards(self) -> list[FindingCard]:
        return [card for view in self.finding_lists for card in view.cards]

    def card(self, finding_id: str) -> FindingCard:
        """The first card of ``finding_id``; KeyError if none."""
        for card in self.cards():
            if card.finding.id == finding_id:
                return card
        raise KeyError(finding_id)


def _finding_title(finding_id: str) -> str:
    from tfgpu.core.findings.catalog import catalog

    row = catalog().get(finding_id)
    return QCoreApplication.translate("core", row["title"]) if row else finding_id


PAGE = PageSpec(page_id="diagnosis", order=30, factory=DiagnosisPage,
                title=QT_TRANSLATE_NOOP("PageTitle", "Diagnosis"))
