"""Proving a memory setting by measurement: the memory agent runs twice in the target Python, without
and with the setting, and reports the GPU memory the process holds after a tiny op.

The answer (``tfgpu memory check --json``) is ``{"schema_version", "env", "gpu_available", "measured",
"reason"}``. ``measured`` is null unless both runs measured, on the same source; ``gpu_available`` is
false when TensorFlow listed no GPU, null when the agent could not tell (it crashed, timed out, TF is
missing). ``reason`` says why nothing was measured. No number is ever made up.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field

from tfgpu.core.configure.memory import check_value, option
from tfgpu.core.host import CommandResult, Host
from tfgpu.core.host.agents import agent_env, looks_too_old, run_agent
from tfgpu.core.probes.tf_logs import exit_words, parse_events, read_log

SCHEMA_VERSION = "1.0"
AGENT_FILE = "memory_probe.py"
AGENT_NAME = "memory_probe"
AGENT_PROTOCOL = 1
RUN_TIMEOUT_S = 120.0
MEMORY_VARIABLES = ("TF_FORCE_GPU_ALLOW_GROWTH", "TF_GPU_ALLOCATOR", "CUDA_VISIBLE_DEVICES")


@dataclass
class MemoryRun:
    """One agent run."""

    label: str  # "without" or "with"
    status: str  # measured, no-gpu, not-installed, import-failed, python-too-old, error, crashed, timeout...
    process_bytes: int | None = None
    source: str | None = None  # "nvml-process" or "tf-memory-info"
    tf_current_bytes: int | None = None
    tf_peak_bytes: int | None = None
    tf_version: str | None = None
    is_cuda_build: bool | None = None
    setting_error: str | None = None
    gpu_init_error: str | None = None  # TF's own words for giving up on the GPU
    error: str | None = None
    notes: list[str] = field(default_factory=list)
    duration_s: float = 0.0

    def to_dict(self) -> dict:
        return {"status": self.status, "process_bytes": self.process_bytes, "source": self.source,
                "tf_current_bytes": self.tf_current_bytes, "tf_peak_bytes": self.tf_peak_bytes,
                "setting_error": self.setting_error, "notes": self.notes}


@dataclass
class MemoryCheck:
    env: str
    mode: str
    value: str | None
    gpu_available: bool | None
    measured: dict | None
    reason: str | None
    runs: list[MemoryRun] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"schema_version": SCHEMA_VERSION, "env": self.env, "gpu_available": self.gpu_available,
                "measured": self.measured, "reason": self.reason}


def check_memory(host: Host, python: str, mode: str = "growth", value: str | None = None, *,
                 timeout: float = RUN_TIMEOUT_S, cancel: threading.Event | None = None) -> MemoryCheck:
    """Run the agent without, then with the setting; never raises."""
    try:
        value = check_value(mode, value)
    except ValueError as exc:
        return MemoryCheck(python, mode, value, None, None, str(exc))
    base_env, _ = agent_env(host, python, {"TF_CPP_MIN_LOG_LEVEL": "0"})
    variable = option(mode).variable
    without_env = {k: v for k, v in base_env.items() if k.upper() != (variable or "").upper()}
    without = _run(host, python, "without", ["--mode", "none"], without_env, timeout, cancel)
    check = MemoryCheck(python, mode, value, None, None, None, [without])
    if without.status != "measured":
        check.gpu_available = False if without.status == "no-gpu" else None
        check.reason = _reason(without, python)
        return check
    check.gpu_available = True
    args, with_env = ["--mode", "none"], dict(without_env)
    if mode == "limit":
        args = ["--mode", "limit", "--value", value or ""]
    elif mode == "growth":
        with_env["TF_FORCE_GPU_ALLOW_GROWTH"] = "true"
    elif mode == "async":
        with_env["TF_GPU_ALLOCATOR"] = "cuda_malloc_async"
    else:
        with_env["CUDA_VISIBLE_DEVICES"] = value or ""
    with_run = _run(host, python, "with", args, with_env, timeout, cancel)
    check.runs.append(with_run)
    if with_run.status != "measured":
        check.reason = "with the setting: " + _reason(with_run, python)
        return check
    setting = {"mode": mode, "value": value, "how": f"{variable}={with_env.get(variable or '', value)}" if variable
               else f"set_logical_device_configuration(memory_limit={value})"}
    measured: dict = {"setting": setting, "without": without.to_dict(), "with": with_run.to_dict(),
                      "source": None, "difference_bytes": None}
    if without.source == with_run.source and without.process_bytes is not None and with_run.process_bytes is not None:
        measured["source"] = without.source
        measured["difference_bytes"] = with_run.process_bytes - without.process_bytes
    else:
        check.reason = "the two runs measured with different sources, so they are not compared"
    check.measured = measured
    return check


def _run(host: Host, python: str, label: str, args: list[str], env: Mapping[str, str], timeout: float,
         cancel: threading.Event | None) -> MemoryRun:
    if cancel is not None and cancel.is_set():
        return MemoryRun(label, "cancelled", error="cancelled")
    result = run_agent(host, python, AGENT_FILE, args, timeout=timeout, env=env, cancel=cancel)
    run = interpret(label, result)
    run.duration_s = round(result.duration_s, 3)
    return run


def interpret(label: str, result: CommandResult) -> MemoryRun:
    """One finished agent run as a state (public for tests and replays)."""
    events, stray = parse_events(result.stdout)
    log = read_log(result.stderr, stray)
    hello = next((e for e in events if e.get("event") == "hello"), None)
    final = next((e for e in events if e.get("event") == "result"), None)
    run = MemoryRun(label, "error", gpu_init_error=log.gpu_init_error)
    if result.error:
        run.status, run.error = "not-python", result.error
        return run
    if final is None:
        if result.cancelled:
            run.status, run.error = "cancelled", "cancelled"
        elif result.timed_out:
            run.status, run.error = "timeout", f"no answer after {result.duration_s:.0f} s"
        elif hello is None and looks_too_old(result.stderr, AGENT_FILE):
            run.status, run.error = "python-too-old", "this Python is too old for the memory check (3.7 or newer)"
        else:
            last = result.stderr.strip().splitlines()[-1:] or [""]
            run.status, run.error = "crashed", f"{exit_words(result.returncode)} {last[0][:300]}".strip()
        return run
    if hello is not None and (hello.get("agent") != AGENT_NAME or hello.get("protocol") != AGENT_PROTOCOL):
        run.error = "the memory agent and tfgpu do not match; reinstall TF GPU Assistant"
        return run
    run.status = str(final.get("status") or "error")
    run.tf_version = final.get("tf_version") if isinstance(final.get("tf_version"), str) else None
    run.is_cuda_build = final.get("is_cuda_build") if isinstance(final.get("is_cuda_build"), bool) else None
    run.error = final.get("error") if isinstance(final.get("error"), str) else None
    errors = _dict(final.get("errors"))
    run.setting_error = errors.get("setting") if isinstance(errors.get("setting"), str) else None
    measurement = _dict(final.get("measurement"))
    run.source = measurement.get("source") if measurement.get("source") in ("nvml-process", "tf-memory-info") else None
    run.process_bytes = _int(measurement.get("process_bytes"))
    run.tf_current_bytes = _int(measurement.get("tf_current_bytes"))
    run.tf_peak_bytes = _int(measurement.get("tf_peak_bytes"))
    run.notes = [str(n) for n in measurement.get("notes") or [] if isinstance(n, str)]
    if run.status == "measured" and (run.source is None or run.process_bytes is None):
        run.status = "unmeasured"  # a GPU, but neither NVML nor TF would say how much it holds
    return run


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else None


def _reason(run: MemoryRun, python: str) -> str:
    tf = f"TensorFlow {run.tf_version}" if run.tf_version else "TensorFlow"
    if run.status == "no-gpu":
        if run.is_cuda_build is False:
            return f"{tf} in {python} is built without CUDA, so it lists no GPU; nothing was measured"
        why = f": {run.gpu_init_error}" if run.gpu_init_error else ""
        return f"{tf} in {python} lists no GPU{why}; nothing was measured"
    if run.status == "not-installed":
        return f"TensorFlow is not installed in {python}"
    if run.status == "import-failed":
        return f"importing TensorFlow in {python} failed: {run.error or 'unknown error'}"
    if run.status == "unmeasured":
        return f"{tf} uses the GPU, but neither NVML nor TensorFlow reports the memory this process holds " \
               f"({'; '.join(run.notes) or 'no detail'})"
    return f"the memory agent did not finish ({run.status}: {run.error or 'no detail'})"
