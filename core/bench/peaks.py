"""What the hardware could do at best, for "% of peak".

GPU peaks come from the KB (``resources/kb/gpus.json``, each with its source). The CPU's
fp32 peak is derived: physical cores x FLOP per cycle (from the widest FMA the CPU has)
x clock. Anything that cannot be derived is None: "unknown", never a guess shown as a fact.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

from packaging.version import InvalidVersion, Version

from tfgpu.core import kb
from tfgpu.core.bench.model import BenchRun, BenchTest, Peak
from tfgpu.core.host import Host, RealHost

#: fp32 FLOP per cycle per core, by the widest vector FMA: lanes x 2 (multiply+add) x 2 FMA units.
#: Two FMA units is what Haswell and later desktop cores and Zen 2 and later have; some
#: AVX-512 parts have one, so that figure is marked as an assumption in the basis text.
_FLOP_PER_CYCLE = (("avx512f", 64), ("fma", 32), ("avx", 16), ("sse2", 8), ("asimd", 16), ("neon", 8))
_TF32_MIN_CC = (8, 0)  # Ampere: float32 matmul and conv run on TF32 tensor cores
_TF32_DEFAULT_SINCE = Version("2.4")  # TF turns TF32 on by default from 2.4
_GHZ_IN_NAME = re.compile(r"@\s*([\d.]+)\s*GHz", re.I)
# Windows IsProcessorFeaturePresent ids.
_PF_FEATURES = (("avx512f", 41), ("avx2", 40), ("avx", 39), ("sse2", 10))


@dataclass(frozen=True)
class CpuFacts:
    model: str | None
    physical_cores: int | None
    ghz: float | None
    flags: frozenset[str]
    clock: str = "max"  # where ghz came from: "max" (turbo), "base" (the model name) or "current"

    @property
    def flop_per_cycle(self) -> int | None:
        for flag, flops in _FLOP_PER_CYCLE:
            if flag in self.flags and (flag != "fma" or "avx2" in self.flags):
                return flops
        return None

    def fp32_peak(self) -> Peak | None:
        per_cycle = self.flop_per_cycle
        if not (self.physical_cores and self.ghz and per_cycle):
            return None
        tflops = self.physical_cores * per_cycle * self.ghz / 1000.0
        basis = f"{self.physical_cores} cores x {per_cycle} FLOP/cycle x {self.ghz:.2f} GHz"
        if self.clock != "max":
            basis += f" ({self.clock} clock; turbo may be higher)"
        if per_cycle == 64:
            basis += " (assumes two AVX-512 FMA units)"
        return Peak(value=tflops, unit="TFLOPS", basis=basis, source="derived", status="derived")


def cpu_facts(host: Host) -> CpuFacts:
    """The CPU's model, physical cores, clock and instruction sets, from what ``host`` shows."""
    live = isinstance(host, RealHost)  # psutil speaks for this machine only, not a described one
    if host.platform.is_windows:
        return _windows_cpu(host, live)
    return _linux_cpu(host.files.read_text("/proc/cpuinfo") if host.files.is_file("/proc/cpuinfo") else "", live)


def _linux_cpu(cpuinfo: str, live: bool) -> CpuFacts:
    model, mhz = None, None
    flags: set[str] = set()
    cores: set[tuple[str, str]] = set()
    physical = core = ""
    for line in cpuinfo.splitlines():
        key, _, value = (part.strip() for part in line.partition(":"))
        if key == "model name" and model is None:
            model = value
        elif key in ("flags", "Features") and not flags:
            flags = set(value.lower().split())
        elif key == "cpu MHz" and mhz is None:
            mhz = _float(value)
        elif key == "physical id":
            physical = value
        elif key == "core id":
            core = value
        elif key == "" and line.strip() == "" and (physical or core):
            cores.add((physical, core))
            physical = core = ""
    if physical or core:
        cores.add((physical, core))
    ghz, clock = (_max_ghz() if live else None), "max"
    if ghz is None:
        ghz, clock = _ghz_from_name(model), "base"
    if ghz is None and mhz:
        ghz, clock = mhz / 1000.0, "current"
    cores_count = len(cores) or (_physical_cores() if live else None)
    return CpuFacts(model=model, physical_cores=cores_count, ghz=ghz, flags=frozenset(flags),
                    clock=clock)


def _windows_cpu(host: Host, live: bool) -> CpuFacts:
    values = host.registry.values(r"HKLM\HARDWARE\DESCRIPTION\System\CentralProcessor\0")
    model = str(values.get("ProcessorNameString") or "").strip() or None
    mhz = values.get("~MHz")
    ghz = _ghz_from_name(model) or (float(mhz) / 1000.0 if isinstance(mhz, (int, float)) and mhz > 0 else None)
    clock = "base"  # the name's "@ 3.70GHz" and the registry's ~MHz are both the nominal clock
    flags = _windows_flags() if sys.platform == "win32" and live else frozenset()
    if "avx2" in flags:
        flags = flags | {"fma"}  # every AVX2 CPU has FMA3
    return CpuFacts(model=model, physical_cores=_physical_cores() if flags and live else None, ghz=ghz, flags=flags,
                    clock=clock)


def _windows_flags() -> frozenset[str]:
    try:
        import ctypes

        present = ctypes.windll.kernel32.IsProcessorFeaturePresent  # type: ignore[attr-defined,unused-ignore]
        return frozenset(name for name, feature in _PF_FEATURES if present(feature))
    except Exception:  # noqa: BLE001 - unknown instruction sets: no CPU peak
        return frozenset()


def _ghz_from_name(model: str | None) -> float | None:
    match = _GHZ_IN_NAME.search(model or "")
    return _float(match.group(1)) if match else None


def _max_ghz() -> float | None:
    try:
        import psutil

        freq = psutil.cpu_freq()
        return freq.max / 1000.0 if freq and freq.max > 0 else None
    except Exception:  # noqa: BLE001 - not every platform or VM says
        return None


def _physical_cores() -> int | None:
    try:
        import psutil

        return psutil.cpu_count(logical=False) or None
    except Exception:  # noqa: BLE001
        return None


def _float(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


# -- peaks per test --------------------------------------------------------------


def _tf32_active(run: BenchRun) -> bool:
    """float32 matmul/conv on TF32 tensor cores: CC >= 8.0 and TF's default (or the agent's word)."""
    flag = run.tf_build.get("tensor_float_32")
    if isinstance(flag, bool):
        enabled = flag
    else:
        try:
            enabled = Version(run.tf_version or "0") >= _TF32_DEFAULT_SINCE
        except InvalidVersion:
            enabled = False
    cc = _cc_tuple(run.gpus[0].get("compute_capability")) if run.gpus else None
    return enabled and cc is not None and cc >= _TF32_MIN_CC


def _cc_tuple(value: object) -> tuple[int, int] | None:
    match = re.match(r"(\d+)\.(\d+)", str(value or ""))
    return (int(match.group(1)), int(match.group(2))) if match else None


def gpu_peak(run: BenchRun, test: BenchTest) -> Peak | None:
    """The KB peak matching this GPU test's metric and dtype, or None when the KB has none."""
    spec = kb.gpu_spec(run.gpu_model or "")
    if spec is None:
        return None
    if test.metric == "gb_s" and test.params.get("kind") == "d2d" and spec.mem_bw_gb_s:
        return Peak(spec.mem_bw_gb_s, "GB/s", f"{spec.name} memory bandwidth", *spec.source_of("bw"))
    if test.metric != "tflops":
        return None
    if test.dtype == "float32" and _tf32_active(run) and spec.fp16_tflops:
        return Peak(spec.fp16_tflops / 2, "TFLOPS", f"{spec.name} TF32 tensor-core peak (half its FP16 peak)",
                    spec.source_of("fp16")[0], "derived")
    field_name = {"float32": "fp32", "float16": "fp16", "bfloat16": "bf16"}.get(test.dtype or "")
    figure = {"fp32": spec.fp32_tflops, "fp16": spec.fp16_tflops, "bf16": spec.bf16_tflops}.get(field_name or "")
    if not figure or field_name is None:
        return None
    return Peak(figure, "TFLOPS", f"{spec.name} {test.dtype} peak", *spec.source_of(field_name))


def cpu_peak(cpu: CpuFacts | None, test: BenchTest) -> Peak | None:
    if cpu is None or test.metric != "tflops" or test.dtype != "float32":
        return None
    return cpu.fp32_peak()


def same_cpu(run: BenchRun, cpu: CpuFacts | None) -> CpuFacts | None:
    """``cpu`` when it is the CPU the agent ran on (a run from elsewhere gets no CPU peak)."""
    model = str(run.cpu.get("model") or "")
    if cpu is None or not model or not cpu.model:
        return cpu
    return cpu if " ".join(model.split()) == " ".join(cpu.model.split()) else None


def apply_peaks(run: BenchRun, cpu: CpuFacts | None) -> None:
    """Fill each test's peak, % of peak and GPU-over-CPU speed-up, in place."""
    cpu = same_cpu(run, cpu)
    cpu_figures = [t for t in run.tests if t.device == "cpu" and t.ok]
    cpu_by_key = {t.twin_key: t for t in cpu_figures}
    cpu_best: dict[tuple, BenchTest] = {}  # the CPU's best per kind of test, when sizes differ by device
    for cpu_test in cpu_figures:
        key = (cpu_test.suite, cpu_test.dtype, cpu_test.metric)
        if key not in cpu_best or (cpu_test.value or 0) > (cpu_best[key].value or 0):
            cpu_best[key] = cpu_test
    for test in run.tests:
        test.peak = gpu_peak(run, test) if test.device == "gpu" else cpu_peak(cpu, test)
        test.percent_of_peak = (100.0 * test.value / test.peak.value
                                if test.ok and test.peak and test.peak.value > 0 and test.value is not None
                                else None)
        twin = None
        if test.device == "gpu" and test.ok:
            twin = cpu_by_key.get(test.twin_key) or cpu_best.get((test.suite, test.dtype, test.metric))
        test.speedup_vs_cpu = (test.value / twin.value if twin and twin.value and test.value is not None
                               else None)
    spec = kb.gpu_spec(run.gpu_model or "") if run.gpus else None
    run.gpu_peak_basis = f"KB: {spec.name} ({spec.status})" if spec else None
    peak = cpu.fp32_peak() if cpu else None
    run.cpu_peak_basis = peak.basis if peak else None
