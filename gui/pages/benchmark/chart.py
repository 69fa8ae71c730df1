"""The speed-up chart of the Benchmark page: how much faster one way of running a test is
than its baseline, for the pairs a run has both halves of.

Three kinds of pairs: the GPU against the CPU on the same test, a lower precision
(float16, bfloat16, mixed_float16) against float32, and XLA (``jit=on``) against no XLA.
Units differ between tests, so every pair is normalised to its baseline (= 1x) and drawn as
grouped horizontal bars, baseline and contender, on a log axis (a 50x GPU and a 1.3x XLA
gain stay readable side by side). The bar items are created once and updated with ``setOpts``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHBoxLayout, QStackedWidget, QVBoxLayout, QWidget

from tfgpu.core.bench.model import BenchTest
from tfgpu.gui.theme import GRAPHIC_CONTRAST, background, readable, set_text_colour
from tfgpu.gui.widgets.findings import plain_label

KIND_DEVICE, KIND_PRECISION, KIND_XLA = "device", "precision", "xla"
# Hues of the bars by kind of comparison; fitted to the background (light or dark) when drawn.
KIND_HUES = {KIND_DEVICE: "#2ca02c", KIND_PRECISION: "#1f77b4", KIND_XLA: "#ff7f0e"}
BASELINE_HUE = "#9a9a9a"


def kind_colour(kind: str) -> QColor:
    return readable(KIND_HUES.get(kind, BASELINE_HUE), background())


def baseline_colour() -> QColor:
    return readable(BASELINE_HUE, background(), GRAPHIC_CONTRAST)
BAR_THICKNESS = 0.36
ROW_HEIGHT_PX = 30
LOG_TICKS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000)


@dataclass(frozen=True)
class Comparison:
    kind: str  # KIND_*
    test: str  # what was run: "matmul float32 n=4096", "train batch=64 (gpu)"
    baseline: str  # "CPU", "float32", "jit=off"
    contender: str  # "GPU", "float16", "jit=on"
    ratio: float  # contender / baseline (every metric here is higher-is-better)


def _params(test: BenchTest, drop: str | None = None) -> str:
    return " ".join(f"{k}={v}" for k, v in test.params.items() if k != drop)


def _jit(test: BenchTest) -> bool | None:
    value = test.params.get("jit")
    if value is None:
        return None
    return str(value).lower() in ("on", "true", "1")


def comparisons(tests: Iterable[BenchTest]) -> list[Comparison]:
    """The pairs a run can show, the best contender per kind, suite and contender kept."""
    figures = [t for t in tests if t.ok and t.value and t.value > 0]
    by_id = {t.id: t for t in figures}
    found: list[tuple[float, Comparison, tuple]] = []
    for test in figures:
        value = float(test.value or 0)
        if test.device == "gpu":  # the GPU against the CPU
            cpu = by_id.get(test.twin_key + "/cpu")
            if cpu is not None and cpu.value:
                found.append((value, Comparison(KIND_DEVICE, test.label, "CPU", "GPU", value / cpu.value),
                              (KIND_DEVICE, test.suite, test.dtype)))
        if test.dtype and test.dtype != "float32" and test.suite != "bandwidth":  # precision against float32
            base = next((t for t in figures if t.suite == test.suite and t.device == test.device
                         and t.dtype == "float32" and t.params == test.params), None)
            if base is not None and base.value:
                name = " ".join(p for p in (test.suite, _params(test), f"({test.device.upper()})") if p)
                found.append((value, Comparison(KIND_PRECISION, name, "float32", test.dtype, value / base.value),
                              (KIND_PRECISION, test.suite, test.dtype, test.device)))
        if _jit(test) is True:  # XLA against no XLA
            base = next((t for t in figures if t.suite == test.suite and t.device == test.device
                         and t.dtype == test.dtype and _jit(t) is False
                         and _params(t, "jit") == _params(test, "jit")), None)
            if base is not None and base.value:
                name = " ".join(p for p in (test.suite, test.dtype or "", _params(test, "jit"),
                                            f"({test.device.upper()})") if p)
                found.append((value, Comparison(KIND_XLA, name, "jit=off", "jit=on", value / base.value),
                              (KIND_XLA, test.suite, test.dtype, test.device)))
    best: dict[tuple, tuple[float, Comparison]] = {}
    order: list[tuple] = []
    for value, comparison, key in found:
        if key not in best:
            order.append(key)
        if key not in best or value > best[key][0]:
            best[key] = (value, comparison)
    return [best[key][1] for key in order]


def ratio_text(ratio: float) -> str:
    return f"{ratio:.3g}x" if ratio < 100 else f"{ratio:,.0f}x"


class SpeedupChart(QWidget):
    """Grouped horizontal bars (baseline at 1x, contender at its ratio) on a log axis."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.comparisons: list[Comparison] = []
        self.plot_widget = pg.PlotWidget(background=None)
        self.plot_widget.setMouseEnabled(False, False)
        self.plot_widget.setMenuEnabled(False)
        self.plot_widget.hideButtons()
        self.plot_widget.setMinimumHeight(150)
        plot = self.plot_widget.getPlotItem()
        plot.invertY(True)  # the first pair on top
        plot.showGrid(x=True, y=False, alpha=0.25)
        plot.getAxis("bottom").enableAutoSIPrefix(False)  # the axis is log10 of ratios: no "(x0.001)"
        text_colour = self.palette().color(self.foregroundRole())
        for name in ("left", "bottom"):
            plot.getAxis(name).setTextPen(pg.mkPen(text_colour))
        self.baseline_bars = pg.BarGraphItem(x0=np.zeros(0), y=np.zeros(0), width=np.zeros(0),
                                             height=BAR_THICKNESS, brush=pg.mkBrush(baseline_colour()))
        self.contender_bars = pg.BarGraphItem(x0=np.zeros(0), y=np.zeros(0), width=np.zeros(0),
                                              height=BAR_THICKNESS, brushes=[])
        plot.addItem(self.baseline_bars)
        plot.addItem(self.contender_bars)
        self.one_line = pg.InfiniteLine(pos=0.0, angle=90, pen=pg.mkPen(baseline_colour(), style=pg.QtCore.Qt.PenStyle.DashLine))
        plot.addItem(self.one_line)
        self._value_labels: list[pg.TextItem] = []  # a pool, reused between updates

        self.empty_label = plain_label(self.tr("No speed-ups yet: they appear when a run has both halves of a "
                                               "pair (GPU and CPU, float16 and float32, XLA on and off)."),
                                       selectable=False)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.empty_label)
        self.stack.addWidget(self.plot_widget)

        legend = QHBoxLayout()
        legend.setContentsMargins(0, 0, 0, 0)
        for colour, text in ((kind_colour(KIND_DEVICE), self.tr("GPU vs CPU")),
                             (kind_colour(KIND_PRECISION), self.tr("lower precision vs float32")),
                             (kind_colour(KIND_XLA), self.tr("XLA on vs off")),
                             (readable(BASELINE_HUE, background()), self.tr("baseline (1x)"))):
            label = plain_label("■ " + text, wrap=False, selectable=False)
            set_text_colour(label, colour)
            legend.addWidget(label)
        legend.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(plain_label(self.tr("Speed-ups (times as fast as the baseline, log scale)"), selectable=False))
        layout.addLayout(legend)
        layout.addWidget(self.stack, 1)
        self.set_tests([])

    def _category(self, comparison: Comparison) -> str:
        if comparison.kind == KIND_DEVICE:
            return self.tr("{test}: GPU vs CPU").format(test=comparison.test)
        return self.tr("{test}: {contender} vs {baseline}").format(
            test=comparison.test, contender=comparison.contender, baseline=comparison.baseline)

    def set_tests(self, tests: Iterable[BenchTest]) -> None:
        self.set_comparisons(comparisons(tests))

    def set_comparisons(self, items: list[Comparison]) -> None:
        self.comparisons = list(items)
        count = len(self.comparisons)
        self.stack.setCurrentWidget(self.plot_widget if count else self.empty_label)
        logs = np.array([math.log10(c.ratio) for c in self.comparisons], dtype=float)
        low = min(math.log10(0.5), float(logs.min()) - 0.15) - 0.05 if count else math.log10(0.5) - 0.05
        top = max(math.log10(2.0), float(logs.max())) if count else math.log10(2.0)
        high = top + 0.3 * (top - low) + 0.1  # room for the "24.1x" after the longest bar
        rows = np.arange(count, dtype=float)
        self.baseline_bars.setOpts(x0=low, y=rows + BAR_THICKNESS / 2, width=np.full(count, -low),
                                   height=BAR_THICKNESS)
        self.contender_bars.setOpts(x0=low, y=rows - BAR_THICKNESS / 2, width=logs - low, height=BAR_THICKNESS,
                                    brushes=[pg.mkBrush(kind_colour(c.kind)) for c in self.comparisons])
        plot = self.plot_widget.getPlotItem()
        plot.getAxis("left").setTicks([[(float(i), self._category(c)) for i, c in enumerate(self.comparisons)]])
        plot.getAxis("bottom").setTicks([[(math.log10(t), ratio_text(t)) for t in LOG_TICKS
                                          if low - 1e-9 <= math.log10(t) <= high + 1e-9]])
        plot.setXRange(low, high, padding=0)
        plot.setYRange(-0.6, max(count, 1) - 0.4, padding=0)
        self._place_value_labels(logs)
        self.plot_widget.setMinimumHeight(max(150, 60 + ROW_HEIGHT_PX * count))

    def _place_value_labels(self, logs: np.ndarray) -> None:
        plot = self.plot_widget.getPlotItem()
        while len(self._value_labels) < len(self.comparisons):
            label = pg.TextItem(anchor=(0.0, 0.5), color=self.palette().color(self.foregroundRole()))
            plot.addItem(label)
            self._value_labels.append(label)
        for index, label in enumerate(self._value_labels):
            if index < len(self.comparisons):
                label.setText(ratio_text(self.comparisons[index].ratio))
                label.setPos(float(logs[index]), index - BAR_THICKNESS / 2)
                label.show()
            else:
                label.hide()

    # -- for tests and tools ---------------------------------------------------------------
    def bar_ratios(self) -> list[float]:
        """The contender bars' ratios as drawn (read back from the bar item)."""
        opts = self.contender_bars.opts
        widths = np.asarray(opts.get("width") if opts.get("width") is not None else [], dtype=float)
        return [float(10 ** (float(opts["x0"]) + w)) for w in widths]

    def category_labels(self) -> list[str]:
        return [self._category(c) for c in self.comparisons]
