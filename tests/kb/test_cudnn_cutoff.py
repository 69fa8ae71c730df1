"""cuDNN 9.11 dropped compute capability < 7.5: every [and-cuda] recommendation and fix step for TF 2.20/2.21
on such a GPU pins ``nvidia-cudnn-cu12<9.11``; the cuDNN-handle symptoms map to ``cudnn-gpu-too-old`` in the
doctor and in explain alike. The pin is checked against pip itself, and the commands against real bash."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from fakes import fake_scan as fs
from tfgpu.core import kb
from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.diagnosis.recommend import recommend_route, route_input_for
from tfgpu.core.explain.engine import explain_text
from tfgpu.core.findings.fixes import FixContext, fix_steps

PIN = "nvidia-cudnn-cu12<9.11"
GTX1080_LINE = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:2021] Created device /job:localhost/replica:0/task:0/"
                "device:GPU:0 with 6000 MB memory:  -> device: 0, name: NVIDIA GeForce GTX 1080, pci bus id: 0000:01:00.0, "
                "compute capability: 6.1")
HANDLE = "E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:535] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR"


def commands(steps) -> str:
    return "\n".join(s.command or "" for s in steps)


@pytest.mark.parametrize("tf, cc, pins", [
    ("2.21.0", "6.1", (PIN,)), ("2.20.0", "7.0", (PIN,)), ("2.21.0", "5.2", (PIN,)), (None, "6.0", (PIN,)),
    ("2.21.0", "7.5", ()), ("2.21.0", "8.6", ()), ("2.19.0", "6.1", ()), ("2.14.0", "6.1", ()), ("2.21.0", None, ()),
])
def test_which_installs_need_the_pin(tf, cc, pins):
    assert kb.and_cuda_pins(tf, cc) == pins


@pytest.mark.parametrize("cudnn, cc, drops", [
    ("9.28.0.42", "6.1", True), ("9.11.0.98", "7.0", True), ("9.10.2.21", "6.1", False), ("9.28.0.42", "7.5", False),
    ("8.9.7.29", "5.0", False), (None, "6.1", False), ("9.28", None, False),
])
def test_cudnn_drops_gpu(cudnn, cc, drops):
    assert (kb.cudnn_drops_gpu(cudnn, cc) is not None) is drops


@pytest.mark.parametrize("os_name", ["linux", "wsl", "windows"])
@pytest.mark.parametrize("gpu", ["GTX 1080", "Tesla V100", "Tesla P100", "GTX 980 Ti", "TITAN V"])
def test_the_recommendation_pins_cudnn_for_pre_turing_gpus(os_name, gpu):
    rec = recommend_route(route_input_for(gpu, os_name))
    assert rec.gpu_supported is True
    install = next(s.command for s in rec.steps if "[and-cuda]" in (s.command or ""))
    build = kb.tf_build(rec.tf_version)
    assert (PIN in install) is bool(build.pre_turing_pin), install
    if build.pre_turing_pin:
        assert any(PIN in str(note) and "Source:" in str(note) for note in rec.notes)


@pytest.mark.parametrize("gpu", ["RTX 3060", "RTX 2080 Ti", "RTX 4090", "Tesla T4"])
def test_turing_and_newer_get_no_pin(gpu):
    rec = recommend_route(route_input_for(gpu, "linux"))
    assert PIN not in commands(rec.steps) and not rec.notes


@pytest.mark.parametrize("finding_id", ["cpu-only-build", "cuda-runtime-missing", "cudnn-missing", "tensorflow-gpu-removed",
                                        "mixed-tf-packages", "no-native-windows-gpu"])
def test_every_and_cuda_fix_step_pins_cudnn_on_a_pre_turing_gpu(finding_id):
    os_name = "windows" if finding_id == "no-native-windows-gpu" else "linux"
    old = FixContext(os=os_name, tf_version="2.21.0", compute_capability="6.1", gpu_name="NVIDIA GeForce GTX 1080")
    new = FixContext(os=os_name, tf_version="2.21.0", compute_capability="8.6", gpu_name="NVIDIA GeForce RTX 3060")
    old_commands, new_commands = commands(fix_steps(finding_id, old)), commands(fix_steps(finding_id, new))
    assert "[and-cuda]" in old_commands and PIN in old_commands
    assert "[and-cuda]" in new_commands and PIN not in new_commands


def _scan(gpu: tuple[str, str], cudnn: str, gpus_listed: int = 1):
    tf = fs.tf_ok(fs.LINUX_PY, "2.21.0", gpus=gpus_listed,
                  distributions={"tensorflow": "2.21.0", "nvidia-cudnn-cu12": cudnn})
    return fs.scan(drv=fs.driver("575.64", "12.9", [gpu]), envs=[fs.env(fs.LINUX_PY, tf=tf)])


def test_the_doctor_finds_a_cudnn_that_dropped_the_gpu_even_when_tf_lists_it():
    d = diagnose(_scan(("NVIDIA GeForce GTX 1080", "6.1"), "9.28.0.42"))
    assert not d.gpu_ready and d.primary.id == "cudnn-gpu-too-old"
    assert d.primary.facts["cudnn"] == "9.28.0.42" and d.primary.facts["pin"] == PIN
    assert f"-m pip install '{PIN}'" in commands(d.primary.fix)
    assert diagnose(_scan(("NVIDIA GeForce GTX 1080", "6.1"), "9.10.2.21")).gpu_ready
    assert diagnose(_scan(("NVIDIA GeForce RTX 3060", "8.6"), "9.28.0.42")).gpu_ready


def test_one_old_gpu_among_newer_ones_is_a_warning_and_tf_stays_ready():
    tf = fs.tf_ok(fs.LINUX_PY, "2.21.0", gpus=2, distributions={"tensorflow": "2.21.0", "nvidia-cudnn-cu12": "9.28.0.42"})
    scan = fs.scan(drv=fs.driver("575.64", "12.9", [("NVIDIA GeForce RTX 3090", "8.6"), ("NVIDIA TITAN Xp", "6.1")]),
                   envs=[fs.env(fs.LINUX_PY, tf=tf)])
    d = diagnose(scan)
    assert d.gpu_ready
    assert [(f.id, f.severity.value) for f in d.envs[0].findings] == [("gpu-ok", "ok"), ("cudnn-gpu-too-old", "warning")]


def test_arch_mismatch_always_means_cudnn_gpu_too_old():
    bare = explain_text("Could not create cudnn handle: CUDNN_STATUS_ARCH_MISMATCH")
    assert bare.primary == "cudnn-gpu-too-old" and [f.id for f in bare.findings] == ["cudnn-gpu-too-old"]
    assert PIN in commands(bare.findings[0].fix)  # the GPU is unknown: the pin, for GPUs below 7.5
    with_gpu = explain_text(f"{GTX1080_LINE}\n{HANDLE.replace('INTERNAL_ERROR', 'ARCH_MISMATCH')}")
    assert with_gpu.findings[0].facts["compute_capability"] == "6.1"


@pytest.mark.parametrize("extra, expected", [
    ("nvidia-cudnn-cu12==9.28.0.42", "cudnn-gpu-too-old"),  # pip freeze names a cuDNN >= 9.11
    ("tensorflow==2.21.0", "cudnn-gpu-too-old"),  # an unpinned [and-cuda] 2.21 picks cuDNN 9.28
    ("nvidia-cudnn-cu12==9.10.2.21", "gpu-oom"),  # the last cuDNN for this GPU: memory, as before
    ("tensorflow==2.19.0", "gpu-oom"),  # 2.19 pins cuDNN 9.3: nothing says the cuDNN is too new
    ("", "gpu-oom"),  # neither cuDNN nor TF known: no guess
])
def test_the_cudnn_handle_symptoms_follow_the_gpu_and_the_cudnn(extra, expected):
    for symptom in (HANDLE, "UnknownError: Failed to get convolution algorithm. This is probably because cuDNN failed to initialize",
                    "FailedPreconditionError: DNN library initialization failed. Look at the errors above for more details."):
        explanation = explain_text(f"{GTX1080_LINE}\n{symptom}\n{extra}")
        assert explanation.primary == expected, (symptom, extra, [str(f.detail) for f in explanation.findings])
    newer = explain_text(f"{GTX1080_LINE.replace('GTX 1080', 'RTX 3090').replace('6.1', '8.6')}\n{HANDLE}\n{extra}")
    assert newer.primary == "gpu-oom"  # cuDNN 9.28 runs on 8.6: the default meaning stays


def test_doctor_and_explain_say_the_same():
    doctor = diagnose(_scan(("NVIDIA GeForce GTX 1080", "6.1"), "9.28.0.42")).primary
    explained = explain_text(f"{GTX1080_LINE}\n{HANDLE.replace('INTERNAL_ERROR', 'ARCH_MISMATCH')}\n"
                             "nvidia-cudnn-cu12==9.28.0.42").findings[0]
    assert (explained.id, explained.severity, explained.title) == (doctor.id, doctor.severity, doctor.title)
    assert explained.detail == doctor.detail
    assert commands(explained.fix).replace("python3", "PY") == commands(doctor.fix).replace(fs.LINUX_PY, "PY")
    assert set(doctor.sources) == set(explained.sources)


def test_the_commands_we_show_give_pip_these_exact_arguments(tmp_path: Path):
    """Real bash runs the recommendation's own install line; a stand-in python prints its arguments."""
    python = tmp_path / "tf" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(f"#!{sys.executable}\nimport json, sys\nprint(json.dumps(sys.argv[1:]))\n", encoding="utf-8")
    python.chmod(python.stat().st_mode | stat.S_IEXEC)
    rec = recommend_route(route_input_for("GTX 1080", "linux", "3.12"))
    install = next(s.command for s in rec.steps if "[and-cuda]" in (s.command or ""))
    done = subprocess.run(["bash", "-c", install], capture_output=True, text=True, timeout=30,
                          env={**os.environ, "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["-m", "pip", "install", "tensorflow[and-cuda]==2.21.0", PIN]


@pytest.mark.slow
def test_pip_resolves_the_recommended_install_below_the_cut_off(tmp_path: Path):
    """pip itself (against PyPI) resolves the recommendation's requirements: TF 2.21.0, cuDNN 9.10.x."""
    rec = recommend_route(route_input_for("GTX 1080", "linux", "3.12"))
    install = next(s.command for s in rec.steps if "[and-cuda]" in (s.command or ""))
    specs = install.split(" install ", 1)[1].replace("'", "").split()
    report = tmp_path / "report.json"
    platforms = [arg for tag in ("manylinux_2_27_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64",
                                 "manylinux2010_x86_64", "manylinux1_x86_64", "any") for arg in ("--platform", tag)]
    done = subprocess.run([sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed", "--quiet",
                           "--only-binary=:all:", *platforms, "--python-version", "3.12", "--target", str(tmp_path / "t"),
                           "--report", str(report), *specs], capture_output=True, text=True, timeout=280)
    if done.returncode != 0 and ("Could not fetch" in done.stderr or "NewConnectionError" in done.stderr):
        pytest.skip("PyPI is not reachable")
    assert done.returncode == 0, done.stderr[-2000:]
    resolved = {item["metadata"]["name"]: item["metadata"]["version"] for item in json.loads(report.read_text())["install"]}
    assert resolved["tensorflow"] == "2.21.0"
    assert resolved["nvidia-cudnn-cu12"].startswith("9.10."), resolved["nvidia-cudnn-cu12"]
