"""``tfgpu report`` as a user runs it (a real process): the canaries stay out of every file, the
format follows the name, --no-redact brings the paths back, a monitor excerpt from a real sampling
run or a CSV log, clear errors; and ``--redact`` on ``scan --json`` / ``doctor --json``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import platformdirs
import pytest

from fakes.report_inputs import CANARIES, HOST, PROFILE, TOKEN, USER, canary_bench, save_canary_scan
from tfgpu.core.bench.saved_runs import save_run


@pytest.fixture(scope="module")
def machine(tmp_path_factory) -> dict:
    """A saved canary scan, a saved benchmark run from the canary's Python, a log with canaries,
    and an environment naming the canary user and computer."""
    base = tmp_path_factory.mktemp("cli-report")
    home = base / "home" / USER
    data = base / "data"
    save_run(canary_bench(base), data / "bench")
    env = dict(os.environ, HOME=str(home), USER=USER, USERNAME=USER, USERPROFILE=PROFILE, COMPUTERNAME=HOST,
               MY_API_TOKEN=TOKEN, TFGPU_DATA_DIR=str(data), XDG_STATE_HOME=str(base / "state"),
               PATH=f"{home}/.local/bin:{os.environ['PATH']}")
    log = Path(_log_dir(env)) / "tfgpu.log"
    log.parent.mkdir(parents=True)
    log.write_text(f"2024-05-01 INFO tfgpu: started by {USER} on {HOST}, profile {PROFILE}\n", encoding="utf-8")
    return {"scan": save_canary_scan(base / "input"), "env": env, "base": base}


def _log_dir(env: dict) -> str:
    saved = dict(os.environ)
    try:
        os.environ.update(env)
        return platformdirs.user_log_dir("tfgpu", appauthor=False)
    finally:
        os.environ.clear()
        os.environ.update(saved)


def tfgpu(machine: dict, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, "-m", "tfgpu.core.cli", *args], env=machine["env"], capture_output=True,
                            text=True, timeout=180)
    if check:
        assert result.returncode == 0, result.stderr
    return result


def _zip_texts(path: Path) -> dict[str, str]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name).decode("utf-8") for name in archive.namelist()}


def test_no_format_written_by_the_cli_holds_a_canary(machine, tmp_path):
    texts: dict[str, str] = {}
    for name in ("r.json", "r.md", "r.html", "r.txt", "r.zip"):
        result = tfgpu(machine, "report", "--scan", str(machine["scan"]), "-o", str(tmp_path / name))
        assert result.stdout.startswith(f"Wrote {tmp_path / name} (") and "Redacted: user x" in result.stdout
        if name.endswith(".zip"):
            texts.update({f"zip:{k}": v for k, v in _zip_texts(tmp_path / name).items()})
        else:
            texts[name] = (tmp_path / name).read_text(encoding="utf-8")
    assert "zip:logs/tfgpu.log" in texts and "zip:raw/bench-" in " ".join(texts)
    leaks = {(name, c) for name, text in texts.items() for c in CANARIES if c.lower() in text.lower()}
    assert not leaks
    assert json.loads(texts["r.json"])["bench"]["run"]["python"].startswith("C:\\Users\\[user]\\")


def test_no_redact_brings_the_paths_back(machine, tmp_path):
    result = tfgpu(machine, "report", "--scan", str(machine["scan"]), "--no-redact", "-o", str(tmp_path / "r.zip"))
    assert "Personal details are included" in result.stdout
    texts = _zip_texts(tmp_path / "r.zip")
    assert PROFILE in json.loads(texts["report.json"])["summary"]["environments"][0]["python"]
    assert USER in texts["logs/tfgpu.log"] and HOST in texts["logs/tfgpu.log"]
    assert not any(TOKEN in text for text in texts.values())


def test_format_option_stdout_and_usage_errors(machine, tmp_path):
    tfgpu(machine, "report", "--scan", str(machine["scan"]), "--format", "md", "-o", str(tmp_path / "report.out"))
    assert (tmp_path / "report.out").read_text(encoding="utf-8").startswith("# tfgpu diagnostics report")
    printed = tfgpu(machine, "report", "--scan", str(machine["scan"]), "--format", "json", "-o", "-")
    assert json.loads(printed.stdout)["kind"] == "tfgpu.report" and "Wrote stdout" in printed.stderr
    for args, words in ((["-o", str(tmp_path / "r.pdf")], "cannot tell the format"),
                        (["-o", "-"], "give --format"),
                        (["-o", "-", "--format", "zip"], "a zip is not printed")):
        bad = tfgpu(machine, "report", "--scan", str(machine["scan"]), *args, check=False)
        assert bad.returncode == 2 and words in bad.stderr
    missing = tfgpu(machine, "report", "--scan", str(tmp_path / "nope.json"), "-o", str(tmp_path / "r.md"), check=False)
    assert missing.returncode == 2 and "cannot read" in missing.stderr and not (tmp_path / "r.md").exists()


def test_write_errors_exit_1_with_words_and_no_file(machine, tmp_path):
    bad = tfgpu(machine, "report", "--scan", str(machine["scan"]), "-o", str(tmp_path / "no" / "r.md"), check=False)
    assert bad.returncode == 1 and "does not exist" in bad.stderr and bad.stdout == ""
    unicode_target = tmp_path / "报告 😀" / "诊断.html"
    unicode_target.parent.mkdir()
    tfgpu(machine, "report", "--scan", str(machine["scan"]), "-o", str(unicode_target))
    assert unicode_target.read_bytes().startswith(b"<!DOCTYPE html>")


def test_full_disk_through_a_size_limit(machine, tmp_path):
    import resource
    import signal

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (30_000, 30_000))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    target = tmp_path / "r.zip"
    result = subprocess.run([sys.executable, "-m", "tfgpu.core.cli", "report", "--scan", str(machine["scan"]),
                             "-o", str(target)], env=machine["env"], capture_output=True, text=True, timeout=180,
                            preexec_fn=limit)
    assert result.returncode == 1 and "larger than this system allows" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_monitor_excerpt_from_a_real_sampling_run_and_from_a_csv_log(machine, tmp_path):
    from fakes.fake_monitor import frame, gpu
    from tfgpu.core.monitor.csv_log import CsvLogger

    sampled = tfgpu(machine, "report", "--scan", str(machine["scan"]), "--no-bench", "--monitor-minutes", "0.05",
                    "-o", str(tmp_path / "sampled.json"))
    assert sampled.returncode == 0
    monitor = json.loads((tmp_path / "sampled.json").read_text(encoding="utf-8"))["monitor"]
    assert monitor["source"] == "sampled" and monitor["samples"] >= 2 and monitor["gpu_status"] == "no-driver"
    assert {m["metric"] for m in monitor["metrics"]} >= {"cpu_percent", "ram_percent"}  # real psutil figures
    assert json.loads((tmp_path / "sampled.json").read_text())["bench"]["note"] == "left out (--no-bench)"

    log = CsvLogger.open(str(tmp_path / "log.csv"))
    for i in range(120):
        log.write(frame(t=1_700_000_000.0 + i, cpu=10.0, status="ok",
                        gpus=(gpu(0, 1_700_000_000.0 + i, util=float(i), used_mib=1000.0),)))
    log.close()
    tfgpu(machine, "report", "--scan", str(machine["scan"]), "--monitor-csv", str(tmp_path / "log.csv"),
          "--monitor-minutes", "1", "-o", str(tmp_path / "csv.json"))
    monitor = json.loads((tmp_path / "csv.json").read_text(encoding="utf-8"))["monitor"]
    util = next(m for m in monitor["metrics"] if m["metric"] == "gpu_util_percent")
    assert monitor["source"] == "csv" and monitor["samples"] == 61 and (util["min"], util["max"]) == (59.0, 119.0)


def test_scan_and_doctor_redact(machine, tmp_path):
    """--redact on the JSON the README tells users to attach; without it, nothing changes."""
    venv = tmp_path / "home" / USER / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    folder = venv / "bin"
    plain = tfgpu(machine, "scan", "--json", "--no-tf", "--python", str(folder / "python"))
    assert USER in plain.stdout
    redacted = tfgpu(machine, "scan", "--json", "--no-tf", "--redact", "--python", str(folder / "python"))
    assert USER not in redacted.stdout and json.loads(redacted.stdout)["schema_version"]
    doctor = tfgpu(machine, "doctor", "--json", "--redact", "--scan", str(machine["scan"]))
    assert not [c for c in CANARIES if c.lower() in doctor.stdout.lower()]
    assert json.loads(doctor.stdout)["scan"]["driver"]["gpus"][0]["uuid"] == "[gpu-uuid]"
    text = tfgpu(machine, "doctor", "--redact", "--scan", str(machine["scan"]))
    assert USER not in text.stdout and "[user]" in text.stdout


def test_help_lists_report():
    result = subprocess.run([sys.executable, "-m", "tfgpu.core.cli", "--help"], capture_output=True, text=True)
    assert "report" in result.stdout
