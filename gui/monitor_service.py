"""One monitor per app window: the core sampler, its rings and the CSV log, shared by pages.

The sampler runs on its own (core, non-Qt) thread while anyone holds the service
(the Monitor page while shown, the mini-monitor, an active CSV log). Each frame is
written to the CSV on that thread (disk never touches the GUI thread), then crosses
to the GUI thread through a queued signal, where it is appended to the rings and
``frame_added`` is emitted. The rings are only touched on the GUI thread.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal, Slot

from tfgpu.core.host import Host
from tfgpu.core.monitor.samples import DEFAULT_INTERVAL_S, MIN_INTERVAL_S, GpuStatus, MonitorFrame
from tfgpu.core.monitor.series import DEFAULT_SPAN_S, MonitorHistory, capacity_for

log = logging.getLogger(__name__)

SamplerFactory = Callable[..., object]


class _FrameBridge(QObject):
    """Lives on the GUI thread; ``frame`` emitted from the sampler thread arrives queued."""

    frame = Signal(object)


class MonitorService(QObject):
    frame_added = Signal(object)  # MonitorFrame, on the GUI thread, after the rings took it
    logging_changed = Signal()  # CSV log started, stopped or failed
    running_changed = Signal(bool)

    def __init__(
        self,
        host: Host | None = None,
        interval_s: float = DEFAULT_INTERVAL_S,
        span_s: float = DEFAULT_SPAN_S,
        sampler_factory: SamplerFactory | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._host = host
        self._interval_s = max(MIN_INTERVAL_S, float(interval_s))
        self.span_s = span_s
        self.history = MonitorHistory(capacity_for(span_s, self._interval_s))
        self._sampler_factory = sampler_factory
        self._sampler: Any = None  # a MonitorSampler (or a test's fake), made on first use
        self._holders: set[int] = set()
        self._csv_lock = threading.Lock()
        self._csv: Any = None  # CsvLogger while logging
        self._csv_error: str | None = None
        self._csv_path: str | None = None  # the last log started
        self._csv_rows = 0  # rows of the last log, once it stopped
        self._csv_failed_reported = False
        self._closed = False
        self.no_card = False  # the scan found no NVIDIA card: frames say so, not "no driver" (set by the Session)
        self._bridge = _FrameBridge()
        self._bridge.frame.connect(self._on_frame_gui)

    # -- holding ---------------------------------------------------------------------
    def acquire(self, owner: object) -> None:
        """Keep sampling while ``owner`` holds the service (idempotent per owner)."""
        if self._closed:
            return
        self._holders.add(id(owner))
        try:
            self._update_running()
        except Exception:
            self._holders.discard(id(owner))  # a sampler that cannot start is held by no one
            raise

    def release(self, owner: object) -> None:
        self._holders.discard(id(owner))
        self._update_running()

    def is_held_by(self, owner: object) -> bool:
        return id(owner) in self._holders

    def is_running(self) -> bool:
        return self._sampler is not None and self._sampler.is_running()

    def _update_running(self) -> None:
        want = bool(self._holders) and not self._closed
        if want and not self.is_running():
            if len(self.history):
                self.history.append_gap(time.time())  # no line across the time nothing was read
            self.sampler.start()
            self.running_changed.emit(True)
        elif not want and self.is_running():
            self._sampler.stop()
            self.running_changed.emit(False)

    @property
    def sampler(self):
        if self._sampler is None:
            factory = self._sampler_factory
            if factory is None:
                from tfgpu.core.monitor.sampler import MonitorSampler

                factory = MonitorSampler
            self._sampler = factory(self._host, interval_s=self._interval_s, on_frame=self._on_frame_sampler)
        return self._sampler

    # -- interval and window -----------------------------------------------------------
    @property
    def interval_s(self) -> float:
        return self._interval_s

    def set_interval(self, seconds: float) -> None:
        """A new interval starts new rings (ten minutes at the new pace)."""
        seconds = max(MIN_INTERVAL_S, float(seconds))
        if seconds == self._interval_s:
            return
        self._interval_s = seconds
        self.history = MonitorHistory(capacity_for(self.span_s, seconds))
        if self._sampler is not None:
            self._sampler.set_interval(seconds)

    # -- frames ------------------------------------------------------------------------
    def _on_frame_sampler(self, frame: MonitorFrame) -> None:
        """On the sampler thread: log to CSV, then hand the frame to the GUI thread."""
        try:
            with self._csv_lock:
                csv = self._csv
                if csv is not None and not csv.write(frame):
                    self._csv_error = csv.error
                    self._csv = None
                    csv.close()
                    self._csv_rows = csv.rows  # the rows that reached the file, kept for the status line
        except Exception as exc:  # noqa: BLE001 - a log bug must not stop the plots
            log.exception("CSV log failed")
            with self._csv_lock:
                self._csv_error = f"{type(exc).__name__}: {exc}"
                self._csv = None
        finally:
            self._bridge.frame.emit(frame)

    @Slot(object)
    def _on_frame_gui(self, frame: MonitorFrame) -> None:
        if self._closed:
            return
        if self.no_card and frame.gpu_status in (GpuStatus.NO_DRIVER, GpuStatus.NO_GPUS):
            frame = dataclasses.replace(frame, gpu_status=GpuStatus.NO_CARD)  # what the scan says, in its words
        self.history.append(frame)
        if self._csv_error and not self._csv_failed_reported:
            self._csv_failed_reported = True
            self.release(self._csv_owner)
            self.logging_changed.emit()
        self.frame_added.emit(frame)

    # -- CSV log -------------------------------------------------------------------------
    _csv_owner = "csv-log"

    def start_csv(self, path: str) -> None:
        """Start logging every frame to ``path``; raises CsvLogError (with words) when it cannot."""
        from tfgpu.core.monitor.csv_log import CsvLogger

        self.stop_csv()
        logger = CsvLogger.open(path)
        with self._csv_lock:
            self._csv = logger
            self._csv_error = None
            self._csv_failed_reported = False
        self._csv_path = path
        self.acquire(self._csv_owner)
        self.logging_changed.emit()

    def stop_csv(self) -> None:
        with self._csv_lock:
            logger, self._csv = self._csv, None
        if logger is not None:
            logger.close()
            self._csv_rows = logger.rows
            if logger.error:  # the last flush failed (the disk filled in the last second)
                self._csv_error = logger.error
            self.release(self._csv_owner)
            self.logging_changed.emit()

    def is_logging(self) -> bool:
        return self._csv is not None

    @property
    def csv_error(self) -> str | None:
        return self._csv_error

    @property
    def csv_path(self) -> str | None:
        return self._csv_path

    @property
    def csv_rows(self) -> int:
        logger = self._csv
        return logger.rows if logger is not None else self._csv_rows

    # -- end -----------------------------------------------------------------------------
    def shutdown(self) -> None:
        """Stop sampling (the thread is joined), close the log and NVML. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._holders.clear()
        if self._sampler is not None:
            try:
                self._sampler.close()
            except Exception:  # noqa: BLE001
                log.exception("monitor sampler failed to close")
        self.stop_csv()


def monitor_service(context) -> MonitorService:
    """The window's one service, made on first use and held by the session (``context`` is a PageContext)."""
    session = context.session
    if session.monitor is None:
        session.attach_monitor(MonitorService(host=context.host, parent=session))
    return session.monitor


def shutdown_monitor(context) -> None:
    if context.session.monitor is not None:
        context.session.monitor.shutdown()
