"""Actions that belong to the whole window, not to one page ("Export diagnostics…"): one module
each in ``tfgpu.gui.window.actions``, discovered like the pages.

A module exposes ``ACTION = ActionSpec(action_id="export", order=10, title=QT_TRANSLATE_NOOP(
"WindowAction", "Export diagnostics…"), run=export)``; ``run(window)`` is called on the GUI
thread when the user picks it (from the File menu, or the button beside Back/Next when
``in_nav_bar``). ``run`` should only open a dialog or a page: long work goes to a worker.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

ACTIONS_PACKAGE = "tfgpu.gui.window.actions"


@dataclass(frozen=True)
class ActionSpec:
    action_id: str
    order: int
    title: str  # marked with QT_TRANSLATE_NOOP("WindowAction", ...)
    run: Callable[[Any], None]  # run(window)
    shortcut: str = ""  # a QKeySequence string, e.g. "Ctrl+E"
    in_nav_bar: bool = False  # also a button beside Back/Next, on every page


def discover_actions(package: str = ACTIONS_PACKAGE) -> list[ActionSpec]:
    """Every ``ACTION`` in the package's modules, ordered; a broken module is logged and skipped."""
    pkg = importlib.import_module(package)
    specs: list[ActionSpec] = []
    for info in pkgutil.iter_modules(pkg.__path__):
        if info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"{package}.{info.name}")
        except Exception:  # noqa: BLE001 - one broken action must not take the window down
            log.exception("cannot load window action module %s", info.name)
            continue
        spec = getattr(module, "ACTION", None)
        if isinstance(spec, ActionSpec):
            specs.append(spec)
    return sorted(specs, key=lambda s: s.order)
