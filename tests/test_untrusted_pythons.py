"""Nothing from an untrusted folder runs without consent: a scan started in a cloned repository lists
that repository's interpreters (./.venv, ./venv, a relative PATH entry) but runs them only with
``--here`` / ``--python PATH``; ``.python-version`` holds version names only; ``--python NAME`` has one
rule (a path separator makes it a path, otherwise PATH). Real processes, real files, a real pyenv."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu.core.host import RealHost
from tfgpu.core.host.base import PlatformFacts
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.python_sources import is_version_name, resolve_user_python
from tfgpu.core.probes.pythons import NEEDS_CONSENT, probe_pythons
from tfgpu.core.scan import ScanOptions, run_scan

PYENV_ROOT = Path("/root/.pyenv")
TFGPU = [sys.executable, "-m", "tfgpu.core.cli"]


def host_in(folder: Path, path: str, home: Path, **env: str) -> RealHost:
    facts = PlatformFacts(system=platform.system(), home=str(home), cwd=str(folder))
    return RealHost(platform=facts, env={"PATH": path, "HOME": str(home), **env})


def hostile_python(path: Path, marker: Path) -> Path:
    """An 'interpreter' that leaves a marker when it is started, then answers like Python."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\ntouch {marker}\nexec {sys.executable} \"$@\"\n")
    path.chmod(0o755)
    return path


def cloned_repo(tmp_path: Path) -> tuple[Path, Path]:
    repo, marker = tmp_path / "repo", tmp_path / "RAN"
    for venv in (".venv", "venv"):
        hostile_python(repo / venv / "bin" / "python", marker)
        (repo / venv / "pyvenv.cfg").write_text("home = /usr/bin\n")
    return repo, marker


def test_a_cloned_repos_venvs_are_listed_but_not_run(tmp_path):
    repo, marker = cloned_repo(tmp_path)
    info = probe_pythons(host_in(repo, "/usr/bin:/bin", tmp_path / "home"))
    mine = {e.executable: e for e in info.envs if e.executable.startswith(str(repo))}
    assert set(mine) == {str(repo / ".venv/bin/python"), str(repo / "venv/bin/python")}
    assert all(e.status is Status.UNSUPPORTED and e.reason == NEEDS_CONSENT and e.here for e in mine.values())
    assert all("--here" in (e.hint or "") for e in mine.values())
    assert not marker.exists()


def test_with_consent_they_are_run(tmp_path):
    repo, marker = cloned_repo(tmp_path)
    info = probe_pythons(host_in(repo, "/usr/bin:/bin", tmp_path / "home"), trust_here=True)
    assert marker.exists() and not any(e.reason == NEEDS_CONSENT for e in info.envs)


def test_an_activated_venv_or_one_named_with_python_is_consent(tmp_path):
    repo, marker = cloned_repo(tmp_path)
    host = host_in(repo, "/usr/bin:/bin", tmp_path / "home", VIRTUAL_ENV=str(repo / ".venv"))
    info = probe_pythons(host, extra=["./venv/bin/python"])
    assert marker.exists() and not any(e.reason == NEEDS_CONSENT for e in info.envs)


def test_the_home_folders_own_venv_is_trusted_even_when_started_there(tmp_path):
    home = tmp_path / "home"
    hostile_python(home / ".venv" / "bin" / "python", tmp_path / "RAN")
    (home / ".venv" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    info = probe_pythons(host_in(home, "/usr/bin:/bin", home))
    assert (tmp_path / "RAN").exists() and not any(e.reason == NEEDS_CONSENT for e in info.envs)


def test_a_relative_path_entry_is_the_current_folder_and_needs_consent(tmp_path):
    repo, marker = tmp_path / "repo", tmp_path / "RAN"
    hostile_python(repo / "python3", marker)
    info = probe_pythons(host_in(repo, ".:/usr/bin:/bin", tmp_path / "home"))
    found = [e for e in info.envs if e.executable == str(repo / "python3")]
    assert found and found[0].reason == NEEDS_CONSENT and not marker.exists()


@pytest.mark.skipif(not (PYENV_ROOT / "shims").is_dir(), reason="the image's pyenv is not here")
def test_python_version_with_a_path_is_ignored_as_pyenv_does(tmp_path):
    repo, marker = tmp_path / "repo", tmp_path / "RAN"
    evil = tmp_path / "evil"
    hostile_python(evil / "bin" / "python", marker)
    repo.mkdir()
    for text in (f"{evil}\n", "../evil\n", "3.11.7\n../../../evil\n"):
        (repo / ".python-version").write_text(text)
        info = probe_pythons(host_in(repo, f"{PYENV_ROOT}/shims:/usr/bin:/bin", tmp_path / "home"))
        assert not any(str(evil) in e.executable or str(evil) in (e.prefix or "") for e in info.envs)
        assert not marker.exists()


def test_version_names_are_names():
    assert all(is_version_name(v) for v in ("3.11.7", "system", "miniconda3-latest", "pypy3.10-7.3.15", "3.12-dev"))
    assert not any(is_version_name(v) for v in ("/tmp/x", "..", ".", "../x", "a/b", "a\\b", "3.11/../../x", "", " x"))


def test_python_name_without_a_separator_is_looked_up_on_path_only(tmp_path):
    repo, marker = tmp_path / "repo", tmp_path / "RAN"
    hostile_python(repo / "python3", marker)
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "python3").symlink_to(sys.executable)
    host = host_in(repo, str(bindir), tmp_path / "home")
    assert resolve_user_python(host, "python3").path == str(bindir / "python3")
    assert resolve_user_python(host, "./python3").path == str(repo / "python3")
    missing = resolve_user_python(host_in(repo, "/nonexistent", tmp_path / "home"), "python3")
    assert missing.note and "--python ./python3" in missing.note
    info = probe_pythons(host, extra=["python3"])
    assert not marker.exists() and any(e.executable == str(bindir / "python3") for e in info.envs)


def test_the_scan_runs_no_tf_agent_in_an_unconsented_venv(tmp_path):
    repo, marker = cloned_repo(tmp_path)
    scan = run_scan(host=host_in(repo, "/usr/bin:/bin", tmp_path / "home"), options=ScanOptions(include_tf=True,
                                                                                                  tf_timeout=20))
    assert not marker.exists()
    assert all(e.tensorflow is None for e in scan.pythons.envs if e.reason == NEEDS_CONSENT)


def _cli(args: list[str], cwd: Path, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": "/usr/bin:/bin", "HOME": str(home), "XDG_STATE_HOME": str(home / "state")}
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(TFGPU + args, cwd=cwd, env=env, capture_output=True, text=True, timeout=120)


def test_cli_scan_in_a_cloned_repo_runs_nothing_of_it_and_says_how(tmp_path):
    repo, marker = cloned_repo(tmp_path)
    out = _cli(["scan", "--no-tf"], repo, tmp_path / "home")
    assert out.returncode == 0, out.stderr
    assert "not run, found through the current folder; check it with --here" in out.stdout
    assert not marker.exists()
    out = _cli(["scan", "--no-tf", "--here"], repo, tmp_path / "home")
    assert out.returncode == 0 and marker.exists()


def test_cli_doctor_names_the_unrun_python_with_an_info_finding(tmp_path):
    repo, marker = cloned_repo(tmp_path)
    out = _cli(["doctor", "--tf-timeout", "30"], repo, tmp_path / "home")
    assert "python-needs-consent" in out.stdout and "tfgpu doctor --here" in out.stdout, out.stdout
    assert not marker.exists()


def test_cli_help_states_the_python_rule_and_here():
    for command in ("scan", "doctor", "bench"):
        text = subprocess.run(TFGPU + [command, "--help"], capture_output=True, text=True, timeout=60).stdout
        flat = " ".join(text.split())
        assert "--here" in flat and "looked up on PATH only, never in the current folder" in flat, command


def test_cli_bench_python_name_not_on_path_is_a_usage_error_naming_the_local_file(tmp_path):
    repo, marker = tmp_path / "repo", tmp_path / "RAN"
    hostile_python(repo / "mypython", marker)
    out = _cli(["bench", "--python", "mypython", "--quick"], repo, tmp_path / "home")
    assert out.returncode == 2 and "--python ./mypython" in out.stderr and "Traceback" not in out.stderr
    assert not marker.exists()


@pytest.mark.skipif(not (PYENV_ROOT / "versions" / "2.7.18").is_dir(), reason="the image's Python 2.7 is not here")
def test_a_trusted_python_never_imports_the_current_folders_modules(tmp_path):
    """Python 2 has no -I: started in a cloned repository it would put that folder on sys.path and
    import its json.py. Commands run from tfgpu's own folder, so nothing of the repository loads."""
    repo, marker = tmp_path / "repo", tmp_path / "RAN"
    repo.mkdir()
    for module in ("json", "struct", "os", "site", "sitecustomize"):
        (repo / f"{module}.py").write_text(f"open({str(marker)!r}, 'w').write('{module}')\n")
    old = os.getcwd()
    try:
        os.chdir(repo)
        info = probe_pythons(host_in(repo, "/nonexistent", tmp_path / "home"),
                             extra=[str(PYENV_ROOT / "versions" / "2.7.18" / "bin" / "python")])
    finally:
        os.chdir(old)
    assert not marker.exists(), marker.read_text()
    assert any(e.version == "2.7.18" for e in info.envs)
