"""The results of a benchmark run: a banner for what went wrong, the headline sentences,
"% of peak" gauges, the speed-up chart (:mod:`tfgpu.gui.pages.benchmark.chart`) and the full table.

Only renders :class:`~tfgpu.core.bench.model.BenchRun` / ``BenchTest``; core's sentences are
:class:`TrText` translated with :func:`tfgpu.gui.tr_text.tr_text`. Unknown is never shown as 0:
a gauge without a known peak reads "n/a".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from PySide6.QtCore import QDateTime, Qt
from PySide6.QtGui import QBrush, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.bench.model import BenchRun, BenchTest, RunStatus
from tfgpu.core.bench.render import (
    format_percent,
    format_ratio,
    format_spread,
    format_value,
)
from tfgpu.core.bench.saved_runs import Change
from tfgpu.core.bench.summary import headlines, problems, test_error_text
from tfgpu.core.bench.words import test_words
from tfgpu.core.i18n import TrText
from tfgpu.gui.icons import Tone
from tfgpu.gui.pages.benchmark.chart import SpeedupChart
from tfgpu.gui.pages.benchmark.scaling_chart import ScalingChart
from tfgpu.gui.theme import TONE_HUES, readable
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets.banner import Banner
from tfgpu.gui.widgets.findings import plain_label
from tfgpu.gui.widgets.glossary import tooltip_for

COL_TEST, COL_DEVICE, COL_RESULT, COL_SPREAD, COL_RUNS, COL_PEAK, COL_VS_CPU, COL_DELTA = range(8)
NOTABLE_CHANGE = 0.05  # a Δ of 5% or more is coloured


def local_date(created: str) -> str:
    """A run's UTC ISO time as the user's local 'yyyy-MM-dd HH:mm'."""
    moment = QDateTime.fromString(created, Qt.DateFormat.ISODate)
    return moment.toLocalTime().toString("yyyy-MM-dd HH:mm") if moment.isValid() else created


def delta_text(change: Change | None) -> str:
    if change is None:
        return ""
    if change.ratio is not None:
        return f"{(change.ratio - 1) * 100:+.1f}%"
    return ""


class ResultsTable(QTableWidget):
    """One row per test: its figure, or the translated reason it has none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 8, parent)
        self.setHorizontalHeaderLabels([
            self.tr("Test"), self.tr("Device"), self.tr("Result"), self.tr("Spread"), self.tr("Runs"),
            self.tr("% of peak"), self.tr("vs CPU"), self.tr("Δ vs previous"),
        ])
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_TEST, QHeaderView.ResizeMode.Stretch)
        self.setColumnHidden(COL_DELTA, True)
        self.test_ids: list[str] = []

    def set_tests(self, tests: Iterable[BenchTest], changes: dict[str, Change] | None = None) -> None:
        tests = list(tests)
        self.clearSpans()
        self.setRowCount(len(tests))
        self.test_ids = [t.id for t in tests]
        for row, test in enumerate(tests):
            self._fill(row, test, (changes or {}).get(test.id))
        self.setColumnHidden(COL_DELTA, changes is None)

    def upsert(self, test: BenchTest) -> None:
        """Add a test's row, or replace the row of the same test (live updates)."""
        if test.id in self.test_ids:
            row = self.test_ids.index(test.id)
            if self.columnSpan(row, COL_RESULT) > 1:
                self.setSpan(row, COL_RESULT, 1, 1)
        else:
            row = self.rowCount()
            self.insertRow(row)
            self.test_ids.append(test.id)
        self._fill(row, test, None)

    def _device(self, device: str) -> str:
        return {"gpu": self.tr("GPU"), "cpu": self.tr("CPU")}.get(device, device)

    def _fill(self, row: int, test: BenchTest, change: Change | None) -> None:
        def put(column: int, text: str, tooltip: str = "") -> QTableWidgetItem:
            item = QTableWidgetItem(text)
            if tooltip:
                item.setToolTip(tooltip)
            if column >= COL_RESULT:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.setItem(row, column, item)
            return item

        put(COL_TEST, tr_text(test_words(test.suite, test.dtype, test.params)), test.id)
        put(COL_DEVICE, self._device(test.device), test.placement or "")
        if not test.ok:
            reason = tr_text(test_error_text(test)) or self.tr("No figure")
            item = put(COL_RESULT, reason, reason)
            item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            item.setForeground(QBrush(readable(TONE_HUES[Tone.WARN], self.palette().color(QPalette.ColorRole.Base))))
            for column in range(COL_SPREAD, COL_DELTA):
                put(column, "")
            self.setSpan(row, COL_RESULT, 1, COL_DELTA - COL_RESULT)
        else:
            note = self.tr("size reduced after running out of memory") if test.backoff else ""
            put(COL_RESULT, format_value(test.value, test.unit) + (" *" if note else ""), note)
            put(COL_SPREAD, format_spread(test), self.tr("median absolute deviation of the timed runs"))
            put(COL_RUNS, str(test.stats.runs) if test.stats else "")
            put(COL_PEAK, format_percent(test.percent_of_peak), test.peak.basis if test.peak else "")
            put(COL_VS_CPU, format_ratio(test.speedup_vs_cpu))
        delta = put(COL_DELTA, delta_text(change), self._change_tip(change))
        if change is not None and change.ratio is not None and abs(change.ratio - 1) >= NOTABLE_CHANGE:
            tone = Tone.GOOD if change.ratio > 1 else Tone.BAD
            delta.setForeground(QBrush(readable(TONE_HUES[tone], self.palette().color(QPalette.ColorRole.Base))))

    def _change_tip(self, change: Change | None) -> str:
        if change is None:
            return ""
        return self.tr("before: {before}, now: {after}").format(
            before=format_value(change.before, change.unit), after=format_value(change.after, change.unit))

    # -- for tests and tools ---------------------------------------------------------------
    def cell(self, test_id: str, column: int) -> str:
        item = self.item(self.test_ids.index(test_id), column)
        return item.text() if item is not None else ""


# (key, picker) for the gauges; the titles are translated in PeakGauges.
Picker = Callable[[list[BenchTest]], "BenchTest | None"]


def _best(suite: str, device: str, dtypes: tuple[str, ...] | None, kind: str | None = None) -> Picker:
    def pick(tests: list[BenchTest]) -> BenchTest | None:
        found = [t for t in tests if t.ok and t.suite == suite and t.device == device
                 and (dtypes is None or t.dtype in dtypes) and (kind is None or t.params.get("kind") == kind)]
        return max(found, key=lambda t: t.value or 0.0, default=None)
    return pick


GAUGES: list[tuple[str, Picker]] = [
    ("gpu-fp32", _best("matmul", "gpu", ("float32",))),
    ("gpu-half", _best("matmul", "gpu", ("float16", "bfloat16"))),
    ("gpu-d2d", _best("bandwidth", "gpu", None, "d2d")),
    ("cpu-fp32", _best("matmul", "cpu", ("float32",))),
]


class PeakGauges(QWidget):
    """A bar per headline figure: how close it came to the hardware's peak, the figures beside it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        titles = {"gpu-fp32": self.tr("GPU matmul, float32"), "gpu-half": self.tr("GPU matmul, float16/bfloat16"),
                  "gpu-d2d": self.tr("GPU memory bandwidth"), "cpu-fp32": self.tr("CPU matmul, float32")}
        self.bars: dict[str, QProgressBar] = {}
        self.details: dict[str, QLabel] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(plain_label(self.tr("% of peak"), selectable=False))
        for key, _picker in GAUGES:
            bar = QProgressBar()
            bar.setRange(0, 100)
            bar.setObjectName(f"gauge-{key}")
            detail = plain_label(wrap=False)
            detail.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            head = QHBoxLayout()
            head.addWidget(plain_label(titles[key], wrap=False, selectable=False))
            head.addWidget(detail, 1)
            layout.addSpacing(4)
            layout.addLayout(head)
            layout.addWidget(bar)
            self.bars[key], self.details[key] = bar, detail
        layout.addStretch(1)
        self.set_tests([], waiting=True)

    def set_tests(self, tests: Iterable[BenchTest], *, waiting: bool = False) -> None:
        tests = list(tests)
        for key, picker in GAUGES:
            bar, detail = self.bars[key], self.details[key]
            test = None if waiting else picker(tests)
            if test is None or test.value is None:
                self._unknown(bar, "…" if waiting else self.tr("not measured"), "")
                detail.setText("")
            elif test.percent_of_peak is None or test.peak is None:
                self._unknown(bar, self.tr("n/a"),
                              self.tr("The peak of this hardware is not known, so there is no % of peak."))
                detail.setText(self.tr("{value}; peak unknown").format(value=format_value(test.value, test.unit)))
            else:
                bar.setEnabled(True)
                bar.setValue(max(0, min(100, round(test.percent_of_peak))))
                bar.setFormat(format_percent(test.percent_of_peak))
                bar.setToolTip(test.peak.basis)
                value, peak = format_value(test.value, test.unit), format_value(test.peak.value, test.peak.unit)
                unit = " " + peak.rsplit(" ", 1)[-1]
                if value.endswith(unit) and peak.endswith(unit):  # "11.8 of 12.8 TFLOPS"
                    value = value[: -len(unit)]
                detail.setText(self.tr("{value} of {peak}").format(value=value, peak=peak))

    @staticmethod
    def _unknown(bar: QProgressBar, text: str, tooltip: str) -> None:
        bar.setValue(0)
        bar.setFormat(text)
        bar.setToolTip(tooltip)
        bar.setEnabled(False)  # greyed: no figure, not a zero

    def gauge_text(self, key: str) -> str:
        """What the gauge reads ("93%", "n/a", "not measured") and its figures, for tests and tools."""
        detail = self.details[key].text()
        return self.bars[key].text() + (f" ({detail})" if detail else "")


def split_headlines(run: BenchRun) -> tuple[Tone | None, list[TrText], list[TrText]]:
    """(banner tone, banner lines, headline lines): problems go to the banner, figures stay below."""
    banner, figures = problems(run), headlines(run)
    serious = [e for e in run.errors if e.fatal or e.code != "unsupported"]  # "needs a GPU" is only news
    if run.status is RunStatus.FAILED:
        tone: Tone | None = Tone.BAD
    elif run.status in (RunStatus.PARTIAL, RunStatus.CANCELLED) or serious:
        tone = Tone.WARN
    else:
        tone = Tone.INFO if banner else None
    return tone, banner, figures


class BenchResultsView(QWidget):
    """Banner, headlines, then tabs: Summary (gauges and chart) and All results (the table)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.run: BenchRun | None = None
        self.banner = Banner()
        self.headline_label = plain_label()
        self.headline_label.setObjectName("bench-headlines")
        self.gauges = PeakGauges()
        self.chart = SpeedupChart()
        self.table = ResultsTable()
        summary = QWidget()
        summary_layout = QHBoxLayout(summary)
        summary_layout.addWidget(self.gauges, 2)
        summary_layout.addWidget(self.chart, 3)
        summary_area = QScrollArea()  # a narrow window scrolls the summary instead of growing
        summary_area.setWidgetResizable(True)
        summary_area.setFrameShape(QFrame.Shape.NoFrame)
        summary_area.setWidget(summary)
        self.tabs = QTabWidget()
        self.tabs.addTab(summary_area, self.tr("Summary"))
        self.tabs.addTab(self.table, self.tr("All results"))
        self.scaling = ScalingChart()
        self.scaling_tab = self.tabs.addTab(self.scaling, self.tr("Scaling"))
        self.tabs.setTabVisible(self.scaling_tab, False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.banner)
        layout.addWidget(self.headline_label)
        layout.addWidget(self.tabs, 1)
        self._live: list[BenchTest] = []

    def begin_live(self) -> None:
        """A run starts: empty everything; results arrive with ``add_live_test``."""
        self.run = None
        self._live = []
        self.banner.clear()
        self.headline_label.setText("")
        self.gauges.set_tests([], waiting=True)
        self.chart.set_tests([])
        self.table.set_tests([])

    @contextmanager
    def _one_paint(self) -> Iterator[None]:
        """Changes made inside are painted once, afterwards: a progress bar repaints at once on
        setValue, and each gauge, the chart and the table would each paint the view again."""
        if self.testAttribute(Qt.WidgetAttribute.WA_ForceUpdatesDisabled):
            yield  # someone else turned updates off and turns them on
            return
        self.setUpdatesEnabled(False)
        try:
            yield
        finally:
            self.setUpdatesEnabled(True)  # a parent with updates off keeps them off (Qt)

    def add_live_test(self, test: BenchTest) -> None:
        self._live = [t for t in self._live if t.id != test.id] + [test]
        with self._one_paint():
            self.table.upsert(test)
            self.chart.set_tests(self._live)

    def show_run(self, run: BenchRun, changes: list[Change] | None = None) -> None:
        with self._one_paint():
            self._show_run(run, changes)

    def _show_run(self, run: BenchRun, changes: list[Change] | None) -> None:
        self.run = run
        tone, banner, figures = split_headlines(run)
        if tone is None or not banner:
            self.banner.clear()
        else:
            self.banner.show_lines(tone, [tr_text(line) for line in banner])
        self.headline_label.setText("\n".join(tr_text(line) for line in figures))
        self.headline_label.setToolTip(tooltip_for(self.headline_label.text()))  # XLA, mixed precision
        self.headline_label.setVisible(bool(figures))
        self.gauges.set_tests(run.tests)
        self.chart.set_tests(run.tests)
        self.scaling.show_run(run)
        self.tabs.setTabVisible(self.scaling_tab, bool(self.scaling.rows))
        self.set_changes(changes)

    def set_changes(self, changes: list[Change] | None) -> None:
        """Fill (or with None, hide) the Δ column of the run shown."""
        tests = self.run.tests if self.run is not None else self._live
        self.table.set_tests(tests, {c.test_id: c for c in changes} if changes is not None else None)

    def clear(self) -> None:
        self.begin_live()
        self.gauges.set_tests([])
