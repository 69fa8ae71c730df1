"""Diagnosis speed: ``diagnose(scan)`` on the real scan of this machine, a typical failing Windows
machine (4 environments, 30 TF log lines each) and a stress case (8 environments, 200 distinct
log lines each, the probe's cap). Target: < 50 ms for the real and typical cases; the stress
case is reported against the same target.
Measured side by side with the scan itself, so the ratio shows what diagnosis adds.

    .venv/bin/python tests/perf/bench_diagnosis.py [--runs 50] [--json-out FILE]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from fakes import fake_scan as fs  # noqa: E402
from tfgpu.core.diagnosis.doctor import diagnose  # noqa: E402
from tfgpu.core.scan import ScanOptions, run_scan  # noqa: E402

TARGET_S = 0.050
# The probe keeps at most 200 TF log lines per environment; every one distinct here (worst case).
LOG = [
    f"2022-08-11 14:21:{i // 10:02d}.{i:06d}: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] "
    f"Could not load dynamic library 'lib{i}64_110.dll'; dlerror: lib{i}64_110.dll not found"
    if i % 2 else
    f"2022-08-11 14:21:{i // 10:02d}.{i:06d}: I tensorflow/core/common_runtime/step_{i}.cc:193] step {i} note {i * 7}"
    for i in range(200)
]


def big_windows_scan(count: int = 8, lines: int = 200):
    envs = []
    for i in range(count):
        exe = f"C:\\envs\\e{i}\\python.exe"
        tf = fs.tf_ok(exe, "2.10.0", gpus=0, cuda="64_112", cudnn="64_8", missing=["cudart64_110.dll", "cudnn64_8.dll"],
                       log=LOG[:lines])
        envs.append(fs.env(exe, tf=tf))
    return fs.scan(os=fs.os_info("windows"), toolkits=[fs.toolkit("12.1", "C:\\CUDA\\v12.1")], envs=envs)


def timed(fn, runs: int) -> list[float]:
    fn()  # warm caches (KB files are loaded once per process)
    out = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--json-out")
    args = parser.parse_args()

    real_scan = run_scan(options=ScanOptions(include_tf=True))
    scan_times = timed(lambda: run_scan(options=ScanOptions(include_tf=False)), 5)
    real = timed(lambda: diagnose(real_scan), args.runs)
    big_scan = big_windows_scan()
    big = timed(lambda: diagnose(big_scan), args.runs)
    typical_scan = big_windows_scan(count=4, lines=30)
    typical = timed(lambda: diagnose(typical_scan), args.runs)
    import subprocess

    cold = subprocess.run([sys.executable, "-c", "import time,sys; sys.path.insert(0, 'tests');"
                           "from fakes import fake_scan as fs; from tfgpu.core.diagnosis.doctor import diagnose;"
                           "s=fs.scan(envs=[fs.env('/p', tf=fs.tf_ok('/p','2.21.0',gpus=0))]); t=time.perf_counter();"
                           "diagnose(s); print(time.perf_counter()-t)"], capture_output=True, text=True, check=True)
    cold_s = float(cold.stdout.strip())
    rows = [
        ("diagnose(real scan of this machine)", statistics.median(real), max(real)),
        ("diagnose(4 failing Windows envs, 30 log lines each)", statistics.median(typical), max(typical)),
        ("diagnose(8 failing Windows envs, 200 distinct log lines each)", statistics.median(big), max(big)),
        ("diagnose, first call in a fresh process (KB load)", cold_s, cold_s),
        ("scan without TF (for scale)", statistics.median(scan_times), max(scan_times)),
    ]
    print(f"{'case':<52} {'median ms':>10} {'max ms':>10}")
    for name, med, worst in rows:
        print(f"{name:<52} {med * 1000:>10.2f} {worst * 1000:>10.2f}")
    result = {
        "target_s": TARGET_S,
        "real_median_s": statistics.median(real),
        "typical_median_s": statistics.median(typical),
        "big_median_s": statistics.median(big),
        "big_max_s": max(big),
        "cold_first_call_s": cold_s,
        "scan_no_tf_median_s": statistics.median(scan_times),
        "diagnose_over_scan_ratio": statistics.median(real) / statistics.median(scan_times),
        "primary_here": diagnose(real_scan).primary.id,
        "pass": max(statistics.median(real), statistics.median(typical)) < TARGET_S,
        "stress_pass": statistics.median(big) < TARGET_S,
    }
    print(json.dumps(result))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
