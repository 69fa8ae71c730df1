"""A small live strip of the machine's load while a benchmark runs: CPU %, RAM % and, when
NVML works, GPU utilisation % and GPU memory %.

The data source is any callable returning a :class:`LoadSample` (the default,
:class:`SystemSampler`, reads psutil and NVML). NVML's initialisation can hang on a broken
driver, so it runs once in a daemon thread, never on the GUI thread; until it has
answered, or when there is no driver, the GPU part says so in words instead of drawing zeros.
Curves are created once and fed from fixed-size numpy buffers shifted in place.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
import psutil
import pyqtgraph as pg
from PySide6.QtCore import QTimer, Slot
from PySide6.QtWidgets import QHBoxLayout, QVBoxLayout, QWidget

from tfgpu.core.host import RealHost
from tfgpu.gui.findings_view import plain_label

log = logging.getLogger(__name__)

SAMPLE_INTERVAL_MS = 1000
HISTORY = 120  # samples shown (two minutes at 1 s)
STRIP_HEIGHT = 80
NVML_PATIENCE_S = 5.0  # after this, an NVML that has not answered is "not responding"


class GpuState:
    OK = "ok"
    STARTING = "starting"  # NVML is being initialised (in its thread)
    NO_DRIVER = "no-driver"  # no NVML library / driver not loaded
    NOT_RESPONDING = "not-responding"  # nvmlInit has not returned after NVML_PATIENCE_S
    ERROR = "error"  # NVML answered with another error


@dataclass(frozen=True)
class LoadSample:
    """One reading; a figure that could not be read is None (drawn as a gap), never 0."""

    cpu_percent: float | None = None
    ram_percent: float | None = None
    gpu_percent: float | None = None
    gpu_memory_percent: float | None = None
    gpu_state: str = GpuState.NO_DRIVER
    gpu_name: str | None = None


Sampler = Callable[[], LoadSample]


class _NvmlReader:
    """NVML for GPU 0: initialised once in a daemon thread; per-sample reads are fast calls."""

    def __init__(self, module_provider: Callable[[], Any]) -> None:
        self._provider = module_provider
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._started_at = 0.0
        self._state = GpuState.STARTING
        self._nvml: Any = None
        self._handle: Any = None
        self.name: str | None = None

    def ensure_started(self) -> None:
        with self._lock:
            if self._thread is not None:
                return
            self._started_at = time.monotonic()
            self._thread = threading.Thread(target=self._init, name="tfgpu-live-nvml", daemon=True)
            self._thread.start()

    def _init(self) -> None:
        try:
            nvml = self._provider()
            if nvml is None:
                state = GpuState.NO_DRIVER
            else:
                nvml.nvmlInit()
                handle = nvml.nvmlDeviceGetHandleByIndex(0)
                name = nvml.nvmlDeviceGetName(handle)
                self.name = name.decode("utf-8", "replace") if isinstance(name, bytes) else str(name)
                self._nvml, self._handle, state = nvml, handle, GpuState.OK
        except Exception as exc:  # noqa: BLE001 - no GPU is a state, not a crash
            names = {type(exc).__name__, *(c.__name__ for c in type(exc).__mro__)}
            missing = {"NVMLError_LibraryNotFound", "NVMLError_DriverNotLoaded", "NVMLError_NotFound",
                       "NVMLError_InvalidArgument"}
            state = GpuState.NO_DRIVER if names & missing else GpuState.ERROR
            log.debug("live strip: NVML unavailable: %s", exc)
        with self._lock:
            self._state = state

    def state(self) -> str:
        with self._lock:
            if self._state == GpuState.STARTING and self._thread is not None \
                    and time.monotonic() - self._started_at > NVML_PATIENCE_S:
                return GpuState.NOT_RESPONDING
            return self._state

    def read(self) -> tuple[float | None, float | None]:
        """(utilisation %, memory used %); None for what NVML cannot say now."""
        if self.state() != GpuState.OK:
            return None, None
        nvml, handle = self._nvml, self._handle
        utilisation = memory = None
        try:
            utilisation = float(nvml.nvmlDeviceGetUtilizationRates(handle).gpu)
        except Exception:  # noqa: BLE001 - "not supported" is a gap, not a zero
            pass
        try:
            info = nvml.nvmlDeviceGetMemoryInfo(handle)
            memory = 100.0 * float(info.used) / float(info.total) if info.total else None
        except Exception:  # noqa: BLE001
            pass
        return utilisation, memory


_DEFAULT_READER: _NvmlReader | None = None
_DEFAULT_LOCK = threading.Lock()


def _default_reader() -> _NvmlReader:
    """One NVML reader per process (NVML is initialised once, whatever the number of strips)."""
    global _DEFAULT_READER
    with _DEFAULT_LOCK:
        if _DEFAULT_READER is None:
            _DEFAULT_READER = _NvmlReader(RealHost().nvml)
        return _DEFAULT_READER


class SystemSampler:
    """psutil for the CPU and RAM, NVML (GPU 0) for the GPU. Calls are fast; nothing blocks."""

    def __init__(self, nvml_provider: Callable[[], Any] | None = None) -> None:
        self._nvml = _NvmlReader(nvml_provider) if nvml_provider is not None else None
        psutil.cpu_percent(interval=None)  # primes the counter: the next call measures since now

    @property
    def nvml(self) -> _NvmlReader:
        return self._nvml or _default_reader()

    def prepare(self) -> None:
        """Start NVML's initialisation (in its own thread) ahead of the first sample."""
        self.nvml.ensure_started()

    def __call__(self) -> LoadSample:
        reader = self.nvml
        reader.ensure_started()
        try:
            cpu: float | None = float(psutil.cpu_percent(interval=None))
        except Exception:  # noqa: BLE001
            cpu = None
        try:
            ram: float | None = float(psutil.virtual_memory().percent)
        except Exception:  # noqa: BLE001
            ram = None
        gpu, gpu_memory = reader.read()
        return LoadSample(cpu, ram, gpu, gpu_memory, reader.state(), reader.name)


class _Series:
    def __init__(self, key: str, colour: str, plot: pg.PlotItem) -> None:
        self.key = key
        self.colour = colour
        self.values = np.full(HISTORY, np.nan)
        self.curve = plot.plot(np.arange(HISTORY), self.values, pen=pg.mkPen(colour, width=2), connect="finite")
        self.label = plain_label(wrap=False, selectable=False)
        self.label.setStyleSheet(f"color: {colour};")
        self.label.setObjectName(f"live-{key}")

    def push(self, value: float | None) -> None:
        self.values[:-1] = self.values[1:]  # shift in place: the buffer never grows
        self.values[-1] = math.nan if value is None else value
        self.curve.setData(np.arange(HISTORY), self.values, connect="finite")

    def clear(self) -> None:
        self.values.fill(np.nan)
        self.curve.setData(np.arange(HISTORY), self.values, connect="finite")


class LiveStrip(QWidget):
    """The strip: a percent plot over the last ``HISTORY`` samples and the current figures in words."""

    def __init__(self, sampler: Sampler | None = None, interval_ms: int = SAMPLE_INTERVAL_MS,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sampler = sampler
        self.samples_taken = 0
        self.last_sample: LoadSample | None = None
        self.timer = QTimer(self)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.sample_now)

        self.plot_widget = pg.PlotWidget(background=None)
        self.plot_widget.setFixedHeight(STRIP_HEIGHT)
        self.plot_widget.setMouseEnabled(False, False)
        self.plot_widget.setMenuEnabled(False)
        self.plot_widget.hideButtons()
        plot = self.plot_widget.getPlotItem()
        plot.setYRange(0, 100, padding=0.08)
        plot.setXRange(0, HISTORY - 1, padding=0)
        plot.hideAxis("bottom")
        axis = plot.getAxis("left")
        axis.setTicks([[(0, "0"), (50, "50"), (100, "100")]])
        axis.setStyle(hideOverlappingLabels=False)
        axis.setWidth(30)
        axis.setTextPen(pg.mkPen(self.palette().color(self.foregroundRole())))
        plot.setClipToView(True)
        self.series = {key: _Series(key, colour, plot) for key, colour in
                       (("cpu", "#1f77b4"), ("ram", "#9467bd"), ("gpu", "#2ca02c"), ("gpu_memory", "#ff7f0e"))}
        self.gpu_note = plain_label(wrap=False, selectable=False)
        self.gpu_note.setObjectName("live-gpu-note")

        legend = QHBoxLayout()
        legend.setContentsMargins(0, 0, 0, 0)
        for series in self.series.values():
            legend.addWidget(series.label)
        legend.addWidget(self.gpu_note)
        legend.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(legend)
        layout.addWidget(self.plot_widget)
        self._show_texts(LoadSample(gpu_state=GpuState.STARTING))

    @property
    def sampler(self) -> Sampler:
        if self._sampler is None:
            self._sampler = SystemSampler()
        return self._sampler

    def prepare(self) -> None:
        """Let the default sampler start NVML early (its own thread), before the first run."""
        prepare = getattr(self.sampler, "prepare", None)
        if callable(prepare):
            prepare()

    # -- running ---------------------------------------------------------------------
    def start(self) -> None:
        """Clear the strip and sample every interval (the first sample at once)."""
        for series in self.series.values():
            series.clear()
        self.sample_now()
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()

    def is_running(self) -> bool:
        return self.timer.isActive()

    @Slot()
    def sample_now(self) -> None:
        try:
            sample = self.sampler()
        except Exception:  # noqa: BLE001 - a broken source shows gaps, it does not stop the page
            log.exception("live strip: the sampler failed")
            sample = LoadSample(gpu_state=GpuState.ERROR)
        self.samples_taken += 1
        self.last_sample = sample
        gpu_ok = sample.gpu_state == GpuState.OK
        self.series["cpu"].push(sample.cpu_percent)
        self.series["ram"].push(sample.ram_percent)
        self.series["gpu"].push(sample.gpu_percent if gpu_ok else None)
        self.series["gpu_memory"].push(sample.gpu_memory_percent if gpu_ok else None)
        self._show_texts(sample)

    # -- words -------------------------------------------------------------------------
    def _percent(self, value: float | None) -> str:
        return self.tr("n/a") if value is None else f"{value:.0f}%"

    def _show_texts(self, sample: LoadSample) -> None:
        self.series["cpu"].label.setText(self.tr("CPU {value}").format(value=self._percent(sample.cpu_percent)))
        self.series["ram"].label.setText(self.tr("RAM {value}").format(value=self._percent(sample.ram_percent)))
        gpu_ok = sample.gpu_state == GpuState.OK
        self.series["gpu"].label.setVisible(gpu_ok)
        self.series["gpu_memory"].label.setVisible(gpu_ok)
        self.series["gpu"].curve.setVisible(gpu_ok)
        self.series["gpu_memory"].curve.setVisible(gpu_ok)
        self.gpu_note.setVisible(not gpu_ok)
        if gpu_ok:
            self.series["gpu"].label.setText(self.tr("GPU {value}").format(value=self._percent(sample.gpu_percent)))
            self.series["gpu_memory"].label.setText(
                self.tr("GPU memory {value}").format(value=self._percent(sample.gpu_memory_percent)))
        else:
            self.gpu_note.setText(self._gpu_note(sample.gpu_state))

    def _gpu_note(self, state: str) -> str:
        if state == GpuState.STARTING:
            return self.tr("GPU: reading…")
        if state == GpuState.NO_DRIVER:
            return self.tr("GPU: n/a (no NVIDIA driver)")
        if state == GpuState.NOT_RESPONDING:
            return self.tr("GPU: n/a (the NVIDIA driver does not answer)")
        return self.tr("GPU: n/a (NVML error)")

    def texts(self) -> list[str]:
        """The visible figures in words (for tests and tools)."""
        labels = [s.label for s in self.series.values()] + [self.gpu_note]
        return [label.text() for label in labels if not label.isHidden()]

    def values(self, key: str) -> np.ndarray:
        """A copy of one series' buffer (NaN where nothing was measured)."""
        return self.series[key].values.copy()
