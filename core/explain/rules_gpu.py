"""Rules about the GPU stack: driver, cuDNN, memory, XLA/PTX and compute capability.

Each rule reads signature hits plus facts and adds findings through ``Ctx.add``. A
signature's default finding is refined by what else the text says (codes, versions).
"""

from __future__ import annotations

import re

from tfgpu.core.explain.context import Ctx
from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.explain.libraries import Lib
from tfgpu.core.explain.signatures import Hit
from tfgpu.core.findings.gpu_limits import unsupported_gpu_detail, unsupported_gpu_rule
from tfgpu.core.findings.model import Severity
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.kb import guarded as kbview

_NOT_A_FAILURE = lazy(r"caller indicates that this is not a failure", re.I)
_CPU_DEVICE = lazy(r"(?i)device:CPU|\bcpu\b|mklcpu")
_MISMATCH_CODE = lazy(r"(?i)SYSTEM_DRIVER_MISMATCH|\(803\)")
# Forward compatibility refused (804): the CUDA in use is newer than the driver, which this GPU cannot bridge.
_INSUFFICIENT_CODE = lazy(r"(?i)INSUFFICIENT_DRIVER|\(35\)|COMPAT_NOT_SUPPORTED_ON_DEVICE|\(804\)")
# A CUDA runtime start-up status that other rules explain (memory, driver age, kernels for the GPU).
_OTHER_STATUS = lazy(r"(?i)out of memory|insufficient|kernel image|no kernel|PTX")


# cuDNN 8's sub-library asking for the unversioned libcuda.so (WSL has it in /usr/lib/wsl/lib).
_CUDNN_WANTS_LIBCUDA = lazy(r"Could not load library libcudnn\w*\.so[\d.]*\.?\s+Error: libcuda\.so: cannot open")


def driver(ctx: Ctx, driver_libs: list[Lib]) -> None:
    hits = ctx.hits
    cuinit = hits.get("cuinit-failed")
    codes = [h.groups.get("code", "") for h in cuinit]
    mismatch = (hits.get("kernel-dso-version-mismatch") + hits.get("driver-library-version-mismatch")
                + hits.get("nvml-rm-version-mismatch") + hits.get("modprobe-nvidia-module-mismatch"))
    mismatch += [h for h in cuinit if _MISMATCH_CODE.search(h.groups.get("code", ""))]
    if mismatch:
        ctx.add("driver-library-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "The NVIDIA kernel module and the driver library are different versions, usually after a driver "
            "update without a reboot. Reboot (or reload the nvidia module).")), mismatch,
            {"driver_version": ctx.facts.get("driver_version")})
    if hits.any("smi-no-devices") and ctx.os == "wsl":  # WSL's nvidia-smi is the Windows driver's: a GPU exists
        ctx.add("wsl-gpu-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "nvidia-smi inside WSL comes from the Windows NVIDIA driver, yet it finds no GPU it can use: "
            "Windows does not pass the GPU through (a GPU in TCC mode, an old Windows build, or a driver without WSL "
            "support). Update Windows and the NVIDIA driver, and keep the GPU in WDDM mode.")),
            hits.get("smi-no-devices"))
    elif hits.any("smi-no-devices"):
        ctx.add("no-nvidia-gpu", TrText(QT_TRANSLATE_NOOP(
            "core", "The NVIDIA driver is loaded but lists no GPU (a VM or container without GPU access, or no NVIDIA card).")),
            hits.get("smi-no-devices"))
    # A GPU the framework calls too old explains the CUDA start-up failure that follows it.
    too_old = hits.any("below-minimum-compute-capability", "framework-gpu-too-old", "compute-capability-too-low")
    missing = [h for h in cuinit if not (_MISMATCH_CODE.search(h.groups.get("code", "")) or
                                         _INSUFFICIENT_CODE.search(h.groups.get("code", "")) or too_old)]
    missing += hits.get("kernel-driver-not-running")
    missing += [h for h in hits.get("no-cuda-capable-device") if not any(c.line_no == h.line_no for c in cuinit)]
    missing += [h for h in hits.get("cuda-runtime-init-failed") if not _OTHER_STATUS.search(h.groups.get("status", ""))]
    missing += hits.get("smi-cannot-reach-driver") + hits.get("smi-not-found") + hits.get("smi-no-such-file")
    missing += hits.get("nvml-driver-not-loaded") + hits.get("libcuda-file-too-short") + hits.get("numba-driver-not-found")
    missing += hits.get("singularity-no-nv-files")
    missing += [h for lib in driver_libs if lib.component == "driver" for h in lib.hits]
    # The container toolkit failing to hand the GPU over explains a driver missing inside the container.
    toolkit = hits.any("nvidia-container-cli-error", "docker-unknown-nvidia-runtime", "docker-no-gpu-driver")
    if not missing or mismatch or toolkit:
        return
    missing.sort(key=lambda h: h.line_no)
    facts = {"cuinit_error": codes[0] if codes else None,
             "missing_libraries": [lib.name for lib in driver_libs if lib.component == "driver"]}
    visible = ctx.facts.get("cuda_visible_devices")
    if visible is not None and not re.fullmatch(r"\s*\d+(?:\s*,\s*\d+)*\s*", visible):
        ctx.add("gpu-hidden", TrText(QT_TRANSLATE_NOOP(
            "core", "CUDA_VISIBLE_DEVICES is set to \"{value}\", which hides every GPU, so CUDA reports no device."),
            value=visible), hits.get("cuda-visible-devices")[:1] + missing[:2], facts)
    elif ctx.cpu_only():
        ctx.add("benign-log", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow found no NVIDIA driver and runs on the CPU. On a machine (or container) without a GPU "
            "this is expected; to use a GPU, install the NVIDIA driver (for Docker: run with --gpus all).")), missing, facts)
    elif ctx.os == "wsl" and _CUDNN_WANTS_LIBCUDA.search(ctx.doc.text):
        ctx.add("path-not-set", TrText(QT_TRANSLATE_NOOP(
            "core", "cuDNN cannot find libcuda.so: under WSL 2 the driver's libraries are in /usr/lib/wsl/lib, which "
            "is not on the loader's search path here. Add it (export LD_LIBRARY_PATH=/usr/lib/wsl/lib:"
            "$LD_LIBRARY_PATH), or run sudo ldconfig.")), missing, facts)
    elif ctx.os == "wsl":
        ctx.add("wsl-gpu-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "Inside WSL, TensorFlow found no GPU driver: the Windows NVIDIA driver provides it through /dev/dxg. "
            "Install or update the NVIDIA driver on Windows (not inside WSL) and use WSL 2.")), missing, facts)
    elif ctx.kind in ("nvidia-smi", "nvidia-smi-xml"):
        ctx.add("driver-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "nvidia-smi cannot talk to an NVIDIA driver: the driver is not installed, or its kernel module is "
            "not loaded (not built for the running kernel, or blocked by Secure Boot).")), missing, facts)
    else:
        ctx.add("driver-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow cannot start CUDA: no working NVIDIA driver ({error}). Install the NVIDIA driver "
            "for your GPU, then reboot."), error=_short(codes[0] if codes else missing[0].line)), missing, facts)


def _short(text: str, limit: int = 120) -> str:
    text = re.sub(r"^.*?\.(?:cc|cpp|h):\d+\]\s*", "", text.strip())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _conda_cuda_constraint(ctx: Ctx) -> bool:
    hits = ctx.hits.get("conda-cuda-constraint")
    if not hits:
        return False
    need, have = hits[0].groups.get("need", "?"), hits[0].groups.get("have", "?")
    ctx.add("driver-too-old", TrText(QT_TRANSLATE_NOOP(
        "core", "conda's solver says the NVIDIA driver supports CUDA up to {have} (its __cuda virtual package), but "
        "the package needs CUDA {need} or newer. Update the NVIDIA driver, or install the package's build for CUDA "
        "{have}."), have=have, need=need), hits[:2], {"driver_max_cuda": have, "cuda": need})
    return True


def _conda_cuda_missing(ctx: Ctx) -> bool:
    hits = ctx.hits.get("conda-cuda-missing")
    if not hits or ctx.hits.get("conda-cuda-constraint"):
        return False
    ctx.add("driver-missing", TrText(QT_TRANSLATE_NOOP(
        "core", "conda's solver sees no NVIDIA driver (it finds no __cuda virtual package), so it will not install a "
        "CUDA build. Install the NVIDIA driver. Where no GPU can be seen at install time (a docker build), set "
        "CONDA_OVERRIDE_CUDA to the CUDA version the target machine's driver supports.")), hits[:2])
    return True


def driver_too_old(ctx: Ctx) -> None:
    if _conda_cuda_constraint(ctx) or _conda_cuda_missing(ctx):
        return
    # After a driver update without a reboot the new library finds the old kernel module and reports a failed
    # forward compatibility: the mismatch, not the driver's age.
    mismatch = ctx.hits.any("kernel-dso-version-mismatch", "driver-library-version-mismatch", "nvml-rm-version-mismatch")
    hits = (ctx.hits.get("driver-insufficient") + ctx.hits.get("ngc-driver-too-old")[:1]
            + ([] if mismatch else ctx.hits.get("forward-compat-unsupported")[:1]))
    hits += [h for h in ctx.hits.get("cuinit-failed") if _INSUFFICIENT_CODE.search(h.groups.get("code", ""))]
    if not hits:
        return
    driver_version = ctx.facts.get("driver_version")
    installed = ctx.facts.get("cuda_installed", [])
    cuda = (installed[0] if installed else None) or ctx.facts.get("cuda_wanted") or kbview.tf_cuda(ctx.tf, ctx.os)
    need = kbview.min_driver(cuda, ctx.os)
    facts = {"driver_version": driver_version, "cuda": cuda, "min_driver": need,
             "driver_max_cuda": ctx.facts.get("cuda_driver") or kbview.max_cuda_for_driver(driver_version, ctx.os)}
    if driver_version and cuda and need:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "The NVIDIA driver {driver} is too old for CUDA {cuda}, which needs driver {need} or newer. "
            "Update the NVIDIA driver."), driver=driver_version, cuda=cuda, need=need)
    elif cuda:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "The NVIDIA driver is too old for the CUDA {cuda} runtime TensorFlow loaded. Update the NVIDIA driver."),
            cuda=cuda)
    else:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "The NVIDIA driver is too old for the CUDA runtime TensorFlow loaded. Update the NVIDIA driver."))
    ctx.add("driver-too-old", detail, hits, facts)


def memory(ctx: Ctx) -> None:
    hits = ctx.hits
    growth = hits.get("devices-modified-after-init")
    differs = hits.get("memory-growth-differs")
    if differs and not growth:
        ctx.add("memory-growth-after-init", TrText(QT_TRANSLATE_NOOP(
            "core", "Memory growth was turned on for some GPUs but not for all: TensorFlow needs the same setting on "
            "every visible GPU. Call set_memory_growth for each GPU in tf.config.list_physical_devices('GPU'), right "
            "after importing TensorFlow.")), differs[:2])
    if growth:
        ctx.add("memory-growth-after-init", TrText(QT_TRANSLATE_NOOP(
            "core", "A GPU setting (memory growth, visible devices or a memory limit) was changed after TensorFlow had "
            "already initialised the GPU. Set it right after importing TensorFlow, before any model or tensor is created.")),
            growth)
    tensors = hits.get("oom-allocating-tensor")
    ooms = [h for h in tensors if not _CPU_DEVICE.search(h.groups.get("device", ""))]
    if ooms or not tensors:  # every OOM that names its device names the CPU: host memory, not the GPU
        ooms += [h for h in hits.get("resource-exhausted") if not _CPU_DEVICE.search(h.line)]
    else:
        ctx.ruled_out.add("gpu-oom")
    ooms += hits.get("cuda-out-of-memory")
    ooms += hits.get("dst-tensor-not-initialized")  # the copy into GPU memory found no room
    if not tensors or ooms:  # the allocator's dump after a failed allocation (not the host's, when told)
        ooms += hits.get("bfc-memory-dump")[:1]
    ooms += [h for h in hits.get("cuda-runtime-init-failed") if "out of memory" in h.groups.get("status", "").lower()]
    soft = [h for h in hits.get("bfc-ran-out") if _NOT_A_FAILURE.search(h.line)]
    if not soft:  # one line says "not a failure": the same warning quoted again (a title, cut short) is no OOM either
        ooms += [h for h in hits.get("bfc-ran-out") if not _CPU_DEVICE.search(h.groups.get("allocator", ""))]
    cudnn_init = hits.get("conv-algorithm-failed") + hits.get("dnn-blas-handle-failed") + hits.get("dnn-init-failed")
    if ctx.has("cudnn-gpu-too-old"):  # those lines are explained: cuDNN cannot run this GPU
        cudnn_init = []
    facts = {"oom_allocation_bytes": ctx.facts.get("oom_allocation_bytes"), "gpu_memory_mb": ctx.facts.get("gpu_memory_mb"),
             "gpu": ctx.gpu_name()}
    if ooms:
        size = ctx.facts.get("oom_allocation_bytes")
        if size:
            detail = TrText(QT_TRANSLATE_NOOP(
                "core", "The GPU ran out of memory while allocating {size}. Use a smaller batch or model, enable memory "
                "growth, or close other programs that use the GPU."), size=_human(size))
        else:
            detail = TrText(QT_TRANSLATE_NOOP(
                "core", "The GPU ran out of memory. Use a smaller batch or model, enable memory growth, or close other "
                "programs that use the GPU."))
        ctx.add("gpu-oom", detail, ooms + cudnn_init, facts)
    elif cudnn_init and not ctx.has("cudnn-version-mismatch"):
        ctx.add("gpu-oom", TrText(QT_TRANSLATE_NOOP(
            "core", "cuDNN/cuBLAS could not initialise, which almost always means TensorFlow had already reserved the GPU "
            "memory. Enable memory growth (or lower the memory fraction) before building the model.")),
            cudnn_init, facts)
    elif soft and not ctx.errors() and (ctx.hits.any("gpu-device-created", "gpu-device-created-short", "gpu-found-properties")
                                        or any("gpu" in h.groups.get("allocator", "").lower() for h in soft)):
        ctx.add("benign-log", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow uses the GPU; the allocator's \"ran out of memory ... not a failure\" lines are notices "
            "that more memory might run it faster, not errors.")), soft[:2], {"notices": ["GPU allocator notice"]})
    elif soft and not ctx.errors():
        ctx.add("gpu-oom", TrText(QT_TRANSLATE_NOOP(
            "core", "The GPU allocator ran short of memory but TensorFlow carried on (\"not a failure\"): it may run "
            "slower. A smaller batch avoids it.")), soft, facts, severity=Severity.WARNING)
    _memory_taken(ctx)


# TF 1.x's device properties: "totalMemory: 10.73GiB freeMemory: 64.56MiB".
_TOTAL_FREE = lazy(r"totalMemory: (\d+(?:\.\d+)?)GiB freeMemory: (\d+(?:\.\d+)?)(GiB|MiB)", needs=("freememory",))
FULL_BEFORE_START = 0.05  # less free than this share of a GPU's memory when TF starts: someone else holds it


def _memory_taken(ctx: Ctx) -> None:
    """Every GPU TF found was already almost full when it started: another process holds the memory."""
    if ctx.has("gpu-oom"):
        return
    pairs = [(float(m.group(1)) * 1024, float(m.group(2)) * (1024 if m.group(3) == "GiB" else 1), m.start())
             for _, m in zip(range(16), _TOTAL_FREE.finditer(ctx.doc.text))]
    if not pairs or any(free >= FULL_BEFORE_START * total for total, free, _ in pairs):
        return
    first = pairs[0][2]
    hit = Hit(signature="gpu-memory-taken", line_no=ctx.doc.line_at(first), line=ctx.doc.line_text(first))
    ctx.add("gpu-oom", TrText(QT_TRANSLATE_NOOP(
        "core", "When TensorFlow started, its GPU(s) had almost no free memory ({free} MiB free): another process "
        "already holds it. Stop that process (see nvidia-smi), or choose a free GPU with CUDA_VISIBLE_DEVICES."),
        free=str(round(min(free for _, free, _ in pairs)))), [hit], {"free_mib": round(min(free for _, free, _ in pairs))})


def _human(size: int) -> str:
    value = float(size)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024:
            return f"{value:.0f} {unit}" if unit == "B" else f"{value:.2f} {unit}"
        value /= 1024
    return f"{value:.2f} TiB"


def xla(ctx: Ctx) -> None:
    libdevice = ctx.hits.get("libdevice-not-found")
    if libdevice:
        ctx.add("libdevice-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "XLA cannot find libdevice (nvvm/libdevice/libdevice.10.bc). Install the CUDA nvcc component (e.g. "
            "the nvidia-cuda-nvcc pip package) or point XLA_FLAGS=--xla_gpu_cuda_data_dir at a CUDA toolkit folder.")),
            libdevice, {"searched": ctx.facts.get("libdevice_searched")})
    ptxas = ctx.hits.get("ptxas-not-found")
    if ptxas and not libdevice:
        ctx.add("libdevice-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "XLA cannot run ptxas from a CUDA toolkit, so it falls back to the driver (slower; some ops may fail). "
            "Install the CUDA nvcc component (e.g. the nvidia-cuda-nvcc pip package).")), ptxas,
            severity=Severity.WARNING)


def _newer_than_build(ctx: Ctx, cc: str | None) -> bool | None:
    """Is this compute capability newer than every architecture in the TF build? None: unknown."""
    value = kbview.cc_number(cc)
    top = kbview.max_build_cc(ctx.tf) or kbview.max_known_cc()
    if value is None or top is None:
        return None
    return value > top


def ptx_and_cc(ctx: Ctx) -> None:
    hits = ctx.hits
    for hit in hits.get("compute-capability-too-low")[:1]:
        cc, minimum = hit.groups.get("cc"), hit.groups.get("min")
        last = kbview.last_tf_for_cc(cc)
        if last:
            detail = TrText(QT_TRANSLATE_NOOP(
                "core", "The GPU has compute capability {cc}, below the {minimum} this TensorFlow build needs, so "
                "TensorFlow ignores it. The last TensorFlow for this GPU is {last}."), cc=cc, minimum=minimum, last=last)
        else:
            detail = TrText(QT_TRANSLATE_NOOP(
                "core", "The GPU has compute capability {cc}, below the {minimum} this TensorFlow build needs, so "
                "TensorFlow ignores it."), cc=cc, minimum=minimum)
        ctx.add("compute-capability-unsupported", detail, [hit], {"found_cc": cc, "required_cc": minimum, "last_tf": last})
    target = hits.get("ptx-target-unsupported")
    if target:
        cc = ctx.facts.get("target_cc")
        newer = _newer_than_build(ctx, cc)
        _ptx_finding(ctx, target, cc, newer if newer is not None else True)
    version = hits.get("unsupported-ptx-version")
    if version:
        cc = ctx.gpu_cc()
        _ptx_finding(ctx, version, cc, bool(_newer_than_build(ctx, cc)))
    image = hits.get("no-kernel-image")
    if image:
        cc = ctx.gpu_cc()
        support = kbview.cc_support(ctx.tf, cc)
        # A GPU newer than every architecture in the build runs only on JIT-compiled PTX; when that fails
        # the GPU is not supported. A GPU the build has kernels for points at the toolchain/driver.
        _ptx_finding(ctx, image, cc, bool(_newer_than_build(ctx, cc)) or support not in ("native", "ptx-jit"))
    for sig, text in (("ptxas-unknown-gpu", TrText(QT_TRANSLATE_NOOP(
            "core", "The ptxas XLA uses is older than this GPU or than TensorFlow's CUDA. Install the ptxas of TensorFlow's "
            "CUDA version (nvidia-cuda-nvcc) or a newer CUDA toolkit."))),
            ("driver-older-than-ptxas", TrText(QT_TRANSLATE_NOOP(
                "core", "The driver supports CUDA {driver} but XLA's ptxas is {ptxas}; XLA compiles more slowly. "
                "Update the NVIDIA driver."), driver=_group(hits, "driver-older-than-ptxas", "driver_cuda"),
                ptxas=_group(hits, "driver-older-than-ptxas", "ptxas")))):
        if hits.get(sig):
            ctx.add("ptx-toolchain-mismatch", text, hits.get(sig), severity=Severity.WARNING)
    jit = hits.get("ptx-jit-notice")
    if jit and not ctx.has("compute-capability-unsupported") and _add_arch_rule(ctx, jit[:1], jit[0].groups.get("cc")):
        pass
    elif jit and not ctx.has("compute-capability-unsupported"):
        cc = jit[0].groups.get("cc")
        ctx.add("compute-capability-unsupported", TrText(QT_TRANSLATE_NOOP(
            "core", "This TensorFlow has no GPU kernels built for compute capability {cc}; it compiles them from PTX at "
            "start-up (slow the first time, and it may fail on GPUs newer than the build)."), cc=cc), jit[:1],
            {"found_cc": cc}, severity=Severity.WARNING)
    _cc_from_facts(ctx)


def _group(hits, sig: str, name: str) -> str:
    first = hits.first(sig)
    return first.groups.get(name, "?") if first else "?"


def _add_arch_rule(ctx: Ctx, hits: list, cc: str | None, failed: bool = False, extra: dict | None = None) -> bool:
    """A per-architecture rule (Blackwell, Arm hosts) says no PyPI TensorFlow runs this GPU: it wins over the
    general PTX / compute-capability reading. True when it added the finding. ``failed``: the log shows this
    build failing on the GPU, evidence enough for a release the KB does not know (a 2.22 or a nightly)."""
    rule = unsupported_gpu_rule(cc, ctx.gpu_name(), ctx.tf, ctx.os)
    if rule is None and failed and ctx.tf and kbview.tf_build(ctx.tf) is None:
        rule = unsupported_gpu_rule(cc, ctx.gpu_name(), None, ctx.os)
    if rule is None:
        return False
    ctx.add("compute-capability-unsupported", unsupported_gpu_detail(rule, ctx.gpu_name(), cc), hits,
            {**(extra or {}), "compute_capability": cc, "tf_version": ctx.tf, "rule": rule.id}, sources=[rule.source])
    return True


def _ptx_finding(ctx: Ctx, hits: list, cc: str | None, gpu_too_new: bool) -> None:
    facts = {"compute_capability": cc, "tf_version": ctx.tf, "build_max_cc": kbview.max_build_cc(ctx.tf),
             "ptx": {k: v for h in hits[:1] for k, v in h.groups.items()} or None}
    if _add_arch_rule(ctx, hits, cc, failed=gpu_too_new, extra={"ptx": facts["ptx"]}):
        return
    if gpu_too_new:
        if cc:
            detail = TrText(QT_TRANSLATE_NOOP(
                "core", "This GPU (compute capability {cc}) is newer than every architecture in this TensorFlow build, "
                "and TensorFlow's compiler cannot produce code for it. Use a TensorFlow build whose architecture list "
                "covers this GPU (`tfgpu kb gpu` lists them), or build from source."), cc=cc)
        else:
            detail = TrText(QT_TRANSLATE_NOOP(
                "core", "This GPU is newer than every architecture in this TensorFlow build, and TensorFlow's compiler "
                "cannot produce code for it. Use a TensorFlow build whose architecture list covers this GPU (`tfgpu kb "
                "gpu` lists them), or build from source."))
        ctx.add("compute-capability-unsupported", detail, hits, facts)
    else:
        ctx.add("ptx-toolchain-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "The GPU code TensorFlow uses is PTX from a newer CUDA than this driver (or ptxas) understands. "
            "Update the NVIDIA driver, or use a TensorFlow built for an older CUDA.")), hits, facts)


def _cc_from_facts(ctx: Ctx) -> None:
    """A GPU the TF build does not support, named with its version, while TF lists no GPU."""
    if ctx.has("compute-capability-unsupported") or ctx.facts.get("gpus_listed", -1) != 0:
        return
    cc = ctx.gpu_cc()
    if kbview.cc_support(ctx.tf, cc) == "unsupported" and not _add_arch_rule(ctx, ctx.hits.get("no-gpu-listed")[:1], cc):
        ctx.add("compute-capability-unsupported", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow {tf} has no GPU code for compute capability {cc}. The last TensorFlow for this GPU is "
            "{last}."), tf=ctx.tf, cc=cc, last=kbview.last_tf_for_cc(cc) or "?"), ctx.hits.get("no-gpu-listed")[:1],
            {"compute_capability": cc, "tf_version": ctx.tf, "last_tf": kbview.last_tf_for_cc(cc)})
