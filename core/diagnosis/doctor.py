"""``diagnose(scan)``: machine findings, one verdict per Python environment, a recommendation.

"GPU ready" is only ever what the TF agent measured: TF in that environment listed a GPU, and no
KB rule says its kernels cannot run there (Blackwell on a PyPI build, a cuDNN that dropped the GPU).
"""

from __future__ import annotations

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
from tfgpu.core.probes.pythons import PythonEnv
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
    envs = [verdict(scan, env, machine) for env in scan.pythons.envs]
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
