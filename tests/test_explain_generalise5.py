"""Issue 28, fifth session: how the classifier's guess fills in for a text no rule explains (measured on held-out
folds), and the readings added after the blind batches 50-64, each pinned on a short text written for this file
(a program's own message or a way of saying a fact; the real cases are in tests/fixtures/corpus-real)."""

from __future__ import annotations

import pytest

from tfgpu.core.explain import classifier
from tfgpu.core.explain.engine import explain_text

# A question about a GPU set-up with no error line and no word of a failure; nothing shows a GPU at work.
QUESTION = ("How to speed up SpliceAI with a GPU\nIs there a command line option to make it faster on the GPU? "
            "Which card would you recommend? I installed it via bioconda.")


def guess(monkeypatch, opinion):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: opinion)


@pytest.fixture
def rules_only(monkeypatch):
    """The rules' own reading: no classifier guess."""
    guess(monkeypatch, [])


def test_likeliest_healthy_but_nothing_at_work_names_the_likeliest_cause(monkeypatch):
    # Healthy is not allowed (no GPU at work shown), so the runner-up cause is named, from the failing
    # texts' threshold, and says it is a guess.
    guess(monkeypatch, [("gpu-ok", 0.4), ("cpu-only-build", 0.08), ("cuda-version-mismatch", 0.04)])
    explanation = explain_text(QUESTION)
    assert explanation.primary == "cpu-only-build"
    assert explanation.findings[0].facts["classifier_probability"] == 0.08
    assert explanation.confidence <= 0.08
    # It names no failure the text does not show, and keeps the next step of the answer it replaced.
    detail = str(explanation.findings[0].detail)
    assert "shows no error line" in detail and "statistical guess" in detail
    assert explanation.findings[0].fix[-1].command


def test_below_the_failing_threshold_it_stays_unrecognised(monkeypatch):
    # Healthy likeliest but not sure (a sure one is guessed healthy: tests/test_explain_generalise6.py).
    guess(monkeypatch, [("gpu-ok", 0.55), ("cpu-only-build", 0.03)])
    assert explain_text(QUESTION).primary == "unrecognised-error"


def test_a_bare_question_with_no_word_of_a_gpu_gets_no_guess(monkeypatch):
    guess(monkeypatch, [("gpu-ok", 0.5), ("cpu-only-build", 0.2)])
    assert explain_text("Why is my training so slow on this machine?").primary == "unrecognised-error"


@pytest.mark.parametrize("probability, expected", [(0.2, "cuda-version-mismatch"), (0.12, "unrecognised-error")])
def test_a_text_that_neither_fails_nor_asks_needs_a_surer_guess(monkeypatch, probability, expected):
    # Notes about an install (no question, no failure): a cause from 0.15 on (0.3 before).
    notes = ("TensorFlow 2.4 with CUDA 10.1 on Ubuntu\nI installed the object detection API with setup.py\n"
             "Then tensorflow 2.4.1 was installed over tensorflow-gpu 2.2.0")
    guess(monkeypatch, [("cuda-version-mismatch", probability), ("cudnn-version-mismatch", 0.05)])
    assert explain_text(notes).primary == expected


# What the rules alone read (no classifier guess): each entry a program's own message or a way of saying a
# fact, written for this file.
RULES_ALONE = {
    # -- The same CUDA stack through other programs (ONNX Runtime, PyTorch, Numba, cuDNN 9, llama.cpp)
    "ort-cpu-package": ("UserWarning: Specified provider 'CUDAExecutionProvider' is not in available provider names."
                        "Available providers: 'AzureExecutionProvider, CPUExecutionProvider'", "cpu-only-build"),
    "ort-node-placement": ("[W:onnxruntime:, session_state.cc:1169 VerifyEachNodeIsAssignedToAnEp] Some nodes were not "
                           "assigned to the preferred execution providers which may or may not have an negative impact "
                           "on performance.", "benign-log"),
    "torch-oom": ("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 0; 7.79 GiB total "
                  "capacity)", "gpu-oom"),
    "numba-no-driver": ("numba.cuda.cudadrv.error.CudaSupportError: Error at driver init: CUDA driver library cannot "
                        "be found.", "driver-missing"),
    "numba-cuinit": ("CudaSupportError: Error at driver init:\n[100] Call to cuInit results in CUDA_ERROR_NO_DEVICE",
                     "driver-missing"),
    "cudnn9-sublibrary": ("Unable to load any of {libcudnn_cnn.so.9.1.0, libcudnn_cnn.so.9.1, libcudnn_cnn.so.9, "
                          "libcudnn_cnn.so}\nInvalid handle. Cannot load symbol cudnnCreateConvolutionDescriptor",
                          "cudnn-missing"),
    "llama-cpp-at-work": ("llm_load_tensors: offloaded 33/33 layers to GPU\nWhy is generation only 10 tokens/s?",
                          "gpu-ok"),
    "torch-gpu-too-old-before-cuinit": (
        "Call to cuInit results in CUDA_ERROR_NOT_INITIALIZED:\nUserWarning: Found GPU0 GeForce GTX 760 which is of cuda "
        "capability 3.0.\n    PyTorch no longer supports this GPU because it is too old.\n    The minimum cuda "
        "capability that we support is 3.5.", "compute-capability-unsupported"),
    # -- Facts and priorities read from a text's words
    "pip-from-requirements-file": (
        "ERROR: Could not find a version that satisfies the requirement tensorflow-gpu<=1.14.0 (from -r "
        "requirements.txt (line 1)) (from versions: 2.2.0, 2.2.1, 2.3.0)\nPython 3.8.5", "python-unsupported"),
    "resource-exhausted-said": ("GPU resources exhausted when I train with a batch of 64", "gpu-oom"),
    "out-of-gpu-memory-said": ("TensorFlow training stops: out of GPU memory on my 4 GB card", "gpu-oom"),
    "forward-compat-beside-a-mismatch": (
        "ggml_cuda_init: failed to initialize CUDA: forward compatibility was attempted on non supported HW\n"
        "nvidia-smi: Failed to initialize NVML: Driver/library version mismatch", "driver-library-mismatch"),
    "and-cuda-on-native-windows": (
        "pip install tensorflow[and-cuda]\npython train.py --data C:\\Users\\user\\data\nIt only uses the CPU "
        "although I have an RTX 3060. What am I missing?", "no-native-windows-gpu"),
    # -- Containers, platforms and prebuilt binaries
    "unknown-nvidia-runtime": ("Cannot create container for service app: Unknown runtime specified nvidia",
                               "container-gpu-missing"),
    "toolkit-hook-cannot-load-nvml": (
        "root@host:~# nvidia-smi\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.\n"
        "docker: Error response from daemon: OCI runtime create failed: nvidia-container-cli: initialization error: "
        "load library failed: libnvidia-ml.so.1: cannot open shared object file: no such file or directory: unknown.",
        "container-gpu-missing"),
    "image-older-than-the-gpu": ("docker run --gpus all -it nvcr.io/nvidia/tensorflow:20.03-tf1-py3\n"
                                 "ERROR: No supported GPU(s) detected to run this container",
                                 "compute-capability-unsupported"),
    "image-started-without-gpus": ("docker run -it --rm tritonserver_clients\n"
                                   "ERROR: No supported GPU(s) detected to run this container", "container-gpu-missing"),
    "tensorrt-release-without-the-gpu": ("target gpu sm 61 is not supported by this tensorrt release",
                                         "compute-capability-unsupported"),
    "minimum-capability-stated": ("The minimum required Cuda capability is 6.0 for the C-API binary\nGPU: GeForce "
                                  "GTX 960M, compute capability 5.0", "compute-capability-unsupported"),
    "tfjs-node-on-arm": ("npm install @tensorflow/tfjs-node\nError: Unsupported system: cpu-linux-arm64",
                         "install-no-wheel"),
    "prebuilt-404": ("node-pre-gyp WARN Tried to download(404): https://storage.googleapis.com/tf-builds/pre-built-"
                     "binary/napi-v8/4.22.0/CPU-windows-4.22.0.zip", "install-no-wheel"),
    "numpy2-behind-a-log-prefix": ("17:50:42---A module that was compiled using NumPy 1.x cannot be run in\n"
                                   "17:50:42---NumPy 2.1.3 as it may crash.", "numpy-incompatible"),
    # -- Installers and harmless notices
    "poetry-no-candidates": ("RuntimeError\n\n  Unable to find installation candidates for tensorflow-io-gcs-filesystem "
                             "(0.33.0)\n  at C:\\Python310\\lib\\site-packages\\poetry\\installation\\chooser.py:76",
                             "install-no-wheel"),
    "conda-resolve-not-found": ("Solving environment: failed\n\nResolvePackageNotFound:\n  - cudatoolkit-dev=11.3.1",
                                "install-no-wheel"),
    "conda-cuda-constraint": ("Encountered problems while solving:\n  - package cudatoolkit-11.6.0-habf752d_9 has "
                              "constraint __cuda >=11.6.0 conflicting with __cuda-10.2-0", "driver-too-old"),
    "xformers-triton-import-traceback": (
        "WARNING:xformers:A matching Triton is not available, some optimizations will not be enabled\n"
        "Traceback (most recent call last):\n  File \"xformers\\__init__.py\", line 57, in _is_triton_available\n"
        "    import triton  # noqa\nModuleNotFoundError: No module named 'triton'", "benign-log"),
    "jaxlib-cpu-build": ("An NVIDIA GPU may be present on this machine, but a CUDA-enabled jaxlib is not installed. "
                         "Falling back to cpu.", "cpu-only-build"),
    "amd-card-named": ("ComfyUI on Arch Linux with an AMD RX6750XT\nAssertionError: Found no NVIDIA driver on your "
                       "system.", "no-nvidia-gpu"),
    # -- TFLite, companion ops, OOM lines cut short
    "tflite-xnnpack": ("INFO: Created TensorFlow Lite XNNPACK delegate for CPU.\nWARNING: Attempting to use a delegate "
                       "that only supports static-sized tensors with a graph that has dynamic-sized tensors.",
                       "benign-log"),
    "companion-ops-not-found-on-windows": (
        "NotFoundError: C:\\envs\\q\\Lib\\site-packages\\tensorflow_quantum\\core\\ops\\_tfq_simulate_ops.so not "
        "found", "mixed-tf-packages"),
    "oom-line-cut-short": ("Error: OOM when allocating tensor with shape[16,256,52,52] when using python3", "gpu-oom"),
    "ran-out-of-memory-quoted": ("I met 'ran out of memory' when using TensorFlow on a Titan X", "gpu-oom"),
    # -- absl statuses, Paddle's cuDNN, the tensorflow-gpu stub, OOM in Chinese
    "absl-status-beside-a-listed-gpu": (
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1510] Created device /job:localhost/replica:0/task:0/"
        "device:GPU:0 with 6000 MB memory -> physical GPU (device: 0, name: Xavier, pci bus id: 0000:00:00.0)\n"
        "DefaultLogger INVALID_ARGUMENT: Cannot set empty memory", "unrecognised-error"),
    "paddle-cannot-load-cudnn": ("Error: Cannot load cudnn shared library. Cannot invoke method cudnnGetVersion at "
                                 "(/paddle/paddle/fluid/platform/dynload/cudnn.cc:63)", "cudnn-missing"),
    "tensorflow-gpu-setup-py": ("Running setup.py install for tensorflow-gpu did not run successfully.",
                                "tensorflow-gpu-removed"),
    "oom-said-in-chinese": ("运行的时候oom了，batch_size调到1还是oom，显卡是8G的", "gpu-oom"),
    # -- Compilers, the loader and drivers
    "cudnn-symbol-missing": ("Could not load symbol cudnnGetLibConfig. Error: /lib/x86_64-linux-gnu/libcudnn_graph.so.9:"
                             " undefined symbol: cudnnGetLibConfig", "cudnn-version-mismatch"),
    "cudnn-not-opened-then-symbol": (
        "I tensorflow/stream_executor/dso_loader.cc:93] Couldn't open CUDA library libcudnn.so.6.5. LD_LIBRARY_PATH: "
        "/usr/local/cuda-7.0/lib64\n_pywrap_tensorflow.so: undefined symbol: cudnnCreate", "cudnn-missing"),
    "nvcc-older-than-the-gpu": ("nvcc fatal   : Unsupported gpu architecture 'compute_89'", "cuda-version-mismatch"),
    "torch-driver-found-version": ("error: NVIDIA driver on your system is too old (found version 6000)",
                                   "driver-too-old"),
    "tensorrt-unsupported-sm": ("Unsupported SM: 0x601 failure of TensorRT 10.0.1 on a 1080 Ti",
                                "compute-capability-unsupported"),
    "triton-gpu-too-old": ("RuntimeError: Found NVIDIA GeForce GTX 1080 which is too old to be supported by the triton "
                           "GPU compiler, which is used as the backend.", "compute-capability-unsupported"),
    "nvidia-smi-not-found-by-python": ("FileNotFoundError: [Errno 2] No such file or directory: 'nvidia-smi'",
                                       "driver-missing"),
    "lack-of-avx-said": ("Lack of AVX in the Docker host leading to a TensorFlow crash?", "cpu-no-avx"),
    # -- Beside a listed GPU, healthy samples, code lines, PyTorch extensions
    "symbolic-tensor-beside-a-listed-gpu": (
        "Tensorflow - NotImplementedError: Cannot convert a symbolic Tensor to a numpy array.\n"
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1716] Found device 0 with properties:\n"
        "pciBusID: 0000:01:00.0 name: GeForce GTX 1080 computeCapability: 6.1", "numpy-incompatible"),
    "devicequery-found-a-gpu": (
        "./deviceQuery Starting...\nDetected 1 CUDA Capable device(s)\n\nDevice 0: \"NVIDIA Tegra X1\"\n"
        "Result = PASS", "gpu-ok"),
    "r-code-is-not-the-users-words": (
        "library(tensorflow)\ngpus <- tf$config$list_physical_devices('GPU')\nif (length(gpus) == 0)\n"
        "  stop(\"GPU not working!\")\n[[1]]\nPhysicalDevice(name='/physical_device:GPU:0', device_type='GPU')",
        "gpu-ok"),
    "installed-cudnn-the-program-cannot-load": (
        "Error: Cannot load cudnn shared library. Cannot invoke method cudnnGetVersion\ncuda: 10.2\ncudnn: 7.6.5",
        "path-not-set"),
    "cudnn-asking-for-libcuda-under-wsl": (
        "I am using WSL2 with Python 3.11\nCould not load library libcudnn_cnn_infer.so.8. Error: libcuda.so: "
        "cannot open shared object file: No such file or directory", "path-not-set"),
    "numpy-incompatibility-said": ("pip reports that tensorflow 2.4.1 is incompatible with numpy 1.20.1",
                                   "numpy-incompatible"),
    "docker-driver-unquoted-beside-nvcc": (
        "Getting `could not select device driver with capabilities: [[gpu]]`\nnvcc: NVIDIA (R) Cuda compiler driver\n"
        "Cuda compilation tools, release 11.8, V11.8.89\ndocker run --gpus all -ti localai/localai",
        "container-gpu-missing"),
    "torch-typedstorage-notice": (
        "UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the "
        "only storage class.", "benign-log"),
    "both-ort-packages": (
        "rembg on Colab T4 lists only the CPU provider; requirements install onnxruntime and onnxruntime-gpu\n"
        "UserWarning: Specified provider 'CUDAExecutionProvider' is not in available provider names.",
        "mixed-tf-packages"),
    "deepspeed-other-cuda": (
        "deepspeed.ops.op_builder.builder.CUDAMismatchException: >- DeepSpeed Op Builder: Installed CUDA version "
        "12.2 does not match the version torch was compiled with 11.7", "cuda-version-mismatch"),
    "xformers-other-cuda": (
        "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n    PyTorch "
        "2.0.1+cu118 with CUDA 1108 (you have 2.1.0+cu121)", "cuda-version-mismatch"),
    "xformers-beside-a-cpu-torch": (
        "WARNING[XFORMERS]: xFormers can't load C++/CUDA extensions. xFormers was built for:\n    PyTorch "
        "2.1.2+cu121 with CUDA 1201 (you have 2.1.2+cpu)", "cpu-only-build"),
    "torch-driver-too-old-no-version": (
        "RuntimeError: The NVIDIA driver on your system is too old. Please update your GPU driver", "driver-too-old"),
    "fbgemm-dll": ("[Bug]: error loading fbgemm.dll on a clean Windows install", "msvc-runtime-missing"),
}


@pytest.mark.parametrize("text, expected", RULES_ALONE.values(), ids=RULES_ALONE.keys())
def test_rules_alone_read(rules_only, text, expected):
    assert explain_text(text).primary == expected


SMI = ("| NVIDIA-SMI 410.78       Driver Version: 410.78       CUDA Version: 10.0     |\n"
       "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |\n"
       "| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |\n"
       "|   0  GeForce GTX 106...  Off  | 00000000:01:00.0  On |                  N/A |\n"
       "| 43%   35C    P8     8W / 120W |    {used}MiB /  6069MiB |      0%      Default |\n")


def test_a_program_that_found_the_gpu_says_so_not_tensorflow(rules_only):
    finding = explain_text(RULES_ALONE["llama-cpp-at-work"][0]).findings[0]
    assert "TensorFlow" not in str(finding.detail) and "CUDA" in str(finding.detail)


def test_devices_found_beside_the_gpu_unused_is_not_healthy(rules_only):
    # llama.cpp lists the GPU, yet the user says it is not used: a listing is not work done on the GPU.
    text = ("Ollama doesn't use the GPU at all on my old server.\nggml_init_cublas: found 1 CUDA devices:\n"
            "  Device 0: Tesla K80, compute capability 3.7")
    assert explain_text(text).primary != "gpu-ok"


@pytest.mark.parametrize("text, expected", [
    ("tensorflow.python.framework.errors_impl.NotFoundError: libtensorflow_framework.so.2: cannot open shared object "
     "file: No such file or directory", "mixed-tf-packages"),  # an add-on's ops built for TF 2 on a TF 1
    ("./target/debug/app: error while loading shared libraries: libtensorflow_framework.so.2: cannot open shared "
     "object file: No such file or directory", "path-not-set"),  # a program's loader path lacks TF's library
])
def test_tensorflows_own_library_is_not_a_cuda_library(rules_only, text, expected):
    explanation = explain_text(text)
    assert explanation.primary == expected
    assert "cuda-runtime-missing" not in [f.id for f in explanation.findings]


def test_a_colab_text_that_names_its_gpu_is_not_a_cpu_runtime(rules_only):
    text = "Changed the Colab runtime to an A100 GPU, then pip install tensorflow==2.15.0\nNum GPUs Available: 0"
    assert explain_text(text).primary != "no-nvidia-gpu"
    assert explain_text("Google Colab\nNum GPUs Available: 0").primary == "no-nvidia-gpu"


def test_a_healthy_table_beside_a_stated_minimum_is_not_healthy(rules_only):
    # The nvidia-smi table is healthy; the stated minimum capability above the GPU's says it cannot be used.
    text = (RULES_ALONE["minimum-capability-stated"][0] + "\n| NVIDIA-SMI 440.82       Driver Version: "
            "440.82       CUDA Version: 10.2     |\n|   0  GeForce GTX 960M    Off  | 00000000:01:00.0 Off |")
    assert explain_text(text).primary != "gpu-ok"


def test_a_platform_cause_outranks_a_package_not_found(rules_only):
    # Native Windows with TF 2.16 asking conda for CUDA: the missing package follows from the platform.
    text = ("Problem with TensorFlow 2.16.1 and the GPU\nWindows 11, RTX 3070\nconda install cudatoolkit=12.3\n"
            "PackagesNotFoundError: The following packages are not available from current channels:\n  - cudatoolkit=12.3")
    assert explain_text(text).primary == "no-native-windows-gpu"


@pytest.mark.parametrize("used, healthy", [(148, False), (5800, True)])
def test_low_usage_with_an_almost_empty_gpu_is_no_model_on_it(rules_only, used, healthy):
    # "GPU utilisation stays at 0%": with 5.8 GB taken TF runs there (feeding is slow); with 148 MB it does not.
    text = "Low GPU usage while training\nMy GPU utilization stays at mostly 0%\n" + SMI.format(used=used)
    assert (explain_text(text).primary == "gpu-ok") is healthy


def test_a_datasets_end_is_not_an_unexplained_error(rules_only):
    text = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:1510] Created device /job:localhost/replica:0/task:0/"
            "device:GPU:0 with 6000 MB memory -> physical GPU (device: 0, name: RTX 3060, pci bus id: 0000:01:00.0)\n"
            "W tensorflow/core/framework/op_kernel.cc:1733] OP_REQUIRES failed at iterator_ops.cc:1042 : OUT_OF_RANGE: "
            "End of sequence")
    assert explain_text(text).primary == "gpu-ok"


@pytest.mark.parametrize("text, expected", [
    ("RuntimeError: cuDNN version incompatibility: PyTorch was compiled  against (8, 5, 0) but found runtime version "
     "(8, 3, 3).", "8.3.3"),
    ("RuntimeError: [enforce fail at common_cudnn.h:108] version_match. cuDNN compiled (7102) and runtime (7005) "
     "versions mismatch", "7.0.5"),
])
def test_a_framework_built_for_another_cudnn(rules_only, text, expected):
    explanation = explain_text(text)
    assert explanation.primary == "cudnn-version-mismatch"
    assert explanation.findings[0].facts["installed"] == expected
