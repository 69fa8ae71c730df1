"""Can the window open here? Checked before Qt loads its platform plugin, which otherwise aborts the
process (exit 134) with a message that names one library at best.

Pure Python, no Qt import: it reads the DT_NEEDED entries of the platform plugin and of the Qt libraries
the wheel ships, and asks the system's loader for each library that is not shipped. The result names
the missing libraries, the packages that hold them (``resources/qt_linux_libraries.json``) and the
command that installs them, in one line.
"""

from __future__ import annotations

import ctypes
import importlib.util
import json
import os
import re
import shlex
import struct
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

# Platforms that need no display (screenshots, tests, a VNC server of Qt's own).
NO_DISPLAY_PLATFORMS = {"offscreen", "minimal", "minimalegl", "vnc", "linuxfb", "eglfs", "vkkhrdisplay"}
# Qt libraries of the wheel whose system dependencies the window needs, whatever the platform.
QT_LIBRARIES = ("libQt6Core.so.6", "libQt6Gui.so.6", "libQt6Widgets.so.6", "libQt6DBus.so.6")
PLUGINS = {"xcb": ("libqxcb.so", "libQt6XcbQpa.so.6"), "wayland": ("libqwayland.so", "libQt6WaylandClient.so.6")}
DT_NEEDED = 1
SHT_DYNAMIC = 6
DOCTOR_HINT = "`tfgpu doctor` works in this terminal without a window."


@dataclass(frozen=True)
class Preflight:
    """``ok`` or the reason the window cannot open, with what to install."""

    ok: bool
    reason: str = ""
    missing: tuple[str, ...] = ()
    packages: tuple[str, ...] = ()
    install: str = ""  # the command that installs ``packages`` (empty when unknown)
    notes: list[str] = field(default_factory=list)

    def message(self) -> str:
        """One line for the terminal."""
        parts = [f"tfgpu: the window cannot open: {self.reason}."]
        if self.install:
            parts.append(f"Install them with `{self.install}`.")
        parts.append(DOCTOR_HINT)
        return " ".join(parts)


def elf_needed(path: Path) -> list[str]:
    """The DT_NEEDED sonames of a 64-bit little-endian ELF file (empty when it is not one)."""
    try:
        data = path.read_bytes()
    except OSError:
        return []
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:  # ELFCLASS64, little-endian
        return []
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", data, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    needed: list[str] = []
    for _name, kind, _flags, _addr, offset, size, link, _info, _align, entsize in sections:
        if kind != SHT_DYNAMIC or not entsize:
            continue
        strtab_offset = sections[link][4]
        for at in range(offset, offset + size, entsize):
            tag, value = struct.unpack_from("<qQ", data, at)
            if tag == 0:
                break
            if tag == DT_NEEDED:
                end = data.index(b"\0", strtab_offset + value)
                needed.append(data[strtab_offset + value:end].decode("ascii", "replace"))
    return needed


def qt_folder() -> Path | None:
    """PySide6's ``Qt`` folder, found without importing PySide6."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "Qt"


def chosen_platform(env: Mapping[str, str]) -> str:
    """The platform plugin Qt will try first."""
    wanted = env.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip().lower()
    if wanted:
        return wanted
    if env.get("XDG_SESSION_TYPE") == "wayland" and env.get("WAYLAND_DISPLAY"):
        return "wayland"
    return "xcb"


def _loadable(soname: str) -> str | None:
    """None when the loader finds ``soname`` and its dependencies, else the library it could not open."""
    try:
        ctypes.CDLL(soname)
    except OSError as exc:
        found = re.match(r"\s*([^:\s]+\.so[.\d]*):", str(exc))
        return found.group(1) if found else soname
    return None


def missing_libraries(platform: str, qt: Path, loadable=_loadable) -> list[str]:
    """System libraries the plugin of ``platform`` and the Qt libraries need but the loader cannot open."""
    plugin_dir = Path(os.environ.get("QT_QPA_PLATFORM_PLUGIN_PATH") or qt / "plugins" / "platforms")
    plugin, qpa = PLUGINS.get(platform, (f"libq{platform}.so", ""))
    files = [plugin_dir / plugin] + [qt / "lib" / name for name in (qpa, *QT_LIBRARIES) if name]
    shipped = {p.name for p in (qt / "lib").glob("*.so*")} if (qt / "lib").is_dir() else set()
    missing: list[str] = []
    for path in files:
        for soname in elf_needed(path):
            if soname in shipped or soname in missing:
                continue
            absent = loadable(soname)
            if absent and absent not in missing:
                missing.append(absent)
    return missing


def _package_manager(os_release: str) -> str:
    ids = set()
    for line in os_release.splitlines():
        key, _, value = line.partition("=")
        if key in ("ID", "ID_LIKE"):
            ids.update(value.strip().strip('"').lower().split())
    if ids & {"fedora", "rhel", "centos", "rocky", "almalinux"}:
        return "dnf"
    if ids & {"debian", "ubuntu"} or not ids:
        return "apt"
    return ""


def packages_for(missing: list[str], manager: str) -> list[str]:
    """The distribution packages that ship ``missing`` (in order, each once)."""
    spec = importlib.util.find_spec("tfgpu.resources")
    table: dict[str, dict[str, str]] = {}
    if spec is not None and spec.submodule_search_locations:
        path = Path(next(iter(spec.submodule_search_locations))) / "qt_linux_libraries.json"
        try:
            table = json.loads(path.read_text(encoding="utf-8"))["libraries"]
        except (OSError, ValueError, KeyError):
            table = {}
    packages: list[str] = []
    for soname in missing:
        name = table.get(soname, {}).get(manager)
        if name and name not in packages:
            packages.append(name)
    return packages


def _wsl(proc_version: str) -> bool:
    return "microsoft" in proc_version.lower()


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _x_socket_missing(display: str) -> bool:
    """A local display (``:0``) whose X socket does not exist; remote displays are not checked."""
    found = re.fullmatch(r"(?:unix)?:(\d+)(?:\.\d+)?", display.strip())
    return bool(found) and not Path(f"/tmp/.X11-unix/X{found.group(1)}").exists()


def check_linux(env: Mapping[str, str], qt: Path | None, os_release: str, proc_version: str,
                loadable=_loadable) -> Preflight:
    platform = chosen_platform(env)
    if platform in NO_DISPLAY_PLATFORMS:
        return Preflight(ok=True)
    wsl = _wsl(proc_version)
    if platform == "xcb" and not env.get("DISPLAY") or platform == "wayland" and not env.get("WAYLAND_DISPLAY"):
        if wsl:
            reason = ("WSL has no display (WSLg needs Windows 11 or a current WSL: run `wsl --update` in Windows, "
                      "then `wsl --shutdown`)")
        else:
            reason = "there is no display (DISPLAY and WAYLAND_DISPLAY are not set: a console or SSH without -X)"
        return Preflight(ok=False, reason=reason)
    if platform == "xcb" and _x_socket_missing(env["DISPLAY"]):
        return Preflight(ok=False, reason=f"no X server answers on DISPLAY={env['DISPLAY']}")
    if qt is None:
        return Preflight(ok=True)  # no PySide6: the import error says so
    missing = missing_libraries(platform, qt, loadable)
    if not missing:
        return Preflight(ok=True)
    manager = _package_manager(os_release)
    packages = packages_for(missing, manager)
    install = ""
    if packages and manager:
        install = shlex.join(["sudo", manager, "install", "-y", *packages])
    reason = f"Qt's {platform} platform needs {', '.join(missing)}, which this system does not have"
    return Preflight(ok=False, reason=reason, missing=tuple(missing), packages=tuple(packages), install=install)


def check_window(env: Mapping[str, str] | None = None) -> Preflight:
    """Whether the window can open on this machine (Linux and WSL; elsewhere the Qt import tells)."""
    if not sys.platform.startswith("linux"):
        return Preflight(ok=True)
    return check_linux(os.environ if env is None else env, qt_folder(), _read("/etc/os-release"),
                       _read("/proc/version"))


def qt_import_failure(exc: BaseException) -> Preflight:
    """Qt's own libraries could not load (on Windows a DLL; elsewhere a broken wheel)."""
    if sys.platform == "win32":
        reason = (f"Qt could not load ({exc}). Install the Microsoft Visual C++ Redistributable (x64) from "
                  "https://aka.ms/vs/17/release/vc_redist.x64.exe, then start the app again")
    else:
        reason = f"Qt could not load ({exc}); reinstall PySide6-Essentials"
    return Preflight(ok=False, reason=reason)


def tell(result: Preflight) -> None:
    """Print the one line; on Windows without a console, also show it in a message box."""
    message = result.message()
    if sys.stderr is not None:
        print(message, file=sys.stderr)
    if sys.platform == "win32" and sys.stderr is None:  # pythonw / the GUI script: no console to print to
        try:
            ctypes.windll.user32.MessageBoxW(None, message, "TF GPU Assistant", 0x10)  # type: ignore[attr-defined]
        except Exception:  # noqa: BLE001 - nothing more can be shown
            pass
