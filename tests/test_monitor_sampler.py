"""The monitor sampler against a fake NVML (real pynvml exception classes, values from
real ``nvidia-smi -q -x`` captures) and against this machine, where NVML is really absent.

Expected figures are the capture's own text (file and element named at each use).
"""

from __future__ import annotations

import threading
import time

import psutil
import pynvml
import pytest

from fakes.fake_nvml import FakeNvml, FakeProcess, nvml_from_xml
from tfgpu.core.monitor import sampler as sampler_module
from tfgpu.core.monitor.nvml_source import NvmlSource, decode_reasons, reason_table
from tfgpu.core.monitor.sampler import MonitorSampler, next_deadline
from tfgpu.core.monitor.samples import MIN_INTERVAL_S, GpuState, GpuStatus, MonitorFrame
from tfgpu.core.monitor.words import THROTTLE_REASON_WORDS, throttle_words

RTX4000 = "linux-rtx4000sffada-595.84-q-x.xml"  # Linux, DTD v13, r595: the "event reasons" API
RTX2080 = "windows-rtx2080-516.59-q-x.xml"  # Windows WDDM, DTD v11, r516: only "throttle reasons"
P100 = "linux-tesla-p100-510.47.03-q-x.xml"  # Linux, passive cooling (fan N/A), r510


def monitor_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("tfgpu-monitor")]


@pytest.fixture
def make_sampler():
    """Build samplers that are always closed, and check none leaves a thread behind."""
    made: list[MonitorSampler] = []

    def make(host=None, **kwargs) -> MonitorSampler:
        sampler = MonitorSampler(host, **kwargs)
        made.append(sampler)
        return sampler

    yield make
    for sampler in made:
        sampler.close()
    deadline = time.monotonic() + 2
    while monitor_threads() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not monitor_threads()


def machine(host, nvml) -> object:
    host.nvml_module = nvml
    return host


def wait_for(predicate, timeout: float = 3.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


def assert_host_figures(frame: MonitorFrame) -> None:
    host = frame.host
    assert host.ram_total_mib and host.ram_total_mib > 0
    assert host.ram_used_mib is not None and 0 < host.ram_used_mib <= host.ram_total_mib
    assert host.ram_percent is not None and 0 < host.ram_percent <= 100
    assert host.process_rss_mib and host.process_rss_mib > 1


# -- values from the captures ---------------------------------------------------------


def test_rtx4000_linux_figures_come_through(linux_host, make_sampler):
    sampler = make_sampler(machine(linux_host, nvml_from_xml(RTX4000)))
    frame = sampler.sample_once()
    assert (frame.gpu_status, frame.gpu_reason, frame.driver_version) == (GpuStatus.OK, None, "595.84")
    (gpu,) = frame.gpus
    assert (gpu.index, gpu.name, gpu.state) == (0, "NVIDIA RTX 4000 SFF Ada Generation", GpuState.OK)
    assert gpu.uuid == "GPU-37037c3f-65c8-ec4d-24a9-420204ad8026"
    assert (gpu.gpu_util_percent, gpu.mem_util_percent) == (0.0, 37.0)  # <gpu_util>0 %, <memory_util>37 %
    assert (gpu.mem_used_mib, gpu.mem_total_mib) == (3534.0, 20475.0)  # fb_memory_usage
    assert gpu.mem_used_percent == pytest.approx(100 * 3534 / 20475)
    assert (gpu.temperature_c, gpu.fan_percent, gpu.pstate) == (38.0, 30.0, 8)
    assert gpu.power_w == pytest.approx(8.81)  # <average_power_draw>8.81 W
    assert gpu.power_limit_w == pytest.approx(70.0)  # <current_power_limit>70.00 W
    assert (gpu.sm_clock_mhz, gpu.mem_clock_mhz) == (210.0, 405.0)
    assert gpu.throttle_reasons == ("gpu-idle",)  # clocks_event_reason_gpu_idle: Active
    assert gpu.pcie_tx_mib_s == pytest.approx(830 / 1024) and gpu.pcie_rx_mib_s == pytest.approx(439 / 1024)
    procs = {p.pid: (p.kind, p.used_memory_mib) for p in gpu.processes}
    assert procs == {
        1842: ("graphics", 410.0),
        3190: ("graphics", 451.0),
        4937: ("compute", 160.0),
        34626: ("compute+graphics", 183.0),
    }
    assert all(p.name is None for p in gpu.processes)  # psutil does not speak for a described machine
    assert gpu.processes_note is None
    assert dict(gpu.unavailable) == {}
    assert_host_figures(frame)


def test_rtx2080_under_wddm_has_processes_but_no_per_process_memory(windows_host, make_sampler):
    nvml = nvml_from_xml(RTX2080)
    sampler = make_sampler(machine(windows_host, nvml))
    for _ in range(5):
        frame = sampler.sample_once()
    (gpu,) = frame.gpus
    assert (gpu.name, gpu.mem_used_mib, gpu.mem_total_mib) == ("NVIDIA GeForce RTX 2080", 862.0, 8192.0)
    assert (gpu.gpu_util_percent, gpu.mem_util_percent, gpu.temperature_c, gpu.fan_percent) == (2.0, 7.0, 29.0, 37.0)
    assert (gpu.power_w, gpu.power_limit_w) == (pytest.approx(14.5), pytest.approx(275.0))
    assert gpu.pcie_rx_mib_s == pytest.approx(91000 / 1024)
    assert gpu.processes_note == "wddm"
    assert [(p.pid, p.kind) for p in gpu.processes] == [(7724, "compute+graphics"), (14296, "compute+graphics")]
    assert all(p.used_memory_mib is None for p in gpu.processes)  # "N/A", never 0
    # r516 has no ...ClocksEventReasons: asked once (FunctionNotFound), then the older name.
    assert gpu.throttle_reasons == ("gpu-idle",)
    assert nvml.count("nvmlDeviceGetCurrentClocksEventReasons") == 1
    assert nvml.count("nvmlDeviceGetCurrentClocksThrottleReasons") == 5
    assert nvml.count("nvmlDeviceGetDriverModel") == 1


def test_wddm_memory_is_none_even_when_nvml_gives_a_number(windows_host, make_sampler):
    nvml = nvml_from_xml(RTX2080)
    nvml.devices[0].processes = [FakeProcess(7724, "C+G", 123 * 1024 * 1024)]
    (gpu,) = make_sampler(machine(windows_host, nvml)).sample_once().gpus
    assert [(p.pid, p.used_memory_mib) for p in gpu.processes] == [(7724, None)]


def test_not_available_sentinel_of_older_bindings_is_none_not_a_huge_number(linux_host, make_sampler):
    nvml = nvml_from_xml(RTX4000, raw_sentinels=True)
    nvml.devices[0].processes = [FakeProcess(4937, "C", None), FakeProcess(1842, "G", 410 * 1024 * 1024)]
    (gpu,) = make_sampler(machine(linux_host, nvml)).sample_once().gpus
    assert [(p.pid, p.used_memory_mib) for p in gpu.processes] == [(1842, 410.0), (4937, None)]


def test_p100_passive_card_fan_is_none_with_a_reason_and_asked_once(linux_host, make_sampler):
    nvml = nvml_from_xml(P100)
    source = NvmlSource(machine(linux_host, nvml), ttl_s={"fan": 0.0})
    source.open()
    try:
        for _ in range(10):
            (gpu,) = source.read()
    finally:
        source.close()
    assert gpu.name == "Tesla P100-PCIE-16GB"
    assert gpu.fan_percent is None and gpu.unavailable["fan_percent"] == "Not Supported"  # <fan_speed>N/A
    assert nvml.count("nvmlDeviceGetFanSpeed") == 1
    assert (gpu.pstate, gpu.temperature_c, gpu.mem_used_mib, gpu.mem_total_mib) == (0, 38.0, 0.0, 16384.0)
    assert (gpu.power_w, gpu.power_limit_w) == (pytest.approx(26.16), pytest.approx(250.0))
    assert (gpu.sm_clock_mhz, gpu.mem_clock_mhz) == (405.0, 715.0)
    assert gpu.processes == ()  # an empty list is a known "none", not "unknown"
    assert set(gpu.unavailable) == {"fan_percent"}


def test_every_unsupported_metric_is_none_with_a_reason(linux_host, make_sampler):
    nvml = FakeNvml(nvml_from_xml(RTX4000).devices, driver_version="595.84")
    device = nvml.devices[0]
    device.gpu_util = device.temperature_c = device.power_usage_mw = device.sm_clock_mhz = None
    device.enforced_power_limit_mw = device.clocks_event_reasons = device.pcie_tx_kb_s = device.processes = None
    nvml.hidden = {"nvmlDeviceGetPerformanceState"}
    sampler = make_sampler(machine(linux_host, nvml))
    for _ in range(3):
        (gpu,) = sampler.sample_once().gpus
    for name in ("gpu_util_percent", "mem_util_percent", "temperature_c", "power_w", "sm_clock_mhz",
                 "power_limit_w", "throttle_reasons", "pcie_tx_mib_s", "processes"):
        assert getattr(gpu, name) is None, name
        assert gpu.unavailable[name] == "Not Supported", name
    assert gpu.pstate is None and gpu.unavailable["pstate"] == "not in this NVML binding"
    assert (gpu.mem_used_mib, gpu.mem_clock_mhz, gpu.fan_percent) == (3534.0, 405.0, 30.0)  # the rest go on
    assert nvml.count("nvmlDeviceGetUtilizationRates") == 1
    assert nvml.count("nvmlDeviceGetPowerUsage") == 1


def test_odd_values_are_none_not_garbage(linux_host, make_sampler):
    nvml = nvml_from_xml(RTX4000)
    device = nvml.devices[0]
    device.gpu_util, device.power_usage_mw, device.pstate = 250, 2**32 - 1, 32  # 32: NVML_PSTATE_UNKNOWN
    (gpu,) = make_sampler(machine(linux_host, nvml)).sample_once().gpus
    assert (gpu.gpu_util_percent, gpu.power_w, gpu.pstate) == (None, None, None)
    assert gpu.unavailable["gpu_util_percent"] == "unexpected value 250"
    assert gpu.unavailable["pstate"] == "unknown"
    assert gpu.mem_util_percent == 37.0


def test_versioned_process_calls_when_the_plain_name_is_missing(linux_host, make_sampler):
    nvml = nvml_from_xml(RTX4000)
    nvml.hidden = {"nvmlDeviceGetComputeRunningProcesses"}  # not in this binding
    nvml.absent = {"nvmlDeviceGetGraphicsRunningProcesses", "nvmlDeviceGetGraphicsRunningProcesses_v3"}
    source = NvmlSource(machine(linux_host, nvml), ttl_s={"processes": 0.0})
    source.open()
    try:
        for _ in range(3):
            (gpu,) = source.read()
    finally:
        source.close()
    assert len(gpu.processes) == 4 and "processes" not in gpu.unavailable
    assert nvml.count("nvmlDeviceGetComputeRunningProcesses_v3") == 3
    assert nvml.count("nvmlDeviceGetGraphicsRunningProcesses") == 1  # FunctionNotFound once, then _v2
    assert nvml.count("nvmlDeviceGetGraphicsRunningProcesses_v2") == 3


def test_memory_used_is_nvidia_smis_without_reserved_and_v1_on_older_drivers(linux_host, make_sampler):
    nvml = nvml_from_xml(RTX4000)
    assert make_sampler(machine(linux_host, nvml)).sample_once().gpus[0].mem_used_mib == 3534.0  # <used>
    old = nvml_from_xml(RTX4000, absent={"nvmlDeviceGetMemoryInfo_v2"})
    sampler = make_sampler(machine(linux_host, old))
    for _ in range(3):
        gpu = sampler.sample_once().gpus[0]
    # v1 "used" is total - free, so it counts the <reserved> 460 MiB: 3534 + 460.
    assert (gpu.mem_used_mib, gpu.mem_total_mib) == (3994.0, 20475.0)
    assert "mem_used_mib" not in gpu.unavailable
    assert old.count("nvmlDeviceGetMemoryInfo") == 1 + 1 + 3  # v2 tried once, then v1 at open and per tick


def test_values_changed_between_ticks_show_up(linux_host, make_sampler):
    nvml = nvml_from_xml(RTX4000)
    sampler = make_sampler(machine(linux_host, nvml))
    assert sampler.sample_once().gpus[0].gpu_util_percent == 0.0
    device = nvml.devices[0]
    device.gpu_util, device.memory_used_bytes = 90, 8000 * 1024 * 1024
    device.clocks_event_reasons = pynvml.nvmlClocksEventReasonSwPowerCap | pynvml.nvmlClocksEventReasonHwThermalSlowdown
    gpu = sampler.sample_once().gpus[0]
    assert (gpu.gpu_util_percent, gpu.mem_used_mib) == (90.0, 8000.0)
    assert gpu.throttle_reasons == ("sw-power-cap", "hw-thermal")


# -- lost GPUs, transient errors --------------------------------------------------------


def two_gpus() -> FakeNvml:
    return FakeNvml(nvml_from_xml(RTX4000).devices + nvml_from_xml(P100).devices, driver_version="595.84")


def test_gpu_lost_mid_run_marks_that_gpu_and_the_rest_go_on(linux_host, make_sampler):
    nvml = two_gpus()
    frames: list[MonitorFrame] = []
    sampler = make_sampler(machine(linux_host, nvml), interval_s=0.1, on_frame=frames.append)
    sampler.start()
    assert wait_for(lambda: len(frames) >= 2)
    lost = nvml.devices[1]
    lost.errors["nvmlDeviceGetMemoryInfo"] = pynvml.NVML_ERROR_GPU_IS_LOST  # from the next tick on
    seen = len(frames)
    assert wait_for(lambda: len(frames) >= seen + 2)
    asked = len(lost.calls)
    nvml.devices[0].gpu_util = 55
    assert wait_for(lambda: len(frames) >= seen + 5)
    assert sampler.is_running()
    last = frames[-1]
    gpu0, gpu1 = last.gpus
    assert (gpu1.index, gpu1.name, gpu1.state) == (1, "Tesla P100-PCIE-16GB", GpuState.LOST)
    assert all(getattr(gpu1, f) is None for f in ("gpu_util_percent", "mem_used_mib", "temperature_c", "power_w",
                                                  "sm_clock_mhz", "processes", "throttle_reasons"))
    assert gpu1.unavailable["gpu"] == "NVMLError_GpuIsLost: GPU is lost"
    assert len(lost.calls) == asked  # never queried again
    assert (gpu0.state, gpu0.gpu_util_percent, gpu0.mem_used_mib) == (GpuState.OK, 55.0, 3534.0)
    assert last.gpu_status == GpuStatus.OK
    assert_host_figures(last)
    assert sampler.stop()


@pytest.mark.parametrize(
    ("code", "call"),
    [
        (pynvml.NVML_ERROR_UNKNOWN, "*"),  # every call: the GPU itself is gone
        (pynvml.NVML_ERROR_RESET_REQUIRED, "nvmlDeviceGetClockInfo"),
        (pynvml.NVML_ERROR_UNINITIALIZED, "*"),  # a driver reset under us
        (pynvml.NVML_ERROR_DRIVER_NOT_LOADED, "nvmlDeviceGetTemperature"),
        (pynvml.NVML_ERROR_GPU_IS_LOST, "nvmlDeviceGetComputeRunningProcesses"),
    ],
)
def test_lost_style_errors_on_any_call(linux_host, make_sampler, code, call):
    nvml = two_gpus()
    source = NvmlSource(machine(linux_host, nvml), ttl_s=dict.fromkeys(("temperature", "processes"), 0.0))
    source.open()
    try:
        assert [g.state for g in source.read()] == [GpuState.OK, GpuState.OK]
        nvml.devices[0].errors[call] = code
        for _ in range(3):
            gpu0, gpu1 = source.read()
    finally:
        source.close()
    assert (gpu0.state, gpu0.name, gpu0.power_w) == (GpuState.LOST, "NVIDIA RTX 4000 SFF Ada Generation", None)
    assert gpu0.unavailable["gpu"].startswith(type(pynvml.NVMLError(code)).__name__)
    assert gpu1.state == GpuState.OK and gpu1.power_w == pytest.approx(26.16)
    assert nvml.shutdown_count == 1


def test_an_unknown_error_from_one_sensor_of_a_healthy_gpu_is_not_lost(linux_host, make_sampler):
    # Healthy cards answer "Unknown Error" for one sensor now and then (fan, power).
    nvml = nvml_from_xml(RTX4000)
    sampler = make_sampler(machine(linux_host, nvml))
    device = nvml.devices[0]
    device.errors["nvmlDeviceGetPowerUsage"] = pynvml.NVML_ERROR_UNKNOWN
    gpu = sampler.sample_once().gpus[0]
    assert gpu.state == GpuState.OK and gpu.power_w is None
    assert gpu.unavailable["power_w"] == "Unknown Error"
    assert gpu.gpu_util_percent == 0.0 and gpu.mem_used_mib is not None
    del device.errors["nvmlDeviceGetPowerUsage"]
    gpu = sampler.sample_once().gpus[0]
    assert gpu.state == GpuState.OK and gpu.power_w is not None


def test_a_transient_error_is_none_for_that_tick_and_asked_again(linux_host, make_sampler):
    nvml = nvml_from_xml(RTX4000)
    sampler = make_sampler(machine(linux_host, nvml))
    device = nvml.devices[0]
    device.errors["nvmlDeviceGetPowerUsage"] = pynvml.NVML_ERROR_TIMEOUT
    gpu = sampler.sample_once().gpus[0]
    assert gpu.power_w is None and gpu.unavailable["power_w"] == "Timeout"
    assert gpu.state == GpuState.OK and gpu.gpu_util_percent == 0.0
    del device.errors["nvmlDeviceGetPowerUsage"]
    gpu = sampler.sample_once().gpus[0]
    assert gpu.power_w == pytest.approx(8.81) and "power_w" not in gpu.unavailable


def test_a_gpu_lost_before_the_monitor_started(linux_host, make_sampler):
    nvml = two_gpus()
    nvml.devices[0].errors["nvmlDeviceGetHandleByIndex"] = pynvml.NVML_ERROR_GPU_IS_LOST
    gpu0, gpu1 = make_sampler(machine(linux_host, nvml)).sample_once().gpus
    assert gpu0.state == GpuState.LOST and gpu0.unavailable["gpu"].startswith("NVMLError_GpuIsLost")
    assert gpu1.state == GpuState.OK and gpu1.power_w == pytest.approx(26.16)


# -- global state ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("code", "status", "words"),
    [
        (pynvml.NVML_ERROR_LIBRARY_NOT_FOUND, GpuStatus.NO_DRIVER, "NVML Shared Library Not Found"),
        (pynvml.NVML_ERROR_DRIVER_NOT_LOADED, GpuStatus.NO_DRIVER, "Driver Not Loaded"),
        (pynvml.NVML_ERROR_LIB_RM_VERSION_MISMATCH, GpuStatus.ERROR, "RM has detected an NVML/RM version mismatch"),
        (pynvml.NVML_ERROR_NO_PERMISSION, GpuStatus.ERROR, "Insufficient Permissions"),
    ],
)
def test_init_errors_give_a_status_with_nvml_words(linux_host, make_sampler, code, status, words):
    nvml = FakeNvml(init_error=code)
    sampler = make_sampler(machine(linux_host, nvml))
    frame = sampler.sample_once()
    assert (frame.gpu_status, frame.gpus) == (status, ())
    assert words in frame.gpu_reason
    assert (sampler.gpu_status, sampler.gpu_reason) == (status, frame.gpu_reason)
    assert_host_figures(frame)
    sampler.close()
    assert nvml.count("nvmlShutdown") == 0  # init never succeeded


def test_no_gpus_and_no_binding(linux_host, make_sampler):
    frame = make_sampler(machine(linux_host, FakeNvml([], driver_version="595.84"))).sample_once()
    assert (frame.gpu_status, frame.gpus, frame.driver_version) == (GpuStatus.NO_GPUS, (), "595.84")
    frame = make_sampler(machine(linux_host, None)).sample_once()
    assert frame.gpu_status == GpuStatus.ERROR and "nvidia-ml-py" in frame.gpu_reason
    assert_host_figures(frame)


def test_nvml_init_and_static_reads_once_shutdown_once(linux_host, make_sampler):
    nvml = two_gpus()
    sampler = make_sampler(machine(linux_host, nvml))
    for _ in range(50):
        frame = sampler.sample_once()
    assert sampler.frames == 50 and len(frame.gpus) == 2
    assert nvml.init_count == 1 and nvml.count("nvmlInit") == 1
    for name in ("nvmlDeviceGetCount", "nvmlSystemGetDriverVersion"):
        assert nvml.count(name) == 1, name
    for name in ("nvmlDeviceGetHandleByIndex", "nvmlDeviceGetName", "nvmlDeviceGetUUID"):
        assert nvml.count(name) == 2, name  # once per GPU
    assert nvml.count("nvmlDeviceGetUtilizationRates") == 100  # fast: every tick
    sampler.close()
    sampler.close()
    assert nvml.shutdown_count == 1


def test_slow_figures_are_kept_for_their_ttl(linux_host):
    nvml = nvml_from_xml(RTX4000)
    now = [100.0]
    source = NvmlSource(machine(linux_host, nvml), clock=lambda: now[0],
                        ttl_s={"temperature": 1.0, "pcie": 2.0, "processes": 3.0})
    source.open()
    device = nvml.devices[0]
    try:
        temps = []
        for step in range(13):  # 0.0 .. 3.0 s in 0.25 s steps
            now[0] = 100.0 + 0.25 * step
            if step == 1:
                device.temperature_c = 71
            temps.append(source.read()[0].temperature_c)
    finally:
        source.close()
    assert temps[:4] == [38.0] * 4 and temps[4:] == [71.0] * 9  # the new value after 1 s, not before
    assert nvml.count("nvmlDeviceGetTemperature") == 4  # at 0, 1, 2, 3 s
    assert nvml.count("nvmlDeviceGetPcieThroughput") == 2 * 2  # tx and rx at 0 and 2 s
    assert nvml.count("nvmlDeviceGetComputeRunningProcesses") == 2  # at 0 and 3 s
    assert nvml.count("nvmlDeviceGetUtilizationRates") == 13


# -- a hanging nvmlInit ------------------------------------------------------------------


class HangingNvml(FakeNvml):
    """nvmlInit blocks like a stuck driver until the test releases it, then succeeds."""

    def __init__(self, devices) -> None:
        super().__init__(devices, driver_version="595.84")
        self.release = threading.Event()

    def nvmlInit(self) -> None:
        self.release.wait(30)
        super().nvmlInit()


def test_hanging_init_keeps_host_frames_coming(linux_host, make_sampler):
    nvml = HangingNvml(nvml_from_xml(RTX4000).devices)
    frames: list[MonitorFrame] = []
    sampler = make_sampler(machine(linux_host, nvml), interval_s=0.1, on_frame=frames.append, nvml_patience_s=0.5)
    try:
        sampler.start()
        assert wait_for(lambda: len(frames) >= 10)
        statuses = [f.gpu_status for f in frames]
        assert statuses[0] == GpuStatus.STARTING
        assert statuses[-1] == GpuStatus.NOT_RESPONDING and "nvmlInit has not returned" in frames[-1].gpu_reason
        assert statuses.index(GpuStatus.NOT_RESPONDING) >= 2
        assert all(f.gpus == () for f in frames)
        assert_host_figures(frames[-1])
        nvml.release.set()
        assert wait_for(lambda: frames[-1].gpu_status == GpuStatus.OK)
        assert frames[-1].gpus[0].mem_used_mib == 3534.0
    finally:
        nvml.release.set()
    sampler.close()
    assert (nvml.init_count, nvml.shutdown_count) == (1, 1)


def test_closed_while_init_hangs_then_init_returns_is_shut_down(linux_host, make_sampler):
    nvml = HangingNvml(nvml_from_xml(RTX4000).devices)
    sampler = make_sampler(machine(linux_host, nvml), nvml_patience_s=0.2)
    assert sampler.sample_once().gpu_status == GpuStatus.STARTING
    started = time.monotonic()
    sampler.close()
    assert time.monotonic() - started < 1.5
    nvml.release.set()
    assert wait_for(lambda: nvml.shutdown_count == 1)
    assert nvml.init_count == 1


# -- this machine: NVML really absent ------------------------------------------------


def test_real_machine_without_nvml(make_sampler):
    sampler = make_sampler(interval_s=0.1)  # host=None: RealHost
    first = sampler.sample_once()
    if first.gpu_status == GpuStatus.OK:
        pytest.skip("this machine has a working NVIDIA driver")
    assert first.gpu_status == GpuStatus.NO_DRIVER, first.gpu_reason
    assert "library" in first.gpu_reason.lower() or "driver" in first.gpu_reason.lower()
    assert first.gpus == ()
    time.sleep(0.2)
    frame = sampler.sample_once()
    assert_host_figures(frame)
    host = frame.host
    assert isinstance(host.cpu_percent, float) and 0 <= host.cpu_percent <= 100
    assert len(host.per_cpu_percent) == psutil.cpu_count()
    assert all(0 <= p <= 100 for p in host.per_cpu_percent)
    assert host.process_cpu_percent is not None and host.process_cpu_percent >= 0
    assert abs(host.ram_total_mib - psutil.virtual_memory().total / 2**20) < 1


def test_process_names_come_from_psutil_on_the_real_host():
    import os

    from tfgpu.core.host import RealHost

    nvml = nvml_from_xml(RTX4000)
    nvml.devices[0].processes = [FakeProcess(os.getpid(), "C", 300 * 1024 * 1024), FakeProcess(2**22 + 7, "G", None)]
    host = RealHost()
    host.nvml = lambda: nvml  # this machine, with a fake driver
    source = NvmlSource(host)
    source.open()
    try:
        (gpu,) = source.read()
    finally:
        source.close()
    mine, gone = gpu.processes
    assert (mine.name, mine.kind, mine.used_memory_mib) == (psutil.Process().name(), "compute", 300.0)
    assert (gone.name, gone.used_memory_mib) == (None, None)  # no such pid here


# -- the thread ------------------------------------------------------------------------


def test_start_stop_promptly_and_no_thread_left(linux_host, make_sampler):
    got = threading.Event()
    sampler = make_sampler(machine(linux_host, nvml_from_xml(RTX4000)), interval_s=5.0,
                           on_frame=lambda _f: got.set())
    assert sampler.stop() is True  # before start
    sampler.start()
    sampler.start()  # idempotent
    assert len([t for t in threading.enumerate() if t.name == "tfgpu-monitor"]) == 1
    assert got.wait(3) and sampler.is_running()
    started = time.monotonic()
    assert sampler.stop() is True
    assert time.monotonic() - started < 1.0
    assert not sampler.is_running() and sampler.stop() is True
    assert not [t for t in threading.enumerate() if t.name == "tfgpu-monitor"]
    assert all(t.daemon for t in monitor_threads())
    frames = sampler.frames
    time.sleep(0.2)
    assert sampler.frames == frames


def test_interval_is_clamped_and_a_new_one_applies_at_once(linux_host, make_sampler):
    sampler = make_sampler(machine(linux_host, nvml_from_xml(RTX4000)), interval_s=0.0)
    assert sampler.interval_s == MIN_INTERVAL_S
    sampler.set_interval(0.01)
    assert sampler.interval_s == MIN_INTERVAL_S
    sampler.set_interval(float("nan"))
    assert sampler.interval_s == MIN_INTERVAL_S
    sampler.set_interval(5.0)
    assert sampler.interval_s == 5.0
    sampler.start()
    assert wait_for(lambda: sampler.frames >= 1)
    sampler.set_interval(0.1)  # not only after the 5 s wait
    assert wait_for(lambda: sampler.frames >= 4, timeout=2.0)


def test_on_frame_raising_does_not_stop_the_thread(linux_host, make_sampler, caplog):
    calls = []

    def bad(frame: MonitorFrame) -> None:
        calls.append(frame)
        raise RuntimeError("consumer bug")

    sampler = make_sampler(machine(linux_host, nvml_from_xml(RTX4000)), interval_s=0.1, on_frame=bad)
    sampler.start()
    assert wait_for(lambda: len(calls) >= 4)
    assert sampler.is_running()
    assert "on_frame" in caplog.text


def test_the_schedule_keeps_its_grid_and_skips_missed_ticks():
    assert next_deadline(10.0, 10.03, 0.5) == 10.5  # normal tick
    assert next_deadline(10.0, 11.7, 0.5) == 12.0  # stalled past 3 deadlines: the next one, no burst
    deadline = 0.0
    for _ in range(1000):
        deadline = next_deadline(deadline, deadline + 0.01, 0.1)
    assert deadline == pytest.approx(100.0)  # no drift from the tick's own duration


def test_a_stall_in_the_thread_is_not_caught_up_in_a_burst(linux_host, make_sampler):
    stamps: list[float] = []

    def slow_once(_frame: MonitorFrame) -> None:
        stamps.append(time.monotonic())
        if len(stamps) == 2:
            time.sleep(0.45)  # misses four 0.1 s ticks

    sampler = make_sampler(machine(linux_host, nvml_from_xml(RTX4000)), interval_s=0.1, on_frame=slow_once)
    sampler.start()
    assert wait_for(lambda: len(stamps) >= 5)
    sampler.stop()
    gaps = [b - a for a, b in zip(stamps[2:], stamps[3:])]
    assert stamps[2] - stamps[1] >= 0.45
    assert all(gap > 0.05 for gap in gaps), gaps  # no back-to-back catch-up ticks


# -- throttle reasons ------------------------------------------------------------------


def test_throttle_reason_bits_and_words():
    assert [bit for bit, _ in reason_table(pynvml)] == [bit for bit, _ in reason_table(None)]  # binding == nvml.h
    mask = pynvml.nvmlClocksEventReasonSwPowerCap | pynvml.nvmlClocksEventReasonGpuIdle | 0x400
    assert decode_reasons(mask) == ("gpu-idle", "sw-power-cap", "other")
    assert decode_reasons(0) == ()
    assert set(THROTTLE_REASON_WORDS) == {r for _, r in reason_table()} | {"other"}
    assert throttle_words(("sw-power-cap", "hw-thermal", "new-id")) == [
        "power cap", "hardware thermal slowdown", "new-id"]
    assert throttle_words(None) == []


def test_sampler_module_has_no_qt():
    import sys

    source = open(sampler_module.__file__, encoding="utf-8").read()
    assert "PySide6" not in source and "pyqtgraph" not in source
    assert "tfgpu.core.monitor.sampler" in sys.modules


def test_start_after_a_stop_that_timed_out_keeps_sampling(make_sampler):
    # A tick stuck past stop()'s patience (a hung NVML read, a stalled CSV disk) must not
    # leave the monitor dead after the next start().
    release = threading.Event()
    seen = []

    def on_frame(frame):
        seen.append(frame)
        if len(seen) == 1:
            release.wait(5)

    sampler = make_sampler(interval_s=0.1, on_frame=on_frame)
    sampler.start()
    assert wait_for(lambda: len(seen) == 1)
    assert sampler.stop(timeout=0.1) is False  # still stuck in on_frame
    sampler.start()
    release.set()
    assert wait_for(lambda: len(seen) >= 5, timeout=3)
    assert sampler.is_running()
    assert len([t for t in threading.enumerate() if t.name == "tfgpu-monitor"]) == 1


def test_cpu_after_a_restart_is_measured_from_the_restart(make_sampler):
    sampler = make_sampler(interval_s=0.1)
    sampler.start()
    assert wait_for(lambda: sampler.frames >= 2)
    assert sampler.stop()
    deadline = time.monotonic() + 0.3
    while time.monotonic() < deadline:  # a busy gap the next run must not report
        pass
    sampler.start()
    first = sampler.sample_once()  # at once after start: too short a window to mean anything
    assert first.host.cpu_percent is None
