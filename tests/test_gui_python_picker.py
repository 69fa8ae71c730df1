"""The Python picker the Benchmark and Profile pages share: "Other Python…" browses, a cancelled dialog goes
back to the previous choice, and one interpreter is never listed twice."""

from __future__ import annotations

from PySide6.QtWidgets import QFileDialog

from tfgpu.gui.widgets.python_picker import OTHER, PythonPicker


def test_browsing_adds_the_interpreter_and_cancelling_goes_back(qtbot, monkeypatch):
    picker = PythonPicker()
    qtbot.addWidget(picker)
    picker.set_pythons([("Python 3.11 · TF 2.16", "/envs/a/bin/python"), ("Python 3.10", "/envs/b/bin/python")])
    assert picker.selected_python() == "/envs/a/bin/python" and picker.itemData(picker.count() - 1) == OTHER
    picker.setCurrentIndex(1)
    picker.activated.emit(1)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args: ("", ""))
    with qtbot.assertNotEmitted(picker.chosen):
        picker.setCurrentIndex(picker.count() - 1)
        picker.activated.emit(picker.count() - 1)
    assert picker.selected_python() == "/envs/b/bin/python"  # the dialog was cancelled
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args: ("/opt/py/bin/python3", ""))
    with qtbot.waitSignal(picker.chosen, timeout=1000):
        picker.setCurrentIndex(picker.count() - 1)
        picker.activated.emit(picker.count() - 1)
    assert picker.selected_python() == "/opt/py/bin/python3"
    picker.select_python("/opt/py/../py/bin/python3")  # the same file, written another way
    assert [picker.itemData(i) for i in range(picker.count())].count("/opt/py/bin/python3") == 1


def test_a_new_list_keeps_the_chosen_interpreter(qtbot):
    picker = PythonPicker()
    qtbot.addWidget(picker)
    picker.set_pythons([("a", "/envs/a/bin/python")])
    picker.select_python("/opt/py/bin/python3")
    picker.set_pythons([("a", "/envs/a/bin/python"), ("b", "/envs/b/bin/python")])
    assert picker.selected_python() == "/opt/py/bin/python3"
    assert picker.itemData(picker.count() - 1) == OTHER
