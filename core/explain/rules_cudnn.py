"""cuDNN rules: a cuDNN of another version than TF's build, none at all, or one that no longer runs this GPU."""

from __future__ import annotations

import re

from tfgpu.core import kb, versions
from tfgpu.core.explain.context import Ctx
from tfgpu.core.findings.gpu_limits import cudnn_arch_mismatch_detail, cudnn_too_old_detail
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.kb import guarded as kbview


def cudnn(ctx: Ctx) -> None:
    cudnn_gpu_too_old(ctx)
    for _hit in ctx.hits.get("cudnn-runtime-mismatch")[:1]:
        runtime, compiled = ctx.facts.get("cudnn_runtime"), ctx.facts.get("cudnn_compiled")
        ctx.add("cudnn-version-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow was built with cuDNN {compiled}, but the cuDNN it loaded is {runtime}. It needs the same "
            "major version and an equal or newer minor version."), compiled=compiled, runtime=runtime),
            ctx.hits.get("cudnn-runtime-mismatch"), {"cudnn_runtime": runtime, "cudnn_compiled": compiled})
    jax = ctx.hits.get("jax-cudnn-older")
    if jax and not ctx.has("cudnn-version-mismatch"):
        runtime, compiled = ctx.facts.get("cudnn_runtime"), ctx.facts.get("cudnn_compiled")
        ctx.add("cudnn-version-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "JAX's CUDA backend was built against cuDNN {compiled} and refuses the older cuDNN it found "
            "({runtime}), so it runs on the CPU. Install a cuDNN at least that new, or a jaxlib built for this one."),
            compiled=compiled or "?", runtime=runtime or "?"), jax[:2],
            {"cudnn_runtime": runtime, "cudnn_compiled": compiled})
    symbol = ctx.hits.get("cudnn-undefined-symbol")
    if symbol and not ctx.has("cudnn-version-mismatch") and not ctx.has("cudnn-missing"):  # no cuDNN opened: missing
        ctx.add("cudnn-version-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "A cuDNN file was found, but without a function the program was built against ({line}): another "
            "cuDNN version is loaded first (from the system or LD_LIBRARY_PATH). Remove the stray copy from the "
            "search path, or install the cuDNN version the program needs."), line=symbol[0].line[:160]), symbol[:2])
    stream = ctx.hits.get("dnn-library-not-found")
    not_found = list(stream)
    if not ctx.facts.get("cudnn_wanted"):  # TF 0.x/1.x says it after naming the cuDNN file (explained with it)
        not_found += ctx.hits.get("cudnn-dso-unable")
    if not not_found:
        return
    installed = ctx.facts.get("cudnn_installed", [])
    needed = kbview.tf_cudnn(ctx.tf, ctx.os)
    facts = {"cudnn_installed": installed, "cudnn_needed": needed, "tf_version": ctx.tf}
    # TF 2.x's "DNN library is not found" comes from a GPU op run: the GPU was registered, so a cuDNN loaded but
    # did not initialise (another version than TF's build: typical after upgrading TF on Colab or in an image).
    # A cuDNN file that failed to load (made cudnn-missing already) is the other reading.
    loaded_but_wrong = bool(stream) and not ctx.has("cudnn-missing")
    if loaded_but_wrong and not installed and not ctx.has("cudnn-version-mismatch"):
        ctx.add("cudnn-version-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow ran on the GPU but found no working cuDNN (\"DNN library is not found\"): a cuDNN is "
            "there, but not the version this TensorFlow was built for (this TensorFlow: {needed}). This often follows "
            "an upgrade of TensorFlow on Colab or in a container: install the matching cuDNN, or go back to the "
            "TensorFlow the environment came with."), needed=needed or "?"), not_found, facts)
    elif installed and not needed and not stream and not ctx.has("cudnn-version-mismatch"):
        # A program that cannot load any cuDNN at all, beside an installed one, and no version it needs known.
        ctx.add("path-not-set", TrText(QT_TRANSLATE_NOOP(
            "core", "cuDNN {installed} is installed, but the program cannot load it: its folder is not on the "
            "loader's search path. Add cuDNN's lib folder to LD_LIBRARY_PATH (its bin folder to PATH on Windows), in "
            "the shell or profile the program starts from."), installed=", ".join(installed)), not_found, facts)
    elif installed or ctx.has("cudnn-version-mismatch"):
        ctx.add("cudnn-version-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "cuDNN did not load although cuDNN {installed} is installed: TensorFlow loads another cuDNN "
            "(an older copy earlier on the search path) or needs another version (this TensorFlow: {needed})."),
            installed=", ".join(installed) or "?", needed=needed or "?"), not_found, facts)
    elif needed:
        ctx.add("cudnn-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow has no working cuDNN (\"DNN library is not found\"): cuDNN is not installed or did not "
            "load (this TensorFlow needs cuDNN {needed})."), needed=needed), not_found, facts)
    else:
        ctx.add("cudnn-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow has no working cuDNN (\"DNN library is not found\"): cuDNN is not installed or did not "
            "load.")), not_found, facts)


_CUDNN_LINE = re.compile(r"(?i)cudnn|convolution algorithm|DNN library")


def cudnn_gpu_too_old(ctx: Ctx) -> None:
    """CUDNN_STATUS_ARCH_MISMATCH always; "Could not create cudnn handle", "Failed to get convolution algorithm"
    and "DNN library initialization failed" when the GPU is below the cuDNN's floor (cuDNN >= 9.11 on compute
    capability < 7.5, or TF 2.20/2.21 whose [and-cuda] install picks such a cuDNN); else they stay gpu-oom."""
    arch = ctx.hits.get("cudnn-arch-mismatch")
    symptoms = [h for sig in ("dnn-blas-handle-failed", "conv-algorithm-failed", "dnn-init-failed")
                for h in ctx.hits.get(sig) if _CUDNN_LINE.search(h.line)]
    if not arch and not symptoms:
        return
    cc, gpu = ctx.gpu_cc(), ctx.gpu_name()
    loaded = ctx.facts.get("cudnn_runtime") or next(iter(ctx.facts.get("cudnn_installed", [])), None)
    facts = {"compute_capability": cc, "cudnn": loaded, "tf_version": ctx.tf}
    if loaded:
        cutoff = kb.cudnn_drops_gpu(loaded, cc)
        detail = cudnn_too_old_detail(cutoff, gpu, cc, loaded) if cutoff else None
    else:  # the cuDNN is not named: what pip puts next to this TF ([and-cuda] 2.20/2.21 picks the newest 9.x)
        cutoff = kb.cudnn_floor_for(cc) if cc and ctx.tf and kb.and_cuda_pins(ctx.tf, cc) else None
        detail = cudnn_too_old_detail(cutoff, gpu, cc, None, ctx.tf) if cutoff else None
    number = kbview.cc_number(cc)
    # No cuDNN cut-off explains it, and the GPU is a Kepler or older (no build of CUDA 12 or cuDNN 9 runs it), or
    # the cuDNN named is older than any cut-off (cuDNN 5-8 refusing a GPU): the GPU is too old for the build.
    older_cudnn = loaded is not None and versions.below(loaded, "9.11")
    if detail is None and arch and ((number is not None and number < 5.0) or older_cudnn):
        if number is not None and number < 3.5:  # Fermi, first Kepler: below every TF build's floor
            words = TrText(QT_TRANSLATE_NOOP(
                "core", "cuDNN refuses the {gpu} (compute capability {cc}): the GPU is older than any TensorFlow build "
                "and cuDNN support. Use a newer NVIDIA GPU, or run on the CPU."), gpu=gpu or "GPU", cc=cc)
        elif cc:
            words = TrText(QT_TRANSLATE_NOOP(
                "core", "cuDNN refuses the {gpu} (compute capability {cc}, CUDNN_STATUS_ARCH_MISMATCH): this build has "
                "no kernels for a GPU that old. Use a build that still supports it (CUDA 11 and cuDNN 8 for Kepler), a "
                "newer NVIDIA GPU, or the CPU."), gpu=gpu or "GPU", cc=cc)
        else:
            words = TrText(QT_TRANSLATE_NOOP(
                "core", "cuDNN {cudnn} has no kernels for this GPU (CUDNN_STATUS_ARCH_MISMATCH): the GPU is older than "
                "this build supports. Use a newer NVIDIA GPU, or run on the CPU."), cudnn=loaded)
        ctx.add("compute-capability-unsupported", words, arch, facts)
        return
    if detail is None and arch:
        detail = cudnn_arch_mismatch_detail(gpu, cc)
    if detail is not None:
        ctx.add("cudnn-gpu-too-old", detail, arch + symptoms, {**facts, "pin": cutoff.pip_pin if cutoff else None},
                sources=[cutoff.source] if cutoff else ())
