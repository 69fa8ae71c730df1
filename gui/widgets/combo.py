"""Combo boxes whose chosen words are shown whole, without making the row wider than their longest item."""

from __future__ import annotations

import math

from PySide6.QtWidgets import QComboBox


def fit_words(combo: QComboBox, *texts: str) -> None:
    """Size ``combo`` so that each of ``texts`` (default: its items but the longest) shows whole; a longer
    item is elided when chosen (its tooltip and the list show it whole)."""
    metrics = combo.fontMetrics()
    words = texts or tuple(sorted((combo.itemText(i) for i in range(combo.count())), key=len)[:-1]) or ("",)
    widest = max(metrics.horizontalAdvance(text) for text in words)
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(math.ceil(widest / max(1, metrics.horizontalAdvance("x"))) + 1)
