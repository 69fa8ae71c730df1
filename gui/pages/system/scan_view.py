"""A Scan as translated lines: one tree that both the page and "Copy as text" render.

Pure functions of a :class:`~tfgpu.core.scan.Scan` (no widgets), so the text
and the tree can never disagree, and both are testable without a window.
The building blocks live in :mod:`tfgpu.gui.pages.system.scan_lines`; the Python/TensorFlow
section in :mod:`tfgpu.gui.pages.system.scan_view_pythons`.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tfgpu.core.probes.base import ProbeResult, Status
from tfgpu.core.probes.cuda import CudaInfo
from tfgpu.core.probes.cudnn import CudnnInfo
from tfgpu.core.probes.driver import DriverInfo, GpuInfo
from tfgpu.core.probes.os_info import OsInfo
from tfgpu.core.scan import Scan
from tfgpu.gui.icons import Tone
from tfgpu.gui.pages.system.scan_lines import (
    Line,
    _add_common,
    _problem_value,
    _status_line,
    section_title,
    yes_no,
)
from tfgpu.gui.pages.system.scan_view_pythons import pythons_section
from tfgpu.gui.pages.system.scan_view_wsl import wsl_section

translate = QCoreApplication.translate


# -- sections --------------------------------------------------------------------


def os_section(info: OsInfo) -> Line:
    summary = " · ".join(p for p in (info.name, info.display_version, info.architecture) if p)
    line = _status_line(
        section_title("os"), summary or _problem_value(info, translate("ScanView", "Unknown system")), info
    )
    line.add(translate("ScanView", "Version"), info.version)
    line.add(translate("ScanView", "Build"), info.build)
    line.add(translate("ScanView", "Kernel"), info.kernel)
    if info.is_wsl:
        line.add(
            translate("ScanView", "Running inside WSL"),
            translate("ScanView", "yes, WSL {n}").format(n=info.wsl_version or "?"),
        )
        line.add(translate("ScanView", "GPU passed through to WSL"), yes_no(info.wsl_gpu))
    if info.system == "Windows":
        line.add(translate("ScanView", "WSL installed"), yes_no(info.wsl_installed))
        for distro in info.wsl_distros:
            default = translate("ScanView", " (default)") if distro.default else ""
            line.add(
                translate("ScanView", "WSL distro"),
                translate("ScanView", "{name}{default}: WSL {version}, {state}").format(
                    name=distro.name, default=default, version=distro.version or "?", state=distro.state
                ),
            )
    _add_common(line, info)
    return line


def not_available(why: str) -> str:
    """A fact the probe could not read, with its reason: never shown as 0 or left blank."""
    return translate("ScanView", "n/a: {why}").format(why=why)


#: GpuInfo fields shown as rows of a GPU (``unavailable`` reasons of other fields get a row of their own).
_GPU_ROWS = (
    "uuid",
    "compute_capability",
    "memory_total_mib",
    "driver_model",
    "pci_bus_id",
    "power_limit_w",
    "max_graphics_clock_mhz",
    "max_memory_clock_mhz",
)


def _gpu_row_label(name: str) -> str:
    return {
        "uuid": translate("ScanView", "UUID"),
        "compute_capability": translate("ScanView", "Compute capability"),
        "memory_total_mib": translate("ScanView", "Memory"),
        "driver_model": translate("ScanView", "Driver model"),
        "pci_bus_id": translate("ScanView", "PCI bus"),
        "power_limit_w": translate("ScanView", "Power limit"),
        "max_graphics_clock_mhz": translate("ScanView", "Max graphics clock"),
        "max_memory_clock_mhz": translate("ScanView", "Max memory clock"),
    }[name]


def _gpu_row_value(name: str, value: object) -> str:
    if name == "memory_total_mib":
        return translate("ScanView", "{gib:.1f} GiB").format(gib=value / 1024)  # type: ignore[operator]
    if name == "power_limit_w":
        return translate("ScanView", "{watts:g} W").format(watts=value)
    if name in ("max_graphics_clock_mhz", "max_memory_clock_mhz"):
        return translate("ScanView", "{mhz} MHz").format(mhz=value)
    return str(value)


def _gpu_line(gpu: GpuInfo) -> Line:
    unavailable = dict(gpu.unavailable or {})
    name = gpu.name or (not_available(unavailable["name"]) if "name" in unavailable else "?")
    line = Line(translate("ScanView", "GPU {index}").format(index=gpu.index), name, kind="item", expanded=True)
    for field_name in _GPU_ROWS:
        value = getattr(gpu, field_name, None)
        if value is not None and value != "":
            line.add(_gpu_row_label(field_name), _gpu_row_value(field_name, value))
        elif field_name in unavailable:
            line.add(_gpu_row_label(field_name), not_available(unavailable[field_name]))
    for field_name, why in sorted(unavailable.items()):  # e.g. "handle": not one of the rows above
        if field_name != "name" and field_name not in _GPU_ROWS:
            line.add(field_name, not_available(why))
    return line


def driver_section(info: DriverInfo) -> Line:
    if info.status is Status.OK:
        summary = translate("ScanView", "Driver {driver}, supports CUDA up to {cuda}").format(
            driver=info.driver_version or "?", cuda=info.cuda_driver_version or "?"
        )
        summary += " · " + translate("ScanView", "GPUs: {n}").format(n=len(info.gpus))
    else:
        summary = _problem_value(info, translate("ScanView", "No NVIDIA driver found"))
    line = _status_line(section_title("driver"), summary, info)
    line.add(translate("ScanView", "Driver version"), info.driver_version)
    line.add(translate("ScanView", "Highest CUDA this driver supports"), info.cuda_driver_version)
    line.add(translate("ScanView", "Read through"), info.source)
    line.add(translate("ScanView", "nvidia-smi"), info.nvidia_smi_path)
    line.children.extend(_gpu_line(gpu) for gpu in info.gpus)
    _add_common(line, info)
    return line


def _installed_summary(result: ProbeResult, versions: list[str | None], missing: str) -> str:
    """"Installed: 12.4, 11.8" when the probe is OK and found something, else its problem in short words."""
    if versions and result.status is Status.OK:
        return translate("ScanView", "Installed: {versions}").format(versions=", ".join(v or "?" for v in versions))
    return _problem_value(result, missing)


def cuda_section(info: CudaInfo) -> Line:
    summary = _installed_summary(
        info, [t.version for t in info.toolkits], translate("ScanView", "No CUDA toolkit found")
    )
    line = _status_line(section_title("cuda"), summary, info)
    line.add(translate("ScanView", "CUDA_PATH"), info.cuda_path)
    line.add(translate("ScanView", "First on PATH"), info.path_winner)
    line.add(translate("ScanView", "nvcc on PATH"), info.nvcc_on_path)
    for toolkit in info.toolkits:
        item = Line(
            translate("ScanView", "CUDA {version}").format(version=toolkit.version or "?"),
            toolkit.root,
            kind="item",
            expanded=True,
        )
        item.add(translate("ScanView", "Full version"), toolkit.version_full)
        item.add(translate("ScanView", "nvcc"), toolkit.nvcc_path)
        on_path = (
            translate("ScanView", "yes (entry {n})").format(n=(toolkit.path_position or 0) + 1)
            if toolkit.bin_on_path
            else translate("ScanView", "no")
        )
        item.add(translate("ScanView", "bin folder on PATH"), on_path)
        item.add(translate("ScanView", "Found through"), ", ".join(toolkit.sources))
        line.children.append(item)
    _add_common(line, info)
    return line


def cudnn_section(info: CudnnInfo) -> Line:
    summary = _installed_summary(info, [i.version for i in info.installs], translate("ScanView", "No cuDNN found"))
    line = _status_line(section_title("cudnn"), summary, info)
    for install in info.installs:
        item = Line(
            translate("ScanView", "cuDNN {version}").format(version=install.version or "?"),
            install.location,
            kind="item",
            expanded=True,
        )
        item.add(translate("ScanView", "Header"), install.header)
        item.add(translate("ScanView", "Inside CUDA toolkit"), install.cuda_root)
        for library in install.libraries:
            item.add(translate("ScanView", "Library"), library)
        item.add(translate("ScanView", "Found through"), ", ".join(install.sources))
        line.children.append(item)
    if info.zlibwapi_needed:
        found = "; ".join(info.zlibwapi)
        line.add(
            "zlibwapi.dll",
            found or translate("ScanView", "missing (cuDNN 8.3 and later needs it)"),
            tone=Tone.GOOD if found else Tone.BAD,
        )
    _add_common(line, info)
    return line




def build_lines(scan: Scan) -> list[Line]:
    """The page's tree: one section per probe, in the order a newcomer reads them."""
    return [
        os_section(scan.os),
        driver_section(scan.driver),
        cuda_section(scan.cuda),
        cudnn_section(scan.cudnn),
        pythons_section(scan.pythons),
    ] + ([wsl_section(scan.wsl)] if scan.wsl.distros else [])


def scan_to_text(scan: Scan) -> str:
    """Plain text for a chat or an issue: every line, evidence included."""
    header = translate("ScanView", "TF GPU Assistant {version}: system check of {when} ({seconds:.1f} s)").format(
        version=scan.tool_version, when=scan.created_at, seconds=scan.duration_s
    )
    out = [header]
    if scan.cancelled:
        out.append(translate("ScanView", "The check was stopped before the end; some results are missing."))
    for section in build_lines(scan):
        out.append("")
        write_line(section, out)
    return "\n".join(out) + "\n"


def write_line(line: Line, out: list[str], depth: int = 0) -> None:
    """A line and its children as indented text, ``[status]`` first where there is one."""
    tag = f"[{line.status_text}] " if line.status_text else ""
    text = f"{line.label}: {line.value}" if line.value else line.label
    out.append("    " * depth + tag + text)
    for child in line.children:
        write_line(child, out, depth + 1)
