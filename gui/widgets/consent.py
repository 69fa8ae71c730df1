"""Asking before an interpreter found only through the current folder runs (the CLI asks too: --here).
The rule of who must be asked is the Session's (``needs_consent``); this is only the question."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget


def ask_run_here(parent: QWidget, python: str) -> bool:
    """Yes only when the user agrees to run ``python`` and, with it, whatever its folder holds."""
    translate = QCoreApplication.translate
    answer = QMessageBox.question(
        parent, translate("Consent", "Run the Python of this folder?"),
        translate("Consent", "{path} belongs to the folder tfgpu was started in. Running it runs any code that "
                             "folder holds. Only continue if you trust where this folder came from.").format(path=python),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes
