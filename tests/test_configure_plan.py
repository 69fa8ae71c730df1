"""The planner from a scan: which folders (the toolkit TF was built for, its cuDNN), which other
toolkit they must precede, and the words; the newcomer's "cudart64_110.dll not found" in one click."""

from __future__ import annotations

import pytest

from fakes import fake_scan as fs
from tfgpu.core.configure import applier
from tfgpu.core.configure.folders import choose_folders, conflicting_folders
from tfgpu.core.configure.planner import plan_path
from tfgpu.core.host.registry import REG_EXPAND_SZ, USER_ENVIRONMENT, RegValue
from tfgpu.core.probes.cudnn import CudnnInstall

V112 = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2"
V124 = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4"
CUDNN = "C:\\tools\\cudnn-8.1\\bin"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))


def _windows_scan(cudnn_inside: bool = False):
    tf = fs.tf_ok(fs.WIN_PY, "2.10.1", gpus=0, cuda="64_112", cudnn="64_8",
                  missing=["cudart64_110.dll", "cudnn64_8.dll"])
    tf.cuda_build_version, tf.cudnn_build_version = "11.2", "8"
    installs = [CudnnInstall(location=f"{V112}\\bin" if cudnn_inside else CUDNN, version="8.1.1", major=8,
                             libraries=["cudnn64_8.dll"])]
    return fs.scan(fs.os_info("windows"), toolkits=[fs.toolkit("12.4", V124), fs.toolkit("11.2", V112, on_path=False)],
                   cudnn=installs, envs=[fs.env(fs.WIN_PY, tf=tf, kind="system")])


def test_the_toolkit_tf_was_built_for_and_its_cudnn_are_chosen():
    scan = _windows_scan()
    choice = choose_folders(scan, scan.pythons.envs[0])
    assert (choice.cuda_dir, choice.cudnn_dir, choice.problem) == (V112, CUDNN, None)
    assert "the version this TensorFlow was built for" in str(choice.why[0])
    assert f"{V124}\\bin" in conflicting_folders(scan, V112, CUDNN, True)
    inside = choose_folders(_windows_scan(cudnn_inside=True), scan.pythons.envs[0])
    assert inside.cudnn_dir is None and "lies in the CUDA folder" in str(inside.why[-1])


def test_cudart64_110_not_found_to_a_correct_path_and_back(windows_host):
    for folder in (f"{V112}\\bin", f"{V112}\\libnvvp", f"{V112}\\extras\\CUPTI\\lib64", CUDNN, f"{V124}\\bin"):
        windows_host.mkdir(folder)
    original = RegValue(f"{V124}\\bin;{V124}\\libnvvp;%USERPROFILE%\\bin", REG_EXPAND_SZ)
    windows_host.registry.set(USER_ENVIRONMENT, "Path", original)
    scan = _windows_scan()
    plan = plan_path(windows_host, scan, scan.pythons.envs[0])
    assert plan.target == "user" and plan.ahead_of == f"{V124}\\bin"
    assert plan.added == [f"{V112}\\bin", f"{V112}\\libnvvp", f"{V112}\\extras\\CUPTI\\lib64", CUDNN]
    outcome = applier.apply_plan(windows_host, plan)  # one click
    assert windows_host.registry.read_value(USER_ENVIRONMENT, "Path").text.startswith(f"{V112}\\bin;")
    applier.undo_change(windows_host, outcome.change_id)  # and back
    assert windows_host.registry.read_value(USER_ENVIRONMENT, "Path") == original


def test_problems_are_said_not_guessed():
    tf = fs.tf_ok(fs.LINUX_PY, "2.15.0", cuda="12.2", cudnn="8")
    several = fs.scan(toolkits=[fs.toolkit("11.8", "/usr/local/cuda-11.8"), fs.toolkit("13.0", "/usr/local/cuda-13.0")],
                      envs=[fs.env(fs.LINUX_PY, tf=tf)])
    assert "matches this TensorFlow, which needs CUDA 12.2" in str(choose_folders(several, several.pythons.envs[0]).problem)
    assert "Several CUDA toolkits" in str(choose_folders(several, None).problem)
    assert "No CUDA toolkit was found" in str(choose_folders(fs.scan(), None).problem)
    wheels = fs.tf_ok(fs.LINUX_PY, "2.15.0", distributions={"tensorflow": "2.15.0", "nvidia-cudnn-cu12": "8.9.4.25"})
    pip = fs.scan(toolkits=[fs.toolkit("12.2", "/usr/local/cuda-12.2")], envs=[fs.env(fs.LINUX_PY, tf=wheels)])
    assert "brings its own CUDA libraries (nvidia-cudnn-cu12)" in str(choose_folders(pip, pip.pythons.envs[0]).problem)
    assert choose_folders(pip, pip.pythons.envs[0], "/usr/local/cuda-12.2").problem is None  # unless asked for
