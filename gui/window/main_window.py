"""The window: a verdict header on every page, a sidebar of every page, the page itself with
Back/Next, and the menus (window actions, pages, language, glossary).

Pages are discovered (one module each) and built on their first visit. The scan runs in the
background from the start (``auto_scan``), so the header's verdict follows the user to every page,
and Explain or Monitor can be used while it runs. Closing asks first while a benchmark or a CSV log
runs. With ``settings`` the window resumes where the user left off (page, environment, language,
geometry, and the last scan, shown at once and checked again).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QSize, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent, QFont
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.host import Host
from tfgpu.core.scan import ScanOptions
from tfgpu.gui.icons import app_icon
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage, discover_pages
from tfgpu.gui.settings import AppSettings
from tfgpu.gui.window.action_registry import ActionSpec, discover_actions
from tfgpu.gui.window.header import VerdictHeader
from tfgpu.gui.window.menus import ShellMenus
from tfgpu.gui.window.sidebar import StepsSidebar
from tfgpu.gui.window.status import page_status
from tfgpu.gui.workers import JobController, Policy

if TYPE_CHECKING:
    from tfgpu.gui.widgets.glossary import GlossaryDialog
    from tfgpu.gui.window.export_dialog import ExportDialog

log = logging.getLogger(__name__)

DEFAULT_SIZE = QSize(900, 650)
DIAGNOSIS = "diagnosis"
SYSTEM = "system"


class MainWindow(QMainWindow):
    """``host``/``scan_options`` are injected so tests can describe a machine (FakeHost)."""

    page_changed = Signal(str)

    def __init__(
        self,
        host: Host | None = None,
        scan_options: ScanOptions | None = None,
        specs: list[PageSpec] | None = None,
        parent: QWidget | None = None,
        *,
        settings: AppSettings | None = None,
        auto_scan: bool = False,
        actions: list[ActionSpec] | None = None,
        start_page: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowIcon(app_icon())
        self.resize(DEFAULT_SIZE)
        self.context = PageContext(host=host, scan_options=scan_options)
        self.specs = specs if specs is not None else discover_pages()
        self.context.specs = list(self.specs)
        self.settings = settings
        self.auto_scan = auto_scan
        self._pages: dict[str, TfgpuPage] = {}
        self._slots: dict[str, QWidget] = {}
        self._current: str | None = None
        self._pending_rebuild: set[str] = set()
        self._shut_down = False
        self._started = False
        self._background_done = False
        self._first_pending: str | None = None
        self.export_dialog: ExportDialog | None = None  # File > Export diagnostics… (gui/window/actions/export.py)
        self.glossary: GlossaryDialog | None = None  # Help > Glossary, made when first asked for
        # Asked before closing while something would be lost; tests replace it.
        self.confirm_close: Callable[[list[str]], bool] = self._ask_before_closing
        self._warm_up = JobController(Policy.SINGLE, "tfgpu-warm-up", parent=self)
        self._build(actions if actions is not None else discover_actions())
        session = self.context.session
        session.setParent(self)
        session.page_requested.connect(self.open_page)
        session.verdict_changed.connect(self._refresh_status)
        session.scanning_changed.connect(self._refresh_status)
        session.scan_changed.connect(self._remember_scan)
        if settings is not None:
            session.preferred_env = settings.env
            if settings.geometry is not None:
                self.restoreGeometry(settings.geometry)
        self.retranslate()
        first = start_page or (settings.page if settings is not None else None)
        self._show_first(first if first in self.page_ids() else self.page_ids()[0])

    def _show_first(self, page_id: str) -> None:
        """The start page, built now; its ``initializePage`` waits for the window to be shown."""
        self._first_pending = page_id
        page = self._ensure(page_id)
        self._current = page_id
        self.stack.setCurrentWidget(page)
        self.sidebar.select(page_id)
        self._update_nav(page_id)
        self._show_page_header()

    # -- layout ----------------------------------------------------------------------------------
    def _build(self, actions: list[ActionSpec]) -> None:
        self.header = VerdictHeader(self.context.session)
        self.header.next_clicked.connect(self._on_next_step)
        self.header.env_chosen.connect(self._on_env_chosen)
        self.sidebar = StepsSidebar()
        self.sidebar.page_chosen.connect(self.go_to)
        self.title_label = QLabel()
        self.title_label.setObjectName("page-title")
        font = QFont(self.title_label.font())
        font.setBold(True)
        if font.pointSizeF() > 0:
            font.setPointSizeF(font.pointSizeF() + 3)
        self.title_label.setFont(font)
        self.subtitle_label = QLabel()
        self.subtitle_label.setObjectName("page-subtitle")
        self.subtitle_label.setWordWrap(True)
        self.stack = QStackedWidget()
        for spec in self.specs:
            slot = QWidget()
            slot.setObjectName(f"slot-{spec.page_id}")
            self._slots[spec.page_id] = slot
            self.stack.addWidget(slot)
        self.back_button = QPushButton()
        self.back_button.setObjectName("nav-back")
        self.back_button.clicked.connect(self.back)
        self.next_button = QPushButton()
        self.next_button.setObjectName("nav-next")
        self.next_button.clicked.connect(self.next)
        self.menus = ShellMenus(self, actions)
        nav = QHBoxLayout()
        for button in self.menus.nav_buttons.values():
            nav.addWidget(button)
        nav.addStretch(1)
        nav.addWidget(self.back_button)
        nav.addWidget(self.next_button)
        column = QVBoxLayout()
        column.setContentsMargins(4, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(self.title_label)
        column.addWidget(self.subtitle_label)
        column.addWidget(self.stack, 1)
        column.addLayout(nav)
        body = QHBoxLayout()
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.sidebar)
        body.addLayout(column, 1)
        central = QWidget()
        outer = QVBoxLayout(central)
        outer.setContentsMargins(8, 6, 8, 8)
        outer.setSpacing(6)
        outer.addWidget(self.header)
        outer.addLayout(body, 1)
        self.setCentralWidget(central)
        self.setTabOrder(self.sidebar, self.stack)

    # -- words -------------------------------------------------------------------------------------
    def page_title(self, page_id: str) -> str:
        spec = self._spec(page_id)
        page = self._pages.get(page_id)
        if page is not None and page.title():
            return page.title()
        return QCoreApplication.translate("PageTitle", spec.title) if spec.title else page_id

    def translate_action(self, title: str) -> str:
        return QCoreApplication.translate("WindowAction", title)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("TF GPU Assistant"))
        self.back_button.setText(self.tr("< &Back"))
        self.back_button.setToolTip(self.tr("The previous page (Alt+Left)"))
        self.next_button.setText(self.tr("&Next >"))
        self.next_button.setToolTip(self.tr("The next page (Alt+Right)"))
        self.menus.retranslate()
        self.menus.check_language(self.settings.language if self.settings is not None else None)
        self.sidebar.set_pages([(spec.page_id, self.page_title(spec.page_id)) for spec in self.specs])
        self.sidebar.setAccessibleName(self.tr("Pages"))
        self.header.refresh()
        self._show_page_header()
        self._refresh_status()

    # -- lookup ----------------------------------------------------------------------------------
    def page_ids(self) -> list[str]:
        return [spec.page_id for spec in self.specs]

    def has_page(self, page_id: str) -> bool:
        return page_id in self._slots

    def page_by_id(self, page_id: str) -> TfgpuPage:
        """The page with this id, built now if it was not yet; KeyError if there is none."""
        if page_id not in self._slots:
            raise KeyError(page_id)
        return self._ensure(page_id)

    def built_pages(self) -> dict[str, TfgpuPage]:
        return dict(self._pages)

    def current_page_id(self) -> str | None:
        return self._current

    def current_page(self) -> TfgpuPage | None:
        return self._pages.get(self._current) if self._current else None

    def _spec(self, page_id: str) -> PageSpec:
        return next(spec for spec in self.specs if spec.page_id == page_id)

    # -- building pages ------------------------------------------------------------------------------
    def _ensure(self, page_id: str, carried: dict | None = None) -> TfgpuPage:
        page = self._pages.get(page_id)
        if page is not None:
            return page
        page = self._spec(page_id).factory(self.context)
        page.setObjectName(f"page-{page_id}")
        if carried:
            page.take_over(carried)
        slot = self._slots[page_id]
        index = self.stack.indexOf(slot)
        self.stack.insertWidget(index, page)
        self.stack.removeWidget(slot)
        slot.deleteLater()
        self._slots[page_id] = page
        self._pages[page_id] = page
        page.work_finished.connect(self._refresh_status)
        page.status_changed.connect(self._refresh_status)
        page.work_finished.connect(self._rebuild_waiting)
        return page

    def _rebuild(self, page_id: str) -> None:
        """Build the page afresh (in the current language and colours), carrying its state over."""
        old = self._pages.pop(page_id)
        carried = old.carry_over()
        old.shutdown()
        placeholder = QWidget()
        index = self.stack.indexOf(old)
        self.stack.insertWidget(index, placeholder)
        self._slots[page_id] = placeholder
        self.stack.removeWidget(old)
        old.hide()
        old.deleteLater()
        page = self._ensure(page_id, carried)
        if page_id == self._current:
            self.stack.setCurrentWidget(page)
            page.initializePage()
            self._show_page_header()

    def rebuild_pages(self) -> None:
        """Every page built so far made again; one that is working waits until it is done."""
        for page_id, page in list(self._pages.items()):
            if page.is_busy() or page.close_question():
                self._pending_rebuild.add(page_id)
            else:
                self._rebuild(page_id)

    @Slot()
    def _rebuild_waiting(self) -> None:
        for page_id in list(self._pending_rebuild):
            page = self._pages.get(page_id)
            if page is not None and not page.is_busy() and not page.close_question():
                self._pending_rebuild.discard(page_id)
                self._rebuild(page_id)

    # -- navigating -----------------------------------------------------------------------------------
    @Slot(str)
    def go_to(self, page_id: str) -> bool:
        """Show ``page_id`` (built on its first visit); False if there is no such page."""
        if page_id not in self._slots or self._shut_down:
            return False
        page = self._ensure(page_id)
        changed = page_id != self._current
        self._current = page_id
        self._first_pending = None
        self.stack.setCurrentWidget(page)
        self.sidebar.select(page_id)
        self._update_nav(page_id)
        page.initializePage()
        self._show_page_header()
        if self.settings is not None:
            self.settings.page = page_id
        if changed:
            self.page_changed.emit(page_id)
        return True

    def _update_nav(self, page_id: str) -> None:
        index = self.page_ids().index(page_id)
        last = len(self.specs) - 1
        for widget in (self.back_button, self.menus.back_action):
            widget.setEnabled(index > 0)
        for widget in (self.next_button, self.menus.next_action):
            widget.setEnabled(index < last)

    @Slot(str, object)
    def open_page(self, page_id: str, payload: object = None) -> bool:
        if not self.go_to(page_id):
            return False
        if payload is not None:
            self._pages[page_id].open_with(payload)
        return True

    @Slot()
    def next(self) -> bool:
        ids = self.page_ids()
        index = ids.index(self._current) if self._current in ids else -1
        return index + 1 < len(ids) and self.go_to(ids[index + 1])

    @Slot()
    def back(self) -> bool:
        ids = self.page_ids()
        index = ids.index(self._current) if self._current in ids else 0
        return index > 0 and self.go_to(ids[index - 1])

    def _show_page_header(self) -> None:
        page = self.current_page()
        if page is None:
            return
        self.title_label.setText(page.title() or self.page_title(self._current or ""))
        self.subtitle_label.setText(page.subTitle())
        self.subtitle_label.setVisible(bool(page.subTitle()))

    # -- the verdict and the scan ----------------------------------------------------------------------
    @Slot(object)
    def _on_next_step(self, step) -> None:
        if step is None:
            self.start_scan()
        elif step.action and self.has_page(step.action):
            self.open_page(step.action, step.id)
        elif self.has_page(DIAGNOSIS):
            self.open_page(DIAGNOSIS, step.id)

    @Slot(object)
    def _on_env_chosen(self, python: str | None) -> None:
        self.context.session.set_env(python)
        if self.settings is not None:
            self.settings.env = python

    @Slot()
    def start_scan(self) -> bool:
        """Check this computer (again) in the background; False when a check already runs."""
        session = self.context.session
        if self._shut_down or session.scanning:
            return False
        return session.start_scan()

    def showEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().showEvent(event)
        if not self._started:
            self._started = True
            if self._first_pending is not None and self._first_pending == self._current:
                self._first_pending = None
                page = self.current_page()
                if page is not None:
                    page.initializePage()
            QTimer.singleShot(0, self._start_background)

    @Slot()
    def _start_background(self) -> None:
        """After the first window is on screen: the diagnosis' code loaded off the GUI thread,
        the last scan at once, then a fresh one."""
        if self._shut_down:
            return
        self._warm_up.submit(_load_the_diagnosis)
        session = self.context.session
        if self.settings is not None and session.scan is None:
            kept = self.settings.load_scan()
            if kept is not None:
                session.set_scan(*kept)
        if self.auto_scan and not session.scanning:
            self.start_scan()
        self._background_done = True

    def is_idle(self) -> bool:
        """Nothing more will arrive on its own: the check is done (or was never asked for) and the
        page shown says it is idle (the screenshot tool waits for this)."""
        if self.auto_scan and not self._background_done:
            return False
        page = self.current_page()
        return not self.context.session.is_busy() and (page is None or page.is_idle())

    @Slot(object)
    def _remember_scan(self, scan) -> None:
        if self.settings is not None and self.context.session.scan_saved_at is None and not scan.cancelled:
            self.settings.save_scan(scan)

    @Slot()
    def _refresh_status(self) -> None:
        for spec in self.specs:
            tone, words = page_status(spec.page_id, self.context.session, self._pages.get(spec.page_id))
            self.sidebar.set_status(spec.page_id, tone, words)

    # -- language, look, glossary ----------------------------------------------------------------------
    def set_language(self, setting: str | None) -> None:
        """Switch the language now (``None``: the system's) and remember it."""
        from tfgpu.gui.i18n import resolve_language, switch_language

        app = QApplication.instance()
        if app is not None:
            switch_language(app, resolve_language(setting))
        if self.settings is not None:
            self.settings.language = setting
        self.rebuild_pages()
        self.retranslate()
        if self.glossary is not None:
            self.glossary.retranslate()  # an open Glossary follows the language too

    def show_glossary(self) -> None:
        """The one Glossary window (Help > Glossary), in the UI language; shown again when it is open."""
        from tfgpu.gui.widgets.glossary import GlossaryDialog

        if self.glossary is None:
            self.glossary = GlossaryDialog(self)
        self.glossary.show()
        self.glossary.raise_()

    # -- closing ----------------------------------------------------------------------------------------
    def close_questions(self) -> list[str]:
        """What closing now would stop, in words (empty: nothing)."""
        questions = [q for page in self._pages.values() if (q := page.close_question())]
        service = self.context.session.monitor
        if service is not None and service.is_logging() and not any("CSV" in q for q in questions):
            questions.append(self.tr("A CSV log is being written to {path}; closing stops it.").format(
                path=service.csv_path))
        return questions

    def _ask_before_closing(self, questions: list[str]) -> bool:
        answer = QMessageBox.question(
            self, self.tr("Close TF GPU Assistant?"),
            "\n\n".join(questions) + "\n\n" + self.tr("Close anyway?"),
            QMessageBox.StandardButton.Close | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel)
        return answer == QMessageBox.StandardButton.Close

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt's name
        if not self._shut_down:
            questions = self.close_questions()
            if questions and not self.confirm_close(questions):
                event.ignore()
                return
            if self.settings is not None:
                self.settings.geometry = self.saveGeometry()
                self.settings.sync()
        self.hide()  # disappear at once; waiting for a scan to stop can take a moment
        self.shutdown()
        event.accept()

    def shutdown(self) -> None:
        """Stop every page's work and wait for its threads. Safe to call twice."""
        if self._shut_down:
            return
        self._shut_down = True
        self._warm_up.shutdown()
        dialog = self.export_dialog
        if dialog is not None:
            dialog.shutdown()
        for page_id, page in self._pages.items():
            try:
                page.shutdown()
            except Exception:  # noqa: BLE001 - one page must not keep the others running
                log.exception("page %s failed to shut down", page_id)
        try:
            self.context.session.shutdown()  # after the pages: they may still hold the monitor
        except Exception:  # noqa: BLE001
            log.exception("the session failed to shut down")


def _load_the_diagnosis(_report, _cancel) -> None:
    """Import the diagnosis' rules in a worker thread, so the first verdict does not pause the window."""
    import tfgpu.core.diagnosis.doctor  # noqa: F401
    import tfgpu.core.diagnosis.next_steps  # noqa: F401
