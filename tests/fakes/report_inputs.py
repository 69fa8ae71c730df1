"""A Windows machine full of privacy canaries, for the report tests.

The user name ``zqcanary`` sits in USERPROFILE/HOME and in the paths of every scanned
environment, the toolkit and the benchmark's Python; the computer is ``DESKTOP-ZQ7HOST`` (and this
process's host name is patched to ``zq-canary-host``); the GPU's UUID comes from the fake NVML
(a real RTX 2080 capture with the canary UUID) and its serial from the raw ``nvidia-smi -q`` output;
``MY_API_TOKEN`` is set. The figures come from real captures: the driver probe reads the fake NVML
built from ``windows-rtx2080-516.59-q-x.xml``, the benchmark is the fake agent's RTX 3060 run.
"""

from __future__ import annotations

from pathlib import Path

from fakes import fake_scan as fs
from fakes.fake_bench_agent import make_fake_python
from fakes.fake_host import FakeCommand, FakeHost
from fakes.fake_monitor import frame, gpu
from fakes.fake_nvml import FIXTURES, nvml_from_xml
from tfgpu.core.probes.driver import probe_driver
from tfgpu.core.report.document import ReportInputs

USER = "zqcanary"
HOST = "DESKTOP-ZQ7HOST"
PROCESS_HOST = "zq-canary-host"
GPU_UUID = "GPU-0badc0de-1234-5678-9abc-def012345678"
SERIAL = "0324419073614"
TOKEN = "tok-zq-canary-123"
IP = "192.168.77.23"
MAC = "3c:52:82:0a:bc:de"
PROFILE = f"C:\\Users\\{USER}"
PYTHON = f"{PROFILE}\\AppData\\Local\\Programs\\Python\\Python310\\python.exe"
CONDA_PYTHON = f"{PROFILE}\\miniconda3\\envs\\tf\\python.exe"
#: What no redacted export may contain (compared without case).
CANARIES = (USER, HOST, PROCESS_HOST, "0badc0de", SERIAL, TOKEN, "MY_API_TOKEN", IP, MAC)
XML = "windows-rtx2080-516.59-q-x.xml"


def canary_env() -> dict[str, str]:
    return {
        "USERPROFILE": PROFILE, "USERNAME": USER, "HOME": f"/home/{USER}", "COMPUTERNAME": HOST,
        "SystemRoot": "C:\\Windows", "PATHEXT": ".COM;.EXE;.BAT;.CMD",
        "PATH": f"C:\\Windows\\system32;{PROFILE}\\AppData\\Local\\Programs\\Python\\Python310;"
                "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin",
        "CUDA_PATH": "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2",
        "TF_CPP_MIN_LOG_LEVEL": "0", "MY_API_TOKEN": TOKEN, "CUDA_API_KEY": TOKEN,
        "CONDA_PREFIX": f"{PROFILE}\\miniconda3\\envs\\tf",
    }


def canary_host(root: Path) -> FakeHost:
    nvml = nvml_from_xml(XML)
    nvml.devices[0].uuid = GPU_UUID
    host = FakeHost(root=root, system="Windows", env=canary_env(), home=PROFILE, nvml_module=nvml)
    raw = (FIXTURES / XML).read_text(encoding="utf-8").replace("<serial>N/A</serial>", f"<serial>{SERIAL}</serial>")
    host.on("nvidia-smi", FakeCommand(stdout=f"GPU 0: NVIDIA GeForce RTX 2080 (UUID: {GPU_UUID})\n"))
    host.on("nvidia-smi", FakeCommand(stdout=raw), args=["-q"])  # later rules win
    host.write("C:\\Windows\\System32\\nvidia-smi.exe", b"MZ")
    return host


def canary_scan(host: FakeHost):
    log = [f"2024-05-01 10:00:00.000001: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not "
           f"load dynamic library 'cudnn64_8.dll'; dlerror: cudnn64_8.dll not found; PATH={PROFILE}\\bin",
           f"I tensorflow/core/platform/cloud: connecting from {HOST} ({IP}, {MAC}) as {USER}@{PROCESS_HOST}"]
    tf = fs.tf_ok(PYTHON, "2.10.1", gpus=0, cuda="64_112", cudnn="64_8", missing=["cudnn64_8.dll"], log=log)
    tf.module_path = f"{PROFILE}\\AppData\\Local\\Programs\\Python\\Python310\\lib\\site-packages\\tensorflow\\__init__.py"
    conda_tf = fs.tf_import_failed(CONDA_PYTHON, f"ImportError: DLL load failed while importing _pywrap_tensorflow_internal "
                                                 f"(C:\\Users\\{USER}\\miniconda3\\envs\\tf\\lib)")
    return fs.scan(fs.os_info("windows", wsl_distros=[]), probe_driver(host),
                   toolkits=[fs.toolkit("11.2", "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2"),
                             fs.toolkit("12.4", f"{PROFILE}\\CUDA\\v12.4", on_path=False)],
                   envs=[fs.env(PYTHON, "3.10.11", tf, kind="system"), fs.env(CONDA_PYTHON, "3.10.13", conda_tf, kind="conda")])


def canary_bench(tmp_path: Path):
    """The fake agent's RTX 3060 run, as run_bench builds it, from the canary's Python."""
    from tfgpu.core.bench.runner import BenchOptions, run_bench
    from tfgpu.core.host import RealHost

    run = run_bench(make_fake_python(tmp_path, "gpu"), BenchOptions(), host=RealHost())
    run.python = PYTHON
    return run


def canary_monitor(minutes: float = 5.0) -> dict:
    from tfgpu.core.report.monitor_excerpt import from_frames

    frames = [frame(t=1_700_000_000.0 + i, cpu=20 + i % 30, ram=50.0, status="ok",
                    gpus=(gpu(0, 1_700_000_000.0 + i, util=float(i % 100), used_mib=4000.0 + i, uuid=GPU_UUID,
                              temperature_c=60.0 + i % 10, power_w=150.0),))
              for i in range(600)]
    return from_frames(frames, minutes)


def canary_inputs(tmp_path: Path, host: FakeHost | None = None, *, bench: bool = True) -> ReportInputs:
    host = host or canary_host(tmp_path / "machine")
    scan = canary_scan(host)
    from tfgpu.core.report.collect import raw_outputs

    raw = raw_outputs(host, scan)
    raw["logs/tfgpu.log"] = (f"2024-05-01 10:00:00 INFO tfgpu.core.scan: scanning on {PROCESS_HOST} as {USER}\n"
                             f"2024-05-01 10:00:01 INFO nvml: {GPU_UUID} serial {SERIAL}\n")
    return ReportInputs(scan=scan, bench=canary_bench(tmp_path) if bench else None, monitor=canary_monitor(),
                        env=dict(host.env), raw=raw, created_at="2024-05-01T10:00:00+00:00")


def save_canary_scan(folder: Path) -> Path:
    """The canary machine's scan as ``tfgpu scan --json`` would save it (unredacted)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "canary-scan.json"
    path.write_text(canary_scan(canary_host(folder / "machine")).to_json(), encoding="utf-8")
    return path
