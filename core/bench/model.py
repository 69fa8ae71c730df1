"""The benchmark result document: one :class:`BenchRun` with its :class:`BenchTest` figures.

Unknown is not zero: a value, a peak or a share of peak the run could not measure or
derive is ``None``, never 0. ``BenchRun.to_dict()`` is the JSON document (with
``schema_version``) that the CLI prints, the history stores and the GUI shows.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field
from typing import Any

BENCH_SCHEMA_VERSION = "1.0"


class RunStatus(str, enum.Enum):
    COMPLETED = "completed"  # every planned test has a figure or a reason
    PARTIAL = "partial"  # the agent died or ran out of time; the figures it sent are kept
    CANCELLED = "cancelled"
    FAILED = "failed"  # no figure at all: no TF, TF does not import, Python too old...

    def __str__(self) -> str:
        return self.value


def test_label(suite: str, dtype: str | None, params: dict[str, Any]) -> str:
    """'matmul float32 n=2048', 'xla float32 jit=on batch=64': a test as a person reads it."""
    words = [f"{k}={_param_word(v)}" for k, v in params.items()]
    return " ".join(p for p in [suite, dtype or "", *words] if p)


def _param_word(value: object) -> str:
    return ("on" if value else "off") if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class Stats:
    """Seconds per operation over the timed runs (warm-up excluded)."""

    median_s: float
    min_s: float
    max_s: float
    mad_s: float | None  # median absolute deviation
    runs: int
    inner: int = 1  # operations per timed run (the tf.function loop)
    warmup_runs: int = 0
    warmup_s: float | None = None
    warmup_stable: bool | None = None  # False: the warm-up hit its cap before timings agreed
    first_run_s: float | None = None  # the first call: tracing, compiling, autotuning

    @property
    def spread(self) -> float | None:
        """MAD relative to the median (0.01 = 1%)."""
        return self.mad_s / self.median_s if self.mad_s is not None and self.median_s > 0 else None


@dataclass(frozen=True)
class Peak:
    """What the hardware could do at best, in the test's unit, and how we know."""

    value: float
    unit: str
    basis: str  # "NVIDIA GeForce RTX 3060 fp32 peak" / "2 cores x 32 FLOP/cycle x 2.30 GHz"
    source: str = ""  # a URL or "derived"
    status: str = "derived"  # the KB row's status: confirmed, derived, unconfirmed


@dataclass
class BenchTest:
    """One test's outcome: a figure (``value``) or why there is none (``error_code``)."""

    id: str  # "<suite>/<dtype>/<params>/<device>", stable across runs
    suite: str
    device: str  # "gpu" or "cpu"
    dtype: str | None = None
    params: dict[str, Any] = field(default_factory=dict)
    metric: str | None = None  # "tflops", "images_per_s", "gb_s"
    unit: str | None = None  # "TFLOPS", "images/s", "GB/s"
    value: float | None = None  # from the median time
    stats: Stats | None = None
    placement: str | None = None  # the device TF really ran it on
    extra: dict[str, Any] = field(default_factory=dict)
    backoff: dict[str, Any] | None = None  # the size was cut after running out of memory
    error_code: str | None = None
    error: str | None = None
    peak: Peak | None = None
    percent_of_peak: float | None = None
    speedup_vs_cpu: float | None = None  # GPU tests with a CPU twin

    @property
    def ok(self) -> bool:
        return self.value is not None and self.error_code is None

    @property
    def label(self) -> str:
        """'matmul float32 n=2048' (the id without its device)."""
        return test_label(self.suite, self.dtype, self.params)

    @property
    def twin_key(self) -> str:
        """The id without the device: the GPU and CPU runs of one test share it."""
        return self.id.rsplit("/", 1)[0] if self.id.endswith(("/gpu", "/cpu")) else self.id


@dataclass(frozen=True)
class RunError:
    """A failure of the run (not of one test): no TF, an agent crash, a suite out of time."""

    code: str
    message: str
    suite: str | None = None
    test: str | None = None
    fatal: bool = False


@dataclass
class BenchRun:
    run_id: str
    created: str  # ISO 8601, UTC
    python: str  # the interpreter that ran the agent
    config: dict[str, Any] = field(default_factory=dict)  # quick, suites, device, ...
    status: RunStatus = RunStatus.FAILED
    duration_s: float | None = None
    python_version: str | None = None
    tf_version: str | None = None
    tf_build: dict[str, Any] = field(default_factory=dict)  # cuda_version, cudnn_version, is_cuda_build
    gpus: list[dict[str, Any]] = field(default_factory=list)  # {name, model, compute_capability, memory_mb}
    cpu: dict[str, Any] = field(default_factory=dict)  # {model, logical_cores, ...}
    driver_version: str | None = None
    gpu_unavailable: RunError | None = None  # why the GPU tests were skipped
    tests: list[BenchTest] = field(default_factory=list)
    errors: list[RunError] = field(default_factory=list)
    gpu_peak_basis: str | None = None  # e.g. "KB: NVIDIA GeForce RTX 3060 (confirmed)"
    cpu_peak_basis: str | None = None
    agent_restarts: int = 0
    tfgpu_version: str | None = None
    kb_version: str | None = None
    schema_version: str = BENCH_SCHEMA_VERSION

    @property
    def gpu_model(self) -> str | None:
        return str(self.gpus[0].get("model") or self.gpus[0].get("name")) if self.gpus else None

    def test(self, test_id: str) -> BenchTest | None:
        return next((t for t in self.tests if t.id == test_id), None)

    def figures(self) -> list[BenchTest]:
        return [t for t in self.tests if t.ok]

    def to_dict(self) -> dict:
        data = dataclasses.asdict(self)
        data["status"] = str(self.status)
        return {"schema_version": data.pop("schema_version"), **data}

    @classmethod
    def from_dict(cls, data: dict) -> BenchRun:
        """Read a saved document; unknown keys are ignored, missing ones take defaults, and a value of
        the wrong type raises ValueError (:class:`~tfgpu.core.jsonsafe.JsonError`) naming it."""
        from tfgpu.core.jsonsafe import JsonError, build

        if not isinstance(data, dict):
            raise JsonError("a benchmark run is a JSON object")
        if not isinstance(data.get("status"), str) or data["status"] not in {s.value for s in RunStatus}:
            data = {**data, "status": RunStatus.FAILED.value}  # a status from a newer version: no figures trusted
        return build(cls, data, "run")
