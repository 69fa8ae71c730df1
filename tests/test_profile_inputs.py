"""Bad input to ``tfgpu profile`` and what a failed profile says, without running TensorFlow: a
folder or a non-Python file never runs, an option error after SCRIPT names the command, a Python 2
interpreter is "too old" (not an agent traceback), a crashed script's Python names the signal, a
failed run's JSON still names every part of the step, and ``report --no-bench`` keeps the profile."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from conftest import pyenv_python
from tfgpu.core.cli import main
from tfgpu.core.host import CommandResult
from tfgpu.core.profile import runner, saved_runs
from tfgpu.core.profile.model import PARTS, ProfileRun
from tfgpu.core.profile.runner import run_from_lines, run_profile

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "profile"
RECORDED = FIXTURES / "recorded_input_bound.jsonl"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))


def test_a_folder_or_a_non_python_file_is_a_usage_error_and_never_runs(tmp_path, capsys):
    marker = tmp_path / "ran"
    text = tmp_path / "notes.txt"
    text.write_text(f"open({str(marker)!r}, 'w').close()\n")
    assert main(["profile", "--python", sys.executable, str(text)]) == 2
    assert "not a Python script (.py)" in capsys.readouterr().err
    assert main(["profile", "--python", sys.executable, str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "is a folder" in err and "no file at" not in err
    run = run_profile(sys.executable, str(text))  # the runner refuses it too (the page calls it directly)
    assert run.status == "failed" and "not a Python script" in run.reason
    assert not marker.exists()
    assert runner.script_problem(str(FIXTURES / "input_bound.py")) is None


def test_an_option_error_after_the_script_names_the_command_on_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["profile", str(FIXTURES / "input_bound.py"), "--steps", "0"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["tfgpu profile: error: argument --steps: must be a whole number more than 0 (got 0)"]


def test_a_python_2_interpreter_is_too_old_not_an_agent_traceback(tmp_path):
    run = run_profile(pyenv_python("2.7"), str(FIXTURES / "input_bound.py"))
    assert run.status == "failed"
    assert "too old" in run.reason and "2.7" in run.reason and "perf_counter" not in run.reason


def test_a_python_killed_by_a_signal_says_so_not_its_last_log_line():
    result = CommandResult(argv=("python",), returncode=-6, stderr="E0000 cuda_platform.cc:52] failed call to cuInit\n")
    reason = runner._ended_without_result(result)
    assert reason.startswith("the script's Python was killed by SIGABRT") and "cuInit" in reason
    assert "exit code 3 " in runner._ended_without_result(CommandResult(argv=("python",), returncode=3, stderr=""))
    access_violation = CommandResult(argv=("python.exe",), returncode=3221225477, stderr="")  # Windows' crash code
    assert "exit code 3221225477 (0xC0000005)" in runner._ended_without_result(access_violation)


def test_a_failed_run_still_names_every_part_of_the_step():
    run = ProfileRun(run_id="20261128-010000-cccc", created="2026-11-28T01:00:00Z", env="/p/python", script="/s/t.py",
                     reason="the script failed")
    document = json.loads(json.dumps(run.document()))
    assert list(document["breakdown"]) == list(PARTS) and set(document["breakdown"].values()) == {None}
    assert document["bottleneck"] == "unknown" and document["step_ms"] == {"median": None, "p90": None}
    done = run_from_lines(RECORDED.read_text().splitlines(), env="/p/python", script="/s/input_bound.py")
    shares = done.document()["breakdown"]
    assert list(shares) == list(PARTS) and abs(sum(shares.values()) - 1) < 0.01


def test_report_without_the_benchmark_still_has_the_latest_profile(tmp_path):
    from fakes.report_inputs import save_canary_scan
    from tfgpu.core.report.collect import CollectOptions, collect

    run = run_from_lines(RECORDED.read_text().splitlines(), env="/p/python", script="/s/input_bound.py",
                         run_id="20261128-010000-dddd")
    saved_runs.save_run(run)
    scan = save_canary_scan(tmp_path / "input")
    inputs = collect(CollectOptions(scan_file=str(scan), include_bench=False, raw_commands=False))
    assert inputs.bench is None and inputs.profile is not None
    assert inputs.profile.run_id == "20261128-010000-dddd"


def test_a_timeout_without_fit_speaks_of_the_trace_by_time_not_of_warm_up_steps():
    from tfgpu.core.profile.runner import ProfileOptions, _Events, _status

    options = ProfileOptions(timeout_s=8, trace_after_s=15)
    events = _Events(lambda *_a, **_k: None)
    events.feed(json.dumps({"event": "start", "tf": {"version": "2.21.0"}}))
    run = ProfileRun(run_id="20261128-010000-eeee", created="x", env="/p/python", script="/s/t.py")
    _status(run, events, CommandResult(argv=("python",), returncode=None, timed_out=True), options, False)
    assert run.status == "timed-out" and "without calling Model.fit" in run.reason
    assert "15 s" in run.reason and "warm-up" not in run.reason
    events.feed(json.dumps({"event": "fit", "dtype_policy": "float32"}))
    _status(run, events, CommandResult(argv=("python",), returncode=None, timed_out=True), options, False)
    assert "warm-up" in run.reason


def test_the_tensorboard_line_comes_with_the_install_it_needs(capsys):
    """TF 2.20+ does not install TensorBoard (TF 2.21 here has no tensorboard requirement) and
    tensorboard-plugin-profile needs only xprof: the install line names both, for that interpreter."""
    import argparse

    from tfgpu.core.cli.profile import _print
    from tfgpu.core.profile.tensorboard import plugin_install_command

    run = run_from_lines(RECORDED.read_text().splitlines(), env="/home/a b/venv/bin/python", script="/s/input_bound.py")
    assert plugin_install_command(run, "linux") == ("'/home/a b/venv/bin/python' -m pip install tensorboard "
                                                    "tensorboard-plugin-profile")
    _print(argparse.Namespace(json=False, verbose=False), run, None)
    out = capsys.readouterr().out
    assert "-m tensorboard.main --logdir" in out and plugin_install_command(run) in out


def test_an_edited_saved_run_with_impossible_shares_is_listed_as_damaged_and_the_others_still_load(tmp_path, capsys):
    good = run_from_lines(RECORDED.read_text().splitlines(), env="/p/python", script="/s/input_bound.py",
                          run_id="20261128-010000-aaaa")
    saved_runs.save_run(good)
    bad = run_from_lines(RECORDED.read_text().splitlines(), env="/p/python", script="/s/input_bound.py",
                         run_id="20261128-020000-bbbb")
    path = saved_runs.save_run(bad)
    data = json.loads(path.read_text())
    data["breakdown"]["input"] = 5.0  # "input wait 89% -> 500%" before
    path.write_text(json.dumps(data))
    listed = {s.run_id: s for s in saved_runs.list_runs()}
    assert listed["20261128-020000-bbbb"].run is None and "breakdown.input" in listed["20261128-020000-bbbb"].problem
    assert listed["20261128-010000-aaaa"].run is not None
    assert saved_runs.load_run("latest").run_id == "20261128-010000-aaaa"
    assert main(["profile", "--list"]) == 0
    out = capsys.readouterr().out
    assert "20261128-020000-bbbb  (unreadable: profile.breakdown.input" in out and "20261128-010000-aaaa  profiled" in out
    data["breakdown"]["input"], data["bottleneck"] = 0.5, "gpu"
    path.write_text(json.dumps(data))
    assert "profile.bottleneck" in saved_runs.list_runs()[0].problem


def test_no_save_keeps_the_trace_in_a_temporary_folder_not_in_the_data_folder():
    import argparse
    import tempfile

    from tfgpu.core.cli.profile import add_parser, profile_options, split_script_args

    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["profile", "train.py", "--no-save"])
    split_script_args(args)
    logdir = Path(profile_options(args).logdir)
    try:
        assert logdir.parent == Path(tempfile.gettempdir()) and logdir.name.startswith("tfgpu-profile-")
        assert saved_runs.history_dir() not in logdir.parents
    finally:
        logdir.rmdir()
    args = parser.parse_args(["profile", "train.py"])
    split_script_args(args)
    assert profile_options(args).logdir is None  # kept with the saved run: traces/<run id>


def test_a_trace_that_could_not_start_is_the_reason_even_when_the_full_run_then_times_out():
    from tfgpu.core.profile.runner import ProfileOptions, _Events, _status

    events = _Events(lambda *_a, **_k: None)
    for event in ({"event": "start"}, {"event": "fit"}, {"event": "step", "step": 1, "ms": 5.0},
                  {"event": "error", "code": "trace-failed", "fatal": True,
                   "message": "AlreadyExistsError: Another profiler is running."}):
        events.feed(json.dumps(event))
    run = ProfileRun(run_id="20261128-010000-ffff", created="x", env="/p/python", script="/s/t.py")
    _status(run, events, CommandResult(argv=("python",), returncode=None, timed_out=True),
            ProfileOptions(full=True, timeout_s=60), False)
    assert run.status == "timed-out" and "Another profiler is running" in run.reason and "60 s" in run.reason
