"""The GPU memory page: TensorFlow's memory options in plain words, the snippet for the chosen one
(copyable; it goes before the first TF op, and the page says why), Apply (the environment variable,
with backup and undo, through the same appliers as PATH) and Verify: the memory agent runs twice in
the chosen Python, without and with the setting, and the page shows both figures, or says honestly
why nothing could be measured. Diagnosis's "Fix" for memory-growth-after-init / gpu-oom opens it.
"""

from __future__ import annotations

import importlib.util
import sys
import threading
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.configure import applier
from tfgpu.core.configure.applier import UndoMode
from tfgpu.core.configure.memory import MAX_LIMIT_MIB, OPTIONS, WHY_ORDER, plan_memory, snippet
from tfgpu.core.configure.memory_check import MemoryCheck, check_memory
from tfgpu.core.configure.model import Plan
from tfgpu.core.host import Host, RealHost
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.scan import Scan
from tfgpu.gui.configure_worker import ConfigureController, ConfigureResult
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets import consent
from tfgpu.gui.widgets.configure import TargetChooser
from tfgpu.gui.widgets.configure_dialogs import AskOutside, Confirm, ask_outside_change, confirm_plan
from tfgpu.gui.widgets.findings import monospace, plain_label

# The findings whose "Fix" opens this page (the wizard wires them; see open_for).
FIXES = ("memory-growth-after-init", "gpu-oom")


def mib(value: int | None) -> str:
    return QCoreApplication.translate("MemoryPage", "n/a") if value is None else f"{value / 2**20:,.1f} MiB"


class MemoryPage(TfgpuPage):
    def __init__(self, context: PageContext, *, confirm: Confirm | None = None,
                 ask_outside: AskOutside | None = None,
                 confirm_here: Callable[[QWidget, str], bool] | None = None) -> None:
        super().__init__(context)
        self.setTitle(self.tr("GPU memory"))
        self.setSubTitle(self.tr("By default TensorFlow takes nearly all GPU memory at once. Choose how it should "
                                 "behave, copy the code or set it for an environment, and measure the effect."))
        self.host: Host = context.host or RealHost()
        self.plan: Plan | None = None
        self.check: MemoryCheck | None = None
        self._confirm = confirm or confirm_plan
        self._ask_outside = ask_outside or ask_outside_change
        self._confirm_here = confirm_here or consent.ask_run_here
        self.controller = ConfigureController(self)
        self.controller.finished.connect(self._on_result)
        self.controller.failed.connect(lambda message: self.status.setText(self.tr("Not done: {error}").format(
            error=message)))
        self.controller.idle.connect(self._maybe_finished)
        self._build()
        context.session.scan_changed.connect(self._on_scan)
        self.chooser.set_scan(context.session.scan, context.session.env)
        self._show_snippet()

    def _build(self) -> None:
        self.modes = QButtonGroup(self)
        options = QGroupBox(self.tr("What TensorFlow should do with GPU memory"))
        grid = QGridLayout(options)
        self.limit_spin = QSpinBox()
        self.limit_spin.setRange(1, MAX_LIMIT_MIB)
        self.limit_spin.setValue(4096)
        self.limit_spin.setSuffix(" MiB")
        self.visible_edit = QLineEdit("0")
        self.visible_edit.setToolTip(self.tr("GPU numbers as nvidia-smi lists them, separated by commas: 0 or 0,1"))
        self.radios: dict[str, QRadioButton] = {}
        for row, option in enumerate(OPTIONS):
            radio = QRadioButton(tr_text(option.title))
            self.radios[option.mode] = radio
            self.modes.addButton(radio, row)
            grid.addWidget(radio, 2 * row, 0)
            extra = {"limit": self.limit_spin, "visible": self.visible_edit}.get(option.mode)
            if extra is not None:
                grid.addWidget(extra, 2 * row, 1)
            grid.addWidget(plain_label(tr_text(option.words)), 2 * row + 1, 0, 1, 2)
        self.radios["growth"].setChecked(True)
        self.modes.buttonToggled.connect(lambda _b, on: on and self._show_snippet())
        self.limit_spin.valueChanged.connect(self._show_snippet)
        self.visible_edit.textChanged.connect(self._show_snippet)
        self.why = plain_label(tr_text(WHY_ORDER))
        self.snippet_box = QPlainTextEdit()
        self.snippet_box.setReadOnly(True)
        self.snippet_box.setFont(monospace())
        self.copy_button = QPushButton(self.tr("Copy code"))
        self.copy_button.clicked.connect(self.copy_snippet)
        self.chooser = TargetChooser(self.host.platform.is_windows)
        self.apply_button = QPushButton(self.tr("Set it for this environment…"))
        self.apply_button.setToolTip(self.tr("Sets the environment variable where you chose; shows the change and "
                                             "asks first, with a backup and Undo."))
        self.apply_button.clicked.connect(self.plan_apply)
        self.undo_button = QPushButton(self.tr("Undo the last memory change"))
        self.undo_button.clicked.connect(self.undo_latest)
        self.verify_button = QPushButton(self.tr("Verify (measure)"))
        self.verify_button.setToolTip(self.tr("Runs TensorFlow twice in the chosen Python, without and with the "
                                              "setting, and shows the GPU memory it holds after a tiny operation."))
        self.verify_button.clicked.connect(self.verify)
        self.status = plain_label()
        self.result_label = plain_label()

        snippet_row = QHBoxLayout()
        snippet_row.addWidget(self.snippet_box, 1)
        snippet_row.addWidget(self.copy_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.undo_button)
        buttons.addStretch(1)
        buttons.addWidget(self.verify_button)
        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 6, 0)
        layout.addWidget(options)
        layout.addWidget(self.why)
        layout.addLayout(snippet_row, 1)
        layout.addWidget(self.chooser)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.result_label)
        # In a scroll area: at 900x650 the option texts keep the height their wrapped lines need.
        self.snippet_box.setMinimumHeight(6 * self.snippet_box.fontMetrics().lineSpacing())
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(content)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        self._update_controls()

    # -- TfgpuPage -------------------------------------------------------------------------------
    def is_busy(self) -> bool:
        return self.controller.is_busy()

    def shutdown(self) -> None:
        self.controller.shutdown()

    def open_for(self, python: str | None = None, mode: str = "growth") -> None:
        """Preset from a finding's Fix: its environment and the option that fixes it."""
        if python is not None:
            index = self.chooser.env_combo.findData(python)
            if index >= 0:
                self.chooser.env_combo.setCurrentIndex(index)
        if mode in self.radios:
            self.radios[mode].setChecked(True)

    def mode(self) -> tuple[str, str | None]:
        mode = next(m for m, radio in self.radios.items() if radio.isChecked())
        value = {"limit": str(self.limit_spin.value()), "visible": self.visible_edit.text().strip()}.get(mode)
        return mode, value

    def _update_controls(self) -> None:
        busy = self.controller.is_busy()
        mode, _ = self.mode()
        self.apply_button.setEnabled(not busy and mode != "limit")
        self.apply_button.setToolTip(self.tr("A memory limit can only be set in code: copy the snippet.")
                                     if mode == "limit" else self.apply_button.toolTip())
        self.undo_button.setEnabled(not busy)
        self.verify_button.setEnabled(not busy)

    @Slot()
    def _show_snippet(self) -> None:
        mode, value = self.mode()
        try:
            self.snippet_box.setPlainText(snippet(mode, value))
        except ValueError as exc:
            self.snippet_box.setPlainText(f"# {exc}")
        self._update_controls()

    @Slot()
    def copy_snippet(self) -> None:
        QGuiApplication.clipboard().setText(self.snippet_box.toPlainText())
        self.status.setText(self.tr("Copied: paste it at the very top of your program."))

    # -- work ------------------------------------------------------------------------------------
    def _python(self) -> str | None:
        chosen = self.chooser.python()
        if chosen is None and self.context.host is None and importlib.util.find_spec("tensorflow") is not None:
            return sys.executable  # this interpreter has TF (found without importing it)
        return chosen

    @Slot()
    def plan_apply(self) -> bool:
        mode, value = self.mode()
        python, target = self.chooser.python(), self.chooser.target()
        started = self.controller.run("plan", lambda _c: plan_memory(self.host, python, mode, value, target))
        self._update_controls()
        return started

    @Slot()
    def undo_latest(self, mode: UndoMode = UndoMode.EXACT) -> bool:
        def work(_cancel: threading.Event):
            return applier.undo_change(self.host, "latest", mode, topic="memory")

        started = self.controller.run("undo", work)
        self._update_controls()
        return started

    @Slot()
    def verify(self) -> bool:
        python = self._python()
        if python is None:
            self.result_label.setText(self.tr("Choose a Python environment with TensorFlow first."))
            return False
        session = self.context.session
        if session.needs_consent(python) or self.chooser.found_only_here(python) and python not in session.consented:
            if not self._confirm_here(self, python):
                self.result_label.setText(self.tr("Not measured: that Python belongs to the current folder and "
                                                  "runs only if you agree."))
                return False
            session.give_consent(python)
        mode, value = self.mode()
        self.result_label.setText(self.tr("Measuring: TensorFlow starts twice, this takes up to a minute…"))
        started = self.controller.run("check", lambda cancel: check_memory(self.host, python, mode, value,
                                                                            cancel=cancel))
        self._update_controls()
        return started

    @Slot(object)
    def _on_result(self, result: ConfigureResult) -> None:
        if result.outside is not None:
            undo_mode = self._ask_outside(self, result.outside)
            if undo_mode is not None:
                self.undo_latest(undo_mode)
            return
        if result.error is not None:
            self.status.setText(self.tr("Not done: {error}").format(error=result.error))
        elif result.kind == "plan":
            self._plan_ready(result.value)  # type: ignore[arg-type]
        elif result.kind == "apply":
            self.status.setText(self.tr("Set and verified (change {id}). Programs started from now on use it; "
                                        "Undo restores what was there.").format(id=result.value.change_id))  # type: ignore[attr-defined]
        elif result.kind == "undo":
            self.status.setText(self.tr("Undone and verified (change {id}).").format(id=result.value.undid))  # type: ignore[attr-defined]
        elif result.kind == "check":
            self.show_check(result.value)  # type: ignore[arg-type]
        self._update_controls()

    def _plan_ready(self, plan: Plan) -> None:
        self.plan = plan
        if plan.refusal is not None:
            self.status.setText(self.tr("Cannot set it there: {reason}").format(reason=tr_text(plan.refusal)))
            return
        if not plan.edits:
            self.status.setText(self.tr("Nothing to change: it is set already."))
            return
        if not self._confirm(self, plan):
            self.status.setText(self.tr("Nothing was changed."))
            return
        self.controller.run("apply", lambda _c: applier.apply_plan(self.host, plan))

    def show_check(self, check: MemoryCheck) -> None:
        self.check = check
        if check.measured is None:
            self.result_label.setText(self.tr("Not measured: {reason}").format(reason=check.reason or "?"))
            return
        measured = check.measured
        text = self.tr("Without the setting: {without} · with it: {with_} · difference: {difference} "
                       "(source: {source})").format(
            without=mib(measured["without"]["process_bytes"]), with_=mib(measured["with"]["process_bytes"]),
            difference=mib(measured["difference_bytes"]), source=measured["source"] or "?")
        self.result_label.setText(text)

    @Slot(object)
    def _on_scan(self, scan: Scan) -> None:
        self.chooser.set_scan(scan, self.context.session.env)


PAGE = PageSpec(page_id="memory", order=56, factory=MemoryPage, title=QT_TRANSLATE_NOOP("PageTitle", "GPU memory"), handles=FIXES)
