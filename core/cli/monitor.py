"""``tfgpu monitor``: live GPU and host figures per interval, as text or JSON lines, optionally logged to CSV.

Exit codes: 0 when monitoring ran to its end (``--duration`` or Ctrl+C); 1 when it ran
but the CSV log failed on the way (disk full...: logging stopped, monitoring went on);
2 for a usage error or a CSV file that cannot be created (nothing is sampled then).
"""

from __future__ import annotations

import argparse
import json
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from tfgpu.core.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    EXIT_USAGE,
    error,
    number,
    silence_stdout,
    warn,
    write,
)
from tfgpu.core.monitor.intervals import DEFAULT_INTERVAL_S, MIN_INTERVAL_S

if TYPE_CHECKING:
    from tfgpu.core.monitor.samples import MonitorFrame

EXIT_LOG_FAILED = EXIT_FAILED
_POLL_S = 0.1  # how often the main thread looks at Ctrl+C and the deadline


def add_parser(subs: argparse._SubParsersAction) -> None:
    monitor = subs.add_parser(
        "monitor", help="live GPU and CPU figures every interval; log them to CSV or JSON lines",
        description="Prints GPU utilisation, memory, temperature, power, clocks, P-state and throttle reasons "
        "(from NVML) with CPU and RAM, one line per interval, until --duration ends or Ctrl+C. Without an "
        "NVIDIA driver it still shows host figures and says why GPU figures are missing.")
    monitor.add_argument("--interval", type=_interval, default=DEFAULT_INTERVAL_S, metavar="S",
                         help=f"seconds between samples (default {DEFAULT_INTERVAL_S:g}, at least {MIN_INTERVAL_S:g})")
    monitor.add_argument("--duration", type=_duration, default=None, metavar="S",
                         help="stop after S seconds (default: run until Ctrl+C)")
    monitor.add_argument("--csv", metavar="FILE",
                         help="also log every sample to FILE, GPU-Z style: one row per GPU, units in the header")
    monitor.add_argument("--json", action="store_true",
                         help="print one JSON object per sample per line on stdout (status and summary go to stderr)")


def _interval(text: str) -> float:
    value = number(text)
    if value < MIN_INTERVAL_S:
        raise argparse.ArgumentTypeError(f"must be at least {MIN_INTERVAL_S:g} seconds (got {text}): "
                                         "faster sampling costs more than it shows")
    return value


def _duration(text: str) -> float:
    value = number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds (got {text})")
    return value


def make_sampler(interval_s: float, on_frame: Callable[[MonitorFrame], None]):
    """The real sampler; tests replace this to feed scripted frames through the real command."""
    from tfgpu.core.monitor.sampler import MonitorSampler

    return MonitorSampler(interval_s=interval_s, on_frame=on_frame)


class _Session:
    """One monitor run: prints and logs each frame the sampler hands over."""

    def __init__(self, args: argparse.Namespace, logger) -> None:
        self.args = args
        self.logger = logger
        self.samples = 0
        self.status_key: tuple | None = None
        self.log_error_shown = False
        self.pipe_closed = False

    def info(self, text: str) -> None:
        """Status and summary: stdout for people, stderr when stdout carries JSON."""
        if self.args.json or self.pipe_closed:
            print(text, file=sys.stderr, flush=True)
        else:
            write(text + "\n")

    def handle(self, frame: MonitorFrame) -> None:
        from tfgpu.core.monitor.render import (
            format_gpu_status,
            frame_line,
            frame_to_dict,
            status_key,
        )

        self.samples += 1
        try:
            key = status_key(frame)
            if key != self.status_key:
                self.status_key = key
                self.info(format_gpu_status(frame))
            if self.args.json:
                write(json.dumps(frame_to_dict(frame), ensure_ascii=True, allow_nan=False) + "\n")
            else:
                write(frame_line(frame) + "\n")
        finally:  # the log gets the frame even when stdout has gone
            if self.logger is not None and self.logger.active and not self.logger.write(frame):
                self.show_log_error()

    def show_log_error(self) -> None:
        if self.logger is not None and self.logger.error and not self.log_error_shown:
            self.log_error_shown = True
            warn("monitor", f"{self.logger.error}; monitoring goes on")

    def summary(self, elapsed: float, stopped_by: str | None) -> str:
        from tfgpu.core.monitor.csv_log import rows_text

        how = {None: "Done", "SIGINT": "Stopped by Ctrl+C"}.get(stopped_by, f"Stopped by {stopped_by}")
        text = f"{how}: {self.samples} samples in {elapsed:.1f} s, every {self.args.interval:g} s."
        if self.logger is not None:
            if self.logger.error:
                text += f" CSV log incomplete: {self.logger.error}."
            else:
                text += f" CSV: {self.logger.path} ({rows_text(self.logger.rows)})."
        return text


def run(args: argparse.Namespace) -> int:
    from tfgpu.core.cli.signals import cancel_on_signals
    from tfgpu.core.monitor.csv_log import CsvLogError, CsvLogger

    logger = None
    if args.csv:
        try:
            logger = CsvLogger.open(args.csv)
        except CsvLogError as exc:
            error("monitor", str(exc))
            return EXIT_USAGE
    session = _Session(args, logger)
    frames: queue.Queue[MonitorFrame] = queue.Queue()
    started = time.monotonic()
    deadline = None if args.duration is None else started + args.duration
    sampler = None
    with cancel_on_signals() as stop:  # Ctrl+C, SIGTERM, SIGHUP: whole samples are written, then the log closes
        try:
            sampler = make_sampler(args.interval, frames.put)
            sampler.start()
            _loop(session, frames, stop, deadline)
        finally:
            if sampler is not None:
                sampler.close()  # stops (one wait at most), then shuts NVML down
                if sampler.is_running():
                    warn("monitor", "the sampler thread did not end in time")
            if stop.is_set():
                _drain(session, frames)
            if logger is not None:
                logger.close()
                session.show_log_error()
    stopped_by = stop.signal_name if stop.is_set() and not session.pipe_closed else None
    session.info(session.summary(time.monotonic() - started, stopped_by))
    if stopped_by in ("SIGTERM", "SIGHUP"):
        return stop.exit_code(EXIT_OK)
    return EXIT_LOG_FAILED if logger is not None and logger.error else EXIT_OK


def _drain(session: _Session, frames: queue.Queue) -> None:
    """Frames the sampler handed over before it stopped still reach the log (each one whole)."""
    while not session.pipe_closed:
        try:
            frame = frames.get_nowait()
        except queue.Empty:
            return
        try:
            session.handle(frame)
        except BrokenPipeError:
            session.pipe_closed = True
            silence_stdout()


def _loop(session: _Session, frames: queue.Queue, stop: threading.Event, deadline: float | None) -> None:
    while not stop.is_set():
        wait = _POLL_S
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            wait = min(wait, left)
        try:
            frame = frames.get(timeout=wait)
        except queue.Empty:
            if session.logger is not None and not session.logger.flush_if_due():
                session.show_log_error()
            continue
        if deadline is not None and time.monotonic() > deadline:
            return  # came in after the end
        try:
            session.handle(frame)
        except BrokenPipeError:  # `tfgpu monitor --json | head -3`: the reader has gone
            session.pipe_closed = True
            silence_stdout()
            return
