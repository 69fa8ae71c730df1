"""The "Install" page: the recommended TensorFlow install carried out with consent.

The route (the doctor's by default) becomes its steps, each with why, its exact command and whether
it needs administrator rights or a restart; nothing runs until Start. Then every step's output
appears live, pip's progress fills the bar, Stop ends the whole process tree, an admin step asks
first, and the end re-checks the new environment alone, shows its verdict and selects it in the app.
Planning and running go through :mod:`tfgpu.gui.pages.install.worker` (never on the GUI thread).

For the wizard: ``start_route(route)`` shows a route's steps (the "Do it for me" button calls it).
"""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.install.model import ROUTES, InstallEvent, InstallResult, Plan, RunStatus, Step
from tfgpu.core.install.recheck import merge_env
from tfgpu.core.install.safety import Removal
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.pages.install.step_view import StepRow
from tfgpu.gui.pages.install.worker import AdminQuestion, InstallController, PlanController, PlanOutcome
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets.findings import FindingList, monospace, plain_label

log = logging.getLogger(__name__)

MAX_OUTPUT_LINES = 5000
class InstallPage(TfgpuPage):
    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.setTitle(self.tr("Install TensorFlow"))
        self.setSubTitle(self.tr("The recommended install, carried out for you: every step is shown first, "
                                 "runs only when you start it, and is checked afterwards."))
        self.plan: Plan | None = None
        self.result: InstallResult | None = None
        self.rows: list[StepRow] = []
        self.install_env: dict[str, str] | None = None  # the steps' environment (None: this app's)
        self._asked_route: str | None = None
        self.planner = PlanController(context.host, parent=self)
        self.planner.finished.connect(self._on_planned)
        self.planner.failed.connect(self._on_plan_failed)
        self.planner.idle.connect(self._maybe_finished)
        self.installer = InstallController(context.host, parent=self)
        self.installer.update.connect(self._on_update)
        self.installer.finished.connect(self._on_finished)
        self.installer.failed.connect(self._on_failed)
        self.installer.idle.connect(self._maybe_finished)
        self._build()
        self._update_controls()

    # -- layout ------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.route_combo = QComboBox()
        self.route_combo.addItem(self.tr("Recommended for this computer"), None)
        for route in ROUTES:
            self.route_combo.addItem(self._route_label(route), route)
        self.route_combo.activated.connect(lambda _index: self.replan())
        self.folder_edit = QLineEdit()
        self.folder_edit.setPlaceholderText(self.tr("a new folder (chosen for you)"))
        self.folder_edit.editingFinished.connect(self._on_folder_edited)
        self.browse_button = QPushButton(self.tr("Choose…"))
        self.browse_button.clicked.connect(self._browse)
        choice_row = QHBoxLayout()
        choice_row.addWidget(QLabel(self.tr("Route:")))
        choice_row.addWidget(self.route_combo, 1)
        choice_row.addWidget(QLabel(self.tr("Folder:")))
        choice_row.addWidget(self.folder_edit, 2)
        choice_row.addWidget(self.browse_button)

        self.plan_label = plain_label()
        self.steps_widget = QWidget()
        self.steps_layout = QVBoxLayout(self.steps_widget)
        self.steps_layout.setContentsMargins(0, 0, 0, 0)
        self.steps_area = QScrollArea()
        self.steps_area.setWidgetResizable(True)
        self.steps_area.setWidget(self.steps_widget)

        self.output_view = QPlainTextEdit()
        self.output_view.setReadOnly(True)
        self.output_view.setFont(monospace())
        self.output_view.setMaximumBlockCount(MAX_OUTPUT_LINES)
        self.output_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.output_view.setPlaceholderText(self.tr("The output of each step appears here."))
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.steps_area)
        splitter.addWidget(self.output_view)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([300, 200])
        self.steps_area.setMinimumHeight(160)

        self.progress_bar = QProgressBar()
        self.progress_bar.setRange(0, 1000)
        self.progress_bar.setTextVisible(False)
        self.progress_bar.hide()
        self.progress_label = plain_label(selectable=False)
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.setToolTip(self.tr("Run the steps above, one after the other."))
        self.start_button.clicked.connect(self.start)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop the running step and everything it started."))
        self.stop_button.clicked.connect(self.stop)
        self.remove_button = QPushButton(self.tr("Remove the incomplete environment"))
        self.remove_button.clicked.connect(self.remove_incomplete)
        self.remove_button.hide()
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.stop_button)
        buttons.addWidget(self.remove_button)
        buttons.addWidget(self.progress_label, 1)

        self.result_label = plain_label()
        self.recheck_label = plain_label()
        self.recheck_label.setObjectName("recheck")
        self.findings = FindingList()
        layout = QVBoxLayout(self)
        layout.addLayout(choice_row)
        layout.addWidget(self.plan_label)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.progress_bar)
        layout.addLayout(buttons)
        layout.addWidget(self.result_label)
        layout.addWidget(self.recheck_label)
        layout.addWidget(self.findings)

    def _route_label(self, route: str) -> str:
        return {
            "linux-pip": self.tr("Linux: pip into a new virtual environment"),
            "wsl2-pip": self.tr("WSL 2: pip into a new virtual environment"),
            "windows-native-tf210": self.tr("Windows: TensorFlow 2.10 in a new conda environment"),
            "old-gpu": self.tr("Older GPU: the last TensorFlow that supports it"),
            "cpu": self.tr("No GPU: TensorFlow for the processor"),
            "wsl2-setup": self.tr("Windows: set up WSL 2 first (administrator, restart)"),
        }.get(route, route)

    # -- TfgpuPage ----------------------------------------------------------------------------------
    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        if self.plan is None and not self.planner.is_busy() and not self.installer.is_busy():
            self.replan()

    def is_busy(self) -> bool:
        return self.planner.is_busy() or self.installer.is_busy()

    def shutdown(self) -> None:
        busy = self.is_busy()
        self.planner.shutdown()
        self.installer.shutdown()
        if busy:
            self.work_finished.emit()

    def _update_controls(self) -> None:
        running = self.installer.is_running()
        self.start_button.setEnabled(not running and not self.planner.is_busy()
                                     and self.plan is not None and self.plan.ok)
        self.stop_button.setEnabled(running)
        for widget in (self.route_combo, self.folder_edit, self.browse_button):
            widget.setEnabled(not running)

    # -- planning -----------------------------------------------------------------------------------
    def start_route(self, route: str | None = None, target: str | None = None) -> bool:
        """Show ``route``'s steps (None: the recommended one) for ``target``; Start carries them out."""
        if self.installer.is_running():
            return False
        index = self.route_combo.findData(route) if route else 0
        self.route_combo.setCurrentIndex(max(index, 0))
        if target is not None:
            self.folder_edit.setText(target)
        return self.replan()

    def replan(self) -> bool:
        route = self.route_combo.currentData()
        self._asked_route = route
        self.plan_label.setText(self.tr("Working out the steps for this computer…"))
        ok = self.planner.plan(self.context.session.scan, route, self.folder_edit.text().strip() or None)
        self._update_controls()
        return ok

    @Slot()
    def _on_folder_edited(self) -> None:
        if self.plan is None or self.folder_edit.text().strip() != (self.plan.target or ""):
            self.replan()

    @Slot()
    def _browse(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Choose an empty folder for the new environment"))
        if folder:
            self.folder_edit.setText(folder)
            self.replan()

    @Slot(object)
    def _on_planned(self, outcome: PlanOutcome) -> None:
        self.show_plan(outcome.plan, tr_text(outcome.note_text) if outcome.note_text is not None else "")

    @Slot(str)
    def _on_plan_failed(self, message: str) -> None:
        self.plan_label.setText(self.tr("The steps could not be worked out: {error}").format(error=message))

    def show_plan(self, plan: Plan | None, note: str = "") -> None:
        self.plan, self.result = plan, None
        for row in self.rows:
            row.setParent(None)
            row.deleteLater()
        self.rows = []
        self.findings.clear()
        self.result_label.clear()
        self.recheck_label.clear()
        self.remove_button.hide()
        if plan is None:
            self.plan_label.setText(note)
            self._update_controls()
            return
        if plan.target and self.folder_edit.text().strip() != plan.target:
            self.folder_edit.setText(plan.target)
        lines = [note] if note else []
        lines += [tr_text(n) for n in plan.notes]
        if plan.problems:
            lines.append(self.tr("This route cannot start here:"))
            lines += [tr_text(p.detail) for p in plan.problems]
            self._show_findings(plan.problems)
        self.plan_label.setText("\n".join(lines))
        for number, step in enumerate(plan.steps, 1):
            row = StepRow(number, step)
            self.rows.append(row)
            self.steps_layout.addWidget(row)
        self._update_controls()

    # -- running ------------------------------------------------------------------------------------
    @Slot()
    def start(self) -> bool:
        """Carry out the plan shown (the Start button is the consent; admin steps still ask)."""
        if self.plan is None or not self.plan.ok or not self.installer.install(self.plan, self.install_env):
            return False
        self.output_view.clear()
        self.result_label.clear()
        self.recheck_label.clear()
        self.remove_button.hide()
        self.progress_bar.setRange(0, 0)
        self.progress_bar.show()
        self.progress_label.setText(self.tr("Starting…"))
        self._update_controls()
        return True

    @Slot()
    def stop(self) -> None:
        if self.installer.is_running():
            self.progress_label.setText(self.tr("Stopping…"))
            self.installer.cancel()

    def ask_admin(self, step: Step) -> bool:
        """Ask before an admin step (tests replace this)."""
        text = self.tr("This step needs administrator rights:\n\n{title}\n\n{command}\n\nRun it now?").format(
            title=tr_text(step.title), command=step.command)
        answer = QMessageBox.question(self, self.tr("Administrator rights"), text,
                                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    @Slot(object)
    def _on_update(self, event: object) -> None:
        if isinstance(event, AdminQuestion):
            event.answer(self.ask_admin(event.step))
            return
        if not isinstance(event, InstallEvent):
            return
        total = len(self.rows)
        if event.kind == "step" and 0 <= event.index < total:
            self.rows[event.index].set_state("running", self.tr("running…"))
            self.steps_area.ensureWidgetVisible(self.rows[event.index])
            self.progress_bar.setRange(0, 0)
            self.progress_label.setText(self.tr("Step {number} of {total}: {title}").format(
                number=event.index + 1, total=total, title=tr_text(self.rows[event.index].step.title)))
            self.output_view.appendPlainText(f"$ {self.rows[event.index].step.command}")
        elif event.kind == "line" and not event.text.startswith("Progress "):
            self.output_view.appendPlainText(event.text)
        elif event.kind == "progress" and event.progress is not None:
            self._show_progress(event)
        elif event.kind == "step-done" and event.outcome is not None and 0 <= event.index < total:
            self.rows[event.index].set_state(event.outcome.status, self._status_text(event.outcome.status))
        elif event.kind == "recheck":
            self.progress_bar.setRange(0, 0)
            self.progress_label.setText(self.tr("Re-checking the new environment…"))

    def _show_progress(self, event: InstallEvent) -> None:
        progress = event.progress
        assert progress is not None
        if progress.fraction is None:
            self.progress_bar.setRange(0, 0)
        else:
            self.progress_bar.setRange(0, 1000)
            self.progress_bar.setValue(int(progress.fraction * 1000))
        phase = {"resolving": self.tr("finding packages"), "downloading": self.tr("downloading"),
                 "installing": self.tr("installing"), "done": self.tr("installed")}.get(progress.phase, progress.phase)
        figure = f" {progress.fraction * 100:.0f}%" if progress.fraction is not None else ""
        self.progress_label.setText(f"{phase}{figure}: {progress.label[:90]}")

    def _status_text(self, status: str) -> str:
        return {"ok": self.tr("done"), "failed": self.tr("failed"), "cancelled": self.tr("stopped"),
                "declined": self.tr("not confirmed"), "handed-over": self.tr("your turn")}.get(status, status)

    @Slot(object)
    def _on_finished(self, outcome: object) -> None:
        if isinstance(outcome, Removal):
            self.result_label.setText(tr_text(outcome.message))
            self.remove_button.setVisible(not outcome.ok)
            return
        if not isinstance(outcome, InstallResult):
            return
        self.result = outcome
        self.progress_bar.setRange(0, 1000)
        self.progress_bar.setValue(1000 if outcome.status is RunStatus.DONE else self.progress_bar.value())
        headline = {RunStatus.DONE: self.tr("Done."), RunStatus.FAILED: self.tr("The install failed."),
                    RunStatus.CANCELLED: self.tr("Stopped."), RunStatus.REFUSED: self.tr("Not started."),
                    RunStatus.DECLINED: self.tr("Stopped before a step that needs administrator rights."),
                    RunStatus.RESTART: self.tr("Restart Windows, then open TF GPU Assistant again.")}[outcome.status]
        self.progress_label.setText(headline)
        message = tr_text(outcome.message) if outcome.message is not None else ""
        log_line = self.tr("Full log: {path}").format(path=outcome.log_path) if outcome.log_path else ""
        self.result_label.setText("\n".join(x for x in (message, log_line) if x))
        self._show_findings(outcome.findings)
        self.remove_button.setVisible(outcome.incomplete)
        if outcome.recheck is not None:
            self.recheck_label.setText(self.tr("Re-check: {verdict}").format(verdict=tr_text(outcome.recheck.headline)))
            if outcome.recheck_scan is not None:
                self.context.session.set_scan(merge_env(self.context.session.scan, outcome.recheck_scan))
            self.context.session.select_python(outcome.recheck.python)

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.progress_label.setText(self.tr("The install stopped with an error: {error}").format(error=message))

    def _show_findings(self, findings: list) -> None:
        first = findings[0].id if findings else None
        self.findings.set_findings(findings, expand=lambda finding: finding.id == first)

    @Slot()
    def remove_incomplete(self) -> None:
        if self.plan is None or self.installer.is_running():
            return
        answer = QMessageBox.question(self, self.tr("Remove"), self.tr("Delete {path} and everything in it?").format(
            path=self.plan.target), QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.No)
        if answer == QMessageBox.StandardButton.Yes:
            self.remove_now()

    def remove_now(self) -> bool:
        """Remove the environment this page created (only an environment tfgpu created is ever removed)."""
        if self.plan is None:
            return False
        return self.installer.remove(self.plan.target if self.plan.location == "local"
                                     else f"{self.plan.location}:{self.plan.target}")


PAGE = PageSpec(page_id="install", order=35, factory=InstallPage, title=QT_TRANSLATE_NOOP("PageTitle", "Do it for me"),
                handles=("tf-not-installed", "no-native-windows-gpu", "cpu-only-build", "tensorflow-gpu-removed",
                         "mixed-tf-packages", "python-unsupported", "compute-capability-unsupported"))
