"""The mini-monitor: a compact live strip of CPU %, RAM %, GPU utilisation % and GPU memory %.

It samples nothing itself: it holds the window's one :class:`MonitorService` while it is
started *and* visible, and draws from the service's rings when ``frame_added`` says a frame
came in. Curves are created once (one pair per GPU, when the GPU first shows up) and only
``setData`` from the ring views; they are redrawn on a fast timer, the figures in words on
a slower one. A GPU figure that cannot be read is a gap and "n/a" with the reason, never 0.

"Pop out" moves the strip (``body``) into a small always-on-top tool window, so it can
watch another page or the user's own training; "Dock", or closing that window, puts it
back in its place. The widget in the page layout stays put and shows a one-line
placeholder meanwhile.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Union

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.monitor.samples import GpuSample, GpuState, GpuStatus, MonitorFrame
from tfgpu.gui.monitor_service import MonitorService
from tfgpu.gui.theme import background, host_colour, readable, set_text_colour
from tfgpu.gui.widgets.findings import plain_label
from tfgpu.gui.widgets.floating import Floater

log = logging.getLogger(__name__)

WINDOW_S = 120.0  # seconds of history shown
STRIP_HEIGHT = 80
RENDER_MS = 250  # curves
LABEL_MS = 1000  # figures in words
# Hues of each GPU's (load, memory) curves; fitted to the background by the theme.
GPU_HUES = (("#2ca02c", "#ff7f0e"), ("#d62728", "#e377c2"), ("#17becf", "#bcbd22"), ("#8c564b", "#7f7f7f"))

ServiceSource = Union[MonitorService, Callable[[], MonitorService]]


def _percent(value: float | None, na: str) -> str:
    return na if value is None or not math.isfinite(value) else f"{value:.0f}%"


def gap_breaks(x: np.ndarray, ys: list[np.ndarray], gap_s: float) -> tuple[np.ndarray, list[np.ndarray]]:
    """Where the samples pause for longer than ``gap_s``, add a NaN point so no line bridges the pause.

    Without a pause the arrays come back as they are (no copy)."""
    gaps = np.flatnonzero(np.diff(x) > gap_s) + 1
    if not gaps.size:
        return x, ys
    mid = (x[gaps - 1] + x[gaps]) / 2  # x stays sorted and finite (clip-to-view bisects it)
    return np.insert(x, gaps, mid), [np.insert(y, gaps, np.nan) for y in ys]


class _GpuCurves:
    """One GPU's two curves and two labels, made once when the GPU first appears."""

    def __init__(self, index: int, plot: pg.PlotItem) -> None:
        util_colour, mem_colour = (readable(c, background()).name() for c in GPU_HUES[index % len(GPU_HUES)])
        self.util = plot.plot(pen=pg.mkPen(util_colour, width=2), connect="finite")
        self.mem = plot.plot(pen=pg.mkPen(mem_colour, width=2, style=Qt.PenStyle.DashLine), connect="finite")
        self.util_label = _coloured_label(util_colour, f"mini-gpu{index}")
        self.mem_label = _coloured_label(mem_colour, f"mini-gpu{index}-memory")


def _coloured_label(colour: str, name: str) -> QLabel:
    label = plain_label(wrap=False, selectable=False)
    set_text_colour(label, QColor(colour))
    label.setObjectName(name)
    return label


class MiniMonitor(QWidget):
    """The strip for a page layout. ``service``: the service, or a callable giving it on first use."""

    popped_out_changed = Signal(bool)

    def __init__(self, service: ServiceSource, parent: QWidget | None = None, *, window_s: float = WINDOW_S) -> None:
        super().__init__(parent)
        self._source = service
        self._service: MonitorService | None = None
        self.window_s = window_s
        self._started = self._held = self._closed = False
        self._dirty = self._fresh = False
        self.frames_received = 0  # frames that came in while held (tools and tests)
        self.error: str | None = None  # why the monitor could not start, in words
        self.render_timer = QTimer(self)
        self.render_timer.setInterval(RENDER_MS)
        self.render_timer.timeout.connect(self._render_if_dirty)
        self.label_timer = QTimer(self)
        self.label_timer.setInterval(LABEL_MS)
        self.label_timer.timeout.connect(self.update_labels)
        self._build()
        self.update_labels()

    # -- layout ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self.body = QWidget()
        self.body.setObjectName("mini-monitor-body")
        self.plot_widget = pg.PlotWidget(background=None)
        self.plot_widget.setFixedHeight(STRIP_HEIGHT)
        self.plot_widget.setMouseEnabled(False, False)
        self.plot_widget.setMenuEnabled(False)
        self.plot_widget.hideButtons()
        plot = self.plot = self.plot_widget.getPlotItem()
        plot.setYRange(0, 100, padding=0.08)
        plot.setXRange(-self.window_s, 0, padding=0)
        plot.hideAxis("bottom")
        axis = plot.getAxis("left")
        axis.setTicks([[(0, "0"), (50, "50"), (100, "100")]])
        axis.setStyle(hideOverlappingLabels=False)
        axis.setWidth(30)
        axis.setTextPen(pg.mkPen(self.palette().color(self.foregroundRole())))
        plot.setClipToView(True)
        plot.setDownsampling(auto=True, mode="peak")
        self.curves = {"cpu": plot.plot(pen=pg.mkPen(host_colour("cpu_percent"), width=2), connect="finite"),
                       "ram": plot.plot(pen=pg.mkPen(host_colour("ram_percent"), width=2), connect="finite")}
        self.gpus: dict[int, _GpuCurves] = {}
        self.cpu_label = _coloured_label(host_colour("cpu_percent").name(), "mini-cpu")
        self.ram_label = _coloured_label(host_colour("ram_percent").name(), "mini-ram")
        self.gpu_note = plain_label(wrap=False, selectable=False)
        self.gpu_note.setObjectName("mini-gpu-note")
        self.pop_button = QToolButton()
        self.pop_button.setObjectName("mini-pop")
        self.pop_button.clicked.connect(self.toggle_popped_out)

        self.legend = QHBoxLayout()
        self.legend.setContentsMargins(0, 0, 0, 0)
        self.legend.setSpacing(10)
        for widget in (self.cpu_label, self.ram_label, self.gpu_note):
            self.legend.addWidget(widget)
        self.legend.addStretch(1)
        self.legend.addWidget(self.pop_button)
        body_layout = QVBoxLayout(self.body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.setSpacing(2)
        body_layout.addLayout(self.legend)
        body_layout.addWidget(self.plot_widget)
        self.body.installEventFilter(self)

        # Shown in the page while the strip is in its own window.
        self.placeholder = QWidget()
        self.placeholder.setObjectName("mini-monitor-placeholder")
        self.dock_button = QPushButton(self.tr("Dock"))
        self.dock_button.clicked.connect(self.dock)
        row = QHBoxLayout(self.placeholder)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(plain_label(self.tr("The live monitor is in its own window."), wrap=False, selectable=False))
        row.addStretch(1)
        row.addWidget(self.dock_button)
        self.placeholder.hide()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.body)
        layout.addWidget(self.placeholder)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.floater = Floater(self.body, layout, self.tr("TF GPU Assistant: live monitor"),
                               "mini-monitor-window", parent=self)
        self.floater.moved.connect(self._on_moved)
        self._update_pop_button()

    # -- the service ----------------------------------------------------------------------------
    @property
    def service(self) -> MonitorService:
        if self._service is None:
            source = self._source
            self._service = source if isinstance(source, MonitorService) else source()
            self._service.frame_added.connect(self._on_frame)
        return self._service

    def prepare(self) -> None:
        """Make the service and its sampler now (imports, psutil priming: tens of ms), not at the first start."""
        if not self._closed:
            try:
                self.service.sampler  # noqa: B018 - built, not started
            except Exception:  # noqa: BLE001 - start() will say why
                log.debug("the monitor could not be prepared", exc_info=True)

    def start(self) -> None:
        """Show the live figures: hold the service whenever the strip is visible."""
        if self._closed:
            return
        self._started = True
        self._update_hold()

    def stop(self) -> None:
        """Stop following (the last figures stay shown); the service is released."""
        self._started = False
        self._update_hold()
        self.refresh()

    def is_running(self) -> bool:
        return self._started

    def is_holding(self) -> bool:
        """Whether the strip holds the service now (started and visible)."""
        return self._held

    def shutdown(self) -> None:
        """Dock, stop and release; nothing starts afterwards. Safe to call twice."""
        self.floater.close()
        self.stop()
        self._closed = True
        self.body.removeEventFilter(self)

    def _update_hold(self) -> None:
        if self.floater.moving:  # one move between page and window, not a release and a new acquire
            return
        want = self._started and not self._closed and self.body.isVisible()
        if want == self._held:
            return
        if want:
            try:
                self.service.acquire(self)
            except Exception as exc:  # noqa: BLE001 - a monitor that cannot start is words, not a crash
                log.exception("the mini-monitor could not start the monitor")
                self.error = str(exc) or type(exc).__name__
                self.update_labels()
                return
            self.error = None
            self._held, self._fresh = True, True
            self.render_timer.start()
            self.label_timer.start()
            self.refresh()  # what the rings already hold (another holder may have been sampling)
        else:
            self._held = False
            self.render_timer.stop()
            self.label_timer.stop()
            if self._service is not None:
                self._service.release(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if watched is self.body and event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self._update_hold()
        return super().eventFilter(watched, event)

    @Slot(object)
    def _on_frame(self, _frame: MonitorFrame) -> None:
        if not self._held:
            return
        self.frames_received += 1
        self._dirty = True
        if self._fresh:  # the first frame after starting: say at once what the GPU is up to
            self._fresh = False
            self.refresh()

    # -- drawing ----------------------------------------------------------------------------------
    @Slot()
    def _render_if_dirty(self) -> None:
        if self._dirty:
            self.render_curves()

    def refresh(self) -> None:
        """Redraw the curves and the figures now."""
        self.render_curves()
        self.update_labels()

    def render_curves(self) -> None:
        self._dirty = False
        if self._service is None:
            return
        history = self._service.history
        times = history.times()
        gpu_indices = history.gpu_indices()
        for index in gpu_indices:
            if index not in self.gpus:
                self._add_gpu(index)
        if not len(times):
            for curve in self._all_curves():
                curve.setData([], [])
            return
        start = int(np.searchsorted(times, times[-1] - self.window_s, side="left"))
        x = times[start:] - times[-1]  # seconds before the newest frame
        ys = [history.host("cpu_percent")[start:], history.host("ram_percent")[start:]]
        curves = [self.curves["cpu"], self.curves["ram"]]
        for index in gpu_indices:
            ys += [history.gpu(index, "gpu_util_percent")[start:], history.gpu(index, "mem_used_percent")[start:]]
            curves += [self.gpus[index].util, self.gpus[index].mem]
        x, ys = gap_breaks(x, ys, max(3.0 * self._service.interval_s, 2.0))
        for curve, y in zip(curves, ys):
            curve.setData(x, y, connect="finite")
        for index, gpu in self.gpus.items():
            if index not in gpu_indices:  # the rings were renewed (a new interval) without this GPU
                gpu.util.setData([], [])
                gpu.mem.setData([], [])

    def _all_curves(self) -> list[pg.PlotDataItem]:
        return [*self.curves.values(), *(c for g in self.gpus.values() for c in (g.util, g.mem))]

    def _add_gpu(self, index: int) -> None:
        gpu = _GpuCurves(index, self.plot)
        self.gpus[index] = gpu
        at = self.legend.indexOf(self.gpu_note)
        self.legend.insertWidget(at, gpu.mem_label)
        self.legend.insertWidget(at, gpu.util_label)

    # -- words -------------------------------------------------------------------------------------
    @Slot()
    def update_labels(self) -> None:
        history = self._service.history if self._service is not None else None
        frame = history.last_frame if history is not None else None
        na = self.tr("n/a")
        cpu = frame.host.cpu_percent if frame is not None else None
        ram = frame.host.ram_percent if frame is not None else None
        self.cpu_label.setText(self.tr("CPU {value}").format(value=_percent(cpu, na)))
        self.ram_label.setText(self.tr("RAM {value}").format(value=_percent(ram, na)))
        status = frame.gpu_status if frame is not None else GpuStatus.STARTING
        samples = {g.index: g for g in frame.gpus} if frame is not None and status == GpuStatus.OK else {}
        for index, gpu in self.gpus.items():
            sample = samples.get(index)
            gpu.util_label.setVisible(sample is not None)
            gpu.mem_label.setVisible(sample is not None and sample.state == GpuState.OK)
            if sample is not None:
                self._gpu_texts(gpu, sample, len(samples) > 1, na)
        note = self._gpu_note(status) if not samples else ""
        if self.error:
            note = self.tr("Monitor: could not start ({error})").format(error=self.error)
        self.gpu_note.setText(note)
        self.gpu_note.setToolTip((frame.gpu_reason or "") if frame is not None else "")
        self.gpu_note.setVisible(bool(note))

    def _gpu_texts(self, gpu: _GpuCurves, sample: GpuSample, several: bool, na: str) -> None:
        util, mem = _percent(sample.gpu_util_percent, na), _percent(sample.mem_used_percent, na)
        if sample.state != GpuState.OK:
            text = self.tr("GPU {index}: lost (stopped answering)") if several else self.tr("GPU: lost (stopped answering)")
            gpu.util_label.setText(text.format(index=sample.index))
        elif several:
            gpu.util_label.setText(self.tr("GPU {index} {value}").format(index=sample.index, value=util))
            gpu.mem_label.setText(self.tr("GPU {index} memory {value}").format(index=sample.index, value=mem))
        else:
            gpu.util_label.setText(self.tr("GPU {value}").format(value=util))
            gpu.mem_label.setText(self.tr("GPU memory {value}").format(value=mem))
        for label, metric in ((gpu.util_label, "gpu_util_percent"), (gpu.mem_label, "mem_used_mib")):
            why = sample.unavailable.get(metric)  # NVML's reason for an n/a
            label.setToolTip("\n".join(t for t in (sample.name, why) if t))

    def _gpu_note(self, status: str) -> str:
        if status == GpuStatus.STARTING:
            return self.tr("GPU: reading…")
        if status == GpuStatus.NO_DRIVER:
            return self.tr("GPU: n/a (no NVIDIA driver)")
        if status == GpuStatus.NOT_RESPONDING:
            return self.tr("GPU: n/a (the NVIDIA driver does not answer)")
        if status == GpuStatus.NO_GPUS:
            return self.tr("GPU: n/a (no NVIDIA GPU found)")
        return self.tr("GPU: n/a (NVML error)")

    def texts(self) -> list[str]:
        """The visible figures in words, in order (for tests and tools)."""
        labels = [self.cpu_label, self.ram_label]
        for gpu in self.gpus.values():
            labels += [gpu.util_label, gpu.mem_label]
        return [label.text() for label in labels + [self.gpu_note] if not label.isHidden()]

    # -- pop out and dock ----------------------------------------------------------------------------
    def is_popped_out(self) -> bool:
        return self.floater.is_out()

    @property
    def floating_window(self) -> QWidget | None:
        return self.floater.window

    @Slot()
    def toggle_popped_out(self) -> None:
        if self.is_popped_out():
            self.dock()
        else:
            self.pop_out()

    @Slot()
    def pop_out(self) -> None:
        """Move the strip into a small always-on-top window."""
        if not self._closed:
            self.floater.pop_out()

    @Slot()
    def dock(self) -> None:
        """Put the strip back in its place in the page (closing its window does too)."""
        self.floater.dock()

    @Slot(bool)
    def _on_moved(self, out: bool) -> None:
        if out:
            self.plot_widget.setMinimumHeight(STRIP_HEIGHT)
            self.plot_widget.setMaximumHeight(16_777_215)  # grows with the window
        else:
            self.plot_widget.setFixedHeight(STRIP_HEIGHT)
        self.placeholder.setVisible(out)
        self._update_pop_button()
        self._update_hold()
        self.popped_out_changed.emit(out)

    def _update_pop_button(self) -> None:
        if self.is_popped_out():
            self.pop_button.setText(self.tr("Dock"))
            self.pop_button.setToolTip(self.tr("Put the monitor back in the page."))
        else:
            self.pop_button.setText(self.tr("Pop out"))
            self.pop_button.setToolTip(self.tr("Open the monitor in a small window that stays on top, "
                                               "to watch your own training or another page."))
