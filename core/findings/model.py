"""A finding: a stable id, what it means, the evidence, and the steps that fix it.

Text the user reads is a :class:`~tfgpu.core.i18n.TrText`: an English ``{name}`` template marked with
``QT_TRANSLATE_NOOP("core", ...)`` plus its values. ``str()`` gives the English text (CLI, JSON);
the GUI translates the template, then formats it (``gui/tr_text.py``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tfgpu.core.i18n import TrText
from tfgpu.core.probes.base import Evidence, to_jsonable
from tfgpu.core.shell import Shell

#: Shared by every document made of findings (diagnosis, explanation).
FINDINGS_SCHEMA_VERSION = "1.0"


class Severity(str, enum.Enum):
    ERROR = "error"  # TF cannot use the GPU because of this
    WARNING = "warning"  # works, or may work, but something is off
    INFO = "info"  # worth knowing, nothing to fix
    OK = "ok"  # a check that passed

    def __str__(self) -> str:
        return self.value

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2, "ok": 3}[self.value]


@dataclass(kw_only=True)
class FixStep:
    """One step of a fix: words, and where it applies an exact command or an official link."""

    text: TrText
    command: str | None = None  # exactly what to type; never translated
    shell: Shell | None = None  # which shell the command is for
    url: str | None = None  # an official download or documentation page
    alternative: bool = False  # another route instead of the steps before, not one more step
    check: str | None = None  # how Re-check sees it done: an id of core/diagnosis/next_steps.py CHECKS


@dataclass(kw_only=True)
class Finding:
    """A stable ``id`` (kebab-case, documented in docs/findings.md), what it means and how to fix it."""

    id: str
    severity: Severity
    title: TrText
    detail: TrText
    evidence: list[Evidence] = field(default_factory=list)
    fix: list[FixStep] = field(default_factory=list)
    env: str | None = None  # the Python executable it is about; None: the whole machine
    facts: dict[str, Any] = field(default_factory=dict)  # the values it was decided on
    sources: list[str] = field(default_factory=list)  # KB sources behind the rule

    def to_dict(self) -> dict:
        return to_jsonable(self)


def ranked(findings: list[Finding], order: Mapping[str, int]) -> list[Finding]:
    """Severity first, then the catalog's root-cause order (lower fixes first), then id."""
    return sorted(findings, key=lambda f: (f.severity.rank, order.get(f.id, 999), f.id))
