"""What a benchmark run means, in plain words: headlines and the reasons behind every gap.

Texts are :class:`TrText` (English ``{name}`` templates marked for translation), so the
CLI prints English and the GUI shows the user's language.
"""

from __future__ import annotations

from tfgpu.core.bench.model import BenchRun, BenchTest, RunError, RunStatus
from tfgpu.core.bench.scaling import scaling_headline
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText

_ERRORS = {
    "tf-not-installed": QT_TRANSLATE_NOOP(
        "core", "TensorFlow is not installed in this environment, so there is nothing to benchmark. "
        "Install it first (the Diagnosis page, or `tfgpu doctor`, gives the exact command)."),
    "tf-import-failed": QT_TRANSLATE_NOOP(
        "core", "TensorFlow is installed but does not import: {message}. `tfgpu doctor` explains why."),
    "python-too-old": QT_TRANSLATE_NOOP(
        "core", "This Python is too old to run the benchmark (it needs 3.7 or newer): {message}"),
    "not-python": QT_TRANSLATE_NOOP("core", "The benchmark could not run: {message}"),
    "agent-crashed": QT_TRANSLATE_NOOP(
        "core", "The benchmark process died: {message}. The figures measured before it are kept."),
    "time-limit": QT_TRANSLATE_NOOP("core", "Skipped, the suite's time ran out: {message}."),
    "agent-timeout": QT_TRANSLATE_NOOP(
        "core", "A test did not finish and the benchmark process was stopped: {message}."),
    "import-timeout": QT_TRANSLATE_NOOP(
        "core", "TensorFlow did not start within {message}: its import (or the first use of the GPU) hangs. "
        "Close other programs using the GPU and try again; `tfgpu doctor` checks the installation."),
    "tf-import-crashed": QT_TRANSLATE_NOOP(
        "core", "TensorFlow crashed while it was starting ({message}); nothing was measured. "
        "`tfgpu doctor` says why it cannot start."),
    "gpu-unavailable": QT_TRANSLATE_NOOP(
        "core", "The GPU tests were skipped: {message}. Only the CPU was measured; "
        "the Diagnosis page (`tfgpu doctor`) says why TensorFlow does not see the GPU."),
    "agent-bad-output": QT_TRANSLATE_NOOP("core", "Some of the benchmark's output could not be read: {message}"),
    "oom": QT_TRANSLATE_NOOP("core", "Out of memory even at the smallest size: {message}"),
    "unsupported": QT_TRANSLATE_NOOP("core", "Not supported here: {message}"),
    "not-run": QT_TRANSLATE_NOOP("core", "Not run: {message}"),
}
_ERROR_FALLBACK = QT_TRANSLATE_NOOP("core", "Failed: {message}")
_GPU_ONLY_UNAVAILABLE = QT_TRANSLATE_NOOP(
    "core", "Nothing was measured: only the GPU was asked for, and {message}. The Diagnosis page "
    "(`tfgpu doctor`) says why TensorFlow does not see the GPU.")

_GPU_MATMUL = QT_TRANSLATE_NOOP(
    "core", "Your {gpu} reached {value} TFLOPS in a float32 matrix multiply ({percent}% of its peak).")
_GPU_MATMUL_NO_PEAK = QT_TRANSLATE_NOOP(
    "core", "Your {gpu} reached {value} TFLOPS in a float32 matrix multiply (its peak is not in our "
    "knowledge base, so no % of peak).")
_SPEEDUP = QT_TRANSLATE_NOOP("core", "That is {ratio}x your CPU at float32 matrix multiply.")
_HALF = QT_TRANSLATE_NOOP("core", "In {dtype} it reached {value} TFLOPS ({ratio}x float32).")
_MIXED = QT_TRANSLATE_NOOP("core", "Mixed precision (mixed_float16) trained {ratio}x as fast as float32.")
_XLA = QT_TRANSLATE_NOOP("core", "XLA (jit_compile) made the training step {ratio}x as fast.")
_XLA_SLOWER = QT_TRANSLATE_NOOP(
    "core", "XLA (jit_compile) made the training step slower here ({ratio}x as fast); small models, "
    "and the CPU, often gain nothing from it.")
_CPU_MATMUL = QT_TRANSLATE_NOOP(
    "core", "Your CPU reached {value} GFLOPS in a float32 matrix multiply ({percent}% of its estimated peak).")
_CPU_MATMUL_ABOVE = QT_TRANSLATE_NOOP(
    "core", "Your CPU reached {value} GFLOPS in a float32 matrix multiply, {percent}% of the peak estimated "
    "from its clock: it runs faster than the clock we could read (turbo).")
_CPU_MATMUL_NO_PEAK = QT_TRANSLATE_NOOP(
    "core", "Your CPU reached {value} GFLOPS in a float32 matrix multiply (its peak could not be derived).")
_CANCELLED = QT_TRANSLATE_NOOP("core", "The benchmark was cancelled; the figures measured so far are shown.")
_PARTIAL = QT_TRANSLATE_NOOP("core", "The benchmark did not finish every test; the reasons are listed.")


def error_text(error: RunError) -> TrText:
    return TrText(_ERRORS.get(error.code, _ERROR_FALLBACK), message=error.message.rstrip(". "))


def test_error_text(test: BenchTest) -> TrText | None:
    if test.error_code is None:
        return None
    return error_text(RunError(test.error_code, test.error or ""))


def _best(run: BenchRun, suite: str, device: str, dtype: str) -> BenchTest | None:
    tests = [t for t in run.figures() if t.suite == suite and t.device == device and t.dtype == dtype]
    return max(tests, key=lambda t: t.value or 0.0, default=None)


def _ratio(faster: BenchTest | None, slower: BenchTest | None) -> float | None:
    if faster is None or slower is None or not slower.value or faster.value is None:
        return None
    return faster.value / slower.value


def _fmt(value: float) -> str:
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


def _pair(run: BenchRun, suite: str, fast: object, slow: object) -> float | None:
    """How much faster one variant of a training step is (by dtype for train, by jit for xla), GPU first."""
    def variant(test: BenchTest) -> object:
        return test.dtype if suite == "train" else test.params.get("jit")

    for device in ("gpu", "cpu"):
        tests = [t for t in run.figures() if t.suite == suite and t.device == device]
        ratio = _ratio(next((t for t in tests if variant(t) == fast), None),
                       next((t for t in tests if variant(t) == slow), None))
        if ratio is not None:
            return ratio
    return None


def problems(run: BenchRun) -> list[TrText]:
    """Why figures are missing: the run's status and errors, and why the GPU was skipped."""
    lines: list[TrText] = []
    if run.status is RunStatus.CANCELLED:
        lines.append(TrText(_CANCELLED))
    if run.gpu_unavailable is not None and run.config.get("device") == "gpu":
        lines.append(TrText(_GPU_ONLY_UNAVAILABLE, message=run.gpu_unavailable.message.rstrip(". ")))
    elif run.gpu_unavailable is not None:
        lines.append(error_text(run.gpu_unavailable))
    lines += [error_text(e) for e in run.errors]
    if run.status is RunStatus.PARTIAL and not run.errors:
        lines.append(TrText(_PARTIAL))
    return lines


def headlines(run: BenchRun) -> list[TrText]:
    """The few sentences a user reads first: the user's GPU, then CPU, then what mixed precision
    and XLA changed."""
    lines: list[TrText] = []
    gpu = _best(run, "matmul", "gpu", "float32")
    if gpu is not None and gpu.value is not None:
        name = run.gpu_model or "GPU"
        if gpu.percent_of_peak is not None:
            lines.append(TrText(_GPU_MATMUL, gpu=name, value=_fmt(gpu.value), percent=f"{gpu.percent_of_peak:.0f}"))
        else:
            lines.append(TrText(_GPU_MATMUL_NO_PEAK, gpu=name, value=_fmt(gpu.value)))
        if gpu.speedup_vs_cpu:
            lines.append(TrText(_SPEEDUP, ratio=_fmt(gpu.speedup_vs_cpu)))
        for dtype in ("float16", "bfloat16"):
            half = _best(run, "matmul", "gpu", dtype)
            ratio = _ratio(half, gpu)
            if half is not None and half.value is not None and ratio:
                lines.append(TrText(_HALF, dtype=dtype, value=_fmt(half.value), ratio=_fmt(ratio)))
    cpu = _best(run, "matmul", "cpu", "float32")
    if cpu is not None and cpu.value is not None:
        if cpu.percent_of_peak is not None and cpu.percent_of_peak > 100:
            lines.append(TrText(_CPU_MATMUL_ABOVE, value=_fmt(cpu.value * 1000), percent=f"{cpu.percent_of_peak:.0f}"))
        elif cpu.percent_of_peak is not None:
            lines.append(TrText(_CPU_MATMUL, value=_fmt(cpu.value * 1000), percent=f"{cpu.percent_of_peak:.0f}"))
        else:
            lines.append(TrText(_CPU_MATMUL_NO_PEAK, value=_fmt(cpu.value * 1000)))
    # The user's own devices first (GPU, then CPU); what the options change after them.
    mixed = _pair(run, "train", "mixed_float16", "float32")
    if mixed:
        lines.append(TrText(_MIXED, ratio=_fmt(mixed)))
    xla = _pair(run, "xla", True, False)
    if xla:
        lines.append(TrText(_XLA if xla >= 1 else _XLA_SLOWER, ratio=_fmt(xla)))
    scaling = scaling_headline(run)
    if scaling is not None:
        lines.append(scaling)
    return lines
