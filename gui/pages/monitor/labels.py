"""The Monitor page's figures in words: the GPU status, per-GPU and host figures, and the
"n/a (why)" notes of the plots.

A figure NVML or psutil cannot give is "n/a", with the reason where the sampler kept one
(``GpuSample.unavailable``), never 0. Reasons and throttle words come from core in English
and are translated in the ``core`` context.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFormLayout, QGroupBox, QLabel, QVBoxLayout, QWidget

from tfgpu.core.monitor.samples import (
    GpuSample,
    GpuState,
    GpuStatus,
    HostSample,
    MonitorFrame,
)
from tfgpu.core.monitor.words import throttle_words
from tfgpu.gui.widgets.findings import plain_label
from tfgpu.gui.widgets.glossary import tooltip_for

translate = QCoreApplication.translate


def core_words(text: str) -> str:
    """A core word or reason (English, maybe marked QT_TRANSLATE_NOOP("core", ...)) in the UI language."""
    return translate("core", text) if text else text


# -- GPU status --------------------------------------------------------------------------
def gpu_status_short(frame: MonitorFrame | None) -> str | None:
    """Why there is no GPU figure at all, in a few words; None when GPUs are being measured."""
    if frame is None:
        return translate("MonitorWords", "waiting for the first reading")
    status = frame.gpu_status
    if status == GpuStatus.STARTING:
        return translate("MonitorWords", "connecting to the NVIDIA driver…")
    if status == GpuStatus.NOT_RESPONDING:
        return translate("MonitorWords", "the NVIDIA driver does not answer")
    if status == GpuStatus.NO_CARD:
        return translate("MonitorWords", "no NVIDIA card")
    if status == GpuStatus.NO_DRIVER:
        return translate("MonitorWords", "no NVIDIA driver")
    if status == GpuStatus.NO_GPUS or (status == GpuStatus.OK and not frame.gpus):
        return translate("MonitorWords", "the NVIDIA driver sees no GPU")
    if status != GpuStatus.OK:
        return translate("MonitorWords", "NVML error")
    if all(g.state != GpuState.OK for g in frame.gpus):
        return translate("MonitorWords", "the GPU stopped answering")
    return None


def gpu_banner_lines(frame: MonitorFrame | None) -> list[str]:
    """The banner: why GPU figures are missing (all or some), with NVML's own words; [] when none are."""
    if frame is None:
        return []
    lines: list[str] = []
    status = frame.gpu_status
    reason = frame.gpu_reason
    if status == GpuStatus.STARTING:
        lines.append(translate("MonitorWords", "Connecting to the NVIDIA driver (NVML)… "
                                               "CPU and memory are measured meanwhile."))
    elif status == GpuStatus.NOT_RESPONDING:
        lines.append(translate("MonitorWords", "The NVIDIA driver does not answer: there are no GPU figures "
                                               "until it does. CPU and memory are still measured."))
    elif status == GpuStatus.NO_CARD:
        lines.append(translate("MonitorWords", "This computer has no NVIDIA graphics card, so there are no GPU "
                                               "figures. CPU and memory are measured."))
    elif status == GpuStatus.NO_DRIVER:
        lines.append(translate("MonitorWords", "No NVIDIA driver was found, so there are no GPU figures. "
                                               "CPU and memory are still measured."))
    elif status == GpuStatus.NO_GPUS or (status == GpuStatus.OK and not frame.gpus):
        lines.append(translate("MonitorWords", "The NVIDIA driver is running but sees no GPU."))
    elif status != GpuStatus.OK:
        lines.append(translate("MonitorWords", "NVML (the NVIDIA driver's monitoring library) failed, "
                                               "so there are no GPU figures."))
    for gpu in frame.gpus:
        if gpu.state != GpuState.OK:
            lines.append(translate("MonitorWords", "GPU {index} ({name}) stopped answering (lost: it fell off "
                                                   "the bus or the driver was reset); its figures stop here.")
                         .format(index=gpu.index, name=gpu.name or "?"))
    if lines and reason and status not in (GpuStatus.OK, GpuStatus.NO_CARD):
        lines.append(translate("MonitorWords", "NVML says: {reason}").format(reason=reason))
    return lines


def group_na_reason(frame: MonitorFrame | None, metrics: Iterable[str], has_host: bool = False) -> str:
    """A plot group's note when nothing in it can be drawn: "GPU: n/a (no NVIDIA driver)"."""
    short = gpu_status_short(frame)
    if frame is None:
        return translate("MonitorWords", "n/a ({reason})").format(reason=short)
    if short is not None and not has_host:
        return translate("MonitorWords", "GPU: n/a ({reason})").format(reason=short)
    reasons: list[str] = []
    for gpu in frame.gpus:
        for metric in metrics:
            why = gpu.unavailable.get(metric)
            if why and core_words(why) not in reasons:
                reasons.append(core_words(why))
    if reasons:
        return translate("MonitorWords", "n/a ({reason})").format(reason="; ".join(reasons))
    return translate("MonitorWords", "n/a")


# -- figures -----------------------------------------------------------------------------
def _known(value: float | None) -> bool:
    return value is not None and math.isfinite(value)


def _num(value: float, decimals: int = 0) -> str:
    return f"{value:.{decimals}f}"


class MonitorFigures(QWidget):
    """The current figures in words: one box per GPU (made when first seen) and one for the host."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._boxes: dict[str, tuple[QGroupBox, QFormLayout, dict[str, tuple[QLabel, QLabel]]]] = {}
        self._order: list[str] = []
        self._box("host", self.tr("This computer"))
        self._layout.addStretch(1)
        self.frame: MonitorFrame | None = None

    def _box(self, key: str, title: str) -> QGroupBox:
        box = QGroupBox(title)
        box.setObjectName(f"monitor-figures-{key}")
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._boxes[key] = (box, form, {})
        self._order.append(key)
        self._layout.insertWidget(len(self._order) - 1, box)
        return box

    def _set_rows(self, key: str, rows: list[tuple[str, str, str]]) -> None:
        """(row id, label, value) rows; labels made once, rows not given are hidden."""
        _box, form, labels = self._boxes[key]
        given = set()
        for row_id, label, value in rows:
            given.add(row_id)
            if row_id not in labels:
                name, field = plain_label(wrap=False, selectable=False), plain_label()
                field.setObjectName(f"monitor-{key}-{row_id}")
                form.addRow(name, field)
                labels[row_id] = (name, field)
            name, field = labels[row_id]
            if name.text() != label:
                name.setText(label)
                name.setToolTip(tooltip_for(label))  # P-state, WDDM... in plain words
            if field.text() != value:
                field.setText(value)
            form.setRowVisible(name, True)
        for row_id, (name, _field) in labels.items():
            if row_id not in given:
                form.setRowVisible(name, False)

    def show_frame(self, frame: MonitorFrame | None) -> None:
        self.frame = frame
        if frame is None:
            return
        self._set_rows("host", self._host_rows(frame))
        for gpu in frame.gpus:
            key = f"gpu{gpu.index}"
            title = self.tr("GPU {index} · {name}").format(index=gpu.index, name=gpu.name or "?")
            box = self._boxes[key][0] if key in self._boxes else self._box(key, title)
            if box.title() != title:
                box.setTitle(title)
            self._set_rows(key, self._gpu_rows(gpu))

    # -- words ----------------------------------------------------------------------------
    def _na(self, gpu: GpuSample | None, metric: str) -> str:
        if gpu is not None and gpu.state != GpuState.OK:
            return self.tr("n/a (GPU lost)")
        why = gpu.unavailable.get(metric) if gpu is not None else None
        return self.tr("n/a ({reason})").format(reason=core_words(why)) if why else self.tr("n/a")

    def _value(self, gpu: GpuSample | None, metric: str, template: str, decimals: int = 0,
               source: object | None = None) -> str:
        """``template`` ({v}) filled with the metric, or "n/a (why)"."""
        value = getattr(source if source is not None else gpu, metric)
        if value is None or value != value:  # None or NaN
            return self._na(gpu, metric)
        return template.format(v=_num(value, decimals))

    def _gpu_rows(self, gpu: GpuSample) -> list[tuple[str, str, str]]:
        rows: list[tuple[str, str, str]] = []
        if gpu.state != GpuState.OK:
            rows.append(("state", self.tr("State"), self.tr("stopped answering (lost)")))
        pct = self.tr("{v} %")
        rows.append(("load", self.tr("Load"), self._value(gpu, "gpu_util_percent", pct)))
        rows.append(("memctrl", self.tr("Memory controller"), self._value(gpu, "mem_util_percent", pct)))
        rows.append(("memory", self.tr("Memory used"), self._memory(gpu)))
        rows.append(("temperature", self.tr("Temperature"), self._value(gpu, "temperature_c", self.tr("{v} °C"))))
        rows.append(("fan", self.tr("Fan"), self._value(gpu, "fan_percent", pct)))
        power = self._value(gpu, "power_w", self.tr("{v} W"), 1)
        if _known(gpu.power_w) and _known(gpu.power_limit_w) and gpu.state == GpuState.OK:
            power = self.tr("{draw} W of {limit} W").format(draw=_num(gpu.power_w or 0.0, 1),
                                                             limit=_num(gpu.power_limit_w or 0.0, 0))
        rows.append(("power", self.tr("Power"), power))
        mhz = self.tr("{v} MHz")
        rows.append(("clocks", self.tr("Clocks"), self.tr("SM {sm}, memory {memory}").format(
            sm=self._value(gpu, "sm_clock_mhz", mhz), memory=self._value(gpu, "mem_clock_mhz", mhz))))
        rows.append(("pstate", self.tr("Performance state"), self._value(gpu, "pstate", "P{v}")))
        rows.append(("throttle", self.tr("Held back by"), self._throttle(gpu)))
        rate = self.tr("{v} MiB/s")
        rows.append(("pcie", self.tr("PCIe"), self.tr("received {rx}, sent {tx}").format(
            rx=self._value(gpu, "pcie_rx_mib_s", rate, 1), tx=self._value(gpu, "pcie_tx_mib_s", rate, 1))))
        return rows

    def _memory(self, gpu: GpuSample) -> str:
        if gpu.mem_used_mib is None or gpu.state != GpuState.OK:
            return self._na(gpu, "mem_used_mib")
        if not gpu.mem_total_mib:
            return self.tr("{used} MiB").format(used=_num(gpu.mem_used_mib))
        return self.tr("{used} of {total} MiB ({percent} %)").format(
            used=_num(gpu.mem_used_mib), total=_num(gpu.mem_total_mib), percent=_num(100.0 * gpu.mem_used_mib / gpu.mem_total_mib))

    def _throttle(self, gpu: GpuSample) -> str:
        if gpu.throttle_reasons is None or gpu.state != GpuState.OK:
            return self._na(gpu, "throttle_reasons")
        words = [core_words(w) for w in throttle_words(gpu.throttle_reasons)]
        return ", ".join(words) if words else self.tr("nothing (full speed allowed)")

    def _host_rows(self, frame: MonitorFrame) -> list[tuple[str, str, str]]:
        host: HostSample = frame.host
        pct = self.tr("{v} %")
        cpu = self._value(None, "cpu_percent", pct, source=host)
        measured = [p for p in host.per_cpu_percent if math.isfinite(p)]  # a core can be NaN
        if host.cpu_percent is not None and measured:
            cpu = self.tr("{total} % ({cores} cores, the busiest at {busiest} %)").format(
                total=_num(host.cpu_percent), cores=len(host.per_cpu_percent), busiest=_num(max(measured)))
        if host.ram_used_mib is not None and host.ram_total_mib:
            ram = self.tr("{used} of {total} MiB ({percent} %)").format(
                used=_num(host.ram_used_mib), total=_num(host.ram_total_mib),
                percent=_num(host.ram_percent if host.ram_percent is not None
                             else 100.0 * host.ram_used_mib / host.ram_total_mib))
        else:
            ram = self._value(None, "ram_percent", pct, source=host)
        app = self.tr("CPU {cpu} of one core, memory {rss}").format(
            cpu=self._value(None, "process_cpu_percent", pct, source=host),
            rss=self._value(None, "process_rss_mib", self.tr("{v} MiB"), source=host))
        driver = frame.driver_version or self.tr("n/a ({reason})").format(
            reason=gpu_status_short(frame) or self.tr("unknown"))
        return [("cpu", self.tr("CPU"), cpu), ("ram", self.tr("RAM used"), ram), ("app", self.tr("This app"), app),
                ("driver", self.tr("NVIDIA driver"), driver)]

    # -- for Copy, tests and tools ------------------------------------------------------------
    def rows(self, key: str) -> dict[str, str]:
        """The shown rows of one box ("host", "gpu0"…): row id -> value."""
        _box, form, labels = self._boxes[key]
        return {row_id: field.text() for row_id, (name, field) in labels.items() if form.isRowVisible(name)}

    def text(self) -> str:
        lines: list[str] = []
        for key in self._order:
            box, form, labels = self._boxes[key]
            shown = [(name.text(), field.text()) for name, field in labels.values() if form.isRowVisible(name)]
            if shown:
                lines.append(box.title())
                lines += [f"  {name}: {value}" for name, value in shown]
        return "\n".join(lines)
