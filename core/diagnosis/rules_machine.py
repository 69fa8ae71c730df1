"""Machine-wide rules: driver, GPUs, WSL, CUDA_PATH, zlibwapi. Input: the Scan, no I/O."""

from __future__ import annotations

from tfgpu.core.findings.catalog import make_finding
from tfgpu.core.findings.fixes import FixContext, fix_steps
from tfgpu.core.findings.model import Finding
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import Evidence, Status
from tfgpu.core.scan import Scan

# DriverInfo.reason -> finding id
DRIVER_REASONS = {
    "nvml-library-not-found": "driver-missing",
    "driver-not-loaded": "driver-missing",
    "driver-not-found": "driver-missing",
    "nvidia-smi-failed": "driver-missing",
    "no-permission": "driver-missing",
    "driver-library-mismatch": "driver-library-mismatch",
    "no-device": "no-nvidia-gpu",
}


def os_kind(scan: Scan) -> str:
    """"windows", "wsl", "linux", "macos" or "unknown": which shell and route fixes are for."""
    system = (scan.os.system or "").lower()
    if system == "windows":
        return "windows"
    if system == "linux":
        return "wsl" if scan.os.is_wsl else "linux"
    if system == "darwin":
        return "macos"
    return "unknown"


def adapter_names(scan: Scan) -> str:
    """The graphics adapters the scan found, for words ("Intel UHD Graphics 620", or "none found")."""
    names = [a.label for a in scan.adapters.adapters]
    return ", ".join(names) if names else "none"


def machine_context(scan: Scan) -> FixContext:
    gpu = scan.driver.gpus[0] if scan.driver.gpus else None
    return FixContext(
        os=os_kind(scan),
        distro=scan.os.distro,
        distro_like=list(scan.os.distro_like),
        adapters=adapter_names(scan),
        gpu_name=gpu.name if gpu else None,
        compute_capability=gpu.compute_capability if gpu else None,
        driver_version=scan.driver.driver_version,
    )


def machine_findings(scan: Scan) -> list[Finding]:
    findings: list[Finding] = []
    findings += _driver(scan)
    findings += _wsl(scan)
    findings += _cuda_path(scan)
    findings += _zlibwapi(scan)
    findings += _wddm(scan)
    return findings


def _driver_evidence(scan: Scan) -> list[Evidence]:
    driver = scan.driver
    evidence = list(driver.evidence[:4])
    if driver.error:
        evidence.insert(0, Evidence("probe", "driver", driver.error))
    return evidence


def _driver(scan: Scan) -> list[Finding]:
    driver = scan.driver
    if os_kind(scan) == "macos":
        return [make_finding("no-nvidia-gpu", TrText(QT_TRANSLATE_NOOP(
            "core", "macOS has no NVIDIA CUDA support; TensorFlow runs on the CPU or Apple's Metal plugin.")))]
    finding_id = DRIVER_REASONS.get(driver.reason or "")
    if driver.status == Status.OK and driver.gpus:
        return []
    if scan.adapters.nvidia_present is False:
        return [_no_nvidia_card(scan)]
    if finding_id is None:
        return []  # a timeout or an unexpected NVML error: the scan shows it; no verdict on so little
    if finding_id == "driver-missing" and os_kind(scan) == "wsl" and scan.os.wsl_gpu is False:
        return []  # the WSL rule says it better
    details = {
        "driver-missing": QT_TRANSLATE_NOOP(
            "core", "Neither NVML nor nvidia-smi could reach an NVIDIA driver ({reason}). "
                    "Without a driver no program can use the GPU."),
        "driver-library-mismatch": QT_TRANSLATE_NOOP(
            "core", "The NVIDIA kernel module and the driver library have different versions ({reason}); "
                    "this happens after a driver update until the computer is restarted."),
        "no-nvidia-gpu": QT_TRANSLATE_NOOP(
            "core", "The NVIDIA driver answers but reports no GPU ({reason}). In a container, start it with "
                    "the GPU passed through (docker run --gpus all)."),
    }
    return [make_finding(
        finding_id,
        TrText(details[finding_id], reason=driver.reason or ""),
        evidence=_driver_evidence(scan),
        fix=fix_steps(finding_id, machine_context(scan)),
        facts={"driver_reason": driver.reason, "nvml_failure": driver.nvml_failure},
    )]


def _no_nvidia_card(scan: Scan) -> Finding:
    """The PCI bus (or the Windows registry) was read and holds no NVIDIA display controller."""
    adapters = scan.adapters
    return make_finding(
        "no-nvidia-gpu",
        TrText(QT_TRANSLATE_NOOP(
            "core", "This computer has no NVIDIA graphics card (graphics adapters found: {adapters}). CUDA, and so "
            "TensorFlow's GPU support, needs an NVIDIA GPU: TensorFlow runs on the CPU here. No NVIDIA driver or CUDA "
            "download will change that."), adapters=adapter_names(scan)),
        evidence=list(adapters.evidence[:4]),
        fix=fix_steps("no-nvidia-gpu", machine_context(scan)),
        facts={"adapters": [a.label for a in adapters.adapters], "adapters_method": adapters.method,
               "driver_reason": scan.driver.reason},
    )


def _wsl(scan: Scan) -> list[Finding]:
    if os_kind(scan) != "wsl" or scan.os.wsl_gpu is not False:
        return []
    if scan.driver.status == Status.OK and scan.driver.gpus:
        return []
    if scan.os.wsl_version == 1:
        detail = TrText(QT_TRANSLATE_NOOP("core", "This distribution runs under WSL 1, which has no GPU access; convert it to WSL 2."))
    else:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "/dev/dxg is missing, so the Windows GPU driver is not passed into WSL."))
    return [make_finding("wsl-gpu-missing", detail, evidence=[Evidence("file", "/dev/dxg", "missing")],
                         fix=fix_steps("wsl-gpu-missing", machine_context(scan)),
                         facts={"wsl_version": scan.os.wsl_version})]


def _cuda_path(scan: Scan) -> list[Finding]:
    if not scan.cuda.stale_env:
        return []
    return [make_finding(
        "cuda-path-stale",
        TrText(QT_TRANSLATE_NOOP("core", "{names} name a folder without a CUDA toolkit. Remove them or point them at an installed toolkit."),
               names=", ".join(scan.cuda.stale_env)),
        evidence=[Evidence("env", name) for name in scan.cuda.stale_env],
        facts={"stale": list(scan.cuda.stale_env)},
    )]


def _zlibwapi(scan: Scan) -> list[Finding]:
    cudnn = scan.cudnn
    if cudnn.reason not in ("zlibwapi-missing", "zlibwapi-not-on-path"):
        return []
    if cudnn.reason == "zlibwapi-missing":
        detail = TrText(QT_TRANSLATE_NOOP("core", "cuDNN 8.3+ is installed but zlibwapi.dll is nowhere on this computer; cuDNN will fail to load."))
    else:
        detail = TrText(QT_TRANSLATE_NOOP("core", "zlibwapi.dll exists ({path}) but not in a folder on PATH, so cuDNN cannot load it."),
                        path=cudnn.zlibwapi[0] if cudnn.zlibwapi else "")
    return [make_finding("zlibwapi-missing", detail, evidence=list(cudnn.evidence[:3]),
                         fix=fix_steps("zlibwapi-missing", machine_context(scan)),
                         facts={"zlibwapi": list(cudnn.zlibwapi)})]


def _wddm(scan: Scan) -> list[Finding]:
    wddm = [gpu for gpu in scan.driver.gpus if (gpu.driver_model or "").upper() == "WDDM"]
    if not wddm:
        return []
    return [make_finding(
        "wddm-no-process-memory",
        TrText(QT_TRANSLATE_NOOP("core", "{gpu} runs in WDDM mode: per-process GPU memory shows as n/a. Nothing to fix."),
               gpu=wddm[0].name),
        evidence=[Evidence("nvml", f"GPU {gpu.index}", "driver model WDDM") for gpu in wddm],
    )]


def driver_blocks_gpu(findings: list[Finding]) -> Finding | None:
    """The machine finding that alone explains why no program can use a GPU, if any."""
    for finding in findings:
        if finding.id in ("driver-missing", "driver-library-mismatch", "no-nvidia-gpu", "wsl-gpu-missing"):
            return finding
    return None
