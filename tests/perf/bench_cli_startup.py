"""CLI start-up: ``tfgpu --version`` and ``tfgpu explain`` on a one-line file, against a bare
``python -c "import argparse, json"``, all with bytecode cached, alternated in one run.

Targets (the Structure issue): --version <= 2.5x the bare import, explain <= 4x.

    .venv/bin/python tests/perf/bench_cli_startup.py [--rounds 15] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"version": 2.5, "explain": 4.0}


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        one_line = Path(tmp) / "one.txt"
        one_line.write_text("Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found\n")
        commands = {
            "bare": [python, "-c", "import argparse, json"],
            "version": [python, "-m", "tfgpu.core.cli", "--version"],
            "explain": [python, "-m", "tfgpu.core.cli", "explain", str(one_line)],
        }
        for argv in commands.values():  # warm the bytecode caches and the OS file cache
            timed(argv)
        samples: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, argv in commands.items():  # alternated: drift hits every command alike
                samples[name].append(timed(argv))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    rows = [(name, medians[name] * 1000, medians[name] / medians["bare"], TARGETS.get(name)) for name in commands]
    if args.json:
        print(json.dumps({name: {"median_ms": ms, "ratio": ratio, "target": target}
                          for name, ms, ratio, target in rows}, indent=2))
    else:
        print(f"{'command':<10} {'median ms':>10} {'x bare':>8} {'target':>8}")
        for name, ms, ratio, target in rows:
            print(f"{name:<10} {ms:>10.1f} {ratio:>8.2f} {('<= %.1f' % target) if target else '':>8}")
    failed = [name for name, _ms, ratio, target in rows if target and ratio > target]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
