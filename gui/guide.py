"""The guided path's shared words and state: the verdict for the chosen environment, the one
blocker and the next step, computed once per scan (or environment) for the header, the sidebar,
the Diagnosis page and the "Your system" page alike.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from tfgpu.gui.tr_text import tr_text

if TYPE_CHECKING:  # the diagnosis' rules load with the first scan, not at start-up
    from tfgpu.core.diagnosis.next_steps import Check, Checklist, NextStep
    from tfgpu.gui.page_registry import WizardState

log = logging.getLogger(__name__)
translate = QCoreApplication.translate


def update_verdict(state: WizardState, previous: Checklist | None) -> None:
    """Diagnose ``state.scan`` and build the checklist for ``state.env`` (pure and fast: GUI thread)."""
    from tfgpu.core.diagnosis.doctor import diagnose
    from tfgpu.core.diagnosis.next_steps import next_steps, still_open

    scan = state.scan
    if scan is None:
        state.diagnosis, state.checklist, state.done_steps = None, None, []
        return
    try:
        diagnosis = diagnose(scan)
        checklist = next_steps(diagnosis, state.env)
        done = still_open(previous, checklist, scan, diagnosis) if previous is not None else []
    except Exception:  # noqa: BLE001 - a bug in a rule must not break the window
        log.exception("the checklist could not be made")
        state.diagnosis, state.checklist, state.done_steps = None, None, []
        return
    state.diagnosis, state.checklist, state.done_steps = diagnosis, checklist, done


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
