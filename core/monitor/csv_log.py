"""GPU-Z-style sensor log: one CSV row per frame per GPU, units in the header.

Decisions (see docs/monitor.md):
- UTF-8 *with* a BOM: Excel on Windows reads a CSV as the ANSI code page unless it
  starts with one, which garbles "°C"; Python (``utf-8-sig``), pandas and LibreOffice
  all skip it.
- A figure the GPU or OS cannot give is ``N/A``, never 0. A frame without GPU
  figures still gives one row (host figures), ``GPU`` saying why, e.g. ``none (no-driver)``.
- ``Date`` is local time with milliseconds (what a user compares with their own
  clock); ``Unix Time [s]`` is the same instant without time-zone doubt.
- Rows are flushed to the OS at most ``flush_every_s`` after they were written (the
  first row at once, then whenever a write finds the last flush older than that; an
  owner that stops writing for long calls :meth:`CsvLogger.flush_if_due`). A crash
  loses at most about the last second.
- A write or flush that fails (disk full, drive removed) never raises: logging stops,
  ``error`` says which file and why, ``write`` returns False from then on, and the file is cut
  back to its size at the last good flush, so it ends with a whole sample.
- A sample's rows (one per GPU) go to the file in one write: all GPUs of a sample or none.
"""

from __future__ import annotations

import csv
import errno
import io
import math
import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from os import PathLike, fspath
from typing import IO

from tfgpu.core.monitor.samples import GpuSample, GpuState, MonitorFrame

NA = "N/A"
ENCODING = "utf-8-sig"  # the BOM, see above
FLUSH_EVERY_S = 1.0


class CsvLogError(Exception):
    """The log file could not be created; the message says which file and why."""


@dataclass(frozen=True)
class Column:
    header: str
    get: Callable[[MonitorFrame, GpuSample | None], object]
    decimals: int | None = None  # None: a text column


def _gpu(attr: str) -> Callable[[MonitorFrame, GpuSample | None], object]:
    """A GPU figure; None for a no-GPU row and for a lost GPU (its last reads are stale)."""
    def get(_frame: MonitorFrame, gpu: GpuSample | None) -> object:
        if gpu is None or gpu.state != GpuState.OK:
            return None
        return getattr(gpu, attr)
    return get


def _host(attr: str) -> Callable[[MonitorFrame, GpuSample | None], object]:
    return lambda frame, _gpu: getattr(frame.host, attr)


def _millis(frame: MonitorFrame) -> int:
    """The frame's time in whole milliseconds: the one timestamp both time columns are made from."""
    return math.floor(frame.timestamp * 1000)


def _date(frame: MonitorFrame, _gpu: GpuSample | None) -> str:
    millis = _millis(frame)
    moment = datetime.fromtimestamp(millis // 1000) + timedelta(milliseconds=millis % 1000)
    return moment.isoformat(sep=" ", timespec="milliseconds")


def _unix(frame: MonitorFrame, _gpu: GpuSample | None) -> float:
    return _millis(frame) / 1000


def _gpu_label(frame: MonitorFrame, gpu: GpuSample | None) -> str:
    return str(gpu.index) if gpu is not None else f"none ({frame.gpu_status})"


def _gpu_state(frame: MonitorFrame, gpu: GpuSample | None) -> str:
    return gpu.state if gpu is not None else frame.gpu_status


def _pstate(frame: MonitorFrame, gpu: GpuSample | None) -> str | None:
    value = _gpu("pstate")(frame, gpu)
    return None if value is None else f"P{value}"


def _throttle(frame: MonitorFrame, gpu: GpuSample | None) -> str | None:
    reasons = _gpu("throttle_reasons")(frame, gpu)
    if reasons is None:
        return None
    return "; ".join(str(r) for r in reasons) if reasons else "none"  # type: ignore[attr-defined]  # ids, e.g. "sw-power-cap; hw-slowdown"


def _note(frame: MonitorFrame, gpu: GpuSample | None) -> str:
    """Why figures are missing: NVML's words for a no-GPU row, else metric: reason pairs."""
    if gpu is None:
        return frame.gpu_reason or ""
    parts = [f"{name}: {why}" for name, why in sorted(gpu.unavailable.items())]
    if gpu.state != GpuState.OK:
        parts.insert(0, f"GPU {gpu.state}")
    return "; ".join(parts)


COLUMNS: tuple[Column, ...] = (
    Column("Date", _date),
    Column("Unix Time [s]", _unix, 3),
    Column("GPU", _gpu_label),
    Column("GPU Name", lambda _f, gpu: gpu.name if gpu is not None else None),
    Column("GPU State", _gpu_state),
    Column("GPU Load [%]", _gpu("gpu_util_percent"), 1),
    Column("Memory Controller Load [%]", _gpu("mem_util_percent"), 1),
    Column("Memory Used [MiB]", _gpu("mem_used_mib"), 1),
    Column("Memory Total [MiB]", _gpu("mem_total_mib"), 1),
    Column("Memory Used [%]", _gpu("mem_used_percent"), 1),
    Column("GPU Temperature [°C]", _gpu("temperature_c"), 0),
    Column("Fan Speed [%]", _gpu("fan_percent"), 0),
    Column("Board Power Draw [W]", _gpu("power_w"), 2),
    Column("Power Limit [W]", _gpu("power_limit_w"), 2),
    Column("GPU Clock [MHz]", _gpu("sm_clock_mhz"), 0),
    Column("Memory Clock [MHz]", _gpu("mem_clock_mhz"), 0),
    Column("Performance State", _pstate),
    Column("Throttle Reasons", _throttle),
    Column("PCIe RX [MiB/s]", _gpu("pcie_rx_mib_s"), 1),
    Column("PCIe TX [MiB/s]", _gpu("pcie_tx_mib_s"), 1),
    Column("CPU Load [%]", _host("cpu_percent"), 1),
    Column("System Memory Used [MiB]", _host("ram_used_mib"), 1),
    Column("System Memory Total [MiB]", _host("ram_total_mib"), 1),
    Column("System Memory Load [%]", _host("ram_percent"), 1),
    Column("tfgpu Process CPU [%]", _host("process_cpu_percent"), 1),
    Column("tfgpu Process Memory [MiB]", _host("process_rss_mib"), 1),
    Column("Note", _note),
)
HEADER: tuple[str, ...] = tuple(column.header for column in COLUMNS)


def rows_text(count: int) -> str:
    return "1 row" if count == 1 else f"{count} rows"


def _cell(column: Column, value: object) -> str:
    if value is None:
        return NA
    if column.decimals is None:
        return str(value)
    number = float(value)  # type: ignore[arg-type]
    if not math.isfinite(number):  # a NaN that slipped through is still "unknown", never 0
        return NA
    return f"{number:.{column.decimals}f}"


def frame_rows(frame: MonitorFrame) -> list[list[str]]:
    """The CSV rows of one frame: one per GPU, or one saying why there is none."""
    gpus: tuple[GpuSample | None, ...] = frame.gpus or (None,)
    return [[_cell(column, column.get(frame, gpu)) for column in COLUMNS] for gpu in gpus]


class CsvLogger:
    """Appends frames to one CSV file; safe to call from the sampler thread and the owner's."""

    def __init__(self, handle: IO[str], path: str, *, clock: Callable[[], float] = time.monotonic,
                 flush_every_s: float = FLUSH_EVERY_S) -> None:
        self.path = path
        self.rows = 0  # rows handed to the file; after a failure, the rows known to have reached it
        self.error: str | None = None
        self._handle: IO[str] | None = handle
        self._writer = csv.writer(handle)
        self._clock = clock
        self._flush_every_s = flush_every_s
        self._last_flush: float | None = None  # None: the first row is flushed at once
        self._flushed_rows = 0
        self._good_size: int | None = None  # the file's size after the last good flush
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: str | PathLike[str], **kwargs) -> CsvLogger:
        """Create (or overwrite) ``path`` and write the header; :class:`CsvLogError` when it cannot."""
        name = fspath(path)
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
        try:  # non-blocking open: a FIFO nobody reads is an error at once, never a hang
            fd = os.open(name, flags, 0o666)
        except OSError as exc:
            why = "nobody reads that FIFO" if exc.errno == errno.ENXIO else exc.strerror or exc
            raise CsvLogError(f"cannot create the CSV log {name}: {why}") from exc
        try:
            if getattr(os, "O_NONBLOCK", 0):
                os.set_blocking(fd, True)
            handle = open(fd, "w", encoding=ENCODING, newline="")  # noqa: SIM115 - kept open
        except OSError as exc:
            os.close(fd)
            raise CsvLogError(f"cannot create the CSV log {name}: {exc.strerror or exc}") from exc
        logger = cls(handle, name, **kwargs)
        logger._put(HEADER)  # buffered: a full disk shows at the first flush, as a write error
        return logger

    @property
    def active(self) -> bool:
        return self._handle is not None

    def write(self, frame: MonitorFrame) -> bool:
        """Log one frame; False once logging has stopped (closed or failed)."""
        with self._lock:
            if self._handle is None:
                return False
            rows = frame_rows(frame)
            if not self._put_all(rows):
                return False
            self.rows += len(rows)
            if self._due():
                return self._flush()
            return True

    def flush_if_due(self) -> bool:
        """Flush when the oldest unflushed row may be a second old; for owners with gaps between writes."""
        with self._lock:
            if self._handle is None:
                return False
            return self._flush() if self.rows > self._flushed_rows and self._due() else True

    def close(self) -> None:
        """Flush and close; a failure here is kept in ``error`` too. Safe to call twice."""
        with self._lock:
            if self._handle is not None and self._flush():
                handle, self._handle = self._handle, None
                try:
                    handle.close()
                except OSError as exc:
                    self._fail(exc, handle)

    def __enter__(self) -> CsvLogger:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # -- inside the lock -----------------------------------------------------------
    def _due(self) -> bool:
        return self._last_flush is None or self._clock() - self._last_flush >= self._flush_every_s

    def _put_all(self, rows: list[list[str]]) -> bool:
        """Every row of one sample in one write, so no flush can fall between two of its GPUs."""
        text = io.StringIO()
        csv.writer(text).writerows(rows)
        try:
            self._handle.write(text.getvalue())  # type: ignore[union-attr]
        except OSError as exc:
            self._fail(exc, self._handle)
            return False
        return True

    def _put(self, row: tuple[str, ...] | list[str]) -> bool:
        try:
            self._writer.writerow(row)
        except OSError as exc:  # a full buffer went to the disk and failed
            self._fail(exc, self._handle)
            return False
        return True

    def _flush(self) -> bool:
        try:
            self._handle.flush()  # type: ignore[union-attr]
        except OSError as exc:
            self._fail(exc, self._handle)
            return False
        self._last_flush = self._clock()
        self._flushed_rows = self.rows
        try:
            self._good_size = os.fstat(self._handle.fileno()).st_size  # type: ignore[union-attr]
        except (OSError, ValueError, AttributeError):  # not a real file (tests): no cutting back
            self._good_size = None
        return True

    def _fail(self, exc: OSError, handle: IO[str] | None) -> None:
        """Stop logging and say why; the file keeps what reached the OS."""
        self.rows = self._flushed_rows  # a lower bound: part of the failed flush may be in the file
        saved = f"after at least {rows_text(self.rows)}" if self.rows else "before any row was saved"
        self.error = f"CSV logging to {self.path} stopped {saved}: {exc.strerror or exc}"
        self._handle = None
        if handle is not None:
            try:
                handle.close()  # flushes again, fails again, but frees the file
            except OSError:
                pass
            if self._good_size is not None:
                try:  # what a failed flush left half-written goes: the file ends with a whole sample
                    os.truncate(self.path, self._good_size)
                except OSError:
                    pass


# -- reading a log back ----------------------------------------------------------------
_UNIT = re.compile(r"\[[^\]]+\]$")


def read_csv_log(path: str | PathLike[str]) -> list[dict[str, float | int | str | None]]:
    """Parse a log written by :class:`CsvLogger` (or any CSV with units in its header).

    ``N/A`` and empty cells become None; columns with a ``[unit]`` become float; a
    numeric ``GPU`` becomes int. A last row cut short (a crash, a full disk) is dropped;
    a short row elsewhere raises ValueError.
    """
    with open(fspath(path), "rb") as handle:
        return parse_csv_log(handle.read(), path)


def parse_csv_log(data: bytes, path: str | PathLike[str] = "<csv>") -> list[dict[str, float | int | str | None]]:
    """:func:`read_csv_log` of bytes already read (bounded by the caller)."""
    import io

    lines = list(csv.reader(io.StringIO(data.decode(ENCODING, errors="replace"), newline="")))
    if not lines:
        return []
    header = lines[0]
    numeric = [bool(_UNIT.search(name)) for name in header]
    out: list[dict[str, float | int | str | None]] = []
    for number, row in enumerate(lines[1:], start=2):
        if len(row) != len(header):
            if number == len(lines):
                break
            raise ValueError(f"{fspath(path)} line {number}: {len(row)} fields, expected {len(header)}")
        record: dict[str, float | int | str | None] = {}
        for name, is_number, text in zip(header, numeric, row):
            record[name] = _parse(name, is_number, text)
        out.append(record)
    return out


def _parse(name: str, is_number: bool, text: str) -> float | int | str | None:
    if text in ("", NA):
        return None
    if is_number:
        try:
            return float(text)
        except ValueError:
            return text
    if name == "GPU" and text.isdigit():
        return int(text)
    return text
