"""Parsers for the structured kinds: nvidia-smi (table and ``-q -x``), ``nvcc --version``,
cuDNN headers, printed build info, and pip's version list. Each returns facts (a dict)
and never raises; the probes' own parsers are reused where they exist.
"""

from __future__ import annotations

import re

from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.kb import guarded as kbview

# The probes' own readers are imported where a text of their kind arrives: most pasted texts are
# TF logs, and `tfgpu explain` starts faster without the probes (start-up budget: tests/perf).

_XML = lazy(r"(?s)(<\?xml[^>]*>\s*)?(<!DOCTYPE[^>]*>\s*)?<nvidia_smi_log\b.*?(?:</nvidia_smi_log>|\Z)")
_MEMORY = lazy(r"(\d+)MiB\s*/\s*(\d+)MiB")
_BUILD_PAIR = lazy(
    r"""(?m)(?:^|[{(,]\s*)['"]?(?P<key>is_cuda_build|is_rocm_build|is_tensorrt_build|cuda_version(?:_number)?|cudnn_version(?:_number)?|"""
    r"""cuda_compute_capabilities|cudart_dll_name|cudnn_dll_name|nvcuda_dll_name|msvcp_dll_names?|cpu_compiler)['"]?\s*[:=,]\s*"""
    r"""(?P<value>\[[^\]\n]{0,400}\]|'[^'\n]{0,200}'|"[^"\n]{0,200}"|True|False|None)"""
)
_ARCH = lazy(r"(?:sm|compute)_\d{2,3}[a-z]?")
_WIN_VERSION = lazy(r"^64_(\d{1,3})$")
_VERSION_LIST = lazy(r"\d+(?:\.\d+)*(?:(?:rc|a|b|\.dev|\.post)\d+)?")


def smi_table(text: str) -> dict:
    from tfgpu.core.probes.nvidia_smi import parse_table

    report = parse_table(text)
    facts: dict = {}
    if report.driver_version:
        facts["driver_version"] = report.driver_version
    if report.cuda_version:
        facts["cuda_driver"] = report.cuda_version
    gpus: list[dict] = []
    for gpu in report.gpus:
        entry: dict = {"name": gpu.name or "?", "index": gpu.index}
        spec = kbview.gpu_spec(gpu.name)
        if spec is not None:
            entry["cc"] = getattr(spec, "cc", None)
            entry["arch"] = getattr(spec, "arch", None)
        if gpu.driver_model:
            entry["driver_model"] = gpu.driver_model
        gpus.append({k: v for k, v in entry.items() if v is not None})
    memory = _MEMORY.findall(text)
    for listed, (used, total) in zip(gpus, memory):
        listed["memory_used_mib"], listed["memory_total_mib"] = int(used), int(total)
    if gpus:
        facts["gpus"] = gpus
    facts["smi_gpu_count"] = len(report.gpus)
    return facts


def smi_xml(text: str) -> dict:
    match = _XML.search(text)
    from tfgpu.core.probes.nvidia_smi import parse_query_xml

    report = parse_query_xml(match.group(0) if match else text)
    facts: dict = {}
    if report.error and not report.gpus and not report.driver_version:
        facts["smi_error"] = report.error
    if report.driver_version:
        facts["driver_version"] = report.driver_version
    if report.cuda_version:
        facts["cuda_driver"] = report.cuda_version
    gpus = []
    for gpu in report.gpus:
        entry = {"name": gpu.name or "?", "index": gpu.index, "memory_total_mib": gpu.memory_total_mib,
                 "driver_model": gpu.driver_model}
        spec = kbview.gpu_spec(gpu.name)
        if spec is not None:
            entry["cc"] = getattr(spec, "cc", None)
            entry["arch"] = getattr(spec, "arch", None)
        gpus.append({k: v for k, v in entry.items() if v is not None})
    if gpus:
        facts["gpus"] = gpus
    facts["smi_gpu_count"] = len(report.gpus)
    return facts


def nvcc(text: str) -> dict:
    from tfgpu.core.probes.cuda import parse_nvcc_output

    parsed = parse_nvcc_output(text)
    if not parsed:
        return {}
    release, full = parsed
    return {"cuda_installed": [release], "nvcc_version": full} if full else {"cuda_installed": [release]}


def cudnn_header(text: str) -> dict:
    from tfgpu.core.probes.cudnn import parse_cudnn_header

    version = parse_cudnn_header(text)
    if version is None:
        return {}
    facts: dict = {"cudnn_installed": [version.text]}
    if version.code is not None:
        facts["cudnn_version_code"] = version.code
    max_sm = re.search(r"#\s*define\s+CUDNN_MAX_SM_MAJOR_NUMBER\s+(\d+)", text)
    if max_sm:
        minor = re.search(r"#\s*define\s+CUDNN_MAX_SM_MINOR_NUMBER\s+(\d+)", text)
        facts["cudnn_max_cc"] = f"{max_sm.group(1)}.{minor.group(1) if minor else 0}"
    return facts


def build_info(text: str) -> dict:
    """``tf.sysconfig.get_build_info()`` printed (dict / OrderedDict) or build_info.py itself."""
    values: dict[str, object] = {}
    for match in _BUILD_PAIR.finditer(text):
        key, raw = match.group("key"), match.group("value")
        if key in values:
            continue
        if raw in ("True", "False", "None"):
            values[key] = {"True": True, "False": False, "None": None}[raw]
        elif raw.startswith("["):
            values[key] = _ARCH.findall(raw)
        else:
            values[key] = raw.strip("'\"")
    facts: dict = {}
    if "is_cuda_build" in values:
        facts["is_cuda_build"] = values["is_cuda_build"]
    cuda = values.get("cuda_version") or values.get("cuda_version_number")
    cudnn = values.get("cudnn_version") or values.get("cudnn_version_number")
    if isinstance(cuda, str) and cuda:
        facts["cuda_compiled"] = _windows_version(cuda, cuda_style=True)
    if isinstance(cudnn, str) and cudnn:
        facts["cudnn_compiled"] = _windows_version(cudnn, cuda_style=False)
    if values.get("cuda_compute_capabilities"):
        facts["build_archs"] = values["cuda_compute_capabilities"]
    dlls = [v for k, v in values.items() if k.endswith(("dll_name", "dll_names")) and isinstance(v, str)]
    if dlls:
        facts["build_dlls"] = [d.strip() for v in dlls for d in v.split(",") if d.strip()]
        facts["os"] = "windows"
    return facts


def _windows_version(value: str, cuda_style: bool) -> str:
    """Windows build info writes "64_112" for CUDA 11.2 and "64_8" for cuDNN 8."""
    match = _WIN_VERSION.match(value.strip())
    if not match:
        return value
    digits = match.group(1)
    if cuda_style and len(digits) == 3:
        return f"{digits[:2]}.{digits[2]}"
    return digits


def pip_versions(versions: str | None) -> list[str]:
    """ "2.2.0rc1, 2.2.0, 2.3.0" -> that list; "none" -> []."""
    if not versions or versions.strip().lower() == "none":
        return []
    return [v for v in (p.strip() for p in versions.split(",")) if _VERSION_LIST.fullmatch(v)]
