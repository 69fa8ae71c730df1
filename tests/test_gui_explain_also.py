"""The Explain view says "Also possible: ..." when the runner-up's evidence is as strong as the primary's
(issue 28), and nothing more when it is not."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tfgpu.core.explain.engine import explain_text  # noqa: E402
from tfgpu.core.explain.model import Explanation  # noqa: E402
from tfgpu.core.findings.catalog import make_finding  # noqa: E402
from tfgpu.core.i18n import TrText  # noqa: E402
from tfgpu.gui.pages.explain.view import ExplanationView  # noqa: E402
from tfgpu.gui.tr_text import tr_text  # noqa: E402


def _explanation(close: bool) -> Explanation:
    first = make_finding("cuda-version-mismatch", TrText("CUDA 11.2 is needed, 12.3 is installed."))
    second = make_finding("path-not-set", TrText("cudart64_110.dll is not on PATH."))
    return Explanation(kind="tf-log", primary=first.id, findings=[first, second], confidence=0.5,
                       alternatives=[{"id": second.id, "score": 0.85, "close": close}])


def test_a_close_runner_up_is_shown_as_also_possible(qtbot):
    view = ExplanationView()
    qtbot.addWidget(view)
    explanation = _explanation(close=True)
    view.show_explanation(explanation)
    shown = view.also_possible_shown()
    assert shown is not None and tr_text(explanation.findings[1].title) in shown


def test_a_distant_runner_up_is_not(qtbot):
    view = ExplanationView()
    qtbot.addWidget(view)
    view.show_explanation(_explanation(close=False))
    assert view.also_possible_shown() is None
    view.show_explanation(explain_text("ModuleNotFoundError: No module named 'tensorflow'"))
    assert view.also_possible_shown() is None
