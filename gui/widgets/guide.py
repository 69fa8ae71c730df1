"""The guided path's shared words: a step's sentence, its "done when" check and an environment, in
the UI language (the verdict itself is the session's: :mod:`tfgpu.gui.session`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from tfgpu.gui.tr_text import tr_text

if TYPE_CHECKING:  # the diagnosis' rules load with the first scan, not at start-up
    from tfgpu.core.diagnosis.next_steps import Check, NextStep
    from tfgpu.core.diagnosis.verdict import Verdict

translate = QCoreApplication.translate


def check_text(check: Check) -> str:
    """A step's "done when" sentence in the UI language (the finding's title translated too)."""
    if "title" in check.text.args:
        template = translate("core", check.text.template)
        title = translate("core", check.text.args["title"])
        try:
            return template.format(title=title)
        except (KeyError, IndexError, ValueError):
            return str(check.text)
    return tr_text(check.text)


def step_sentence(step: NextStep) -> str:
    """A step's words without the colon that introduces its command."""
    return tr_text(step.text).rstrip().rstrip(":：").rstrip()


def env_words(python: str, version: str | None, tf_version: str | None) -> str:
    python_words = translate("Guide", "Python {version}").format(version=version) if version else "Python"
    tf = (translate("Guide", "TensorFlow {version}").format(version=tf_version) if tf_version
          else translate("Guide", "no TensorFlow"))
    return f"{python_words} · {tf} · {python}"


def not_needed_words(verdict: Verdict, part: str) -> str | None:
    """"Not needed for your route: why." in the UI language (the sentence and its reason both
    translated), or None when the route uses ``part``."""
    from tfgpu.core.diagnosis.verdict import NOT_NEEDED

    why = verdict.not_needed.get(part)
    if why is None:
        return None
    try:
        return translate("core", NOT_NEEDED).format(why=tr_text(why))
    except (KeyError, IndexError, ValueError):
        return str(verdict.not_needed_text(part))
