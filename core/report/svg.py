"""The report's plots as small SVG images (no Qt): horizontal bars and lines, with axes,
ticks, a legend and the figures written out. Every text is XML-escaped."""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from tfgpu.core.report.plots import BarChart, Chart, Image, LineChart, nice_ticks

WIDTH = 760
FONT = "font-family='DejaVu Sans, Segoe UI, Arial, sans-serif' font-size='12'"
LABEL_W = 300
ROW_H = 24
AXIS = "#808080"
GRID = "#e0e0e0"


def render(chart: Chart) -> Image:
    body = _bars(chart) if isinstance(chart, BarChart) else _lines(chart)
    return Image("image/svg+xml", body.encode("utf-8"), chart.title)


def _doc(height: int, parts: list[str], title: str) -> str:
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{WIDTH}' height='{height}' "
            f"viewBox='0 0 {WIDTH} {height}' {FONT}><title>{escape(title)}</title>"
            f"<rect width='100%' height='100%' fill='#ffffff'/>"
            f"<text x='10' y='18' font-size='14' font-weight='bold'>{escape(title)}</text>"
            + "".join(parts) + "</svg>")


def _text(x: float, y: float, text: str, anchor: str = "start", colour: str = "#202020", size: int = 12) -> str:
    return (f"<text x='{x:.1f}' y='{y:.1f}' text-anchor='{anchor}' fill={quoteattr(colour)} "
            f"font-size='{size}'>{escape(text)}</text>")


def _bars(chart: BarChart) -> str:
    top, left, right = 34, LABEL_W, WIDTH - 130
    height = top + ROW_H * len(chart.bars) + 44
    values = [b.value for b in chart.bars]
    if chart.log:
        low = math.floor(math.log10(min(min(values), 1.0)) * 2) / 2 - 0.2
        high = math.log10(max(max(values), 2.0)) + 0.2
        pos = [math.log10(max(v, 1e-9)) for v in values]
        ticks = [t for t in (0.01, 0.1, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000)
                 if low <= math.log10(t) <= high]
        tick_pos = [math.log10(t) for t in ticks]
        tick_text = [f"{t:g}x" for t in ticks]
        start = max(low, math.log10(1.0)) if low < 0 < high else low
    else:
        low, high = 0.0, chart.x_max or max(values + [1.0]) * 1.05
        pos, start = values, 0.0
        ticks = nice_ticks(low, high)
        tick_pos, tick_text = ticks, [f"{t:g}" for t in ticks]

    def sx(value: float) -> float:
        return left + (right - left) * (value - low) / (high - low)

    parts = []
    for t, label in zip(tick_pos, tick_text):
        x = sx(t)
        parts.append(f"<line x1='{x:.1f}' y1='{top - 4}' x2='{x:.1f}' y2='{height - 36}' stroke='{GRID}'/>")
        parts.append(_text(x, height - 22, label, "middle", AXIS, 11))
    for row, (bar, p) in enumerate(zip(chart.bars, pos)):
        y = top + row * ROW_H
        x0, x1 = sorted((sx(start), sx(p)))
        parts.append(_text(left - 6, y + 16, _clip(bar.label, 46), "end"))
        parts.append(f"<rect x='{x0:.1f}' y='{y + 4}' width='{max(1.0, x1 - x0):.1f}' height='{ROW_H - 8}' "
                     f"fill={quoteattr(bar.colour)}/>")
        parts.append(_text(max(x1, sx(start)) + 4, y + 16, bar.text, "start", "#202020", 11))
    parts.append(f"<line x1='{left}' y1='{height - 36}' x2='{right}' y2='{height - 36}' stroke='{AXIS}'/>")
    parts.append(_text((left + right) / 2, height - 6, chart.x_label, "middle", AXIS, 11))
    return _doc(height, parts, chart.title)


def _lines(chart: LineChart) -> str:
    top, left, right, bottom = 34, 50, WIDTH - 20, 230
    legend_rows = math.ceil(len(chart.lines) / 2)
    height = bottom + 40 + 16 * legend_rows
    xs = chart.x
    x_low, x_high = min(xs), max(xs)
    if x_high <= x_low:
        x_high = x_low + 1
    known = [v for line in chart.lines for v in line.y if v is not None]
    y_low, y_high = chart.y_range or (min(known + [0.0]), max(known + [1.0]))
    y_high = max(y_high, max(known + [y_high]))

    def sx(value: float) -> float:
        return left + (right - left) * (value - x_low) / (x_high - x_low)

    def sy(value: float) -> float:
        return bottom - (bottom - top) * (value - y_low) / ((y_high - y_low) or 1)

    parts = []
    for t in nice_ticks(y_low, y_high):
        parts.append(f"<line x1='{left}' y1='{sy(t):.1f}' x2='{right}' y2='{sy(t):.1f}' stroke='{GRID}'/>")
        parts.append(_text(left - 6, sy(t) + 4, f"{t:g}", "end", AXIS, 11))
    for t in nice_ticks(x_low, x_high):
        parts.append(_text(sx(t), bottom + 16, f"{t:g}", "middle", AXIS, 11))
    parts.append(f"<line x1='{left}' y1='{bottom}' x2='{right}' y2='{bottom}' stroke='{AXIS}'/>")
    parts.append(_text((left + right) / 2, bottom + 32, chart.x_label, "middle", AXIS, 11))
    parts.append(_text(12, top - 4, chart.y_label, "start", AXIS, 11))
    for index, line in enumerate(chart.lines):
        for run in _runs(xs, line.y):
            points = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in run)
            parts.append(f"<polyline points='{points}' fill='none' stroke={quoteattr(line.colour)} stroke-width='1.6'/>")
        lx = left + (index % 2) * 340
        ly = bottom + 50 + 16 * (index // 2)
        parts.append(f"<rect x='{lx}' y='{ly - 9}' width='14' height='4' fill={quoteattr(line.colour)}/>")
        parts.append(_text(lx + 20, ly - 4, _clip(line.name, 48), "start", "#202020", 11))
    return _doc(height, parts, chart.title)


def _runs(xs: tuple[float, ...], ys: tuple[float | None, ...]) -> list[list[tuple[float, float]]]:
    """Unbroken stretches (a None breaks the line)."""
    runs: list[list[tuple[float, float]]] = [[]]
    for x, y in zip(xs, ys):
        if y is None:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append((x, y))
    return [r for r in runs if r]


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
