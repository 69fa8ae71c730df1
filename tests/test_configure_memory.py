"""GPU memory: the snippets run cleanly with this machine's real TF (which sees no GPU), the memory agent
runs for real and says honestly that there is no GPU, and a GPU machine's answers (which cannot exist
here) are read right: both runs compared on one source, never a number made up."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import pyenv_python
from fakes.fake_host import FakeCommand
from tfgpu.core.configure.memory import MODES, check_value, env_choice, snippet
from tfgpu.core.configure.memory_check import check_memory
from tfgpu.core.host import RealHost
from tfgpu.core.host.agents import agent_source_dir

CONTRACT = {"schema_version", "env", "gpu_available", "measured", "reason"}


def test_values_are_checked():
    assert check_value("limit", "4096") == "4096"
    assert check_value("visible", "0, 1") == "0,1"
    for mode, bad in (("limit", None), ("limit", "0"), ("limit", "4G"), ("limit", "-1"), ("visible", "0;rm -rf"),
                      ("visible", ""), ("visible", "$(id)")):
        with pytest.raises(ValueError):
            check_value(mode, bad)
    with pytest.raises(ValueError):
        snippet("turbo")
    with pytest.raises(ValueError, match="no environment variable"):
        env_choice("limit", "1024")
    assert env_choice("growth") == ("TF_FORCE_GPU_ALLOW_GROWTH", "true")
    assert env_choice("async") == ("TF_GPU_ALLOCATOR", "cuda_malloc_async")


@pytest.mark.slow
@pytest.mark.parametrize("mode, value", [("growth", None), ("limit", "1024"), ("visible", "0"), ("async", None)])
def test_each_snippet_runs_cleanly_without_a_gpu(mode, value):
    code = snippet(mode, value)
    assert code.startswith("# Put this at the very top")
    program = code + "\nprint('after', float(tf.reduce_sum(tf.constant([1.0, 2.0]))))\n"  # the first op comes after
    out = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=240,
                         env={"PATH": "/usr/bin:/bin", "TF_CPP_MIN_LOG_LEVEL": "2", "HOME": "/tmp"})
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "after 3.0" and "Traceback" not in out.stderr


@pytest.mark.slow
def test_the_memory_agent_runs_for_real_and_reports_no_gpu_honestly():
    check = check_memory(RealHost(), sys.executable, "growth")
    document = check.to_dict()
    assert set(document) == CONTRACT
    assert document["gpu_available"] is False and document["measured"] is None
    assert "lists no GPU" in document["reason"] and "cuInit" in document["reason"]
    assert len(check.runs) == 1  # nothing to compare: the second run is not made
    assert check.runs[0].tf_version and check.runs[0].is_cuda_build is True
    json.dumps(document)


def test_an_interpreter_without_tensorflow_says_so():
    python = pyenv_python("3.7")
    check = check_memory(RealHost(), python)
    assert check.gpu_available is None and check.measured is None
    assert "TensorFlow is not installed" in check.reason


def _answers(*measurements):
    """What the agent prints on a GPU machine (the protocol, with made-up measurements)."""
    calls = iter(measurements)

    def respond(argv):
        measurement = next(calls)
        lines = [{"event": "hello", "agent": "memory_probe", "protocol": 1, "python": {"version": "3.10.11"}},
                 {"event": "result", "status": "measured", "tf_version": "2.10.1", "is_cuda_build": True,
                  "errors": {}, "mode": argv[argv.index("--mode") + 1], "measurement": measurement},
                 {"event": "done"}]
        return FakeCommand(stdout="\n".join(json.dumps(line) for line in lines) + "\n")

    return respond


def test_a_gpu_machines_two_runs_are_compared(windows_host):
    windows_host.on("python", _answers({"source": "nvml-process", "process_bytes": 7_900_000_000, "notes": []},
                                       {"source": "nvml-process", "process_bytes": 420_000_000, "notes": []}))
    windows_host.env["TF_FORCE_GPU_ALLOW_GROWTH"] = "true"  # already set: the first run must not see it
    check = check_memory(windows_host, "C:\\Python310\\python.exe", "growth")
    assert check.gpu_available is True and check.reason is None
    assert check.measured["difference_bytes"] == 420_000_000 - 7_900_000_000
    assert check.measured["source"] == "nvml-process"
    assert check.measured["setting"]["how"] == "TF_FORCE_GPU_ALLOW_GROWTH=true"
    assert set(check.to_dict()) == CONTRACT
    first, second = [call for call in windows_host.calls]
    assert first[-2:] == ("--mode", "none") and second[-2:] == ("--mode", "none")


def test_different_sources_are_not_compared(windows_host):
    windows_host.on("python", _answers(
        {"source": "nvml-process", "process_bytes": 7_900_000_000, "notes": []},
        {"source": "tf-memory-info", "process_bytes": 256, "notes": ["NVML gives no per-process memory here"]}))
    check = check_memory(windows_host, "C:\\Python310\\python.exe", "limit", "2048")
    assert check.measured is not None and check.measured["difference_bytes"] is None
    assert "different sources" in check.reason
    assert windows_host.calls[1][-4:] == ("--mode", "limit", "--value", "2048")


def test_a_crash_is_no_gpu_answer(windows_host):
    windows_host.on("python", FakeCommand(stdout="", stderr="Fatal Python error: Segmentation fault", returncode=-11))
    check = check_memory(windows_host, "C:\\Python310\\python.exe")
    assert check.gpu_available is None and check.measured is None and "did not finish" in check.reason


def test_the_agent_knows_every_mode():
    source = (agent_source_dir() / "memory_probe.py").read_text(encoding="utf-8")
    assert all(f'"{mode}"' in source for mode in MODES)
