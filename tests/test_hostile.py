"""Hostile and careless input, as real processes: interpreters that hang, print garbage or leave a
``setsid`` grandchild behind; SIGTERM/SIGHUP in the middle of a scan, a benchmark, the monitor and the
app window (psutil checks that nothing survives); ``/dev/zero`` under a memory limit; closed and full
standard streams; JSON nested 100 000 deep; a corrupt benchmark history. Every case ends with a clear
message, a documented exit code and no traceback."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import psutil
import pytest

from tfgpu.core.cli.common import EXIT_IOERR, EXIT_SIGHUP, EXIT_SIGINT, EXIT_SIGTERM, EXIT_USAGE
from tfgpu.core.host import RealHost
from tfgpu.core.host.base import PlatformFacts
from tfgpu.core.monitor.csv_log import read_csv_log
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.pythons import probe_pythons

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals, /dev/zero, rlimits")

TESTS = Path(__file__).resolve().parent
CLI = [sys.executable, "-m", "tfgpu"]  # the composition root (tfgpu.entry): the commands and the window
DEEP = "[" * 100_000 + "]" * 100_000
ESC = "\x1b"


@pytest.fixture
def env(tmp_path) -> dict[str, str]:
    """The user's environment with a private log, data folder and HOME."""
    home = tmp_path / "home"
    home.mkdir()
    return {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "TFGPU_DATA_DIR": str(tmp_path / "data"),
            "HOME": str(home), "PYTHONPATH": str(TESTS)}


def script(path: Path, body: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return str(path)


def alive(processes: list[psutil.Process]) -> list[psutil.Process]:
    out = []
    for process in processes:
        try:
            if process.is_running() and process.status() != psutil.STATUS_ZOMBIE:
                out.append(process)
        except psutil.NoSuchProcess:
            continue
    return out


def signal_when(argv: list[str], sig: signal.Signals, ready: Callable[[list[psutil.Process]], bool], env: dict,
                *, timeout: float = 90, cwd: Path | None = None) -> tuple[subprocess.CompletedProcess, list[psutil.Process]]:
    """Start ``argv``, wait until ``ready(descendants)``, send ``sig``; the result and every descendant seen."""
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd)
    seen: dict[int, psutil.Process] = {}
    deadline = time.monotonic() + timeout
    try:
        while True:
            assert proc.poll() is None, f"ended before the signal: {proc.communicate()}"
            assert time.monotonic() < deadline, "never got ready"
            try:
                kids = psutil.Process(proc.pid).children(recursive=True)
            except psutil.NoSuchProcess:
                kids = []
            seen.update({k.pid: k for k in kids})
            if ready(kids):
                break
            time.sleep(0.05)
        proc.send_signal(sig)
        signalled = time.monotonic()
        out, err = proc.communicate(timeout=60)
        env["_took"] = f"{time.monotonic() - signalled:.2f}"
    finally:
        if proc.poll() is None:
            proc.kill()
    deadline = time.monotonic() + 0.5  # killed agents need a moment to be gone (a SIGPIPE later is no excuse)
    while alive(list(seen.values())) and time.monotonic() < deadline:
        time.sleep(0.05)
    return subprocess.CompletedProcess(argv, proc.returncode, out, err), alive(list(seen.values()))


def agent_running(name: str) -> Callable[[list[psutil.Process]], bool]:
    def ready(kids: list[psutil.Process]) -> bool:
        for kid in kids:
            try:
                if any(name in part for part in kid.cmdline()):
                    return True
            except psutil.Error:
                continue
        return False
    return ready


def clean(result: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout, result.stderr
    assert ESC not in result.stdout and ESC not in result.stderr


# -- interpreters that misbehave ------------------------------------------------------------


def host_for(tmp_path: Path) -> RealHost:
    facts = PlatformFacts(system="Linux", home=str(tmp_path), cwd=str(tmp_path))
    return RealHost(platform=facts, env={"PATH": "/nonexistent", "HOME": str(tmp_path)})


def test_hanging_garbage_and_deep_json_interpreters_become_states(tmp_path):
    hang = script(tmp_path / "a" / "python", "sleep 60")
    junk = script(tmp_path / "b" / "python", f"printf '{ESC}]0;pwned\\007{ESC}[2J\\377\\376garbage\\000\\n'")
    deep = script(tmp_path / "c" / "python", "printf '{\"tfgpu_query\": 1, \"x\": ' ; "
                  "python3 -c \"print('['*100000 + ']'*100000 + '}')\"")
    start = time.monotonic()
    info = probe_pythons(host_for(tmp_path), extra=[hang, junk, deep], timeout=2)
    assert time.monotonic() - start < 15
    states = {e.executable: (e.status, e.reason) for e in info.envs}
    assert states[hang] == (Status.ERROR, "timeout")
    assert states[junk] == (Status.ERROR, "not-python")
    assert states[deep] == (Status.ERROR, "not-python")  # one bad answer, never a crashed probe
    assert info.reason != "probe-crashed"


def test_a_setsid_grandchild_neither_holds_the_scan_up_nor_survives(tmp_path):
    marker = tmp_path / "grandchild.pid"
    python = script(tmp_path / "d" / "python", f"setsid sh -c 'echo $$ > {marker}; sleep 60' & sleep 0.3; "
                    f"exec {sys.executable} \"$@\"")
    start = time.monotonic()
    info = probe_pythons(host_for(tmp_path), extra=[python], timeout=10)
    took = time.monotonic() - start
    assert took < 2.5, f"held up {took:.1f} s by the grandchild's pipes"
    assert any(e.status is Status.OK for e in info.envs if "user" in e.sources)
    pid = int(marker.read_text())
    deadline = time.monotonic() + 2
    while psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not psutil.pid_exists(pid) or psutil.Process(pid).status() == psutil.STATUS_ZOMBIE


def test_escape_sequences_in_names_and_output_never_reach_the_terminal(tmp_path, env):
    evil = tmp_path / f"x{ESC}]0;owned{chr(7)}{ESC}[2J" / "python"
    script(evil, f"printf '{ESC}[31mnot python{ESC}[0m\\r\\n'")
    result = subprocess.run(CLI + ["scan", "--no-tf", "--python", str(evil)], capture_output=True, text=True, env=env,
                            timeout=120)
    assert result.returncode == 0
    clean(result)
    assert "not python" in result.stdout and "/x/python: error" in result.stdout  # shown, the controls taken out


# -- signals mid-command ---------------------------------------------------------------------


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, EXIT_SIGTERM), (signal.SIGHUP, EXIT_SIGHUP),
                                           (signal.SIGINT, EXIT_SIGINT)])
def test_a_signal_mid_scan_kills_the_agents_and_exits_with_its_code(sig, code, env):
    result, survivors = signal_when(CLI + ["scan"], sig, agent_running("tf_probe.py"), env)
    assert result.returncode == code and not survivors
    assert float(env["_took"]) < 3, "the scan did not stop promptly"  # short polls: never stuck behind a probe
    clean(result)


def test_sigterm_mid_doctor_too(env):
    result, survivors = signal_when(CLI + ["doctor"], signal.SIGTERM, agent_running("tf_probe.py"), env)
    assert result.returncode == EXIT_SIGTERM and not survivors
    clean(result)


def private_system_temp(env: dict, tmp_path: Path) -> tuple[dict, Path]:
    """The command's "system temp folder" is a folder of this test's own (other processes share /tmp)."""
    temp = tmp_path / "system-temp"
    temp.mkdir()
    return {**env, "TMPDIR": str(temp), "TMP": str(temp), "TEMP": str(temp)}, temp


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, EXIT_SIGTERM), (signal.SIGHUP, EXIT_SIGHUP)])
def test_a_signal_mid_bench_kills_the_agent_and_leaves_no_temp_files(sig, code, env, tmp_path):
    env, temp = private_system_temp(env, tmp_path)

    def ready(kids):  # the agent is past importing TF: it is timing
        return agent_running("bench.py")(kids) and any(k.cpu_times().user > 3 for k in alive(kids))

    result, survivors = signal_when(CLI + ["bench", "--quick", "--device", "cpu", "--python", sys.executable],
                                    sig, ready, env)
    assert result.returncode == code and not survivors, result.stderr
    clean(result)
    assert list(temp.iterdir()) == []  # the agent's private temp folder (autograph's files) is gone


def test_a_whole_bench_run_leaves_no_autograph_files_in_the_system_temp(env, tmp_path):
    env, temp = private_system_temp(env, tmp_path)
    result = subprocess.run(CLI + ["bench", "--quick", "--device", "cpu", "--suite", "train", "--python",
                                   sys.executable, "--no-save"], capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stderr
    assert list(temp.iterdir()) == []


NO_TF_HERE = textwrap.dedent("""
    import importlib.util, sys
    real = importlib.util.find_spec
    importlib.util.find_spec = lambda name, *a: None if name == "tensorflow" else real(name, *a)
    from tfgpu.core.cli import main
    sys.exit(main(["bench", "--quick"]))
""")


def test_sigterm_while_bench_looks_for_a_python_kills_that_scans_agents(env):
    result, survivors = signal_when([sys.executable, "-c", NO_TF_HERE], signal.SIGTERM, agent_running("tf_probe.py"), env)
    assert result.returncode == EXIT_SIGTERM and not survivors
    clean(result)


FOUR_GPUS = textwrap.dedent("""
    import dataclasses, sys, tempfile
    from pathlib import Path
    from fakes.fake_host import FakeHost
    from fakes.fake_nvml import FakeNvml, nvml_from_xml
    from tfgpu.core.cli import main, monitor
    from tfgpu.core.monitor.sampler import MonitorSampler

    one = nvml_from_xml("linux-rtx4000sffada-595.84-q-x.xml")
    devices = [dataclasses.replace(one.devices[0], uuid=f"GPU-{i}", pci_bus_id=f"00000000:0{i}:00.0") for i in range(4)]
    host = FakeHost(root=Path(tempfile.mkdtemp()), system="Linux")
    host.nvml_module = FakeNvml(devices, driver_version=one.driver_version, cuda_driver_version=one.cuda_driver_version)
    monitor.make_sampler = lambda interval_s, on_frame: MonitorSampler(host, interval_s=interval_s, on_frame=on_frame)
    sys.exit(main(["monitor", "--interval", "0.1", "--csv", sys.argv[1]]))
""")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_mid_monitor_writes_whole_samples_of_every_gpu(sig, tmp_path, env):
    csv_path = tmp_path / "log.csv"
    started = time.monotonic()
    wait = 0.6 + (hash(str(tmp_path)) % 7) / 10  # a different moment in the sampling cycle each time

    def ready(_kids):
        return time.monotonic() - started > wait and csv_path.exists() and csv_path.stat().st_size > 2000

    result, survivors = signal_when([sys.executable, "-c", FOUR_GPUS, str(csv_path)], sig, ready, env)
    assert result.returncode == 128 + sig and not survivors
    clean(result)
    rows = read_csv_log(csv_path)
    per_sample = Counter(r["Unix Time [s]"] for r in rows)
    assert per_sample and set(per_sample.values()) == {4}, per_sample  # all GPUs of a sample or none
    assert [r["GPU"] for r in rows] == [0, 1, 2, 3] * len(per_sample)
    assert csv_path.read_bytes().endswith(b"\r\n")
    summary = result.stdout.strip().splitlines()[-1]
    assert summary.startswith(f"Stopped by {sig.name}: ") and f"({len(rows)} rows)" in summary


GUI_ON_SYSTEM_PAGE = textwrap.dedent("""
    import sys
    from PySide6.QtCore import QTimer
    from tfgpu.gui import app
    from tfgpu.gui.window import main_window as wizard
    shown = wizard.MainWindow.show
    def show(self):
        shown(self)
        QTimer.singleShot(50, self.next)  # "Your system": the scan starts its agents
    wizard.MainWindow.show = show
    sys.exit(app.main([]))
""")


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, EXIT_SIGTERM), (signal.SIGHUP, EXIT_SIGHUP)])
def test_a_signal_to_the_app_window_mid_scan_kills_the_agents(sig, code, env):
    gui_env = {**env, "QT_QPA_PLATFORM": "offscreen"}
    result, survivors = signal_when([sys.executable, "-c", GUI_ON_SYSTEM_PAGE], sig, agent_running("tf_probe.py"), gui_env)
    assert result.returncode == code and not survivors
    assert "Traceback" not in result.stderr


# -- unbounded input -------------------------------------------------------------------------

LIMIT = 200 * 1024 * 1024  # address space: far below what reading /dev/zero whole would need


def limited():
    resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))


def test_dev_zero_is_read_with_bounded_memory(env):
    result = subprocess.run(CLI + ["explain", "/dev/zero"], capture_output=True, text=True, env=env, timeout=60,
                            preexec_fn=limited)
    assert result.returncode == 0 and "the input is not text" in result.stderr
    clean(result)


def test_an_endless_pipe_is_read_with_bounded_memory_and_stops(env):
    result = subprocess.run("yes 'progress 1/100' | " + " ".join(CLI) + " explain -", shell=True, capture_output=True,
                            text=True, env=env, timeout=120, preexec_fn=limited)
    assert result.returncode == 0 and "reading stopped at 512 MiB" in result.stderr
    clean(result)


# -- standard streams ------------------------------------------------------------------------


def run_with(argv: list[str], env: dict, **streams) -> subprocess.CompletedProcess:
    return subprocess.run(CLI + argv, env=env, timeout=120, text=True, **streams)


def test_closed_stdin_for_explain_is_a_usage_error(env):
    result = subprocess.run(" ".join(CLI) + " explain - <&-", shell=True, capture_output=True, text=True, env=env,
                            timeout=60)
    assert result.returncode == EXIT_USAGE and "standard input is closed" in result.stderr
    clean(result)


@pytest.mark.parametrize("command", [["scan", "--no-tf"], ["bench", "--list"], ["monitor", "--duration", "0.3"],
                                     ["--version"], ["explain", "-"]])
def test_closed_stdout_or_stderr_is_no_traceback(command, env, tmp_path):
    line = " ".join(CLI + command)
    for redirect in (">&-", "2>&-", ">&- 2>&-"):
        err = tmp_path / "err.txt"
        result = subprocess.run(f"{line} {redirect} </dev/null" + ("" if "2>" in redirect else f" 2>{err}"), shell=True,
                                env=env, timeout=120)
        assert result.returncode == 0, (command, redirect)
        assert not err.exists() or "Traceback" not in err.read_text()


@pytest.mark.parametrize("command", [["scan", "--no-tf"], ["bench", "--list"], ["monitor", "--duration", "0.3"]])
def test_a_full_stdout_is_one_line_and_exit_74(command, env):
    with open("/dev/full", "w") as full:
        result = run_with(command, env, stdout=full, stderr=subprocess.PIPE)
    assert result.returncode == EXIT_IOERR and "cannot write the output: No space left on device" in result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr


# -- nested JSON and a corrupt history ---------------------------------------------------------


def test_nested_json_in_doctor_scan_is_a_clear_message(tmp_path, env):
    deep = tmp_path / "deep.json"
    deep.write_text(DEEP)
    result = run_with(["doctor", "--scan", str(deep)], env, capture_output=True)
    assert result.returncode == EXIT_USAGE and "nested more than 64 levels deep" in result.stderr
    clean(result)


def test_a_wrongly_typed_saved_scan_is_refused_naming_the_field(tmp_path, env):
    scan = json.loads(run_with(["scan", "--no-tf", "--json"], env, capture_output=True).stdout)
    scan["driver"]["gpus"] = [{"index": "zero", "name": 5}]
    path = tmp_path / "scan.json"
    path.write_text(json.dumps(scan))
    result = run_with(["doctor", "--scan", str(path)], env, capture_output=True)
    assert result.returncode == EXIT_USAGE and "scan.driver.gpus[0].index" in result.stderr
    clean(result)


def corrupt_history(folder: Path) -> dict[str, str]:
    folder.mkdir(parents=True)
    good = {"run_id": "20261121-143005-aaaa", "created": "2026-11-21T14:30:05+00:00", "python": "/usr/bin/python3",
            "status": "completed", "tests": [{"id": "matmul/float32/n=1024/cpu", "suite": "matmul", "device": "cpu",
                                              "unit": "TFLOPS", "value": 0.5}]}
    files = {
        "20261121-143005-aaaa": json.dumps(good),
        "20261121-143006-bbbb": DEEP,
        "20261121-143007-cccc": "{ truncated",
        "20261121-143008-dddd": json.dumps({**good, "tests": [{**good["tests"][0], "value": "fast"}]}),
        "20261121-143009-eeee": json.dumps({**good, "tests": "none"}),
        "20261121-143010-ffff": json.dumps([1, 2, 3]),
        "20261121-143011-abab": json.dumps({**good, "tests": [{**good["tests"][0], "stats": {"median_s": "x"}}]}),
    }
    for run_id, text in files.items():
        (folder / f"{run_id}.json").write_text(text)
    (folder / "20261121-143012-cdcd.json").write_bytes(b"\xff\xfe\x00binary")
    (folder / "20261121-143013-efef.json").mkdir()  # a folder with a run's name
    return files


def test_a_corrupt_history_never_breaks_bench_list(tmp_path, env):
    corrupt_history(tmp_path / "data" / "bench")
    result = run_with(["bench", "--list"], env, capture_output=True)
    assert result.returncode == 0
    clean(result)
    lines = result.stdout.splitlines()
    assert sum("unreadable" in line for line in lines) == 8 and any("20261121-143005-aaaa  2026" in line for line in lines)
    assert any("nested more than 64 levels deep" in line for line in lines)
    assert any("tests[0].value: expected a number" in line for line in lines)


@pytest.mark.parametrize("run_id", ["20261121-143006-bbbb", "20261121-143008-dddd", "20261121-143011-abab", "../../etc/passwd"])
def test_compare_with_a_bad_run_is_refused_before_benchmarking(run_id, tmp_path, env):
    corrupt_history(tmp_path / "data" / "bench")
    start = time.monotonic()
    result = run_with(["bench", "--quick", "--compare", run_id], env, capture_output=True)
    assert result.returncode == EXIT_USAGE and time.monotonic() - start < 20
    clean(result)


def test_compare_latest_skips_the_unreadable_runs(tmp_path, env):
    corrupt_history(tmp_path / "data" / "bench")
    from tfgpu.core.bench.saved_runs import load_run

    assert load_run("latest", tmp_path / "data" / "bench").run_id == "20261121-143005-aaaa"


# -- options and files -------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [["scan", "--tf-timeout", "-1"], ["doctor", "--tf-timeout", "0"],
                                  ["scan", "--tf-timeout", "nan"], ["monitor", "--interval", "-0.5"],
                                  ["monitor", "--duration", "-3"], ["monitor", "--interval", "inf"],
                                  ["bench", "--max-elements", "-5"], ["gui", "--timeout", "-1"]])
def test_every_numeric_option_refuses_nonsense(argv, env):
    result = run_with(argv, env, capture_output=True)
    assert result.returncode == EXIT_USAGE and "error: argument --" in result.stderr
    clean(result)


def test_a_screenshot_into_a_folder_that_cannot_be_made_is_one_line(tmp_path, env):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run_with(["gui", "--screenshot", str(blocker / "sub" / "shot.png")], {**env, "QT_QPA_PLATFORM": "offscreen"},
                      capture_output=True)
    assert result.returncode == EXIT_USAGE and "cannot make the folder" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_crash_is_logged_to_a_private_file_and_shown_as_one_line(tmp_path, env):
    code = ("import sys, tfgpu.core.cli.scan as s\n"
            "s.run = lambda args: 1 / 0\n"
            "from tfgpu.core.cli import main\n"
            "sys.exit(main(['scan']))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert result.returncode == 70 and result.stderr.count("\n") == 1 and "ZeroDivisionError" in result.stderr
    log = next((tmp_path / "state").rglob("tfgpu.log"))
    assert "ZeroDivisionError" in log.read_text() and "Traceback" in log.read_text()
    assert log.stat().st_mode & 0o777 == 0o600 and log.parent.stat().st_mode & 0o777 == 0o700


def test_help_documents_every_exit_code(env):
    text = run_with(["--help"], env, capture_output=True).stdout
    for code in ("0", "1", "2", "70", "74", "129", "130", "143"):
        assert f"\n  {code} " in text or f"  {code}  " in text, code
    assert "129/130/143" in run_with(["bench", "--help"], env, capture_output=True).stdout


def test_a_grandchild_that_hides_its_token_still_cannot_hold_the_scan_up(tmp_path):
    pid_file = tmp_path / "pid"
    python = script(tmp_path / "e" / "python", f"env -u TFGPU_RUN_TOKEN setsid sh -c 'echo $$ > {pid_file}; "
                    f"exec sleep 60' & sleep 0.3; exec {sys.executable} \"$@\"")
    start = time.monotonic()
    try:
        probe_pythons(host_for(tmp_path), extra=[python], timeout=10)
        assert time.monotonic() - start < 2.5  # read for a short grace after the child's exit, then no longer
    finally:
        if pid_file.exists():
            try:
                psutil.Process(int(pid_file.read_text())).kill()  # this test's own leftover, by its pid
            except psutil.Error:
                pass


def test_doctor_scan_of_an_endless_file_is_refused_with_bounded_memory(env):
    result = subprocess.run(CLI + ["doctor", "--scan", "/dev/zero"], capture_output=True, text=True, env=env,
                            timeout=60, preexec_fn=limited)
    assert result.returncode == EXIT_USAGE and "not a saved scan" in result.stderr
    clean(result)


FOUR_GPUS_FULL_DISK = FOUR_GPUS.replace('main(["monitor", "--interval", "0.1", "--csv", sys.argv[1]])',
                                        'main(["monitor", "--interval", "0.1", "--duration", "2", "--csv", sys.argv[1]])')


def test_a_log_that_hits_a_size_limit_still_ends_with_a_whole_sample(tmp_path, env):
    csv_path = tmp_path / "log.csv"
    limit = 9000  # the header and a few four-GPU samples; the limit cuts one in the middle

    def small_files():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    result = subprocess.run([sys.executable, "-c", FOUR_GPUS_FULL_DISK, str(csv_path)], capture_output=True, text=True,
                            env=env, timeout=60, preexec_fn=small_files)
    assert result.returncode == 1 and "File too large" in result.stderr
    clean(result)
    data = csv_path.read_bytes()
    assert data.endswith(b"\r\n") and len(data) <= limit
    rows = read_csv_log(csv_path)
    assert rows and set(Counter(r["Unix Time [s]"] for r in rows).values()) == {4}


def test_the_windows_job_limits_have_the_layout_windows_expects():
    import ctypes

    from tfgpu.core.host.winjob import (
        JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE,
        ExtendedLimitInformation,
        kill_on_close_limits,
    )

    if ctypes.sizeof(ctypes.c_void_p) == 8:
        assert ctypes.sizeof(ExtendedLimitInformation) == 144  # JOBOBJECT_EXTENDED_LIMIT_INFORMATION, x64
    assert kill_on_close_limits().BasicLimitInformation.LimitFlags == JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE == 0x2000
