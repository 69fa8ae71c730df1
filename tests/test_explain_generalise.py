"""Issue 28, second session: readings added after the blind batches 13-26, each on a short text shaped like the
real ones (the lines are the programs' own messages, as the KB rows' examples quote them). The real cases are in
tests/fixtures/corpus-real; these pin each reading on its own, so a later rule cannot lose it unnoticed."""

from __future__ import annotations

import pytest

from tfgpu.core.explain import classifier
from tfgpu.core.explain.engine import explain_text


@pytest.fixture(autouse=True)
def _rules_only(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])  # the rules' own reading


CASES = {
    "wsl-on-an-old-windows-build": (
        "WSL2 GPU question\nWindows build number: 10.0.19041\nI installed the NVIDIA driver for WSL and CUDA in "
        "Ubuntu under WSL 2, but nvidia-smi is not found and TensorFlow does not use the GPU.", "wsl-gpu-missing"),
    "wsl-1": ("I'm trying to install it on wsl but I always get cuda errors. I'm using wsl 1 on windows 10.\n"
              "RuntimeError: Found no NVIDIA driver on your system.", "wsl-gpu-missing"),
    "gpus-full-before-tf-starts": (
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1105] Found device 0 with properties:\n"
        "name: GeForce RTX 2080 Ti major: 7 minor: 5 memoryClockRate(GHz): 1.545\npciBusID: 0000:02:00.0\n"
        "totalMemory: 10.73GiB freeMemory: 64.56MiB\n", "gpu-oom"),
    "avx2-missing": ("F tensorflow/core/platform/cpu_feature_guard.cc:35] The TensorFlow library was compiled to use "
                     "AVX2 instructions, but these aren't available on your machine.\nAborted (core dumped)",
                     "cpu-no-avx"),
    "glibc-too-old": ("ImportError: /lib64/libc.so.6: version `GLIBC_2.14' not found (required by "
                      "/usr/lib/python2.7/site-packages/tensorflow/python/_pywrap_tensorflow.so)", "tf-import-failed"),
    "ngc-banner-driver-too-old": (
        "ERROR: This container was built for NVIDIA Driver Release 410 or later, but\n"
        "       version 396.26 was detected and compatibility mode is UNAVAILABLE.", "driver-too-old"),
    "forward-compat-refused": ("cupy_backends.cuda.api.runtime.CUDARuntimeError: cudaErrorCompatNotSupportedOnDevice: "
                               "forward compatibility was attempted on non supported HW", "driver-too-old"),
    "addon-built-for-another-tf": (
        "ImportError: This version of TensorFlow Probability requires TensorFlow version >= 2.4; Detected an "
        "installation of version 2.3.0. Please upgrade TensorFlow to proceed.", "mixed-tf-packages"),
    "32-bit-python-folder": (
        "C:\\Python\\Python37-32\\Scripts>pip install tensorflow\nERROR: Could not find a version that satisfies "
        "the requirement tensorflow (from versions: none)\nERROR: No matching distribution found for tensorflow",
        "python-32bit"),
    "ray-trial-without-gpu": ("[Tune] How to use GPU when running tune_mnist_ray.py\nray does not use the GPU to "
                              "run the experiments, TensorFlow only shows the CPU.", "gpu-hidden"),
    "torch-no-cuda-gpus": ("Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n"
                           "RuntimeError: No CUDA GPUs are available", "gpu-hidden"),
    "container-nvidia-smi-lists-no-processes": (
        "Unable to see gpu processes pid inside the container\nWhen I run any gpu process inside my docker "
        "container, I see that GPU is getting utilised but the pids are not visible in the output of nvidia-smi",
        "gpu-ok"),
    "a-title-quoting-the-log-is-the-log": (
        "no NVIDIA GPU device is present: /dev/nvidia0 does not exist\n$ docker run -it tensorflow/tensorflow:"
        "latest-gpu-jupyter\nI tensorflow/stream_executor/cuda/cuda_diagnostics.cc:163] no NVIDIA GPU device is "
        "present: /dev/nvidia0 does not exist", "container-gpu-missing"),
}


@pytest.mark.parametrize("text, expected", CASES.values(), ids=CASES.keys())
def test_reading(text, expected):
    assert explain_text(text).primary == expected


def test_an_install_range_is_not_the_installed_version():
    facts = explain_text("Having tensorflow>=2.14.0 leads to a tensorflow 2.16.1 install.").facts
    assert facts.get("tf_version") == "2.16.1"


def test_a_bare_label_followed_by_another_label_reads_no_value():
    text = "### System information\nTensorFlow 2.3.1\nTensorFlow version\nPython version 3.6\nCUDA 11.2\n"
    assert explain_text(text).facts.get("tf_version") == "2.3.1"


def test_the_doctor_does_not_adopt_explains_statistical_guess(monkeypatch):
    from fakes import fake_scan as fs
    from tfgpu.core.diagnosis.doctor import diagnose

    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("cuda-version-mismatch", 0.2)])
    python = "/usr/bin/python3"
    tf = fs.tf_import_failed(python, "ImportError: cannot import name 'x' from 'y'")
    report = diagnose(fs.scan(envs=[fs.env(python, tf=tf)]))
    assert {f.id for env in report.envs for f in env.findings} >= {"tf-import-failed"}
    assert "cuda-version-mismatch" not in {f.id for env in report.envs for f in env.findings}
