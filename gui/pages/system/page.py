"""The "Your system" page: the session's scan (run off the GUI thread by the session), every section
with its status, read for the verdict's route."""

from __future__ import annotations

import html
import logging
import math

from PySide6.QtCore import QModelIndex, Qt, Slot
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
)

from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.scan import Scan, ScanOptions, ScanProgress
from tfgpu.gui.icons import Tone, tone_icon
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.pages.system.route_view import for_route
from tfgpu.gui.pages.system.scan_lines import SECTION_STEPS, Line, section_title, step_text
from tfgpu.gui.pages.system.scan_view import build_lines, scan_to_text, write_line
from tfgpu.gui.widgets.glossary import tooltip_for
from tfgpu.gui.widgets.wrap_delegate import WRAP_ROLE, WrappingDelegate

# Tree columns
COL_WHAT, COL_STATUS, COL_DETAILS = range(3)
LINE_ROLE = Qt.ItemDataRole.UserRole + 1  # the Line an item shows
WRAPPED_KINDS = ("hint", "note", "error")  # sentences: wrapped to the column width

log = logging.getLogger(__name__)


def plain_tooltip(text: str) -> str:
    """A tooltip that shows ``text`` as it is: Qt would render a tooltip with tags as rich text."""
    if not text:
        return ""
    return '<p style="white-space: pre-wrap">' + html.escape(text, quote=False) + "</p>"


class SystemPage(TfgpuPage):
    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.setTitle(self.tr("Your system"))
        self.setSubTitle(
            self.tr(
                "We look at the graphics driver, CUDA, cuDNN and every Python on this computer. "
                "Nothing is installed or changed."
            )
        )
        self.scan: Scan | None = None
        self.error: str | None = None
        self._scanning = False
        self._tf_checked = 0
        self._total_final = False  # the progress total can still grow (TF checks are added later)
        self._progress_fraction = 0.0  # what the bar shows; it never goes back within a scan
        session = context.session
        self.controller = session.scan_job  # the session's (read-only here: tests wait on its signals)
        self._build()
        session.scan_started.connect(self._on_started)
        session.scan_progress.connect(self._on_progress)
        session.scan_changed.connect(self._on_finished)
        session.scan_failed.connect(self._on_failed)
        session.verdict_changed.connect(self._on_verdict_changed)
        if session.scanning:  # built while the window's check runs
            self._on_started()
        elif session.scan is not None:  # built after a check (or the last session's): show it
            self._show_scan(session.scan)

    # -- layout ------------------------------------------------------------
    def _build(self) -> None:
        self.headline_icon = QLabel()
        self.headline = QLabel()
        self.headline.setWordWrap(True)
        bold = QFont(self.headline.font())
        bold.setBold(True)
        self.headline.setFont(bold)
        self.headline.setTextFormat(Qt.TextFormat.PlainText)  # error texts can hold "<...>"
        self.headline.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        headline_row = QHBoxLayout()
        headline_row.addWidget(self.headline_icon)
        headline_row.addWidget(self.headline, 1)

        self.progress_bar = QProgressBar()
        self.progress_bar.setTextVisible(True)
        self.step_label = QLabel()
        self.step_label.setWordWrap(True)
        self.step_label.setTextFormat(Qt.TextFormat.PlainText)

        self.tree = QTreeWidget()
        self.tree.setColumnCount(3)
        self.tree.setHeaderLabels([self.tr("What"), self.tr("Status"), self.tr("Details")])
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.setWordWrap(True)  # hints are sentences: show them whole
        self.tree.setUniformRowHeights(False)
        self.tree.setItemDelegate(WrappingDelegate(self.tree))
        header = self.tree.header()
        header.setSectionResizeMode(COL_WHAT, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_STATUS, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.tree.setColumnWidth(COL_WHAT, 270)
        self.tree.currentItemChanged.connect(self._show_details)

        self.details = QPlainTextEdit()
        self.details.setReadOnly(True)
        self.details.setPlaceholderText(self.tr("Select a line above to read it in full here."))
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.tree)
        splitter.addWidget(self.details)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([360, 70])

        self.recheck_button = QPushButton(self.tr("Re-check"))
        self.recheck_button.setToolTip(self.tr("Run every check again, e.g. after you changed something."))
        self.recheck_button.clicked.connect(self._on_recheck_clicked)
        self.copy_button = QPushButton(self.tr("Copy as text"))
        self.copy_button.setToolTip(self.tr("Copy the whole result, to paste into a chat or an issue."))
        self.copy_button.clicked.connect(self.copy_as_text)
        self.copied_label = QLabel()
        self.copied_label.setTextFormat(Qt.TextFormat.PlainText)
        self.here_button = QPushButton(self.tr("Check the Python in this folder"))
        self.here_button.setToolTip(self.tr("A Python of the folder tfgpu was started in was found but not run: "
                                            "running it runs that folder's code. Check it only if you trust the folder."))
        self.here_button.clicked.connect(self._on_here_clicked)
        self.here_button.hide()
        self.details_toggle = QCheckBox(self.tr("Show technical details"))
        self.details_toggle.setToolTip(self.tr("Also show reason codes, raw errors and how each part was found."))
        self.details_toggle.toggled.connect(self._on_details_toggled)
        buttons = QHBoxLayout()
        buttons.addWidget(self.recheck_button)
        buttons.addWidget(self.here_button)
        buttons.addWidget(self.copy_button)
        buttons.addWidget(self.copied_label, 1)
        buttons.addWidget(self.details_toggle)

        layout = QVBoxLayout(self)
        layout.addLayout(headline_row)
        layout.addWidget(self.progress_bar)
        layout.addWidget(self.step_label)
        layout.addWidget(splitter, 1)
        layout.addLayout(buttons)
        self._set_headline(Tone.BUSY, self.tr("Ready to check this computer."))
        self.progress_bar.hide()  # shown while a check runs (the page may be built after it ended)
        self.step_label.hide()
        self._update_controls()

    # -- QWizardPage -----------------------------------------------------------
    def initializePage(self) -> None:
        if self.context.session.scan is None and not self.context.session.scanning:
            self.start_scan()

    def cleanupPage(self) -> None:
        """Going Back keeps the results (and a scan in progress) for when the user returns."""

    def isComplete(self) -> bool:
        return not self._scanning and super().isComplete()

    # -- TfgpuPage protocol --------------------------------------------------------
    def is_busy(self) -> bool:
        return self._scanning

    def shutdown(self) -> None:
        if self._scanning:  # the session stops the scan; its result is dropped: the window is closing
            self._scanning = False
            self.work_finished.emit()

    # -- actions ---------------------------------------------------------------------
    @property
    def trust_here(self) -> bool:
        """The user agreed to run the Pythons of the current folder (kept for every later check)."""
        return self.context.session.trust_here

    def start_scan(self) -> None:
        """Ask the session to check this computer (again)."""
        self.context.session.start_scan()

    def untrusted_pythons(self) -> list[str]:
        """Interpreters of the current folder the last scan listed but did not run."""
        if self.scan is None:
            return []
        return [env.executable for env in self.scan.pythons.envs if env.reason == "needs-consent"]

    def confirm_here(self, pythons: list[str]) -> bool:
        """Ask before running code of the current folder (tests replace this)."""
        answer = QMessageBox.question(
            self, self.tr("Run the Python of this folder?"),
            self.tr("These interpreters belong to the folder tfgpu was started in:\n\n{paths}\n\n"
                    "Checking them runs them, and with them any code that folder holds. "
                    "Only continue if you trust where this folder came from.").format(paths="\n".join(pythons)),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    @Slot()
    def _on_here_clicked(self) -> None:
        pythons = self.untrusted_pythons()
        if self._scanning or not pythons or not self.confirm_here(pythons):
            return
        self.context.session.start_scan(trust_here=True)

    def copy_as_text(self) -> str:
        """Put the plain-text result on the clipboard (and return it)."""
        if self.scan is not None:
            text = scan_to_text(self.scan)
        else:
            text = self.headline.text() + "\n"
        QGuiApplication.clipboard().setText(text)
        self.copied_label.setText(self.tr("Copied to the clipboard."))
        return text

    @Slot()
    def _on_recheck_clicked(self) -> None:
        if self._scanning:
            self.context.session.cancel_scan()
            self.recheck_button.setEnabled(False)  # back on when the stopped scan has ended
        else:
            self.start_scan()

    # -- controller signals ------------------------------------------------------------
    @Slot()
    def _on_started(self) -> None:
        self._scanning = True
        self.error = None
        self.copied_label.clear()
        options = self.context.scan_options or ScanOptions()
        # With TF checks, the total grows once the Pythons are found: "busy" until it is final.
        self._total_final = not options.include_tf
        self._progress_fraction = 0.0
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setValue(0)
        self.progress_bar.show()
        self.step_label.setText(self.tr("Starting…"))
        self.step_label.show()
        self._set_headline(Tone.BUSY, self.tr("Checking your computer… this takes a few seconds, up to a minute."))
        self._show_placeholders()
        self._update_controls()
        self.completeChanged.emit()

    @Slot(object)
    def _on_progress(self, event: ScanProgress) -> None:
        if event.step.startswith("tf:"):  # the TF checks were added before the first of them ended
            self._total_final = True
        if self._total_final:
            self._show_fraction(event.done, event.total)
        self.step_label.setText(self.tr("Done: {step}").format(step=step_text(event.step, event.label)))
        self._mark_progress(event)

    def _show_fraction(self, done: int, total: int) -> None:
        """A determinate bar that never moves back, even if events arrive out of order."""
        total = max(total, done, 1)
        value = max(done, math.ceil(self._progress_fraction * total - 1e-9))
        self._progress_fraction = value / total
        self.progress_bar.setRange(0, total)
        self.progress_bar.setValue(value)
        self.progress_bar.setFormat(self.tr("%v of %m checks done"))

    @Slot(object)
    def _on_finished(self, scan: Scan) -> None:
        """A new scan in the session (its verdict is made): show it."""
        try:
            self._show_scan(scan)
        except Exception as exc:  # noqa: BLE001 - a bug in the view must not leave the page busy
            log.exception("cannot show the scan result")
            self._show_error(
                self.tr(
                    "The result could not be shown: {error}. "
                    "Click Re-check to try again; if it keeps failing, please report it."
                ).format(error=f"{type(exc).__name__}: {exc}")
            )
        finally:
            self._end_work()

    def _show_scan(self, scan: Scan) -> None:
        """The scan's sections, each read for the route the checklist follows (route_view)."""
        self.scan = scan
        lines = for_route(build_lines(scan), self.context.session, details=self.details_toggle.isChecked())
        self._set_headline(*self._finished_headline(scan, lines))
        self._show_lines(lines)

    @Slot(object)
    def _on_verdict_changed(self, _verdict: object) -> None:
        """Another environment chosen: read the sections for its route."""
        scan = self.context.session.scan
        if scan is not None and scan is self.scan and not self._scanning:
            self._show_scan(scan)

    @Slot(bool)
    def _on_details_toggled(self, _checked: bool) -> None:
        if self.scan is not None and not self._scanning:
            self._show_scan(self.scan)

    def _finished_headline(self, scan: Scan, lines: list[Line]) -> tuple[Tone, str]:
        if scan.cancelled:
            return Tone.WARN, self.tr(
                "The check was stopped; some results are missing. Click Re-check to run it again."
            )
        text = self.tr("Check finished in {seconds:.1f} s.").format(seconds=scan.duration_s) + " "
        problems = sum(1 for line in lines if line.tone in (Tone.WARN, Tone.BAD))
        if not problems:
            return Tone.GOOD, text + self.tr("No problem found in these checks.")
        return Tone.WARN, text + self.tr("%n part(s) need your attention: select one to read what to do.", "", problems)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        try:
            self._show_error(
                self.tr(
                    "The check could not finish: {error}. "
                    "Click Re-check to try again; if it keeps failing, please report it."
                ).format(error=message),
                message,
            )
        finally:
            self._end_work()

    def _show_error(self, text: str, error: str | None = None) -> None:
        """The page after a failure: the words in the headline, nothing older left in the tree."""
        self.error = error or text
        self.scan = None  # "Copy as text" then copies the headline
        self.tree.clear()
        self.details.clear()
        self._set_headline(Tone.BAD, text)

    def _end_work(self) -> None:
        was_scanning, self._scanning = self._scanning, False
        self.progress_bar.hide()
        self.step_label.hide()
        self._update_controls()
        self.completeChanged.emit()
        if was_scanning:
            self.work_finished.emit()

    # -- rendering ---------------------------------------------------------------------
    def _set_headline(self, tone: Tone, text: str) -> None:
        self.headline_icon.setPixmap(tone_icon(tone).pixmap(20, 20))
        self.headline.setText(text)

    def _update_controls(self) -> None:
        self.recheck_button.setEnabled(True)
        self.recheck_button.setText(self.tr("Stop") if self._scanning else self.tr("Re-check"))
        self.copy_button.setEnabled(not self._scanning and (self.scan is not None or self.error is not None))
        self.here_button.setVisible(not self._scanning and bool(self.untrusted_pythons()))

    def _show_lines(self, lines: list[Line]) -> None:
        self.tree.clear()
        for line in lines:
            self.tree.addTopLevelItem(self._item(line))
        for item in self._top_items():
            self._apply_expansion(item)
        self.tree.setCurrentIndex(QModelIndex())
        self.details.clear()
        first_problem = next((i for i, line in enumerate(lines) if line.tone in (Tone.WARN, Tone.BAD)), None)
        if first_problem is not None:  # its full text shows below the tree at once
            self.tree.setCurrentItem(self._top_items()[first_problem])

    def _show_placeholders(self) -> None:
        """One row per section while the scan runs; each is ticked off as its step ends."""
        self._tf_checked = 0
        checking = self.tr("Checking…")
        self._show_lines([Line(section_title(step), "", Tone.BUSY, checking, kind="section") for step in SECTION_STEPS])

    def _mark_progress(self, event: ScanProgress) -> None:
        if self.tree.topLevelItemCount() != len(SECTION_STEPS):
            return
        pythons_row = self.tree.topLevelItem(SECTION_STEPS.index("pythons"))
        if event.step == "pythons":
            pythons_row.setText(
                COL_DETAILS, self.tr("Found; now asking TensorFlow in each one whether it sees the GPU…")
            )
        elif event.step in SECTION_STEPS:
            row = self.tree.topLevelItem(SECTION_STEPS.index(event.step))
            row.setText(COL_STATUS, self.tr("Checked"))
            row.setIcon(COL_STATUS, tone_icon(Tone.DONE))
        elif event.step.startswith("tf:"):
            self._tf_checked += 1
            total = max(event.total - len(SECTION_STEPS), self._tf_checked)
            pythons_row.setText(
                COL_DETAILS,
                self.tr("TensorFlow checked in {done} of {total} Pythons…").format(done=self._tf_checked, total=total),
            )

    def _item(self, line: Line) -> QTreeWidgetItem:
        item = QTreeWidgetItem([line.label, line.status_text, line.value])
        if line.tone is not None:
            column = COL_STATUS if line.status_text else COL_WHAT
            item.setIcon(column, tone_icon(line.tone))
        if line.kind == "section":
            font = QFont(item.font(COL_WHAT))
            font.setBold(True)
            item.setFont(COL_WHAT, font)
        item.setToolTip(COL_DETAILS, plain_tooltip(line.value))
        item.setToolTip(COL_WHAT, tooltip_for(line.label))  # driver, CUDA, cuDNN... in plain words
        item.setData(COL_DETAILS, WRAP_ROLE, line.kind in WRAPPED_KINDS)
        item.setData(COL_WHAT, LINE_ROLE, line)
        item.setExpanded(line.expanded)
        for child in line.children:
            item.addChild(self._item(child))
        return item

    def _apply_expansion(self, item: QTreeWidgetItem) -> None:
        line: Line = item.data(COL_WHAT, LINE_ROLE)
        item.setExpanded(line.expanded)
        for index in range(item.childCount()):
            child = item.child(index)
            if child is not None:
                self._apply_expansion(child)

    def _top_items(self) -> list[QTreeWidgetItem]:
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [item for item in items if item is not None]

    @Slot(QTreeWidgetItem, QTreeWidgetItem)
    def _show_details(self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None) -> None:
        if current is None:
            self.details.clear()
            return
        line: Line = current.data(COL_WHAT, LINE_ROLE)
        out: list[str] = []
        write_line(line, out)
        self.details.setPlainText("\n".join(out))

    # -- helpers for tests and tools ------------------------------------------------------
    def section_items(self) -> dict[str, QTreeWidgetItem]:
        """Top-level tree items by their (translated) label."""
        return {item.text(COL_WHAT): item for item in self._top_items()}


PAGE = PageSpec(page_id="system", order=20, factory=SystemPage,
                title=QT_TRANSLATE_NOOP("PageTitle", "Your system"))
