"""What to install on this machine: the best route for its OS, GPU, driver and Pythons, with exact steps."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tfgpu.core import kb
from tfgpu.core.diagnosis.model import EnvVerdict, Recommendation
from tfgpu.core.diagnosis.rules_machine import driver_blocks_gpu, os_kind
from tfgpu.core.findings import links
from tfgpu.core.findings.fixes import (
    WINDOWS_TF210_CONDA,
    FixContext,
    driver_update,
    step,
    wsl_route_steps,
)
from tfgpu.core.findings.model import Finding, FixStep, Shell
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import Status
from tfgpu.core.scan import Scan
from tfgpu.core.versions import at_least, major_minor, sort_key

WSL2_MIN_WINDOWS10_BUILD = 19044  # tensorflow.org/install/pip: "WSL2 on Windows 10 19044 or higher"
LAST_NATIVE_WINDOWS_TF = "2.10.0"
PREFER_INSTALLED_WITHIN = 3  # builds: an installed Python that fits one of the 3 newest beats installing one


@dataclass
class _Pick:
    build: kb.TfBuild
    python: str | None  # an existing interpreter's executable
    python_version: str  # major.minor


def recommend(scan: Scan, envs: list[EnvVerdict], machine: list[Finding]) -> Recommendation:
    osk = os_kind(scan)
    ready = [v for v in envs if v.gpu_ready]
    if ready:
        return Recommendation(route="ready", tf_version=ready[0].tf_version, python=ready[0].python,
                              title=TrText(QT_TRANSLATE_NOOP("core", "Nothing to install: TensorFlow {tf} uses your GPU"),
                                           tf=ready[0].tf_version or "?"),
                              detail=TrText(QT_TRANSLATE_NOOP("core", "Use {python}. Run the benchmark to see how fast it is."),
                                            python=ready[0].python))
    blocker = driver_blocks_gpu(machine)
    if osk == "macos" or (blocker is not None and blocker.id == "no-nvidia-gpu"):
        return _no_gpu(osk)
    cc = _compute_capability(scan)
    first: list[FixStep] = list(blocker.fix) if blocker is not None else []
    if osk == "windows":
        return _windows(scan, cc, first)
    return _linux(scan, osk, cc, first)


def _no_gpu(osk: str) -> Recommendation:
    command = "python3 -m pip install tensorflow tensorflow-metal" if osk == "macos" else "python3 -m pip install tensorflow"
    return Recommendation(route="no-nvidia-gpu",
                          title=TrText(QT_TRANSLATE_NOOP("core", "No NVIDIA GPU to use: TensorFlow will run on the CPU")),
                          detail=TrText(QT_TRANSLATE_NOOP("core", "CUDA needs an NVIDIA GPU. The plain package runs on the CPU.")),
                          steps=[step(QT_TRANSLATE_NOOP("core", "Install TensorFlow:"), command=command, shell=Shell.BASH,
                                      url=links.TF_PIP)])


def _compute_capability(scan: Scan) -> str | None:
    for gpu in scan.driver.gpus:
        if gpu.compute_capability:
            return gpu.compute_capability
        spec = kb.gpu_spec(gpu.name) if gpu.name else None
        if spec and spec.cc:
            return spec.cc
    return None


def _python_candidates(scan: Scan) -> list[tuple[str, str]]:
    """(executable, major.minor) of every usable interpreter: newest Python first; for one version,
    an environment that already has TensorFlow first, then base interpreters (to make a venv from)."""
    def rank(env) -> tuple:
        has_tf = bool(env.tensorflow and env.tensorflow.installed)
        return (sort_key(major_minor(env.version)), has_tf, env.kind in ("system", "pyenv"))

    usable = [env for env in scan.pythons.envs if env.status == Status.OK and env.version and env.bits != 32]
    ranked_envs = sorted(usable, key=rank, reverse=True)
    return [(env.executable, mm) for env in ranked_envs if (mm := major_minor(env.version))]


def _is_environment(scan: Scan, executable: str | None) -> bool:
    """A venv or conda env: install into it rather than making another one."""
    env = next((e for e in scan.pythons.envs if e.executable == executable), None)
    return bool(env and env.kind in ("venv", "conda"))


def _pick(scan: Scan, platform: str, cc: str | None, *, max_tf: str | None = None) -> _Pick | None:
    """The newest TF build that runs on this GPU, preferring an installed Python when one of the
    three newest such builds has a wheel for it; otherwise the newest build with a Python to install."""
    eligible = [b for b in kb.tf_builds()
                if (not max_tf or at_least(max_tf, b.version))
                and (platform != "windows" or b.windows_gpu)
                and not (cc and kb.cc_support(b.version, cc) == "unsupported")
                and b.wheel_pythons.get(platform)]
    pythons = _python_candidates(scan)
    for build in eligible[:PREFER_INSTALLED_WITHIN]:
        for exe, version in pythons:
            if kb.python_has_wheel(build.version, version, platform):
                return _Pick(build, exe, version)
    if not eligible:
        return None
    return _Pick(eligible[0], None, eligible[0].wheel_pythons[platform][-1])


def _linux(scan: Scan, osk: str, cc: str | None, first: list[FixStep]) -> Recommendation:
    pick = _pick(scan, "linux", cc)
    if pick is None:
        return _cannot(cc)
    build = pick.build
    ctx = FixContext(os=osk, tf_version=build.version, python_exe=pick.python, python_version=pick.python_version,
                     cuda_version=build.linux_cuda, cudnn_version=build.linux_cudnn, compute_capability=cc,
                     driver_version=scan.driver.driver_version)
    steps = list(first) + _driver_steps(scan, build.linux_cuda, "windows" if osk == "wsl" else "linux", ctx, first)
    in_place = _is_environment(scan, pick.python)
    venv_python = _sh_path(pick.python) if in_place and pick.python else "~/tf/bin/python"
    if not in_place:
        steps += _python_steps(pick)
    if build.and_cuda:
        steps.append(step(QT_TRANSLATE_NOOP("core", "Install TensorFlow {tf} with the CUDA and cuDNN libraries it was built with:"),
                          command=f"{venv_python} -m pip install 'tensorflow[and-cuda]=={build.version}'",
                          shell=Shell.BASH, url=links.TF_PIP, tf=build.version))
    else:
        steps.append(step(QT_TRANSLATE_NOOP("core", "Install TensorFlow {tf}:"), tf=build.version, shell=Shell.BASH,
                          command=f"{venv_python} -m pip install '{build.gpu_package}=={build.version}'"))
        steps.append(step(QT_TRANSLATE_NOOP("core", "Install CUDA {cuda} and cuDNN {cudnn} (this TensorFlow predates the pip CUDA packages):"),
                          url=links.CUDA_ARCHIVE, cuda=build.linux_cuda or "?", cudnn=build.linux_cudnn or "?"))
    steps.append(step(QT_TRANSLATE_NOOP("core", "Check that TensorFlow lists the GPU:"), shell=Shell.BASH, check="gpu-ready",
                      command=f"{venv_python} -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\""))
    old = cc is not None and not _is_latest_for(build, "linux")
    route = "old-gpu" if old else ("wsl2-pip" if osk == "wsl" else "linux-pip")
    if old:
        detail = TrText(QT_TRANSLATE_NOOP("core", "Your GPU (compute capability {cc}) is not supported by newer TensorFlow; "
                                                  "{tf} is the newest that runs on it."), cc=cc, tf=build.version)
    else:
        detail = TrText(QT_TRANSLATE_NOOP("core", "On Linux the pip package brings its own CUDA and cuDNN: only the NVIDIA "
                                                  "driver is needed on the system. Use Python {python} in a virtual environment."),
                        python=pick.python_version)
    return Recommendation(route=route, tf_version=build.version, python=pick.python, steps=steps, detail=detail,
                          title=TrText(QT_TRANSLATE_NOOP("core", "Install TensorFlow {tf} with pip in a virtual environment"),
                                       tf=build.version))


def _windows(scan: Scan, cc: str | None, first: list[FixStep]) -> Recommendation:
    wsl_build = _pick(scan, "linux", cc)
    native = _pick(scan, "windows", cc, max_tf=LAST_NATIVE_WINDOWS_TF)
    if wsl_build is not None and _wsl2_possible(scan):
        build = wsl_build.build
        ctx = FixContext(os="windows", tf_version=build.version, compute_capability=cc, driver_version=scan.driver.driver_version)
        steps = list(first) + _driver_steps(scan, build.linux_cuda, "windows", ctx, first)
        distro = next((d.name for d in scan.os.wsl_distros if d.version == 2), None)
        spec = f"tensorflow[and-cuda]=={build.version}" if build.and_cuda else f"tensorflow=={build.version}"
        if distro:
            steps.append(step(QT_TRANSLATE_NOOP("core", "Open your WSL 2 distribution '{distro}':"), command=f"wsl -d {distro}",
                              shell=Shell.POWERSHELL, check="inside-wsl", distro=distro))
            steps += _wsl_inside_steps(spec)
            route = "wsl2-pip"
        else:
            steps += wsl_route_steps(ctx, spec)
            route = "wsl2-setup"
        if native is not None:
            steps.append(step(QT_TRANSLATE_NOOP("core", "Stay on native Windows with TensorFlow 2.10 (the last native GPU version), "
                                                        "Python 3.10, CUDA 11.2 and cuDNN 8.1 through conda:"),
                              command=WINDOWS_TF210_CONDA, shell=Shell.POWERSHELL, url=links.TF_PIP, alternative=True))
        return Recommendation(route=route, tf_version=build.version, steps=steps,
                              title=TrText(QT_TRANSLATE_NOOP("core", "Use TensorFlow {tf} in WSL2"), tf=build.version),
                              detail=TrText(QT_TRANSLATE_NOOP("core", "TensorFlow after 2.10 has no GPU support on native Windows; "
                                                                      "in WSL2 (Ubuntu inside Windows) the current version uses your GPU "
                                                                      "through the Windows driver.")))
    if native is None:
        return _cannot(cc)
    ctx = FixContext(os="windows", tf_version=native.build.version, cuda_version="11.2", cudnn_version="8.1",
                     python_exe=native.python, compute_capability=cc, driver_version=scan.driver.driver_version)
    steps = list(first) + _driver_steps(scan, native.build.windows_cuda, "windows", ctx, first)
    steps.append(step(QT_TRANSLATE_NOOP("core", "Create a Python 3.10 conda environment with CUDA 11.2, cuDNN 8.1 and TensorFlow 2.10:"),
                      command=WINDOWS_TF210_CONDA, shell=Shell.POWERSHELL, url=links.TF_PIP))
    steps.append(step(QT_TRANSLATE_NOOP("core", "Install CUDA 11.2 and cuDNN 8.1 from NVIDIA, add their bin folders to PATH, "
                                                "and pip install \"tensorflow<2.11\" in a Python 3.7-3.10."),
                      url=links.CUDA_ARCHIVE, alternative=True))
    return Recommendation(route="windows-native-tf210", tf_version=native.build.version, python=native.python, steps=steps,
                          title=TrText(QT_TRANSLATE_NOOP("core", "Use TensorFlow 2.10 on native Windows")),
                          detail=TrText(QT_TRANSLATE_NOOP("core", "This Windows cannot run WSL2 with GPU support (it needs Windows 10 "
                                                                  "build 19044 or Windows 11), so TensorFlow 2.10 is the newest "
                                                                  "version that can use the GPU here.")))


def _wsl_inside_steps(spec: str) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Inside it, create a virtual environment and install TensorFlow:"), shell=Shell.BASH,
                 command=f"sudo apt update && sudo apt install -y python3-venv && python3 -m venv ~/tf && ~/tf/bin/python -m pip install '{spec}'",
                 check="inside-wsl"),
            step(QT_TRANSLATE_NOOP("core", "Check it inside WSL:"), shell=Shell.BASH, check="inside-wsl",
                 command="~/tf/bin/python -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\"")]


def _sh_path(path: str) -> str:
    return path if all(c.isalnum() or c in "/._-+~" for c in path) else "'" + path.replace("'", "'\\''") + "'"


def _python_steps(pick: _Pick) -> list[FixStep]:
    if pick.python:
        return [step(QT_TRANSLATE_NOOP("core", "Create a virtual environment with Python {python}:"), python=pick.python_version,
                     command=f"{pick.python} -m venv ~/tf", shell=Shell.BASH)]
    return [step(QT_TRANSLATE_NOOP("core", "Install Python {python} (no Python here has TensorFlow wheels), then create a "
                                           "virtual environment with it:"), python=pick.python_version,
                 command=f"python{pick.python_version} -m venv ~/tf", shell=Shell.BASH, url=links.PYTHON_DOWNLOADS)]


def _driver_steps(scan: Scan, cuda: str | None, os_name: str, ctx: FixContext, first: list[FixStep]) -> list[FixStep]:
    if first or not cuda or not scan.driver.driver_version:
        return []
    minimum = kb.min_driver_any_minor(cuda.split(".")[0], os_name) or kb.min_driver(cuda, os_name)
    if not minimum or at_least(scan.driver.driver_version, minimum):
        return []
    return [step(QT_TRANSLATE_NOOP("core", "Driver {driver} is too old for CUDA {cuda} (needs {minimum} or newer). Update it first:"),
                 driver=scan.driver.driver_version, cuda=cuda, minimum=minimum), *driver_update(ctx)]


def _wsl2_possible(scan: Scan) -> bool:
    if scan.os.wsl_distros and any(d.version == 2 for d in scan.os.wsl_distros):
        return True
    build_text = scan.os.build or (scan.os.version or "").split(".")[-1]  # "22631.3447" or "10.0.22631"
    match = re.match(r"(\d+)", build_text)
    build = int(match.group(1)) if match else None
    return build is None or build >= WSL2_MIN_WINDOWS10_BUILD


def _is_latest_for(build: kb.TfBuild, platform: str) -> bool:
    newest = kb.latest_tf(platform, None, gpu=True)
    return newest is None or newest.version == build.version


def _cannot(cc: str | None) -> Recommendation:
    return Recommendation(route="old-gpu",
                          title=TrText(QT_TRANSLATE_NOOP("core", "No prebuilt TensorFlow runs on this GPU")),
                          detail=TrText(QT_TRANSLATE_NOOP("core", "Compute capability {cc} is below every TensorFlow build's "
                                                                  "minimum. TensorFlow still runs on the CPU."), cc=cc or "?"),
                          steps=[step(QT_TRANSLATE_NOOP("core", "Install the CPU package:"),
                                      command="python -m pip install tensorflow", url=links.TF_PIP)])
