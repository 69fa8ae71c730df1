"""Libraries TF could not load, set against what the scan found on disk.

A missing ``cudart64_110.dll`` means one of three things: no CUDA 11 anywhere (runtime missing),
another CUDA installed (version mismatch), or CUDA 11 installed but its folder not on the
search path (path not set). The scan's toolkits and cuDNN installs tell which.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from tfgpu.core import kb, versions
from tfgpu.core.findings.fixes import fix_steps
from tfgpu.core.findings.model import Finding
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import Evidence
from tfgpu.core.probes.tensorflow import TfInfo
from tfgpu.core.versions import major_minor

if TYPE_CHECKING:
    from tfgpu.core.scan import Scan

CUDA_COMPONENTS = ("cudart", "cublas", "cublasLt", "cufft", "curand", "cusolver", "cusparse", "cupti", "nvrtc", "nvjitlink")


def missing_library_findings(scan: Scan, tf: TfInfo, made: Callable[..., Finding]) -> list[Finding]:
    groups: dict[str, list[str]] = {}
    dirs: list[str] = []
    facts: dict[str, object] = {}
    for name in dict.fromkeys(tf.missing_libraries):
        info = kb.library_info(name)
        if info is None:
            continue
        finding_id, where = _classify(scan, info)
        groups.setdefault(finding_id, []).append(name)
        dirs += [d for d in where if d not in dirs]
        if info.cuda:
            facts.setdefault("needed_cuda", info.cuda)
        if info.cudnn:
            facts.setdefault("needed_cudnn", info.cudnn)
    installed_cuda = [t.version for t in scan.cuda.toolkits if t.version]
    installed_cudnn = [i.version for i in scan.cudnn.installs if i.version]
    findings = []
    for finding_id, names in groups.items():
        ctx = replace(made.ctx, library_dirs=dirs, missing_libraries=names)  # type: ignore[attr-defined]
        findings.append(made(
            finding_id,
            TrText(_DETAILS[finding_id], libraries=", ".join(names),
                   installed=", ".join(installed_cudnn if "cudnn" in finding_id else installed_cuda) or "none",
                   folders=", ".join(dirs) or "?"),
            evidence=[Evidence("agent", "Could not load dynamic library", name) for name in names],
            facts={**facts, "missing_libraries": names, "installed_cuda": installed_cuda,
                   "installed_cudnn": installed_cudnn, "library_dirs": dirs},
            fix=fix_steps(finding_id, ctx),
        ))
    return findings


_DETAILS = {
    "cuda-runtime-missing": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load {libraries}, and no matching CUDA is installed (installed: {installed})."),
    "cuda-version-mismatch": QT_TRANSLATE_NOOP(
        "core", "TensorFlow looks for {libraries}, which belongs to another CUDA version than the one installed ({installed})."),
    "cudnn-missing": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load {libraries}: cuDNN is not installed (installed: {installed})."),
    "cudnn-version-mismatch": QT_TRANSLATE_NOOP(
        "core", "TensorFlow looks for {libraries}, but the cuDNN installed is another major version ({installed})."),
    "path-not-set": QT_TRANSLATE_NOOP(
        "core", "{libraries} exists in {folders}, but that folder is not on the library search path."),
    "driver-missing": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load the NVIDIA driver library {libraries}."),
    "msvc-runtime-missing": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load {libraries} from the Microsoft Visual C++ runtime."),
    "zlibwapi-missing": QT_TRANSLATE_NOOP(
        "core", "cuDNN could not load {libraries}."),
}


def _classify(scan: Scan, info: kb.LibraryInfo) -> tuple[str, list[str]]:
    """(finding id, folders that hold a matching library but are not on the search path)."""
    component = info.component
    if component == "driver":
        return "driver-missing", []
    if component == "msvc":
        return "msvc-runtime-missing", []
    if component == "zlibwapi":
        return "zlibwapi-missing", []
    if component == "cudnn":
        return _classify_cudnn(scan, info.cudnn)
    return _classify_cuda(scan, info.cuda)


def _classify_cuda(scan: Scan, needed: str | None) -> tuple[str, list[str]]:
    toolkits = [t for t in scan.cuda.toolkits if t.version]
    if not toolkits:
        return "cuda-runtime-missing", []
    matching = [t for t in toolkits if _cuda_matches(t.version, needed)]
    if not matching:
        return ("cuda-version-mismatch" if needed else "cuda-runtime-missing"), []
    off_path = [t for t in matching if not t.bin_on_path]
    if off_path and len(off_path) == len(matching):
        windows = (scan.os.system or "").lower() == "windows"
        return "path-not-set", [_lib_dir(t.root, windows) for t in off_path]
    return "cuda-runtime-missing", []


def _cuda_matches(version: str | None, needed: str | None) -> bool:
    """'11' (a cudart64_110 / cublas64_11 name) matches any 11.x; '10.1' matches 10.1 only."""
    if not version or not needed:
        return False
    if "." not in needed or needed.endswith(".0") and versions.major_text(needed) in ("11", "12", "13"):
        return versions.same_major(version, needed)
    return major_minor(version) == major_minor(needed)


def _classify_cudnn(scan: Scan, needed: str | None) -> tuple[str, list[str]]:
    installs = [i for i in scan.cudnn.installs if i.major is not None or i.version]
    if not installs:
        return "cudnn-missing", []
    major = versions.major_text(needed)
    matching = [i for i in installs if str(i.major or versions.major_text(i.version)) == major]
    if not matching:
        return ("cudnn-version-mismatch" if major else "cudnn-missing"), []
    if not any(i.on_path or i.in_ld_cache for i in matching):
        return "path-not-set", [i.location for i in matching]
    return "cudnn-missing", []


def _lib_dir(root: str, windows: bool) -> str:
    sep = "\\" if windows else "/"
    return root.rstrip("\\/") + sep + ("bin" if windows else "lib64")
