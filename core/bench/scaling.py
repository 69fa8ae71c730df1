"""The scaling suite's figures, read off a run: images/s per device count and the scaling
efficiency ``throughput_N / (N x throughput_1)``, with the honest label when the devices are one
CPU split into logical devices (a code-path check, not a speed measurement)."""

from __future__ import annotations

from dataclasses import dataclass

from tfgpu.core.bench.model import BenchRun
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText

CODE_PATH_ONLY = QT_TRANSLATE_NOOP(
    "core", "Scaling on {count} logical CPU devices: a code-path check of MirroredStrategy, not a speed measurement "
    "(the devices share one CPU).")
EFFICIENCY = QT_TRANSLATE_NOOP(
    "core", "Scaling: {count} {kind} devices train {speedup}x as fast as one ({efficiency}% scaling efficiency, "
    "{collective}).")


@dataclass(frozen=True)
class ScalingRow:
    replicas: int
    images_per_s: float
    efficiency: float | None  # 0..1; None without a one-device figure
    collective: str | None
    logical: bool

    def to_dict(self) -> dict:
        return {"replicas": self.replicas, "images_per_s": round(self.images_per_s, 3),
                "efficiency": None if self.efficiency is None else round(self.efficiency, 4),
                "collective": self.collective, "logical_devices": self.logical}


def scaling_rows(run: BenchRun) -> list[ScalingRow]:
    tests = sorted((t for t in run.tests if t.suite == "scaling" and t.value), key=lambda t: t.params.get("replicas", 0))
    one = next((t.value for t in tests if t.params.get("replicas") == 1), None)
    rows = []
    for test in tests:
        replicas = int(test.params.get("replicas", 1))
        efficiency = test.value / (replicas * one) if one and test.value else None
        rows.append(ScalingRow(replicas, float(test.value or 0), efficiency, test.extra.get("collective"),
                               bool(test.extra.get("logical_devices"))))
    return rows


def scaling_headline(run: BenchRun) -> TrText | None:
    rows = scaling_rows(run)
    top = rows[-1] if rows else None
    if top is None or top.replicas < 2:
        return None
    if top.logical:
        return TrText(CODE_PATH_ONLY, count=top.replicas)
    if top.efficiency is None:
        return None
    return TrText(EFFICIENCY, count=top.replicas, kind="GPU", speedup=f"{top.efficiency * top.replicas:.1f}",
                  efficiency=f"{top.efficiency * 100:.0f}", collective=top.collective or "auto")
