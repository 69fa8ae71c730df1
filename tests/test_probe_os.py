"""OS probe: Windows build/edition and WSL distros, Linux distro and WSL2 detection."""

from __future__ import annotations

from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.host import RealHost
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.os_info import parse_wsl_list, probe_os

# `wsl --list --verbose` as documented by Microsoft (learn.microsoft.com/windows/wsl/basic-commands);
# wsl.exe writes it as UTF-16LE unless WSL_UTF8=1.
WSL_LIST = (
    "  NAME                   STATE           VERSION\r\n"
    "* Ubuntu-22.04           Running         2\r\n"
    "  docker-desktop         Stopped         2\r\n"
    "  Legacy                 Stopped         1\r\n"
)
NT_KEY = "HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion"


def windows_11(host: FakeHost) -> None:
    for name, value in {"ProductName": "Windows 10 Pro", "CurrentBuild": "22631", "UBR": 3447, "DisplayVersion": "23H2"}.items():
        host.registry.set(NT_KEY, name, value)


def test_windows_11_is_named_11_although_the_registry_says_10(windows_host: FakeHost):
    windows_11(windows_host)
    info = probe_os(windows_host)
    assert info.status is Status.OK
    assert info.name == "Windows 11 Pro"
    assert info.build == "22631.3447"
    assert info.display_version == "23H2"
    assert info.architecture == "AMD64"


def test_wsl_distros_are_listed_from_utf16_output(windows_host: FakeHost):
    windows_11(windows_host)
    windows_host.write("C:\\Windows\\System32\\wsl.exe", b"MZ")
    windows_host.on("wsl.exe", FakeCommand(stdout=WSL_LIST.encode("utf-16-le")))
    info = probe_os(windows_host)
    assert info.wsl_installed is True
    assert [(d.name, d.version, d.default, d.state) for d in info.wsl_distros] == [
        ("Ubuntu-22.04", 2, True, "Running"),
        ("docker-desktop", 2, False, "Stopped"),
        ("Legacy", 1, False, "Stopped"),
    ]


def test_wsl_stub_without_distros_is_not_installed(windows_host: FakeHost):
    windows_host.write("C:\\Windows\\System32\\wsl.exe", b"MZ")
    text = "Windows Subsystem for Linux has no installed distributions.\r\n"
    windows_host.on("wsl.exe", FakeCommand(stdout=text.encode("utf-16-le"), returncode=4294967295))
    info = probe_os(windows_host)
    assert info.wsl_installed is False and info.wsl_distros == []


def test_no_wsl_exe_means_not_installed(windows_host: FakeHost):
    assert probe_os(windows_host).wsl_installed is False


def test_hung_wsl_is_unknown_not_a_crash(windows_host: FakeHost):
    windows_host.write("C:\\Windows\\System32\\wsl.exe", b"MZ")
    windows_host.on("wsl.exe", FakeCommand(hang=True))
    info = probe_os(windows_host, timeout=1)
    assert info.wsl_installed is None
    assert "did not answer" in (info.error or "")


def test_inside_wsl2_with_gpu_passthrough(linux_host: FakeHost):
    linux_host.write(
        "/proc/version",
        "Linux version 5.15.153.1-microsoft-standard-WSL2 (root@941d701f84f1) (gcc (GCC) 11.2.0) #1 SMP\n",
    )
    linux_host.write("/dev/dxg", b"")
    info = probe_os(linux_host)
    assert info.is_wsl and info.wsl_version == 2 and info.wsl_gpu is True
    assert info.name == "Ubuntu 22.04.4 LTS"


def test_wsl1_gets_a_hint_to_convert(linux_host: FakeHost):
    linux_host.write("/proc/version", "Linux version 4.4.0-19041-Microsoft (Microsoft@Microsoft.com) #1237-Microsoft\n")
    info = probe_os(linux_host)
    assert info.is_wsl and info.wsl_version == 1
    assert "--set-version" in (info.hint or "")


def test_plain_linux_is_not_wsl(linux_host: FakeHost):
    info = probe_os(linux_host)
    assert not info.is_wsl and info.wsl_version is None


def test_unreadable_os_release_is_evidence_not_an_error(linux_host: FakeHost):
    linux_host.files.local("/etc/os-release").unlink()
    linux_host.mkdir("/etc/os-release")  # a folder where a file should be: reading fails
    info = probe_os(linux_host)
    assert info.status is Status.OK and info.name == "Linux"
    assert any("unreadable" in ev.detail for ev in info.evidence)


def test_parse_wsl_list_ignores_garbage():
    assert parse_wsl_list("garbage\n\x00\x01\nNAME STATE VERSION\n") == []


def test_this_machine():
    info = probe_os(RealHost())
    assert info.status is Status.OK
    assert info.system == "Linux" and info.name
    assert info.is_wsl == ("microsoft" in open("/proc/version").read().lower())
