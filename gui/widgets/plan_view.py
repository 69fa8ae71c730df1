"""A configuration plan as a coloured diff: every line has its mark (+ added, - taken out, ~ moved),
so the colour is never the only sign; the colours are tints of the palette's own base colour (light
and dark schemes alike), and the text keeps the palette's text colour, so its contrast stays."""

from __future__ import annotations

import html

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QTextBrowser, QWidget

from tfgpu.core.configure.model import DiffLine, Plan
from tfgpu.gui.tr_text import tr_text

# Hue of each kind of line (the mark says the same in text).
HUES = {"added": 120, "removed": 0, "moved": 210}
TINT = 0.3  # how much of the hue is mixed into the base colour


def diff_colours(palette: QPalette) -> dict[str, QColor]:
    """Background per line kind, derived from the palette's base colour."""
    base = palette.color(QPalette.ColorRole.Base)
    lightness = min(max(base.lightnessF(), 0.15), 0.85)
    colours = {"kept": base}
    for kind, hue in HUES.items():
        tint = QColor.fromHslF(hue / 360, 0.6, lightness)
        colours[kind] = QColor.fromRgbF(*(b * (1 - TINT) + t * TINT for b, t in zip(
            (base.redF(), base.greenF(), base.blueF()), (tint.redF(), tint.greenF(), tint.blueF()))))
    return colours


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    def luminance(c: QColor) -> float:
        def channel(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF())
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


class PlanView(QTextBrowser):
    """Read-only: the plan's diffs, one table per place that changes."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.plan: Plan | None = None

    def set_plan(self, plan: Plan | None) -> None:
        self.plan = plan
        self.setHtml(self.plan_html(plan) if plan is not None else "")

    def plan_html(self, plan: Plan) -> str:
        colours = diff_colours(self.palette())
        text = self.palette().color(QPalette.ColorRole.Text).name()
        marks = {"+": "+", "-": "\u2212", "~": "~", " ": "\u00a0"}
        legend = self.tr("+ added   − taken out   ~ moved here   (no mark: unchanged)")
        parts = [f"<p><small>{html.escape(legend)}</small></p>"]
        for section in plan.sections:
            title = html.escape(tr_text(section.title))
            where = "" if str(section.title) == section.where else f" <small>({html.escape(section.where)})</small>"
            parts.append(f"<p><b>{title}</b>{where}</p><table cellspacing='0' cellpadding='2' width='100%'>")
            for line in section.lines:
                parts.append(self._row(line, colours[line.kind].name(), text, marks))
            parts.append("</table>")
        return "".join(parts)

    def _row(self, line: DiffLine, background: str, text: str, marks: dict[str, str]) -> str:
        note = f" <i>({html.escape(tr_text(line.note))})</i>" if line.note else ""
        shown = html.escape(line.text) if line.text else "&nbsp;"
        return (f"<tr><td bgcolor='{background}' width='1%'><code style='color:{text}'>{marks[line.mark]}</code></td>"
                f"<td bgcolor='{background}'><code style='color:{text}'>{shown}</code>{note}</td></tr>")
