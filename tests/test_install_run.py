"""tfgpu install carried out for real: real venvs, real pip, real processes.

- the ``cpu`` route from the real package index into a temporary folder, the re-scan that finds
  TensorFlow in it, and ``tfgpu install --remove`` deleting it (slow, but it runs in CI);
- a fake index (file:// and a slow HTTP one on 127.0.0.1) for the failures: no network, no wheel for
  this Python, a full disk (a real tmpfs), and a cancel in the middle of a download;
- what ties an environment to tfgpu: the registry, the marker, the log.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import psutil
import pytest

from conftest import pyenv_python
from fakes.fake_index import SlowIndex, build_index, make_wheel, new_pip_python, pip_env
from tfgpu.core.cli import main
from tfgpu.core.host import RealHost
from tfgpu.core.install import store
from tfgpu.core.install.model import RunStatus
from tfgpu.core.install.routes import InstallRequest, plan_route
from tfgpu.core.install.runner import run_install


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("TFGPU_DATA_DIR", str(folder))
    return folder / "install"


@pytest.fixture
def base_python() -> str:
    python = new_pip_python()
    if python is None:
        pytest.skip("no pyenv Python with pip 24.1+ bundled")
    return python


def cpu_plan(target: Path, python: str):
    plan = plan_route(InstallRequest(route="cpu", target=str(target), base_python=python), RealHost())
    assert plan.ok, plan.problems
    return plan


def events_of(sink: list, kind: str) -> list:
    return [e for e in sink if e.kind == kind]


# -- the real thing ---------------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_cpu_route_installs_tensorflow_from_the_index_rechecks_it_and_removes_it(tmp_path, data_dir, capsys):
    """The whole route through the CLI, as a user runs it: venv, pip, TensorFlow, re-check, --remove."""
    target = tmp_path / "tf-cpu"
    python = pyenv_python("3.11")
    code = main(["install", "--route", "cpu", "--target", str(target), "--python", python, "--yes", "--json"])
    document = json.loads(capsys.readouterr().out)
    assert code == 0, document
    assert document["status"] == "done" and document["schema_version"] == "1.0"
    assert [s["status"] for s in document["steps"]] == ["ok", "ok", "ok"]
    recheck = document["recheck"]
    assert recheck["python"].startswith(str(target)) and recheck["tf_version"], recheck  # the re-scan finds TF
    assert Path(document["log_path"]).read_text().count("Successfully installed") >= 2
    record = store.find_record(str(target))
    assert record is not None and record.status == "complete" and store.read_marker(target) == record.env_id
    assert main(["install", "--remove", str(target), "--yes"]) == 0
    assert not target.exists() and store.find_record(str(target)) is None


# -- failures, offline --------------------------------------------------------------------------------


def test_no_network_fails_with_proxy_and_mirror_advice_and_leaves_the_environment_incomplete(tmp_path, base_python):
    target = tmp_path / "env"
    plan = cpu_plan(target, base_python)
    result = run_install(plan, env=pip_env("http://127.0.0.1:9/simple"), recheck=False)  # port 9: nobody listens
    assert result.status is RunStatus.FAILED
    ids = [f.id for f in result.findings]
    assert ids[0] == "install-no-network" and "install-interrupted" in ids
    advice = " ".join(f"{s.text} {s.command or ''}" for s in result.findings[0].fix)
    assert "HTTPS_PROXY" in advice and "index-url" in advice
    assert result.incomplete and store.find_record(str(target)).status == "incomplete"
    assert "Connection refused" in Path(result.log_path).read_text()


def test_a_missing_wheel_for_this_python_is_named(tmp_path, base_python):
    # The index has TensorFlow only for CPython 3.9: pip filters it out for the base Python's tags.
    wheel = make_wheel(tmp_path / "w", "tensorflow", "2.21.0", "cp39-cp39-manylinux_2_17_x86_64")
    simple = build_index(tmp_path / "index", [wheel])
    result = run_install(cpu_plan(tmp_path / "env", base_python), env=pip_env(simple.as_uri()), recheck=False)
    assert result.status is RunStatus.FAILED
    finding = result.findings[0]
    assert finding.id == "install-no-wheel", finding
    assert result.steps[-1].step_id == "install-tensorflow"
    assert "Python" in str(finding.fix[0].text)


def _mount_tmpfs(folder: Path, size_mb: int) -> bool:
    folder.mkdir(parents=True, exist_ok=True)
    if os.name != "posix" or os.geteuid() != 0:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_mb}m", "tmpfs", str(folder)],
                          capture_output=True)
    return done.returncode == 0


def test_a_full_disk_mid_install_is_a_disk_space_finding(tmp_path, base_python):
    disk = tmp_path / "small-disk"
    if not _mount_tmpfs(disk, 40):
        pytest.skip("cannot mount a small tmpfs here (needs root)")
    try:
        wheel = make_wheel(tmp_path / "w", "tensorflow", "2.21.0", payload=64 * 1024 * 1024)  # 64 MB once unpacked
        simple = build_index(tmp_path / "index", [wheel])
        plan = cpu_plan(disk / "env", base_python)
        plan.min_free_bytes = 0  # let it start: the disk fills during pip's install
        result = run_install(plan, env=pip_env(simple.as_uri()), recheck=False)
        assert result.status is RunStatus.FAILED
        assert result.findings[0].id == "install-no-disk-space", result.findings
        assert result.incomplete
    finally:
        subprocess.run(["umount", "-l", str(disk)], capture_output=True)


def test_too_little_free_space_is_refused_before_anything_changes(tmp_path, base_python):
    plan = cpu_plan(tmp_path / "env", base_python)
    plan.min_free_bytes = 1 << 60
    result = run_install(plan, recheck=False)
    assert result.status is RunStatus.REFUSED and result.findings[0].id == "install-no-disk-space"
    assert not (tmp_path / "env").exists() and store.load_records() == []


def test_cancel_mid_download_kills_pip_and_marks_the_environment_incomplete(tmp_path, base_python):
    wheel = make_wheel(tmp_path / "w", "tensorflow", "2.21.0")
    big = wheel.with_name("tensorflow-2.21.0-py3-none-any.whl")
    big.write_bytes(os.urandom(24 * 1024 * 1024))  # 24 MB at 2 MB/s: still downloading when stopped
    root = tmp_path / "index"
    build_index(root, [big])
    cancel = threading.Event()
    events: list = []

    def on_event(event) -> None:
        events.append(event)
        progress = event.progress
        if progress and progress.phase == "downloading" and (progress.fraction or 0) > 0.05:
            cancel.set()

    target = tmp_path / "env"
    with SlowIndex(root) as url:
        result = run_install(cpu_plan(target, base_python), env=pip_env(url), cancel=cancel, on_event=on_event,
                             recheck=False)
    assert result.status is RunStatus.CANCELLED
    assert result.steps[-1].step_id == "install-tensorflow" and result.steps[-1].status == "cancelled"
    fractions = [e.progress.fraction for e in events_of(events, "progress") if e.progress.fraction]
    assert fractions and max(fractions) < 1.0  # progress was parsed from pip's own lines, and it did not finish
    assert result.incomplete and store.find_record(str(target)).status == "incomplete"
    assert [f.id for f in result.findings] == ["install-interrupted"]
    leftovers = [p for p in psutil.process_iter(["cmdline"]) if str(target) in " ".join(p.info["cmdline"] or [])]
    assert not leftovers, leftovers  # the whole pip tree is gone
    # offered removal works: the folder is ours (registry + marker)
    assert main(["install", "--remove", str(target), "--yes"]) == 0 and not target.exists()


def test_a_base_interpreter_is_never_given_to_pip(tmp_path, base_python):
    """The guard stops a plan whose pip step would run a system interpreter (a broken plan)."""
    plan = cpu_plan(tmp_path / "env", base_python)
    plan.steps[2].guard_python = base_python  # as if the plan named the base Python for pip
    plan.steps[2].argv = [base_python, "-m", "pip", "install", "tensorflow"]
    result = run_install(plan, env=pip_env((tmp_path / "none").as_uri()), recheck=False)
    assert result.status is RunStatus.FAILED
    assert result.steps[-1].step_id == "install-tensorflow" and result.steps[-1].returncode is None
    assert "not into the new environment" in str(result.findings[0].detail)


def test_a_step_that_fails_to_start_is_reported_with_its_log(tmp_path):
    plan = cpu_plan(tmp_path / "env", sys.executable)
    plan.steps[0].argv = [str(tmp_path / "no-such-python"), "-m", "venv", str(tmp_path / "env")]
    result = run_install(plan, recheck=False)
    assert result.status is RunStatus.FAILED and "could not be started" in str(result.message)
    assert "no-such-python" in Path(result.log_path).read_text()
