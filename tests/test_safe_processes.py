"""Issue 24, processes, network and the monitor CSV: agents die with their parent and take their temp folder
with them (D20, a real SIGKILL of a real launcher), the loopback cluster job never sees a proxy (D7, the
environment a real child process gets), and both time columns of the monitor CSV come from one timestamp
(D23)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from datetime import datetime
from pathlib import Path

import psutil
import pytest

from tfgpu.core.cluster import smoke
from tfgpu.core.host import RealHost
from tfgpu.core.monitor.csv_log import HEADER, frame_rows
from tfgpu.core.monitor.samples import GpuStatus, HostSample, MonitorFrame

LAUNCHER = textwrap.dedent("""
    import sys
    from tfgpu.core.host import RealHost
    from tfgpu.core.host.agents import run_agent
    run_agent(RealHost(), sys.executable, sys.argv[1], sys.argv[2:], timeout=300)
""")


def _agent_of(parent: psutil.Process, name: str, seconds: float = 30) -> psutil.Process:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for child in parent.children(recursive=True):
            try:
                if any(name in part for part in child.cmdline()):
                    return child
            except psutil.Error:
                continue
        time.sleep(0.1)
    raise AssertionError(f"no {name} agent started")


@pytest.mark.skipif(sys.platform == "win32", reason="on Windows the launcher's job object ends the agents")
@pytest.mark.parametrize("agent, args", [
    ("tf_probe.py", []),
    ("bench.py", ["--suites", "matmul", "--device", "cpu", "--quick"]),
    ("cluster_worker.py", ["--index", "0", "--ports", "1,2", "--steps", "5"]),  # waits for a peer that never comes
    ("profile.py", ["--logdir", "/tmp/tfgpu-test-orphan-trace", "--",
                    str(Path(__file__).parent / "fixtures" / "profile" / "endless.py")]),  # the user's training
])
def test_D20_an_agent_dies_with_its_parent_and_removes_its_temp_folder(agent, args):
    launcher = subprocess.Popen([sys.executable, "-c", LAUNCHER, agent, *args])
    try:
        child = _agent_of(psutil.Process(launcher.pid), agent)
        temp = child.environ().get("TFGPU_AGENT_TEMP")
        assert temp and Path(temp).is_dir()
        time.sleep(1.0)  # the agent is running its job (TF's import)
        assert child.is_running() and child.status() != psutil.STATUS_ZOMBIE
        launcher.send_signal(signal.SIGKILL)
        launcher.wait(10)
        gone, alive = psutil.wait_procs([child], timeout=10)
        assert not alive, f"the {agent} agent outlived its parent"
        assert not Path(temp).exists()
    finally:
        if launcher.poll() is None:
            launcher.kill()
            launcher.wait()


def test_D7_the_loopback_job_never_sees_a_proxy(tmp_path, monkeypatch):
    """A real child process in place of Python: it records the environment the workers get."""
    fake_python = tmp_path / "python"
    fake_python.write_text(f'#!/bin/sh\nenv > "{tmp_path}/env.$$"\n')
    fake_python.chmod(0o755)
    for name, value in (("http_proxy", "http://proxy.example:3128"), ("HTTPS_PROXY", "http://proxy.example:3128"),
                        ("ALL_PROXY", "socks5://proxy.example:1080"), ("grpc_proxy", "http://proxy.example:1"),
                        ("NO_PROXY", "corp.example")):
        monkeypatch.setenv(name, value)
    smoke.run_smoke(str(fake_python), host=RealHost(), timeout=30)
    dumps = list(tmp_path.glob("env.*"))
    assert len(dumps) == smoke.WORKERS
    for dump in dumps:
        env = dict(line.split("=", 1) for line in dump.read_text().splitlines() if "=" in line)
        assert not [k for k in env if k.lower() in ("http_proxy", "https_proxy", "all_proxy", "grpc_proxy")]
        assert env["NO_PROXY"].split(",") == ["corp.example", "127.0.0.1", "localhost", "::1"]
        assert "127.0.0.1" in env["no_proxy"].split(",")


@pytest.mark.parametrize("stamp", [1_700_000_000.9996, 1_700_000_001.0004, 1_700_000_000.9995, 1_699_999_999.0005,
                                   1_700_000_000.1235])
def test_D23_both_time_columns_come_from_one_timestamp(stamp):
    host = HostSample(timestamp=stamp, cpu_percent=1.0, per_cpu_percent=(1.0,), ram_used_mib=1.0, ram_total_mib=2.0)
    row = dict(zip(HEADER, frame_rows(MonitorFrame(stamp, host, (), GpuStatus.NO_DRIVER))[0]))
    unix = float(row["Unix Time [s]"])
    assert datetime.fromisoformat(row["Date"]) == datetime.fromtimestamp(int(unix)).replace(
        microsecond=round((unix - int(unix)) * 1000) * 1000)
    assert unix <= stamp < unix + 0.001


def test_D23_frames_a_millisecond_apart_never_share_a_unix_time():
    stamps = [1_700_000_000.9996, 1_700_000_001.0006]
    values = []
    for stamp in stamps:
        host = HostSample(timestamp=stamp, cpu_percent=1.0, per_cpu_percent=(1.0,), ram_used_mib=1.0,
                          ram_total_mib=2.0)
        values.append(dict(zip(HEADER, frame_rows(MonitorFrame(stamp, host, (), GpuStatus.NO_DRIVER))[0]))
                      ["Unix Time [s]"])
    assert len(set(values)) == 2, values


def test_a_monitor_csv_log_to_a_fifo_nobody_reads_is_an_error_at_once(tmp_path):
    from tfgpu.core.monitor.csv_log import CsvLogError, CsvLogger

    fifo = tmp_path / "log.csv"
    os.mkfifo(fifo)
    started = time.monotonic()
    with pytest.raises(CsvLogError, match="nobody reads"):
        CsvLogger.open(fifo)
    assert time.monotonic() - started < 5 and stat.S_ISFIFO(os.lstat(fifo).st_mode)
