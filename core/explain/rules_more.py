"""Rules for messages from outside TensorFlow's own GPU start-up: NumPy 2 against a NumPy-1 build,
pip's Windows long-path failure, distributed training (ports, NCCL), container runtimes and
Kubernetes asking for a newer driver or a GPU, and XLA's ptxas version warning."""

from __future__ import annotations

from tfgpu.core import versions
from tfgpu.core.explain.context import Ctx
from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.explain.prose import negated
from tfgpu.core.explain.signatures import Hit
from tfgpu.core.findings.model import Severity
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.kb import guarded as kbview


def numpy(ctx: Ctx) -> None:
    conflict = ctx.hits.get("numpy-resolver-conflict")
    if conflict:
        groups = conflict[0].groups
        ctx.add("numpy-incompatible", TrText(QT_TRANSLATE_NOOP(
            "core", "pip says {package} needs NumPy {wanted}, but NumPy {have} is installed. Install the NumPy it names "
            "into the same environment (pip install \"numpy{wanted}\")."), package=groups.get("package") or "?",
            wanted=(groups.get("wanted") or "?").split(";")[0].strip(), have=groups.get("have") or "?"), conflict[:2])
        return
    said = ctx.hits.get("numpy-incompatibility-said")
    if said:
        ctx.add("numpy-incompatible", TrText(QT_TRANSLATE_NOOP(
            "core", "This TensorFlow does not work with the installed NumPy ({line}). Install the NumPy version the "
            "TensorFlow release pins (pip show tensorflow lists it: numpy<1.20 for TensorFlow 2.4, numpy<2 up to "
            "2.17), in the same environment."), line=said[0].line[:160]), said[:2])
        return
    removed = ctx.hits.get("numpy-api-removed")
    hits = ctx.hits.get("numpy2-abi")
    size = ctx.hits.get("numpy-binary-size-changed")
    if size and not removed and not hits:
        ctx.add("numpy-incompatible", TrText(QT_TRANSLATE_NOOP(
            "core", "A compiled package in this environment was built against another NumPy than the installed one "
            "({line}). Install the NumPy version your packages were built for (pip install --upgrade numpy, or the "
            "version TensorFlow pins), or reinstall the package that fails, in the same environment."),
            line=size[0].line[:120]), size[:2])
        return
    if removed and not hits:
        ctx.add("numpy-incompatible", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow (or a library it loads) uses a NumPy API that the installed NumPy no longer has. "
            "Install the NumPy version this TensorFlow was built for (\"numpy<1.24\" for TensorFlow up to 2.11, "
            "\"numpy<2\" up to 2.17), in the same environment.")), removed[:2])
        return
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


_GPUS_GIVEN = lazy(r"--gpus[ =]+[\"']?(?:all|device=|[1-9])|--runtime[ =]nvidia|\bnvidia-docker run\b")


_DOCKER_RUN = lazy(r"\bdocker run\b")
_NOT_YET_SUPPORTED = lazy(r"GPU, which is not yet supported in this version of the container")  # the NGC banner
_CONTAINER_WORD = lazy(r"(?i)\bcontainers?\b")


def containers(ctx: Ctx) -> None:
    _no_driver_in_container(ctx)
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
        if found and need and versions.sort_key(found) >= versions.sort_key(need):
            # TF 1.12-1.13 compared the versions as text: "ptxas 10.0.145, which is older than 9.2.88" is wrong.
            ctx.add("benign-log", TrText(QT_TRANSLATE_NOOP(
                "core", "XLA's warning that ptxas {found} is older than {need} is wrong: {found} is newer (this "
                "TensorFlow compared the versions as text). Nothing to fix."), found=found, need=need), hits[:1],
                {"notices": ["ptxas version warning"]})
            return
        ctx.add("ptx-toolchain-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "XLA uses ptxas {found}, older than the {need} it trusts: it may miscompile. Put the ptxas of "
            "TensorFlow's own CUDA version first on PATH (or install the nvidia-cuda-nvcc package)."),
            found=found, need=need), hits[:1], {"ptxas": found, "ptxas_needed": need}, severity=Severity.WARNING)


def _no_driver_in_container(ctx: Ctx) -> None:
    """The CUDA/NGC images' "NVIDIA Driver was not detected" banner, or PyTorch finding no driver, inside a
    container: started without GPU access. Under WSL 2 with --gpus given, old images' banner is wrong (their
    check cannot see WSL's driver): harmless."""
    banner = ctx.hits.get("container-driver-not-detected")
    torch = ctx.hits.get("torch-no-nvidia-driver")
    in_container = bool(banner) or "ctx:docker" in ctx.said or "ctx:kubernetes" in ctx.said
    if not in_container or not (banner or torch):
        if torch:
            ctx.add("driver-missing", TrText(QT_TRANSLATE_NOOP(
                "core", "No NVIDIA driver is found on this system. Install the NVIDIA driver for your GPU (on WSL 2: "
                "on Windows), then restart.")), torch[:2])
        return
    given = _GPUS_GIVEN.search(ctx.doc.text) is not None
    if banner and given and ctx.os == "wsl" and not torch:
        ctx.add("benign-log", TrText(QT_TRANSLATE_NOOP(
            "core", "The container image's start-up banner says it sees no NVIDIA driver, but under WSL 2 its check "
            "cannot see the driver: with --gpus given the GPU still works. Check with nvidia-smi inside the "
            "container.")), banner[:1], {"notices": ["container start-up banner"]})
        return
    ctx.add("container-gpu-missing", TrText(QT_TRANSLATE_NOOP(
        "core", "Inside the container no NVIDIA driver is visible: it was started without GPU access. Install the "
        "NVIDIA Container Toolkit on the host and start the container with --gpus all (Kubernetes: request "
        "nvidia.com/gpu in the pod's resource limits).")), (banner + torch)[:2])


def _cudnn_version(groups: dict, name: str) -> str:
    """'8, 5, 0' or cuDNN's own number (7102: 7.1.2) as a dotted version."""
    if groups.get(name):
        return ".".join(part.strip() for part in groups[name].split(","))
    code = groups.get(f"{name}_code") or ""
    return f"{int(code) // 1000}.{int(code) % 1000 // 100}.{int(code) % 100}" if code.isdigit() else "?"


def frameworks(ctx: Ctx) -> None:
    """The same CUDA problems met through another framework's wording (PyTorch, PaddlePaddle), and WSL's
    container runtime finding no GPU adapter."""
    both = ctx.hits.get("ort-both-packages")
    if both:
        ctx.add("mixed-tf-packages", TrText(QT_TRANSLATE_NOOP(
            "core", "Both onnxruntime (the CPU package) and onnxruntime-gpu are installed: they provide the same "
            "module, so the one installed last wins and the CUDA provider can go missing. Uninstall both, then "
            "install onnxruntime-gpu alone.")), both[:2])
    cpu = ctx.hits.get("framework-cpu-build")
    if cpu:
        ctx.add("cpu-only-build", TrText(QT_TRANSLATE_NOOP(
            "core", "The installed framework is its CPU-only build, so it cannot use the GPU. Uninstall it and "
            "install its GPU (CUDA) build for your CUDA version.")), cpu[:2])
    built = ctx.hits.get("framework-built-for-other-cuda")
    if built:
        groups = built[0].groups
        what = "cuDNN" if groups.get("what", "").lower() == "cudnn" else "CUDA"
        ctx.add("cudnn-version-mismatch" if what == "cuDNN" else "cuda-version-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "The framework was built for {what} {need}, but {what} {have} is installed. Install the {what} "
            "version it was built for (or the framework's build for {what} {have})."),
            what=what, need=groups.get("need", "?"), have=groups.get("have", "?")), built[:2],
            {"need": groups.get("need"), "installed": groups.get("have")})
    nvcc = ctx.hits.get("nvcc-unsupported-arch")
    if nvcc and not ctx.has("cuda-version-mismatch"):
        groups = nvcc[0].groups
        gpu_arch = groups.get("arch") or groups.get("arch2") or groups.get("arch3") or "?"
        ctx.add("cuda-version-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "The CUDA toolkit's nvcc does not know this GPU's architecture ({arch}): the toolkit is older than "
            "the GPU. Build with a CUDA toolkit that supports it (compute_86: CUDA 11.1 or later, compute_89: 11.8, "
            "compute_120: 12.8), or leave that architecture out of the build's list."), arch=gpu_arch), nvcc[:2],
            {"gpu_arch": gpu_arch})
    runtime = ctx.hits.get("framework-cudnn-compiled-runtime")
    if runtime and not ctx.has("cudnn-version-mismatch"):
        groups = runtime[0].groups
        need, have = _cudnn_version(groups, "need"), _cudnn_version(groups, "have")
        ctx.add("cudnn-version-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "The framework was built for {what} {need}, but {what} {have} is installed. Install the {what} "
            "version it was built for (or the framework's build for {what} {have})."),
            what="cuDNN", need=need, have=have), runtime[:2], {"need": need, "installed": have})
    adapters = ctx.hits.get("wsl-no-adapters")
    if adapters:
        ctx.add("wsl-gpu-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "Inside WSL the container runtime finds no GPU adapter: this is WSL 1 (convert it with 'wsl "
            "--set-version <distro> 2'), the Windows NVIDIA driver has no WSL support (update it), or the computer "
            "has no NVIDIA GPU.")), adapters[:2], {"os": "wsl"})
    arch = ctx.hits.get("framework-gpu-arch-unsupported")
    if arch:
        trt_sm = arch[0].groups.get("trt_sm")
        cc = arch[0].groups.get("cc") or arch[0].groups.get("sm") or (f"sm_{trt_sm}" if trt_sm else None)
        ctx.add("compute-capability-unsupported", TrText(QT_TRANSLATE_NOOP(
            "core", "The framework's build has no GPU code for this GPU's architecture (compute capability {cc}): the "
            "GPU is newer (or older) than the architectures it was compiled for. Install a build made for this GPU "
            "(for the newest GPUs: the build for the newest CUDA)."), cc=cc or "?"), arch[:2])
    old = [h for h in ctx.hits.get("torch-driver-too-old") if h.groups.get("found")]
    if old:
        found = old[0].groups.get("found", "")
        cuda = f"{int(found) // 1000}.{int(found) % 1000 // 10}" if found.isdigit() else "?"
        ctx.add("driver-too-old", TrText(QT_TRANSLATE_NOOP(
            "core", "The NVIDIA driver supports CUDA up to {cuda}, older than the CUDA the framework was built with. "
            "Update the NVIDIA driver (or install the framework's build for CUDA {cuda})."), cuda=cuda), old[:2],
            {"driver_cuda": cuda})
    protobuf = ctx.hits.get("protobuf-import-error")
    if protobuf:
        ctx.add("tf-import-failed", TrText(QT_TRANSLATE_NOOP(
            "core", "Importing TensorFlow fails inside protobuf: the installed protobuf does not match the one this "
            "TensorFlow was built with. Install the protobuf version TensorFlow pins (pip install \"protobuf<4\" for "
            "TensorFlow up to 2.11; see pip show tensorflow's Requires), in the same environment.")), protobuf[:2])
    ptxas = ctx.hits.get("xla-ptxas-fatal")
    if ptxas:
        ctx.add("ptx-toolchain-mismatch", TrText(QT_TRANSLATE_NOOP(
            "core", "XLA could not use ptxas (it failed, or is a release with a known bug): install the ptxas of "
            "TensorFlow's own CUDA version (the nvidia-cuda-nvcc package TensorFlow pins, or a newer CUDA toolkit) "
            "and put it first on PATH.")), ptxas[:2])
    nvml = ctx.hits.get("nvml-unknown-error")
    if nvml and ("ctx:docker" in ctx.said or "ctx:kubernetes" in ctx.said or _CONTAINER_WORD.search(ctx.doc.text)):
        ctx.add("container-gpu-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "The container lost its access to the GPU (NVML: Unknown Error), typically after the host's "
            "systemd reloaded its cgroups. Recreate the container, and configure the NVIDIA Container Toolkit's "
            "cgroup workaround so it does not happen again.")), nvml[:2])
    image = ctx.hits.get("container-gpu-not-supported")
    if image:
        gpus_given = _GPUS_GIVEN.search(ctx.doc.text)
        started_without = _DOCKER_RUN.search(ctx.doc.text) and not gpus_given  # docker run shown, without --gpus
        # No GPU named or passed beside the banner: the container sees no GPU at all (more often than one too new).
        named = gpus_given or ctx.gpu_name() or _NOT_YET_SUPPORTED.search(ctx.doc.text)
        if started_without or not named:
            ctx.add("container-gpu-missing", TrText(QT_TRANSLATE_NOOP(
                "core", "Inside the container no NVIDIA driver is visible: it was started without GPU access. Install "
                "the NVIDIA Container Toolkit on the host and start the container with --gpus all (Kubernetes: "
                "request nvidia.com/gpu in the pod's resource limits).")), image[:2])
        elif not ctx.has("compute-capability-unsupported"):
            ctx.add("compute-capability-unsupported", TrText(QT_TRANSLATE_NOOP(
                "core", "The container image does not support this GPU: its CUDA and framework builds are older (or "
                "newer) than the GPU's architecture. Use a release of the image made for this GPU (for a new GPU: "
                "one built with a CUDA that supports it).")), image[:2])
    prebuilt = ctx.hits.get("prebuilt-binary-missing")
    if prebuilt:
        system = prebuilt[0].groups.get("system")
        ctx.add("install-no-wheel", TrText(QT_TRANSLATE_NOOP(
            "core", "The package has no prebuilt binary for this platform ({system}), so its installer stops or "
            "falls back to a source build. Use a platform and version it publishes binaries for (x86-64 Linux, "
            "Windows or macOS), or build it from source."), system=system or "?"), prebuilt[:2],
            {"platform": system})
    candidates = ctx.hits.get("installer-no-candidates")
    if candidates and not prebuilt:
        ctx.add("install-no-wheel", TrText(QT_TRANSLATE_NOOP(
            "core", "The installer found no package file for this platform ({line}): that package, or that version, "
            "is not published for this operating system, CPU or Python. Use a version published for this platform "
            "(or another platform, e.g. Linux or WSL 2 for CUDA packages)."), line=candidates[0].line[:160]), candidates[:2],
            severity=Severity.WARNING)  # a cause found elsewhere in the text (no NVIDIA GPU, native Windows) outranks it
    below = ctx.hits.get("below-minimum-compute-capability")
    if below and not ctx.has("compute-capability-unsupported"):
        ctx.add("compute-capability-unsupported", TrText(QT_TRANSLATE_NOOP(
            "core", "The program refuses this GPU: its compute capability is below the minimum its build supports "
            "(it falls back to the CPU). Use an older release built for this GPU, build it from source for this "
            "compute capability, or use a newer GPU.")), below[:2])
    error35 = ctx.hits.get("cuda-error-35")
    if error35 and not ctx.has("driver-too-old"):
        ctx.add("driver-too-old", TrText(QT_TRANSLATE_NOOP(
            "core", "CUDA error 35 (cudaErrorInsufficientDriver): the NVIDIA driver is older than the CUDA runtime "
            "the program was built with. Update the NVIDIA driver, or install the program's build for an older "
            "CUDA.")), error35[:2])


# "I installed CUDA 11.8" / "安装了cuda11.8" in the user's own words
_INSTALLED_SAID = lazy(
    r"(?i)\b(?:installed|install(?:ing)?|set up|upgraded to|updated to|downloaded)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?:nvidia\s+)?cuda(?:[ -]?toolkit)?\s*(?:version\s*)?v?(\d{1,2}\.\d)\b|安装(?:了|的是|的)?\s*cuda\s*"
    r"(?:toolkit\s*)?v?(\d{1,2}\.\d)")


def stale_toolkit(ctx: Ctx) -> None:
    """nvcc answers with another CUDA than the one the user says was installed: an older toolkit (a distribution's
    package, an earlier install) comes first on PATH, or CUDA_PATH still names it."""
    release = versions.dotted_major_minor(str(ctx.facts.get("nvcc_version") or ""))
    if not release or not ctx.users or ctx.errors():
        return
    said = [m for m in _INSTALLED_SAID.finditer(ctx.users) if negated(ctx.users, m.start()) != "neg"]
    stated = {m.group(1) or m.group(2) for m in said}
    if not stated or release in stated:
        return
    first = said[0]
    installed = first.group(1) or first.group(2)
    hit = Hit(signature="cuda-installed-said", line_no=ctx.doc.line_at(first.start()),
              line=ctx.doc.line_text(first.start()))
    ctx.add("cuda-path-stale", TrText(QT_TRANSLATE_NOOP(
        "core", "nvcc reports CUDA {nvcc}, but CUDA {installed} is the one installed: another toolkit comes first on "
        "PATH (or CUDA_PATH still names it). Put the new toolkit's bin folder first on PATH (and set CUDA_PATH to "
        "it), or remove the old toolkit."), nvcc=release, installed=installed), [hit],
        {"nvcc": release, "installed": installed})
