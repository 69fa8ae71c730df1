"""The questions a change asks before it happens: "apply this diff?" and, when undo finds that
something else changed the place since, "keep their change, or overwrite it?"."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox, QVBoxLayout, QWidget

from tfgpu.core.configure.applier import OutsideChange, UndoMode
from tfgpu.core.configure.model import Plan
from tfgpu.gui.tr_text import tr_text
from tfgpu.gui.widgets.findings import plain_label
from tfgpu.gui.widgets.plan_view import PlanView

# How a page asks before it applies a plan, and what to do about a place changed outside tfgpu (tests replace them).
Confirm = Callable[[QWidget, Plan], bool]
AskOutside = Callable[[QWidget, OutsideChange], UndoMode | None]


class ConfirmPlanDialog(QDialog):
    """The diff once more, with Apply and Cancel; Cancel is the default."""

    def __init__(self, plan: Plan, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Apply these changes?"))
        text = self.tr("These places change: {places}. A backup of each is written first to {folder}; "
                       "Undo puts them back exactly.").format(places=", ".join(plan.where), folder=plan.backup_dir)
        self.view = PlanView()
        self.view.set_plan(plan)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setDefault(True)
        buttons.button(QDialogButtonBox.StandardButton.Apply).clicked.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(plain_label(tr_text(plan.summary)))
        layout.addWidget(plain_label(text))
        layout.addWidget(self.view, 1)
        layout.addWidget(buttons)
        self.resize(760, 480)


def confirm_plan(parent: QWidget | None, plan: Plan) -> bool:
    return ConfirmPlanDialog(plan, parent).exec() == QDialog.DialogCode.Accepted


def ask_outside_change(parent: QWidget | None, exc: OutsideChange) -> UndoMode | None:
    """What to do when undo would overwrite a change made outside tfgpu; None: leave everything."""
    translate = QCoreApplication.translate
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(translate("ConfigureDialogs", "Changed since"))
    box.setText(translate("ConfigureDialogs", "Something else changed these since tfgpu did: {places}. Undoing now "
                          "would overwrite that change.").format(places=", ".join(p.where for p in exc.places)))
    box.setDetailedText("\n\n".join(f"{p.where}\n  tfgpu wrote: {p.expected}\n  now:         {p.found}"
                                    for p in exc.places))
    keep = None
    if all(p.mergeable for p in exc.places):
        keep = box.addButton(translate("ConfigureDialogs", "Keep that change, take out only tfgpu's"),
                             QMessageBox.ButtonRole.AcceptRole)
    overwrite = box.addButton(translate("ConfigureDialogs", "Overwrite it (a backup is kept)"),
                              QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    if keep is not None and clicked is keep:
        return UndoMode.REMOVE_OURS
    if clicked is overwrite:
        return UndoMode.OVERWRITE
    return None
