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
