"""probe_driver: NVML first, nvidia-smi as the fallback, every failure told apart.

Machines are FakeHosts whose NVML is tests/fakes/fake_nvml.py (real pynvml
exception classes, values from real captures) and whose nvidia-smi answers with
real captured text (tests/fixtures/nvidia_smi/SOURCES.md). The first tests use
this machine's real NVML.
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import threading
import time

import pynvml
import pytest

from conftest import corpus_text
from fakes import fixture_bytes, fixture_text, query_gpu_responder
from fakes.fake_host import FakeCommand
from fakes.fake_nvml import FakeNvml, nvml_from_query_csv, nvml_from_xml
from tfgpu.core.host import RealHost
from tfgpu.core.probes.base import Status, to_jsonable
from tfgpu.core.probes.driver import (
    PROC_VERSION_FILE,
    REASONS,
    parse_proc_version,
    probe_driver,
)
from tfgpu.core.probes.nvml_gateway import cuda_version_text, read_nvml

WIN_CSV = "windows-rtx2080super-591.86-query-gpu.csv"
WIN_TABLE = "windows-rtx2080super-591.86-table.txt"
WIN_XML = "windows-rtx2080-516.59-q-x.xml"
P100_XML = "linux-tesla-p100-510.47.03-q-x.xml"
SYSTEM32_SMI = "C:\\Windows\\System32\\nvidia-smi.exe"
NVSMI_SMI = "C:\\Program Files\\NVIDIA Corporation\\NVSMI\\nvidia-smi.exe"
LINUX_SMI = "/usr/bin/nvidia-smi"
FAILED = 255  # nvidia-smi's exit status on failure; the probe reads the text, not this number


def win_rtx2080super() -> FakeNvml:
    """The Windows 11 / RTX 2080 SUPER / driver 591.86 machine of the nvidia_gpu_exporter
    capture: CUDA 13.1 and NVML 591.86 come from that capture's table and --version sections."""
    return nvml_from_query_csv(WIN_CSV, cuda_driver_version=13010, nvml_version="591.86")


def nvml_failing(code: int) -> FakeNvml:
    return FakeNvml(init_error=code)


def smi_machine(host, exe: str, *, csv=None, xml=None, table=None):
    """Install nvidia-smi at ``exe``; each answer is a FakeCommand or a responder."""
    if host.platform.is_windows:
        host.write(exe, b"MZ")
    else:
        host.write(exe, b"\x7fELF", executable=True)
    missing = FakeCommand(stdout="", returncode=FAILED)

    def respond(argv):
        if any(a.startswith("--query-gpu=") for a in argv):
            answer = csv
        elif "-q" in argv:
            answer = xml
        else:
            answer = table
        answer = answer if answer is not None else missing
        return answer(argv) if callable(answer) else answer

    host.on(exe, respond)
    return host


def failing(fixture: str) -> FakeCommand:
    """nvidia-smi printing a real failure message."""
    return FakeCommand(stdout=fixture_bytes(fixture), returncode=FAILED)


def smi_calls(host) -> list[tuple[str, ...]]:
    return [argv for argv in host.calls if "nvidia-smi" in argv[0]]


def evidence_text(info) -> str:
    return "\n".join(str(e) for e in info.evidence)


# ---------------------------------------------------------------------------
# This machine: no NVIDIA driver, the real pynvml really fails.


def _real_nvml_state() -> str:
    try:
        pynvml.nvmlInit()
    except pynvml.NVMLError_LibraryNotFound:
        return "library-not-found"
    except pynvml.NVMLError:
        return "other-error"
    pynvml.nvmlShutdown()
    return "ok"


def test_real_host_without_driver_is_nvml_library_not_found():
    if _real_nvml_state() != "library-not-found":
        pytest.skip("this machine has an NVIDIA driver library")
    info = probe_driver(RealHost())
    assert info.status is Status.MISSING
    assert info.reason == "nvml-library-not-found"
    assert info.nvml_failure.startswith("NVMLError_LibraryNotFound")  # raised by the real binding
    assert info.hint == REASONS["nvml-library-not-found"][1]
    assert info.gpus == [] and info.driver_version is None
    assert any(e.kind == "nvml" and e.source == "nvmlInit()" for e in info.evidence)
    json.dumps(to_jsonable(info))


def test_real_host_with_driver_reads_real_gpus():
    """Runs where a real NVIDIA driver is present (the GPU machine); skipped here."""
    if _real_nvml_state() != "ok":
        pytest.skip("no working NVIDIA driver on this machine")
    info = probe_driver(RealHost())
    assert info.status is Status.OK and info.source == "nvml", info.error
    assert re.fullmatch(r"\d+\.\d+(\.\d+)*", info.driver_version)
    assert re.fullmatch(r"\d+\.\d", info.cuda_driver_version)
    assert info.gpus
    for gpu in info.gpus:
        assert gpu.name and gpu.uuid.startswith(("GPU-", "MIG-"))
        assert re.fullmatch(r"\d+\.\d+", gpu.compute_capability)
        assert gpu.memory_total_mib > 0
        assert gpu.driver_model is None  # Linux
    smi = subprocess.run(
        ["nvidia-smi", "--query-gpu=uuid,memory.total,compute_cap,driver_version", "--format=csv,noheader,nounits"],
        capture_output=True, text=True, timeout=30,
    )
    if smi.returncode == 0:  # NVML and nvidia-smi agree on the same machine
        rows = {line.split(", ")[0]: line.split(", ") for line in smi.stdout.strip().splitlines()}
        for gpu in info.gpus:
            _, memory, cc, driver = rows[gpu.uuid]
            assert (gpu.memory_total_mib, gpu.compute_capability, info.driver_version) == (int(memory), cc, driver)


# ---------------------------------------------------------------------------
# NVML works.


def test_windows_nvml_ok_wddm_rtx(windows_host):
    nv = win_rtx2080super()
    windows_host.nvml_module = nv
    info = probe_driver(windows_host)
    assert (info.status, info.reason, info.source) == (Status.OK, None, "nvml")
    assert (info.driver_version, info.cuda_driver_version, info.nvml_version) == ("591.86", "13.1", "591.86")
    (gpu,) = info.gpus
    assert gpu.name == "NVIDIA GeForce RTX 2080 SUPER"
    assert gpu.uuid == "GPU-00000000-0000-0000-0000-000000000000"
    assert gpu.compute_capability == "7.5"
    assert gpu.memory_total_mib == 8192
    assert gpu.driver_model == "WDDM"
    assert gpu.pci_bus_id == "00000000:0C:00.0"
    assert gpu.power_limit_w == 250.0  # 250000 mW
    assert (gpu.max_graphics_clock_mhz, gpu.max_memory_clock_mhz) == (2145, 7751)
    assert gpu.source == "nvml" and gpu.unavailable == {}
    assert smi_calls(windows_host) == []  # NVML said it all
    assert nv.init_count == nv.shutdown_count == 1
    assert "nvml: nvmlSystemGetCudaDriverVersion() -> 13010" in evidence_text(info)
    assert "nvmlDeviceGetDriverModel(GPU 0) -> [0, 0]" in evidence_text(info)


def test_unsupported_attributes_are_none_not_zero_and_keep_the_gpu(windows_host):
    nv = win_rtx2080super()
    nv.devices[0].errors = {
        "nvmlDeviceGetEnforcedPowerLimit": pynvml.NVML_ERROR_NOT_SUPPORTED,
        "nvmlDeviceGetMaxClockInfo": pynvml.NVML_ERROR_NOT_SUPPORTED,
        "nvmlDeviceGetDriverModel": pynvml.NVML_ERROR_NOT_SUPPORTED,
        "nvmlDeviceGetCudaComputeCapability": pynvml.NVML_ERROR_FUNCTION_NOT_FOUND,
    }
    windows_host.nvml_module = nv
    info = probe_driver(windows_host)
    assert info.status is Status.OK
    (gpu,) = info.gpus
    assert gpu.power_limit_w is None and gpu.driver_model is None and gpu.compute_capability is None
    assert gpu.max_graphics_clock_mhz is None and gpu.max_memory_clock_mhz is None
    assert gpu.unavailable == {
        "power_limit_w": "Not Supported",
        "max_graphics_clock_mhz": "Not Supported",
        "max_memory_clock_mhz": "Not Supported",
        "driver_model": "Not Supported",
        "compute_capability": "Function Not Found",
    }
    assert (gpu.name, gpu.memory_total_mib, gpu.uuid) == ("NVIDIA GeForce RTX 2080 SUPER", 8192, nv.devices[0].uuid)
    assert to_jsonable(info)["gpus"][0]["power_limit_w"] is None


def test_linux_nvml_ok_never_asks_driver_model(linux_host):
    nv = nvml_from_xml(P100_XML, nvml_version=None)  # the capture does not say the NVML version
    linux_host.nvml_module = nv
    info = probe_driver(linux_host)
    assert info.status is Status.OK
    assert (info.driver_version, info.cuda_driver_version, info.nvml_version) == ("510.47.03", "11.6", None)
    (gpu,) = info.gpus
    assert (gpu.name, gpu.memory_total_mib, gpu.power_limit_w) == ("Tesla P100-PCIE-16GB", 16384, 250.0)
    assert (gpu.pci_bus_id, gpu.max_graphics_clock_mhz, gpu.max_memory_clock_mhz) == ("00000000:00:04.0", 1328, 715)
    assert gpu.driver_model is None and "nvmlDeviceGetDriverModel" not in nv.calls
    assert gpu.compute_capability is None and gpu.unavailable["compute_capability"] == "Not Supported"


def test_old_binding_bytes_strings_are_decoded(windows_host):
    nv = nvml_from_xml(WIN_XML, compute_capability=(7, 5), nvml_version="11.516.59", bytes_strings=True)
    windows_host.nvml_module = nv
    info = probe_driver(windows_host)
    (gpu,) = info.gpus
    assert info.driver_version == "516.59" and isinstance(info.driver_version, str)
    assert gpu.name == "NVIDIA GeForce RTX 2080" and gpu.uuid == "GPU-fbd55ed4-1eec-4423-0a47-ad594b4333e3"
    assert gpu.pci_bus_id == "00000000:0A:00.0"


def test_tcc_driver_model_is_named(windows_host):
    nv = win_rtx2080super()
    nv.devices[0].driver_model = pynvml.NVML_DRIVER_WDM  # NVML's name for TCC
    windows_host.nvml_module = nv
    assert probe_driver(windows_host).gpus[0].driver_model == "TCC"


def test_cuda_version_falls_back_to_v2_call(windows_host):
    nv = win_rtx2080super()
    nv.errors["nvmlSystemGetCudaDriverVersion"] = pynvml.NVML_ERROR_FUNCTION_NOT_FOUND
    windows_host.nvml_module = nv
    info = probe_driver(windows_host)
    assert info.cuda_driver_version == "13.1"
    assert "nvmlSystemGetCudaDriverVersion_v2" in nv.calls


def test_lost_gpu_is_listed_and_the_other_is_read(windows_host):
    nv = win_rtx2080super()
    lost = dataclasses.replace(nv.devices[0], errors={"nvmlDeviceGetHandleByIndex": pynvml.NVML_ERROR_GPU_IS_LOST})
    nv.devices.insert(0, lost)
    windows_host.nvml_module = nv
    info = probe_driver(windows_host)
    assert info.status is Status.OK and len(info.gpus) == 2
    assert info.gpus[0].name == "" and info.gpus[0].unavailable["handle"] == "GPU is lost"
    assert info.gpus[0].memory_total_mib is None
    assert info.gpus[1].name == "NVIDIA GeForce RTX 2080 SUPER" and info.gpus[1].index == 1


def test_no_device(windows_host):
    nv = FakeNvml([], driver_version="591.86", cuda_driver_version=13010, nvml_version="591.86")
    windows_host.nvml_module = nv
    info = probe_driver(windows_host)
    assert (info.status, info.reason) == (Status.MISSING, "no-device")
    assert info.driver_version == "591.86"  # the driver is there, the GPU is not
    assert info.hint == REASONS["no-device"][1]
    assert smi_calls(windows_host) == []


def test_nvml_always_shut_down_after_an_unexpected_error(windows_host):
    nv = win_rtx2080super()
    nv.errors["nvmlDeviceGetCount"] = pynvml.NVML_ERROR_UNKNOWN
    windows_host.nvml_module = nv
    report = read_nvml(windows_host)
    assert report.failure.reason == "nvml-error" and report.failure.call == "nvmlDeviceGetCount()"
    assert nv.init_count == nv.shutdown_count == 1


def test_failed_init_is_not_shut_down():
    nv = nvml_failing(pynvml.NVML_ERROR_DRIVER_NOT_LOADED)

    class Host:  # read_nvml needs only .nvml() and .platform
        platform = type("P", (), {"is_windows": False})()

        def nvml(self):
            return nv

    report = read_nvml(Host())
    assert report.failure.reason == "driver-not-loaded"
    assert report.failure.error_class == "NVMLError_DriverNotLoaded"
    assert nv.calls == ["nvmlInit"] and nv.shutdown_count == 0


@pytest.mark.parametrize(
    ("raw", "text"),
    # NVML_CUDA_DRIVER_VERSION_MAJOR(v) = v / 1000, MINOR(v) = (v % 1000) / 10
    [(12040, "12.4"), (13010, "13.1"), (11070, "11.7"), (9020, "9.2"), (12100, "12.10"), (0, None), ("x", None)],
)
def test_cuda_version_encoding(raw, text):
    assert cuda_version_text(raw) == text


# ---------------------------------------------------------------------------
# NVML fails, nvidia-smi answers.


def test_windows_nvml_missing_nvidia_smi_in_system32_csv(windows_host):
    windows_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
    windows_host.env["PATH"] = "C:\\Windows"  # found through SystemRoot, not PATH
    smi_machine(
        windows_host, SYSTEM32_SMI,
        csv=query_gpu_responder(WIN_CSV),
        table=FakeCommand(stdout=fixture_bytes(WIN_TABLE)),
    )
    info = probe_driver(windows_host, timeout=7)
    assert (info.status, info.reason, info.source) == (Status.OK, None, "nvidia-smi")
    assert info.nvidia_smi_path == SYSTEM32_SMI
    assert info.nvml_failure.startswith("NVMLError_LibraryNotFound")
    assert (info.driver_version, info.cuda_driver_version) == ("591.86", "13.1")  # CUDA from the table header
    (gpu,) = info.gpus
    assert (gpu.name, gpu.compute_capability, gpu.memory_total_mib) == ("NVIDIA GeForce RTX 2080 SUPER", "7.5", 8192)
    assert (gpu.driver_model, gpu.power_limit_w, gpu.max_memory_clock_mhz) == ("WDDM", 250.0, 7751)
    assert gpu.source == "nvidia-smi"
    calls = smi_calls(windows_host)
    assert calls[0][1].startswith("--query-gpu=") and calls[0][2] == "--format=csv,noheader,nounits"
    assert calls[-1] == (SYSTEM32_SMI,)  # then the plain table for "CUDA Version"
    assert not any("-q" in c for c in calls)  # nothing was missing that -q -x could add
    assert "nvidia-smi -> cuda_driver_version=13.1" in evidence_text(info)


def test_windows_old_driver_nvsmi_refuses_compute_cap(windows_host):
    windows_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
    smi_machine(
        windows_host, NVSMI_SMI,
        csv=query_gpu_responder(WIN_CSV, refuse=["compute_cap"]),
        table=FakeCommand(stdout=fixture_bytes(WIN_TABLE)),
    )
    info = probe_driver(windows_host)
    assert info.status is Status.OK and info.nvidia_smi_path == NVSMI_SMI
    (gpu,) = info.gpus
    assert gpu.compute_capability is None and gpu.memory_total_mib == 8192
    first, second = smi_calls(windows_host)[:2]
    assert "compute_cap" in first[1] and "compute_cap" not in second[1]
    assert 'Field "compute_cap" is not a valid field to query.' in evidence_text(info)


def test_garbled_csv_falls_back_to_xml(windows_host):
    windows_host.nvml_module = None  # the pynvml binding cannot even be imported
    header, row = fixture_text(WIN_CSV).splitlines()
    smi_machine(
        windows_host, SYSTEM32_SMI,
        csv=FakeCommand(stdout=row[:300]),  # a row cut short
        xml=FakeCommand(stdout=fixture_bytes(WIN_XML)),
    )
    info = probe_driver(windows_host)
    assert (info.status, info.source) == (Status.OK, "nvidia-smi")
    assert (info.driver_version, info.cuda_driver_version) == ("516.59", "11.7")  # both from -q -x
    (gpu,) = info.gpus
    assert (gpu.name, gpu.driver_model, gpu.power_limit_w) == ("NVIDIA GeForce RTX 2080", "WDDM", 275.0)
    assert len(smi_calls(windows_host)) == 2  # csv, -q -x; the XML had the CUDA version
    assert "import pynvml" in evidence_text(info)


# ---------------------------------------------------------------------------
# Both fail: the reasons told apart.


def test_linux_driver_not_loaded_048(linux_host):
    linux_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_DRIVER_NOT_LOADED)
    smi_machine(linux_host, LINUX_SMI, csv=failing("failed-couldnt-communicate-048.txt"))
    info = probe_driver(linux_host)
    assert (info.status, info.reason) == (Status.ERROR, "driver-not-loaded")
    assert "kernel" in info.hint
    assert "NVMLError_DriverNotLoaded" in info.error and "communicate with the NVIDIA driver" in info.error
    assert f"file: {PROC_VERSION_FILE} -> missing" in evidence_text(info)
    assert len(smi_calls(linux_host)) == 1  # a known failure message ends the questions


def test_linux_driver_not_loaded_045_no_nvidia_smi(linux_host):
    # 045: the TF log says the kernel driver is not running because this file is missing.
    assert f"{PROC_VERSION_FILE} does not exist" in corpus_text("045-cuinit-no-device-kernel-driver-not-running")
    linux_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_DRIVER_NOT_LOADED)
    info = probe_driver(linux_host)
    assert (info.status, info.reason) == (Status.ERROR, "driver-not-loaded")
    assert info.kernel_module_version is None
    assert f"file: {PROC_VERSION_FILE} -> missing: the NVIDIA kernel module is not loaded" in evidence_text(info)


def test_driver_not_loaded_said_only_by_nvidia_smi(linux_host):
    linux_host.nvml_module = None
    smi_machine(linux_host, LINUX_SMI, csv=failing("failed-couldnt-communicate-048.txt"))
    info = probe_driver(linux_host)
    assert info.reason == "driver-not-loaded"
    assert info.error.startswith("NVIDIA-SMI has failed")


def test_version_mismatch_after_driver_update(linux_host):
    linux_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIB_RM_VERSION_MISMATCH)
    linux_host.write(PROC_VERSION_FILE, fixture_bytes("proc-driver-nvidia-version-open-565.57.01.txt"))
    smi_machine(linux_host, LINUX_SMI, csv=failing("failed-version-mismatch.txt"))
    info = probe_driver(linux_host)
    assert (info.status, info.reason) == (Status.ERROR, "driver-library-mismatch")
    assert "Restart" in info.hint
    assert info.kernel_module_version == "565.57.01"  # the old module still loaded
    assert "NVML library version: 570.124" in info.error
    assert "Open Kernel Module for x86_64  565.57.01" in evidence_text(info)


def test_no_device_from_nvidia_smi(linux_host):
    linux_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
    smi_machine(linux_host, LINUX_SMI, csv=failing("failed-no-devices.txt"))
    info = probe_driver(linux_host)
    assert (info.status, info.reason) == (Status.MISSING, "no-device")


def test_hung_nvidia_smi(windows_host):
    windows_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
    hung = FakeCommand(hang=True)
    smi_machine(windows_host, SYSTEM32_SMI, csv=hung, xml=hung, table=hung)
    info = probe_driver(windows_host, timeout=3)
    assert (info.status, info.reason) == (Status.ERROR, "nvidia-smi-timeout")
    assert "timed out after 3.0 s" in info.error
    assert len(smi_calls(windows_host)) == 1  # no second wait on a hung driver


def test_garbled_csv_then_hung_xml_is_a_timeout(windows_host):
    windows_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
    smi_machine(windows_host, SYSTEM32_SMI, csv=FakeCommand(stdout=b"\xff\xfe junk"), xml=FakeCommand(hang=True))
    info = probe_driver(windows_host, timeout=4)
    assert (info.status, info.reason) == (Status.ERROR, "nvidia-smi-timeout")
    assert len(smi_calls(windows_host)) == 2  # csv, then -q -x which hung; no table after a hang


@pytest.mark.parametrize(
    "stdout",
    [
        b"",
        b"\xff\xfe\x00GARBAGE\x81\x82 not nvidia-smi at all\n",
        fixture_bytes(WIN_CSV)[:150],  # truncated header, no rows
    ],
    ids=["empty", "non-utf8-garbage", "truncated"],
)
def test_unreadable_output_is_nvidia_smi_failed_and_kept(windows_host, stdout):
    windows_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
    truncated_xml = fixture_bytes(WIN_XML)[:2000]
    smi_machine(
        windows_host, SYSTEM32_SMI,
        csv=FakeCommand(stdout=stdout), xml=FakeCommand(stdout=truncated_xml), table=FakeCommand(stdout=stdout),
    )
    info = probe_driver(windows_host)
    assert (info.status, info.reason) == (Status.ERROR, "nvidia-smi-failed")
    assert info.error
    if b"GARBAGE" in stdout:
        assert "GARBAGE" in info.error  # the raw text is kept for the person helping
    assert "unparseable -q -x output" in evidence_text(info)
    assert info.gpus == []


def test_chinese_windows_cp936_output(tmp_path):
    from fakes.fake_host import FakeHost

    host = FakeHost(root=tmp_path, system="Windows", encoding="cp936", env={"SystemRoot": "C:\\Windows", "PATH": ""})
    host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
    raw = fixture_text("failed-couldnt-communicate-048.txt").encode("cp936")  # not valid UTF-8
    smi_machine(host, SYSTEM32_SMI, csv=FakeCommand(stdout=raw, returncode=FAILED))
    info = probe_driver(host)
    assert info.reason == "driver-not-loaded"
    assert "couldn‘t communicate" in info.error  # decoded with the console code page


def test_no_driver_no_nvidia_smi(windows_host):
    windows_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
    info = probe_driver(windows_host)
    assert (info.status, info.reason) == (Status.MISSING, "nvml-library-not-found")
    assert windows_host.calls == []
    assert "C:\\Windows\\System32, C:\\Program Files\\NVIDIA Corporation\\NVSMI" in evidence_text(info)


def test_no_binding_no_nvidia_smi(linux_host):
    linux_host.nvml_module = None
    info = probe_driver(linux_host)
    assert (info.status, info.reason) == (Status.MISSING, "driver-not-found")


def test_nvidia_smi_vanished_between_lookup_and_run(windows_host):
    windows_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
    windows_host.write(SYSTEM32_SMI, b"MZ")  # present on disk, but run() answers "not found"
    info = probe_driver(windows_host)
    assert info.reason == "nvml-library-not-found"


def test_nvidia_smi_not_executable(linux_host):
    linux_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_LIBRARY_NOT_FOUND)
    smi_machine(linux_host, LINUX_SMI, csv=FakeCommand(error="permission denied"))
    info = probe_driver(linux_host)
    assert (info.status, info.reason) == (Status.ERROR, "no-permission")
    assert "permission denied" in info.error


def test_nvml_no_permission(linux_host):
    linux_host.nvml_module = nvml_failing(pynvml.NVML_ERROR_NO_PERMISSION)
    smi_machine(linux_host, LINUX_SMI, csv=failing("failed-insufficient-permissions.txt"))
    info = probe_driver(linux_host)
    assert (info.status, info.reason) == (Status.ERROR, "no-permission")
    assert "NVMLError_NoPermission" in info.error


def test_every_reason_has_a_distinct_hint_and_a_status():
    hints = [hint for _status, hint in REASONS.values()]
    assert len(set(hints)) == len(hints)
    assert REASONS["nvml-library-not-found"][0] is Status.MISSING
    assert REASONS["no-device"][0] is Status.MISSING
    errors = ("driver-not-loaded", "driver-library-mismatch", "no-permission", "nvidia-smi-failed", "nvidia-smi-timeout")
    for reason in errors:
        assert REASONS[reason][0] is Status.ERROR


# ---------------------------------------------------------------------------
# /proc/driver/nvidia/version.


@pytest.mark.parametrize(
    ("name", "version"),
    [
        ("proc-driver-nvidia-version-384.98.txt", "384.98"),
        ("proc-driver-nvidia-version-open-565.57.01.txt", "565.57.01"),
    ],
)
def test_proc_version_formats(name, version):
    assert parse_proc_version(fixture_text(name)) == version


@pytest.mark.parametrize("text", ["", "garbage", "NVRM version:", "GCC version:  gcc version 13.3.0"])
def test_proc_version_garbage(text):
    assert parse_proc_version(text) is None


class _HangingNvml(FakeNvml):
    """nvmlInit blocks like a stuck driver until the test releases it."""

    def __init__(self) -> None:
        super().__init__([])
        self.release = threading.Event()

    def nvmlInit(self) -> None:
        self.release.wait(30)
        raise pynvml.NVMLError(pynvml.NVML_ERROR_UNKNOWN)


def test_hung_nvml_times_out_and_falls_back_to_nvidia_smi(windows_host):
    windows_host.nvml_module = nvml = _HangingNvml()
    smi_machine(
        windows_host, SYSTEM32_SMI,
        csv=query_gpu_responder(WIN_CSV),
        table=FakeCommand(stdout=fixture_bytes(WIN_TABLE)),
    )
    started = time.monotonic()
    try:
        info = probe_driver(windows_host, timeout=0.5)
    finally:
        nvml.release.set()
    assert time.monotonic() - started < 3
    assert "did not answer within 0.5 s" in (info.nvml_failure or "")
    assert (info.status, info.source) == (Status.OK, "nvidia-smi")
    assert info.gpus and info.gpus[0].name == "NVIDIA GeForce RTX 2080 SUPER"


def test_hung_nvml_and_no_nvidia_smi_is_an_nvml_timeout(linux_host):
    linux_host.nvml_module = nvml = _HangingNvml()
    try:
        info = probe_driver(linux_host, timeout=0.3)
    finally:
        nvml.release.set()
    assert (info.status, info.reason) == (Status.ERROR, "nvml-timeout")
    assert "stuck" in (info.hint or "")
