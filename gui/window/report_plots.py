"""The report's plots drawn with pyqtgraph, as PNG images for the HTML export.

The same :mod:`tfgpu.core.report.plots` specs the CLI draws as SVG, drawn here the way the app
draws its own charts. GUI thread only (a QGraphicsScene); a chart that cannot be drawn falls
back to the SVG renderer in :func:`tfgpu.core.report.write.plot_images`.
"""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QFontMetrics, QImage

from tfgpu.core.report.plots import BarChart, Chart, Image, LineChart

WIDTH, LINES_HEIGHT, ROW_HEIGHT = 760, 300, 26
TEXT = "#202020"
LOG_TICKS = (0.01, 0.1, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000)


def render_png(chart: Chart) -> Image:
    """``chart`` as a PNG (white background, dark text whatever the app's palette).

    The PlotWidget is "shown" with WA_DontShowOnScreen: it gets its size and layout like a real
    window, and nothing appears on the screen. It is grabbed twice: the first paint sizes the
    axes to their labels, the second draws the result."""
    widget = pg.PlotWidget(background="w")
    widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
    try:
        plot = widget.getPlotItem()
        plot.setTitle(chart.title, color=TEXT, size="11pt")
        for name in ("left", "bottom"):
            plot.getAxis(name).setTextPen(pg.mkPen(TEXT))
            plot.getAxis(name).setPen(pg.mkPen("#808080"))
        plot.setMenuEnabled(False)
        plot.hideButtons()
        height = _bars(plot, chart, widget) if isinstance(chart, BarChart) else _lines(plot, chart)
        widget.resize(WIDTH, height)
        widget.show()
        image = widget.grab().toImage()
        plot.layout.activate()
        image = widget.grab().toImage()
        return Image("image/png", _png(image), chart.title)
    finally:
        widget.hide()
        widget.close()
        widget.deleteLater()


def _png(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs miss the QIODevice overload
    buffer.close()
    return bytes(data.data())


def _bars(plot: pg.PlotItem, chart: BarChart, widget) -> int:
    count = len(chart.bars)
    values = np.array([b.value for b in chart.bars], dtype=float)
    if chart.log:
        positions = np.log10(np.maximum(values, 1e-9))
        low = min(0.0, float(positions.min()) - 0.2)
        high = float(positions.max()) + 0.6
        ticks = [(math.log10(t), f"{t:g}x") for t in LOG_TICKS if low <= math.log10(t) <= high]
        plot.getAxis("bottom").setTicks([ticks])
    else:
        positions, low = values, 0.0
        high = (chart.x_max or float(values.max()) * 1.05) * 1.25  # room for the figures after the bars
    rows = np.arange(count, dtype=float)
    plot.addItem(pg.BarGraphItem(x0=np.full(count, low), y=rows, width=positions - low, height=0.6,
                                 brushes=[pg.mkBrush(b.colour) for b in chart.bars]))
    for row, (bar, end) in enumerate(zip(chart.bars, positions)):
        label = pg.TextItem(bar.text, anchor=(0.0, 0.5), color=TEXT)
        label.setPos(float(end), float(row))
        plot.addItem(label)
    plot.invertY(True)
    left = plot.getAxis("left")
    left.setTicks([[(float(i), b.label) for i, b in enumerate(chart.bars)]])
    metrics = QFontMetrics(widget.font())
    left.setWidth(min(WIDTH // 2, 16 + max(metrics.horizontalAdvance(b.label) for b in chart.bars)))
    plot.setLabel("bottom", chart.x_label, color=TEXT)
    plot.setXRange(low, high, padding=0)
    plot.setYRange(-0.6, count - 0.4, padding=0)
    plot.getAxis("bottom").enableAutoSIPrefix(False)
    return 90 + ROW_HEIGHT * count


def _lines(plot: pg.PlotItem, chart: LineChart) -> int:
    legend = plot.addLegend(offset=(10, 10), labelTextColor=TEXT, brush=pg.mkBrush(255, 255, 255, 200))
    x = np.array(chart.x, dtype=float)
    for line in chart.lines:
        y = np.array([math.nan if v is None else v for v in line.y], dtype=float)
        item = plot.plot(x, y, pen=pg.mkPen(line.colour, width=2), connect="finite", name=line.name)
        del item
    del legend
    plot.setLabel("bottom", chart.x_label, color=TEXT)
    plot.setLabel("left", chart.y_label, color=TEXT)
    plot.getAxis("bottom").enableAutoSIPrefix(False)
    plot.showGrid(x=True, y=True, alpha=0.2)
    if chart.y_range:
        plot.setYRange(*chart.y_range, padding=0.02)
    plot.setXRange(float(x.min()), float(x.max()), padding=0.01)
    return LINES_HEIGHT
