"""A heading that shows or hides what is under it ("Other options", "Details"), by mouse or keyboard."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QToolButton, QVBoxLayout, QWidget

from tfgpu.gui.theme import secondary_text


class Disclosure(QWidget):
    """``title`` as a flat arrow button; ``content`` below it, hidden until opened."""

    toggled = Signal(bool)

    def __init__(self, title: str, content: QWidget, *, opened: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.content = content
        self.button = QToolButton()
        self.button.setText(title)
        self.button.setCheckable(True)
        self.button.setAutoRaise(True)
        self.button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.button.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.button.toggled.connect(self.set_open)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(content)
        self.set_open(opened)

    def is_open(self) -> bool:
        return not self.content.isHidden()

    @Slot(bool)
    def set_open(self, opened: bool) -> None:
        self.button.blockSignals(True)
        self.button.setChecked(opened)
        self.button.blockSignals(False)
        self.button.setArrowType(Qt.ArrowType.DownArrow if opened else Qt.ArrowType.RightArrow)
        self.content.setVisible(opened)
        self.toggled.emit(opened)


def quiet(label: QLabel) -> QLabel:
    """Reference text (sources, ids, dates) in a quieter colour that still reads at 4.5:1."""
    palette = label.palette()
    palette.setColor(QPalette.ColorRole.WindowText, secondary_text(palette))
    label.setPalette(palette)
    return label
