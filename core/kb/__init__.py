"""Typed, cached accessors over the compatibility knowledge base (``resources/kb/*.json``).

One import for callers: ``from tfgpu.core import kb``. The facts live in the JSON files, every
row with its source and status; the code here only reads them. Accessors never raise: odd input
gives None, ``{}`` or "unknown".

Modules: :mod:`.tf` (TF builds, compute capability), :mod:`.cuda` (driver minimums, cuDNN <-> CUDA),
:mod:`.libraries` (DLL / soname names), :mod:`.gpus` (GPU models and peaks), :mod:`.guarded` (the same
answers for explain, never raising), :mod:`.loader` (reads the JSON; nothing outside this package may).
"""

from __future__ import annotations

import copy

from tfgpu.core.kb.cuda import (
    CudnnCutoff,
    cudnn_cutoffs,
    cudnn_drops_gpu,
    cudnn_floor_for,
    cudnn_supports_cuda,
    max_cuda_for_driver,
    min_driver,
    min_driver_any_minor,
)
from tfgpu.core.kb.gpus import ArchOption, ArchRule, GpuSpec, arch_rules, arch_rules_for, gpu_spec
from tfgpu.core.kb.libraries import LibraryInfo, expected_libraries, library_info
from tfgpu.core.kb.loader import kb_row, load_kb
from tfgpu.core.kb.tf import (
    Support,
    TfBuild,
    and_cuda_pins,
    cc_support,
    gpu_support,
    last_tf_for_cc,
    latest_tf,
    min_cc,
    patch_release,
    python_has_wheel,
    tf_build,
    tf_builds,
)

__all__ = [
    "ArchOption",
    "ArchRule",
    "CudnnCutoff",
    "GpuSpec",
    "LibraryInfo",
    "Support",
    "TfBuild",
    "and_cuda_pins",
    "arch_rules",
    "arch_rules_for",
    "cc_support",
    "cudnn_cutoffs",
    "cudnn_drops_gpu",
    "cudnn_floor_for",
    "cudnn_supports_cuda",
    "expected_libraries",
    "gpu_spec",
    "gpu_support",
    "finding_rows",
    "kb_meta",
    "kb_version",
    "log_signature_rows",
    "last_tf_for_cc",
    "latest_tf",
    "library_info",
    "max_cuda_for_driver",
    "min_cc",
    "min_driver",
    "min_driver_any_minor",
    "patch_release",
    "python_has_wheel",
    "tf_build",
    "tf_builds",
    "zlibwapi_cudnn_versions",
]


def kb_meta() -> dict:
    """``meta.json``: kb_version, date, about, and the files map (a copy: callers may change it)."""
    return copy.deepcopy(load_kb("meta"))


def zlibwapi_cudnn_versions() -> str:
    """The cuDNN releases whose Windows DLLs load zlibwapi.dll, as a PEP 440 specifier (">=8.3,<9")."""
    return str(kb_row("cudnn_windows", "zlibwapi-needed")["cudnn_versions"])


def kb_version() -> tuple[str, str]:
    """(kb_version, date) of the knowledge base as a whole."""
    meta = load_kb("meta")
    return str(meta["kb_version"]), str(meta["date"])


def finding_rows() -> list[dict]:
    """The finding catalog's rows (``findings.json``), shared and cached: callers must not change them."""
    return list(load_kb("findings")["rows"])


def log_signature_rows() -> list[dict]:
    """The log signatures' rows (``log_signatures.json``), shared and cached: callers must not change them."""
    return list(load_kb("log_signatures")["rows"])
