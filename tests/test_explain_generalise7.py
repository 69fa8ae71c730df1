"""Issue 28, eighth session: readings added after blind batch 87 and the classifier's view of the rules' reading.
Each is pinned on a short text written for this file from a program's own message or a way of saying a fact; the
real cases are in tests/fixtures/corpus-real."""

from __future__ import annotations

import pytest
from test_explain_generalise6 import rules_only, said  # noqa: F401 - rules_only: a fixture, by name

from tfgpu.core.explain import classifier, engine, prose
from tfgpu.core.explain.document import without_unchecked_boxes
from tfgpu.core.explain.engine import explain_text

RULES_ALONE = [
    # A CPU the KB knows has no AVX, and AVX named: prebuilt TF cannot run there, GPU or not.
    ("The installer refuses to run on my Celeron N3050 and says it needs TensorFlow with AVX support.", "cpu-no-avx"),
    ("I cannot import TensorFlow on this laptop.\nCPU: Intel(R) Pentium(R) CPU G3220 @ 3.00GHz\nMy laptop does not have "
     "a GPU. CPU-Z shows the processor has no AVX. What should I do?", "cpu-no-avx"),
    # A Mac with an NVIDIA card: TF's macOS packages have no CUDA, the card is not the problem.
    ("MacBook Pro (Retina, 15-inch, Late 2013) with an NVIDIA GeForce GT 750M, macOS 10.14.\n"
     "I installed tensorflow with pip but it does not use the GPU. How do I make it use the card?", "cpu-only-build"),
    # A template's driver too old for the CUDA of the stated TF, and a hang with no error line.
    ("## System info\n- OS: Ubuntu 16.04\n- NVIDIA driver: 384.130\n- TF version: 1.13.1\n- CUDA: 10.0\n\n"
     "Since last week tf.Session() hangs and the whole machine freezes.", "driver-too-old"),
    # A form's unticked choices are not facts: Python 3.10, not 3.6, for TF 2.4.
    ("### Python version\n\n- [ ] Python 3.6\n- [x] Python 3.10\n\n"
     "ERROR: Could not find a version that satisfies the requirement tensorflow==2.4.0 (from versions: none)\n"
     "ERROR: No matching distribution found for tensorflow==2.4.0", "python-unsupported"),
]


# -- after batch 88 ---------------------------------------------------------------------------------------------------
RULES_ALONE += [
    # 3221225501 is -1073741795 written unsigned: 0xC000001D, an illegal instruction (a CPU without AVX).
    ("import tensorflow\nImportError: DLL load failed with error code 3221225501\nWindows 7, no GPU", "cpu-no-avx"),
    # Memory said to grow until the training dies, with no error line: out of GPU memory.
    ("Training runs for a while, then the VRAM usage explodes: 6 GB at round 1, 12 GB at round 90, then it "
     "crashes.", "gpu-oom"),
    # An add-on that publishes no wheels for Windows: pip has none, whatever the Python version.
    ("C:\\work> pip install tensorflow-decision-forests\nERROR: Could not find a version that satisfies the "
     "requirement tensorflow-decision-forests (from versions: none)\nPython 3.9, Windows 10", "install-no-wheel"),
    ("tensorflow-text does not seem to have a Windows version, and keras-hub needs it. Windows 11, Python 3.11. "
     "Is there any way?", "install-no-wheel"),
]


# -- after batch 89 ---------------------------------------------------------------------------------------------------
RULES_ALONE += [
    # TensorFlow imports in a terminal but not in the notebook: the kernel is another Python.
    ("ModuleNotFoundError: No module named 'tensorflow'\nIt imports fine in my terminal but not in Jupyter. "
     "sys.executable differs between them.", "tf-not-installed"),
]


# -- after batch 90 ---------------------------------------------------------------------------------------------------
RULES_ALONE += [
    # cuDNN 8.3-8.9 on Windows without zlibwapi.dll: the process dies right after loading cuDNN.
    ("2022-07-14 13:42:31.409488: I tensorflow/stream_executor/cuda/cuda_dnn.cc:384] Loaded cuDNN version 8600\n\n"
     "Process finished with exit code -1073740791 (0xC0000409)", "zlibwapi-missing"),
    ("Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n    import h5py\n"
     "ValueError: numpy.ndarray size changed, may indicate binary incompatibility. Expected 96 from C header, got 88 "
     "from PyObject", "numpy-incompatible"),
    ("训练数据一多就直接OOM，batch_size=1 也不行", "gpu-oom"),
]


# -- after batch 91 ---------------------------------------------------------------------------------------------------
RULES_ALONE += [
    ("Looks like tensorflow==1.* is not supported in python3.9, so the project won't work there.",
     "python-unsupported"),
    ("InvalidArgumentError: Cannot assign a device for operation noise/RandomStandardNormal: Could not satisfy "
     "explicit device specification '' because the node {{colocation_node noise}} was colocated with a group of "
     "nodes that required incompatible device '/device:GPU:0'. All available devices "
     "[/job:localhost/replica:0/task:0/device:CPU:0, /job:localhost/replica:0/task:0/device:XLA_GPU:0].",
     "gpu-not-listed"),
]


# -- after batches 92-93 ----------------------------------------------------------------------------------------------
RULES_ALONE += [
    ("failed call to cuInit: CUDA_ERROR_UNKNOWN\nWindows 10, the GPU is Intel (R) UHD Graphics 620, "
     "tensorflow-gpu 1.14 installed.", "no-nvidia-gpu"),
    ("pip3 install tensorflow-2.7.0-cp39-cp39-linux_aarch64.whl\nERROR: Could not find a version that satisfies the "
     "requirement tensorflow-io-gcs-filesystem>=0.21.0 (from tensorflow) (from versions: none)", "install-no-wheel"),
    (">>> import keras\nModuleNotFoundError: No module named 'tensorflow.python'", "tf-import-failed"),
]


# -- after batch 94 ---------------------------------------------------------------------------------------------------
RULES_ALONE += [
    # A card newer than the CUDA of a TF 1.x: cuBLAS has no kernels for it ("3080ti" alone names the card).
    ("failed to run cuBLAS routine: CUBLAS_STATUS_EXECUTION_FAILED\nI use 3080ti / tensorflow 1.15 / python 3.7 / "
     "cuda 10.1\nInternal: Blas GEMM launch failed : a.shape=(4096, 2), b.shape=(2, 128)", "compute-capability-unsupported"),
    ("RTX4070 could not run train.py\ncuda 10.0 + cudnn 7.4 + tensorflow-gpu 1.14.0", "compute-capability-unsupported"),
]


@pytest.mark.parametrize("text, expected", RULES_ALONE)
@pytest.mark.usefixtures("rules_only")
def test_the_rules_alone_read(text, expected):
    assert explain_text(text).primary == expected


@pytest.mark.usefixtures("rules_only")
def test_a_mac_whose_log_finds_the_nvidia_gpu_is_not_called_a_cpu_build():
    # A source build with CUDA on a Mac (TF 1.1) finds the card: nothing says the build lacks CUDA.
    text = ("TF 1.1.0, CUDA 8.0, macOS 10.12, GeForce GT 750M\n"
            "2017-04-13 08:39:24.542538: I tensorflow/core/common_runtime/gpu/gpu_device.cc:887] Found device 0 with "
            "properties:\nname: GeForce GT 750M\nmajor: 3 minor: 0 memoryClockRate (GHz) 0.9255\n"
            "Is it really using the GPU?")
    assert explain_text(text).primary != "cpu-only-build"


SAID = [
    # Markdown's bold and code quotes between the words do not hide what they say.
    ("I checked with CPU-Z: my CPU **does not** support AVX.", "say:no-avx-said"),
    ("`import tensorflow` fails: tensorflow **cannot** be imported", "say:import-fails"),
    ("non-gpu tensorflow cannot import and run", "say:import-fails"),
    ("The board's CPU architecture is armv6l (a Pi Zero W).", "ctx:arm-linux"),
    ("The nvidia eGPU runs on the Nvidia Web Driver.", "ctx:nvidia-named"),
    ("不支持AVX指令集的CPU", "say:avx-named"),
    ("학습 도중 세션이 종료되는 오류가 납니다", "say:fails"),
]


@pytest.mark.parametrize("text, signal", SAID)
def test_what_the_words_say(text, signal):
    assert signal in said(text)


def test_markup_is_removed_for_reading_but_lines_stay_where_they_were():
    plain, origin = prose.without_markup("a\n**b** `c`\nd")
    assert plain == "a\nb c\nd"
    assert origin is not None and [origin[plain.index(ch)] for ch in "bcd"] == [4, 9, 12]
    assert prose.without_markup("plain text") == ("plain text", None)


def test_unticked_choices_are_blanked_at_the_same_length():
    text = "- [ ] Python 3.5\n- [X] Python 3.9\n * [ ] CUDA 9.0"
    blanked = without_unchecked_boxes(text)
    assert len(blanked) == len(text)
    assert "3.5" not in blanked and "9.0" not in blanked and "- [X] Python 3.9" in blanked


# -- the classifier sees the rules' reading ---------------------------------------------------------------------------

def test_the_classifier_is_given_the_rules_reading(monkeypatch):
    seen: list[list[str]] = []
    monkeypatch.setattr(classifier, "predict", lambda _text, reading=(): seen.append(list(reading)) or [])
    explain_text("Why is my training slow? Windows 11, tensorflow 2.10")
    assert seen, "the classifier was asked"
    tokens = seen[0]
    assert "r:os:windows" in tokens and any(t.startswith("r:kind:") for t in tokens)
    assert any(t.startswith("r:said:") for t in tokens)


def test_training_sees_the_same_reading_as_explain():
    text = "Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found\nWindows 10"
    _, tokens = engine.classifier_input(text)
    assert "r:hit:dso-load-failed" in tokens and "r:os:windows" in tokens
    reading_features = classifier.features(text, tokens)
    assert all(reading_features[t] == 1 for t in tokens)


@pytest.mark.usefixtures("rules_only")
def test_an_exception_nothing_explains_outranks_a_library_warning():
    # TF's "cudart not found" warning on a machine without a GPU, then the program's own error: not a CUDA problem.
    text = ("2021-05-20 10:45:32.922460: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not "
            "load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found\n"
            "2021-05-20 10:45:32.930628: I tensorflow/stream_executor/cuda/cudart_stub.cc:29] Ignore above cudart "
            "dlerror if you do not have a GPU set up on your machine.\nTraceback (most recent call last):\n"
            "  File \"app.py\", line 3, in <module>\n    from keras.utils import np_utils\n"
            "ImportError: cannot import name 'np_utils' from 'keras.utils'")
    explanation = explain_text(text)
    assert explanation.primary == "unrecognised-error"
    assert "np_utils" in explanation.findings[0].facts["decisive_line"]


@pytest.mark.usefixtures("rules_only")
def test_a_ptxas_warning_that_compared_versions_as_text_is_harmless():
    wrong = "W asm_compiler.cc:99] *** WARNING *** You are using ptxas 10.0.145, which is older than 9.2.88."
    right = "W asm_compiler.cc:99] *** WARNING *** You are using ptxas 9.1.121, which is older than 9.2.88."
    assert explain_text(wrong).primary == "benign-log"
    assert explain_text(right).primary == "ptx-toolchain-mismatch"


@pytest.mark.usefixtures("rules_only")
def test_an_add_on_version_that_had_windows_wheels_is_not_called_missing():
    text = ("Windows 10, TensorFlow 2.4.1, pip install tensorflow-text==2.4.3 worked, but import tensorflow_text "
            "fails:\nNotFoundError: _text_similarity_metric_ops.so not found")
    assert explain_text(text).primary != "install-no-wheel"


def test_words_of_a_failure_that_are_denied_are_not_a_failure():
    assert "say:fails" not in said("Training has not crashed so far, but the memory load stays at 7.9 GB.")
    assert "say:fails" not in said("It runs without errors.")
    assert "say:fails" in said("It crashed after two epochs.")


@pytest.mark.usefixtures("rules_only")
def test_a_device_found_beside_words_that_a_library_fails_is_not_healthy():
    # The paste stops at the device TF found; the words say a library is still not found.
    text = ("TF-Nightly still fails to load cusolver: it looks for version 10 and ignores 11.\n"
            "2020-10-28 12:07:52.945021: I tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully "
            "opened dynamic library cudart64_110.dll\n2020-10-28 12:08:06.596743: I tensorflow/core/common_runtime/gpu/"
            "gpu_device.cc:1724] Found device 0 with properties:\npciBusID: 0000:01:00.0 name: Quadro M2000M "
            "computeCapability: 5.0")
    assert explain_text(text).primary not in ("gpu-ok", "benign-log")


@pytest.mark.usefixtures("rules_only")
def test_a_failure_said_of_a_harmless_notice_keeps_the_notice_reading():
    text = ("Facing this error when using TensorFlow on WSL2: Unable to register cuDNN factory: Attempting to register "
            "factory for plugin cuDNN when one has already been registered\n"
            "E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:9261] Unable to register cuDNN factory: "
            "Attempting to register factory for plugin cuDNN when one has already been registered\n"
            "NVIDIA-SMI 546.17  Driver Version: 546.17  CUDA Version: 12.3")
    assert explain_text(text).primary != "unrecognised-error"


@pytest.mark.usefixtures("rules_only")
def test_numpy_size_changed_as_a_runtime_warning_is_not_the_failure():
    text = ("RuntimeWarning: numpy.dtype size changed, may indicate binary incompatibility. Expected 96, got 88\n"
            "RuntimeError: CUDA error (10): invalid device ordinal")
    assert explain_text(text).primary != "numpy-incompatible"
