"""How explain reads prose (``resources/kb/text_patterns.json``) and the CPU families without AVX
(``resources/kb/cpus.json``). Rows are returned as stored (cached, shared: callers must not change
them); the explain engine compiles the patterns on first use.

Import these through ``tfgpu.core.kb``.
"""

from __future__ import annotations

import re
from functools import cache

from tfgpu.core.kb.loader import load_kb

TEXT_ROW_TYPES = ("template-field", "symptom", "context", "negation", "rule")


@cache
def text_rows(row_type: str) -> tuple[dict, ...]:
    """The rows of one type of ``text_patterns.json``, in file order (rules apply in that order)."""
    return tuple(row for row in load_kb("text_patterns")["rows"] if row.get("type") == row_type)


@cache
def _cpu_patterns() -> tuple[tuple[re.Pattern[str], dict], ...]:
    return tuple((re.compile(row["regex"], re.IGNORECASE), row) for row in load_kb("cpus")["rows"])


def cpu_without_avx(name: str | None) -> dict | None:
    """The ``cpus.json`` row of a CPU family without AVX that ``name`` belongs to, else None."""
    if not name:
        return None
    for pattern, row in _cpu_patterns():
        if not row.get("avx", True) and pattern.search(name):
            return row
    return None


def classifier_model() -> dict | None:
    """Explain's text classifier (``resources/models/explain_classifier.json``, trained by
    tests/perf/train_classifier.py from the labelled corpus); None when it is not shipped."""
    from tfgpu.core.kb.loader import load_model

    return load_model("explain_classifier")
