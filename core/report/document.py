"""The report document: one JSON object (``schema_version``) a helper can read top to bottom.

Sections (each always present, so a reader never guesses whether something was left out):
``app``, ``kb``, ``os``, ``summary`` (the verdict, GPUs, driver, toolkits, environments, the
benchmark headline), ``versions``, ``diagnosis`` (``tfgpu doctor --json``'s findings and
verdicts, its recommendation and ``next_steps`` when the diagnosis has them), ``bench`` (the
latest saved run), ``monitor`` (an excerpt, or a note why there is none), ``config_changes``,
``environment`` (allowlisted variables), ``scan`` (the whole scan) and ``redaction`` (on or off,
counts per kind). The formats (Markdown, HTML, text) are rendered from this document only, so
they can never show something the JSON does not hold, and a redacted document is redacted
everywhere.
"""

from __future__ import annotations

import datetime as _dt
import platform
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tfgpu.core.diagnosis.present import headline
from tfgpu.core.report.changes import config_changes
from tfgpu.core.report.environment import relevant_environment
from tfgpu.core.report.redact import Identity, Redactor
from tfgpu.core.version import __version__

REPORT_SCHEMA_VERSION = "1.0"
REPORT_KIND = "tfgpu.report"
APP_NAME = "TF GPU Assistant"


@dataclass
class ReportInputs:
    """What a report is made of; the CLI and the GUI each gather it their way."""

    scan: Any  # tfgpu.core.scan.Scan
    diagnosis: Any = None  # Diagnosis (legacy: without its checklist); the verdict is made from the scan when both are None
    verdict: Any = None  # core.diagnosis.verdict.Verdict: the one the app shows (the GUI passes its own)
    bench: Any = None  # the latest BenchRun, or None
    bench_note: str | None = None  # why there is no run ("no saved run", "left out: --no-bench")
    profile: Any = None  # the latest ProfileRun (tfgpu profile), or None
    profile_note: str | None = None
    monitor: dict[str, Any] | None = None  # an excerpt (monitor_excerpt)
    monitor_note: str | None = None
    changes: dict[str, Any] | None = None  # config_changes(); read when None
    env: Mapping[str, str] = field(default_factory=dict)
    raw: dict[str, str] = field(default_factory=dict)  # zip member -> text: raw outputs, logs
    frontend: str = "cli"  # "cli" or "gui"
    created_at: str = ""


@dataclass
class ExportBundle:
    """A finished document and its raw attachments, redacted or not."""

    document: dict[str, Any]
    raw: dict[str, str]
    redacted: bool
    counts: dict[str, int]

    @property
    def redaction_total(self) -> int:
        return sum(self.counts.values())


def now_iso() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


def build_document(inputs: ReportInputs) -> dict[str, Any]:
    """The unredacted document (pass it to :func:`prepare` before it leaves the app)."""
    from tfgpu.core.findings.catalog import kb_version

    scan = inputs.scan.to_dict()
    diagnosis = _diagnosis(inputs)
    kb, kb_date = kb_version()
    bench = _bench(inputs)
    return {
        "schema_version": REPORT_SCHEMA_VERSION,
        "kind": REPORT_KIND,
        "created_at": inputs.created_at or now_iso(),
        "app": {"name": APP_NAME, "version": __version__, "frontend": inputs.frontend,
                "python": platform.python_version(), "python_executable": sys.executable,
                "platform": platform.platform()},
        "kb": {"version": kb, "date": kb_date},
        "os": _os(scan),
        "summary": summarise(scan, diagnosis, bench),
        "versions": versions(scan),
        "diagnosis": diagnosis,
        "bench": bench,
        "profile": _profile(inputs),
        "monitor": inputs.monitor or {"note": inputs.monitor_note or "no monitor excerpt was asked for"},
        "config_changes": inputs.changes if inputs.changes is not None else config_changes(),
        "environment": relevant_environment(inputs.env).to_dict(),
        "scan": scan,
        "redaction": {"enabled": False, "counts": {}},
    }


def prepare(inputs: ReportInputs, redact: bool = True, identity: Identity | None = None) -> ExportBundle:
    """The document and raw attachments ready to write: redacted unless ``redact`` is False."""
    document = build_document(inputs)
    return finish(document, dict(inputs.raw), redact, identity)


def finish(document: dict[str, Any], raw: dict[str, str], redact: bool, identity: Identity | None) -> ExportBundle:
    """Redact a built document and its attachments together (one set of counts). URL credentials and
    terminal control characters go in every case (``--no-redact`` included)."""
    from tfgpu.core.report.redact import always_clean

    document = always_clean(document)
    raw = {always_clean(name): always_clean(text) for name, text in raw.items()}
    if not redact:
        document = dict(document, redaction={"enabled": False, "counts": {}})
        return ExportBundle(document, raw, False, {})
    redactor = Redactor(identity or Identity())
    redactor.remember_versions(document)
    clean = redactor.value({k: v for k, v in document.items() if k != "redaction"})
    clean_raw = {name: redactor.text(text) for name, text in raw.items()}
    counts = redactor.summary()
    clean["redaction"] = {"enabled": True, "counts": counts, "kinds": list(counts),
                          "note": "personal details are replaced by [kind]; export with --no-redact to keep them"}
    return ExportBundle(clean, clean_raw, True, counts)


# -- sections --------------------------------------------------------------------------------
def _diagnosis(inputs: ReportInputs) -> dict[str, Any]:
    """The diagnosis with the verdict's checklist (done steps marked) and the parts the route does not need."""
    if inputs.verdict is None and inputs.diagnosis is not None:
        return inputs.diagnosis.to_dict()
    verdict = inputs.verdict
    if verdict is None:
        from tfgpu.core.diagnosis.verdict import saved_benchmark_pythons, verdict_for

        verdict = verdict_for(inputs.scan, benchmarked=saved_benchmark_pythons())
    steps = verdict.to_dict()
    return dict(verdict.diagnosis.to_dict(), next_steps=steps["next_steps"], other_options=steps["other_options"],
                not_needed=steps["not_needed"], chosen_env=verdict.env)


def _bench(inputs: ReportInputs) -> dict[str, Any]:
    run = inputs.bench
    if run is None:
        return {"run": None, "headlines": [], "problems": [], "note": inputs.bench_note or "no saved benchmark run"}
    from tfgpu.core.bench.summary import headlines, problems

    return {"run": run.to_dict(), "headlines": [str(h) for h in headlines(run)],
            "problems": [str(p) for p in problems(run)], "note": inputs.bench_note}


def _profile(inputs: ReportInputs) -> dict[str, Any]:
    """The latest profile of the user's training, without its long lists."""
    run = inputs.profile
    if run is None:
        return {"run": None, "note": inputs.profile_note or "no saved profile"}
    data = run.document()
    for key in ("step_times_ms", "traced_steps_ms", "output_tail"):
        data.pop(key, None)
    return {"run": data, "note": inputs.profile_note}


def _os(scan: dict[str, Any]) -> dict[str, Any]:
    os_info = scan.get("os") or {}
    keys = ("system", "name", "version", "build", "display_version", "kernel", "architecture", "is_wsl",
            "wsl_version", "wsl_gpu", "wsl_installed", "wsl_distros", "status", "reason")
    return {key: os_info.get(key) for key in keys if key in os_info}


def summarise(scan: dict[str, Any], diagnosis: dict[str, Any], bench: dict[str, Any]) -> dict[str, Any]:
    """The few lines a helper reads first."""
    driver = scan.get("driver") or {}
    primary = diagnosis.get("primary") or {}
    envs = []
    for verdict in diagnosis.get("envs") or []:
        env_primary = verdict.get("primary") or {}
        envs.append({"label": verdict.get("label"), "python": verdict.get("python"),
                     "tf_version": verdict.get("tf_version"), "gpu_ready": verdict.get("gpu_ready"),
                     "gpu_count": verdict.get("gpu_count"), "primary": env_primary.get("id"),
                     "primary_title": env_primary.get("title")})
    run = bench.get("run") or {}
    return {
        "gpu_ready": bool(diagnosis.get("gpu_ready")),
        "verdict": headline(bool(diagnosis.get("gpu_ready"))),
        "primary": {"id": primary.get("id"), "severity": primary.get("severity"), "title": primary.get("title")},
        "gpus": [{"index": g.get("index"), "name": g.get("name"), "compute_capability": g.get("compute_capability"),
                  "memory_total_mib": g.get("memory_total_mib"), "driver_model": g.get("driver_model")}
                 for g in driver.get("gpus") or []],
        "driver": {"version": driver.get("driver_version"), "cuda_max": driver.get("cuda_driver_version"),
                   "status": driver.get("status"), "reason": driver.get("reason")},
        "cuda_toolkits": [{"version": t.get("version_full") or t.get("version"), "root": t.get("root"),
                           "on_path": t.get("bin_on_path")} for t in (scan.get("cuda") or {}).get("toolkits") or []],
        "cudnn": [{"version": c.get("version"), "location": c.get("location")}
                  for c in (scan.get("cudnn") or {}).get("installs") or []],
        "environments": envs,
        "bench": {"run_id": run.get("run_id"), "created": run.get("created"), "status": run.get("status"),
                  "headline": (bench.get("headlines") or [None])[0]} if run else None,
        "scan_cancelled": bool(scan.get("cancelled")),
    }


def versions(scan: dict[str, Any]) -> dict[str, Any]:
    """Every version a helper asks for, in one place (None: unknown)."""
    driver = scan.get("driver") or {}
    pythons = []
    for env in (scan.get("pythons") or {}).get("envs") or []:
        tf = env.get("tensorflow") or {}
        nvidia = {k: v for k, v in (tf.get("distributions") or {}).items()
                  if k.startswith(("nvidia-", "tensorflow", "keras", "tf-", "tf_"))}
        pythons.append({"python": env.get("executable"), "version": env.get("version"), "kind": env.get("kind"),
                        "tensorflow": tf.get("version"), "tf_cuda_build": tf.get("cuda_build_version"),
                        "tf_cudnn_build": tf.get("cudnn_build_version"), "packages": nvidia})
    return {
        "tfgpu": __version__,
        "driver": driver.get("driver_version"),
        "driver_cuda_max": driver.get("cuda_driver_version"),
        "nvml": driver.get("nvml_version"),
        "kernel_module": driver.get("kernel_module_version"),
        "cuda_toolkits": [t.get("version_full") or t.get("version")
                          for t in (scan.get("cuda") or {}).get("toolkits") or []],
        "cudnn": [c.get("version") for c in (scan.get("cudnn") or {}).get("installs") or []],
        "pythons": pythons,
    }
