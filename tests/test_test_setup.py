"""The test set-up itself: the long property tests run 500 examples, 10,000 under the slow profile."""

from __future__ import annotations

from hypothesis import settings

import conftest


def test_property_examples_follow_the_hypothesis_profile(monkeypatch) -> None:
    monkeypatch.delenv("TFGPU_PROPERTY_EXAMPLES", raising=False)
    assert conftest.property_examples() == conftest.PROPERTY_EXAMPLES == 500
    settings.load_profile("slow")
    try:
        assert conftest.property_examples() == conftest.SLOW_PROPERTY_EXAMPLES == 10_000
    finally:
        settings.load_profile("default")
    monkeypatch.setenv("TFGPU_PROPERTY_EXAMPLES", "42")
    assert conftest.property_examples() == 42
