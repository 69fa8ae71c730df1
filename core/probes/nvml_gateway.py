"""The scan's NVML reader: init, read everything once, shut down (the monitor, which keeps NVML
open between ticks, has its own in ``core/monitor/nvml_source.py``; both share the decoding here).

Everything goes through ``host.nvml()``: the real ``pynvml`` module of
nvidia-ml-py, or a test fake with the same functions and exception classes.
One :func:`read_nvml` call initialises NVML once, reads what it can, and always
shuts it down. It never raises: a failed call becomes a reason code and the
error text, and an attribute NVML cannot give is None (never 0) with the reason
kept in ``unavailable``.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tfgpu.core.host import Host

# NVMLError subclass name -> the driver probe's reason code.
_REASON_BY_CLASS = {
    "NVMLError_LibraryNotFound": "nvml-library-not-found",
    "NVMLError_DriverNotLoaded": "driver-not-loaded",
    "NVMLError_LibRmVersionMismatch": "driver-library-mismatch",
    "NVMLError_NoPermission": "no-permission",
}
# The same by error code constant, for bindings that raise the base NVMLError.
_REASON_BY_CODE_NAME = {
    "NVML_ERROR_LIBRARY_NOT_FOUND": "nvml-library-not-found",
    "NVML_ERROR_DRIVER_NOT_LOADED": "driver-not-loaded",
    "NVML_ERROR_LIB_RM_VERSION_MISMATCH": "driver-library-mismatch",
    "NVML_ERROR_NO_PERMISSION": "no-permission",
}
_MIB = 1024 * 1024


@dataclass(frozen=True)
class NvmlFailure:
    """Why NVML as a whole gave nothing."""

    reason: str  # "nvml-library-not-found", "driver-not-loaded", ..., "nvml-error", "nvml-binding-missing"
    error: str  # "NVMLError_DriverNotLoaded: Driver Not Loaded"
    call: str  # the call that failed, e.g. "nvmlInit()"
    error_class: str | None = None  # "NVMLError_DriverNotLoaded"


@dataclass(kw_only=True)
class NvmlGpu:
    index: int
    name: str | None = None
    uuid: str | None = None
    compute_capability: str | None = None  # "8.6"
    memory_total_mib: int | None = None
    driver_model: str | None = None  # "WDDM", "TCC", "MCDM"; only asked on Windows
    pci_bus_id: str | None = None
    power_limit_w: float | None = None
    max_graphics_clock_mhz: int | None = None
    max_memory_clock_mhz: int | None = None
    unavailable: dict[str, str] = field(default_factory=dict)  # attribute -> why NVML gave none


@dataclass(kw_only=True)
class NvmlReport:
    failure: NvmlFailure | None = None
    driver_version: str | None = None
    cuda_driver_version: str | None = None  # "12.4"
    nvml_version: str | None = None
    device_count: int | None = None
    gpus: list[NvmlGpu] = field(default_factory=list)
    unavailable: dict[str, str] = field(default_factory=dict)
    calls: list[tuple[str, str]] = field(default_factory=list)  # (call, result) for evidence

    @property
    def ok(self) -> bool:
        return self.failure is None


# ---------------------------------------------------------------------------
# Small helpers.


def decode(value: Any) -> str | None:
    """NVML strings come as bytes (old bindings) or str; empty means none."""
    if value is None:
        return None
    if isinstance(value, (bytes, bytearray)):
        value = bytes(value).decode("utf-8", errors="replace")
    text = str(value).strip().strip("\x00").strip()
    return text or None


def cuda_version_text(raw: Any) -> str | None:
    """``12040`` -> ``"12.4"`` (NVML encodes 1000 * major + 10 * minor)."""
    try:
        number = int(raw)
    except (TypeError, ValueError):
        return None
    if number <= 0:
        return None
    return f"{number // 1000}.{(number % 1000) // 10}"


def error_text(exc: BaseException) -> str:
    try:
        message = str(exc)
    except Exception:  # noqa: BLE001 - pynvml's __str__ calls into the library
        message = ""
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


def reason_for(nv: Any, exc: BaseException) -> str:
    """Map an NVML exception to a reason code; anything unknown is ``nvml-error``."""
    for class_name, reason in _REASON_BY_CLASS.items():
        cls = getattr(nv, class_name, None)
        if isinstance(cls, type) and isinstance(exc, cls):
            return reason
    code = getattr(exc, "value", None)
    for const_name, reason in _REASON_BY_CODE_NAME.items():
        if code is not None and code == getattr(nv, const_name, object()):
            return reason
    return "nvml-error"


def _short_error(exc: BaseException | str) -> str:
    """``"Not Supported"`` rather than the class name, for per-attribute gaps."""
    if isinstance(exc, str):
        return exc
    try:
        return str(exc) or type(exc).__name__
    except Exception:  # noqa: BLE001
        return type(exc).__name__


class _Session:
    """Calls NVML functions by name and logs every call and its outcome."""

    def __init__(self, nv: Any, report: NvmlReport) -> None:
        self.nv = nv
        self.report = report

    def call(self, name: str, *args: Any, shown: str | None = None) -> tuple[Any, BaseException | str | None]:
        label = shown or f"{name}({', '.join(str(a) for a in args if not _is_handle(a))})"
        fn = getattr(self.nv, name, None)
        if not callable(fn):
            self.report.calls.append((label, "not in this NVML binding"))
            return None, "not in this NVML binding"
        try:
            value = fn(*args)
        except Exception as exc:  # noqa: BLE001 - NVMLError_* and anything a broken binding throws
            self.report.calls.append((label, error_text(exc)))
            return None, exc
        self.report.calls.append((label, _show(value)))
        return value, None

    def read(
        self,
        gpu: NvmlGpu,
        attr: str,
        convert: Callable[[Any], Any],
        name: str,
        *args: Any,
        shown: str | None = None,
    ) -> None:
        """Set ``gpu.<attr>`` from one call; on any failure leave None and say why."""
        value, error = self.call(name, *args, shown=shown)
        if error is not None:
            gpu.unavailable[attr] = _short_error(error)
            return
        try:
            converted = convert(value)
        except Exception as exc:  # noqa: BLE001 - odd value from an odd binding
            gpu.unavailable[attr] = f"unexpected value {value!r} ({type(exc).__name__})"
            return
        if converted is None:
            gpu.unavailable[attr] = f"unexpected value {value!r}"
        setattr(gpu, attr, converted)


def _is_handle(arg: Any) -> bool:
    return not isinstance(arg, (int, str, bytes))


def _show(value: Any) -> str:
    if isinstance(value, (bytes, bytearray, str)):
        return decode(value) or ""
    if hasattr(value, "total"):
        return f"total={getattr(value, 'total', None)}"
    if hasattr(value, "busId"):
        return f"busId={decode(getattr(value, 'busId', None))}"
    return repr(value)[:200]


# ---------------------------------------------------------------------------
# Value conversions.


def _compute_capability(value: Any) -> str | None:
    major, minor = value
    return f"{int(major)}.{int(minor)}"


def _mib(value: Any) -> int | None:
    total = getattr(value, "total", None)
    return int(total) // _MIB if total is not None else None


def _watts(milliwatts: Any) -> float:
    return int(milliwatts) / 1000.0


def _pci_bus_id(value: Any) -> str | None:
    return decode(getattr(value, "busId", None)) or decode(getattr(value, "busIdLegacy", None))


def _driver_model_name(nv: Any) -> Callable[[Any], str | None]:
    names = {
        getattr(nv, "NVML_DRIVER_WDDM", 0): "WDDM",
        getattr(nv, "NVML_DRIVER_WDM", 1): "TCC",  # NVML calls the TCC model "WDM"
        getattr(nv, "NVML_DRIVER_MCDM", 2): "MCDM",
    }

    def convert(value: Any) -> str | None:
        current = value[0] if isinstance(value, (list, tuple)) else value  # [current, pending]
        return names.get(int(current))

    return convert


# ---------------------------------------------------------------------------
# The one entry point.


def read_nvml(host: Host, *, ask_driver_model: bool | None = None) -> NvmlReport:
    """Init NVML once, read the system and every GPU, always shut down.

    ``ask_driver_model`` defaults to "is the host Windows" (WDDM/TCC exist only there).
    """
    report = NvmlReport()
    if ask_driver_model is None:
        ask_driver_model = host.platform.is_windows
    try:
        nv = host.nvml()
    except Exception as exc:  # noqa: BLE001
        nv, report.failure = None, NvmlFailure("nvml-binding-missing", error_text(exc), "import pynvml")
    if nv is None:
        report.failure = report.failure or NvmlFailure(
            "nvml-binding-missing", "the nvidia-ml-py binding (pynvml) cannot be imported", "import pynvml"
        )
        report.calls.append((report.failure.call, report.failure.error))
        return report

    session = _Session(nv, report)
    _, error = session.call("nvmlInit")
    if error is not None:
        report.failure = _failure(nv, error, "nvmlInit()")
        return report
    try:
        _read_system(session)
        count, error = session.call("nvmlDeviceGetCount")
        if error is not None:
            report.failure = _failure(nv, error, "nvmlDeviceGetCount()")
            return report
        report.device_count = int(count)
        for index in range(report.device_count):
            report.gpus.append(_read_gpu(session, index, bool(ask_driver_model)))
    except Exception as exc:  # noqa: BLE001 - e.g. a fake returning a non-int count
        report.failure = NvmlFailure("nvml-error", error_text(exc), "reading NVML", type(exc).__name__)
    finally:
        session.call("nvmlShutdown")
    return report


def read_nvml_within(host: Host, timeout: float) -> NvmlReport:
    """:func:`read_nvml` with a deadline. A stuck driver can block ``nvmlInit``
    forever; the call is left on a daemon thread and reported as ``nvml-timeout``."""
    box: list[NvmlReport] = []
    worker = threading.Thread(target=lambda: box.append(read_nvml(host)), name="tfgpu-nvml", daemon=True)
    worker.start()
    worker.join(timeout)
    if box:
        return box[0]
    failure = NvmlFailure("nvml-timeout", f"NVML did not answer within {timeout:g} s", "nvmlInit()")
    return NvmlReport(failure=failure, calls=[(failure.call, failure.error)])


def _failure(nv: Any, error: BaseException | str, call: str) -> NvmlFailure:
    if isinstance(error, str):
        return NvmlFailure("nvml-error", error, call)
    return NvmlFailure(reason_for(nv, error), error_text(error), call, type(error).__name__)


def _read_system(session: _Session) -> None:
    report = session.report
    for attr, name in (("driver_version", "nvmlSystemGetDriverVersion"), ("nvml_version", "nvmlSystemGetNVMLVersion")):
        value, error = session.call(name)
        if error is None:
            setattr(report, attr, decode(value))
        else:
            report.unavailable[attr] = _short_error(error)
    raw, error = session.call("nvmlSystemGetCudaDriverVersion")
    if error is not None:
        raw, error = session.call("nvmlSystemGetCudaDriverVersion_v2")
    if error is None:
        report.cuda_driver_version = cuda_version_text(raw)
    else:
        report.unavailable["cuda_driver_version"] = _short_error(error)


def _read_gpu(session: _Session, index: int, ask_driver_model: bool) -> NvmlGpu:
    nv = session.nv
    gpu = NvmlGpu(index=index)
    handle, error = session.call("nvmlDeviceGetHandleByIndex", index)
    if error is not None:
        gpu.unavailable["handle"] = _short_error(error)
        return gpu
    tag = f"GPU {index}"
    session.read(gpu, "name", decode, "nvmlDeviceGetName", handle, shown=f"nvmlDeviceGetName({tag})")
    session.read(gpu, "uuid", decode, "nvmlDeviceGetUUID", handle, shown=f"nvmlDeviceGetUUID({tag})")
    session.read(
        gpu, "compute_capability", _compute_capability, "nvmlDeviceGetCudaComputeCapability", handle,
        shown=f"nvmlDeviceGetCudaComputeCapability({tag})",
    )
    session.read(
        gpu, "memory_total_mib", _mib, "nvmlDeviceGetMemoryInfo", handle, shown=f"nvmlDeviceGetMemoryInfo({tag})"
    )
    session.read(gpu, "pci_bus_id", _pci_bus_id, "nvmlDeviceGetPciInfo", handle, shown=f"nvmlDeviceGetPciInfo({tag})")
    session.read(
        gpu, "power_limit_w", _watts, "nvmlDeviceGetEnforcedPowerLimit", handle,
        shown=f"nvmlDeviceGetEnforcedPowerLimit({tag}) [mW]",
    )
    session.read(
        gpu, "max_graphics_clock_mhz", int, "nvmlDeviceGetMaxClockInfo", handle, getattr(nv, "NVML_CLOCK_GRAPHICS", 0),
        shown=f"nvmlDeviceGetMaxClockInfo({tag}, NVML_CLOCK_GRAPHICS)",
    )
    session.read(
        gpu, "max_memory_clock_mhz", int, "nvmlDeviceGetMaxClockInfo", handle, getattr(nv, "NVML_CLOCK_MEM", 2),
        shown=f"nvmlDeviceGetMaxClockInfo({tag}, NVML_CLOCK_MEM)",
    )
    if ask_driver_model:
        session.read(
            gpu, "driver_model", _driver_model_name(nv), "nvmlDeviceGetDriverModel", handle,
            shown=f"nvmlDeviceGetDriverModel({tag})",
        )
    return gpu
