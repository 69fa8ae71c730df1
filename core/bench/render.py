"""Plain text for ``tfgpu bench`` (English; the GUI renders its own), and value formatting both share."""

from __future__ import annotations

from tfgpu.core.bench.model import BenchRun, BenchTest
from tfgpu.core.bench.saved_runs import Change
from tfgpu.core.bench.summary import headlines, problems, test_error_text


def format_value(value: float | None, unit: str | None) -> str:
    """'11.8 TFLOPS', '95.2 GFLOPS' (a TFLOPS figure under 1), '1.2e+03 images/s', 'n/a'."""
    if value is None:
        return "n/a"
    if unit == "TFLOPS" and value < 1:
        value, unit = value * 1000, "GFLOPS"
    digits = f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return f"{digits} {unit}" if unit else digits


def format_spread(test: BenchTest) -> str:
    spread = test.stats.spread if test.stats else None
    return f"±{spread * 100:.1f}%" if spread is not None else ""


def format_percent(value: float | None) -> str:
    return f"{value:.0f}%" if value is not None else ""


def format_ratio(value: float | None) -> str:
    return f"{value:.3g}x" if value is not None else ""


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip() for row in rows]


def _header(run: BenchRun) -> list[str]:
    mode = "quick" if run.config.get("quick") else "full"
    tf = f"TensorFlow {run.tf_version}" if run.tf_version else "no TensorFlow"
    python = f"Python {run.python_version}" if run.python_version else run.python
    lines = [f"Benchmark {run.run_id} ({mode}, {tf}, {python}): {run.status}"]
    if run.gpus:
        gpu = run.gpus[0]
        driver = f", driver {run.driver_version}" if run.driver_version else ""
        lines.append(f"GPU: {run.gpu_model} (compute capability {gpu.get('compute_capability') or '?'}{driver})")
    if run.cpu:
        peak = f"; peak {run.cpu_peak_basis}" if run.cpu_peak_basis else "; peak unknown"
        lines.append(f"CPU: {run.cpu.get('model') or '?'}{peak}")
    return lines


def format_run(run: BenchRun, verbose: bool = False) -> str:
    lines = _header(run) + [""]
    rows = [["test", "device", "result", "spread", "runs", "% of peak", "vs CPU"]]
    notes = []
    for test in run.tests:
        if test.ok:
            runs = str(test.stats.runs) if test.stats else ""
            rows.append([test.label, test.device, format_value(test.value, test.unit), format_spread(test), runs,
                         format_percent(test.percent_of_peak), format_ratio(test.speedup_vs_cpu)])
            if test.backoff:
                notes.append(f"{test.label} ({test.device}): size reduced after running out of memory")
        elif verbose or test.error_code not in ("not-run",):
            rows.append([test.label, test.device, f"- {test.error_code}", "", "", "", ""])
            if verbose:
                notes.append(f"{test.label} ({test.device}): {test_error_text(test)}")
    if len(rows) > 1:
        lines += _table(rows) + [""]
    lines += [str(text) for text in headlines(run) + problems(run)]
    if notes:
        lines += [""] + notes
    if verbose and run.gpu_peak_basis:
        lines.append(f"GPU peaks: {run.gpu_peak_basis}")
    return "\n".join(lines).rstrip() + "\n"


def format_comparison(before: BenchRun, after: BenchRun, changes: list[Change]) -> str:
    lines = [f"Compared with run {before.run_id} ({before.created}):"]
    rows = [["test", "device", "before", "after", "change"]]
    for change in changes:
        ratio = change.ratio
        delta = f"{(ratio - 1) * 100:+.1f}%" if ratio is not None else "n/a"
        rows.append([change.label, change.device, format_value(change.before, change.unit),
                     format_value(change.after, change.unit), delta])
    return "\n".join(lines + _table(rows)) + "\n"
