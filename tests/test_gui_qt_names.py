"""No name in tfgpu.gui hides a Qt attribute.

A ``thread`` property on a QObject hides ``QObject.thread()`` (Qt's own code and PySide call
it), and ``self.scroll = QScrollArea()`` on a widget hides ``QWidget.scroll()``. The rule, for
every QObject subclass defined in ``tfgpu.gui``: a name its Qt base classes also have is only
allowed for a method overriding a Qt virtual meant to be overridden (an event handler, a
QWizardPage hook, a model or delegate method...). Shadowing a Qt method with anything that
is not a method, a signal or enum with anything, or a non-virtual method at all, fails; and
an instance attribute (``self.x = ...``) never may take a Qt name.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import os
import pkgutil
import textwrap

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QObject, QThread, Signal  # noqa: E402
from PySide6.QtWidgets import QWidget  # noqa: E402

import tfgpu.gui  # noqa: E402

#: Qt virtuals that subclasses are meant to override (besides every ``...Event`` handler).
QT_VIRTUALS = frozenset({
    # QObject / QWidget / QDialog
    "event", "eventFilter", "sizeHint", "minimumSizeHint", "hasHeightForWidth", "heightForWidth",
    "setVisible", "focusNextPrevChild", "done", "accept", "reject", "run",
    # QWizard / QWizardPage
    "initializePage", "cleanupPage", "validatePage", "validateCurrentPage", "isComplete", "nextId",
    # item models and delegates
    "data", "setData", "headerData", "rowCount", "columnCount", "flags", "index", "sort", "roleNames",
    "mimeData", "mimeTypes", "supportedDropActions", "canFetchMore", "fetchMore",
    "paint", "createEditor", "setEditorData", "setModelData", "updateEditorGeometry", "initStyleOption",
    # text edits
    "canInsertFromMimeData", "insertFromMimeData", "createMimeDataFromSelection",
})


def gui_qobject_classes() -> list[type]:
    """Every QObject subclass defined at module level in tfgpu.gui (every module imported)."""
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(tfgpu.gui.__path__, "tfgpu.gui."):
        module = importlib.import_module(info.name)  # an import error fails the test
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, QObject) and cls.__module__ == module.__name__:
                found[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return [found[key] for key in sorted(found)]


def qt_names(cls: type) -> set[str]:
    """The attribute names of ``cls``'s Qt base classes (PySide6's own, not ours or pyqtgraph's)."""
    names: set[str] = set()
    for base in cls.__mro__:
        if base.__module__.startswith(("PySide6.", "shiboken6")):
            names.update(dir(base))
    return {n for n in names if not n.startswith("__") and n != "staticMetaObject"}


def _qt_attribute(cls: type, name: str) -> object:
    for base in cls.__mro__:
        if base.__module__.startswith(("PySide6.", "shiboken6")) and name in vars(base):
            return vars(base)[name]
    return getattr(cls, name)


def _is_method(value: object) -> bool:
    return inspect.isfunction(value) or isinstance(value, (staticmethod, classmethod))


def _is_qt_method(value: object) -> bool:
    return callable(value) and not isinstance(value, (Signal, type))


def instance_attributes(cls: type) -> set[str]:
    """Names the class's own code assigns on ``self`` (``self.x = ...``, ``self.a, self.b = ...``)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        else:
            continue
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and part.value.id == "self":
                    names.add(part.attr)
    return names


def shadowed(cls: type) -> list[str]:
    """What in ``cls`` hides a Qt attribute, in words; empty when nothing does."""
    qt = qt_names(cls)
    problems = []
    for name, value in vars(cls).items():
        if name not in qt:
            continue
        allowed = name.endswith("Event") or name in QT_VIRTUALS
        if not (allowed and _is_method(value) and _is_qt_method(_qt_attribute(cls, name))):
            what = "method" if _is_method(value) else type(value).__name__
            problems.append(f"{cls.__name__}.{name} ({what}) hides Qt's {name}")
    for name in sorted(instance_attributes(cls) & qt):
        problems.append(f"{cls.__name__}: self.{name} hides Qt's {name}")
    return problems


def test_every_gui_module_is_walked() -> None:
    names = {cls.__qualname__ for cls in gui_qobject_classes()}
    for expected in ("JobController", "ScanController", "BenchController", "HistoryController",
                     "ExplainController", "JobWorker", "DiagnosisPage", "SystemPage", "MainWindow"):
        assert expected in names


def test_no_gui_class_hides_a_qt_attribute() -> None:
    problems = [problem for cls in gui_qobject_classes() for problem in shadowed(cls)]
    assert not problems, "\n".join(problems)


def test_the_rule_catches_what_it_is_for() -> None:
    class Hides(QWidget):
        def __init__(self) -> None:
            super().__init__()
            self.scroll = None  # QWidget.scroll()
            self.ok_name, self.update = 1, 2  # QWidget.update() in a tuple target

        @property
        def thread(self) -> QThread | None:  # QObject.thread() as a property
            return None

        def show(self) -> None:  # a non-virtual method
            super().show()

        destroyed = Signal()  # a Qt signal

        def closeEvent(self, event) -> None:  # noqa: N802 - a virtual: allowed
            super().closeEvent(event)

        def sizeHint(self):  # noqa: N802 - a virtual: allowed
            return super().sizeHint()

    problems = shadowed(Hides)
    assert sorted(p.split(" ")[0] for p in problems) == [
        "Hides.destroyed", "Hides.show", "Hides.thread", "Hides:", "Hides:"]
    assert any("self.scroll hides" in p for p in problems) and any("self.update hides" in p for p in problems)
