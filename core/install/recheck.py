"""The re-check after an install: the machine probes and the new environment alone, diagnosed.

Only the new interpreter is queried and has the TF agent run in it, so the check takes the time of one
TensorFlow import, and its verdict speaks of that environment only. ``merge_env`` puts the result
into an earlier full scan (the app keeps showing every environment, the new one included).
"""

from __future__ import annotations

import datetime as _dt
import threading
import time
from collections.abc import Callable
from dataclasses import replace

from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.diagnosis.model import Diagnosis
from tfgpu.core.host import Host
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.install.model import Recheck
from tfgpu.core.install.store import same_path
from tfgpu.core.probes.base import ProbeResult, Status, safe_probe
from tfgpu.core.probes.pythons import probe_python
from tfgpu.core.probes.tensorflow import TF_PROBE_TIMEOUT_S, TfInfo, probe_tensorflow
from tfgpu.core.scan import PROBES, Scan, ScanOptions


def scan_env(host: Host, python: str, cancel: threading.Event | None = None,
             tf_timeout: float = TF_PROBE_TIMEOUT_S) -> Scan:
    """A scan whose only Python is ``python`` (with its TensorFlow checked)."""
    cancel = cancel or threading.Event()
    options = ScanOptions()
    started = time.monotonic()
    created = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    done: dict[str, ProbeResult] = {}
    for spec in PROBES:  # listed after the probes they need
        if spec.name == "pythons":
            done[spec.name] = probe_python(host, python, options.command_timeout)
        else:
            done[spec.name] = safe_probe(spec.factory, spec.run, host, done, options, options.command_timeout)
    for env in done["pythons"].envs:  # type: ignore[attr-defined]
        if env.status is Status.OK:
            env.tensorflow = safe_probe(_empty_tf(env.executable), probe_tensorflow, host, env.executable,
                                        timeout=tf_timeout, cancel=cancel)
    return Scan(created_at=created, duration_s=round(time.monotonic() - started, 3), cancelled=cancel.is_set(),
                **{spec.name: done[spec.name] for spec in PROBES})  # type: ignore[arg-type]


def _empty_tf(python: str) -> Callable[[], TfInfo]:
    return lambda: TfInfo(python=python)


def summarise(diagnosis: Diagnosis, python: str, gpu_wanted: bool = True) -> Recheck:
    verdict = diagnosis.envs[0] if diagnosis.envs else None
    if verdict is None:
        return Recheck(python=python, tf_version=None, gpu_ready=False, gpu_count=None,
                       headline=TrText(QT_TRANSLATE_NOOP("core", "The new environment's Python could not be run.")),
                       primary_finding=diagnosis.primary.id)
    if verdict.gpu_ready:
        headline = TrText(QT_TRANSLATE_NOOP("core", "TensorFlow {tf} is installed and uses the GPU."),
                          tf=verdict.tf_version or "?")
    elif verdict.tf_version and not gpu_wanted:
        headline = TrText(QT_TRANSLATE_NOOP("core", "TensorFlow {tf} is installed and runs on the processor."),
                          tf=verdict.tf_version)
    elif verdict.tf_version:
        headline = TrText(QT_TRANSLATE_NOOP("core", "TensorFlow {tf} is installed; it does not use a GPU: {reason}"),
                          tf=verdict.tf_version, reason=str(verdict.primary.title))
    else:
        headline = TrText(QT_TRANSLATE_NOOP("core", "TensorFlow was not found in the new environment: {reason}"),
                          reason=str(verdict.primary.title))
    return Recheck(python=verdict.python, tf_version=verdict.tf_version, gpu_ready=verdict.gpu_ready,
                   gpu_count=verdict.gpu_count, headline=headline, primary_finding=verdict.primary.id)


def recheck_env(host: Host, python: str, cancel: threading.Event | None = None,
                tf_timeout: float = TF_PROBE_TIMEOUT_S, gpu_wanted: bool = True) -> tuple[Recheck, Scan, Diagnosis]:
    scan = scan_env(host, python, cancel, tf_timeout)
    diagnosis = diagnose(scan)
    return summarise(diagnosis, python, gpu_wanted), scan, diagnosis


def merge_env(full: Scan | None, single: Scan) -> Scan:
    """``full`` with the environment of ``single`` added (or replacing the same interpreter's entry)."""
    if full is None:
        return single
    new = single.pythons.envs
    kept = [env for env in full.pythons.envs
            if not any(same_path(env.executable, other.executable) or (env.prefix and other.prefix
                                                                       and same_path(env.prefix, other.prefix))
                       for other in new)]
    pythons = replace(full.pythons, envs=[*kept, *new])
    if any(env.status is Status.OK for env in pythons.envs):
        pythons.status, pythons.reason = Status.OK, None
    return replace(full, pythons=pythons)
