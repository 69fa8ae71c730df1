"""Issue 24, D6: the GPU memory page lists an interpreter found only through the current folder as such, and
"Verify (measure)" asks before it runs one (the CLI asks too); a "no" runs nothing."""

from __future__ import annotations

import pytest

from fakes.report_inputs import canary_host, canary_scan
from tfgpu.core.probes.pythons import PythonEnv
from tfgpu.gui.page_registry import PageContext
from tfgpu.gui.pages.memory import page as memory_setup
from tfgpu.gui.pages.memory.page import MemoryPage


@pytest.fixture
def scan_with_a_folder_python(tmp_path):
    scan = canary_scan(canary_host(tmp_path))
    here = PythonEnv(executable=str(tmp_path / "cwd" / ".venv" / "bin" / "python"), version="3.11.7", kind="venv",
                     here=str(tmp_path / "cwd"), reason="needs-consent")
    scan.pythons.envs.append(here)
    return scan, here.executable


def test_D6_verify_asks_before_running_a_python_of_the_current_folder(qtbot, tmp_path, monkeypatch,
                                                                        scan_with_a_folder_python):
    scan, python = scan_with_a_folder_python
    ran: list[str] = []
    real = memory_setup.check_memory  # runs for real (that interpreter does not exist: a quick "not measured")
    monkeypatch.setattr(memory_setup, "check_memory", lambda host, py, *a, **k: ran.append(py) or real(host, py, *a, **k))
    asked: list[str] = []
    page = MemoryPage(PageContext(), confirm=lambda *_: True,
                      confirm_here=lambda _parent, py: asked.append(py) or False)
    qtbot.addWidget(page)
    page.chooser.set_scan(scan)
    index = page.chooser.env_combo.findData(python)
    assert "current folder" in page.chooser.env_combo.itemText(index)  # listed as what it is
    page.chooser.env_combo.setCurrentIndex(index)
    assert page.verify() is False and asked == [python]
    assert "runs only if you agree" in page.result_label.text()
    qtbot.wait(200)
    assert ran == []  # a "no" runs nothing
    page._confirm_here = lambda _parent, py: asked.append(py) or True
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        assert page.verify() is True
    assert ran == [python] and asked == [python, python]
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        assert page.verify() is True  # asked once per interpreter
    assert asked == [python, python]
    page.shutdown()


@pytest.mark.parametrize("page_id", ["benchmark", "profile"])
def test_D6_every_page_that_runs_a_python_asks_first_through_the_session(qtbot, tmp_path, monkeypatch,
                                                                           scan_with_a_folder_python, page_id):
    """One rule, in the Session: the benchmark and profile pages ask before a Python of the current folder runs,
    a "no" starts nothing, and a "yes" is remembered for every page."""
    from tfgpu.gui.page_registry import discover_pages
    from tfgpu.gui.widgets import consent

    scan, python = scan_with_a_folder_python
    asked: list[str] = []
    monkeypatch.setattr(consent, "ask_run_here", lambda _parent, py: asked.append(py) or False)
    context = PageContext()
    context.session.scan = scan
    spec = next(s for s in discover_pages() if s.page_id == page_id)
    page = spec.factory(context)
    qtbot.addWidget(page, before_close_func=lambda p: p.shutdown())
    started: list[str] = []
    monkeypatch.setattr(page.controller, "start", lambda py, *a, **k: started.append(py) or True)
    monkeypatch.setattr(page, "selected_python", lambda: python)
    if page_id == "profile":
        script = tmp_path / "train.py"
        script.write_text("print('hi')\n")
        page.script = str(script)
    assert context.session.needs_consent(python)
    assert page.start_run() is False and asked == [python] and started == []
    context.session.give_consent(python)  # a yes given on another page
    assert not context.session.needs_consent(python)
    assert page.start_run() is True and started == [python] and asked == [python]
