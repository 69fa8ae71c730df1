"""The frozen values one sampler tick produces.

A figure NVML or psutil cannot give is None, never 0; why it is missing is kept
in ``unavailable`` (metric -> short reason). Rings and plots turn None into NaN.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


class GpuStatus:
    """Why there are (or are no) GPU figures in a frame."""

    OK = "ok"  # NVML answered; ``gpus`` holds one sample per GPU
    STARTING = "starting"  # nvmlInit is running in its own thread
    NOT_RESPONDING = "not-responding"  # nvmlInit has not returned within the patience
    NO_DRIVER = "no-driver"  # no NVML library, or the driver is not loaded
    NO_GPUS = "no-gpus"  # NVML works but counts 0 GPUs
    NO_CARD = "no-card"  # the scan found no NVIDIA card at all (set by the app from its verdict, not by NVML)
    ERROR = "error"  # NVML failed in another way (permission, version mismatch...)


class GpuState:
    """One GPU's state inside a frame."""

    OK = "ok"
    LOST = "lost"  # a call raised GpuIsLost/Unknown mid-run: no more reads, the others go on


@dataclass(frozen=True)
class GpuProcess:
    pid: int
    name: str | None  # from psutil where the process can be seen, else None
    kind: str  # "compute", "graphics" or "compute+graphics"
    used_memory_mib: float | None  # None: NVML cannot say (always so under WDDM)


@dataclass(frozen=True)
class GpuSample:
    index: int
    timestamp: float  # time.time() of the read
    name: str | None = None
    uuid: str | None = None
    state: str = GpuState.OK
    gpu_util_percent: float | None = None
    mem_util_percent: float | None = None  # memory controller busy %
    mem_used_mib: float | None = None
    mem_total_mib: float | None = None
    temperature_c: float | None = None
    fan_percent: float | None = None
    power_w: float | None = None
    power_limit_w: float | None = None
    sm_clock_mhz: float | None = None
    mem_clock_mhz: float | None = None
    pstate: int | None = None  # 0 (P0, fastest) .. 15; None unknown
    throttle_reasons: tuple[str, ...] | None = None  # reason ids, () none active, None unknown
    pcie_rx_mib_s: float | None = None
    pcie_tx_mib_s: float | None = None
    processes: tuple[GpuProcess, ...] | None = None  # None: NVML gives no list
    processes_note: str | None = None  # e.g. "wddm": per-process memory is n/a under WDDM
    unavailable: Mapping[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def mem_used_percent(self) -> float | None:
        if self.mem_used_mib is None or not self.mem_total_mib:
            return None
        return 100.0 * self.mem_used_mib / self.mem_total_mib


@dataclass(frozen=True)
class HostSample:
    timestamp: float
    cpu_percent: float | None = None
    per_cpu_percent: tuple[float, ...] = ()
    ram_used_mib: float | None = None
    ram_total_mib: float | None = None
    ram_percent: float | None = None
    process_cpu_percent: float | None = None  # this app's process, % of one core
    process_rss_mib: float | None = None


@dataclass(frozen=True)
class MonitorFrame:
    """Everything one tick read."""

    timestamp: float  # time.time()
    host: HostSample
    gpus: tuple[GpuSample, ...] = ()
    gpu_status: str = GpuStatus.STARTING
    gpu_reason: str | None = None  # NVML's own words when gpu_status is not OK
    driver_version: str | None = None


from tfgpu.core.monitor.intervals import DEFAULT_INTERVAL_S, MIN_INTERVAL_S  # noqa: E402,F401 - re-exported
