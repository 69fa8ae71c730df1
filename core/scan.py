"""The Scan: every probe run once, in parallel where it pays, into one JSON-able tree."""

from __future__ import annotations

import datetime as _dt
import json
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, wait
from dataclasses import dataclass, field

from tfgpu.core.host import CommandResult, Host, RealHost
from tfgpu.core.probes.adapters import AdaptersInfo, probe_adapters
from tfgpu.core.probes.base import ProbeResult, Status, from_jsonable, safe_probe, to_jsonable
from tfgpu.core.probes.cuda import CudaInfo, probe_cuda
from tfgpu.core.probes.cudnn import CudnnInfo, probe_cudnn
from tfgpu.core.probes.driver import DriverInfo, probe_driver
from tfgpu.core.probes.os_info import OsInfo, probe_os
from tfgpu.core.probes.pythons import PythonEnv, PythonsInfo, probe_pythons
from tfgpu.core.probes.tensorflow import TF_PROBE_TIMEOUT_S, TfInfo, probe_tensorflow
from tfgpu.core.probes.wsl import WslInfo, probe_wsl
from tfgpu.core.version import __version__
from tfgpu.core.versions import same_major

log = logging.getLogger(__name__)

SCHEMA_VERSION = "1.0"
MAX_PARALLEL_AGENTS = 2  # each TF import wants a core of its own


@dataclass
class ScanOptions:
    include_tf: bool = True
    extra_pythons: list[str] = field(default_factory=list)
    trust_here: bool = False  # run interpreters found only through the current folder (./.venv): the user consented
    tf_timeout: float = TF_PROBE_TIMEOUT_S
    command_timeout: float = 10.0


@dataclass(frozen=True)
class ScanProgress:
    step: str  # "os", "driver", "cuda", "cudnn", "pythons", "tf:<python>"
    label: str  # plain words for a status line
    done: int
    total: int


@dataclass(kw_only=True)
class Scan:
    schema_version: str = SCHEMA_VERSION
    tool_version: str = __version__
    created_at: str = ""
    duration_s: float = 0.0
    cancelled: bool = False
    tf_probed: bool = True
    os: OsInfo
    driver: DriverInfo
    cuda: CudaInfo
    cudnn: CudnnInfo
    pythons: PythonsInfo
    # Inside each WSL 2 distro, from Windows (scans saved before it existed read as "not looked").
    wsl: WslInfo = field(default_factory=lambda: WslInfo(status=Status.MISSING, reason="not-scanned"))
    adapters: AdaptersInfo = field(default_factory=AdaptersInfo)  # a scan saved before this probe existed has none

    def to_dict(self) -> dict:
        return to_jsonable(self)

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict) -> Scan:
        """A saved scan (``tfgpu scan --json``). ValueError when it is not one this version can read."""
        if not isinstance(data, dict) or "driver" not in data or "pythons" not in data:
            raise ValueError("not a tfgpu scan document (no driver/pythons sections)")
        if not same_major(data.get("schema_version"), SCHEMA_VERSION):
            raise ValueError(f"scan schema {data.get('schema_version')!r} is not {SCHEMA_VERSION!r}")
        return from_jsonable(cls, data)


ProgressCallback = Callable[[ScanProgress], None]


class _CancellableHost:
    """The scan's view of a host: every command it runs stops when the scan is cancelled."""

    def __init__(self, host: Host, cancel: threading.Event) -> None:
        self._host = host
        self._cancel = cancel

    def __getattr__(self, name: str):
        return getattr(self._host, name)

    def run(self, argv, timeout=10.0, *, cancel=None, **kwargs) -> CommandResult:
        if self._cancel.is_set():
            return CommandResult(tuple(str(a) for a in argv), None, cancelled=True)
        return self._host.run(argv, timeout, cancel=cancel or self._cancel, **kwargs)


class _Progress:
    """Counts finished steps from several threads and reports each one."""

    def __init__(self, callback: ProgressCallback | None, total: int) -> None:
        self._callback = callback
        self._lock = threading.Lock()
        self.done = 0
        self.total = total

    def add_steps(self, count: int) -> None:
        with self._lock:
            self.total += count

    def finished(self, step: str, label: str) -> None:
        with self._lock:
            self.done += 1
            event = ScanProgress(step, label, self.done, self.total)
        if self._callback is not None:
            try:
                self._callback(event)
            except Exception:  # noqa: BLE001 - a faulty listener must not break the scan
                log.exception("progress callback failed")


@dataclass(frozen=True)
class ProbeSpec:
    """One probe of the scan. ``run(host, done, options, timeout)`` gets the results of the probes
    named in ``after`` through ``done`` (e.g. cuDNN reads the CUDA toolkits found)."""

    name: str  # the Scan field it fills, and the progress step
    label: str  # plain words for a status line
    factory: Callable[[], ProbeResult]  # the empty result a crashed probe becomes
    run: Callable[[Host, dict[str, ProbeResult], ScanOptions, float], ProbeResult]
    after: tuple[str, ...] = ()


#: Every probe of the scan, in start order (a probe is listed after the ones it needs). Adding a
#: probe: a spec here, a field of the same name on :class:`Scan` (tests check they match).
PROBES: tuple[ProbeSpec, ...] = (
    ProbeSpec("pythons", "Python environments", PythonsInfo,
              lambda host, done, options, timeout: probe_pythons(host, options.extra_pythons, timeout=timeout,
                                                                 trust_here=options.trust_here)),
    ProbeSpec("driver", "NVIDIA driver and GPUs", DriverInfo,
              lambda host, done, options, timeout: probe_driver(host, timeout=timeout)),
    ProbeSpec("cuda", "CUDA toolkits", CudaInfo,
              lambda host, done, options, timeout: probe_cuda(host, timeout=timeout)),
    ProbeSpec("cudnn", "cuDNN", CudnnInfo,
              lambda host, done, options, timeout: probe_cudnn(host, done["cuda"], timeout=timeout),  # type: ignore[arg-type]
              after=("cuda",)),
    ProbeSpec("os", "Operating system", OsInfo,
              lambda host, done, options, timeout: probe_os(host, timeout=timeout)),
    ProbeSpec("wsl", "Inside WSL 2", WslInfo,
              lambda host, done, options, timeout: probe_wsl(host, done["os"], options.include_tf,  # type: ignore[arg-type]
                                                             tf_timeout=options.tf_timeout),
              after=("os",)),
    ProbeSpec("adapters", "Graphics adapters", AdaptersInfo,
              lambda host, done, options, timeout: probe_adapters(host, timeout=timeout)),
)

#: How often a wait for the probes looks at the cancel flag (Ctrl+C reaches the main thread between waits).
_POLL_S = 0.1


def run_scan(
    host: Host | None = None,
    options: ScanOptions | None = None,
    progress: ProgressCallback | None = None,
    cancel: threading.Event | None = None,
) -> Scan:
    """Run every probe in :data:`PROBES`, then the TF agent in each Python. Never raises; a
    cancelled scan returns what it has."""
    options = options or ScanOptions()
    cancel = cancel or threading.Event()
    host = _CancellableHost(host or RealHost(), cancel)
    started = time.monotonic()
    created = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    steps = _Progress(progress, total=len(PROBES))
    done: dict[str, ProbeResult] = {}
    finished = {spec.name: threading.Event() for spec in PROBES}

    def one(spec: ProbeSpec) -> None:
        for name in spec.after:
            finished[name].wait()
        result = safe_probe(spec.factory, spec.run, host, done, options, options.command_timeout)
        done[spec.name] = result
        finished[spec.name].set()
        steps.finished(spec.name, spec.label)
        if spec.name == "pythons" and options.include_tf and not cancel.is_set():
            _probe_tf_in(host, result.envs, options, steps, cancel)  # type: ignore[attr-defined]

    with ThreadPoolExecutor(max_workers=len(PROBES), thread_name_prefix="tfgpu-scan") as pool:
        jobs = [pool.submit(one, spec) for spec in PROBES]
        while not all(job.done() for job in jobs):  # short waits: Ctrl+C is never stuck behind a probe
            wait(jobs, timeout=_POLL_S)
    return Scan(
        created_at=created,
        duration_s=round(time.monotonic() - started, 3),
        cancelled=cancel.is_set(),
        tf_probed=options.include_tf,
        **{spec.name: done[spec.name] for spec in PROBES},  # type: ignore[arg-type]
    )


def _probe_tf_in(
    host: Host, envs: list[PythonEnv], options: ScanOptions, steps: _Progress, cancel: threading.Event
) -> None:
    """Run the TF agent in every working environment, a few at a time."""
    targets = [env for env in envs if env.status is Status.OK]
    steps.add_steps(len(targets))

    def one(env: PythonEnv) -> None:
        if cancel.is_set():
            env.tensorflow = TfInfo(python=env.executable, status=Status.ERROR, reason="cancelled")
        else:
            env.tensorflow = safe_probe(
                lambda: TfInfo(python=env.executable),
                probe_tensorflow,
                host,
                env.executable,
                timeout=options.tf_timeout,
                cancel=cancel,
            )
        steps.finished(f"tf:{env.executable}", f"TensorFlow in {env.executable}")

    with ThreadPoolExecutor(max_workers=MAX_PARALLEL_AGENTS, thread_name_prefix="tfgpu-tf") as pool:
        list(pool.map(one, targets))
