"""NVIDIA driver and GPUs: NVML first, ``nvidia-smi`` as the fallback."""

from __future__ import annotations

from dataclasses import dataclass, field

from tfgpu.core.host import Host
from tfgpu.core.probes.base import ProbeResult, Status


@dataclass(kw_only=True)
class GpuInfo:
    index: int
    name: str
    uuid: str | None = None
    compute_capability: str | None = None  # "8.6"
    memory_total_mib: int | None = None
    driver_model: str | None = None  # "WDDM" / "TCC" on Windows, None elsewhere
    pci_bus_id: str | None = None
    power_limit_w: float | None = None
    max_graphics_clock_mhz: int | None = None
    max_memory_clock_mhz: int | None = None
    source: str = "nvml"  # "nvml" or "nvidia-smi"


@dataclass(kw_only=True)
class DriverInfo(ProbeResult):
    driver_version: str | None = None  # "551.86"
    cuda_driver_version: str | None = None  # highest CUDA the driver supports, "12.4"
    nvml_version: str | None = None
    source: str | None = None  # "nvml", "nvidia-smi" or None
    nvidia_smi_path: str | None = None
    gpus: list[GpuInfo] = field(default_factory=list)


def probe_driver(host: Host, timeout: float = 10.0) -> DriverInfo:
    return DriverInfo(status=Status.MISSING, reason="not-implemented")
