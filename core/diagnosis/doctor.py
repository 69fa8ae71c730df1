"""``diagnose(scan)``: machine findings, one verdict per Python environment, a recommendation.

"GPU ready" is only ever what the TF agent measured: TF in that environment listed a GPU, and no
KB rule says its kernels cannot run there (Blackwell on a PyPI build, a cuDNN that dropped the GPU).
"""

from __future__ import annotations

import dataclasses
import logging
import traceback

from tfgpu.core.diagnosis.model import Diagnosis, EnvVerdict
from tfgpu.core.diagnosis.recommend import recommend
from tfgpu.core.diagnosis.rules_env import env_findings
from tfgpu.core.diagnosis.rules_machine import machine_findings
from tfgpu.core.findings.catalog import kb_version, make_finding, root_cause_order
from tfgpu.core.findings.model import Finding, Severity, ranked
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import Evidence, Status
from tfgpu.core.probes.cuda import CudaInfo
from tfgpu.core.probes.cudnn import CudnnInfo
from tfgpu.core.probes.os_info import OsInfo
from tfgpu.core.probes.pythons import PythonEnv, PythonsInfo
from tfgpu.core.probes.wsl import WslDistroScan, WslInfo
from tfgpu.core.scan import Scan

log = logging.getLogger(__name__)


def diagnose(scan: Scan) -> Diagnosis:
    """Never raises; fast (no I/O): everything comes from the scan."""
    version, date = kb_version()
    try:
        return _diagnose(scan, version, date)
    except Exception as exc:  # noqa: BLE001 - a rule bug must not take the app down
        log.exception("diagnosis failed")
        bug = make_finding("tool-error", TrText(QT_TRANSLATE_NOOP(
            "core", "The diagnosis itself failed ({error}); this is a bug in tfgpu. The scan is still valid."),
            error=f"{type(exc).__name__}: {exc}"), evidence=[Evidence("api", "diagnose", traceback.format_exc(limit=3))])
        return Diagnosis(kb_version=version, kb_date=date, primary=bug, machine=[bug])


def _diagnose(scan: Scan, version: str, date: str) -> Diagnosis:
    order = root_cause_order()
    machine = ranked(machine_findings(scan), order)
    envs = [verdict(scan, env, machine) for env in scan.pythons.envs] + wsl_verdicts(scan)
    envs.sort(key=_env_sort_key)
    ready = any(v.gpu_ready for v in envs)
    return Diagnosis(
        kb_version=version,
        kb_date=date,
        gpu_ready=ready,
        primary=_overall_primary(machine, envs),
        machine=machine,
        envs=envs,
        recommendation=recommend(scan, envs, machine),
    )


def verdict(scan: Scan, env: PythonEnv, machine: list[Finding]) -> EnvVerdict:
    findings = ranked(env_findings(scan, env, machine), root_cause_order())
    tf = env.tensorflow
    listed = bool(tf and tf.status == Status.OK and tf.gpu_count and tf.gpu_count > 0)
    ready = listed and any(f.id == "gpu-ok" for f in findings)  # listed, and no rule says its kernels cannot run
    if ready:
        primary = next(f for f in findings if f.id == "gpu-ok")
        findings = [primary] + [f for f in findings if f is not primary]
    else:
        findings = [f for f in findings if f.id != "gpu-ok"]  # never "ready" without a listed GPU
        primary = findings[0] if findings else make_finding("gpu-not-listed", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow listed no GPU here and no rule explains why.")), env=env.executable)
    return EnvVerdict(
        python=env.executable,
        label=env_label(env),
        tf_version=tf.version if tf else None,
        gpu_ready=ready,
        gpu_count=tf.gpu_count if tf else None,
        primary=primary,
        findings=findings,
    )


def wsl_verdicts(scan: Scan) -> list[EnvVerdict]:
    """Each Python inside a WSL 2 distro, judged as that Linux sees it (Windows' driver, /dev/dxg)."""
    verdicts = []
    for distro in scan.wsl.distros:
        view = distro_view(scan, distro)
        machine = ranked(machine_findings(view), root_cause_order())
        for env in distro.envs:
            if env.status is not Status.OK:
                continue
            judged = verdict(view, env, machine)
            judged.label = f"WSL {distro.name} · {judged.label}"
            judged.wsl_distro = distro.name
            verdicts.append(judged)
    return verdicts


def distro_view(scan: Scan, distro: WslDistroScan) -> Scan:
    """The scan as seen from inside ``distro``: Linux under WSL 2, the Windows driver, its own Pythons.
    Toolkits installed on Windows mean nothing there (tensorflow[and-cuda] brings its own)."""
    inside = OsInfo(system="Linux", name=f"WSL {distro.name}", is_wsl=True, wsl_version=2, wsl_gpu=distro.dev_dxg)
    return dataclasses.replace(scan, os=inside, cuda=CudaInfo(), cudnn=CudnnInfo(), pythons=PythonsInfo(envs=distro.envs),
                               wsl=WslInfo(status=Status.UNSUPPORTED, reason="inside-wsl"))


def env_label(env: PythonEnv) -> str:
    kind = f", {env.kind}" if env.kind and env.kind != "system" else ""
    return f"Python {env.version or '?'}{kind}: {env.executable}"


def _env_sort_key(v: EnvVerdict) -> tuple:
    """Ready first, then environments with TF, then the rest; the scan's order within each."""
    return (not v.gpu_ready, v.tf_version is None)


def _overall_primary(machine: list[Finding], envs: list[EnvVerdict]) -> Finding:
    ready = [v for v in envs if v.gpu_ready]
    if ready:
        return ready[0].primary
    with_tf = [v.primary for v in envs if v.tf_version or v.primary.id not in ("tf-not-installed", "tf-check-failed")]
    candidates = [f for f in machine if f.severity == Severity.ERROR] + with_tf
    if not candidates:
        candidates = [v.primary for v in envs] + machine
    if not candidates:
        return make_finding("tf-not-installed", TrText(QT_TRANSLATE_NOOP(
            "core", "No Python environment was found on this computer.")))
    return ranked(candidates, root_cause_order())[0]
