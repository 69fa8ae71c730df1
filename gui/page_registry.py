"""Wizard pages are discovered: one module per page in ``tfgpu.gui.pages``.

A page module exposes ``PAGE = PageSpec(page_id="system", order=20, factory=SystemPage)``.
Every page derives from :class:`TfgpuPage`, whose small protocol (``is_busy``,
``work_finished``, ``shutdown``) lets the wizard close cleanly and the
screenshot tool wait for any page's work without knowing the page.
"""

from __future__ import annotations

import importlib
import logging
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget, QWizardPage

from tfgpu.core.host import Host
from tfgpu.core.scan import Scan, ScanOptions

log = logging.getLogger(__name__)

PAGES_PACKAGE = "tfgpu.gui.pages"


class WizardState(QObject):
    """What pages share: the latest scan (later pages read it, the system page writes it), and the
    Python environment chosen to work with (the install page selects the one it created)."""

    scan_changed = Signal(object)  # Scan
    python_selected = Signal(str)  # an interpreter's path

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scan: Scan | None = None
        self.selected_python: str | None = None

    def set_scan(self, scan: Scan) -> None:
        self.scan = scan
        self.scan_changed.emit(scan)

    def select_python(self, python: str) -> None:
        self.selected_python = python
        self.python_selected.emit(python)


@dataclass
class PageContext:
    """Handed to every page factory: the machine to look at and the shared state."""

    host: Host | None = None  # None: this computer
    scan_options: ScanOptions | None = None
    state: WizardState = field(default_factory=WizardState)


class TfgpuPage(QWizardPage):
    """Base of every page. Override ``is_busy``/``shutdown`` when the page does work."""

    #: Emitted when the page's work (a scan, a benchmark...) has ended, however it ended.
    work_finished = Signal()

    def __init__(self, context: PageContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context

    def is_busy(self) -> bool:
        return False

    def _update_controls(self) -> None:
        """Enable and disable the page's buttons for its state (pages with work override it)."""

    def _maybe_finished(self) -> None:
        """Refresh the controls; once nothing runs, tell the wizard (and the screenshot tool)."""
        self._update_controls()
        if not self.is_busy():
            self.work_finished.emit()

    def shutdown(self) -> None:
        """Stop any work and wait for its threads; called when the wizard closes."""


PageFactory = Callable[[PageContext], TfgpuPage]


@dataclass(frozen=True)
class PageSpec:
    page_id: str  # stable, used by ``--page``
    order: int  # position in the wizard; also the QWizard page id, so unique
    factory: PageFactory


def discover_pages(package: str = PAGES_PACKAGE) -> list[PageSpec]:
    """Every ``PAGE`` in the package's modules, ordered; a broken module is logged and skipped."""
    pkg = importlib.import_module(package)
    specs: list[PageSpec] = []
    for module_info in pkgutil.iter_modules(pkg.__path__):
        if module_info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"{package}.{module_info.name}")
        except Exception:  # noqa: BLE001 - one broken page must not take the app down
            log.exception("cannot load wizard page module %s", module_info.name)
            continue
        spec = getattr(module, "PAGE", None)
        if isinstance(spec, PageSpec):
            specs.append(spec)
    specs.sort(key=lambda s: s.order)
    _check_unique(specs)
    return specs


def _check_unique(specs: list[PageSpec]) -> None:
    for attr in ("page_id", "order"):
        values = [getattr(s, attr) for s in specs]
        duplicates = {v for v in values if values.count(v) > 1}
        if duplicates:
            raise ValueError(f"wizard pages share a {attr}: {sorted(duplicates)}")
