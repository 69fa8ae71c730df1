"""Which route to carry out: the doctor's recommendation (its route, TF version and Python), a route
the user names, or the one that paused for a restart."""

from __future__ import annotations

from dataclasses import dataclass

from tfgpu.core.diagnosis.model import Diagnosis
from tfgpu.core.findings.model import Severity
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.install.model import ROUTES
from tfgpu.core.install.routes import InstallRequest
from tfgpu.core.install.store import PendingRoute
from tfgpu.core.probes.base import Status
from tfgpu.core.scan import Scan
from tfgpu.core.versions import major_minor, sort_key

#: The doctor's route names -> install routes ("ready" has nothing to install).
FROM_RECOMMENDATION = {"linux-pip": "linux-pip", "wsl2-pip": "wsl2-pip", "wsl2-setup": "wsl2-setup",
                       "windows-native-tf210": "windows-native-tf210", "old-gpu": "old-gpu", "no-nvidia-gpu": "cpu"}


@dataclass
class Choice:
    request: InstallRequest | None
    reason: TrText | None = None  # why there is nothing to do (request None), or a note on the choice


def choose(scan: Scan | None, diagnosis: Diagnosis | None, *, route: str | None = None, target: str | None = None,
           base_python: str | None = None, pending: PendingRoute | None = None) -> Choice:
    """The request to plan. ``route`` None: the pending route, else the recommendation's."""
    if pending is not None and route in (None, pending.route):
        return Choice(InstallRequest(route=pending.route, target=target or pending.target, distro=pending.distro,
                                     tf_version=pending.tf_version, base_python=base_python, resumed=True,
                                     pythons=_pythons(scan)),
                      TrText(QT_TRANSLATE_NOOP("core", "Going on after the restart: {route}."), route=pending.route))
    rec = diagnosis.recommendation if diagnosis is not None else None
    note = None
    if route is None:
        if rec is None:
            return Choice(None, TrText(QT_TRANSLATE_NOOP("core", "The doctor has no recommendation; name a route.")))
        if rec.route == "ready":
            return Choice(None, TrText(QT_TRANSLATE_NOOP("core", "Nothing to install: TensorFlow {tf} already uses "
                                                                 "your GPU in {python}."),
                                       tf=rec.tf_version or "?", python=rec.python or "?"))
        route = FROM_RECOMMENDATION.get(rec.route)
        if route is None:
            return Choice(None, TrText(QT_TRANSLATE_NOOP("core", "The recommendation ({route}) is not something tfgpu "
                                                                 "can install; follow its steps."), route=rec.route))
        if route == "old-gpu" and not rec.tf_version:
            route, note = "cpu", TrText(QT_TRANSLATE_NOOP("core", "No TensorFlow build runs on this GPU: installing "
                                                                  "TensorFlow for the processor."))
    if route not in ROUTES:
        return Choice(None, TrText(QT_TRANSLATE_NOOP("core", "Unknown route {route}."), route=route))
    follows = rec is not None and FROM_RECOMMENDATION.get(rec.route) == route
    request = InstallRequest(route=route, target=target, base_python=base_python,
                             tf_version=rec.tf_version if follows and rec is not None else None,
                             distro=_distro(scan), compute_capability=_compute_capability(scan),
                             pythons=_pythons(scan))
    if follows and rec is not None and not base_python and rec.python:
        request.pythons.insert(0, (rec.python, major_minor(_version_of(scan, rec.python)) or ""))
    if route != "cpu" and diagnosis is not None:
        request.notes += _machine_first(diagnosis)
    return Choice(request, note)


def _machine_first(diagnosis: Diagnosis) -> list[TrText]:
    """What this machine needs besides TensorFlow (a driver above all): installing goes on, the GPU waits."""
    blockers = [f for f in diagnosis.machine if f.severity is Severity.ERROR]
    return [TrText(QT_TRANSLATE_NOOP("core", "The GPU needs this too, by hand (see the Diagnosis): {title}. "
                                             "TensorFlow can be installed now all the same."), title=str(b.title))
            for b in blockers[:1]]


def _pythons(scan: Scan | None) -> list[tuple[str, str]]:
    """(executable, major.minor) of every 64-bit Python that answered, newest first, system ones first."""
    if scan is None:
        return []
    usable = [env for env in scan.pythons.envs
              if env.status is Status.OK and env.version and env.bits != 32 and major_minor(env.version)]
    usable.sort(key=lambda env: (sort_key(major_minor(env.version)), env.kind in ("system", "pyenv")), reverse=True)
    return [(env.executable, major_minor(env.version) or "") for env in usable]


def _version_of(scan: Scan | None, executable: str) -> str | None:
    if scan is None:
        return None
    env = next((e for e in scan.pythons.envs if e.executable == executable), None)
    return env.version if env else None


def _distro(scan: Scan | None) -> str | None:
    if scan is None:
        return None
    distros = [d for d in scan.os.wsl_distros if d.version == 2]
    default = next((d for d in distros if d.default), None)
    return (default or distros[0]).name if distros else None


def _compute_capability(scan: Scan | None) -> str | None:
    if scan is None:
        return None
    from tfgpu.core import kb

    for gpu in scan.driver.gpus:
        if gpu.compute_capability:
            return gpu.compute_capability
        spec = kb.gpu_spec(gpu.name) if gpu.name else None
        if spec and spec.cc:
            return spec.cc
    return None
