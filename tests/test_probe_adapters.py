"""Graphics adapters: is there an NVIDIA card at all (sysfs, lspci, the Windows registry, WSL), named from
real captures (tests/fixtures/adapters/SOURCES.md); and the real PCI bus of this machine."""

from __future__ import annotations

import os
from pathlib import Path

from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.host import RealHost
from tfgpu.core.probes.adapters import ENUM_PCI, probe_adapters
from tfgpu.core.probes.base import Status

FIXTURES = Path(__file__).parent / "fixtures" / "adapters"
DISPLAY_GUID = "{4d36e968-e325-11ce-bfc1-08002be10318}"


def pci_device(host: FakeHost, slot: str, vendor: str, device: str, cls: str) -> None:
    base = f"/sys/bus/pci/devices/{slot}"
    host.write(f"{base}/vendor", f"0x{vendor}\n")
    host.write(f"{base}/device", f"0x{device}\n")
    host.write(f"{base}/class", f"0x{cls}\n")


def test_a_laptop_with_intel_graphics_only_has_no_nvidia_card_and_names_it(linux_host: FakeHost):
    pci_device(linux_host, "0000:00:00.0", "8086", "5914", "060000")  # host bridge: not a display
    pci_device(linux_host, "0000:00:02.0", "8086", "5917", "030000")
    linux_host.write("/usr/bin/lspci", "#!/bin/sh\n", executable=True)
    linux_host.on("lspci", FakeCommand(stdout=(FIXTURES / "lspci-mm-nn-lenovo-uhd620.txt").read_text()))
    info = probe_adapters(linux_host)
    assert (info.method, info.nvidia_present, info.reason) == ("sysfs", False, "no-nvidia-adapter")
    assert [(a.vendor, a.device_id, a.name) for a in info.adapters] == [("Intel", "5917", "Intel UHD Graphics 620")]
    assert "Intel UHD Graphics 620" in (info.hint or "")


def test_a_hybrid_laptop_has_an_nvidia_card_even_as_a_3d_controller(linux_host: FakeHost):
    pci_device(linux_host, "0000:00:02.0", "8086", "46a8", "030000")
    pci_device(linux_host, "0000:01:00.0", "10de", "25a2", "030200")  # GeForce RTX 3050 Mobile: 3D controller
    info = probe_adapters(linux_host)
    assert info.nvidia_present is True and info.reason is None
    assert [a.vendor for a in info.nvidia] == ["NVIDIA"] and [a.vendor for a in info.others] == ["Intel"]
    # No lspci: the KB's copy of pci.ids names it, in lspci's form.
    assert info.adapters[1].label == "NVIDIA GA107M [GeForce RTX 3050 Mobile]"
    assert info.adapters[0].label == "Intel 46a8"  # pci.ids in the KB covers NVIDIA's devices only


def test_a_server_gpu_without_lspci_is_named_from_the_kb(linux_host: FakeHost):
    # Captured on a GPU machine lent to this project (2026-11-28): sysfs read '10de:2335 class 0x030200', no lspci;
    # NVML named the card 'NVIDIA H200'. The scan's Graphics line said 'NVIDIA 2335' before the KB named it.
    pci_device(linux_host, "0000:00:05.0", "10de", "2335", "030200")
    info = probe_adapters(linux_host)
    assert info.nvidia_present is True
    assert [a.label for a in info.nvidia] == ["NVIDIA GH100 [H200 SXM 141GB]"]
    assert any(e.source == "kb.gpu_by_pci_id('2335')" and "H200 SXM 141GB" in e.detail for e in info.evidence)


def test_without_sysfs_lspci_is_read(linux_host: FakeHost):
    linux_host.write("/usr/bin/lspci", "#!/bin/sh\n", executable=True)
    linux_host.on("lspci", FakeCommand(stdout=(FIXTURES / "lspci-mm-nn-asus-eeepc-945gme.txt").read_text()))
    info = probe_adapters(linux_host)
    assert (info.method, info.nvidia_present) == ("lspci", False)
    assert [a.name for a in info.adapters] == ["Intel Mobile 945GME Express Integrated Graphics Controller",
                                              "Intel Mobile 945GM/GMS/GME, 943/940GML Express Integrated Graphics Controller"]


def test_nothing_to_read_is_unknown_not_no(linux_host: FakeHost):
    info = probe_adapters(linux_host)
    assert (info.status, info.reason, info.nvidia_present) == (Status.ERROR, "pci-unreadable", None)


def test_windows_registry_display_adapters(windows_host: FakeHost):
    nvidia = f"{ENUM_PCI}\\VEN_10DE&DEV_25A2&SUBSYS_3A5D17AA&REV_A1\\4&26196085&0&0008"
    intel = f"{ENUM_PCI}\\VEN_8086&DEV_5917&SUBSYS_225C17AA&REV_07\\3&11583659&0&10"
    audio = f"{ENUM_PCI}\\VEN_10DE&DEV_228B&SUBSYS_3A5D17AA&REV_A1\\4&26196085&0&0108"  # the card's HDMI audio
    windows_host.registry.set(nvidia, "DeviceDesc", "@oem12.inf,%nvidia_dev.25a2%;NVIDIA GeForce RTX 3050 Laptop GPU")
    windows_host.registry.set(nvidia, "ClassGUID", DISPLAY_GUID)
    windows_host.registry.set(intel, "DeviceDesc", "@oem5.inf,%iKBLULTGT2%;Intel(R) UHD Graphics 620")
    windows_host.registry.set(intel, "Class", "Display")
    windows_host.registry.set(audio, "DeviceDesc", "@hdaudio.inf,%hdaudio.devicedesc%;High Definition Audio Controller")
    windows_host.registry.set(audio, "Class", "MEDIA")
    info = probe_adapters(windows_host)
    assert (info.method, info.nvidia_present) == ("registry", True)
    assert [a.name for a in info.adapters] == ["NVIDIA GeForce RTX 3050 Laptop GPU", "Intel(R) UHD Graphics 620"]


def test_windows_with_intel_only(windows_host: FakeHost):
    intel = f"{ENUM_PCI}\\VEN_8086&DEV_5917&SUBSYS_225C17AA&REV_07\\3&11583659&0&10"
    windows_host.registry.set(intel, "DeviceDesc", "@oem5.inf,%iKBLULTGT2%;Intel(R) UHD Graphics 620")
    windows_host.registry.set(intel, "ClassGUID", DISPLAY_GUID)
    info = probe_adapters(windows_host)
    assert info.nvidia_present is False and info.reason == "no-nvidia-adapter"


def test_wsl_with_the_windows_nvidia_driver(tmp_path):
    host = FakeHost(root=tmp_path, system="Linux", release="5.15.153.1-microsoft-standard-WSL2")
    host.write("/dev/dxg", "")
    host.write("/usr/lib/wsl/lib/libcuda.so.1", "")
    host.write("/usr/lib/wsl/lib/nvidia-smi", "")
    info = probe_adapters(host)
    assert (info.method, info.nvidia_present) == ("wsl", True)


def test_wsl_without_nvidia_files_cannot_tell(tmp_path):
    host = FakeHost(root=tmp_path, system="Linux", release="5.15.153.1-microsoft-standard-WSL2")
    host.write("/dev/dxg", "")
    info = probe_adapters(host)
    assert (info.nvidia_present, info.reason) == (None, "wsl-no-nvidia-driver-files")


def test_this_machine_for_real():
    """Read here independently of tfgpu: display-class (03xx) devices on this PCI bus, and NVIDIA's among them."""
    root = "/sys/bus/pci/devices"
    displays, nvidia = 0, 0
    for slot in os.listdir(root) if os.path.isdir(root) else []:
        with open(f"{root}/{slot}/class") as cls, open(f"{root}/{slot}/vendor") as vendor:
            if cls.read().strip().startswith("0x03"):
                displays += 1
                nvidia += vendor.read().strip().lower() == "0x10de"
    info = probe_adapters(RealHost())
    if os.path.isdir(root):
        assert info.method == "sysfs"
        assert len(info.adapters) == displays
        assert info.nvidia_present is (nvidia > 0)
