"""The Profile page: run the user's own training script and show where each step's time goes.

The user picks the script (a file dialog: only that file runs) and the environment (the one chosen
in the app by default). The profile agent runs in a worker (:mod:`.worker`); live steps and GPU
figures come as updates; the result shows the step's parts as a stacked bar, the step times
(pyqtgraph), the top ops, the advice with a Copy button per snippet, the TensorBoard command, Export.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.widgets import consent
from tfgpu.gui.widgets.python_picker import PythonPicker

if TYPE_CHECKING:
    from tfgpu.core.profile.model import ProfileRun
    from tfgpu.core.profile.runner import ProfileUpdate
    from tfgpu.gui.pages.profile.worker import ProfileFunction


class ProfilePage(TfgpuPage):
    def __init__(self, context: PageContext, *, profile_fn: ProfileFunction | None = None,
                 history_folder: Path | None = None) -> None:
        from tfgpu.gui.pages.profile.worker import ProfileController

        super().__init__(context)
        self.setTitle(self.tr("Profile my training"))
        self.setSubTitle(self.tr("Runs your own training script for a few steps and says where each step's time "
                                 "goes and what to change."))
        self.run: ProfileRun | None = None
        self.script: str | None = None
        self.part_names = {"input": self.tr("waiting for input"), "device_compute": self.tr("device compute"),
                           "host_compute": self.tr("host compute"), "copies": self.tr("host↔device copies"),
                           "launch_idle": self.tr("launch / idle"), "compile": self.tr("compiling")}
        self.controller = ProfileController(context.host, profile_fn, history_folder=history_folder, parent=self)
        self.controller.update.connect(self._on_update)
        self.controller.finished.connect(self._on_finished)
        self.controller.failed.connect(self._on_failed)
        self._live_steps: list[float] = []
        self._gpu_text = ""
        self._build()
        context.session.scan_changed.connect(lambda _scan: self.refresh_environments())
        context.session.env_changed.connect(lambda _env: self.refresh_environments())
        context.session.python_selected.connect(lambda _python: self.refresh_environments())
        self.refresh_environments()

    # -- layout ------------------------------------------------------------------------------------
    def _build(self) -> None:
        from tfgpu.gui.pages.profile.charts import StepPartsBar, step_time_plot
        from tfgpu.gui.pages.profile.views import AdviceList, TopOpsTable

        self.script_label = QLabel(self.tr("No script chosen"))
        self.script_label.setWordWrap(True)
        self.choose_button = QPushButton(self.tr("Choose script…"))
        self.choose_button.clicked.connect(self.choose_script)
        self.args_edit = QLineEdit()
        self.args_edit.setPlaceholderText(self.tr("the script's arguments (optional)"))
        self.env_combo = PythonPicker(24)
        self.env_combo.chosen.connect(self._update_controls)
        self.start_button = QPushButton(self.tr("Start"))
        self.start_button.clicked.connect(self.start_run)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop the script and everything it started."))
        self.stop_button.clicked.connect(self.stop_run)
        self.live_label = QLabel("")
        self.live_label.setWordWrap(True)

        top = QHBoxLayout()
        top.addWidget(self.choose_button)
        top.addWidget(self.script_label, 1)
        second = QHBoxLayout()
        second.addWidget(QLabel(self.tr("Arguments:")))
        second.addWidget(self.args_edit, 1)
        third = QHBoxLayout()
        third.addWidget(QLabel(self.tr("Python:")))
        third.addWidget(self.env_combo, 1)
        third.addWidget(self.start_button)
        third.addWidget(self.stop_button)

        self.bar = StepPartsBar(self.part_names)
        self.summary_label = QLabel("")
        self.summary_label.setWordWrap(True)
        self.plot = step_time_plot(self.tr("step"))
        # A failed run: the script's own traceback (its frames only) or last output, instead of the bar.
        self.output_view = QPlainTextEdit()
        self.output_view.setReadOnly(True)
        self.output_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.output_box = QWidget()
        output_layout = QVBoxLayout(self.output_box)
        output_layout.setContentsMargins(0, 0, 0, 0)
        output_layout.addWidget(QLabel(self.tr("The script's last output:")))
        output_layout.addWidget(self.output_view, 1)
        self.output_box.hide()
        parts = QWidget()
        parts_layout = QVBoxLayout(parts)
        parts_layout.addWidget(self.summary_label)
        parts_layout.addWidget(self.output_box, 1)
        parts_layout.addWidget(self.bar)
        parts_layout.addWidget(self.plot, 1)
        self.ops_table = TopOpsTable()
        self.advice_list = AdviceList()
        advice_scroll = QScrollArea()
        advice_scroll.setWidgetResizable(True)
        advice_scroll.setWidget(self.advice_list)
        self.tabs = QTabWidget()
        self.tabs.addTab(parts, self.tr("Where the time goes"))
        self.tabs.addTab(advice_scroll, self.tr("What to change"))
        self.tabs.addTab(self.ops_table, self.tr("Top ops"))

        self.tensorboard_edit = QLineEdit()
        self.tensorboard_edit.setReadOnly(True)
        self.tensorboard_copy = QPushButton(self.tr("Copy"))
        self.tensorboard_copy.clicked.connect(lambda: QGuiApplication.clipboard().setText(self.tensorboard_edit.text()))
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.clicked.connect(self.export_dialog)
        bottom = QHBoxLayout()
        bottom.addWidget(QLabel(self.tr("Open the full trace in TensorBoard:")))
        bottom.addWidget(self.tensorboard_edit, 1)
        bottom.addWidget(self.tensorboard_copy)
        bottom.addWidget(self.export_button)

        # Before the first result: what to do, instead of an empty plot and empty tabs.
        self.empty_label = QLabel(self.tr(
            "No profile yet. 1. Choose your training script: the .py file you run to train (Model.fit, or a custom "
            "loop). 2. Pick the Python environment with TensorFlow to run it in. 3. Press Start. The script runs "
            "from its own folder for a few warm-up steps and a few traced steps, then it is stopped; here you will "
            "see where each step's time goes and what to change."))
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.result_stack = QStackedWidget()
        self.result_stack.addWidget(self.empty_label)
        self.result_stack.addWidget(self.tabs)

        layout = QVBoxLayout(self)
        for row in (top, second, third):
            layout.addLayout(row)
        layout.addWidget(self.live_label)
        layout.addWidget(self.result_stack, 1)
        layout.addLayout(bottom)
        self._update_controls()

    # -- the page protocol ----------------------------------------------------------------------------
    def is_busy(self) -> bool:
        return self.controller.is_busy()

    def close_question(self) -> str | None:
        return self.tr("A profile is running; closing stops the script.") if self.is_busy() else None

    def shutdown(self) -> None:
        self.controller.shutdown()

    def _update_controls(self) -> None:
        busy = self.controller.is_busy()
        self.start_button.setEnabled(not busy and self.script is not None and self.selected_python() is not None)
        self.stop_button.setEnabled(busy)
        self.choose_button.setEnabled(not busy)
        has_run = self.run is not None and self.run.ok
        self.export_button.setEnabled(self.run is not None)
        self.tensorboard_copy.setEnabled(has_run and bool(self.tensorboard_edit.text()))

    # -- choosing --------------------------------------------------------------------------------------
    @Slot()
    def choose_script(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(self, self.tr("Choose your training script"), "",
                                                    self.tr("Python scripts (*.py *.pyw);;All files (*)"))
        if path:
            self.set_script(path)

    def set_script(self, path: str) -> bool:
        """The script the user chose (only this file runs); False, with the reason shown, for a file
        that is not a Python script."""
        from tfgpu.core.profile.runner import SCRIPT_SUFFIXES

        chosen = Path(path).resolve()
        if chosen.suffix.lower() not in SCRIPT_SUFFIXES:
            self.live_label.setText(self.tr("{path} is not a Python script (.py): choose the training script "
                                            "itself.").format(path=str(chosen)))
            return False
        self.script = str(chosen)
        self.script_label.setText(self.script)
        self.live_label.setText("")
        self._update_controls()
        return True

    def refresh_environments(self) -> None:
        session = self.context.session  # the chosen environment first: one rule for every page
        paths: list[str] = []
        for path in (session.env, session.selected_python):
            if path and path not in paths:
                paths.append(path)
        scan = session.scan
        for env in scan.pythons.envs if scan is not None else []:
            if env.tensorflow is not None and env.tensorflow.version and env.executable not in paths:
                paths.append(env.executable)
        if not paths and self.context.host is None:
            import importlib.util

            if importlib.util.find_spec("tensorflow") is not None:
                paths.append(sys.executable)
        self.env_combo.set_pythons([(path, path) for path in paths])
        self._update_controls()

    def selected_python(self) -> str | None:
        return self.env_combo.selected_python()

    def select_python(self, path: str) -> None:
        self.env_combo.select_python(path)
        self._update_controls()

    # -- running ---------------------------------------------------------------------------------------
    def script_args(self) -> list[str]:
        text = self.args_edit.text().strip()
        return shlex.split(text, posix=os.name != "nt") if text else []

    @Slot()
    def start_run(self, options=None) -> bool:
        python = self.selected_python()
        if python is None or self.script is None:
            return False
        try:
            args = self.script_args()
        except ValueError as exc:  # an unclosed quote
            self.live_label.setText(self.tr("The arguments cannot be read: {error}").format(error=str(exc)))
            return False
        session = self.context.session
        if session.needs_consent(python):  # a Python of the current folder: ask first (one rule, the Session's)
            if not consent.ask_run_here(self, python):
                self.live_label.setText(self.tr("Not started: that Python belongs to the current folder and runs "
                                                "only if you agree."))
                return False
            session.give_consent(python)
        if not self.controller.start(python, self.script, args, options):
            return False
        self._live_steps, self._gpu_text = [], ""
        self.live_label.setText(self.tr("Starting the script in {python}…").format(python=python))
        self._update_controls()
        return True

    @Slot()
    def stop_run(self) -> None:
        self.controller.cancel()
        self.live_label.setText(self.tr("Stopping the script…"))

    @Slot(object)
    def _on_update(self, update: ProfileUpdate) -> None:
        if update.kind == "gpu" and update.gpu_util is not None:
            memory = "" if update.gpu_mem_mib is None else f", {update.gpu_mem_mib / 1024:.1f} GiB"
            self._gpu_text = self.tr("GPU {util}% busy{memory}").format(util=f"{update.gpu_util:.0f}", memory=memory)
        elif update.kind == "step" and update.ms is not None:
            self._live_steps.append(update.ms)
            what = self.tr("step {step}: {ms} ms (traced)") if update.traced else self.tr("step {step}: {ms} ms")
            self.live_label.setText(" · ".join(t for t in (what.format(step=update.step, ms=f"{update.ms:.1f}"),
                                                           self._gpu_text) if t))
        elif update.kind == "trace":
            self.live_label.setText(self.tr("Tracing…") if update.message == "start" else self.tr("Reading the trace…"))

    @Slot(object)
    def _on_finished(self, run: ProfileRun) -> None:
        self.show_run(run)
        self._maybe_finished()

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.live_label.setText(self.tr("The profile could not finish: {error}.").format(error=message))
        self._maybe_finished()

    # -- the result ------------------------------------------------------------------------------------
    def show_run(self, run: ProfileRun) -> None:
        from tfgpu.core.profile.tensorboard import plugin_install_command, tensorboard_command
        from tfgpu.gui.pages.profile.charts import show_steps

        self.run = run
        self.result_stack.setCurrentWidget(self.tabs)
        if not run.ok:
            self.live_label.setText(self.tr("Not profiled: {reason}").format(reason=run.reason or run.status))
        else:
            median = run.step_ms.get("median")
            self.live_label.setText(self.tr("Profiled {steps} steps; a step takes {ms} ms (median).").format(
                steps=run.steps_traced, ms=f"{median:.1f}" if median is not None else "n/a")
                + (" " + run.reason if run.reason else ""))
        self.bar.set_shares(run.breakdown)
        bottleneck = {"input": self.tr("the input pipeline: the device waits for data"),
                      "device-compute": self.tr("the device's compute: it is busy, which is good"),
                      "host-compute": self.tr("ops running on the host"),
                      "copies": self.tr("copies between the host and the GPU"),
                      "launch": self.tr("launch overhead and idle time: the steps are small"),
                      "compile": self.tr("compilation"), "unknown": self.tr("no part stands out")}
        facts = [self.tr("Bottleneck: {what}").format(what=bottleneck.get(run.bottleneck, run.bottleneck))]
        if run.gpu.get("util_mean") is not None:
            facts.append(self.tr("GPU busy {mean}% on average, memory peak {memory} MiB").format(
                mean=f"{run.gpu['util_mean']:.0f}", memory=f"{run.gpu.get('memory_peak_mib') or 0:.0f}"))
        elif run.ok and not run.gpu.get("used"):
            facts.append(self.tr("No GPU was used: the CPU is the device."))
        if run.retracing_warnings:
            facts.append(self.tr("Retracing warnings: {count}").format(count=run.retracing_warnings))
        self.summary_label.setText("\n".join(facts) if run.ok else "")
        output = [line for line in run.output_tail.strip().splitlines() if line.strip()][-40:]
        failed_output = run.status == "failed" and bool(output)
        self.output_view.setPlainText("\n".join(output) if failed_output else "")
        self.output_view.verticalScrollBar().setValue(self.output_view.verticalScrollBar().maximum())
        self.output_box.setVisible(failed_output)
        self.bar.setVisible(run.ok)
        first = len(run.step_times_ms) - len(run.traced_steps_ms) + 1 if run.traced_steps_ms else None
        if run.mode == "fit" and run.traced_steps_ms:
            first = next((i + 1 for i in range(len(run.step_times_ms))
                          if run.step_times_ms[i:i + len(run.traced_steps_ms)] == run.traced_steps_ms), first)
        show_steps(self.plot, run.step_times_ms or run.traced_steps_ms, run.traced_steps_ms, first)
        self.ops_table.set_ops(run.top_ops)
        self.advice_list.set_advice(run.advice, open_page=self.context.session.request_page)
        self.tensorboard_edit.setText(tensorboard_command(run) if run.ok and run.logdir else "")
        self.tensorboard_edit.setCursorPosition(0)  # the interpreter first
        self.tensorboard_edit.setToolTip(self.tr("TensorBoard shows the trace in its Profile tab. TensorFlow 2.20 "
                                                 "and newer install neither; in that Python: {command}").format(
            command=plugin_install_command(run)) if run.ok and run.logdir else "")
        if run.ok and run.advice:
            self.tabs.setCurrentIndex(1)
        elif not run.ok:
            self.tabs.setCurrentIndex(0)  # the reason's evidence: the script's own output
        self._update_controls()

    @Slot()
    def export_dialog(self) -> None:
        if self.run is None:
            return
        path, _filter = QFileDialog.getSaveFileName(self, self.tr("Export the profile"), f"profile-{self.run.run_id}.json",
                                                    self.tr("JSON (*.json);;Text (*.txt)"))
        if path:
            self.export(path)

    def export(self, path: str) -> bool:
        from tfgpu.core.profile.render import format_run

        assert self.run is not None
        text = (json.dumps(self.run.document(), indent=2) if path.endswith(".json") else format_run(self.run, True))
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            self.live_label.setText(self.tr("Cannot write {path}: {error}").format(path=path, error=str(exc)))
            return False
        return True


PAGE = PageSpec(page_id="profile", order=52, factory=ProfilePage, title=QT_TRANSLATE_NOOP("PageTitle", "Profile my training"))
