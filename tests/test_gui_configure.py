"""pytest-qt: the PATH page shows the plan as a diff, then Apply and Undo round-trip on a fake Windows
host (its registry); the memory page shows options and snippets, and Verify reports honestly."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QPalette

from tfgpu.core.configure import store
from tfgpu.core.configure.applier import UndoMode
from tfgpu.core.host.registry import REG_EXPAND_SZ, USER_ENVIRONMENT, RegValue
from tfgpu.gui.page_registry import PageContext
from tfgpu.gui.pages.memory.page import MemoryPage
from tfgpu.gui.pages.path.page import PathPage
from tfgpu.gui.widgets.plan_view import contrast, diff_colours

CUDA = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2"
ORIGINAL = RegValue("%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;C:\\tools", REG_EXPAND_SZ)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def host(windows_host):
    for part in ("bin", "libnvvp", "extras\\CUPTI\\lib64"):
        windows_host.mkdir(f"{CUDA}\\{part}")
    windows_host.registry.set(USER_ENVIRONMENT, "Path", ORIGINAL)
    return windows_host


def _wait(qtbot, page):
    qtbot.waitUntil(lambda: not page.is_busy(), timeout=10_000)


def test_path_page_plans_applies_and_undoes(qtbot, host, data_dir):
    confirmed = []
    page = PathPage(PageContext(host=host), confirm=lambda _parent, plan: confirmed.append(plan) or True)
    qtbot.addWidget(page)
    page.cuda_edit.setText(CUDA)
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        page.refresh()
    # The plan is shown: the diff with its marks, what changes where and where the backup goes.
    assert page.plan is not None and page.plan.can_apply
    shown = page.view.toPlainText()
    assert f"+\n{CUDA}\\bin\n" in shown.replace("\t", "\n")  # the mark, then the folder added
    assert "+" in shown and "C:\\tools" in shown
    assert "HKCU\\Environment\\Path" in page.where.text() and str(data_dir) in page.where.text()
    assert page.apply_button.isEnabled()
    # Apply: confirmed first, then written, verified, and in the history.
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        assert page.apply_plan()
    assert len(confirmed) == 1
    written = host.registry.read_value(USER_ENVIRONMENT, "Path")
    assert written.kind == REG_EXPAND_SZ and written.text.startswith(ORIGINAL.text + ";" + CUDA + "\\bin")
    assert host.registry.broadcasts == 1
    assert page.plan.nothing_to_do and not page.apply_button.isEnabled()
    assert page.history.topLevelItemCount() == 1
    # Undo: the exact original value and type come back.
    page.history.setCurrentItem(page.history.topLevelItem(0))
    assert page.undo_button.isEnabled()
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        assert page.undo_selected()
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == ORIGINAL
    assert host.registry.read_value(USER_ENVIRONMENT, "CUDA_PATH") is None
    assert page.plan.can_apply  # planned again: the folders are missing again
    page.shutdown()


def test_path_page_apply_cancelled_changes_nothing(qtbot, host, data_dir):
    page = PathPage(PageContext(host=host), confirm=lambda _parent, _plan: False)
    qtbot.addWidget(page)
    page.cuda_edit.setText(CUDA)
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        page.refresh()
    assert not page.apply_plan()
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == ORIGINAL and not store.list_changes()
    page.shutdown()


def test_path_page_undo_after_outside_change_asks(qtbot, host, data_dir):
    asked = []
    page = PathPage(PageContext(host=host), confirm=lambda *_: True,
                    ask_outside=lambda _parent, exc: asked.append(exc) or UndoMode.REMOVE_OURS)
    qtbot.addWidget(page)
    page.cuda_edit.setText(CUDA)
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        page.refresh()
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        page.apply_plan()
    changed = host.registry.read_value(USER_ENVIRONMENT, "Path").text + ";D:\\mine"
    host.registry.write_value(USER_ENVIRONMENT, "Path", RegValue(changed, REG_EXPAND_SZ))
    page.history.setCurrentItem(page.history.topLevelItem(0))
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        page.undo_selected()
    _wait(qtbot, page)
    assert len(asked) == 1 and asked[0].places[0].where == "HKCU\\Environment\\Path"
    # Kept the outside change, took out only ours.
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == RegValue(ORIGINAL.text + ";D:\\mine", REG_EXPAND_SZ)
    page.shutdown()


def test_memory_page_snippets_apply_and_undo(qtbot, host, data_dir):
    page = MemoryPage(PageContext(host=host), confirm=lambda *_: True)
    qtbot.addWidget(page)
    assert "set_memory_growth" in page.snippet_box.toPlainText()
    page.radios["limit"].setChecked(True)
    page.limit_spin.setValue(2048)
    assert "memory_limit=MEMORY_LIMIT_MIB" in page.snippet_box.toPlainText() and "2048" in page.snippet_box.toPlainText()
    assert not page.apply_button.isEnabled()  # a limit is code only
    page.radios["growth"].setChecked(True)
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        assert page.plan_apply()
    _wait(qtbot, page)
    assert host.registry.read_value(USER_ENVIRONMENT, "TF_FORCE_GPU_ALLOW_GROWTH") == RegValue("true", 1)
    with qtbot.waitSignal(page.controller.idle, timeout=10_000):
        assert page.undo_latest()
    assert host.registry.read_value(USER_ENVIRONMENT, "TF_FORCE_GPU_ALLOW_GROWTH") is None
    page.shutdown()


@pytest.mark.parametrize("base, text", [("#ffffff", "#000000"), ("#1e1e1e", "#e6e6e6"), ("#f0f0f0", "#202020")])
def test_diff_colours_come_from_the_palette_and_keep_text_readable(qapp, base, text):
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Base, QColor(base))
    palette.setColor(QPalette.ColorRole.Text, QColor(text))
    colours = diff_colours(palette)
    assert colours["kept"] == QColor(base)
    assert len({colours[k].name() for k in ("added", "removed", "moved", "kept")}) == 4
    for kind, colour in colours.items():
        assert contrast(colour, QColor(text)) >= 4.5, kind
