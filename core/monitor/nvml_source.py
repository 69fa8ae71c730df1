"""The monitor's NVML gateway: one ``nvmlInit``, cached handles, one GpuSample per GPU per tick.

Everything goes through ``host.nvml()`` (the real ``pynvml`` or a test fake).
Rules, each of which keeps a tick cheap and honest:

- ``nvmlInit`` once (:meth:`NvmlSource.open`), ``nvmlShutdown`` once (:meth:`close`).
- Name, UUID, memory total and the driver model are read once. Fast figures
  (utilisation, memory used, power, SM/memory clocks, clocks event reasons) every
  tick; slow ones (temperature, fan, P-state, power limit, processes, PCIe) are
  kept for a TTL: ``nvmlDeviceGetPcieThroughput`` blocks ~20 ms per counter.
- A figure NVML cannot give is None with a short reason in ``unavailable``. A call
  that is not supported (or missing from the binding or driver) is never asked again.
- A GPU whose call raises GpuIsLost/Unknown/ResetRequired (or Uninitialized /
  DriverNotLoaded mid-run: a driver reset) is LOST: never queried again; the
  other GPUs go on.
- Nothing here raises.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tfgpu.core.host import Host, RealHost
from tfgpu.core.monitor.samples import GpuProcess, GpuSample, GpuState, GpuStatus
from tfgpu.core.monitor.throttle import decode_reasons, reason_table  # noqa: F401 - re-exported
from tfgpu.core.probes.nvml_gateway import decode, error_text, reason_for

log = logging.getLogger(__name__)

_MIB = 1024.0 * 1024.0
_U32_NA = 2**32 - 1  # NVML_VALUE_NOT_AVAILABLE_uint
_U64_NA = 2**64 - 1  # NVML_VALUE_NOT_AVAILABLE_ulonglong
_NO_DRIVER_REASONS = ("nvml-library-not-found", "driver-not-loaded")
_EMPTY: Mapping[str, str] = MappingProxyType({})

# Seconds a slow figure is kept before NVML is asked again.
DEFAULT_TTL_S: dict[str, float] = {
    "temperature": 1.0, "fan": 2.0, "pstate": 1.0, "power_limit": 10.0, "processes": 2.0, "pcie": 1.0,
}

# Error code names (with nvml.h's values) by what they mean here. Lost: the GPU, or the
# driver under it, is gone. Dead: asking again will not change the answer.
_LOST_CODES = {"NVML_ERROR_GPU_IS_LOST": 15, "NVML_ERROR_UNKNOWN": 999, "NVML_ERROR_RESET_REQUIRED": 16,
               "NVML_ERROR_UNINITIALIZED": 1, "NVML_ERROR_DRIVER_NOT_LOADED": 9}
_DEAD_CODES = {"NVML_ERROR_NOT_SUPPORTED": 3, "NVML_ERROR_NO_PERMISSION": 4, "NVML_ERROR_INVALID_ARGUMENT": 2,
               "NVML_ERROR_NOT_FOUND": 6, "NVML_ERROR_ARGUMENT_VERSION_MISMATCH": 25}
_FUNCTION_NOT_FOUND = ("NVML_ERROR_FUNCTION_NOT_FOUND", 13)  # the driver lacks the symbol

# The "Event" name is new in r535; older drivers only have "Throttle".
_REASON_FNS = ("nvmlDeviceGetCurrentClocksEventReasons", "nvmlDeviceGetCurrentClocksThrottleReasons")
# Newest first; a binding may lack the plain name, an older driver the newer symbol.
_COMPUTE_FNS = tuple(f"nvmlDeviceGetComputeRunningProcesses{v}" for v in ("", "_v3", "_v2"))
_GRAPHICS_FNS = tuple(f"nvmlDeviceGetGraphicsRunningProcesses{v}" for v in ("", "_v3", "_v2"))

# Plain numeric figures: (sample field, binding names, argument constant with its nvml.h
# value or None, TTL key or None for every tick, valid range, scale to the field's unit).
_SCALARS: tuple[tuple[str, tuple[str, ...], tuple[str, int] | None, str | None, float, float, float], ...] = (
    ("power_w", ("nvmlDeviceGetPowerUsage",), None, None, 0, _U32_NA - 1, 1e-3),  # mW
    ("sm_clock_mhz", ("nvmlDeviceGetClockInfo",), ("NVML_CLOCK_SM", 1), None, 0, 100_000, 1.0),
    ("mem_clock_mhz", ("nvmlDeviceGetClockInfo",), ("NVML_CLOCK_MEM", 2), None, 0, 100_000, 1.0),
    ("temperature_c", ("nvmlDeviceGetTemperature",), ("NVML_TEMPERATURE_GPU", 0), "temperature", -100, 300, 1.0),
    ("fan_percent", ("nvmlDeviceGetFanSpeed",), None, "fan", 0, 200, 1.0),  # nvml.h: "may exceed 100%"
    ("power_limit_w", ("nvmlDeviceGetEnforcedPowerLimit", "nvmlDeviceGetPowerManagementLimit"), None,
     "power_limit", 1, _U32_NA - 1, 1e-3),
    # KB/s; read as KiB/s, as nvitop does.
    ("pcie_tx_mib_s", ("nvmlDeviceGetPcieThroughput",), ("NVML_PCIE_UTIL_TX_BYTES", 0), "pcie", 0, _U32_NA - 1,
     1 / 1024),
    ("pcie_rx_mib_s", ("nvmlDeviceGetPcieThroughput",), ("NVML_PCIE_UTIL_RX_BYTES", 1), "pcie", 0, _U32_NA - 1,
     1 / 1024),
)


def psutil_process_name(pid: int) -> str | None:
    """This machine's name for a pid; None when it is gone or hidden."""
    try:
        import psutil

        return psutil.Process(pid).name() or None
    except Exception:  # noqa: BLE001 - NoSuchProcess, AccessDenied, ZombieProcess
        return None


class _Lost(Exception):
    """Internal: the GPU being read is gone."""


@dataclass(eq=False)
class _Gpu:
    index: int
    handle: Any = None
    name: str | None = None
    uuid: str | None = None
    mem_total_mib: float | None = None
    wddm: bool = False
    lost: Mapping[str, str] | None = None  # {"gpu": why} once lost
    dead: dict[str, str] = field(default_factory=dict)  # call key -> why; never asked again
    dead_why: dict[str, str] = field(default_factory=dict)  # sample field -> why
    dead_view: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    cache: dict[str, tuple[float, Any, str | None]] = field(default_factory=dict)  # key -> (expires, value, why)
    names: dict[int, str | None] = field(default_factory=dict)  # pid -> process name, for the pids last seen


class NvmlSource:
    """Open once (on any thread; it may hang in the driver), then :meth:`read` per tick."""

    def __init__(
        self,
        host: Host,
        *,
        ttl_s: Mapping[str, float] | None = None,
        clock: Callable[[], float] = time.monotonic,
        process_name: Callable[[int], str | None] | None = None,
    ) -> None:
        self._host = host
        self._ttl = {**DEFAULT_TTL_S, **(ttl_s or {})}
        self._clock = clock
        # psutil speaks for this machine only, not for a described one.
        self._name_of = process_name or (psutil_process_name if isinstance(host, RealHost) else (lambda _pid: None))
        self.status: str = GpuStatus.STARTING
        self.reason: str | None = None
        self.driver_version: str | None = None
        self.ready = threading.Event()  # set when open() has answered, either way
        self._nv: Any = None
        self._gpus: list[_Gpu] = []
        self._lock = threading.Lock()  # one read (or close) at a time
        self._inited = self._closed = self._shut = False
        self._fns: dict[tuple[str, ...], list[tuple[str, Callable[..., Any]]]] = {}
        self._why: dict[str, str] = {}  # this tick's transient reasons
        self._now = 0.0

    # -- open / close -----------------------------------------------------
    def open(self) -> None:
        try:
            self._open()
        except Exception as exc:  # noqa: BLE001 - never raise, whatever the binding does
            self.status, self.reason = GpuStatus.ERROR, error_text(exc)
        finally:
            self.ready.set()

    def _open(self) -> None:
        try:
            nv = self._host.nvml()
        except Exception:  # noqa: BLE001
            nv = None
        if nv is None:
            self.status = GpuStatus.ERROR
            self.reason = "the NVML binding (nvidia-ml-py, 'import pynvml') cannot be imported"
            return
        self._nv = nv
        try:
            nv.nvmlInit()
        except Exception as exc:  # noqa: BLE001
            no_driver = reason_for(nv, exc) in _NO_DRIVER_REASONS
            self.status = GpuStatus.NO_DRIVER if no_driver else GpuStatus.ERROR
            self.reason = error_text(exc)
            return
        with self._lock:
            if self._closed:  # closed while nvmlInit hung: undo it now
                self._inited = True
                self._shutdown()
                return
            self._inited = True
            self._setup_constants(nv)
            try:
                self.driver_version = decode(nv.nvmlSystemGetDriverVersion())
            except Exception:  # noqa: BLE001
                pass
            try:
                count = int(nv.nvmlDeviceGetCount())
            except Exception as exc:  # noqa: BLE001
                self.status, self.reason = GpuStatus.ERROR, error_text(exc)
                return
            if count <= 0:
                self.status, self.reason = GpuStatus.NO_GPUS, "NVML counts no NVIDIA GPU"
                return
            self._gpus = [self._open_gpu(index) for index in range(count)]
            self.status, self.reason = GpuStatus.OK, None

    def _setup_constants(self, nv: Any) -> None:
        def codes(table: Mapping[str, int]) -> frozenset[int]:
            return frozenset(int(getattr(nv, name, value)) for name, value in table.items())

        self._lost_codes = codes(_LOST_CODES)
        self._dead_codes = codes(_DEAD_CODES)
        self._missing_code = int(getattr(nv, _FUNCTION_NOT_FOUND[0], _FUNCTION_NOT_FOUND[1]))
        self._unknown_code = int(getattr(nv, "NVML_ERROR_UNKNOWN", 999))
        self._nvml_error = getattr(nv, "NVMLError", None)
        self._reasons = reason_table(nv)
        self._scalars = [
            (name, fns, () if arg is None else (getattr(nv, arg[0], arg[1]),), self._ttl.get(ttl) if ttl else None,
             lo, hi, scale)
            for name, fns, arg, ttl, lo, hi, scale in _SCALARS
        ]
        # nvmlMemory_v2: "used" without the driver's reserved memory, as nvidia-smi shows it
        # (v1's used = total - free counts it). Dropped for v1 if the driver lacks it.
        v2 = getattr(nv, "nvmlMemory_v2", None)
        self._mem_args: tuple[Any, ...] = (v2,) if isinstance(v2, int) else ()
        self._pstate_unknown = getattr(nv, "NVML_PSTATE_UNKNOWN", 32)
        self._wddm = getattr(nv, "NVML_DRIVER_WDDM", 0)

    def _open_gpu(self, index: int) -> _Gpu:
        gpu = _Gpu(index)
        try:
            gpu.handle = self._nv.nvmlDeviceGetHandleByIndex(index)
        except Exception as exc:  # noqa: BLE001 - no handle: nothing can be read
            self._mark_lost(gpu, exc)
            return gpu
        self._why = {}
        try:
            gpu.name = decode(self._get(gpu, "name", ("name",), ("nvmlDeviceGetName",)))
            gpu.uuid = decode(self._get(gpu, "uuid", ("uuid",), ("nvmlDeviceGetUUID",)))
            memory = None
            if self._mem_args:
                memory, _ = self._call(gpu, "memory_v2", (), ("nvmlDeviceGetMemoryInfo",), self._mem_args)
                if memory is None:
                    self._mem_args = ()
            if memory is None:
                memory = self._get(gpu, "memory", ("mem_total_mib", "mem_used_mib"), ("nvmlDeviceGetMemoryInfo",))
            gpu.mem_total_mib = self._num("mem_total_mib", getattr(memory, "total", None), 1, _U64_NA - 1, 1 / _MIB)
            if self._host.platform.is_windows:  # WDDM/TCC exist only there
                model = self._get(gpu, "driver_model", (), ("nvmlDeviceGetDriverModel",))
                current = model[0] if isinstance(model, (list, tuple)) else model
                gpu.wddm = current is not None and current == self._wddm
        except _Lost:
            pass
        return gpu

    def close(self) -> None:
        """``nvmlShutdown`` once, if ``nvmlInit`` succeeded; later reads give nothing."""
        self._closed = True
        if not self._lock.acquire(timeout=1.0):  # a read is stuck in the driver
            log.warning("NVML read still running; nvmlShutdown skipped")
            return
        try:
            self._shutdown()
        finally:
            self._lock.release()

    def _shutdown(self) -> None:
        if self._inited and not self._shut:
            self._shut = True
            try:
                self._nv.nvmlShutdown()
            except Exception as exc:  # noqa: BLE001
                log.debug("nvmlShutdown: %s", error_text(exc))

    # -- one tick ---------------------------------------------------------
    def read(self) -> tuple[GpuSample, ...]:
        """One sample per GPU (empty unless ``status`` is OK)."""
        if self.status != GpuStatus.OK or self._closed:
            return ()
        with self._lock:
            if self._closed:
                return ()
            stamp, self._now = time.time(), self._clock()
            samples = []
            for gpu in self._gpus:
                try:
                    samples.append(self._read_gpu(gpu, stamp))
                except Exception as exc:  # noqa: BLE001 - a bug here must not stop the monitor
                    log.exception("reading GPU %d", gpu.index)
                    why = MappingProxyType({"gpu": error_text(exc)})
                    samples.append(GpuSample(gpu.index, stamp, gpu.name, gpu.uuid, unavailable=why))
            return tuple(samples)

    def _read_gpu(self, gpu: _Gpu, stamp: float) -> GpuSample:
        if gpu.lost is not None:
            return self._lost_sample(gpu, stamp)
        self._why = {}
        get, num = self._get, self._num
        try:
            util = get(gpu, "util", ("gpu_util_percent", "mem_util_percent"), ("nvmlDeviceGetUtilizationRates",))
            memory = get(gpu, "memory", ("mem_used_mib",), ("nvmlDeviceGetMemoryInfo",), *self._mem_args)
            figures: dict[str, Any] = {
                name: num(name, get(gpu, name, (name,), fns, *args, ttl=ttl), lo, hi, scale)
                for name, fns, args, ttl, lo, hi, scale in self._scalars
            }
            mask = get(gpu, "reasons", ("throttle_reasons",), _REASON_FNS)
            pstate = get(gpu, "pstate", ("pstate",), ("nvmlDeviceGetPerformanceState",), ttl=self._ttl["pstate"])
            processes = self._processes(gpu)
        except _Lost:
            return self._lost_sample(gpu, stamp)
        if pstate == self._pstate_unknown:
            pstate, self._why["pstate"] = None, "unknown"
        pstate = num("pstate", pstate, 0, 15)
        reasons = None
        if isinstance(mask, int) and 0 <= mask < _U64_NA:
            reasons = decode_reasons(mask, self._reasons)
        elif mask is not None:
            self._why["throttle_reasons"] = f"unexpected value {mask!r}"
        total = num("mem_total_mib", getattr(memory, "total", None), 1, _U64_NA - 1, 1 / _MIB)
        why = self._why
        return GpuSample(
            index=gpu.index,
            timestamp=stamp,
            name=gpu.name,
            uuid=gpu.uuid,
            gpu_util_percent=num("gpu_util_percent", getattr(util, "gpu", None), 0, 100),
            mem_util_percent=num("mem_util_percent", getattr(util, "memory", None), 0, 100),
            mem_used_mib=num("mem_used_mib", getattr(memory, "used", None), 0, _U64_NA - 1, 1 / _MIB),
            mem_total_mib=total if total is not None else gpu.mem_total_mib,
            pstate=None if pstate is None else int(pstate),
            throttle_reasons=reasons,
            processes=processes,
            processes_note="wddm" if gpu.wddm else None,
            unavailable={**gpu.dead_why, **why} if why else gpu.dead_view,
            **figures,
        )

    def _processes(self, gpu: _Gpu) -> tuple[GpuProcess, ...] | None:
        """Compute and graphics lists merged; either one alone is enough."""
        if "processes" in gpu.dead:
            return None
        hit = gpu.cache.get("processes")
        if hit is not None and hit[0] > self._now:
            if hit[2]:
                self._why["processes"] = hit[2]
            return hit[1]
        compute, why_c = self._call(gpu, "compute_procs", (), _COMPUTE_FNS, ())
        graphics, why_g = self._call(gpu, "graphics_procs", (), _GRAPHICS_FNS, ())
        result = why = None
        if compute is not None or graphics is not None:
            result = self._merge(gpu, compute or (), graphics or ())
        elif "compute_procs" in gpu.dead and "graphics_procs" in gpu.dead:
            self._kill(gpu, "processes", ("processes",), why_c or why_g or "not supported")
            return None
        else:
            why = self._why["processes"] = why_c or why_g or "no answer"
        gpu.cache["processes"] = (self._now + self._ttl["processes"], result, why)
        return result

    def _merge(self, gpu: _Gpu, compute: Any, graphics: Any) -> tuple[GpuProcess, ...]:
        """Both lists by pid; a pid in both is "compute+graphics" (NVML gives it the same memory)."""
        seen: dict[int, tuple[set[str], float | None]] = {}
        for kind, entries in (("compute", compute), ("graphics", graphics)):
            for entry in entries:
                try:
                    pid = int(entry.pid)
                except (AttributeError, TypeError, ValueError):
                    continue
                raw = getattr(entry, "usedGpuMemory", None)
                mib = None if gpu.wddm or not isinstance(raw, int) or not 0 <= raw < _U64_NA else raw / _MIB
                kinds, old = seen.get(pid, (set(), None))
                kinds.add(kind)
                seen[pid] = (kinds, mib if old is None else old if mib is None else max(old, mib))
        names = {pid: gpu.names[pid] if pid in gpu.names else self._name_of(pid) for pid in seen}
        gpu.names = names  # forget pids that left
        return tuple(
            GpuProcess(pid, names[pid], "+".join(k for k in ("compute", "graphics") if k in kinds), mib)
            for pid, (kinds, mib) in sorted(seen.items())
        )

    def _lost_sample(self, gpu: _Gpu, stamp: float) -> GpuSample:
        return GpuSample(gpu.index, stamp, gpu.name, gpu.uuid, state=GpuState.LOST, unavailable=gpu.lost or _EMPTY)

    # -- calling NVML -----------------------------------------------------
    def _get(self, gpu: _Gpu, key: str, fields: tuple[str, ...], names: tuple[str, ...], *args: Any,
             ttl: float | None = None) -> Any:
        """One read (or its cached value); None on failure, the reason noted for ``fields``."""
        if ttl is not None:
            hit = gpu.cache.get(key)
            if hit is not None and hit[0] > self._now:
                if hit[2]:
                    self._why.update(dict.fromkeys(fields, hit[2]))
                return hit[1]
        value, why = self._call(gpu, key, fields, names, args)
        if why is not None and key not in gpu.dead:  # a dead call's reason is in dead_why
            self._why.update(dict.fromkeys(fields, why))
        if ttl is not None and key not in gpu.dead:
            gpu.cache[key] = (self._now + ttl, value, why)
        return value

    def _call(self, gpu: _Gpu, key: str, fields: tuple[str, ...], names: tuple[str, ...],
              args: tuple[Any, ...]) -> tuple[Any, str | None]:
        """(value, None) or (None, why). A call that can never work is remembered in
        ``gpu.dead`` (its reason put in ``dead_why`` for ``fields``); raises _Lost."""
        if key in gpu.dead:
            return None, gpu.dead[key]
        fns = self._fns.get(names)
        if fns is None:
            fns = self._fns[names] = [(n, f) for n in names if callable(f := getattr(self._nv, n, None))]
        if not fns:
            return None, self._kill(gpu, key, fields, "not in this NVML binding")
        while fns:
            name, fn = fns[0]
            try:
                return fn(gpu.handle, *args), None
            except Exception as exc:  # noqa: BLE001 - NVMLError_* or a broken binding
                code = getattr(exc, "value", None)
                if code in self._lost_codes and (code != self._unknown_code or self._confirm_lost(gpu)):
                    self._mark_lost(gpu, exc)
                    raise _Lost from None
                if code == self._missing_code and len(fns) > 1:
                    fns.pop(0)  # this driver lacks the symbol: use the older name from now on
                    continue
                why = _short(exc)
                nvml_error = isinstance(self._nvml_error, type) and isinstance(exc, self._nvml_error)
                if code in self._dead_codes or code == self._missing_code or not nvml_error:
                    return None, self._kill(gpu, key, fields, why)
                return None, why
        return None, gpu.dead.get(key)  # unreachable: the loop always returns

    def _kill(self, gpu: _Gpu, key: str, fields: tuple[str, ...], why: str) -> str:
        gpu.dead[key] = why
        gpu.cache.pop(key, None)
        for name in fields:
            gpu.dead_why.setdefault(name, why)
        gpu.dead_view = MappingProxyType(dict(gpu.dead_why))
        return why

    def _confirm_lost(self, gpu: _Gpu) -> bool:
        """After an "Unknown Error": is the GPU itself gone? Healthy cards give it for one
        sensor (fan, power) now and then; a lost GPU fails a plain call too."""
        try:
            self._nv.nvmlDeviceGetUUID(gpu.handle)
        except Exception:  # noqa: BLE001
            return True
        return False

    def _mark_lost(self, gpu: _Gpu, exc: BaseException) -> None:
        gpu.lost = MappingProxyType({"gpu": error_text(exc)})
        log.warning("GPU %d is lost (%s); it is no longer read", gpu.index, error_text(exc))

    def _num(self, name: str, value: Any, lo: float, hi: float, scale: float = 1.0) -> float | None:
        """A number in [lo, hi] times ``scale``; else None with "unexpected value" noted."""
        if value is None:
            return None
        try:
            number = float(value)
        except (TypeError, ValueError):
            number = float("nan")
        if not lo <= number <= hi:  # also NaN and the NOT_AVAILABLE sentinels
            self._why[name] = f"unexpected value {value!r}"
            return None
        return number * scale


def _short(exc: BaseException) -> str:
    """``"Not Supported"``: NVML's words, not the class name."""
    try:
        return str(exc) or type(exc).__name__
    except Exception:  # noqa: BLE001 - pynvml's __str__ calls into the library
        return type(exc).__name__
