"""The "Inside WSL 2" section of the scan view: each distro, /dev/dxg, nvidia-smi and its Pythons."""

from __future__ import annotations

from tfgpu.core.probes.wsl import WslDistroScan, WslInfo
from tfgpu.gui.pages.system.scan_lines import Line, _status_line, translate, yes_no
from tfgpu.gui.pages.system.scan_view_pythons import _env_line


def wsl_section(info: WslInfo) -> Line:
    ready = [d for d in info.distros if any(e.tensorflow and (e.tensorflow.gpu_count or 0) > 0 for e in d.envs)]
    summary = translate("ScanView", "Distros: {distros} · TensorFlow sees a GPU in: {ready}").format(
        distros=len(info.distros), ready=", ".join(d.name for d in ready) or translate("ScanView", "none"))
    line = _status_line(translate("ScanView", "Inside WSL 2"), summary, info)
    line.children.extend(_distro_line(distro) for distro in info.distros)
    return line


def _distro_line(distro: WslDistroScan) -> Line:
    line = _status_line(distro.name, translate("ScanView", "Pythons: {n}").format(n=len(distro.envs)), distro,
                        kind="item")
    line.add(translate("ScanView", "GPU passed through to WSL"), yes_no(distro.dev_dxg))
    line.add(translate("ScanView", "nvidia-smi inside WSL"), "; ".join(distro.gpus) or yes_no(distro.nvidia_smi_ok))
    if distro.error:
        line.add(translate("ScanView", "Error"), distro.error, kind="error")
    line.children.extend(_env_line(env) for env in distro.envs)
    return line
