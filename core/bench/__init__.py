"""Benchmarks: the bench agent's events, the runner, the result document, peaks and history."""

from tfgpu.core.bench.model import BENCH_SCHEMA_VERSION, BenchRun, BenchTest, Peak, RunError, RunStatus, Stats
from tfgpu.core.bench.runner import DEVICES, SUITES, BenchOptions, BenchUpdate, run_bench

__all__ = [
    "BENCH_SCHEMA_VERSION", "BenchOptions", "BenchRun", "BenchTest", "BenchUpdate", "DEVICES", "Peak",
    "RunError", "RunStatus", "SUITES", "Stats", "run_bench",
]
