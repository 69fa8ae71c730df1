"""Each doctor rule on scans shaped like the probes' real output: the finding appears when its
cause is there, and not when it is not. The primary is the root cause; "ready" only with a listed GPU."""

from __future__ import annotations

import pytest

from fakes import fake_scan as fs
from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.findings.model import Severity
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.os_info import WslDistro

LINUX_PY, WIN_PY = fs.LINUX_PY, fs.WIN_PY
CUDA112_WIN = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2"
CUDA121_WIN = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.1"


def ids(findings) -> list[str]:
    return [f.id for f in findings]


def only_env(diagnosis):
    assert len(diagnosis.envs) == 1
    return diagnosis.envs[0]


def test_tf_listing_a_gpu_is_ready_and_says_so():
    d = diagnose(fs.scan(envs=[fs.env(LINUX_PY, tf=fs.tf_ok(LINUX_PY, "2.21.0", gpus=1))]))
    assert d.gpu_ready and d.primary.id == "gpu-ok"
    assert only_env(d).gpu_ready and only_env(d).primary.id == "gpu-ok"
    assert d.recommendation.route == "ready"


def test_no_driver_is_the_primary_cause_on_linux_and_in_the_environment():
    scan = fs.scan(drv=fs.driver(reason="nvml-library-not-found"),
                   envs=[fs.env(LINUX_PY, tf=fs.tf_ok(LINUX_PY, "2.21.0", gpus=0))])
    d = diagnose(scan)
    assert not d.gpu_ready
    assert d.primary.id == "driver-missing"
    assert only_env(d).primary.id == "driver-missing"
    assert any(step.url and "nvidia.com" in step.url for step in d.primary.fix)
    assert d.recommendation.route == "linux-pip"
    assert d.recommendation.steps[0].url  # the driver first


def test_driver_missing_is_not_claimed_when_the_driver_works():
    d = diagnose(fs.scan(envs=[fs.env(LINUX_PY, tf=fs.tf_ok(LINUX_PY, "2.21.0", gpus=0))]))
    assert "driver-missing" not in ids(d.machine) + ids(only_env(d).findings)
    assert only_env(d).primary.id == "gpu-not-listed"


def test_tf_211_plus_on_native_windows_is_no_native_windows_gpu_and_wsl_is_recommended():
    tf = fs.tf_ok(WIN_PY, "2.15.0", gpus=0, cuda_build=False)
    d = diagnose(fs.scan(os=fs.os_info("windows"), envs=[fs.env(WIN_PY, tf=tf)]))
    assert d.primary.id == "no-native-windows-gpu"
    assert "cpu-only-build" not in ids(only_env(d).findings)  # the cause is the platform, not the package
    rec = d.recommendation
    assert rec.route == "wsl2-setup"
    assert any(s.command and "wsl --install" in s.command for s in rec.steps)
    assert any(s.alternative and s.command and "cudatoolkit=11.2 cudnn=8.1.0" in s.command for s in rec.steps)


def test_windows_with_a_wsl2_distro_gets_steps_inside_it():
    tf = fs.tf_ok(WIN_PY, "2.16.1", gpus=0, cuda_build=False)
    os = fs.os_info("windows", wsl_distros=[WslDistro(name="Ubuntu-22.04", state="Stopped", version=2, default=True)])
    d = diagnose(fs.scan(os=os, envs=[fs.env(WIN_PY, tf=tf)]))
    assert d.recommendation.route == "wsl2-pip"
    assert any(s.command == "wsl -d Ubuntu-22.04" for s in d.recommendation.steps)  # plain words left bare by core/shell.py
    assert any(s.command and "tensorflow[and-cuda]==2.21" in s.command for s in d.recommendation.steps)


def test_old_windows_10_without_wsl2_gpu_gets_native_tf_210():
    tf = fs.tf_ok(WIN_PY, "2.15.0", gpus=0, cuda_build=False)
    d = diagnose(fs.scan(os=fs.os_info("windows", build="18363.1556"), envs=[fs.env(WIN_PY, tf=tf)]))
    assert d.recommendation.route == "windows-native-tf210"
    assert d.recommendation.tf_version.startswith("2.10")


@pytest.mark.parametrize(
    ("toolkits", "expected"),
    [
        ([], "cuda-runtime-missing"),
        ([fs.toolkit("12.1", CUDA121_WIN)], "cuda-version-mismatch"),
        ([fs.toolkit("11.2", CUDA112_WIN, on_path=False)], "path-not-set"),
    ],
)
def test_a_missing_cudart_is_told_apart_by_what_is_installed(toolkits, expected):
    tf = fs.tf_ok(WIN_PY, "2.10.0", gpus=0, cuda="64_112", cudnn="64_8", missing=["cudart64_110.dll"])
    d = diagnose(fs.scan(os=fs.os_info("windows"), toolkits=toolkits, envs=[fs.env(WIN_PY, tf=tf)]))
    verdict = only_env(d)
    assert verdict.primary.id == expected
    if expected == "path-not-set":
        assert any(s.command and CUDA112_WIN + "\\bin" in s.command for s in verdict.primary.fix)
    if expected == "cuda-runtime-missing":
        assert "11.2" in " ".join(str(s.text) for s in verdict.primary.fix)  # TF 2.10 needs CUDA 11.2


@pytest.mark.parametrize(("installed_major", "expected"), [(None, "cudnn-missing"), (7, "cudnn-version-mismatch")])
def test_a_missing_cudnn_is_missing_or_another_version(installed_major, expected):
    from tfgpu.core.probes.cudnn import CudnnInstall

    installs = [CudnnInstall(location=CUDA112_WIN + "\\bin", version="7.6.5", major=7, on_path=True)] if installed_major else []
    tf = fs.tf_ok(WIN_PY, "2.10.0", gpus=0, cuda="64_112", cudnn="64_8", missing=["cudnn64_8.dll"])
    d = diagnose(fs.scan(os=fs.os_info("windows"), toolkits=[fs.toolkit("11.2", CUDA112_WIN)], cudnn=installs,
                         envs=[fs.env(WIN_PY, tf=tf)]))
    assert only_env(d).primary.id == expected


def test_a_gpu_below_the_builds_minimum_is_unsupported_and_the_last_tf_for_it_is_recommended():
    tf = fs.tf_ok(LINUX_PY, "2.21.0", gpus=0)
    d = diagnose(fs.scan(drv=fs.driver("550.127.05", "12.4", [("NVIDIA GeForce GTX 750 Ti", "5.0")]),
                         envs=[fs.env(LINUX_PY, tf=tf)]))
    verdict = only_env(d)
    assert verdict.primary.id == "compute-capability-unsupported"
    assert d.recommendation.route == "old-gpu"
    assert d.recommendation.tf_version == "2.16.2"  # issue 25: the latest patch of the 2.16 row


def test_a_supported_gpu_is_not_flagged():
    tf = fs.tf_ok(LINUX_PY, "2.21.0", gpus=0)
    d = diagnose(fs.scan(drv=fs.driver("550.127.05", "12.4", [("NVIDIA A10", "8.6")]), envs=[fs.env(LINUX_PY, tf=tf)]))
    assert "compute-capability-unsupported" not in ids(only_env(d).findings)


@pytest.mark.parametrize(("driver_cuda", "severity"), [("11.4", Severity.ERROR), ("12.2", Severity.WARNING), ("12.8", None)])
def test_driver_older_than_tfs_cuda(driver_cuda, severity):
    tf = fs.tf_ok(LINUX_PY, "2.21.0", gpus=0)
    d = diagnose(fs.scan(drv=fs.driver("470.82.01", driver_cuda), envs=[fs.env(LINUX_PY, tf=tf)]))
    found = [f for f in only_env(d).findings if f.id == "driver-too-old"]
    if severity is None:
        assert not found
    else:
        assert found and found[0].severity is severity


def test_tensorflow_cpu_on_linux_is_a_cpu_only_build():
    tf = fs.tf_ok(LINUX_PY, "2.17.0", gpus=0, cuda_build=False, distributions={"tensorflow-cpu": "2.17.0"})
    d = diagnose(fs.scan(envs=[fs.env(LINUX_PY, tf=tf)]))
    assert only_env(d).primary.id == "cpu-only-build"
    assert any(s.command and "tensorflow[and-cuda]" in s.command for s in only_env(d).primary.fix)


def test_tensorflow_and_tensorflow_gpu_of_different_versions_are_mixed_packages():
    tf = fs.tf_ok(WIN_PY, "2.10.0", gpus=0, cuda="64_112", distributions={"tensorflow": "2.10.0", "tensorflow-gpu": "2.9.1"})
    d = diagnose(fs.scan(os=fs.os_info("windows"), envs=[fs.env(WIN_PY, tf=tf)]))
    assert "mixed-tf-packages" in ids(only_env(d).findings)
    same = fs.tf_ok(WIN_PY, "2.10.0", gpus=1, cuda="64_112", distributions={"tensorflow": "2.10.0", "tensorflow-intel": "2.10.0"})
    assert "mixed-tf-packages" not in ids(only_env(diagnose(fs.scan(envs=[fs.env(WIN_PY, tf=same)]))).findings)


def test_32bit_python_is_flagged():
    d = diagnose(fs.scan(os=fs.os_info("windows"), envs=[fs.env(WIN_PY, bits=32, tf=fs.tf_missing(WIN_PY))]))
    assert "python-32bit" in ids(only_env(d).findings)


@pytest.mark.parametrize(("value", "hidden"), [("-1", True), ("", True), ("0", False), ("GPU-8a3c", False)])
def test_cuda_visible_devices_that_hides_every_gpu(value, hidden):
    tf = fs.tf_ok(LINUX_PY, "2.21.0", gpus=0, env={"CUDA_VISIBLE_DEVICES": value})
    found = "gpu-hidden" in ids(only_env(diagnose(fs.scan(envs=[fs.env(LINUX_PY, tf=tf)]))).findings)
    assert found is hidden


def test_no_tensorflow_in_a_python_without_wheels_is_python_unsupported_and_another_python_is_used():
    envs = [fs.env("/usr/bin/python3.14", "3.14.0", fs.tf_missing("/usr/bin/python3.14")),
            fs.env("/usr/bin/python3.12", "3.12.3", fs.tf_missing("/usr/bin/python3.12"))]
    d = diagnose(fs.scan(envs=envs))
    by_python = {v.python: v for v in d.envs}
    assert "python-unsupported" in ids(by_python["/usr/bin/python3.14"].findings)
    assert "python-unsupported" not in ids(by_python["/usr/bin/python3.12"].findings)
    assert d.recommendation.python == "/usr/bin/python3.12"


def test_an_agent_that_timed_out_is_not_ready_and_says_the_check_failed():
    from tfgpu.core.probes.tensorflow import TfInfo

    tf = TfInfo(python=LINUX_PY, status=Status.ERROR, reason="agent-timeout", installed=True, stage="import")
    d = diagnose(fs.scan(envs=[fs.env(LINUX_PY, tf=tf)]))
    assert not d.gpu_ready and only_env(d).primary.id == "tf-check-failed"


def test_wsl_without_dev_dxg_is_wsl_gpu_missing():
    d = diagnose(fs.scan(os=fs.os_info("wsl", wsl_gpu=False), drv=fs.driver(reason="nvml-library-not-found"),
                         envs=[fs.env(LINUX_PY, tf=fs.tf_ok(LINUX_PY, "2.21.0", gpus=0))]))
    assert d.primary.id == "wsl-gpu-missing"
    assert "driver-missing" not in ids(d.machine)


def test_macos_has_no_nvidia_route():
    d = diagnose(fs.scan(os=fs.os_info("macos"), drv=fs.driver(reason="nvml-library-not-found"), envs=[]))
    assert d.recommendation.route == "no-nvidia-gpu"


def test_stale_cuda_path_and_wddm_are_reported_without_blocking():
    d = diagnose(fs.scan(os=fs.os_info("windows"), drv=fs.driver(model="WDDM"), stale=["CUDA_PATH_V10_0"],
                         envs=[fs.env(WIN_PY, tf=fs.tf_ok(WIN_PY, "2.10.0", cuda="64_112", gpus=1))]))
    assert {"cuda-path-stale", "wddm-no-process-memory"} <= set(ids(d.machine))
    assert d.gpu_ready and d.primary.id == "gpu-ok"


def test_msvc_runtime_missing_from_the_import_error():
    error = ("ImportError: Could not find the DLL(s) 'msvcp140_1.dll'. TensorFlow requires that these DLLs be installed "
             "in a directory that is named in your %PATH% environment variable.")
    d = diagnose(fs.scan(os=fs.os_info("windows"), envs=[fs.env(WIN_PY, tf=fs.tf_import_failed(WIN_PY, error))]))
    assert only_env(d).primary.id == "msvc-runtime-missing"


def test_an_unexplained_import_error_is_tf_import_failed_with_the_error():
    d = diagnose(fs.scan(envs=[fs.env(LINUX_PY, tf=fs.tf_import_failed(LINUX_PY, "ImportError: cannot import name 'x' from 'y'"))]))
    assert only_env(d).primary.id == "tf-import-failed"
    assert "cannot import name" in str(only_env(d).primary.detail)


def test_a_diagnosis_is_json_serialisable_and_carries_the_kb_version():
    import json

    d = diagnose(fs.scan(envs=[fs.env(LINUX_PY, tf=fs.tf_ok(LINUX_PY, "2.21.0", gpus=0))]))
    doc = json.loads(json.dumps(d.to_dict()))
    assert doc["schema_version"] and doc["kb_version"] and doc["primary"]["id"]
    assert isinstance(doc["envs"][0]["findings"][0]["title"], str)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=150, deadline=None)
@given(
    os_kind=st.sampled_from(["windows", "linux", "wsl", "macos"]),
    tf_version=st.sampled_from([None, "1.15.0", "2.3.0", "2.10.1", "2.11.0", "2.16.1", "2.21.0", "3.0.0", "garbage"]),
    gpu_count=st.sampled_from([None, 0]),
    cuda_build=st.sampled_from([None, True, False]),
    status=st.sampled_from(list(Status)),
    reason=st.sampled_from([None, "tf-import-failed", "agent-timeout", "tf-gpu-list-failed", "tf-not-installed"]),
    missing=st.lists(st.sampled_from(["cudart64_110.dll", "libcudnn.so.8", "nvcuda.dll", "x.dll", ""]), max_size=3),
    log=st.lists(st.text(max_size=80), max_size=5),
    driver_reason=st.sampled_from([None, "nvml-library-not-found", "no-device", "nvml-timeout"]),
)
def test_never_ready_without_a_listed_gpu_and_never_raises(os_kind, tf_version, gpu_count, cuda_build, status, reason,
                                                            missing, log, driver_reason):
    tf = fs.tf_ok(LINUX_PY, tf_version, gpus=0, cuda_build=cuda_build, missing=missing, log=log)
    tf.gpu_count, tf.status, tf.reason = gpu_count, status, reason
    d = diagnose(fs.scan(os=fs.os_info(os_kind), drv=fs.driver(reason=driver_reason), envs=[fs.env(LINUX_PY, tf=tf)]))
    assert not d.gpu_ready
    assert d.primary.id != "gpu-ok"
    assert d.primary.id != "tool-error", d.primary.detail  # no rule crashed
    assert all(f.id != "gpu-ok" for v in d.envs for f in v.findings)


def test_the_windows_build_is_read_from_the_version_when_the_build_is_unknown():
    os = fs.os_info("windows", build="")
    os.build, os.version = None, "10.0.18363"
    tf = fs.tf_ok(WIN_PY, "2.15.0", gpus=0, cuda_build=False)
    assert diagnose(fs.scan(os=os, envs=[fs.env(WIN_PY, tf=tf)])).recommendation.route == "windows-native-tf210"
