"""What profiling costs: the traced steps' time against the same steps untraced, side by side.

For each fixture script (tests/fixtures/profile) two runs of the profile agent with ``--full``:

1. **traced**: steps WARMUP+1 .. WARMUP+STEPS are traced (tf.profiler + a step marker each);
   the steps after the trace in the same run are timed untraced too ("after");
2. **untraced**: the same script with the trace never starting (all steps timed, none traced).

Compared: the median of steps WARMUP+1 .. WARMUP+STEPS in both runs (the same steps), and the
traced steps against the untraced steps right after them in run 1. Prints a table and JSON.

On a shared machine one pair of runs says little (other processes come and go): the pair is run
``--repeat`` times, traced and untraced alternating, and the table gives the median over the
repeats with the lowest and highest ratio seen.

    .venv/bin/python tests/perf/bench_profile_overhead.py [--steps 10] [--warmup 5] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from tfgpu.core.profile.runner import ProfileOptions, run_profile

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "profile"
CASES = {  # script, its arguments (enough steps for warm-up, trace and as many after)
    "compute_bound (3x Dense 1024, CPU)": ("compute_bound.py", ["--width", "1024", "--steps", "{total}"]),
    "compute_bound (3x Dense 256, small steps)": ("compute_bound.py", ["--width", "256", "--steps", "{total}"]),
    "input_bound (map sleeps 40 ms)": ("input_bound.py", ["--steps", "{total}"]),
}


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def measure_once(script: str, args: list[str], steps: int, warmup: int) -> dict:
    total = warmup + 3 * steps
    args = [a.format(total=total) for a in args]
    traced = run_profile(sys.executable, str(FIXTURES / script), args,
                         ProfileOptions(steps=steps, warmup=warmup, full=True, timeout_s=600, sample_gpu=False))
    plain = run_profile(sys.executable, str(FIXTURES / script), args,
                        ProfileOptions(steps=steps, warmup=10**6, full=True, timeout_s=600, sample_gpu=False))
    window = slice(warmup, warmup + steps)
    after = slice(warmup + steps, warmup + 2 * steps)
    row = {"status": traced.status, "bottleneck": traced.bottleneck,
           "traced_ms": median(traced.step_times_ms[window]),
           "after_trace_ms": median(traced.step_times_ms[after]),
           "untraced_run_ms": median(plain.step_times_ms[window])}
    for key, base in (("vs_after", "after_trace_ms"), ("vs_untraced_run", "untraced_run_ms")):
        row[key] = row["traced_ms"] / row[base] if row["traced_ms"] and row[base] else None
    return row


def measure(name: str, script: str, args: list[str], steps: int, warmup: int, repeat: int = 1) -> dict:
    """The median of ``repeat`` pairs of runs, with the lowest and highest ratio seen."""
    runs = [measure_once(script, args, steps, warmup) for _ in range(max(1, repeat))]
    row: dict = {"case": name, "steps": steps, "repeats": len(runs), "status": [r["status"] for r in runs],
                 "bottleneck": [r["bottleneck"] for r in runs]}
    for key in ("traced_ms", "after_trace_ms", "untraced_run_ms", "vs_after", "vs_untraced_run"):
        values = [r[key] for r in runs if r[key] is not None]
        row[key] = median(values)
        row[key + "_range"] = [min(values), max(values)] if values else None
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3, help="pairs of runs per case (median and range)")
    options = parser.parse_args()
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    os.environ.setdefault("TFGPU_DATA_DIR", tempfile.mkdtemp(prefix="tfgpu-perf-"))
    rows = [measure(name, script, args, options.steps, options.warmup, options.repeat)
            for name, (script, args) in CASES.items()]

    def ms(value: float | None) -> str:
        return "n/a" if value is None else f"{value:.2f}"

    def ratio(value: float | None) -> str:
        return "n/a" if value is None else f"{value:.2f}x"

    def spread(values: list[float] | None) -> str:
        return "n/a" if not values else f"{values[0]:.2f}-{values[1]:.2f}"

    header = (f"{'case':<40} {'traced ms':>10} {'after ms':>10} {'untraced ms':>12} {'vs after':>9} {'(range)':>10} "
              f"{'vs untraced':>12} {'(range)':>10}")
    print(header)
    print("-" * len(header))
    for row in rows:
        print(f"{row['case']:<40} {ms(row['traced_ms']):>10} {ms(row['after_trace_ms']):>10} "
              f"{ms(row['untraced_run_ms']):>12} {ratio(row['vs_after']):>9} {spread(row['vs_after_range']):>10} "
              f"{ratio(row['vs_untraced_run']):>12} {spread(row['vs_untraced_run_range']):>10}")
    print(f"(median over {options.repeat} pairs of runs of the median step time of the same steps; "
          "ratio > 1: tracing slows a step down)")
    print(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
