"""Switching the language: Explain keeps what was pasted, an open Glossary follows, and every fact
explain can read has a translated label."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication  # noqa: E402

from tfgpu.core.explain.engine import explain_text  # noqa: E402
from tfgpu.core.scan import ScanOptions  # noqa: E402
from tfgpu.gui.i18n import clear_language  # noqa: E402
from tfgpu.gui.widgets.findings_text import HIDDEN_FACTS, _fact_labels  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
TEXT = "2024-01-01 10:00:00: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load " \
       "dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found"


def test_a_language_switch_keeps_explains_text_and_translates_the_open_glossary(qtbot, qapp) -> None:
    window = MainWindow(scan_options=ScanOptions(include_tf=False), start_page="explain")
    qtbot.addWidget(window)
    window.show()
    page = window.page_by_id("explain")
    page.set_text(TEXT)
    qtbot.waitUntil(lambda: page.explanation is not None and not page.is_busy(), timeout=30_000)
    window.show_glossary()
    english = window.glossary.body.text()
    try:
        window.set_language("zh_CN")
        rebuilt = window.page_by_id("explain")
        assert rebuilt is not page and rebuilt.editor.toPlainText() == TEXT  # not wiped
        qtbot.waitUntil(lambda: rebuilt.explanation is not None and not rebuilt.is_busy(), timeout=30_000)
        assert window.glossary.windowTitle() == "术语表"
        assert window.glossary.body.text() != english and "NVIDIA 驱动" in window.glossary.body.text()
    finally:
        clear_language(qapp)
        window.shutdown()


def test_every_fact_explain_reads_has_a_translated_label(qapp) -> None:
    """The facts of every labelled case (and of a scan) against the labels; each label translated."""
    from fakes import fake_scan as fs

    keys: set[str] = set()
    for corpus in ("corpus", "corpus-real"):
        for case in (REPO / "tests" / "fixtures" / corpus).iterdir():
            if (case / "input.txt").exists():
                keys |= set(explain_text((case / "input.txt").read_bytes()).facts)
    scan = fs.scan(envs=[fs.env("/v/bin/python", tf=fs.tf_ok("/v/bin/python", "2.15.0", gpus=0))])
    scan.adapters.nvidia_present = False
    keys |= set(explain_text(TEXT, scan=scan.to_dict(), env="/v/bin/python").facts)
    labels = _fact_labels()
    assert keys - HIDDEN_FACTS <= set(labels), sorted(keys - HIDDEN_FACTS - set(labels))
    from tfgpu.gui.i18n import install_translators, remove_translators

    translators = install_translators(qapp, "zh_CN")
    try:
        chinese = _fact_labels()
        same = [key for key in labels if chinese[key] == labels[key] and not labels[key].isupper()
                and QCoreApplication.translate("FactLabel", labels[key]) == labels[key]]
        assert same == [], same  # every label has its Chinese words (names such as CUDA_VISIBLE_DEVICES aside)
    finally:
        remove_translators(qapp, translators)
