"""Gathering a report's inputs on this computer: the scan (or a saved one), the latest saved
benchmark run, a monitor excerpt, the raw ``nvidia-smi`` outputs and tfgpu's own log.

Slow parts (the scan, sampling, ``nvidia-smi -q``) honour ``cancel``; nothing here raises
for a missing piece: the report says what is missing and why.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tfgpu.core.host import Host, RealHost, which
from tfgpu.core.report.document import ReportInputs, now_iso
from tfgpu.core.report.redact import Identity, identity_from_env, this_process_identity

MAX_LOG_BYTES = 512 * 1024  # the newest part of tfgpu.log that goes into the zip
RAW_COMMAND_TIMEOUT_S = 15.0


class ReportInputError(Exception):
    """An input the user named cannot be used (an unreadable saved scan or CSV log)."""


@dataclass
class CollectOptions:
    scan_file: str | None = None  # a saved ``tfgpu scan --json`` instead of scanning
    extra_pythons: list[str] = field(default_factory=list)
    tf_timeout: float | None = None
    include_bench: bool = True
    monitor_minutes: float = 0.0  # sample this long now (0: no excerpt), or the last N minutes of monitor_csv
    monitor_csv: str | None = None
    raw_commands: bool = True  # run nvidia-smi (table and -q) for the zip


def identity_for(host: Host | None) -> Identity:
    """The names to redact: this process's user and computer, and those of the host looked at."""
    identity = this_process_identity()
    if host is not None:
        identity = identity.merged(identity_from_env(host.env, host.platform.home))
    return identity


MAX_CSV_BYTES = 128 * 1024 * 1024


def load_saved_scan(path: str, cancel: threading.Event | None = None):
    """A saved scan (core/scan_file.py: what doctor and explain accept); ReportInputError with the reason
    (bounded; a FIFO or a terminal waits only until ``cancel``)."""
    from tfgpu.core import storage
    from tfgpu.core.scan_file import ScanFileError, load_scan_file

    try:
        return load_scan_file(path, cancel)
    except storage.Cancelled as exc:
        raise ReportInputError(str(exc)) from None
    except ScanFileError as exc:
        raise ReportInputError(str(exc)) from None


def latest_bench(folder: Path | None = None):
    """(the newest readable saved run or None, a note when there is none)."""
    from tfgpu.core.bench.saved_runs import history_dir, list_runs

    saved = list_runs(folder)
    for item in saved:
        if item.run is not None:
            return item.run, None
    if saved:
        return None, f"{len(saved)} saved run(s), none readable: {saved[0].problem}"
    return None, f"no saved benchmark run in {folder or history_dir()}"


def latest_profile(folder: Path | None = None):
    """(the newest saved profile that measured something, None) or (None, why there is none)."""
    from tfgpu.core.profile.saved_runs import history_dir, latest_run

    run = latest_run(folder)
    return (run, None) if run is not None else (None, f"no saved profile in {folder or history_dir()}")


def monitor_from_csv(path: str, minutes: float, cancel: threading.Event | None = None) -> dict:
    from tfgpu.core import storage
    from tfgpu.core.monitor.csv_log import parse_csv_log
    from tfgpu.core.report.monitor_excerpt import from_csv_rows

    try:
        rows = parse_csv_log(storage.read_input(path, MAX_CSV_BYTES, cancel), path)
    except storage.Cancelled as exc:
        raise ReportInputError(str(exc)) from None
    except (OSError, ValueError) as exc:
        raise ReportInputError(f"cannot read the monitor log {path}: {exc}") from None
    excerpt = from_csv_rows(rows, minutes)
    if excerpt is None:
        raise ReportInputError(f"the monitor log {path} holds no sample")
    return excerpt


def raw_outputs(host: Host, scan, cancel: threading.Event | None = None,
                timeout: float = RAW_COMMAND_TIMEOUT_S) -> dict[str, str]:
    """``nvidia-smi`` and ``nvidia-smi -q`` as printed (zip members), where nvidia-smi exists."""
    out: dict[str, str] = {}
    smi = getattr(scan.driver, "nvidia_smi_path", None) or which(host, "nvidia-smi")
    if not smi:
        return out
    for name, argv in (("raw/nvidia-smi.txt", [smi]), ("raw/nvidia-smi-q.txt", [smi, "-q"])):
        if cancel is not None and cancel.is_set():
            break
        result = host.run(argv, timeout, cancel=cancel)
        text = result.stdout or ""
        if result.stderr:
            text += "\n--- stderr ---\n" + result.stderr
        if not result.ok:
            text += f"\n--- {result.describe()} ---\n"
        out[name] = f"$ {' '.join(argv)}\n{text}"
    return out


def app_log_tail(limit: int = MAX_LOG_BYTES) -> dict[str, str]:
    """The newest part of tfgpu's own log file (``logs/tfgpu.log`` in the zip)."""
    from tfgpu.core.logging_setup import log_dir

    path = log_dir() / "tfgpu.log"
    try:
        with open(path, "rb") as handle:
            handle.seek(0, os.SEEK_END)
            size = handle.tell()
            handle.seek(max(0, size - limit))
            data = handle.read()
    except OSError:
        return {}
    text = data.decode("utf-8", errors="replace")
    if size > limit:
        text = f"[... the first {size - limit} bytes are left out ...]\n" + text.split("\n", 1)[-1]
    return {"logs/tfgpu.log": text}


def collect(options: CollectOptions, host: Host | None = None,
            progress: Callable[[str], None] | None = None,
            cancel: threading.Event | None = None,
            scan_progress=None) -> ReportInputs:
    """Everything a report holds, for ``tfgpu report``. Raises ReportInputError for a bad input file."""
    host = host or RealHost()
    cancel = cancel or threading.Event()
    say = progress or (lambda _text: None)
    if options.scan_file:
        scan = load_saved_scan(options.scan_file, cancel)
    else:
        from tfgpu.core.scan import ScanOptions, run_scan

        scan_options = ScanOptions(extra_pythons=list(options.extra_pythons))
        if options.tf_timeout:
            scan_options.tf_timeout = options.tf_timeout
        say("scanning")
        scan = run_scan(host, scan_options, scan_progress, cancel)
    inputs = ReportInputs(scan=scan, env=dict(host.env), created_at=now_iso())
    if options.include_bench:
        inputs.bench, inputs.bench_note = latest_bench()
    else:
        inputs.bench_note = "left out (--no-bench)"
    inputs.profile, inputs.profile_note = latest_profile()  # --no-bench leaves out the benchmark only
    if options.monitor_csv:
        inputs.monitor = monitor_from_csv(options.monitor_csv, options.monitor_minutes or 10.0, cancel)
    elif options.monitor_minutes > 0 and not cancel.is_set():
        from tfgpu.core.report.monitor_excerpt import from_frames, sample_frames

        say(f"sampling the monitor for {options.monitor_minutes:g} min")
        frames = sample_frames(options.monitor_minutes, host, cancel=cancel)
        inputs.monitor = from_frames(frames, options.monitor_minutes)
    else:
        inputs.monitor_note = "not asked for (tfgpu report --monitor-minutes N samples for N minutes)"
    # A saved scan may come from another machine: its nvidia-smi is not ours to run.
    if options.raw_commands and not options.scan_file and not cancel.is_set():
        say("reading nvidia-smi")
        inputs.raw.update(raw_outputs(host, scan, cancel))
    inputs.raw.update(app_log_tail())
    return inputs
