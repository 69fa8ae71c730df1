"""The Monitor page: the machine's live figures (GPU, CPU, RAM) as plots, in words, and per process.

It samples nothing itself: it holds the window's one :class:`MonitorService` while it is
shown and not paused, so nothing is sampled for it on other pages. The curves are redrawn
when a frame comes in, at most ``MAX_REDRAWS_PER_S`` times a second; the figures in words,
the status banner and the process table on a slower timer. "Log to CSV…" writes every
frame to a file on the sampler thread (the log keeps sampling, even on other pages, until
it is stopped).
"""

from __future__ import annotations

import logging
import time
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QStandardPaths, Qt, QTimer, Slot
from PySide6.QtGui import QGuiApplication, QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
)

from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.gui.icons import Tone
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.widgets.findings import plain_label

if TYPE_CHECKING:  # the monitor's code (numpy, pyqtgraph) loads when the page is first built
    from tfgpu.core.monitor.samples import MonitorFrame
    from tfgpu.gui.monitor_service import MonitorService

log = logging.getLogger(__name__)

MAX_REDRAWS_PER_S = 10
REDRAW_STEP_PX = 2  # the curves move by this much per redraw (GPU-Z and Task Manager: 1 s)
SLOWEST_REDRAW_S = 1.0  # a 10-minute window still moves every second
FIGURES_MS = 1000  # the figures in words, the banner, the process table and the log's row count
WINDOWS_S = (60, 300, 600)
DEFAULT_WINDOW_S = 60  # a minute: the first minute fills the plot instead of a sliver
IDLE_AFTER_FRAMES = 3  # real samples drawn before the page says it is idle (screenshots wait for them)
INTERVALS_S = (0.1, 0.25, 0.5, 1.0, 2.0)


class MonitorPage(TfgpuPage):
    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.setTitle(self.tr("Monitor"))
        self.setSubTitle(self.tr("What the GPU, the CPU and the memory are doing now, and over the last minutes. "
                                 "Leave it open while TensorFlow runs to see the GPU work."))
        from tfgpu.gui.monitor_service import monitor_service

        self.service: MonitorService = monitor_service(context)
        self.frames_drawn = 0  # frames shown since the page was last shown
        self.paused = False
        self.redraws = 0  # curve redraws (for tests and tools)
        self._last_redraw = float("-inf")
        self._figures_frame: MonitorFrame | None = None  # the frame the words show
        self._started_csv = False  # this page started the log running now
        self._csv_message: str | None = None  # why the last start failed
        self._redraw_timer = QTimer(self)
        self._redraw_timer.setSingleShot(True)
        self._redraw_timer.timeout.connect(self.redraw)
        self.figures_timer = QTimer(self)
        self.figures_timer.setInterval(FIGURES_MS)
        self.figures_timer.timeout.connect(self._on_figures_tick)
        self._build()
        self.service.frame_added.connect(self._on_frame)
        self.service.logging_changed.connect(self._on_logging_changed)

    # -- layout ------------------------------------------------------------------------------
    def _build(self) -> None:
        from tfgpu.gui.pages.monitor.labels import MonitorFigures
        from tfgpu.gui.pages.monitor.plots import MonitorPlots
        from tfgpu.gui.pages.monitor.processes import ProcessTable
        from tfgpu.gui.widgets.banner import Banner

        self.pause_button = QPushButton(self.tr("Pause"))
        self.pause_button.setToolTip(self.tr("Freeze the plots; sampling stops unless a CSV log is running."))
        self.pause_button.clicked.connect(self.toggle_pause)
        self.window_combo = QComboBox()
        for seconds, text in zip(WINDOWS_S, (self.tr("1 minute"), self.tr("5 minutes"), self.tr("10 minutes"))):
            self.window_combo.addItem(text, seconds)
        self.window_combo.setCurrentIndex(WINDOWS_S.index(DEFAULT_WINDOW_S))
        self.window_combo.currentIndexChanged.connect(self._on_window_changed)
        self.interval_combo = QComboBox()
        for interval in INTERVALS_S:
            self.interval_combo.addItem(self.tr("{seconds} s").format(seconds=f"{interval:g}"), interval)
        self.interval_combo.setToolTip(self.tr("How often the figures are read. Changing it starts the plots afresh."))
        self._select_interval(self.service.interval_s)
        self.interval_combo.currentIndexChanged.connect(self._on_interval_changed)
        self.csv_button = QPushButton()
        self.csv_button.clicked.connect(self.toggle_csv)
        self.more_button = QPushButton(self.tr("More plots"))
        self.more_button.setCheckable(True)
        self.more_button.setToolTip(self.tr("Also show the power, the clocks and the PCIe traffic."))
        self.more_button.toggled.connect(self._on_more_toggled)
        self.copy_button = QPushButton(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy the current figures as text, to paste into a chat or an issue."))
        self.copy_button.clicked.connect(self.copy_figures)
        self.csv_status = plain_label()
        self.csv_status.setObjectName("monitor-csv-status")
        self.csv_status.hide()
        self.banner = Banner()
        self.plots = MonitorPlots()
        self.plots.set_window(DEFAULT_WINDOW_S)
        self.figures = MonitorFigures()
        self.processes = ProcessTable()

        controls = QHBoxLayout()
        controls.addWidget(self.pause_button)
        controls.addWidget(QLabel(self.tr("Show:")))
        controls.addWidget(self.window_combo)
        controls.addWidget(QLabel(self.tr("Read every:")))
        controls.addWidget(self.interval_combo)
        controls.addWidget(self.more_button)
        controls.addStretch(1)
        controls.addWidget(self.csv_button)
        controls.addWidget(self.copy_button)
        plots_area = QScrollArea()
        plots_area.setWidgetResizable(True)
        plots_area.setWidget(self.plots)
        figures_area = QScrollArea()
        figures_area.setWidgetResizable(True)
        figures_area.setWidget(self.figures)
        figures_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)  # long values wrap
        self.tabs = QTabWidget()
        self.tabs.addTab(figures_area, self.tr("Now"))
        self.tabs.addTab(self.processes, self.tr("Processes"))
        splitter = QSplitter()
        splitter.addWidget(plots_area)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setSizes([470, 400])  # the figures in words keep their lines at 900 px
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.csv_status)
        layout.addWidget(self.banner)
        layout.addWidget(splitter, 1)
        self._update_controls()

    # -- showing and holding -------------------------------------------------------------------
    @Slot(bool)
    def _on_more_toggled(self, more: bool) -> None:
        self.plots.set_more(more)
        if not self.paused:
            self.redraw()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        self.frames_drawn = 0
        self._select_interval(self.service.interval_s)  # another page may have changed it
        self.figures_timer.start()
        if not self.paused:
            self._start()

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 - Qt's name
        super().hideEvent(event)
        if not event.spontaneous():  # a minimised window keeps its history going
            self.figures_timer.stop()
            self._stop()

    def _start(self) -> None:
        try:
            self.service.acquire(self)
        except Exception as exc:  # noqa: BLE001 - never into Qt's event loop
            log.exception("the monitor could not start")
            self.banner.show_lines(Tone.WARN, [self.tr("The monitor could not start: {error}").format(
                error=f"{type(exc).__name__}: {exc}")])
            return
        self.redraw()
        self.refresh_figures()

    def _stop(self) -> None:
        self._redraw_timer.stop()
        self.service.release(self)

    def is_holding(self) -> bool:
        return self.service.is_held_by(self)

    @Slot()
    def toggle_pause(self) -> None:
        self.set_paused(not self.paused)

    def set_paused(self, paused: bool) -> None:
        """Pause: no redraws, the page's hold released. Resume: hold again and redraw at once."""
        if paused == self.paused:
            return
        self.paused = paused
        if paused:
            self._stop()
        elif self.isVisible():
            self._start()
        self._update_controls()

    # -- drawing --------------------------------------------------------------------------------
    @Slot(object)
    def _on_frame(self, _frame: MonitorFrame) -> None:
        if self.paused or not self.isVisible() or self.window().isMinimized():
            return  # un-minimising is a (spontaneous) show event, which redraws at once
        self.frames_drawn += 1
        if self._figures_frame is None:
            self.refresh_figures()  # the first words at once, then every second
        wait_s = self._last_redraw + self.redraw_period_s() - time.monotonic()
        if wait_s <= 0:
            self.redraw()
        elif not self._redraw_timer.isActive():
            self._redraw_timer.start(max(1, round(wait_s * 1000)))

    def redraw_period_s(self) -> float:
        """How often the curves are redrawn: painting costs far more than sampling, so no more
        often than they move by REDRAW_STEP_PX, at most MAX_REDRAWS_PER_S and at least every
        SLOWEST_REDRAW_S (a 5-minute window on 450 pixels: every second)."""
        pixels = max(100.0, self.plots.plot_width_px())
        step_s = self.window_s() * REDRAW_STEP_PX / pixels
        return min(SLOWEST_REDRAW_S, max(1.0 / MAX_REDRAWS_PER_S, step_s))

    @Slot()
    def redraw(self) -> None:
        self._redraw_timer.stop()
        self._last_redraw = time.monotonic()
        self.redraws += 1
        self.plots.refresh(self.service.history, self.window_s())

    @Slot()
    def _on_figures_tick(self) -> None:
        if self.paused:
            self._show_csv_status()  # a running log's row count goes on; the frozen figures do not
        else:
            self.refresh_figures()

    @Slot()
    def refresh_figures(self) -> None:
        from tfgpu.core.monitor.samples import GpuStatus
        from tfgpu.gui.pages.monitor.labels import gpu_banner_lines

        frame = self.service.history.last_frame
        self._figures_frame = frame
        self.figures.show_frame(frame)
        self.processes.show_frame(frame)
        lines = gpu_banner_lines(frame)
        if lines:
            tone = Tone.INFO if frame is not None and frame.gpu_status == GpuStatus.STARTING else Tone.WARN
            if self.banner.tone != tone or self.banner.text.text() != "\n".join(lines):
                self.banner.show_lines(tone, lines)
        elif self.banner.tone is not None:
            self.banner.clear()
        self._show_csv_status()

    def window_s(self) -> float:
        return float(self.window_combo.currentData())

    @Slot(int)
    def _on_window_changed(self, _index: int) -> None:
        if self.paused:
            self.plots.set_window(self.window_s())  # a frozen view keeps its data, only the span changes
        else:
            self.redraw()

    def _select_interval(self, seconds: float) -> None:
        index = min(range(len(INTERVALS_S)), key=lambda i: abs(INTERVALS_S[i] - seconds))
        self.interval_combo.blockSignals(True)
        self.interval_combo.setCurrentIndex(index)
        self.interval_combo.blockSignals(False)

    @Slot(int)
    def _on_interval_changed(self, _index: int) -> None:
        self.service.set_interval(float(self.interval_combo.currentData()))
        if not self.paused:
            self.redraw()  # the service starts new rings at a new pace

    # -- CSV log -------------------------------------------------------------------------------------
    def _ask_csv_path(self) -> str:
        """The file to log to ("" when the user cancels); tests replace this."""
        folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation) or str(Path.home())
        name = datetime.now().strftime("tfgpu-monitor-%Y%m%d-%H%M%S.csv")
        path, _filter = QFileDialog.getSaveFileName(self, self.tr("Log the monitor to a CSV file"),
                                                    str(Path(folder) / name), self.tr("CSV files (*.csv)"))
        return path

    @Slot()
    def toggle_csv(self) -> None:
        if self.service.is_logging():
            self.stop_csv()
        else:
            self.start_csv()

    def start_csv(self, path: str | None = None) -> bool:
        """Start logging to ``path`` (asked when None); False when cancelled or the file cannot be made."""
        from tfgpu.core.monitor.csv_log import CsvLogError
        from tfgpu.gui.pages.monitor.labels import core_words

        path = path if path is not None else self._ask_csv_path()
        if not path:
            return False
        try:
            self.service.start_csv(path)
        except CsvLogError as exc:
            self._csv_message = self.tr("Cannot log to a CSV file: {error}").format(error=core_words(str(exc)))
            self._started_csv = False
            self._on_logging_changed()
            return False
        self._csv_message = None
        self._started_csv = True
        self._on_logging_changed()
        return True

    def stop_csv(self) -> None:
        self.service.stop_csv()
        self._started_csv = False
        self._on_logging_changed()

    @Slot()
    def _on_logging_changed(self) -> None:
        if not self.service.is_logging():
            self._started_csv = False
        self._update_controls()
        self._show_csv_status()

    def _show_csv_status(self) -> None:
        from tfgpu.gui.pages.monitor.labels import core_words

        service = self.service
        if self._csv_message:
            text = self._csv_message
        elif service.is_logging():
            text = self.tr("Logging to {path}: {rows} rows so far.").format(path=service.csv_path,
                                                                            rows=service.csv_rows)
        elif service.csv_error:
            text = self.tr("CSV logging stopped: {error}").format(error=core_words(service.csv_error))
        elif service.csv_path:
            text = self.tr("Logged {rows} rows to {path}.").format(rows=service.csv_rows, path=service.csv_path)
        else:
            text = ""
        if self.csv_status.text() != text:
            self.csv_status.setText(text)
        self.csv_status.setVisible(bool(text))

    def _update_controls(self) -> None:
        self.pause_button.setText(self.tr("Resume") if self.paused else self.tr("Pause"))
        logging_now = self.service.is_logging()
        self.csv_button.setText(self.tr("Stop logging") if logging_now else self.tr("Log to CSV…"))
        self.csv_button.setToolTip(self.tr("Stop writing the CSV file.") if logging_now else
                                   self.tr("Write every reading to a CSV file (one row per GPU), "
                                           "readable by Excel, pandas or GPU-Z users."))

    # -- actions ---------------------------------------------------------------------------------------
    @Slot()
    def copy_figures(self) -> str:
        self.refresh_figures()
        text = "\n\n".join(part for part in (self.banner.text.text() if self.banner.tone else "",
                                             self.figures.text(), self.processes.text()) if part)
        QGuiApplication.clipboard().setText(text)
        return text

    # -- TfgpuPage ---------------------------------------------------------------------------------------
    def is_busy(self) -> bool:
        return False  # watching is not work: closing the wizard never waits for it

    def is_idle(self) -> bool:
        """Idle once real samples are drawn (a screenshot then shows figures, not "waiting")."""
        return self.paused or not self.isVisible() or (self.frames_drawn >= IDLE_AFTER_FRAMES
                                                       and not self._redraw_timer.isActive())

    def close_question(self) -> str | None:
        if self.service.is_logging():
            return self.tr("A CSV log is being written to {path}; closing stops it.").format(path=self.service.csv_path)
        return None

    def carry_over(self) -> dict:
        """A log this page started keeps running in the page that replaces it."""
        state = {"started_csv": self._started_csv, "window_s": self.window_s(), "paused": self.paused,
                 "more": self.more_button.isChecked()}
        self._started_csv = False  # so that shutdown() leaves the log running
        return state

    def take_over(self, state: dict) -> None:
        self._started_csv = bool(state.get("started_csv"))
        index = self.window_combo.findData(state.get("window_s"))
        if index >= 0:
            self.window_combo.setCurrentIndex(index)
        self.more_button.setChecked(bool(state.get("more")))
        if state.get("paused"):
            self.set_paused(True)
        self._on_logging_changed()

    def nav_tone(self) -> Tone | None:
        return Tone.BUSY if self.service.is_logging() else None

    def shutdown(self) -> None:
        """Release the page's hold and stop a log it started (the wizard then shuts the service down)."""
        self.figures_timer.stop()
        self._stop()
        if self._started_csv and self.service.is_logging():
            self.service.stop_csv()
        self._started_csv = False


PAGE = PageSpec(page_id="monitor", order=60, factory=MonitorPage,
                title=QT_TRANSLATE_NOOP("PageTitle", "Monitor"))
