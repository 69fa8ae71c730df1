"""The operating system: name, version, build, architecture, and WSL.

On Windows: is WSL installed, and which distros at which WSL version.
Inside Linux: is this WSL2, and does it pass the GPU through (``/dev/dxg``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tfgpu.core.host import Host, getenv
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.probes.base import ProbeResult, Status

_WIN11_FIRST_BUILD = 22000  # Windows 11 still reports release "10"
_NT_KEY = "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion"


@dataclass(kw_only=True)
class WslDistro:
    name: str
    state: str = ""  # Running / Stopped / Installing
    version: int | None = None  # 1 or 2
    default: bool = False


@dataclass(kw_only=True)
class OsInfo(ProbeResult):
    system: str = ""  # Windows / Linux / Darwin
    name: str = ""  # "Windows 11 Pro", "Ubuntu 22.04.4 LTS"
    version: str = ""  # "10.0.22631", "22.04"
    build: str | None = None  # "22631.3447" on Windows
    display_version: str | None = None  # "23H2"
    kernel: str | None = None
    architecture: str = ""
    is_wsl: bool = False  # we are running inside WSL
    wsl_version: int | None = None
    wsl_gpu: bool | None = None  # /dev/dxg present: the Windows driver's GPU is passed through
    wsl_installed: bool | None = None  # Windows: None = could not tell
    wsl_distros: list[WslDistro] = field(default_factory=list)
    distro: str | None = None  # Linux: os-release ID ("ubuntu", "debian", "fedora")
    distro_like: list[str] = field(default_factory=list)  # Linux: os-release ID_LIKE


def probe_os(host: Host, timeout: float = 10.0) -> OsInfo:
    facts = host.platform
    info = OsInfo(system=facts.system, version=facts.version, architecture=facts.machine, kernel=facts.release)
    info.add("api", "platform", f"{facts.system} {facts.release} {facts.version} {facts.machine}")
    if facts.is_windows:
        _windows(host, info, timeout)
    elif facts.system == "Linux":
        _linux(host, info)
    else:
        info.name = facts.system
        info.status = Status.UNSUPPORTED
        info.reason = "os-unsupported"
        info.set_hint(QT_TRANSLATE_NOOP("core", "NVIDIA GPUs with TensorFlow are supported on Windows and Linux only."))
    return info


# -- Windows -----------------------------------------------------------------


def _windows(host: Host, info: OsInfo, timeout: float) -> None:
    info.kernel = None
    nt = host.registry.values(_NT_KEY)
    build = str(nt.get("CurrentBuild") or _third(info.version) or "")
    ubr = nt.get("UBR")
    info.build = f"{build}.{ubr}" if build and ubr is not None else (build or None)
    info.display_version = str(nt.get("DisplayVersion") or nt.get("ReleaseId") or "") or None
    product = str(nt.get("ProductName") or "Windows")
    if build.isdigit() and int(build) >= _WIN11_FIRST_BUILD:
        product = product.replace("Windows 10", "Windows 11")  # the registry keeps saying 10
    info.name = product
    if nt:
        info.add("registry", _NT_KEY, f"ProductName={nt.get('ProductName')} CurrentBuild={build}")
    _wsl_on_windows(host, info, timeout)


def _third(version: str) -> str | None:
    parts = version.split(".")
    return parts[2] if len(parts) >= 3 else None


def _wsl_on_windows(host: Host, info: OsInfo, timeout: float) -> None:
    system_root = getenv(host, "SystemRoot", "C:\\Windows")
    wsl = host.platform.pathmod.join(system_root, "System32", "wsl.exe")
    if not host.files.is_file(wsl):
        info.wsl_installed = False
        info.add("file", wsl, "absent")
        return
    env = {**host.env, "WSL_UTF8": "1"}  # newer wsl.exe prints UTF-16 unless told; Windows 10's ignores it
    result = host.run([wsl, "--list", "--verbose"], timeout=timeout, env=env)
    text = (result.stdout or result.stderr).replace("\x00", "").replace("\ufeff", "")
    info.add("command", result.describe(), text)
    if result.timed_out or result.error:
        info.wsl_installed = None
        info.error = f"wsl.exe did not answer: {result.describe()}"
        return
    info.wsl_distros = parse_wsl_list(text)
    # wsl.exe exists on every recent Windows as a stub: with no distro it exits non-zero
    info.wsl_installed = bool(info.wsl_distros) or result.returncode == 0


# The state is localized and may be several words ("Wird ausgeführt", "En cours d'exécution", "正在运行");
# a distro name has no spaces, and the version is the last column.
_WSL_ROW = re.compile(r"^\s*(\*)?\s*(\S+)\s+(\S.*?)\s+([12])\s*$")


def parse_wsl_list(text: str) -> list[WslDistro]:
    """Rows of ``wsl --list --verbose``: ``* Ubuntu  Running  2``."""
    distros = []
    for line in text.splitlines():
        match = _WSL_ROW.match(line)
        if match and match.group(2).upper() != "NAME":
            distros.append(
                WslDistro(
                    name=match.group(2),
                    state=match.group(3),
                    version=int(match.group(4)),
                    default=bool(match.group(1)),
                )
            )
    return distros


# -- Linux -------------------------------------------------------------------


def _linux(host: Host, info: OsInfo) -> None:
    release = _read(host, "/etc/os-release", info)
    fields = dict(re.findall(r'^([A-Z_]+)="?([^"\n]*)"?$', release, re.MULTILINE))
    info.name = fields.get("PRETTY_NAME") or fields.get("NAME") or "Linux"
    info.version = fields.get("VERSION_ID") or info.version
    info.distro = fields.get("ID") or None
    info.distro_like = fields.get("ID_LIKE", "").split()
    proc_version = _read(host, "/proc/version", info)
    kernel_text = f"{host.platform.release} {proc_version}"
    if "microsoft" in kernel_text.lower() or getenv(host, "WSL_DISTRO_NAME"):
        info.is_wsl = True
        info.wsl_version = 2 if re.search(r"WSL2|microsoft-standard", kernel_text, re.IGNORECASE) else 1
        info.wsl_gpu = host.files.exists("/dev/dxg")
        info.add("file", "/dev/dxg", "present" if info.wsl_gpu else "absent")
        if info.wsl_version == 1:
            info.set_hint(QT_TRANSLATE_NOOP(
                "core", "WSL 1 cannot use the GPU; convert this distro with `wsl --set-version <distro> 2`."
            ))


def _read(host: Host, path: str, info: OsInfo) -> str:
    try:
        text = host.files.read_text(path, limit=64 * 1024)
    except OSError as exc:
        info.add("file", path, f"unreadable: {exc.strerror or exc}")
        return ""
    info.add("file", path, text.splitlines()[0] if text else "")
    return text
