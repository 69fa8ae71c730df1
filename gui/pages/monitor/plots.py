"""The Monitor page's live plots: one pyqtgraph plot per metric group, stacked, x-axes linked.

x is seconds before the newest sample (-window … 0). Every curve is created once (the
GPU's curves when that GPU is first seen) and afterwards only ``setData``'d: the ring
views are copied into a preallocated buffer per curve (pyqtgraph keeps a reference to the
arrays it is given, and a ring view changes under it at the next append), so a refresh
allocates nothing but what pyqtgraph itself does. Curves clip to the view and downsample
by peak. Pens are 1 px wide and there is no grid: Qt's raster engine draws 1 px lines on
a fast path (1.5 px costs twice as much) and a grid costs more than the curves. A group
with no figure in the window shows a short "n/a (why)" note instead of an empty plot
that could pass for zeros.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget

from tfgpu.core.monitor.samples import MonitorFrame
from tfgpu.core.monitor.series import MonitorHistory
from tfgpu.gui.pages.monitor.labels import group_na_reason
from tfgpu.gui.theme import host_colour, series_colour
from tfgpu.gui.widgets.findings import plain_label

SOLID, DASHED = Qt.PenStyle.SolidLine, Qt.PenStyle.DashLine
PLOT_MIN_HEIGHT = 85
# The plots shown at first (they fit 900x650 without scrolling); the others behind "More plots".
MAIN_GROUPS = ("utilisation", "memory", "temperature")
AXIS_WIDTH = 52


@dataclass(frozen=True)
class GroupSpec:
    key: str
    gpu_metrics: tuple[tuple[str, Qt.PenStyle], ...]  # (GpuSample field, line style) per GPU
    host_metrics: tuple[str, ...] = ()  # HostSample fields, drawn once
    percent: bool = False  # a fixed 0..100 y axis


GROUPS: tuple[GroupSpec, ...] = (
    GroupSpec("utilisation", (("gpu_util_percent", SOLID), ("mem_util_percent", DASHED)),
              ("cpu_percent", "ram_percent"), percent=True),
    GroupSpec("memory", (("mem_used_mib", SOLID),)),
    GroupSpec("temperature", (("temperature_c", SOLID), ("fan_percent", DASHED))),
    GroupSpec("power", (("power_w", SOLID), ("power_limit_w", DASHED))),
    GroupSpec("clocks", (("sm_clock_mhz", SOLID), ("mem_clock_mhz", DASHED))),
    GroupSpec("pcie", (("pcie_rx_mib_s", SOLID), ("pcie_tx_mib_s", DASHED))),
)


def gpu_colour(index: int) -> str:
    """The index-th GPU's colour, readable on the window background (light or dark)."""
    return series_colour(index).name()


def host_metric_colour(metric: str) -> str:
    return host_colour(metric).name()


class _Series:
    """One curve and the buffer it is drawn from; ``gpu`` None for a host metric."""

    __slots__ = ("gpu", "metric", "curve", "buffer")

    def __init__(self, gpu: int | None, metric: str, curve: pg.PlotDataItem) -> None:
        self.gpu, self.metric, self.curve = gpu, metric, curve
        self.buffer = np.empty(0)


class _Group:
    def __init__(self, spec: GroupSpec, title: str, widget: pg.PlotWidget) -> None:
        self.spec = spec
        self.widget = widget
        self.plot: pg.PlotItem = widget.getPlotItem()
        self.title = plain_label(title, wrap=False, selectable=False)
        self.title.setObjectName(f"monitor-title-{spec.key}")
        self.note = plain_label(wrap=True, selectable=False)
        self.note.setObjectName(f"monitor-note-{spec.key}")
        self.note.setIndent(12)
        self.note.hide()
        self.series: list[_Series] = []
        self.box = QWidget()  # title, note and plot: hidden together when the group is folded away
        self.box.setObjectName(f"monitor-group-{spec.key}")
        layout = QVBoxLayout(self.box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.note)
        layout.addWidget(widget, 1)

    def is_shown(self) -> bool:
        return not self.box.isHidden() and not self.widget.isHidden()

    def set_note(self, text: str | None) -> bool:
        """Show ``text`` instead of the plot (None: the plot); True when the visibility changed."""
        showing = self.widget.isHidden()
        if text is not None and self.note.text() != text:
            self.note.setText(text)
        if showing == (text is not None):
            return False
        self.widget.setVisible(text is None)
        self.note.setVisible(text is not None)
        return True


class MonitorPlots(QWidget):
    """Stacked plots fed by :meth:`refresh` from a :class:`MonitorHistory`: the main three, and
    three more behind :meth:`set_more`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.window_s = 300.0
        self._x = np.empty(0)
        self._gpus: set[int] = set()
        self._gpu_legend: dict[int, QLabel] = {}
        self._memory_top: float | None = None
        self._tops: dict[str, float] = {}  # group -> the top of its y axis now
        titles = self._titles()
        text_pen = pg.mkPen(self.palette().color(self.foregroundRole()))

        self._legend = QHBoxLayout()
        self._legend.setContentsMargins(0, 0, 0, 0)
        host_names = {"cpu_percent": self.tr("CPU"), "ram_percent": self.tr("RAM used")}
        for metric, name in host_names.items():
            self._legend.addWidget(self._legend_label(name, host_metric_colour(metric), f"monitor-legend-{metric}"))
        self._legend.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(self._legend)
        self._layout = layout

        self.groups: dict[str, _Group] = {}
        master: pg.PlotItem | None = None
        for spec in GROUPS:
            widget = pg.PlotWidget(background=None)
            widget.setMinimumHeight(PLOT_MIN_HEIGHT)
            widget.setMouseEnabled(False, False)  # the window follows "now": nothing to pan
            widget.setMenuEnabled(False)
            widget.hideButtons()
            group = _Group(spec, titles[spec.key], widget)
            plot = group.plot
            plot.setClipToView(True)
            plot.setDownsampling(auto=True, mode="peak")
            for name in ("left", "bottom"):
                plot.getAxis(name).setTextPen(text_pen)
            plot.getAxis("left").setWidth(AXIS_WIDTH)
            plot.getAxis("left").enableAutoSIPrefix(False)
            # Fixed y ranges, set by us from the figures in view (pyqtgraph's auto range
            # would walk every curve's data on every paint): 0..100 for percents, else 0..a
            # round number above the highest figure.
            plot.disableAutoRange()
            plot.setYRange(0, 100, padding=0.03)
            if master is None:
                master = plot
            else:
                plot.setXLink(master)
            for metric in spec.host_metrics:
                pen = pg.mkPen(host_metric_colour(metric), width=1)
                group.series.append(_Series(None, metric, plot.plot(pen=pen, connect="finite")))
            self.groups[spec.key] = group
            layout.addWidget(group.box, 1)
        self._master = master
        self.more = False
        for key, group in self.groups.items():
            group.box.setVisible(key in MAIN_GROUPS)
        self.set_window(self.window_s)
        self._update_axes()

    def _titles(self) -> dict[str, str]:
        return {
            "utilisation": self.tr("Utilisation, % (GPU: solid load, dashed memory controller)"),
            "memory": self.tr("GPU memory used, MiB (the top of the plot is the GPU's total)"),
            "temperature": self.tr("GPU temperature, °C (dashed: fan, %)"),
            "power": self.tr("GPU power, W (dashed: the power limit)"),
            "clocks": self.tr("GPU clocks, MHz (solid: SM, dashed: memory)"),
            "pcie": self.tr("PCIe traffic, MiB/s (solid: received, dashed: sent)"),
        }

    @staticmethod
    def _legend_label(text: str, colour: str, name: str) -> QLabel:
        label = plain_label("■ " + text, wrap=False, selectable=False)
        palette = label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor(colour))
        label.setPalette(palette)
        label.setObjectName(name)
        return label

    def set_more(self, more: bool) -> None:
        """Show the power, clocks and PCIe plots too (True), or only the main three."""
        self.more = more
        for key, group in self.groups.items():
            group.box.setVisible(more or key in MAIN_GROUPS)
        self._update_axes()

    # -- GPUs appear ---------------------------------------------------------------------
    def _add_gpu(self, index: int) -> None:
        self._gpus.add(index)
        colour = gpu_colour(index)
        for group in self.groups.values():
            for metric, style in group.spec.gpu_metrics:
                pen = pg.mkPen(colour, width=1, style=style)
                group.series.append(_Series(index, metric, group.plot.plot(pen=pen, connect="finite")))
        label = self._legend_label("", colour, f"monitor-legend-gpu{index}")
        self._legend.insertWidget(self._legend.count() - 1, label)  # before the stretch
        self._gpu_legend[index] = label

    def _name_gpu(self, index: int, name: str | None) -> None:
        if name:
            text = "■ " + self.tr("GPU {index} · {name}").format(index=index, name=name)
        else:
            text = "■ " + self.tr("GPU {index}").format(index=index)
        label = self._gpu_legend[index]
        if label.text() != text:
            label.setText(text)

    # -- drawing -------------------------------------------------------------------------
    def refresh(self, history: MonitorHistory, window_s: float | None = None) -> None:
        """Draw the history (the last ``window_s`` seconds in view)."""
        if window_s is not None:
            self.window_s = float(window_s)
        times = history.times()
        count = len(times)
        if self._x.shape[0] < history.capacity:
            self._x = np.empty(history.capacity)
        x = self._x[:count]
        if count:
            np.subtract(times, times[-1], out=x)
        first = int(np.searchsorted(x, -self.window_s)) if count else 0  # the first sample in view
        present = set(history.gpu_indices())
        for index in present:
            if index not in self._gpus:
                self._add_gpu(index)
            self._name_gpu(index, history.gpu_names.get(index))
        frame = history.last_frame
        changed = False
        for group in self.groups.values():
            top = -math.inf
            for series in group.series:
                top = max(top, self._draw(series, history, present, x, first))
            seen = top > -math.inf
            changed = group.set_note(None if seen else self._note(group, frame)) or changed
            if seen and not group.spec.percent:
                self._scale(group, top)
        self._scale_memory(frame)
        if changed:
            self._update_axes()
            for group in self.groups.values():  # a group that shows only its note gives its height to the plots
                self._layout.setStretchFactor(group.box, 0 if group.note.isVisibleTo(self) else 1)
        self.set_window(self.window_s)

    def _draw(self, series: _Series, history: MonitorHistory, present: set[int], x: np.ndarray,
              first: int) -> float:
        """Update one curve; the highest figure inside the window (-inf when there is none)."""
        count = x.shape[0]
        if series.gpu is not None and series.gpu not in present:
            count = 0  # a new history (another interval) that has not seen this GPU yet
        if count == 0:
            series.curve.setData(x[:0], x[:0])
            return -math.inf
        view = history.host(series.metric) if series.gpu is None else history.gpu(series.gpu, series.metric)
        if series.buffer.shape[0] < history.capacity:
            series.buffer = np.empty(history.capacity)
        y = series.buffer[:count]
        np.copyto(y, view)
        series.curve.setData(x, y)
        if first >= count:
            return -math.inf
        # fmax ignores NaN and allocates nothing: NaN only when the whole window is n/a
        top = float(np.fmax.reduce(y[first:]))
        return -math.inf if math.isnan(top) else top

    def _scale(self, group: _Group, top: float) -> None:
        """0 .. a round number above ``top``; changed only when the figures outgrow it or
        fall below a third of it, so the axis (and its labels) stay put while the curves move."""
        if group.spec.key == "memory" and self._memory_top is not None:
            return  # 0 .. the GPU's total
        current = self._tops.get(group.spec.key)
        if current is not None and top <= current and top >= current / 3:
            return
        nice = _round_up(max(top, 1.0) * 1.1)
        if nice != current:
            self._tops[group.spec.key] = nice
            group.plot.setYRange(0, nice, padding=0.03)

    def _note(self, group: _Group, frame: MonitorFrame | None) -> str:
        metrics = [m for m, _style in group.spec.gpu_metrics]
        return group_na_reason(frame, metrics, has_host=bool(group.spec.host_metrics))

    def _scale_memory(self, frame: MonitorFrame | None) -> None:
        """The memory plot spans 0 .. the largest GPU's total, so its height reads as "how full"."""
        totals = [g.mem_total_mib for g in (frame.gpus if frame else ()) if g.mem_total_mib]
        plot = self.groups["memory"].plot
        if totals:
            top = max(totals)
            if self._memory_top != top:
                self._memory_top = top
                plot.setYRange(0, top, padding=0.02)
        elif self._memory_top is not None:
            self._memory_top = None
            self._tops.pop("memory", None)  # back to 0 .. the highest figure

    def set_window(self, window_s: float) -> None:
        """Show the last ``window_s`` seconds (the x-axes are linked: setting one sets all)."""
        self.window_s = float(window_s)
        if self._master is not None and tuple(self._master.getViewBox().viewRange()[0]) != (-self.window_s, 0.0):
            self._master.setXRange(-self.window_s, 0.0, padding=0)

    def plot_width_px(self) -> float:
        """The width of the plots' data area, in pixels."""
        return float(self._master.getViewBox().width()) if self._master is not None else 0.0

    def _update_axes(self) -> None:
        """The time axis under the last plot shown only (the plots are stacked and linked)."""
        shown = [g for g in self.groups.values() if g.is_shown()]
        for group in self.groups.values():
            group.plot.showAxis("bottom", group is (shown[-1] if shown else None))
        if shown:
            shown[-1].plot.setLabel("bottom", self.tr("seconds before now"))

    # -- for tests and tools ---------------------------------------------------------------
    def curve(self, group: str, metric: str, gpu: int | None = None) -> pg.PlotDataItem:
        for series in self.groups[group].series:
            if series.metric == metric and series.gpu == gpu:
                return series.curve
        raise KeyError((group, metric, gpu))

    def curves(self) -> list[pg.PlotDataItem]:
        return [s.curve for g in self.groups.values() for s in g.series]

    def note(self, group: str) -> str | None:
        """The group's "n/a" note, or None while it shows its plot."""
        g = self.groups[group]
        return g.note.text() if g.widget.isHidden() else None

    def x_range(self) -> tuple[float, float]:
        low, high = self.groups[GROUPS[0].key].plot.getViewBox().viewRange()[0]
        return float(low), float(high)

    def legend_texts(self) -> list[str]:
        return [self._legend.itemAt(i).widget().text() for i in range(self._legend.count())
                if self._legend.itemAt(i).widget() is not None]


def _round_up(value: float) -> float:
    """The next 1, 2 or 5 x 10^n at or above ``value``."""
    power = 10.0 ** math.floor(math.log10(value))
    for step in (1.0, 2.0, 5.0, 10.0):
        if value <= step * power:
            return step * power
    return 10.0 * power
