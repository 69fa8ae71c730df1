"""The "Export diagnostics…" dialog with real Qt (offscreen): the preview, the format choice, the
redaction summary and toggle, Copy Markdown, Save… starting in Documents, the pyqtgraph plots in the
HTML, a failed save, a report made without a scan, the live monitor's excerpt, and the Diagnosis
page's button."""

from __future__ import annotations

import base64
import json
import re
import time
import zipfile
from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QFileDialog

from fakes.fake_monitor import frame, gpu
from fakes.report_inputs import CANARIES, PROFILE, canary_bench, canary_host, canary_scan
from tfgpu.core.bench.saved_runs import save_run
from tfgpu.core.scan import ScanOptions
from tfgpu.gui.page_registry import PageContext
from tfgpu.gui.window.export_dialog import ExportDialog, open_export_dialog


@pytest.fixture
def places(tmp_path, monkeypatch) -> dict[str, Path]:
    """The data folder (one saved run from the canary's Python), an empty log folder, a Documents folder."""
    data, documents = tmp_path / "data", tmp_path / "Documents"
    documents.mkdir()
    monkeypatch.setenv("TFGPU_DATA_DIR", str(data))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr("platformdirs.user_documents_dir", lambda: str(documents))
    return {"data": data, "documents": documents, "tmp": tmp_path}


@pytest.fixture
def context(places) -> PageContext:
    host = canary_host(places["tmp"] / "machine")
    save_run(canary_bench(places["tmp"]), places["data"] / "bench")
    ctx = PageContext(host=host, scan_options=ScanOptions(include_tf=False))
    ctx.session.scan = canary_scan(host)
    return ctx


def _ready(qtbot, dialog: ExportDialog) -> ExportDialog:
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: dialog.bundles is not None and not dialog.is_busy(), timeout=60_000)
    return dialog


def _saved(qtbot, dialog: ExportDialog, path: Path) -> Path:
    dialog.saved_path = None
    assert dialog.save_to(str(path))
    qtbot.waitUntil(lambda: not dialog.writer.is_busy(), timeout=30_000)
    return dialog.saved_path


def test_preview_redaction_toggle_and_formats(qtbot, context):
    dialog = _ready(qtbot, ExportDialog(context))
    preview = dialog.preview.toPlainText()
    assert preview.startswith("# tfgpu diagnostics report") and "## Benchmark" in preview
    assert not [c for c in CANARIES if c.lower() in preview.lower()]
    assert dialog.redaction_label.text().startswith("Replaced: user name ×")
    assert not dialog.personal_box.isChecked()  # redaction is on by default

    dialog.personal_box.setChecked(True)
    assert PROFILE in dialog.preview.toPlainText()
    assert "Personal details are included" in dialog.redaction_label.text()
    dialog.personal_box.setChecked(False)

    dialog.format_box.setCurrentIndex(dialog.format_box.findData("json"))
    assert json.loads(dialog.preview.toPlainText())["kind"] == "tfgpu.report"
    dialog.format_box.setCurrentIndex(dialog.format_box.findData("zip"))
    assert dialog.note_label.isVisibleTo(dialog) and "zip also holds" in dialog.note_label.text()

    copied = dialog.copy_markdown()
    assert QGuiApplication.clipboard().text() == copied and "## Summary" in copied
    dialog.done(0)


def test_save_writes_html_with_pyqtgraph_plots_and_a_zip(qtbot, context, places):
    dialog = _ready(qtbot, ExportDialog(context))
    dialog.format_box.setCurrentIndex(dialog.format_box.findData("html"))
    html_path = _saved(qtbot, dialog, places["tmp"] / "report")  # no extension: .html is added
    assert html_path.name == "report.html" and "Saved" in dialog.status_label.text()
    page = html_path.read_text(encoding="utf-8")
    assert not [c for c in CANARIES if c.lower() in page.lower()]
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == 1  # the benchmark, drawn by pyqtgraph (no monitor ran in this window)
    for data in images:
        image = QImage.fromData(base64.b64decode(data), "PNG")
        assert image.width() == 760 and image.height() > 100
    zip_path = _saved(qtbot, dialog, places["tmp"] / "report.zip")  # the extension wins over the list
    with zipfile.ZipFile(zip_path) as archive:
        names = archive.namelist()
        texts = {n: archive.read(n).decode() for n in names}
    assert {"report.html", "report.md", "report.json", "raw/nvidia-smi-q.txt"} <= set(names)
    assert not [(n, c) for n, t in texts.items() for c in CANARIES if c.lower() in t.lower()]
    dialog.done(0)


def test_save_dialog_starts_in_documents_and_a_failed_save_says_why(qtbot, context, places, monkeypatch):
    dialog = _ready(qtbot, ExportDialog(context))
    asked: list[str] = []

    def answer(_parent, _title, start, _filter):
        asked.append(start)
        return str(places["tmp"] / "missing" / "r.md"), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", answer)
    dialog.format_box.setCurrentIndex(dialog.format_box.findData("md"))
    dialog.save_button.click()
    qtbot.waitUntil(lambda: "Not saved" in dialog.status_label.text(), timeout=30_000)
    assert Path(asked[0]).parent == places["documents"] and asked[0].endswith(".md")
    assert "does not exist" in dialog.status_label.text() and not (places["tmp"] / "missing").exists()
    assert dialog.save_button.isEnabled()
    dialog.done(0)


def test_without_a_scan_the_dialog_checks_first(qtbot, linux_host, places):
    ctx = PageContext(host=linux_host, scan_options=ScanOptions(include_tf=False))
    dialog = ExportDialog(ctx)
    assert "Checking this computer first" in dialog.status_label.text()
    _ready(qtbot, dialog)
    doc = dialog.bundle().document
    assert doc["app"]["frontend"] == "gui" and doc["os"]["name"] == "Ubuntu 22.04.4 LTS"
    assert doc["bench"]["run"] is None and "no saved benchmark run" in doc["bench"]["note"]
    assert "the monitor has no samples yet" in doc["monitor"]["note"]
    dialog.done(0)


def test_the_live_monitor_gives_the_excerpt(qtbot, context):
    from tfgpu.gui.monitor_service import MonitorService

    service = MonitorService(host=context.host, parent=context.session)
    context.session.monitor = service
    now = time.time()
    for i in range(240):  # 4 minutes at 1 s
        service.history.append(frame(t=now - 240 + i, cpu=30.0, status="ok",
                                     gpus=(gpu(0, now - 240 + i, util=90.0 if i >= 110 else 5.0, used_mib=6000.0),)))
    dialog = _ready(qtbot, ExportDialog(context, monitor_minutes=2))
    monitor = dialog.bundle().document["monitor"]
    assert monitor["source"] == "app" and 110 <= monitor["samples"] <= 122
    util = next(m for m in monitor["metrics"] if m["metric"] == "gpu_util_percent")
    assert util["min"] == util["max"] == 90.0  # only the last 2 minutes
    assert "GPU load" in dialog.preview.toPlainText()
    page = _saved(qtbot, dialog, context.host.root.parent / "with-monitor.html").read_text(encoding="utf-8")
    assert len(re.findall(r'src="data:image/png;base64,', page)) == 2  # the benchmark and the monitor
    dialog.minutes_box.setValue(10)
    dialog.minutes_box.editingFinished.emit()  # a new span gathers again
    qtbot.waitUntil(lambda: not dialog.is_busy() and dialog.bundle().document["monitor"]["samples"] > 200,
                    timeout=60_000)
    dialog.done(0)
    service.shutdown()


def test_export_is_the_windows_action_and_not_a_second_button(qtbot, context):
    """One "Export diagnostics…" (beside Back/Next on every page); the Diagnosis page has no copy of it."""
    from PySide6.QtWidgets import QPushButton

    from tfgpu.gui.window.actions.export import export
    from tfgpu.gui.window.main_window import MainWindow

    window = MainWindow(host=context.host, scan_options=context.scan_options, start_page="diagnosis")
    qtbot.addWidget(window)
    window.context.session.scan = context.session.scan
    window.page_by_id("diagnosis")
    labels = [button.text().replace("&", "") for button in window.findChildren(QPushButton)]
    assert labels.count("Export diagnostics…") == 1, labels
    export(window)
    dialog = window.export_dialog
    assert isinstance(dialog, ExportDialog) and dialog.isVisible()
    _ready(qtbot, dialog)
    export(window)  # a second click replaces the first dialog
    again = window.export_dialog
    assert again is not dialog
    _ready(qtbot, again)
    window.shutdown()
    assert not again.is_busy()
    again.done(0)


def test_open_export_dialog_is_window_modal(qtbot, context):
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = open_export_dialog(parent, context)
    assert dialog.windowModality() == Qt.WindowModality.WindowModal and dialog.parent() is parent
    _ready(qtbot, dialog)
    dialog.done(0)
