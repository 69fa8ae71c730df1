"""Routes -> ordered steps: what exactly runs to put TensorFlow into a new environment on this machine.

``plan_route(request, host)`` never changes anything: it reads the host (which Python, is conda
there, does this Python have its venv module) and returns a :class:`Plan`. A plan that cannot run
carries its reasons as findings (``problems``): conda missing, no Python with a wheel.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from tfgpu.core import kb
from tfgpu.core.findings import links
from tfgpu.core.host import Host, getenv, which
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.install import steps as S
from tfgpu.core.install.failures import conda_missing, no_python_for, refusal
from tfgpu.core.install.model import ROUTES, Plan, Step
from tfgpu.core.shell import Shell
from tfgpu.core.versions import at_least, major_minor

DEFAULT_DISTRO = "Ubuntu"
WSL_TARGET = "tfgpu-tf"  # in the WSL user's home folder
ENVS_FOLDER = "tfgpu-envs"  # default targets: <home>/tfgpu-envs/<name>
RAW_PROGRESS_PIP_PYTHON = "3.8"  # pip 24.1+ (``--progress-bar raw``) needs Python 3.8+
# Free space wanted before anything starts (measured: the cpu route's venv is 2.1 GB here; the CUDA
# wheels add about 3.5 GB; conda's cudatoolkit and cuDNN about 2 GB), with room for pip's download.
MIN_FREE_GB = {"cpu": 3.0, "gpu": 8.0, "conda": 6.0}
_GB = 1024 ** 3


@dataclass(kw_only=True)
class InstallRequest:
    """What to install where. Unknown values stay None and are looked up (or refused) when planning."""

    route: str
    target: str | None = None
    base_python: str | None = None  # the interpreter the venv is made from
    tf_version: str | None = None  # a KB build row ("2.21.0"); None: the route's default
    distro: str | None = None  # the WSL distribution
    compute_capability: str | None = None
    pythons: list[tuple[str, str]] = field(default_factory=list)  # (executable, major.minor) found by a scan
    resumed: bool = False
    notes: list[TrText] = field(default_factory=list)  # said with the plan (e.g. the driver comes first)


def plan_route(request: InstallRequest, host: Host) -> Plan:
    """The route's steps for this machine (never raises for a known route)."""
    if request.route not in ROUTES:
        raise ValueError(f"unknown route {request.route!r}; known: {', '.join(ROUTES)}")
    plan = _plan(request, host)
    plan.notes = [*request.notes, *plan.notes]
    return plan


def _plan(request: InstallRequest, host: Host) -> Plan:
    windows = host.platform.is_windows
    if request.route == "wsl2-setup":
        return _wsl_setup(request, host) if windows else _wrong_os(request, "Windows")
    if request.route == "windows-native-tf210":
        return _windows_conda(request, host) if windows else _wrong_os(request, "Windows")
    if request.route == "cpu":
        return _venv_route(request, host, gpu=False)
    if windows:  # linux-pip / wsl2-pip / old-gpu from Windows: inside WSL
        if request.route == "linux-pip":
            return _wrong_os(request, "Linux")
        return _wsl_pip(request, host)
    return _venv_route(request, host, gpu=True)


# -- venv routes (Linux, inside WSL, and cpu anywhere) -------------------------------------------


def _venv_route(request: InstallRequest, host: Host, gpu: bool) -> Plan:
    windows = host.platform.is_windows
    shell = Shell.POWERSHELL if windows else Shell.BASH
    build = _gpu_build(request) if gpu else None
    plan = Plan(route=request.route, target="", resumed=request.resumed)
    if gpu and build is None:
        plan.problems.append(refusal(TrText(QT_TRANSLATE_NOOP(
            "core", "No TensorFlow build is known to run on this GPU (compute capability {cc}); the cpu route "
                    "installs TensorFlow for the processor."), cc=request.compute_capability or "?")))
        return plan
    platform = "windows" if windows else "linux"
    base, version = _base_python(request, host, build.version if build else None, platform)
    plan.tf_version = build.version if build else None
    plan.target = request.target or _default_target(host, _target_name(request.route, build))
    plan.python = _venv_python(host, plan.target)
    if base is None:
        plan.problems.append(no_python_for(build.version if build else None, wheel_pythons(build, platform), platform))
        return plan
    wanted = wheel_pythons(build, platform)
    if version and wanted and version not in wanted:
        plan.notes.append(TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow publishes wheels for Python {wanted}, not {python}: pip will probably find none."),
            wanted=", ".join(wanted), python=version))
    plan.base_python, plan.python_version = base, version
    if build is None:
        specs, dist = ["tensorflow"], "tensorflow"
    elif build.and_cuda:
        specs, dist = [f"tensorflow[and-cuda]=={_series(build.version)}"], "tensorflow"
    else:
        specs, dist = [f"{build.gpu_package}=={_series(build.version)}"], build.gpu_package
    if build is not None and not at_least(build.version, S.FIRST_NUMPY2_TF):
        specs.append(S.NUMPY_FOR_OLD_TF)
    plan.tf_spec = " ".join(specs)
    plan.min_free_bytes = int(MIN_FREE_GB["gpu" if gpu else "cpu"] * _GB)
    plan.steps += _venv_module_steps(host, base, version)
    raw = bool(version) and at_least(version, RAW_PROGRESS_PIP_PYTHON)
    plan.steps += [S.create_venv(base, plan.target, plan.python, shell), S.upgrade_pip(plan.python, shell),
                   S.pip_install(plan.python, specs, dist, shell, raw_progress=raw)]
    if build is not None and not build.and_cuda:
        plan.steps.append(S.manual_step(
            "install-cuda", TrText(QT_TRANSLATE_NOOP("core", "Install CUDA {cuda} and cuDNN {cudnn} from NVIDIA"),
                                   cuda=build.linux_cuda or "?", cudnn=build.linux_cudnn or "?"),
            TrText(QT_TRANSLATE_NOOP("core", "This TensorFlow predates the pip CUDA packages: it loads the "
                                             "system's CUDA libraries.")), links.CUDA_ARCHIVE))
    if request.route == "old-gpu" and build is not None:
        plan.notes.append(TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow {tf} is the newest build with code for compute capability {cc}."),
            tf=build.version, cc=request.compute_capability or "?"))
    return plan


def _venv_module_steps(host: Host, base: str, version: str | None) -> list[Step]:
    """Debian/Ubuntu's system Python lacks ensurepip until python3.X-venv is installed (needs root)."""
    if host.platform.is_windows:
        return []
    result = host.run([base, "-c", "import ensurepip, venv"], 20.0)
    if result.ok or result.error or not which(host, "apt-get"):
        return []
    package = f"python{version}-venv" if version else "python3-venv"
    elevate = linux_elevation(host)
    return [S.apt_install([package], elevate)]


def linux_elevation(host: Host) -> list[str]:
    """How an admin step runs on Linux: as is for root, ``pkexec`` on a desktop (its own password
    dialog), else ``sudo -n`` (no prompt: it fails with a clear message unless sudo needs no password)."""
    if getenv(host, "USER") == "root" or (os.name == "posix" and hasattr(os, "geteuid") and os.geteuid() == 0
                                          and host.platform.home == os.path.expanduser("~")):
        return []
    if which(host, "pkexec") and (getenv(host, "DISPLAY") or getenv(host, "WAYLAND_DISPLAY")):
        return ["pkexec"]
    return ["sudo", "-n"]


# -- native Windows with conda -------------------------------------------------------------------


def _windows_conda(request: InstallRequest, host: Host) -> Plan:
    build = kb.tf_build(request.tf_version) if request.tf_version else None
    if build is None or not build.windows_gpu:
        build = kb.latest_tf("windows", None, gpu=True)  # the last native Windows GPU build
    if build is None:
        return _wrong_os(request, "Windows")
    plan = Plan(route=request.route, target=request.target or _default_target(host, f"tf{_mm(build.version)}-conda"),
                tf_version=build.version, resumed=request.resumed)
    plan.python = host.platform.pathmod.join(plan.target, "python.exe")
    plan.python_version = build.wheel_pythons.get("windows", ("3.10",))[-1]
    conda = _conda(host)
    if conda is None:
        plan.problems.append(conda_missing())
        return plan
    packages = [f"python={plan.python_version}", f"cudatoolkit={build.windows_cuda}", f"cudnn={build.windows_cudnn}"]
    specs = [f"tensorflow=={_series(build.version)}", S.NUMPY_FOR_OLD_TF]
    plan.base_python, plan.tf_spec = conda, " ".join(specs)
    plan.min_free_bytes = int(MIN_FREE_GB["conda"] * _GB)
    plan.steps = [S.conda_create(conda, plan.target, plan.python, packages, Shell.POWERSHELL),
                  S.upgrade_pip(plan.python, Shell.POWERSHELL),
                  S.pip_install(plan.python, specs, "tensorflow", Shell.POWERSHELL, raw_progress=True)]
    return plan


def _conda(host: Host) -> str | None:
    from tfgpu.core.probes.python_sources import conda_executable

    try:
        return conda_executable(host)
    except Exception:  # noqa: BLE001 - an odd install is "no conda found"
        return None


# -- WSL -------------------------------------------------------------------------------------


def _wsl_prefix(distro: str, user: str | None = None) -> list[str]:
    return ["wsl", "-d", distro, *(["-u", user] if user else []), "--cd", "~", "--exec"]


def _wsl_pip(request: InstallRequest, host: Host, *, after_setup: bool = False) -> Plan:
    distro = request.distro or DEFAULT_DISTRO
    build = _gpu_build(request)
    plan = Plan(route=request.route, target=request.target or WSL_TARGET, location=f"wsl:{distro}",
                resumed=request.resumed)
    if build is None:
        plan.problems.append(refusal(TrText(QT_TRANSLATE_NOOP(
            "core", "No TensorFlow build is known to run on this GPU (compute capability {cc})."),
            cc=request.compute_capability or "?")))
        return plan
    plan.tf_version = build.version
    plan.python = f"{plan.target}/bin/python"
    specs = [f"tensorflow[and-cuda]=={_series(build.version)}" if build.and_cuda
             else f"{build.gpu_package}=={_series(build.version)}"]
    plan.tf_spec = " ".join(specs)
    prefix = _wsl_prefix(distro)
    needs_venv = after_setup or not host.run([*prefix, "python3", "-c", "import ensurepip, venv"], 60.0).ok
    if needs_venv:
        root = _wsl_prefix(distro, "root")
        plan.steps += [S.apt_update(root, None), S.apt_install(["python3-venv"], None, root)]
    plan.steps += [S.create_venv("python3", plan.target, plan.python, Shell.POWERSHELL, prefix),
                   S.upgrade_pip(plan.python, Shell.POWERSHELL, prefix, guard=False),
                   S.pip_install(plan.python, specs, "tensorflow", Shell.POWERSHELL, raw_progress=True,
                                 prefix=prefix, guard=False)]
    plan.notes.append(TrText(QT_TRANSLATE_NOOP(
        "core", "Everything runs inside the WSL distribution {distro}; Windows itself is not changed. For the full "
                "check afterwards, run tfgpu doctor inside {distro}."), distro=distro))
    return plan


def _wsl_setup(request: InstallRequest, host: Host) -> Plan:
    distro = request.distro or DEFAULT_DISTRO
    after = _wsl_pip(InstallRequest(**{**request.__dict__, "route": "wsl2-pip", "distro": distro, "notes": []}),
                     host, after_setup=True)
    plan = Plan(route="wsl2-setup", target=after.target, location=after.location, python=after.python,
                tf_spec=after.tf_spec, tf_version=after.tf_version, problems=after.problems)
    plan.steps = [S.wsl_install(distro), S.restart_step(distro), *after.steps]
    plan.notes = [TrText(QT_TRANSLATE_NOOP("core", "The steps after the restart run when you come back; they are "
                                                   "shown now so you know what follows."))]
    return plan


# -- choosing -------------------------------------------------------------------------------


def _gpu_build(request: InstallRequest) -> kb.TfBuild | None:
    if request.tf_version:
        return kb.tf_build(request.tf_version)
    if request.route == "old-gpu" and request.compute_capability:
        last = kb.last_tf_for_cc(request.compute_capability)
        return kb.tf_build(last) if last else None
    return kb.latest_tf("linux", None, gpu=True)


def wheel_pythons(build: kb.TfBuild | None, platform: str) -> list[str]:
    if build is not None:
        return list(build.wheel_pythons.get(platform, ()))
    newest = kb.tf_builds()[0] if kb.tf_builds() else None
    return list(newest.wheel_pythons.get(platform, ())) if newest else []


def _base_python(request: InstallRequest, host: Host, tf_version: str | None, platform: str) -> tuple[str | None, str | None]:
    """The interpreter to make the venv from: the one asked for, else the newest found with a wheel."""
    if request.base_python:
        return request.base_python, python_version(host, request.base_python)
    candidates = request.pythons  # in the caller's order of preference (choose.py: newest first)
    wanted = wheel_pythons(kb.tf_build(tf_version) if tf_version else None, platform)
    for exe, version in candidates:
        if major_minor(version) in wanted:
            return exe, major_minor(version)
    return None, None


def python_version(host: Host, python: str) -> str | None:
    result = host.run([python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"], 20.0)
    return major_minor(result.stdout.strip()) if result.ok else None


def _venv_python(host: Host, target: str) -> str:
    join = host.platform.pathmod.join
    return join(target, "Scripts", "python.exe") if host.platform.is_windows else join(target, "bin", "python")


def _default_target(host: Host, name: str) -> str:
    """``<home>/tfgpu-envs/<name>``, with -2, -3... when that folder is taken."""
    base = host.platform.pathmod.join(host.platform.home, ENVS_FOLDER, name)
    candidate, number = base, 1
    while host.files.exists(candidate) and host.files.listdir(candidate):
        number += 1
        candidate = f"{base}-{number}"
    return candidate


def _target_name(route: str, build: kb.TfBuild | None) -> str:
    return "tf-cpu" if build is None else f"tf{_mm(build.version)}-{'gpu' if route != 'old-gpu' else 'old-gpu'}"


def _mm(version: str) -> str:
    return major_minor(version) or version


def _series(version: str) -> str:
    """``2.21.*``: the newest patch release of the build's minor version."""
    return f"{_mm(version)}.*"


def _wrong_os(request: InstallRequest, system: str) -> Plan:
    plan = Plan(route=request.route, target=request.target or "")
    plan.problems.append(refusal(TrText(QT_TRANSLATE_NOOP("core", "The route {route} is for {system} only."),
                                        route=request.route, system=system)))
    return plan
