"""Light and dark: the system's colour scheme (Qt 6 ``colorScheme``), and every custom colour
derived from the palette so that text stays readable (WCAG contrast >= 4.5:1) in both.

A status colour is a hue (green, amber, red, blue, grey) made as dark or as light as the
background needs; a plot colour the same against the plot's background. No widget keeps a
fixed colour: when the palette changes the window rebuilds its pages.
"""

from __future__ import annotations

import logging

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

from tfgpu.gui.icons import Tone

log = logging.getLogger(__name__)

TEXT_CONTRAST = 4.5  # WCAG AA for normal text
GRAPHIC_CONTRAST = 3.0  # WCAG for lines and symbols
SCHEMES = ("light", "dark")

# The hue of each status, before it is fitted to the background.
TONE_HUES = {
    Tone.GOOD: "#2e9e4f",
    Tone.WARN: "#c98a0b",
    Tone.BAD: "#d13b3b",
    Tone.INFO: "#2f7ed8",
    Tone.NEUTRAL: "#7d848e",
    Tone.BUSY: "#2f7ed8",
    Tone.DONE: "#7d848e",
}
# Series colours for plots (GPUs, then CPU and RAM), fitted to the plot background.
SERIES_HUES = ("#2ca02c", "#ff7f0e", "#d62728", "#17becf", "#bcbd22", "#e377c2", "#8c564b", "#7f7f7f")
HOST_HUES = {"cpu_percent": "#1f77b4", "ram_percent": "#9467bd"}


# -- contrast ---------------------------------------------------------------------------------


def _channel(value: float) -> float:
    return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    """WCAG relative luminance, 0 (black) to 1 (white)."""
    return 0.2126 * _channel(colour.redF()) + 0.7152 * _channel(colour.greenF()) + 0.0722 * _channel(colour.blueF())


def contrast(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def is_dark(palette: QPalette | None = None) -> bool:
    palette = palette or QGuiApplication.palette()
    return luminance(palette.color(QPalette.ColorRole.Window)) < 0.4


def _floats(values: object) -> tuple[float, ...]:
    """QColor's getHslF/getRgbF tuple (typed ``object`` in PySide6's stubs)."""
    return tuple(float(v) for v in values)  # type: ignore[attr-defined]


def readable(colour: QColor | str, background: QColor, ratio: float = TEXT_CONTRAST) -> QColor:
    """``colour`` with its lightness moved away from ``background`` until the contrast is ``ratio``."""
    colour = QColor(colour)
    if contrast(colour, background) >= ratio:
        return colour
    hue, saturation, lightness, alpha = _floats(colour.getHslF())
    towards_white = luminance(background) < 0.4
    low, high = (lightness, 1.0) if towards_white else (0.0, lightness)
    best = QColor.fromHslF(max(hue, 0.0), saturation, 1.0 if towards_white else 0.0, alpha)
    for _ in range(20):  # bisect: the closest lightness to the hue's own that is readable
        middle = (low + high) / 2
        candidate = QColor(QColor.fromHslF(max(hue, 0.0), saturation, middle, alpha).name())  # as drawn: 8 bits
        if contrast(candidate, background) >= ratio:
            best = candidate
            low, high = (low, middle) if towards_white else (middle, high)
        else:
            low, high = (middle, high) if towards_white else (low, middle)
    return best


def background(palette: QPalette | None = None) -> QColor:
    return (palette or QGuiApplication.palette()).color(QPalette.ColorRole.Window)


def tone_colour(tone: Tone, palette: QPalette | None = None, ratio: float = TEXT_CONTRAST) -> QColor:
    """A status colour readable as text on the window background."""
    return readable(TONE_HUES.get(tone, TONE_HUES[Tone.NEUTRAL]), background(palette), ratio)


def secondary_text(palette: QPalette | None = None) -> QColor:
    """A quieter text colour (sources, dates) that still reads at 4.5:1."""
    palette = palette or QGuiApplication.palette()
    text, window = palette.color(QPalette.ColorRole.WindowText), background(palette)
    mixed = QColor.fromRgbF(*(0.62 * t + 0.38 * w for t, w in zip(_floats(text.getRgbF())[:3], _floats(window.getRgbF())[:3])))
    return readable(mixed, window)


def series_colour(index: int, palette: QPalette | None = None) -> QColor:
    """The colour of the index-th GPU's curves and legend."""
    return readable(SERIES_HUES[index % len(SERIES_HUES)], background(palette))


def host_colour(metric: str, palette: QPalette | None = None) -> QColor:
    return readable(HOST_HUES.get(metric, SERIES_HUES[-1]), background(palette))


# -- schemes ----------------------------------------------------------------------------------


def light_palette() -> QPalette:
    style = QStyleFactory.create("Fusion")
    palette = QPalette(style.standardPalette()) if style is not None else QPalette()
    return palette


def dark_palette() -> QPalette:
    """A dark palette whose every text role reads at 4.5:1 or better (the disabled ones at 3:1)."""
    palette = QPalette()
    window, base, text = QColor("#1f2227"), QColor("#16181c"), QColor("#e8eaed")
    button, highlight = QColor("#2b2f36"), QColor("#3d7dd8")
    roles = {
        QPalette.ColorRole.Window: window, QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base, QPalette.ColorRole.AlternateBase: QColor("#1c1f24"),
        QPalette.ColorRole.Text: text, QPalette.ColorRole.Button: button,
        QPalette.ColorRole.ButtonText: text, QPalette.ColorRole.BrightText: QColor("#ffffff"),
        QPalette.ColorRole.Highlight: highlight, QPalette.ColorRole.HighlightedText: QColor("#ffffff"),
        QPalette.ColorRole.ToolTipBase: QColor("#2b2f36"), QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: QColor("#9aa0a8"), QPalette.ColorRole.Link: QColor("#8ab4f8"),
        QPalette.ColorRole.LinkVisited: QColor("#c58af9"), QPalette.ColorRole.Light: QColor("#3a3f47"),
        QPalette.ColorRole.Midlight: QColor("#31353c"), QPalette.ColorRole.Mid: QColor("#25282d"),
        QPalette.ColorRole.Dark: QColor("#111316"), QPalette.ColorRole.Shadow: QColor("#000000"),
    }
    for role, colour in roles.items():
        palette.setColor(role, colour)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text, QPalette.ColorRole.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#8b9099"))
    palette.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Button, QColor("#25282d"))
    return palette


def system_scheme() -> str | None:
    """"dark", "light", or None when the platform does not say."""
    scheme = QGuiApplication.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return "dark"
    if scheme == Qt.ColorScheme.Light:
        return "light"
    return None


def apply_scheme(app: QApplication, requested: str | None = None) -> str:
    """Follow ``requested`` ("light"/"dark") or the system's scheme; returns the scheme in use.

    Where the style already draws the system's scheme (Windows 11, macOS, GNOME with Qt 6.5+)
    its palette is kept; where it does not (a light style on a dark desktop, offscreen), Fusion
    with our palette takes over.
    """
    wanted = requested or system_scheme()
    if wanted is None:
        return "dark" if is_dark(app.palette()) else "light"
    if requested is None and is_dark(app.palette()) == (wanted == "dark"):
        return wanted  # the style follows the system by itself
    fusion = QStyleFactory.create("Fusion")
    if fusion is not None and app.style().name().lower() != "fusion":
        app.setStyle(fusion)
    app.setPalette(dark_palette() if wanted == "dark" else light_palette())
    # Fusion draws a radio button's ring a shade darker than the window: too faint on either palette.
    app.setStyleSheet(DARK_INDICATORS if wanted == "dark" else LIGHT_INDICATORS)
    log.debug("colour scheme: %s", wanted)
    return wanted


#: Radio buttons that read on the dark palette: a ring at 3:1 or more against the window, the chosen one filled.
DARK_INDICATORS = """
QRadioButton::indicator { width: 12px; height: 12px; border: 1px solid #9aa0a8; border-radius: 7px;
                          background: #16181c; }
QRadioButton::indicator:checked { background: qradialgradient(cx: 0.5, cy: 0.5, radius: 0.5, fx: 0.5, fy: 0.5,
                                  stop: 0 #8ab4f8, stop: 0.5 #8ab4f8, stop: 0.6 #16181c, stop: 1 #16181c); }
QRadioButton::indicator:disabled { border-color: #5f646c; }
"""
LIGHT_INDICATORS = """
QRadioButton::indicator { width: 12px; height: 12px; border: 1px solid #6b7078; border-radius: 7px;
                          background: #ffffff; }
QRadioButton::indicator:checked { background: qradialgradient(cx: 0.5, cy: 0.5, radius: 0.5, fx: 0.5, fy: 0.5,
                                  stop: 0 #1f5fbf, stop: 0.5 #1f5fbf, stop: 0.6 #ffffff, stop: 1 #ffffff); }
QRadioButton::indicator:disabled { border-color: #b8bcc2; }
"""


def tint(tone: Tone, palette: QPalette | None = None, amount: float = 0.16) -> QColor:
    """A background for a status box: the window colour with a touch of the status hue (text on it
    keeps the palette's text colour, readable in both schemes)."""
    window = background(palette)
    hue = QColor(TONE_HUES.get(tone, TONE_HUES[Tone.NEUTRAL]))
    return QColor.fromRgbF(*(amount * h + (1 - amount) * w for h, w in zip(_floats(hue.getRgbF())[:3], _floats(window.getRgbF())[:3])))


def set_text_colour(widget, colour: QColor) -> None:
    """Colour a label's text through its palette (so tests and style changes see it)."""
    palette = widget.palette()
    palette.setColor(QPalette.ColorRole.WindowText, colour)
    widget.setPalette(palette)
