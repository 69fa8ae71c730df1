"""Hypothesis: ``explain_text`` and every parser it uses never raise, on arbitrary text and
bytes and on shuffled, cut and mixed real log lines, and always answer with a known kind."""

from __future__ import annotations

import json
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import CORPUS
from tfgpu.core.explain import document, facts, kinds, parsers, signatures
from tfgpu.core.explain.engine import explain_text
from tfgpu.core.explain.model import EXPLAIN_KINDS
from tfgpu.core.findings.catalog import catalog
from tfgpu.core.kb.loader import load_kb

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

EXAMPLES = [row["example"] for row in load_kb("log_signatures")["rows"]]
CORPUS_LINES = sorted({
    line
    for path in (sorted(CORPUS.glob("*/input.txt")) if CORPUS.is_dir() else [])
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines()
    if line.strip()
})
LINES = EXAMPLES + CORPUS_LINES + [
    "NVIDIA-SMI 535.54    Driver Version: 535.54    CUDA Version: 12.2",
    "|   0  NVIDIA GeForce RTX 4090        Off | 00000000:01:00.0  On |                  Off |",
    "<nvidia_smi_log><driver_version>550.1</driver_version><gpu id='1'><product_name>T4</product_name></gpu>",
    "#define CUDNN_MAJOR 8", "#define CUDNN_VERSION (CUDNN_MAJOR * 1000 + CUDNN_MINOR * 100)",
    "is_cuda_build = True", "cuda_version = '64_112'", "Traceback (most recent call last):",
    "Cuda compilation tools, release 12.4, V12.4.131", "Python 3.12.1 [MSC v.1937 64 bit (AMD64)] on win32",
]


def check(explanation) -> None:
    assert explanation.kind in EXPLAIN_KINDS
    assert "internal_error" not in explanation.facts
    ids = [f.id for f in explanation.findings]
    assert all(i in catalog() for i in ids)
    assert len(ids) == len(set(ids))
    assert explanation.primary == (ids[0] if ids else None)
    for finding in explanation.findings:  # every {placeholder} of a detail template gets its value
        assert placeholders(finding.detail.template) == set(finding.detail.args), finding.detail.template
    json.dumps(explanation.to_dict())  # the --json contract: always serialisable


def placeholders(template: str) -> set[str]:
    return {name for _text, name, _spec, _conv in string.Formatter().parse(template) if name is not None}


@FUZZ
@given(st.text())
def test_any_text(value):
    check(explain_text(value))


@FUZZ
@given(st.binary())
def test_any_bytes(value):
    check(explain_text(value))


@FUZZ
@given(st.lists(st.sampled_from(LINES), max_size=30), st.randoms(use_true_random=False))
def test_mixed_real_lines(lines, rnd):
    joined = "\n".join(lines)
    check(explain_text(joined))
    if joined:  # cut anywhere: a log truncated in the middle of a line
        cut = rnd.randrange(len(joined))
        check(explain_text(joined[:cut]))
        check(explain_text(joined[cut:].encode("utf-8", errors="replace")))


@FUZZ
@given(st.lists(st.sampled_from(LINES), max_size=12), st.sampled_from(["utf-8", "utf-16", "gb18030", "cp1252", "latin-1"]))
def test_encodings(lines, encoding):
    data = "\n".join(lines).encode(encoding, errors="replace")
    check(explain_text(data))


@FUZZ
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=400) | st.sampled_from(LINES))
def test_every_parser(value):
    doc = document.load(value)
    hits = signatures.scan(doc)
    assert kinds.detect(doc.text, hits) in EXPLAIN_KINDS
    json.dumps(facts.read_facts(doc, hits))
    for parse in (parsers.smi_table, parsers.smi_xml, parsers.nvcc, parsers.cudnn_header, parsers.build_info):
        json.dumps(parse(value))
    parsers.pip_versions(value)
    signatures.anchors(value)
    doc.focus(set(range(0, 5)), head_chars=16, tail_chars=16)


@settings(max_examples=25, deadline=None)
@given(st.text(min_size=1, max_size=60), st.integers(min_value=1, max_value=40))
def test_long_repetitive_lines(piece, repeat):
    check(explain_text(piece * (1000 * repeat)))  # long single lines: no regex blows up
