"""argparse types shared by the CLI and the window's options: numbers a user types, checked with a
message in words (no Qt, no CLI: both presenters import them)."""

from __future__ import annotations

import argparse
import math


def number(text: str) -> float:
    """A finite number (argparse type)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"not a finite number: {text!r} (not a number)")
    return value


def positive(text: str) -> float:
    """A finite number above 0 (argparse type): timeouts, durations."""
    value = number(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be a number more than 0 (got {text})")
    return value


def positive_int(text: str) -> int:
    """A whole number above 0 (argparse type): sizes, counts."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be a whole number more than 0 (got {text})")
    return value
