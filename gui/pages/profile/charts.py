"""The Profile page's charts: the stacked bar of a step's parts, and the step-time plot."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QSizePolicy, QWidget

from tfgpu.core.profile.model import PARTS

COLOURS = {"input": "#e4572e", "device_compute": "#29a36a", "host_compute": "#3c78d8", "copies": "#f3a712",
           "launch_idle": "#9e9e9e", "compile": "#8e44ad"}


class StepPartsBar(QWidget):
    """One bar, a segment per part of the step (its share), with the names and shares below."""

    def __init__(self, names: dict[str, str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.names = names  # part -> its translated name
        self.shares: dict[str, float] = {}
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumHeight(62)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(400, 62)

    def set_shares(self, shares: dict[str, float]) -> None:
        self.shares = {part: float(shares.get(part, 0.0)) for part in PARTS}
        self.setToolTip("\n".join(self.legend()))
        self.update()

    def legend(self) -> list[str]:
        return [f"{self.names.get(p, p)}: {self.shares[p] * 100:.0f}%" for p in PARTS if self.shares.get(p)]

    def paintEvent(self, _event) -> None:  # noqa: N802 - Qt's name
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        width, x = float(self.width()), 0.0
        for part in PARTS:
            share = self.shares.get(part, 0.0)
            if share <= 0:
                continue
            painter.fillRect(QRectF(x, 0, share * width, 26), QColor(COLOURS[part]))
            x += share * width
        legend_x = 0
        metrics = painter.fontMetrics()
        for part in PARTS:
            if not self.shares.get(part):
                continue
            text = f"{self.names.get(part, part)} {self.shares[part] * 100:.0f}%"
            painter.fillRect(legend_x, 36, 10, 10, QColor(COLOURS[part]))
            painter.setPen(self.palette().text().color())
            painter.drawText(legend_x + 14, 46, text)
            legend_x += 14 + metrics.horizontalAdvance(text) + 12
        painter.end()


def step_time_plot(step_word: str, parent: QWidget | None = None):
    """A pyqtgraph plot of every step's time (ms); traced steps in a second colour."""
    import pyqtgraph as pg

    plot = pg.PlotWidget(parent, background=None)  # the window's own background, light or dark
    plot.setMinimumHeight(120)
    plot.setMenuEnabled(False)
    plot.showGrid(x=True, y=True, alpha=0.25)
    text = plot.palette().color(plot.foregroundRole())
    for name in ("left", "bottom"):
        axis = plot.getPlotItem().getAxis(name)
        axis.setTextPen(pg.mkPen(text))
        axis.setPen(pg.mkPen(text))
    plot.setLabel("left", "ms", color=text.name())
    plot.setLabel("bottom", step_word, color=text.name())
    return plot


def show_steps(plot, all_ms: list[float], traced_ms: list[float], first_traced: int | None) -> None:
    import pyqtgraph as pg

    plot.clear()
    if all_ms:
        plot.plot(list(range(1, len(all_ms) + 1)), all_ms, pen=pg.mkPen("#3c78d8", width=1.5))
    if traced_ms and first_traced:
        xs = list(range(first_traced, first_traced + len(traced_ms)))
        plot.plot(xs, traced_ms, pen=None, symbol="o", symbolSize=5, symbolBrush="#e4572e")
    if all_ms:  # the first step (tracing, compiling) would squash the rest
        rest = sorted(all_ms[1:] or all_ms)
        plot.setYRange(0, rest[int(0.95 * (len(rest) - 1))] * 1.3 or 1, padding=0)
