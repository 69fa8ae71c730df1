"""The Benchmark page: how fast TensorFlow runs in a chosen Python, on the GPU and the CPU.

The run happens in the bench agent (a subprocess) driven by ``run_bench`` in a worker thread
(:mod:`tfgpu.gui.pages.benchmark.worker`); its live updates move the progress bar and fill the results
as they come, the mini-monitor (fed by the window's one monitor service) shows the machine's
load meanwhile, and the finished run is saved to the history. On open the page shows the
latest saved run, read off the GUI thread.
"""

from __future__ import annotations

import functools
import importlib.metadata
import importlib.util
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
)

from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.gui.icons import Tone
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets import consent
from tfgpu.gui.widgets.combo import fit_words
from tfgpu.gui.widgets.findings import plain_label
from tfgpu.gui.widgets.python_picker import PythonPicker, same_path

if TYPE_CHECKING:  # the benchmark's code (and pyqtgraph) loads when the page is first built
    from tfgpu.core.bench.model import BenchRun
    from tfgpu.core.bench.runner import BenchOptions, BenchUpdate
    from tfgpu.core.bench.saved_runs import SavedRun
    from tfgpu.core.scan import Scan
    from tfgpu.gui.monitor_service import MonitorService
    from tfgpu.gui.pages.benchmark.worker import BenchFunction

@functools.lru_cache(maxsize=1)
def _this_python_tf() -> tuple[bool, str | None]:
    """Whether this interpreter has TensorFlow (found, not imported) and its version; asked once."""
    if importlib.util.find_spec("tensorflow") is None:
        return False, None
    try:
        return True, importlib.metadata.version("tensorflow")
    except importlib.metadata.PackageNotFoundError:
        return True, None


class BenchmarkPage(TfgpuPage):
    def __init__(self, context: PageContext, *, bench_fn: BenchFunction | None = None,
                 monitor: MonitorService | None = None, history_folder: Path | None = None) -> None:
        """``monitor``: the service the mini-monitor holds; by default the wizard's shared one."""
        from tfgpu.gui.pages.benchmark.worker import BenchController, HistoryController

        super().__init__(context)
        self.setTitle(self.tr("Benchmark"))
        self.setSubTitle(self.tr("How fast TensorFlow runs here, on the GPU and on the CPU, "
                                 "and how close it comes to what the hardware can do."))
        self.agent_args: tuple[str, ...] = ()  # passed to the agent (tests and tools: tiny sizes)
        self.run: BenchRun | None = None  # the run shown
        self.saved: list[SavedRun] = []  # readable saved runs, newest first
        self.error: str | None = None
        self._history_requested = False
        self._total = 0
        self.controller = BenchController(context.host, bench_fn, history_folder=history_folder, parent=self)
        self.controller.update.connect(self._on_update)
        self.controller.finished.connect(self._on_finished)
        self.controller.failed.connect(self._on_failed)
        self.history = HistoryController(history_folder, parent=self)
        self.history.finished.connect(self._on_history)
        self.history.failed.connect(lambda _message: self._maybe_finished())
        self._build(monitor)
        context.session.scan_changed.connect(self._on_scan)
        context.session.python_selected.connect(self.select_python)  # e.g. the environment just installed
        self.refresh_environments()

    # -- layout ----------------------------------------------------------------------------
    def _build(self, monitor: MonitorService | None) -> None:
        from tfgpu.gui.monitor_service import monitor_service
        from tfgpu.gui.pages.benchmark.mini_monitor import MiniMonitor
        from tfgpu.gui.pages.benchmark.results_view import BenchResultsView

        self.env_combo = PythonPicker(30)
        self.env_combo.chosen.connect(self._update_controls)
        self.mode_combo = QComboBox()
        self.mode_combo.addItem(self.tr("Quick (about a minute)"), True)
        self.mode_combo.addItem(self.tr("Full (several minutes)"), False)
        self.mode_combo.addItem(self.tr("Scaling across devices (MirroredStrategy)"), "scaling")
        fit_words(self.mode_combo)  # "Quick (about a minute)" whole; the long scaling item is elided when chosen
        self.device_combo = QComboBox()
        for text, value in ((self.tr("GPU and CPU"), "both"), (self.tr("GPU only"), "gpu"), (self.tr("CPU only"), "cpu")):
            self.device_combo.addItem(text, value)
        self.run_button = QPushButton(self.tr("Run benchmark"))
        self.run_button.clicked.connect(self.start_run)
        self.cancel_button = QPushButton(self.tr("Stop"))  # not "Cancel": the wizard's Cancel closes the app
        self.cancel_button.setToolTip(self.tr("Stop the benchmark; the figures measured so far are kept."))
        self.cancel_button.clicked.connect(self.cancel_run)
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setValue(0)
        self.progress.hide()  # until a run starts: a saved run shown on open has no progress
        self.status_label = plain_label(selectable=False)
        self.status_label.hide()
        # The shared service is made on first use, when the monitor is first shown.
        self.mini_monitor = MiniMonitor(monitor if monitor is not None else lambda: monitor_service(self.context))
        self.mini_monitor.hide()  # until a run starts, or "Show monitor"
        self.monitor_toggle = QCheckBox(self.tr("Show monitor"))
        self.monitor_toggle.setToolTip(self.tr("CPU, RAM and GPU load, live. It also shows during a run; "
                                               "pop it out to watch your own training."))
        self.monitor_toggle.toggled.connect(self._on_monitor_toggled)
        self.run_label = plain_label(selectable=False)
        self.compare_combo = QComboBox()
        self.compare_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.compare_combo.currentIndexChanged.connect(self._on_compare_changed)
        self.copy_button = QPushButton(self.tr("Copy results"))
        self.copy_button.setToolTip(self.tr("Copy the results as text, to paste into a chat or an issue."))
        self.copy_button.clicked.connect(self.copy_results)
        self.results = BenchResultsView()

        env_row = QHBoxLayout()
        env_row.addWidget(QLabel(self.tr("Python environment:")))
        env_row.addWidget(self.env_combo, 1)
        options_row = QHBoxLayout()
        for label, widget in ((self.tr("Mode:"), self.mode_combo), (self.tr("Device:"), self.device_combo)):
            options_row.addWidget(QLabel(label))
            options_row.addWidget(widget)
        options_row.addWidget(self.monitor_toggle)
        options_row.addStretch(1)  # at 900 px the mode is shown whole: the run buttons sit with the environment
        env_row.addWidget(self.run_button)
        env_row.addWidget(self.cancel_button)
        progress_row = QHBoxLayout()
        progress_row.addWidget(self.progress, 1)
        progress_row.addWidget(self.status_label, 2)
        results_row = QHBoxLayout()
        results_row.addWidget(self.run_label, 1)
        results_row.addWidget(QLabel(self.tr("Compare with:")))
        results_row.addWidget(self.compare_combo)
        results_row.addWidget(self.copy_button)
        layout = QVBoxLayout(self)
        for row in (env_row, options_row, progress_row):
            layout.addLayout(row)
        layout.addWidget(self.mini_monitor)
        layout.addLayout(results_row)
        layout.addWidget(self.results, 1)
        self._refresh_compare()
        self._update_controls()

    # -- QWizardPage / TfgpuPage -----------------------------------------------------------------
    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        self.refresh_environments()
        self.mini_monitor.prepare()  # the sampler is built now, not when a run starts
        self.load_history()

    def is_busy(self) -> bool:
        return self.controller.is_running() or self.history.is_running()

    def close_question(self) -> str | None:
        if self.controller.is_running():
            return self.tr("A benchmark is running; closing stops it (the figures measured so far are kept).")
        return None

    def nav_tone(self) -> Tone | None:
        if self.controller.is_running():
            return Tone.BUSY
        return Tone.DONE if self.run is not None else None

    def carry_over(self) -> dict:
        return {"python": self.selected_python(), "mode": self.mode_combo.currentIndex(),
                "device": self.device_combo.currentIndex(), "monitor": self.monitor_toggle.isChecked()}

    def take_over(self, state: dict) -> None:
        if state.get("python"):
            self.select_python(state["python"])
        self.mode_combo.setCurrentIndex(state.get("mode", 0))
        self.device_combo.setCurrentIndex(state.get("device", 0))
        self.monitor_toggle.setChecked(bool(state.get("monitor")))

    def shutdown(self) -> None:
        busy = self.is_busy()
        self.mini_monitor.shutdown()
        self.controller.shutdown()
        self.history.shutdown()
        if busy:
            self.work_finished.emit()

    # -- environments ------------------------------------------------------------------------------
    def _env_label(self, version: str | None, tf: str | None, gpus: int | None, path: str) -> str:
        python = self.tr("Python {version}").format(version=version) if version else self.tr("Python")
        tf_text = self.tr("TensorFlow {version}").format(version=tf) if tf else self.tr("TensorFlow (does not import)")
        gpu = "" if gpus is None else (", " + (self.tr("GPU") if gpus > 0 else self.tr("no GPU")))
        return f"{python} · {tf_text}{gpu} · {path}"

    def environments(self, scan: Scan | None) -> list[tuple[str, str]]:
        """(label, python) for every environment with TensorFlow installed, those seeing a GPU first."""
        envs = [e for e in (scan.pythons.envs if scan is not None else [])
                if e.tensorflow is not None and (e.tensorflow.installed or e.tensorflow.version)]
        envs.sort(key=lambda e: -(e.tensorflow.gpu_count or 0))
        items = [(self._env_label(e.version, e.tensorflow.version, e.tensorflow.gpu_count, e.executable), e.executable)
                 for e in envs]
        has_tf, tf_version = _this_python_tf() if self.context.host is None else (False, None)
        listed = any(e.is_self or same_path(e.executable, sys.executable) for e in envs)
        if has_tf and not listed:
            version = ".".join(str(part) for part in sys.version_info[:3])
            items.append((self._env_label(version, tf_version, None, sys.executable), sys.executable))
        return items

    @Slot(object)
    def _on_scan(self, _scan: object) -> None:
        self.refresh_environments()

    def refresh_environments(self) -> None:
        self.env_combo.set_pythons(self.environments(self.context.session.scan))
        if self.controller.is_running():
            pass
        elif self.env_combo.count() > 1:
            self._say("")  # a scan found environments: the "none found" line no longer holds
        elif self.run is None:
            self._say(self.tr("No Python environment with TensorFlow was found: install it "
                                              "(the Diagnosis page says how), or choose one with \"Other Python…\"."))
        self._update_controls()

    def selected_python(self) -> str | None:
        return self.env_combo.selected_python() if hasattr(self, "env_combo") else None

    def select_python(self, path: str) -> None:
        """Select ``path`` in the list, adding it when it is not there (the "Other Python…" choice)."""
        self.env_combo.select_python(path)
        self._update_controls()

    # -- running ---------------------------------------------------------------------------------
    def options(self) -> BenchOptions:
        from tfgpu.core.bench.runner import BenchOptions
        from tfgpu.core.bench.suites import SUITES

        mode = self.mode_combo.currentData()
        suites = ("scaling",) if mode == "scaling" else SUITES
        return BenchOptions(quick=mode is not False, suites=suites, device=str(self.device_combo.currentData()),
                            agent_args=tuple(self.agent_args))

    @Slot()
    def start_run(self) -> bool:
        python = self.selected_python()
        session = self.context.session
        if python is not None and session.needs_consent(python):  # a Python of the current folder: ask first
            if not consent.ask_run_here(self, python):
                self._say(self.tr("Not started: that Python belongs to the current folder and runs only if you agree."))
                return False
            session.give_consent(python)
        scan = session.scan
        driver = scan.driver.driver_version if scan is not None else None
        if python is None or not self.controller.start(python, self.options(), driver):
            return False
        self.error, self._total = None, 0
        self.results.begin_live()
        self.progress.setRange(0, 100)
        self.progress.setValue(0)
        self.progress.show()
        self._say(self.tr("Starting the benchmark…"))
        self.run_label.setText(self.tr("Running in {python}").format(python=python))
        self._sync_monitor()
        self._update_controls()
        return True

    def _say(self, text: str) -> None:
        self.status_label.setText(text)
        self.status_label.setVisible(bool(text))  # an empty label would still take a line

    @Slot()
    def cancel_run(self) -> None:
        if self.controller.is_running():
            self.controller.cancel()
            self._say(self.tr("Stopping…"))
            self._update_controls()

    def _set_fraction(self, fraction: float) -> None:
        # QProgressBar.setValue repaints at once; with updates off it is painted once, by the event loop
        forced_off = self.progress.testAttribute(Qt.WidgetAttribute.WA_ForceUpdatesDisabled)
        self.progress.setUpdatesEnabled(False)
        self.progress.setRange(0, 100)
        self.progress.setValue(round(100 * max(0.0, min(1.0, fraction))))
        self.progress.setUpdatesEnabled(not forced_off)

    @Slot(object)
    def _on_update(self, update: BenchUpdate) -> None:
        if update.total:
            self._total = update.total
        if update.kind == "import":
            if update.fraction <= 0:
                self.progress.setRange(0, 0)  # busy: importing TensorFlow takes a while, with no steps
            self._say(self.tr("Importing TensorFlow…"))
            return
        self._set_fraction(update.fraction)
        if update.kind == "start":
            self._say(self.tr("TensorFlow is ready; {total} tests to run.").format(total=self._total))
        elif update.kind == "test" and update.test_id:
            words = tr_text(update.words) if update.words is not None else (update.label or update.test_id)
            device = update.device
            index, total = (update.index or 0) + 1, update.total or self._total
            if device == "gpu":
                text = self.tr("Running {test} on the GPU ({index} of {total})")
            elif device == "cpu":
                text = self.tr("Running {test} on the CPU ({index} of {total})")
            else:
                text = self.tr("Running {test} ({index} of {total})")
            self._say(text.format(test=words, index=index, total=total))
        elif update.kind in ("result", "error") and update.test is not None:
            self.results.add_live_test(update.test)
        elif update.kind == "error" and update.error is not None:
            from tfgpu.core.bench.summary import error_text

            self._say(tr_text(error_text(update.error)))
        elif update.kind == "restart":
            self._say(self.tr("The benchmark process stopped; starting it again for the tests left…"))

    @Slot(object)
    def _on_finished(self, run: BenchRun) -> None:
        from tfgpu.core.bench.model import RunStatus
        from tfgpu.core.bench.saved_runs import SavedRun

        self._sync_monitor()
        self.run = run
        if self.controller.saved_path is not None:
            self.saved.insert(0, SavedRun(run.run_id, self.controller.saved_path, run))
            self.context.session.refresh_verdict()  # a benchmark run ticks "Measure how fast it is" off
        if run.status is RunStatus.COMPLETED:
            self._set_fraction(1.0)
        elif self.progress.maximum() == 0:
            self._set_fraction(0.0)
        seconds = f"{run.duration_s:.0f}" if run.duration_s is not None else "?"
        status = {RunStatus.COMPLETED: self.tr("Finished in {seconds} s."),
                  RunStatus.PARTIAL: self.tr("Finished in {seconds} s, with some tests missing."),
                  RunStatus.CANCELLED: self.tr("Cancelled after {seconds} s."),
                  RunStatus.FAILED: self.tr("The benchmark could not run.")}[run.status].format(seconds=seconds)
        if self.controller.save_error:
            status += " " + self.tr("The run could not be saved: {error}").format(error=self.controller.save_error)
        self._say(status)
        self.run_label.setText(self.tr("This run: {run}").format(run=self._run_title(run)))
        self._refresh_compare()
        self.results.show_run(run, self._changes())
        self._maybe_finished()

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self._sync_monitor()
        self.error = message
        self._set_fraction(0.0)
        text = self.tr("The benchmark could not finish: {error}.").format(error=message)
        self._say(text)
        self.results.banner.show_lines(Tone.BAD, [text, self.tr("Please report it, with the log file.")])
        self._maybe_finished()

    def _update_controls(self) -> None:
        running = self.controller.is_running()
        for widget in (self.env_combo, self.mode_combo, self.device_combo):
            widget.setEnabled(not running)
        self.run_button.setEnabled(not running and self.selected_python() is not None)
        self.cancel_button.setEnabled(running and not self.controller.cancel_requested())
        self.copy_button.setEnabled(self.run is not None and not running)
        self.compare_combo.setEnabled(self.run is not None and not running and self.compare_combo.count() > 1)

    # -- the mini-monitor ----------------------------------------------------------------------------
    def _sync_monitor(self) -> None:
        """The monitor runs during a run and while "Show monitor" is on; after a run it keeps its figures."""
        if self.controller.is_running() or self.monitor_toggle.isChecked():
            self.mini_monitor.show()
            self.mini_monitor.start()
        else:
            self.mini_monitor.stop()

    @Slot(bool)
    def _on_monitor_toggled(self, checked: bool) -> None:
        self._sync_monitor()
        if not checked and not self.controller.is_running():
            self.mini_monitor.dock()
            self.mini_monitor.hide()

    # -- history and comparing ----------------------------------------------------------------------
    def load_history(self) -> bool:
        """Read the saved runs once (in a worker thread); the latest is shown when nothing else is."""
        if self._history_requested:
            return False
        self._history_requested = self.history.load()
        return self._history_requested

    @Slot(object)
    def _on_history(self, saved: list[SavedRun]) -> None:
        known = {s.run_id for s in self.saved}
        self.saved += [s for s in saved if s.run is not None and s.run_id not in known]
        self.saved.sort(key=lambda s: s.run_id, reverse=True)
        latest = self.saved[0].run if self.saved else None
        if self.run is None and latest is not None and not self.controller.is_running():
            self.run = latest
            self.run_label.setText(self.tr("Last run: {run}").format(run=self._run_title(latest)))
            self.results.show_run(latest)
        self._refresh_compare()
        self._maybe_finished()

    def _run_title(self, run: BenchRun) -> str:
        from tfgpu.gui.pages.benchmark.results_view import local_date

        mode = self.tr("quick") if run.config.get("quick") else self.tr("full")
        return f"{local_date(run.created)} · {run.gpu_model or self.tr('no GPU')} · {mode}"

    def _refresh_compare(self) -> None:
        chosen = self.compare_combo.currentData()
        self.compare_combo.blockSignals(True)
        self.compare_combo.clear()
        self.compare_combo.addItem(self.tr("none"), None)
        for saved in self.saved:
            if saved.run is not None and (self.run is None or saved.run_id != self.run.run_id):
                self.compare_combo.addItem(self._run_title(saved.run), saved.run_id)
        index = self.compare_combo.findData(chosen) if chosen else 0
        self.compare_combo.setCurrentIndex(max(0, index))
        self.compare_combo.blockSignals(False)
        self._update_controls()

    def compared_run(self) -> BenchRun | None:
        run_id = self.compare_combo.currentData()
        return next((s.run for s in self.saved if s.run_id == run_id), None) if run_id else None

    def compare_with(self, run_id: str | None) -> bool:
        index = self.compare_combo.findData(run_id) if run_id else 0
        if index >= 0:
            self.compare_combo.setCurrentIndex(index)
        return index >= 0

    def _changes(self):
        before = self.compared_run()
        from tfgpu.core.bench.saved_runs import compare

        return compare(before, self.run) if before is not None and self.run is not None else None

    @Slot(int)
    def _on_compare_changed(self, _index: int) -> None:
        if self.run is not None:
            self.results.set_changes(self._changes())

    # -- actions -------------------------------------------------------------------------------------
    @Slot()
    def copy_results(self) -> str:
        if self.run is None:
            return ""
        from tfgpu.core.bench.render import format_comparison, format_run
        from tfgpu.core.bench.saved_runs import compare

        text = format_run(self.run)
        before = self.compared_run()
        if before is not None:
            text += "\n" + format_comparison(before, self.run, compare(before, self.run))
        QGuiApplication.clipboard().setText(text)
        return text


PAGE = PageSpec(page_id="benchmark", order=50, factory=BenchmarkPage,
                title=QT_TRANSLATE_NOOP("PageTitle", "Benchmark"))
