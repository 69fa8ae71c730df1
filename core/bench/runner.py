"""Running the bench agent inside a Python environment and building the :class:`BenchRun`.

The agent streams events; this module turns them into live :class:`BenchUpdate`s and the
final document. It owns the agent's life: a user cancel kills it (and its children) within
a fraction of a second, a suite that runs past its time limit is killed and the agent is
started again for the suites left, and a crash keeps what the agent had already sent.
Never raises: every way a run can end is a :class:`RunStatus` with its :class:`RunError`s.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from tfgpu.core import kb
from tfgpu.core.bench import events as ev
from tfgpu.core.bench.model import (
    BenchRun,
    BenchTest,
    RunError,
    RunStatus,
    test_label,
)
from tfgpu.core.bench.peaks import apply_peaks, cpu_facts
from tfgpu.core.bench.saved_runs import new_run_id
from tfgpu.core.bench.suites import SUITES
from tfgpu.core.bench.words import test_words
from tfgpu.core.host import CommandResult, Host, RealHost
from tfgpu.core.host.agents import looks_too_old, run_agent
from tfgpu.core.i18n import TrText
from tfgpu.core.probes.tf_logs import exit_words, last_line
from tfgpu.core.version import __version__

IMPORT_TIMEOUT_S = 180.0
AGENT_FILE = "bench.py"
SUITE_LIMIT_QUICK_S = 60.0
SUITE_LIMIT_FULL_S = 300.0
#: The agent skips a suite's later tests once the suite has used its limit, but only between
#: tests; the runner kills it when a test runs on well past that (a hang).
HARD_LIMIT_FACTOR, HARD_LIMIT_MARGIN_S = 1.5, 30.0
WATCH_INTERVAL_S = 0.05

UpdateCallback = Callable[["BenchUpdate"], None]


@dataclass(frozen=True)
class BenchOptions:
    quick: bool = True
    suites: tuple[str, ...] = SUITES
    device: str = "both"  # both, gpu, cpu
    max_elements: int | None = None  # caps tensor sizes (simulates running out of memory)
    suite_time_limit_s: float | None = None  # None: by mode
    import_timeout_s: float = IMPORT_TIMEOUT_S
    hard_margin_s: float = HARD_LIMIT_MARGIN_S  # added to 1.5x the suite limit before a kill
    agent_args: tuple[str, ...] = ()  # passed through to the agent (tests: tiny sizes)

    @property
    def suite_limit(self) -> float:
        """The agent's own limit per suite: it skips the suite's later tests after it."""
        if self.suite_time_limit_s is not None:
            return self.suite_time_limit_s
        return SUITE_LIMIT_QUICK_S if self.quick else SUITE_LIMIT_FULL_S

    @property
    def hard_suite_limit(self) -> float:
        """When the runner kills the agent: a suite whose current test never ends."""
        return self.suite_limit * HARD_LIMIT_FACTOR + self.hard_margin_s

    def config(self) -> dict:
        return {"quick": self.quick, "suites": list(self.suites), "device": self.device,
                "max_elements": self.max_elements, "suite_time_limit_s": self.suite_limit}


@dataclass(frozen=True)
class BenchUpdate:
    """A live step. ``kind``: import, start, test, result, error, restart, done."""

    kind: str
    fraction: float  # 0..1 of the planned tests
    test_id: str | None = None
    label: str | None = None  # "matmul float32 n=1024", on "test"
    words: TrText | None = None  # the same in words ("Matrix multiply, 1024×1024 numbers, float32"), on "test"
    device: str | None = None  # "gpu" or "cpu", on "test"
    index: int | None = None
    total: int | None = None
    test: BenchTest | None = None  # on "result" (and on "error" for a test)
    error: RunError | None = None


@dataclass
class _AgentState:
    """What one agent run has said so far (written by the stdout pump, read by the watchdog)."""

    reader: ev.EventReader = field(default_factory=ev.EventReader)
    started: ev.Started | None = None
    done: ev.Done | None = None
    suite: str | None = None
    test: str | None = None
    deadline: float = 0.0
    killed_for_time: bool = False
    lock: threading.Lock = field(default_factory=threading.Lock)


class _Session:
    """One benchmark: possibly several agent runs (after a time-limit kill or a crash)."""

    def __init__(self, host: Host, python: str, options: BenchOptions, on_update: UpdateCallback | None,
                 cancel: threading.Event) -> None:
        self.host, self.python, self.options = host, python, options
        self.on_update, self.cancel = on_update, cancel
        self.run = BenchRun(run_id=new_run_id(), created=_utc_now(), python=python, config=options.config(),
                            tfgpu_version=__version__, kb_version=kb.kb_meta().get("kb_version"))
        self.planned: dict[str, ev.PlannedTest] = {}
        self.finished: set[str] = set()
        self.fatal = False
        self.cancelled = False
        self.incomplete = False

    # -- live updates --------------------------------------------------------
    def _fraction(self) -> float:
        return len(self.finished) / len(self.planned) if self.planned else 0.0

    def _emit(self, kind: str, **fields: object) -> None:
        if self.on_update is not None:
            try:
                self.on_update(BenchUpdate(kind=kind, fraction=self._fraction(), **fields))  # type: ignore[arg-type]
            except Exception:  # noqa: BLE001 - a faulty listener must not stop the run
                pass

    def _add_test(self, test: BenchTest) -> None:
        if test.id in self.finished:
            return
        self.finished.add(test.id)
        self.run.tests.append(test)

    def _fail_test(self, planned: ev.PlannedTest, code: str, message: str) -> BenchTest:
        test = BenchTest(id=planned.id, suite=planned.suite, device=planned.device, dtype=planned.dtype,
                         params=dict(planned.params), error_code=code, error=message)
        self._add_test(test)
        return test

    # -- events (on the pump thread) -----------------------------------------
    def on_line(self, state: _AgentState, line: str) -> None:
        event = state.reader.feed(line)
        if event is None:
            return
        with state.lock:
            self._handle(state, event)

    def _handle(self, state: _AgentState, event: ev.AgentEvent) -> None:
        now = time.monotonic()
        if isinstance(event, ev.ImportStarted):
            self._emit("import")
        elif isinstance(event, ev.Started):
            state.started = event
            for planned in event.plan:
                self.planned.setdefault(planned.id, planned)
            state.deadline = now + self.options.hard_suite_limit
            self._emit("start", total=len(self.planned))
        elif isinstance(event, ev.TestStarted):
            found = self.planned.get(event.test)
            suite = found.suite if found else event.test.split("/", 1)[0]
            if suite != state.suite:
                state.suite, state.deadline = suite, now + self.options.hard_suite_limit
            state.test = event.test
            self._emit("test", test_id=event.test, index=len(self.finished), total=len(self.planned),
                       label=test_label(found.suite, found.dtype, found.params) if found else event.test,
                       words=test_words(found.suite, found.dtype, found.params) if found else None,
                       device=found.device if found else None)
        elif isinstance(event, ev.TestFinished):
            self._add_test(event.test)
            self._emit("result", test_id=event.test.id, test=event.test)
        elif isinstance(event, ev.AgentError):
            self._on_error(event.error)
        elif isinstance(event, ev.Done):
            state.done = event

    def _on_error(self, error: RunError) -> None:
        planned = self.planned.get(error.test or "")
        if planned is not None:
            test = self._fail_test(planned, error.code, error.message)
            self._emit("error", test_id=planned.id, test=test, error=error)
            return
        if error.code == "gpu-unavailable":
            self.run.gpu_unavailable = error
        else:
            self.run.errors.append(error)
            self.fatal = self.fatal or error.fatal
            for test_id, planned in self.planned.items():  # a suite-wide error ("needs a GPU")
                if error.suite and planned.suite == error.suite and test_id not in self.finished:
                    self._fail_test(planned, error.code, error.message)
        self._emit("error", error=error)

    # -- the watchdog ----------------------------------------------------------
    def watch(self, state: _AgentState, kill: threading.Event, stop: threading.Event) -> None:
        while not stop.wait(WATCH_INTERVAL_S):
            if self.cancel.is_set():
                kill.set()
                return
            with state.lock:
                if state.done is None and time.monotonic() > state.deadline:
                    state.killed_for_time = True
                    kill.set()
                    return

    # -- one agent run -----------------------------------------------------------
    def run_agent(self, suites: list[str]) -> _AgentState:
        state = _AgentState(deadline=time.monotonic() + self.options.import_timeout_s)
        kill, stop = threading.Event(), threading.Event()
        watchdog = threading.Thread(target=self.watch, args=(state, kill, stop), name="tfgpu-bench-watch",
                                    daemon=True)
        watchdog.start()
        backstop = self.options.import_timeout_s + self.options.hard_suite_limit * (len(suites) + 1)
        try:
            result = run_agent(self.host, self.python, AGENT_FILE, self._agent_args(suites), timeout=backstop,
                               env_extra={"TF_CPP_MIN_LOG_LEVEL": self.host.env.get("TF_CPP_MIN_LOG_LEVEL", "1")},
                               cancel=kill, on_stdout_line=lambda line: self.on_line(state, line))
        finally:
            stop.set()
            watchdog.join()
        self._after_agent(state, result)
        return state

    def _agent_args(self, suites: list[str]) -> list[str]:
        args = ["--suites", ",".join(suites), "--device", self.options.device,
                "--suite-time-limit", f"{self.options.suite_limit:g}"]
        if self.options.quick:
            args.append("--quick")
        if self.options.max_elements:
            args += ["--max-elements", str(self.options.max_elements)]
        return args + list(self.options.agent_args)

    def _after_agent(self, state: _AgentState, result: CommandResult) -> None:
        if state.reader.malformed_count:
            self.run.errors.append(RunError("agent-bad-output", f"{state.reader.malformed_count} line(s) from "
                                            "the agent could not be read; first: " + state.reader.malformed[0]))
        if self.cancel.is_set() and state.done is None:
            self.cancelled = True
            return
        if result.error:
            self._run_failed("not-python", f"{self.python}: {result.error}")
        elif state.started is None and state.done is None and not state.reader.events and looks_too_old(result.stderr):
            self._run_failed("python-too-old", f"this Python cannot run the agent: {last_line(result.stderr)}")
        elif (state.killed_for_time or result.timed_out) and state.started is None:
            self._lost_agent(state, "import-timeout", f"{self.options.import_timeout_s:g} s")
        elif state.killed_for_time or (result.timed_out and state.done is None):
            self._lost_agent(state, "agent-timeout", f"no answer within {self.options.hard_suite_limit:g} s")
        elif state.done is None:
            words = exit_words(result.returncode)
            tail = f": {last_line(result.stderr)}" if result.stderr.strip() else ""
            if not state.reader.events and result.returncode == 0:
                self._run_failed("not-python", f"{self.python} ran but said nothing; is it a Python interpreter?")
            elif state.started is None:
                self._lost_agent(state, "tf-import-crashed", f"{words}{tail}")
            else:
                self._lost_agent(state, "agent-crashed", f"{words}{tail}")

    def _run_failed(self, code: str, message: str) -> None:
        self.fatal = True
        self.run.errors.append(RunError(code, message, fatal=True))

    def _lost_agent(self, state: _AgentState, code: str, message: str) -> None:
        """The agent was killed or died mid-run: its current suite's unfinished tests carry the reason."""
        self.incomplete = True
        where = f" during {state.test}" if state.test else (f" in suite {state.suite}" if state.suite else "")
        error = RunError(code, message + where, suite=state.suite, test=state.test, fatal=state.started is None)
        self.run.errors.append(error)
        self.fatal = self.fatal or error.fatal
        for test_id, planned in self.planned.items():
            if planned.suite == state.suite and test_id not in self.finished:
                self._fail_test(planned, code, error.message)
        self._emit("error", error=error)

    # -- the whole benchmark -------------------------------------------------------
    def execute(self) -> BenchRun:
        start = time.monotonic()
        left = list(self.options.suites)
        while left and not self.cancel.is_set():
            finished_before = len(self.finished)
            state = self.run_agent(left)
            if state.started is not None and self.run.tf_version is None:
                self._read_started(state.started)
            if self.fatal or self.cancelled or state.done is not None:
                break
            if state.started is None or len(self.finished) == finished_before:
                break  # died before TF was up, or before any test: another try would do the same
            begun = {p.suite for p in self.planned.values() if p.id in self.finished} | {state.suite}
            left = [s for s in left if s not in begun]
            if left:
                self.run.agent_restarts += 1
                self._emit("restart")
        self.cancelled = self.cancelled or self.cancel.is_set()
        for planned in self.planned.values():
            if planned.id not in self.finished:
                self._fail_test(planned, "not-run", "cancelled before this test" if self.cancelled
                                else "the agent ended before this test")
                self.incomplete = True
        self.run.status = self._status()
        self.run.duration_s = round(time.monotonic() - start, 3)
        apply_peaks(self.run, cpu_facts(self.host))
        self._emit("done")
        return self.run

    def _status(self) -> RunStatus:
        if self.cancelled:
            return RunStatus.CANCELLED
        if self.fatal or self.run.tf_version is None or not self.run.tests:
            return RunStatus.FAILED  # nothing ran: e.g. --device gpu and TF sees no GPU
        return RunStatus.PARTIAL if self.incomplete else RunStatus.COMPLETED

    def _read_started(self, started: ev.Started) -> None:
        run = self.run
        run.python_version = str(started.python.get("version") or "") or None
        run.tf_version = str(started.tf.get("version") or "") or None
        build = started.tf.get("build")
        run.tf_build = dict(build) if isinstance(build, dict) else {}
        gpus = started.devices.get("gpu")
        run.gpus = [g for g in gpus if isinstance(g, dict)] if isinstance(gpus, list) else []
        cpu = started.devices.get("cpu")
        run.cpu = dict(cpu) if isinstance(cpu, dict) else {}
        run.config.update({k: v for k, v in started.config.items() if k not in run.config})
        if run.gpu_unavailable is None:
            run.gpu_unavailable = started.gpu_unavailable


def run_bench(python: str, options: BenchOptions | None = None, *, host: Host | None = None,
              on_update: UpdateCallback | None = None, cancel: threading.Event | None = None,
              driver_version: str | None = None) -> BenchRun:
    """Benchmark TF in ``python``. ``on_update`` is called from a helper thread."""
    session = _Session(host or RealHost(), python, options or BenchOptions(), on_update,
                       cancel or threading.Event())
    session.run.driver_version = driver_version
    try:
        return session.execute()
    except Exception as exc:  # noqa: BLE001 - a bug here must still end as a state
        session.run.errors.append(RunError("internal-error", f"{type(exc).__name__}: {exc}", fatal=True))
        session.run.status = RunStatus.FAILED
        return session.run


def _utc_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
