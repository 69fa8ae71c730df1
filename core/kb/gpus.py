"""GPU models (``resources/kb/gpus.json``): compute capability and peak throughput by name.

Import these through ``tfgpu.core.kb``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tfgpu.core.kb.loader import load_kb


@dataclass(frozen=True)
class GpuSpec:
    name: str
    arch: str | None
    cc: str | None
    fp32_tflops: float | None
    fp16_tflops: float | None  # tensor cores, dense, FP32 accumulate
    bf16_tflops: float | None
    mem_bw_gb_s: float | None
    sources: tuple[str, ...]
    status: str  # the weakest status of the values given
    notes: tuple[str, ...] = ()
    field_sources: tuple[tuple[str, str, str], ...] = ()  # (field, source, status): cc, fp32, fp16, bw

    def source_of(self, field_name: str) -> tuple[str, str]:
        """(source, status) of one figure, e.g. ``source_of("fp32")``; the row's own when not given."""
        for name, source, status in self.field_sources:
            if name == field_name:
                return source, status
        return (self.sources[0] if self.sources else "", self.status)


_MOBILE = re.compile(r"(?<![A-Z0-9])(LAPTOP|MOBILE|MAX Q)(?![A-Z0-9])")


def normalise_name(name: str) -> str:
    """'NVIDIA A100-SXM4-80GB' -> 'NVIDIA A100 SXM4 80GB': upper case, one space between tokens."""
    return " ".join(re.sub(r"[^A-Z0-9]+", " ", str(name).upper()).split())


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], dict], ...]:
    """Each row's match patterns, anchored on whole tokens."""
    out = []
    for row in load_kb("gpus")["rows"]:
        for pattern in row["match"]:
            out.append((re.compile(rf"(?<![A-Z0-9])(?:{pattern})(?![A-Z0-9])"), row))
    return tuple(out)


def _best_row(normalised: str) -> dict | None:
    """The row whose pattern matches the longest stretch of the name ('RTX 3060 TI' beats 'RTX 3060')."""
    best, best_length = None, 0
    for pattern, row in _patterns():
        match = pattern.search(normalised)
        if match and match.end() - match.start() > best_length:
            best, best_length = row, match.end() - match.start()
    return best


def _spec(row: dict) -> GpuSpec:
    return GpuSpec(
        name=row["name"], arch=row.get("arch"), cc=row.get("cc"),
        fp32_tflops=row.get("fp32_tflops"), fp16_tflops=row.get("fp16_tflops"),
        bf16_tflops=row.get("bf16_tflops"), mem_bw_gb_s=row.get("mem_bw_gb_s"),
        sources=tuple(dict.fromkeys(row["sources"].values())), status=row["status"],
        notes=tuple(row.get("notes", ())),
        field_sources=tuple((name, source, row.get("field_status", {}).get(name, row["status"]))
                            for name, source in row["sources"].items()))


def _mobile_spec(row: dict) -> GpuSpec:
    """A laptop variant: same chip family (CC), but the desktop board's peaks do not apply."""
    cc_status = row["field_status"]["cc"]
    return GpuSpec(
        name=f"{row['name']} Laptop GPU", arch=row.get("arch"), cc=row.get("cc"),
        fp32_tflops=None, fp16_tflops=None, bf16_tflops=None, mem_bw_gb_s=None,
        sources=(row["sources"]["cc"],), status="derived" if cc_status == "confirmed" else "unconfirmed",
        notes=("laptop variant: CC taken from the desktop model; its peak figures do not apply",))


def gpu_spec(name: str) -> GpuSpec | None:
    """The KB's facts for a GPU name as NVML / nvidia-smi / TF print it; None if unknown."""
    if not name:
        return None
    normalised = normalise_name(name)
    row = _best_row(normalised)
    if row is None:
        return None
    return _mobile_spec(row) if _MOBILE.search(normalised) else _spec(row)
