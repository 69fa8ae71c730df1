"""The GPU side of a profile: the monitor's sampler while the script runs, the KB's tensor cores,
and this GPU's measured mixed-precision speed-up from the benchmark history."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from tfgpu.core.host import Host

SAMPLE_INTERVAL_S = 0.5


class GpuWatch:
    """Samples GPU 0 (utilisation %, memory MiB) until :meth:`stop`, which returns the summary."""

    def __init__(self, host: Host, on_sample: Callable[[float | None, float | None], None] | None = None) -> None:
        self.host, self.on_sample = host, on_sample
        self.util: list[float] = []
        self.memory: list[float] = []
        self.facts: dict[str, Any] = {}
        self.lock = threading.Lock()
        self.sampler: Any = None

    def _frame(self, frame: Any) -> None:
        with self.lock:
            self.facts["status"], self.facts["reason"] = frame.gpu_status, frame.gpu_reason
            if not frame.gpus:
                return
            gpu = frame.gpus[0]
            self.facts.update(name=gpu.name, memory_total_mib=gpu.mem_total_mib)
            if gpu.gpu_util_percent is not None:
                self.util.append(gpu.gpu_util_percent)
            if gpu.mem_used_mib is not None:
                self.memory.append(gpu.mem_used_mib)
        if self.on_sample is not None:
            self.on_sample(gpu.gpu_util_percent, gpu.mem_used_mib)

    def start(self) -> None:
        try:
            from tfgpu.core.monitor.sampler import MonitorSampler

            self.sampler = MonitorSampler(self.host, interval_s=SAMPLE_INTERVAL_S, on_frame=self._frame)
            self.sampler.start()
        except Exception as exc:  # noqa: BLE001 - no sampler is no GPU figures, never a failed profile
            self.facts["reason"] = f"the monitor could not start: {exc}"
            self.sampler = None

    def stop(self) -> dict[str, Any]:
        if self.sampler is not None:
            try:
                self.sampler.stop()
                self.sampler.close()
            except Exception:  # noqa: BLE001
                pass
        with self.lock:
            util, memory = list(self.util), list(self.memory)
            summary = {"name": self.facts.get("name"), "sampler": self.facts.get("status"),
                       "sampler_reason": self.facts.get("reason"),
                       "util_mean": round(sum(util) / len(util), 1) if util else None,
                       "util_max": max(util) if util else None,
                       "memory_peak_mib": max(memory) if memory else None,
                       "memory_total_mib": self.facts.get("memory_total_mib"), "samples": len(util)}
        return summary


def has_tensor_cores(gpu_name: str | None) -> bool:
    """The KB gives this GPU a tensor-core (FP16) figure."""
    if not gpu_name:
        return False
    try:
        from tfgpu.core.kb.gpus import gpu_spec

        spec = gpu_spec(gpu_name)
    except Exception:  # noqa: BLE001
        return False
    return spec is not None and spec.fp16_tflops is not None


def mixed_precision_speedup(gpu_name: str | None) -> float | None:
    """mixed_float16 / float32 training throughput on this GPU in the newest benchmark that has both."""
    if not gpu_name:
        return None
    try:
        from tfgpu.core.bench.saved_runs import list_runs
    except Exception:  # noqa: BLE001
        return None
    for saved in list_runs():
        run = saved.run
        if run is None or (run.gpu_model or "") != gpu_name:
            continue
        train = {t.dtype: t.value for t in run.figures() if t.suite == "train" and t.device == "gpu"}
        fp32, mixed = train.get("float32"), train.get("mixed_float16")
        if fp32 and mixed:
            return round(mixed / fp32, 2)
    return None
