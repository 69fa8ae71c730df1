"""The Diagnosis page: real scans of described machines (FakeHost + the real probes and
the real diagnosis) shown in real widgets; expandable findings; Copy and Open."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import machines  # noqa: E402
from PySide6.QtCore import QObject, QUrl, Slot  # noqa: E402
from PySide6.QtGui import QDesktopServices, QGuiApplication  # noqa: E402
from PySide6.QtWidgets import QLabel, QWidget  # noqa: E402

from fakes.fake_host import FakeHost  # noqa: E402
from tfgpu.core.diagnosis.model import Diagnosis  # noqa: E402
from tfgpu.core.findings import catalog  # noqa: E402
from tfgpu.core.findings.catalog import make_finding  # noqa: E402
from tfgpu.core.findings.model import FixStep, Shell  # noqa: E402
from tfgpu.core.i18n import TrText  # noqa: E402
from tfgpu.core.scan import ScanOptions, run_scan  # noqa: E402
from tfgpu.gui.page_registry import PageContext, discover_pages  # noqa: E402
from tfgpu.gui.pages.diagnosis.page import DiagnosisPage  # noqa: E402
from tfgpu.gui.widgets.findings import FindingCard  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402

SCAN_TIMEOUT_MS = 60_000
WIN_PY, LINUX_PY = machines.WIN_PY, machines.LINUX_PY


def diagnosis_page_after_scan(qtbot, host: FakeHost) -> tuple[MainWindow, DiagnosisPage]:
    """Welcome -> Your system (the real scan of ``host``) -> Diagnosis, as a user clicks."""
    wizard = MainWindow(host=host, scan_options=ScanOptions(command_timeout=5))
    qtbot.addWidget(wizard)
    wizard.show()
    system = wizard.page_by_id("system")
    with qtbot.waitSignal(system.controller.finished, timeout=SCAN_TIMEOUT_MS):
        wizard.next()
    wizard.next()
    assert wizard.current_page_id() == "diagnosis"
    page = wizard.page_by_id("diagnosis")
    assert isinstance(page, DiagnosisPage)
    return wizard, page


def show_diagnosis(page: DiagnosisPage, diagnosis: Diagnosis) -> None:
    """Show a hand-made diagnosis as the session would: a verdict with its checklist."""
    from fakes import fake_scan as fs
    from tfgpu.core.diagnosis.next_steps import next_steps
    from tfgpu.core.diagnosis.verdict import Verdict

    checklist = next_steps(diagnosis)
    page.show_verdict(Verdict(scan=fs.scan(), diagnosis=diagnosis, checklist=checklist, env=checklist.env))


def set_scan(qtbot, context: PageContext, scan) -> None:
    """Hand the session a scan and wait for its verdict (made off the GUI thread)."""
    with qtbot.waitSignal(context.session.verdict_changed, timeout=SCAN_TIMEOUT_MS):
        context.session.set_scan(scan)


def title(finding_id: str) -> str:
    return catalog.catalog()[finding_id]["title"]


# -- the verdict ---------------------------------------------------------------------------


def test_the_page_comes_after_the_system_page() -> None:
    ids = [spec.page_id for spec in discover_pages()]
    assert ids.index("diagnosis") == ids.index("system") + 1


def test_windows_with_tf_215_is_not_ready_and_says_why(qtbot, windows_tf215: FakeHost) -> None:
    _wizard, page = diagnosis_page_after_scan(qtbot, windows_tf215)
    assert page.stack.currentIndex() == 1 and page.diagnosis is not None
    assert page.headline.text() == "TensorFlow cannot use your GPU yet"
    assert page.primary_label.text() == title("no-native-windows-gpu")
    version, date = catalog.kb_version()
    assert page.kb_label.text() == f"Knowledge base {version} ({date})"

    steps = page.checklist_view.step_cards
    assert [card.marker.text() for card in steps] == [f"{n}." for n in range(1, len(steps) + 1)]
    assert page.checklist_view.first_tags() == [steps[0]]  # exactly one "Fix this first"
    assert steps[0].tag_label.text() == "Fix this first"
    assert steps[0].command_boxes[0].command == "wsl --install -d Ubuntu"
    assert "Windows lists a WSL 2 distribution" in steps[0].check_label.text()
    options = page.checklist_view.options
    assert options is not None and not options.is_open()  # the other route waits behind "Other options"
    assert any("tensorflow<2.11" in box.command for card in page.checklist_view.option_cards
               for box in card.command_boxes)
    assert page.diagnosis.recommendation.route in ("wsl2-setup", "wsl2-pip")

    primary = page.card("no-native-windows-gpu")  # once, behind "Details", without a second copy of the fix
    assert primary.title_label.text() == title("no-native-windows-gpu")
    primary.set_expanded(True)
    assert "2.15.0" in primary.detail_label.text() and primary.command_boxes() == []


def test_a_healthy_machine_says_ready(qtbot, healthy_linux: FakeHost) -> None:
    _wizard, page = diagnosis_page_after_scan(qtbot, healthy_linux)
    assert page.headline.text() == "TensorFlow can use your GPU"
    assert page.primary_label.text() == title("gpu-ok")
    (step,) = page.checklist_view.step_cards
    assert step.step.action == "benchmark" and page.checklist_view.first_tags() == []  # nothing to fix first
    assert [button.text() for button in step.action_buttons] == ["Open Benchmark"]
    assert "not yet" not in page.copy_report()


def test_each_environment_is_summed_up_in_the_details(qtbot, windows_tf215: FakeHost) -> None:
    _wizard, page = diagnosis_page_after_scan(qtbot, windows_tf215)
    from PySide6.QtWidgets import QLabel

    details = page.findChild(QWidget, "diagnosis-details")
    texts = [label.text() for label in details.findChildren(QLabel)]
    assert any(WIN_PY in text and text.endswith("TensorFlow 2.15.0 · GPU ready: no") for text in texts)


# -- expanding, copying, opening ----------------------------------------------------------------


FIX = [
    FixStep(text=TrText("Install the driver from NVIDIA's page:"), url="https://www.nvidia.com/Download/index.aspx"),
    FixStep(text=TrText("Then check it:"), command="nvidia-smi --query-gpu=name,driver_version --format=csv",
            shell=Shell.POWERSHELL),
    FixStep(text=TrText("Or install it with winget:"), command='winget install --id "Nvidia.GeForceExperience"',
            shell=Shell.CMD, alternative=True),
]


def made_diagnosis() -> Diagnosis:
    driver = make_finding("driver-missing", TrText("No NVIDIA driver answers on this machine <b>here</b>."),
                          fix=FIX)
    stale = make_finding("cuda-path-stale", TrText("CUDA_PATH points to {path}.", path="C:\\CUDA\\v9.0"))
    return Diagnosis(kb_version="2026.11.21", kb_date="2026-11-21", primary=driver, machine=[driver, stale])


@pytest.fixture
def page(qtbot):
    page = DiagnosisPage(PageContext())
    qtbot.addWidget(page)
    page.show()
    show_diagnosis(page, made_diagnosis())
    yield page
    page.context.session.shutdown()


def test_the_checklist_steps_and_a_collapsed_finding(qtbot, page: DiagnosisPage) -> None:
    steps = page.checklist_view.step_cards
    assert [card.marker.text() for card in steps] == ["1.", "2."]
    assert steps[0].link_box is not None and steps[0].command_boxes == []
    assert steps[1].command_boxes[0].shell_label.text() == "Run in PowerShell:"
    (option,) = page.checklist_view.option_cards  # the winget alternative
    assert option.command_boxes[0].shell_label.text() == "Run in Command Prompt (cmd):"
    assert page.checklist_view.first_tags() == [steps[0]]

    card = page.card("cuda-path-stale")  # not in the checklist: under "Also found", collapsed
    assert not card.is_expanded() and card.body is None  # built on first expand
    card.arrow.click()
    assert card.is_expanded()
    assert card.detail_label.text() == "CUDA_PATH points to C:\\CUDA\\v9.0."
    assert card.details is not None and not card.details.is_open()  # evidence, id and sources behind "Details"
    card.arrow.click()
    assert not card.is_expanded()

    driver = page.card("driver-missing")  # the checklist's finding: its words once, in "Details"
    driver.set_expanded(True)
    assert driver.detail_label.text() == "No NVIDIA driver answers on this machine <b>here</b>."  # as typed
    assert driver.command_boxes() == []  # the fix is the checklist above


def test_a_long_command_is_shown_whole_and_wrapped(qtbot) -> None:
    long_command = "sudo apt update && sudo apt install -y python3-venv && python3 -m venv ~/tf && " \
                   "~/tf/bin/python -m pip install 'tensorflow[and-cuda]==2.21.0'"
    driver = make_finding("driver-missing", TrText("x"), fix=[FixStep(text=TrText("Install:"), command=long_command,
                                                                      shell=Shell.BASH)])
    page = DiagnosisPage(PageContext())
    qtbot.addWidget(page)
    page.resize(700, 600)
    page.show()
    show_diagnosis(page, Diagnosis(kb_version="1", kb_date="2026-01-01", primary=driver, machine=[driver]))
    editor = page.checklist_view.step_cards[0].command_boxes[0].editor
    qtbot.waitUntil(lambda: editor.height() > 2 * editor.fontMetrics().lineSpacing(), timeout=5_000)
    assert editor.toPlainText() == long_command
    assert editor.document().size().height() <= editor.viewport().height() + 1  # nothing hidden below


def test_a_collapsed_finding_card_alone(qtbot) -> None:
    from PySide6.QtCore import Qt

    card = FindingCard(make_finding("cuda-path-stale", TrText("x")))
    qtbot.addWidget(card)
    card.show()
    qtbot.mouseClick(card.header, Qt.MouseButton.LeftButton)
    assert card.is_expanded()


def test_copy_puts_the_exact_command_on_the_clipboard(qtbot, page: DiagnosisPage) -> None:
    step = page.checklist_view.step_cards[1]
    option = page.checklist_view.option_cards[0]
    QGuiApplication.clipboard().clear()
    option.command_boxes[0].copy_button.click()
    assert QGuiApplication.clipboard().text() == 'winget install --id "Nvidia.GeForceExperience"'
    assert option.command_boxes[0].copy_button.text() == "Copied"
    step.command_boxes[0].copy_button.click()
    assert QGuiApplication.clipboard().text() == "nvidia-smi --query-gpu=name,driver_version --format=csv"
    assert step.command_boxes[0].editor.isReadOnly()


class UrlCatcher(QObject):
    """A handler for QDesktopServices' scheme hook: what "Open" would hand to the browser."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.urls.append(url.toString())


@pytest.fixture
def url_catcher():
    catcher = UrlCatcher()
    QDesktopServices.setUrlHandler("https", catcher, "open")
    yield catcher
    QDesktopServices.unsetUrlHandler("https")


def test_open_hands_the_link_to_the_desktop(qtbot, page: DiagnosisPage, url_catcher: UrlCatcher) -> None:
    link = page.checklist_view.step_cards[0].link_box
    assert link.address.text() == "https://www.nvidia.com/Download/index.aspx"
    link.open_button.click()
    assert url_catcher.urls == ["https://www.nvidia.com/Download/index.aspx"]
    assert link.status.isHidden()


def test_copy_report_is_markdown_of_everything(qtbot, page: DiagnosisPage) -> None:
    text = page.copy_report()
    assert QGuiApplication.clipboard().text() == text
    assert text.startswith("# TensorFlow GPU diagnosis")
    assert "**TensorFlow cannot use your GPU yet**: " + title("driver-missing") in text
    assert "Knowledge base 2026.11.21 (2026-11-21)" in text
    assert "```powershell\n   nvidia-smi --query-gpu=name,driver_version --format=csv\n   ```" in text
    assert "Or: Or install it with winget:" in text
    assert title("cuda-path-stale") in text and "`cuda-path-stale`" in text


# -- states -------------------------------------------------------------------------------------


def test_without_a_scan_the_page_says_so_and_offers_to_go_back(qtbot) -> None:
    context = PageContext()
    page = DiagnosisPage(context)
    qtbot.addWidget(page)
    assert page.stack.currentIndex() == 0 and page.diagnosis is None
    assert "no check result yet" in page.empty_label.text()
    assert page.back_button.text() == "Go to \u201cYour system\u201d"
    assert not page.copy_button.isEnabled()


def test_a_new_scan_replaces_the_diagnosis(qtbot, healthy_linux: FakeHost, windows_tf215: FakeHost) -> None:
    context = PageContext()
    page = DiagnosisPage(context)
    qtbot.addWidget(page)
    set_scan(qtbot, context, run_scan(windows_tf215, ScanOptions(command_timeout=5)))
    assert page.diagnosis.primary.id == "no-native-windows-gpu"
    old_cards = page.cards()
    set_scan(qtbot, context, run_scan(healthy_linux, ScanOptions(command_timeout=5)))
    assert page.diagnosis.primary.id == "gpu-ok" and page.headline.text() == "TensorFlow can use your GPU"
    assert not any(card in page.cards() for card in old_cards)
    assert [card.finding.id for card in page.cards()] == ["gpu-ok"]


def test_a_page_made_after_the_scan_shows_it_at_once(qtbot, healthy_linux: FakeHost) -> None:
    context = PageContext()
    set_scan(qtbot, context, run_scan(healthy_linux, ScanOptions(command_timeout=5)))
    page = DiagnosisPage(context)
    qtbot.addWidget(page)
    assert page.headline.text() == "TensorFlow can use your GPU"


def test_a_stopped_scan_is_diagnosed_with_a_warning(qtbot, healthy_linux: FakeHost) -> None:
    scan = run_scan(healthy_linux, ScanOptions(command_timeout=5))
    scan.cancelled = True
    context = PageContext()
    page = DiagnosisPage(context)
    qtbot.addWidget(page)
    set_scan(qtbot, context, scan)
    assert "stopped" in page.note_label.text() and not page.note_label.isHidden()


def test_a_failing_diagnosis_is_a_message_not_a_crash(qtbot, healthy_linux: FakeHost, monkeypatch) -> None:
    """A rule that raises inside the verdict (what the session really calls, in its worker) is a message."""
    from tfgpu.core.diagnosis import verdict as verdict_module

    def broken(*_args, **_kwargs):
        raise RuntimeError("rule <b>bug</b>")

    monkeypatch.setattr(verdict_module, "next_steps", broken)
    context = PageContext()
    page = DiagnosisPage(context)
    qtbot.addWidget(page)
    set_scan(qtbot, context, run_scan(healthy_linux, ScanOptions(include_tf=False)))
    assert context.session.verdict is None and context.session.verdict_error == "RuntimeError: rule <b>bug</b>"
    assert page.stack.currentIndex() == 0
    assert "RuntimeError: rule <b>bug</b>" in page.empty_label.text()
    assert page.copy_button.isEnabled() and "rule <b>bug</b>" in page.copy_report()


def test_a_finding_card_alone(qtbot) -> None:
    finding = make_finding("gpu-oom", TrText("Out of memory."), fix=[FixStep(text=TrText("Use a smaller batch."))])
    card = FindingCard(finding, tag="Most likely cause")
    qtbot.addWidget(card)
    card.set_expanded(True)
    assert card.command_boxes() == [] and card.link_boxes() == []
    assert [label.text() for label in card.fix_view.markers] == ["1."]


def test_the_page_screenshot(qtbot, windows_tf215: FakeHost, tmp_path: Path) -> None:
    from tfgpu.gui.window.screenshot import capture

    wizard = MainWindow(host=windows_tf215, scan_options=ScanOptions(command_timeout=5))
    qtbot.addWidget(wizard)
    path = capture(wizard, tmp_path / "diagnosis.png", "diagnosis", timeout_s=60)
    assert path.stat().st_size > 1000


def test_tr_text_translates_the_template_then_fills_it_in(qapp) -> None:
    from tfgpu.gui.i18n import install_translators, remove_translators
    from tfgpu.gui.tr_text import tr_text

    template = ("CUDA_PATH points to {path}, which is not a CUDA toolkit (it was probably uninstalled). "
                "Point it at an installed toolkit or remove it.")
    text = TrText(template, path="C:\\CUDA\\v9.0")
    assert tr_text(text) == str(text)  # English: the template as core wrote it
    assert tr_text(TrText("Braces {stay} when there are no values")) == "Braces {stay} when there are no values"
    assert tr_text(None) == ""
    translators = install_translators(qapp, "zh_CN")
    try:
        chinese = tr_text(text)
        assert chinese.startswith("CUDA_PATH 指向 C:\\CUDA\\v9.0，") and chinese != str(text)
        assert tr_text(TrText("No such text in any translation: {x}", x=1)) == "No such text in any translation: 1"
    finally:
        remove_translators(qapp, translators)


def test_a_blackwell_gpu_listed_by_tf_is_shown_as_not_ready_with_the_true_route(qtbot) -> None:
    from fakes import fake_scan as fs
    from tfgpu.core.diagnosis.doctor import diagnose
    from tfgpu.gui.widgets.findings_text import env_summary

    tf = fs.tf_ok(LINUX_PY, "2.20.0", gpus=1)
    scan = fs.scan(drv=fs.driver("581.29", "13.0", [("NVIDIA GeForce RTX 5080", "12.0")]), envs=[fs.env(LINUX_PY, tf=tf)])
    diagnosis = diagnose(scan)
    page = DiagnosisPage(PageContext())
    qtbot.addWidget(page)
    show_diagnosis(page, diagnosis)
    assert page.headline.text() != "TensorFlow can use your GPU"
    texts = [label.text() for label in page.findChildren(QLabel)]
    assert any("NGC TensorFlow container" in text for text in texts)  # the sourced options, never [and-cuda]
    assert any("Build TensorFlow from source" in text for text in texts)
    assert not any("tensorflow[and-cuda]" in text for text in texts)
    assert diagnosis.recommendation.title.template == "No TensorFlow release on PyPI runs on this GPU today"
    assert "cannot run its kernels" in env_summary(diagnosis.envs[0])
    assert any("blackwell-no-pypi-tf" in str(note) for note in diagnosis.recommendation.notes)
