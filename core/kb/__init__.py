"""Typed, cached accessors over the compatibility knowledge base (``resources/kb/*.json``).

One import for callers: ``from tfgpu.core import kb``. The facts live in the JSON files, every
row with its source and status; the code here only reads them. Accessors never raise: odd input
gives None, ``{}`` or "unknown".

Modules: :mod:`.tf` (TF builds, compute capability), :mod:`.cuda` (driver minimums, cuDNN <-> CUDA),
:mod:`.libraries` (DLL / soname names), :mod:`.gpus` (GPU models and peaks), :mod:`.text` (how explain reads
prose; CPUs without AVX), :mod:`.pci` (graphics adapters' PCI vendors), :mod:`.guarded` (the same
answers for explain, never raising), :mod:`.loader` (reads the JSON; nothing outside this package may).
"""

from __future__ import annotations

import copy
from importlib import import_module
from typing import TYPE_CHECKING, Any

from tfgpu.core.kb.loader import kb_row, load_kb

# Each accessor's module, imported on first use (PEP 562): `tfgpu explain` on a one-line text loads only
# the parts of the KB it asks about (start-up is measured by tests/perf/bench_cli_startup.py).
_HOME = {
    "CudnnCutoff": "cuda", "cudnn_cutoffs": "cuda", "cudnn_drops_gpu": "cuda", "cudnn_floor_for": "cuda",
    "cudnn_supports_cuda": "cuda", "max_cuda_for_driver": "cuda", "min_driver": "cuda", "min_driver_any_minor": "cuda",
    "ArchOption": "gpus", "ArchRule": "gpus", "GpuSpec": "gpus", "arch_rules": "gpus", "arch_rules_for": "tf",
    "gpu_spec": "gpus", "gpu_spec_or_inferred": "gpus", "gpu_by_pci_id": "pci_gpus", "PciGpu": "pci_gpus",
    "LibraryInfo": "libraries", "expected_libraries": "libraries", "library_info": "libraries",
    "is_display_class": "pci", "is_nvidia_vendor": "pci", "pci_vendor": "pci", "windows_display_class_guid": "pci",
    "classifier_model": "text", "cpu_without_avx": "text", "text_rows": "text",
    "Support": "tf", "TfBuild": "tf", "and_cuda_pins": "tf", "cc_support": "tf", "gpu_support": "tf",
    "last_tf_for_cc": "tf", "latest_tf": "tf", "legacy_tf_build": "tf", "min_cc": "tf", "patch_release": "tf",
    "python_has_wheel": "tf", "tf_build": "tf", "tf_builds": "tf", "stock_pythons": "tf",
}

if TYPE_CHECKING:  # the same names, for type checkers
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
    from tfgpu.core.kb.gpus import (
        ArchOption,
        ArchRule,
        GpuSpec,
        arch_rules,
        gpu_spec,
        gpu_spec_or_inferred,
    )
    from tfgpu.core.kb.libraries import LibraryInfo, expected_libraries, library_info
    from tfgpu.core.kb.pci import is_display_class, is_nvidia_vendor, pci_vendor, windows_display_class_guid
    from tfgpu.core.kb.pci_gpus import PciGpu, gpu_by_pci_id
    from tfgpu.core.kb.text import classifier_model, cpu_without_avx, text_rows
    from tfgpu.core.kb.tf import (
        Support,
        TfBuild,
        and_cuda_pins,
        arch_rules_for,
        cc_support,
        gpu_support,
        last_tf_for_cc,
        latest_tf,
        legacy_tf_build,
        min_cc,
        patch_release,
        python_has_wheel,
        stock_pythons,
        tf_build,
        tf_builds,
    )


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "ArchOption", "ArchRule", "CudnnCutoff", "GpuSpec", "LibraryInfo", "Support", "TfBuild", "and_cuda_pins",
    "arch_rules", "arch_rules_for", "cc_support", "classifier_model", "cpu_without_avx", "cudnn_cutoffs", "cudnn_drops_gpu",
    "cudnn_floor_for", "cudnn_supports_cuda", "expected_libraries", "finding_rows", "gpu_spec", "gpu_support",
    "gpu_spec_or_inferred", "gpu_by_pci_id", "PciGpu",
    "is_display_class", "is_nvidia_vendor", "kb_meta", "kb_version", "last_tf_for_cc", "latest_tf",
    "legacy_tf_build", "library_info", "log_signature_rows", "max_cuda_for_driver", "min_cc", "min_driver",
    "min_driver_any_minor", "patch_release", "pci_vendor", "python_has_wheel", "stock_pythons", "text_rows", "tf_build",
    "tf_builds", "windows_display_class_guid", "zlibwapi_cudnn_versions",
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
