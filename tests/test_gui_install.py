"""The Install page with real widgets and real child processes: a fake route (real Python commands that
print pip's real progress lines) runs through the page; its steps, live output, progress bar, Stop,
the admin question and the re-check appear; the new environment becomes the app's selected one."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from fakes import fake_scan as fs  # noqa: E402
from tfgpu.core.diagnosis.doctor import diagnose  # noqa: E402
from tfgpu.core.i18n import TrText  # noqa: E402
from tfgpu.core.install import store  # noqa: E402
from tfgpu.core.install.model import Plan, RunStatus  # noqa: E402
from tfgpu.core.install.recheck import summarise  # noqa: E402
from tfgpu.core.install.steps import run_step  # noqa: E402
from tfgpu.core.shell import Shell  # noqa: E402
from tfgpu.gui.page_registry import PageContext, discover_pages  # noqa: E402
from tfgpu.gui.pages.install.page import InstallPage  # noqa: E402

RUN_TIMEOUT_MS = 30_000
FAKE_PY = "/opt/fake-env/bin/python"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "install"


def pip_like(pause_s: float) -> str:
    """A script that prints what pip 26 prints (tests/fixtures/install), pausing mid-download."""
    return textwrap.dedent(f"""
        import sys, time
        def say(text):
            print(text, flush=True)
        say("Collecting tensorflow")
        say("  Downloading tensorflow-2.21.0-cp311-cp311-manylinux_2_27_x86_64.whl (572.4 MB)")
        for done in (0, 143100000, 286200000):
            say("Progress %d of 572400000" % done)
            time.sleep(0.05)
        time.sleep({pause_s})
        say("Progress 572400000 of 572400000")
        say("Installing collected packages: tensorflow")
        say("Successfully installed tensorflow-2.21.0")
    """)


def fake_plan(target: Path, pause_s: float = 0.0, admin: bool = False) -> Plan:
    script = target.parent / "pip_like.py"
    script.write_text(pip_like(pause_s))
    make = [sys.executable, "-c", "import os, sys; os.makedirs(sys.argv[1])", str(target)]
    steps = [run_step("create-venv", TrText("Create the environment"), TrText("A folder of its own."), make, Shell.BASH,
                      creates_env=True),
             run_step("install-tensorflow", TrText("Install tensorflow"), TrText("From the index."),
                      [sys.executable, str(script)], Shell.BASH, pip=True)]
    if admin:
        touch = [sys.executable, "-c", "open(__import__('sys').argv[1], 'w').close()", str(target / "admin-ran")]
        steps.insert(1, run_step("apt-update", TrText("Refresh the package lists"), TrText("Admin."), touch,
                                 Shell.BASH, needs_admin=True))
    return Plan(route="cpu", target=str(target), python=FAKE_PY, tf_spec="tensorflow", steps=steps)


def fake_recheck(host, python, cancel, **kwargs):
    """The re-check's answer for the fake environment (the real one imports TF: test_install_run)."""
    scan = fs.scan(envs=[fs.env(python, "3.11.9", fs.tf_ok(python, "2.21.0", gpus=0, cuda_build=False), kind="venv")])
    diagnosis = diagnose(scan)
    return summarise(diagnosis, python, gpu_wanted=False), scan, diagnosis


def make_page(qtbot, scan=None) -> InstallPage:
    context = PageContext()
    if scan is not None:
        with qtbot.waitSignal(context.session.scan_changed, timeout=30_000):  # its verdict is made off the GUI thread
            context.session.set_scan(scan)
    page = InstallPage(context)
    page.installer.recheck_fn = fake_recheck
    qtbot.addWidget(page, before_close_func=lambda p: p.shutdown())
    return page


def run_to_end(qtbot, page: InstallPage) -> None:
    qtbot.waitUntil(lambda: not page.is_busy() and page.result is not None, timeout=RUN_TIMEOUT_MS)


def test_the_page_is_discovered():
    assert "install" in [spec.page_id for spec in discover_pages()]


def test_a_route_runs_with_live_output_progress_and_the_recheck_selects_the_new_environment(qtbot, tmp_path):
    other = fs.env("/usr/bin/python3", "3.12.3", fs.tf_missing("/usr/bin/python3"), kind="system")
    page = make_page(qtbot, fs.scan(envs=[other]))
    selected: list[str] = []
    page.context.session.python_selected.connect(selected.append)
    page.show_plan(fake_plan(tmp_path / "env", pause_s=0.2))
    assert [row.step.step_id for row in page.rows] == ["create-venv", "install-tensorflow"]
    assert page.rows[1].command_box.command.startswith(sys.executable)  # the exact command, shown before Start
    assert page.start_button.isEnabled() and not page.stop_button.isEnabled()
    values: list[int] = []
    page.progress_bar.valueChanged.connect(values.append)
    assert page.start()
    assert page.stop_button.isEnabled() and not page.start_button.isEnabled()
    run_to_end(qtbot, page)
    assert page.result.status is RunStatus.DONE
    assert [row.status for row in page.rows] == ["ok", "ok"]
    assert 250 in values and 500 in values and values[-1] == 1000  # 25%, 50% of the wheel, then done
    output = page.output_view.toPlainText()
    assert "Successfully installed tensorflow-2.21.0" in output and "Progress " not in output
    assert "TensorFlow 2.21.0" in page.recheck_label.text()
    assert selected == [FAKE_PY] and page.context.session.selected_python == FAKE_PY
    qtbot.waitUntil(lambda: not page.context.session.is_busy(), timeout=30_000)  # the verdict, off the GUI thread
    assert page.context.session.env == FAKE_PY
    pythons = [env.executable for env in page.context.session.scan.pythons.envs]
    assert pythons == ["/usr/bin/python3", FAKE_PY]  # merged into the full scan, the others kept
    assert store.find_record(str(tmp_path / "env")).status == "complete"


def test_stop_ends_the_step_and_offers_to_remove_the_incomplete_environment(qtbot, tmp_path):
    page = make_page(qtbot)
    page.show_plan(fake_plan(tmp_path / "env", pause_s=60))
    assert page.start()
    qtbot.waitUntil(lambda: "downloading" in page.progress_label.text() and page.progress_bar.value() == 500,
                    timeout=RUN_TIMEOUT_MS)
    page.stop_button.click()
    run_to_end(qtbot, page)
    assert page.result.status is RunStatus.CANCELLED and page.result.incomplete
    assert [row.status for row in page.rows] == ["ok", "cancelled"]
    assert page.remove_button.isVisibleTo(page) and page.recheck_label.text() == ""
    assert "install-interrupted" in [card.finding.id for card in page.findings.cards]
    assert page.remove_now()
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=RUN_TIMEOUT_MS)
    assert not (tmp_path / "env").exists() and store.load_records() == []


def test_an_admin_step_runs_only_when_the_user_says_yes(qtbot, tmp_path):
    page = make_page(qtbot)
    asked: list[str] = []
    page.ask_admin = lambda step: asked.append(step.step_id) or False
    page.show_plan(fake_plan(tmp_path / "env", admin=True))
    assert "administrator rights" in page.rows[1].title_label.text()
    assert page.start()
    run_to_end(qtbot, page)
    assert asked == ["apt-update"] and page.result.status is RunStatus.DECLINED
    assert not (tmp_path / "env" / "admin-ran").exists()
    assert [row.status for row in page.rows[:2]] == ["ok", "declined"]


def test_start_route_plans_the_steps_and_a_foreign_folder_is_refused_before_start(qtbot, tmp_path):
    python = sys.executable
    scan = fs.scan(fs.os_info("linux"), fs.driver(reason="no-device"),
                   envs=[fs.env(python, "%d.%d.%d" % sys.version_info[:3], fs.tf_missing(python), kind="system")])
    page = make_page(qtbot, scan)
    assert page.start_route("cpu", str(tmp_path / "new-env"))
    qtbot.waitUntil(lambda: not page.planner.is_busy() and page.plan is not None, timeout=RUN_TIMEOUT_MS)
    assert page.plan.route == "cpu" and [row.step.step_id for row in page.rows][-1] == "install-tensorflow"
    assert str(tmp_path / "new-env") in page.rows[0].command_box.command and page.start_button.isEnabled()
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep")
    page.start_route("cpu", str(tmp_path / "mine"))
    qtbot.waitUntil(lambda: not page.planner.is_busy() and page.plan.target == str(tmp_path / "mine"),
                    timeout=RUN_TIMEOUT_MS)
    assert not page.plan.ok and not page.start_button.isEnabled()
    assert "not empty" in page.plan_label.text()


def test_a_route_for_another_system_says_so_and_cannot_start(qtbot):
    page = make_page(qtbot, fs.scan(envs=[fs.env(sys.executable, "3.11.9", kind="system")]))
    page.start_route("windows-native-tf210")
    qtbot.waitUntil(lambda: not page.planner.is_busy() and page.plan is not None, timeout=RUN_TIMEOUT_MS)
    assert "Windows only" in page.plan_label.text() and not page.start_button.isEnabled()
