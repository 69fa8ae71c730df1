"""Installing the NVIDIA driver, in the words of the user's own system: Windows, WSL (the Windows
driver), Ubuntu (``ubuntu-drivers``), Debian (``nvidia-driver`` from non-free), Fedora (RPM Fusion's
``akmod-nvidia``), Arch (``nvidia-open``), Manjaro (``mhwd``), others (their guide or NVIDIA's page).

Commands are built from arguments with :mod:`tfgpu.core.shell`.
"""

from __future__ import annotations

from tfgpu.core.findings import links
from tfgpu.core.findings.model import FixStep
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.shell import Shell, chain, command

_BASH = Shell.BASH


def _step(text: str, *, argv_list: list[list[str]] | None = None, shell: Shell | None = None, url: str | None = None,
          alternative: bool = False, **args: object) -> FixStep:
    cmd = chain([command(argv, shell or _BASH, bare_program=True) for argv in argv_list], shell or _BASH) if argv_list else None
    return FixStep(text=TrText(text, **args), command=cmd, shell=(shell or _BASH) if cmd else None, url=url,
                   alternative=alternative)


def linux_family(distro: str | None, distro_like: list[str] | None = None) -> str | None:
    """ "ubuntu", "debian", "fedora", "arch", "manjaro", "opensuse", "rhel" or None, from os-release ID/ID_LIKE."""
    ids = [str(distro or "").lower(), *(str(d).lower() for d in distro_like or [])]
    for family, names in (("manjaro", ("manjaro",)), ("ubuntu", ("ubuntu", "pop", "linuxmint", "elementary", "zorin", "neon")),
                          ("debian", ("debian", "raspbian")), ("fedora", ("fedora", "nobara")),
                          ("arch", ("arch", "endeavouros", "garuda")), ("opensuse", ("opensuse", "suse", "sles")),
                          ("rhel", ("rhel", "centos", "rocky", "almalinux", "ol"))):
        if any(i == n or i.startswith(n + "-") for i in ids if i for n in names):
            return family
    return None


def install_driver(os_kind: str, distro: str | None = None, distro_like: list[str] | None = None) -> list[FixStep]:
    """Steps that install (or update) the NVIDIA driver on this system, then check it answers."""
    if os_kind == "windows":
        return [_step(QT_TRANSLATE_NOOP("core", "Download and install the latest NVIDIA driver for your GPU (Game Ready or "
                                                "Studio), then restart."), url=links.DRIVER_DOWNLOAD),
                _step(QT_TRANSLATE_NOOP("core", "Then check that the driver answers:"), argv_list=[["nvidia-smi"]],
                      shell=Shell.POWERSHELL)]
    if os_kind == "wsl":
        return [_step(QT_TRANSLATE_NOOP("core", "In WSL2 the GPU comes from the Windows NVIDIA driver: install or update it "
                                                "on Windows (not inside Linux), then run 'wsl --shutdown'."), url=links.DRIVER_DOWNLOAD),
                _step(QT_TRANSLATE_NOOP("core", "Do not install a Linux NVIDIA driver inside WSL. See NVIDIA's guide:"),
                      url=links.CUDA_WSL_GUIDE)]
    family = linux_family(distro, distro_like)
    check = _step(QT_TRANSLATE_NOOP("core", "After the restart, check that the driver answers:"), argv_list=[["nvidia-smi"]])
    reboot = ["sudo", "reboot"]
    if family == "ubuntu":
        return [_step(QT_TRANSLATE_NOOP("core", "Install the driver Ubuntu recommends for this GPU, then restart:"),
                      argv_list=[["sudo", "ubuntu-drivers", "install"], reboot], url=links.DRIVER_UBUNTU), check]
    if family == "debian":
        return [_step(QT_TRANSLATE_NOOP("core", "Enable the 'contrib non-free non-free-firmware' components in "
                                                "/etc/apt/sources.list (Debian's guide shows how), then install the driver "
                                                "and restart:"),
                      argv_list=[["sudo", "apt", "update"], ["sudo", "apt", "install", "-y", "nvidia-driver", "firmware-misc-nonfree"],
                                 reboot], url=links.DRIVER_DEBIAN), check]
    if family == "fedora":
        return [_step(QT_TRANSLATE_NOOP("core", "Enable the RPM Fusion repositories (free and nonfree; their guide shows "
                                                "how), then install the driver, wait a few minutes for its kernel module to "
                                                "build, and restart:"),
                      argv_list=[["sudo", "dnf", "install", "-y", "akmod-nvidia", "xorg-x11-drv-nvidia-cuda"], reboot],
                      url=links.DRIVER_FEDORA), check]
    if family == "manjaro":
        return [_step(QT_TRANSLATE_NOOP("core", "Install Manjaro's proprietary NVIDIA driver for this card, then restart:"),
                      argv_list=[["sudo", "mhwd", "-a", "pci", "nonfree", "0300"], reboot], url=links.DRIVER_ARCH), check]
    if family == "arch":
        return [_step(QT_TRANSLATE_NOOP("core", "Install the NVIDIA driver (nvidia-open is for Turing, GTX 16xx / RTX 20xx, "
                                                "and newer; older cards need a legacy driver, see the wiki), then restart:"),
                      argv_list=[["sudo", "pacman", "-S", "--needed", "nvidia-open", "nvidia-utils"], reboot],
                      url=links.DRIVER_ARCH), check]
    if family == "opensuse":
        return [_step(QT_TRANSLATE_NOOP("core", "Install the NVIDIA driver from openSUSE's NVIDIA repository, as its guide "
                                                "shows, then restart."), url=links.DRIVER_OPENSUSE), check]
    if family == "rhel":
        return [_step(QT_TRANSLATE_NOOP("core", "Install the NVIDIA driver from NVIDIA's repository for this distribution, "
                                                "as NVIDIA's driver installation guide shows, then restart."),
                      url=links.DRIVER_RHEL), check]
    return [_step(QT_TRANSLATE_NOOP("core", "Install the NVIDIA driver for your GPU with your distribution's package "
                                            "manager (or NVIDIA's installer), then restart."), url=links.DRIVER_DOWNLOAD), check]


def cpu_route(os_kind: str, adapters: str) -> list[FixStep]:
    """No NVIDIA card: TensorFlow on the CPU here, or a computer or cloud instance with an NVIDIA GPU."""
    windows = os_kind == "windows"
    shell = Shell.POWERSHELL if windows else _BASH
    python = "python" if windows else "python3"
    return [_step(QT_TRANSLATE_NOOP("core", "Install TensorFlow for the CPU (no NVIDIA card here; graphics: {adapters}):"),
                  adapters=adapters, argv_list=[[python, "-m", "pip", "install", "tensorflow"]], shell=shell, url=links.TF_CPU_ROUTE),
            _step(QT_TRANSLATE_NOOP("core", "For GPU speed, use a computer or a cloud instance with an NVIDIA GPU "
                                            "(e.g. Google Colab, or a cloud VM with an NVIDIA GPU) and run tfgpu there."),
                  alternative=True)]
