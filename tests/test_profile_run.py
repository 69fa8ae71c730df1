"""The profile for real: the profile agent on this machine's TensorFlow (CPU), running the fixture
scripts in tests/fixtures/profile through the runner and ``tfgpu profile``. Each run imports TF in a
fresh Python (seconds), so they are few, with tiny models and few steps. After every run no process
of the script may be left (psutil)."""

from __future__ import annotations

import json
import shutil
import sys
import threading
import time
from pathlib import Path

import psutil
import pytest

from conftest import pyenv_python
from tfgpu.core.cli import main
from tfgpu.core.profile.runner import ProfileOptions, run_profile

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "profile"
PYTHON = sys.executable
pytestmark = pytest.mark.slow


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TF_CPP_MIN_LOG_LEVEL", "2")


def copy_fixture(tmp_path: Path, name: str) -> Path:
    """A private copy: its path is a marker no other process carries."""
    folder = tmp_path / "scripts"
    folder.mkdir(exist_ok=True)
    return Path(shutil.copy(FIXTURES / name, folder / name))


def left_running(script: Path) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["cmdline"]):
        try:
            if any(str(script) in part for part in process.info["cmdline"] or []):
                found.append(process)
        except psutil.Error:
            continue
    return found


def test_input_bound_is_called_input_bound_within_15_points_of_the_truth(tmp_path, capsys):
    script = copy_fixture(tmp_path, "input_bound.py")
    code = main(["profile", str(script), "--json", "--python", PYTHON, "--steps", "8", "--warmup", "4"])
    document = json.loads(capsys.readouterr().out)
    assert code == 0, document["reason"]
    assert set(document) >= {"schema_version", "env", "script", "steps_traced", "step_ms", "breakdown",
                             "bottleneck", "top_ops", "advice", "gpu", "reason"}
    assert document["bottleneck"] == "input" and document["steps_traced"] == 8
    truths = [line for line in document["output_tail"].splitlines() if line.startswith("TRUTH")]
    truth = float(truths[-1].split("input_share=")[1].split()[0])
    measured = document["breakdown"]["input"]
    print(f"input share: measured {measured:.3f}, the script's own truth {truth:.3f}")
    assert abs(measured - truth) <= 0.15
    assert abs(sum(document["breakdown"].values()) - 1.0) < 0.01
    assert document["advice"][0]["rule"].startswith("input-")
    assert "prefetch" in document["advice"][0]["text"]
    assert f"{measured * 100:.0f}%" in document["advice"][0]["text"]  # the figure behind the advice
    assert not left_running(script)


def test_compute_bound_is_not_called_input_bound(tmp_path):
    script = copy_fixture(tmp_path, "compute_bound.py")
    run = run_profile(PYTHON, str(script), ["--width", "512"],
                      ProfileOptions(steps=6, warmup=3, logdir=str(tmp_path / "trace")))
    assert run.ok, run.reason
    assert run.logdir == str(tmp_path / "trace") and list((tmp_path / "trace").rglob("*.xplane.pb"))
    assert run.bottleneck != "input" and run.breakdown["input"] < 0.2
    assert run.bottleneck == "device-compute"  # no GPU here: the CPU is the device
    assert run.top_ops and run.top_ops[0]["type"].endswith("MatMul")
    assert run.settings["mixed_precision"] is False and run.steps_traced == 6
    assert not any(a.rule.startswith("input-") for a in run.advice)
    assert not left_running(script)


def test_custom_loop_with_step_markers_is_profiled(tmp_path):
    script = copy_fixture(tmp_path, "custom_loop.py")
    run = run_profile(PYTHON, str(script), ["--markers", "--steps", "100000"],
                      ProfileOptions(trace_after_s=2, trace_seconds=1.5))
    assert run.ok, run.reason
    assert run.mode == "time" and run.steps_traced > 5 and run.step_ms["median"] is not None
    assert run.reason is None and run.breakdown["device_compute"] > 0
    assert not left_running(script)


def test_custom_loop_without_markers_says_what_to_add(tmp_path):
    script = copy_fixture(tmp_path, "custom_loop.py")
    run = run_profile(PYTHON, str(script), ["--steps", "100000"], ProfileOptions(trace_after_s=2, trace_seconds=1))
    assert run.ok and run.steps_traced == 0
    assert "tf.profiler.experimental.Trace(" in run.reason and "step_num=" in run.hint
    assert run.advice[0].rule == "step-markers" and "Trace(" in run.advice[0].snippet
    assert not left_running(script)


def test_a_script_that_raises_gives_its_error(tmp_path):
    script = copy_fixture(tmp_path, "raises.py")
    run = run_profile(PYTHON, str(script))
    assert run.status == "failed" and "the data folder ./data does not exist" in run.reason
    assert "raises.py" in run.output_tail and "profile.py" not in run.output_tail  # the user's frames only
    assert not left_running(script)


def test_a_script_that_never_calls_fit_says_so(tmp_path, capsys):
    script = copy_fixture(tmp_path, "no_fit.py")
    code = main(["profile", "--python", PYTHON, "--json", str(script)])
    document = json.loads(capsys.readouterr().out)
    assert code == 1 and document["status"] == "failed"
    assert "without calling Model.fit" in document["reason"] and "Trace(" in document["reason"]


def test_a_script_past_the_timeout_is_killed_with_its_tree(tmp_path):
    script = copy_fixture(tmp_path, "endless.py")
    started = time.monotonic()
    run = run_profile(PYTHON, str(script), options=ProfileOptions(warmup=10**6, timeout_s=10))
    assert run.status == "timed-out" and "10 s" in run.reason
    assert time.monotonic() - started < 25
    assert not left_running(script)


def test_stop_mid_trace_leaves_no_process(tmp_path):
    script = copy_fixture(tmp_path, "endless.py")
    stop, seen = threading.Event(), []

    def on_update(update):
        seen.append(update.kind)
        if update.kind == "trace" and update.message == "start":
            stop.set()

    run = run_profile(PYTHON, str(script), options=ProfileOptions(warmup=3, steps=10**6, timeout_s=120),
                      on_update=on_update, cancel=stop)
    assert "trace" in seen and "step" in seen
    assert run.status == "cancelled" and run.reason
    assert not left_running(script)


def test_a_python_without_tensorflow_fails_fast(tmp_path):
    script = copy_fixture(tmp_path, "compute_bound.py")
    started = time.monotonic()
    run = run_profile(pyenv_python("3.12"), str(script))
    assert run.status == "failed" and "TensorFlow is not installed" in run.reason
    assert time.monotonic() - started < 15


def test_a_gpu_trace_is_split_by_its_streams():
    """No GPU here: a synthetic XSpace shaped like a GPU run's (built with TF's own xplane_pb2) goes
    through the agent's own split: kernels are device compute, Memcpy copies, the derived lines skipped."""
    import subprocess

    agent = Path(__file__).resolve().parent.parent / "core" / "agents" / "profile.py"
    out = subprocess.run([PYTHON, str(FIXTURES / "synthetic_gpu_trace.py"), str(agent)], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["markers"] == "tfgpu" and found["windows"] == [[0.0, 10.0, 6], [10.0, 19.0, 7]]
    # 0-1 input, 1-3 copy (beats input), 3-8 kernel, 8-10 idle | 10-12 input, 12-13 idle, 13-18 kernel, 18-19 idle
    assert found["parts_ms"] == {"device_compute": 10.0, "copies": 2.0, "input": 3.0, "compile": 0.0,
                                 "host_compute": 0.0, "launch_idle": 4.0}


@pytest.mark.skipif(sys.platform == "win32", reason="SIGABRT is a POSIX signal")
def test_a_crashing_script_names_the_signal_and_leaves_no_process(tmp_path):
    script = copy_fixture(tmp_path, "crashes.py")
    run = run_profile(PYTHON, str(script), options=ProfileOptions(timeout_s=60))
    assert run.status == "failed" and "killed by SIGABRT" in run.reason, run.reason
    assert not left_running(script)  # the child it started is gone too


def test_json_shaped_lines_on_stdout_a_chdir_and_an_early_exit_do_not_confuse_the_protocol(tmp_path):
    """The script's stdout goes to stderr; its fake "result", "step" and "done" lines are not events.
    Its folder's name holds spaces, quotes and shell syntax, and so do its arguments. It imports cProfile:
    the agent's own folder (its profile.py) must not shadow the stdlib's profile module."""
    folder = tmp_path / "my data $(touch pwned) 'q' ;&"
    folder.mkdir()
    script = Path(shutil.copy(FIXTURES / "garbage_stdout.py", folder / "train it;$x.py"))
    run = run_profile(PYTHON, str(script), ["a b", "$HOME", "--json"], options=ProfileOptions(timeout_s=60))
    assert run.status == "failed" and "without calling Model.fit" in run.reason, run.reason
    assert run.steps_seen == 0 and not run.breakdown
    assert 'ARGS ["a b", "$HOME", "--json"]' in run.output_tail and f"CWD {folder}\n" in run.output_tail
    assert not (folder / "pwned").exists() and not (Path.cwd() / "pwned").exists()
    assert not left_running(script)


def test_a_script_that_runs_its_own_profiler_is_stopped_at_once_with_the_reason(tmp_path):
    """Its fit would take about 100 s more: the profile ends when our trace cannot start, not at the timeout."""
    script = copy_fixture(tmp_path, "profiles_itself.py")
    started = time.monotonic()
    run = run_profile(PYTHON, str(script), options=ProfileOptions(warmup=2, steps=3, timeout_s=90))
    assert run.status == "failed" and "Another profiler" in run.reason and "turn it off" in run.reason, run.reason
    assert time.monotonic() - started < 45
    assert not left_running(script)


def test_a_fit_after_a_set_up_longer_than_trace_after_is_still_traced_as_fit(tmp_path):
    """The trace by time (from 2.5 s to 3 s) finds no step markers and no fit: the script is not stopped
    there but runs on, and its fit (after 3 s of set-up) is what gets traced."""
    script = copy_fixture(tmp_path, "slow_setup.py")
    run = run_profile(PYTHON, str(script), ["--setup-s", "3"],
                      ProfileOptions(steps=4, warmup=2, trace_after_s=2.5, trace_seconds=0.5, timeout_s=90))
    assert run.ok, run.reason
    assert run.mode == "fit" and run.steps_traced == 4 and run.hint is None and run.reason is None
    assert not left_running(script)
