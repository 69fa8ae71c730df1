"""What ``tfgpu explain`` answers: the kind of text, the facts read from it, ranked findings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tfgpu.core.findings.model import FINDINGS_SCHEMA_VERSION, Finding
from tfgpu.core.probes.base import to_jsonable

EXPLAIN_KINDS = (
    "tf-log",
    "traceback",
    "nvidia-smi",
    "nvidia-smi-xml",
    "nvcc",
    "cudnn-header",
    "build-info",
    "pip-error",
    "unknown",
)


@dataclass(kw_only=True)
class Explanation:
    """``tfgpu explain``: the kind of text, the facts read from it, findings, and the primary id."""

    schema_version: str = FINDINGS_SCHEMA_VERSION
    kind: str = "unknown"  # one of EXPLAIN_KINDS
    primary: str | None = None  # a finding id; None when the text says nothing we know
    findings: list[Finding] = field(default_factory=list)  # ranked, primary first
    facts: dict[str, Any] = field(default_factory=dict)
    # How sure the primary is (0-1), from its evidence against the runners-up (core/explain/ranking.py).
    confidence: float | None = None
    # The other candidates, best first: {"id", "score" (0-1), "close": within reach of the primary}.
    alternatives: list[dict[str, Any]] = field(default_factory=list)
    # The text classifier's top guesses ({"id", "probability"}), when the rules were unsure and asked it.
    second_opinion: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict:
        return to_jsonable(self)
