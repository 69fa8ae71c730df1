"""The bench agent (core/agents/bench.py) for real: the real TF 2.21 of the test interpreter (this
machine has no GPU, so the GPU part is reported unavailable and the CPU part runs), real
interpreters without TF, and the agent's timing loop and plan as plain functions."""

from __future__ import annotations

import glob
import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

AGENT = Path(__file__).resolve().parent.parent / "core" / "agents" / "bench.py"
# Tiny timings: the point here is the protocol, not the figures.
TINY = ["--min-time", "0.05", "--min-warmup-s", "0.05", "--max-warmup-s", "1", "--min-run-s", "0.01"]
UNITS = {"tflops": "TFLOPS", "images_per_s": "images/s", "gb_s": "GB/s"}


def load_agent():
    spec = importlib.util.spec_from_file_location("tfgpu_bench_agent", AGENT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class AgentRun:
    def __init__(self, python: str, args: list[str], timeout: float = 240) -> None:
        started = time.monotonic()
        proc = subprocess.run([python, str(AGENT), *args], capture_output=True, timeout=timeout)
        self.wall_s = time.monotonic() - started
        self.returncode = proc.returncode
        self.stderr = proc.stderr.decode("utf-8", "replace")
        # Every stdout line must be one JSON object: TF's log never reaches the channel.
        self.events = [json.loads(line) for line in proc.stdout.decode("ascii").splitlines()]

    def of(self, event: str) -> list[dict]:
        return [e for e in self.events if e["event"] == event]

    @property
    def start(self) -> dict:
        (start,) = self.of("start")
        return start

    def outcome(self, test_id: str) -> dict:
        (found,) = [e for e in self.events if e["event"] in ("result", "error") and e.get("test") == test_id]
        return found


def check_protocol(run: AgentRun) -> None:
    """progress(import), start, plan-level errors, (progress(test), result|error)*, done."""
    events = run.events
    assert run.returncode == 0, run.stderr[-2000:]
    assert all(next(iter(e)) == "event" for e in events)  # "event" is the first key
    assert events[0]["event"] == "progress" and events[0]["phase"] == "import"
    assert set(events[0]["python"]) == {"version", "bits", "executable"}
    start = events[1]
    assert start["event"] == "start" and start["agent"] == "bench" and start["protocol"] == 1
    assert {"python", "tf", "devices", "gpu_unavailable", "config", "plan"} <= set(start)
    assert start["tf"]["version"] and start["tf"]["import_seconds"] > 0
    assert {"cuda_version", "cudnn_version", "is_cuda_build", "tensor_float_32"} <= set(start["tf"]["build"])
    assert start["devices"]["cpu"]["logical_cores"] >= 1
    plan = start["plan"]
    assert len({t["id"] for t in plan}) == len(plan)
    for test in plan:
        assert set(test) == {"id", "suite", "device", "dtype", "params"}
        assert test["id"].startswith(test["suite"] + "/" + test["dtype"] + "/")
        assert test["id"].endswith("/" + test["device"])
    done = events[-1]
    assert done["event"] == "done" and done["seconds"] > 0
    assert done["status"] == "ok"
    body = events[2:-1]
    while body and body[0]["event"] == "error":  # gpu-unavailable, a suite that cannot run
        assert body[0]["test"] is None and body[0]["fatal"] is False
        body = body[1:]
    assert len(body) == 2 * len(plan)
    for index, test in enumerate(plan):
        progress, outcome = body[2 * index], body[2 * index + 1]
        assert progress == {"event": "progress", "phase": "test", "test": test["id"], "suite": test["suite"],
                            "device": test["device"], "index": index + 1, "total": len(plan)}
        assert outcome["event"] in ("result", "error") and outcome["test"] == test["id"]
        if outcome["event"] == "error":
            assert outcome["suite"] == test["suite"] and outcome["fatal"] is False and outcome["message"]


def check_result(result: dict, test: dict) -> None:
    """Units, positive figures, and each metric recomputed from the reported stats."""
    assert result["unit"] == UNITS[result["metric"]]
    assert result["device"] == test["device"] and result["dtype"] == test["dtype"]
    assert test["device"].upper() in result["placement"]
    stats = result["stats"]
    assert 0 < stats["min_s"] <= stats["median_s"] <= stats["max_s"]
    assert 0 <= stats["mad_s"] <= stats["max_s"] - stats["min_s"]
    assert stats["runs"] >= 5 and stats["inner"] >= 1 and stats["warmup_runs"] >= 3
    assert stats["warmup_s"] > 0 and stats["first_run_s"] > 0
    assert result["value"] > 0
    p, median = result["params"], stats["median_s"]
    if result["suite"] == "matmul":
        assert result["value"] == pytest.approx(2 * p["n"] ** 3 / median / 1e12, rel=1e-12)
    elif result["suite"] == "conv2d":
        out = -(-p["hw"] // p["stride"])
        flops = 2 * p["batch"] * out * out * p["cout"] * p["kernel"] ** 2 * p["cin"]
        assert result["value"] == pytest.approx(flops / median / 1e12, rel=1e-12)
        assert result["extra"]["images_per_s"] == pytest.approx(p["batch"] / median, rel=1e-12)
    elif result["suite"] in ("train", "xla"):
        assert result["value"] == pytest.approx(p["batch"] / median, rel=1e-12)
        assert result["extra"]["step_ms"] == pytest.approx(median * 1e3, rel=1e-12)


# -- the real agent, real TF ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def quick_run() -> AgentRun:
    return AgentRun(sys.executable, ["--quick"])


@pytest.mark.slow
def test_quick_default_run_is_complete_and_under_a_minute(quick_run):
    check_protocol(quick_run)
    assert quick_run.wall_s < 60, quick_run.wall_s
    start = quick_run.start
    assert start["config"]["quick"] is True and start["config"]["device"] == "both"
    assert start["config"]["suites"] == ["matmul", "conv2d", "train", "xla", "bandwidth"]
    for test in start["plan"]:
        outcome = quick_run.outcome(test["id"])
        assert outcome["event"] == "result", outcome
        check_result(outcome, test)


@pytest.mark.slow
def test_quick_run_without_a_gpu_reports_it_and_runs_the_cpu_part(quick_run):
    start = quick_run.start
    if start["gpu_unavailable"] is None:
        pytest.skip("this machine has a usable GPU")
    assert start["gpu_unavailable"]["code"] == "gpu-unavailable"
    assert "lists no GPU" in start["gpu_unavailable"]["message"] or "CPU-only" in start["gpu_unavailable"]["message"]
    plan_errors = [e for e in quick_run.of("error") if e["test"] is None]
    assert [(e["code"], e["suite"]) for e in plan_errors] == [("gpu-unavailable", None), ("unsupported", "bandwidth")]
    assert {t["device"] for t in start["plan"]} == {"cpu"}
    assert [t["id"] for t in start["plan"]] == [
        "matmul/float32/n=1024/cpu", "matmul/float32/n=2048/cpu",
        "conv2d/float32/k=3,c=64,o=64,hw=56,s=1,b=4/cpu", "conv2d/float32/k=1,c=64,o=256,hw=56,s=1,b=4/cpu",
        "train/float32/b=16/cpu", "xla/float32/jit=on,b=16/cpu", "xla/float32/jit=off,b=16/cpu",
    ]


@pytest.mark.slow
def test_device_gpu_without_a_gpu_is_an_empty_ok_run():
    run = AgentRun(sys.executable, ["--device", "gpu", *TINY])
    if run.start["gpu_unavailable"] is None:
        pytest.skip("this machine has a usable GPU")
    check_protocol(run)
    assert run.start["plan"] == []
    assert [e["code"] for e in run.of("error")] == ["gpu-unavailable"]
    assert [e["event"] for e in run.events] == ["progress", "start", "error", "done"]


@pytest.fixture(scope="module")
def limits_run() -> AgentRun:
    """512x512 is over --max-elements (256x256 is not); no conv2d input fits at all; and after
    one test a suite's 1 ms are spent."""
    return AgentRun(sys.executable, [
        "--device", "cpu", "--suites", "matmul,conv2d", "--matmul-sizes", "512,128,64",
        "--max-elements", "70000", "--suite-time-limit", "0.001", "--conv-batch", "2", *TINY,
    ])


@pytest.mark.slow
def test_out_of_memory_backs_off_to_a_smaller_size(limits_run):
    check_protocol(limits_run)
    result = limits_run.outcome("matmul/float32/n=512/cpu")
    assert result["event"] == "result"
    assert result["params"] == {"n": 256}
    assert result["backoff"]["from"] == {"n": 512} and result["backoff"]["steps"] == 1
    assert "max-elements" in result["backoff"]["reason"]
    check_result(result, {"device": "cpu", "dtype": "float32"})


@pytest.mark.slow
def test_out_of_memory_at_the_smallest_size_is_an_oom_error(limits_run):
    error = limits_run.outcome("conv2d/float32/k=3,c=64,o=64,hw=56,s=1,b=2/cpu")
    assert error["event"] == "error" and error["code"] == "oom" and error["fatal"] is False
    assert "batch=1" in error["message"]


@pytest.mark.slow
def test_suite_time_limit_skips_the_rest_of_the_suite(limits_run):
    for test_id in ("matmul/float32/n=128/cpu", "matmul/float32/n=64/cpu"):
        error = limits_run.outcome(test_id)
        assert error["event"] == "error" and error["code"] == "time-limit" and error["fatal"] is False
    # A new suite starts its own clock: its first test runs (and is out of memory here).
    assert limits_run.outcome("conv2d/float32/k=3,c=64,o=64,hw=56,s=1,b=2/cpu")["code"] == "oom"
    assert limits_run.outcome("conv2d/float32/k=1,c=64,o=256,hw=56,s=1,b=2/cpu")["code"] in ("oom", "time-limit")
    assert limits_run.start["config"]["suite_time_limit"] == 0.001


# -- interpreters without TF, bad options (no TF import: fast) --------------------------------------


def pyenv(prefix: str) -> str:
    found = sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/{prefix}*/bin/python")))
    if not found:
        pytest.skip(f"no pyenv Python {prefix} here")
    return found[0]


@pytest.mark.parametrize("prefix, code", [("3.7", "tf-not-installed"), ("3.12", "tf-not-installed"),
                                          ("3.6", "python-too-old")])
def test_interpreter_without_tensorflow_fails_cleanly(prefix, code):
    python = pyenv(prefix)
    probe = subprocess.run([python, "-c", "import tensorflow"], capture_output=True)
    if probe.returncode == 0:
        pytest.skip(f"{python} has TensorFlow")
    run = AgentRun(python, ["--quick"], timeout=60)
    assert run.returncode == 0
    assert [e["event"] for e in run.events] == ["progress", "error", "done"]
    assert run.events[0]["python"]["version"].startswith(prefix + ".")
    error = run.events[1]
    assert error["code"] == code and error["fatal"] is True and error["test"] is None
    assert run.events[2]["status"] == "failed"


def test_bad_options_are_a_fatal_error_not_a_crash():
    run = AgentRun(sys.executable, ["--suites", "matmul,nope"], timeout=60)
    assert [e["event"] for e in run.events] == ["progress", "error", "done"]
    assert run.events[1]["code"] == "bad-arguments" and "nope" in run.events[1]["message"]
    assert run.events[2]["status"] == "failed"


def test_agent_parses_on_python_37():
    python = pyenv("3.7")
    subprocess.run([python, "-c", "import ast,sys; ast.parse(open(sys.argv[1]).read())", str(AGENT)], check=True)


# -- the timing loop and the plan, as plain functions --------------------------------------------------


class FakeOp:
    """run(inner) for an op of ``op_s`` seconds with ``overhead_s`` per run (no real waiting);
    the first ``slow_runs`` runs take ``slow_factor`` times longer (compilation, autotuning)."""

    def __init__(self, op_s, overhead_s=0.0, slow_runs=0, slow_factor=1.0, jitter=()):
        self.op_s, self.overhead_s, self.slow_runs, self.slow_factor = op_s, overhead_s, slow_runs, slow_factor
        self.jitter, self.calls = list(jitter), []

    def __call__(self, inner):
        self.calls.append(inner)
        factor = self.slow_factor if len(self.calls) <= self.slow_runs else 1.0
        if self.jitter:
            factor *= self.jitter[len(self.calls) % len(self.jitter)]
        return self.overhead_s + inner * self.op_s * factor


CFG = {"min_warmup_runs": 3, "min_warmup_s": 0.0, "max_warmup_s": 5.0, "min_run_s": 0.05,
       "min_runs": 5, "min_time": 0.0, "max_runs": 1000}


def test_measure_calibrates_inner_so_the_harness_overhead_is_small():
    agent = load_agent()
    op = FakeOp(op_s=0.001, overhead_s=0.0002)  # 1 ms op, 200 us per run of dispatch + sync
    stats = agent.measure(op, CFG)
    assert stats["inner"] * 0.001 >= CFG["min_run_s"]
    assert all(inner == stats["inner"] for inner in op.calls[-stats["runs"]:])
    assert stats["median_s"] == pytest.approx(0.001, rel=0.02)  # overhead under 2 %
    assert stats["runs"] == 5 and stats["warmup_stable"] is True


def test_measure_discards_slow_warmup_runs():
    agent = load_agent()
    op = FakeOp(op_s=0.1, slow_runs=2, slow_factor=30.0)  # compile, then autotune
    stats = agent.measure(op, CFG)
    assert stats["first_run_s"] == pytest.approx(3.0)
    assert stats["inner"] == 1 and stats["warmup_runs"] == 2 + 3
    assert stats["max_s"] == pytest.approx(0.1) and stats["mad_s"] == 0


def test_measure_stats_and_an_unstable_warmup():
    agent = load_agent()
    op = FakeOp(op_s=0.1, jitter=(1.0, 1.3))  # never within 10 %
    stats = agent.measure(op, dict(CFG, max_warmup_s=0.0, min_runs=6))
    assert stats["warmup_stable"] is False
    assert stats["min_s"] == pytest.approx(0.1) and stats["max_s"] == pytest.approx(0.13)
    assert stats["median_s"] == pytest.approx(0.115) and stats["mad_s"] == pytest.approx(0.015)


def plan_ids(agent, args, devices, gpu=None):
    cfg = agent.parse_config(args)
    plan, errors = agent.make_plan(cfg, devices, gpu)
    return [(t["id"], t["unsupported"]) for t in plan], [(e["code"], e["suite"]) for e in errors]


def test_plan_with_a_gpu_runs_train_xla_and_bandwidth_on_it_only():
    agent = load_agent()
    gpu = {"compute_capability": "7.5", "cc": [7, 5]}
    plan, errors = plan_ids(agent, ["--quick"], ["gpu", "cpu"], gpu)
    assert errors == []
    ids = dict(plan)
    assert ids["matmul/bfloat16/n=1024/gpu"] == "bfloat16 needs compute capability 8.0+ (this GPU: 7.5)"
    assert ids["matmul/float16/n=2048/gpu"] is None and "matmul/float32/n=2048/cpu" in ids
    assert "matmul/bfloat16/n=1024/cpu" not in ids  # quick: float32 only on the CPU
    assert {i.split("/")[-1] for i in ids if i.startswith(("train/", "xla/", "bandwidth/"))} == {"gpu"}
    assert "train/mixed_float16/b=128/gpu" in ids and "xla/float32/jit=on,b=128/gpu" in ids
    assert "bandwidth/float32/kind=h2d,mib=64/gpu" in ids


def test_plan_full_cpu_only():
    agent = load_agent()
    plan, errors = plan_ids(agent, ["--device", "cpu"], ["cpu"])
    assert errors == []  # the CPU was asked for: no "bandwidth needs a GPU" news
    assert plan_ids(agent, ["--device", "both"], ["cpu"])[1] == [("unsupported", "bandwidth")]  # GPU missing
    ids = [i for i, _ in plan]
    assert [i for i in ids if i.startswith("matmul/")] == [
        "matmul/float32/n=1024/cpu", "matmul/float32/n=2048/cpu", "matmul/float32/n=4096/cpu",
        "matmul/bfloat16/n=1024/cpu", "matmul/bfloat16/n=2048/cpu"]
    assert "train/float32/b=32/cpu" in ids and "train/mixed_float16/b=32/cpu" not in ids
    assert len([i for i in ids if i.startswith("conv2d/")]) == 4
