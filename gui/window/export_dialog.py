"""The "Export diagnostics…" dialog: one file that answers a helper's questions.

It gathers the report's inputs in a worker (the latest scan, or a new one when there is none;
the latest saved benchmark run; ``nvidia-smi`` outputs; the app's log), takes a monitor excerpt
from the window's live monitor, and builds the document twice, redacted and not, so the
"Include personal details" toggle is instant. The preview shows what will be written; "Copy
Markdown" puts the issue-sized Markdown on the clipboard; "Save…" starts in the Documents folder
and writes atomically in a second worker. The plots of the HTML are drawn here with pyqtgraph.

``open_export_dialog(parent, context)`` is the entry point for any page or window.
"""

from __future__ import annotations

import datetime as _dt
import logging
import threading
from pathlib import Path
from typing import cast

import platformdirs
from PySide6.QtCore import QCoreApplication, Qt, Slot
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.report.document import ExportBundle, ReportInputs, build_document, finish, now_iso
from tfgpu.core.report.write import EXTENSIONS, ReportWriteError, json_text
from tfgpu.gui.page_registry import PageContext
from tfgpu.gui.widgets.findings import plain_label
from tfgpu.gui.workers import JobController, JobFailed, Policy

log = logging.getLogger(__name__)
translate = QCoreApplication.translate

#: (format, file extension) in the order of the format list.
FORMAT_ORDER = ("html", "md", "json", "txt", "zip")
DEFAULT_MONITOR_MINUTES = 10


def documents_dir() -> Path:
    """Where "Save…" starts: the user's Documents folder (platformdirs), else the home folder."""
    try:
        folder = Path(platformdirs.user_documents_dir())
        if folder.is_dir():
            return folder
    except Exception:  # noqa: BLE001 - a broken environment is no reason to fail the export
        log.exception("no Documents folder")
    return Path.home()


def gather(context: PageContext, scan, monitor: dict | None, report, cancel: threading.Event,
           verdict=None) -> dict[bool, ExportBundle]:
    """The job: the report's inputs, then the document, redacted (True) and not (False). ``scan``
    is the one the app shows (taken on the GUI thread); None: check this computer first."""
    from tfgpu.core.host import RealHost
    from tfgpu.core.report.collect import (
        app_log_tail,
        identity_for,
        latest_bench,
        latest_profile,
        raw_outputs,
    )

    host = context.host or RealHost()
    if scan is None:
        from tfgpu.core.scan import run_scan

        scan = run_scan(host, context.scan_options, progress=report, cancel=cancel)
    if cancel.is_set():
        raise JobFailed(translate("ExportDialog", "stopped"))
    inputs = ReportInputs(scan=scan, env=dict(host.env), frontend="gui", created_at=now_iso(), monitor=monitor,
                          verdict=verdict if verdict is not None and verdict.scan is scan else None,
                          monitor_note=None if monitor else "the monitor has no samples yet (open the Monitor page)")
    inputs.bench, inputs.bench_note = latest_bench()
    inputs.profile, inputs.profile_note = latest_profile()
    report(translate("ExportDialog", "Reading nvidia-smi and the log…"))
    inputs.raw.update(raw_outputs(host, scan, cancel))
    inputs.raw.update(app_log_tail())
    document = build_document(inputs)
    identity = identity_for(host)
    return {True: finish(document, dict(inputs.raw), True, identity),
            False: finish(document, dict(inputs.raw), False, identity)}


def monitor_excerpt(context: PageContext, minutes: float) -> dict | None:
    """The last ``minutes`` of the window's live monitor (GUI thread: the rings live there)."""
    service = context.session.monitor
    if service is None or not len(service.history):
        return None
    from tfgpu.core.report.monitor_excerpt import from_history

    return from_history(service.history, minutes, source="app")


class ExportDialog(QDialog):
    def __init__(self, context: PageContext, parent: QWidget | None = None,
                 monitor_minutes: int = DEFAULT_MONITOR_MINUTES) -> None:
        super().__init__(parent)
        self.context = context
        self.setWindowTitle(self.tr("Export diagnostics"))
        self.bundles: dict[bool, ExportBundle] | None = None
        self.saved_path: Path | None = None
        self.collector = JobController(Policy.SINGLE, "tfgpu-report", self)
        self.collector.update.connect(self._on_progress)
        self.collector.finished.connect(self._on_gathered)
        self.collector.failed.connect(self._on_gather_failed)
        self.writer = JobController(Policy.SINGLE, "tfgpu-report-write", self)
        self.writer.finished.connect(self._on_saved)
        self.writer.failed.connect(self._on_save_failed)
        self._build()
        self.minutes_box.setValue(monitor_minutes)
        self.resize(860, 640)
        self.gather()

    # -- layout ------------------------------------------------------------------------
    def _build(self) -> None:
        intro = plain_label(self.tr(
            "One file with what a helper needs: the verdict and findings, versions, the latest benchmark, a "
            "monitor excerpt and the raw outputs. Your user name, computer name, GPU IDs and serials, and "
            "network addresses are replaced by [user], [host]… unless you include them."), selectable=False)
        self.format_box = QComboBox()
        names = {"html": self.tr("HTML page (.html): opens in any browser, with plots"),
                 "md": self.tr("Markdown (.md): paste into a GitHub issue or a forum"),
                 "json": self.tr("JSON (.json): every detail, for tools"),
                 "txt": self.tr("Text (.txt)"),
                 "zip": self.tr("Zip (.zip): all of these, plus the raw outputs and logs")}
        for fmt in FORMAT_ORDER:
            self.format_box.addItem(names[fmt], fmt)
        self.format_box.currentIndexChanged.connect(self._show)
        self.personal_box = QCheckBox(self.tr("Include personal details (user and computer names, GPU IDs, "
                                              "addresses)"))
        self.personal_box.toggled.connect(self._show)
        self.minutes_box = QSpinBox()
        self.minutes_box.setRange(1, 600)
        self.minutes_box.setValue(DEFAULT_MONITOR_MINUTES)
        self.minutes_box.setSuffix(self.tr(" min"))
        self.minutes_box.setToolTip(self.tr("How much of the live monitor goes into the report"))
        self.minutes_box.editingFinished.connect(self.gather)
        options = QHBoxLayout()
        options.addWidget(QLabel(self.tr("Format:")))
        options.addWidget(self.format_box, 1)
        options.addWidget(QLabel(self.tr("Monitor:")))
        options.addWidget(self.minutes_box)
        self.redaction_label = plain_label(selectable=False)
        self.note_label = plain_label(selectable=False)
        self.note_label.setEnabled(False)
        self.preview = QPlainTextEdit()
        self.preview.setObjectName("preview")
        self.preview.setReadOnly(True)
        self.preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.status_label = plain_label()
        self.copy_button = QPushButton(self.tr("Copy Markdown"))
        self.copy_button.setToolTip(self.tr("The report sized for a GitHub issue, on the clipboard"))
        self.copy_button.clicked.connect(self.copy_markdown)
        self.save_button = QPushButton(self.tr("Save…"))
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.ask_and_save)
        self.close_button = QPushButton(self.tr("Close"))
        self.close_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.status_label, 1)
        for button in (self.copy_button, self.save_button, self.close_button):
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(options)
        layout.addWidget(self.personal_box)
        layout.addWidget(self.redaction_label)
        layout.addWidget(self.note_label)
        layout.addWidget(self.preview, 1)
        layout.addLayout(buttons)

    # -- gathering -----------------------------------------------------------------------
    @Slot()
    def gather(self) -> None:
        """(Re)build the report: the scan shown by the app, or a new one when there is none."""
        if self.collector.is_running():
            return
        monitor = monitor_excerpt(self.context, float(self.minutes_box.value()))
        context = self.context
        self.status_label.setText(self.tr("Preparing the report…") if context.session.scan is not None
                                  else self.tr("Checking this computer first…"))
        self._update_controls()
        scan, verdict = context.session.scan, context.session.verdict
        self.collector.submit(lambda report, cancel: gather(context, scan, monitor, report, cancel, verdict))
        self._update_controls()

    @Slot(object)
    def _on_progress(self, event: object) -> None:
        label = getattr(event, "label", None)
        if label is not None:
            self.status_label.setText(self.tr("Checking: {step} ({done}/{total})").format(
                step=label, done=event.done, total=event.total))  # type: ignore[attr-defined]
        elif isinstance(event, str):
            self.status_label.setText(event)

    @Slot(object)
    def _on_gathered(self, bundles: object) -> None:
        self.bundles = bundles  # type: ignore[assignment]
        self.status_label.clear()
        self._show()

    @Slot(str)
    def _on_gather_failed(self, message: str) -> None:
        self.status_label.setText(self.tr("The report could not be prepared: {error}").format(error=message))
        self._update_controls()

    # -- showing -------------------------------------------------------------------------
    def current_format(self) -> str:
        return str(self.format_box.currentData())

    def bundle(self) -> ExportBundle | None:
        if self.bundles is None:
            return None
        return self.bundles[not self.personal_box.isChecked()]

    def preview_text(self, fmt: str | None = None) -> str:
        from tfgpu.core.report.render_md import render_markdown
        from tfgpu.core.report.render_text import render_text

        bundle = self.bundle()
        if bundle is None:
            return ""
        fmt = fmt or self.current_format()
        if fmt == "json":
            return json_text(bundle.document)
        if fmt == "txt":
            return render_text(bundle.document, bundle.raw)
        return render_markdown(bundle.document, bundle.raw)

    @Slot()
    def _show(self) -> None:
        bundle = self.bundle()
        self._update_controls()
        if bundle is None:
            return
        self.redaction_label.setText(self.redaction_text(bundle))
        fmt = self.current_format()
        notes = {"html": self.tr("Preview of the sections; the HTML page adds the plots."),
                 "zip": self.tr("Preview of the sections; the zip also holds the JSON, HTML and text reports, "
                                "each probe's raw result, the nvidia-smi outputs, the TensorFlow logs and the "
                                "app's log.")}
        self.note_label.setText(notes.get(fmt, ""))
        self.note_label.setVisible(fmt in notes)
        self.preview.setPlainText(self.preview_text(fmt))

    def redaction_text(self, bundle: ExportBundle) -> str:
        if not bundle.redacted:
            return self.tr("Personal details are included: check the file before you share it.")
        words = {"user": self.tr("user name"), "host": self.tr("computer name"), "gpu-uuid": self.tr("GPU ID"),
                 "serial": self.tr("serial number"), "ip": self.tr("IP address"), "mac": self.tr("MAC address"),
                 "email": self.tr("e-mail address"), "credentials": self.tr("password in a link")}
        found = [f"{words.get(kind, kind)} ×{count}" for kind, count in bundle.counts.items() if count]
        if not found:
            return self.tr("Nothing personal was found to replace.")
        return self.tr("Replaced: {items}.").format(items=", ".join(found))

    def _update_controls(self) -> None:
        ready = self.bundles is not None and not self.writer.is_running()
        self.copy_button.setEnabled(ready)
        self.save_button.setEnabled(ready)
        self.minutes_box.setEnabled(not self.collector.is_running())

    # -- actions -------------------------------------------------------------------------
    @Slot()
    def copy_markdown(self) -> str:
        text = self.preview_text("md")
        if text:
            QGuiApplication.clipboard().setText(text)
            self.status_label.setText(self.tr("The Markdown is on the clipboard."))
        return text

    def default_path(self) -> Path:
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M")
        return documents_dir() / f"tfgpu-report-{stamp}.{self.current_format()}"

    @Slot()
    def ask_and_save(self) -> None:
        fmt = self.current_format()
        path, _filter = QFileDialog.getSaveFileName(
            self, self.tr("Save the diagnostics report"), str(self.default_path()),
            self.format_box.currentText().split(":")[0] + f" (*.{fmt});;" + self.tr("All files (*)"))
        if path:
            self.save_to(path)

    def save_to(self, path: str) -> bool:
        """Write the chosen format to ``path`` (an extension is added when it has none of ours)."""
        bundle = self.bundle()
        if bundle is None or self.writer.is_running():
            return False
        target = Path(path)
        fmt = EXTENSIONS.get(target.suffix.lower()) or self.current_format()
        if target.suffix.lower() not in EXTENSIONS:
            target = target.with_name(target.name + f".{fmt}")
        images = None
        if fmt in ("html", "zip"):
            from tfgpu.core.report.write import plot_images
            from tfgpu.gui.window.report_plots import render_png

            images = plot_images(bundle.document, render_png)  # GUI thread: pyqtgraph draws here

        def write(_report, _cancel) -> tuple[Path, int]:
            from tfgpu.core.report.write import write_report

            try:
                return target, write_report(target, fmt, bundle, images=images)
            except ReportWriteError as exc:
                raise JobFailed(str(exc)) from None

        self.status_label.setText(self.tr("Saving {name}…").format(name=target.name))
        accepted = self.writer.submit(write) > 0
        self._update_controls()
        return accepted

    @Slot(object)
    def _on_saved(self, outcome: object) -> None:
        path, size = cast("tuple[Path, int]", outcome)
        self.saved_path = path
        self.status_label.setText(self.tr("Saved {path} ({size} KB).").format(path=str(path), size=max(1, size // 1024)))
        self._update_controls()

    @Slot(str)
    def _on_save_failed(self, message: str) -> None:
        self.status_label.setText(self.tr("Not saved: {error}").format(error=message))
        self._update_controls()

    # -- end -----------------------------------------------------------------------------
    def is_busy(self) -> bool:
        return self.collector.is_busy() or self.writer.is_busy()

    def shutdown(self) -> None:
        self.collector.shutdown()
        self.writer.shutdown()

    def done(self, result: int) -> None:
        self.shutdown()
        super().done(result)


def open_export_dialog(parent: QWidget | None, context: PageContext) -> ExportDialog:
    """Open the dialog (window-modal, not blocking) and return it."""
    dialog = ExportDialog(context, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.show()
    return dialog
