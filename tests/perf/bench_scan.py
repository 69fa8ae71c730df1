"""Scan speed, measured side by side in one run. Prints a table and JSON.

1. The scan without TF (in-process, warm, median of N): target < 0.3 s.
2. A full scan with the TF agent vs a bare
   ``python -c "import tensorflow as tf; tf.config.list_physical_devices()"``
   in the same Python, alternating runs: target ratio <= 1.15.

    .venv/bin/python tests/perf/bench_scan.py [--rounds 5] [--json-out FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

from tfgpu.core.probes.base import Status
from tfgpu.core.scan import ScanOptions, run_scan

BARE_TF = "import tensorflow as tf; tf.config.list_physical_devices()"


def time_scan(include_tf: bool) -> tuple[float, object]:
    start = time.perf_counter()
    scan = run_scan(options=ScanOptions(include_tf=include_tf))
    return time.perf_counter() - start, scan


def time_bare_tf(python: str) -> float:
    start = time.perf_counter()
    subprocess.run([python, "-c", BARE_TF], check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-tf-runs", type=int, default=15)
    parser.add_argument("--json-out")
    args = parser.parse_args()

    time_scan(include_tf=False)  # warm the imports once
    no_tf = [time_scan(include_tf=False)[0] for _ in range(args.no_tf_runs)]

    full, bare = [], []
    tf_envs: list[str] = []
    for _ in range(args.rounds):  # alternate so drift hits both alike
        elapsed, scan = time_scan(include_tf=True)
        full.append(elapsed)
        tf_envs = [
            env.executable
            for env in scan.pythons.envs
            if env.tensorflow is not None and env.tensorflow.status is Status.OK
        ]
        bare.append(time_bare_tf(tf_envs[0] if tf_envs else sys.executable))

    result = {
        "scan_no_tf_median_s": statistics.median(no_tf),
        "scan_no_tf_max_s": max(no_tf),
        "scan_no_tf_target_s": 0.3,
        "full_scan_median_s": statistics.median(full),
        "bare_tf_median_s": statistics.median(bare),
        "full_over_bare_ratio": statistics.median(full) / statistics.median(bare),
        "full_over_bare_target": 1.15,
        "rounds": args.rounds,
        "envs_with_tf": tf_envs,
        "python_envs_found": len(scan.pythons.envs),
    }
    rows = [
        ("scan without TF (median)", f"{result['scan_no_tf_median_s'] * 1000:.0f} ms", "< 300 ms"),
        ("scan without TF (max)", f"{result['scan_no_tf_max_s'] * 1000:.0f} ms", ""),
        ("full scan with TF agent (median)", f"{result['full_scan_median_s']:.2f} s", ""),
        ("bare import tf + list devices (median)", f"{result['bare_tf_median_s']:.2f} s", ""),
        ("full / bare", f"{result['full_over_bare_ratio']:.3f}", "<= 1.15"),
    ]
    width = max(len(r[0]) for r in rows)
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>10}  {target}")
    print(json.dumps(result, indent=2))
    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump(result, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
