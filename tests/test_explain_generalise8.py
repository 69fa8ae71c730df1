"""Issue 28, ninth session: readings added after blind batches 95-104. Each is pinned on a short text written for this
file from a program's own message or a way of saying a fact; the real cases are in tests/fixtures/corpus-real."""

from __future__ import annotations

import pytest
from test_explain_generalise6 import rules_only  # noqa: F401 - rules_only: a fixture, by name

from tfgpu.core.explain import ranking
from tfgpu.core.explain.engine import explain_text

RULES_ALONE = [
    # -- after batch 95 --
    # "no kernel image is available for execution" however the message ends, beside a GPU TF created: the build
    # has no kernels for this card.
    ("Error running with GPU: no kernel image is available for execution/operation received an exception\n"
     "2022-12-03 19:41:44.926586: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1614] Created device "
     "/job:localhost/replica:0/task:0/device:GPU:0 with 10297 MB memory:  -> device: 0, name: NVIDIA Tesla K80, "
     "pci bus id: 0000:87:00.0, compute capability: 3.7", "compute-capability-unsupported"),
    # A custom op library built against another TensorFlow: its TF C++ symbol is missing.
    ("tensorflow.python.framework.errors_impl.NotFoundError: /opt/conda/lib/python3.8/site-packages/myops/"
     "libop_abi.so: undefined symbol: _ZN10tensorflow14kernel_factory17OpKernelRegistrar12InitInternal",
     "mixed-tf-packages"),
    # -- after batch 96 --
    # The shell's SIGILL message in another language is still an illegal instruction.
    ("$ python -c 'import tensorflow'\nUngültiger Maschinenbefehl (Speicherabzug geschrieben)", "cpu-no-avx"),
    ("melody rnn\nUbuntu\nInvalid instruction (the memory stack is flushed to disk)", "cpu-no-avx"),
    ("Starting the container...\nThe server exited with code 132 right after start, no logs.", "cpu-no-avx"),
    # Keras from a newer release than TensorFlow.
    ("from keras import layers\nImportError: cannot import name 'dtensor' from "
     "'tensorflow.compat.v2.experimental' (/usr/lib/python3/site-packages/tensorflow/_api/v2/compat/v2/experimental/"
     "__init__.py)", "mixed-tf-packages"),
    ("import keras\nImportError: Keras requires TensorFlow 2.2 or higher. Install TensorFlow via "
     "`pip install tensorflow`", "mixed-tf-packages"),
    ("ImportError: cannot import name 'get_config' from 'tensorflow.python.eager.context' "
     "(/usr/local/lib/python3.7/dist-packages/tensorflow/python/eager/context.py)", "mixed-tf-packages"),
    # -- after batch 97 --
    # TF 1.x wrote "could not create cudnn handle" in lower case; ALLOC_FAILED is memory.
    ("2018-09-28 15:02:33.168438: E tensorflow/stream_executor/cuda/cuda_dnn.cc:385] could not create cudnn handle: "
     "CUDNN_STATUS_ALLOC_FAILED", "gpu-oom"),
    # A channels-first model on the CPU: TF placed it on the CPU.
    ("UnimplementedError (see above for traceback): Generic conv implementation only supports NHWC tensor format "
     "for now.", "cpu-only-build"),
    # -- after batch 98 --
    ("InternalError: Dst tensor is not initialized.\nTraining stops after the 13th batch.", "gpu-oom"),
    ("I external/local_xla/xla/stream_executor/cuda/cuda_asm_compiler.cc:397] ptxas warning : Registers are spilled "
     "to local memory in function 'gemm_fusion_dot_78_0', 56 bytes spill stores, 56 bytes spill loads\n"
     "Epoch 1/3 loss: 2.31", "benign-log"),
    ("  File \"C:\\Python36\\lib\\site-packages\\tensorflow\\python\\platform\\self_check.py\", line 47, in "
     "preload_check\n    ctypes.WinDLL(build_info.msvcp_dll_name)\nOSError: [WinError 126] The specified module "
     "could not be found", "msvc-runtime-missing"),
    # -- after batch 99 --
    ("System.DllNotFoundException: Unable to load shared library 'tensorflow' or one of its dependencies.",
     "tf-not-installed"),
    ("Using SciSharp.TensorFlow.Redist-Windows-GPU\nSystem.DllNotFoundException: Unable to load DLL 'tensorflow' or "
     "one of its dependencies: The specified module could not be found.", "cuda-runtime-missing"),
    ("go build\nld: library not found for -ltensorflow", "tf-not-installed"),
    ("E c:\\tf_jenkins\\home\\workspace\\release-win\\device\\cpu\\os\\windows\\tensorflow\\core\\framework\\"
     "op_kernel.cc:943] OpKernel ('op: \"BestSplits\" device_type: \"CPU\"') for unknown op: BestSplits\n"
     "b'Hello, TensorFlow!'", "benign-log"),
    ("> @tensorflow/tfjs-node@1.2.3 install\n* Downloading libtensorflow\nError: connect ETIMEDOUT 172.217.160.80:443",
     "install-no-network"),
    # -- after batch 100 --
    ("import tensorflow as tf\nKeyError: \"Couldn't find field google.protobuf.FileOptions.php_metadata_namespace\"",
     "tf-import-failed"),
    ("WARNING:tensorflow:Skipping summary for mean, must be a float, np.float32, np.int64, np.int32 or int or a "
     "serialized string of Summary.\nWARNING:tensorflow:Input graph does not use tf.data.Dataset or contain a "
     "QueueRunner. That means predict yields forever. This is probably a mistake.\nHow do I fix these?",
     "benign-log"),
    # -- after batch 101 --
    ("  File \"site-packages\\tensorflow\\python\\framework\\dtypes.py\", line 29, in <module>\n"
     "    _np_bfloat16 = _pywrap_bfloat16.TF_bfloat16_type()\nTypeError: Unable to convert function return value to "
     "a Python type! The signature was\n        () -> handle", "numpy-incompatible"),
    # -- after batch 102 --
    ("I tensorflow/core/common_runtime/bfc_allocator.cc:1095] Sum Total of in-use chunks: 9.37GiB\n"
     "I tensorflow/core/common_runtime/bfc_allocator.cc:1097] total_region_allocated_bytes_: 10064232448 "
     "memory_limit_: 10064232448 available bytes: 0 curr_region_allocation_bytes_: 20128464896", "gpu-oom"),
    ("Hi there 👋. Looks like you are running TensorFlow.js in Node.js. To speed things up dramatically, install our "
     "node backend, which binds to TensorFlow C++, by running npm i @tensorflow/tfjs-node", "benign-log"),
    # -- after batch 104 --
    # The GPU said to be slower than the CPU: a question about a GPU at work.
    ("I found that self play executed quicker on my CPU than on my GPU, possibly because the network is small. "
     "Is that expected?", "gpu-ok"),
    ("我用的tensorflow跑8*8*5的大小，gpu是gtx 965m，跑出来的时间gpu比cpu更耗时，是因为gpu太差了吗？", "gpu-ok"),
    # An old pip's view of TensorFlow ends at 2.0.0b1 (manylinux1); 1.15 is there for a pip from 19.0 on.
    ("ERROR: Could not find a version that satisfies the requirement tensorflow-gpu==1.15.0 (from versions: 1.13.1, "
     "1.13.2, 1.14.0, 2.0.0a0, 2.0.0b0, 2.0.0b1)\nERROR: No matching distribution found for tensorflow-gpu==1.15.0",
     "install-no-wheel"),
    ("You are using pip version 18.1, however version 20.0.2 is available.\nCould not find a version that satisfies "
     "the requirement tensorflow==2.1.0 (from versions: 1.13.1, 1.14.0, 2.0.0b1)", "install-no-wheel"),
    # -- after batch 103 --
    ("UnsatisfiableError: The following specifications were found to be incompatible with your Python:\n"
     "  - spleeter -> python[version='>=3.6,<3.7.0a0|>=3.7,<3.8.0a0']\nYour python: python=3.8\n\n"
     "CondaHTTPError: HTTP 500 INTERNAL SERVER ERROR for url <https://conda.anaconda.org/conda-forge/win-64/"
     "current_repodata.json>", "python-unsupported"),
]


@pytest.mark.parametrize("text, expected", RULES_ALONE)
@pytest.mark.usefixtures("rules_only")
def test_the_rules_alone_read(text, expected):
    assert explain_text(text).primary == expected


@pytest.mark.usefixtures("rules_only")
def test_an_exception_after_a_blank_line_is_read_on_its_own_line():
    # "^\s*" crossed the blank line: the empty line counted as an error line nothing explains.
    text = ("---> 3 import tensorflow.keras.backend as K\n\nModuleNotFoundError: No module named 'tensorflow'\n\n"
            "The above exception was the direct cause of the following exception:\n")
    assert explain_text(text).primary == "tf-not-installed"
    assert ranking.unexplained_error(explain_text_ctx(text)) is None


@pytest.mark.usefixtures("rules_only")
def test_a_library_that_does_not_load_is_explained_by_the_missing_library():
    text = ("TensorFlow can't find cudart64_100.dll in Cuda Path\n"
            "  File \"C:\\Python37\\lib\\site-packages\\tensorflow\\python\\platform\\self_check.py\", line 75, in "
            "preload_check\n    ctypes.WinDLL(build_info.cudart_dll_name)\n"
            "OSError: [WinError 126] The specified module could not be found")
    assert explain_text(text).primary == "cuda-runtime-missing"


@pytest.mark.usefixtures("rules_only")
def test_a_template_gives_cuda_and_cudnn_as_installer_and_archive_names():
    text = ("TensorFlow version: 2.5.0\nCUDA/cuDNN version: CUDA: cuda_11.0.3_451.82_win10 and cuDNN: "
            "cudnn-11.0-windows-x64-v8.0.5.39\n")
    facts = explain_text(text).facts
    assert facts.get("cuda_installed", [None])[0] == "11.0"
    assert str(facts.get("cudnn_installed", [None])[0]).startswith("8.0.5")


@pytest.mark.usefixtures("rules_only")
def test_a_gpu_ignored_for_its_compute_capability_outranks_a_cpu_kernel():
    text = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:1120] Ignoring visible gpu device (device: 0, name: "
            "GeForce GT 630M, pci bus id: 0000:01:00.0) with Cuda compute capability 2.1. The minimum required Cuda "
            "capability is 3.0.\nInvalidArgumentError (see above for traceback): CPU BiasOp only supports NHWC.")
    assert explain_text(text).primary == "compute-capability-unsupported"


def explain_text_ctx(text: str):
    """The rules' context for ``text`` (what ranking reads)."""
    from tfgpu.core.explain.engine import _read_rules

    return _read_rules(text, {})[1]
