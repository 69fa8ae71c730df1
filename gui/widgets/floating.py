"""Pop a widget out of its page into a small always-on-top window, and dock it back.

:class:`Floater` moves one widget between its place in a layout and a :class:`FloatingWindow`
(a parentless tool window, so it stays up when the main window is minimised, and never keeps
the app alive). Closing that window docks the widget again. While a move is under way
``moving`` is True, so an owner can ignore the hide/show events the move causes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QByteArray, QObject, Qt, Signal, Slot
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QBoxLayout, QVBoxLayout, QWidget

from tfgpu.gui.icons import app_icon


class FloatingWindow(QWidget):
    """The popped-out home of a widget; closing it calls ``on_close`` (which docks)."""

    def __init__(self, on_close: Callable[[], None]) -> None:
        super().__init__(None, Qt.WindowType.Tool | Qt.WindowType.WindowStaysOnTopHint)
        self._on_close = on_close
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        self.setAttribute(Qt.WidgetAttribute.WA_MacAlwaysShowToolWindow, True)  # also when the app is in the back
        self.setWindowIcon(app_icon())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.resize(460, 150)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        self._on_close()
        event.accept()


class Floater(QObject):
    """Moves ``widget`` between ``home`` (the layout it sits in) and a floating window made on first use."""

    moved = Signal(bool)  # True: now in the window; emitted once the move is over

    def __init__(self, widget: QWidget, home: QBoxLayout, title: str, name: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.widget, self.home, self.title, self.name = widget, home, title, name
        self.window: FloatingWindow | None = None
        self.moving = False
        self._index = 0
        self._geometry: QByteArray | None = None

    def is_out(self) -> bool:
        return self.window is not None and self.widget.window() is self.window

    @Slot()
    def pop_out(self) -> None:
        if self.is_out():
            return
        if self.window is None:
            self.window = FloatingWindow(self.dock)
            self.window.setObjectName(self.name)
            self.window.setWindowTitle(self.title)
            self.parent().destroyed.connect(self.window.deleteLater)  # the page went away while out
        self.moving = True
        try:
            self._index = max(0, self.home.indexOf(self.widget))
            self.home.removeWidget(self.widget)
            self.window.layout().addWidget(self.widget)
            self.widget.show()
            if self._geometry is not None:
                self.window.restoreGeometry(self._geometry)
            self.window.show()
            self.window.raise_()
        finally:
            self.moving = False
        self.moved.emit(True)

    @Slot()
    def dock(self) -> None:
        if not self.is_out():
            return
        window = self.window
        self._geometry = window.saveGeometry()
        self.moving = True
        try:
            window.layout().removeWidget(self.widget)
            self.home.insertWidget(self._index, self.widget)
            self.widget.show()
            window.hide()
        finally:
            self.moving = False
        self.moved.emit(False)

    def close(self) -> None:
        """Dock and delete the window."""
        self.dock()
        if self.window is not None:
            self.window.deleteLater()
            self.window = None
