"""Facts from ``resources/kb/*.json``: data with sources, never hard-coded in probes."""

from __future__ import annotations

import json
import os
from functools import cache


@cache
def load_kb(name: str) -> dict:
    """A knowledge-base file from the ``tfgpu.resources`` package, e.g. ``cudnn_windows``."""
    return json.loads(_read(f"{name}.json"))


@cache
def load_model(name: str) -> dict | None:
    """A trained model shipped in ``resources/models`` (e.g. explain's text classifier); None when absent."""
    try:
        return json.loads(_read(f"{name}.json", "models"))
    except (OSError, ValueError):
        return None


def _read(file_name: str, folder_name: str = "kb") -> str:
    """Straight from the package folder (fast: no importlib.resources at start-up); through
    importlib.resources when the package is not a folder (a zip, a frozen app)."""
    import tfgpu.resources as package

    folder = os.path.dirname(package.__file__ or "")
    try:
        with open(os.path.join(folder, folder_name, file_name), encoding="utf-8") as handle:
            return handle.read()
    except OSError:
        from importlib import resources

        return resources.files("tfgpu.resources").joinpath(folder_name).joinpath(file_name).read_text(encoding="utf-8")


def kb_row(name: str, row_id: str) -> dict:
    for row in load_kb(name)["rows"]:
        if row["id"] == row_id:
            return row
    raise KeyError(f"{row_id} not in resources/kb/{name}.json")
