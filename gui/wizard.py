"""The wizard: discovered pages in order, one shared context, clean shutdown."""

from __future__ import annotations

import logging

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QWidget, QWizard

from tfgpu.core.host import Host
from tfgpu.core.scan import ScanOptions
from tfgpu.gui.icons import app_icon
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage, discover_pages

log = logging.getLogger(__name__)

DEFAULT_SIZE = QSize(900, 650)


class TfgpuWizard(QWizard):
    """``host``/``scan_options`` are injected so tests can describe a machine (FakeHost)."""

    def __init__(
        self,
        host: Host | None = None,
        scan_options: ScanOptions | None = None,
        specs: list[PageSpec] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("TF GPU Assistant"))
        self.setWindowIcon(app_icon())
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)  # the same look on every OS and offscreen
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setPixmap(QWizard.WizardPixmap.LogoPixmap, app_icon().pixmap(48, 48))
        self.resize(DEFAULT_SIZE)
        self.context = PageContext(host=host, scan_options=scan_options)
        self.specs = specs if specs is not None else discover_pages()
        self._pages: dict[str, TfgpuPage] = {}
        for spec in self.specs:
            page = spec.factory(self.context)
            page.setObjectName(f"page-{spec.page_id}")
            self.setPage(spec.order, page)
            self._pages[spec.page_id] = page
        self._shut_down = False

    # -- lookup --------------------------------------------------------------
    def page_ids(self) -> list[str]:
        return [spec.page_id for spec in self.specs]

    def page_by_id(self, page_id: str) -> TfgpuPage:
        """The page with this ``PageSpec.page_id``; KeyError if there is none."""
        return self._pages[page_id]

    def current_page_id(self) -> str | None:
        current = self.currentPage()
        return next((pid for pid, page in self._pages.items() if page is current), None)

    # -- shutdown ---------------------------------------------------------------
    def shutdown(self) -> None:
        """Stop every page's work and wait for its threads. Safe to call twice."""
        if self._shut_down:
            return
        self._shut_down = True
        for page_id, page in self._pages.items():
            try:
                page.shutdown()
            except Exception:  # noqa: BLE001 - one page must not keep the others running
                log.exception("page %s failed to shut down", page_id)
        try:
            from tfgpu.gui.monitor_service import shutdown_monitor

            shutdown_monitor(self.context)  # after the pages: they may still hold it
        except Exception:  # noqa: BLE001
            log.exception("the monitor failed to shut down")

    def done(self, result: int) -> None:
        """Finish, Cancel and closing the window all end here."""
        self.hide()  # disappear at once; waiting for a scan to stop can take a moment
        self.shutdown()
        super().done(result)
