"""The bench runner against real processes that behave like the agent in the ways it can go wrong:
scripted output, real crashes (SIGSEGV), real hangs with children, garbage, silence."""

from __future__ import annotations

import os
import sys
import threading
import time

import psutil
import pytest

from fakes.fake_bench_agent import make_fake_python
from tfgpu.core.bench.model import RunStatus
from tfgpu.core.bench.render import format_run
from tfgpu.core.bench.runner import BenchOptions, BenchUpdate, run_bench
from tfgpu.core.host import RealHost


def _host(monkeypatch, **env: str) -> RealHost:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return RealHost()


def _gone(pid: int, within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.02)
    return False


def test_updates_arrive_in_order_and_the_run_is_complete(tmp_path, monkeypatch):
    updates: list[BenchUpdate] = []
    run = run_bench(make_fake_python(tmp_path, "gpu"), BenchOptions(), host=_host(monkeypatch),
                    on_update=updates.append)
    kinds = [u.kind for u in updates]
    assert kinds[:2] == ["import", "start"] and kinds[-1] == "done"
    assert kinds.count("test") == kinds.count("result") == 6
    fractions = [u.fraction for u in updates]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert run.status is RunStatus.COMPLETED and len(run.figures()) == 6
    assert run.tf_version == "2.10.1" and run.gpu_model == "NVIDIA GeForce RTX 3060"
    matmul = run.test("matmul/float32/n=4096/gpu")
    assert matmul.speedup_vs_cpu == pytest.approx(11.8 / 0.49) and matmul.percent_of_peak == pytest.approx(92.5, 0.01)


def test_malformed_lines_are_reported_and_the_rest_is_kept(tmp_path, monkeypatch):
    run = run_bench(make_fake_python(tmp_path, "garbage"), BenchOptions(), host=_host(monkeypatch))
    assert run.status is RunStatus.COMPLETED and len(run.figures()) == 2
    bad = [e for e in run.errors if e.code == "agent-bad-output"]
    assert bad and bad[0].message.startswith("3 line(s)") and "Traceback" in bad[0].message


def test_a_crash_keeps_earlier_figures_and_the_suites_left_run_again(tmp_path, monkeypatch):
    updates: list[BenchUpdate] = []
    run = run_bench(make_fake_python(tmp_path, "crash"), BenchOptions(), host=_host(monkeypatch),
                    on_update=updates.append)
    assert run.status is RunStatus.PARTIAL and run.agent_restarts == 1
    assert "restart" in [u.kind for u in updates]
    assert run.test("matmul/float32/n=4096/gpu").ok  # sent before the crash
    crashed = run.test("matmul/float16/n=4096/gpu")
    assert crashed.error_code == "agent-crashed" and "SIGSEGV" in crashed.error
    assert "during matmul/float16/n=4096/gpu" in crashed.error
    assert run.test("train/mixed_float16/batch=64/gpu").ok  # from the second agent
    assert [e.code for e in run.errors] == ["agent-crashed"]


@pytest.mark.parametrize("scenario, code", [("too-old", "python-too-old"), ("silent", "not-python")])
def test_interpreters_that_cannot_run_the_agent(tmp_path, monkeypatch, scenario, code):
    run = run_bench(make_fake_python(tmp_path, scenario), BenchOptions(), host=_host(monkeypatch))
    assert run.status is RunStatus.FAILED and [e.code for e in run.errors] == [code]
    assert run.errors[0].fatal and run.tests == []


def test_a_missing_interpreter_is_a_clear_failure(tmp_path, monkeypatch):
    run = run_bench(str(tmp_path / "no-such-python"), BenchOptions(), host=_host(monkeypatch))
    assert run.status is RunStatus.FAILED
    assert run.errors[0].code == "not-python" and "not found" in run.errors[0].message


def test_a_suite_past_its_time_limit_is_killed_with_its_child(tmp_path, monkeypatch):
    pidfile = tmp_path / "child.pid"
    host = _host(monkeypatch, FAKE_BENCH_PIDFILE=str(pidfile))
    started = time.monotonic()
    options = BenchOptions(suite_time_limit_s=0.5, hard_margin_s=0.25)
    assert options.hard_suite_limit == 1.0  # the agent's own limit, with room to finish a test
    run = run_bench(make_fake_python(tmp_path, "hang"), options, host=host)
    assert time.monotonic() - started < 10
    assert run.status is RunStatus.PARTIAL
    limited = run.test("matmul/float32/n=4096/gpu")
    assert limited.error_code == "agent-timeout" and "no answer within 1 s" in limited.error
    assert run.errors[0].code == "agent-timeout" and run.errors[0].suite == "matmul"
    assert "did not finish and the benchmark process was stopped" in format_run(run)
    assert _gone(int(pidfile.read_text()), within=2.0)


def test_cancel_stops_the_agent_and_its_children_within_a_second(tmp_path, monkeypatch):
    pidfile = tmp_path / "child.pid"
    host = _host(monkeypatch, FAKE_BENCH_PIDFILE=str(pidfile))
    cancel = threading.Event()
    box: list = []
    worker = threading.Thread(target=lambda: box.append(run_bench(
        make_fake_python(tmp_path, "hang"), BenchOptions(), host=host, cancel=cancel)))
    worker.start()
    deadline = time.monotonic() + 20
    while not (pidfile.exists() and pidfile.read_text()) and time.monotonic() < deadline:
        time.sleep(0.02)
    agents = [p for p in psutil.Process().children(recursive=True)]
    assert agents, "the fake agent never started"
    cancelled_at = time.monotonic()
    cancel.set()
    worker.join(5)
    assert not worker.is_alive() and time.monotonic() - cancelled_at < 1.0
    assert box[0].status is RunStatus.CANCELLED
    assert all(_gone(p.pid, within=1.0) for p in agents)
    assert _gone(int(pidfile.read_text()), within=1.0)
    assert {t.error_code for t in box[0].tests} == {"not-run"}


def test_an_import_that_never_ends_times_out_without_retrying(tmp_path, monkeypatch):
    run = run_bench(make_fake_python(tmp_path, "hang-import"), BenchOptions(import_timeout_s=0.5),
                    host=_host(monkeypatch))
    assert run.status is RunStatus.FAILED and run.agent_restarts == 0
    assert run.errors[0].code == "import-timeout" and run.errors[0].message == "0.5 s"
    assert "TensorFlow did not start within 0.5 s" in format_run(run)


def test_a_faulty_listener_does_not_stop_the_run(tmp_path, monkeypatch):
    def explode(update: BenchUpdate) -> None:
        raise RuntimeError("listener bug")

    run = run_bench(make_fake_python(tmp_path, "gpu"), BenchOptions(), host=_host(monkeypatch),
                    on_update=explode)
    assert run.status is RunStatus.COMPLETED and len(run.figures()) == 6


def test_the_agent_gets_the_options(tmp_path, monkeypatch):
    """Only the suites asked for run: the fake honours --suites like the agent does."""
    run = run_bench(make_fake_python(tmp_path, "gpu"), BenchOptions(suites=("train",)), host=_host(monkeypatch))
    assert {t.suite for t in run.figures()} == {"train"}
    assert run.config["suites"] == ["train"] and run.config["suite_time_limit_s"] == 60.0
    assert os.path.basename(run.python).startswith("fake-python")


@pytest.mark.slow
def test_cancel_stops_the_real_agent_while_tensorflow_imports_within_a_second():
    """The real agent in this Python (real TF): cancelled mid-import, nothing of it is left."""
    cancel = threading.Event()
    importing = threading.Event()
    box: list = []

    def on_update(update: BenchUpdate) -> None:
        if update.kind == "import":
            importing.set()

    worker = threading.Thread(target=lambda: box.append(run_bench(
        sys.executable, BenchOptions(), on_update=on_update, cancel=cancel)))
    worker.start()
    assert importing.wait(60), "the agent never said it was importing TensorFlow"
    agents = psutil.Process().children(recursive=True)
    assert agents, "no agent process while it imports TensorFlow"
    cancelled_at = time.monotonic()
    cancel.set()
    worker.join(5)
    assert not worker.is_alive() and time.monotonic() - cancelled_at < 1.0
    assert box[0].status is RunStatus.CANCELLED and box[0].errors == []
    assert all(_gone(p.pid, within=1.0) for p in agents)


def test_gpu_only_without_a_gpu_fails_and_says_nothing_was_measured(tmp_path, monkeypatch):
    run = run_bench(make_fake_python(tmp_path, "no-gpu"), BenchOptions(device="gpu"), host=_host(monkeypatch))
    assert run.status is RunStatus.FAILED and run.tests == []
    text = format_run(run)
    assert "Nothing was measured: only the GPU was asked for, and TensorFlow 2.10.1 lists no GPU" in text
    assert "Only the CPU was measured" not in text
    both = run_bench(make_fake_python(tmp_path, "no-gpu"), BenchOptions(), host=_host(monkeypatch))
    assert both.status is RunStatus.COMPLETED and "Only the CPU was measured" in format_run(both)


def test_tensorflow_crashing_on_import_is_said_as_such(tmp_path, monkeypatch):
    run = run_bench(make_fake_python(tmp_path, "crash-import"), BenchOptions(), host=_host(monkeypatch))
    assert run.status is RunStatus.FAILED and run.agent_restarts == 0
    assert [e.code for e in run.errors] == ["tf-import-crashed"] and "SIGILL" in run.errors[0].message
    assert "TensorFlow crashed while it was starting" in format_run(run)
