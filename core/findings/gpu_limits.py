"""GPUs that PyPI TensorFlow cannot use, and cuDNN releases that dropped a GPU: the words, options and
pip pins that the doctor, explain and ``tfgpu kb`` share, so all three say the same.

- A per-architecture rule (gpus.json ``arch_rules``: Blackwell, Arm hosts) wins over the general
  support rule: :func:`unsupported_gpu_rule`, :func:`unsupported_gpu_detail`, :func:`unsupported_gpu_steps`.
- A cuDNN cut-off (cudnn_cuda.json: 9.11 dropped compute capability < 7.5): :func:`cudnn_too_old_detail`,
  :func:`and_cuda_specs` (``tensorflow[and-cuda]`` plus the pin that keeps cuDNN below it).
"""

from __future__ import annotations

from tfgpu.core import kb, versions
from tfgpu.core.findings.model import FixStep
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.shell import Shell, UnsafeText, command

# (confirmed template, template for an option the KB marks unconfirmed), per option id.
_OPTION_TEXT = {
    "ngc-container": (
        QT_TRANSLATE_NOOP("core", "Run NVIDIA's NGC TensorFlow container, made with a CUDA that knows this GPU:"),
        QT_TRANSLATE_NOOP("core", "Try NVIDIA's NGC TensorFlow container, made with a CUDA that knows this GPU (users "
                                  "report basic operations work; not confirmed, and graph execution can still fail "
                                  "there, tensorflow/tensorflow#112272):")),
    "source-build": (
        QT_TRANSLATE_NOOP("core", "Build TensorFlow from source with a CUDA that knows this GPU and its architecture "
                                  "added (not an official build):"),
        QT_TRANSLATE_NOOP("core", "Build TensorFlow from source with a CUDA that knows this GPU and its architecture "
                                  "added (not an official build; not confirmed):")),
    "source-build-windows": (
        QT_TRANSLATE_NOOP("core", "Build TensorFlow from source inside WSL2 (Linux) with a CUDA that knows this GPU "
                                  "and its architecture added: native-Windows TensorFlow has no CUDA build after "
                                  "2.10 (not an official build):"),
        QT_TRANSLATE_NOOP("core", "Build TensorFlow from source inside WSL2 (Linux) with a CUDA that knows this GPU "
                                  "and its architecture added: native-Windows TensorFlow has no CUDA build after "
                                  "2.10 (not an official build; not confirmed):")),
    "vendor-build": (
        QT_TRANSLATE_NOOP("core", "Use NVIDIA's own TensorFlow builds for this platform (NGC containers for Arm "
                                  "servers, JetPack wheels for Jetson):"),
        QT_TRANSLATE_NOOP("core", "Use NVIDIA's own TensorFlow builds for this platform (NGC containers for Arm "
                                  "servers, JetPack wheels for Jetson; which release covers which board is not "
                                  "confirmed):")),
    "cpu": (
        QT_TRANSLATE_NOOP("core", "Run TensorFlow on the CPU instead (the PyPI package works without a GPU):"),
        QT_TRANSLATE_NOOP("core", "Run TensorFlow on the CPU instead (the PyPI package works without a GPU):")),
}
_OTHER_OPTION = QT_TRANSLATE_NOOP("core", "Option: {option}")

_RULE_DETAIL = {
    "blackwell-no-pypi-tf": QT_TRANSLATE_NOOP(
        "core", "No TensorFlow release on PyPI runs on {gpu} (compute capability {cc}) today: the released builds "
                "contain no kernels for Blackwell GPUs, and compiling their older PTX for it fails "
                "(CUDA_ERROR_INVALID_PTX). Installing tensorflow[and-cuda] does not change that."),
    "aarch64-no-pypi-gpu": QT_TRANSLATE_NOOP(
        "core", "No TensorFlow release on PyPI uses the GPU of {gpu} today: it comes with an Arm (aarch64) host, "
                "and TensorFlow's Arm Linux wheels are CPU-only builds."),
}
_OTHER_RULE = QT_TRANSLATE_NOOP("core", "No TensorFlow release on PyPI runs on {gpu} (compute capability {cc}) today: {why}")


def gpu_platform(gpu_name: str | None) -> str | None:
    """The host platform a GPU comes with ("linux-aarch64" for Grace / Jetson), from the KB's GPU row."""
    spec = kb.gpu_spec(gpu_name) if gpu_name else None
    return spec.platform if spec is not None else None


def unsupported_gpu_rule(cc: str | None, gpu_name: str | None = None, tf_version: str | None = None,
                         os_name: str | None = None) -> kb.ArchRule | None:
    """The per-architecture rule that says no PyPI TensorFlow (``tf_version``; None: any release) runs this
    GPU on this host OS (windows / wsl / linux; None or "unknown": any), or None."""
    if not cc and not gpu_name:  # no rule matches a GPU known by neither (and the KB's rows stay unread)
        return None
    host = os_name if os_name in ("linux", "wsl", "windows") else None
    rules = kb.arch_rules_for(cc, tf_version, gpu_platform=gpu_platform(gpu_name), host_os=host)
    return next((rule for rule in rules if rule.verdict == "unsupported"), None)


def unsupported_gpu_detail(rule: kb.ArchRule, gpu: str | None, cc: str | None) -> TrText:
    template = _RULE_DETAIL.get(rule.id)
    if template is None:
        return TrText(_OTHER_RULE, gpu=gpu or "this GPU", cc=cc or "?", why=rule.text)
    return TrText(template, gpu=gpu or "this GPU", cc=cc or "?")


def unsupported_gpu_steps(rule: kb.ArchRule, os_name: str, python_exe: str | None = None) -> list[FixStep]:
    """The rule's options as steps (container, source build, CPU), commands quoted for the user's shell."""
    shell = Shell.POWERSHELL if os_name == "windows" else Shell.BASH
    steps: list[FixStep] = []
    for option in rule.options:
        key = f"{option.id}-windows" if os_name == "windows" and f"{option.id}-windows" in _OPTION_TEXT else option.id
        confirmed, unconfirmed = _OPTION_TEXT.get(key, (_OTHER_OPTION, _OTHER_OPTION))
        text = TrText(unconfirmed if option.status == "unconfirmed" else confirmed, option=option.text)
        argv = list(option.argv)
        if option.id == "cpu" and not argv:
            argv = [python_exe or ("python" if shell is Shell.POWERSHELL else "python3"), "-m", "pip", "install",
                    "tensorflow"]
        try:
            line = command(argv, shell, bare_program=True) if argv else None
        except UnsafeText:
            line = None
        steps.append(FixStep(text=text, command=line, shell=shell if line else None, url=option.url,
                             alternative=bool(steps)))
    return steps


def cudnn_too_old_detail(cutoff: kb.CudnnCutoff, gpu: str | None, cc: str | None, cudnn: str | None,
                         tf_version: str | None = None) -> TrText:
    """Why cuDNN fails on this GPU; ``cudnn`` None: the cuDNN that an unpinned [and-cuda] install picks."""
    floor = versions.dotted_major_minor(cutoff.cudnn_min) or cutoff.cudnn_min
    if cudnn:
        return TrText(QT_TRANSLATE_NOOP(
            "core", "cuDNN {cudnn} no longer supports {gpu} (compute capability {cc}): from cuDNN {floor} on, cuDNN "
                    "has kernels only for compute capability {cc_below} and newer, so it cannot create a handle for "
                    "this GPU. Keep cuDNN below {floor} ({pin})."),
            cudnn=cudnn, gpu=gpu or "this GPU", cc=cc or "?", floor=floor, cc_below=cutoff.cc_below, pin=cutoff.pip_pin)
    return TrText(QT_TRANSLATE_NOOP(
        "core", "{gpu} (compute capability {cc}) is too old for cuDNN {floor} and newer, which is what pip installs "
                "with TensorFlow {tf}[and-cuda] unless told otherwise; cuDNN then cannot create a handle for this "
                "GPU. Keep cuDNN below {floor} ({pin})."),
        gpu=gpu or "This GPU", cc=cc or "?", floor=floor, tf=tf_version or "", pin=cutoff.pip_pin)


def cudnn_arch_mismatch_detail(gpu: str | None, cc: str | None) -> TrText:
    """CUDNN_STATUS_ARCH_MISMATCH where no cut-off explains it (the GPU or the cuDNN is not known)."""
    cutoff = next(iter(kb.cudnn_cutoffs()), None)
    return TrText(QT_TRANSLATE_NOOP(
        "core", "cuDNN reports CUDNN_STATUS_ARCH_MISMATCH: the cuDNN that TensorFlow loaded has no kernels for {gpu} "
                "(compute capability {cc}). On GPUs below compute capability {cc_below} (GTX 9xx/10xx, P100, V100) "
                "this is cuDNN {floor} or newer: keep it below {floor} ({pin}). Otherwise install the cuDNN release "
                "your TensorFlow was built with."),
        gpu=gpu or "the GPU", cc=cc or "?", cc_below=cutoff.cc_below if cutoff else "?",
        floor=(versions.dotted_major_minor(cutoff.cudnn_min) or cutoff.cudnn_min) if cutoff else "?",
        pin=cutoff.pip_pin if cutoff else "?")


def and_cuda_specs(tf_version: str | None, cc: str | None) -> list[str]:
    """``tensorflow[and-cuda]`` (``==tf_version`` when given) plus the pins this GPU needs
    (``nvidia-cudnn-cu12<9.11`` below compute capability 7.5 on TF 2.20/2.21)."""
    build = kb.tf_build(tf_version) if tf_version else None
    if build is not None and versions.parse(tf_version) == versions.parse(build.version):
        tf_version = build.latest_patch  # a minor's row (2.16.1) installs its newest patch (2.16.2)
    spec = f"tensorflow[and-cuda]=={tf_version}" if tf_version else "tensorflow[and-cuda]"
    return [spec, *kb.and_cuda_pins(tf_version, cc)]
