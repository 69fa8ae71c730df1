"""File > Export diagnostics… (and a button beside Back/Next on every page): one file that answers a
helper's questions, redacted by default (:mod:`tfgpu.gui.window.export_dialog`)."""

from __future__ import annotations

from typing import Any

from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.gui.window.action_registry import ActionSpec


def export(window: Any) -> None:
    from tfgpu.gui.window.export_dialog import open_export_dialog

    previous = window.export_dialog
    if previous is not None:
        previous.shutdown()
        previous.deleteLater()
    window.export_dialog = open_export_dialog(window, window.context)


ACTION = ActionSpec(action_id="export", order=10, title=QT_TRANSLATE_NOOP("WindowAction", "Export diagnostics…"),
                    run=export, shortcut="Ctrl+E", in_nav_bar=True)
