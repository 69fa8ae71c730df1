"""The Benchmark page's scaling chart: images/s per device count (bars) against perfect scaling
(a line through N x the one-device figure), each bar labelled with its scaling efficiency. Logical
CPU devices get the plain warning that this is a code-path check, not a speed measurement."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QVBoxLayout, QWidget

from tfgpu.core.bench.model import BenchRun
from tfgpu.core.bench.scaling import ScalingRow, scaling_rows
from tfgpu.gui.widgets.findings import plain_label


class ScalingChart(QWidget):
    """Created once; ``show_run`` updates the bar item and the ideal line in place."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[ScalingRow] = []
        self.note = plain_label()
        self.plot = pg.PlotWidget()
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.showGrid(y=True, alpha=0.2)
        self.plot.setLabel("bottom", self.tr("devices"))
        self.plot.setLabel("left", self.tr("images/s"))
        colour = self.palette().color(QPalette.ColorRole.Highlight)
        self.bars = pg.BarGraphItem(x=[], height=[], width=0.6, brush=colour)
        self.ideal = self.plot.plot([], [], pen=pg.mkPen(self.palette().color(QPalette.ColorRole.Text), width=1,
                                                         style=pg.QtCore.Qt.PenStyle.DashLine))
        self.plot.addItem(self.bars)
        self.labels: list[pg.TextItem] = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.note)
        layout.addWidget(self.plot, 1)

    def show_run(self, run: BenchRun | None) -> None:
        self.rows = scaling_rows(run) if run is not None else []
        for label in self.labels:
            self.plot.removeItem(label)
        self.labels = []
        x = np.array([row.replicas for row in self.rows], dtype=float)
        y = np.array([row.images_per_s for row in self.rows], dtype=float)
        self.bars.setOpts(x=x, height=y)
        one = y[0] if len(y) and self.rows[0].replicas == 1 else None
        self.ideal.setData(x, x * one if one is not None else [])
        for row in self.rows:
            if row.efficiency is None:
                continue
            label = pg.TextItem(f"{row.efficiency * 100:.0f}%", anchor=(0.5, 1.0),
                                color=self.palette().color(QPalette.ColorRole.Text))
            label.setPos(row.replicas, row.images_per_s)
            self.plot.addItem(label)
            self.labels.append(label)
        if self.rows and self.rows[-1].logical:
            self.note.setText(self.tr("These devices are one CPU split in two: this checks that MirroredStrategy "
                                      "works here; it is not a speed measurement."))
        elif self.rows:
            self.note.setText(self.tr("Bars: images per second on 1, 2, … devices. Dashed line: perfect scaling. "
                                      "The percentage is the scaling efficiency."))
        else:
            self.note.setText("")
        if len(x):
            self.plot.setXRange(0.4, x.max() + 0.6, padding=0)
            self.plot.setYRange(0, max(y.max(), (x * one).max() if one is not None else 0) * 1.15, padding=0)
