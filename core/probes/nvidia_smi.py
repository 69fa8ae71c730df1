"""``nvidia-smi``: where it lives, what to ask it, and pure parsers for its output.

Nothing here runs a command. Every parser takes text (or bytes) and never
raises: on garbage it returns an empty result with ``error`` set.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from tfgpu.core.host import Host, decode_output, getenv, which

# Fields the probe asks ``--query-gpu`` for. Old drivers reject some of them
# ("Field "compute_cap" is not a valid field to query."); the probe then drops
# the named field and asks again.
QUERY_FIELDS: tuple[str, ...] = (
    "index",
    "name",
    "uuid",
    "driver_version",
    "pci.bus_id",
    "memory.total",
    "compute_cap",
    "driver_model.current",
    "enforced.power.limit",
    "clocks.max.graphics",
    "clocks.max.memory",
)

# The values nvidia-smi prints when it has none (with or without brackets).
_NOT_AVAILABLE = {
    "n/a",
    "not supported",
    "unknown error",
    "insufficient permissions",
    "requested functionality has been deprecated",
    "not available in wddm driver model",
    "",
}

_NUMBER = re.compile(r"^\s*(-?\d+(?:\.\d+)?)")
_INVALID_FIELD = re.compile(r'Field "([^"]+)" is not a valid field to query', re.IGNORECASE)


@dataclass(kw_only=True)
class SmiGpu:
    """One GPU as ``nvidia-smi`` described it; None means it did not say."""

    index: int | None = None
    name: str | None = None
    uuid: str | None = None
    pci_bus_id: str | None = None
    compute_capability: str | None = None
    driver_model: str | None = None
    memory_total_mib: int | None = None
    power_limit_w: float | None = None
    max_graphics_clock_mhz: int | None = None
    max_memory_clock_mhz: int | None = None


@dataclass(kw_only=True)
class SmiReport:
    """What one ``nvidia-smi`` output said. ``error`` explains an empty or partial parse."""

    driver_version: str | None = None
    cuda_version: str | None = None  # highest CUDA the driver supports
    smi_version: str | None = None  # the nvidia-smi binary itself (table header)
    gpus: list[SmiGpu] = field(default_factory=list)
    error: str | None = None


@dataclass(frozen=True)
class SmiFailure:
    """A known failure message: ``reason`` is a driver-probe reason code."""

    reason: str
    line: str  # the line that said so


# Known failure messages, most specific first. Real texts: tests/fixtures/nvidia_smi/failed-*.txt
_FAILURES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"driver/library version mismatch", re.IGNORECASE), "driver-library-mismatch"),
    (re.compile(r"couldn.{0,3}t find libnvidia-ml", re.IGNORECASE), "nvml-library-not-found"),
    (re.compile(r"nvml\.dll.*(not found|could not be found)", re.IGNORECASE), "nvml-library-not-found"),
    (re.compile(r"couldn.{0,3}t communicate with the nvidia driver", re.IGNORECASE), "driver-not-loaded"),
    (re.compile(r"driver not loaded", re.IGNORECASE), "driver-not-loaded"),
    (re.compile(r"insufficient permissions", re.IGNORECASE), "no-permission"),
    (re.compile(r"no devices were found", re.IGNORECASE), "no-device"),
)


# ---------------------------------------------------------------------------
# Locating the binary.


def candidate_dirs(host: Host) -> list[str]:
    """Folders outside PATH where drivers put ``nvidia-smi``, in search order."""
    if host.platform.is_windows:
        system_root = getenv(host, "SystemRoot", "C:\\Windows") or "C:\\Windows"
        program_files = getenv(host, "ProgramFiles", "C:\\Program Files") or "C:\\Program Files"
        join = host.platform.pathmod.join
        return [
            join(system_root, "System32"),  # DCH drivers
            join(program_files, "NVIDIA Corporation", "NVSMI"),  # older drivers
        ]
    return ["/usr/bin"]


def locate_nvidia_smi(host: Host) -> str | None:
    """PATH first, then the driver's usual folders; None when absent."""
    return which(host, "nvidia-smi", extra_dirs=candidate_dirs(host))


def query_args(fields: tuple[str, ...] | list[str] = QUERY_FIELDS) -> list[str]:
    return ["--query-gpu=" + ",".join(fields), "--format=csv,noheader,nounits"]


def invalid_query_field(text: str | bytes | None) -> str | None:
    """The field an old ``nvidia-smi`` refused, if that is what ``text`` says."""
    match = _INVALID_FIELD.search(_as_text(text))
    return match.group(1) if match else None


def classify_failure(text: str | bytes | None) -> SmiFailure | None:
    """Recognise the messages ``nvidia-smi`` prints when it cannot do its job."""
    body = _as_text(text)
    for pattern, reason in _FAILURES:
        match = pattern.search(body)
        if match:
            start = body.rfind("\n", 0, match.start()) + 1
            end = body.find("\n", match.end())
            return SmiFailure(reason, body[start : end if end >= 0 else len(body)].strip())
    return None


# ---------------------------------------------------------------------------
# Value helpers.


def _as_text(data: str | bytes | None) -> str:
    if data is None:
        return ""
    if isinstance(data, bytes):
        return decode_output(data)
    return str(data)


def clean_value(raw: str | None) -> str | None:
    """A value as printed, or None for N/A, [Not Supported], [...deprecated] and blanks."""
    if raw is None:
        return None
    value = raw.strip()
    inner = value[1:-1].strip() if value.startswith("[") and value.endswith("]") else value
    if inner.lower() in _NOT_AVAILABLE or (value.startswith("[") and value.endswith("]")):
        return None
    return value


def _number(raw: str | None) -> float | None:
    """The leading number of ``"8192 MiB"``, ``"250.00 W"`` or ``"7.5"``; None otherwise."""
    value = clean_value(raw)
    if value is None:
        return None
    match = _NUMBER.match(value)
    return float(match.group(1)) if match else None


def _int(raw: str | None) -> int | None:
    number = _number(raw)
    return int(number) if number is not None else None


def _compute_capability(raw: str | None) -> str | None:
    value = clean_value(raw)
    return value if value and re.fullmatch(r"\d+\.\d+", value) else None


def _driver_model(raw: str | None) -> str | None:
    value = clean_value(raw)
    return value.upper() if value else None


# ---------------------------------------------------------------------------
# --query-gpu CSV.

_FIELD_ALIASES = {"gpu_name": "name", "gpu_uuid": "uuid", "gpu_bus_id": "pci.bus_id"}


def _field_name(header: str) -> str:
    name = re.sub(r"\s*\[[^\]]*\]\s*$", "", header.strip())  # "memory.total [MiB]" -> "memory.total"
    return _FIELD_ALIASES.get(name, name)


def parse_query_csv(text: str | bytes | None, fields: tuple[str, ...] | list[str] | None = None) -> SmiReport:
    """Parse ``--query-gpu`` output. ``fields`` given: no header line (``noheader``);
    None: the first line is the header. Units in values or headers are accepted."""
    report = SmiReport()
    try:
        lines = [line for line in _as_text(text).splitlines() if line.strip()]
        if fields is None:
            if not lines:
                report.error = "no output"
                return report
            names = [_field_name(h) for h in lines[0].split(",")]
            lines = lines[1:]
        else:
            names = [_field_name(f) for f in fields]
        if "name" not in names and "uuid" not in names:
            report.error = "not --query-gpu output: no name or uuid column"
            return report
        bad_rows = 0
        for line in lines:
            values = line.split(",")
            if len(values) != len(names) or classify_failure(line):
                bad_rows += 1
                continue
            row = dict(zip(names, values))
            report.gpus.append(_gpu_from_csv(row))
            if report.driver_version is None:
                report.driver_version = clean_value(row.get("driver_version"))
        if bad_rows:
            report.error = f"{bad_rows} line(s) did not match the {len(names)} queried fields"
        elif not report.gpus:
            report.error = "no GPU rows"
    except Exception as exc:  # noqa: BLE001 - a parser never raises
        report.gpus.clear()
        report.error = f"unparseable --query-gpu output ({type(exc).__name__}: {exc})"
    return report


def _gpu_from_csv(row: dict[str, str]) -> SmiGpu:
    return SmiGpu(
        index=_int(row.get("index")),
        name=clean_value(row.get("name")),
        uuid=clean_value(row.get("uuid")),
        pci_bus_id=clean_value(row.get("pci.bus_id")),
        compute_capability=_compute_capability(row.get("compute_cap")),
        driver_model=_driver_model(row.get("driver_model.current")),
        memory_total_mib=_int(row.get("memory.total")),
        power_limit_w=_number(row.get("enforced.power.limit")),
        max_graphics_clock_mhz=_int(row.get("clocks.max.graphics")),
        max_memory_clock_mhz=_int(row.get("clocks.max.memory")),
    )


# ---------------------------------------------------------------------------
# -q -x XML.


def _find_text(node: ET.Element, *paths: str) -> str | None:
    """First path that holds a value (N/A and friends count as none)."""
    for path in paths:
        found = node.find(path)
        if found is not None and found.text is not None:
            value = clean_value(found.text)
            if value is not None:
                return value
    return None


def parse_query_xml(text: str | bytes | None) -> SmiReport:
    """Parse ``nvidia-smi -q -x`` (DTD v11 to v13 layouts)."""
    report = SmiReport()
    try:
        data = text if isinstance(text, bytes) else _as_text(text).encode("utf-8")
        if not data.strip():
            report.error = "no output"
            return report
        root = ET.fromstring(data)  # expat: no external DTD fetch, entity-expansion limits
        if root.tag != "nvidia_smi_log":
            report.error = f"not nvidia-smi XML (root element <{root.tag}>)"
            return report
        report.driver_version = _find_text(root, "driver_version")
        report.cuda_version = _find_text(root, "cuda_version")
        for index, gpu in enumerate(root.findall("gpu")):
            report.gpus.append(
                SmiGpu(
                    index=index,
                    name=_find_text(gpu, "product_name"),
                    uuid=_find_text(gpu, "uuid"),
                    pci_bus_id=_find_text(gpu, "pci/pci_bus_id") or clean_value(gpu.get("id")),
                    driver_model=_driver_model(_find_text(gpu, "driver_model/current_dm")),
                    memory_total_mib=_int(_find_text(gpu, "fb_memory_usage/total")),
                    power_limit_w=_number(
                        _find_text(
                            gpu,
                            "power_readings/enforced_power_limit",  # DTD <= v11
                            "gpu_power_readings/current_power_limit",  # DTD v12+
                            "power_readings/power_limit",
                        )
                    ),
                    max_graphics_clock_mhz=_int(_find_text(gpu, "max_clocks/graphics_clock")),
                    max_memory_clock_mhz=_int(_find_text(gpu, "max_clocks/mem_clock")),
                )
            )
        if not report.gpus:
            report.error = "no <gpu> elements"
    except Exception as exc:  # noqa: BLE001 - ParseError, ValueError, RecursionError...
        report.gpus.clear()
        report.error = f"unparseable -q -x output ({type(exc).__name__}: {exc})"
    return report


# ---------------------------------------------------------------------------
# The plain table header.

_TABLE_DRIVER = re.compile(r"Driver Version:\s*([0-9][0-9A-Za-z.\-]*)")
_TABLE_CUDA = re.compile(r"CUDA Version:\s*([0-9]+\.[0-9]+)")
_TABLE_SMI = re.compile(r"NVIDIA-SMI\s+([0-9][0-9A-Za-z.\-]*)")
# "|   0  NVIDIA A10                     On  |   00000000:06:00.0 Off |": index, name,
# persistence mode (Linux) or driver model (Windows, new layout), bus id.
_TABLE_GPU_ROW = re.compile(
    r"^\|\s+(\d+)\s+(.+?)\s{2,}(On|Off|WDDM|TCC|MCDM|N/A)\s*\|\s+([0-9A-Fa-f]+:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d)"
)


def parse_table(text: str | bytes | None) -> SmiReport:
    """The header of plain ``nvidia-smi`` output: driver, "CUDA Version", and GPU rows
    (index, possibly truncated name, bus id). Old drivers print no CUDA Version."""
    report = SmiReport()
    try:
        body = _as_text(text)
        header = ((_TABLE_DRIVER, "driver_version"), (_TABLE_CUDA, "cuda_version"), (_TABLE_SMI, "smi_version"))
        for pattern, attr in header:
            match = pattern.search(body)
            if match:
                setattr(report, attr, match.group(1).rstrip("."))
        for line in body.splitlines():
            row = _TABLE_GPU_ROW.match(line)
            if row:
                name = row.group(2).strip()
                mode = row.group(3)
                report.gpus.append(
                    SmiGpu(
                        index=int(row.group(1)),
                        name=None if name.endswith("...") else name,  # a cut name is not a name
                        driver_model=mode if mode in ("WDDM", "TCC", "MCDM") else None,
                        pci_bus_id=row.group(4),
                    )
                )
        if report.driver_version is None:
            report.error = "no 'Driver Version' in the table header"
    except Exception as exc:  # noqa: BLE001
        report = SmiReport(error=f"unparseable nvidia-smi table ({type(exc).__name__}: {exc})")
    return report
