"""probe_tensorflow on a described Windows machine: canned agent output (protocol v1)
plus TF's real stderr text from the corpus, read into TfInfo states."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from conftest import corpus_text
from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.tensorflow import probe_tensorflow

PYTHON = "C:\\Users\\user\\AppData\\Local\\Programs\\Python\\Python310\\python.exe"
PREFIX = "C:\\Users\\user\\AppData\\Local\\Programs\\Python\\Python310"
SITE = f"{PREFIX}\\lib\\site-packages"
# build_info.py of the tensorflow 2.10.0 win_amd64 wheel (reference/compat-facts.md, section 1b).
BUILD_210 = {
    "cuda_compute_capabilities": ["sm_35", "sm_50", "sm_60", "sm_70", "sm_75", "compute_80"],
    "cuda_version": "64_112", "cudart_dll_name": "cudart64_112.dll", "cudnn_dll_name": "cudnn64_8.dll",
    "cudnn_version": "64_8", "is_cuda_build": True, "is_rocm_build": False, "is_tensorrt_build": False,
    "msvcp_dll_names": "msvcp140.dll,msvcp140_1.dll", "nvcuda_dll_name": "nvcuda.dll",
}


def python_facts(version: str = "3.10.11") -> dict:
    return {"version": version, "release_level": "final", "bits": 64, "implementation": "CPython",
            "executable": PYTHON, "prefix": PREFIX, "base_prefix": PREFIX, "platform": "win32", "machine": "AMD64"}


def agent_stdout(result: dict, python: dict | None = None, stages=("distributions", "import", "list_gpus"),
                 done: bool = True) -> str:
    """What tf_probe.py prints: hello, stages, result, done (JSON lines, CRLF as on Windows)."""
    python = python or python_facts()
    events = [{"event": "hello", "agent": "tf_probe", "protocol": 1, "pid": 4242, "python": python}]
    events += [{"event": "stage", "name": name} for name in stages]
    if result is not None:
        events.append({"event": "result", "python": python, "errors": {}, "env": {"CUDA_VISIBLE_DEVICES": None},
                       **result})
    if done:
        events.append({"event": "done"})
    return "".join(json.dumps(e) + "\r\n" for e in events)


def tf_log(case: str) -> str:
    """Only TF's own log lines from a corpus case (the issue text around them is the user's)."""
    return "\n".join(line for line in corpus_text(case).splitlines() if ".cc:" in line and "] " in line)


def run(host: FakeHost, stdout: str, stderr: str = "", returncode: int | None = 0, **kwargs):
    host.write(PYTHON, b"MZ")
    host.on(PYTHON, FakeCommand(stdout=stdout.encode(), stderr=stderr.encode(), returncode=returncode))
    return probe_tensorflow(host, PYTHON, **kwargs)


def test_tf_210_that_sees_the_gpu(windows_host: FakeHost):
    loaded = ["C:\\Windows\\SYSTEM32\\nvcuda.dll",
              "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin\\cudart64_110.dll",
              "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin\\cudnn64_8.dll"]
    result = {"status": "imported", "installed": True, "version": "2.10.1", "import_seconds": 4.2,
              "distributions": {"tensorflow": "2.10.1", "keras": "2.10.0"},
              "module_path": f"{SITE}\\tensorflow\\__init__.py", "build_info": BUILD_210, "is_cuda_build": True,
              "gpus": [{"name": "/physical_device:GPU:0", "device_type": "GPU",
                        "details": {"device_name": "NVIDIA GeForce RTX 3060", "compute_capability": [8, 6]}}],
              "loaded_libraries": loaded,
              # the agent checks the DLL TF's loader opens (cudart64_110.dll), not the build info's 112
              "library_checks": {"cudart64_110.dll": {"loaded": True}, "cudnn64_8.dll": {"loaded": True}}}
    info = run(windows_host, agent_stdout(result))
    assert (info.status, info.reason) == (Status.OK, None)
    assert (info.version, info.python_version, info.python_bits) == ("2.10.1", "3.10.11", 64)
    assert info.is_cuda_build is True
    assert (info.cuda_build_version, info.cudnn_build_version) == ("11.2", "8")  # from '64_112' / '64_8'
    assert info.gpu_count == 1 and info.gpus[0].details["compute_capability"] == [8, 6]
    assert info.loaded_libraries == loaded and info.gpu_init_error is None
    assert "cudart64_112.dll" not in info.library_checks  # the build info's name is never load-tested
    assert all(check["loaded"] for check in info.library_checks.values())
    assert info.distributions == {"tensorflow": "2.10.1", "keras": "2.10.0"}


@pytest.mark.parametrize("case, dll", [
    ("011-tf291-win10-cudart64_110-has-gpu", "cudart64_110.dll"),
    ("010-cudart64_110-warning-no-gpu-runs-fine", "cudart64_110.dll"),
    ("007-tf23-win10-cudart64_101-with-cuda11", "cudart64_101.dll"),
])
def test_missing_cuda_runtime_dll_is_the_gpu_init_error(windows_host: FakeHost, case: str, dll: str):
    log = tf_log(case)
    result = {"status": "imported", "installed": True, "version": "2.9.1", "build_info": dict(BUILD_210),
              "is_cuda_build": True, "gpus": [], "loaded_libraries": ["C:\\Windows\\SYSTEM32\\nvcuda.dll"]}
    info = run(windows_host, agent_stdout(result), stderr=log)
    assert info.status is Status.OK and info.gpu_count == 0
    assert info.gpu_init_error.startswith(f"Could not load dynamic library '{dll}'")
    assert info.missing_libraries == [dll]
    assert info.log_lines == [line for line in log.splitlines() if line.strip()]  # kept verbatim


def test_cuinit_failure_wins_over_the_generic_lines(windows_host: FakeHost):
    log = tf_log("045-cuinit-no-device-kernel-driver-not-running")
    stderr = "Could not find cuda drivers on your machine, GPU will not be used.\n" + log
    info = run(windows_host, agent_stdout({"status": "imported", "version": "2.10.0", "gpus": []}), stderr=stderr)
    assert info.gpu_init_error == "failed call to cuInit: CUDA_ERROR_NO_DEVICE"


@pytest.mark.parametrize("case", ["003-tf211-win11-not-built-with-cuda", "006-tf218-win11-rtx4080-cpu-only"])
def test_cpu_only_windows_build(windows_host: FakeHost, case: str):
    corpus_text(case)  # the situation these reports describe: is_built_with_cuda() False, no GPU
    build = {"is_cuda_build": False, "msvcp_dll_names": "msvcp140.dll,msvcp140_1.dll"}
    result = {"status": "imported", "installed": True, "version": "2.11.0", "build_info": build,
              "is_cuda_build": False, "gpus": [], "loaded_libraries": [],
              "distributions": {"tensorflow": "2.11.0", "tensorflow-intel": "2.11.0"}}
    info = run(windows_host, agent_stdout(result))
    assert info.status is Status.OK and info.is_cuda_build is False
    assert info.cuda_build_version is None and info.gpu_count == 0 and info.gpu_init_error is None
    assert info.distributions["tensorflow-intel"] == "2.11.0"


def test_tf1_style_build_info_keys(windows_host: FakeHost):
    # build_info.py of a win64 tensorflow-gpu 1.x wheel (corpus 054): *_version_number keys.
    build = {"is_cuda_build": True, "cuda_version_number": "10.0", "cudnn_version_number": "7",
             "cudart_dll_name": "cudart64_100.dll", "cudnn_dll_name": "cudnn64_7.dll"}
    info = run(windows_host, agent_stdout({"status": "imported", "version": "1.14.0", "build_info": build,
                                           "is_cuda_build": None, "gpus": []}))
    assert (info.is_cuda_build, info.cuda_build_version, info.cudnn_build_version) == (True, "10.0", "7")


def test_import_failure_keeps_the_exact_text(windows_host: FakeHost):
    message = ("DLL load failed while importing _pywrap_tensorflow_internal: "
               "The specified module could not be found.")
    result = {"status": "import-failed", "installed": True, "distributions": {"tensorflow": "2.10.0"},
              "import_error": {"type": "ImportError", "message": message,
                               "traceback": "Traceback (most recent call last):\n  ...\nImportError: " + message}}
    info = run(windows_host, agent_stdout(result, stages=("distributions", "import")))
    assert (info.status, info.reason) == (Status.ERROR, "tf-import-failed")
    assert info.import_error == f"ImportError: {message}" and info.error == info.import_error
    assert info.import_traceback.endswith(message) and info.installed is True


def test_not_installed(windows_host: FakeHost):
    info = run(windows_host, agent_stdout({"status": "not-installed", "installed": False, "distributions": {}},
                                          stages=("distributions",)))
    assert (info.status, info.reason, info.installed) == (Status.MISSING, "tf-not-installed", False)


def test_stray_stdout_lines_are_kept_but_do_not_break_the_answer(windows_host: FakeHost):
    stdout = "Welcome to Anaconda!\r\n" + agent_stdout({"status": "imported", "version": "2.10.0", "gpus": []})
    info = run(windows_host, stdout)
    assert info.status is Status.OK and "stdout: Welcome to Anaconda!" in info.log_lines


def test_hello_without_result_and_a_windows_crash_code(windows_host: FakeHost):
    stdout = agent_stdout(None, stages=("distributions", "import"), done=False)
    info = run(windows_host, stdout, stderr="", returncode=0xC0000005)
    assert (info.status, info.reason) == (Status.ERROR, "agent-crashed")
    assert info.stage == "import" and "0xC0000005" in info.error and "importing tensorflow" in info.error


def test_illegal_instruction_gets_the_cpu_hint(windows_host: FakeHost):
    info = run(windows_host, agent_stdout(None, stages=("import",), done=False), returncode=0xC000001D)
    assert info.reason == "agent-crashed" and "CPU" in info.hint


def test_garbage_output_is_bad_output(windows_host: FakeHost):
    info = run(windows_host, "\x00\x01garbage\r\n{not json\r\n", returncode=0)
    assert (info.status, info.reason) == (Status.ERROR, "agent-bad-output")


def test_another_agent_or_protocol_is_bad_output(windows_host: FakeHost):
    stdout = agent_stdout({"status": "imported"}).replace('"protocol": 1', '"protocol": 2')
    assert run(windows_host, stdout).reason == "agent-bad-output"


def test_python_too_old_from_hello_or_from_a_syntax_error(windows_host: FakeHost):
    hello_only = agent_stdout({"status": "python-too-old"}, python=python_facts("3.6.8"), stages=())
    info = run(windows_host, hello_only)
    assert (info.status, info.reason, info.python_version) == (Status.UNSUPPORTED, "python-too-old", "3.6.8")
    stderr = ('  File "C:\\tfgpu\\agents\\tf_probe.py", line 312\r\n'
              "    except (Exception, SystemExit) as exc:\r\n                                   ^\r\n"
              "SyntaxError: invalid syntax\r\n")  # a Python from before `except ... as`
    info = run(windows_host, "", stderr=stderr, returncode=1)
    assert (info.status, info.reason) == (Status.UNSUPPORTED, "python-too-old")


def test_hang_not_python_and_cancel(windows_host: FakeHost):
    windows_host.write(PYTHON, b"MZ")
    windows_host.on(PYTHON, FakeCommand(hang=True))
    assert probe_tensorflow(windows_host, PYTHON, timeout=3).reason == "agent-timeout"
    windows_host.on(PYTHON, FakeCommand(error="cannot run: Exec format error"))
    assert probe_tensorflow(windows_host, PYTHON).reason == "not-python"
    cancel = threading.Event()
    cancel.set()
    assert probe_tensorflow(windows_host, PYTHON, cancel=cancel).reason == "cancelled"


class EnvRecordingHost(FakeHost):
    """A FakeHost that also keeps the environment each command was given."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.envs: list[dict] = []

    def run(self, argv, timeout=15.0, **kwargs):
        self.envs.append(dict(kwargs.get("env") or {}))
        return super().run(argv, timeout, **kwargs)


def recording_host(tmp_path: Path, system: str = "Windows", path_key: str = "PATH") -> EnvRecordingHost:
    windows = system == "Windows"
    path = "C:\\Windows\\system32;C:\\Windows" if windows else "/usr/local/bin:/usr/bin:/bin"
    return EnvRecordingHost(root=tmp_path, system=system, env={path_key: path, "PYTHONPATH": "D:\\mylibs"})


def agent_answers(host: FakeHost, python: str) -> None:
    host.write(python, b"MZ")
    host.on(python, FakeCommand(stdout=agent_stdout({"status": "not-installed"}).encode()))


def test_runner_passes_the_log_level_and_extra_libraries(tmp_path):
    host = recording_host(tmp_path)
    seen = {}

    def agent(argv):
        seen["argv"] = argv
        return FakeCommand(stdout=agent_stdout({"status": "not-installed"}).encode())

    host.on(PYTHON, agent)
    events = []
    probe_tensorflow(host, PYTHON, check_libraries=["cudart64_110.dll", "zlibwapi.dll"], on_event=events.append)
    # No -I: the user site and PYTHONPATH count, and PYTHONIOENCODING takes effect (see test_tf_agent).
    assert len(seen["argv"]) == 2 and seen["argv"][0] == PYTHON and seen["argv"][1].endswith("tf_probe.py")
    (env,) = host.envs
    assert env["TF_CPP_MIN_LOG_LEVEL"] == "0" and env["PYTHONIOENCODING"] == "utf-8"
    assert env["TFGPU_CHECK_LIBS"] == "cudart64_110.dll,zlibwapi.dll"
    assert env["PYTHONPATH"] == "D:\\mylibs"  # the user's environment, passed on
    assert env["PATH"] == host.env["PATH"]  # not a conda environment: PATH as it was
    assert [e["event"] for e in events][0] == "hello" and events[-1]["event"] == "done"


CONDA_PREFIX = "C:\\Users\\user\\miniconda3\\envs\\tf210"


@pytest.mark.parametrize("path_key", ["PATH", "Path"])
def test_windows_conda_env_gets_the_path_conda_activate_gives(tmp_path, path_key):
    """`conda install cudatoolkit=11.2 cudnn=8.1` puts the DLLs in Library\\bin, which only
    activation puts on PATH: the agent must run as if the environment were activated."""
    host = recording_host(tmp_path, path_key=path_key)
    python = f"{CONDA_PREFIX}\\python.exe"
    host.mkdir(f"{CONDA_PREFIX}\\conda-meta")
    agent_answers(host, python)
    info = probe_tensorflow(host, python)
    (env,) = host.envs
    assert [k for k in env if k.upper() == "PATH"] == [path_key]  # replaced, not doubled as PATH and Path
    assert env[path_key].split(";") == [
        CONDA_PREFIX, f"{CONDA_PREFIX}\\Library\\mingw-w64\\bin", f"{CONDA_PREFIX}\\Library\\usr\\bin",
        f"{CONDA_PREFIX}\\Library\\bin", f"{CONDA_PREFIX}\\Scripts", f"{CONDA_PREFIX}\\bin",
        "C:\\Windows\\system32", "C:\\Windows"]
    assert any(e.kind == "env" and "conda" in e.detail and "Library\\bin" in e.detail for e in info.evidence)


def test_linux_conda_env_gets_its_bin_first(tmp_path):
    host = recording_host(tmp_path, system="Linux")
    host.mkdir("/home/user/miniconda3/envs/tf/conda-meta")
    agent_answers(host, "/home/user/miniconda3/envs/tf/bin/python")
    probe_tensorflow(host, "/home/user/miniconda3/envs/tf/bin/python")
    assert host.envs[0]["PATH"] == "/home/user/miniconda3/envs/tf/bin:/usr/local/bin:/usr/bin:/bin"


def test_a_folder_without_conda_meta_is_not_conda(tmp_path):
    host = recording_host(tmp_path)
    host.mkdir(f"{CONDA_PREFIX}\\Lib\\site-packages")  # a conda-like tree, but no conda-meta
    agent_answers(host, f"{CONDA_PREFIX}\\python.exe")
    info = probe_tensorflow(host, f"{CONDA_PREFIX}\\python.exe")
    assert host.envs[0]["PATH"] == host.env["PATH"] and not any(e.kind == "env" for e in info.evidence)


# -- unknown is not zero ---------------------------------------------------------------------------


def test_a_failed_gpu_listing_is_an_error_not_zero_gpus(windows_host: FakeHost):
    error = "InternalError: cudaGetDevice() failed. Status: CUDA driver version is insufficient"
    result = {"status": "imported", "installed": True, "version": "2.10.1", "build_info": {},
              "is_cuda_build": None, "gpus": None, "loaded_libraries": [],
              "errors": {"is_built_with_cuda": "AttributeError: module 'tensorflow' has no attribute 'test'",
                         "list_gpus": error}}
    info = run(windows_host, agent_stdout(result))
    assert (info.status, info.reason) == (Status.ERROR, "tf-gpu-list-failed")
    assert info.gpu_count is None and info.gpus == [] and error in info.error
    assert info.is_cuda_build is None  # neither the call nor the build info said: unknown
    assert info.version == "2.10.1" and info.step_errors["list_gpus"] == error


def test_an_answer_without_a_gpu_list_is_not_zero_gpus(windows_host: FakeHost):
    info = run(windows_host, agent_stdout({"status": "imported", "version": "2.10.1"}))
    assert (info.status, info.reason, info.gpu_count) == (Status.ERROR, "tf-gpu-list-failed", None)
