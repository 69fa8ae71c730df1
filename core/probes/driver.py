"""NVIDIA driver and GPUs: NVML first, ``nvidia-smi`` as the fallback.

Reason codes (stable ids; status and plain-words hint in :data:`REASONS`):
``nvml-library-not-found``, ``driver-not-loaded``, ``no-device``,
``driver-library-mismatch``, ``no-permission``, ``nvidia-smi-failed``,
``nvidia-smi-timeout``, ``nvml-timeout``, ``nvml-error``, ``driver-not-found``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields

from tfgpu.core.host import CommandResult, Host
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.probes import nvidia_smi as smi
from tfgpu.core.probes.base import ProbeResult, Status
from tfgpu.core.probes.nvml_gateway import NvmlReport, read_nvml_within

PROC_VERSION_FILE = "/proc/driver/nvidia/version"


@dataclass(kw_only=True)
class GpuInfo:
    index: int
    name: str  # "" only when nothing could tell (see ``unavailable["name"]``)
    uuid: str | None = None
    compute_capability: str | None = None  # "8.6"
    memory_total_mib: int | None = None
    driver_model: str | None = None  # "WDDM" / "TCC" on Windows, None elsewhere
    pci_bus_id: str | None = None
    power_limit_w: float | None = None
    max_graphics_clock_mhz: int | None = None
    max_memory_clock_mhz: int | None = None
    source: str = "nvml"  # "nvml" or "nvidia-smi"
    unavailable: dict[str, str] = field(default_factory=dict)  # field -> why it is None


@dataclass(kw_only=True)
class DriverInfo(ProbeResult):
    driver_version: str | None = None  # "551.86"
    cuda_driver_version: str | None = None  # highest CUDA the driver supports, "12.4"
    nvml_version: str | None = None
    source: str | None = None  # "nvml", "nvidia-smi" or None
    nvidia_smi_path: str | None = None
    gpus: list[GpuInfo] = field(default_factory=list)
    kernel_module_version: str | None = None  # Linux: /proc/driver/nvidia/version
    nvml_failure: str | None = None  # the NVML error when NVML could not be used


REASONS: dict[str, tuple[Status, str]] = {
    "nvml-library-not-found": (
        Status.MISSING,
        QT_TRANSLATE_NOOP(
            "core",
            "No NVIDIA driver is installed: its management library (nvml.dll on Windows, "
            "libnvidia-ml.so.1 on Linux) is not on this computer. Install the NVIDIA driver "
            "for your GPU from nvidia.com, restart, then re-check.",
        ),
    ),
    "driver-not-loaded": (
        Status.ERROR,
        QT_TRANSLATE_NOOP(
            "core",
            "The NVIDIA driver is installed but not running. On Linux this usually happens "
            "after a kernel update when the driver module was not rebuilt for the new kernel: "
            "install DKMS and reinstall the driver (or boot the previous kernel), then restart. "
            "On Windows, reinstall the driver and restart.",
        ),
    ),
    "no-device": (
        Status.MISSING,
        QT_TRANSLATE_NOOP(
            "core",
            "The NVIDIA driver is running but sees no GPU. Check that the card is enabled "
            "(BIOS, Device Manager, a laptop's hybrid-graphics setting) and, in a container "
            "or VM, that the GPU was passed through.",
        ),
    ),
    "driver-library-mismatch": (
        Status.ERROR,
        QT_TRANSLATE_NOOP(
            "core",
            "The NVIDIA driver was updated but the old driver is still loaded, so the two "
            "halves do not match. Restart the computer.",
        ),
    ),
    "no-permission": (
        Status.ERROR,
        QT_TRANSLATE_NOOP(
            "core",
            "This user is not allowed to talk to the NVIDIA driver (or to run nvidia-smi). "
            "Try again as an administrator/root; in a container, start it with GPU access "
            "(e.g. docker --gpus all).",
        ),
    ),
    "nvidia-smi-failed": (
        Status.ERROR,
        QT_TRANSLATE_NOOP(
            "core",
            "nvidia-smi ran but its answer could not be understood. Its raw output is kept "
            "with this result; reinstalling the NVIDIA driver usually fixes a broken nvidia-smi.",
        ),
    ),
    "nvidia-smi-timeout": (
        Status.ERROR,
        QT_TRANSLATE_NOOP(
            "core",
            "nvidia-smi did not answer in time, so the driver or the GPU is stuck. "
            "Close programs using the GPU and restart the computer.",
        ),
    ),
    "nvml-timeout": (
        Status.ERROR,
        QT_TRANSLATE_NOOP(
            "core",
            "The NVIDIA driver did not answer in time, so it or the GPU is stuck. "
            "Close programs using the GPU and restart the computer.",
        ),
    ),
    "nvml-error": (
        Status.ERROR,
        QT_TRANSLATE_NOOP(
            "core",
            "The NVIDIA driver reported an error. Restart the computer; if it persists, "
            "reinstall the NVIDIA driver.",
        ),
    ),
    "driver-not-found": (
        Status.MISSING,
        QT_TRANSLATE_NOOP(
            "core",
            "Neither NVIDIA's management library nor nvidia-smi could be used, so no NVIDIA "
            "driver was found. If this computer has an NVIDIA GPU, install its driver from nvidia.com.",
        ),
    ),
}

# When NVML and nvidia-smi both fail, these NVML reasons are specific enough to keep.
_SPECIFIC_NVML_REASONS = {"driver-not-loaded", "driver-library-mismatch", "no-permission"}
_GPU_FIELDS = [f.name for f in fields(GpuInfo) if f.name not in ("index", "source", "unavailable")]


def probe_driver(host: Host, timeout: float = 10.0) -> DriverInfo:
    info = DriverInfo(status=Status.MISSING)
    nvml = read_nvml_within(host, timeout)
    for call, result in nvml.calls:
        info.add("nvml", call, result)
    _read_proc_version(host, info)

    failure = nvml.failure
    if failure is None:
        _fill_from_nvml(info, nvml)
        if info.gpus:
            info.status = Status.OK
        else:
            _set_reason(info, "no-device")
        return info

    info.nvml_failure = failure.error  # the failed call itself is already in the evidence
    smi_reason, smi_error = _fill_from_nvidia_smi(host, info, timeout)
    if info.gpus:
        info.status = Status.OK
        return info
    if failure.reason in _SPECIFIC_NVML_REASONS or smi_reason is None:
        reason = {"nvml-binding-missing": "driver-not-found"}.get(failure.reason, failure.reason)
        _set_reason(info, reason, failure.error + (f"\n{smi_error}" if smi_error else ""))
    else:
        _set_reason(info, smi_reason, smi_error)
    return info


def _set_reason(info: DriverInfo, reason: str, error: str | None = None) -> None:
    info.status, hint = REASONS[reason]
    info.set_hint(hint)
    info.reason = reason
    if error:
        info.error = error


# ---------------------------------------------------------------------------
# NVML.


def _fill_from_nvml(info: DriverInfo, nvml: NvmlReport) -> None:
    info.source = "nvml"
    info.driver_version = nvml.driver_version
    info.cuda_driver_version = nvml.cuda_driver_version
    info.nvml_version = nvml.nvml_version
    for gpu in nvml.gpus:
        unavailable = dict(gpu.unavailable)
        if gpu.name is None:
            unavailable.setdefault("name", "NVML gave no name")
        values = {name: getattr(gpu, name) for name in _GPU_FIELDS}
        values["name"] = gpu.name or ""
        info.gpus.append(GpuInfo(index=gpu.index, source="nvml", unavailable=unavailable, **values))


# ---------------------------------------------------------------------------
# nvidia-smi: csv query, then -q -x for what is missing, then the table for the CUDA version.


def _fill_from_nvidia_smi(host: Host, info: DriverInfo, timeout: float) -> tuple[str | None, str | None]:
    """Fill ``info`` from nvidia-smi. When it gave no GPU, returns (reason, raw text);
    a reason of None means there is no nvidia-smi to ask."""
    exe = smi.locate_nvidia_smi(host)
    if exe is None:
        info.add("command", "nvidia-smi", "not found on PATH or in " + ", ".join(smi.candidate_dirs(host)))
        return None, None
    info.nvidia_smi_path = exe

    report, failure = _run_query_csv(host, exe, info, timeout)
    if failure is not None and failure[0] != "nvidia-smi-failed":
        return (None, None) if failure[0] == "not-found" else failure  # hung, refused, a known message
    if report is not None:
        _merge_report(info, report, "nvidia-smi --query-gpu")
    # -q -x fills what the csv lacked, or stands in for a csv answer that made no sense.
    if not info.gpus or _gpu_fields_missing(info, host):
        xml, xml_failure = _run_parsed(host, exe, ["-q", "-x"], smi.parse_query_xml, info, timeout)
        if xml is not None:
            _merge_report(info, xml, "nvidia-smi -q -x")
        elif xml_failure is not None and xml_failure[0] == "nvidia-smi-timeout" and not info.gpus:
            return xml_failure
    # The highest CUDA the driver supports is in the table header ("CUDA Version").
    if info.gpus and info.cuda_driver_version is None:
        table, _ = _run_parsed(host, exe, [], smi.parse_table, info, timeout)
        if table is not None:
            _merge_report(info, table, "nvidia-smi", gpus=False)
    if info.gpus:
        info.source = "nvidia-smi"
        return None, None
    return failure or ("nvidia-smi-failed", "nvidia-smi listed no GPU")


def _run_query_csv(
    host: Host, exe: str, info: DriverInfo, timeout: float
) -> tuple[smi.SmiReport | None, tuple[str, str] | None]:
    """``--query-gpu``; drops a field an old nvidia-smi refuses and asks again."""
    wanted = list(smi.QUERY_FIELDS)
    for _attempt in range(len(smi.QUERY_FIELDS)):
        result = host.run([exe, *smi.query_args(wanted)], timeout=timeout)
        info.add("command", result.describe(), _output(result))
        failure = _run_failure(result)
        if failure:
            return None, failure
        refused = smi.invalid_query_field(_output(result))
        if refused in wanted and len(wanted) > 2:
            wanted.remove(refused)
            continue
        known = smi.classify_failure(_output(result))
        if known:
            return None, (known.reason, _output(result))
        report = smi.parse_query_csv(result.stdout, wanted)
        if report.gpus:
            return report, None
        info.add("command", result.describe(), f"parse note: {report.error}")
        return None, ("nvidia-smi-failed", _output(result) or report.error or "no output")
    return None, ("nvidia-smi-failed", "nvidia-smi refused every query field")


def _run_parsed(
    host: Host,
    exe: str,
    args: list[str],
    parse: Callable[[str], smi.SmiReport],
    info: DriverInfo,
    timeout: float,
) -> tuple[smi.SmiReport | None, tuple[str, str] | None]:
    """Run nvidia-smi with ``args`` and parse it; (report, None) or (None, (reason, text))."""
    result = host.run([exe, *args], timeout=timeout)
    info.add("command", result.describe(), _output(result))
    failure = _run_failure(result)
    if failure:
        return None, failure
    report = parse(result.stdout)
    if report.gpus or report.driver_version:
        return report, None
    info.add("command", result.describe(), f"parse note: {report.error}")
    return None, ("nvidia-smi-failed", _output(result) or report.error or "no output")


def _run_failure(result: CommandResult) -> tuple[str, str] | None:
    """Why a command could not give an answer at all, as (reason, text)."""
    if result.timed_out:
        return "nvidia-smi-timeout", result.describe()
    if result.error == "not found":
        return "not-found", result.describe()
    if result.error == "permission denied":
        return "no-permission", result.describe()
    if result.error or result.cancelled:
        return "nvidia-smi-failed", result.describe()
    return None


def _output(result: CommandResult) -> str:
    return "\n".join(part for part in (result.stdout.strip(), result.stderr.strip()) if part)


def _gpu_fields_missing(info: DriverInfo, host: Host) -> bool:
    """Does any GPU lack something -q -x can tell? (Not compute capability: XML has none.)"""
    wanted = ["name", "uuid", "memory_total_mib", "pci_bus_id", "power_limit_w",
              "max_graphics_clock_mhz", "max_memory_clock_mhz"]
    if host.platform.is_windows:
        wanted.append("driver_model")
    return any(getattr(gpu, name) in (None, "") for gpu in info.gpus for name in wanted)


def _merge_report(info: DriverInfo, report: smi.SmiReport, source: str, gpus: bool = True) -> None:
    """Fill what is still None from one nvidia-smi report; evidence says which command said what."""
    said: list[str] = []
    for attr, value in (("driver_version", report.driver_version), ("cuda_driver_version", report.cuda_version)):
        if getattr(info, attr) is None and value is not None:
            setattr(info, attr, value)
            said.append(f"{attr}={value}")
    if gpus:
        for position, smi_gpu in enumerate(report.gpus):
            gpu = _matching_gpu(info, smi_gpu, position)
            if gpu is None:
                index = smi_gpu.index if smi_gpu.index is not None else position
                gpu = GpuInfo(index=index, name="", source="nvidia-smi")
                info.gpus.append(gpu)
            for name in _GPU_FIELDS:
                value = getattr(smi_gpu, name, None)
                if getattr(gpu, name) in (None, "") and value not in (None, ""):
                    setattr(gpu, name, value)
                    gpu.unavailable.pop(name, None)
                    said.append(f"GPU {gpu.index} {name}={value}")
    if said:
        info.add("command", source, "; ".join(said))
    if report.error:
        info.add("command", source, f"parse note: {report.error}")


def _matching_gpu(info: DriverInfo, other: smi.SmiGpu, position: int) -> GpuInfo | None:
    for gpu in info.gpus:
        if other.uuid and gpu.uuid == other.uuid:
            return gpu
        if other.pci_bus_id and gpu.pci_bus_id and gpu.pci_bus_id.lower() == other.pci_bus_id.lower():
            return gpu
    index = other.index if other.index is not None else position
    return next((gpu for gpu in info.gpus if gpu.index == index and not (other.uuid and gpu.uuid)), None)


# ---------------------------------------------------------------------------
# /proc/driver/nvidia/version (Linux).

_PROC_MODULE_VERSION = re.compile(r"Kernel Module(?:\s+for\s+\S+)?\s+(\d+(?:\.\d+)+)")


def parse_proc_version(text: str) -> str | None:
    """``NVRM version: NVIDIA UNIX x86_64 Kernel Module  384.98  ...`` -> ``"384.98"``."""
    match = _PROC_MODULE_VERSION.search(text or "")
    if match:
        return match.group(1)
    first = (text or "").split("\n", 1)[0]
    if first.startswith("NVRM version:"):
        loose = re.search(r"\s(\d+\.\d+(?:\.\d+)?)\s", first + " ")
        return loose.group(1) if loose else None
    return None


def _read_proc_version(host: Host, info: DriverInfo) -> None:
    if host.platform.system != "Linux":
        return
    if not host.files.exists(PROC_VERSION_FILE):
        info.add("file", PROC_VERSION_FILE, "missing: the NVIDIA kernel module is not loaded")
        return
    try:
        text = host.files.read_text(PROC_VERSION_FILE, limit=4096)
    except OSError as exc:
        info.add("file", PROC_VERSION_FILE, f"unreadable: {exc}")
        return
    info.kernel_module_version = parse_proc_version(text)
    info.add("file", PROC_VERSION_FILE, text.splitlines()[0] if text.strip() else "empty")
