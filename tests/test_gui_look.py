"""How the window looks: text contrast >= 4.5:1 in the light and the dark scheme, every visible
string translated in zh_CN, screenshots of every page in both languages that show something,
and a high-DPI first window drawn at twice the size."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QImage, QPalette  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QComboBox,
    QGroupBox,
    QLabel,
    QTabBar,
    QTreeWidget,
    QWidget,
)
from test_gui_guided import PAGES, guided  # noqa: E402

from fakes.fake_host import FakeHost  # noqa: E402
from tfgpu.gui.i18n import clear_language, switch_language  # noqa: E402
from tfgpu.gui.icons import Tone  # noqa: E402
from tfgpu.gui.theme import (  # noqa: E402
    TEXT_CONTRAST,
    apply_scheme,
    background,
    contrast,
    host_colour,
    secondary_text,
    series_colour,
    tone_colour,
)
from tfgpu.gui.widgets.disclosure import Disclosure  # noqa: E402
from tfgpu.gui.widgets.findings import CommandText, LinkBox  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402
from tfgpu.gui.window.screenshot import capture  # noqa: E402

IDLE_MS = 30_000


@pytest.fixture
def scheme(request, qapp):
    """The app in ``request.param`` ("light"/"dark"); the style and palette restored afterwards."""
    style, palette, sheet = qapp.style().name(), qapp.palette(), qapp.styleSheet()
    used = apply_scheme(qapp, request.param)
    yield used
    qapp.setStyleSheet(sheet)
    qapp.setStyle(style)
    qapp.setPalette(palette)


def visit_every_page(qtbot, window: MainWindow):
    """Each page shown in turn, with what it hides behind "Other options" or "Details" opened."""
    for page_id in PAGES:
        window.go_to(page_id)
        page = window.page_by_id(page_id)
        qtbot.waitUntil(page.is_idle, timeout=IDLE_MS)
        for disclosure in page.findChildren(Disclosure):
            disclosure.set_open(True)
        yield page_id, page


def _background(widget: QWidget):
    for w in [widget, *_ancestors(widget)]:
        if w.autoFillBackground() or w.isWindow():
            return w.palette().color(w.backgroundRole())
    return background(widget.palette())


def _ancestors(widget: QWidget):
    parent = widget.parentWidget()
    while parent is not None:
        yield parent
        parent = parent.parentWidget()


def _text(widget: QWidget) -> str:
    if isinstance(widget, (QLabel, QAbstractButton)):
        return widget.text()
    if isinstance(widget, QGroupBox):
        return widget.title()
    return ""


@pytest.mark.parametrize("scheme", ["light", "dark"], indirect=True)
def test_text_contrast_in_both_schemes(qtbot, scheme: str, windows_tf215: FakeHost) -> None:
    window = guided(qtbot, windows_tf215)
    palette = window.palette()
    assert (contrast(palette.color(QPalette.ColorRole.WindowText), background(palette)) > 7) and \
        ((scheme == "dark") == (palette.color(QPalette.ColorRole.Window).lightness() < 128))
    # every colour the app makes for text or legends reads on the window background
    made = [tone_colour(tone) for tone in Tone] + [secondary_text()] + [series_colour(i) for i in range(8)] + \
        [host_colour(m) for m in ("cpu_percent", "ram_percent")]
    assert min(contrast(colour, background()) for colour in made) >= TEXT_CONTRAST
    low: list[str] = []
    checked = 0
    for page_id, _page in visit_every_page(qtbot, window):
        for widget in window.findChildren(QWidget):
            text = _text(widget)
            if not text.strip() or not widget.isVisible() or not widget.isEnabled():
                continue  # WCAG leaves disabled controls out
            role = widget.foregroundRole()
            ratio = contrast(widget.palette().color(role), _background(widget))
            checked += 1
            if ratio < TEXT_CONTRAST:
                low.append(f"{page_id}: {type(widget).__name__} {text[:40]!r} {ratio:.2f}")
    assert checked > 100
    assert not low, "\n".join(sorted(set(low)))


# -- every visible string in Chinese ---------------------------------------------------------------

#: Names, units and words that stay as they are in a Chinese text.
KEEP = {
    "tensorflow", "nvidia", "geforce", "rtx", "super", "cuda", "cudnn", "python", "gpu", "gpus", "cpu", "ram", "wsl",
    "wsl2", "ubuntu", "windows", "linux", "powershell", "bash", "cmd", "pip", "conda", "venv", "xla", "tflops",
    "gflops", "pcie", "mib", "mb", "gb", "pro", "home", "amd64", "x86_64", "intel", "nvidia-smi", "markdown",
    "excel", "pandas", "gpu-z", "tensor", "cores", "mixed_float16", "jit_compile", "float32", "float16", "bfloat16",
    "tf", "assistant", "csv", "nvml", "wddm", "issue", "path", "ld_library_path", "tfgpu", "doctor", "debian",
    "gnu", "os", "pyenv", "system", "store", "microsoft", "nightly", "ptx", "ptxas", "nvcc", "dll",
}
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z_'-]+(?:[\s,]+[A-Za-z][A-Za-z_'-]+){2,}")


def english_sentences(text: str) -> list[str]:
    """Runs of three or more English words that are not names, units or commands."""
    text = re.sub(r"https?://\S+|[A-Za-z]:\\\S*|\S*[/\\]\S*|`[^`]*`|'[^']*'|\"[^\"]*\"|“[^”]*”|<[^>]+>", " ", text)
    found = []
    for run in ENGLISH_RUN.findall(text):
        words = [w for w in re.split(r"[\s,]+", run) if w]
        plain = 0
        for word in words:
            plain = 0 if word.lower().strip("'") in KEEP else plain + 1
            if plain >= 3:
                found.append(run)
                break
    return found


def visible_texts(window: MainWindow) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or isinstance(widget, CommandText) or widget.objectName() == "evidence":
            continue
        if any(isinstance(a, LinkBox) for a in _ancestors(widget)):
            continue  # an address
        name = type(widget).__name__
        if isinstance(widget, QComboBox):
            out.append((name, widget.currentText()))
        elif isinstance(widget, QTabBar):
            out += [(name, widget.tabText(i)) for i in range(widget.count())]
        elif isinstance(widget, QTreeWidget):
            header = widget.headerItem()
            out += [(name, header.text(c)) for c in range(header.columnCount())]
            for i in range(widget.topLevelItemCount()):
                item = widget.topLevelItem(i)
                out += [(name, item.text(0)), (name, item.text(1))]
        else:
            out.append((name, _text(widget)))
    for action in window.menuBar().actions():
        out.append(("menu", action.text()))
        out += [("menu", sub.text()) for sub in action.menu().actions()] if action.menu() else []
    return [(n, t) for n, t in out if t and t.strip()]


def test_zh_CN_every_visible_text_is_translated(qtbot, qapp, windows_tf215: FakeHost) -> None:
    switch_language(qapp, "zh_CN")
    try:
        window = guided(qtbot, windows_tf215)
        untranslated: set[str] = set()
        seen = 0
        for page_id, _page in visit_every_page(qtbot, window):
            for name, text in visible_texts(window):
                seen += 1
                for sentence in english_sentences(text):
                    untranslated.add(f"{page_id}: {name}: {sentence!r} in {text[:80]!r}")
        assert seen > 200
        assert not untranslated, "\n".join(sorted(untranslated))
        assert english_sentences("The check was stopped before it finished") != []  # the test can fail
    finally:
        clear_language(qapp)


# -- screenshots ---------------------------------------------------------------------------------


def _distinct_colours(image: QImage) -> int:
    small = image.scaled(180, 130)
    return len({small.pixel(x, y) for x in range(small.width()) for y in range(small.height())})


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_screenshots_of_every_page_are_not_blank(qtbot, qapp, lang: str, windows_tf215: FakeHost,
                                                 tmp_path: Path) -> None:
    switch_language(qapp, lang)
    try:
        window = MainWindow(host=windows_tf215, auto_scan=True)
        qtbot.addWidget(window)
        shots = {}
        for page_id in PAGES:
            path = capture(window, tmp_path / f"{page_id}-{lang}.png", page_id, timeout_s=60)
            image = QImage(str(path))
            assert (image.width(), image.height()) == (900, 650)
            assert _distinct_colours(image) > 20, page_id  # text, icons and frames: not one flat colour
            shots[page_id] = image
        assert len({bytes(image.constBits()) for image in shots.values()}) == len(PAGES)  # six different pages
    finally:
        clear_language(qapp)


def test_high_dpi_first_window(tmp_path: Path) -> None:
    """At a scale factor of 2 the window is drawn with twice the pixels (icons from SVG, no blur)."""
    target = tmp_path / "hidpi.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "QT_SCALE_FACTOR": "2"}
    code = "import sys; from tfgpu.gui.app import main; sys.exit(main(sys.argv[1:]))"
    done = subprocess.run([sys.executable, "-c", code, "--first-window", str(target)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "PYQTGRAPH=False" in done.stdout and "TF=False" in done.stdout  # nothing heavy before the window
    image = QImage(str(target))
    assert (image.width(), image.height()) == (1800, 1300)  # 900x650 logical pixels, drawn at 2x
