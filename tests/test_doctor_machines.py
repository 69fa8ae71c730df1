"""The doctor end to end on whole machines: the probes run on FakeHosts built from real captures
(NVML / nvidia-smi of tests/fixtures/nvidia_smi, nvcc and version files of tests/fixtures/cuda),
then ``diagnose``. Only TF's answer is given (an agent cannot run inside a fake Windows),
as the agent reports it for the TF version in question."""

from __future__ import annotations

import pynvml
from test_probe_cuda import V112, V121, windows_toolkit
from test_probe_driver import LINUX_SMI, failing, smi_machine

from fakes import fake_scan as fs
from fakes.fake_host import FakeHost
from fakes.fake_nvml import FakeNvml, nvml_from_query_csv
from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.scan import Scan, ScanOptions, run_scan

WIN_PY = fs.WIN_PY


def scan_with_tf(host: FakeHost, *envs) -> Scan:
    scan = run_scan(host, ScanOptions(include_tf=False))
    scan.pythons.envs = list(envs)
    return scan


def rtx2080super(host: FakeHost) -> None:
    host.nvml_module = nvml_from_query_csv("windows-rtx2080super-591.86-query-gpu.csv", cuda_driver_version=13010,
                                           nvml_version="591.86")


def test_windows_rtx2080super_tf215_is_no_native_gpu_and_wsl_is_the_route(windows_host: FakeHost):
    rtx2080super(windows_host)
    tf = fs.tf_ok(WIN_PY, "2.15.0", gpus=0, cuda_build=False, distributions={"tensorflow": "2.15.0", "tensorflow-intel": "2.15.0"})
    d = diagnose(scan_with_tf(windows_host, fs.env(WIN_PY, "3.11.9", tf)))
    assert d.primary.id == "no-native-windows-gpu"
    assert not d.gpu_ready
    assert d.recommendation.route == "wsl2-setup"
    assert d.recommendation.tf_version == "2.21.0"  # CC 7.5 runs the newest build
    assert "wddm-no-process-memory" in [f.id for f in d.machine]


def test_windows_tf210_with_cuda_11_2_not_first_on_path_still_loads_or_is_path_not_set(windows_host: FakeHost):
    rtx2080super(windows_host)
    windows_toolkit(windows_host, V121, "nvcc-12.1.66.txt", "version-12.1.20230222.json")
    windows_toolkit(windows_host, V112, "nvcc-11.2.152.txt")
    windows_host.env.update(CUDA_PATH=V121, CUDA_PATH_V12_1=V121, CUDA_PATH_V11_2=V112)
    windows_host.env["PATH"] = f"{V121}\\bin;{windows_host.env['PATH']}"  # 11.2's bin was never added
    tf = fs.tf_ok(WIN_PY, "2.10.0", gpus=0, cuda="64_112", cudnn="64_8", missing=["cudart64_110.dll", "cublas64_11.dll"])
    d = diagnose(scan_with_tf(windows_host, fs.env(WIN_PY, tf=tf)))
    verdict = d.envs[0]
    assert verdict.primary.id == "path-not-set"
    command = next(s.command for s in verdict.primary.fix if s.command)
    assert f"{V112}\\bin" in command and "'User'" in command


def test_windows_tf210_with_only_cuda_12_is_a_version_mismatch(windows_host: FakeHost):
    rtx2080super(windows_host)
    windows_toolkit(windows_host, V121, "nvcc-12.1.66.txt", "version-12.1.20230222.json")
    windows_host.env.update(CUDA_PATH=V121, CUDA_PATH_V12_1=V121)
    windows_host.env["PATH"] = f"{V121}\\bin;{windows_host.env['PATH']}"
    tf = fs.tf_ok(WIN_PY, "2.10.0", gpus=0, cuda="64_112", cudnn="64_8", missing=["cudart64_110.dll"])
    verdict = diagnose(scan_with_tf(windows_host, fs.env(WIN_PY, tf=tf))).envs[0]
    assert verdict.primary.id == "cuda-version-mismatch"
    assert "12.1" in str(verdict.primary.detail)


def test_linux_driver_not_loaded_048_is_driver_missing(linux_host: FakeHost):
    linux_host.nvml_module = FakeNvml(init_error=pynvml.NVML_ERROR_DRIVER_NOT_LOADED)
    smi_machine(linux_host, LINUX_SMI, csv=failing("failed-couldnt-communicate-048.txt"))
    py = fs.LINUX_PY
    d = diagnose(scan_with_tf(linux_host, fs.env(py, tf=fs.tf_ok(py, "2.21.0", gpus=0))))
    assert d.primary.id == "driver-missing"
    assert "driver-not-loaded" in str(d.primary.detail)


def test_linux_version_mismatch_after_driver_update_says_restart(linux_host: FakeHost):
    linux_host.nvml_module = FakeNvml(init_error=pynvml.NVML_ERROR_LIB_RM_VERSION_MISMATCH)
    smi_machine(linux_host, LINUX_SMI, csv=failing("failed-version-mismatch.txt"))
    py = fs.LINUX_PY
    d = diagnose(scan_with_tf(linux_host, fs.env(py, tf=fs.tf_ok(py, "2.21.0", gpus=0))))
    assert d.primary.id == "driver-library-mismatch"
    assert any(s.command == "sudo reboot" for s in d.primary.fix)
