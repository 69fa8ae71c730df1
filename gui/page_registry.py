"""Wizard pages are discovered: one module per page in ``tfgpu.gui.pages``.

A page module exposes ``PAGE = PageSpec(page_id="system", order=20, factory=SystemPage)``.
Every page derives from :class:`TfgpuPage`, whose small protocol (``is_busy``,
``work_finished``, ``shutdown``) lets the wizard close cleanly and the
screenshot tool wait for any page's work without knowing the page.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget, QWizardPage

from tfgpu.core.host import Host
from tfgpu.core.scan import ScanOptions
from tfgpu.gui.session import Session

if TYPE_CHECKING:
    from tfgpu.gui.icons import Tone

log = logging.getLogger(__name__)

PAGES_PACKAGE = "tfgpu.gui.pages"


@dataclass
class PageContext:
    """Handed to every page factory: the machine to look at and the session every page displays."""

    host: Host | None = None  # None: this computer
    scan_options: ScanOptions | None = None
    session: Session = None  # type: ignore[assignment, unused-ignore]  # made for host and scan_options when not given
    specs: list[PageSpec] = field(default_factory=list)  # every page of the window (a step may open one)

    def __post_init__(self) -> None:
        if self.session is None:
            self.session = Session(self.host, self.scan_options)


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
    """Every ``PAGE`` of the package's pages, ordered: one folder per page, its ``PAGE`` in ``page.py`` (or
    in the folder's ``__init__.py``); a plain module may hold one too. A broken page is logged and skipped."""
    pkg = importlib.import_module(package)
    specs: list[PageSpec] = []
    for module_info in pkgutil.iter_modules(pkg.__path__):
        if module_info.name.startswith("_"):
            continue
        name = f"{package}.{module_info.name}"
        try:
            module = importlib.import_module(name)
            spec = getattr(module, "PAGE", None)
            if spec is None and module_info.ispkg and importlib.util.find_spec(f"{name}.page") is not None:
                spec = getattr(importlib.import_module(f"{name}.page"), "PAGE", None)
        except Exception:  # noqa: BLE001 - one broken page must not take the app down
            log.exception("cannot load the page %s", module_info.name)
            continue
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
