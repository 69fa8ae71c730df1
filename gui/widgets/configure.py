"""Widgets the PATH and GPU memory pages share: the environment/target chooser and the change history."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QTreeWidget, QTreeWidgetItem, QWidget

from tfgpu.core.configure.store import HistoryEntry
from tfgpu.core.scan import Scan
from tfgpu.gui.widgets.combo import fit_words


class TargetChooser(QWidget):
    """Which Python environment a setting is for, and where it goes."""

    changed = Signal()

    def __init__(self, windows: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.windows = windows
        self.here_only: set[str] = set()  # interpreters found only through the current folder
        self.env_combo = QComboBox()
        self.env_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.env_combo.setMinimumContentsLength(20)
        self.target_combo = QComboBox()  # a few choices in words: the first shown whole (the path gives way)
        if windows:
            self.target_combo.addItem(self.tr("Your user environment (all programs you start)"), "user")
        else:
            self.target_combo.addItem(self.tr("Your shell profile (bash/zsh)"), "profile")
        self.target_combo.addItem(self.tr("Only this conda environment, when activated"), "conda")
        self.target_combo.addItem(self.tr("Only this venv, when activated"), "venv")
        fit_words(self.target_combo, self.target_combo.itemText(0))
        self.set_scan(None)
        self.env_combo.activated.connect(lambda _i: self.changed.emit())
        self.target_combo.activated.connect(lambda _i: self.changed.emit())
        grid = QGridLayout(self)  # two rows: at 900 px both choices keep their words
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(self.tr("Python environment:")), 0, 0)
        grid.addWidget(self.env_combo, 0, 1, 1, 2)
        grid.addWidget(QLabel(self.tr("Where:")), 1, 0)
        grid.addWidget(self.target_combo, 1, 1)
        grid.setColumnStretch(2, 1)

    def set_scan(self, scan: Scan | None, chosen: str | None = None) -> None:
        """The scan's environments; ``chosen`` (the session's environment) is selected, else the one shown."""
        current = chosen or self.python()
        self.env_combo.clear()
        self.env_combo.addItem(self.tr("(none)"), None)
        with_tf = None
        self.here_only = set()  # refilled from this scan
        for env in scan.pythons.envs if scan is not None else []:
            tf = env.tensorflow.version if env.tensorflow is not None and env.tensorflow.version else None
            label = self.tr("{kind} Python {version}").format(kind=env.kind, version=env.version or "?")
            if env.here is not None:  # found only through the current folder: runs only with consent
                self.here_only.add(env.executable)
                label += " · " + self.tr("from the current folder (asks before it runs)")
            if tf:
                label += " · " + self.tr("TensorFlow {version}").format(version=tf)
                with_tf = with_tf or env.executable  # the default: its TF build says which CUDA it needs
            self.env_combo.addItem(f"{label} · {env.executable}", env.executable)
        index = self.env_combo.findData(current) if current else -1
        if index < 0 and with_tf:
            index = self.env_combo.findData(with_tf)
        self.env_combo.setCurrentIndex(max(index, 0))

    def python(self) -> str | None:
        return self.env_combo.currentData()

    def found_only_here(self, python: str | None) -> bool:
        """Whether ``python`` was found only through the current folder (running it needs consent)."""
        return python in self.here_only

    def target(self) -> str:
        return self.target_combo.currentData()


class HistoryView(QTreeWidget):
    """The changes tfgpu made, newest first; a corrupt backup is listed, and can never be undone."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderLabels([self.tr("Change"), self.tr("When (UTC)"), self.tr("What"), self.tr("Status")])
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.entries: list[HistoryEntry] = []

    def set_entries(self, entries: list[HistoryEntry], topic: str | None = None) -> None:
        self.entries = [e for e in entries if topic is None or e.record is None or e.record.topic == topic]
        self.clear()
        statuses = {"applied": self.tr("applied"), "undone": self.tr("undone"), "failed": self.tr("failed, put back"),
                    "pending": self.tr("interrupted"), "unknown": self.tr("unknown")}
        for entry in self.entries:
            record = entry.record
            if record is None:
                item = QTreeWidgetItem([entry.change_id, "", entry.problem or "", self.tr("corrupt backup")])
            else:
                what = record.summary + "\n" + "\n".join(e.where for e in record.edits)
                item = QTreeWidgetItem([record.change_id, record.created.replace("T", " ").rstrip("Z"),
                                        what, statuses.get(record.status, record.status)])
            item.setData(0, Qt.ItemDataRole.UserRole, entry.change_id)
            self.addTopLevelItem(item)
        for column in range(3):
            self.resizeColumnToContents(column)

    def selected_change_id(self) -> str | None:
        items = self.selectedItems()
        return items[0].data(0, Qt.ItemDataRole.UserRole) if items else None

    def undoable(self, change_id: str | None) -> bool:
        entry = next((e for e in self.entries if e.change_id == change_id), None)
        record = entry.record if entry is not None else None
        return record is not None and record.status in ("applied", "unknown", "pending") and record.undoes is None
