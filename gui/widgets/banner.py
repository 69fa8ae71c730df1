"""A coloured box with an icon and lines of text: what went wrong, or what is missing."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QWidget

from tfgpu.gui.icons import Tone, tone_icon
from tfgpu.gui.theme import tint
from tfgpu.gui.widgets.findings import plain_label


class Banner(QFrame):
    """A coloured box with an icon: what went wrong, or what is missing from the run."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("bench-banner")
        self.tone: Tone | None = None
        self.icon = QLabel()
        self.text = plain_label()
        row = QHBoxLayout(self)
        row.setContentsMargins(8, 6, 8, 6)
        row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.text, 1)
        self.hide()

    def show_lines(self, tone: Tone, lines: list[str]) -> None:
        self.tone = tone
        self.icon.setPixmap(tone_icon(tone).pixmap(20, 20))
        self.text.setText("\n".join(lines))
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, tint(tone, palette))
        self.setPalette(palette)
        self.setAutoFillBackground(True)
        self.show()

    def clear(self) -> None:
        self.tone = None
        self.text.setText("")
        self.hide()
