"""The finding catalog (``resources/kb/findings.json``): ids, severities, titles, root-cause order.

Rules build findings only through :func:`make_finding`, so an id that is not in the
catalog is a bug caught at once, and every finding carries its title and sources.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from tfgpu.core import kb
from tfgpu.core.findings.model import Finding, FixStep, Severity
from tfgpu.core.i18n import TrText
from tfgpu.core.probes.base import Evidence


@cache
def catalog() -> dict[str, dict]:
    """id -> catalog row (severity, scope, order, title, meaning, sources)."""
    return {row["id"]: row for row in kb.finding_rows()}


@cache
def root_cause_order() -> dict[str, int]:
    return {finding_id: row["order"] for finding_id, row in catalog().items()}


def make_finding(
    finding_id: str,
    detail: TrText,
    *,
    evidence: Iterable[Evidence] = (),
    fix: Iterable[FixStep] = (),
    env: str | None = None,
    facts: dict[str, Any] | None = None,
    severity: Severity | None = None,
    sources: Iterable[str] = (),
) -> Finding:
    """A finding with the catalog's title, severity and sources (plus any rule-specific sources)."""
    row = catalog()[finding_id]  # KeyError: the id is not in resources/kb/findings.json
    return Finding(
        id=finding_id,
        severity=severity or Severity(row["severity"]),
        title=TrText(row["title"]),
        detail=detail,
        evidence=list(evidence),
        fix=list(fix),
        env=env,
        facts=dict(facts or {}),
        sources=list(dict.fromkeys([*sources, *row["sources"]])),
    )


def kb_version() -> tuple[str, str]:
    """(kb_version, date) of the knowledge base as a whole."""
    return kb.kb_version()
