"""What pasted text says: the kind of text, the primary finding, the others, the facts.

A widget that renders an :class:`~tfgpu.core.diagnosis.model.Explanation` (or a
prompt / message when there is none); the Explain page owns the input and the worker.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.explain.model import Explanation
from tfgpu.core.findings.model import Finding, Severity
from tfgpu.gui.icons import Tone, tone_icon
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets.findings import FindingCard, FindingList, plain_label
from tfgpu.gui.widgets.findings_text import HIDDEN_FACTS, fact_label, fact_value, kind_label, primary_finding

MAX_FACT_CHARS = 300  # a fact is a version or a name; a long value is cut for the table


class ExplanationView(QScrollArea):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.explanation: Explanation | None = None

        self.icon = QLabel()
        self.headline = plain_label()
        bold = QFont(self.headline.font())
        bold.setBold(True)
        self.headline.setFont(bold)
        self.detail = plain_label()
        self.kind_label = plain_label(selectable=False)
        headline_row = QHBoxLayout()
        headline_row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        words = QVBoxLayout()
        words.setSpacing(2)
        words.addWidget(self.headline)
        words.addWidget(self.detail)
        words.addWidget(self.kind_label)
        headline_row.addLayout(words, 1)

        self.primary_view = FindingList()
        self.also_label = plain_label(selectable=False)  # "Also possible: ..." when the runner-up is close
        self.also_label.hide()
        self.others_label = _bold(plain_label(selectable=False))
        self.others_view = FindingList()
        self.facts_label = _bold(plain_label(self.tr("Facts read from the text"), selectable=False))
        self.facts_table = QTableWidget(0, 2)
        self.facts_table.setHorizontalHeaderLabels([self.tr("Fact"), self.tr("Value")])
        self.facts_table.verticalHeader().hide()
        self.facts_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.facts_table.setSelectionMode(QAbstractItemView.SelectionMode.ContiguousSelection)
        self.facts_table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.facts_table.setWordWrap(False)
        header = self.facts_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)

        content = QWidget()
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(headline_row)
        layout.addWidget(self.primary_view)
        layout.addWidget(self.also_label)
        layout.addWidget(self.others_label)
        layout.addWidget(self.others_view)
        layout.addWidget(self.facts_label)
        layout.addWidget(self.facts_table)
        layout.addStretch(1)
        self.setWidget(content)
        self.show_prompt()

    # -- states ------------------------------------------------------------------
    def show_prompt(self) -> None:
        """Nothing pasted yet."""
        self._show_message(
            Tone.INFO,
            self.tr("Paste the text that puzzles you above."),
            self.tr(
                "A TensorFlow log, a Python error, pip's error, or the output of nvidia-smi or "
                "nvcc --version: the explanation and the fix appear here as you paste or type."
            ),
        )

    def show_message(self, tone: Tone, headline: str, detail: str = "") -> None:
        self._show_message(tone, headline, detail)

    def show_explanation(self, explanation: Explanation) -> None:
        self.explanation = explanation
        primary = primary_finding(explanation)
        kind = self.tr("Looks like: {kind}").format(kind=kind_label(explanation.kind))
        if primary is None:
            self._set_headline(
                Tone.NEUTRAL,
                self.tr("Nothing we recognise in this text."),
                self.tr(
                    "It matches no problem we know. Paste the whole output, from the command you ran "
                    "to its last line: the cause is often a few lines above the final error."
                ),
            )
            self.primary_view.clear()
            others: list[Finding] = []
        else:
            self._hide_headline()  # the primary's card says it, with its severity
            problem = primary.severity in (Severity.ERROR, Severity.WARNING)
            tag = self.tr("Most likely cause") if problem else ""
            self.primary_view.set_findings([primary], expand=lambda _f: True, tag=lambda _f: tag)
            others = [f for f in explanation.findings if f is not primary]
        self._show_also_possible(explanation, others)
        self.kind_label.setText(kind)
        self.kind_label.setVisible(explanation.kind != "unknown")
        self.others_view.set_findings(others)
        self.others_label.setText(self.tr("%n other finding(s)", "", len(others)))
        self.others_label.setVisible(bool(others))
        self.others_view.setVisible(bool(others))
        self._show_facts(explanation.facts)

    # -- reading back (tests, tools) ---------------------------------------------------
    def primary_card(self) -> FindingCard | None:
        return self.primary_view.cards[0] if self.primary_view.cards else None

    def shown_primary_id(self) -> str | None:
        card = self.primary_card()
        return card.finding.id if card is not None else None

    def facts_shown(self) -> dict[str, str]:
        table = self.facts_table
        return {table.item(row, 0).text(): table.item(row, 1).text() for row in range(table.rowCount())}

    # -- internals ------------------------------------------------------------------
    def _show_message(self, tone: Tone, headline: str, detail: str) -> None:
        self.explanation = None
        self._set_headline(tone, headline, detail)
        self.kind_label.hide()
        self.primary_view.clear()
        self.others_view.clear()
        self.also_label.hide()
        self.others_label.hide()
        self.others_view.hide()
        self._show_facts({})

    def _show_also_possible(self, explanation: Explanation, others: list[Finding]) -> None:
        """The runners-up whose evidence is as strong as the primary's (``close`` in ``alternatives``)."""
        close = {a.get("id") for a in explanation.alternatives if a.get("close")}
        titles = [tr_text(f.title) for f in others if f.id in close]
        self.also_label.setText(self.tr("Also possible: {causes}").format(causes="; ".join(titles)))
        self.also_label.setVisible(bool(titles))

    def also_possible_shown(self) -> str | None:
        return self.also_label.text() if self.also_label.isVisibleTo(self) else None

    def _set_headline(self, tone: Tone, headline: str, detail: str) -> None:
        self.icon.setPixmap(tone_icon(tone).pixmap(24, 24))
        self.headline.setText(headline)
        self.detail.setText(detail)
        self.icon.show()
        self.headline.show()
        self.detail.setVisible(bool(detail))

    def _hide_headline(self) -> None:
        self.headline.clear()
        for widget in (self.icon, self.headline, self.detail):
            widget.hide()

    def _show_facts(self, facts: dict) -> None:
        table = self.facts_table
        table.setRowCount(0)
        from_scan = set(facts.get("from_scan") or [])
        for key, value in facts.items():
            if key in HIDDEN_FACTS:
                continue
            text = fact_value(value)
            if len(text) > MAX_FACT_CHARS:
                text = text[: MAX_FACT_CHARS - 1] + "…"
            row = table.rowCount()
            table.insertRow(row)
            label = fact_label(str(key))
            if key in from_scan:
                label = self.tr("{fact} (this computer's scan)").format(fact=label)
            table.setItem(row, 0, QTableWidgetItem(label))
            value_item = QTableWidgetItem(text)
            value_item.setToolTip(text)
            table.setItem(row, 1, value_item)
        table.resizeRowsToContents()
        height = table.horizontalHeader().height() + 2 * table.frameWidth()
        height += sum(table.rowHeight(row) for row in range(table.rowCount()))
        table.setFixedHeight(height)
        self.facts_label.setVisible(bool(facts))
        table.setVisible(bool(facts))


def _bold(label: QLabel) -> QLabel:
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    return label
