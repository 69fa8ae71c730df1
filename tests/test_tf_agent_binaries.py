"""Facts the tf_probe agent reads from the installed files when TF's build info is silent (TF >= 2.22 keeps
three keys): the architecture list from the fat binaries embedded in TF's libraries (ELF on Linux, PE on
Windows), CUDA and cuDNN from TF's own [and-cuda] pins, the nvidia-* wheels and the loaded libraries.

The real TF 2.21 of the test venv is read for real (its binaries must give build info's list); the
TF 2.22.0rc0 wheel is installed for real into its own venv (slow); a Windows DLL cannot exist here, so
a PE file is written byte by byte to the layout the PE format defines."""

from __future__ import annotations

import ast
import importlib.util
import os
import struct
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tfgpu.core.host import RealHost
from tfgpu.core.host.agents import agent_source_dir
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.tensorflow import probe_tensorflow

AGENT = agent_source_dir() / "tf_probe.py"
RC = "2.22.0rc0"
# Requires-Dist lines of the [and-cuda] extra in tensorflow-2.22.0rc0's METADATA (the wheel, PyPI).
RC_AND_CUDA = [
    'nvidia-cublas-cu12<13.0,>=12.5.3.2; extra == "and-cuda"',
    'nvidia-cuda-runtime-cu12<13.0,>=12.5.82; extra == "and-cuda"',
    'nvidia-cudnn-cu12<10.0,>=9.10.2.21; extra == "and-cuda"',
    'numpy>=1.26.0',
]


@pytest.fixture(scope="module")
def agent():
    spec = importlib.util.spec_from_file_location("tf_probe_under_test", AGENT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _installed_tf_folder() -> Path:
    spec = importlib.util.find_spec("tensorflow")  # finds the package without importing it
    assert spec is not None and spec.origin, "the test venv must have TensorFlow 2.21"
    return Path(spec.origin).parent


def _build_info_file(folder: Path) -> dict:
    """build_info.py's OrderedDict literal, read without importing TF."""
    tree = ast.parse((folder / "python" / "platform" / "build_info.py").read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "OrderedDict":
            return dict(ast.literal_eval(node.args[0]))
    raise AssertionError("no build_info literal")


def fatbin(entries: list[tuple[int, int]]) -> bytes:
    """A fat binary as nvcc lays it out: 16-byte header (magic, version, header size, body size), then per
    entry a 64-byte header (kind 1 = PTX / 2 = cubin at 0, header size at 4, payload size at 8, arch at 28)."""
    body = b""
    for kind, arch in entries:
        payload = b"\0" * 16
        header = struct.pack("<HHIQ", kind, 0x101, 64, len(payload)) + b"\0" * 12 + struct.pack("<I", arch)
        body += header.ljust(64, b"\0") + payload
    return struct.pack("<IHHQ", 0xBA55ED50, 1, 16, len(body)) + body


def elf_with(section: str, data: bytes) -> bytes:
    """A 64-bit little-endian ELF with a null section, ``section`` holding ``data`` and .shstrtab."""
    names = b"\0" + section.encode() + b"\0.shstrtab\0"
    data_at, names_at = 64, 64 + len(data)
    table_at = (names_at + len(names) + 7) // 8 * 8
    head = b"\x7fELF\x02\x01\x01" + b"\0" * 9 + struct.pack("<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, table_at, 0, 64, 0, 0,
                                                             64, 3, 2)
    def entry(name, offset, size):
        return struct.pack("<IIQQQQIIQQ", name, 1, 0, 0, offset, size, 0, 0, 1, 0)
    table = b"\0" * 64 + entry(1, data_at, len(data)) + entry(2 + len(section), names_at, len(names))
    return (head + data + names).ljust(table_at, b"\0") + table


def pe_with(section: str, data: bytes) -> bytes:
    """A PE (DLL) file: DOS header pointing at 'PE\\0\\0', a COFF header with one section, no optional header."""
    coff = b"PE\0\0" + struct.pack("<HHIIIHH", 0x8664, 1, 0, 0, 0, 0, 0x2000)
    raw_at = 64 + len(coff) + 40
    header = struct.pack("<8sIIIIIIHHI", section.encode(), len(data), 0x1000, len(data), raw_at, 0, 0, 0, 0, 0)
    dos = b"MZ" + b"\0" * 58 + struct.pack("<I", 64)
    return dos + coff + header + data


# -- the real TF 2.21: the binaries say what build info says ----------------------------------------------


def test_arch_list_from_tf_221_binaries_equals_build_info(agent):
    folder = _installed_tf_folder()
    read = agent.binary_arch_list(str(folder))
    assert read["value"] == _build_info_file(folder)["cuda_compute_capabilities"]
    assert read["value"] == ["sm_60", "sm_70", "sm_80", "sm_89", "compute_90"]
    assert read["cubins"][-1] == "sm_90" and read["ptx"] == ["compute_90"]  # compute_90 = sm_90 cubin + PTX
    assert "libtensorflow_framework.so.2" in read["source"] and ".nv_fatbin" in read["source"]


def test_windows_dll_sections_are_read(agent, tmp_path):
    (tmp_path / "python").mkdir()
    (tmp_path / "python" / "_pywrap_tensorflow_internal.pyd").write_bytes(
        pe_with(".nv_fatb", fatbin([(2, 35), (2, 50), (2, 60), (2, 70), (2, 75), (1, 80), (2, 80)])))
    read = agent.binary_arch_list(str(tmp_path))
    assert read["value"] == ["sm_35", "sm_50", "sm_60", "sm_70", "sm_75", "compute_80"]
    assert "_pywrap_tensorflow_internal.pyd" in read["source"]


def test_no_fat_binary_is_no_list(agent, tmp_path):
    (tmp_path / "libtensorflow_framework.so.2").write_bytes(elf_with(".text", b"\x90" * 64))
    (tmp_path / "not_a_binary.so").write_bytes(b"garbage")
    assert agent.binary_arch_list(str(tmp_path)) is None


def test_cuda_and_cudnn_from_pins_wheels_and_loaded_libraries(agent):
    facts = agent.cuda_candidates({"nvidia-cudnn-cu12": "9.10.2.21", "nvidia-cuda-runtime-cu12": "12.9.79"},
                                  RC_AND_CUDA, ["/x/nvidia/cudnn/lib/libcudnn.so.9", "C:\\cuda\\bin\\cudart64_12.dll"])
    assert [f["value"] for f in facts["cuda_version"]] == ["12.5", "12.9", "12"]
    assert [f["value"] for f in facts["cudnn_version"]] == ["9", "9", "9"]
    assert "Requires-Dist nvidia-cuda-runtime-cu12<13.0,>=12.5.82" in facts["cuda_version"][0]["source"]
    assert facts["cuda_version"][1]["source"] == "installed wheel nvidia-cuda-runtime-cu12 12.9.79"
    assert facts["cudnn_version"][2]["source"] == "loaded library /x/nvidia/cudnn/lib/libcudnn.so.9"


# -- a TF whose build info has three keys, through the whole probe ----------------------------------------


def _venv_with_three_key_tf(tmp_path: Path) -> str:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
    site = next(venv.glob("lib/python*/site-packages"))
    (site / "tensorflow").mkdir()
    (site / "tensorflow" / "__init__.py").write_text(textwrap.dedent("""
        import types
        __version__ = "2.22.0rc0"
        config = types.SimpleNamespace(list_physical_devices=lambda kind: [])
        test = types.SimpleNamespace(is_built_with_cuda=lambda: True)
        sysconfig = types.SimpleNamespace(get_build_info=lambda: {
            "is_cuda_build": True, "is_rocm_build": False, "is_tensorrt_build": False})
    """))
    (site / "tensorflow" / "libtensorflow_framework.so.2").write_bytes(
        elf_with(".nv_fatbin", fatbin([(2, 60), (2, 70), (2, 80), (2, 89), (2, 90), (1, 90)])))
    dist = site / f"tensorflow-{RC}.dist-info"
    dist.mkdir()
    requires = "".join(f"Requires-Dist: {line}\n" for line in RC_AND_CUDA)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: tensorflow\nVersion: {RC}\n{requires}\n")
    return str(venv / "bin" / "python")


@pytest.mark.posix
def test_three_key_build_info_still_gives_cuda_cudnn_and_arch_list(tmp_path):
    info = probe_tensorflow(RealHost(), _venv_with_three_key_tf(tmp_path), timeout=60)
    assert info.status == Status.OK, info.error
    assert "cuda_version" not in info.build_info
    assert (info.cuda_build_version, info.cudnn_build_version) == ("12.5", "9")
    assert info.arch_list == ["sm_60", "sm_70", "sm_80", "sm_89", "compute_90"]
    assert info.fact_sources["cuda"].startswith("TensorFlow's METADATA: Requires-Dist nvidia-cuda-runtime-cu12")
    assert info.fact_sources["arch_list"].startswith("fat binaries in libtensorflow_framework.so.2")


@pytest.mark.slow
def test_real_tf_221_facts_come_from_build_info():
    info = probe_tensorflow(RealHost(), sys.executable, timeout=120)
    assert info.arch_list == info.build_info["cuda_compute_capabilities"]
    assert info.fact_sources == {"cuda": "tf.sysconfig.get_build_info() cuda_version",
                                 "cudnn": "tf.sysconfig.get_build_info() cudnn_version",
                                 "arch_list": "tf.sysconfig.get_build_info() cuda_compute_capabilities"}


# -- the real 2.22.0rc0 wheel, installed from PyPI into its own venv (slow) --------------------------------

RC_VENV_ENV = "TFGPU_TF_RC_VENV"  # a venv that already has tensorflow==2.22.0rc0 (skips the install)


def _rc_venv() -> str:
    given = os.environ.get(RC_VENV_ENV)
    if given:
        return str(Path(given) / "bin" / "python")
    cache = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "tfgpu-tests" / f"tf-{RC}"
    python = cache / "bin" / "python"
    if not (cache / "ok").is_file():
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(cache)], check=True, timeout=120)
        out = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                              f"tensorflow=={RC}"], capture_output=True, text=True, timeout=900)
        if out.returncode != 0:
            pytest.fail(f"installing tensorflow=={RC} from PyPI failed:\n{out.stderr[-2000:]}")
        (cache / "ok").write_text(time.strftime("%Y-%m-%d"))
    return str(python)


@pytest.mark.slow
@pytest.mark.posix
def test_real_tf_222rc0_reports_cuda_cudnn_and_arch_list():
    info = probe_tensorflow(RealHost(), _rc_venv(), timeout=180)
    assert info.status == Status.OK, info.error
    assert info.version == "2.22.0-rc0" and info.distributions["tensorflow"] == RC  # tf.__version__ spells it so
    assert set(info.build_info) == {"is_cuda_build", "is_rocm_build", "is_tensorrt_build"}  # the three keys
    assert (info.cuda_build_version, info.cudnn_build_version) == ("12.5", "9")
    assert info.arch_list == ["sm_60", "sm_70", "sm_80", "sm_89", "compute_90"]  # no sm_100 / sm_120
    assert "libtensorflow_framework.so.2" in info.fact_sources["arch_list"]
    assert "nvidia-cuda-runtime-cu12" in info.fact_sources["cuda"]
