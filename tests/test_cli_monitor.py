"""``tfgpu monitor``: the real command, in-process and as a subprocess, on this driver-less machine,
plus scripted frames (a GPU that gets lost) through the same command."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from tfgpu.core.cli import main
from tfgpu.core.cli import monitor as cli_monitor
from tfgpu.core.monitor.csv_log import read_csv_log
from tfgpu.core.monitor.samples import (
    GpuProcess,
    GpuSample,
    GpuState,
    GpuStatus,
    HostSample,
    MonitorFrame,
)

pytestmark = pytest.mark.posix  # real bash/sh, POSIX paths or signals


GPU_COLUMNS = ("GPU Load [%]", "Memory Used [MiB]", "GPU Temperature [°C]", "Board Power Draw [W]",
               "GPU Clock [MHz]", "Performance State")


@pytest.fixture(autouse=True)
def quiet_logs(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))  # the CLI's log file, not the user's


# -- scripted frames through the real command ---------------------------------------------
class ScriptedSampler:
    """Hands its frames over at start(), as a real sampler's thread would one by one."""

    made: list[ScriptedSampler] = []

    def __init__(self, frames, on_frame) -> None:
        self.frames, self.on_frame, self.running = frames, on_frame, False
        ScriptedSampler.made.append(self)

    def start(self) -> None:
        self.running = True
        threading.Thread(target=lambda: [self.on_frame(f) for f in self.frames], daemon=True).start()

    def stop(self, timeout: float = 2.0) -> bool:
        self.running = False
        return True

    def close(self) -> None:
        self.running = False
        self.closed = True

    def is_running(self) -> bool:
        return self.running


def _host(t: float) -> HostSample:
    return HostSample(timestamp=t, cpu_percent=23.0, ram_used_mib=6451.2, ram_total_mib=15872.0, ram_percent=40.6)


def _gpu(index: int, t: float, state: str = GpuState.OK) -> GpuSample:
    return GpuSample(index=index, timestamp=t, name=f"NVIDIA GeForce RTX 30{index}0", state=state,
                     gpu_util_percent=97.0, mem_used_mib=5222.4, mem_total_mib=12288.0, temperature_c=71.0,
                     power_w=165.0, power_limit_w=170.0, sm_clock_mhz=1890.0, mem_clock_mhz=7501.0, pstate=2,
                     throttle_reasons=("sw-power-cap",))


@pytest.fixture
def scripted(monkeypatch):
    def use(frames):
        ScriptedSampler.made.clear()
        monkeypatch.setattr(cli_monitor, "make_sampler", lambda interval_s, on_frame: ScriptedSampler(frames, on_frame))
    return use


def test_status_line_once_per_change_and_a_lost_gpu_is_named(scripted, tmp_path, capsys) -> None:
    t = time.time()
    frames = [MonitorFrame(t, _host(t), (), GpuStatus.STARTING)]
    frames += [MonitorFrame(t + i, _host(t + i), (_gpu(0, t + i), _gpu(1, t + i)), GpuStatus.OK,
                            driver_version="551.86") for i in (1, 2)]
    frames += [MonitorFrame(t + i, _host(t + i), (_gpu(0, t + i), _gpu(1, t + i, GpuState.LOST)), GpuStatus.OK,
                            driver_version="551.86") for i in (3, 4)]
    scripted(frames)
    csv_path = tmp_path / "out.csv"
    assert main(["monitor", "--duration", "0.4", "--interval", "0.1", "--csv", str(csv_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out.count("GPU: NVML is still starting…") == 1
    ok_line = "GPU: NVML ok, driver 551.86: GPU0 NVIDIA GeForce RTX 3000, GPU1 NVIDIA GeForce RTX 3010"
    assert out.count(ok_line) == 2  # when the GPUs appear, and again with the loss
    assert out.count("GPU 1: lost (fell off the bus or driver reset); others go on") == 1
    lines = [line for line in out if "CPU 23%" in line]
    assert len(lines) == 5 and "| GPU n/a (starting)" in lines[0]
    assert "GPU0 util 97% mem 5.1/12.0 GiB 71°C power 165/170 W clk 1890/7501 MHz P2 power cap" in lines[1]
    assert lines[4].endswith("| GPU1 lost")
    assert out[-1].startswith("Done: 5 samples in 0.") and f"CSV: {csv_path} (9 rows)." in out[-1]
    rows = read_csv_log(csv_path)
    assert [r["GPU State"] for r in rows] == ["starting", "ok", "ok", "ok", "ok", "ok", "lost", "ok", "lost"]
    assert ScriptedSampler.made[0].closed


def test_json_mode_keeps_stdout_pure(scripted, capsys) -> None:
    t = time.time()
    scripted([MonitorFrame(t, _host(t), (), GpuStatus.NO_DRIVER, "NVML Shared Library Not Found"),
              MonitorFrame(t + 1, HostSample(t + 1), (), GpuStatus.NO_DRIVER, "NVML Shared Library Not Found")])
    assert main(["monitor", "--duration", "0.3", "--json"]) == 0
    captured = capsys.readouterr()
    docs = [json.loads(line) for line in captured.out.splitlines()]
    assert len(docs) == 2 and all(d["schema_version"] == "1.0" and d["gpu_status"] == "no-driver" for d in docs)
    assert docs[0]["host"]["cpu_percent"] == 23.0 and docs[1]["host"]["cpu_percent"] is None  # null, never 0
    assert "GPU: n/a (no NVIDIA driver: NVML Shared Library Not Found)" in captured.err
    assert "Done: 2 samples" in captured.err


def test_a_bad_interval_or_duration_is_a_usage_error(capsys) -> None:
    for argv, words in ((["--interval", "0.05"], "at least 0.1 seconds"), (["--interval", "nan"], "not a finite"),
                        (["--interval", "fast"], "not a number"), (["--duration", "0"], "more than 0")):
        with pytest.raises(SystemExit) as exit_info:
            main(["monitor", *argv])
        assert exit_info.value.code == 2
        assert words in capsys.readouterr().err


def test_a_csv_that_cannot_be_created_stops_before_sampling(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.setattr(cli_monitor, "make_sampler", lambda *a: pytest.fail("sampled anyway"))
    assert main(["monitor", "--duration", "1", "--csv", str(tmp_path / "no" / "out.csv")]) == 2
    err = capsys.readouterr().err
    assert "tfgpu monitor: error: cannot create the CSV log" in err and "No such file or directory" in err


# -- the real sampler on this driver-less machine -----------------------------------------
def test_real_json_lines_say_no_driver_with_host_figures(capsys) -> None:
    assert main(["monitor", "--duration", "1.2", "--interval", "0.1", "--json"]) == 0
    captured = capsys.readouterr()
    docs = [json.loads(line) for line in captured.out.splitlines()]
    assert len(docs) >= 5
    last = docs[-1]
    if last["gpu_status"] == "ok":  # a machine with a driver: real figures instead
        assert last["gpus"] and last["gpus"][0]["mem_total_mib"] > 0 and "GPU: NVML ok, driver" in captured.err
    else:  # here: no driver, and it says so
        assert last["gpu_status"] == "no-driver" and last["gpus"] == [] and last["gpu_reason"]
        assert {d["gpu_status"] for d in docs} <= {"starting", "no-driver"}
        assert "GPU: n/a (no NVIDIA driver: " in captured.err
    cpu = [d["host"]["cpu_percent"] for d in docs[1:]]
    assert all(isinstance(v, float) and 0 <= v <= 100 for v in cpu)
    assert last["host"]["ram_total_mib"] > 100 and "Traceback" not in captured.err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux /dev/full")
def test_real_csv_to_a_full_disk_warns_and_monitoring_goes_on(capsys) -> None:
    assert main(["monitor", "--duration", "0.6", "--interval", "0.1", "--csv", "/dev/full"]) == 1
    captured = capsys.readouterr()
    assert captured.err.count("No space left on device; monitoring goes on") == 1
    assert "Traceback" not in captured.err
    assert sum("CPU " in line for line in captured.out.splitlines()) >= 4  # it kept sampling
    assert "CSV log incomplete: CSV logging to /dev/full stopped before any row was saved" in captured.out


def _cli(*argv: str, **kwargs) -> subprocess.Popen:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONIOENCODING="utf-8")
    return subprocess.Popen([sys.executable, "-m", "tfgpu.core.cli", "monitor", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, encoding="utf-8", env=env, **kwargs)


def test_real_subprocess_logs_host_figures_and_gpu_na(tmp_path) -> None:
    csv_path = tmp_path / "out.csv"
    proc = _cli("--duration", "2", "--interval", "0.2", "--csv", str(csv_path))
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    rows = read_csv_log(csv_path)
    assert f"CSV: {csv_path} ({len(rows)} rows)" in out
    if rows[-1]["GPU State"] == "ok":  # a machine with a driver: one row per GPU per sample, with figures
        gpus = {r["GPU"] for r in rows if r["GPU State"] == "ok"}
        assert "GPU: NVML ok, driver" in out and rows[-1]["GPU Load [%]"] is not None
        assert rows[-1]["Memory Total [MiB]"] > 0 and 7 <= len(rows) / len(gpus) <= 12
    else:  # here: an honest line, the host figures, and N/A for every GPU column
        assert "GPU: n/a (no NVIDIA driver: " in out and 7 <= len(rows) <= 12  # ~10; slack for a busy machine
        assert rows[-1]["GPU"] == "none (no-driver)" and rows[-1]["Note"]
        assert all(r[c] is None for r in rows for c in GPU_COLUMNS)
    cpu = [r["CPU Load [%]"] for r in rows[1:]]
    assert all(v is not None and 0 <= v <= 100 for v in cpu) and rows[-1]["System Memory Total [MiB]"] > 100
    times = [r["Unix Time [s]"] for r in rows]
    assert times == sorted(times) and 1.2 <= times[-1] - times[0] <= 2.2


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signal")
def test_real_ctrl_c_stops_cleanly_with_the_csv_complete(tmp_path) -> None:
    csv_path = tmp_path / "out.csv"
    proc = _cli("--interval", "0.1", "--csv", str(csv_path))
    lines = []
    while sum("CPU " in line for line in lines) < 3:  # wait until it is really sampling
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        lines.append(line)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=10)
    assert proc.returncode == 0 and "Traceback" not in err and "KeyboardInterrupt" not in err
    summary = out.splitlines()[-1]
    assert summary.startswith("Stopped by Ctrl+C: ")
    rows = read_csv_log(csv_path)
    assert len(rows) >= 3 and f"({len(rows)} rows)" in summary
    assert csv_path.read_bytes().endswith(b"\r\n")  # the last row is whole


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_FSIZE + EFBIG is Linux behaviour")
def test_real_log_that_hits_a_size_limit_mid_run_keeps_its_rows(tmp_path) -> None:
    """A real write failure after rows have gone out: the file size limit makes write() fail with EFBIG."""
    import resource

    csv_path = tmp_path / "out.csv"
    limit = 2500  # the header and a few rows
    proc = _cli("--duration", "1.6", "--interval", "0.1", "--csv", str(csv_path),
                preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)))
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 1, err
    assert err.count("File too large; monitoring goes on") == 1 and "Traceback" not in err
    assert sum("CPU " in line for line in out.splitlines()) >= 9  # it kept sampling after the failure
    rows = read_csv_log(csv_path)  # the row cut by the limit is dropped
    assert 1 <= len(rows) and csv_path.stat().st_size <= limit
    saved = re.search(r"stopped after at least (\d+) rows?: File too large", err)
    assert saved and 1 <= int(saved[1]) <= len(rows)  # a lower bound: the failed flush got part-way


# -- the words for one frame --------------------------------------------------------------
def test_unknown_is_na_in_the_line_and_null_in_json_never_zero() -> None:
    from tfgpu.core.monitor.render import format_gpu_status, frame_line, frame_to_dict

    t = time.time()
    bare = GpuSample(index=0, timestamp=t, name="Tesla K80", gpu_util_percent=float("nan"), throttle_reasons=None,
                     processes=(GpuProcess(7, None, "compute", None),), processes_note="wddm")
    frame = MonitorFrame(t, HostSample(t), (bare, _gpu(1, t, GpuState.LOST)), GpuStatus.OK)
    line = frame_line(frame)
    assert "CPU n/a  RAM n/a  | GPU0 util n/a mem n/a temp n/a power n/a clk n/a pstate n/a throttle n/a" in line
    assert line.endswith("| GPU1 lost") and " 0%" not in line
    doc = json.loads(json.dumps(frame_to_dict(frame), allow_nan=False))
    gpu0, gpu1 = doc["gpus"]
    assert gpu0["gpu_util_percent"] is None and gpu0["throttle_reasons"] is None
    assert gpu0["processes"] == [{"pid": 7, "name": None, "kind": "compute", "used_memory_mib": None}]
    assert gpu1["state"] == "lost" and gpu1["gpu_util_percent"] is None and gpu1["processes"] is None
    assert doc["host"]["cpu_percent"] is None and doc["driver_version"] is None
    assert format_gpu_status(frame).splitlines() == [
        "GPU: NVML ok, driver n/a: GPU0 Tesla K80, GPU1 NVIDIA GeForce RTX 3010",
        "GPU 1: lost (fell off the bus or driver reset); others go on"]
    only = MonitorFrame(t, HostSample(t), (_gpu(1, t, GpuState.LOST),), GpuStatus.OK)
    assert format_gpu_status(only).endswith("no GPU left")
    assert format_gpu_status(MonitorFrame(t, HostSample(t), (), GpuStatus.NO_DRIVER)) == \
        "GPU: n/a (no NVIDIA driver: NVML gave no reason)"
    assert "(NVML 正在启动)" == format_gpu_status(MonitorFrame(t, HostSample(t)), {
        "GPU: NVML is still starting…": "(NVML 正在启动)"}.get)  # a GUI passes its translator
