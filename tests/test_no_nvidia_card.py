"""No NVIDIA card: the doctor's primary is no-nvidia-gpu with the adapters named and the CPU route, not a
driver download; and driver steps name the right OS (ubuntu-drivers only on Ubuntu). Commands are checked
by real bash (-n: parsed, not run)."""

from __future__ import annotations

import subprocess

import pytest

from fakes import fake_scan as fs
from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.findings.driver_steps import install_driver, linux_family
from tfgpu.core.findings.fixes import FixContext, fix_steps
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.driver import DriverInfo

NO_DRIVER = DriverInfo(status=Status.MISSING, reason="nvml-library-not-found")


def _commands(steps) -> str:
    return "\n".join(s.command or "" for s in steps)


def test_intel_only_laptop_gets_no_nvidia_gpu_the_adapter_and_the_cpu_route():
    scan = fs.scan(os=fs.os_info("windows"), drv=NO_DRIVER,
                   envs=[fs.env("C:\\py\\python.exe", tf=fs.tf_ok("C:\\py\\python.exe", "2.10.0", gpus=0))],
                   adapters=fs.adapters(("8086", "5917", "Intel(R) UHD Graphics 620")))
    diagnosis = diagnose(scan)
    assert diagnosis.primary.id == "no-nvidia-gpu"
    assert "Intel(R) UHD Graphics 620" in str(diagnosis.primary.detail)
    assert diagnosis.recommendation.route == "no-nvidia-gpu"
    commands = _commands(diagnosis.recommendation.steps)
    assert "pip" in commands and "tensorflow" in commands
    assert "nvidia.com" not in str([s.url for s in diagnosis.recommendation.steps])
    env = diagnosis.envs[0]
    assert env.primary.id == "no-nvidia-gpu"
    assert {f.id for f in env.findings} == {"no-nvidia-gpu"}  # no CUDA library findings: expected without a card


def test_a_machine_with_an_nvidia_card_but_no_driver_is_still_driver_missing():
    scan = fs.scan(os=fs.os_info("linux"), drv=NO_DRIVER,
                   adapters=fs.adapters(("8086", "46a8", None), ("10de", "25a2", None)))
    assert diagnose(scan).primary.id == "driver-missing"


def test_an_unreadable_bus_says_nothing_about_the_card():
    scan = fs.scan(os=fs.os_info("linux"), drv=NO_DRIVER)  # adapters not read (nvidia_present None)
    assert diagnose(scan).primary.id == "driver-missing"


@pytest.mark.parametrize("distro, like, family, expected, absent", [
    ("ubuntu", [], "ubuntu", "sudo ubuntu-drivers install", "apt install"),
    ("pop", ["ubuntu", "debian"], "ubuntu", "ubuntu-drivers", "dnf"),
    ("debian", [], "debian", "sudo apt install -y nvidia-driver firmware-misc-nonfree", "ubuntu-drivers"),
    ("fedora", [], "fedora", "sudo dnf install -y akmod-nvidia", "ubuntu-drivers"),
    ("arch", [], "arch", "sudo pacman -S --needed nvidia-open nvidia-utils", "ubuntu-drivers"),
    ("manjaro", ["arch"], "manjaro", "sudo mhwd -a pci nonfree 0300", "pacman"),
    ("opensuse-tumbleweed", ["opensuse", "suse"], "opensuse", "nvidia-smi", "ubuntu-drivers"),
])
def test_driver_steps_name_the_right_linux(distro, like, family, expected, absent):
    assert linux_family(distro, like) == family
    steps = install_driver("linux", distro, like)
    commands = _commands(steps)
    assert expected in commands and absent not in commands
    for step in steps:
        if step.command:
            assert subprocess.run(["bash", "-n", "-c", step.command]).returncode == 0, step.command


def test_driver_steps_for_wsl_and_windows_never_install_a_linux_driver():
    wsl = install_driver("wsl")
    assert not any(s.command for s in wsl) and any("Windows" in str(s.text) for s in wsl)
    windows = install_driver("windows")
    assert "sudo" not in _commands(windows) and windows[0].url


def test_the_doctor_on_debian_never_says_ubuntu_drivers():
    scan = fs.scan(os=fs.os_info("linux"), drv=NO_DRIVER, adapters=fs.adapters(("10de", "2484", None)))
    scan.os.distro, scan.os.name = "debian", "Debian GNU/Linux 12 (bookworm)"
    diagnosis = diagnose(scan)
    assert diagnosis.primary.id == "driver-missing"
    everything = _commands(diagnosis.primary.fix) + _commands(diagnosis.recommendation.steps)
    assert "ubuntu-drivers" not in everything and "nvidia-driver" in everything


def test_no_nvidia_gpu_fix_for_windows_is_powershell():
    steps = fix_steps("no-nvidia-gpu", FixContext(os="windows", adapters="Intel(R) UHD Graphics 620"))
    assert steps[0].shell.value == "powershell" and "tensorflow" in (steps[0].command or "")
    assert "Intel(R) UHD Graphics 620" in str(steps[0].text)


def test_the_os_probe_reads_the_distribution_id(linux_host):
    from tfgpu.core.probes.os_info import probe_os

    linux_host.write("/etc/os-release", 'PRETTY_NAME="Pop!_OS 22.04 LTS"\nNAME="Pop!_OS"\nID=pop\nID_LIKE="ubuntu debian"\n'
                                        'VERSION_ID="22.04"\n')
    info = probe_os(linux_host)
    assert (info.distro, info.distro_like) == ("pop", ["ubuntu", "debian"])
    assert linux_family(info.distro, info.distro_like) == "ubuntu"
