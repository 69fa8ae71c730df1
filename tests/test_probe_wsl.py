"""Checking inside WSL 2 from Windows, through the injected host.

Only wsl.exe is fake. For one distro the fake does what wsl.exe does - strips ``-d NAME --cd ~ -e`` and
runs the rest - so the real inside script runs in real sh, real Pythons answer (a home folder holding the
checkout's venv with TF 2.21, a CUDA build that sees no GPU here), and the shipped TF agent runs in them.
The other distro answers with canned output in the script's format, as on a machine with an RTX 3060.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_probe_tensorflow import agent_stdout

from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.os_info import OsInfo, WslDistro
from tfgpu.core.probes.wsl import INSIDE_SCRIPT, WslDistroScan, parse_inside, probe_wsl, to_wsl_path
from tfgpu.core.scan import ScanOptions, run_scan

WSL_LIST = (  # wsl.exe --list --verbose on Windows 10 (UTF-16LE: it ignores WSL_UTF8)
    "  NAME                   STATE           VERSION\r\n"
    "* Ubuntu-22.04           Running         2\r\n"
    "  docker-desktop         Stopped         2\r\n"
    "  Legacy                 Stopped         1\r\n"
)
GPU_PYTHON = "/home/user/tf/bin/python"
GPU_QUERY = {"tfgpu_query": 1, "version": "3.10.12", "release_level": "final", "bits": 64,
             "executable": GPU_PYTHON, "prefix": "/home/user/tf", "base_prefix": "/usr", "implementation": "cpython",
             "conda": False, "pyvenv_cfg": True}
SYSTEM_QUERY = {**GPU_QUERY, "executable": "/usr/bin/python3", "prefix": "/usr", "pyvenv_cfg": False}
# What INSIDE_SCRIPT prints in Ubuntu 22.04 under WSL 2 with the Windows driver 546.33 (WSL's nvidia-smi).
GPU_DISTRO_OUTPUT = (
    "dxg 1\n"
    "smi_path /usr/lib/wsl/lib/nvidia-smi\n"
    "smi_rc 0\n"
    "smi_out NVIDIA GeForce RTX 3060, 546.33\n"
    "py /usr/bin/python3\n"
    f"answer {json.dumps(SYSTEM_QUERY)}\n"
    f"py {GPU_PYTHON}\n"
    f"answer {json.dumps(GPU_QUERY)}\n"
)
TF_WITH_GPU = {"status": "imported", "installed": True, "version": "2.17.0", "import_seconds": 3.1,
               "distributions": {"tensorflow": "2.17.0"}, "is_cuda_build": True,
               "build_info": {"cuda_version": "12.3", "cudnn_version": "8", "is_cuda_build": True},
               "gpus": [{"name": "/physical_device:GPU:0", "device_type": "GPU",
                         "details": {"device_name": "NVIDIA GeForce RTX 3060", "compute_capability": [8, 6]}}]}
LINUX_FACTS = {"version": "3.10.12", "release_level": "final", "bits": 64, "implementation": "CPython",
               "executable": GPU_PYTHON, "prefix": "/home/user/tf", "base_prefix": "/usr", "platform": "linux",
               "machine": "x86_64"}


def fake_wsl(host: FakeHost, distros: dict[str, object]) -> None:
    """wsl.exe: the list, and per distro a callable (argv after -e -> FakeCommand) or canned output."""
    host.write("C:\\Windows\\System32\\wsl.exe", b"MZ")

    def wsl(argv):
        if "--list" in argv:
            return FakeCommand(stdout=WSL_LIST.encode("utf-16-le"))
        inside = list(argv[argv.index("-e") + 1:])
        answer = distros[argv[argv.index("-d") + 1]]
        return answer(inside) if callable(answer) else answer

    host.on("wsl.exe", wsl)


def really_run(home: Path):
    def run(inside: list[str]) -> FakeCommand:
        env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
        done = subprocess.run(inside, capture_output=True, cwd=home, env=env, timeout=300)
        return FakeCommand(stdout=done.stdout, stderr=done.stderr, returncode=done.returncode)
    return run


def canned(inside: list[str]) -> FakeCommand:
    if inside[0] == "sh":
        return FakeCommand(stdout=GPU_DISTRO_OUTPUT.encode())
    python = inside[inside.index("PYTHONIOENCODING=utf-8") + 1]
    facts = {**LINUX_FACTS, "executable": python}
    return FakeCommand(stdout=agent_stdout(TF_WITH_GPU if python == GPU_PYTHON else {
        "status": "not-installed", "installed": False}, python=facts).encode())


@pytest.mark.slow
@pytest.mark.posix
def test_a_distro_is_really_scanned_and_its_tf_really_checked(windows_host: FakeHost, tmp_path: Path):
    home = tmp_path / "home"
    home.mkdir()
    (home / "tf").symlink_to(Path(sys.prefix))  # ~/tf: a venv with TensorFlow 2.21 (the checkout's)
    fake_wsl(windows_host, {"Ubuntu-22.04": really_run(home)})
    scan = run_scan(windows_host, ScanOptions(include_tf=True))
    (distro,) = scan.wsl.distros  # docker-desktop and the WSL 1 distro are not looked into
    assert distro.name == "Ubuntu-22.04" and distro.default
    assert distro.dev_dxg is os.path.exists("/dev/dxg") and distro.status is Status.OK
    venv = next(e for e in distro.envs if e.executable == f"{home}/tf/bin/python")
    assert venv.kind == "venv" and venv.version == "%d.%d.%d" % sys.version_info[:3]
    assert venv.tensorflow is not None and venv.tensorflow.installed and venv.tensorflow.version.startswith("2.")
    assert venv.tensorflow.gpu_count == 0  # a CUDA build, no GPU here
    calls = [c for c in windows_host.calls if c[0].lower().endswith("wsl.exe") and "-d" in c]
    assert all(c[1:6] == ("-d", "Ubuntu-22.04", "--cd", "~", "-e") for c in calls)
    diagnosis = diagnose(scan)
    wsl_verdicts = [v for v in diagnosis.envs if v.wsl_distro == "Ubuntu-22.04"]
    assert wsl_verdicts and all(v.label.startswith("WSL Ubuntu-22.04 · ") for v in wsl_verdicts)
    assert not any(v.gpu_ready for v in wsl_verdicts)


def test_after_the_wsl2_route_recheck_says_ready(windows_host: FakeHost):
    """Before: Windows alone, no TF that sees the GPU. After ~/tf with tensorflow[and-cuda]: ready."""
    fake_wsl(windows_host, {"Ubuntu-22.04": FakeCommand(stdout=b"dxg 1\nsmi_path /usr/lib/wsl/lib/nvidia-smi\n"
                                                         b"smi_rc 0\nsmi_out NVIDIA GeForce RTX 3060, 546.33\n")})
    before = diagnose(run_scan(windows_host, ScanOptions(include_tf=True)))
    assert not before.gpu_ready and not any(v.wsl_distro for v in before.envs)
    fake_wsl(windows_host, {"Ubuntu-22.04": canned})
    scan = run_scan(windows_host, ScanOptions(include_tf=True))
    (distro,) = scan.wsl.distros
    assert (distro.dev_dxg, distro.nvidia_smi_ok, distro.gpus) == (True, True, ["NVIDIA GeForce RTX 3060, 546.33"])
    after = diagnose(scan)
    ready = [v for v in after.envs if v.gpu_ready]
    assert [(v.wsl_distro, v.python, v.tf_version) for v in ready] == [("Ubuntu-22.04", GPU_PYTHON, "2.17.0")]
    assert after.gpu_ready and after.primary.id == "gpu-ok"
    assert after.recommendation is not None and after.recommendation.route == "ready"
    system = next(v for v in after.envs if v.python == "/usr/bin/python3")
    assert system.wsl_distro == "Ubuntu-22.04" and not system.gpu_ready  # its own verdict: no TF there


def test_without_dev_dxg_the_distros_verdict_says_wsl_cannot_see_the_gpu(windows_host: FakeHost):
    output = GPU_DISTRO_OUTPUT.replace("dxg 1", "dxg 0").replace("smi_rc 0", "smi_rc 9")
    fake_wsl(windows_host, {"Ubuntu-22.04": lambda inside: FakeCommand(stdout=output.encode()) if inside[0] == "sh"
                            else FakeCommand(stdout=agent_stdout({**TF_WITH_GPU, "gpus": []}).encode())})
    scan = run_scan(windows_host, ScanOptions(include_tf=True))
    (distro,) = scan.wsl.distros
    assert distro.dev_dxg is False and distro.nvidia_smi_ok is False and distro.gpus == []
    venv = next(v for v in diagnose(scan).envs if v.python == GPU_PYTHON)
    assert not venv.gpu_ready and venv.primary.id == "wsl-gpu-missing"


def test_a_distro_that_does_not_answer_in_time_is_an_error_not_a_hang(windows_host: FakeHost):
    fake_wsl(windows_host, {"Ubuntu-22.04": FakeCommand(hang=True)})
    info = probe_wsl(windows_host, OsInfo(system="Windows", wsl_distros=[WslDistro(name="Ubuntu-22.04", version=2)]),
                     timeout=1)
    (distro,) = info.distros
    assert distro.status is Status.ERROR and distro.reason == "wsl-command-failed"
    assert "wsl -d Ubuntu-22.04" in distro.hint and distro.envs == []


def test_utf16_error_from_wsl_exe_is_readable(windows_host: FakeHost):
    message = "There is no distribution with the supplied name.\r\nError code: Wsl/Service/WSL_E_DISTRO_NOT_FOUND\r\n"
    fake_wsl(windows_host, {"Gone": FakeCommand(stdout=message.encode("utf-16-le"), returncode=4294967295)})
    info = probe_wsl(windows_host, OsInfo(system="Windows", wsl_distros=[WslDistro(name="Gone", version=2)]))
    assert "WSL_E_DISTRO_NOT_FOUND" in info.distros[0].error


def test_not_windows_and_no_wsl2_distro():
    from fakes.fake_host import FakeHost as Host

    assert probe_wsl(Host(root=Path("/nonexistent"), system="Linux"), OsInfo()).reason == "not-windows"


@pytest.mark.posix
def test_the_inside_script_runs_in_dash_and_bash_alike(tmp_path: Path):
    from tfgpu.core.probes.pythons import QUERY_SCRIPT

    for shell in ("/bin/sh", "/bin/bash"):
        if not Path(shell).exists():
            continue
        out = subprocess.run([shell, "-c", INSIDE_SCRIPT, "sh", QUERY_SCRIPT], capture_output=True, text=True,
                             env={"HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}, timeout=60)
        assert out.returncode == 0, out.stderr
        scan = WslDistroScan(name="x")
        parse_inside(scan, out.stdout)
        assert scan.dev_dxg is os.path.exists("/dev/dxg")
        assert all(env.version for env in scan.envs if env.status is Status.OK)


def test_windows_paths_become_wsl_mount_paths():
    assert to_wsl_path("C:\\Users\\Zoë\\AppData\\tf_probe.py") == "/mnt/c/Users/Zoë/AppData/tf_probe.py"
    assert to_wsl_path("/already/linux") == "/already/linux"


def test_the_distros_show_in_scan_text_and_on_the_system_page(windows_host: FakeHost, qapp):
    from tfgpu.core.cli.scan_text import format_scan
    from tfgpu.gui.pages.system.scan_view import scan_to_text

    fake_wsl(windows_host, {"Ubuntu-22.04": canned})
    scan = run_scan(windows_host, ScanOptions(include_tf=True))
    text = format_scan(scan)
    assert "WSL Ubuntu-22.04" in text and "/dev/dxg present, NVIDIA GeForce RTX 3060, 546.33" in text
    assert f"* {GPU_PYTHON}: Python 3.10.12 64-bit, venv" in text
    page = scan_to_text(scan)
    assert "Inside WSL 2" in page and "Ubuntu-22.04" in page and GPU_PYTHON in page


def test_a_saved_scan_keeps_the_distros_for_doctor_scan(windows_host: FakeHost):
    """`tfgpu doctor --scan FILE` on a Windows user's saved scan judges the WSL Pythons too."""
    from tfgpu.core.scan import Scan

    fake_wsl(windows_host, {"Ubuntu-22.04": canned})
    saved = Scan.from_dict(json.loads(run_scan(windows_host, ScanOptions(include_tf=True)).to_json()))
    assert saved.wsl.distros[0].envs[1].tensorflow.gpu_count == 1
    assert diagnose(saved).gpu_ready
    old = json.loads(saved.to_json())
    del old["wsl"]  # saved before this probe existed
    assert Scan.from_dict(old).wsl.reason == "not-scanned"
