"""``tfgpu kb``: the contracts of its three queries, as a user runs them."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from fakes import fake_scan as fs
from tfgpu.core.cli import main
from tfgpu.core.diagnosis.doctor import diagnose

TFGPU = shutil.which("tfgpu", path=str(Path(sys.executable).parent)) or "tfgpu"
PIN = "nvidia-cudnn-cu12<9.11"


def run_json(capsys, *args: str) -> dict:
    assert main(["kb", *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.isascii()
    return json.loads(out)


def test_done_when_rtx_5080_says_no_release_runs_on_it_and_why():
    done = subprocess.run([TFGPU, "kb", "gpu", "RTX 5080"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "compute capability 12.0" in done.stdout
    assert "No TensorFlow release on PyPI runs on this GPU today." in done.stdout
    assert "Why (blackwell-no-pypi-tf, confirmed)" in done.stdout and "CUDA_ERROR_INVALID_PTX" in done.stdout
    assert "tensorflow/tensorflow#101746" in done.stdout  # the source
    assert "natively" not in done.stdout and "by PTX JIT" not in done.stdout


def test_done_when_gtx_1080_on_linux_pins_cudnn_below_9_11():
    done = subprocess.run([TFGPU, "kb", "recommend", "--gpu", "GTX 1080", "--os", "linux"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert f"'tensorflow[and-cuda]==2.21.0' '{PIN}'" in done.stdout


def test_kb_gpu_json(capsys):
    doc = run_json(capsys, "gpu", "NVIDIA GeForce RTX 5080")
    assert doc["schema_version"] == "1.0" and doc["kb_version"] == "2026.11.28"
    assert doc["gpu"]["cc"] == "12.0" and doc["gpu"]["peaks"]["fp32_tflops"] == 56.3
    assert doc["gpu"]["sources"]["fp32"]["status"] == "derived"
    assert doc["any_tf_runs"] is False and doc["newest_tf_that_runs"] is None
    assert [r["id"] for r in doc["rules"]] == ["blackwell-no-pypi-tf"]
    assert {o["id"] for o in doc["rules"][0]["options"]} == {"ngc-container", "source-build", "cpu"}
    assert all(r["linux"]["verdict"] == "unsupported" and r["linux"]["rule"] == "blackwell-no-pypi-tf" for r in doc["tf"])
    ampere = run_json(capsys, "gpu", "RTX 3060")
    by_tf = {r["tf"]: r for r in ampere["tf"]}
    assert by_tf["2.21.0"]["linux"]["verdict"] == "native" and by_tf["2.21.0"]["linux"]["arch"] == "sm_80"
    assert by_tf["2.15.0"]["linux"]["verdict"] == "ptx-jit" and by_tf["2.15.0"]["linux"]["arch"] == "compute_80"
    assert by_tf["2.21.0"]["windows"]["verdict"] == "unsupported" and by_tf["2.10.0"]["windows"]["verdict"] == "ptx-jit"
    assert by_tf["2.9.0"]["linux"]["verdict"] == "unknown"  # arch list not inspected: unknown, not a guess
    assert ampere["newest_tf_that_runs"] == "2.21.0" and ampere["rules"] == []


def test_kb_tf_json(capsys):
    doc = run_json(capsys, "tf", "2.21")
    assert doc["row"] == "2.21.0" and doc["python"]["linux"] == ["3.10", "3.11", "3.12", "3.13"]
    assert doc["python"]["macos_arm64"] and "macos_x86_64" not in doc["python"]
    assert doc["linux"]["cuda"] == "12.5" and doc["windows"]["gpu"] is False
    assert doc["arch_list"] == ["sm_60", "sm_70", "sm_80", "sm_89", "compute_90"] and doc["min_cc"] == "6.0"
    assert doc["and_cuda"]["key_pins"]["cudnn"] == "nvidia-cudnn-cu12>=9.3.0.75,<10.0"
    assert doc["and_cuda"]["pre_turing_pin"]["pin"] == PIN and doc["and_cuda"]["pre_turing_pin"]["cc_below"] == "7.5"
    patch = run_json(capsys, "tf", "2.16.2")
    assert patch["row"] == "2.16.1" and patch["patch_release"]["version"] == "2.16.2"
    assert patch["and_cuda"]["pre_turing_pin"]["pin"] is None
    assert run_json(capsys, "tf", "2.10")["windows"]["cuda"] == "11.2"


def test_kb_recommend_json_is_the_doctors_recommendation(capsys):
    doc = run_json(capsys, "recommend", "--gpu", "GTX 1080", "--os", "linux", "--python", "3.12")
    assert {"schema_version", "route", "gpu_supported", "steps", "notes"} <= set(doc)
    assert doc["route"] == "linux-pip" and doc["gpu_supported"] is True and doc["tf_version"] == "2.21.0"
    assert any(PIN in (s["command"] or "") for s in doc["steps"]) and any(PIN in n for n in doc["notes"])
    # the doctor, on a scan of the same machine (Python 3.12 found, no TensorFlow yet), says the same
    scan = fs.scan(drv=fs.driver("575.64", "12.9", [("NVIDIA GeForce GTX 1080", "6.1")]),
                   envs=[fs.env("/usr/bin/python3.12", "3.12.3", fs.tf_missing("/usr/bin/python3.12"), kind="system")])
    rec = diagnose(scan).recommendation
    assert rec.route == doc["route"] and rec.tf_version == doc["tf_version"]
    assert [str(s.text) for s in rec.steps] == [s["text"] for s in doc["steps"]]
    assert [str(n) for n in rec.notes] == doc["notes"]


def test_kb_recommend_for_blackwell_on_windows(capsys):
    doc = run_json(capsys, "recommend", "--gpu", "RTX 5090", "--os", "windows")
    assert doc["route"] == "no-pypi-gpu-build" and doc["gpu_supported"] is False
    assert not any("[and-cuda]" in (s["command"] or "") for s in doc["steps"])
    assert doc["steps"][0]["shell"] == "powershell"


def test_kb_recommend_warns_about_a_python_without_wheels(capsys):
    doc = run_json(capsys, "recommend", "--gpu", "RTX 4090", "--os", "wsl", "--python", "3.14")
    assert doc["route"] == "wsl2-pip"
    assert any("no wheel for Python 3.14" in note for note in doc["notes"])
    # issue 25: WSL's Ubuntu ships python3 3.10 / 3.12 (not python3.13); TF 2.21 has wheels for both
    assert any("python3 -m venv ~/tf" in (s["command"] or "") for s in doc["steps"])


@pytest.mark.parametrize("args, code, words", [
    (["gpu", "Radeon RX 7900"], 1, "no GPU in the knowledge base matches"),
    (["tf", "3.1"], 1, "is not in the knowledge base"),
    (["recommend", "--gpu", "GTX 1080", "--os", "macos"], 2, "invalid choice"),
    (["recommend", "--gpu", "GTX 1080", "--os", "linux", "--python", "3"], 2, "not a Python version"),
    (["recommend", "--os", "linux"], 2, "--gpu"),
])
def test_bad_input_gets_a_clear_message(capsys, args, code, words):
    try:
        result = main(["kb", *args])
    except SystemExit as exit_:  # argparse
        result = exit_.code
    assert result == code
    assert words in capsys.readouterr().err


def test_an_unknown_gpu_still_gets_a_recommendation_with_a_warning(capsys):
    assert main(["kb", "recommend", "--gpu", "Some New GPU", "--os", "linux", "--json"]) == 0
    captured = capsys.readouterr()
    assert "compute capability is unknown" in captured.err
    doc = json.loads(captured.out)
    assert doc["gpu_supported"] is None and doc["gpu"]["cc"] is None and doc["route"] == "linux-pip"
