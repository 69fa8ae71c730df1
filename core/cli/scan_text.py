"""A readable plain-text summary of a Scan (the CLI's default output)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tfgpu.core.probes.base import ProbeResult, Status
from tfgpu.core.probes.pythons import PythonEnv
from tfgpu.core.probes.tensorflow import TfInfo
from tfgpu.core.probes.wsl import WslDistroScan
from tfgpu.core.scan import Scan

if TYPE_CHECKING:
    from tfgpu.core.diagnosis.verdict import Verdict

_TAG = {Status.OK: "[ ok ]", Status.MISSING: "[miss]", Status.ERROR: "[err ]", Status.UNSUPPORTED: "[ -- ]"}
_INDENT = " " * 23


def format_scan(scan: Scan, verbose: bool = False, verdict: Verdict | None = None) -> str:
    """The scan's sections; with ``verdict``, a part its route does not use says so (never a hint to install it)."""
    lines = [f"tfgpu {scan.tool_version} scan, {scan.created_at} ({scan.duration_s:.1f} s)"]
    if scan.cancelled:
        lines.append("The scan was cancelled; what follows is incomplete.")
    lines.append("")
    lines += _section("System", scan.os, [_os_line(scan)], verbose)
    lines += _section("Graphics", scan.adapters, [_adapters_line(scan)], verbose)
    lines += _part("driver", verdict) or _section("NVIDIA driver", scan.driver, _driver_lines(scan, verbose), verbose)
    lines += _part("cuda", verdict) or _section("CUDA toolkits", scan.cuda, _cuda_lines(scan), verbose)
    lines += _part("cudnn", verdict) or _section("cuDNN", scan.cudnn, _cudnn_lines(scan), verbose)
    lines += _section("Python + TF", scan.pythons, _python_lines(scan, verbose), verbose)
    for distro in scan.wsl.distros:
        lines += _section(f"WSL {distro.name}", distro, _wsl_lines(distro, verbose), verbose)
    return "\n".join(lines).rstrip() + "\n"


_PART_TITLES = {"driver": "NVIDIA driver", "cuda": "CUDA toolkits", "cudnn": "cuDNN"}


def _part(part: str, verdict: Verdict | None) -> list[str]:
    """A part the route does not use, when the scan did not find it working: one neutral line."""
    if verdict is None:
        return []
    why = verdict.not_needed_text(part)
    scan = verdict.scan
    result: ProbeResult = {"driver": scan.driver, "cuda": scan.cuda, "cudnn": scan.cudnn}[part]
    if why is None or result.status is Status.OK:
        return []
    return [f"{_TAG[Status.UNSUPPORTED]} {_PART_TITLES[part]:<15} {why}", ""]


def _section(title: str, result: ProbeResult, body: list[str], verbose: bool) -> list[str]:
    body = [b for b in body if b] or [_status_words(result)]
    out = [f"{_TAG.get(result.status, '[ ?? ]')} {title:<15} {body[0]}"]
    out += [f"{_INDENT}{line}" for line in body[1:]]
    if result.status is not Status.OK and result.error:
        out.append(f"{_INDENT}error: {_one_line(result.error)}")
    if result.hint:
        out.append(f"{_INDENT}-> {result.hint}")
    if verbose:
        out += [f"{_INDENT}   evidence {ev}" for ev in result.evidence]
    return out + [""]


def _status_words(result: ProbeResult) -> str:
    words = {Status.OK: "ok", Status.MISSING: "not found", Status.ERROR: "error", Status.UNSUPPORTED: "unsupported"}
    reason = f" ({result.reason.replace('-', ' ')})" if result.reason else ""
    return words.get(result.status, str(result.status)) + reason


def _one_line(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _os_line(scan: Scan) -> str:
    info = scan.os
    parts = [info.name or info.system, info.architecture]
    if info.build:
        parts.append(f"build {info.build}")
    elif info.kernel:
        parts.append(f"kernel {info.kernel}")
    if info.is_wsl:
        parts.append(f"inside WSL{info.wsl_version or ''}" + ("" if info.wsl_gpu else ", no /dev/dxg"))
    if info.wsl_installed:
        names = ", ".join(f"{d.name} (WSL{d.version})" for d in info.wsl_distros) or "no distro"
        parts.append(f"WSL: {names}")
    elif info.wsl_installed is False:
        parts.append("WSL not installed")
    return ", ".join(p for p in parts if p)


def _adapters_line(scan: Scan) -> str:
    info = scan.adapters
    if info.method == "none":
        return ""
    names = ", ".join(a.label for a in info.adapters) or "no display adapter"
    verdict = {True: "NVIDIA card present", False: "no NVIDIA card", None: "NVIDIA card: unknown"}[info.nvidia_present]
    return f"{verdict}; {names} (from {info.method})"


def _driver_lines(scan: Scan, verbose: bool = False) -> list[str]:
    drv = scan.driver
    if drv.status is not Status.OK and not drv.gpus:
        return [_status_words(drv)]
    head = f"driver {drv.driver_version or '?'}, supports CUDA up to {drv.cuda_driver_version or '?'}"
    lines = [head + (f" (via {drv.source})" if drv.source else "")]
    for gpu in drv.gpus:
        extras = [
            f"CC {gpu.compute_capability}" if gpu.compute_capability else "CC ?",
            f"{gpu.memory_total_mib} MiB" if gpu.memory_total_mib is not None else None,
            gpu.driver_model,
        ]
        lines.append(f"GPU {gpu.index}: {gpu.name or 'name unknown'} ({', '.join(e for e in extras if e)})")
        if verbose:
            lines.append(f"  {_gpu_details(gpu)}")
    return lines


def _gpu_details(gpu) -> str:
    """UUID, bus, power limit and clocks; unknown values say n/a and why, never 0."""

    def value(name: str, unit: str = "") -> str:
        got = getattr(gpu, name)
        if got is None:
            why = gpu.unavailable.get(name)
            return f"n/a ({why})" if why else "n/a"
        return f"{got:g}{unit}" if isinstance(got, float) else f"{got}{unit}"

    return (
        f"uuid {value('uuid')}, bus {value('pci_bus_id')}, power limit {value('power_limit_w', ' W')}, "
        f"max clocks {value('max_graphics_clock_mhz', ' MHz')} / {value('max_memory_clock_mhz', ' MHz')}"
    )


def _cuda_lines(scan: Scan) -> list[str]:
    cuda = scan.cuda
    lines = []
    for tk in cuda.toolkits:
        mark = " <- first on PATH" if cuda.path_winner and tk.root == cuda.path_winner else ""
        lines.append(f"{tk.version_full or tk.version or '?'} at {tk.root}{mark}")
    return lines or [_status_words(cuda)]


def _cudnn_lines(scan: Scan) -> list[str]:
    cudnn = scan.cudnn
    lines = [f"{_cudnn_version(inst.version, inst.major)} at {inst.location}" for inst in cudnn.installs]
    if cudnn.zlibwapi_needed and not cudnn.zlibwapi:
        lines.append("zlibwapi.dll not found (cuDNN 8.3+ on Windows needs it)")
    return lines or [_status_words(cudnn)]


def _cudnn_version(version: str | None, major: int | None) -> str:
    if version:
        return version
    return f"{major}.x" if major is not None else "version unknown"


def _wsl_lines(distro: WslDistroScan, verbose: bool) -> list[str]:
    gpu = "; ".join(distro.gpus) or ("nvidia-smi failed" if distro.nvidia_smi_ok is False else "nvidia-smi: n/a")
    dxg = {True: "/dev/dxg present", False: "no /dev/dxg", None: "/dev/dxg: n/a"}[distro.dev_dxg]
    lines = [f"{dxg}, {gpu}"]
    for env in distro.envs:
        lines.append(_env_line(env))
        lines += [f"    {text}" for text in _tf_lines(env.tensorflow, env.tensorflow is not None, verbose)]
    return lines


def _python_lines(scan: Scan, verbose: bool) -> list[str]:
    envs = scan.pythons.envs
    if not envs:
        return [_status_words(scan.pythons)]
    lines = [f"{len(envs)} environment{'s' if len(envs) != 1 else ''}"]
    for env in envs:
        lines.append(_env_line(env))
        lines += [f"    {text}" for text in _tf_lines(env.tensorflow, scan.tf_probed, verbose)]
    return lines


def _env_line(env: PythonEnv) -> str:
    me = " (this app)" if env.is_self else ""
    if env.reason == "needs-consent":
        return f"* {env.executable}: not run, found through the current folder; check it with --here"
    if env.status is not Status.OK:
        return f"* {env.executable}{me}: {_status_words(env)}" + (f": {_one_line(env.error)}" if env.error else "")
    bits = f" {env.bits}-bit" if env.bits else ""
    return f"* {env.executable}{me}: Python {env.version or '?'}{bits}, {env.kind}"


def _tf_lines(tf: TfInfo | None, probed: bool, verbose: bool) -> Iterable[str]:
    if tf is None:
        return ["TensorFlow: not checked (--no-tf)" if not probed else "TensorFlow: not checked"]
    if tf.status is Status.MISSING:
        return ["TensorFlow: not installed"]
    if tf.status is not Status.OK:
        detail = tf.import_error or tf.error or ""
        return [f"TensorFlow: {_status_words(tf)}" + (f": {_one_line(detail)}" if detail else "")]
    build = {True: f"CUDA {tf.cuda_build_version or '?'} build, cuDNN {tf.cudnn_build_version or '?'}",
             False: "CPU-only build", None: "build unknown"}[tf.is_cuda_build]
    count = tf.gpu_count
    seen = "GPUs seen: unknown" if count is None else f"sees {count} GPU{'s' if count != 1 else ''}"
    out = [f"TensorFlow {tf.version or '?'} ({build}): {seen}"]
    if not count and tf.gpu_init_error:
        out.append(f"why no GPU: {_one_line(tf.gpu_init_error)}")
    missing = getattr(tf, "missing_libraries", None)
    if missing:
        out.append(f"cannot load: {', '.join(missing)}")
    if verbose:
        out += [f"loaded: {lib}" for lib in tf.loaded_libraries]
        out += [f"log: {_one_line(line)}" for line in tf.log_lines]
    return out
