"""The checklist on the Diagnosis page: numbered steps, each with its sentence, the whole command
(wrapped, monospace, Copy), an official link, a "done when" check that Re-check ticks off, and a
button to the page that does or shows the step; the other ways behind "Other options"."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from tfgpu.core.findings.model import FixStep
from tfgpu.core.shell import Shell
from tfgpu.gui.icons import Tone, tone_icon
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets.disclosure import Disclosure, quiet
from tfgpu.gui.widgets.findings import CommandBox, LinkBox, plain_label, stripe
from tfgpu.gui.widgets.glossary import explain_terms
from tfgpu.gui.widgets.guide import check_text

if TYPE_CHECKING:
    from tfgpu.core.diagnosis.next_steps import Checklist, NextStep, OptionGroup

# (page id, button text) for a step: the pages that do or show it.
ActionsFor = Callable[["NextStep"], list[tuple[str, str]]]


def _bold(label: QLabel) -> QLabel:
    font = QFont(label.font())
    font.setBold(True)
    label.setFont(font)
    return label


def _fix_step(step: NextStep, index: int) -> FixStep:
    command = step.commands[index]
    return FixStep(text=step.text, command=command.command, shell=Shell(command.shell) if command.shell else None)


class StepCard(QFrame):
    """One step. ``done``: True (ticked by the last check), False (not yet), None (cannot be seen here)."""

    action_requested = Signal(str, str)  # page id, step id

    def __init__(self, step: NextStep, marker: str, *, first: bool = False, done: bool | None = False,
                 actions: Sequence[tuple[str, str]] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.step = step
        self.done = done
        self.setObjectName(f"step-{step.id}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        tone = Tone.GOOD if done else (Tone.BAD if first else Tone.NEUTRAL)
        self.marker = _bold(plain_label(marker, wrap=False, selectable=False))
        self.text_label = plain_label(tr_text(step.text))
        self.text_label.setObjectName("step-text")
        explain_terms(self.text_label)
        if done:
            font = QFont(self.text_label.font())
            font.setStrikeOut(True)
            self.text_label.setFont(font)
        self.tag_label = _bold(plain_label(self.tr("Fix this first") if first else "", wrap=False, selectable=False))
        self.tag_label.setVisible(first)
        head = QHBoxLayout()
        head.addWidget(self.marker, 0, Qt.AlignmentFlag.AlignTop)
        head.addWidget(self.text_label, 1)
        head.addWidget(self.tag_label, 0, Qt.AlignmentFlag.AlignTop)
        body = QVBoxLayout()
        body.setSpacing(4)
        body.addLayout(head)
        self.command_boxes = [CommandBox(_fix_step(step, i)) for i in range(len(step.commands))]
        for box in self.command_boxes:
            body.addWidget(box)
        self.link_box = LinkBox(step.url) if step.url else None
        if self.link_box is not None:
            body.addWidget(self.link_box)
        self.check_icon = QLabel()
        check_tone = Tone.GOOD if done else (Tone.INFO if done is None else Tone.NEUTRAL)
        self.check_icon.setPixmap(tone_icon(check_tone).pixmap(QSize(14, 14), self.devicePixelRatioF()))
        self.check_label = plain_label(self._check_words(done))
        self.check_label.setObjectName("step-check")
        check_row = QHBoxLayout()
        check_row.addWidget(self.check_icon, 0, Qt.AlignmentFlag.AlignTop)
        check_row.addWidget(self.check_label, 1)
        self.action_buttons: list[QPushButton] = []
        for page_id, text in actions:
            button = QPushButton(text)
            button.setObjectName(f"step-action-{page_id}")
            button.clicked.connect(lambda _checked=False, p=page_id: self.action_requested.emit(p, self.step.id))
            check_row.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
            self.action_buttons.append(button)
        body.addLayout(check_row)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(0, 0, 6, 6)
        outer.addWidget(stripe(tone))
        inner = QWidget()
        inner.setLayout(body)
        outer.addWidget(inner, 1)

    def _check_words(self, done: bool | None) -> str:
        words = check_text(self.step.check)
        if done:
            return self.tr("Done: {check}").format(check=words)
        if done is None:
            return words + " " + self.tr("(Re-check cannot see this step; check it yourself.)")
        return words


class ChecklistView(QWidget):
    """Done steps (ticked), the numbered steps, and the other options."""

    action_requested = Signal(str, str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(6)
        self.step_cards: list[StepCard] = []
        self.done_cards: list[StepCard] = []
        self.option_cards: list[StepCard] = []
        self.options: Disclosure | None = None

    def show_checklist(self, checklist: Checklist, done_steps: list[NextStep], done_now: Callable[[NextStep], bool | None],
                       actions_for: ActionsFor, finding_title: Callable[[str], str]) -> None:
        self.clear()
        if done_steps:
            self._layout.addWidget(_bold(plain_label(self.tr("Done since the last check"), selectable=False)))
            for step in done_steps:
                self.done_cards.append(self._card(step, "✓", done=True, actions=[]))
        # The blocker is named above the checklist: "Because" is said only for the other findings.
        last_finding: str | None = checklist.blocker.id if checklist.blocker is not None else None
        for number, step in enumerate(checklist.steps, 1):
            if step.finding and step.finding != last_finding and step.finding != "gpu-ok":
                reason = quiet(plain_label(self.tr("Because: {finding}").format(finding=finding_title(step.finding))))
                reason.setObjectName("step-reason")
                self._layout.addWidget(reason)
            last_finding = step.finding or last_finding
            first = number == 1 and not checklist.ready
            self.step_cards.append(self._card(step, f"{number}.", first=first, done=done_now(step),
                                              actions=actions_for(step)))
        if checklist.options:
            self.options = Disclosure(self.tr("Other options ({n})").format(n=len(checklist.options)),
                                      self._options_box(checklist.options, actions_for))
            self.options.setObjectName("other-options")
            self._layout.addWidget(self.options)

    def _card(self, step: NextStep, marker: str, *, first: bool = False, done: bool | None = False,
              actions: list[tuple[str, str]], layout: QVBoxLayout | QGridLayout | None = None) -> StepCard:
        card = StepCard(step, marker, first=first, done=done, actions=actions)
        card.action_requested.connect(self.action_requested)
        (layout or self._layout).addWidget(card)
        return card

    def _options_box(self, groups: list[OptionGroup], actions_for: ActionsFor) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(12, 0, 0, 0)
        for group in groups:
            title = plain_label(self.tr("Or: {title}").format(title=tr_text(group.title)))
            layout.addWidget(_bold(title))
            for number, step in enumerate(group.steps, 1):
                marker = f"{number}." if len(group.steps) > 1 else "•"
                self.option_cards.append(self._card(step, marker, done=False, actions=actions_for(step), layout=layout))
        return box

    def first_tags(self) -> list[StepCard]:
        return [card for card in self.step_cards + self.option_cards if card.tag_label.isVisibleTo(card)]

    def clear(self) -> None:
        while self._layout.count():
            item = self._layout.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.step_cards, self.done_cards, self.option_cards, self.options = [], [], [], None
