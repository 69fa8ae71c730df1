"""CUDA driver minimums (``cuda_driver.json``) and cuDNN <-> CUDA support (``cudnn_cuda.json``).

Import these through ``tfgpu.core.kb``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tfgpu.core import versions
from tfgpu.core.kb.common import driver_os
from tfgpu.core.kb.loader import load_kb

_MIN_KEY = {"linux": "linux_min", "windows": "windows_min"}


@cache
def _minimums(os_name: str) -> dict[tuple[int, int], str]:
    """CUDA (major, minor) -> minimum driver on that OS.

    The toolkit table's GA row; where it has no figure (CUDA 13.x on Windows, 13.2+), the
    driver branch (R580 -> '580') stands in as a lower bound."""
    data = load_kb("cuda_driver")
    key = _MIN_KEY[os_name]
    out: dict[tuple[int, int], str] = {}
    for row in data["toolkit_rows"]:
        cuda = versions.major_minor_pair(row["cuda"])
        if cuda is not None and row["release"].startswith("GA") and row.get(key):
            out[cuda] = row[key]
    for row in data.get("driver_branches", ()):
        branch = versions.major_minor_pair(row["cuda"])
        if branch is not None:
            out.setdefault(branch, row["min_driver"])
    return out


def min_driver(cuda: str, os: str) -> str | None:
    """Minimum driver for a CUDA toolkit major.minor ('10.0', 'windows' -> '411.31'); None if unknown."""
    os_name, wanted = driver_os(os), _explicit_major_minor(cuda)
    if os_name is None or wanted is None:
        return None
    return _minimums(os_name).get(wanted)


def _explicit_major_minor(text: str) -> tuple[int, int] | None:
    """major.minor only when the text names a minor: '12' is not '12.0' here."""
    parsed = versions.parse(text)
    if parsed is None or len(parsed.release) < 2:
        return None
    return parsed.release[0], parsed.release[1]


def min_driver_any_minor(cuda_major: str, os: str) -> str | None:
    """Driver that runs any minor of a CUDA major (minor-version compatibility); None for 10.x / unknown."""
    os_name = driver_os(os)
    match = re.match(r"\s*(\d+)", str(cuda_major or ""))
    if os_name is None or match is None:
        return None
    for row in load_kb("cuda_driver")["minor_version_compat"]:
        if row["cuda_major"] == match.group(1):
            return row.get(_MIN_KEY[os_name])
    return None


def max_cuda_for_driver(driver: str, os: str) -> str | None:
    """Newest CUDA major.minor whose minimum driver is <= ``driver`` (what nvidia-smi would report)."""
    os_name, have = driver_os(os), versions.parse(driver)
    if os_name is None or have is None:
        return None
    fits = [cuda for cuda, minimum in _minimums(os_name).items() if versions.at_least(have, minimum)]
    if not fits:
        return None
    best = max(fits)
    return f"{best[0]}.{best[1]}"


def _covers(entry: str, cuda: tuple[int, int], minor_given: bool) -> bool:
    """Does a cudnn_cuda.json CUDA entry ('11.2', '11.0-11.8', '12') cover ``cuda``?"""
    if "-" in entry:
        low, high = (versions.major_minor_pair(part) for part in entry.split("-", 1))
        if low is None or high is None:
            return False
        return low <= cuda <= high if minor_given else low[0] <= cuda[0] <= high[0]
    parsed = versions.parse(entry)
    if parsed is None:
        return False
    if len(parsed.release) == 1 or not minor_given:
        return parsed.release[0] == cuda[0]
    return parsed.release[:2] == cuda


def cudnn_supports_cuda(cudnn: str, cuda: str) -> bool | None:
    """Whether NVIDIA lists that cuDNN for that CUDA. None: cuDNN release not in the table, or partial list."""
    wanted, cuda_version = versions.parse(cudnn), versions.parse(cuda)
    if wanted is None or cuda_version is None:
        return None
    depth = min(len(wanted.release), 3)
    given = wanted.release[:depth]
    cuda_pair = (cuda_version.release + (0,))[0], (cuda_version.release + (0,))[1]
    minor_given = len(cuda_version.release) >= 2
    rows = []
    for row in load_kb("cudnn_cuda")["rows"]:
        first, last = versions.parse(row["cudnn_first"]), versions.parse(row["cudnn_last"])
        if first and last and first.release[:depth] <= given <= last.release[:depth]:
            rows.append(row)
    if not rows:
        return None
    if any(_covers(entry, cuda_pair, minor_given) for row in rows for entry in row["cuda"]):
        return True
    return False if all(row.get("cuda_list_complete") for row in rows) else None


@dataclass(frozen=True)
class CudnnCutoff:
    """A cuDNN release from which GPUs below a compute capability are no longer supported."""

    id: str
    cudnn_min: str  # "9.11.0"
    cc_below: str  # "7.5"
    last_supporting: str  # "9.10.2"
    pip_pin: str  # "nvidia-cudnn-cu12<9.11"
    text: str
    source: str
    status: str


def cutoffs_from(rules: list[dict]) -> tuple[CudnnCutoff, ...]:
    """The cut-off rules (those with ``cudnn_min`` and ``cc_below``) among cudnn_cuda.json rules."""
    return tuple(CudnnCutoff(id=rule["id"], cudnn_min=rule["cudnn_min"], cc_below=rule["cc_below"],
                             last_supporting=rule.get("last_supporting", ""), pip_pin=rule.get("pip_pin", ""),
                             text=rule.get("text", ""), source=rule.get("source", ""), status=rule.get("status", ""))
                 for rule in rules if rule.get("cudnn_min") and rule.get("cc_below"))


@cache
def cudnn_cutoffs() -> tuple[CudnnCutoff, ...]:
    """cudnn_cuda.json rules that drop old GPUs (cuDNN 9.11: compute capability below 7.5)."""
    return cutoffs_from(load_kb("cudnn_cuda")["rules"])


def cudnn_drops_gpu(cudnn: str | None, cc: str | None) -> CudnnCutoff | None:
    """The cut-off that makes this cuDNN unable to run a GPU of compute capability ``cc`` (cuDNN >= 9.11 on
    cc < 7.5), or None: supported, or either value unreadable."""
    have, gpu = versions.find(cudnn), versions.compute_capability(cc)
    if have is None or gpu is None:
        return None
    for cutoff in cudnn_cutoffs():
        floor, below = versions.parse(cutoff.cudnn_min), versions.compute_capability(cutoff.cc_below)
        if floor is not None and below is not None and have >= floor and gpu < below:
            return cutoff
    return None


def cudnn_floor_for(cc: str | None) -> CudnnCutoff | None:
    """The first cut-off a GPU of compute capability ``cc`` falls under (its last usable cuDNN), if any."""
    gpu = versions.compute_capability(cc)
    for cutoff in cudnn_cutoffs():
        below = versions.compute_capability(cutoff.cc_below)
        if gpu is not None and below is not None and gpu < below:
            return cutoff
    return None
