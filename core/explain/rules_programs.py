"""The CUDA stack met through programs built on PyTorch beside TensorFlow (DeepSpeed, xFormers): their own words
for a CUDA of another version, a CPU-only build, or a driver too old."""

from __future__ import annotations

from tfgpu.core.explain.context import Ctx
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText


def extensions(ctx: Ctx) -> None:
    """An extension built for another CUDA than PyTorch's (DeepSpeed, xFormers); xFormers beside a CPU-only PyTorch."""
    hits = ctx.hits.get("extension-built-for-other-cuda")
    if not hits or ctx.has("cuda-version-mismatch") or ctx.has("cpu-only-build"):
        return
    groups = hits[0].groups
    torch = groups.get("xf_torch") or ""
    if torch.endswith("+cpu"):
        ctx.add("cpu-only-build", TrText(QT_TRANSLATE_NOOP(
            "core", "The installed PyTorch is its CPU-only build ({torch}), so the extensions built for CUDA cannot "
            "load. Install PyTorch's CUDA build (from the index for your CUDA version, e.g. cu121)."), torch=torch),
            hits[:2], {"torch": torch})
        return
    need = groups.get("need") or _cuda(groups.get("xf_cuda"))
    have = groups.get("have") or torch or "?"
    ctx.add("cuda-version-mismatch", TrText(QT_TRANSLATE_NOOP(
        "core", "A PyTorch extension and PyTorch disagree about CUDA ({need} against {have}): it was built for, or is "
        "building with, another CUDA than the installed PyTorch's. Install the extension's build for this PyTorch, "
        "or a CUDA toolkit (and PyTorch) of one version."), need=need, have=have), hits[:2],
        {"need": need, "installed": have})


def driver_without_version(ctx: Ctx) -> None:
    """PyTorch's "driver too old" without the version it found."""
    hits = [h for h in ctx.hits.get("torch-driver-too-old") if not h.groups.get("found")]
    if hits and not ctx.has("driver-too-old"):
        ctx.add("driver-too-old", TrText(QT_TRANSLATE_NOOP(
            "core", "The NVIDIA driver is older than the CUDA the framework was built with. Update the NVIDIA driver "
            "(or install the framework's build for an older CUDA).")), hits[:2])


def _cuda(code: str | None) -> str:
    """xFormers' CUDA number (1108, 1210) as a version (11.8, 12.1)."""
    return f"{int(code) // 100}.{int(code) % 100 // 10}" if code and code.isdigit() else "?"
