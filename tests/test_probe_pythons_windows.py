"""Windows Python discovery as Windows really lays it out: the Store placeholder beside a python.org
install, the Python install manager's aliases, pyenv-win's .bat shims, and pythonw.exe.

Layouts: %LOCALAPPDATA%\\Microsoft\\WindowsApps holds python.exe and python3.exe App Execution Aliases
(a placeholder unless a PythonSoftwareFoundation.* package folder is beside them); python.org's
installer puts python.exe and pythonw.exe (no python3.exe) in Programs\\Python\\Python3xx; pyenv-win
keeps ~\\.pyenv\\pyenv-win\\{shims\\python.bat,versions\\<v>\\python.exe,version}.
"""

from __future__ import annotations

import json

from test_probe_pythons import HOME, LOCAL, PY310, WINDOWSAPPS, answer, windows_machine

from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.pythons import probe_pythons

MANAGER_FOLDER = f"{WINDOWSAPPS}\\PythonSoftwareFoundation.PythonManager_3847v3x7pw1km"
MANAGER_RUNTIME = f"{LOCAL}\\Python\\pythoncore-3.13-64"
PYENV_WIN = f"{HOME}\\.pyenv\\pyenv-win"


def test_python_org_first_on_path_is_no_store_warning_though_python3_is_the_placeholder(windows_host: FakeHost):
    windows_machine(windows_host, store_installed=False)  # default PATH: Python310 before WindowsApps
    info = probe_pythons(windows_host)
    assert info.store_stub == f"{WINDOWSAPPS}\\python.exe"  # still noted...
    assert info.store_stub_first is False  # ...but typing `python` runs python.org's Python
    (py310,) = [e for e in info.envs if e.prefix == PY310]
    assert py310.commands == ["python"]


def test_the_install_managers_aliases_are_a_real_python(windows_host: FakeHost):
    windows_machine(windows_host, store_installed=False)
    windows_host.mkdir(MANAGER_FOLDER)
    windows_host.write(f"{MANAGER_RUNTIME}\\python.exe", b"MZ")
    windows_host.env["PATH"] = f"C:\\Windows\\system32;{WINDOWSAPPS}"
    runtime = json.dumps(answer("3.13.5", f"{MANAGER_RUNTIME}\\python.exe", MANAGER_RUNTIME)) + "\r\n"
    for name in ("python", "python3"):
        windows_host.on(name, FakeCommand(stdout=runtime.encode()))
    info = probe_pythons(windows_host)
    assert info.store_stub is None and info.store_stub_first is False
    (managed,) = [e for e in info.envs if e.prefix == MANAGER_RUNTIME]
    assert managed.status is Status.OK and managed.version == "3.13.5"
    assert managed.commands[:2] == ["python", "python3"]


def pyenv_win(host: FakeHost, selected: str | None) -> None:
    for version in ("3.9.13", "3.10.11"):
        host.write(f"{PYENV_WIN}\\versions\\{version}\\python.exe", b"MZ")
        host.write(f"{PYENV_WIN}\\versions\\{version}\\pythonw.exe", b"MZ")
    for shim in ("python.bat", "python3.bat", "python"):  # the extensionless one is for Git Bash
        host.write(f"{PYENV_WIN}\\shims\\{shim}", "@echo off\r\nchcp 1250 > NUL\r\ncall pyenv exec %*\r\n")
    if selected:
        host.write(f"{PYENV_WIN}\\version", selected + "\r\n")
    host.env["PATH"] = f"{PYENV_WIN}\\bin;{PYENV_WIN}\\shims;C:\\Windows\\system32"
    for version in ("3.9.13", "3.10.11"):
        prefix = f"{PYENV_WIN}\\versions\\{version}"
        host.on(f"{prefix}\\python.exe",
                FakeCommand(stdout=(json.dumps(answer(version, f"{prefix}\\python.exe", prefix)) + "\r\n").encode()))


def test_pyenv_win_shims_resolve_to_the_selected_version_and_others_are_listed(windows_host: FakeHost):
    pyenv_win(windows_host, "3.10.11")
    info = probe_pythons(windows_host)
    by_version = {e.version: e for e in info.envs}
    assert set(by_version) == {"3.9.13", "3.10.11"}
    selected = by_version["3.10.11"]
    assert selected.kind == "pyenv" and selected.commands == ["python", "python3"]
    assert set(selected.sources) == {"PATH", "pyenv"}
    assert by_version["3.9.13"].sources == ["pyenv"] and by_version["3.9.13"].commands == []
    assert not any(argv[0].lower().endswith(".bat") for argv in windows_host.calls)  # shims never run


def test_pyenv_win_with_no_version_selected_gives_python_no_command(windows_host: FakeHost):
    pyenv_win(windows_host, None)
    info = probe_pythons(windows_host)
    assert len(info.envs) == 2 and all(e.commands == [] for e in info.envs)


def test_pythonw_is_never_the_environments_executable(windows_host: FakeHost):
    """The GUI launcher (pyw / a shortcut) reports sys.executable = pythonw.exe."""
    windows_host.write(f"{PY310}\\python.exe", b"MZ")
    windows_host.write(f"{PY310}\\pythonw.exe", b"MZ")
    windows_host.registry.set("HKCU\\SOFTWARE\\Python\\PythonCore\\3.10\\InstallPath", "WindowedExecutablePath",
                              f"{PY310}\\pythonw.exe")
    windows_host.registry.set("HKCU\\SOFTWARE\\Python\\PythonCore\\3.10\\InstallPath", "ExecutablePath",
                              f"{PY310}\\pythonw.exe")  # as if a tool had written the windowed one
    reply = json.dumps(answer("3.10.11", f"{PY310}\\pythonw.exe", PY310)) + "\r\n"
    windows_host.on(f"{PY310}\\pythonw.exe", FakeCommand(stdout=reply.encode()))
    info = probe_pythons(windows_host)
    (env,) = info.envs
    assert env.executable == f"{PY310}\\python.exe"
