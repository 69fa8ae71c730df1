"""The window starts, or says why not: before Qt loads its platform plugin, ``tfgpu`` checks for a display
and for the libraries the plugin needs, and exits 2 with one line instead of Qt's abort (134).

Real things: the real ``tfgpu`` script in a subprocess, a real X socket path, a real shared library built
with gcc whose dependency was deleted (so the system's loader really cannot find it), and this machine's
own PySide6 plugin when the machine lacks its libraries."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu.gui import preflight

pytestmark = pytest.mark.posix
TFGPU = Path(sys.executable).with_name("tfgpu")


def run_tfgpu(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("QT_", "DISPLAY", "WAYLAND", "XDG_SESSION"))}
    return subprocess.run([str(TFGPU), *args], env={**clean, **env}, capture_output=True, text=True, timeout=60)


@pytest.fixture
def x_display(tmp_path: Path):
    """A display number whose X socket exists (bound, nobody answers: the check stops before connecting)."""
    folder = Path("/tmp/.X11-unix")
    folder.mkdir(mode=0o1777, exist_ok=True)
    number = 4200 + os.getpid() % 700
    path = folder / f"X{number}"
    sock = socket.socket(socket.AF_UNIX)
    sock.bind(str(path))
    yield f":{number}"
    sock.close()
    path.unlink(missing_ok=True)


@pytest.fixture
def plugin_with_a_missing_library(tmp_path: Path) -> Path:
    """A real ``libqxcb.so`` whose DT_NEEDED names ``libtfgpu-hidden.so.1``, which is then deleted."""
    if shutil.which("gcc") is None:
        pytest.skip("gcc is needed to build the test plugin")
    (tmp_path / "hidden.c").write_text("int tfgpu_hidden(void) { return 1; }\n")
    (tmp_path / "plugin.c").write_text("int tfgpu_hidden(void);\nint plugin(void) { return tfgpu_hidden(); }\n")
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", "libtfgpu-hidden.so.1", "-Wl,-soname,libtfgpu-hidden.so.1",
                    "hidden.c"], cwd=tmp_path, check=True)
    platforms = tmp_path / "platforms"
    platforms.mkdir()
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(platforms / "libqxcb.so"), "plugin.c", "-L.",
                    "-l:libtfgpu-hidden.so.1"], cwd=tmp_path, check=True)
    (tmp_path / "libtfgpu-hidden.so.1").unlink()  # hidden from the loader for real
    return platforms


def test_no_display_exits_2_with_one_line_naming_the_doctor():
    result = run_tfgpu({})
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "no display" in lines[0] and "tfgpu doctor" in lines[0]


def test_no_x_server_on_the_display_exits_2():
    result = run_tfgpu({"DISPLAY": ":4199"})
    assert result.returncode == 2 and "no X server answers on DISPLAY=:4199" in result.stderr


def test_a_library_hidden_from_the_loader_is_named_and_exits_2(x_display, plugin_with_a_missing_library):
    result = run_tfgpu({"DISPLAY": x_display, "QT_QPA_PLATFORM_PLUGIN_PATH": str(plugin_with_a_missing_library)})
    assert result.returncode == 2, result
    (line,) = result.stderr.strip().splitlines()
    assert "libtfgpu-hidden.so.1" in line and "tfgpu doctor" in line
    assert "Traceback" not in result.stderr and "Aborted" not in result.stderr


def test_this_machines_missing_xcb_libraries_are_named_with_their_packages(x_display):
    qt = preflight.qt_folder()
    assert qt is not None
    missing = preflight.missing_libraries("xcb", qt)
    if not missing:
        pytest.skip("this machine has every library of the xcb plugin")
    result = run_tfgpu({"DISPLAY": x_display})
    assert result.returncode == 2, result
    os_release = Path("/etc/os-release").read_text()
    if "debian" in os_release or "ubuntu" in os_release:
        packages = preflight.packages_for(missing, "apt")
        assert packages and f"sudo apt install -y {' '.join(packages)}" in result.stderr


def test_offscreen_and_screenshots_need_no_display():
    assert preflight.check_linux({"QT_QPA_PLATFORM": "offscreen"}, None, "", "").ok
    result = run_tfgpu({}, "--version")
    assert result.returncode == 0


def test_wsl_without_wslg_says_how_to_get_it():
    result = preflight.check_linux({}, None, "ID=ubuntu", "Linux version 5.15.167.4-microsoft-standard-WSL2")
    assert not result.ok and "wsl --update" in result.message()


def test_packages_follow_the_distribution():
    missing = ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0"]
    fake_loader = {name: name for name in missing}.get
    qt = preflight.qt_folder()
    assert qt is not None
    fedora = preflight.check_linux({"DISPLAY": "host:10.0"}, qt, 'ID=fedora\nID_LIKE=""', "Linux", fake_loader)
    assert fedora.install == "sudo dnf install -y xcb-util-cursor xcb-util-wm xcb-util-keysyms"
    ubuntu = preflight.check_linux({"DISPLAY": "host:10.0"}, qt, "ID=ubuntu\nID_LIKE=debian", "Linux", fake_loader)
    assert ubuntu.install == "sudo apt install -y libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1"


def test_elf_needed_matches_readelf():
    qt = preflight.qt_folder()
    assert qt is not None
    plugin = qt / "plugins" / "platforms" / "libqxcb.so"
    if shutil.which("readelf") is None:
        pytest.skip("readelf (binutils) is not installed")
    out = subprocess.run(["readelf", "-d", str(plugin)], capture_output=True, text=True, check=True).stdout
    expected = [line.split("[", 1)[1].rstrip("]") for line in out.splitlines() if "(NEEDED)" in line]
    assert preflight.elf_needed(plugin) == expected


def test_the_library_table_names_a_package_for_every_library_the_xcb_plugin_needs():
    qt = preflight.qt_folder()
    assert qt is not None
    shipped = {p.name for p in (qt / "lib").glob("*.so*")}
    needed = {name for path in (qt / "plugins" / "platforms" / "libqxcb.so", qt / "lib" / "libQt6XcbQpa.so.6")
              for name in preflight.elf_needed(path)} - shipped
    system_c = {"libc.so.6", "libm.so.6", "libstdc++.so.6", "libgcc_s.so.1", "libdl.so.2", "libpthread.so.0"}
    for manager in ("apt", "dnf"):
        assert len(preflight.packages_for(sorted(needed - system_c), manager)) >= 1
        unnamed = [n for n in needed - system_c if not preflight.packages_for([n], manager)]
        assert unnamed == [], (manager, unnamed)


def test_qt_that_cannot_load_is_said_in_one_line(tmp_path: Path):
    """A PySide6 whose libraries fail to load (as a missing DLL does on Windows): one line, exit 2, no traceback."""
    fake = tmp_path / "PySide6"
    fake.mkdir()
    (fake / "__init__.py").write_text(
        "raise ImportError('DLL load failed while importing QtWidgets: The specified module could not be found.')\n")
    result = run_tfgpu({"DISPLAY": ":4199", "PYTHONPATH": str(tmp_path)}, "gui", "--screenshot", str(tmp_path / "x.png"))
    assert result.returncode == 2, result
    (line,) = result.stderr.strip().splitlines()
    assert "Qt could not load (DLL load failed" in line and "tfgpu doctor" in line
