"""A fake NVML port with the API of ``pynvml`` (nvidia-ml-py).

It raises the REAL ``pynvml.NVMLError_*`` classes (``pynvml.NVMLError(code)``
picks the subclass, as the real binding does) and returns values taken from
real captures in ``tests/fixtures/nvidia_smi`` (see SOURCES.md there). The
captures are read here with the standard library only, not with the parsers
under test, so a parser bug cannot make the fake agree with it.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pynvml  # the real binding: its exception classes and constants

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "nvidia_smi"
MIB = 1024 * 1024


@dataclass
class FakeDevice:
    """One GPU. None means "this NVML does not know": the call raises NotSupported."""

    name: str
    uuid: str
    pci_bus_id: str
    memory_total_bytes: int | None
    enforced_power_limit_mw: int | None
    max_graphics_clock_mhz: int | None
    max_memory_clock_mhz: int | None
    driver_model: int | None = None  # pynvml.NVML_DRIVER_WDDM / _WDM (TCC) / _MCDM
    compute_capability: tuple[int, int] | None = None
    errors: dict[str, int] = field(default_factory=dict)  # function name -> NVML error code


@dataclass
class _PciInfo:  # the fields of pynvml.nvmlPciInfo_t that the probe reads
    busId: Any
    busIdLegacy: Any


@dataclass
class _Memory:  # pynvml.c_nvmlMemory_t
    total: int
    free: int = 0
    used: int = 0


class FakeNvml:
    """Pass as ``FakeHost(nvml_module=FakeNvml(...))``.

    ``init_error`` / ``errors`` take real NVML return codes (``pynvml.NVML_ERROR_*``).
    ``bytes_strings`` makes string calls return bytes, like old bindings did.
    """

    def __init__(
        self,
        devices: list[FakeDevice] | None = None,
        *,
        driver_version: str = "",
        cuda_driver_version: int | None = None,
        nvml_version: str | None = None,
        init_error: int | None = None,
        errors: dict[str, int] | None = None,
        bytes_strings: bool = False,
    ) -> None:
        self.devices = list(devices or [])
        self.driver_version = driver_version
        self.cuda_driver_version = cuda_driver_version
        self.nvml_version = nvml_version
        self.init_error = init_error
        self.errors = dict(errors or {})
        self.bytes_strings = bytes_strings
        self.calls: list[str] = []
        self.init_count = 0
        self.shutdown_count = 0
        self._live = 0

    # The real binding's names: every NVMLError_* class and NVML_* constant.
    def __getattr__(self, name: str) -> Any:
        if name.startswith(("NVMLError", "NVML_")):
            return getattr(pynvml, name)
        raise AttributeError(name)

    # -- helpers ---------------------------------------------------------
    def _enter(self, name: str, device: FakeDevice | None = None) -> None:
        self.calls.append(name)
        code = self.errors.get(name)
        if code is None and device is not None:
            code = device.errors.get(name)
        if code is not None:
            raise pynvml.NVMLError(code)
        if name not in ("nvmlInit", "nvmlInitWithFlags") and self._live <= 0:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_UNINITIALIZED)

    def _str(self, value: str) -> str | bytes:
        return value.encode() if self.bytes_strings else value

    def _device(self, handle: Any) -> FakeDevice:
        if not isinstance(handle, FakeDevice):
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        return handle

    @staticmethod
    def _known(value: Any) -> Any:
        if value is None:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_NOT_SUPPORTED)
        return value

    # -- init / shutdown -------------------------------------------------
    def nvmlInit(self) -> None:
        self._enter("nvmlInit")
        if self.init_error is not None:
            raise pynvml.NVMLError(self.init_error)
        self.init_count += 1
        self._live += 1

    def nvmlShutdown(self) -> None:
        self._enter("nvmlShutdown")
        self.shutdown_count += 1
        self._live -= 1

    # -- system ----------------------------------------------------------
    def nvmlSystemGetDriverVersion(self) -> str | bytes:
        self._enter("nvmlSystemGetDriverVersion")
        return self._str(self.driver_version)

    def nvmlSystemGetNVMLVersion(self) -> str | bytes:
        self._enter("nvmlSystemGetNVMLVersion")
        return self._str(self._known(self.nvml_version))

    def nvmlSystemGetCudaDriverVersion(self) -> int:
        self._enter("nvmlSystemGetCudaDriverVersion")
        return self._known(self.cuda_driver_version)

    def nvmlSystemGetCudaDriverVersion_v2(self) -> int:
        self._enter("nvmlSystemGetCudaDriverVersion_v2")
        return self._known(self.cuda_driver_version)

    # -- devices ---------------------------------------------------------
    def nvmlDeviceGetCount(self) -> int:
        self._enter("nvmlDeviceGetCount")
        return len(self.devices)

    def nvmlDeviceGetHandleByIndex(self, index: int) -> FakeDevice:
        self._enter("nvmlDeviceGetHandleByIndex")
        if not 0 <= index < len(self.devices):
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        device = self.devices[index]
        code = device.errors.get("nvmlDeviceGetHandleByIndex")
        if code is not None:
            raise pynvml.NVMLError(code)
        return device

    def nvmlDeviceGetName(self, handle: Any) -> str | bytes:
        device = self._device(handle)
        self._enter("nvmlDeviceGetName", device)
        return self._str(device.name)

    def nvmlDeviceGetUUID(self, handle: Any) -> str | bytes:
        device = self._device(handle)
        self._enter("nvmlDeviceGetUUID", device)
        return self._str(device.uuid)

    def nvmlDeviceGetCudaComputeCapability(self, handle: Any) -> tuple[int, int]:
        device = self._device(handle)
        self._enter("nvmlDeviceGetCudaComputeCapability", device)
        return self._known(device.compute_capability)

    def nvmlDeviceGetMemoryInfo(self, handle: Any, version: Any = None) -> _Memory:
        device = self._device(handle)
        self._enter("nvmlDeviceGetMemoryInfo", device)
        return _Memory(total=self._known(device.memory_total_bytes))

    def nvmlDeviceGetPciInfo(self, handle: Any) -> _PciInfo:
        device = self._device(handle)
        self._enter("nvmlDeviceGetPciInfo", device)
        legacy = device.pci_bus_id[4:] if len(device.pci_bus_id) > 12 else device.pci_bus_id
        return _PciInfo(busId=self._str(device.pci_bus_id), busIdLegacy=self._str(legacy))

    def nvmlDeviceGetEnforcedPowerLimit(self, handle: Any) -> int:
        device = self._device(handle)
        self._enter("nvmlDeviceGetEnforcedPowerLimit", device)
        return self._known(device.enforced_power_limit_mw)

    def nvmlDeviceGetMaxClockInfo(self, handle: Any, clock_type: int) -> int:
        device = self._device(handle)
        self._enter("nvmlDeviceGetMaxClockInfo", device)
        if clock_type == pynvml.NVML_CLOCK_GRAPHICS:
            return self._known(device.max_graphics_clock_mhz)
        if clock_type == pynvml.NVML_CLOCK_MEM:
            return self._known(device.max_memory_clock_mhz)
        raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)

    def nvmlDeviceGetDriverModel(self, handle: Any) -> list[int]:
        device = self._device(handle)
        self._enter("nvmlDeviceGetDriverModel", device)
        model = self._known(device.driver_model)
        return [model, model]  # [current, pending], as pynvml returns


# ---------------------------------------------------------------------------
# Devices built from real captures.


def _number(text: str | None) -> float | None:
    """"8192 MiB" -> 8192.0; "N/A" / "[N/A]" -> None."""
    if text is None:
        return None
    head = text.strip().split(" ")[0]
    try:
        return float(head)
    except ValueError:
        return None


_DRIVER_MODELS = {"WDDM": pynvml.NVML_DRIVER_WDDM, "TCC": pynvml.NVML_DRIVER_WDM}


def nvml_from_xml(name: str, *, compute_capability: tuple[int, int] | None = None, **kwargs: Any) -> FakeNvml:
    """A fake NVML that answers like the machine of a real ``-q -x`` capture.

    The v11/v13 XML carries no compute capability: pass it (with its source) or
    the fake answers NotSupported for it."""
    root = ET.parse(FIXTURES / name).getroot()
    cuda = root.findtext("cuda_version")
    devices = []
    for gpu in root.findall("gpu"):
        power = gpu.findtext("power_readings/enforced_power_limit") or gpu.findtext(
            "gpu_power_readings/current_power_limit"
        )
        memory = _number(gpu.findtext("fb_memory_usage/total"))
        watts = _number(power)
        graphics = _number(gpu.findtext("max_clocks/graphics_clock"))
        mem_clock = _number(gpu.findtext("max_clocks/mem_clock"))
        devices.append(
            FakeDevice(
                name=gpu.findtext("product_name") or "",
                uuid=gpu.findtext("uuid") or "",
                pci_bus_id=gpu.findtext("pci/pci_bus_id") or gpu.get("id", ""),
                memory_total_bytes=int(memory) * MIB if memory is not None else None,
                enforced_power_limit_mw=round(watts * 1000) if watts is not None else None,
                max_graphics_clock_mhz=int(graphics) if graphics is not None else None,
                max_memory_clock_mhz=int(mem_clock) if mem_clock is not None else None,
                driver_model=_DRIVER_MODELS.get((gpu.findtext("driver_model/current_dm") or "").strip()),
                compute_capability=compute_capability,
            )
        )
    major, _, minor = (cuda or "").partition(".")
    kwargs.setdefault("cuda_driver_version", int(major) * 1000 + int(minor) * 10 if cuda else None)
    kwargs.setdefault("driver_version", root.findtext("driver_version") or "")
    return FakeNvml(devices, **kwargs)


def read_query_csv(name: str) -> dict[str, str]:
    """The first data row of a ``--format=csv`` capture, keyed by bare field name."""
    header, row = (FIXTURES / name).read_text(encoding="utf-8").splitlines()[:2]
    names = [h.strip().split(" [")[0] for h in header.split(",")]
    return dict(zip(names, (v.strip() for v in row.split(","))))


def nvml_from_query_csv(
    name: str, *, cuda_driver_version: int | None, nvml_version: str | None, **kwargs: Any
) -> FakeNvml:
    """A fake NVML for the machine of a real full ``--query-gpu`` capture
    (the CUDA and NVML versions come from the same capture's other sections)."""
    row = read_query_csv(name)
    major, _, minor = row["compute_cap"].partition(".")
    device = FakeDevice(
        name=row["name"],
        uuid=row["uuid"],
        pci_bus_id=row["pci.bus_id"],
        memory_total_bytes=int(_number(row["memory.total"]) or 0) * MIB,
        enforced_power_limit_mw=round((_number(row["enforced.power.limit"]) or 0) * 1000),
        max_graphics_clock_mhz=int(_number(row["clocks.max.graphics"]) or 0),
        max_memory_clock_mhz=int(_number(row["clocks.max.memory"]) or 0),
        driver_model=_DRIVER_MODELS.get(row["driver_model.current"]),
        compute_capability=(int(major), int(minor)),
    )
    return FakeNvml(
        [device],
        driver_version=row["driver_version"],
        cuda_driver_version=cuda_driver_version,
        nvml_version=nvml_version,
        **kwargs,
    )
