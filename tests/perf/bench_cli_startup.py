"""CLI start-up: ``tfgpu --version`` and ``tfgpu explain`` on a one-line file, against a bare
``python -c "import argparse, json"``, all with bytecode cached, alternated in one run; beside them
``tfgpu explain`` on a 1 MB log (real corpus lines) and on a one-line text no rule recognises (the
text classifier is loaded: issue 28).

Targets (the Structure issue, issue 28): --version <= 2.5x the bare import, explain <= 4x; ``tfgpu explain``
on a 1 MB log (bench_explain.py's) < 0.5 s: the whole command, start-up and the first compile of every
pattern included ("explain-1mb"), and the engine alone, warm, beside it ("engine-1mb").

    .venv/bin/python tests/perf/bench_cli_startup.py [--rounds 15] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGETS = {"version": 2.5, "explain": 4.0}
SECONDS = {"explain-1mb": 0.5, "engine-1mb": 0.5}  # absolute targets (seconds)


# "Bytecode cached" (the targets' condition): PYTHONDONTWRITEBYTECODE (set in some shells and CI images) would
# make every run compile the sources again (about 50 ms), so it is dropped and the tree compiled first, into a
# cache folder of the bench's own (PYTHONPYCACHEPREFIX): the checkout gets no __pycache__ folders.
PYCACHE = Path(tempfile.gettempdir()) / "tfgpu-bench-pycache"
ENV = {**{key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"},
       "PYTHONPYCACHEPREFIX": str(PYCACHE)}
REPO = Path(__file__).resolve().parents[2]


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, env=ENV)
    return time.perf_counter() - start


def compile_tree() -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(REPO / "core"), str(REPO / "resources")],
                   check=False, capture_output=True, env=ENV)


def log_of_size(size: int) -> str:
    """The 1 MB log of bench_explain.py: real lines of the shared corpus, shuffled with a fixed seed."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_explain import FALLBACK_LINES, corpus_texts, synthetic_log

    lines = [line for text in corpus_texts() for line in text.splitlines() if line.strip()] or FALLBACK_LINES
    return synthetic_log(size, lines)


def engine_seconds(text: str, rounds: int) -> float:
    """The median time of the explain engine alone on ``text``, warm (one call first: patterns compiled)."""
    code = ("import sys, time, statistics; from tfgpu.core.explain.engine import explain_text; t = sys.stdin.read(); "
            "explain_text(t); times = []\n"
            f"for _ in range({rounds}):\n"
            "    s = time.perf_counter(); explain_text(t); times.append(time.perf_counter() - s)\n"
            "print(statistics.median(times))")
    out = subprocess.run([sys.executable, "-c", code], input=text, capture_output=True, text=True, check=True)
    return float(out.stdout.strip())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    python = sys.executable
    compile_tree()
    with tempfile.TemporaryDirectory() as tmp:
        one_line = Path(tmp) / "one.txt"
        one_line.write_text("Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found\n")
        unsure = Path(tmp) / "unsure.txt"
        unsure.write_text("RuntimeError: the training script stopped with an error I do not understand\n")
        big = Path(tmp) / "big.log"
        big.write_text(log_of_size(1024 * 1024), encoding="utf-8")
        commands = {
            "bare": [python, "-c", "import argparse, json"],
            "version": [python, "-m", "tfgpu.core.cli", "--version"],
            "explain": [python, "-m", "tfgpu.core.cli", "explain", str(one_line)],
            "explain-unsure": [python, "-m", "tfgpu.core.cli", "explain", str(unsure)],
            "explain-1mb": [python, "-m", "tfgpu.core.cli", "explain", str(big)],
        }
        for argv in commands.values():  # warm the bytecode caches and the OS file cache
            timed(argv)
        samples: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.rounds):
            for name, argv in commands.items():  # alternated: drift hits every command alike
                samples[name].append(timed(argv))
        big_text = big.read_text(encoding="utf-8")
    medians = {name: statistics.median(values) for name, values in samples.items()}
    medians["engine-1mb"] = engine_seconds(big_text, 5)
    commands["engine-1mb"] = []
    rows = [(name, medians[name] * 1000, medians[name] / medians["bare"], TARGETS.get(name)) for name in commands]
    if args.json:
        print(json.dumps({name: {"median_ms": ms, "ratio": ratio, "target": target, "target_s": SECONDS.get(name)}
                          for name, ms, ratio, target in rows}, indent=2))
    else:
        print(f"{'command':<15} {'median ms':>10} {'x bare':>8} {'target':>10}")
        for name, ms, ratio, target in rows:
            goal = f"<= {target:.1f}x" if target else (f"< {SECONDS[name]:.1f} s" if name in SECONDS else "")
            print(f"{name:<15} {ms:>10.1f} {ratio:>8.2f} {goal:>10}")
    failed = [name for name, _ms, ratio, target in rows if target and ratio > target]
    failed += [name for name, limit in SECONDS.items() if medians[name] >= limit]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
