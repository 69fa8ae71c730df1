"""A real two-worker MultiWorkerMirroredStrategy job on loopback: do the workers meet, does the
all-reduce work, how long does a step take?

Two ``cluster_worker`` agents run inside the chosen Python on two loopback ports picked free at run
time (nothing but 127.0.0.1 is ever contacted). Each has a time limit; a cancel, a timeout or one
worker dying ends both, and nothing is left running. Never raises: every way it can end is a
:class:`SmokeResult` with its findings.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tfgpu.core.findings.catalog import make_finding
from tfgpu.core.findings.model import Finding
from tfgpu.core.host import CommandResult, Host, RealHost
from tfgpu.core.host.agents import agent_env, run_agent
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import Evidence

AGENT_FILE = "cluster_worker.py"
WORKERS = 2
SMOKE_TIMEOUT_S = 300.0  # TF's import alone can take a minute on a busy machine


@dataclass
class WorkerReport:
    index: int
    stage: str | None = None  # the last stage it reached: import, meet, train
    met_s: float | None = None
    step_ms: float | None = None  # median of the timed steps
    reduced: list[float] = field(default_factory=list)
    expected: float | None = None
    collective: str | None = None
    tf_version: str | None = None
    error: str | None = None
    exit: str = ""


@dataclass
class SmokeResult:
    ok: bool
    all_reduce_ok: bool
    python: str
    duration_s: float
    workers: list[WorkerReport] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    cancelled: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "all_reduce_ok": self.all_reduce_ok, "python": self.python,
                "duration_s": round(self.duration_s, 3), "cancelled": self.cancelled,
                "workers": [vars(w) for w in self.workers], "findings": [f.to_dict() for f in self.findings]}


PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "grpc_proxy")
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


def loopback_env(env: Mapping[str, str]) -> dict[str, str]:
    """``env`` for a job that must stay on loopback: gRPC honours ``http(s)_proxy`` (and ``grpc_proxy``),
    so every proxy variable goes, and ``NO_PROXY``/``no_proxy`` name the loopback hosts for good measure."""
    out = {k: v for k, v in env.items() if k.lower() not in PROXY_VARIABLES}
    for name in ("NO_PROXY", "no_proxy", "no_grpc_proxy"):
        present = [h.strip() for h in out.get(name, "").split(",") if h.strip()]
        out[name] = ",".join(present + [h for h in LOOPBACK_HOSTS if h not in present])
    return out


def free_loopback_ports(count: int) -> list[int]:
    """Ports free on 127.0.0.1 right now (held open together so they differ, then released)."""
    sockets = [socket.socket(socket.AF_INET, socket.SOCK_STREAM) for _ in range(count)]
    try:
        for sock in sockets:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def run_smoke(python: str, *, host: Host | None = None, steps: int = 5, timeout: float = SMOKE_TIMEOUT_S,
              cancel: threading.Event | None = None) -> SmokeResult:
    """Run the two-worker job in ``python``; both workers end with it, however it ends."""
    host = host or RealHost()
    cancel = cancel or threading.Event()
    stop = threading.Event()  # one worker's failure, or the caller's cancel, ends both
    ports = free_loopback_ports(WORKERS)
    results: list[CommandResult | None] = [None] * WORKERS
    started = time.monotonic()

    def on_line(line: str) -> None:
        if '"event": "error"' in line:
            stop.set()  # a worker that failed leaves the other waiting for it: end both

    def worker(index: int) -> None:
        args = ["--index", str(index), "--ports", ",".join(map(str, ports)), "--steps", str(steps)]
        env, _ = agent_env(host, python, {"TF_CPP_MIN_LOG_LEVEL": "2"})
        result = run_agent(host, python, AGENT_FILE, args, timeout=timeout, cancel=stop, env=loopback_env(env),
                           on_stdout_line=on_line)
        results[index] = result
        if result.returncode != 0 and not result.cancelled:
            stop.set()  # it crashed

    threads = [threading.Thread(target=worker, args=(i,), name=f"tfgpu-cluster-{i}", daemon=True)
               for i in range(WORKERS)]
    for thread in threads:
        thread.start()
    while any(t.is_alive() for t in threads):
        if cancel.is_set():
            stop.set()
        for thread in threads:
            thread.join(0.1)
    reports = [_read(i, results[i]) for i in range(WORKERS)]
    return _judge(python, reports, time.monotonic() - started, cancel.is_set(), timeout)


def _read(index: int, result: CommandResult | None) -> WorkerReport:
    report = WorkerReport(index=index)
    if result is None:
        report.error = "the worker did not run"
        return report
    report.exit = result.describe()
    for line in result.stdout.splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if not isinstance(event, dict):
            continue
        kind = event.get("event")
        if kind == "stage":
            report.stage = str(event.get("name"))
        elif kind == "result":
            steps = [float(s) for s in event.get("step_s") or [] if isinstance(s, (int, float))]
            report.met_s = _number(event.get("met_s"))
            report.step_ms = round(sorted(steps)[len(steps) // 2] * 1000, 3) if steps else None
            report.reduced = [float(v) for v in event.get("reduced") or [] if isinstance(v, (int, float))]
            report.expected = _number(event.get("expected"))
            report.collective = str(event.get("collective") or "") or None
            report.tf_version = str(event.get("tf_version") or "") or None
        elif kind == "error":
            report.error = str(event.get("message") or "")[:2000]
    if report.error is None and report.met_s is None:
        report.error = result.error or (result.stderr.strip().splitlines() or [report.exit])[-1][:2000]
    return report


def _judge(python: str, reports: list[WorkerReport], duration: float, cancelled: bool,
           timeout: float) -> SmokeResult:
    all_reduce_ok = all(r.reduced and r.expected is not None and all(abs(v - r.expected) < 1e-6 for v in r.reduced)
                        for r in reports)
    result = SmokeResult(ok=all_reduce_ok and not cancelled, all_reduce_ok=all_reduce_ok, python=python,
                         duration_s=duration, workers=reports, cancelled=cancelled)
    if result.ok or cancelled:
        return result
    errors = " | ".join(f"worker {r.index}: {r.error}" for r in reports if r.error)
    evidence = [Evidence("agent", f"worker {r.index}", r.exit) for r in reports]
    if any("address already in use" in (r.error or "").lower() or "could not start grpc server" in (r.error or "").lower()
           for r in reports):
        finding = make_finding("port-in-use", TrText(QT_TRANSLATE_NOOP(
            "core", "A worker could not listen on its loopback port (another program took it first). Run the "
            "check again: it picks new free ports.")), evidence=evidence, facts={"errors": errors})
    elif any(r.stage == "meet" for r in reports) or duration >= timeout:
        finding = make_finding("collective-timeout", TrText(QT_TRANSLATE_NOOP(
            "core", "The two workers on this machine did not finish meeting and training within {seconds} s: {errors}"),
            seconds=round(timeout), errors=errors[:400] or "no answer"), evidence=evidence, facts={"errors": errors})
    else:
        finding = make_finding("tf-check-failed", TrText(QT_TRANSLATE_NOOP(
            "core", "The two-worker test did not complete: {errors}"), errors=errors[:400] or "no answer"),
            evidence=evidence, facts={"errors": errors})
    result.findings.append(finding)
    return result


def _number(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None
