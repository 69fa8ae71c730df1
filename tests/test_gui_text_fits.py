"""Text that fits: on every page, in English and Chinese, light and dark, at the default 900x650 and at
1920x1080, no label, button, radio button or check box shows its text cut (the text's bounding rectangle
against the widget's), and no Markdown markup reaches a widget as literal characters."""

from __future__ import annotations

import os
import re

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QCoreApplication, QRect, QSize, Qt  # noqa: E402
from PySide6.QtWidgets import (  # noqa: E402
    QAbstractButton,
    QCheckBox,
    QComboBox,
    QLabel,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)
from test_gui_guided import guided  # noqa: E402
from test_gui_look import scheme, visit_every_page  # noqa: E402, F401 - the scheme fixture

from fakes.fake_host import FakeHost  # noqa: E402
from tfgpu.gui.i18n import clear_language, switch_language  # noqa: E402

SIZES = {"900x650": QSize(900, 650), "1920x1080": QSize(1920, 1080)}
#: Markdown that a label would show as typed: backticks, **bold**, an escaped character, [a link](...).
MARKUP = re.compile(r"`|\*\*|\\[_*`#\[\]()!-]|\]\(https?:")


def clipped(widget: QWidget) -> str | None:
    """Why ``widget``'s text does not fit in it, or None."""
    text = widget.currentText() if isinstance(widget, QComboBox) else \
        widget.text() if isinstance(widget, (QLabel, QAbstractButton)) else ""
    if not text.strip() or widget.width() <= 1 or widget.height() <= 1:
        return None
    if isinstance(widget, QLabel):
        if widget.textFormat() == Qt.TextFormat.RichText or (widget.pixmap() is not None and not widget.pixmap().isNull()):
            return None  # rich text lays itself out (links); a picture has no text
        area = widget.contentsRect()
        flags = int(widget.alignment()) | (int(Qt.TextFlag.TextWordWrap) if widget.wordWrap() else 0)
        bound = widget.fontMetrics().boundingRect(QRect(0, 0, area.width(), 100_000), flags, text)
        if bound.width() > area.width() + 1 or bound.height() > area.height() + 1:
            return f"needs {bound.width()}x{bound.height()}, has {area.width()}x{area.height()}"
        return None
    if isinstance(widget, QComboBox):
        if re.search(r"[\\/]", text):
            return None  # an interpreter's path: elided on purpose, whole in its tooltip
        option = QStyleOptionComboBox()
        widget.initStyleOption(option)
        field = widget.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                               QStyle.SubControl.SC_ComboBoxEditField, widget)
        need = widget.fontMetrics().horizontalAdvance(text)
        if need > field.width() + 1:
            return f"needs {need} px, has {field.width()}"
        return None
    if isinstance(widget, (QPushButton, QCheckBox, QRadioButton)):
        hint = widget.sizeHint()
        if hint.width() > widget.width() + 1 or hint.height() > widget.height() + 1:
            return f"needs {hint.width()}x{hint.height()}, has {widget.width()}x{widget.height()}"
    return None


def shown_text(widget: QWidget) -> str:
    return widget.currentText() if isinstance(widget, QComboBox) else widget.text()  # type: ignore[attr-defined]


def shown_widgets(window: QWidget):
    for widget in window.findChildren(QWidget):
        if isinstance(widget, (QLabel, QPushButton, QCheckBox, QRadioButton, QComboBox)) and widget.isVisible():
            yield widget


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", ["en", "zh_CN"])
@pytest.mark.parametrize("scheme", ["light", "dark"], indirect=True)
def test_no_text_is_cut_on_any_page(qtbot, qapp, scheme: str, lang: str, size: str,  # noqa: F811 - the fixture
                                    windows_tf215: FakeHost) -> None:
    if lang != "en":
        switch_language(qapp, lang)
    try:
        window = guided(qtbot, windows_tf215)
        window.resize(SIZES[size])
        cut: list[str] = []
        markup: list[str] = []
        checked = 0
        for page_id, _page in visit_every_page(qtbot, window):
            for _ in range(3):  # the layouts the page asked for (rows added by a plan) are done first
                QCoreApplication.sendPostedEvents()
                qapp.processEvents()
            for widget in shown_widgets(window):
                checked += 1
                why = clipped(widget)
                if why is not None:
                    cut.append(f"{page_id}: {type(widget).__name__} {why}: {ascii(shown_text(widget)[:60])}")
                if MARKUP.search(shown_text(widget)):
                    markup.append(f"{page_id}: {type(widget).__name__} {shown_text(widget)[:80]!r}")
        assert checked > 100
        assert not cut, "\n".join(sorted(set(cut)))
        assert not markup, "\n".join(sorted(set(markup)))
    finally:
        clear_language(qapp)


def test_the_check_sees_a_cut_label_and_a_cut_button(qtbot) -> None:
    label = QLabel("a sentence far too long for the little space it was given")
    button = QPushButton("A button with a long text")
    for widget in (label, button):
        qtbot.addWidget(widget)
        widget.setFixedWidth(60)
        widget.show()
    assert clipped(label) is not None and clipped(button) is not None
    label.setWordWrap(True)
    label.setFixedSize(60, 400)
    assert clipped(label) is None
    assert MARKUP.search("Run `pip install`") and not MARKUP.search("Run pip install")


@pytest.mark.parametrize("scheme", ["light", "dark"], indirect=True)
def test_a_radio_button_reads_in_both_schemes(qtbot, scheme: str) -> None:  # noqa: F811 - the fixture
    """The ring of a radio button stands out from the window at 3:1 or more (WCAG's non-text contrast)."""
    from PySide6.QtGui import QColor

    from tfgpu.gui.theme import background, contrast

    box = QWidget()
    radio = QRadioButton("Memory growth", box)
    qtbot.addWidget(box)
    box.resize(200, 40)
    box.show()
    qtbot.waitExposed(box)
    image = radio.grab(QRect(0, 0, 20, radio.height())).toImage()  # the indicator, left of the text
    window = background(radio.palette())
    best = max(contrast(QColor(image.pixel(x, y)), window) for x in range(image.width()) for y in range(image.height()))
    assert best >= 3.0, f"{scheme}: the radio button's ring reaches {best:.2f}:1"


def test_the_live_plot_takes_the_height_of_the_plots_without_figures(qtbot) -> None:
    """At 900x650 without GPU figures the one live plot (CPU, RAM) is not squeezed by two "n/a" notes."""
    from test_gui_monitor import make_frame

    from fakes.fake_monitor import FakeSamplerFactory
    from tfgpu.core.monitor.samples import GpuStatus
    from tfgpu.gui.monitor_service import MonitorService
    from tfgpu.gui.page_registry import PageContext
    from tfgpu.gui.pages.monitor.page import MonitorPage

    samplers = FakeSamplerFactory(threaded=False)
    context = PageContext()
    context.session.attach_monitor(MonitorService(None, sampler_factory=samplers, parent=context.session))
    page = MonitorPage(context)
    qtbot.addWidget(page, before_close_func=lambda p: (p.shutdown(), context.session.shutdown()))
    page.resize(720, 480)  # the page's share of a 900x650 window
    page.show()
    qtbot.waitUntil(lambda: samplers.made != [], timeout=5_000)
    for i in range(4):
        samplers.sampler.push(make_frame(1_700_000_000.0 + i, status=GpuStatus.NO_DRIVER, reason="no libnvidia-ml"))
    page.plots.refresh(page.service.history, page.window_s())
    qtbot.wait(50)
    live = [g for g in page.plots.groups.values() if g.widget.isVisibleTo(page.plots)]
    assert [g.spec.key for g in live] == ["utilisation"]
    assert live[0].widget.height() >= 0.5 * page.plots.height(), (live[0].widget.height(), page.plots.height())
