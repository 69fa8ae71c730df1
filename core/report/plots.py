"""What the report's plots show, as data: a renderer turns a :class:`BarChart` or :class:`LineChart`
into an image.

Two renderers draw the same specs. The GUI draws them with pyqtgraph (``gui/window/report_plots.py``:
the same look as the app's own charts); ``tfgpu report`` draws them as SVG (:mod:`.svg`), because
core never imports Qt and the CLI must work where Qt cannot start (a server, WSL without a
display, a missing libEGL). Either way the image is embedded in the HTML as a ``data:`` URI.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

GPU_COLOUR = "#2ca02c"
CPU_COLOUR = "#7f7f7f"
LINE_COLOURS = ("#2ca02c", "#1f77b4", "#ff7f0e", "#9467bd", "#d62728", "#8c564b")


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    colour: str
    text: str  # the figure written after the bar


@dataclass(frozen=True)
class BarChart:
    key: str
    title: str
    x_label: str
    bars: tuple[Bar, ...]
    log: bool = False
    x_max: float | None = None  # a fixed end of the axis (100 for a share of peak)


@dataclass(frozen=True)
class Line:
    name: str
    y: tuple[float | None, ...]  # None: a gap
    colour: str


@dataclass(frozen=True)
class LineChart:
    key: str
    title: str
    x_label: str
    y_label: str
    x: tuple[float, ...]
    lines: tuple[Line, ...]
    y_range: tuple[float, float] | None = None


Chart = BarChart | LineChart


@dataclass(frozen=True)
class Image:
    mime: str  # "image/svg+xml" or "image/png"
    data: bytes
    alt: str


Renderer = Callable[[Chart], Image]
MAX_BARS = 24


def charts_for(document: dict[str, Any]) -> list[Chart]:
    """The plots this report has data for (none is fine)."""
    charts: list[Chart] = []
    bench = bench_chart((document.get("bench") or {}).get("run"))
    if bench is not None:
        charts.append(bench)
    monitor = monitor_chart(document.get("monitor") or {})
    if monitor is not None:
        charts.append(monitor)
    return charts


def _test_label(test: dict[str, Any]) -> str:
    params = " ".join(f"{k}={v}" for k, v in (test.get("params") or {}).items())
    words = [test.get("suite") or "?", test.get("dtype") or "", params, f"({str(test.get('device', '')).upper()})"]
    return " ".join(w for w in words if w)


def _figure(value: float | None, unit: str | None) -> str:
    if value is None:
        return "n/a"
    digits = f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return f"{digits} {unit or ''}".strip()


def bench_chart(run: dict[str, Any] | None) -> BarChart | None:
    """Each measured test as a share of its peak; failing that, GPU-vs-CPU speed-ups (log axis)."""
    if not run:
        return None
    tests = [t for t in run.get("tests") or [] if t.get("value") is not None and not t.get("error_code")]
    colour = {"gpu": GPU_COLOUR, "cpu": CPU_COLOUR}
    with_peak = [t for t in tests if isinstance(t.get("percent_of_peak"), (int, float))]
    if with_peak:
        bars = tuple(Bar(_test_label(t), float(t["percent_of_peak"]), colour.get(t.get("device"), CPU_COLOUR),
                         f"{_figure(t['value'], t.get('unit'))} ({t['percent_of_peak']:.0f}%)")
                     for t in with_peak[:MAX_BARS])
        top = max(100.0, max(b.value for b in bars) * 1.05)
        return BarChart("bench", f"Benchmark {run.get('run_id', '')}: share of peak", "% of peak", bars, x_max=top)
    speedups = [t for t in tests if isinstance(t.get("speedup_vs_cpu"), (int, float)) and t["speedup_vs_cpu"] > 0]
    if speedups:
        bars = tuple(Bar(_test_label(t), float(t["speedup_vs_cpu"]), GPU_COLOUR, f"{t['speedup_vs_cpu']:.3g}x")
                     for t in speedups[:MAX_BARS])
        return BarChart("bench", f"Benchmark {run.get('run_id', '')}: GPU vs CPU", "times as fast as the CPU (log)",
                        bars, log=True)
    return None


def monitor_chart(excerpt: dict[str, Any]) -> LineChart | None:
    """Load and memory (%) over the excerpt's minutes."""
    series = excerpt.get("series") or {}
    times = series.get("t_s") or []
    if len(times) < 2:
        return None
    names = excerpt.get("gpu_names") or {}
    lines: list[Line] = []
    for key, values in series.items():
        if key == "t_s" or not any(v is not None for v in values):
            continue
        scope, metric = key.split(".", 1)
        what = {"gpu_util_percent": "load", "mem_used_percent": "memory", "cpu_percent": "CPU load",
                "ram_percent": "RAM"}.get(metric, metric)
        name = f"{scope.upper()} {what}" if scope != "host" else what
        if scope in names and names[scope]:
            name = f"{scope.upper()} {what} ({names[scope]})"
        lines.append(Line(name, tuple(values), LINE_COLOURS[len(lines) % len(LINE_COLOURS)]))
    if not lines:
        return None
    x = tuple(float(t) / 60.0 for t in times)
    title = f"Monitor: the last {excerpt.get('span_s', 0) / 60:.1f} min ({excerpt.get('samples')} samples)"
    return LineChart("monitor", title, "minutes before the export", "%", x, tuple(lines), y_range=(0.0, 100.0))


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering [low, high]."""
    if not (math.isfinite(low) and math.isfinite(high)) or high <= low:
        return [low]
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.ceil(low / step) * step
    ticks, value = [], first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    return ticks
