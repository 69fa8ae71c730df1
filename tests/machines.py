"""Described machines for the GUI tests: a FakeHost (real captures for NVML / nvidia-smi) and
Pythons that answer the discovery query and run the TF agent with a given result, as
core/agents/tf_probe.py prints it. The fixtures are in conftest.py."""

from __future__ import annotations

import json

from fakes.fake_host import FakeCommand, FakeHost
from fakes.fake_nvml import FakeNvml, nvml_from_query_csv, nvml_from_xml

WIN_PREFIX = "C:\\Users\\user\\AppData\\Local\\Programs\\Python\\Python311"
WIN_PY = WIN_PREFIX + "\\python.exe"
LINUX_PY = "/home/user/venv/bin/python"


def bare_windows_host(root) -> FakeHost:
    """A bare Windows 11 machine: C:\\Windows\\System32 exists, nothing NVIDIA."""
    host = FakeHost(
        root=root,
        system="Windows",
        env={
            "SystemRoot": "C:\\Windows",
            "ProgramFiles": "C:\\Program Files",
            "USERPROFILE": "C:\\Users\\user",
            "PATHEXT": ".COM;.EXE;.BAT;.CMD;.PY",
            "PATH": "C:\\Windows\\system32;C:\\Windows;C:\\Windows\\System32\\Wbem",
        },
    )
    host.mkdir("C:\\Windows\\System32")
    return host


def agent_stdout(python: dict, result: dict) -> str:
    """What core/agents/tf_probe.py prints (protocol 1): hello, stages, result, done."""
    events = [{"event": "hello", "agent": "tf_probe", "protocol": 1, "pid": 4242, "python": python}]
    events += [{"event": "stage", "name": n} for n in ("distributions", "import", "list_gpus")]
    events.append({"event": "result", "python": python, "errors": {}, "env": {"CUDA_VISIBLE_DEVICES": None}, **result})
    events.append({"event": "done"})
    return "".join(json.dumps(e) + "\r\n" for e in events)


def add_python(host: FakeHost, exe: str, prefix: str, version: str, tf_result: dict) -> None:
    """An interpreter that answers the discovery query and runs the TF agent with ``tf_result``."""
    windows = host.platform.is_windows
    host.write(exe, b"MZ" if windows else b"\x7fELF", executable=not windows)
    facts = {"version": version, "release_level": "final", "bits": 64, "implementation": "CPython",
             "executable": exe, "prefix": prefix, "base_prefix": prefix,
             "platform": "win32" if windows else "linux", "machine": "AMD64" if windows else "x86_64"}
    query = {"tfgpu_query": 1, "version": version, "release_level": "final", "bits": 64, "executable": exe,
             "prefix": prefix, "base_prefix": prefix, "implementation": "cpython", "conda": False,
             "pyvenv_cfg": False}

    def respond(argv) -> FakeCommand:
        if "-c" in argv:  # the discovery query
            return FakeCommand(stdout=(json.dumps(query) + "\r\n").encode())
        return FakeCommand(stdout=agent_stdout(facts, tf_result).encode())

    host.on(exe, respond)


def windows_tf215(windows_host: FakeHost) -> FakeHost:
    """Windows 11, RTX 2080 SUPER with driver 591.86 (a real capture), python.org 3.11 with the
    TF 2.15 wheel: a CPU-only tensorflow-intel build, as pip installs it on Windows after 2.10."""
    windows_host.nvml_module = nvml_from_query_csv(
        "windows-rtx2080super-591.86-query-gpu.csv", cuda_driver_version=13010, nvml_version="591.86"
    )
    windows_host.env["PATH"] = f"C:\\Windows\\system32;C:\\Windows;{WIN_PREFIX}\\Scripts\\;{WIN_PREFIX}\\"
    add_python(windows_host, WIN_PY, WIN_PREFIX, "3.11.9", {
        "status": "imported", "installed": True, "version": "2.15.0",
        "distributions": {"tensorflow": "2.15.0", "tensorflow-intel": "2.15.0"},
        "build_info": {"is_cuda_build": False, "msvcp_dll_names": "msvcp140.dll,msvcp140_1.dll"},
        "is_cuda_build": False, "gpus": [], "loaded_libraries": []})
    return windows_host


def healthy_linux(linux_host: FakeHost) -> FakeHost:
    """Ubuntu 22.04, RTX 4000 SFF Ada with driver 595.84 (a real capture), a venv whose TF 2.16.1
    CUDA build lists the GPU."""
    linux_host.nvml_module = nvml_from_xml("linux-rtx4000sffada-595.84-q-x.xml", compute_capability=(8, 9))
    linux_host.env["PATH"] = "/home/user/venv/bin:" + linux_host.env["PATH"]
    add_python(linux_host, LINUX_PY, "/home/user/venv", "3.11.9", {
        "status": "imported", "installed": True, "version": "2.16.1", "distributions": {"tensorflow": "2.16.1"},
        "build_info": {"is_cuda_build": True, "cuda_version": "12.3", "cudnn_version": "8"}, "is_cuda_build": True,
        "gpus": [{"name": "/physical_device:GPU:0", "device_type": "GPU",
                  "details": {"device_name": "NVIDIA RTX 4000 SFF Ada Generation", "compute_capability": [8, 9]}}],
        "loaded_libraries": []})
    return linux_host


def no_nvidia_gpu(linux_host: FakeHost) -> FakeHost:
    """Ubuntu with NVML answering but no NVIDIA GPU in the machine, and a CPU-only TensorFlow 2.21."""
    linux_host.nvml_module = FakeNvml(devices=[])
    linux_host.env["PATH"] = "/home/user/venv/bin:" + linux_host.env["PATH"]
    add_python(linux_host, LINUX_PY, "/home/user/venv", "3.12.3", {
        "status": "imported", "installed": True, "version": "2.21.0", "distributions": {"tensorflow": "2.21.0"},
        "build_info": {"is_cuda_build": False}, "is_cuda_build": False, "gpus": [], "loaded_libraries": []})
    return linux_host
