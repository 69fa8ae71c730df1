"""The "Explain an error" page: paste or type any log or tool output; the explanation follows live.

Typing restarts a short debounce timer; when it fires, the text goes to
``tfgpu.core.explain.explain_text`` in a worker thread (:mod:`tfgpu.gui.pages.explain.worker`),
and only the newest text's result is shown. A text too large for the editor to stay
fast (a 50 MB log) is kept aside: the editor shows its beginning, the engine reads all of it.

"Use this computer's scan" (on by default) combines the text with the latest scan (the
System page's): its OS, TensorFlow, driver and GPUs fill the facts the text leaves out.
"""

from __future__ import annotations

import logging
from pathlib import Path

from PySide6.QtCore import QMimeData, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.explain.document import decode as decode_bytes
from tfgpu.core.explain.model import Explanation
from tfgpu.core.explain.reading import MAX_INPUT_BYTES
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.scan import Scan
from tfgpu.gui.icons import Tone
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.pages.explain import worker as explain_worker
from tfgpu.gui.pages.explain.view import ExplanationView
from tfgpu.gui.pages.explain.worker import ExplainController, ExplainFunction
from tfgpu.gui.widgets.findings import monospace, plain_label
from tfgpu.gui.widgets.findings_text import explanation_markdown

log = logging.getLogger(__name__)

DEBOUNCE_MS = 250
#: Larger texts are not put in the editor whole: laying out 50 MB freezes it for seconds.
EDITOR_LIMIT = 256 * 1024  # characters (and bytes, for files)
MAX_FILE_BYTES = MAX_INPUT_BYTES  # the CLI reads at most as much (core/explain/reading.py)


def size_text(size: int) -> str:
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.0f} kB"


class PasteEdit(QPlainTextEdit):
    """The paste box: no line wrap (one long line would be laid out for minutes), a monospace
    font, and huge pastes or dropped files handed to the page instead of inserted."""

    large_text = Signal(str)
    file_dropped = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setFont(monospace())
        self.setTabChangesFocus(True)

    def canInsertFromMimeData(self, source: QMimeData) -> bool:  # noqa: N802 - Qt's name
        return source.hasUrls() or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:  # noqa: N802 - Qt's name
        files = [url.toLocalFile() for url in source.urls() if url.isLocalFile()] if source.hasUrls() else []
        if files:
            self.file_dropped.emit(files[0])
            return
        if source.hasText() and len(source.text()) > EDITOR_LIMIT:
            self.large_text.emit(source.text())
            return
        super().insertFromMimeData(source)


class ExplainPage(TfgpuPage):
    def __init__(self, context: PageContext, explain_fn: ExplainFunction | None = None) -> None:
        super().__init__(context)
        self.setTitle(self.tr("Explain an error"))
        self.setSubTitle(
            self.tr("Paste any error, log or tool output: we tell you what it means and how to fix it.")
        )
        self.explanation: Explanation | None = None
        self.error: str | None = None
        self._big_input: str | bytes | None = None  # the whole text when the editor shows only its start
        self._programmatic = False
        # The session's scan and chosen environment to combine with, as the worker reads them (set on the GUI thread).
        self._with: tuple[Scan, str | None] | None = None
        self.controller = ExplainController(explain_fn or self._explain_with_scan, parent=self)
        self.controller.finished.connect(self._on_explained)
        self.controller.failed.connect(self._on_failed)
        self.controller.idle.connect(self._maybe_finished)
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(DEBOUNCE_MS)
        self.debounce.timeout.connect(self._explain_now)
        self._build()

    # -- layout ----------------------------------------------------------------------
    def _build(self) -> None:
        self.editor = PasteEdit()
        self.editor.setPlaceholderText(
            self.tr("Paste here, e.g. the lines TensorFlow printed, a traceback, or nvidia-smi's table.")
        )
        self.editor.textChanged.connect(self._on_text_changed)
        self.editor.large_text.connect(self.set_large_text)
        self.editor.file_dropped.connect(self.load_file)
        self.paste_button = QPushButton(self.tr("Paste"))
        self.paste_button.setToolTip(self.tr("Replace the text with what is on the clipboard."))
        self.paste_button.clicked.connect(self.paste_clipboard)
        self.open_button = QPushButton(self.tr("Open file…"))
        self.open_button.setToolTip(self.tr("Read a saved log or output file (you can also drop it here)."))
        self.open_button.clicked.connect(self._choose_file)
        self.clear_button = QPushButton(self.tr("Clear"))
        self.clear_button.clicked.connect(self.clear)
        self.scan_toggle = QCheckBox(self.tr("Use this computer's scan"))
        self.scan_toggle.setChecked(True)
        self.scan_toggle.setToolTip(self.tr(
            "Combine the text with this computer's scan (its TensorFlow, Python, driver and GPUs) for the facts the "
            "text leaves out. Turn it off to explain a text from another computer."))
        self.scan_toggle.toggled.connect(self._on_scan_toggled)
        self.context.session.scan_changed.connect(self._on_scan_changed)
        self.copy_button = QPushButton(self.tr("Copy result"))
        self.copy_button.setToolTip(self.tr("Copy the explanation as Markdown, to paste into a chat or an issue."))
        self.copy_button.clicked.connect(self.copy_result)
        self.status_label = plain_label(selectable=False)
        self.notice = plain_label()
        self.notice.hide()
        buttons = QHBoxLayout()
        for button in (self.paste_button, self.open_button, self.clear_button):
            buttons.addWidget(button)
        buttons.addWidget(self.status_label, 1)
        buttons.addWidget(self.scan_toggle)
        buttons.addWidget(self.copy_button)

        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(buttons)
        top_layout.addWidget(self.notice)
        top_layout.addWidget(self.editor, 1)
        self.view = ExplanationView()
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(self.view)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([200, 300])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self._update_controls()

    # -- QWizardPage ------------------------------------------------------------------------
    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        self.editor.setFocus()

    # -- TfgpuPage protocol ----------------------------------------------------------------
    def is_busy(self) -> bool:
        return self.debounce.isActive() or self.controller.is_busy()

    def shutdown(self) -> None:
        busy = self.is_busy()
        self.debounce.stop()
        self.controller.shutdown()
        if busy:
            self.work_finished.emit()

    def carry_over(self) -> dict:
        """What the user pasted (and the toggle) survive a language switch: the rebuilt page explains it again."""
        whole = self._big_input if self._big_input is not None else self.editor.toPlainText()
        return {"text": whole, "with_scan": self.scan_toggle.isChecked()}

    def take_over(self, state: dict) -> None:
        self.scan_toggle.setChecked(bool(state.get("with_scan", True)))
        text = state.get("text")
        if isinstance(text, bytes):
            self._enter_large_mode(text, decode_bytes(text[:EDITOR_LIMIT]), len(text), None)
        elif isinstance(text, str) and text:
            self.set_text(text)

    # -- input -----------------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        """Replace the text (as typing or pasting would); a huge text goes through ``set_large_text``."""
        if len(text) > EDITOR_LIMIT:
            self.set_large_text(text)
        else:
            self._leave_large_mode()
            self.editor.setPlainText(text)  # textChanged -> debounce -> explain

    @Slot(str)
    def set_large_text(self, text: str) -> None:
        self._enter_large_mode(text, text[:EDITOR_LIMIT], len(text.encode("utf-8", errors="replace")), None)

    @Slot()
    def paste_clipboard(self) -> None:
        self.set_text(QGuiApplication.clipboard().text())

    @Slot(str)
    def load_file(self, path: str) -> bool:
        """Read a saved log; False (and a message) when it cannot be read."""
        try:
            size = Path(path).stat().st_size
            if size > MAX_FILE_BYTES:
                raise OSError(self.tr("the file is larger than {limit}").format(limit=size_text(MAX_FILE_BYTES)))
            data = Path(path).read_bytes()
        except OSError as exc:
            self.view.show_message(
                Tone.BAD, self.tr("Cannot read {path}").format(path=path), f"{type(exc).__name__}: {exc}"
            )
            return False
        if len(data) > EDITOR_LIMIT:
            self._enter_large_mode(data, decode_bytes(data[:EDITOR_LIMIT]), len(data), path)
        else:
            self.set_text(decode_bytes(data))
        return True

    @Slot()
    def clear(self) -> None:
        self._leave_large_mode()
        self.editor.clear()

    @Slot()
    def _choose_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            self.tr("Open a log or output file"),
            "",
            self.tr("Text files (*.txt *.log *.out *.xml *.h);;All files (*)"),
        )
        if path:
            self.load_file(path)

    def _enter_large_mode(self, whole: str | bytes, preview: str, size: int, path: str | None) -> None:
        self._big_input = whole
        self._programmatic = True
        try:
            self.editor.setPlainText(preview)
        finally:
            self._programmatic = False
        self.editor.setReadOnly(True)
        source = self.tr("From {path}.").format(path=path) + " " if path else ""
        self.notice.setText(
            source
            + self.tr(
                "This text is large ({size}): only its beginning is shown here, but all of it is read. "
                "Click Clear to paste something else."
            ).format(size=size_text(size))
        )
        self.notice.show()
        self._schedule()

    def _leave_large_mode(self) -> None:
        if self._big_input is not None:
            self._big_input = None
            self.editor.setReadOnly(False)
            self.notice.hide()

    @Slot()
    def _on_text_changed(self) -> None:
        if not self._programmatic:
            self._schedule()

    def _schedule(self) -> None:
        self.debounce.start()  # restarts: only a pause in typing explains
        self._update_controls()

    # -- explaining --------------------------------------------------------------------------
    @Slot()
    def _explain_now(self) -> None:
        text: str | bytes = self._big_input if self._big_input is not None else self.editor.toPlainText()
        if not text or (isinstance(text, str) and not text.strip()):
            self.controller.forget()
            self.explanation, self.error = None, None
            self.view.show_prompt()
            self._update_controls()
            self._maybe_finished()
            return
        self._with = self._current_context()
        self.controller.request(text)
        self._update_controls()

    def _current_context(self) -> tuple[Scan, str | None] | None:
        """The session's scan and THE chosen environment, when the toggle is on."""
        session = self.context.session
        if not self.scan_toggle.isChecked() or session.scan is None:
            return None
        return session.scan, session.env

    def _explain_with_scan(self, text: str | bytes):
        """The worker's job: reads only the scan and environment captured on the GUI thread."""
        context = self._with
        explain = explain_worker.load_explain_function()  # raises ExplainUnavailable
        if context is None:
            return explain(text)
        scan, env = context
        return explain(text, scan=scan.to_dict(), env=env)

    @Slot(bool)
    def _on_scan_toggled(self, _checked: bool) -> None:
        self._update_controls()
        if self.editor.toPlainText().strip() or self._big_input is not None:
            self._schedule()

    @Slot(object)
    def _on_scan_changed(self, _scan: object) -> None:
        self._on_scan_toggled(self.scan_toggle.isChecked())

    @Slot(object)
    def _on_explained(self, explanation: Explanation) -> None:
        try:
            self.explanation, self.error = explanation, None
            self.view.show_explanation(explanation)
        except Exception as exc:  # noqa: BLE001 - a bug in the view must not leave the page busy
            log.exception("cannot show the explanation")
            self._on_failed(f"{type(exc).__name__}: {exc}")
        finally:
            self._update_controls()

    @Slot(str)
    def _on_failed(self, message: str) -> None:
        self.explanation, self.error = None, message
        if message.startswith("unavailable:"):
            self.view.show_message(
                Tone.NEUTRAL,
                self.tr("The explainer is not available in this version yet."),
                self.tr("Your text is kept; it will be read once the explainer is installed."),
            )
        else:
            self.view.show_message(
                Tone.BAD,
                self.tr("The text could not be explained: {error}.").format(error=message),
                self.tr("Please report it, with the text you pasted."),
            )
        self._update_controls()

    def _update_controls(self) -> None:
        self.status_label.setText(self.tr("Reading…") if self.is_busy() else "")
        self.copy_button.setEnabled(self.explanation is not None)
        if self.context.session.scan is None:
            self.scan_toggle.setText(self.tr("Use this computer's scan (none yet: scan on the System page)"))
        else:
            self.scan_toggle.setText(self.tr("Use this computer's scan"))

    # -- actions --------------------------------------------------------------------------------
    @Slot()
    def copy_result(self) -> str:
        text = explanation_markdown(self.explanation) if self.explanation is not None else ""
        QGuiApplication.clipboard().setText(text)
        return text

    # -- helpers for tests and tools --------------------------------------------------------------
    def shown_primary_id(self) -> str | None:
        return self.view.shown_primary_id()


PAGE = PageSpec(page_id="explain", order=40, factory=ExplainPage,
                title=QT_TRANSLATE_NOOP("PageTitle", "Explain an error"))
