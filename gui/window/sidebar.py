"""The list of pages on the left: every page reachable at any time, each with a status icon
whose shape (tick, cross, triangle, circle) and tooltip say the status; colour is never alone."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal, Slot
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import QAbstractItemView, QListWidget, QListWidgetItem, QWidget

from tfgpu.gui.icons import Tone, tone_icon

ID_ROLE = Qt.ItemDataRole.UserRole + 1
ICON_PX = 18


class StepsSidebar(QListWidget):
    page_chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("steps-sidebar")
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setIconSize(QSize(ICON_PX, ICON_PX))
        self.setUniformItemSizes(True)
        self.setSpacing(2)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self._quiet = False
        self.currentRowChanged.connect(self._on_row_changed)

    def set_pages(self, pages: list[tuple[str, str]]) -> None:
        """(page id, title) in order; keeps the selection and the status icons."""
        current = self.current_page_id()
        states = {self.item(i).data(ID_ROLE): (self.item(i).icon(), self.item(i).toolTip()) for i in range(self.count())}
        self._quiet = True
        try:
            self.clear()
            for page_id, title in pages:
                item = QListWidgetItem(title)
                item.setData(ID_ROLE, page_id)
                icon, tip = states.get(page_id, (None, ""))
                item.setIcon(icon if icon is not None else _blank())
                item.setToolTip(tip or title)
                self.addItem(item)
            if current:
                self.select(current)
        finally:
            self._quiet = False
        width = self.sizeHintForColumn(0) + 2 * self.frameWidth() + 12
        self.setFixedWidth(max(150, min(width, 220)))

    def set_status(self, page_id: str, tone: Tone | None, words: str) -> None:
        """The page's icon (None: none) and its status in words (tooltip and accessible text)."""
        item = self._item(page_id)
        if item is None:
            return
        item.setIcon(tone_icon(tone) if tone is not None else _blank())
        title = item.text()
        tip = f"{title} — {words}" if words else title
        item.setToolTip(tip)
        item.setData(Qt.ItemDataRole.AccessibleDescriptionRole, words)

    def select(self, page_id: str) -> None:
        item = self._item(page_id)
        if item is not None and item is not self.currentItem():
            self._quiet = True
            try:
                self.setCurrentItem(item)
            finally:
                self._quiet = False

    def current_page_id(self) -> str | None:
        item = self.currentItem()
        return item.data(ID_ROLE) if item is not None else None

    def status_words(self, page_id: str) -> str:
        item = self._item(page_id)
        return str(item.data(Qt.ItemDataRole.AccessibleDescriptionRole) or "") if item is not None else ""

    def _item(self, page_id: str) -> QListWidgetItem | None:
        for index in range(self.count()):
            if self.item(index).data(ID_ROLE) == page_id:
                return self.item(index)
        return None

    @Slot(int)
    def _on_row_changed(self, row: int) -> None:
        if not self._quiet and row >= 0:
            self.page_chosen.emit(self.item(row).data(ID_ROLE))


def _blank() -> QIcon:
    """An empty icon of the usual size, so every title starts at the same place."""
    pixmap = QPixmap(ICON_PX, ICON_PX)
    pixmap.fill(Qt.GlobalColor.transparent)
    return QIcon(pixmap)
