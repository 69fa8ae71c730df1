"""A stand-in for "python bench.py": replays one scripted agent behaviour as a real process.

Used where the real agent cannot show a case on this machine (a GPU's figures) or cannot
show it on demand (a crash mid-run, a hang, garbage lines). Run through the wrapper that
:func:`make_fake_python` writes; the scenario comes from ``$FAKE_BENCH_SCENARIO``, the
seconds per test from ``$FAKE_BENCH_TEST_S``. The figures of the "gpu" scenario are those
an RTX 3060 gives (public reviews), so the peaks and ratios downstream are realistic.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

PYTHON = {"version": "3.10.11", "bits": 64, "executable": "C:\\envs\\tf\\python.exe"}
GPU = {"name": "/physical_device:GPU:0", "model": "NVIDIA GeForce RTX 3060", "compute_capability": "8.6",
       "memory_mb": 12288}
CPU = {"model": "AMD Ryzen 5 5600X 6-Core Processor", "logical_cores": 12}


def _test(suite: str, dtype: str, params: dict, device: str) -> dict:
    label = ",".join(f"{k}={v}" for k, v in params.items())
    return {"id": f"{suite}/{dtype}/{label}/{device}", "suite": suite, "device": device, "dtype": dtype,
            "params": params}


PLAN_GPU = [
    _test("matmul", "float32", {"n": 4096}, "gpu"),
    _test("matmul", "float16", {"n": 4096}, "gpu"),
    _test("matmul", "float32", {"n": 4096}, "cpu"),
    _test("train", "float32", {"batch": 64}, "gpu"),
    _test("train", "mixed_float16", {"batch": 64}, "gpu"),
    _test("bandwidth", "float32", {"kind": "d2d", "mib": 256}, "gpu"),
]
# seconds per op -> value, unit for each planned test
FIGURES = {
    "matmul/float32/n=4096/gpu": (2 * 4096**3 / 11.8e12, "tflops", "TFLOPS", 11.8),
    "matmul/float16/n=4096/gpu": (2 * 4096**3 / 23.9e12, "tflops", "TFLOPS", 23.9),
    "matmul/float32/n=4096/cpu": (2 * 4096**3 / 0.49e12, "tflops", "TFLOPS", 0.49),
    "train/float32/batch=64/gpu": (64 / 2900.0, "images_per_s", "images/s", 2900.0),
    "train/mixed_float16/batch=64/gpu": (64 / 7800.0, "images_per_s", "images/s", 7800.0),
    "bandwidth/float32/kind=d2d,mib=256/gpu": (2 * 256e6 / 330e9, "gb_s", "GB/s", 330.0),
}


def send(event: str, **fields) -> None:
    sys.stdout.write(json.dumps({"event": event, **fields}) + "\n")
    sys.stdout.flush()


def result(test: dict) -> None:
    seconds, metric, unit, value = FIGURES[test["id"]]
    send("result", test=test["id"], suite=test["suite"], device=test["device"], dtype=test["dtype"],
         params=test["params"], placement=f"/job:localhost/replica:0/task:0/device:{test['device'].upper()}:0",
         metric=metric, unit=unit, value=value,
         stats={"median_s": seconds, "min_s": seconds * 0.98, "max_s": seconds * 1.05, "mad_s": seconds * 0.01,
                "runs": 10, "inner": 5, "warmup_runs": 5, "warmup_s": 0.5},
         extra={}, backoff=None)


def wanted(plan: list[dict]) -> list[dict]:
    """The planned tests of the suites named by --suites, as the agent plans them."""
    if "--suites" not in sys.argv:
        return plan
    suites = set(sys.argv[sys.argv.index("--suites") + 1].split(","))
    return [t for t in plan if t["suite"] in suites]


def start(plan: list[dict], gpus: list[dict], unavailable: dict | None = None) -> None:
    plan = wanted(plan)
    send("progress", phase="import", python=PYTHON)
    send("start", agent="bench", protocol=1, python=PYTHON,
         tf={"version": "2.10.1", "build": {"cuda_version": "64_112", "cudnn_version": "64_8", "is_cuda_build": True},
             "import_seconds": 3.2},
         devices={"gpu": gpus, "cpu": CPU}, gpu_unavailable=unavailable, config={"argv": sys.argv[1:]}, plan=plan)


def run_tests(plan: list[dict], pause: float) -> None:
    plan = wanted(plan)
    for index, test in enumerate(plan):
        send("progress", phase="test", test=test["id"], index=index, total=len(plan))
        time.sleep(pause)
        result(test)


def main() -> None:
    scenario = os.environ.get("FAKE_BENCH_SCENARIO", "gpu")
    pause = float(os.environ.get("FAKE_BENCH_TEST_S", "0.01"))
    if scenario == "too-old":
        sys.stderr.write('  File "bench.py", line 40\n    print(f"{x}")\nSyntaxError: invalid syntax\n')
        sys.exit(1)
    if scenario == "silent":
        sys.exit(0)
    if scenario == "gpu":
        start(PLAN_GPU, [GPU])
        run_tests(PLAN_GPU, pause)
    elif scenario == "garbage":
        start(PLAN_GPU[:2], [GPU])
        sys.stdout.write("Traceback (most recent call last):\n{\"event\": \"result\", \"test\": 5}\n[1, 2]\n")
        run_tests(PLAN_GPU[:2], pause)
    elif scenario == "crash" and "matmul" not in sys.argv[sys.argv.index("--suites") + 1]:
        start(PLAN_GPU, [GPU])  # restarted after the crash: the suites left run fine
        run_tests(PLAN_GPU, pause)
    elif scenario == "crash":  # dies (SIGSEGV) inside the second test
        start(PLAN_GPU, [GPU])
        send("progress", phase="test", test=PLAN_GPU[0]["id"], index=0, total=len(PLAN_GPU))
        result(PLAN_GPU[0])
        send("progress", phase="test", test=PLAN_GPU[1]["id"], index=1, total=len(PLAN_GPU))
        sys.stderr.write("Fatal Python error: Segmentation fault\n")
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
    elif scenario == "hang":  # hangs in the first test of the suites it is given, with a child
        if "FAKE_BENCH_PIDFILE" in os.environ:  # a child that must not outlive the run
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
            Path(os.environ["FAKE_BENCH_PIDFILE"]).write_text(str(child.pid))
        start(PLAN_GPU, [GPU])
        send("progress", phase="test", test=PLAN_GPU[0]["id"], index=0, total=len(PLAN_GPU))
        time.sleep(600)
    elif scenario == "no-gpu":  # TF sees no GPU: the CPU test runs unless only the GPU was asked for
        gpu_only = "--device" in sys.argv and sys.argv[sys.argv.index("--device") + 1] == "gpu"
        plan = [] if gpu_only else [PLAN_GPU[2]]
        start(plan, [], {"code": "gpu-unavailable", "message": "TensorFlow 2.10.1 lists no GPU"})
        run_tests(plan, pause)
    elif scenario == "crash-import":  # TF dies while importing (a bad DLL, an illegal instruction)
        send("progress", phase="import", python=PYTHON)
        sys.stderr.write("Illegal instruction (core dumped)\n")
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGILL)
    elif scenario == "hang-import":
        send("progress", phase="import", python=PYTHON)
        time.sleep(600)
    else:
        raise SystemExit(f"unknown scenario {scenario}")
    send("done", status="ok", seconds=1.0)


def make_fake_python(folder: Path, scenario: str = "gpu") -> str:
    """An executable that behaves like "python bench.py ..." for ``scenario``."""
    wrapper = folder / f"fake-python-{scenario}"
    wrapper.write_text(f"#!/bin/sh\nFAKE_BENCH_SCENARIO=${{FAKE_BENCH_SCENARIO:-{scenario}}} "
                       f"exec '{sys.executable}' '{Path(__file__).resolve()}' \"$@\"\n")
    wrapper.chmod(0o755)
    return str(wrapper)


if __name__ == "__main__":
    main()
