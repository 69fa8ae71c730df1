"""Advice in plain words, each with the figure behind it, from the rules in resources/profile_advice.json.

The rules (thresholds, snippets, the TF guide each comes from) are data; the words are here, marked
for translation. Advice is ranked by the share of the step it is about (the biggest first).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.profile.model import Advice, ProfileRun

RULES_FILE = "profile_advice.json"

WORDS = {
    "step-markers": QT_TRANSLATE_NOOP(
        "core", "No Model.fit and no step markers were found, so the trace could not be cut into steps: wrap "
        "each training step in a Trace marker (the figures below are over the whole {seconds} traced)."),
    "input-prefetch": QT_TRANSLATE_NOOP(
        "core", "Your {device} waited for data {share} of each step: add .prefetch(tf.data.AUTOTUNE) at the end of "
        "your pipeline and num_parallel_calls=tf.data.AUTOTUNE to your map, and .cache() after the map if the data "
        "fits in memory."),
    "input-interleave": QT_TRANSLATE_NOOP(
        "core", "If the data comes from many files, read several at once with interleave(..., "
        "num_parallel_calls=tf.data.AUTOTUNE) (input wait: {share} of each step)."),
    "input-into-model": QT_TRANSLATE_NOOP(
        "core", "Heavy preprocessing (resizing, augmentation) can move into the model as Keras preprocessing layers, "
        "where it runs on the {device} (input wait: {share} of each step)."),
    "copies": QT_TRANSLATE_NOOP(
        "core", "Copies between the host and the GPU took {share} of each step: keep tensors on the GPU, prefetch "
        "batches to the device, and avoid .numpy() inside the training loop."),
    "launch-bound": QT_TRANSLATE_NOOP(
        "core", "The {device} sat idle {share} of each step (kernel launches, Python between ops) and a step takes "
        "{step_ms}: use a larger batch, steps_per_execution in compile(), and jit_compile=True."),
    "compile": QT_TRANSLATE_NOOP(
        "core", "Compiling took {share} of the traced steps: batches whose shape changes are compiled again; give "
        "every batch the same shape (drop_remainder=True, fixed padding)."),
    "retracing": QT_TRANSLATE_NOOP(
        "core", "TensorFlow warned {count} time(s) that a tf.function was traced again: pass tensors rather than "
        "Python numbers, give an input_signature, or use reduce_retracing=True."),
    "cpu-ops": QT_TRANSLATE_NOOP(
        "core", "{count} op(s) ran on the CPU although the GPU was used, e.g. {names} ({share} of the time): they "
        "have no GPU kernel for their dtype; move them into the input pipeline or change the dtype. "
        "Log where each op runs to find them."),
    "mixed-precision": QT_TRANSLATE_NOOP(
        "core", "Your model trains in float32 on a {gpu}, which has tensor cores: mixed precision (float16 "
        "compute, float32 weights) makes training faster and uses less memory."),
    "mixed-precision-measured": QT_TRANSLATE_NOOP(
        "core", "Your model trains in float32 on a {gpu}, which has tensor cores: in your benchmark this GPU "
        "trained {speedup} faster with mixed precision."),
    "memory-near-full": QT_TRANSLATE_NOOP(
        "core", "GPU memory reached {share} of {total} during training: let TensorFlow grow its memory as needed, "
        "or set a limit, so other programs and larger batches still fit (see the GPU memory page)."),
    "device-bound": QT_TRANSLATE_NOOP(
        "core", "The {device} computed {share} of each step: the pipeline keeps up. To go faster still: XLA "
        "(jit_compile=True), mixed precision on a GPU with tensor cores, or a faster device."),
}


@cache
def rules() -> dict[str, Any]:
    """The rule file: {"sources": {...}, "rules": [...]}."""
    text = resources.files("tfgpu.resources").joinpath(RULES_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def percent(share: float) -> str:
    return f"{share * 100:.0f}%"


def build_advice(run: ProfileRun, *, tensor_cores: bool = False, mixed_speedup: float | None = None) -> list[Advice]:
    """Every rule that applies to ``run``, biggest share first."""
    data = rules()
    sources = data.get("sources", {})
    gpu_used = bool(run.gpu.get("used"))
    device = "GPU" if gpu_used else "CPU"
    step = run.step_ms.get("median")
    found: list[tuple[float, int, Advice]] = []

    def add(order: int, rule: dict, weight: float, word_id: str | None = None, **args: object) -> None:
        template = WORDS[word_id or rule["id"]]
        values = {k: str(v) for k, v in args.items()}
        source = sources.get(rule.get("source", ""), {}).get("url", "")
        found.append((weight, order, Advice(rule=rule["id"], text=template.format(**values), template=template,
                                            args=values, snippet=rule.get("snippet"), source=source,
                                            page=rule.get("page"))))

    checks: dict[str, Callable[[int, dict], None]] = {}

    def by_part(order: int, rule: dict) -> None:
        share = run.breakdown.get(rule["part"], 0.0)
        if rule["part"] == "device_compute" and run.bottleneck != "device-compute":
            return
        if share >= rule.get("min_share", 0.0):
            add(order, rule, share, device=device, share=percent(share),
                step_ms=f"{step:.1f} ms" if step is not None else "?")

    def retracing(order: int, rule: dict) -> None:
        if run.retracing_warnings >= rule.get("min_count", 1):
            add(order, rule, 0.15, count=run.retracing_warnings)

    def cpu_ops(order: int, rule: dict) -> None:
        share = sum(op.get("share") or 0.0 for op in run.cpu_ops)
        if gpu_used and run.cpu_ops and share >= rule.get("min_share", 0.0):
            names = ", ".join(str(op.get("type")) for op in run.cpu_ops[:3])
            add(order, rule, share, count=len(run.cpu_ops), names=names, share=percent(share))

    def mixed(order: int, rule: dict) -> None:
        if gpu_used and tensor_cores and run.settings.get("mixed_precision") is False:
            gpu = str(run.gpu.get("name") or "GPU")
            if mixed_speedup:
                add(order, rule, 0.3, "mixed-precision-measured", gpu=gpu, speedup=f"{mixed_speedup:.1f}×")
            else:
                add(order, rule, 0.25, gpu=gpu)

    def memory(order: int, rule: dict) -> None:
        used, total = run.gpu.get("memory_peak_mib"), run.gpu.get("memory_total_mib")
        if used and total and used / total >= rule.get("min_share", 0.9):
            add(order, rule, used / total * 0.3, share=percent(used / total), total=f"{total / 1024:.1f} GiB")

    def markers(order: int, rule: dict) -> None:
        if run.hint and not run.steps_traced:
            add(order, rule, 2.0, seconds=f"{run.trace_seconds or 0:.1f} s")

    checks.update({"step-markers": markers, "retracing": retracing, "cpu-ops": cpu_ops, "mixed-precision": mixed, "memory-near-full": memory})
    for order, rule in enumerate(data.get("rules", [])):
        check = checks.get(rule["id"], by_part if "part" in rule else None)
        if check is not None:
            check(order, rule)
    found.sort(key=lambda item: (-item[0], item[1]))
    return [advice for _, _, advice in found]
