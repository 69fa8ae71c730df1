"""The tfgpu command, run as a user runs it (the installed console script)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu.core import __version__
from tfgpu.core.cli import main
from tfgpu.core.kb import kb_version

TFGPU = shutil.which("tfgpu", path=str(Path(sys.executable).parent)) or "tfgpu"


def run_tfgpu(*args: str, timeout: float = 240) -> subprocess.CompletedProcess:
    return subprocess.run([TFGPU, *args], capture_output=True, text=True, timeout=timeout)


def test_version():
    done = run_tfgpu("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"tfgpu {__version__} (knowledge base {kb_version()[0]})"


@pytest.mark.parametrize("value, words", [
    ("-1", "must be a number more than 0 (got -1)"), ("0", "must be a number more than 0 (got 0)"),
    ("nan", "not a finite number: 'nan'"), ("inf", "not a finite number: 'inf'"), ("soon", "not a number: 'soon'"),
])
def test_bad_timeout_is_a_usage_error_with_a_message(value, words):
    done = run_tfgpu("scan", "--tf-timeout", value)
    assert done.returncode == 2
    assert f"argument --tf-timeout: {words}" in done.stderr


def test_scan_without_tf_prints_a_readable_summary_and_exits_0():
    done = run_tfgpu("scan", "--no-tf")
    assert done.returncode == 0, done.stderr
    for title in ("System", "NVIDIA driver", "CUDA toolkits", "cuDNN", "Python + TF"):
        assert title in done.stdout
    assert "not checked (--no-tf)" in done.stdout


def test_scan_json_without_tf_is_one_document(capsys):
    assert main(["scan", "--json", "--no-tf", "-v"]) == 0
    out = capsys.readouterr().out
    assert out.isascii()  # non-ASCII is escaped: safe on any Windows console code page
    doc = json.loads(out)
    assert doc["schema_version"] and doc["tf_probed"] is False
    assert "tensorflow" not in sys.modules  # the app process never imports TF


@pytest.mark.slow
def test_scan_json_tells_the_truth_about_this_machine():
    """No NVIDIA driver here; the test env's TF is a CUDA build that sees no GPU."""
    done = run_tfgpu("scan", "--json", "--python", sys.executable)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["driver"]["status"] == "missing"
    assert doc["driver"]["reason"] == "nvml-library-not-found"
    has_toolkit = any(Path(p).is_dir() for p in Path("/usr/local").glob("cuda-*"))
    assert (doc["cuda"]["status"] == "ok") == has_toolkit
    env = next(e for e in doc["pythons"]["envs"] if e["is_self"])  # the test venv, which has TF
    tf = env["tensorflow"]
    assert tf["status"] == "ok"
    assert tf["is_cuda_build"] is True
    assert tf["cuda_build_version"].startswith("12.")
    assert tf["cudnn_build_version"].startswith("9")
    assert tf["gpu_count"] == 0
    assert "cuInit" in (tf["gpu_init_error"] or "") or "Could not find cuda drivers" in (tf["gpu_init_error"] or "")


def test_gui_options_reach_the_gui_and_a_bad_one_is_a_usage_error(tmp_path):
    done = run_tfgpu("gui", "--lang", "zh_CN", "--page", "nonexistent-page", "--screenshot", str(tmp_path / "x.png"))
    assert done.returncode != 0
    assert "nonexistent-page" in done.stdout + done.stderr  # the GUI, not the CLI parser, rejected it
    assert "unrecognized arguments" not in done.stderr
    bad = run_tfgpu("scan", "--lang", "zh_CN")
    assert bad.returncode == 2 and "unrecognized arguments: --lang zh_CN" in bad.stderr


def test_welcome_screenshot_through_the_cli(tmp_path):
    png = tmp_path / "welcome.png"
    done = run_tfgpu("gui", "--screenshot", str(png), "--page", "welcome", "--lang", "zh_CN")
    assert done.returncode == 0, done.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
