"""Facts from ``resources/kb/*.json``: data with sources, never hard-coded in probes."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources


@cache
def load_kb(name: str) -> dict:
    """A knowledge-base file from the ``tfgpu.resources`` package, e.g. ``cudnn_windows``."""
    text = resources.files("tfgpu.resources").joinpath("kb").joinpath(f"{name}.json").read_text(encoding="utf-8")
    return json.loads(text)


def kb_row(name: str, row_id: str) -> dict:
    for row in load_kb(name)["rows"]:
        if row["id"] == row_id:
            return row
    raise KeyError(f"{row_id} not in resources/kb/{name}.json")
