"""The parts of tfgpu install on their own: pip's progress and errors (real captured output,
tests/fixtures/install/SOURCES.md), the registry and its marker, the refusals, the interpreter guard
(real interpreters and venvs; PEP 668 through a fake one), removal of only what tfgpu created."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, pyenv_python
from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.host import RealHost
from tfgpu.core.install import store
from tfgpu.core.install.failures import classify
from tfgpu.core.install.pip_progress import PipProgress
from tfgpu.core.install.runner import step_env
from tfgpu.core.install.safety import check_target, guard_interpreter, removable, remove_environment

CAPTURES = REPO / "tests" / "fixtures" / "install"


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "install"


def capture(name: str) -> str:
    return (CAPTURES / name).read_text(encoding="utf-8")


def feed_all(text: str) -> list:
    progress = PipProgress()
    return [update for line in text.splitlines() if (update := progress.feed(line)) is not None]


# -- pip's progress --------------------------------------------------------------------------------


def test_raw_progress_of_a_real_tensorflow_install_becomes_fractions_per_file():
    updates = feed_all(capture("pip26-raw-progress-tensorflow.txt"))
    downloads = [u for u in updates if u.phase == "downloading"]
    tf = [u for u in downloads if u.label.startswith("tensorflow-2.21.0-")]
    assert tf[0].label.endswith("(572.4 MB)") and tf[0].fraction == 0.0
    fractions = [u.fraction for u in tf]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0 and len(set(fractions)) > 2
    assert any(u.phase == "installing" and u.fraction is None for u in updates)  # no figure: a busy bar
    assert updates[-1].phase == "done" and updates[-1].fraction == 1.0


def test_old_pip_without_a_terminal_shows_only_its_final_bar():
    updates = feed_all(capture("pip23-upgrade-pip-final-bar.txt"))
    bar = [u for u in updates if u.phase == "downloading"]
    assert bar[0].label == "pip-26.3-py3-none-any.whl (2.0 MB)" and bar[-1].fraction == 1.0
    assert updates[-1].phase == "done"  # "Successfully uninstalled" is not the end, "installed" is


def test_odd_lines_are_not_progress():
    progress = PipProgress()
    for line in ("", "Progress", "Progress x of y", "Progress 5 of 0", "WARNING: Retrying", "━━━ no numbers"):
        update = progress.feed(line)
        assert update is None or update.fraction is None


# -- pip's errors ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "finding_id"), [
    ("pip24-connection-refused.txt", "install-no-network"),
    ("pip24-proxy-refused.txt", "install-no-network"),
    ("pip24-name-resolution.txt", "install-no-network"),
    ("pip24-no-wheel-cp39-only.txt", "install-no-wheel"),
    ("pip24-enospc.txt", "install-no-disk-space"),
])
def test_real_pip_failures_become_their_findings(name, finding_id):
    finding = classify(capture(name), step_command="python -m pip install tensorflow", python="/x/bin/python",
                       python_version="3.13", tf_spec="tensorflow", wanted=["3.10", "3.11", "3.12", "3.13"])
    assert finding.id == finding_id
    assert finding.evidence and "ERROR" in finding.evidence[0].detail


def test_a_proxy_failure_is_called_a_proxy_failure_with_mirror_advice():
    finding = classify(capture("pip24-proxy-refused.txt"), step_command="pip", python="/x/bin/python",
                       python_version="3.13", tf_spec="tensorflow", wanted=[])
    assert "proxy" in str(finding.detail)
    mirror = next(s.command for s in finding.fix if s.command)
    assert mirror == "/x/bin/python -m pip config --user set global.index-url https://pypi.tuna.tsinghua.edu.cn/simple"


def test_an_unknown_failure_keeps_its_last_error_line():
    finding = classify("Collecting x\nERROR: something odd happened\n", step_command="pip", python=None,
                       python_version=None, tf_spec="x", wanted=[])
    assert finding.id == "install-step-failed" and "something odd happened" in str(finding.detail)


def test_the_environment_of_a_step_cannot_send_pip_elsewhere():
    env = step_env({"PATH": "/bin", "PIP_TARGET": "/usr/lib/python3/dist-packages", "pip_user": "1",
                    "PIP_BREAK_SYSTEM_PACKAGES": "1", "PYTHONHOME": "/usr", "PIP_INDEX_URL": "https://mirror/simple"})
    assert env["PATH"] == "/bin" and env["PIP_INDEX_URL"] == "https://mirror/simple"  # the user's mirror stays
    assert not {"PIP_TARGET", "pip_user", "PIP_BREAK_SYSTEM_PACKAGES", "PYTHONHOME"} & set(env)
    assert env["PIP_NO_INPUT"] == "1"


# -- the registry ------------------------------------------------------------------------------------


def test_records_and_pending_route_survive_a_round_trip_and_a_dead_creator_means_incomplete(data_dir):
    record = store.EnvRecord(path="/tmp/x", route="cpu")
    store.save_record(record)
    assert store.find_record("/tmp/x").env_id == record.env_id and not store.find_record("/tmp/x").incomplete
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    record.pid = int(dead.stdout)  # a closed window or a crash: the creator is gone
    store.save_record(record)
    assert store.find_record("/tmp/x").incomplete
    store.save_pending(store.PendingRoute(route="wsl2-pip", target="tfgpu-tf", distro="Ubuntu", after="wsl2-setup"))
    assert store.load_pending().distro == "Ubuntu"
    store.clear_pending()
    assert store.load_pending() is None
    (data_dir / store.REGISTRY_FILE).write_text("{not json")
    assert store.load_records() == []  # unreadable reads as none, never a crash


# -- refusals ----------------------------------------------------------------------------------------------


def test_a_non_empty_foreign_folder_is_refused(tmp_path):
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "notes.txt").write_text("mine")
    finding = check_target(RealHost(), str(tmp_path / "project"))
    assert finding.id == "install-step-failed" and "not empty" in str(finding.detail)
    assert check_target(RealHost(), str(tmp_path / "new")) is None
    (tmp_path / "empty").mkdir()
    assert check_target(RealHost(), str(tmp_path / "empty")) is None


def test_a_system_interpreter_or_its_installation_is_refused_as_target():
    python = pyenv_python("3.11")
    home = str(Path(python).parent.parent)
    assert "Python interpreter" in str(check_target(RealHost(), python).detail)
    assert "existing Python installation" in str(check_target(RealHost(), home).detail)
    assert "existing Python installation" in str(check_target(RealHost(), sys.prefix).detail)  # a venv


def test_the_guard_accepts_only_the_new_environment(tmp_path):
    base = pyenv_python("3.11")
    finding = guard_interpreter(RealHost(), base, str(tmp_path / "env"))
    assert finding is not None and "not into the new environment" in str(finding.detail)
    subprocess.run([base, "-m", "venv", "--without-pip", str(tmp_path / "env")], check=True)
    assert guard_interpreter(RealHost(), str(tmp_path / "env" / "bin" / "python"), str(tmp_path / "env")) is None
    other = guard_interpreter(RealHost(), str(tmp_path / "env" / "bin" / "python"), str(tmp_path / "elsewhere"))
    assert other is not None


def test_the_guard_refuses_an_externally_managed_base_pep_668(tmp_path):
    host = FakeHost(root=tmp_path, system="Linux", env={"PATH": "/usr/bin"})
    answer = {"tfgpu_guard": 1, "prefix": "/usr", "base_prefix": "/usr", "conda": False, "externally_managed": True}
    host.on("python3", FakeCommand(stdout=json.dumps(answer) + "\n"))
    finding = guard_interpreter(host, "/usr/bin/python3", "/usr")  # even when the prefix is the "target"
    assert finding is not None and "externally managed: yes" in str(finding.detail)


# -- removal ---------------------------------------------------------------------------------------------


def test_remove_refuses_folders_tfgpu_did_not_create(tmp_path):
    (tmp_path / "mine").mkdir()
    check = removable(str(tmp_path / "mine"))
    assert not check.ok and "not an environment tfgpu created" in str(check.message)
    assert remove_environment(str(tmp_path / "mine")).ok is False and (tmp_path / "mine").exists()


def test_remove_refuses_a_listed_folder_that_lost_its_marker_or_became_a_link(tmp_path):
    folder = tmp_path / "env"
    folder.mkdir()
    record = store.EnvRecord(path=str(folder), route="cpu", status="complete")
    store.save_record(record)
    store.write_marker(folder, record)
    assert removable(str(folder)).ok
    (folder / store.MARKER_FILE).unlink()
    (folder / "data.csv").write_text("someone else's")
    assert not removable(str(folder)).ok
    link = tmp_path / "link"
    os.symlink(folder, link)
    store.save_record(store.EnvRecord(path=str(link), route="cpu", status="complete"))
    assert not removable(str(link)).ok and folder.exists()


def test_remove_deletes_a_marked_environment_and_its_record(tmp_path):
    folder = tmp_path / "env"
    (folder / "lib").mkdir(parents=True)
    record = store.EnvRecord(path=str(folder), route="cpu")
    store.save_record(record)
    store.write_marker(folder, record)
    assert remove_environment(str(folder)).ok and not folder.exists() and store.load_records() == []
