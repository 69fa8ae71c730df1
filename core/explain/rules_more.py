"""Rules for messages from outside TensorFlow's own GPU start-up: NumPy 2 against a NumPy-1 build,
pip's Windows long-path failure, distributed training (ports, NCCL), container runtimes and
Kubernetes asking for a newer driver or a GPU, and XLA's ptxas version warning."""

from __future__ import annotations

from tfgpu.core.explain.context import Ctx
from tfgpu.core.findings.model import Severity
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.kb import guarded as kbview


def numpy(ctx: Ctx) -> None:
    hits = ctx.hits.get("numpy2-abi")
    if not hits:
        return
    numpy_version = next((h.groups["numpy"] for h in hits if h.groups.get("numpy")), None)
    ctx.add("numpy-incompatible", TrText(QT_TRANSLATE_NOOP(
        "core", "This TensorFlow was compiled against NumPy 1.x and cannot run with NumPy {numpy}. Install "
        "\"numpy<2\" into the same environment, or upgrade to TensorFlow 2.18 or later (built for NumPy 2)."),
        numpy=numpy_version or "2"), hits[:2], {"numpy_version": numpy_version})


def long_paths(ctx: Ctx) -> None:
    hits = ctx.hits.get("pip-long-path-hint") + ctx.hits.get("pip-enoent-long-windows-path")
    if hits:
        ctx.add("windows-long-paths", TrText(QT_TRANSLATE_NOOP(
            "core", "pip could not write one of TensorFlow's deeply nested files: Windows limits paths to 260 "
            "characters unless long paths are enabled. Enable long paths (administrator), then run pip again.")),
            hits[:2], {"os": "windows"})


def distributed(ctx: Ctx) -> None:
    ports = ctx.hits.get("address-in-use")
    if ports:
        ctx.add("port-in-use", TrText(QT_TRANSLATE_NOOP(
            "core", "A server could not start because its port is already in use: another process (a leftover "
            "worker, or a second task on the same host given the same port) listens on it. Stop that process, or "
            "give each task its own port in the cluster spec (TF_CONFIG).")), ports[:2])
    nccl = ctx.hits.get("nccl-not-available")
    if nccl:
        ctx.add("nccl-unavailable", TrText(QT_TRANSLATE_NOOP(
            "core", "The multi-GPU strategy uses NCCL all-reduce, which is not available here (TensorFlow has no NCCL "
            "on Windows). Pass another cross-device op, e.g. tf.distribute.MirroredStrategy(cross_device_ops="
            "tf.distribute.HierarchicalCopyAllReduce()).")), nccl[:2])


def containers(ctx: Ctx) -> None:
    requirement = ctx.hits.get("container-cuda-requirement")
    if requirement:
        cuda = requirement[0].groups.get("cuda")
        ctx.facts.setdefault("container_cuda", cuda)
        need = kbview.min_driver(cuda, "linux")
        if need:
            detail = TrText(QT_TRANSLATE_NOOP(
                "core", "The container image needs CUDA {cuda}, which the host's NVIDIA driver does not support. "
                "Update the host driver to {need} or newer, or use an image built for an older CUDA."), cuda=cuda, need=need)
        else:
            detail = TrText(QT_TRANSLATE_NOOP(
                "core", "The container image needs CUDA {cuda}, which the host's NVIDIA driver does not support. "
                "Update the host driver, or use an image built for an older CUDA."), cuda=cuda)
        ctx.add("driver-too-old", detail, requirement[:2], {"cuda": cuda, "min_driver": need})
    k8s = ctx.hits.get("k8s-insufficient-gpu")
    if k8s:
        ctx.add("container-gpu-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "No Kubernetes node offers a free nvidia.com/gpu: the NVIDIA device plugin is not running on the "
            "GPU nodes (or their container runtime is not set up for NVIDIA), or every GPU is taken. Check "
            "'kubectl describe node' for nvidia.com/gpu under Capacity.")), k8s[:2])


def ptxas_warning(ctx: Ctx) -> None:
    hits = ctx.hits.get("ptxas-too-old-warning")
    if hits and not ctx.has("ptx-toolchain-mismatch"):
        found, need = hits[0].groups.get("ptxas"), hits[0].groups.get("need")
        ctx.add("ptx-toolchain-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "XLA uses ptxas {found}, older than the {need} it trusts: it may miscompile. Put the ptxas of "
            "TensorFlow's own CUDA version first on PATH (or install the nvidia-cuda-nvcc package)."),
            found=found, need=need), hits[:1], {"ptxas": found, "ptxas_needed": need}, severity=Severity.WARNING)
