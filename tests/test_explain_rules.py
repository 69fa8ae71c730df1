"""Explain rules, one signature or rule at a time, on text written for these tests.

Versions, library names, OS forms and wording vary on purpose (Windows DLLs and Linux
sonames, TF 1.x and 2.x message forms), so a rule is shown to read what the text says
rather than to match one captured string. Each rule has negative cases too.
"""

from __future__ import annotations

import pytest
from test_explain_fuzz import check

from tfgpu.core.explain.engine import explain_text
from tfgpu.core.findings.model import Severity

TS = "2023-04-18 10:22:31.118205"


def log(level: str, where: str, message: str) -> str:
    return f"{TS}: {level} {where}] {message}"


def ids(explanation) -> list[str]:
    check(explanation)  # every explanation made here is also checked for shape (ids, placeholders, JSON)
    return [f.id for f in explanation.findings]


def error_ids(explanation) -> list[str]:
    return [f.id for f in explanation.findings if f.severity is Severity.ERROR]


WIN_DSO = "tensorflow/stream_executor/platform/default/dso_loader.cc:64"
LINUX_DSO = "tensorflow/tsl/platform/default/dso_loader.cc:66"
STUB = log("I", "tensorflow/stream_executor/cuda/cudart_stub.cc:29",
           "Ignore above cudart dlerror if you do not have a GPU set up on your machine.")


def win_missing(*dlls: str) -> str:
    return "\n".join(log("W", WIN_DSO, f"Could not load dynamic library '{d}'; dlerror: {d} not found") for d in dlls)


def linux_missing(*libs: str, ld: str = "/usr/local/nvidia/lib64") -> str:
    return "\n".join(
        log("W", LINUX_DSO, f"Could not load dynamic library '{x}'; dlerror: {x}: cannot open shared object file: "
            f"No such file or directory; LD_LIBRARY_PATH: {ld}") for x in libs)


DLOPEN = log("W", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1934",
             "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above are installed "
             "properly if you would like to use GPU.\nSkipping registering GPU devices...")
TF210_WIN = ("cudart64_110.dll", "cublas64_11.dll", "cublasLt64_11.dll", "cufft64_10.dll", "curand64_10.dll",
             "cusolver64_11.dll", "cusparse64_11.dll", "cudnn64_8.dll")


# -- CUDA libraries: missing / other version / not on the path -----------------------------


class TestCudaLibraries:
    def test_nothing_installed_windows(self):
        e = explain_text(win_missing(*TF210_WIN) + "\n" + DLOPEN + "\nTensorFlow 2.10.1, Windows 10")
        assert e.kind == "tf-log"
        assert e.primary == "cuda-runtime-missing"
        assert "cudnn-missing" in ids(e)
        assert e.facts["missing_libraries"][:2] == ["cudart64_110.dll", "cublas64_11.dll"]
        assert e.facts["os"] == "windows"

    def test_matching_toolkit_installed_is_a_path_problem(self):
        text = win_missing(*TF210_WIN) + "\n" + DLOPEN + (
            "\nI installed CUDA 11.2 and cuDNN 8.1.0 exactly as the guide says, and still no GPU.")
        e = explain_text(text)
        assert e.primary == "path-not-set"
        assert "cuda-version-mismatch" not in ids(e)

    def test_other_toolkit_installed_is_a_version_mismatch(self):
        text = win_missing("cudart64_110.dll", "cublas64_11.dll") + "\n" + DLOPEN + (
            "\nnvcc --version\nCuda compilation tools, release 12.1, V12.1.105")
        e = explain_text(text)
        assert e.primary == "cuda-version-mismatch"
        assert e.facts["cuda_installed"] == ["12.1"]
        assert e.findings[0].facts["cuda_wanted"] == "11"

    def test_tf23_wants_101_but_cuda_11_installed(self):
        text = win_missing("cudart64_101.dll") + "\n" + STUB + "\nMy CUDA version is 11.0, cuDNN 8.0.5."
        assert explain_text(text).primary == "cuda-version-mismatch"

    def test_tf23_wants_101_alone_is_runtime_missing(self):
        text = win_missing("cudart64_101.dll") + "\n" + STUB + "\nI have a GeForce GTX 1660 Ti, why is it not used?"
        e = explain_text(text)
        assert e.primary == "cuda-runtime-missing"
        assert e.facts["cuda_wanted"] == "10.1"

    def test_linux_tf24_cusolver_10_with_cuda_11_1(self):
        # TF 2.4 was built with CUDA 11.0 and asks for libcusolver.so.10; CUDA 11.1 ships .so.11.
        text = (linux_missing("libcusolver.so.10", ld="/usr/local/cuda-11.1/lib64") + "\n" + DLOPEN +
                "\ntensorflow-gpu 2.4.1")
        e = explain_text(text)
        assert e.primary == "cuda-version-mismatch"
        assert e.facts["tf_version"] == "2.4.1"
        assert e.facts["cuda_installed"] == ["11.1"]

    def test_linux_runtime_found_elsewhere_path_not_set(self):
        text = linux_missing("libcudart.so.11.0", "libcublas.so.11") + (
            "\n$ ls /usr/local/cuda-11.8/lib64 | head -2\nlibcudart.so\nlibcudart.so.11.0")
        assert explain_text(text).primary == "path-not-set"

    def test_tf1_soname_without_installed_version(self):
        text = linux_missing("libcublas.so.10.0", "libcufft.so.10.0") + "\nWhy does my Titan V not show up?"
        e = explain_text(text)
        assert e.primary == "cuda-runtime-missing"
        assert e.facts["cuda_wanted"] == "10.0"

    def test_import_error_shared_object_tf1(self):
        text = ("Traceback (most recent call last):\n  File \"/home/u/venv/lib/python3.6/site-packages/tensorflow/python/"
                "pywrap_tensorflow.py\", line 58, in <module>\nImportError: libcublas.so.9.0: cannot open shared object "
                "file: No such file or directory\n\nFailed to load the native TensorFlow runtime.\n$ nvcc -V\n"
                "Cuda compilation tools, release 10.0, V10.0.130")
        e = explain_text(text)
        assert e.kind == "traceback"
        assert e.primary == "cuda-version-mismatch"
        assert "tf-import-failed" not in [f.id for f in e.findings]

    def test_newer_tf_without_library_names(self):
        # TF >= 2.12 logs the missing file names only at VLOG level: the versions in the text decide.
        text = (DLOPEN + "\nTF 2.13.0, CUDA 12.1 and cuDNN 8.9 installed, Ubuntu 22.04, RTX 3080")
        e = explain_text(text)
        assert e.primary == "cuda-version-mismatch"
        assert (e.findings[0].facts["cuda_wanted"], e.findings[0].facts["tf_cuda"]) == ("11", "11.8")
        assert "11.8" in str(e.findings[0].detail)

    def test_newer_tf_without_library_names_or_versions(self):
        e = explain_text(DLOPEN)
        assert e.primary == "cuda-runtime-missing"

    def test_library_major_but_older_minor_than_the_build(self):
        # TF 2.5 (CUDA 11.2) asks for cusolver64_11.dll, which CUDA 11.0 does not have.
        text = win_missing("cusolver64_11.dll") + "\n" + DLOPEN + "\ntensorflow-gpu==2.5.0, CUDA 11.0, cuDNN 8.0.4"
        assert explain_text(text).primary == "cuda-version-mismatch"

    def test_library_major_with_newer_minor_is_the_path(self):
        text = win_missing("cusolver64_11.dll") + "\n" + DLOPEN + "\ntensorflow-gpu==2.5.0, CUDA 11.4, cuDNN 8.2"
        assert explain_text(text).primary == "path-not-set"

    def test_tf1_windows_self_check(self):
        text = ("Traceback (most recent call last):\n  File \"C:\\Python36\\lib\\site-packages\\tensorflow\\python\\"
                "platform\\self_check.py\", line 75, in preload_check\nImportError: Could not find 'cudart64_90.dll'. "
                "TensorFlow requires that this DLL be installed in a directory that is named in your %PATH% environment "
                "variable. Download and install CUDA 9.0 from this URL: https://developer.nvidia.com/cuda-toolkit")
        e = explain_text(text)
        assert e.kind == "traceback"
        assert e.primary == "cuda-runtime-missing"
        assert "cuda_installed" not in e.facts  # "Download and install CUDA 9.0" is advice, not an install


class TestBenignCudart:
    def test_single_cudart_warning_alone_is_the_missing_runtime_with_a_cpu_note(self):
        # Our user wants the GPU: a missing GPU library is never the harmless verdict; CPU-only is a note.
        e = explain_text(win_missing("cudart64_12.dll"))
        assert e.primary == "cuda-runtime-missing"
        assert "If you only want the CPU" in str(e.findings[0].detail)

    def test_linux_cudart_with_stub_note_alone_is_the_missing_runtime(self):
        e = explain_text(linux_missing("libcudart.so.11.0", ld="") + "\n" + STUB)
        assert e.primary == "cuda-runtime-missing"
        assert "If you only want the CPU" in str(e.findings[0].detail)

    def test_user_saying_cpu_only_keeps_it_benign(self):
        text = win_missing("cudart64_110.dll") + "\n" + STUB + "\nThis laptop has no GPU, I only train small models."
        assert explain_text(text).primary == "benign-log"

    def test_user_wanting_the_gpu_makes_it_a_problem(self):
        text = win_missing("cudart64_110.dll") + "\n" + STUB + "\nI have an RTX 3070 but training runs on the CPU."
        assert explain_text(text).primary == "cuda-runtime-missing"

    def test_more_than_cudart_missing_is_a_problem(self):
        e = explain_text(win_missing("cudart64_110.dll", "cudnn64_8.dll") + "\n" + DLOPEN)
        assert e.primary == "cuda-runtime-missing"


# -- cuDNN ---------------------------------------------------------------------------------


class TestCudnn:
    @pytest.mark.parametrize("runtime, compiled, shown", [
        ("8.2.1", "8.6.0", ("8.2.1", "8.6.0")),
        ("9.1.0", "9.3.0", ("9.1.0", "9.3.0")),
        ("7102", "7301", ("7.1.2", "7.3.1")),  # TF 1.x numeric form
    ])
    def test_runtime_vs_compiled(self, runtime, compiled, shown):
        sep = ": " if "." in runtime else " "
        line = log("E", "tensorflow/stream_executor/cuda/cuda_dnn.cc:371",
                   f"Loaded runtime CuDNN library: {runtime} but source was compiled with{sep}{compiled}.  CuDNN library "
                   "needs to have matching major version and equal or higher minor version.")
        e = explain_text(line)
        assert e.primary == "cudnn-version-mismatch"
        assert (e.facts["cudnn_runtime"], e.facts["cudnn_compiled"]) == shown

    def test_wrong_cudnn_major_installed(self):
        text = linux_missing("libcudnn.so.8", ld="/usr/local/cuda/lib64") + "\ncuDNN version: 9.0.0, CUDA 12.3"
        e = explain_text(text)
        assert e.primary == "cudnn-version-mismatch"
        assert e.facts["cudnn_wanted"] == "8"

    def test_right_cudnn_major_installed_elsewhere(self):
        text = win_missing("cudnn64_8.dll") + "\n" + DLOPEN + "\nI have cuDNN 8.1.1 unzipped in C:\\tools\\cuda"
        assert explain_text(text).primary == "path-not-set"

    def test_cudnn_not_installed(self):
        e = explain_text(win_missing("cudnn64_7.dll") + "\n" + DLOPEN)
        assert e.primary == "cudnn-missing"

    def test_dnn_library_not_found_without_versions(self):
        # A GPU op ran, so a cuDNN loaded but did not initialise: the real cases (10 of 10 in the corpus, after TF
        # upgrades on Colab and in images) were another cuDNN version than TF's build.
        text = "tensorflow.python.framework.errors_impl.UnimplementedError: DNN library is not found.\n[[node conv1/Conv2D]]"
        assert explain_text(text).primary == "cudnn-version-mismatch"

    def test_dnn_library_not_found_beside_a_cudnn_that_did_not_load(self):
        text = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
                "'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: No such file or directory\n"
                "UnimplementedError: DNN library is not found.")
        assert explain_text(text).primary == "cudnn-missing"

    def test_dnn_library_not_found_with_installed_cudnn(self):
        text = ("UnimplementedError: Graph execution error:\nDNN library is not found.\n\nEnvironment: TF 2.12, "
                "cudnn 8.9.2, CUDA 11.8, Ubuntu 22.04")
        assert explain_text(text).primary == "cudnn-version-mismatch"

    def test_sub_library_not_on_path(self):
        text = "Could not load library cudnn_cnn_infer64_8.dll. Error code 126\nPlease make sure cudnn_cnn_infer64_8.dll is in your library path!"
        assert explain_text(text).primary == "cudnn-missing"

    def test_zlibwapi(self):
        e = explain_text("Could not locate zlibwapi.dll. Please make sure it is in your library path!")
        assert e.primary == "zlibwapi-missing"
        assert e.kind == "tf-log"


# -- driver -----------------------------------------------------------------------------------


class TestDriver:
    def test_cuinit_no_device_and_kernel_module_missing(self):
        text = "\n".join([
            log("E", "tensorflow/compiler/xla/stream_executor/cuda/cuda_driver.cc:268",
                "failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected"),
            log("I", "tensorflow/compiler/xla/stream_executor/cuda/cuda_diagnostics.cc:168",
                "retrieving CUDA diagnostic information for host: trainer-01"),
            log("I", "tensorflow/compiler/xla/stream_executor/cuda/cuda_diagnostics.cc:175",
                "hostname: trainer-01"),
        ])
        e = explain_text(text)
        assert e.primary == "driver-missing"
        assert e.findings[0].evidence[0].source == "line 1"

    def test_cuinit_303_in_cpu_only_container_is_benign(self):
        text = (linux_missing("libcuda.so.1") + "\n" +
                log("E", "tensorflow/stream_executor/cuda/cuda_driver.cc:271", "failed call to cuInit: UNKNOWN ERROR (303)")
                + "\nThis is our CI runner, it has no GPU; the tests only need the CPU.")
        e = explain_text(text)
        assert e.primary == "benign-log"
        assert error_ids(e) == []

    @pytest.mark.parametrize("words", ["Why does TensorFlow show no GPU?", "TF does not use the GPU at all.",
                                       "It runs, but without GPU acceleration."])
    def test_no_gpu_as_the_symptom_is_not_cpu_only(self, words):
        text = (log("E", "tensorflow/stream_executor/cuda/cuda_driver.cc:271", "failed call to cuInit: UNKNOWN ERROR (303)")
                + "\n" + words)
        assert explain_text(text).primary == "driver-missing"

    def test_cuinit_303_when_the_user_has_a_gpu(self):
        text = (linux_missing("libcuda.so.1") + "\n" +
                log("E", "tensorflow/stream_executor/cuda/cuda_driver.cc:271", "failed call to cuInit: UNKNOWN ERROR (303)")
                + "\nMy RTX 2080 is in the machine but TF does not see it.")
        assert explain_text(text).primary == "driver-missing"

    def test_no_cuda_drivers_notice_alone_is_the_runtime_with_a_cpu_note(self):
        text = log("I", "external/local_tsl/tsl/cuda/cudart_stub.cc:31",
                   "Could not find cuda drivers on your machine, GPU will not be used.")
        e = explain_text(text)
        assert e.primary == "cuda-runtime-missing" and e.findings[0].severity is Severity.WARNING
        assert "If you only want the CPU" in str(e.findings[0].detail)

    def test_no_cuda_drivers_notice_on_a_machine_without_gpu_is_benign(self):
        text = log("I", "external/local_tsl/tsl/cuda/cudart_stub.cc:31",
                   "Could not find cuda drivers on your machine, GPU will not be used.")
        assert explain_text(text + "\nThis laptop has no GPU.").primary == "benign-log"

    def test_no_cuda_drivers_means_the_cuda_runtime(self):
        # TF >= 2.14 prints this when libcudart does not load (pip install tensorflow without [and-cuda]).
        text = ("$ pip install tensorflow==2.16.1\n" + log(
                    "I", "external/local_tsl/tsl/cuda/cudart_stub.cc:32",
                    "Could not find cuda drivers on your machine, GPU will not be used.")
                + "\n>>> tf.config.list_physical_devices('GPU')\n[]\nWhy is my RTX 4090 not detected? Ubuntu 22.04")
        e = explain_text(text)
        assert e.primary == "cuda-runtime-missing"
        assert e.findings[0].facts["cuda_wanted"] == "12.3"
        assert "driver-missing" not in ids(e)

    def test_no_cuda_drivers_in_absl_format(self):
        text = ("I0000 00:00:1714390000.123456   12345 cudart_stub.cc:31] Could not find cuda drivers on your machine, "
                "GPU will not be used.\nMy GPU is a Tesla T4, TensorFlow 2.17.0 on Debian 12")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("tf-log", "cuda-runtime-missing")

    def test_cuinit_no_device_with_hidden_gpus(self):
        text = ("import os\nos.environ['CUDA_VISIBLE_DEVICES'] = '-1'\nimport tensorflow as tf\n" +
                log("E", "tensorflow/stream_executor/cuda/cuda_driver.cc:328",
                    "failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected"))
        e = explain_text(text)
        assert e.primary == "gpu-hidden"
        assert e.facts["cuda_visible_devices"] == "-1"

    def test_visible_devices_with_an_index_is_not_hiding(self):
        text = ("export CUDA_VISIBLE_DEVICES=0\n" +
                log("E", "tensorflow/stream_executor/cuda/cuda_driver.cc:328",
                    "failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected"))
        assert explain_text(text).primary == "driver-missing"

    @pytest.mark.parametrize("status, expected", [
        ("out of memory", "gpu-oom"),
        ("CUDA driver version is insufficient for CUDA runtime version", "driver-too-old"),
        ("device kernel image is invalid", "compute-capability-unsupported"),
        ("unknown error", "driver-missing"),
    ])
    def test_runtime_initialisation_status(self, status, expected):
        text = f"tensorflow.python.framework.errors_impl.InternalError: CUDA runtime implicit initialization on GPU:0 failed. Status: {status}"
        e = explain_text(text)
        assert e.primary == expected
        assert len(error_ids(e)) == 1

    def test_kernel_module_and_library_mismatch(self):
        text = log("E", "tensorflow/stream_executor/cuda/cuda_diagnostics.cc:313",
                   "kernel version 525.85.12 does not match DSO version 535.104.5 -- cannot find working devices in "
                   "this configuration")
        e = explain_text(text)
        assert e.primary == "driver-library-mismatch"
        assert "driver-missing" not in ids(e)

    def test_nvidia_smi_cannot_reach_driver(self):
        text = ("$ nvidia-smi\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
                "Make sure that the latest NVIDIA driver is installed and running.")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("nvidia-smi", "driver-missing")

    def test_nvidia_smi_not_found_windows(self):
        text = ("C:\\Users\\ana>nvidia-smi\n'nvidia-smi' is not recognized as an internal or external command,\n"
                "operable program or batch file.")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("nvidia-smi", "driver-missing")

    def test_nvml_version_mismatch(self):
        e = explain_text("$ nvidia-smi\nFailed to initialize NVML: Driver/library version mismatch")
        assert (e.kind, e.primary) == ("nvidia-smi", "driver-library-mismatch")

    def test_forward_compat_package_on_geforce(self):
        # The CUDA in use (a container's) is newer than the host driver, and forward compatibility cannot bridge
        # that on a GeForce: the driver is too old (issue 28: was driver-library-mismatch; corpus case 2867).
        text = log("E", "tensorflow/stream_executor/cuda/cuda_driver.cc:271",
                   "failed call to cuInit: CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: forward compatibility was attempted "
                   "on non supported HW")
        assert explain_text(text).primary == "driver-too-old"

    def test_wsl_nvidia_smi_without_windows_driver(self):
        text = ("me@pc:~$ uname -r\n5.15.90.1-microsoft-standard-WSL2\nme@pc:~$ nvidia-smi\nNVIDIA-SMI has failed "
                "because it couldn't communicate with the NVIDIA driver.")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("nvidia-smi", "wsl-gpu-missing")

    def test_wsl_without_windows_driver(self):
        text = (linux_missing("libcuda.so.1", ld="/usr/lib/wsl/lib") + "\nRunning Ubuntu 22.04 under WSL2, "
                "my GPU is an RTX 4070.")
        assert explain_text(text).primary == "wsl-gpu-missing"


class TestDriverTooOld:
    @pytest.mark.parametrize("driver, cuda, os_hint, need", [
        ("391.35", "10.0", "C:\\ProgramData\\Anaconda3\\lib\\site-packages", "411.31"),
        ("440.33.01", "11.2", "/home/me/miniconda3/lib", "460.27.03"),
    ])
    def test_driver_older_than_toolkit(self, driver, cuda, os_hint, need):
        text = (f"InternalError: CUDA runtime implicit initialization on GPU:0 failed. Status: CUDA driver version is "
                f"insufficient for CUDA runtime version\nfile: {os_hint}\ncudatoolkit {cuda}.1\nNVIDIA driver {driver}")
        e = explain_text(text)
        assert e.primary == "driver-too-old"
        assert e.facts["driver_version"] == driver
        assert e.findings[0].facts["min_driver"] == need

    def test_error_code_form(self):
        text = log("E", "tensorflow/stream_executor/cuda/cuda_driver.cc:313",
                   "failed call to cuInit: CUDA_ERROR_INSUFFICIENT_DRIVER")
        e = explain_text(text)
        assert e.primary == "driver-too-old"
        assert "driver-missing" not in ids(e)


# -- memory -------------------------------------------------------------------------------------


class TestMemory:
    def test_oom_tensor_on_gpu(self):
        text = ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
                "shape[32,512,64,64] and type half on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc")
        e = explain_text(text)
        assert e.primary == "gpu-oom"
        assert e.facts["oom"][0]["shape"] == [32, 512, 64, 64]
        assert e.facts["oom_allocation_bytes"] == 32 * 512 * 64 * 64 * 2

    def test_oom_on_cpu_is_not_gpu_oom(self):
        text = ("ResourceExhaustedError: OOM when allocating tensor with shape[100000,100000] and type float on "
                "/job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu")
        assert "gpu-oom" not in ids(explain_text(text))

    def test_bfc_allocator_size(self):
        text = log("W", "tensorflow/tsl/framework/bfc_allocator.cc:479",
                   "Allocator (GPU_0_bfc) ran out of memory trying to allocate 4.50GiB (rounded to 4831838208)"
                   "requested by op model/dense/MatMul")
        e = explain_text(text)
        assert e.primary == "gpu-oom"
        assert e.facts["oom_allocation_bytes"] == int(4.5 * 1024**3)

    def test_not_a_failure_on_the_gpu_allocator_is_a_notice(self):
        # GPU_0_bfc is TensorFlow's GPU allocator: the GPU is in use, and the line says itself it is no failure.
        text = log("W", "tensorflow/core/common_runtime/bfc_allocator.cc:248",
                   "Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.14GiB with freed_by_count=0. The caller "
                   "indicates that this is not a failure, but may mean that there could be performance gains if more "
                   "memory were available.")
        e = explain_text(text)
        assert e.primary == "benign-log"
        assert e.findings[0].severity is Severity.INFO

    def test_not_a_failure_quoted_again_in_a_title_is_no_oom(self):
        title = "Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.39GiB with freed_by_count=0."
        text = title + "\n" + log("W", "tensorflow/core/common_runtime/bfc_allocator.cc:237",
                                   title + " The caller indicates that this is not a failure, but may mean that there "
                                   "could be performance gains if more memory were available.")
        assert explain_text(text).primary == "benign-log"

    def test_cuda_out_of_memory(self):
        text = log("E", "tensorflow/stream_executor/cuda/cuda_driver.cc:890",
                   "failed to allocate 10.76G (11554717696 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory")
        e = explain_text(text)
        assert e.primary == "gpu-oom"
        assert e.facts["oom_allocation_bytes"] == 11554717696

    @pytest.mark.parametrize("line", [
        "Could not create cudnn handle: CUDNN_STATUS_ALLOC_FAILED",
        "failed to create cublas handle: CUBLAS_STATUS_NOT_INITIALIZED",
        "InternalError: Blas GEMM launch failed : a.shape=(128, 784), b.shape=(784, 10), m=128, n=10, k=784",
        "UnknownError: Failed to get convolution algorithm. This is probably because cuDNN failed to initialize",
    ])
    def test_handle_and_algorithm_failures(self, line):
        assert explain_text(line).primary == "gpu-oom"

    def test_algorithm_failure_with_cudnn_mismatch_is_the_mismatch(self):
        text = ("Loaded runtime CuDNN library: 7.4.1 but source was compiled with: 7.6.0.\n"
                "UnknownError: Failed to get convolution algorithm. This is probably because cuDNN failed to initialize")
        e = explain_text(text)
        assert e.primary == "cudnn-version-mismatch"

    @pytest.mark.parametrize("what", ["Physical", "Virtual", "Visible"])
    def test_devices_modified_after_init(self, what):
        e = explain_text(f"RuntimeError: {what} devices cannot be modified after being initialized")
        assert e.primary == "memory-growth-after-init"


# -- XLA, PTX, compute capability -------------------------------------------------------------------


class TestXlaPtxCc:
    def test_libdevice_not_found_op_error(self):
        text = ("InternalError: libdevice not found at ./libdevice.10.bc [Op:__inference_one_step_on_data_2011]")
        assert explain_text(text).primary == "libdevice-missing"

    def test_cant_find_libdevice_directory(self):
        text = (log("W", "external/local_xla/xla/service/gpu/llvm_gpu_backend/gpu_backend_lib.cc:539",
                    "Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. This may result in compilation or "
                    "runtime failures, if the program we try to run uses routines from libdevice.")
                + "\nSearched for CUDA in the following directories:\n  ./cuda_sdk_lib\n  /usr/local/cuda-12.3\n"
                "  /usr/local/cuda\n  .\n")
        e = explain_text(text)
        assert e.primary == "libdevice-missing"
        assert "cuda_installed" not in e.facts  # the searched folders are TF's guesses, not installs
        assert e.facts["libdevice_searched"][1] == "/usr/local/cuda-12.3"

    def test_unsupported_ptx_on_a_supported_gpu(self):
        text = ("GPU: Tesla V100-SXM2-16GB, TensorFlow 2.17.0\n" +
                log("W", "tensorflow/compiler/mlir/tools/kernel_gen/tf_gpu_runtime_wrappers.cc:40",
                    "'cuModuleLoadData(&module, data)' failed with 'CUDA_ERROR_UNSUPPORTED_PTX_VERSION'"))
        assert explain_text(text).primary == "ptx-toolchain-mismatch"

    def test_ptxas_unsupported_version(self):
        text = "ptxas fatal   : Unsupported .version 8.4; current version is '8.1'"
        e = explain_text(text)
        assert e.primary == "ptx-toolchain-mismatch"

    def test_ptx_target_newer_than_the_build(self):
        text = ("TF 2.19.0 on an RTX 5090\nLLVM ERROR: PTX version 8.4 does not support target 'sm_120a'. "
                "Minimum required PTX version is 8.7")
        e = explain_text(text)
        assert e.primary == "compute-capability-unsupported"
        assert e.facts["target_cc"] == "12.0"

    def test_invalid_ptx_on_blackwell(self):
        text = ("tensorflow 2.20.0, NVIDIA GeForce RTX 5080\n'cuModuleLoadData(&module, data)' failed with "
                "'CUDA_ERROR_INVALID_PTX'")
        assert explain_text(text).primary == "compute-capability-unsupported"

    @pytest.mark.parametrize("gpu, cc, minimum", [("GeForce GTX 960M", "5.0", "6.0"), ("Tesla K40c", "3.5", "5.0")])
    def test_gpu_below_minimum(self, gpu, cc, minimum):
        text = log("I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1934",
                   f"Ignoring visible gpu device (device: 0, name: {gpu}, pci bus id: 0000:02:00.0, compute capability: "
                   f"{cc}) with Cuda compute capability {cc}. The minimum required Cuda capability is {minimum}.")
        e = explain_text(text)
        assert e.primary == "compute-capability-unsupported"
        assert (e.facts["found_cc"], e.facts["required_cc"]) == (cc, minimum)
        assert e.facts["gpus"][0]["name"] == gpu

    def test_jit_notice_is_a_warning_not_an_error(self):
        text = log("W", "tensorflow/core/common_runtime/gpu/gpu_device.cc:2211",
                   "TensorFlow was not built with CUDA kernel binaries compatible with compute capability 9.0. CUDA "
                   "kernels will be jit-compiled from PTX, which could take 30 minutes or longer.")
        e = explain_text(text)
        assert e.primary == "compute-capability-unsupported"
        assert error_ids(e) == []


# -- Windows, builds, Python, pip -------------------------------------------------------------------


class TestWindowsAndBuilds:
    @pytest.mark.parametrize("tf", ["2.12.0", "2.16.1", "2.20.0"])
    def test_new_tf_on_native_windows(self, tf):
        text = (f"PS C:\\Users\\li> python -c \"import tensorflow as tf; print(tf.__version__); "
                f"print(tf.config.list_physical_devices('GPU'))\"\n{tf}\n[]")
        e = explain_text(text)
        assert e.primary == "no-native-windows-gpu"
        assert e.facts["tf_version"] == tf

    def test_is_gpu_available_false_on_new_windows_tf(self):
        text = "Windows 11, tensorflow 2.15.0\n>>> tf.test.is_gpu_available()\nFalse"
        assert explain_text(text).primary == "no-native-windows-gpu"

    def test_tf210_on_windows_is_not_that(self):
        text = ("PS C:\\Users\\li> python -c \"import tensorflow as tf; print(tf.__version__); "
                "print(tf.config.list_physical_devices('GPU'))\"\n2.10.1\n[]")
        e = explain_text(text)
        assert "no-native-windows-gpu" not in ids(e)  # not even as the classifier's guess (a stated fact outranks it)
        assert e.primary not in (None, "gpu-ok", "benign-log", "no-native-windows-gpu")

    def test_new_tf_on_linux_is_not_that(self):
        text = "$ python3 -c 'import tensorflow as tf; print(tf.__version__)'\n2.16.1\nNum GPUs Available:  0\n"
        assert "no-native-windows-gpu" not in ids(explain_text(text))

    def test_printed_build_info_cpu(self):
        text = (">>> tf.sysconfig.get_build_info()\nOrderedDict([('is_cuda_build', False), ('is_rocm_build', False), "
                "('is_tensorrt_build', False), ('msvcp_dll_names', 'msvcp140.dll,msvcp140_1.dll')])")
        e = explain_text(text)
        assert e.kind == "build-info"
        assert e.primary == "cpu-only-build"

    def test_printed_build_info_gpu(self):
        text = ("{'cpu_compiler': '/dt9/usr/bin/gcc', 'cuda_compute_capabilities': ['sm_35', 'sm_50', 'sm_60', "
                "'sm_70', 'sm_75', 'compute_80'], 'cuda_version': '11.8', 'cudnn_version': '8', 'is_cuda_build': True, "
                "'is_rocm_build': False, 'is_tensorrt_build': True}")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("build-info", "gpu-ok")
        assert e.facts["cuda_compiled"] == "11.8"
        assert e.facts["build_archs"][-1] == "compute_80"

    def test_windows_build_info_module(self):
        text = ("is_cuda_build = True\ncuda_version = '64_112'\ncudnn_version = '64_8'\n"
                "cudart_dll_name = 'cudart64_112.dll'\ncudnn_dll_name = 'cudnn64_8.dll'\n")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("build-info", "gpu-ok")
        assert (e.facts["cuda_compiled"], e.facts["cudnn_compiled"], e.facts["os"]) == ("11.2", "8", "windows")

    def test_mixed_packages(self):
        text = ("$ pip list | grep tensorflow\ntensorflow                   2.10.0\ntensorflow-gpu               2.9.1\n"
                "tensorflow-estimator         2.10.0\nGPU not found")
        e = explain_text(text)
        assert "mixed-tf-packages" in ids(e)
        assert e.facts["tf_packages"]["tensorflow-gpu"] == "2.9.1"

    def test_companion_packages_are_not_tf_versions(self):
        text = ("tensorflow-addons            0.19.0\ntensorflow-io-gcs-filesystem 0.31.0\ntensorflow-datasets 4.9.2\n"
                "nvidia-cuda-runtime-cu12     12.3.101\ntensorflow                   2.16.1\n")
        facts = explain_text(text).facts
        assert facts["tf_version"] == "2.16.1"
        assert facts["cuda_installed"] == ["12.3"]

    def test_tensorflow_intel_is_not_a_mix(self):
        text = "tensorflow          2.15.0\ntensorflow-intel    2.15.0\ntensorflow-io-gcs-filesystem 0.31.0\n"
        assert "mixed-tf-packages" not in ids(explain_text(text))


class TestPythonAndPip:
    def test_no_wheel_for_python(self):
        text = ("$ pip install tensorflow\nERROR: Could not find a version that satisfies the requirement tensorflow "
                "(from versions: none)\nERROR: No matching distribution found for tensorflow\n$ python --version\n"
                "Python 3.14.0")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("pip-error", "python-unsupported")
        assert e.facts["python_version"] == "3.14.0"

    def test_pinned_old_tf_on_new_python(self):
        text = ("ERROR: Could not find a version that satisfies the requirement tensorflow-gpu==1.15.0 (from versions: "
                "2.5.0, 2.5.1, 2.6.0, 2.7.0, 2.8.0)\nERROR: No matching distribution found for tensorflow-gpu==1.15.0")
        e = explain_text(text)
        assert e.primary == "python-unsupported"
        assert e.facts["tf_requested"] == "tensorflow-gpu==1.15.0"
        assert "tf_version" not in e.facts  # pip was asked for 1.15.0; it is not installed

    def test_unsupported_wheel_file(self):
        text = "ERROR: tensorflow-2.10.1-cp310-cp310-win_amd64.whl is not a supported wheel on this platform."
        assert explain_text(text).primary == "python-unsupported"

    def test_32bit_python(self):
        text = ("Python 3.8.10 (tags/v3.8.10:3d8993a, May  3 2021, 11:34:34) [MSC v.1928 32 bit (Intel)] on win32\n"
                "C:\\> pip install tensorflow\nERROR: Could not find a version that satisfies the requirement "
                "tensorflow (from versions: none)")
        e = explain_text(text)
        assert e.primary == "python-32bit"
        assert e.facts["python_bits"] == 32

    def test_64bit_banner_is_not_32bit(self):
        text = ("Python 3.10.11 (tags/v3.10.11:7d4cc5a, Apr  5 2023, 00:38:17) [MSC v.1929 64 bit (AMD64)] on win32\n"
                "ERROR: No matching distribution found for tensorflow==2.9.0")
        e = explain_text(text)
        assert e.primary == "python-unsupported"
        assert e.facts["python_bits"] == 64


    def test_conda_python_incompatible(self):
        text = ("UnsatisfiableError: The following specifications were found to be incompatible with the existing "
                "python installation in your environment:\n\nSpecifications:\n\n  - tensorflow-gpu==2.1.0 -> "
                "python[version='>=3.7,<3.8.0a0']\n\nYour python: python=3.9")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("pip-error", "python-unsupported")


class TestImportErrors:
    def test_msvc_runtime(self):
        text = ("ImportError: Could not find the DLL(s) 'msvcp140_1.dll'. TensorFlow requires that these DLLs be "
                "installed in a directory that is named in your %PATH% environment variable.")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("traceback", "msvc-runtime-missing")

    def test_dll_load_failed(self):
        text = ("Traceback (most recent call last):\n  File \"C:\\Python39\\lib\\site-packages\\tensorflow\\python\\"
                "pywrap_tensorflow.py\", line 64, in <module>\n    from tensorflow.python._pywrap_tensorflow_internal "
                "import *\nImportError: DLL load failed while importing _pywrap_tensorflow_internal: A dynamic link "
                "library (DLL) initialization routine failed.\n\nFailed to load the native TensorFlow runtime.")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("traceback", "tf-import-failed")
        assert e.facts["python_version"] == "3.9"

    def test_no_module(self):
        text = ("Traceback (most recent call last):\n  File \"train.py\", line 1, in <module>\n    import tensorflow "
                "as tf\nModuleNotFoundError: No module named 'tensorflow'")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("traceback", "tf-not-installed")

    def test_submodule_missing_is_not_tf_missing(self):
        text = "ModuleNotFoundError: No module named 'tensorflow.contrib'"
        assert "tf-not-installed" not in ids(explain_text(text))

    def test_illegal_instruction(self):
        e = explain_text("$ python -c 'import tensorflow'\nIllegal instruction (core dumped)")
        assert e.primary == "cpu-no-avx"  # prebuilt TF needs AVX: the steps are about the CPU, not a reinstall


# -- harmless notices and healthy output ---------------------------------------------------------------


class TestBenignAndHealthy:
    def test_notices_only(self):
        text = "\n".join([
            "WARNING: All log messages before absl::InitializeLog() is called are written to STDERR",
            log("E", "external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:9261",
                "Unable to register cuDNN factory: Attempting to register factory for plugin cuDNN when one has "
                "already been registered"),
            log("I", "tensorflow/core/platform/cpu_feature_guard.cc:182",
                "This TensorFlow binary is optimized to use available CPU instructions in performance-critical "
                "operations."),
            log("W", "tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38", "TF-TRT Warning: Could not find TensorRT"),
            log("I", "external/local_xla/xla/stream_executor/cuda/cuda_executor.cc:901",
                "successful NUMA node read from SysFS had negative value (-1), but there must be at least one NUMA "
                "node, so returning NUMA node zero."),
        ])
        e = explain_text(text)
        assert (e.kind, e.primary) == ("tf-log", "benign-log")
        assert error_ids(e) == []
        assert [f for f in e.findings if f.severity is Severity.WARNING] == []

    def test_host_memory_warning_is_benign(self):
        text = log("W", "tensorflow/core/framework/cpu_allocator_impl.cc:82",
                   "Allocation of 602112000 exceeds 10% of free system memory.")
        e = explain_text(text)
        assert e.primary == "benign-log"
        assert "gpu-oom" not in ids(e)

    def test_tensorrt_dso_lines_are_benign(self):
        text = linux_missing("libnvinfer.so.7", "libnvinfer_plugin.so.7") + "\n" + log(
            "W", "tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38",
            "Cannot dlopen some TensorRT libraries. If you would like to use Nvidia GPU with TensorRT, please make "
            "sure the missing libraries mentioned above are installed properly.")
        e = explain_text(text)
        assert e.primary == "benign-log"
        assert error_ids(e) == []

    def test_gpu_created(self):
        text = log("I", "tensorflow/core/common_runtime/gpu/gpu_device.cc:1635",
                   "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 9611 MB memory:  -> device: 0, "
                   "name: NVIDIA GeForce RTX 3080, pci bus id: 0000:01:00.0, compute capability: 8.6")
        e = explain_text(text)
        assert e.primary == "gpu-ok"
        assert e.facts["gpus"][0] == {"name": "NVIDIA GeForce RTX 3080", "model": e.facts["gpus"][0]["model"],
                                      "arch": e.facts["gpus"][0]["arch"], "cc": "8.6"}
        assert e.facts["gpu_memory_mb"] == 9611

    def test_nvidia_smi_windows_table(self):
        text = """\
+---------------------------------------------------------------------------------------+
| NVIDIA-SMI 531.14                 Driver Version: 531.14       CUDA Version: 12.1     |
|-----------------------------------------+----------------------+----------------------+
| GPU  Name                      TCC/WDDM | Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp  Perf            Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |
|=========================================+======================+======================|
|   0  NVIDIA GeForce RTX 3060       WDDM | 00000000:01:00.0  On |                  N/A |
|  0%   45C    P8               15W / 170W|    812MiB / 12288MiB |      3%      Default |
+-----------------------------------------+----------------------+----------------------+
"""
        e = explain_text(text)
        assert (e.kind, e.primary) == ("nvidia-smi", "gpu-ok")
        assert e.facts["driver_version"] == "531.14"
        assert e.facts["cuda_driver"] == "12.1"
        assert e.facts["gpus"][0]["cc"] == "8.6"
        assert "cuda_installed" not in e.facts  # the table's CUDA Version is the driver's, not a toolkit

    def test_nvidia_smi_xml(self):
        text = """<?xml version="1.0" ?>
<!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_v12.dtd">
<nvidia_smi_log>
  <driver_version>535.104.05</driver_version>
  <cuda_version>12.2</cuda_version>
  <attached_gpus>1</attached_gpus>
  <gpu id="00000000:3B:00.0">
    <product_name>Tesla V100-PCIE-32GB</product_name>
    <fb_memory_usage><total>32768 MiB</total></fb_memory_usage>
  </gpu>
</nvidia_smi_log>
"""
        e = explain_text(text)
        assert (e.kind, e.primary) == ("nvidia-smi-xml", "gpu-ok")
        assert e.facts["driver_version"] == "535.104.05"
        assert e.facts["gpus"][0]["cc"] == "7.0"

    def test_nvcc(self):
        text = ("nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2023 NVIDIA Corporation\nBuilt on "
                "Tue_Aug_15_22:02:13_PDT_2023\nCuda compilation tools, release 12.2, V12.2.140\nBuild "
                "cuda_12.2.r12.2/compiler.33191640_0")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("nvcc", "gpu-ok")
        assert e.facts["cuda_installed"] == ["12.2"]
        assert e.facts["nvcc_version"] == "12.2.140"

    def test_cudnn7_header(self):
        text = ("#define CUDNN_MAJOR 7\n#define CUDNN_MINOR 6\n#define CUDNN_PATCHLEVEL 5\n--\n"
                "#define CUDNN_VERSION (CUDNN_MAJOR * 1000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)")
        e = explain_text(text)
        assert (e.kind, e.primary) == ("cudnn-header", "gpu-ok")
        assert e.facts["cudnn_installed"] == ["7.6.5"]


# -- bad input ---------------------------------------------------------------------------------------------


class TestBadInput:
    @pytest.mark.parametrize("data", ["", "   \n\t\n", b"", None])
    def test_empty(self, data):
        e = explain_text(data)
        assert (e.kind, e.primary, e.findings) == ("unknown", None, [])

    def test_binary(self):
        e = explain_text(bytes(range(256)) * 64)
        assert (e.kind, e.primary) == ("unknown", None)

    def test_unrelated_text(self):
        e = explain_text("The quick brown fox jumps over the lazy dog.\nNothing to see here.")
        assert (e.kind, e.primary, e.findings) == ("unknown", None, [])

    def test_utf16_from_powershell(self):
        text = "NVIDIA-SMI 551.86    Driver Version: 551.86    CUDA Version: 12.4\n"
        e = explain_text(b"\xff\xfe" + text.encode("utf-16-le"))
        assert e.kind == "nvidia-smi"
        assert e.facts["driver_version"] == "551.86"

    def test_mixed_encodings(self):
        data = (b"2023-01-01 W dso_loader.cc:64] Could not load dynamic library 'cudnn64_8.dll'\n"
                + "错误: 找不到指定的模块\n".encode("gbk") + "caf\xe9\n".encode("latin-1"))
        e = explain_text(data)
        assert e.primary == "cudnn-missing"

    def test_truncated_in_the_middle_of_a_line(self):
        text = win_missing("cudart64_110.dll", "cublas64_11.dll") + "\n" + log("W", WIN_DSO, "Could not load dyn")
        e = explain_text(text)
        assert e.primary == "cuda-runtime-missing"

    def test_line_numbers_count_left_out_lines(self):
        filler = "I tensorflow/core/foo.cc:1] nothing\n" * 200_000  # ~7 MB: the middle is left out
        text = filler + "RuntimeError: Physical devices cannot be modified after being initialized\n"
        e = explain_text(text)
        assert e.facts["truncated"] is True
        assert e.primary == "memory-growth-after-init"
        assert e.findings[0].evidence[0].source == "line 200001"

    def test_result_is_json(self):
        import json

        e = explain_text(win_missing(*TF210_WIN) + "\n" + DLOPEN)
        data = json.loads(json.dumps(e.to_dict()))
        assert data["primary"] == "cuda-runtime-missing"
        assert data["kind"] == "tf-log"
        assert data["findings"][0]["evidence"][0]["source"].startswith("line ")


# -- the words ------------------------------------------------------------------------------------------------


def test_every_detail_template_gets_exactly_its_placeholders():
    """Static check over core/explain: TrText(QT_TRANSLATE_NOOP("core", "...{x}..."), x=...) names match."""
    import ast
    import string
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "core" / "explain"
    checked = 0
    for path in sorted(root.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "TrText" and node.args):
                continue
            marker = node.args[0]
            if not (isinstance(marker, ast.Call) and getattr(marker.func, "id", None) == "QT_TRANSLATE_NOOP"):
                continue
            if any(k.arg is None for k in node.keywords):
                continue  # **values: checked at run time by test_explain_fuzz.check
            template = marker.args[1].value
            wanted = {n for _t, n, _s, _c in string.Formatter().parse(template) if n is not None}
            assert wanted == {k.arg for k in node.keywords}, f"{path.name}:{node.lineno}: {template!r}"
            checked += 1
    assert checked > 40


def test_tensorflow_gpu_stub_is_its_own_finding_and_the_real_package_is_named():
    from tfgpu.core.explain.engine import explain_text

    pip = ('Collecting tensorflow-gpu==2.12.0\n  Using cached tensorflow-gpu-2.12.0.tar.gz (2.6 kB)\n'
           '  Exception: The "tensorflow-gpu" package has been removed! Please install "tensorflow" instead.\n')
    result = explain_text(pip)
    assert result.primary == "tensorflow-gpu-removed"
    assert any("tensorflow[and-cuda]" in (s.command or "") for s in result.findings[0].fix)
    assert "tensorflow-gpu-removed" not in [f.id for f in explain_text("pip install tensorflow-gpu==2.10.1\nSuccessfully installed tensorflow-gpu-2.10.1\n").findings]


def test_docker_without_the_container_toolkit_is_container_gpu_missing():
    from tfgpu.core.explain.engine import explain_text

    log = ("$ sudo docker run --rm --gpus all nvidia/cuda:12.2.0-base-ubuntu22.04 nvidia-smi\n"
           'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].\n')
    assert explain_text(log).primary == "container-gpu-missing"
    assert "container-gpu-missing" not in [f.id for f in explain_text("docker run --gpus all ok\nTue Nov 21 ok\n").findings]
