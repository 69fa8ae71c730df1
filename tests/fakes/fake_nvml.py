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
class FakeProcess:
    """One entry of ``nvidia-smi``'s process list: kind "C", "G" or "C+G"."""

    pid: int
    kind: str
    used_memory_bytes: int | None  # None: N/A (always so under WDDM)


@dataclass
class FakeDevice:
    """One GPU. None means "this NVML does not know": the call raises NotSupported.

    The dynamic fields are plain attributes: a test changes them between ticks
    (``device.gpu_util = 90``). ``errors`` maps a function name (or ``"*"``, any
    call on this device) to an NVML return code, raised from then on.
    """

    name: str
    uuid: str
    pci_bus_id: str
    memory_total_bytes: int | None
    enforced_power_limit_mw: int | None
    max_graphics_clock_mhz: int | None
    max_memory_clock_mhz: int | None
    driver_model: int | None = None  # pynvml.NVML_DRIVER_WDDM / _WDM (TCC) / _MCDM
    compute_capability: tuple[int, int] | None = None
    errors: dict[str, int] = field(default_factory=dict)  # function name or "*" -> NVML error code
    # Dynamic values (what one tick reads).
    memory_used_bytes: int = 0  # nvidia-smi's "used" (r510+: without "reserved")
    memory_reserved_bytes: int = 0
    gpu_util: int | None = None  # nvmlDeviceGetUtilizationRates().gpu, %
    mem_util: int | None = None  # .memory (memory controller busy), %
    temperature_c: int | None = None
    fan_percent: int | None = None
    power_usage_mw: int | None = None
    graphics_clock_mhz: int | None = None
    sm_clock_mhz: int | None = None
    mem_clock_mhz: int | None = None
    pstate: int | None = None  # 0..15 (P0..P15)
    clocks_event_reasons: int | None = None  # bitmask, nvmlClocksEventReason* bits
    pcie_tx_kb_s: int | None = None
    pcie_rx_kb_s: int | None = None
    processes: list[FakeProcess] | None = None  # None: the process calls raise NotSupported
    calls: list[str] = field(default_factory=list, repr=False)  # the calls made on this device


@dataclass
class _PciInfo:  # the fields of pynvml.nvmlPciInfo_t that the probe reads
    busId: Any
    busIdLegacy: Any


@dataclass
class _Memory:  # pynvml.c_nvmlMemory_t (v1) / c_nvmlMemory_v2_t
    total: int
    free: int = 0
    used: int = 0
    reserved: int = 0  # v2 only
    version: int = 0


@dataclass
class _Utilization:  # pynvml.c_nvmlUtilization_t
    gpu: int
    memory: int


@dataclass
class _ProcessInfo:  # what nvmlStructToFriendlyObject(c_nvmlProcessInfo_v3_t) gives
    pid: int
    usedGpuMemory: int | None
    gpuInstanceId: int = 0xFFFFFFFF
    computeInstanceId: int = 0xFFFFFFFF


# nvidia-ml-py 13.x turns NVML_VALUE_NOT_AVAILABLE_ulonglong into None; older
# bindings handed the raw sentinel through (``raw_sentinels=True``).
NOT_AVAILABLE_ULL = 2**64 - 1


class FakeNvml:
    """Pass as ``FakeHost(nvml_module=FakeNvml(...))``.

    ``init_error`` / ``errors`` take real NVML return codes (``pynvml.NVML_ERROR_*``).
    ``bytes_strings`` makes string calls return bytes, like old bindings did.
    ``absent``: functions the (older) driver library lacks: they raise FunctionNotFound,
    as the real binding does when the symbol is missing. ``hidden``: functions this
    binding does not have at all (AttributeError). ``calls`` logs every call by name.
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
        absent: set[str] | None = None,
        hidden: set[str] | None = None,
        raw_sentinels: bool = False,
    ) -> None:
        self.devices = list(devices or [])
        self.driver_version = driver_version
        self.cuda_driver_version = cuda_driver_version
        self.nvml_version = nvml_version
        self.init_error = init_error
        self.errors = dict(errors or {})
        self.bytes_strings = bytes_strings
        self.absent = set(absent or ())
        self.hidden = set(hidden or ())
        self.raw_sentinels = raw_sentinels
        self.calls: list[str] = []
        self.init_count = 0
        self.shutdown_count = 0
        self._live = 0

    # The real binding's names: every NVMLError_* class, NVML_* constant,
    # nvmlClocks{Event,Throttle}Reason* bit and nvmlMemory_v2 (never its functions).
    def __getattr__(self, name: str) -> Any:
        if name.startswith(("NVMLError", "NVML_", "nvmlClocksEventReason", "nvmlClocksThrottleReason", "nvmlMemory_v")):
            return getattr(pynvml, name)
        raise AttributeError(name)

    def __getattribute__(self, name: str) -> Any:
        if name.startswith("nvml") and name in object.__getattribute__(self, "hidden"):
            raise AttributeError(name)
        return object.__getattribute__(self, name)

    def count(self, name: str) -> int:
        """How many times ``name`` was called."""
        return self.calls.count(name)

    # -- helpers ---------------------------------------------------------
    def _enter(self, name: str, device: FakeDevice | None = None) -> None:
        self.calls.append(name)
        if device is not None:
            device.calls.append(name)
        if name in self.absent:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_FUNCTION_NOT_FOUND)
        code = self.errors.get(name)
        if code is None and device is not None:
            code = device.errors.get(name, device.errors.get("*"))
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
        total = self._known(device.memory_total_bytes)
        used, reserved = device.memory_used_bytes, device.memory_reserved_bytes
        free = max(0, total - used - reserved)
        if version:  # pynvml calls the nvmlDeviceGetMemoryInfo_v2 symbol: "used" without "reserved"
            if "nvmlDeviceGetMemoryInfo_v2" in self.absent:
                raise pynvml.NVMLError(pynvml.NVML_ERROR_FUNCTION_NOT_FOUND)
            return _Memory(total=total, free=free, used=used, reserved=reserved, version=version)
        return _Memory(total=total, free=free, used=total - free)  # v1: "used" includes "reserved"

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

    # -- dynamic (per tick) ---------------------------------------------
    def nvmlDeviceGetUtilizationRates(self, handle: Any) -> _Utilization:
        device = self._device(handle)
        self._enter("nvmlDeviceGetUtilizationRates", device)
        return _Utilization(gpu=self._known(device.gpu_util), memory=self._known(device.mem_util))

    def nvmlDeviceGetTemperature(self, handle: Any, sensor: int) -> int:
        device = self._device(handle)
        self._enter("nvmlDeviceGetTemperature", device)
        if sensor != pynvml.NVML_TEMPERATURE_GPU:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        return self._known(device.temperature_c)

    def nvmlDeviceGetFanSpeed(self, handle: Any) -> int:
        device = self._device(handle)
        self._enter("nvmlDeviceGetFanSpeed", device)
        return self._known(device.fan_percent)

    def nvmlDeviceGetPowerUsage(self, handle: Any) -> int:
        device = self._device(handle)
        self._enter("nvmlDeviceGetPowerUsage", device)
        return self._known(device.power_usage_mw)

    def nvmlDeviceGetClockInfo(self, handle: Any, clock_type: int) -> int:
        device = self._device(handle)
        self._enter("nvmlDeviceGetClockInfo", device)
        by_type = {
            pynvml.NVML_CLOCK_GRAPHICS: device.graphics_clock_mhz,
            pynvml.NVML_CLOCK_SM: device.sm_clock_mhz,
            pynvml.NVML_CLOCK_MEM: device.mem_clock_mhz,
        }
        if clock_type not in by_type:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        return self._known(by_type[clock_type])

    def nvmlDeviceGetPerformanceState(self, handle: Any) -> int:
        device = self._device(handle)
        self._enter("nvmlDeviceGetPerformanceState", device)
        return self._known(device.pstate)

    def nvmlDeviceGetCurrentClocksEventReasons(self, handle: Any) -> int:
        device = self._device(handle)
        self._enter("nvmlDeviceGetCurrentClocksEventReasons", device)
        return self._known(device.clocks_event_reasons)

    def nvmlDeviceGetCurrentClocksThrottleReasons(self, handle: Any) -> int:
        device = self._device(handle)
        self._enter("nvmlDeviceGetCurrentClocksThrottleReasons", device)
        return self._known(device.clocks_event_reasons)

    def nvmlDeviceGetPcieThroughput(self, handle: Any, counter: int) -> int:
        device = self._device(handle)
        self._enter("nvmlDeviceGetPcieThroughput", device)
        if counter == pynvml.NVML_PCIE_UTIL_TX_BYTES:
            return self._known(device.pcie_tx_kb_s)
        if counter == pynvml.NVML_PCIE_UTIL_RX_BYTES:
            return self._known(device.pcie_rx_kb_s)
        raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)

    def _processes(self, name: str, handle: Any, letter: str) -> list[_ProcessInfo]:
        device = self._device(handle)
        self._enter(name, device)
        found = []
        for proc in self._known(device.processes):
            if letter in proc.kind:
                memory = proc.used_memory_bytes
                if memory is None and self.raw_sentinels:
                    memory = NOT_AVAILABLE_ULL
                found.append(_ProcessInfo(pid=proc.pid, usedGpuMemory=memory))
        return found

    def nvmlDeviceGetComputeRunningProcesses(self, handle: Any) -> list[_ProcessInfo]:
        return self._processes("nvmlDeviceGetComputeRunningProcesses", handle, "C")

    def nvmlDeviceGetComputeRunningProcesses_v3(self, handle: Any) -> list[_ProcessInfo]:
        return self._processes("nvmlDeviceGetComputeRunningProcesses_v3", handle, "C")

    def nvmlDeviceGetComputeRunningProcesses_v2(self, handle: Any) -> list[_ProcessInfo]:
        return self._processes("nvmlDeviceGetComputeRunningProcesses_v2", handle, "C")

    def nvmlDeviceGetGraphicsRunningProcesses(self, handle: Any) -> list[_ProcessInfo]:
        return self._processes("nvmlDeviceGetGraphicsRunningProcesses", handle, "G")

    def nvmlDeviceGetGraphicsRunningProcesses_v3(self, handle: Any) -> list[_ProcessInfo]:
        return self._processes("nvmlDeviceGetGraphicsRunningProcesses_v3", handle, "G")

    def nvmlDeviceGetGraphicsRunningProcesses_v2(self, handle: Any) -> list[_ProcessInfo]:
        return self._processes("nvmlDeviceGetGraphicsRunningProcesses_v2", handle, "G")


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


def _int(text: str | None) -> int | None:
    value = _number(text)
    return round(value) if value is not None else None


_DRIVER_MODELS = {"WDDM": pynvml.NVML_DRIVER_WDDM, "TCC": pynvml.NVML_DRIVER_WDM}

# <clocks_event_reason_X> / <clocks_throttle_reason_X> -> the bit of nvml.h
# (nvmlClocksEventReason* in pynvml; same values as the older *ThrottleReason*).
_REASON_BITS = {
    "gpu_idle": pynvml.nvmlClocksEventReasonGpuIdle,
    "applications_clocks_setting": pynvml.nvmlClocksEventReasonApplicationsClocksSetting,
    "sw_power_cap": pynvml.nvmlClocksEventReasonSwPowerCap,
    "hw_slowdown": pynvml.nvmlClocksEventReasonHwSlowdown,
    "sync_boost": pynvml.nvmlClocksEventReasonSyncBoost,
    "sw_thermal_slowdown": pynvml.nvmlClocksEventReasonSwThermalSlowdown,
    "hw_thermal_slowdown": pynvml.nvmlClocksEventReasonHwThermalSlowdown,
    "hw_power_brake_slowdown": pynvml.nvmlClocksEventReasonHwPowerBrakeSlowdown,
    "display_clocks_setting": pynvml.nvmlClocksEventReasonDisplayClockSetting,
}


def _reasons(gpu: ET.Element) -> tuple[int | None, bool]:
    """(bitmask of the Active reasons, whether the capture used the new "event" names)."""
    for tag, new in (("clocks_event_reasons", True), ("clocks_throttle_reasons", False)):
        block = gpu.find(tag)
        if block is None:
            continue
        prefix = tag[:-1] + "_"  # "clocks_event_reason_"
        mask = 0
        for child in block:
            if (child.text or "").strip() == "Active":
                mask |= _REASON_BITS[child.tag.removeprefix(prefix)]
        return mask, new
    return None, True


def _processes(gpu: ET.Element) -> list[FakeProcess]:
    found = []
    for info in gpu.findall("processes/process_info"):
        memory = _number(info.findtext("used_memory"))
        found.append(
            FakeProcess(
                pid=int(info.findtext("pid") or 0),
                kind=(info.findtext("type") or "").strip(),
                used_memory_bytes=int(memory) * MIB if memory is not None else None,
            )
        )
    return found


def _dynamic(gpu: ET.Element) -> dict[str, Any]:
    """The per-tick values of one ``<gpu>`` of a capture, as FakeDevice fields.

    Power draw: ``power_readings/power_draw`` (v11); v13 shows both
    ``average_power_draw`` and ``instant_power_draw``: nvmlDeviceGetPowerUsage
    gives the 1 s average on Ampere and newer (nvml.h), so the average is used."""
    used = _number(gpu.findtext("fb_memory_usage/used"))
    power = gpu.findtext("power_readings/power_draw") or gpu.findtext("gpu_power_readings/average_power_draw")
    watts = _number(power)
    pstate = (gpu.findtext("performance_state") or "").strip()
    reasons, _new = _reasons(gpu)
    return {
        "memory_used_bytes": int(used) * MIB if used is not None else 0,
        "memory_reserved_bytes": int(_number(gpu.findtext("fb_memory_usage/reserved")) or 0) * MIB,
        "gpu_util": _int(gpu.findtext("utilization/gpu_util")),
        "mem_util": _int(gpu.findtext("utilization/memory_util")),
        "temperature_c": _int(gpu.findtext("temperature/gpu_temp")),
        "fan_percent": _int(gpu.findtext("fan_speed")),
        "power_usage_mw": round(watts * 1000) if watts is not None else None,
        "graphics_clock_mhz": _int(gpu.findtext("clocks/graphics_clock")),
        "sm_clock_mhz": _int(gpu.findtext("clocks/sm_clock")),
        "mem_clock_mhz": _int(gpu.findtext("clocks/mem_clock")),
        "pstate": int(pstate[1:]) if pstate[:1] == "P" and pstate[1:].isdigit() else None,
        "clocks_event_reasons": reasons,
        "pcie_tx_kb_s": _int(gpu.findtext("pci/tx_util")),
        "pcie_rx_kb_s": _int(gpu.findtext("pci/rx_util")),
        "processes": _processes(gpu),
    }


def nvml_from_xml(name: str, *, compute_capability: tuple[int, int] | None = None, **kwargs: Any) -> FakeNvml:
    """A fake NVML that answers like the machine of a real ``-q -x`` capture.

    The v11/v13 XML carries no compute capability: pass it (with its source) or
    the fake answers NotSupported for it. A capture with the old
    ``clocks_throttle_reasons`` block comes from a driver before r535, whose
    library lacks ``nvmlDeviceGetCurrentClocksEventReasons`` (FunctionNotFound)."""
    root = ET.parse(FIXTURES / name).getroot()
    cuda = root.findtext("cuda_version")
    devices = []
    old_reasons = False
    for gpu in root.findall("gpu"):
        mask, new_names = _reasons(gpu)
        old_reasons = old_reasons or (mask is not None and not new_names)
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
                **_dynamic(gpu),
            )
        )
    if old_reasons:
        kwargs.setdefault("absent", {"nvmlDeviceGetCurrentClocksEventReasons"})
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
