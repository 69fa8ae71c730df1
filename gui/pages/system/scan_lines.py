"""The building blocks of the scan view: a :class:`Line` tree and the shared words.

Placeholders in translated strings are ``{name}`` (``str.format``). Counts are written
as "GPUs: {n}", not "%n GPU(s)": pyside6-lupdate only sees plurals in ``self.tr``.
Core's hints are English ``QT_TRANSLATE_NOOP("core", ...)`` texts: :func:`hint_text` translates them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication

from tfgpu.core.i18n import CONTEXT as CORE_CONTEXT
from tfgpu.core.probes.base import ProbeResult, Status
from tfgpu.gui.icons import TONE_OF_STATUS, Tone

translate = QCoreApplication.translate



@dataclass
class Line:
    """One row: ``label`` (what), ``value`` (the fact), an optional status tone, children."""

    label: str
    value: str = ""
    tone: Tone | None = None
    status_text: str = ""
    kind: str = "fact"  # section / item / fact / hint / note / error / evidence
    expanded: bool = False
    children: list[Line] = field(default_factory=list)

    def add(self, label: str, value: object, **kwargs: object) -> Line | None:
        """Add a fact unless its value is empty (unknown facts are left out, not shown as blank)."""
        if value is None or value == "" or value == []:
            return None
        line = Line(label, str(value), **kwargs)  # type: ignore[arg-type]
        self.children.append(line)
        return line


# -- words ---------------------------------------------------------------------


def status_text(status: Status) -> str:
    return {
        Status.OK: translate("ScanView", "OK"),
        Status.MISSING: translate("ScanView", "Not found"),
        Status.ERROR: translate("ScanView", "Problem"),
        Status.UNSUPPORTED: translate("ScanView", "Not supported"),
    }.get(status, str(status))


def hint_text(result: ProbeResult) -> str | None:
    """The result's hint in the UI language (English where there is no translation).

    A formatted hint is rebuilt from its translated template; the template is only trusted
    while it still produces ``hint`` (a later plain assignment of ``hint`` wins).
    """
    if not result.hint:
        return result.hint
    template, args = result.hint_template, result.hint_args
    if template and template.format(**args) == result.hint:
        try:
            return translate(CORE_CONTEXT, template).format(**args)
        except (KeyError, IndexError, ValueError):  # a broken placeholder in a translation
            return result.hint
    return translate(CORE_CONTEXT, result.hint)


def _first_sentence(text: str) -> str:
    """Up to the first ". " (English) or "。" (Chinese), without the full stop."""
    return re.split(r"\. |。", text, maxsplit=1)[0].strip().rstrip(".。")


def yes_no(value: bool | None) -> str:
    if value is None:
        return translate("ScanView", "unknown")
    return translate("ScanView", "yes") if value else translate("ScanView", "no")


#: The scan steps that have a section of their own, in the page's order.
SECTION_STEPS = ("os", "driver", "cuda", "cudnn", "pythons")


def section_title(step: str) -> str:
    return {
        "os": translate("ScanView", "Operating system"),
        "driver": translate("ScanView", "NVIDIA driver and GPUs"),
        "cuda": translate("ScanView", "CUDA toolkits"),
        "cudnn": translate("ScanView", "cuDNN"),
        "pythons": translate("ScanView", "Python and TensorFlow"),
    }[step]


def step_text(step: str, fallback: str = "") -> str:
    """A ScanProgress step id in plain words."""
    if step.startswith("tf:"):
        return translate("ScanView", "TensorFlow in {python}").format(python=step[3:])
    if step == "pythons":
        return translate("ScanView", "Python environments")
    if step == "wsl":
        return translate("ScanView", "Inside WSL 2")
    return section_title(step) if step in SECTION_STEPS else (fallback or step)


def _status_line(label: str, value: str, result: ProbeResult, kind: str = "section") -> Line:
    return Line(
        label,
        value,
        tone=TONE_OF_STATUS.get(result.status, Tone.NEUTRAL),
        status_text=status_text(result.status),
        kind=kind,
        expanded=True,
    )


def _problem_value(result: ProbeResult, missing: str) -> str:
    """Short words for a result that is not OK; the full hint and error get rows of their own."""
    if result.status is Status.MISSING:
        return missing
    if result.status is Status.UNSUPPORTED:
        return translate("ScanView", "Not supported on this system")
    error_line = (result.error or "").strip().splitlines()[:1]
    hint_sentence = _first_sentence(hint_text(result) or "")
    return (error_line[0] if error_line else hint_sentence) or translate("ScanView", "Something is wrong here")


def _add_common(line: Line, result: ProbeResult) -> None:
    """Hint, error, reason code and evidence: the same for every section and item."""
    line.add(translate("ScanView", "What to do"), hint_text(result), tone=Tone.INFO, kind="hint")
    line.add(translate("ScanView", "Error"), result.error, tone=Tone.BAD, kind="error")
    line.add(translate("ScanView", "Reason code"), result.reason)
    if result.evidence:
        group = Line(
            translate("ScanView", "Evidence"),
            translate("ScanView", "how this was found ({n})").format(n=len(result.evidence)),
            kind="evidence",
        )
        for evidence in result.evidence:
            text = evidence.source + (f"  →  {evidence.detail}" if evidence.detail else "")
            group.children.append(Line(evidence.kind, text, kind="evidence"))
        line.children.append(group)




def _with_common(line: Line, result: ProbeResult) -> Line:
    _add_common(line, result)
    return line

