"""Per-sample NVML cost, measured side by side in one run. Prints a table and JSON.

Three ways to read the same figures for every GPU, alternated round by round:

1. ``tfgpu``: the monitor's :class:`NvmlSource` (NVML initialised once, handles cached,
   slow figures behind a TTL, unsupported calls never repeated);
2. ``no-ttl``: the same source with every TTL at 0 (every figure asked every tick);
3. ``per-query init``: a fresh source per sample (init, handles, read, shutdown), the way
   gpustat queries NVML each time it is asked.

With a driver it uses the real NVML; without one (CI, this development machine) it uses the
test suite's fake NVML built from a real ``nvidia-smi -q -x`` capture, which measures only
our own Python overhead and the number of calls (reported as such).

    .venv/bin/python tests/perf/bench_monitor_nvml.py [--samples 200] [--interval 0.1] [--json-out FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: fakes

from tfgpu.core.host import RealHost  # noqa: E402
from tfgpu.core.monitor.nvml_source import DEFAULT_TTL_S, NvmlSource  # noqa: E402
from tfgpu.core.monitor.samples import GpuStatus  # noqa: E402


def _host(force_fake: bool):
    if not force_fake:
        probe = NvmlSource(RealHost())
        probe.open()
        probe.close()
        if probe.status == GpuStatus.OK:
            return RealHost(), "real NVML"
    import tempfile

    from fakes.fake_host import FakeHost
    from fakes.fake_nvml import nvml_from_xml

    nv = nvml_from_xml("linux-rtx4000sffada-595.84-q-x.xml", compute_capability=(8, 9))
    host = FakeHost(root=tempfile.mkdtemp(prefix="tfgpu-bench-"), system="Linux")
    host.nvml_module = nv
    return host, "fake NVML (RTX 4000 SFF Ada capture): Python overhead only"


def _tick_cost(source: NvmlSource, samples: int, interval: float) -> tuple[list[float], int]:
    """Seconds per read and the GPU count; sleeps ``interval`` so TTLs behave as in use."""
    costs, gpus = [], 0
    for _ in range(samples):
        start = time.perf_counter()
        gpus = len(source.read())
        costs.append(time.perf_counter() - start)
        time.sleep(interval)
    return costs, gpus


def _per_query_cost(host, samples: int, interval: float) -> list[float]:
    costs = []
    for _ in range(samples):
        start = time.perf_counter()
        source = NvmlSource(host)
        source.open()
        source.read()
        source.close()
        costs.append(time.perf_counter() - start)
        time.sleep(interval)
    return costs


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--samples", type=int, default=200, help="samples per way per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--interval", type=float, default=0.1)
    parser.add_argument("--fake", action="store_true", help="use the fake NVML even when a driver exists")
    parser.add_argument("--json-out")
    args = parser.parse_args()

    host, what = _host(args.fake)
    cached = NvmlSource(host)
    cached.open()
    uncached = NvmlSource(host, ttl_s={key: 0.0 for key in DEFAULT_TTL_S})
    uncached.open()
    per = int(args.samples / args.rounds) or 1
    times: dict[str, list[float]] = {"tfgpu": [], "no-ttl": [], "per-query init": []}
    gpus = 0
    for _ in range(args.rounds):  # alternate so drift hits every way alike
        costs, gpus = _tick_cost(cached, per, args.interval)
        times["tfgpu"] += costs
        times["no-ttl"] += _tick_cost(uncached, per, args.interval)[0]
        times["per-query init"] += _per_query_cost(host, per, args.interval)
    cached.close()
    uncached.close()

    base = statistics.median(times["tfgpu"])
    rows = []
    for name, values in times.items():
        median = statistics.median(values)
        rows.append({
            "way": name,
            "median_ms": round(median * 1e3, 4),
            "p95_ms": round(sorted(values)[int(0.95 * (len(values) - 1))] * 1e3, 4),
            "ratio_to_tfgpu": round(median / base, 2) if base else None,
            "core_percent_at_interval": round(100 * median / args.interval, 3),
        })
    print(f"NVML per-sample cost ({what}), {gpus} GPU(s), {len(times['tfgpu'])} samples per way, "
          f"every {args.interval:g} s")
    print(f"{'way':<16} {'median ms':>10} {'p95 ms':>10} {'x tfgpu':>8} {'% core':>8}")
    for row in rows:
        print(f"{row['way']:<16} {row['median_ms']:>10.4f} {row['p95_ms']:>10.4f} "
              f"{row['ratio_to_tfgpu']:>8.2f} {row['core_percent_at_interval']:>8.3f}")
    result = {"nvml": what, "gpus": gpus, "interval_s": args.interval, "rows": rows}
    print(json.dumps(result))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
