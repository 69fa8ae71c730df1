"""The profile as text (``tfgpu profile``, the report)."""

from __future__ import annotations

from tfgpu.core.profile.model import PARTS, ProfileRun

PART_WORDS = {"input": "waiting for input", "device_compute": "device compute", "host_compute": "host compute",
              "copies": "host<->device copies", "launch_idle": "launch / idle", "compile": "compiling"}
BOTTLENECK_WORDS = {"input": "the input pipeline", "device-compute": "the device's compute (good: it is busy)",
                    "host-compute": "ops running on the host", "copies": "host<->device copies",
                    "launch": "launch overhead and idle time (steps too small?)", "compile": "compilation",
                    "unknown": "not clear (no part is large)"}


def _ms(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1f} ms"


def format_run(run: ProfileRun, verbose: bool = False) -> str:
    lines = [f"Profile of {run.script}", f"  Python: {run.env}" + (f" (TF {run.tf_version})" if run.tf_version else "")]
    if not run.ok:
        lines.append(f"  Not profiled ({run.status}): {run.reason or 'unknown reason'}")
        tail = [line for line in run.output_tail.strip().splitlines() if line.strip()][-8:]
        tail = tail if run.status == "failed" else []
        if tail:
            lines += ["  The script's last output:"] + ["    " + line for line in tail]
        return "\n".join(lines) + "\n"
    traced = f"{run.steps_traced} traced step(s)" if run.steps_traced else "traced by time (no step markers)"
    lines.append(f"  {traced}; step time median {_ms(run.step_ms.get('median'))}, "
                 f"p90 {_ms(run.step_ms.get('p90'))}")
    lines.append("  Where each step's time goes:")
    for part in PARTS:
        share = run.breakdown.get(part, 0.0)
        bar = "#" * round(share * 30)
        lines.append(f"    {PART_WORDS[part]:<22} {share * 100:5.1f}%  {bar}")
    lines.append(f"  Bottleneck: {BOTTLENECK_WORDS.get(run.bottleneck, run.bottleneck)}")
    gpu = run.gpu
    if gpu.get("util_mean") is not None:
        lines.append(f"  GPU {gpu.get('name') or ''}: {gpu['util_mean']:.0f}% busy on average (max "
                     f"{gpu.get('util_max'):.0f}%), memory peak {gpu.get('memory_peak_mib') or 0:.0f} of "
                     f"{gpu.get('memory_total_mib') or 0:.0f} MiB")
    elif not gpu.get("used"):
        lines.append("  No GPU was used: the CPU is the device" + (
            f" ({gpu.get('sampler_reason')})" if gpu.get("sampler_reason") and verbose else ""))
    settings = run.settings
    if settings.get("mixed_precision") is not None or settings.get("xla") is not None:
        lines.append(f"  Mixed precision: {_on(settings.get('mixed_precision'))}; XLA: {_on(settings.get('xla'))}")
    if run.retracing_warnings:
        lines.append(f"  Retracing warnings: {run.retracing_warnings}")
    if run.top_ops:
        lines.append("  Top ops by self time:")
        for op in run.top_ops[: 10 if verbose else 5]:
            shown = f"{op['share'] * 100:5.1f}%" if op.get("share") is not None else "   n/a"
            lines.append(f"    {shown}  {op['self_ms']:9.1f} ms  {op['type']:<24} {op['op'][:60]}")
    if run.cpu_ops:
        lines.append("  Ops placed on the CPU while the GPU was used: " + ", ".join(o["type"] for o in run.cpu_ops[:5]))
    if run.reason:
        lines.append(f"  Note: {run.reason}")
    if run.advice:
        lines.append("  What to change:")
        for number, advice in enumerate(run.advice, 1):
            lines.append(f"    {number}. {advice.text}")
            if advice.snippet and (verbose or number <= 3):
                lines += ["         " + line for line in advice.snippet.splitlines()]
    return "\n".join(lines) + "\n"


def _on(value: object) -> str:
    return "unknown" if value is None else ("on" if value else "off")
