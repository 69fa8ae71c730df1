"""The system page runs a Python of the current folder only after the user agreed: the scan lists it,
"Check the Python in this folder" asks, and only a Yes re-runs the scan with it."""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from fakes.fake_host import FakeCommand, FakeHost  # noqa: E402
from tfgpu.core.scan import ScanOptions  # noqa: E402
from tfgpu.gui.pages.system.page import SystemPage  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402

VENV_PYTHON = "/home/user/proj/.venv/bin/python"
ANSWER = {"tfgpu_query": 1, "version": "3.11.7", "release_level": "final", "bits": 64, "executable": VENV_PYTHON,
          "prefix": "/home/user/proj/.venv", "base_prefix": "/usr", "implementation": "cpython", "conda": False,
          "pyvenv_cfg": True}


def project_host(tmp_path: Path) -> FakeHost:
    host = FakeHost(root=tmp_path, system="Linux", release="6.8.0", version="#1", machine="x86_64",
                    env={"PATH": "/usr/bin:/bin", "HOME": "/home/user"}, cwd="/home/user/proj")
    host.write(VENV_PYTHON, "#!/bin/sh\n", executable=True)
    host.write("/home/user/proj/.venv/pyvenv.cfg", "home = /usr/bin\n")
    host.on(VENV_PYTHON, FakeCommand(stdout=json.dumps(ANSWER) + "\n"))
    return host


def ran_venv(host: FakeHost) -> bool:
    return any(call[0] == VENV_PYTHON for call in host.calls)


def test_the_folders_python_runs_only_after_yes(qtbot, tmp_path, monkeypatch):
    host = project_host(tmp_path)
    wizard = MainWindow(host=host, scan_options=ScanOptions(include_tf=False))
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.page_by_id("system")
    assert isinstance(page, SystemPage)
    with qtbot.waitSignal(page.controller.finished, timeout=60_000):
        wizard.next()
    assert page.untrusted_pythons() == [VENV_PYTHON] and not ran_venv(host)
    assert page.here_button.isVisible()

    asked: list[list[str]] = []
    monkeypatch.setattr(page, "confirm_here", lambda pythons: asked.append(pythons) or False)
    page.here_button.click()
    assert asked == [[VENV_PYTHON]] and not page.is_busy() and not ran_venv(host)  # No: nothing runs

    monkeypatch.setattr(page, "confirm_here", lambda pythons: True)
    with qtbot.waitSignal(page.controller.finished, timeout=60_000):
        page.here_button.click()
    assert ran_venv(host) and page.untrusted_pythons() == [] and not page.here_button.isVisible()
    calls = len(host.calls)
    with qtbot.waitSignal(page.controller.finished, timeout=60_000):  # Re-check keeps the consent
        page.recheck_button.click()
    assert any(call[0] == VENV_PYTHON for call in host.calls[calls:])
    wizard.shutdown()
