"""What to install: the best route for an OS, GPU, driver and Pythons, with exact steps.

One recommender: :func:`recommend_route` takes a :class:`RouteInput`. The doctor builds it from a scan
(:func:`recommend`), ``tfgpu kb recommend`` from its arguments (:func:`route_input_for`); both get the
same route, steps and notes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tfgpu.core import kb, versions
from tfgpu.core.diagnosis.model import EnvVerdict, Recommendation
from tfgpu.core.diagnosis.rules_machine import driver_blocks_gpu, os_kind
from tfgpu.core.findings import commands, links
from tfgpu.core.findings.fixes import (
    HOME_VENV,
    WINDOWS_TF210_CONDA,
    FixContext,
    driver_update,
    home_venv_command,
    home_venv_install,
    step,
    wsl_route_steps,
)
from tfgpu.core.findings.gpu_limits import (
    and_cuda_specs,
    gpu_platform,
    unsupported_gpu_detail,
    unsupported_gpu_steps,
)
from tfgpu.core.findings.model import Finding, FixStep, Shell
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import Status
from tfgpu.core.scan import Scan
from tfgpu.core.shell import chain, command
from tfgpu.core.versions import at_least, major_minor, sort_key

WSL2_MIN_WINDOWS10_BUILD = 19044  # tensorflow.org/install/pip: "WSL2 on Windows 10 19044 or higher"
LAST_NATIVE_WINDOWS_TF = "2.10.0"
PREFER_INSTALLED_WITHIN = 3  # builds: an installed Python that fits one of the 3 newest beats installing one
_VERIFY_CODE = 'import tensorflow as tf; print(tf.config.list_physical_devices("GPU"))'


@dataclass(frozen=True)
class PythonChoice:
    """A Python the route may use: an interpreter found by the scan, or one the user names (``python3.12``)."""

    executable: str
    version: str  # major.minor
    environment: bool = False  # a venv or conda env: install into it rather than making another one


@dataclass(frozen=True)
class RouteInput:
    """Everything the route depends on."""

    os: str  # "windows" | "wsl" | "linux" | "macos" | "unknown"
    cc: str | None = None  # the GPU's compute capability
    gpu_name: str | None = None
    no_gpu: bool = False  # the driver reports no NVIDIA GPU (or macOS)
    driver_version: str | None = None
    pythons: tuple[PythonChoice, ...] = ()  # best first
    wsl2_possible: bool = True
    wsl2_distro: str | None = None  # an installed WSL 2 distribution
    first: tuple[FixStep, ...] = ()  # a machine blocker's fix (driver), before anything else
    wanted_python: str | None = None  # a Python the user asked for (major.minor), for the notes
    scanned: bool = True  # the Pythons are what a scan found (False: ``tfgpu kb recommend``, none known)
    inferred: bool = False  # the compute capability was inferred from a PCI id / pci.ids name (not a GPU row)
    distro: str | None = None  # Linux: /etc/os-release ID (the driver steps differ per distribution)
    distro_like: tuple[str, ...] = ()


@dataclass
class _Pick:
    build: kb.TfBuild
    python: PythonChoice | None  # None: install a Python of ``python_version``
    python_version: str  # major.minor


def recommend(scan: Scan, envs: list[EnvVerdict], machine: list[Finding]) -> Recommendation:
    """The doctor's recommendation: "ready" when TF already uses the GPU, else :func:`recommend_route`."""
    ready = [v for v in envs if v.gpu_ready]
    if ready:
        return Recommendation(route="ready", tf_version=ready[0].tf_version, python=ready[0].python, gpu_supported=True,
                              title=TrText(QT_TRANSLATE_NOOP("core", "Nothing to install: TensorFlow {tf} uses your GPU"),
                                           tf=ready[0].tf_version or "?"),
                              detail=TrText(QT_TRANSLATE_NOOP("core", "Use {python}. Run the benchmark to see how fast it is."),
                                            python=ready[0].python))
    blocker = driver_blocks_gpu(machine)
    if blocker is not None and blocker.id == "no-nvidia-gpu" and os_kind(scan) != "macos":
        return _no_nvidia_card(blocker)
    return recommend_route(route_input(scan, machine))


def route_input(scan: Scan, machine: list[Finding]) -> RouteInput:
    """What the route depends on, read from a scan."""
    osk = os_kind(scan)
    blocker = driver_blocks_gpu(machine)
    gpu = next((g for g in scan.driver.gpus if g.name), None)
    return RouteInput(
        os=osk, cc=_compute_capability(scan), gpu_name=gpu.name if gpu else None,
        no_gpu=osk == "macos" or (blocker is not None and blocker.id == "no-nvidia-gpu"),
        driver_version=scan.driver.driver_version, pythons=tuple(_python_candidates(scan)),
        wsl2_possible=_wsl2_possible(scan), wsl2_distro=next((d.name for d in scan.os.wsl_distros if d.version == 2), None),
        first=tuple(blocker.fix) if blocker is not None else (),
        distro=scan.os.distro, distro_like=tuple(scan.os.distro_like))


def route_input_for(gpu_name: str, os_name: str, python: str | None = None) -> RouteInput:
    """What the route depends on, from a GPU name, an OS and a Python version (``tfgpu kb recommend``)."""
    spec = kb.gpu_spec_or_inferred(gpu_name)  # a GPU gpus.json lacks: its PCI id / pci.ids name places it
    mm = major_minor(python) if python else None
    pythons = (PythonChoice(executable="python" if os_name == "windows" else f"python{mm}", version=mm),) if mm else ()
    return RouteInput(os=os_name, cc=spec.cc if spec else None, gpu_name=spec.name if spec else gpu_name,
                      pythons=pythons, wanted_python=mm, scanned=False, inferred=bool(spec and spec.inferred))


def recommend_route(inp: RouteInput) -> Recommendation:
    """The one recommender: the route for this OS, GPU, driver and Pythons, its exact steps and notes."""
    if inp.os == "macos" or inp.no_gpu:
        return _no_gpu(inp.os)
    platform = "windows" if inp.os == "windows" else "linux"
    if inp.os == "windows":
        rec = _windows(inp)
    else:
        rec = _linux(inp)
    if rec is None:
        rec = _unsupported(inp, platform)
    rec.notes += _python_notes(inp, rec)
    return rec


def _no_nvidia_card(blocker: Finding) -> Recommendation:
    """No NVIDIA card: TensorFlow on the CPU (the finding's steps), or a machine with an NVIDIA GPU."""
    adapters = ", ".join(blocker.facts.get("adapters") or []) or "none"
    return Recommendation(route="no-nvidia-gpu", gpu_supported=False,
                          title=TrText(QT_TRANSLATE_NOOP("core", "No NVIDIA GPU to use: TensorFlow will run on the CPU")),
                          detail=TrText(QT_TRANSLATE_NOOP(
                              "core", "Graphics adapters on this computer: {adapters}. CUDA needs an NVIDIA GPU, so install "
                              "TensorFlow for the CPU here, or use a computer or cloud instance with an NVIDIA GPU."),
                              adapters=adapters),
                          steps=list(blocker.fix))


def _no_gpu(osk: str) -> Recommendation:
    packages = ["tensorflow", "tensorflow-metal"] if osk == "macos" else ["tensorflow"]
    shell = Shell.POWERSHELL if osk == "windows" else Shell.BASH
    python = "python" if shell is Shell.POWERSHELL else "python3"
    return Recommendation(route="no-nvidia-gpu", gpu_supported=False,
                          title=TrText(QT_TRANSLATE_NOOP("core", "No NVIDIA GPU to use: TensorFlow will run on the CPU")),
                          detail=TrText(QT_TRANSLATE_NOOP("core", "CUDA needs an NVIDIA GPU. The plain package runs on the CPU.")),
                          steps=[step(QT_TRANSLATE_NOOP("core", "Install TensorFlow:"), shell=shell, url=links.TF_PIP,
                                      command=command([python, "-m", "pip", "install", *packages], shell, bare_program=True))])


def _compute_capability(scan: Scan) -> str | None:
    for gpu in scan.driver.gpus:
        if gpu.compute_capability:
            return gpu.compute_capability
        spec = kb.gpu_spec_or_inferred(gpu.name) if gpu.name else None
        if spec and spec.cc:
            return spec.cc
    for adapter in scan.adapters.adapters:  # no driver yet: the PCI id places the GPU (inferred)
        spec = kb.gpu_spec_or_inferred(f"10de:{adapter.device_id}") if adapter.nvidia and adapter.device_id else None
        if spec and spec.cc:
            return spec.cc
    return None


def _python_candidates(scan: Scan) -> list[PythonChoice]:
    """Every usable interpreter: newest Python first; for one version, an environment that already has
    TensorFlow first, then base interpreters (to make a venv from)."""
    def rank(env) -> tuple:
        has_tf = bool(env.tensorflow and env.tensorflow.installed)
        return (sort_key(major_minor(env.version)), has_tf, env.kind in ("system", "pyenv"))

    usable = [env for env in scan.pythons.envs if env.status == Status.OK and env.version and env.bits != 32]
    ranked_envs = sorted(usable, key=rank, reverse=True)
    return [PythonChoice(env.executable, mm, env.kind in ("venv", "conda"))
            for env in ranked_envs if (mm := major_minor(env.version))]


def _runs(build: kb.TfBuild, inp: RouteInput, platform: str) -> bool:
    """Does this build run the GPU (natively or by JIT; unknown counts as yes)? Per-architecture rules win."""
    if not inp.cc and not inp.gpu_name:
        return True
    support = kb.gpu_support(build.version, inp.cc, gpu_platform=gpu_platform(inp.gpu_name),
                             host_os=inp.os if inp.os in ("linux", "wsl", "windows") else None)
    return support.verdict != "unsupported"


def _pick(inp: RouteInput, platform: str, *, max_tf: str | None = None) -> _Pick | None:
    """The newest TF build that runs on this GPU, preferring a given Python when one of the three newest
    such builds has a wheel for it; otherwise the newest build with a Python to install."""
    eligible = [b for b in kb.tf_builds()
                if (not max_tf or at_least(max_tf, b.version))
                and (platform != "windows" or b.windows_gpu)
                and _runs(b, inp, platform)
                and b.wheel_pythons.get(platform)]
    for build in eligible[:PREFER_INSTALLED_WITHIN]:
        for choice in inp.pythons:
            if kb.python_has_wheel(build.version, choice.version, platform):
                return _Pick(build, choice, choice.version)
    if not eligible:
        return None
    return _Pick(eligible[0], None, eligible[0].wheel_pythons[platform][-1])


def _pip_command(python: str | None, args: list[str]) -> str:
    """``PYTHON ARGS`` for bash; None: the ~/tf virtual environment's Python."""
    return command([python, *args], Shell.BASH, bare_program=True) if python else home_venv_command(args)


def _linux(inp: RouteInput) -> Recommendation | None:
    pick = _pick(inp, "linux")
    if pick is None:
        return None
    build, cc = pick.build, inp.cc
    version = build.latest_patch  # the newest patch of the chosen minor (2.16.2, not 2.16.1)
    ctx = FixContext(os=inp.os, tf_version=version, python_exe=pick.python.executable if pick.python else None,
                     python_version=pick.python_version, cuda_version=build.linux_cuda, cudnn_version=build.linux_cudnn,
                     compute_capability=cc, gpu_name=inp.gpu_name, driver_version=inp.driver_version,
                     distro=inp.distro, distro_like=list(inp.distro_like))
    steps = list(inp.first) + _driver_steps(inp, build.linux_cuda, "windows" if inp.os == "wsl" else "linux", ctx)
    in_place = bool(pick.python and pick.python.environment)
    python = pick.python.executable if in_place and pick.python else None  # None: ~/tf
    if not in_place:
        steps += _python_steps(pick, inp.scanned, inp.os)
    notes: list[TrText] = []
    if build.and_cuda:
        specs = and_cuda_specs(version, cc)
        if specs[1:]:
            text = QT_TRANSLATE_NOOP("core", "Install TensorFlow {tf} with its CUDA libraries, keeping cuDNN at a release "
                                             "that still supports this GPU ({pins}):")
        else:
            text = QT_TRANSLATE_NOOP("core", "Install TensorFlow {tf} with the CUDA and cuDNN libraries it was built with:")
        steps.append(step(text, command=_pip_command(python, ["-m", "pip", "install", *specs]), shell=Shell.BASH,
                          url=links.TF_PIP, tf=version, pins=" ".join(specs[1:])))
        notes += _pin_notes(build, cc, specs)
    else:
        steps.append(step(QT_TRANSLATE_NOOP("core", "Install TensorFlow {tf}:"), tf=version, shell=Shell.BASH,
                          command=_pip_command(python, ["-m", "pip", "install", f"{build.gpu_package}=={version}"])))
        steps.append(step(QT_TRANSLATE_NOOP("core", "Install CUDA {cuda} and cuDNN {cudnn} (this TensorFlow predates the pip CUDA packages):"),
                          url=links.CUDA_ARCHIVE, cuda=build.linux_cuda or "?", cudnn=build.linux_cudnn or "?"))
    steps.append(step(QT_TRANSLATE_NOOP("core", "Check that TensorFlow lists the GPU:"), shell=Shell.BASH, check="gpu-ready",
                      command=_pip_command(python, ["-c", _VERIFY_CODE])))
    notes += _jit_driver_notes(build, inp, "windows" if inp.os == "wsl" else "linux")
    newest = kb.latest_tf("linux", None, gpu=True)
    older = newest is not None and newest.version != build.version
    old = cc is not None and newest is not None and older and not _runs(newest, inp, "linux")  # the GPU is the limit
    route = "old-gpu" if old else ("wsl2-pip" if inp.os == "wsl" else "linux-pip")
    if old:
        detail = TrText(QT_TRANSLATE_NOOP("core", "Your GPU (compute capability {cc}) is not supported by newer TensorFlow; "
                                                  "{tf} is the newest that runs on it."), cc=cc, tf=version)
    elif older and newest is not None and pick.python_version and \
            kb.python_has_wheel(newest.version, pick.python_version, "linux") is False:  # Python is the limit
        wheels = newest.wheel_pythons.get("linux") or ("?",)
        detail = TrText(QT_TRANSLATE_NOOP("core", "Python {python} is the limit, not your GPU: TensorFlow {newest} has no wheel "
                                                  "for Python {python} (it needs Python {first} to {last}), so {tf} is the "
                                                  "newest you can install with it. A newer Python gets you {newest}."),
                        python=pick.python_version, newest=newest.latest_patch, first=wheels[0], last=wheels[-1], tf=version)
    else:
        detail = TrText(QT_TRANSLATE_NOOP("core", "On Linux the pip package brings its own CUDA and cuDNN: only the NVIDIA "
                                                  "driver is needed on the system. Use Python {python} in a virtual environment."),
                        python="3 (Ubuntu's own)" if _stock_python(pick, inp.os) else pick.python_version)
    return Recommendation(route=route, tf_version=version, python=pick.python.executable if pick.python else None,
                          steps=steps, detail=detail, gpu_supported=True if cc else None, notes=notes,
                          title=TrText(QT_TRANSLATE_NOOP("core", "Install TensorFlow {tf} with pip in a virtual environment"),
                                       tf=version))


def _windows(inp: RouteInput) -> Recommendation | None:
    wsl_build = _pick(inp, "linux")
    native = _pick(inp, "windows", max_tf=LAST_NATIVE_WINDOWS_TF)
    if wsl_build is not None and inp.wsl2_possible:
        build = wsl_build.build
        version = build.latest_patch
        ctx = FixContext(os="windows", tf_version=version, compute_capability=inp.cc, gpu_name=inp.gpu_name,
                         driver_version=inp.driver_version)
        steps = list(inp.first) + _driver_steps(inp, build.linux_cuda, "windows", ctx)
        specs = and_cuda_specs(version, inp.cc) if build.and_cuda else [f"tensorflow=={version}"]
        if inp.wsl2_distro:
            steps.append(step(QT_TRANSLATE_NOOP("core", "Open your WSL 2 distribution '{distro}':"), shell=Shell.POWERSHELL,
                              command=commands.run(["wsl", "-d", inp.wsl2_distro], Shell.POWERSHELL),
                              check="inside-wsl", distro=inp.wsl2_distro))
            steps += _wsl_inside_steps(specs)
            route = "wsl2-pip"
        else:
            steps += wsl_route_steps(ctx, specs)
            route = "wsl2-setup"
        if native is not None:
            steps.append(step(QT_TRANSLATE_NOOP("core", "Stay on native Windows with TensorFlow 2.10 (the last native GPU version), "
                                                        "Python 3.10, CUDA 11.2 and cuDNN 8.1 through conda:"),
                              command=WINDOWS_TF210_CONDA, shell=Shell.POWERSHELL, url=links.TF_PIP, alternative=True))
        return Recommendation(route=route, tf_version=version, steps=steps, gpu_supported=True if inp.cc else None,
                              notes=_pin_notes(build, inp.cc, specs) + _jit_driver_notes(build, inp, "windows"),
                              title=TrText(QT_TRANSLATE_NOOP("core", "Use TensorFlow {tf} in WSL2"), tf=version),
                              detail=TrText(QT_TRANSLATE_NOOP("core", "TensorFlow after 2.10 has no GPU support on native Windows; "
                                                                      "in WSL2 (Ubuntu inside Windows) the current version uses your GPU "
                                                                      "through the Windows driver.")))
    if native is None:
        return None
    ctx = FixContext(os="windows", tf_version=native.build.version, cuda_version="11.2", cudnn_version="8.1",
                     python_exe=native.python.executable if native.python else None, compute_capability=inp.cc,
                     driver_version=inp.driver_version)
    steps = list(inp.first) + _driver_steps(inp, native.build.windows_cuda, "windows", ctx)
    steps.append(step(QT_TRANSLATE_NOOP("core", "Create a Python 3.10 conda environment with CUDA 11.2, cuDNN 8.1 and TensorFlow 2.10:"),
                      command=WINDOWS_TF210_CONDA, shell=Shell.POWERSHELL, url=links.TF_PIP))
    steps.append(step(QT_TRANSLATE_NOOP("core", "Install CUDA 11.2 and cuDNN 8.1 from NVIDIA, add their bin folders to PATH, "
                                                "and pip install \"tensorflow<2.11\" in a Python 3.7-3.10."),
                      url=links.CUDA_ARCHIVE, alternative=True))
    return Recommendation(route="windows-native-tf210", tf_version=native.build.version, gpu_supported=True if inp.cc else None,
                          python=native.python.executable if native.python else None, steps=steps,
                          title=TrText(QT_TRANSLATE_NOOP("core", "Use TensorFlow 2.10 on native Windows")),
                          detail=TrText(QT_TRANSLATE_NOOP("core", "This Windows cannot run WSL2 with GPU support (it needs Windows 10 "
                                                                  "build 19044 or Windows 11), so TensorFlow 2.10 is the newest "
                                                                  "version that can use the GPU here.")))


def _wsl_inside_steps(specs: list[str]) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Inside it, create a virtual environment and install TensorFlow:"), shell=Shell.BASH,
                 command=home_venv_install(specs), check="inside-wsl"),
            step(QT_TRANSLATE_NOOP("core", "Check it inside WSL:"), shell=Shell.BASH, check="inside-wsl",
                 command=home_venv_command(["-c", _VERIFY_CODE]))]


def _make_venv(python: str) -> str:
    """``PYTHON -m venv ~/tf`` (the ~/tf constant left unquoted so that bash expands it)."""
    return f"{command([python, '-m', 'venv'], Shell.BASH, bare_program=True)} {HOME_VENV}"


def _stock_python(pick: _Pick, os_name: str | None) -> bool:
    """WSL2 with no Python known: Ubuntu's own python3 will do when the release has wheels for every stock one."""
    stock = kb.stock_pythons("ubuntu")
    return not pick.python and os_name == "wsl" and bool(stock) and all(
        kb.python_has_wheel(pick.build.version, version, "linux") for version in stock.values())


def _python_steps(pick: _Pick, scanned: bool = True, os_name: str | None = None) -> list[FixStep]:
    """Make ~/tf with the picked interpreter; ``scanned``: say so when no Python the scan found fits. In WSL2
    with no Python known, Ubuntu's own python3 (3.10 on 22.04, 3.12 on 24.04) when the release has wheels for both."""
    stock = kb.stock_pythons("ubuntu")
    if _stock_python(pick, os_name):
        return [step(QT_TRANSLATE_NOOP("core", "Create a virtual environment with Ubuntu's own Python 3 ({pythons}; "
                                               "TensorFlow {tf} has wheels for each):"),
                     pythons=", ".join(f"{v} on {k.replace('ubuntu-', 'Ubuntu ')}" for k, v in sorted(stock.items())),
                     tf=pick.build.latest_patch, shell=Shell.BASH,
                     command=chain([command(["sudo", "apt", "update"], Shell.BASH),
                                    command(["sudo", "apt", "install", "-y", "python3-venv"], Shell.BASH),
                                    _make_venv("python3")], Shell.BASH))]
    if pick.python or not scanned:
        python = pick.python.executable if pick.python else f"python{pick.python_version}"
        return [step(QT_TRANSLATE_NOOP("core", "Create a virtual environment with Python {python}:"), python=pick.python_version,
                     command=_make_venv(python), shell=Shell.BASH, url=None if pick.python else links.PYTHON_DOWNLOADS)]
    return [step(QT_TRANSLATE_NOOP("core", "Install Python {python} (no Python here has TensorFlow wheels), then create a "
                                           "virtual environment with it:"), python=pick.python_version,
                 command=_make_venv(f"python{pick.python_version}"), shell=Shell.BASH, url=links.PYTHON_DOWNLOADS)]


def _driver_steps(inp: RouteInput, cuda: str | None, os_name: str, ctx: FixContext) -> list[FixStep]:
    if inp.first or not cuda or not inp.driver_version:
        return []
    minimum = kb.min_driver_any_minor(versions.major_text(cuda), os_name) or kb.min_driver(cuda, os_name)
    if not minimum or at_least(inp.driver_version, minimum):
        return []
    return [step(QT_TRANSLATE_NOOP("core", "Driver {driver} is too old for CUDA {cuda} (needs {minimum} or newer). Update it first:"),
                 driver=inp.driver_version, cuda=cuda, minimum=minimum), *driver_update(ctx)]


def _wsl2_possible(scan: Scan) -> bool:
    if scan.os.wsl_distros and any(d.version == 2 for d in scan.os.wsl_distros):
        return True
    build_text = scan.os.build or (scan.os.version or "").rpartition(".")[2]  # a build: "22631.3447" or "10.0.22631"
    match = re.match(r"(\d+)", build_text)
    build = int(match.group(1)) if match else None
    return build is None or build >= WSL2_MIN_WINDOWS10_BUILD


def _is_latest_for(build: kb.TfBuild, platform: str) -> bool:
    newest = kb.latest_tf(platform, None, gpu=True)
    return newest is None or newest.version == build.version


def _unsupported(inp: RouteInput, platform: str) -> Recommendation:
    """No TF build for this GPU: a per-architecture rule (Blackwell, Arm hosts) with its options, or too old."""
    newest = kb.latest_tf(platform, None, gpu=True)
    host = inp.os if inp.os in ("linux", "wsl", "windows") else None
    support = kb.gpu_support(newest.version, inp.cc, gpu_platform=gpu_platform(inp.gpu_name), host_os=host) if newest else None
    rule = support.rule if support is not None else None
    if rule is not None:
        return Recommendation(
            route="no-pypi-gpu-build", gpu_supported=False,
            title=TrText(QT_TRANSLATE_NOOP("core", "No TensorFlow release on PyPI runs on this GPU today")),
            detail=unsupported_gpu_detail(rule, inp.gpu_name, inp.cc),
            steps=list(inp.first) + unsupported_gpu_steps(rule, inp.os),
            notes=[TrText(QT_TRANSLATE_NOOP("core", "Knowledge base, rule {rule} ({status}): {text} Source: {source}"),
                          rule=rule.id, status=rule.status, text=rule.text, source=rule.source)]
                  + [TrText(QT_TRANSLATE_NOOP("core", "Option {option} ({status}): {text} Source: {source}"),
                            option=option.id, status=option.status, text=option.text, source=option.source)
                     for option in rule.options])
    shell = Shell.POWERSHELL if inp.os == "windows" else Shell.BASH
    return Recommendation(route="old-gpu", gpu_supported=False,
                          title=TrText(QT_TRANSLATE_NOOP("core", "No prebuilt TensorFlow runs on this GPU")),
                          detail=TrText(QT_TRANSLATE_NOOP("core", "Compute capability {cc} is below every TensorFlow build's "
                                                                  "minimum. TensorFlow still runs on the CPU."), cc=inp.cc or "?"),
                          steps=[step(QT_TRANSLATE_NOOP("core", "Install the CPU package:"), shell=shell, url=links.TF_PIP,
                                      command=command(["python", "-m", "pip", "install", "tensorflow"], shell, bare_program=True))])


def _jit_driver_notes(build: kb.TfBuild, inp: RouteInput, driver_os: str) -> list[TrText]:
    """A GPU that runs this build from its PTX (H100 on 2.16-2.21: compute_90) needs a driver whose JIT knows
    that PTX: the minimum driver of the build's CUDA (555 for 12.5), minor-version compatibility does not help."""
    if not inp.cc:
        return []
    support = kb.gpu_support(build.version, inp.cc, gpu_platform=gpu_platform(inp.gpu_name))
    driver = kb.min_driver(build.linux_cuda, driver_os) if build.linux_cuda else None
    if support.verdict != "ptx-jit" or not driver:
        return []
    return [TrText(QT_TRANSLATE_NOOP(
        "core", "Compute capability {cc} runs TensorFlow {tf} from its {arch} PTX, compiled by the driver: the driver "
                "must know the PTX of CUDA {cuda}, so use NVIDIA driver {driver} or newer (minor-version compatibility "
                "does not cover PTX)."), cc=inp.cc, tf=build.latest_patch, arch=support.arch or "?", cuda=build.linux_cuda,
        driver=driver)]


def _pin_notes(build: kb.TfBuild, cc: str | None, specs: list[str]) -> list[TrText]:
    """Why a pin was added to the [and-cuda] install (the cuDNN 9.11 cut-off), with its source."""
    notes = []
    for pin in specs[1:]:
        cutoff = kb.cudnn_floor_for(cc)
        notes.append(TrText(QT_TRANSLATE_NOOP(
            "core", "{pin} is added because cuDNN {floor} and newer no longer support compute capability {cc} (they need "
                    "{cc_below} or newer), and TensorFlow {tf}[and-cuda] would otherwise install the newest cuDNN 9. "
                    "Source: {source}"),
            pin=pin, floor=major_minor(cutoff.cudnn_min) if cutoff else "?", cc=cc or "?",
            cc_below=cutoff.cc_below if cutoff else "?", tf=build.version, source=cutoff.source if cutoff else ""))
    return notes


def _python_notes(inp: RouteInput, rec: Recommendation) -> list[TrText]:
    """A Python the user asked for that has no wheel of the recommended TensorFlow."""
    wanted, build = inp.wanted_python, kb.tf_build(rec.tf_version) if rec.tf_version else None
    platform = "windows" if rec.route == "windows-native-tf210" else "linux"
    if not wanted or build is None or kb.python_has_wheel(build.version, wanted, platform) is not False:
        return []
    pythons = build.wheel_pythons.get(platform, ())
    return [TrText(QT_TRANSLATE_NOOP("core", "TensorFlow {tf} publishes no wheel for Python {python} (it has wheels for "
                                             "Python {first} to {last}); the steps use Python {last}."),
                   tf=build.version, python=wanted, first=pythons[0] if pythons else "?", last=pythons[-1] if pythons else "?")]
