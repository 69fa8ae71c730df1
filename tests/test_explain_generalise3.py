"""Issue 28, third session: readings added after the blind batches 27-29, each pinned on a short text of the
programs' own lines or plain words (written for this file; the real cases are in tests/fixtures/corpus-real).
Also the classifier's place: what it may fill in, and what the text's own facts rule out."""

from __future__ import annotations

import pytest

from tfgpu.core.explain import classifier
from tfgpu.core.explain.engine import explain_text

RULES = {
    "a-vm-without-the-hosts-gpu": (
        "I'm running inside a VM, so it doesn't have any access to the host GPU.\n"
        "E tensorflow/stream_executor/cuda/cuda_driver.cc:318] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no "
        "CUDA-capable device is detected", "no-nvidia-gpu"),
    "virtualbox-and-libcuda-missing": (
        "I am working with Ubuntu on a VirtualBox.\nImportError: libcuda.so.1: cannot open shared object file: No "
        "such file or directory\nFailed to load the native TensorFlow runtime.", "no-nvidia-gpu"),
    "tensorflow-gpu-said-deprecated": (
        "The tensorflow-gpu dependency is deprecated and cannot be installed any more. How do I use the GPU now?",
        "tensorflow-gpu-removed"),
    "32-bit-python-in-words": ("It finds no version.\nCan I install tensorflow for python x86 with pip?",
                               "python-32bit"),
    "cudnn-sublibrary-126-although-there": (
        "Could not load library cudnn_cnn_infer64_8.dll. Error code 126\nPlease make sure cudnn_cnn_infer64_8.dll "
        "is in your library path!\nThe dll is there, its directory is in my PATH.", "zlibwapi-missing"),
    "works-on-the-gpu-said": ("Thanks, the code works perfectly on GPU with no modifications.", "gpu-ok"),
    "torch-sees-the-gpu-tensorflow-does-not": (
        "Ubuntu 22.04, TensorFlow 2.11.0\n>>> tf.config.list_logical_devices('GPU')\n[]\n"
        ">>> torch.cuda.is_available()\nTrue", "cuda-runtime-missing"),
    "pip-says-an-add-on-wants-another-tensorflow": (
        "tensorflow-decision-forests 1.5.0 requires tensorflow~=2.13.0, but you have tensorflow 2.16.1 which is "
        "incompatible.", "mixed-tf-packages"),
    "no-wheel-for-this-python-said": ("For tensorflow-text 2.13.0 there is no wheel for Python 3.11.",
                                      "install-no-wheel"),
    "msvcp140-said-missing": ("The bindings can't load their dll on Windows 11 because there is no msvcp140.dll.",
                              "msvc-runtime-missing"),
    "a-container-run-in-words": ("When trying to run the container, it says that it is not able to use the GPU.",
                                 "container-gpu-missing"),
    "tf1-devices-visible-only-cpu-on-a-radeon": (
        "I have one GPU (GPU Radeon RX 580). The GPU usage remains low (<5%).\nDevices visible to TensorFlow: "
        "[_DeviceAttributes(/job:localhost/replica:0/task:0/device:CPU:0, CPU, 268435456)]", "no-nvidia-gpu"),
    "tf1-creating-device-is-a-gpu-at-work": (
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:977] Creating TensorFlow device (/gpu:0) -> (device: 0, "
        "name: GeForce GTX 1080, pci bus id: 0000:01:00.0)\nThe dataset step is stuck.", "gpu-ok"),
    "an-op-with-only-cpu-devices-registered": (
        "InvalidArgumentError: No OpKernel was registered to support Op 'CudnnRNNV2' used by {{node lstm/CudnnRNNV2}}\n"
        "Registered devices: [CPU, XLA_CPU]\nRegistered kernels:\n  device='GPU'; T in [DT_FLOAT]", "gpu-not-listed"),
    "no-module-beside-a-cpu-package-said": (
        "I installed the CPU-only version of TensorFlow.\n>>> import tensorflow as tf\nTraceback (most recent call "
        "last):\n  File \"<stdin>\", line 1, in <module>\nModuleNotFoundError: No module named 'tensorflow'",
        "tf-not-installed"),
    "windows-route-ended-said": (
        "Tensorflow[and-cuda] is not supported on windows anymore, so the library should use the CPU there.",
        "no-native-windows-gpu"),
    "pip-finds-nothing-on-an-apple-silicon-mac": (
        "MacBook Pro (16, 2021), Apple M1 Pro, macOS Monterey\nERROR: Could not find a version that satisfies the "
        "requirement tensorflow-cpu (from versions: none)\nERROR: No matching distribution found for tensorflow-cpu",
        "install-no-wheel"),
    "nvidia-smi-fails-inside-wsl-said": (
        "WSL 2, Ubuntu 24.04, driver 528.24 on Windows 11.\nI can not use nvidia-smi in wsl2 since the update.",
        "wsl-gpu-missing"),
    "a-linux-driver-installed-inside-wsl": (
        "I installed the NVIDIA GPU driver, cudatoolkit and cudnn in wsl too. Now TensorFlow finds no GPU.",
        "wsl-gpu-missing"),
    "nvml-access-blocked": ("$ /usr/lib/wsl/lib/nvidia-smi\nFailed to initialize NVML: GPU access blocked by the "
                            "operating system", "wsl-gpu-missing"),
    "keras-model-not-compiled-notice": (
        "UserWarning: No training configuration found in save file: the model was *not* compiled. Compile it "
        "manually.\n  warnings.warn('No training configuration found in save file: '", "benign-log"),
    "cpu-build-said-without-cuda-support": (
        "TensorFlow 2.13.1 on a Jetson AGX Orin does not recognize my GPU. I found that my Tensorflow had been "
        "without GPU or CUDA support.", "cpu-only-build"),
    "a-cuda-named-as-a-requirement-is-not-installed": (
        "Cuda 9.0 requirement\nImportError: Could not find 'cudart64_90.dll'. TensorFlow requires that this DLL be "
        "installed in a directory that is named in your %PATH% environment variable.\nHowever, I have installed CUDA "
        "10. Is it possible to continue with the newer CUDA?", "cuda-version-mismatch"),
    "a-script-that-sets-cuda-visible-devices": (
        "train.py sets\nos.environ[\"CUDA_VISIBLE_DEVICES\"] = \"2\"\nwhich can cause errors on machines without "
        "GPU index 2.", "gpu-hidden"),
    "pip-finds-no-gpu-build-on-arm-linux": (
        "I am under Jetson NX with Jetpack 4.4 on ARM64.\nERROR: Could not find a version that satisfies the "
        "requirement tensorflow-gpu>=2.2.0 (from versions: none)\nERROR: No matching distribution found for "
        "tensorflow-gpu>=2.2.0", "install-no-wheel"),
    "nvidia-docker-refuses-a-newer-cuda-image": (
        "$ nvidia-docker run --rm nvidia/cuda nvidia-smi\nnvidia-docker | 2017/11/21 00:48:39 Error: unsupported CUDA "
        "version: driver 8.0 < image 9.0.176", "driver-too-old"),
    "a-cuda-installed-in-the-past-is-not-installed": (
        "import error libcublas.so.9.1\nImportError: libcublas.so.9.1: cannot open shared object file: No such file "
        "or directory\nI have only Cuda 9.0 installed right now, but I had Cuda 9.1 installed in the past.",
        "cuda-version-mismatch"),
    "cudnn-83-said-installed-and-error-126": (
        "Windows 11, CUDA-version: 11050 (11050), cuDNN: 8.3.0\nCould not load library cudnn_cnn_infer64_8.dll. "
        "Error code 126\nPlease make sure cudnn_cnn_infer64_8.dll is in your library path!", "zlibwapi-missing"),
    "a-gpu-newer-than-the-builds-cuda-beside-a-found-device": (
        "tensorflow_gpu=1.11, keras_gpu=2.2.4, loss is NaN\nI tensorflow/core/common_runtime/gpu/gpu_device.cc:1411] "
        "Found device 0 with properties:\nname: NVIDIA GeForce RTX 4090 major: 8 minor: 9 memoryClockRate(GHz): "
        "2.625\npciBusID: 0000:01:00.0\ntotalMemory: 23.64GiB freeMemory: 22.86GiB", "compute-capability-unsupported"),
    "a-wrapped-cpu-instructions-notice": (
        "> 2017-09-06 16:39:42.586351: I C:\\tf_jenkins\\home\\workspace\\nightly-win\\M\\window\n\\PY\\36\\tensorflow"
        "\\core\\platform\\cpu_feature_guard.cc:137] Your CPU supports ins\nructions that this TensorFlow binary was "
        "not compiled to use: AVX\nIs it caused by model or platform?", "benign-log"),
    "an-amd-gpu-named-in-a-template": (
        "RuntimeError: Torch is not able to use GPU\n### What device are you running WebUI on?\nAMD GPUs (RX 6000 "
        "above)", "no-nvidia-gpu"),
    "jax-on-the-cpu-while-tensorflow-uses-the-gpu": (
        "UserWarning: No GPU/TPU found, falling back to CPU.\nHowever, if I check devices using tensorflow, I can see "
        "the GPU.\n>>> tf.config.list_physical_devices('GPU')\n[PhysicalDevice(name='/physical_device:GPU:0', "
        "device_type='GPU')]", "cpu-only-build"),
    "cuda-said-not-to-support-this-tf": (
        "Tensorflow is required to be 1.13, but your CUDN version does not support TensorFlow 1.13. Is there a "
        "solution?", "cuda-version-mismatch"),
    "an-amd-r9-named": ("Is this hardware enough?\n- Core i5 3.4GHz CPU\n- Video Card: AMD R9 390", "no-nvidia-gpu"),
    "the-cpu-notice-paraphrased-in-a-title": (
        "The tensorflow wasn't compiled to use AVX2 on Windows\nI receive these warnings. How to hide them?",
        "benign-log"),
    "jax-probing-for-rocm-and-tpu-is-harmless": (
        "Are these problematic?\nI0124 13:07:20.764660 140638609667136 xla_bridge.py:660] Unable to initialize "
        "backend 'rocm': NOT_FOUND: Could not find registered platform with name: \"rocm\". Available platform names "
        "are: CUDA\nI0124 13:07:20.768469 140638609667136 xla_bridge.py:660] Unable to initialize backend 'tpu': "
        "INTERNAL: Failed to open libtpu.so: libtpu.so: cannot open shared object file: No such file or directory",
        "benign-log"),
    "tensorflow-rocm-found-an-amd-gpu": (
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1573] Found device 0 with properties:\npciBusID: "
        "0000:29:00.0 name: Ellesmere [Radeon RX 470/480/570/570X/580/580X]     ROCm AMD GPU ISA: gfx803\nWhy is "
        "deviceMemoryBandwidth -1B/s with tensorflow-rocm?", "gpu-ok"),
    "dnn-library-not-found-after-a-tf-upgrade": (
        "On Colab, after pip install tensorflow==2.10:\nUnimplementedError: Graph execution error:\nDNN library is "
        "not found.\n\t [[{{node model/conv2d/Relu}}]] [Op:__inference_train_function_1027]",
        "cudnn-version-mismatch"),
    "ran-out-of-memory-said-in-the-title": (
        "Ran out of memory trying to allocate 3.27GiB.\nI have a GTX 760 with 2 GB RAM.", "gpu-oom"),
    "the-kernel-module-finds-no-gpu": (
        "GpuContext::Startup: Process 0 out of 1 initialized.\nmodprobe: ERROR: could not insert 'nvidia': No such "
        "device\ncudaGetDeviceCount failed no CUDA-capable device is detected", "no-nvidia-gpu"),
    "pip-cannot-verify-the-index-certificate": (
        "pip install problem: SSLError\nCould not fetch URL https://pypi.org/simple/tensorflow/: There was a problem "
        "confirming the ssl certificate: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed", "install-no-network"),
    "numpy-2-removed-an-alias": ("AttributeError: np.cast was removed in the NumPy 2.0 release. Use "
                                 "np.asarray(arr, dtype=dtype) instead.", "numpy-incompatible"),
    "numpy-api-version-without-0x": ("RuntimeError: module compiled against API version a but this version of numpy "
                                     "is 9\nImportError: numpy.core.multiarray failed to import", "numpy-incompatible"),
    "pips-resolver-wants-another-numpy": (
        "ERROR: tensorflow 2.4.1 has requirement numpy~=1.19.2, but you'll have numpy 1.18.5 which is incompatible.",
        "numpy-incompatible"),
    "asks-whether-harmless-notices-mean-no-gpu": (
        "Could not load dynamic library 'libnvinfer.so.7\nDoes this mean it wont use my GPU? I have a 3090.\n"
        "2023-04-19 18:24:42.166097: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
        "dynamic library 'libnvinfer.so.7'; dlerror: libnvinfer.so.7: cannot open shared object file: No such file or "
        "directory", "benign-log"),
    "no-gpu-in-a-template-line-and-cuinit-303": (
        "Getting this error, but it's not killing the job?\n2020-10-08 23:28:14.726991: E tensorflow/stream_executor/"
        "cuda/cuda_driver.cc:313] failed call to cuInit: UNKNOWN ERROR (303)\n**Environment:\n - OS: CentOS 7\n"
        " - No GPU", "benign-log"),
}


@pytest.mark.parametrize("text, expected", RULES.values(), ids=RULES.keys())
def test_reading(monkeypatch, text, expected):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])  # the rules' own reading
    assert explain_text(text).primary == expected


@pytest.mark.parametrize("text", [
    "I have a GeForce GTX 1080. My laptop only has Intel UHD graphics otherwise. TensorFlow does not use the GPU",
    "I don't have an access problem: my GTX 1060 works in games but tensorflow does not detect the GPU",
])
def test_an_nvidia_card_named_is_never_no_gpu_even_as_a_guess(monkeypatch, text):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("no-nvidia-gpu", 0.9), ("cuda-version-mismatch", 0.1)])
    assert explain_text(text).primary != "no-nvidia-gpu"


def test_gpu_not_listed_takes_the_classifiers_guess(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("cuda-version-mismatch", 0.3), ("gpu-ok", 0.2)])
    e = explain_text("$ python3 -c 'import tensorflow as tf; print(tf.config.list_physical_devices(\"GPU\"))'\n[]")
    assert e.primary == "cuda-version-mismatch"
    assert e.findings[0].facts["classifier_probability"] == 0.3
    assert e.confidence is not None and e.confidence <= 0.3  # a guess is as sure as the classifier says


def test_a_sure_healthy_guess_beside_words_of_a_hang_needs_a_gpu_at_work(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("gpu-ok", 0.8), ("gpu-oom", 0.05)])
    at_work = ("Training gets stuck after the first epoch\n2024-01-01 10:00:00.000000: I tensorflow/core/"
               "common_runtime/gpu/gpu_device.cc:1886] Created device /job:localhost/replica:0/task:0/device:GPU:0 "
               "with 9613 MB memory:  -> device: 0, name: NVIDIA GeForce RTX 3080, pci bus id: 0000:01:00.0, compute "
               "capability: 8.6")
    assert explain_text(at_work).primary == "gpu-ok"
    assert explain_text("Training gets stuck after the first epoch, any idea?").primary != "gpu-ok"


def test_no_healthy_guess_beside_words_that_the_gpu_set_up_fails(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("gpu-ok", 0.9), ("cuda-version-mismatch", 0.05)])
    text = "TensorFlow does not detect my GPU and training hangs.\nnvidia-smi shows 45% GPU-Util for other work."
    assert explain_text(text).primary != "gpu-ok"


def test_gpu_not_listed_stays_when_the_classifier_agrees(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("gpu-not-listed", 0.6), ("cuda-version-mismatch", 0.1)])
    e = explain_text("$ python3 -c 'import tensorflow as tf; print(tf.config.list_physical_devices(\"GPU\"))'\n[]")
    assert e.primary == "gpu-not-listed"


def test_windows_route_said_but_tf_210_named_is_not_that(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])
    text = "TensorFlow 2.10.1 on Windows 10. I read GPU support on Windows was dropped, but my GPU is not detected."
    assert explain_text(text).primary != "no-native-windows-gpu"


def test_a_mac_is_read_from_its_words():
    assert explain_text("MacBook Air (M1, 2020), macOS 11.2\npip install tensorflow fails").facts.get("os") == "macos"
    assert explain_text("C:\\Users\\me> pip install tensorflow\nWindows 10").facts.get("os") == "windows"


def test_code_after_tf_is_not_a_version():
    text = ">>> import tensorflow as tf\n>>> a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])\n"
    assert "tf_version" not in explain_text(text).facts
    assert explain_text("tensorflow==2.1.0 installed").facts.get("tf_version") == "2.1.0"


def test_an_unticked_wsl_1_box_is_not_wsl_1(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])
    text = ("### Are you using WSL 1 or WSL 2?\n- [X] WSL 2\n- [ ] WSL 1\nnvidia-smi inside WSL cannot see GPU usage "
            "(GPU-Util ERR!), CUDA samples work.")
    assert explain_text(text).primary not in ("wsl-gpu-missing", "gpu-not-listed")


def test_a_gpu_said_available_to_tensorflow_is_not_gpu_not_listed(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])
    text = "It seems to ignore the GTX1080 (although it is available to tensorflow) and run on the CPU."
    assert explain_text(text).primary != "gpu-not-listed"


def test_a_question_takes_a_guess_from_ten_percent_a_listing_does_not(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("cuda-version-mismatch", 0.12), ("gpu-ok", 0.05)])
    question = "I installed CUDA 11.3 and cuDNN 8.2 for my project.\nShould this TensorFlow work with them?"
    assert explain_text(question).primary == "cuda-version-mismatch"
    listing = "tensorflow 2.15.0\nkeras 2.15.0\nnumpy 1.26.4\ntensorboard 2.15.1\nCUDA 12.2 on the machine"
    assert explain_text(listing).primary != "cuda-version-mismatch"


def test_cuda_12_on_windows_without_tensorflow_named_is_not_the_windows_route(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])
    text = ("cudaVersion: 12.8\nUsing CUDA 12.8.1 addon\ngenerate subtitle error: Error: The specified module could not "
            "be found.\nC:\\Program Files\\Video Subtitle Master\\resources\\addons\\win-x64-cuda\\addon.node")
    assert explain_text(text).primary != "no-native-windows-gpu"


def test_an_error_of_the_users_own_program_beside_a_gpu_at_work_is_not_the_set_up(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])
    created = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:1886] Created device /job:localhost/replica:0/task:0/"
               "device:GPU:0 with 1381 MB memory:  -> device: 0, name: NVIDIA GeForce GT 730, pci bus id: 0000:01:00.0, "
               "compute capability: 3.5\n")
    user_error = "ValueError: Shapes (1, 1, 256, 24) and (1, 1, 256, 36) are incompatible\n"
    assert explain_text(created + user_error).primary == "gpu-ok"
    # An error line that may be the GPU set-up's still outranks the healthy device line.
    stack_error = "tensorflow.python.framework.errors_impl.InternalError: cudaGetDevice() failed. Status: initialization error\n"
    assert explain_text(created + stack_error).primary != "gpu-ok"


def test_no_guess_that_the_gpu_is_out_of_reach_where_tensorflow_shows_it(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("container-gpu-missing", 0.4), ("gpu-oom", 0.1)])
    text = ("Inside nvidia-docker training is slower than on the host.\n>>> tf.config.list_physical_devices('GPU')\n"
            "[PhysicalDevice(name='/physical_device:GPU:0', device_type='GPU')]\nInternalError: Failed to call "
            "ThenRnnForward with model config\n")
    assert explain_text(text).primary != "container-gpu-missing"
