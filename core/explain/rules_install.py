"""Rules about the Python environment and TF build (Windows 2.11+, CPU builds, pip, import
errors), plus the closing rules: GPU hidden / not listed, harmless notices, healthy output."""

from __future__ import annotations

import re

from tfgpu.core import versions
from tfgpu.core.explain.context import Ctx
from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.explain.libraries import Lib
from tfgpu.core.explain.signatures import notice_ids
from tfgpu.core.findings.model import Severity
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.kb import guarded as kbview

_TF_PACKAGES = ("tensorflow", "tensorflow-gpu", "tensorflow-cpu")
# Windows' fast-fail crash code, signed, unsigned or in hex (a process that dies without a Python traceback).
_WINDOWS_FAST_FAIL = lazy(r"(?i)-1073740791|3221226505|0xC0000409", needs=("1073740791", "3221226505", "c0000409"))
# `conda list`: tensorflow (or tensorflow-base) from a conda-forge CUDA build ("cuda112py39h...").
_CONDA_CUDA_BUILD = lazy(r"(?m)^tensorflow(?:-base)?\s+\d[\w.]*\s+cuda\d+", needs=("cuda",))


def windows_native(ctx: Ctx) -> None:
    """TF >= 2.11 on native Windows has no GPU build: every "no GPU" symptom there has this cause."""
    if ctx.os != "windows" or kbview.windows_gpu(ctx.tf) is not False:
        return
    symptoms = ctx.hits.get("no-gpu-listed") + ctx.hits.get("not-built-with-cuda")
    if not (symptoms or ctx.facts.get("gpus_listed") == 0 or ctx.facts.get("is_cuda_build") is False or ctx.wants_gpu()):
        return
    last = kbview.last_windows_gpu_tf()
    build = kbview.tf_build(last)
    python = (getattr(build, "python_tested", None) or (None, None))[-1]
    cuda, cudnn = getattr(build, "windows_cuda", None), getattr(build, "windows_cudnn", None)
    if last and python and cuda and cudnn:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow {tf} on native Windows is a CPU-only build: GPU support on Windows ended with TensorFlow "
            "{last}. Use WSL2 with tensorflow[and-cuda], or TensorFlow {last} in Python {python} with CUDA {cuda} and "
            "cuDNN {cudnn}."), tf=ctx.tf, last=last, python=python, cuda=cuda, cudnn=cudnn)
    else:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow {tf} on native Windows is a CPU-only build: newer TensorFlow releases have no GPU "
            "support on native Windows. Use WSL2 with tensorflow[and-cuda]."), tf=ctx.tf)
    ctx.add("no-native-windows-gpu", detail, symptoms[:3],
            {"tf_version": ctx.tf, "os": ctx.os, "gpus_listed": ctx.facts.get("gpus_listed"),
             "is_cuda_build": ctx.facts.get("is_cuda_build"), "last_windows_gpu_tf": last})


def cpu_build(ctx: Ctx) -> None:
    packages = ctx.facts.get("tf_packages", {})
    hits = (ctx.hits.get("not-built-with-cuda") + ctx.hits.get("built-with-cuda-false-said")
            + ctx.hits.get("not-configured-for-gpu"))
    if ctx.facts.get("is_cuda_build") is False or hits:
        ctx.add("cpu-only-build", TrText(QT_TRANSLATE_NOOP(
            "core", "This TensorFlow was built without CUDA (is_cuda_build is False), so it never uses a GPU. Install a "
            "GPU build: tensorflow[and-cuda] on Linux or WSL2 (on native Windows only old releases have one).")), hits,
            {"is_cuda_build": False, "tf_version": ctx.tf})
    elif "tensorflow-cpu" in packages and (ctx.wants_gpu() or ctx.problems()):
        ctx.add("cpu-only-build", TrText(QT_TRANSLATE_NOOP(
            "core", "tensorflow-cpu {version} is installed: a CPU-only package."), version=packages["tensorflow-cpu"]),
            (), {"tf_packages": packages, "package": "tensorflow-cpu"})
    present = [p for p in _TF_PACKAGES if p in packages]
    if len(present) > 1 and len({packages[p] for p in present}) == 1 and _CONDA_CUDA_BUILD.search(ctx.doc.text):
        present = present[:1]  # conda-forge's tensorflow-gpu is a metapackage of the same CUDA build: no mix
    if len(present) == 1 and len(packages) > 1:
        ctx.ruled_out.add("mixed-tf-packages")  # one TF beside its own parts (tensorflow-intel, -io-gcs...): no mix
    if len(present) > 1:
        ctx.add("mixed-tf-packages", TrText(QT_TRANSLATE_NOOP(
            "core", "Several TensorFlow packages are installed together ({packages}); they overwrite each other's files. "
            "Uninstall all of them, then install one."),
            packages=", ".join(f"{p} {packages[p]}" for p in present)), (), {"tf_packages": packages})


def removed_package_and_container(ctx: Ctx) -> None:
    """Two set-up errors with one plain cause each: the tensorflow-gpu stub, a container without GPU runtime."""
    stub = ctx.hits.get("tensorflow-gpu-stub") + ctx.hits.get("tensorflow-gpu-stub-sdist")
    if stub:
        ctx.add("tensorflow-gpu-removed", TrText(QT_TRANSLATE_NOOP(
            "core", "tensorflow-gpu is an empty stub since TensorFlow 2.12: pip cannot install it (it fails on purpose) "
            "or installs nothing that uses the GPU. The GPU build is the plain tensorflow package "
            "(tensorflow[and-cuda] on Linux and WSL2).")), stub[:2], {})
    docker = ctx.hits.get("docker-no-gpu-driver")
    if docker:
        ctx.add("container-gpu-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "Docker found no GPU device driver for --gpus: the NVIDIA Container Toolkit is not installed or "
            "Docker was not restarted after configuring it.")), docker[:2], {"container": True})
    runtime = ctx.hits.get("docker-unknown-nvidia-runtime")
    if runtime:
        ctx.add("container-gpu-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "Docker has no 'nvidia' runtime: the NVIDIA Container Toolkit is not installed, or not registered "
            "with Docker (nvidia-ctk runtime configure --runtime=docker, then restart Docker). With a current "
            "toolkit, --gpus all replaces runtime: nvidia.")), runtime[:2], {"container": True})
    hook = ctx.hits.get("nvidia-container-cli-error")
    if hook:
        ctx.add("container-gpu-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "The NVIDIA Container Toolkit could not give the container the GPU ({line}): it did not find or "
            "load the host's NVIDIA driver. Check that nvidia-smi works on the host (under WSL 2: the Windows driver "
            "and a Windows build with GPU support in WSL), then restart Docker."), line=hook[0].line[:160]),
            hook[:2], {"container": True})


def windows_long_paths(ctx: Ctx) -> None:
    """pip's own hint that a path over 260 characters could not be written (TF's include tree)."""
    hint = ctx.hits.get("pip-windows-long-path")
    if hint:
        ctx.add("windows-long-paths", TrText(QT_TRANSLATE_NOOP(
            "core", "pip could not write one of TensorFlow's files because its full path is longer than Windows "
            "allows by default (260 characters). Turn on long paths (needs admin), or use a shorter folder.")),
            hint[:1], {"os": "windows"})


def python_and_pip(ctx: Ctx) -> None:
    hits = ctx.hits
    disk = hits.get("no-space-left")
    if disk:
        ctx.add("install-no-disk-space", TrText(QT_TRANSLATE_NOOP(
            "core", "The disk is full (No space left on device): free some space, or point pip's temporary folder "
            "(TMPDIR / TEMP) and cache at a disk with room (pip install --no-cache-dir), then try again.")), disk[:2])
        return
    network = hits.get("pip-network-error")
    # pip retried and gave up: "from versions: none" then says nothing about this Python. A conda solver that
    # names the Python it cannot satisfy did reach the index: its answer outranks a later HTTP error.
    if network and not hits.any("conda-your-python", "conda-python-incompatible"):
        ctx.add("install-no-network", TrText(QT_TRANSLATE_NOOP(
            "core", "pip (or conda) cannot reach the package index: no network, a proxy, a firewall or a slow mirror. "
            "Check the connection and the proxy settings (pip --proxy, HTTPS_PROXY), or use a mirror, then try "
            "again.")), network[:2])
        return
    pip = hits.get("pip-no-version") + hits.get("pip-no-distribution") + hits.get("pip-unsupported-wheel")
    if not hits.any("conda-cuda-constraint", "conda-cuda-missing"):  # __cuda: the driver, not this Python
        pip += hits.get("conda-python-incompatible") + hits.get("conda-your-python") + hits.get("conda-unsatisfiable")
    conda_python = next((h.groups["python"] for h in hits.get("conda-your-python") if h.groups.get("python")), None)
    if conda_python:
        ctx.facts["python_version"] = conda_python
    banner32 = hits.get("python-32bit")
    is32 = ctx.facts.get("python_bits") == 32 or bool(banner32) or any(
        re.search(r"(?i)win32\.whl|-win32\b", h.groups.get("wheel", "")) for h in pip)
    if is32 and (pip or ctx.kind in ("traceback", "pip-error") or ctx.problems()):
        ctx.add("python-32bit", TrText(QT_TRANSLATE_NOOP(
            "core", "This Python is 32-bit; TensorFlow is published only for 64-bit Python. Install 64-bit Python "
            "(python.org: \"Windows installer (64-bit)\").")), banner32[:1] + pip[:2],
            {"python_version": ctx.facts.get("python_version"), "python_bits": 32})
        return
    if not pip:
        _pip_other(ctx, hits.get("pip-no-version-other"))
        return
    name = re.split(r"[\[=<>!~ ]", str(ctx.facts.get("tf_requested") or "tensorflow"), maxsplit=1)[0].lower()
    if name not in _TF_NAMES:  # a package beside TF (tensorflow-text, tensorflow-addons ...): its own wheels
        _pip_other(ctx, hits.get("pip-no-version") or hits.get("pip-no-distribution"))
        return
    from tfgpu.core.explain import parsers

    python = ctx.facts.get("python_version")
    platform = {"wsl": "linux"}.get(ctx.os or "", ctx.os)
    offered = parsers.pip_versions(next((h.groups.get("versions") for h in pip if "versions" in h.groups), None))
    requested = ctx.facts.get("tf_requested")
    wanted = _requested_version(requested)
    py_mm = versions.dotted_major_minor(python)
    latest = kbview.latest_tf(platform or "linux", py_mm, False) if py_mm else None
    guess = kbview.python_guess(offered[0], offered[-1], wanted, platform) if offered and not python else []
    wheel = next((h.groups["wheel"] for h in pip if h.groups.get("wheel")), "")
    tag = re.search(r"-cp(\d)(\d+)-[^-]+-([\w.]+)\.whl$", wheel)
    facts = {"python_version": python, "platform": platform, "tf_requested": requested, "pip_versions": offered,
             "latest_tf_for_python": latest, "python_guess": guess,
             "wheel_python": f"{tag.group(1)}.{tag.group(2)}" if tag else None, "wheel_platform": tag.group(3) if tag else None}
    ctx.facts.setdefault("pip_versions", offered)
    if tag:
        ctx.facts.setdefault("wheel_python", f"{tag.group(1)}.{tag.group(2)}")
        ctx.facts.setdefault("wheel_platform", tag.group(3))
    if guess:
        ctx.facts.setdefault("python_guess", guess)
    from tfgpu.core.explain.checks import old_pip_hides_wheels  # here, as in reason.py: most texts need no check

    if wanted and offered and old_pip_hides_wheels(ctx.doc.text, offered, wanted):
        ctx.add("install-no-wheel", TrText(QT_TRANSLATE_NOOP(
            "core", "pip here offers TensorFlow only up to {last}: the view of a pip older than 19.0, which cannot "
            "read the manylinux2010 wheels of TensorFlow 1.15 and later. Upgrade pip in this Python, then install "
            "TensorFlow {wanted} again."), last=offered[-1], wanted=wanted), pip[:3], facts)
        return
    if wanted and offered and kbview.python_has_wheel(wanted, python, platform):
        # That TensorFlow has a wheel for this Python on this OS: the platform, an old pip or a mirror is why.
        ctx.add("install-no-wheel", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow {wanted} has wheels for Python {python} on {platform}, yet pip here offers only {first} "
            "to {last}: this machine's platform (a CPU architecture without wheels), an old pip that does not accept "
            "newer wheel tags, or an outdated mirror. Upgrade pip, and check which CPU architecture this Python is "
            "built for."),
            wanted=wanted, python=python, platform=platform, first=offered[0], last=offered[-1]), pip[:3], facts)
        return
    if wanted and offered:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "pip has no TensorFlow {wanted} for this Python ({python}): it only offers {first} to {last}. "
            "Use a Python version that TensorFlow {wanted} supports (or a newer TensorFlow)."),
            wanted=wanted, python=python or "/".join(guess) or "?", first=offered[0], last=offered[-1])
    elif python and latest:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "pip found no TensorFlow wheel for Python {python} ({platform}). TensorFlow publishes wheels for "
            "Python {mm} only from a recent release on (newest: {latest}); older TensorFlow releases, an old pip or an "
            "outdated mirror offer none. Use a Python version the TensorFlow you need supports."),
            python=python, platform=platform or "?", mm=py_mm, latest=latest)
    elif python:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "pip found no TensorFlow wheel for Python {python} ({platform}): no TensorFlow release supports this "
            "Python version. Install a Python version TensorFlow supports."), python=python, platform=platform or "?")
    else:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "pip found no TensorFlow wheel for this Python version or platform. Check the Python version "
            "(python --version) against the versions TensorFlow supports, and that Python is 64-bit."))
    ctx.add("python-unsupported", detail, pip[:3], facts)


# A platform few wheels are built for: no wheel is a matter of the platform, not of the Python version.
_OTHER_PLATFORM = re.compile(r"(?ai)(?<![a-z0-9])(?:arm64|aarch64|apple silicon|apple m[1-4]|m[1-4] (?:mac|chip|pro|max)|"
                             r"armv[67]l?|raspberry pi|jetson)(?![a-z0-9])")  # also inside a wheel tag: linux_aarch64
_GPU_WORD = lazy(r"(?i)\bgpu\b|-gpu\b|\bcuda")
_SUBMODULE_MISSING = re.compile(r"No module named '?tensorflow\.\w")
_TF_NAMES = ("tensorflow", "tensorflow-gpu", "tensorflow-cpu", "tf-nightly", "tf-nightly-gpu", "tf-nightly-cpu",
             "tensorflow-intel", "tensorflow-macos", "tensorflow-aarch64")


def _pip_other(ctx: Ctx, hits: list) -> None:
    """pip finds no version of another package (a framework beside TF): offered versions without the pinned
    one mean that release has no wheel here; none offered, with the Python version known, mean this Python."""
    if not hits:
        return
    requested = hits[0].groups.get("req", "?")
    listed = next((h.groups["versions"] for h in hits if h.groups.get("versions")), "")
    offered = [v.strip() for v in listed.split(",") if v.strip() and v.strip() != "none"]
    python = ctx.facts.get("python_version")
    facts = {"requested": requested, "pip_versions": offered, "python_version": python}
    if ctx.facts.get("python_bits") == 32 or ctx.hits.get("python-32bit"):
        ctx.add("python-32bit", TrText(QT_TRANSLATE_NOOP(
            "core", "This Python is 32-bit; {req} (like TensorFlow) publishes 64-bit wheels only. Install 64-bit "
            "Python."), req=requested), hits[:2], {**facts, "python_bits": 32})
        return
    linux_only = requested.lower().startswith("nvidia-") and ctx.os in ("windows", "macos")
    if not offered and python and not linux_only and not _OTHER_PLATFORM.search(ctx.doc.text):
        ctx.add("python-unsupported", TrText(QT_TRANSLATE_NOOP(
            "core", "pip finds no version at all of {req} for Python {python}: that package publishes no wheel for "
            "this Python version (or platform). Use a Python version it supports."), req=requested, python=python),
            hits[:2], facts)
        return
    ctx.add("install-no-wheel", TrText(QT_TRANSLATE_NOOP(
        "core", "pip finds no installable {req} for this Python and platform (it offers: {offered}). That release "
        "has no wheel here: pick a version pip lists, another Python version, or upgrade pip (old pips do not "
        "accept newer wheel tags)."), req=requested, offered=", ".join(offered[-6:]) or "none"), hits[:2], facts)


def _requested_version(requested: str | None) -> str | None:
    match = re.search(r"==\s*([\w.*]+)", requested or "")
    return match.group(1) if match else None


def import_errors(ctx: Ctx) -> None:
    hits = ctx.hits
    for hit in hits.get("torch-fbgemm-dll-failed")[:1]:
        ctx.add("msvc-runtime-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "PyTorch could not load fbgemm.dll: its OpenMP runtime (libomp140.x86_64.dll, from the Microsoft "
            "Visual C++ Redistributable) is missing. Install the latest Visual C++ 2015-2022 Redistributable (x64).")),
            [hit])
    for hit in hits.get("msvc-runtime-missing")[:1]:
        ctx.add("msvc-runtime-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow could not find {lib} from the Microsoft Visual C++ 2015-2022 Redistributable."),
            lib=hit.groups.get("lib", "msvcp140.dll")), [hit])
    zlib = hits.get("zlibwapi-missing")
    if zlib:
        ctx.add("zlibwapi-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "cuDNN 8.3 and later on Windows need zlibwapi.dll, which is not found.")), zlib[:2])
    elif hits.get("cudnn-loaded") and ctx.os in (None, "windows") and _WINDOWS_FAST_FAIL.search(ctx.doc.text):
        from tfgpu.core.explain.checks import cudnn_needs_zlibwapi

        needs = cudnn_needs_zlibwapi(ctx)
        if needs:
            ctx.add("zlibwapi-missing", TrText(QT_TRANSLATE_NOOP(
                "core", "TensorFlow loaded cuDNN {cudnn}, then the process ended with Windows' crash code 0xC0000409: "
                "cuDNN 8.3 to 8.9 on Windows need zlibwapi.dll, and without it the first convolution ends the process. "
                "Put zlibwapi.dll (from NVIDIA's cuDNN install guide) in a folder on PATH, such as CUDA's bin."),
                cudnn=needs["cudnn"]), hits.get("cudnn-loaded")[:1], needs)
    illegal = hits.get("illegal-instruction") + hits.get("dll-load-illegal-instruction") + hits.get("cpu-feature-guard-fatal")
    if illegal:
        ctx.add("cpu-no-avx", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow crashed with an illegal instruction: this CPU lacks AVX, which prebuilt TensorFlow "
            "(1.6 and later) needs. Use a TensorFlow build without AVX, TensorFlow 1.5, or another computer.")), illegal[:2])
    glibc = hits.get("glibc-too-old")[:1]
    if glibc:
        ctx.add("tf-import-failed", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow needs glibc {need} or newer, but this Linux has an older one: the operating system is too "
            "old for this TensorFlow build. Use a newer Linux (or a container of one), or a TensorFlow built for it."),
            need=glibc[0].groups.get("need", "?")), glibc)
    failed = hits.get("dll-load-failed") + hits.get("native-runtime-failed") + hits.get("pywrap-import-frame")
    if failed and not ctx.errors():
        ctx.add("tf-import-failed", TrText(QT_TRANSLATE_NOOP(
            "core", "Importing TensorFlow failed: {line}"), line=failed[0].line), failed[:3])
    if "No module named" in ctx.doc.text and _SUBMODULE_MISSING.search(ctx.doc.text):
        ctx.ruled_out.add("tf-not-installed")  # TensorFlow is there; one of its modules is not
        core = hits.get("tensorflow-core-missing")
        if core and not ctx.errors():
            ctx.add("tf-import-failed", TrText(QT_TRANSLATE_NOOP(
                "core", "Python finds a 'tensorflow' package without its core (tensorflow.python): an install that "
                "was interrupted or half removed, or a folder named tensorflow in the working directory. Uninstall "
                "TensorFlow, delete any leftover tensorflow folder, and install it again.")), core[:1])
    missing = hits.get("no-module-tensorflow") + hits.get("r-tensorflow-not-found")
    if missing and not ctx.errors():
        ctx.add("tf-not-installed", TrText(QT_TRANSLATE_NOOP(
            "core", "This Python has no TensorFlow package (ModuleNotFoundError). Install it into the Python you run.")),
            missing[:1])
    native = hits.get("native-tensorflow-library-missing")
    if native and not ctx.errors():
        gpu_build = _GPU_WORD.search(ctx.doc.text) and not ctx.said & {"say:no-nvidia-hardware", "say:no-gpu-machine"}
        if gpu_build:  # a GPU build of the native library: it loads only beside CUDA's libraries
            ctx.add("cuda-runtime-missing", TrText(QT_TRANSLATE_NOOP(
                "core", "The GPU build of TensorFlow's native library (tensorflow.dll / libtensorflow.so) could not "
                "load: it needs the CUDA runtime and cuDNN of its build installed and on the library path.")), native[:1])
        else:
            ctx.add("tf-not-installed", TrText(QT_TRANSLATE_NOOP(
                "core", "The program could not find TensorFlow's native library (tensorflow.dll / libtensorflow.so): "
                "install the library package your binding needs (for example SciSharp.TensorFlow.Redist, or the "
                "libtensorflow archive on the linker path).")), native[:1])


def hidden_or_not_listed(ctx: Ctx) -> None:
    visible = ctx.facts.get("cuda_visible_devices")
    no_gpu = ctx.facts.get("gpus_listed") == 0 or ctx.hits.any("skipping-gpu-registration", "device-mapping-no-devices",
                                                                 "no-gpu-device-registered", "colocation-gpu-not-in-devices")
    if visible is not None and not re.fullmatch(r"\s*\d+(?:\s*,\s*\d+)*\s*", visible) and (no_gpu or ctx.problems()):
        ctx.add("gpu-hidden", TrText(QT_TRANSLATE_NOOP(
            "core", "CUDA_VISIBLE_DEVICES is set to \"{value}\", which hides every GPU from TensorFlow."), value=visible),
            ctx.hits.get("cuda-visible-devices")[:1], {"cuda_visible_devices": visible})
    if no_gpu and not ctx.errors():
        hits = (ctx.hits.get("no-gpu-listed") + ctx.hits.get("skipping-gpu-registration")
                + ctx.hits.get("device-mapping-no-devices") + ctx.hits.get("no-gpu-device-registered")
                + ctx.hits.get("colocation-gpu-not-in-devices"))
        ctx.add("gpu-not-listed", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow lists no GPU and the text does not say why. Run with TF_CPP_MIN_LOG_LEVEL=0 and "
            "TF_CPP_MAX_VLOG_LEVEL=1 to see which library fails to load.")), hits[:2],
            {"gpus_listed": ctx.facts.get("gpus_listed")})


def benign(ctx: Ctx, other_libs: list[Lib]) -> None:
    # The cudart note is judged with the library it follows (libraries.benign_cudart).
    hits = [h for sig in notice_ids() if sig != "cudart-stub-notice" for h in ctx.hits.get(sig)[:2]]
    hits += [h for lib in other_libs if lib.component == "tensorrt" for h in lib.hits[:1]]
    if not hits:
        return
    notices = sorted({_NOTICE_NAMES.get(h.signature, h.signature) for h in hits}
                     | ({"TensorRT"} if any(lib.component == "tensorrt" for lib in other_libs) else set()))
    ctx.add("benign-log", TrText(QT_TRANSLATE_NOOP(
        "core", "These lines are harmless notices ({notices}); nothing here stops TensorFlow from using the GPU."),
        notices=", ".join(notices)), sorted(hits, key=lambda h: h.line_no), {"notices": notices})


_NOTICE_NAMES = {"numa-node-notice": "NUMA node", "cpu-instructions-notice": "CPU instructions / oneDNN",
                 "tensorrt-notice": "TensorRT", "factory-registration-notice": "cuDNN/cuFFT/cuBLAS factory registration",
                 "absl-log-notice": "absl logging", "xla-devices-notice": "XLA devices / TF32",
                 "cpu-allocation-notice": "host memory allocation", "wsl-libcuda-symlink-notice": "WSL libcuda.so.1 link",
                 "executor-aborting-notice": "executor start aborting",
                 "keras-not-compiled-notice": "Keras model not compiled", "xla-backend-probe-notice": "JAX backend probe",
                 "grappler-cost-notice": "grappler cost estimate", "mlir-passes-notice": "MLIR passes",
                 "triton-missing-notice": "Triton (xformers)", "paddle-fuse-allreduce-notice": "Paddle all-reduce fusion",
                 "ort-node-placement-notice": "ONNX Runtime node placement",
                 "tflite-xnnpack-notice": "TensorFlow Lite XNNPACK delegate",
                 "torch-typedstorage-notice": "PyTorch TypedStorage deprecation",
                 "ptxas-register-spill-notice": "ptxas register spills", "estimator-notice": "tf.estimator warnings",
                 "grappler-gpu-not-registered-notice": "grappler device look-up",
                 "unknown-op-kernel-notice": "TF 1.0 unknown-op kernels",
                 "tfjs-node-backend-notice": "TensorFlow.js Node backend advice"}


# Lines that show a framework using the GPU.
_GPU_AT_WORK = ("gpu-device-created", "gpu-device-created-short", "gpu-listed", "gpu-found-properties",
                "paddle-gpu-device-notice", "xla-cuda-device", "dso-opened-locally", "metal-gpu-at-work",
                "paddle-run-check-gpu", "ggml-cuda-at-work", "devicequery-found-gpu", "cudnn-loaded")
_OTHER_PROGRAM_AT_WORK = frozenset({"ggml-cuda-at-work", "devicequery-found-gpu"})  # lines of programs other than TensorFlow


def healthy(ctx: Ctx) -> None:
    """Healthy tool output or a TF log that shows a working GPU, when nothing is wrong."""
    if ctx.problems():
        return
    facts = ctx.facts
    if ctx.kind in ("nvidia-smi", "nvidia-smi-xml") and facts.get("driver_version"):
        names = ", ".join(g.get("name", "?") for g in facts.get("gpus", [])) or "?"
        ctx.add("gpu-ok", TrText(QT_TRANSLATE_NOOP(
            "core", "The NVIDIA driver {driver} works and sees {count} GPU(s): {names}. It supports CUDA up to {cuda}."),
            driver=facts["driver_version"], count=facts.get("smi_gpu_count", len(facts.get("gpus", []))), names=names,
            cuda=facts.get("cuda_driver", "?")), (), {"driver_version": facts["driver_version"],
                                                     "cuda_driver": facts.get("cuda_driver")})
    elif ctx.kind == "nvcc" and facts.get("cuda_installed"):
        ctx.add("gpu-ok", TrText(QT_TRANSLATE_NOOP(
            "core", "The CUDA toolkit {cuda} is installed and nvcc works. (TensorFlow needs the CUDA version it was "
            "built with; pip's tensorflow[and-cuda] brings its own.)"), cuda=facts.get("nvcc_version") or facts["cuda_installed"][0]))
    elif ctx.kind == "cudnn-header" and facts.get("cudnn_installed"):
        ctx.add("gpu-ok", TrText(QT_TRANSLATE_NOOP(
            "core", "This is the header of cuDNN {cudnn}: cuDNN is installed."), cudnn=facts["cudnn_installed"][0]))
    elif ctx.kind == "build-info" and facts.get("is_cuda_build") is True:
        ctx.add("gpu-ok", TrText(QT_TRANSLATE_NOOP(
            "core", "This TensorFlow is a GPU build for CUDA {cuda} and cuDNN {cudnn}; those must be installed to use it."),
            cuda=facts.get("cuda_compiled", "?"), cudnn=facts.get("cudnn_compiled", "?")))
    elif (hits := [h for sig in _GPU_AT_WORK for h in ctx.hits.get(sig)[:4] if h.line_no not in ctx.expected_lines()]) \
            or (facts.get("gpus_listed", 0) > 0 and not ctx.expected_lines()):
        hits = hits[:3]
        name = f" ({ctx.gpu_name()})" if ctx.gpu_name() else ""
        if hits and all(h.signature in _OTHER_PROGRAM_AT_WORK for h in hits):
            words = QT_TRANSLATE_NOOP("core", "The program found the CUDA GPU{name} and uses it: the driver and CUDA work.")
        else:
            words = QT_TRANSLATE_NOOP("core", "TensorFlow found the GPU{name} and can use it.")
        ctx.add("gpu-ok", TrText(words, name=name), hits, severity=Severity.OK)
