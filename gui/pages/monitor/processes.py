"""The Monitor page's per-process table: which processes use which GPU, and how much memory.

NVML gives per-process memory where the driver tells it; under WDDM (Windows' usual
driver mode) it does not, so the cell says "n/a (WDDM)", never 0. A GPU for which NVML
gives no list at all gets a note under the table instead of an empty table that would
read as "nothing runs".
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tfgpu.core.monitor.samples import GpuProcess, GpuSample, GpuState, MonitorFrame
from tfgpu.core.monitor.words import PROCESSES_NOTE_WORDS
from tfgpu.gui.pages.monitor.labels import core_words, gpu_status_short
from tfgpu.gui.widgets.findings import plain_label

COL_GPU, COL_PID, COL_NAME, COL_KIND, COL_MEMORY = range(5)


class ProcessTable(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, 5)
        self.table.setObjectName("monitor-processes")
        self.table.setHorizontalHeaderLabels([self.tr("GPU"), self.tr("PID"), self.tr("Process"), self.tr("Type"),
                                              self.tr("GPU memory")])
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Stretch)
        self.note = plain_label(selectable=False)
        self.note.setObjectName("monitor-processes-note")
        self.note.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.note)
        self._shown: tuple | None = None

    def _kind(self, kind: str) -> str:
        return {"compute": self.tr("compute"), "graphics": self.tr("graphics"),
                "compute+graphics": self.tr("compute and graphics")}.get(kind, kind)

    def _memory(self, gpu: GpuSample, process: GpuProcess) -> str:
        if process.used_memory_mib is not None:
            return self.tr("{mib} MiB").format(mib=f"{process.used_memory_mib:.0f}")
        if gpu.processes_note in PROCESSES_NOTE_WORDS:
            return core_words(PROCESSES_NOTE_WORDS[gpu.processes_note])
        return self.tr("n/a")

    def show_frame(self, frame: MonitorFrame | None) -> None:
        rows: list[tuple[str, ...]] = []
        notes: list[str] = []
        for gpu in frame.gpus if frame is not None else ():
            if gpu.state != GpuState.OK:
                notes.append(self.tr("GPU {index}: stopped answering (lost), no process list.").format(index=gpu.index))
                continue
            if gpu.processes is None:
                why = gpu.unavailable.get("processes")
                if why:
                    notes.append(self.tr("GPU {index}: NVML gives no process list ({reason}).").format(
                        index=gpu.index, reason=core_words(why)))
                else:
                    notes.append(self.tr("GPU {index}: NVML gives no process list.").format(index=gpu.index))
                continue
            if gpu.processes_note == "wddm":
                notes.append(self.tr("GPU {index}: Windows (WDDM driver mode) does not tell how much GPU memory "
                                     "each process uses.").format(index=gpu.index))
            if not gpu.processes:
                notes.append(self.tr("GPU {index}: no process is using it.").format(index=gpu.index))
            for process in sorted(gpu.processes, key=lambda p: p.pid):
                rows.append((str(gpu.index), str(process.pid), process.name or self.tr("n/a"),
                             self._kind(process.kind), self._memory(gpu, process)))
        if frame is not None and not frame.gpus:
            notes.append(self.tr("No process list: {reason}.").format(reason=gpu_status_short(frame)))
        shown = (tuple(rows), tuple(notes))
        if shown == self._shown:
            return  # the same as a second ago: keep the selection and scroll position
        self._shown = shown
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                if c in (COL_GPU, COL_PID, COL_MEMORY):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.note.setText("\n".join(notes))
        self.note.setVisible(bool(notes))

    # -- for Copy, tests and tools --------------------------------------------------------
    def rows(self) -> list[list[str]]:
        return [[self.table.item(r, c).text() for c in range(self.table.columnCount())]
                for r in range(self.table.rowCount())]

    def text(self) -> str:
        header = [self.table.horizontalHeaderItem(c).text() for c in range(self.table.columnCount())]
        lines = ["\t".join(header)] + ["\t".join(row) for row in self.rows()]
        if self.note.text():
            lines.append(self.note.text())
        return "\n".join(lines)
