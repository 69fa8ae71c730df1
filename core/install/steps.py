"""The steps routes are made of, each with its exact argv, its shown command, and its check.

Every shown command is built from its argv by :mod:`tfgpu.core.shell`. Admin steps carry the
wrapper that runs them elevated (``run_argv``): an elevated PowerShell on Windows (the UAC prompt),
``pkexec`` (a graphical password prompt) or ``sudo -n`` on Linux, ``wsl -u root`` inside WSL.
"""

from __future__ import annotations

import base64

from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.install.model import Check, Step, StepKind
from tfgpu.core.shell import Shell, command, powershell_quote

#: TF before 2.18 was compiled against NumPy 1.x, and 2.10 does not say so in its requirements: pip would
#: pick NumPy 2 and the import would fail (the same pin as fixes.py's conda route).
NUMPY_FOR_OLD_TF = "numpy<2"
FIRST_NUMPY2_TF = "2.18"
PIP_TIMEOUT_S = 3 * 3600.0  # a 600 MB wheel on a slow line
CREATE_TIMEOUT_S = 1800.0
APT_TIMEOUT_S = 1800.0

# Runs under Python 2.7 and 3.x: where this interpreter installs, and whether PEP 668 forbids it.
GUARD_SCRIPT = (
    "import sys,os,json,sysconfig;p=sys.prefix;b=getattr(sys,'base_prefix',getattr(sys,'real_prefix',p));"
    "print(json.dumps({'tfgpu_guard':1,'prefix':p,'base_prefix':b,"
    "'conda':os.path.isdir(os.path.join(p,'conda-meta')),"
    "'externally_managed':os.path.isfile(os.path.join(sysconfig.get_path('stdlib'),'EXTERNALLY-MANAGED'))}))"
)


def _shown(argv: list[str], shell: Shell) -> str:
    return command(argv, shell, bare_program=True)


def check(argv: list[str], shell: Shell, expect: str | None = None) -> Check:
    return Check(argv=list(argv), command=_shown(argv, shell), expect=expect)


def run_step(step_id: str, title: TrText, why: TrText, argv: list[str], shell: Shell, **options) -> Step:
    return Step(step_id=step_id, title=title, why=why, argv=list(argv), command=_shown(argv, shell), shell=shell,
                **options)


# -- environments ---------------------------------------------------------------------------


def create_venv(base_python: str, target: str, python: str, shell: Shell, prefix: list[str] | None = None) -> Step:
    """``<base> -m venv <target>``; ``prefix`` runs it elsewhere (``wsl -d X --cd ~ --exec``)."""
    lead = list(prefix or [])
    return run_step(
        "create-venv",
        TrText(QT_TRANSLATE_NOOP("core", "Create a new virtual environment in {target}"), target=target),
        TrText(QT_TRANSLATE_NOOP("core", "TensorFlow goes into an environment of its own, so no Python you "
                                         "already use is changed, and removing it removes everything.")),
        [*lead, base_python, "-m", "venv", target], shell,
        check=check([*lead, python, "-c", "import sys; print(sys.prefix != sys.base_prefix)"], shell, "True"),
        timeout_s=CREATE_TIMEOUT_S, creates_env=True, guard_python=None)


def conda_create(conda: str, target: str, python: str, packages: list[str], shell: Shell) -> Step:
    argv = [conda, "create", "-p", target, "--override-channels", "-c", "conda-forge", "-y", *packages]
    return run_step(
        "conda-create",
        TrText(QT_TRANSLATE_NOOP("core", "Create a new conda environment in {target} with {packages}"),
               target=target, packages=" ".join(packages)),
        TrText(QT_TRANSLATE_NOOP("core", "conda brings the CUDA and cuDNN libraries this TensorFlow needs into the "
                                         "environment itself: nothing is installed system-wide. Only conda-forge is "
                                         "used, which needs no licence acceptance.")),
        argv, shell, check=check([python, "-c", "import sys; print(sys.version)"], shell),
        timeout_s=CREATE_TIMEOUT_S, creates_env=True)


def upgrade_pip(python: str, shell: Shell, prefix: list[str] | None = None, guard: bool = True) -> Step:
    lead = list(prefix or [])
    return run_step(
        "upgrade-pip",
        TrText(QT_TRANSLATE_NOOP("core", "Update pip inside the new environment")),
        TrText(QT_TRANSLATE_NOOP("core", "The pip that comes with Python can be too old to know the wheel tags "
                                         "TensorFlow is published with, and to report its progress.")),
        [*lead, python, "-m", "pip", "install", "--upgrade", "pip"], shell,
        check=check([*lead, python, "-m", "pip", "--version"], shell, "pip"),
        timeout_s=PIP_TIMEOUT_S, pip=True, guard_python=python if guard else None)


def pip_install(python: str, specs: list[str], dist: str, shell: Shell, *, raw_progress: bool,
                prefix: list[str] | None = None, guard: bool = True) -> Step:
    lead = list(prefix or [])
    progress = ["--progress-bar", "raw"] if raw_progress else []
    return run_step(
        "install-tensorflow",
        TrText(QT_TRANSLATE_NOOP("core", "Install {specs} into the new environment"), specs=" ".join(specs)),
        TrText(QT_TRANSLATE_NOOP("core", "pip downloads TensorFlow and what it needs from the package index "
                                         "(several hundred MB, more with the CUDA libraries).")),
        [*lead, python, "-m", "pip", "install", *progress, *specs], shell,
        check=check([*lead, python, "-m", "pip", "show", dist], shell, "Name:"),
        timeout_s=PIP_TIMEOUT_S, pip=True, guard_python=python if guard else None)


# -- admin ----------------------------------------------------------------------------------


def apt_install(packages: list[str], elevate: list[str] | None, prefix: list[str] | None = None) -> Step:
    """``sudo apt-get install -y ...`` (Linux) or ``wsl -d X -u root --exec apt-get ...`` (from Windows)."""
    inner = ["apt-get", "install", "-y", *packages]
    if prefix is not None:  # inside WSL as root: shown and run as is
        argv, run_argv, shell = [*prefix, *inner], None, Shell.POWERSHELL
    else:
        argv, shell = ["sudo", *inner], Shell.BASH
        run_argv = [*elevate, *inner] if elevate is not None else None
    return Step(
        step_id="install-venv-module",
        title=TrText(QT_TRANSLATE_NOOP("core", "Install {packages} (administrator rights)"), packages=" ".join(packages)),
        why=TrText(QT_TRANSLATE_NOOP("core", "This Python comes without its venv module (Debian and Ubuntu ship it "
                                             "separately); the system's package manager adds it.")),
        argv=argv, command=_shown(argv, shell), shell=shell, needs_admin=True, run_argv=run_argv,
        timeout_s=APT_TIMEOUT_S)


def apt_update(prefix: list[str] | None, elevate: list[str] | None) -> Step:
    inner = ["apt-get", "update"]
    if prefix is not None:
        argv, run_argv, shell = [*prefix, *inner], None, Shell.POWERSHELL
    else:
        argv, shell = ["sudo", *inner], Shell.BASH
        run_argv = [*elevate, *inner] if elevate is not None else None
    return Step(step_id="apt-update",
                title=TrText(QT_TRANSLATE_NOOP("core", "Refresh the package lists (administrator rights)")),
                why=TrText(QT_TRANSLATE_NOOP("core", "A new Ubuntu knows no packages until its lists are fetched.")),
                argv=argv, command=_shown(argv, shell), shell=shell, needs_admin=True, run_argv=run_argv,
                timeout_s=APT_TIMEOUT_S)


def elevated_powershell(argv: list[str]) -> list[str]:
    """A visible elevated PowerShell (the UAC prompt) that runs ``argv``, waits for Enter, and whose exit
    code becomes ours. The inner script travels base64-encoded, so no quoting layer can change it."""
    inner = (f"{_shown(argv, Shell.POWERSHELL)}; $code = $LASTEXITCODE; "
             "Read-Host 'Done. Press Enter to close this window'; exit $code")
    encoded = base64.b64encode(inner.encode("utf-16-le")).decode("ascii")
    outer = ("$p = Start-Process -FilePath 'powershell.exe' -Verb RunAs -Wait -PassThru -ArgumentList "
             f"'-NoProfile','-EncodedCommand',{powershell_quote(encoded)}; exit $p.ExitCode")
    return ["powershell.exe", "-NoProfile", "-NonInteractive", "-Command", outer]


def wsl_install(distro: str) -> Step:
    argv = ["wsl", "--install", "-d", distro]
    return Step(step_id="wsl-install",
                title=TrText(QT_TRANSLATE_NOOP("core", "Install WSL 2 with {distro} (administrator rights, then a restart)"),
                             distro=distro),
                why=TrText(QT_TRANSLATE_NOOP("core", "TensorFlow after 2.10 uses the GPU on Windows only inside WSL 2. "
                                                     "Windows asks for administrator rights, then needs a restart.")),
                argv=argv, command=_shown(argv, Shell.POWERSHELL), shell=Shell.POWERSHELL, needs_admin=True,
                needs_reboot=True, run_argv=elevated_powershell(argv), timeout_s=CREATE_TIMEOUT_S,
                url="https://learn.microsoft.com/windows/wsl/install")


def restart_step(distro: str) -> Step:
    return Step(step_id="restart", kind=StepKind.MANUAL, needs_reboot=True, shell=Shell.POWERSHELL,
                title=TrText(QT_TRANSLATE_NOOP("core", "Restart Windows")),
                why=TrText(QT_TRANSLATE_NOOP("core", "WSL is ready only after a restart. Then open TF GPU Assistant "
                                                     "again (or run tfgpu install): it goes on inside {distro}. If "
                                                     "{distro} asks for a user name and password, choose them first."),
                           distro=distro))


def manual_step(step_id: str, title: TrText, why: TrText, url: str | None = None) -> Step:
    return Step(step_id=step_id, kind=StepKind.MANUAL, title=title, why=why, url=url)
