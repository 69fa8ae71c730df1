"""Issue 28, sixth session: a sure healthy guess for a quiet question, and the readings added after the blind
batches 65-75 (harmless notices, signs of a GPU at work, failures read in words, facts such as the CUDA TF opened).
Each is pinned on a short text written for this file from a program's own message or a way of saying a fact; the
real cases are in tests/fixtures/corpus-real."""

from __future__ import annotations

import pytest
from test_explain_generalise5 import QUESTION, guess

from tfgpu.core.explain import document, prose
from tfgpu.core.explain.engine import explain_text
from tfgpu.core.explain.ranking import _STRONG_ERROR


@pytest.fixture
def rules_only(monkeypatch):
    """The rules' own reading: no classifier guess."""
    guess(monkeypatch, [])


def said(text: str) -> set[str]:
    doc = document.load(text)
    return prose.read(doc, prose.user_text(doc)).signals


# -- the classifier's sure healthy guess ----------------------------------------------------------------------------

def test_a_quiet_question_the_classifier_is_sure_is_healthy_is_guessed_healthy(monkeypatch):
    # No error line, no word of a failure, nothing at work: a sure (>= 60%) healthy reading is given, as a guess.
    guess(monkeypatch, [("gpu-ok", 0.6), ("cpu-only-build", 0.03)])
    explanation = explain_text(QUESTION)
    assert explanation.primary == "gpu-ok"
    assert explanation.findings[0].facts["classifier_probability"] == 0.6
    assert "statistical guess" in str(explanation.findings[0].detail)


def test_a_bare_question_with_no_word_of_a_gpu_set_up_is_not_guessed_healthy(monkeypatch):
    guess(monkeypatch, [("gpu-ok", 0.9), ("cpu-only-build", 0.05)])
    assert explain_text("Why is my training so slow on this machine?").primary == "unrecognised-error"


@pytest.mark.parametrize("words", [
    "Training is not using the GPU, how can I make it use the GPU?",
    "It fails after a while. How can I make it faster on the GPU?",
    "My GPU is not detected. Which card would you recommend?",
])
def test_words_of_a_failure_still_bar_a_healthy_guess_without_anything_at_work(monkeypatch, words):
    guess(monkeypatch, [("gpu-ok", 0.9), ("cpu-only-build", 0.05)])
    assert explain_text(words).primary not in ("gpu-ok", "benign-log")


# -- what the rules alone read (primary finding) --------------------------------------------------------------------

RULES_ALONE = [
    # After batch 65. nvcc's option check names an architecture newer than its toolkit; a healthy nvidia-smi beside.
    ("Running on RTX 3090: nvcc fatal : Value 'sm_86' is not defined for option 'gpu-architecture'\n"
     "| NVIDIA-SMI 465.19.01    Driver Version: 465.19.01    CUDA Version: 11.3     |\n"
     "|   0  NVIDIA GeForce ...  On   | 00000000:02:00.0 Off |                  N/A |\n"
     "| 60%   51C    P2   299W / 300W |   4651MiB / 24268MiB |    100%      Default |", "cuda-version-mismatch"),
    # TF 1.x's "no known devices", quoted in a title without its "Device mapping:" start.
    ('Tensorflow GPU "no known devices" after updating', "gpu-not-listed"),
    # "No GPU devices found" in words, beside a TF release and the CUDA the machine has.
    ("No GPU devices found with CUDA 11.2\nI installed TensorFlow 1.14 in a virtual environment.",
     "cuda-version-mismatch"),
    # "Reinstall CUDA to 9.1" is a CUDA the user has, beside TF 1.5 (built for 9.0) failing to import.
    ("I update tensorflow to 1.5, and reinstall cuda to 9.1, now I get the error:\nTraceback (most recent call last):\n"
     '  File "/home/user/.local/lib/python3.5/site-packages/tensorflow/python/pywrap_tensorflow.py", line 58, in '
     "<module>\nImportError: libcublas.so.9.0: cannot open shared object file: No such file or directory",
     "cuda-version-mismatch"),
    # NumPy's FutureWarning at TF 1.x's import: a notice, nothing failed.
    ("/home/user/env/lib/python3.7/site-packages/tensorflow/python/framework/dtypes.py:516: FutureWarning: Passing "
     "(type, 1) or '1type' as a synonym of type is deprecated; in a future version of numpy, it will be understood "
     "as (type, (1,)) / '(1,)type'.\n  _np_qint8 = np.dtype([(\"qint8\", np.int8, 1)])", "benign-log"),
    # After batch 66. An exception quoted in a title is an error line that harmless notices do not explain.
    ("import tensorflow_addons gives AttributeError: module 'tensorflow_core._api.v2.random' has no attribute "
     "'Generator'\n2020-06-14 03:27:48.281948: W tensorflow/stream_executor/platform/default/dso_loader.cc:55] "
     "Could not load dynamic library 'libnvinfer.so.6'; dlerror: libnvinfer.so.6: cannot open shared object "
     "file: No such file or directory", "unrecognised-error"),
    # After batch 67. cuDNN loaded and epochs running: the GPU is at work, nothing else to say.
    ("I tensorflow/stream_executor/cuda/cuda_dnn.cc:359] Loaded cuDNN version 8201\n"
     "1/1 [==============================] - 0s 22ms/step - loss: 0.8996 - accuracy: 0.5000", "gpu-ok"),
    # XLA's newer device line ("StreamExecutor [0]: ...") names a GPU at work.
    ("I0000 00:00:1786697985.585090 2686669 service.cc:194]   StreamExecutor [0]: NVIDIA GeForce RTX 4060 Laptop "
     "GPU, Compute Capability 8.9 (Driver: 13.0.0[580.126.9]; Runtime: 12.8.0; Toolkit: 12.8.0; DNN: 9.10.2)",
     "gpu-ok"),
    # An Ampere laptop card said by its number after the word, under a CUDA 10 TensorFlow 1.x.
    ("我在运行代码时遇到了 Internal: Blas GEMM launch failed\n我的环境是tensorflow1.14 cuda10.0 cudnn是7.6 "
     "GPU是笔记本的3070，显存8G", "compute-capability-unsupported"),
    # A missing cuDNN comes before a GPU newer than its CUDA.
    ("GPU: RTX 3060, conda cudatoolkit 10.2\nW dso_loader.cc:55] Could not load dynamic library "
     "'libcudnn.so.7'; dlerror: libcudnn.so.7: cannot open shared object file: No such file or directory",
     "cudnn-missing"),
    # After batch 69. conda sees no driver: no __cuda virtual package (a docker build, or no driver); not the Python.
    ("Encountered problems while solving:\n  - nothing provides __cuda needed by tensorflow-2.7.0-cuda102py310hcf4adbc_0"
     "\n          python version : 3.9.10.final.0", "driver-missing"),
    # "No CUDA toolkit" in the user's words, beside a GPU TensorFlow does not use.
    ("Install on CentOS 7.9 with a GTX 1080 Ti fails to install GPU capable tensorflow. Examples run on all CPU.\n"
     "No cuda toolkit, cudnn, no detection of GPU running examples.", "cuda-runtime-missing"),
    # cuDNN fails to start under a TF of the [and-cuda] era with an older system cuDNN, no [and-cuda] in sight.
    ("### TensorFlow version\nTF 2.18\n### OS platform and distribution\nLinux Ubuntu 22.04.4 LTS\n"
     "### CUDA/cuDNN version\nCUDA 12.6; CUDNN 9.0\nDNN library initialization failed. Look at the errors above for "
     "more details.", "cudnn-version-mismatch"),
    # After batch 70. XLA, mixed precision, FP16, TensorRT slower than hoped: a question about a GPU that works.
    ("Use XLA to Tacotron2 is slower than without XLA\n- TensorFlow version: 1.12.0\n- GPU model and memory: P40",
     "gpu-ok"),
    ("mixed_float16 + example code = horrible performance on a GeForce GTX 1660 Ti", "gpu-ok"),
    ("FP16 slower than FP32\n- CUDA/cuDNN version: 9.0 / 7.0\n- GPU model and memory: Pascal P-100", "gpu-ok"),
    ("No speed improvements after TF-TRT optimizing on a tensorflow BERT model\n**NVIDIA GPU**: T4", "gpu-ok"),
    # After batch 72. Grappler's and tf.data's give-ups, deprecation warnings, a colocation notice: harmless.
    ("E tensorflow/core/grappler/optimizers/meta_optimizer.cc:954] layout failed: INVALID_ARGUMENT: Size of values 0 "
     "does not match size of permutation 4 @ fanin shape inmodel/dropout/dropout/SelectV2-2-TransposeNHWCToNCHW-"
     "LayoutOptimizer", "benign-log"),
    ("W tensorflow/core/data/root_dataset.cc:286] Optimization loop failed: CANCELLED: Operation was cancelled",
     "benign-log"),
    ("WARNING:tensorflow:From C:\\Python37\\lib\\site-packages\\keras\\backend\\tensorflow_backend.py:517: The name "
     "tf.placeholder is deprecated. Please use tf.compat.v1.placeholder instead.", "benign-log"),
    ("WARNING:tensorflow:Tried to colocate gradients/tower_0/bn/count_grad/Rank with an op tower_0/bn/Rank that had a "
     "different device: /device:CPU:0 vs /device:GPU:0. Postponing error-checking until all devices are assigned.",
     "benign-log"),
    # After batch 73. TF 1.x opened CUDA 10.0's libraries and created an RTX 3090 (8.6) device: no kernels for it.
    ("Cannot get RTX 3090 card to start training\n"
     "I tensorflow/stream_executor/platform/default/dso_loader.cc:44] Successfully opened dynamic library "
     "cusolver64_100.dll\nI tensorflow/core/common_runtime/gpu/gpu_device.cc:1325] Created TensorFlow device "
     "(/job:localhost/replica:0/task:0/device:GPU:0 with 22071 MB memory) -> physical GPU (device: 0, name: "
     "GeForce RTX 3090, pci bus id: 0000:01:00.0, compute capability: 8.6)", "compute-capability-unsupported"),
    # After batch 74. TF_FORCE_GPU_ALLOW_GROWTH's notice; Singularity's --nv with no driver files on the host.
    ("W tensorflow/core/common_runtime/gpu/gpu_bfc_allocator.cc:42] Overriding allow_growth setting because the "
     "TF_FORCE_GPU_ALLOW_GROWTH environment variable is set. Original config value was 0.", "benign-log"),
    ("singularity run --nv image.sif --dpi=4800\nWARNING: Could not find any nv files on this host!\nROOT_DIR /home",
     "container-gpu-missing"),
    # Seventh session, after batches 76-77 (written from each program's message or a way of saying a fact).
    ("UserWarning: Flash Attention is disabled as it requires a GPU with Ampere (8.0) CUDA capability.\n"
     "Is my card unsupported?", "benign-log"),
    ("I installed CUDA 11.8 but nvcc -V says:\nCuda compilation tools, release 11.5, V11.5.119", "cuda-path-stale"),
    ("nvcc-Error-CUDA version 10.2 was not installed with this HPC SDK: /opt/nvidia/hpc_sdk/Linux_x86_64/21.7/cuda/"
     "10.2/bin", "cuda-path-stale"),
    ("ValueError: jaxlib is version 0.1.69, but this version of jax requires version 0.1.74.", "mixed-tf-packages"),
    ("docker: Error response from daemon: ... stderr: Auto-detected mode as 'legacy'\n"
     "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown.",
     "driver-library-mismatch"),
    ("Our lab server has no GPU, only CPU. Can I still run the model?", "no-nvidia-gpu"),
    ("cuda驱动是11.4，安装高版本的torch会提示cuda太老旧，有办法吗？", "driver-too-old"),
    # After batches 78-79.
    ("2020-10-03 17:02:22.488913: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1325] Created TensorFlow device "
     "(/job:localhost/replica:0/task:0/device:GPU:0 with 4915 MB memory) -> physical GPU (device: 0, name: GeForce RTX "
     "2070 SUPER, pci bus id: 0000:01:00.0, compute capability: 7.5)\n2020-10-03 17:02:24.528951: F .\\tensorflow/"
     "core/kernels/random_op_gpu.h:227] Non-OK-status: GpuLaunchKernel(...) status: Internal: invalid device function",
     "cuda-version-mismatch"),
    ("modprobe: ERROR: could not insert 'nvidia_331_uvm': Invalid argument\ncuda runtime error (30) : unknown error",
     "driver-library-mismatch"),
    ("> torch_tensor(1, device = \"cuda\")\nError in cpp_torch_tensor(data, rev(dimension)) :\n  PyTorch is not linked "
     "with support for cuda devices (getDeviceGuardImpl at C:\\b\\windows\\pytorch\\c10/core/impl/x.h:216)",
     "cpu-only-build"),
    ("### WSL Version\n2.4.13.0\n\nrun nvidia-smi inside WSL ->\nUnable to determine the device handle for GPU0: "
     "0000:C1:00.0: Unknown Error\nNo devices were found", "wsl-gpu-missing"),
    ("TensorFlow version: 2.13.1\nCUDA/cuDNN version: 11.8/8.7.0\n2023-11-06 01:01:39.145881: I tensorflow/tsl/cuda/"
     "cudart_stub.cc:28] Could not find cuda drivers on your machine, GPU will not be used.\nThe list of GPUs is "
     "empty", "path-not-set"),
    # After batch 80.
    ("LSTM on a Colab GPU fails:\nUnknownError: Fail to find the dnn implementation. [Op:CudnnRNN]",
     "cudnn-version-mismatch"),
    ("TensorFlow version: 2.0.0-beta1\nCUDA/cuDNN version: 10.1\nTensorflow 2.0 does not use GPU\n"
     "[name: \"/device:CPU:0\"\n device_type: \"CPU\"\n, name: \"/device:XLA_GPU:0\"\n device_type: \"XLA_GPU\"\n]",
     "cuda-version-mismatch"),
    # After batch 81.
    ("What do I and W mean in these logs?\n2020-10-24 15:29:53.303267: I tensorflow/stream_executor/platform/"
     "default/dso_loader.cc:48] Successfully opened dynamic library libcudart.so.10.1", "benign-log"),
    ("Cellpose not making full use of GPU: the masks step runs on the CPU", "gpu-ok"),
    ("The GUI ran fast on the GPU, the notebook was very slow: it took me a while to realize that some torch "
     "packages had the CPU version.", "cpu-only-build"),
    # After batch 82.
    ("Training stops: RuntimeError: FlashAttention only supports Ampere GPUs or newer.", "compute-capability-unsupported"),
    ("Cannot connect to GPU backend. You cannot currently connect to a GPU due to usage limits in Colab.",
     "no-nvidia-gpu"),
    ("NVIDIA Release 19.10 (build 8472689)\nPyTorch Version 1.3.0a0\nERROR: No supported GPU(s) detected to run this "
     "container", "container-gpu-missing"),
    ("WARNING: Detected NVIDIA NVIDIA Graphics Device GPU, which is not yet supported in this version of the "
     "container\nERROR: No supported GPU(s) detected to run this container", "compute-capability-unsupported"),
    ("It says 'Found no NVIDIA driver on your system'. I have an AMD RX570.", "no-nvidia-gpu"),
    # After batch 83.
    ("run.py: error: argument --execution-providers: invalid choice: 'cuda' (choose from 'cpu')", "cpu-only-build"),
    ("Task manager shows 22% on my GTX 970, why not 100%? On the laptop 0% for 3D, but 100% for \"Compute_0\"?",
     "gpu-ok"),
    # After batch 84: a version the user asks to switch to is not installed.
    ("使用cuda10.1 出现RuntimeError: cublas64_100.dll not found.的错误，是否需要更换cuda10.0？", "cuda-version-mismatch"),
]


@pytest.mark.parametrize("text, expected", RULES_ALONE)
def test_the_rules_alone_read(rules_only, text, expected):
    assert explain_text(text).primary == expected


# Readings the rules must not give: a guard beside each reading above.
NOT_READ = [
    # "No CUDA installed" beside a GPU at work (a program that brings its own CUDA) is not a missing CUDA.
    ("My GPU usage doesn't go above 20% in task manager, HWMonitor shows 100%. I have not installed cuda, cudnn "
     "or anything else except DeepFaceLabCUDA10.1 and the latest drivers.", ("cuda-runtime-missing",)),
    # pip's own cuDNN ([and-cuda]) keeps the system's cuDNN out of it.
    ("TF 2.18, pip install tensorflow[and-cuda]\nCUDA 12.6; cuDNN 9.0 on the system\nDNN library initialization failed.",
     ("cudnn-version-mismatch",)),
    # A deprecation notice does not explain an error beside it.
    ("WARNING:tensorflow:From /x/keras/backend.py:517: The name tf.placeholder is deprecated. Please use "
     "tf.compat.v1.placeholder instead.\nImportError: libcudnn.so.7: cannot open shared object file: No such "
     "file or directory", ("benign-log", "gpu-ok")),
    # Processes hidden in a container are not healthy beside a GPU the user says is unused.
    ("it works well on my laptop without gpu, but not using gpu in a docker environment.\n"
     "nvidia-smi returns:\nNo running processes found", ("gpu-ok", "benign-log")),
    # An installed version the user says was NOT installed is not compared with nvcc's.
    ("I installed CUDA 11.5 (I have not installed CUDA 11.8).\nCuda compilation tools, release 11.5, V11.5.119",
     ("cuda-path-stale",)),
    # Harmless notices on a machine without a GPU, with a question, stay harmless (the thread's usual answer).
    ("I have no GPU. Is this a problem?\n2021-01-01 12:00:00.000001: I tensorflow/core/platform/cpu_feature_guard.cc:"
     "142] This TensorFlow binary is optimized with oneAPI Deep Neural Network Library (oneDNN) to use the following "
     "CPU instructions in performance-critical operations:  AVX2 FMA", ("no-nvidia-gpu",)),
    # Moving a tensor from the GPU to the CPU is not a CPU build.
    ("TF 2.3 on Colab: converting the prediction to numpy (moving the tensor from GPU to CPU) is very slow.",
     ("cpu-only-build",)),
    # A template's instruction is not a statement about this machine.
    ("I want to know what this batch size consists of?\n**Environment (if you do not have a GPU, write No GPU):**\n"
     "- GPU: RTX A4500", ("no-nvidia-gpu",)),
    # A list of providers that holds CUDA is not a CPU-only build.
    ("error: argument --execution-provider: invalid choice: 'gpu' (choose from 'cuda', 'cpu')", ("cpu-only-build",)),
]


@pytest.mark.parametrize("text, wrong", NOT_READ)
def test_the_rules_alone_do_not_read(rules_only, text, wrong):
    assert explain_text(text).primary not in wrong


# -- the user's words (prose signals) -------------------------------------------------------------------------------

SAID = [
    # (text, signal, whether the text says it)
    ("Magenta performance-rnn training not using GPU", "say:gpu-not-used", True),
    ("The model is not using my GPU at all", "say:gpu-not-used", True),
    ("Why is my code not running on GPU?", "say:gpu-not-used", True),
    ("Why is my code not running on GPU?", "say:gpu-load", False),  # not a GPU at work
    ("The model is running on the GPU, but slowly.", "say:gpu-load", True),
    ("it is using the cpu only", "say:cpu-only-said", True),
    ("training is very slow, the gpu is idle", "say:gpu-idle", True),
    ("It worked - but it only uses 1% of 3080 gpu.", "say:gpu-load", True),
    ("Everything works and I am getting 99% GPU usage on my jobs.", "say:runs-anyway", True),
    ("It works now, thanks!", "say:runs-anyway", True),
    ("Everything worked before the update, now nothing runs on the GPU.", "say:runs-anyway", False),
    ("I was able to run it but I cannnot use the GPU with tensorflow.", "say:gpu-not-used", True),
    ("Cannot get RTX 3090 card to start training", "say:gpu-not-used", True),
    ("it works well on my laptop without gpu, but not using gpu in a docker environment", "say:gpu-not-used", True),
    ("GPU Processes are Not Listed When Running Inside a Docker Container", "say:gpu-not-used", False),
    ("I see that GPU is getting utilised but the pids are not visible in nvidia-smi", "say:gpu-not-used", False),
    ("Chrombpnet train not using gpu?", "say:gpu-not-used", True),
    ("I am not using the GPU version", "say:gpu-not-used", False),
    ("Running classifier_only with GPU on many croppings -> Runs out of vRAM", "say:oom-said", True),
    ("So what cuda version do I need for this ?  I have cuda 10.3 available.", "say:question", True),
    ("Which driver should I install for a GTX 1060", "say:question", True),
]


@pytest.mark.parametrize("text, signal, present", SAID)
def test_what_the_words_say(text, signal, present):
    assert (signal in said(text)) is present


# -- error lines and facts ------------------------------------------------------------------------------------------

def test_compiler_fatal_lines_and_quoted_exceptions_are_error_lines():
    assert _STRONG_ERROR.search("nvcc fatal   : Unknown option '-Xfoo'")
    assert _STRONG_ERROR.search("ptxas fatal   : Unresolved extern function 'bar'")
    assert _STRONG_ERROR.search("import X gives AttributeError: module 'x' has no attribute 'y'")
    assert not _STRONG_ERROR.search("I see this Error: it says something")  # a bare "Error:" names no exception


def test_a_gpu_number_said_after_the_word_is_a_gpu_name():
    for text, name in (("GPU: 3060, CUDA 10.2", "RTX 3060"), ("my graphics card is a 4090", "RTX 4090"),
                       ("显卡是2080ti", "RTX 2080 ti"), ("rtx2080ti python3.6 tensorflow1.10", "rtx 2080 ti"),
                       ("GTX1080Ti, CUDA 9", "GTX 1080 Ti")):
        assert name.lower() in [n.lower() for n in explain_text(text).facts.get("gpu_names", [])], text
    assert not explain_text("listening on port 3070").facts.get("gpu_names")


def test_the_cuda_tf_opened_is_a_fact():
    facts = explain_text("I dso_loader.cc:44] Successfully opened dynamic library cusolver64_100.dll").facts
    assert facts["cuda_loaded"] == "10.0"
    facts = explain_text("I dso_loader.cc:53] Successfully opened dynamic library libcublas.so.11.0").facts
    assert facts["cuda_loaded"] == "11.0"


def test_hpc_modules_name_the_cuda_and_cudnn():
    facts = explain_text("module load cudatoolkit/11.7\nmodule load cudnn/cuda-11.x/8.2.0").facts
    assert (facts["cuda_installed"], facts["cudnn_installed"]) == (["11.7"], ["8.2.0"])
