"""Running the profile agent on the user's script and building the :class:`ProfileRun`. Never raises.

The agent runs in the chosen Python with the script's own folder and arguments; a timeout or a
cancel kills it with everything it started (the host's process runner kills the whole tree).
While it runs, the monitor's sampler reads the GPU (utilisation, memory) and every step the agent
times is passed on as a live :class:`ProfileUpdate`.
"""

from __future__ import annotations

import json
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tfgpu.core.host import Host, RealHost
from tfgpu.core.host.agents import looks_too_old, run_agent
from tfgpu.core.profile import analysis
from tfgpu.core.profile.advice import build_advice
from tfgpu.core.profile.gpu_facts import GpuWatch, has_tensor_cores, mixed_precision_speedup
from tfgpu.core.profile.model import ProfileRun
from tfgpu.core.profile.saved_runs import new_run_id, trace_dir

AGENT_FILE = "profile.py"
DEFAULT_TIMEOUT_S = 600.0
OUTPUT_TAIL_CHARS = 4000


@dataclass(frozen=True)
class ProfileOptions:
    steps: int = 10
    warmup: int = 5
    timeout_s: float = DEFAULT_TIMEOUT_S
    full: bool = False
    trace_after_s: float = 15.0  # a script without fit is traced by time after this
    trace_seconds: float = 4.0
    sample_gpu: bool = True
    logdir: str | None = None  # where the trace goes (default: traces/<run id> in the data folder)


@dataclass(frozen=True)
class ProfileUpdate:
    """A live step. ``kind``: import, start, fit, step, trace, gpu, error, done."""

    kind: str
    step: int | None = None
    ms: float | None = None
    traced: bool = False
    gpu_util: float | None = None
    gpu_mem_mib: float | None = None
    message: str | None = None


UpdateCallback = Callable[[ProfileUpdate], None]
#: What a training script may be called (``.pyw``: a Windows script without a console).
SCRIPT_SUFFIXES = (".py", ".pyw")


def script_problem(script: str) -> str | None:
    """Why ``script`` cannot be profiled (missing, a folder, not a Python file), or None."""
    path = Path(script)
    if path.is_dir():
        return f"{script} is a folder: name the training script in it (a .py file)"
    if not path.is_file():
        return f"no file at {script}"
    if path.suffix.lower() not in SCRIPT_SUFFIXES:
        return f"{script} is not a Python script (.py): name the training script itself"
    return None


class _Events:
    """What the agent has said so far (fed line by line on the pump thread)."""

    def __init__(self, emit: Callable[..., None]) -> None:
        self.emit = emit
        self.start: dict[str, Any] | None = None
        self.fit: dict[str, Any] = {}
        self.result: dict[str, Any] | None = None
        self.done: dict[str, Any] | None = None
        self.errors: list[dict[str, Any]] = []
        self.steps: list[float] = []
        self.malformed = 0

    def feed(self, line: str) -> None:
        try:
            event = json.loads(line)
        except ValueError:
            self.malformed += 1
            return
        if not isinstance(event, dict):
            self.malformed += 1
            return
        kind = event.get("event")
        if kind == "progress":
            self.emit("import")
        elif kind == "start":
            self.start = event
            self.emit("start")
        elif kind == "fit":
            self.fit = event
            self.emit("fit")
        elif kind == "step" and isinstance(event.get("ms"), (int, float)):
            self.steps.append(float(event["ms"]))
            self.emit("step", step=event.get("step"), ms=float(event["ms"]), traced=bool(event.get("traced")))
        elif kind == "trace":
            self.emit("trace", message=str(event.get("phase")))
        elif kind == "result":
            self.result = event
        elif kind == "error":
            self.errors.append(event)
            self.emit("error", message=str(event.get("message") or event.get("code")))
        elif kind == "done":
            self.done = event


def run_profile(python: str, script: str, args: list[str] | tuple[str, ...] = (),
                options: ProfileOptions | None = None, *, host: Host | None = None,
                on_update: UpdateCallback | None = None, cancel: threading.Event | None = None,
                run_id: str | None = None) -> ProfileRun:
    """Profile ``script`` (a file the user chose) in ``python``."""
    options = options or ProfileOptions()
    host = host or RealHost()
    script = str(Path(script).resolve())  # the agent runs it from its own folder
    cancel = cancel or threading.Event()
    started = time.monotonic()
    run = ProfileRun(run_id=run_id or new_run_id(), created=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                     env=python, script=str(script), args=list(args))

    def emit(kind: str, **fields: Any) -> None:
        if on_update is not None:
            try:
                on_update(ProfileUpdate(kind=kind, **fields))
            except Exception:  # noqa: BLE001 - a faulty listener never stops the run
                pass

    problem = script_problem(script)
    if problem is not None:  # only a Python script the user named runs
        run.reason = problem
        return run
    events = _Events(emit)
    watch = GpuWatch(host, lambda util, mem: emit("gpu", gpu_util=util, gpu_mem_mib=mem)) if options.sample_gpu else None
    logdir = options.logdir or trace_dir(run.run_id)
    agent_args = ["--steps", str(options.steps), "--warmup", str(options.warmup),
                  "--trace-after", f"{options.trace_after_s:g}", "--trace-seconds", f"{options.trace_seconds:g}",
                  "--logdir", str(logdir), *(["--full"] if options.full else []), "--", str(script), *args]
    if watch is not None:
        watch.start()
    try:
        result = run_agent(host, python, AGENT_FILE, agent_args, timeout=options.timeout_s, cancel=cancel,
                           env_extra={"TF_CPP_MIN_LOG_LEVEL": host.env.get("TF_CPP_MIN_LOG_LEVEL", "1")},
                           on_stdout_line=events.feed)
    finally:
        gpu = watch.stop() if watch is not None else {}
    run.duration_s = round(time.monotonic() - started, 3)
    run.output_tail = result.stderr[-OUTPUT_TAIL_CHARS:]
    _fill(run, events, gpu)
    _status(run, events, result, options, cancel.is_set())
    emit("done", message=run.status)
    return run


def _fill(run: ProfileRun, events: _Events, gpu: dict[str, Any]) -> None:
    start, found = events.start or {}, events.result
    run.tf_version = (start.get("tf") or {}).get("version")
    run.step_times_ms = list(events.steps)
    run.steps_seen = len(events.steps)
    run.settings = {**{k: v for k, v in events.fit.items() if k != "event"},
                    **analysis.precision_and_xla(events.fit)}
    run.gpu = dict(gpu)
    if found is None:
        return
    run.mode, run.hint, run.logdir = found.get("mode"), found.get("hint"), found.get("logdir")
    run.converter = found.get("converter")
    seconds = found.get("trace_seconds")
    run.trace_seconds = round(float(seconds), 3) if isinstance(seconds, (int, float)) else None
    run.steps_traced = int(found.get("steps") or 0)
    run.traced_steps_ms = [float(t) for t in found.get("traced_step_ms") or []]
    timed = run.traced_steps_ms or [float(t) for t in found.get("window_ms") or []]
    run.step_ms = analysis.step_summary(timed)
    run.breakdown = analysis.breakdown(found.get("parts_ms") or {})
    run.bottleneck = analysis.bottleneck(run.breakdown)
    span = found.get("span_ms") or None
    run.top_ops = analysis.top_ops(found.get("top_ops") or [], span)
    run.cpu_ops = analysis.top_ops(found.get("cpu_ops") or [], span)
    run.retracing_warnings = int(found.get("retracing_warnings") or 0)
    run.gpu["used"] = bool(found.get("gpu_used"))
    run.gpu["devices"] = found.get("gpus") or []
    peaks = [m.get("peak_bytes") for m in found.get("gpu_memory") or [] if m.get("peak_bytes")]
    run.gpu["tf_peak_mib"] = round(max(peaks) / 2**20, 1) if peaks else None


def _status(run: ProfileRun, events: _Events, result, options: ProfileOptions, cancelled: bool) -> None:
    fatal = next((e for e in events.errors if e.get("fatal")), None)
    if cancelled and events.result is None:
        run.status, run.reason = "cancelled", "stopped before the trace was read"
    elif result.error:
        run.reason = f"{run.env}: {result.error}"
    elif result.timed_out and events.result is None:
        run.status = "timed-out"
        if fatal is not None and fatal.get("code") == "trace-failed":  # --full: the script ran on after it
            run.reason = (f"the trace could not start: {fatal.get('message')}; then the script ran past the "
                          f"{options.timeout_s:g} s limit")
        elif events.fit or run.steps_seen:
            run.reason = (f"the script ran past the {options.timeout_s:g} s limit before {options.warmup} warm-up "
                          f"and {options.steps} traced steps were done ({run.steps_seen} steps seen); raise --timeout")
        else:  # no Model.fit: the trace by time starts after trace_after_s
            run.reason = (f"the script ran past the {options.timeout_s:g} s limit without calling Model.fit, before "
                          f"the trace by time (from {options.trace_after_s:g} s to "
                          f"{options.trace_after_s + options.trace_seconds:g} s) was done; raise --timeout")
    elif events.start is None and events.done is None and looks_too_old(result.stderr, AGENT_FILE):
        run.reason = "this Python is too old for the profile agent (3.7 or newer)"
    elif events.result is not None and run.breakdown:
        run.status = "profiled"
        if run.hint and not run.steps_traced:
            run.reason = ("no Model.fit and no step markers: traced by time; mark each training step with: "
                          + run.hint)
        problem = (events.result or {}).get("converter_problem")
        if problem and not run.top_ops:
            run.reason = "; ".join(filter(None, [run.reason, f"no top ops: {problem}"]))
        failure = next((e for e in events.errors if e.get("code") in ("script-failed", "script-exit")), None)
        if failure is not None:  # --full: the script failed after the trace
            run.reason = f"after the trace the script failed: {failure.get('message')}"
    elif fatal is not None:
        run.reason = str(fatal.get("message") or fatal.get("code"))
        if fatal.get("traceback"):
            run.output_tail = str(fatal["traceback"])
    elif events.result is not None:
        run.reason = "the trace holds no training steps"
    else:
        run.reason = _ended_without_result(result)
    if run.status == "profiled":
        run.advice = build_advice(run, tensor_cores=has_tensor_cores(run.gpu.get("name")),
                                  mixed_speedup=mixed_precision_speedup(run.gpu.get("name")))


def _ended_without_result(result) -> str:
    """Why the script's Python stopped before the agent said anything more: a signal (a crash in
    native code, the out-of-memory killer), the script's own os._exit, then its last line of output."""
    code = result.returncode
    last = (result.stderr.strip().splitlines() or ["no output"])[-1]
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        why = f"the script's Python was killed by {name} (a crash in native code, or out of memory)"
    elif code:
        shown = f"{code} (0x{code & 0xFFFFFFFF:08X})" if abs(code) > 0xFFFF else str(code)  # Windows: an NTSTATUS
        why = f"the script's Python ended with exit code {shown} (the script exited by itself, or crashed)"
    else:
        why = "the script's Python ended without a result"
    return f"{why}; its last output: {last}"


def run_from_lines(lines: list[str], *, env: str, script: str, gpu: dict[str, Any] | None = None,
                   run_id: str | None = None) -> ProfileRun:
    """The run a recorded agent output gives (tests, and reading a saved agent log)."""
    from tfgpu.core.host import CommandResult

    run = ProfileRun(run_id=run_id or new_run_id(), created=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                     env=env, script=script)
    events = _Events(lambda *_args, **_fields: None)
    for line in lines:
        events.feed(line)
    _fill(run, events, dict(gpu or {}))
    _status(run, events, CommandResult(argv=(env,), returncode=0), ProfileOptions(), False)
    return run
