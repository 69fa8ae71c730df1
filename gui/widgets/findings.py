"""Findings as expandable cards: the title and severity when collapsed; the detail,
the evidence and the fix steps (commands with Copy, links with Open) when expanded.

Shared by the Diagnosis and the Explain pages. The cards only render a
:class:`~tfgpu.core.diagnosis.model.Finding`; every word comes from
:mod:`tfgpu.gui.widgets.findings_text`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from PySide6.QtCore import Qt, QTimer, QUrl, Signal, Slot
from PySide6.QtGui import (
    QDesktopServices,
    QFont,
    QFontDatabase,
    QGuiApplication,
    QMouseEvent,
    QPalette,
    QResizeEvent,
    QTextOption,
)
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTextEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.findings.model import Finding, FixStep
from tfgpu.gui.icons import Tone, tone_icon
from tfgpu.gui.theme import GRAPHIC_CONTRAST, tone_colour
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets.disclosure import Disclosure, quiet
from tfgpu.gui.widgets.findings_text import (
    SEVERITY_TONE,
    severity_label,
    shell_label,
    step_markers,
)

_COPIED_MS = 1500


def stripe(tone: Tone, width: int = 4) -> QFrame:
    """A thin bar in the status colour, fitted to the palette (the icon beside it says the status)."""
    bar = QFrame()
    bar.setFixedWidth(width)
    bar.setAutoFillBackground(True)
    set_stripe_tone(bar, tone)
    return bar


def set_stripe_tone(bar: QFrame, tone: Tone) -> None:
    palette = bar.palette()
    palette.setColor(QPalette.ColorRole.Window, tone_colour(tone, palette, ratio=GRAPHIC_CONTRAST))
    bar.setPalette(palette)


def monospace() -> QFont:
    return QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)


def plain_label(text: str = "", *, wrap: bool = True, selectable: bool = True) -> QLabel:
    """A label that shows its text as typed (core text and logs can hold "<...>")."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    if selectable:
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


class CommandText(QTextEdit):
    """The whole command, read-only, monospace, wrapped anywhere (a path has no spaces to break at),
    as tall as its text: nothing is cut off or scrolled out of sight."""

    def __init__(self, command: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setAcceptRichText(False)
        self.setFont(monospace())
        self.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setTabChangesFocus(True)
        self.setPlainText(command)
        self._fit()

    def text(self) -> str:
        return self.toPlainText()

    def _fit(self) -> None:
        document = self.document()
        document.setTextWidth(max(50, self.viewport().width()))
        height = math.ceil(document.size().height()) + 2 * self.frameWidth() + 2
        if self.height() != height:
            self.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._fit()


class CommandBox(QWidget):
    """An exact command, shown whole in a wrapped monospace box, and a Copy button."""

    copied = Signal(str)

    def __init__(self, step: FixStep, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.command = step.command or ""
        self.shell_label = plain_label(shell_label(step.shell), selectable=False)
        self.editor = CommandText(self.command)
        self.editor.setObjectName("command")
        self.editor.setAccessibleName(shell_label(step.shell))
        self.copy_button = QPushButton(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy this command, then paste it where it says."))
        self.copy_button.clicked.connect(self.copy)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.editor, 1)
        row.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.shell_label)
        layout.addLayout(row)

    @Slot()
    def copy(self) -> None:
        """The exact command on the clipboard: nothing added, nothing translated."""
        QGuiApplication.clipboard().setText(self.command)
        self.copy_button.setText(self.tr("Copied"))
        QTimer.singleShot(_COPIED_MS, self, self._reset_button)
        self.copied.emit(self.command)

    def _reset_button(self) -> None:
        self.copy_button.setText(self.tr("Copy"))


class LinkBox(QWidget):
    """An official page: its address, and an Open button (the system's browser)."""

    def __init__(self, url: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.url = url
        self.address = plain_label(url, wrap=False)  # a wrapped label reserves a spare line here
        self.address.setToolTip(url)
        self.address.setMinimumWidth(80)  # a long address is cut at the edge, not widening the page
        self.address.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.open_button = QPushButton(self.tr("Open"))
        self.open_button.setToolTip(self.tr("Open this page in your web browser."))
        self.open_button.clicked.connect(self.open)
        self.status = plain_label(selectable=False)
        self.status.hide()
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.address, 1, Qt.AlignmentFlag.AlignVCenter)
        row.addWidget(self.status)
        row.addWidget(self.open_button, 0, Qt.AlignmentFlag.AlignVCenter)

    @Slot()
    def open(self) -> bool:
        opened = QDesktopServices.openUrl(QUrl(self.url))
        if not opened:
            self.status.setText(self.tr("Could not open a browser: copy the address."))
            self.status.show()
        return opened


class FixStepsView(QWidget):
    """Numbered steps; an alternative route reads "Or:"; commands and links under their step."""

    def __init__(self, steps: list[FixStep], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.steps = list(steps)
        self.command_boxes: list[CommandBox] = []
        self.link_boxes: list[LinkBox] = []
        self.markers: list[QLabel] = []
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setColumnStretch(1, 1)
        grid.setVerticalSpacing(6)
        for row, (marker, step) in enumerate(zip(step_markers(self.steps), self.steps)):
            marker_label = plain_label(marker, wrap=False, selectable=False)
            if step.alternative:
                bold = QFont(marker_label.font())
                bold.setBold(True)
                marker_label.setFont(bold)
            self.markers.append(marker_label)
            grid.addWidget(marker_label, row, 0, Qt.AlignmentFlag.AlignTop)
            column = QVBoxLayout()
            column.setSpacing(3)
            column.addWidget(plain_label(tr_text(step.text)))
            if step.command:
                box = CommandBox(step)
                self.command_boxes.append(box)
                column.addWidget(box)
            if step.url:
                link = LinkBox(step.url)
                self.link_boxes.append(link)
                column.addWidget(link)
            grid.addLayout(column, row, 1)


class _Header(QWidget):
    """The always-visible row of a card; a click anywhere on it toggles the card."""

    clicked = Signal()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        if event.button() == Qt.MouseButton.LeftButton and self.rect().contains(event.position().toPoint()):
            self.clicked.emit()
        super().mouseReleaseEvent(event)


class FindingCard(QFrame):
    """One finding. Collapsed: severity icon and title. Expanded: detail, evidence, fix."""

    toggled = Signal(bool)

    def __init__(self, finding: Finding, tag: str = "", parent: QWidget | None = None, *,
                 with_fix: bool = True) -> None:
        super().__init__(parent)
        self.finding = finding
        self.with_fix = with_fix  # False where a checklist shows the fix already
        self.details: Disclosure | None = None
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName(f"finding-{finding.id}")
        self.body: QWidget | None = None  # built on first expand
        self.fix_view: FixStepsView | None = None
        self.detail_label: QLabel | None = None

        bar = stripe(SEVERITY_TONE.get(finding.severity, Tone.NEUTRAL))

        self.arrow = QToolButton()
        self.arrow.setArrowType(Qt.ArrowType.RightArrow)
        self.arrow.setAutoRaise(True)
        self.arrow.setToolTip(self.tr("Show or hide the details and the fix"))
        self.arrow.clicked.connect(self.toggle)
        icon = QLabel()
        icon.setPixmap(tone_icon(SEVERITY_TONE.get(finding.severity, Tone.NEUTRAL)).pixmap(18, 18))
        self.title_label = plain_label(tr_text(finding.title), selectable=False)
        bold = QFont(self.title_label.font())
        bold.setBold(True)
        self.title_label.setFont(bold)
        self.tag_label = plain_label(tag, wrap=False, selectable=False)
        self.tag_label.setFont(bold)
        self.tag_label.setVisible(bool(tag))
        self.severity_label = plain_label(severity_label(finding.severity), wrap=False, selectable=False)
        self.header = _Header()
        self.header.setCursor(Qt.CursorShape.PointingHandCursor)
        self.header.clicked.connect(self.toggle)
        header_row = QHBoxLayout(self.header)
        header_row.setContentsMargins(0, 0, 0, 0)
        header_row.addWidget(self.arrow, 0, Qt.AlignmentFlag.AlignTop)
        header_row.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        header_row.addWidget(self.title_label, 1)
        header_row.addWidget(self.tag_label, 0, Qt.AlignmentFlag.AlignTop)
        header_row.addWidget(self.severity_label, 0, Qt.AlignmentFlag.AlignTop)

        self._content = QVBoxLayout()
        self._content.setContentsMargins(4, 4, 6, 6)
        self._content.addWidget(self.header)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(0)
        outer.addWidget(bar)
        outer.addLayout(self._content, 1)

    # -- state ---------------------------------------------------------------
    def is_expanded(self) -> bool:
        return self.body is not None and not self.body.isHidden()

    @Slot(bool)
    def set_expanded(self, expanded: bool) -> None:
        if expanded == self.is_expanded():
            return
        if expanded and self.body is None:
            self.body = self._build_body()
            self._content.addWidget(self.body)
        if self.body is not None:
            self.body.setVisible(expanded)
        self.arrow.setArrowType(Qt.ArrowType.DownArrow if expanded else Qt.ArrowType.RightArrow)
        self.toggled.emit(expanded)

    @Slot()
    def toggle(self) -> None:
        self.set_expanded(not self.is_expanded())

    # -- what tests and pages read ---------------------------------------------
    def command_boxes(self) -> list[CommandBox]:
        return self.fix_view.command_boxes if self.fix_view else []

    def link_boxes(self) -> list[LinkBox]:
        return self.fix_view.link_boxes if self.fix_view else []

    # -- body ------------------------------------------------------------------
    def _build_body(self) -> QWidget:
        finding = self.finding
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(26, 2, 0, 0)
        detail = tr_text(finding.detail)
        if detail:
            self.detail_label = plain_label(detail)
            layout.addWidget(self.detail_label)
        if finding.fix and self.with_fix:
            layout.addWidget(_section_label(self.tr("How to fix")))
            self.fix_view = FixStepsView(finding.fix)
            layout.addWidget(self.fix_view)
        layout.addWidget(self._details())
        return body

    def _details(self) -> Disclosure:
        """Why we think so, the finding's id and its sources: behind "Details"."""
        finding = self.finding
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        if finding.evidence:
            layout.addWidget(_section_label(self.tr("Why we think so")))
            evidence = plain_label("\n".join(str(e) for e in finding.evidence))
            evidence.setFont(monospace())
            evidence.setObjectName("evidence")
            layout.addWidget(evidence)
        footer = self.tr("Finding id: {id}").format(id=finding.id)
        if finding.sources:
            footer += "\n" + self.tr("Sources: {sources}").format(sources=" · ".join(finding.sources))
        layout.addWidget(quiet(plain_label(footer)))
        self.details = Disclosure(self.tr("Details"), box)
        return self.details


def _section_label(text: str) -> QLabel:
    label = plain_label(text, selectable=False)
    bold = QFont(label.font())
    bold.setBold(True)
    label.setFont(bold)
    return label


class FindingList(QWidget):
    """Cards for findings, top to bottom; ``expand`` and ``tag`` pick out the ones to stress."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(6)
        self.cards: list[FindingCard] = []

    def set_findings(
        self,
        findings: Iterable[Finding],
        *,
        expand: Callable[[Finding], bool] = lambda _f: False,
        tag: Callable[[Finding], str] = lambda _f: "",
        with_fix: bool = True,
    ) -> None:
        self.clear()
        for finding in findings:
            card = FindingCard(finding, tag(finding), with_fix=with_fix)
            self._layout.addWidget(card)
            self.cards.append(card)
            if expand(finding):
                card.set_expanded(True)

    def clear(self) -> None:
        for card in self.cards:
            self._layout.removeWidget(card)
            card.hide()
            card.deleteLater()
        self.cards = []

    def card(self, finding_id: str) -> FindingCard:
        """The first card for ``finding_id``; KeyError if there is none."""
        for card in self.cards:
            if card.finding.id == finding_id:
                return card
        raise KeyError(finding_id)
