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
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget, QWizardPage

from tfgpu.core.host import Host
from tfgpu.core.scan import Scan, ScanOptions

if TYPE_CHECKING:
    from tfgpu.core.diagnosis.model import Diagnosis
    from tfgpu.core.diagnosis.next_steps import Checklist, NextStep
    from tfgpu.gui.icons import Tone

log = logging.getLogger(__name__)

PAGES_PACKAGE = "tfgpu.gui.pages"


class WizardState(QObject):
    """What pages share: the latest scan (the system page writes it, the others read it), its
    diagnosis and checklist for the chosen environment (:mod:`tfgpu.gui.guide`), and requests
    that the window carries out (open a page, check again), so pages never reach for the window."""

    scan_changed = Signal(object)  # Scan
    verdict_changed = Signal()  # diagnosis, checklist or environment changed
    scanning_changed = Signal(bool)
    page_requested = Signal(str, object)  # page id, what to show there (or None)
    rescan_requested = Signal()
    python_selected = Signal(str)  # an interpreter's path (the install page selects the one it created)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.scan: Scan | None = None
        self.selected_python: str | None = None
        self.scan_saved_at: str | None = None  # when the scan shown came from the last session
        self.scanning = False
        self.env: str | None = None  # the chosen environment's Python (None: the most promising)
        self.diagnosis: Diagnosis | None = None
        self.checklist: Checklist | None = None
        self.done_steps: list[NextStep] = []  # steps of the previous checklist the latest scan ticked off

    def set_scan(self, scan: Scan, saved_at: str | None = None) -> None:
        from tfgpu.gui.guide import update_verdict

        previous = self.checklist if saved_at is None else None  # a live scan ticks off what was done
        self.scan, self.scan_saved_at = scan, saved_at
        update_verdict(self, previous)
        self.scan_changed.emit(scan)
        self.verdict_changed.emit()

    def set_env(self, python: str | None) -> None:
        from tfgpu.gui.guide import update_verdict

        if python == self.env:
            return
        self.env = python
        if self.scan is not None:
            update_verdict(self, None)
        self.verdict_changed.emit()

    def set_scanning(self, scanning: bool) -> None:
        if scanning != self.scanning:
            self.scanning = scanning
            self.scanning_changed.emit(scanning)

    def request_page(self, page_id: str, payload: object = None) -> None:
        """Ask the window to show ``page_id`` (a step's action, a "Back to" button)."""
        self.page_requested.emit(page_id, payload)

    def request_rescan(self) -> None:
        self.rescan_requested.emit()

    def select_python(self, python: str) -> None:
        """Make ``python`` the chosen environment everywhere (the header, the checklist, the benchmark)."""
        self.selected_python = python
        self.set_env(python)
        self.python_selected.emit(python)


@dataclass
class PageContext:
    """Handed to every page factory: the machine to look at and the shared state."""

    host: Host | None = None  # None: this computer
    scan_options: ScanOptions | None = None
    state: WizardState = field(default_factory=WizardState)
    specs: list[PageSpec] = field(default_factory=list)  # every page of the window (a step may open one)


class TfgpuPage(QWizardPage):
    """Base of every page. Override ``is_busy``/``shutdown`` when the page does work.

    The window shows one page at a time and builds each on its first visit; ``initializePage``
    is called on every visit. Optional hooks: ``is_idle`` (the screenshot tool waits for it),
    ``close_question`` (closing the window asks first), ``nav_tone`` (the sidebar's icon),
    ``carry_over``/``take_over`` (state kept when the page is rebuilt in another language) and
    ``open_with`` (what a step or another page asked it to show).
    """

    #: Emitted when the page's work (a scan, a benchmark...) has ended, however it ended.
    work_finished = Signal()
    # Emitted when what ``nav_tone`` or ``close_question`` say may have changed.
    status_changed = Signal()

    def __init__(self, context: PageContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context

    def is_busy(self) -> bool:
        return False

    def is_idle(self) -> bool:
        """Nothing left to show: no work running and nothing still arriving (e.g. the first samples)."""
        return not self.is_busy()

    def close_question(self) -> str | None:
        """Why closing the window now would lose something (asked first), or None."""
        return None

    def nav_tone(self) -> Tone | None:
        """The status icon of the page in the sidebar (None: the page's own icon)."""
        return None

    def carry_over(self) -> dict:
        """What a rebuilt page (another language) should start from: see ``take_over``."""
        return {}

    def take_over(self, state: dict) -> None:
        """Start from what the page it replaces carried over."""

    def open_with(self, payload: object) -> None:
        """Show what was asked for (a step id, a text...); called after the page is shown."""

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
    order: int  # position in the sidebar and for Next/Back, so unique
    factory: PageFactory
    # The sidebar's name for the page before it is built, marked with
    # ``QT_TRANSLATE_NOOP("PageTitle", ...)`` (the window translates it).
    title: str = ""
    # Finding ids or step checks this page can carry out: the checklist offers to open it for them.
    handles: tuple[str, ...] = ()


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
