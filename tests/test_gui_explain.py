"""The Explain page: real corpus text pasted into real widgets, explained live off the GUI
thread by the real engine; debounce and stale results; empty, binary and 50 MB input;
closing mid-explain; the worker's one-owner life cycle."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QMimeData, QTimer  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402

from conftest import CORPUS, corpus_text  # noqa: E402
from tfgpu.core.explain.document import decode as decode_bytes
from tfgpu.core.explain.model import Explanation  # noqa: E402
from tfgpu.core.findings.catalog import make_finding  # noqa: E402
from tfgpu.core.findings.model import FixStep, Shell  # noqa: E402
from tfgpu.core.i18n import TrText  # noqa: E402
from tfgpu.core.scan import ScanOptions  # noqa: E402
from tfgpu.gui.page_registry import PageContext, discover_pages  # noqa: E402
from tfgpu.gui.pages.explain import worker as explain_worker  # noqa: E402
from tfgpu.gui.pages.explain.page import EDITOR_LIMIT, ExplainPage  # noqa: E402
from tfgpu.gui.pages.explain.worker import ExplainController, ExplainUnavailable  # noqa: E402
from tfgpu.gui.tr_text import tr_text  # noqa: E402
from tfgpu.gui.widgets.findings_text import primary_finding  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402

RESULT_TIMEOUT_MS = 30_000
CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "input.txt").exists())


def real_engine():
    from tfgpu.core.explain.engine import explain_text  # an ImportError is a regression, never a skip

    return explain_text


def accepted(case: str) -> set[str]:
    meta = json.loads((CORPUS / case / "case.json").read_text(encoding="utf-8"))
    return {meta["root_cause"], *meta.get("also_acceptable", [])}


def make_page(qtbot, explain_fn=None) -> ExplainPage:
    page = ExplainPage(PageContext(), explain_fn=explain_fn)
    qtbot.addWidget(page, before_close_func=lambda p: p.shutdown())  # as the wizard does when it closes
    page.show()
    return page


def wait_idle(qtbot, page: ExplainPage, timeout: int = RESULT_TIMEOUT_MS) -> None:
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=timeout)


def stub_explanation(text: str) -> Explanation:
    """A real Explanation whose facts remember the text it was made from."""
    oom = make_finding("gpu-oom", TrText("Out of memory after {n} characters.", n=len(text)),
                       fix=[FixStep(text=TrText("Turn on memory growth:"), shell=Shell.BASH,
                                    command="export TF_FORCE_GPU_ALLOW_GROWTH=true")])
    benign = make_finding("benign-log", TrText("CPU instruction notice."))
    return Explanation(kind="tf-log", primary="gpu-oom", findings=[oom, benign],
                       facts={"text": text[:40], "tf_version": "2.15.0", "missing_libraries": ["a.dll", "b.dll"]})


class RecordingEngine:
    """A stand-in engine that records every call and takes ``delay`` seconds."""

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = delay
        self.calls: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, text: str | bytes) -> Explanation:
        with self.lock:
            self.calls.append(text)
        time.sleep(self.delay)
        return stub_explanation(text if isinstance(text, str) else text.decode("utf-8", "replace"))


# -- the real engine on the corpus ----------------------------------------------------------


def test_the_page_is_discovered_after_the_diagnosis() -> None:
    ids = [spec.page_id for spec in discover_pages()]
    assert "explain" in ids and ids.index("explain") > ids.index("system")


@pytest.mark.parametrize("case", CASES)
def test_pasted_corpus_text_shows_an_accepted_primary(qtbot, case: str) -> None:
    real_engine()
    page = make_page(qtbot)
    QGuiApplication.clipboard().setText(corpus_text(case))
    page.paste_button.click()
    wait_idle(qtbot, page)
    assert page.error is None
    assert page.shown_primary_id() in accepted(case)
    card = page.view.primary_card()
    assert card.is_expanded() and card.title_label.text() == tr_text(primary_finding(page.explanation).title)
    problem = card.finding.severity.value in ("error", "warning")
    assert card.tag_label.text() == ("Most likely cause" if problem else "")
    assert page.view.kind_label.text().startswith("Looks like: ")


def test_the_wizard_page_explains_a_corpus_case(qtbot) -> None:
    real_engine()
    wizard = MainWindow(scan_options=ScanOptions(include_tf=False))
    qtbot.addWidget(wizard)
    page = wizard.page_by_id("explain")
    case = "045-cuinit-no-device-kernel-driver-not-running"
    page.set_text(corpus_text(case))
    wait_idle(qtbot, page)
    assert page.shown_primary_id() in accepted(case)
    assert page.view.facts_table.rowCount() == len(page.explanation.facts)


def test_typing_a_log_line_by_line_ends_with_the_whole_texts_answer(qtbot) -> None:
    engine = RecordingEngine()
    real = real_engine()

    def engine_fn(text: str) -> Explanation:
        engine(text)
        return real(text)

    page = make_page(qtbot, engine_fn)
    case = "022-oom-resnet50-extractimagepatches"
    for line in corpus_text(case).splitlines(keepends=True):
        page.editor.insertPlainText(line)  # faster than the debounce: one request at the end
    wait_idle(qtbot, page)
    assert engine.calls == [page.editor.toPlainText()]
    assert page.shown_primary_id() in accepted(case)


def test_a_utf16_file_from_powershell_reads_like_the_text(qtbot, tmp_path: Path) -> None:
    real_engine()
    case = "011-tf291-win10-cudart64_110-has-gpu"
    path = tmp_path / "log.txt"
    path.write_bytes(b"\xff\xfe" + corpus_text(case).encode("utf-16-le"))  # `python x.py > log.txt`
    page = make_page(qtbot)
    assert page.load_file(str(path))
    wait_idle(qtbot, page)
    assert page.shown_primary_id() in accepted(case)


# -- live, but never slow ------------------------------------------------------------------


def test_many_quick_edits_give_one_request_and_the_last_result(qtbot) -> None:
    engine = RecordingEngine()
    page = make_page(qtbot, engine)
    for i in range(50):
        page.set_text(f"2024 I tensorflow line {i}")
    assert page.is_busy()
    wait_idle(qtbot, page)
    assert engine.calls == ["2024 I tensorflow line 49"]
    assert page.explanation.facts["text"] == "2024 I tensorflow line 49"
    assert page.view.facts_shown()["text"] == "2024 I tensorflow line 49"


def test_edits_while_a_slow_explain_runs_keep_only_the_newest(qtbot) -> None:
    engine = RecordingEngine(delay=0.3)
    controller = ExplainController(engine)
    results: list[Explanation] = []
    controller.finished.connect(results.append)
    try:
        controller.request("first")
        qtbot.waitUntil(lambda: engine.calls == ["first"], timeout=5000)
        for i in range(20):
            controller.request(f"edit {i}")
        with qtbot.waitSignal(controller.idle, timeout=10_000):
            pass
    finally:
        controller.shutdown()
    assert engine.calls == ["first", "edit 19"]  # the 18 in between never ran
    assert [r.facts["text"] for r in results] == ["edit 19"]  # "first" was stale when it ended
    assert controller.runs_started == 2 and controller.running_thread() is None


def test_the_gui_thread_keeps_running_while_the_engine_works(qtbot) -> None:
    engine = RecordingEngine(delay=1.0)
    page = make_page(qtbot, engine)
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start(20)
    try:
        page.set_text("some log")
        wait_idle(qtbot, page)
    finally:
        timer.stop()
    assert len(ticks) > 20  # the event loop ran through the whole second
    assert max(b - a for a, b in zip(ticks, ticks[1:])) < 0.5


def test_empty_text_asks_for_a_paste_and_runs_nothing(qtbot) -> None:
    engine = RecordingEngine()
    page = make_page(qtbot, engine)
    assert page.view.headline.text() == "Paste the text that puzzles you above."
    page.set_text("   \n\t\n")
    wait_idle(qtbot, page)
    assert engine.calls == [] and page.controller.runs_started == 0
    assert page.view.headline.text() == "Paste the text that puzzles you above."
    assert not page.copy_button.isEnabled()

    page.set_text("something")
    wait_idle(qtbot, page)
    page.clear_button.click()
    wait_idle(qtbot, page)
    assert page.explanation is None and page.view.primary_card() is None
    assert page.view.headline.text() == "Paste the text that puzzles you above."


def test_text_with_nothing_known_says_so(qtbot) -> None:
    page = make_page(qtbot, lambda text: Explanation(kind="unknown", primary=None, findings=[], facts={}))
    page.set_text("hello world")
    wait_idle(qtbot, page)
    assert page.view.headline.text() == "Nothing we recognise in this text."
    assert page.shown_primary_id() is None and page.view.kind_label.isHidden()
    assert page.view.facts_table.isHidden()


def test_binary_input_is_handled(qtbot, tmp_path: Path) -> None:
    real_engine()
    blob = bytes(range(256)) * 64 + b"\x00\xff\xfe garbage \x89PNG\r\n\x1a\n"
    path = tmp_path / "blob.bin"
    path.write_bytes(blob)
    page = make_page(qtbot)
    assert page.load_file(str(path))
    wait_idle(qtbot, page)
    assert page.error is None and page.explanation is not None
    page.set_text(blob.decode("latin-1"))
    wait_idle(qtbot, page)
    assert page.error is None and page.explanation is not None


def test_a_50_mb_paste_does_not_freeze_the_page(qtbot) -> None:
    real_engine()
    line = "2024-05-01 10:00:00.000000: I tensorflow/core/platform/cpu_feature_guard.cc:182] AVX2 FMA\n"
    huge = line * (50_000_000 // len(line))
    page = make_page(qtbot)
    QGuiApplication.clipboard().setText(huge)
    started = time.monotonic()
    page.paste_button.click()
    assert time.monotonic() - started < 1.5  # the editor only takes the beginning
    assert len(page.editor.toPlainText()) <= EDITOR_LIMIT and page.editor.isReadOnly()
    assert "50.0 MB" in page.notice.text() and not page.notice.isHidden()
    wait_idle(qtbot, page, timeout=120_000)
    assert page.error is None and page.explanation is not None
    page.clear_button.click()
    assert not page.editor.isReadOnly() and page.notice.isHidden()


def test_a_huge_ctrl_v_goes_the_same_way(qtbot) -> None:
    engine = RecordingEngine()
    page = make_page(qtbot, engine)
    mime = QMimeData()
    mime.setText("x" * (EDITOR_LIMIT + 10))
    page.editor.insertFromMimeData(mime)
    wait_idle(qtbot, page)
    assert len(engine.calls) == 1 and len(engine.calls[0]) == EDITOR_LIMIT + 10  # all of it is read
    assert len(page.editor.toPlainText()) == EDITOR_LIMIT


def test_a_large_file_is_read_whole_and_shown_in_part(qtbot, tmp_path: Path) -> None:
    engine = RecordingEngine()
    path = tmp_path / "big.log"
    path.write_bytes(b"I tensorflow ok\n" * (EDITOR_LIMIT // 8))
    page = make_page(qtbot, engine)
    assert page.load_file(str(path))
    wait_idle(qtbot, page)
    assert engine.calls == [path.read_bytes()]  # the engine decodes (and bounds) it itself
    assert str(path) in page.notice.text()


def test_an_unreadable_file_is_a_message(qtbot, tmp_path: Path) -> None:
    page = make_page(qtbot, RecordingEngine())
    assert not page.load_file(str(tmp_path / "missing.log"))
    assert page.view.headline.text().startswith("Cannot read ")


# -- results and failures -----------------------------------------------------------------------


def test_the_result_shows_primary_others_and_facts(qtbot) -> None:
    page = make_page(qtbot, RecordingEngine())
    page.set_text("a log")
    wait_idle(qtbot, page)
    assert page.shown_primary_id() == "gpu-oom"
    assert [card.finding.id for card in page.view.others_view.cards] == ["benign-log"]
    assert page.view.others_label.text() == "1 other finding(s)" or page.view.others_label.text() == "1 other finding"
    assert page.view.facts_shown() == {"text": "a log", "TensorFlow version": "2.15.0", "Libraries not found": "a.dll, b.dll"}
    box = page.view.primary_card().command_boxes()[0]
    box.copy_button.click()
    assert QGuiApplication.clipboard().text() == "export TF_FORCE_GPU_ALLOW_GROWTH=true"
    text = page.copy_result()
    assert "Kind of text: TensorFlow log" in text and "export TF_FORCE_GPU_ALLOW_GROWTH=true" in text


def test_a_missing_engine_is_a_placeholder(qtbot, monkeypatch) -> None:
    def unavailable():
        raise ExplainUnavailable("No module named 'tfgpu.core.explain'")

    monkeypatch.setattr(explain_worker, "load_explain_function", unavailable)
    page = make_page(qtbot)
    page.set_text("some log")
    wait_idle(qtbot, page)
    assert page.view.headline.text() == "The explainer is not available in this version yet."
    assert page.controller.running_thread() is None


def test_an_engine_error_is_shown_not_raised(qtbot) -> None:
    def broken(text: str) -> Explanation:
        raise ValueError("parser <b>bug</b>")

    page = make_page(qtbot, broken)
    page.set_text("some log")
    wait_idle(qtbot, page)
    assert "ValueError: parser <b>bug</b>" in page.view.headline.text()
    assert page.error and page.controller.running_thread() is None


def test_decode_bytes() -> None:
    assert decode_bytes("héllo".encode()) == "héllo"
    assert decode_bytes(b"\xef\xbb\xbfabc") == "abc"
    assert decode_bytes(b"\xff\xfe" + "日志".encode("utf-16-le")) == "日志"
    assert isinstance(decode_bytes(b"\x80\x81 mixed \xe6\x97\xa5\n"), str)


# -- closing --------------------------------------------------------------------------------------


def test_closing_the_wizard_mid_explain_leaves_no_thread(qtbot, monkeypatch) -> None:
    engine = RecordingEngine(delay=0.5)
    monkeypatch.setattr(explain_worker, "load_explain_function", lambda: engine)
    wizard = MainWindow(scan_options=ScanOptions(include_tf=False))
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_by_id("explain")
    page.set_text("a log")
    qtbot.waitUntil(lambda: engine.calls != [], timeout=5000)
    thread = page.controller.running_thread()
    assert thread is not None and thread.isRunning()
    page.set_text("a newer log")  # pending: must not start after the close
    wizard.close()
    assert thread.isFinished() and page.controller.running_thread() is None
    assert not page.is_busy() and engine.calls == ["a log"]
    assert page.controller.request("after") == 0


def test_closing_during_the_debounce_runs_nothing(qtbot) -> None:
    engine = RecordingEngine()
    page = make_page(qtbot, engine)
    page.set_text("typed")
    assert page.debounce.isActive()
    with qtbot.waitSignal(page.work_finished, timeout=1000):
        page.shutdown()
    assert not page.is_busy() and engine.calls == []


# -- screenshot -------------------------------------------------------------------------------------


def test_the_screenshot_tool_can_prefill_the_page(qtbot, tmp_path: Path, monkeypatch) -> None:
    from tfgpu.gui.window import screenshot

    real_engine()
    case = "030-tf218-unsupported-ptx-version-t4"
    corpus_text(case)
    monkeypatch.setenv(screenshot.PREFILL_ENV, str(CORPUS / case / "input.txt"))
    wizard = MainWindow(scan_options=ScanOptions(include_tf=False))
    qtbot.addWidget(wizard)
    path = screenshot.capture(wizard, tmp_path / "explain.png", "explain", timeout_s=60)
    assert path.stat().st_size > 1000
    assert wizard.page_by_id("explain").shown_primary_id() in accepted(case)


def test_a_result_that_arrives_after_a_newer_edit_is_never_shown(qtbot) -> None:
    engine = RecordingEngine(delay=0.3)
    page = make_page(qtbot, engine)
    shown: list[str] = []
    page.controller.finished.connect(lambda e: shown.append(e.facts["text"]))
    page.set_text("old text")
    qtbot.waitUntil(lambda: engine.calls == ["old text"], timeout=5000)
    page.set_text("new text")  # typed while "old text" is being explained
    wait_idle(qtbot, page)
    assert engine.calls == ["old text", "new text"]
    assert shown == ["new text"] and page.view.facts_shown()["text"] == "new text"


def test_the_text_is_combined_with_this_computers_scan_and_the_toggle_turns_it_off(qtbot) -> None:
    """A line that names no TF version: with the scan on (the default) the scan's TF and driver fill it."""
    from fakes import fake_scan as fs

    real_engine()
    page = make_page(qtbot)
    assert page.scan_toggle.isChecked()
    assert "none yet" in page.scan_toggle.text()
    scan = fs.scan(os=fs.os_info("linux"), envs=[fs.env("/venv/bin/python", tf=fs.tf_ok("/venv/bin/python", "2.15.0", gpus=0))])
    with qtbot.waitSignal(page.context.session.scan_changed, timeout=RESULT_TIMEOUT_MS):
        page.context.session.set_scan(scan)
    assert page.scan_toggle.text() == "Use this computer's scan"
    page.set_text("2024-01-01 10:00:00.000000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2211] Cannot dlopen "
                  "some GPU libraries. Please make sure the missing libraries mentioned above are installed properly")
    wait_idle(qtbot, page)
    assert page.explanation is not None
    assert page.explanation.facts["tf_version"] == "2.15.0"
    assert "tf_version" in page.explanation.facts["from_scan"]
    page.scan_toggle.setChecked(False)
    wait_idle(qtbot, page)
    qtbot.waitUntil(lambda: "from_scan" not in page.explanation.facts, timeout=RESULT_TIMEOUT_MS)
    assert "tf_version" not in page.explanation.facts
