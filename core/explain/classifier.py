"""A second opinion from the wording: a linear text classifier trained on the labelled real corpus.

``tests/perf/train_classifier.py`` (scikit-learn, a dev extra) fits a multinomial logistic regression on
the features below and ships its coefficients as ``resources/models/explain_classifier.json``; here
the same features are counted and scored in pure Python (no numpy, no scikit-learn), only when the
rules are unsure (:mod:`.ranking`). The model never overrides an explicit error signature.

    predict(text) -> [(finding id, probability), ...]   best first; [] when no model is shipped
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable

# The text read: its head and its tail (a long log is mostly repeated lines).
HEAD_CHARS = 12_000
TAIL_CHARS = 8_000
FEATURES_VERSION = 2  # 2: the rules' reading beside the wording (engine.reading_tokens)

_WORD = re.compile(r"[a-z][a-z0-9_]*(?:\.[0-9]+)*|[0-9]+(?:\.[0-9]+)+")
_CJK = re.compile(r"[\u3400-\u9fff]+")
_LONG_NUMBER = re.compile(r"\d{5,}|0x[0-9a-f]+")


def bounded(text: str) -> str:
    if len(text) <= HEAD_CHARS + TAIL_CHARS:
        return text
    return text[:HEAD_CHARS] + "\n" + text[-TAIL_CHARS:]


def features(text: str, reading: Iterable[str] = ()) -> Counter[str]:
    """Word unigrams and bigrams, character 4-grams inside longer words (library names, versions:
    ``cudart64_110``), character 2- and 3-grams of Chinese runs. Counts per feature. ``reading``: the rules'
    reading of the text (``engine.reading_tokens``), each counted once."""
    lower = _LONG_NUMBER.sub("#", bounded(text).lower())
    words = _WORD.findall(lower)
    counts: Counter[str] = Counter("w:" + w for w in words)
    counts.update("b:" + a + " " + b for a, b in zip(words, words[1:]))
    for word in set(words):
        if len(word) > 5:
            grams = {word[i:i + 4] for i in range(len(word) - 3)}
            counts.update("c:" + g for g in grams)
    for run in _CJK.findall(lower):
        counts.update("z:" + run[i:i + 2] for i in range(len(run) - 1))
        counts.update("z:" + run[i:i + 3] for i in range(len(run) - 2))
    counts.update(set(reading))
    return counts


def _unpack(entry: str | list) -> tuple[float, list]:
    """A term's idf and its (class index, weight) pairs. Shipped packed as one string, "idf c:w c:w ...": a
    megabyte of short strings decodes ten times faster than as nested lists, and only the terms a text holds
    are unpacked. (A list [idf, [[c, w], ...]] is read too.)"""
    if isinstance(entry, list):
        return float(entry[0]), entry[1]
    idf, *pairs = entry.split(" ")
    return float(idf), [(int(c), float(w)) for c, w in (pair.split(":") for pair in pairs)]


class Model:
    """The shipped coefficients, used as loaded (no copy: loading stays cheap): ``terms`` maps a feature to
    its packed idf and weights (:func:`_unpack`)."""

    def __init__(self, data: dict) -> None:
        self.classes: list[str] = list(data["classes"])
        self.intercepts: list[float] = list(data["intercepts"])
        self.terms: dict[str, list] = data["terms"]
        self.corpus_hash: str = data.get("corpus_hash", "")
        self.cv_accuracy: float | None = data.get("cv_accuracy")

    def predict(self, text: str, reading: Iterable[str] = ()) -> list[tuple[str, float]]:
        terms = self.terms
        present = {term: (count, _unpack(terms[term])) for term, count in features(text, reading).items()
                   if term in terms}
        values = {term: (1.0 + math.log(count)) * idf for term, (count, (idf, _)) in present.items()}
        norm = math.sqrt(sum(v * v for v in values.values())) or 1.0
        scores = list(self.intercepts)
        for term, value in values.items():
            for index, weight in present[term][1][1]:
                scores[index] += weight * value / norm
        top = max(scores)
        exps = [math.exp(s - top) for s in scores]
        total = sum(exps)
        return sorted(((c, e / total) for c, e in zip(self.classes, exps)), key=lambda pair: -pair[1])


_MODEL: list[Model | None] = []


def model() -> Model | None:
    """The shipped model, loaded on first use; None when absent or unreadable."""
    if not _MODEL:
        from tfgpu.core import kb

        data = kb.classifier_model()
        try:
            _MODEL.append(Model(data) if data and data.get("features_version") == FEATURES_VERSION else None)
        except (KeyError, TypeError, ValueError):
            _MODEL.append(None)
    return _MODEL[0]


def predict(text: str, reading: Iterable[str] = ()) -> list[tuple[str, float]]:
    """(finding id, probability) for every class the model knows, best first; [] without a model."""
    loaded = model()
    return loaded.predict(text, reading) if loaded is not None else []
