"""Python discovery: real interpreters on a PATH built for the test, and a fake
Windows machine with python.org, Store, Anaconda, a conda env and a venv."""

from __future__ import annotations

import json
import platform
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.host import PlatformFacts, RealHost
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.python_sources import parse_py_launcher
from tfgpu.core.probes.pythons import PythonEnv, PythonsInfo, probe_pythons

PYENV_ROOT = Path("/root/.pyenv")
PYENV = PYENV_ROOT / "versions"


def real_host(tmp_path: Path, path: str, **env: str) -> RealHost:
    """This machine, with a PATH, home and working folder chosen by the test."""
    facts = PlatformFacts(system=platform.system(), home=str(tmp_path), cwd=str(tmp_path))
    return RealHost(platform=facts, env={"PATH": path, "HOME": str(tmp_path), **env})


def need(*versions: str) -> list[Path]:
    exes = [PYENV / v / "bin" / "python" for v in versions]
    if not all(e.exists() for e in exes):
        pytest.skip("the image's pyenv Pythons are not here")
    return exes


def by_prefix(info: PythonsInfo, prefix: str) -> list[PythonEnv]:
    return [e for e in info.envs if e.prefix == prefix]


def script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / "bin" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


# -- real interpreters ------------------------------------------------------------


@pytest.mark.posix
def test_finds_itself_and_pyenv_pythons_and_dedupes_shims_against_real_binaries(tmp_path):
    need("3.11.7", "3.7.16")
    path = f"{PYENV_ROOT}/shims:{PYENV}/3.7.16/bin:{PYENV}/3.11.7/bin:/usr/bin:/bin"
    info = probe_pythons(real_host(tmp_path, path, PYENV_VERSION="3.11.7"))

    assert info.status is Status.OK
    me = [e for e in info.envs if e.is_self]
    assert len(me) == 1 and me[0].executable == sys.executable and me[0].version == platform.python_version()
    # python, python3, python3.11 shims + the 3.11.7/bin entries: one installation, one entry.
    pyenv311 = by_prefix(info, f"{PYENV}/3.11.7")
    assert len(pyenv311) == 1
    assert pyenv311[0].kind == "pyenv" and pyenv311[0].version == "3.11.7"
    assert pyenv311[0].commands[:2] == ["python", "python3"]  # the shims come first on PATH
    assert "/shims/" not in pyenv311[0].executable  # the real binary, not the slow bash shim
    assert sum(ev.kind == "command" for ev in pyenv311[0].evidence) == 1  # asked once, not once per link
    pyenv37 = by_prefix(info, f"{PYENV}/3.7.16")
    assert len(pyenv37) == 1 and pyenv37[0].status is Status.OK and pyenv37[0].version == "3.7.16"
    # `python`, `python3` and even `python3.7` hit the shims first (pyenv answers "command not found"
    # for python3.7 while 3.11.7 is selected), so no command reaches 3.7.16.
    assert pyenv37[0].commands == []
    if Path("/usr/bin/python3").exists():  # /usr/bin and /bin hold the same file: one entry
        system = by_prefix(info, "/usr")
        assert len(system) == 1 and system[0].kind == "system"
    reals = [e.real_path for e in info.envs if not e.is_self]
    assert len(reals) == len(set(reals))


@pytest.mark.posix
def test_shim_resolution_agrees_with_what_pyenv_really_runs(tmp_path):
    need("3.7.16")
    env = {"PATH": f"{PYENV_ROOT}/shims:/usr/bin:/bin", "HOME": str(tmp_path), "PYENV_VERSION": "3.7.16"}
    really = subprocess.run(
        [f"{PYENV_ROOT}/shims/python", "-c", "import sys; print(sys.prefix)"],
        env=env, capture_output=True, text=True, timeout=30,
    ).stdout.strip()
    info = probe_pythons(real_host(tmp_path, env["PATH"], PYENV_VERSION="3.7.16"))
    python = [e for e in info.envs if "python" in e.commands]
    assert len(python) == 1 and python[0].prefix == really == f"{PYENV}/3.7.16"


@pytest.mark.posix
def test_a_venv_is_its_own_environment_not_merged_with_its_base(tmp_path):
    (base,) = need("3.10.13")
    subprocess.run([str(base), "-m", "venv", "--without-pip", str(tmp_path / ".venv")], check=True, timeout=60)
    info = probe_pythons(real_host(tmp_path, f"{PYENV}/3.10.13/bin:/usr/bin"))
    venv = by_prefix(info, str(tmp_path / ".venv"))
    assert len(venv) == 1 and venv[0].kind == "venv" and venv[0].sources == ["venv-dir"]
    assert venv[0].base_prefix == f"{PYENV}/3.10.13"
    assert len(by_prefix(info, f"{PYENV}/3.10.13")) == 1  # the base, found on PATH


@pytest.mark.posix
def test_broken_interpreters_become_states(tmp_path):
    py27, py36 = need("2.7.18", "3.6.15")
    junk = script(tmp_path, "python-junk", 'echo "this is not python"')
    hang = script(tmp_path, "python-hang", "sleep 30")
    started = time.monotonic()
    info = probe_pythons(
        real_host(tmp_path, "/nonexistent-dir"),
        extra=[str(py27), str(py36), junk, hang, "/bin/true", str(tmp_path / "gone" / "python")],
        timeout=1.5,
    )
    elapsed = time.monotonic() - started
    states = {e.executable: (e.status, e.reason) for e in info.envs}
    assert states[str(py27)] == (Status.UNSUPPORTED, "python-too-old")  # answered despite having no -I
    assert [e.version for e in info.envs if e.executable == str(py27)] == ["2.7.18"]
    assert states[str(py36)] == (Status.UNSUPPORTED, "python-too-old")
    assert states[junk] == (Status.ERROR, "not-python")
    assert states[hang] == (Status.ERROR, "timeout")
    assert states["/bin/true"] == (Status.ERROR, "not-python")
    assert states[str(tmp_path / "gone" / "python")] == (Status.MISSING, "not-found")
    assert elapsed < 6  # the hang is cut at its timeout, and the queries ran side by side
    assert info.status is Status.OK  # the running interpreter still works


@pytest.mark.posix
def test_an_environment_folder_given_by_the_user_is_resolved_and_merged(tmp_path):
    venv_dir = Path(sys.prefix)
    if not (venv_dir / "pyvenv.cfg").exists():
        pytest.skip("tests are not running in a venv")
    info = probe_pythons(real_host(tmp_path, "/nonexistent-dir"), extra=[str(venv_dir)])
    me = [e for e in info.envs if e.is_self]
    assert len(me) == 1 and me[0].sources == ["self", "user"]
    assert len(info.envs) == 1


@pytest.mark.posix
def test_a_bare_name_given_by_the_user_is_looked_up_on_path(tmp_path):
    bindir = tmp_path / "bin"
    bindir.mkdir()
    (bindir / "python3.99").symlink_to(sys.executable)
    info = probe_pythons(real_host(tmp_path, str(bindir)), extra=["python3.99"])
    mine = [e for e in info.envs if "user" in e.sources]
    assert mine and mine[0].status is Status.OK and mine[0].version == platform.python_version()


@pytest.mark.posix
def test_a_file_that_cannot_be_run_is_not_executable_not_not_python(tmp_path):
    script = tmp_path / "python-noexec"
    script.write_text("#!/bin/sh\necho hi\n")
    script.chmod(0o644)
    info = probe_pythons(real_host(tmp_path, "/nonexistent-dir"), extra=[str(script)])
    (env,) = [e for e in info.envs if str(script) in e.executable]
    assert (env.status, env.reason) == (Status.ERROR, "not-executable")


# -- a fake Windows machine, from real formats ---------------------------------------

HOME = "C:\\Users\\user"
LOCAL = f"{HOME}\\AppData\\Local"
PY310 = f"{LOCAL}\\Programs\\Python\\Python310"
WINDOWSAPPS = f"{LOCAL}\\Microsoft\\WindowsApps"
STORE_ALIAS = f"{WINDOWSAPPS}\\PythonSoftwareFoundation.Python.3.11_qbz5n2kfra8p0\\python.exe"
# sys.prefix of a Store Python is its package folder (seen in real tracebacks).
STORE_PREFIX = "C:\\Program Files\\WindowsApps\\PythonSoftwareFoundation.Python.3.11_3.11.2544.0_x64__qbz5n2kfra8p0"
ANACONDA = f"{HOME}\\anaconda3"
TF_ENV = f"{ANACONDA}\\envs\\tf210"
CUSTOM_ENV = "D:\\condaenvs\\tf29"  # only `conda env list` knows it
VENV = f"{HOME}\\venv"

# `py -0p` of the 3.11+ launcher (format as in python/pymanager#168 and astral-sh/uv's parser tests).
PY_0P = (
    f" -V:3.11 *        {STORE_ALIAS}\r\n"
    f" -V:3.10          {PY310}\\python.exe\r\n"
    f" -V:ContinuumAnalytics/Anaconda39-64 {ANACONDA}\\python.exe\r\n"
)


def answer(version: str, executable: str, prefix: str, base_prefix: str | None = None, conda=False, venv=False):
    return {"tfgpu_query": 1, "version": version, "release_level": "final", "bits": 64,
            "executable": executable, "prefix": prefix, "base_prefix": base_prefix or prefix,
            "implementation": "cpython", "conda": conda, "pyvenv_cfg": venv}


def windows_machine(host: FakeHost, store_installed: bool = True) -> dict[str, dict]:
    """Write the files, registry and command answers; return the query answers by exe (lower case)."""
    for exe in (f"{PY310}\\python.exe", f"{ANACONDA}\\python.exe", f"{TF_ENV}\\python.exe",
                f"{CUSTOM_ENV}\\python.exe", f"{VENV}\\Scripts\\python.exe", "C:\\Windows\\py.exe",
                f"{ANACONDA}\\Scripts\\conda.exe", f"{WINDOWSAPPS}\\python.exe", f"{WINDOWSAPPS}\\python3.exe"):
        host.write(exe, b"MZ")
    for prefix in (ANACONDA, TF_ENV, CUSTOM_ENV):
        host.mkdir(f"{prefix}\\conda-meta")
    host.write(f"{VENV}\\pyvenv.cfg",
               f"home = {PY310}\r\ninclude-system-site-packages = false\r\nversion = 3.10.11\r\n")
    host.write(f"{HOME}\\.conda\\environments.txt", f"{ANACONDA}\r\n{TF_ENV}\r\n")
    reg = "HKCU\\SOFTWARE\\Python"
    host.registry.set(f"{reg}\\PythonCore\\3.10\\InstallPath", "", f"{PY310}\\")
    host.registry.set(f"{reg}\\PythonCore\\3.10\\InstallPath", "ExecutablePath", f"{PY310}\\python.exe")
    host.registry.set(f"{reg}\\ContinuumAnalytics\\Anaconda39-64\\InstallPath", "", ANACONDA)
    host.registry.set(f"{reg}\\PythonCore\\3.8\\InstallPath", "", "C:\\Python38")  # uninstalled long ago
    host.registry.set("HKLM\\SOFTWARE\\Python\\PyLauncher", "", "C:\\Windows\\py.exe")
    answers = {
        f"{PY310}\\python.exe": answer("3.10.11", f"{PY310}\\python.exe", PY310),
        f"{ANACONDA}\\python.exe": answer("3.9.13", f"{ANACONDA}\\python.exe", ANACONDA, conda=True),
        f"{TF_ENV}\\python.exe": answer("3.10.13", f"{TF_ENV}\\python.exe", TF_ENV, conda=True),
        f"{CUSTOM_ENV}\\python.exe": answer("3.9.18", f"{CUSTOM_ENV}\\python.exe", CUSTOM_ENV, conda=True),
        f"{VENV}\\Scripts\\python.exe": answer("3.10.11", f"{VENV}\\Scripts\\python.exe", VENV, PY310, venv=True),
    }
    if store_installed:
        host.write(STORE_ALIAS, b"")
        host.write(f"{WINDOWSAPPS}\\python3.11.exe", b"")
        host.registry.set(f"{reg}\\PythonCore\\3.11\\InstallPath", "ExecutablePath", STORE_ALIAS)
        for exe in (STORE_ALIAS, f"{WINDOWSAPPS}\\python.exe", f"{WINDOWSAPPS}\\python3.exe",
                    f"{WINDOWSAPPS}\\python3.11.exe"):
            answers[exe] = answer("3.11.9", exe, STORE_PREFIX)
    host.env["PATH"] = (
        f"C:\\Windows\\system32;C:\\Windows;{PY310}\\Scripts\\;{PY310}\\;{WINDOWSAPPS}"
    )
    host.env["LOCALAPPDATA"] = LOCAL
    launcher_list = PY_0P if store_installed else "".join(PY_0P.splitlines(True)[1:])
    host.on("py", FakeCommand(stdout=launcher_list.encode(), returncode=0), args=["-0p"])
    host.on("conda", FakeCommand(stdout=json.dumps({"envs": [ANACONDA, TF_ENV, CUSTOM_ENV]}, indent=2).encode()))
    lowered = {k.lower(): v for k, v in answers.items()}

    def interpreter(argv):
        found = lowered.get(argv[0].lower())
        if found is None:  # the Store placeholder, as it really answers
            return FakeCommand(stderr=b"Python was not found; run without arguments to install from the "
                               b"Microsoft Store, or disable this shortcut from Settings > Manage App "
                               b"Execution Aliases.\r\n", returncode=9009)
        return FakeCommand(stdout=(json.dumps(found) + "\r\n").encode())

    for name in ("python", "python3", "python3.11"):
        host.on(name, interpreter)
    return answers


def test_windows_machine_lists_each_python_once_with_kind_and_sources(windows_host: FakeHost):
    windows_machine(windows_host)
    info = probe_pythons(windows_host)
    by_exe = {e.executable.lower(): e for e in info.envs}

    assert not any(e.is_self for e in info.envs)  # a described machine does not contain this process
    py310 = by_exe[f"{PY310}\\python.exe".lower()]
    assert (py310.kind, py310.version, py310.status) == ("system", "3.10.11", Status.OK)
    assert py310.sources == ["PATH", "registry", "py-launcher"] and py310.commands == ["python"]
    store = [e for e in info.envs if e.prefix == STORE_PREFIX]
    assert len(store) == 1 and store[0].kind == "store"  # 4 aliases + registry + launcher: one Python
    assert set(store[0].sources) == {"PATH", "registry", "py-launcher"}
    assert "py" in store[0].commands and "python3" in store[0].commands
    base = by_exe[f"{ANACONDA}\\python.exe".lower()]
    assert base.kind == "conda" and set(base.sources) == {"registry", "conda", "py-launcher"}
    assert by_exe[f"{TF_ENV}\\python.exe".lower()].kind == "conda"
    assert by_exe[f"{CUSTOM_ENV}\\python.exe".lower()].sources == ["conda"]  # from `conda env list`
    venv = by_exe[f"{VENV}\\Scripts\\python.exe".lower()]
    assert venv.kind == "venv" and venv.base_prefix == PY310 and venv.sources == ["venv-dir"]
    stale = by_exe["c:\\python38\\python.exe"]
    assert (stale.status, stale.reason) == (Status.MISSING, "not-found")
    assert len(info.envs) == 7 and info.status is Status.OK and info.store_stub is None


def test_each_interpreter_file_is_asked_once(windows_host: FakeHost):
    windows_machine(windows_host)
    probe_pythons(windows_host)
    queried = [argv[0].lower() for argv in windows_host.calls if "-c" in argv]
    assert len(queried) == len(set(queried))
    assert f"{TF_ENV}\\python.exe".lower() in queried


def test_store_placeholder_is_skipped_and_flagged_when_no_store_python_is_installed(windows_host: FakeHost):
    windows_machine(windows_host, store_installed=False)
    windows_host.env["PATH"] = f"C:\\Windows\\system32;{WINDOWSAPPS};{PY310}\\"  # the stub wins `python`
    info = probe_pythons(windows_host)
    assert info.store_stub == f"{WINDOWSAPPS}\\python.exe" and info.store_stub_first is True
    assert not any("windowsapps" in e.executable.lower() for e in info.envs)
    assert not any(argv[0].lower().startswith(WINDOWSAPPS.lower()) for argv in windows_host.calls)
    py310 = [e for e in info.envs if e.prefix == PY310]
    assert py310[0].commands == []  # typing `python` opens the Store instead


def test_python2_in_the_registry_is_recognised_without_the_i_flag(windows_host: FakeHost):
    windows_host.write("C:\\Python27\\python.exe", b"MZ")
    windows_host.registry.set("HKLM\\SOFTWARE\\Python\\PythonCore\\2.7\\InstallPath", "", "C:\\Python27\\")

    def python27(argv):
        if "-I" in argv:
            return FakeCommand(stderr=b"Unknown option: -I\r\nusage: C:\\Python27\\python.exe [option] ...\r\n",
                               returncode=2)
        return FakeCommand(stdout=json.dumps(answer("2.7.18", "C:\\Python27\\python.exe", "C:\\Python27")).encode())

    windows_host.on("python", python27)
    info = probe_pythons(windows_host)
    (env,) = info.envs
    assert (env.status, env.reason, env.version) == (Status.UNSUPPORTED, "python-too-old", "2.7.18")


def test_a_hanging_or_garbage_interpreter_on_windows_is_a_state(windows_host: FakeHost):
    windows_host.write("C:\\Tools\\python.exe", b"MZ")
    windows_host.write("C:\\Other\\python.exe", b"MZ")
    windows_host.env["PATH"] += ";C:\\Tools;C:\\Other"
    windows_host.on("C:\\Tools\\python.exe", FakeCommand(hang=True))
    windows_host.on("C:\\Other\\python.exe", FakeCommand(stdout=b"\x89PNG garbage {not json"))
    info = probe_pythons(windows_host, timeout=0.5)
    states = {e.executable: (e.status, e.reason) for e in info.envs}
    assert states == {"C:\\Tools\\python.exe": (Status.ERROR, "timeout"),
                      "C:\\Other\\python.exe": (Status.ERROR, "not-python")}
    assert info.status is Status.ERROR and info.reason == "no-working-python"


def test_nothing_found_is_missing(windows_host: FakeHost):
    info = probe_pythons(windows_host)
    assert (info.status, info.reason, info.envs) == (Status.MISSING, "no-python", [])


def test_a_crashing_source_is_evidence_and_the_other_sources_still_count(windows_host: FakeHost):
    class Exploding:
        def subkeys(self, key):
            raise RuntimeError("registry on fire")

        def values(self, key):
            return {}

    windows_machine(windows_host)
    windows_host.registry = Exploding()
    info = probe_pythons(windows_host)
    assert info.status is Status.OK
    assert any(e.prefix == PY310 for e in info.envs)  # still found on PATH and by the launcher
    assert any("registry on fire" in ev.detail for ev in info.evidence)


def test_py_launcher_both_output_formats():
    old = (  # launcher <= 3.10: "Installed Pythons found by py Launcher for Windows", default marked at the end
        "Installed Pythons found by py Launcher for Windows\r\n"
        " -3.10-64       C:\\Users\\SomeUser\\AppData\\Local\\Programs\\Python\\Python310\\python.exe *\r\n"
        " -3.6-64        C:\\Users\\SomeUser\\AppData\\Local\\Programs\\Python\\Python36\\python.exe\r\n"
    )
    assert parse_py_launcher(old) == [
        ("C:\\Users\\SomeUser\\AppData\\Local\\Programs\\Python\\Python310\\python.exe", True),
        ("C:\\Users\\SomeUser\\AppData\\Local\\Programs\\Python\\Python36\\python.exe", False),
    ]
    new = (
        " -V:3.13 *        C:\\Program Files\\Python313\\python.exe\r\n"
        " -V:ContinuumAnalytics/Anaconda38-64 D:\\anaconda3\\python.exe\r\n"
        " -V:3.11          Python 3.11 (64-bit)\r\n"  # `py --list` without paths: nothing to run
        "No installed Pythons found!\r\n"
    )
    assert parse_py_launcher(new) == [("C:\\Program Files\\Python313\\python.exe", True),
                                      ("D:\\anaconda3\\python.exe", False)]
    assert parse_py_launcher("") == []


def test_a_linux_fake_host_never_contains_the_running_interpreter(linux_host: FakeHost):
    linux_host.write(sys.executable, b"")  # same path inside the described machine: still not us
    info = probe_pythons(linux_host, extra=[sys.executable])
    assert not any(e.is_self for e in info.envs)
