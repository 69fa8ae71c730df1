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
    "cudnn_supports_cuda": "cuda", "max_cuda_for_driver": "cuda", "min_driver": "cuda", "min_driver_any_minor": "cuda",
    "GpuSpec": "gpus", "gpu_spec": "gpus",
    "LibraryInfo": "libraries", "expected_libraries": "libraries", "library_info": "libraries",
    "is_display_class": "pci", "is_nvidia_vendor": "pci", "pci_vendor": "pci", "windows_display_class_guid": "pci",
    "cpu_without_avx": "text", "text_rows": "text",
    "TfBuild": "tf", "cc_support": "tf", "last_tf_for_cc": "tf", "latest_tf": "tf", "legacy_tf_build": "tf",
    "min_cc": "tf", "python_has_wheel": "tf", "tf_build": "tf", "tf_builds": "tf",
}

if TYPE_CHECKING:  # the same names, for type checkers
    from tfgpu.core.kb.cuda import (
        cudnn_supports_cuda,
        max_cuda_for_driver,
        min_driver,
        min_driver_any_minor,
    )
    from tfgpu.core.kb.gpus import GpuSpec, gpu_spec
    from tfgpu.core.kb.libraries import LibraryInfo, expected_libraries, library_info
    from tfgpu.core.kb.pci import is_display_class, is_nvidia_vendor, pci_vendor, windows_display_class_guid
    from tfgpu.core.kb.text import cpu_without_avx, text_rows
    from tfgpu.core.kb.tf import (
        TfBuild,
        cc_support,
        last_tf_for_cc,
        latest_tf,
        legacy_tf_build,
        min_cc,
        python_has_wheel,
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
    "GpuSpec",
    "LibraryInfo",
    "TfBuild",
    "cc_support",
    "cpu_without_avx",
    "cudnn_supports_cuda",
    "expected_libraries",
    "gpu_spec",
    "is_display_class",
    "is_nvidia_vendor",
    "finding_rows",
    "kb_meta",
    "kb_version",
    "log_signature_rows",
    "last_tf_for_cc",
    "latest_tf",
    "legacy_tf_build",
    "library_info",
    "max_cuda_for_driver",
    "min_cc",
    "min_driver",
    "min_driver_any_minor",
    "pci_vendor",
    "python_has_wheel",
    "tf_build",
    "tf_builds",
    "text_rows",
    "windows_display_class_guid",
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
