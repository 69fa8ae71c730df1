"""The tf_probe agent for real: real interpreters, the real TF 2.21 of .venv, and
real fake "pythons" that hang, crash or print garbage."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest
from conftest import pyenv_python

from tfgpu.core.host import RealHost
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.tensorflow import agent_path, probe_tensorflow

AGENT = agent_path()


def script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


def venv_with_fake_tf(tmp_path: Path, init_py: str, version: str = "2.10.0") -> str:
    """A real venv whose site-packages holds a `tensorflow` package we write (and its dist-info)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    (site,) = venv.glob("lib/python3*/site-packages")
    (site / "tensorflow").mkdir()
    (site / "tensorflow" / "__init__.py").write_text(textwrap.dedent(init_py))
    dist = site / f"tensorflow-{version}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: tensorflow\nVersion: {version}\n\n")
    return str(venv / "bin" / "python")


# -- the real TensorFlow ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real_tf():
    venv_python = Path(__file__).resolve().parent.parent / ".venv" / "bin" / "python"
    if not venv_python.exists():
        pytest.skip("no .venv with TensorFlow")
    started = time.monotonic()
    info = probe_tensorflow(RealHost(), str(venv_python), timeout=120)
    return info, time.monotonic() - started


@pytest.mark.slow
def test_real_tf_is_found_with_its_cuda_build(real_tf):
    info, _ = real_tf
    assert (info.status, info.reason) == (Status.OK, None), info.error
    assert info.installed and info.version.startswith("2.21")
    assert info.distributions["tensorflow"] == info.version
    assert info.is_cuda_build is True
    assert info.cuda_build_version.startswith("12.") and info.cudnn_build_version == "9"
    assert info.build_info["cuda_compute_capabilities"]  # the raw build info, JSON-safe lists
    assert info.python_version == "%d.%d.%d" % sys.version_info[:3] and info.python_bits == 64
    assert info.module_path.endswith("tensorflow/__init__.py") and info.import_seconds > 0


@pytest.mark.slow
def test_real_tf_without_a_gpu_reports_cuinit_303(real_tf):
    info, _ = real_tf
    assert info.gpu_count == 0 and info.gpus == []
    assert "cuInit" in info.gpu_init_error and "303" in info.gpu_init_error
    assert any("cuInit" in line for line in info.log_lines)
    assert not any("oneDNN custom operations" in line for line in info.log_lines)  # noise dropped
    assert info.loaded_libraries == []  # no libcuda on this machine, so nothing CUDA got mapped


@pytest.mark.slow
def test_real_tf_agent_costs_little_over_a_bare_import(real_tf):
    _, elapsed = real_tf
    assert elapsed < 60  # ~3-5 s here; the limit only catches a hang


# -- real interpreters, no TensorFlow ---------------------------------------------------------------


def test_python_37_reports_not_installed_fast():
    python = pyenv_python("3.7")
    started = time.monotonic()
    info = probe_tensorflow(RealHost(), python, timeout=30)
    assert (info.status, info.reason, info.installed) == (Status.MISSING, "tf-not-installed", False)
    assert info.python_version.startswith("3.7.") and info.python_bits == 64
    assert time.monotonic() - started < 3  # nothing heavy imported


def test_agent_parses_under_python_37():
    python = pyenv_python("3.7")
    out = subprocess.run([python, "-I", "-c", f"import ast; ast.parse(open({str(AGENT)!r}).read())"],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr


def test_python_27_is_unsupported():
    info = probe_tensorflow(RealHost(), pyenv_python("2.7"), timeout=30)
    assert (info.status, info.reason) == (Status.UNSUPPORTED, "python-too-old")


def test_python_36_says_hello_and_is_unsupported():
    info = probe_tensorflow(RealHost(), pyenv_python("3.6"), timeout=30)
    assert (info.status, info.reason) == (Status.UNSUPPORTED, "python-too-old")
    assert info.python_version.startswith("3.6.")


def test_protocol_lines_are_json_with_hello_first():
    out = subprocess.run([pyenv_python("3.7"), "-I", str(AGENT)], capture_output=True, timeout=30)
    lines = out.stdout.decode("ascii").splitlines()
    events = [json.loads(line) for line in lines]
    assert lines[0].startswith('{"event": "hello"')
    assert events[0]["agent"] == "tf_probe" and events[0]["protocol"] == 1
    assert [e["event"] for e in events][-2:] == ["result", "done"]


# -- a fake tensorflow package in a real venv ----------------------------------------------------------


def test_import_error_text_is_kept_exactly(tmp_path):
    python = venv_with_fake_tf(tmp_path, """
        raise ImportError("DLL load failed while importing _pywrap_tensorflow_internal: "
                          "The specified module could not be found.")
    """)
    info = probe_tensorflow(RealHost(), python, timeout=30)
    assert (info.status, info.reason) == (Status.ERROR, "tf-import-failed")
    assert info.import_error == ("ImportError: DLL load failed while importing _pywrap_tensorflow_internal: "
                                 "The specified module could not be found.")
    assert info.distributions == {"tensorflow": "2.10.0"} and info.installed
    assert "tensorflow/__init__.py" in info.import_traceback


def test_prints_from_tensorflow_cannot_corrupt_the_protocol(tmp_path):
    python = venv_with_fake_tf(tmp_path, """
        import os, sys
        print("hello from python-level stdout")
        os.write(1, b'{"event": "result", "status": "not-installed"}\\n')  # C-level stdout, JSON-looking
        sys.stdout.flush()
        __version__ = "2.10.0"
    """)
    info = probe_tensorflow(RealHost(), python, timeout=30)
    assert (info.status, info.version) == (Status.OK, "2.10.0"), info.error
    assert "hello from python-level stdout" in info.log_lines  # it went to stderr, i.e. the log
    assert any('"status": "not-installed"' in line for line in info.log_lines)


def test_tensorflow_that_segfaults_on_import_is_agent_crashed(tmp_path):
    python = venv_with_fake_tf(tmp_path, """
        import os, signal
        os.kill(os.getpid(), signal.SIGSEGV)
    """)
    info = probe_tensorflow(RealHost(), python, timeout=30)
    assert (info.status, info.reason, info.stage) == (Status.ERROR, "agent-crashed", "import")
    assert "SIGSEGV" in info.error and "importing tensorflow" in info.error


def test_tensorflow_that_hangs_on_import_times_out_at_the_stage(tmp_path):
    python = venv_with_fake_tf(tmp_path, "import time\ntime.sleep(60)\n")
    started = time.monotonic()
    info = probe_tensorflow(RealHost(), python, timeout=2)
    assert (info.status, info.reason, info.stage) == (Status.ERROR, "agent-timeout", "import")
    assert time.monotonic() - started < 6 and "importing tensorflow" in info.error


def test_loaded_libraries_come_from_proc_self_maps(tmp_path):
    if not sys.platform.startswith("linux"):
        pytest.skip("Linux only")
    zlib = next((p for p in ("/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1")
                 if Path(p).exists()), None)
    if zlib is None:
        pytest.skip("no libz to stand in for a CUDA library")
    fake_cudart = tmp_path / "libcudart.so.12"
    fake_cudart.write_bytes(Path(zlib).read_bytes())
    code = (f"import ctypes, runpy; ctypes.CDLL({str(fake_cudart)!r}); "
            f"agent = runpy.run_path({str(AGENT)!r}); print(agent['loaded_libraries']())")
    out = subprocess.run([sys.executable, "-I", "-c", code], capture_output=True, text=True, timeout=30)
    assert out.stdout.strip() == repr([str(fake_cudart)])


# -- fake "pythons": hang, crash, garbage, cancel ---------------------------------------------------


def test_a_hanging_python_times_out_within_the_timeout(tmp_path):
    started = time.monotonic()
    info = probe_tensorflow(RealHost(), script(tmp_path, "python", "sleep 30"), timeout=1)
    assert (info.status, info.reason) == (Status.ERROR, "agent-timeout")
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("body", ["exit 139", "kill -SEGV $$"])
def test_a_crashing_python_is_agent_crashed(tmp_path, body):
    info = probe_tensorflow(RealHost(), script(tmp_path, "python", "echo 'Segmentation fault' >&2\n" + body))
    assert (info.status, info.reason) == (Status.ERROR, "agent-crashed")
    assert "SIGSEGV" in info.error and "Segmentation fault" in info.log_lines


def test_a_python_printing_garbage_is_bad_output(tmp_path):
    info = probe_tensorflow(RealHost(), script(tmp_path, "python", "echo 'Hello, I am definitely python'"))
    assert (info.status, info.reason) == (Status.ERROR, "agent-bad-output")
    assert "stdout: Hello, I am definitely python" in info.log_lines


def test_something_that_is_not_a_program_is_not_python(tmp_path):
    text_file = tmp_path / "python.txt"
    text_file.write_text("not a program")
    assert probe_tensorflow(RealHost(), str(text_file)).reason == "not-python"
    assert probe_tensorflow(RealHost(), "/bin/true").reason == "not-python"


def test_cancel_stops_the_agent_quickly(tmp_path):
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    started = time.monotonic()
    info = probe_tensorflow(RealHost(), script(tmp_path, "python", "sleep 30"), timeout=60, cancel=cancel)
    assert (info.status, info.reason) == (Status.ERROR, "cancelled")
    assert time.monotonic() - started < 3
