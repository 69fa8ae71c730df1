"""CUDA/cuDNN library file names (``resources/kb/libraries.json``).

``library_info`` reads any such name by the naming rules, known to the table or not.
Import these through ``tfgpu.core.kb``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tfgpu.core import versions
from tfgpu.core.kb.common import wheel_platform
from tfgpu.core.kb.loader import load_kb


@dataclass(frozen=True)
class LibraryInfo:
    file: str  # the base name as given
    component: str  # cudart, cublas, cublasLt, cufft, ..., cudnn, driver, msvc, zlibwapi, nvml
    os: str  # "windows" | "linux"
    cuda: str | None  # CUDA the name belongs to: "10.1", or "11" for any 11.x; None if the name does not say
    cudnn: str | None  # cuDNN major (or full version) for cuDNN libraries
    library: str = ""  # the library's own name: "cusolver", "cudnn_ops_infer"
    version: str | None = None  # the version part of the name: "110", "11.0", "8"
    known: bool = False  # listed in libraries.json


# Base names (lower case) of CUDA libraries whose name carries the CUDA major (cuBLAS rule).
_CUDA_MAJOR_NAMED = {"cudart": "cudart", "cublas": "cublas", "cublaslt": "cublasLt", "nvrtc": "nvrtc",
                     "nvjitlink": "nvjitlink", "cupti": "cupti"}
# Libraries versioned by their own major since CUDA 10.1: the stacks table tells the CUDA.
_OWN_VERSIONED = {"cufft": "cufft", "curand": "curand", "cusolver": "cusolver", "cusparse": "cusparse", "nccl": "nccl"}

_WINDOWS_SPECIAL = {"nvcuda.dll": "driver", "zlibwapi.dll": "zlibwapi", "nvml.dll": "nvml"}
_WINDOWS_LIB = re.compile(r"([a-z_]+?)(?:64)?_(\d[\d._]*)\.dll")
_LINUX_LIB = re.compile(r"lib([a-z_-]+?)\.so(?:\.(\d[\d.]*))?")


@cache
def _known_files() -> dict[str, list[dict]]:
    """Lower-case file name -> the stack rows that list it."""
    out: dict[str, list[dict]] = {}
    for row in load_kb("libraries")["stacks"]:
        names = list(row["files"].values()) + [n for extra in row.get("extra_files", {}).values() for n in extra]
        for name in names:
            out.setdefault(name.lower(), []).append(row)
    for row in load_kb("libraries").get("driver_libraries", ()):
        out.setdefault(row["file"].lower(), [])
    for row in load_kb("libraries").get("requirements", ()):
        for name in row.get("files", ()):
            out.setdefault(name.lower(), [])
    return out


def _version_pair(text: str, windows: bool) -> tuple[int, int | None] | None:
    """'110' -> (11, 0), '92' -> (9, 2), '11' -> (11, None); '11.2' / '11.8.89' -> (11, 2) / (11, 8)."""
    if windows and re.fullmatch(r"\d+", text):
        digits = text
        if len(digits) >= 3 or int(digits) >= 20:  # 64_100, 64_92: major + minor digit
            return int(digits[:-1]), int(digits[-1])
        return int(digits), None
    parts = [p for p in re.split(r"[._]", text) if p]
    if not parts or not all(p.isdigit() for p in parts):
        return None
    if windows and len(parts) >= 2 and len(parts[0]) >= 3:  # nvrtc64_112_0.dll
        return _version_pair(parts[0], True)
    return int(parts[0]), int(parts[1]) if len(parts) > 1 else None


def _cuda_of(library: str, text: str | None, windows: bool, file_key: str) -> str | None:
    pair = _version_pair(text, windows) if text else None
    if pair is None or pair[0] > 50:  # unreadable, or a year-style CUPTI version
        return None
    major, minor = pair
    if minor is not None and (major, minor) <= (10, 0):  # before 10.1 every library used major.minor
        return f"{major}.{minor}"
    if library == "cudart":
        if (major, minor) == (11, 0):  # CUDA 11.x cudart is always versioned 11.0
            return "11"
        return f"{major}.{minor}" if minor is not None else str(major)
    if library == "cupti":
        return f"{major}.{minor}" if minor is not None else str(major)
    if library in _CUDA_MAJOR_NAMED:
        return str(major)
    if library == "nccl":  # NCCL's version says nothing about CUDA
        return None
    majors = {versions.major_text(row["cuda"]) for row in _known_files().get(file_key, [])}
    return majors.pop() if len(majors) == 1 else None


def _component(library: str) -> str | None:
    if library.startswith("cudnn"):
        return "cudnn"
    return _CUDA_MAJOR_NAMED.get(library) or _OWN_VERSIONED.get(library)


def _parse(base: str) -> LibraryInfo | None:
    key = base.lower()
    known = key in _known_files()
    if key.endswith(".dll"):
        if key in _WINDOWS_SPECIAL:
            return LibraryInfo(base, _WINDOWS_SPECIAL[key], "windows", None, None, key[:-4], None, known)
        if re.fullmatch(r"(msvcp|vcruntime)\d+(_\d+)?\.dll", key):
            return LibraryInfo(base, "msvc", "windows", None, None, key[:-4], None, known)
        match = _WINDOWS_LIB.fullmatch(key)
        windows = True
    elif ".so" in key:
        match = _LINUX_LIB.fullmatch(key)
        windows = False
        if match and match.group(1) == "cuda":
            return LibraryInfo(base, "driver", "linux", None, None, "cuda", match.group(2), known)
        if match and match.group(1) == "nvidia-ml":
            return LibraryInfo(base, "nvml", "linux", None, None, "nvidia-ml", match.group(2), known)
    else:
        return None
    if not match:
        return None
    library, text = match.group(1), match.group(2)
    component = _component(library)
    if component is None:
        return None
    os_name = "windows" if windows else "linux"
    if component == "cudnn":
        cudnn = (text.split("_")[0] if windows else text) if text else None
        return LibraryInfo(base, "cudnn", os_name, None, cudnn, library, text, known)
    return LibraryInfo(base, component, os_name, _cuda_of(library, text, windows, key), None, library, text, known)


def library_info(file_name: str) -> LibraryInfo | None:
    """What a CUDA/cuDNN/driver/runtime library file is ('cudart64_101.dll' -> cudart of CUDA 10.1).

    None for names that are not such a library."""
    if not file_name:
        return None
    base = re.split(r"[\\/]", str(file_name).strip())[-1]
    try:
        return _parse(base)
    except (ValueError, KeyError, TypeError):
        return None


def expected_libraries(tf_version: str, os: str) -> dict[str, str]:
    """Component -> file name that TF of that version loads on that OS ({} if unknown or no GPU build).

    The MSVC runtime comes as keys 'msvcp140' and 'msvcp140_1' (component 'msvc' in library_info)."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet  # here: explain's start-up does not need it

    wanted, os_name = versions.parse(tf_version), wheel_platform(os)
    if wanted is None or os_name is None:
        return {}
    for row in load_kb("libraries")["stacks"]:
        if row["os"] != os_name or not row.get("tf_versions"):
            continue
        try:
            specifier = SpecifierSet(row["tf_versions"])
        except InvalidSpecifier:
            continue
        if specifier.contains(wanted, prereleases=True):
            return dict(row["files"])
    return {}


def library_stacks(os_name: str) -> list[dict]:
    """The KB's library stacks (file names per CUDA/cuDNN stack) for ``windows`` or ``linux``."""
    return [row for row in load_kb("libraries").get("stacks", []) if row.get("os") == os_name]
