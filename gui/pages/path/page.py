"""The PATH page: the CUDA and cuDNN folders put on the search path, as a planned diff first.

It calls one core function, ``plan_path(host, scan, env, cuda_dir, cudnn_dir, target)``, in a worker
thread (registry reads on a big PATH, file reads), shows the plan as a coloured diff with +/- marks,
what changes where and where the backup goes; Apply asks first (the diff again), then backs up,
writes and verifies; Undo restores a change from the history exactly, and asks when something else
changed the place since. Diagnosis's "Fix" for path-not-set / cuda-runtime-missing opens this page.
"""

from __future__ import annotations

import threading
from typing import Any, cast

from PySide6.QtCore import Slot
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLineEdit, QPushButton, QVBoxLayout

from tfgpu.core.configure import applier, store
from tfgpu.core.configure.applier import UndoMode
from tfgpu.core.configure.model import Plan
from tfgpu.core.configure.planner import find_env, plan_path
from tfgpu.core.findings.model import FixStep
from tfgpu.core.host import Host, RealHost
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.scan import Scan
from tfgpu.gui.configure_worker import ConfigureController, ConfigureResult
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets.configure import HistoryView, TargetChooser
from tfgpu.gui.widgets.configure_dialogs import AskOutside, Confirm, ask_outside_change, confirm_plan
from tfgpu.gui.widgets.findings import CommandBox, plain_label
from tfgpu.gui.widgets.guide import not_needed_words
from tfgpu.gui.widgets.plan_view import PlanView

# The findings whose "Fix" opens this page (the wizard wires them; see open_for).
FIXES = ("path-not-set", "cuda-runtime-missing")


class PathPage(TfgpuPage):
    def __init__(self, context: PageContext, *, confirm: Confirm | None = None,
                 ask_outside: AskOutside | None = None) -> None:
        super().__init__(context)
        self.setTitle(self.tr("Put CUDA on the search path"))
        self.setSubTitle(self.tr("TensorFlow finds the CUDA and cuDNN libraries through PATH (Windows) or "
                                 "LD_LIBRARY_PATH (Linux). Here you see the change first, then apply it with one "
                                 "click, and undo it with another."))
        self.host: Host = context.host or RealHost()
        self.plan: Plan | None = None
        self.error: str | None = None
        self._confirm = confirm or confirm_plan
        self._ask_outside = ask_outside or ask_outside_change
        self.controller = ConfigureController(self)
        self.controller.finished.connect(self._on_result)
        self.controller.failed.connect(self._on_failed)
        self.controller.idle.connect(self._maybe_finished)
        self._build()
        context.session.scan_changed.connect(self._on_scan)
        context.session.verdict_changed.connect(self._on_verdict)
        self.chooser.set_scan(context.session.scan, context.session.env)

    def _build(self) -> None:
        self.chooser = TargetChooser(self.host.platform.is_windows)
        self.chooser.changed.connect(self.refresh)
        self.cuda_edit = QLineEdit()
        self.cuda_edit.setPlaceholderText(self.tr("CUDA folder (empty: the one the scan found for your TensorFlow)"))
        self.cudnn_edit = QLineEdit()
        self.cudnn_edit.setPlaceholderText(self.tr("cuDNN folder (empty: from the scan)"))
        self.plan_button = QPushButton(self.tr("Plan again"))
        self.plan_button.clicked.connect(self.refresh)
        self.summary = plain_label()
        self.words = plain_label()
        self.where = plain_label()
        self.admin_box = QVBoxLayout()
        self.view = PlanView()
        self.apply_button = QPushButton(self.tr("Apply…"))
        self.apply_button.setToolTip(self.tr("Shows the changes once more and asks; a backup is written first."))
        self.apply_button.clicked.connect(self.apply_plan)
        self.undo_button = QPushButton(self.tr("Undo selected change"))
        self.undo_button.clicked.connect(self.undo_selected)
        self.status = plain_label()
        self.history = HistoryView()
        self.history.itemSelectionChanged.connect(self._update_controls)

        folders = QHBoxLayout()
        folders.addWidget(self.cuda_edit, 1)
        folders.addWidget(self.cudnn_edit, 1)
        folders.addWidget(self.plan_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.status, 1)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.undo_button)
        history_group = QGroupBox(self.tr("Changes made by tfgpu"))
        QVBoxLayout(history_group).addWidget(self.history)
        layout = QVBoxLayout(self)
        layout.addWidget(self.chooser)
        layout.addLayout(folders)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 3)
        layout.addWidget(self.words)
        layout.addLayout(self.admin_box)
        layout.addWidget(self.where)
        layout.addLayout(buttons)
        layout.addWidget(history_group, 1)
        self._update_controls()

    # -- TfgpuPage ------------------------------------------------------------------------------
    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        self.refresh()

    def open_for(self, python: str | None = None, cuda_dir: str | None = None, cudnn_dir: str | None = None) -> None:
        """Preset from a finding's Fix (its environment, the folders it names) and plan."""
        if python is not None:
            index = self.chooser.env_combo.findData(python)
            if index >= 0:
                self.chooser.env_combo.setCurrentIndex(index)
        self.cuda_edit.setText(cuda_dir or "")
        self.cudnn_edit.setText(cudnn_dir or "")
        self.refresh()

    def is_busy(self) -> bool:
        return self.controller.is_busy()

    def shutdown(self) -> None:
        self.controller.shutdown()

    def _update_controls(self) -> None:
        busy = self.controller.is_busy()
        self.apply_button.setEnabled(not busy and self.plan is not None and self.plan.can_apply)
        self.undo_button.setEnabled(not busy and self.history.undoable(self.history.selected_change_id()))
        self.plan_button.setEnabled(not busy)

    # -- work ------------------------------------------------------------------------------------
    def _plan_now(self, inputs: dict) -> tuple[Plan, list]:
        """In the worker: the plan (reads the registry or the files) and the history."""
        scan, python = inputs["scan"], inputs["python"]
        env = find_env(scan, python) if python else None
        plan = plan_path(self.host, scan, env, inputs["cuda"], inputs["cudnn"], inputs["target"], python=python)
        return plan, store.list_changes()

    def _snapshot(self) -> dict:
        """What the worker reads, taken on the GUI thread."""
        return {"scan": self.context.session.scan, "python": self.chooser.python(), "target": self.chooser.target(),
                "cuda": self.cuda_edit.text().strip() or None, "cudnn": self.cudnn_edit.text().strip() or None}

    @Slot()
    def refresh(self) -> bool:
        inputs = self._snapshot()
        started = self.controller.run("plan", lambda _cancel: self._plan_now(inputs))
        self._update_controls()
        return started

    @Slot()
    def apply_plan(self) -> bool:
        plan = self.plan
        if plan is None or not plan.can_apply or not self._confirm(self, plan):
            return False
        inputs = self._snapshot()

        def work(_cancel: threading.Event):
            outcome = applier.apply_plan(self.host, plan)
            return (outcome, *self._plan_now(inputs))

        started = self.controller.run("apply", work)
        self._update_controls()
        return started

    @Slot()
    def undo_selected(self, mode: UndoMode = UndoMode.EXACT) -> bool:
        change_id = self.history.selected_change_id()
        if change_id is None:
            return False
        inputs = self._snapshot()
        self._undoing = change_id

        def work(_cancel: threading.Event):
            outcome = applier.undo_change(self.host, change_id, mode)
            return (outcome, *self._plan_now(inputs))

        started = self.controller.run("undo", work)
        self._update_controls()
        return started

    # -- results ---------------------------------------------------------------------------------
    @Slot(object)
    def _on_result(self, result: ConfigureResult) -> None:
        if result.outside is not None:
            mode = self._ask_outside(self, result.outside)
            if mode is not None:
                self.history.setCurrentItem(self._item(self._undoing))
                self.undo_selected(mode)
            else:
                self.status.setText(self.tr("Nothing was changed."))
            return
        if result.error is not None:
            self.error = result.error
            self.status.setText(self.tr("Not done: {error}").format(error=result.error))
            self.refresh()
            return
        if result.kind == "plan":
            plan, entries = cast("tuple[Plan, list]", result.value)
        else:
            outcome, plan, entries = cast("tuple[Any, Plan, list]", result.value)
            if result.kind == "apply":
                self.status.setText(self.tr("Applied and verified (change {id}). Open a new terminal or restart "
                                            "your editor to use it.").format(id=outcome.change_id))
            else:
                self.status.setText(self.tr("Undone and verified (change {id}).").format(id=outcome.undid))
        self.error = None
        self.history.set_entries(entries)
        self.show_plan(plan)

    def _item(self, change_id: str):
        for index in range(self.history.topLevelItemCount()):
            item = self.history.topLevelItem(index)
            if item.text(0) == change_id:
                return item
        return None

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.error = message
        self.status.setText(self.tr("Not done: {error}").format(error=message))

    def not_needed(self) -> str | None:
        """The verdict's words when its route does not use CUDA on the search path (for the session's
        environment, no folder typed): then the page says so and offers no change."""
        verdict = self.context.session.verdict
        if verdict is None or self.chooser.python() != verdict.env:
            return None
        if self.cuda_edit.text().strip() or self.cudnn_edit.text().strip():
            return None
        return not_needed_words(verdict, "path")

    def show_plan(self, plan: Plan) -> None:
        why = self.not_needed()
        if why is not None:  # never an instruction the route does not need ("install CUDA ...")
            self.plan = None
            self.summary.setText(why)
            self.view.set_plan(None)
            self.words.clear()
            self.where.clear()
            while self.admin_box.count():
                widget = self.admin_box.takeAt(0).widget()
                if widget is not None:
                    widget.deleteLater()
            self._update_controls()
            return
        self.plan = plan
        self.summary.setText(tr_text(plan.summary) + ("" if plan.refusal is None else
                                                      "\n" + self.tr("Cannot apply: ") + tr_text(plan.refusal)))
        self.view.set_plan(plan)
        lines = [tr_text(w) for w in plan.words] + [tr_text(n) for n in plan.notes]
        self.words.setText("\n".join("• " + line for line in lines))
        while self.admin_box.count():
            widget = self.admin_box.takeAt(0).widget()
            if widget is not None:
                widget.deleteLater()
        for step in plan.admin_steps:
            self.admin_box.addWidget(plain_label(tr_text(step.text)))
            self.admin_box.addWidget(CommandBox(FixStep(text=step.text, command=step.command, shell=step.shell)))
        if plan.edits:
            self.where.setText(self.tr("What changes where: {places}. A backup of each goes to {folder} before "
                                       "anything is written.").format(places="; ".join(plan.where),
                                                                      folder=plan.backup_dir))
        else:
            self.where.setText(self.tr("Nothing to change here. Backups of earlier changes are in {folder}.")
                               .format(folder=plan.backup_dir))
        self._update_controls()

    @Slot(object)
    def _on_scan(self, scan: Scan) -> None:
        self.chooser.set_scan(scan, self.context.session.env)
        if self.isVisible():
            self.refresh()

    @Slot(object)
    def _on_verdict(self, _verdict: object) -> None:
        """Another environment chosen (or its verdict made): plan for it."""
        self.chooser.set_scan(self.context.session.scan, self.context.session.env)
        if self.isVisible():
            self.refresh()


PAGE = PageSpec(page_id="path", order=54, factory=PathPage, title=QT_TRANSLATE_NOOP("PageTitle", "PATH and libraries"), handles=FIXES)
