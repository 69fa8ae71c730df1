"""``resources/kb/log_signatures.json`` against its schema: every row has a source, a regex
that compiles, a finding in the catalog, and an example its regex matches; the anchors the
scanner uses to skip lines are sound (each example contains one)."""

from __future__ import annotations

import re

import pytest

from tfgpu.core.explain import signatures
from tfgpu.core.explain.engine import explain_text
from tfgpu.core.explain.model import EXPLAIN_KINDS
from tfgpu.core.findings.catalog import catalog
from tfgpu.core.kb.loader import load_kb

ROWS = load_kb("log_signatures")["rows"]
REQUIRED = ("id", "finding", "kind", "regex", "meaning", "source", "example", "status")


def test_file_header():
    data = load_kb("log_signatures")
    assert data["kb_version"] == load_kb("meta")["kb_version"]
    assert data["about"].strip() and set(REQUIRED) <= set(data["fields"])
    assert len(ROWS) >= 40


def test_ids_unique_and_kebab_case():
    ids = [row["id"] for row in ROWS]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", i) for i in ids)


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_row(row):
    assert all(key in row for key in REQUIRED), set(REQUIRED) - set(row)
    assert row["source"].strip() and row["meaning"].strip()
    assert row["finding"] in catalog()
    assert row["kind"] is None or row["kind"] in EXPLAIN_KINDS
    assert row["status"] in ("confirmed", "derived", "unconfirmed")
    regex = re.compile(row["regex"], re.MULTILINE)
    assert regex.search(row["example"]), "the example does not match"
    anchors = signatures.anchors(row["regex"])
    if anchors is not None:
        assert any(a in row["example"].lower() for a in anchors)


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_example_alone_is_explained_without_error(row):
    explanation = explain_text(row["example"])
    assert explanation.kind in EXPLAIN_KINDS
    assert "internal_error" not in explanation.facts


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_stored_anchors_are_current(row):
    computed = signatures.anchors(row["regex"])
    assert "anchors" in row and row["anchors"] == (list(computed) if computed else None), (
        "stale anchors: run .venv/bin/python tests/kb_anchors.py")


def test_every_row_has_anchors_except_a_few():
    loose = [sig.id for sig in signatures.signatures() if sig.anchors is None]
    assert loose == []  # a row without anchors is scanned over the whole text (slower)


@pytest.mark.parametrize("pattern, expected", [
    (r"Could not (?:load dynamic library|dlopen library) '(?P<lib>x)'", ("load dynamic library", "dlopen library")),
    # the parser factors out "Resource"; the alternatives' rests are longer, so they are the anchors
    (r"ResourceExhaustedError|Resource exhausted: ", ("exhaustederror", " exhausted: ")),
    (r"(?i)abc\d+", None),  # no literal run of four characters
    (r"foo(?!barbaz)\w+", None),  # text inside a lookahead is not in the match
    (r"(?:optional words)?\d", None),
])
def test_anchor_derivation(pattern, expected):
    assert signatures.anchors(pattern) == expected


def test_long_text_uses_anchors_and_finds_the_same():
    line = "2023-01-01 12:00:00.000001: I tensorflow/core/common_runtime/foo.cc:12] step done\n"
    failure = "RuntimeError: Virtual devices cannot be modified after being initialized\n"
    long_text = line * 5000 + failure + line * 5000
    short = explain_text(failure)
    long = explain_text(long_text)
    assert long.primary == short.primary == "memory-growth-after-init"
    assert long.findings[0].evidence[0].source == "line 5001"


def test_repeated_lines_do_not_hide_the_last_failure():
    numa = ("I tensorflow/stream_executor/cuda/cuda_gpu_executor.cc:937] successful NUMA node read from SysFS had "
            "negative value (-1), but there must be at least one NUMA node, so returning NUMA node zero\n")
    text = numa * 20000 + "E tensorflow/stream_executor/cuda/cuda_dnn.cc:362] Loaded runtime CuDNN library: 8.0.4 but " \
        "source was compiled with: 8.1.0.\n"
    assert explain_text(text).primary == "cudnn-version-mismatch"


def test_no_row_starts_with_whitespace_that_spans_lines():
    r"""``^\s*`` in a MULTILINE regex spans blank lines: over a long log (whose log lines the prose
    reader blanks) it costs the square of each blank run, and ``^\s*[-*]?\s*`` the cube (1.5 s for
    one row on the 1 MB bench log). A line's own indent is ``^[ \t]*``."""
    rows = [*ROWS, *load_kb("text_patterns")["rows"]]
    spanning = [row.get("id") or row.get("signal") for row in rows if "regex" in row
                and re.search(r"\^\\s\*|\^\[ \\t\]\*(?:\[[^]]*\]\?|\(\?:[^)]*\)\?)\\s\*", row["regex"])]
    assert spanning == []


def test_no_anchor_spans_lines():
    # The scanner looks for anchors in a long log's distinct lines (signatures._distinct_lines).
    assert [sig.id for sig in signatures.signatures() if any("\n" in a for a in sig.anchors or ())] == []
