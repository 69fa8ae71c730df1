"""Issue 28, sixth session: a sure healthy guess for a quiet question, and ways of saying "it does not use the GPU"
that the prose reader missed. Each is pinned on a short text written for this file (the real cases are in
tests/fixtures/corpus-real)."""

from __future__ import annotations

import pytest

from tfgpu.core.explain import classifier, document, prose
from tfgpu.core.explain.engine import explain_text

QUESTION = ("How to speed up SpliceAI with a GPU\nIs there a command line option to make it faster on the GPU? "
            "Which card would you recommend? I installed it via bioconda.")


def guess(monkeypatch, opinion):
    monkeypatch.setattr(classifier, "predict", lambda _text: opinion)


def said(text: str) -> set[str]:
    doc = document.load(text)
    return {s for s in prose.read(doc, prose.user_text(doc)).signals if s != "say:question"}


def test_a_quiet_question_the_classifier_is_sure_is_healthy_is_guessed_healthy(monkeypatch):
    # No error line, no word of a failure, nothing at work: a sure (>= 60%) healthy reading is given, as a guess.
    guess(monkeypatch, [("gpu-ok", 0.6), ("cpu-only-build", 0.03)])
    explanation = explain_text(QUESTION)
    assert explanation.primary == "gpu-ok"
    assert explanation.findings[0].facts["classifier_probability"] == 0.6
    assert "statistical guess" in str(explanation.findings[0].detail)


@pytest.mark.parametrize("words", [
    "Training is not using the GPU, how can I make it use the GPU?",
    "It fails after a while. How can I make it faster on the GPU?",
    "My GPU is not detected. Which card would you recommend?",
])
def test_words_of_a_failure_still_bar_a_healthy_guess_without_anything_at_work(monkeypatch, words):
    guess(monkeypatch, [("gpu-ok", 0.9), ("cpu-only-build", 0.05)])
    assert explain_text(words).primary not in ("gpu-ok", "benign-log")


@pytest.mark.parametrize("text, signal", [
    ("Magenta performance-rnn training not using GPU", "say:gpu-not-used"),
    ("The model is not using my GPU at all", "say:gpu-not-used"),
    ("Why is my code not running on GPU?", "say:gpu-not-used"),
    ("it is using the cpu only", "say:cpu-only-said"),
    ("training is very slow, the gpu is idle", "say:gpu-idle"),
])
def test_ways_of_saying_the_gpu_is_not_used(text, signal):
    assert signal in said(text)


def test_not_running_on_the_gpu_is_not_a_gpu_at_work():
    assert "say:gpu-load" not in said("Why is my code not running on GPU?")
    assert "say:gpu-load" in said("The model is running on the GPU, but slowly.")
