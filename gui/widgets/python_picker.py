"""The list of Python interpreters a page runs TensorFlow in, with "Other Python…" to browse for one.

One widget for the Benchmark and Profile pages: the choice, the browse dialog, and going back to the previous
choice when the dialog is cancelled. A path is matched by its file name (symlinks are not followed: two venvs
share their base Python's binary).
"""

from __future__ import annotations

import os

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtWidgets import QComboBox, QFileDialog

OTHER = "\x00other"  # the "Other Python…" entry's data


def same_path(a: str, b: str) -> bool:
    return os.path.normcase(os.path.abspath(a)) == os.path.normcase(os.path.abspath(b))


class PythonPicker(QComboBox):
    """A combo of (label, interpreter path) items and a last "Other Python…" entry. ``chosen`` is emitted when
    the user picks an interpreter (from the list or the browse dialog)."""

    chosen = Signal()

    def __init__(self, minimum_characters: int = 30) -> None:
        super().__init__()
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(minimum_characters)
        self._index = 0  # the last real choice, to go back to when browsing is cancelled
        self.activated.connect(self._on_activated)

    def set_pythons(self, items: list[tuple[str, str]]) -> None:
        """Replace the list, keeping the current interpreter chosen when it is still there (or added back)."""
        current = self.selected_python()
        self.clear()
        for label, path in items:
            self.addItem(label, path)
            self.setItemData(self.count() - 1, path, Qt.ItemDataRole.ToolTipRole)
        self.addItem(self.tr("Other Python…"), OTHER)
        if current:
            self.select_python(current)
        else:
            self.setCurrentIndex(0)
        self._index = self.currentIndex()

    def selected_python(self) -> str | None:
        data = self.currentData()
        return data if isinstance(data, str) and data != OTHER else None

    def select_python(self, path: str) -> None:
        """Select ``path``, adding it before "Other Python…" when it is not listed."""
        for index in range(self.count()):
            data = self.itemData(index)
            if data != OTHER and isinstance(data, str) and same_path(data, path):
                self.setCurrentIndex(index)
                break
        else:
            index = max(0, self.count() - 1)
            self.insertItem(index, path, path)
            self.setCurrentIndex(index)
        self._index = self.currentIndex()

    @Slot(int)
    def _on_activated(self, index: int) -> None:
        if self.itemData(index) == OTHER:
            path, _filter = QFileDialog.getOpenFileName(self, self.tr("Choose a Python interpreter"), "",
                                                        self.tr("Python (python*);;All files (*)"))
            if not path:
                self.setCurrentIndex(self._index)
                return
            self.select_python(path)
        self._index = self.currentIndex()
        self.chosen.emit()
