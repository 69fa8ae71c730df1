"""The tf_probe agent for real: real interpreters, the real TF 2.21 of the test
interpreter (the project's venv), and real fake "pythons" that hang, crash or print garbage."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from conftest import pyenv_python
from tfgpu.core.host import RealHost
from tfgpu.core.host.agents import agent_source_dir
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.tensorflow import probe_tensorflow

pytestmark = pytest.mark.posix  # real bash/sh, POSIX paths or signals


AGENT = agent_source_dir() / "tf_probe.py"


def script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


def working_tf(extra: str = "") -> str:
    """The smallest `tensorflow` the agent reads as a working CPU build (a version and an
    empty GPU list), then ``extra``."""
    return textwrap.dedent("""
        import types
        __version__ = "2.10.0"
        config = types.SimpleNamespace(list_physical_devices=lambda kind: [])
    """) + textwrap.dedent(extra)


def install_fake_tf(site: Path, init_py: str, version: str = "2.10.0") -> None:
    """Write a `tensorflow` package and its dist-info into a site-packages folder."""
    (site / "tensorflow").mkdir(parents=True)
    (site / "tensorflow" / "__init__.py").write_text(textwrap.dedent(init_py), encoding="utf-8")
    dist = site / f"tensorflow-{version}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: tensorflow\nVersion: {version}\n\n")


def venv_with_fake_tf(tmp_path: Path, init_py: str, version: str = "2.10.0") -> str:
    """A real venv whose site-packages holds a `tensorflow` package we write (and its dist-info)."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    (site,) = venv.glob("lib/python3*/site-packages")
    install_fake_tf(site, init_py, version)
    return str(venv / "bin" / "python")


# -- the real TensorFlow ------------------------------------------------------------------------


def timed_bare_import() -> float:
    started = time.monotonic()
    out = subprocess.run([sys.executable, "-c", "import tensorflow"], capture_output=True, text=True, timeout=300)
    if out.returncode != 0:  # the real-TF tests are required: fail, never skip
        pytest.fail(f"`import tensorflow` fails in the test interpreter {sys.executable}:\n{out.stderr[-2000:]}")
    return time.monotonic() - started


@pytest.fixture(scope="module")
def real_tf():
    """The test interpreter (the project's venv, with TF 2.21) probed for real, and a bare
    `python -c "import tensorflow"` timed after a warm-up run, for comparison."""
    timed_bare_import()  # warm-up: the agent below also runs with a warm file cache
    bare = timed_bare_import()
    started = time.monotonic()
    info = probe_tensorflow(RealHost(), sys.executable, timeout=120)
    return info, time.monotonic() - started, bare


@pytest.mark.slow
def test_real_tf_is_found_with_its_cuda_build(real_tf):
    info, _, _ = real_tf
    assert (info.status, info.reason) == (Status.OK, None), info.error
    assert info.installed and info.version.startswith("2.21")
    assert info.distributions["tensorflow"] == info.version
    assert info.is_cuda_build is True
    assert info.cuda_build_version.startswith("12.") and info.cudnn_build_version == "9"
    assert info.build_info["cuda_compute_capabilities"]  # the raw build info, JSON-safe lists
    assert info.python_version == ".".join(str(part) for part in sys.version_info[:3]) and info.python_bits == 64
    assert info.module_path.endswith("tensorflow/__init__.py") and info.import_seconds > 0
    assert info.returncode == 0  # it left by itself, through os._exit


@pytest.mark.slow
def test_real_tf_without_a_gpu_reports_cuinit_303(real_tf):
    info, _, _ = real_tf
    assert info.gpu_count == 0 and info.gpus == []
    assert "cuInit" in info.gpu_init_error and "303" in info.gpu_init_error
    assert any("cuInit" in line for line in info.log_lines)
    assert not any("oneDNN custom operations" in line for line in info.log_lines)  # noise dropped
    assert info.loaded_libraries == []  # no libcuda on this machine, so nothing CUDA got mapped


@pytest.mark.slow
def test_real_tf_agent_costs_little_over_a_bare_import(real_tf):
    _, agent, bare = real_tf
    assert agent <= bare * 1.5 + 1.0, f"agent {agent:.2f} s vs bare import {bare:.2f} s"


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
    out = subprocess.run([pyenv_python("3.7"), str(AGENT)], capture_output=True, timeout=30)
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
    python = venv_with_fake_tf(tmp_path, working_tf("""
        import os, sys
        print("hello from python-level stdout")
        os.write(1, b'{"event": "result", "status": "not-installed"}\\n')  # C-level stdout, JSON-looking
        sys.stdout.flush()
    """))
    info = probe_tensorflow(RealHost(), python, timeout=30)
    assert (info.status, info.version) == (Status.OK, "2.10.0"), info.error
    assert "hello from python-level stdout" in info.log_lines  # it went to stderr, i.e. the log
    assert any('"status": "not-installed"' in line for line in info.log_lines)


@pytest.mark.parametrize("version", ["3.7", "3.12"])
def test_tensorflow_in_the_user_site_is_found(tmp_path, version):
    """`pip install --user tensorflow` (python.org's default on Windows) puts it in the user
    site, which `-I` would hide: the agent must run without it."""
    python = pyenv_python(version)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONNOUSERSITE"}
    env["PYTHONUSERBASE"] = str(tmp_path / "userbase")
    user_site = subprocess.run([python, "-c", "import site; print(site.getusersitepackages())"], env=env,
                               capture_output=True, text=True, timeout=30, check=True).stdout.strip()
    assert user_site.startswith(str(tmp_path))
    install_fake_tf(Path(user_site), working_tf(), version="2.10.0")
    info = probe_tensorflow(RealHost(env=env), python, timeout=30)
    assert (info.status, info.installed, info.version) == (Status.OK, True, "2.10.0"), info.error
    assert info.distributions == {"tensorflow": "2.10.0"}
    assert info.module_path == str(Path(user_site) / "tensorflow" / "__init__.py")


def test_non_ascii_printed_by_tensorflow_arrives_intact(tmp_path):
    """In an ASCII locale (as with a cp1252 pipe on Windows) printing keras's progress bar during
    `import tensorflow` raises UnicodeEncodeError, unless the PYTHONIOENCODING=utf-8 the probe
    passes takes effect (under -I it was ignored): then the import lives and the text arrives intact."""
    python = venv_with_fake_tf(tmp_path, working_tf("""
        print("\u2501\u2501\u2501 100% \u2713 Ger\u00e4t \u663e\u5361")
    """))
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "PYTHONUTF8": "0"}
    info = probe_tensorflow(RealHost(env=env), python, timeout=30)
    assert (info.status, info.version) == (Status.OK, "2.10.0"), info.error
    assert "\u2501\u2501\u2501 100% \u2713 Ger\u00e4t \u663e\u5361" in info.log_lines


def test_agent_leaves_without_interpreter_shutdown(tmp_path):
    """Shutting down with TF loaded is slow and can hang: after "done" the agent leaves with
    os._exit, yet what TF printed (Python- and C-level, both buffered in a pipe) still arrives."""
    python = venv_with_fake_tf(tmp_path, working_tf("""
        import atexit, ctypes, time
        print("python-level words, still buffered")
        ctypes.CDLL(None).printf(b"c-level words, still buffered\\n")
        atexit.register(time.sleep, 60)  # a shutdown that hangs
    """))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # -u would unbuffer C stdio too
    started = time.monotonic()
    info = probe_tensorflow(RealHost(env=env), python, timeout=10)
    assert (info.status, info.returncode) == (Status.OK, 0), info.error
    assert time.monotonic() - started < 5
    assert "python-level words, still buffered" in info.log_lines
    assert "c-level words, still buffered" in info.log_lines


def test_a_gpu_listing_that_fails_is_not_zero_gpus(tmp_path):
    python = venv_with_fake_tf(tmp_path, working_tf("""
        def _fail(kind):
            raise RuntimeError("CUDA driver version is insufficient for CUDA runtime version")
        config.list_physical_devices = _fail
    """))
    info = probe_tensorflow(RealHost(), python, timeout=30)
    assert (info.status, info.reason, info.gpu_count) == (Status.ERROR, "tf-gpu-list-failed", None)
    assert info.version == "2.10.0" and info.is_cuda_build is None  # unknown stays None
    assert "RuntimeError: CUDA driver version is insufficient" in info.error


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


def answer_then_hang(tmp_path: Path) -> str:
    """A "python" that prints a complete answer (hello, result, done), then never exits."""
    events = [{"event": "hello", "agent": "tf_probe", "protocol": 1, "python": {"version": "3.10.12", "bits": 64}},
              {"event": "result", "status": "imported", "installed": True, "version": "2.15.0", "gpus": [],
               "is_cuda_build": True, "errors": {}},
              {"event": "done"}]
    lines = "\n".join(json.dumps(e) for e in events)
    return script(tmp_path, "python", f"cat <<'EOF'\n{lines}\nEOF\nsleep 30")


def test_a_complete_answer_wins_over_a_hang_at_exit(tmp_path):
    info = probe_tensorflow(RealHost(), answer_then_hang(tmp_path), timeout=1)
    assert (info.status, info.reason, info.version, info.gpu_count) == (Status.OK, None, "2.15.0", 0)
    assert info.returncode is None  # it was killed...
    assert any("did not exit and was killed" in str(e) and "timed out" in str(e) for e in info.evidence)  # ...said


def test_a_complete_answer_wins_over_a_cancel_during_exit(tmp_path):
    cancel = threading.Event()
    threading.Timer(0.5, cancel.set).start()
    info = probe_tensorflow(RealHost(), answer_then_hang(tmp_path), timeout=30, cancel=cancel)
    assert (info.status, info.version) == (Status.OK, "2.15.0")
    assert any("did not exit and was killed" in str(e) and "cancelled" in str(e) for e in info.evidence)


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


# -- Windows: the Win32 standard output handle ---------------------------------------------------

WINDOWS_CHANNEL = """
import ctypes, os, runpy, sys, types
calls = []
os.O_BINARY = 0x8000
sys.modules["msvcrt"] = types.SimpleNamespace(setmode=lambda fd, mode: calls.append(["setmode", fd == 1, mode]),
                                              get_osfhandle=GET_OSFHANDLE)
ctypes.windll = WINDLL
agent = runpy.run_path(AGENT)
sys.platform = "win32"
channel = agent["Channel"]()
channel.open()
channel.send("calls", calls=calls)
"""


def windows_channel(get_osfhandle: str, windll: str) -> list:
    """Channel.open() as on Windows, with msvcrt and kernel32 replaced by recorders."""
    code = (WINDOWS_CHANNEL.replace("GET_OSFHANDLE", get_osfhandle).replace("WINDLL", windll)
            .replace("AGENT", repr(str(AGENT))))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)["calls"]


def test_windows_std_output_handle_is_moved_to_stderr_too():
    windll = ("types.SimpleNamespace(kernel32=types.SimpleNamespace("
              "SetStdHandle=lambda which, handle: calls.append(['SetStdHandle', which, handle.value])))")
    calls = windows_channel("lambda fd: 7000 + fd", windll)
    assert calls == [["setmode", False, 0x8000], ["SetStdHandle", -11, 7002]]  # STD_OUTPUT_HANDLE -> fd 2


def test_windows_handle_redirect_never_raises():
    calls = windows_channel("lambda fd: 1 / 0", "None")
    assert calls == [["setmode", False, 0x8000]]  # the JSON channel still answered
