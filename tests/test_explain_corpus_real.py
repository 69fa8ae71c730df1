"""``explain`` on our own labelled real corpus (tests/fixtures/corpus-real, sources in SOURCES.md): the
issue's targets, measured the way tests/perf/score_corpus.py measures them (which prints per-id accuracy
and every miss). The rules must generalise: they are also measured on blind sets that are not here."""

from __future__ import annotations

import pytest
from perf.score_corpus import HEALTHY, load_cases, score

from conftest import CORPUS_REAL


@pytest.fixture(scope="module")
def result() -> dict:
    return score(load_cases(CORPUS_REAL, "all"))


def test_corpus_is_big_and_covers_healthy_texts():
    cases = load_cases(CORPUS_REAL, "all")
    assert len(cases) >= 150
    assert sum(1 for _, label, _ in cases if label["root_cause"] in HEALTHY) >= 10


def test_at_least_95_percent_right_primaries(result):
    assert result["accuracy"] >= 0.95, result["misses"]


def test_no_failing_text_called_gpu_ok(result):
    assert result["failing_called_ok"] == []


def test_no_healthy_text_called_an_error(result):
    assert result["healthy_called_error"] == []


def test_fewer_than_2_percent_without_a_finding(result):
    assert len(result["no_finding"]) < 0.02 * result["cases"], result["no_finding"]


def test_every_text_with_a_problem_gets_a_finding(result):
    assert result["no_primary"] == []
