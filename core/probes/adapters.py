"""Graphics adapters on the PCI bus: is there an NVIDIA card at all, and what is there instead.

- Linux: ``/sys/bus/pci/devices/*/{vendor,class,device}`` (display class 03xx), names from
  ``lspci -mm -nn`` when it is installed (sysfs has only IDs).
- Windows: the registry's ``HKLM\\SYSTEM\\CurrentControlSet\\Enum\\PCI\\VEN_xxxx&DEV_xxxx...``
  keys whose instances are of the Display class (``DeviceDesc`` names the adapter).
- WSL 2: Linux sees no PCI GPU; ``/dev/dxg`` carries the Windows GPU, and the Windows NVIDIA driver
  puts its libraries in ``/usr/lib/wsl/lib``. Without them nothing tells the adapter apart here.

``nvidia_present`` is True/False only when the bus was read; None means "could not tell".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tfgpu.core import kb
from tfgpu.core.host import Host, which
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.probes.base import ProbeResult, Status

SYSFS_PCI = "/sys/bus/pci/devices"
ENUM_PCI = "HKLM\\SYSTEM\\CurrentControlSet\\Enum\\PCI"
WSL_LIB = "/usr/lib/wsl/lib"
MAX_DEVICES = 256

_VEN_DEV = re.compile(r"(?i)^VEN_([0-9a-f]{4})&DEV_([0-9a-f]{4})")
_LSPCI_LINE = re.compile(r'^(?P<slot>\S+)\s+"(?P<cls>[^"]*)\[(?P<cc>[0-9a-f]{4})\]"\s+"(?P<vendor>[^"]*)\[(?P<vid>[0-9a-f]{4})\]"\s+'
                         r'"(?P<device>[^"]*)\[(?P<did>[0-9a-f]{4})\]"', re.I)


@dataclass(kw_only=True)
class Adapter:
    vendor_id: str  # "10de"
    device_id: str | None = None  # "2484"
    vendor: str = ""  # "NVIDIA", "Intel", or the ID when the KB does not know it
    name: str | None = None  # "Intel UHD Graphics 620" (lspci or the registry); None: not known
    slot: str | None = None  # PCI address ("0000:00:02.0") or the registry key
    nvidia: bool = False

    @property
    def label(self) -> str:
        return self.name or f"{self.vendor} {self.device_id or ''}".strip()


@dataclass(kw_only=True)
class AdaptersInfo(ProbeResult):
    method: str = "none"  # "sysfs" | "lspci" | "registry" | "wsl" | "none"
    adapters: list[Adapter] = field(default_factory=list)
    nvidia_present: bool | None = None  # None: the bus could not be read

    @property
    def nvidia(self) -> list[Adapter]:
        return [a for a in self.adapters if a.nvidia]

    @property
    def others(self) -> list[Adapter]:
        return [a for a in self.adapters if not a.nvidia]


def probe_adapters(host: Host, timeout: float = 10.0) -> AdaptersInfo:
    info = AdaptersInfo()
    system = host.platform.system
    if host.platform.is_windows:
        _windows(host, info)
    elif system == "Linux":
        _linux(host, info, timeout)
    else:
        info.status = Status.UNSUPPORTED
        info.reason = "os-unsupported"
        info.nvidia_present = False if system == "Darwin" else None
        info.set_hint(QT_TRANSLATE_NOOP("core", "NVIDIA GPUs with CUDA are supported on Windows and Linux only."))
        return info
    if info.nvidia_present is False:
        info.reason = "no-nvidia-adapter"
        names = ", ".join(a.label for a in info.adapters) or "none"
        info.set_hint(QT_TRANSLATE_NOOP("core", "No NVIDIA graphics card on this computer (graphics adapters found: "
                                                "{names}). TensorFlow can only use the CPU here."), names=names)
    return info


# -- Linux --------------------------------------------------------------------------------------


def _linux(host: Host, info: AdaptersInfo, timeout: float) -> None:
    if _is_wsl(host):
        _wsl(host, info)
        return
    files = host.files
    if not files.is_dir(SYSFS_PCI):
        _lspci_only(host, info, timeout)
        return
    info.method = "sysfs"
    for slot in sorted(files.listdir(SYSFS_PCI))[:MAX_DEVICES]:
        base = f"{SYSFS_PCI}/{slot}"
        cls = _read(host, f"{base}/class")
        if not kb.is_display_class(cls):
            continue
        vendor_id = _read(host, f"{base}/vendor").lower().removeprefix("0x")
        device_id = _read(host, f"{base}/device").lower().removeprefix("0x") or None
        info.adapters.append(_adapter(vendor_id, device_id, None, slot))
        info.add("file", f"{base}/{{vendor,class,device}}", f"{vendor_id}:{device_id} class {cls}")
    info.add("file", SYSFS_PCI, f"{len(info.adapters)} display controller(s)")
    info.nvidia_present = any(a.nvidia for a in info.adapters)
    if info.adapters:
        _names_from_lspci(host, info, timeout)
        _names_from_kb(info)


def _lspci_only(host: Host, info: AdaptersInfo, timeout: float) -> None:
    rows = _lspci(host, info, timeout)
    if rows is None:
        info.status = Status.ERROR
        info.reason = "pci-unreadable"
        info.set_hint(QT_TRANSLATE_NOOP("core", "Could not read the PCI bus (no /sys/bus/pci, no lspci)."))
        return
    info.method = "lspci"
    info.adapters = [_adapter(vid, did, name, slot) for slot, vid, did, name in rows]
    info.nvidia_present = any(a.nvidia for a in info.adapters)


def _names_from_lspci(host: Host, info: AdaptersInfo, timeout: float) -> None:
    rows = _lspci(host, info, timeout)
    by_slot = {slot.split(":", 1)[-1] if slot.count(":") == 2 else slot: name for slot, _v, _d, name in rows or []}
    for adapter in info.adapters:
        short = adapter.slot.split(":", 1)[-1] if adapter.slot and adapter.slot.count(":") == 2 else adapter.slot
        adapter.name = by_slot.get(short or "") or adapter.name


def _names_from_kb(info: AdaptersInfo) -> None:
    """An NVIDIA card lspci did not name (no lspci, as on servers and in containers) is named from the KB's copy of
    pci.ids, in lspci's form: sysfs alone shows 'NVIDIA 2335', the KB 'NVIDIA GH100 [H200 SXM 141GB]'."""
    for adapter in info.adapters:
        known = kb.gpu_by_pci_id(adapter.device_id) if adapter.nvidia and not adapter.name else None
        if known is not None:
            adapter.name = f"NVIDIA {known.chip} [{known.name}]"
            info.add("api", f"kb.gpu_by_pci_id({adapter.device_id!r})", known.source)


def _lspci(host: Host, info: AdaptersInfo, timeout: float) -> list[tuple[str, str, str, str]] | None:
    """(slot, vendor id, device id, "Vendor Device") of every display controller, or None without lspci."""
    exe = which(host, "lspci", ["/usr/bin", "/usr/sbin", "/sbin", "/bin"])
    if exe is None:
        return None
    result = host.run([exe, "-mm", "-nn"], timeout=timeout)
    info.add("command", result.describe(), (result.stdout or result.stderr)[:300])
    if not result.ok:
        return None
    rows = []
    for line in result.stdout.splitlines():
        match = _LSPCI_LINE.match(line.strip())
        if match and match.group("cc").lower().startswith("03"):
            name = f"{_short_vendor(match.group('vendor'))} {match.group('device').strip()}".strip()
            rows.append((match.group("slot"), match.group("vid").lower(), match.group("did").lower(), name))
    return rows


def _short_vendor(text: str) -> str:
    text = text.strip()
    for known in ("NVIDIA", "Intel", "AMD", "Advanced Micro Devices", "VMware", "Microsoft", "Red Hat", "Matrox", "ASPEED"):
        if known.lower() in text.lower():
            return "AMD" if known == "Advanced Micro Devices" else known
    return text


def _is_wsl(host: Host) -> bool:
    release = f"{host.platform.release} {_read(host, '/proc/version')}".lower()
    return "microsoft" in release


def _wsl(host: Host, info: AdaptersInfo) -> None:
    """WSL 2 shows no PCI GPU. The Windows NVIDIA driver maps libcuda and nvidia-smi into /usr/lib/wsl/lib."""
    info.method = "wsl"
    files = host.files
    dxg = files.exists("/dev/dxg")
    info.add("file", "/dev/dxg", "present" if dxg else "absent")
    names = files.listdir(WSL_LIB) if files.is_dir(WSL_LIB) else []
    nvidia_libs = [n for n in names if n.startswith(("libcuda.so", "nvidia-smi", "libnvidia-ml"))]
    info.add("file", WSL_LIB, ", ".join(nvidia_libs[:4]) or "no NVIDIA driver files")
    if dxg and nvidia_libs:
        info.nvidia_present = True
        info.adapters.append(Adapter(vendor_id="10de", vendor="NVIDIA", name=None, slot="/dev/dxg", nvidia=True))
    else:
        info.nvidia_present = None  # the adapter is on the Windows side; without NVIDIA's files we cannot tell
        info.reason = "wsl-no-nvidia-driver-files" if dxg else "wsl-no-gpu-passthrough"


# -- Windows ------------------------------------------------------------------------------------


def _windows(host: Host, info: AdaptersInfo) -> None:
    registry = host.registry
    keys = registry.subkeys(ENUM_PCI)
    if not keys:
        info.status = Status.ERROR
        info.reason = "pci-unreadable"
        info.add("registry", ENUM_PCI, "no subkeys")
        return
    info.method = "registry"
    display_guid = kb.windows_display_class_guid()
    for key in keys[:MAX_DEVICES * 4]:
        ids = _VEN_DEV.match(key)
        if not ids:
            continue
        for instance in registry.subkeys(f"{ENUM_PCI}\\{key}")[:8]:
            values = registry.values(f"{ENUM_PCI}\\{key}\\{instance}")
            if str(values.get("ClassGUID", "")).lower() != display_guid and str(values.get("Class", "")) != "Display":
                continue
            name = str(values.get("FriendlyName") or values.get("DeviceDesc") or "").split(";")[-1].strip() or None
            info.adapters.append(_adapter(ids.group(1).lower(), ids.group(2).lower(), name, f"{key}\\{instance}"))
            info.add("registry", f"{ENUM_PCI}\\{key}\\{instance}", name or "")
            break
    info.add("registry", ENUM_PCI, f"{len(info.adapters)} display adapter(s)")
    info.nvidia_present = any(a.nvidia for a in info.adapters)


# -- helpers ------------------------------------------------------------------------------------


def _adapter(vendor_id: str, device_id: str | None, name: str | None, slot: str | None) -> Adapter:
    return Adapter(vendor_id=vendor_id, device_id=device_id, vendor=kb.pci_vendor(vendor_id) or f"vendor {vendor_id}",
                   name=name, slot=slot, nvidia=kb.is_nvidia_vendor(vendor_id))


def _read(host: Host, path: str) -> str:
    try:
        return host.files.read_text(path, limit=4096).strip()
    except OSError:
        return ""
