"""A tree delegate that wraps marked cells (sentences such as hints) to the column width.

QTreeView's own word wrap draws wrapped text but sizes rows as one line, so the
rows of marked cells get a height computed from the column's current width.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import (
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
)

#: Item data role: True on cells whose text should wrap.
WRAP_ROLE = Qt.ItemDataRole.UserRole + 2

_PADDING = 6


class WrappingDelegate(QStyledItemDelegate):
    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self._view = view
        view.header().sectionResized.connect(lambda *_: view.scheduleDelayedItemsLayout())

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        if index.data(WRAP_ROLE):
            option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText
            option.textElideMode = Qt.TextElideMode.ElideNone

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> QSize:
        size = super().sizeHint(option, index)
        if not index.data(WRAP_ROLE):
            return size
        width = self._text_width(option, index)
        if width <= 0:
            return size
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        rect = option.fontMetrics.boundingRect(QRect(0, 0, width, 100_000), Qt.TextFlag.TextWordWrap, text)
        return QSize(size.width(), max(size.height(), rect.height() + _PADDING))

    def _text_width(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> int:
        width = self._view.columnWidth(index.column())
        if index.column() == 0:  # the tree's indentation and the item icon eat into the first column
            depth, parent = 0, index.parent()
            while parent.isValid():
                depth, parent = depth + 1, parent.parent()
            width -= self._view.indentation() * (depth + 1)
        style = self._view.style()
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self._view) + 1
        return width - 2 * margin - _PADDING
