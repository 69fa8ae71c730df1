"""The Profile page's result views: the top-ops table and the advice list with Copy per snippet."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.profile.model import Advice
from tfgpu.gui.tr_text import CORE_CONTEXT

translate = QCoreApplication.translate


def advice_text(advice: Advice) -> str:
    """The advice in the UI language (English where a translation is missing or does not fit)."""
    if not advice.template:
        return advice.text
    try:
        return translate(CORE_CONTEXT, advice.template).format(**advice.args)
    except (KeyError, IndexError, ValueError):
        return advice.text


class TopOpsTable(QTableWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 5, parent)
        self.setHorizontalHeaderLabels([translate("ProfileViews", "Share"), translate("ProfileViews", "Self time"),
                                        translate("ProfileViews", "Type"), translate("ProfileViews", "Where"),
                                        translate("ProfileViews", "Op")])
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.verticalHeader().setVisible(False)
        self.horizontalHeader().setStretchLastSection(True)

    def set_ops(self, ops: list[dict]) -> None:
        self.setRowCount(len(ops))
        for row, op in enumerate(ops):
            share = op.get("share")
            cells = [f"{share * 100:.1f}%" if isinstance(share, (int, float)) else "n/a",
                     f"{op.get('self_ms', 0):.1f} ms", str(op.get("type", "")),
                     "GPU" if op.get("where") == "gpu" else translate("ProfileViews", "host"), str(op.get("op", ""))]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(text)
                self.setItem(row, column, item)
        self.resizeColumnsToContents()


class AdviceList(QWidget):
    """Each piece of advice: its words (the figure in them), the snippet and its Copy button, the guide."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.copy_buttons: list[QPushButton] = []
        self.texts: list[str] = []

    def set_advice(self, advice: list[Advice], open_page=None) -> None:
        while self.layout_.count():
            widget = self.layout_.takeAt(0).widget()
            if widget is not None:
                widget.setParent(None)
        self.copy_buttons, self.texts = [], []
        if not advice:
            self.layout_.addWidget(QLabel(translate("ProfileViews", "Nothing to change: no part of the step stands out.")))
        for number, item in enumerate(advice, 1):
            box = QWidget()
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 4, 0, 4)
            text = advice_text(item)
            self.texts.append(text)
            guide = translate("ProfileViews", "(guide)")
            link = f' <a href="{item.source}">{guide}</a>' if item.source else ""
            label = QLabel(f"<b>{number}.</b> {_escape(text)}{link}")
            label.setWordWrap(True)
            label.setOpenExternalLinks(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
            column.addWidget(label)
            if item.snippet:
                row = QHBoxLayout()
                code = QPlainTextEdit(item.snippet)
                code.setReadOnly(True)
                code.setMaximumHeight(22 + 16 * min(4, item.snippet.count("\n") + 1))
                copy = QPushButton(translate("ProfileViews", "Copy"))
                copy.clicked.connect(lambda _=False, snippet=item.snippet: QGuiApplication.clipboard().setText(snippet))
                self.copy_buttons.append(copy)
                row.addWidget(code, 1)
                row.addWidget(copy, 0, Qt.AlignmentFlag.AlignTop)
                column.addLayout(row)
            if item.page and open_page is not None:
                go = QPushButton(translate("ProfileViews", "Open the GPU memory page"))
                go.clicked.connect(lambda _=False, page=item.page: open_page(page))
                column.addWidget(go, 0, Qt.AlignmentFlag.AlignLeft)
            self.layout_.addWidget(box)
        self.layout_.addStretch(1)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
