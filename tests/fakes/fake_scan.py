"""Scans as the probes would return them, for rule tests. The values follow real captures:
driver versions / GPU names / CCs from tests/fixtures/nvidia_smi, TF build info from real wheels
(compat-facts.md §2), library names from TF's dso_loader messages in ../shared/corpus."""

from __future__ import annotations

from tfgpu.core.probes.adapters import Adapter, AdaptersInfo
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.cuda import CudaInfo, CudaToolkit
from tfgpu.core.probes.cudnn import CudnnInfo, CudnnInstall
from tfgpu.core.probes.driver import DriverInfo, GpuInfo
from tfgpu.core.probes.os_info import OsInfo, WslDistro
from tfgpu.core.probes.pythons import PythonEnv, PythonsInfo
from tfgpu.core.probes.tensorflow import TfGpu, TfInfo
from tfgpu.core.scan import Scan

WIN_PY = "C:\\Users\\user\\AppData\\Local\\Programs\\Python\\Python310\\python.exe"
LINUX_PY = "/home/user/venv/bin/python"


def os_info(kind: str = "linux", *, build: str = "22631.3447", wsl_distros: list[WslDistro] | None = None,
            wsl_gpu: bool | None = True) -> OsInfo:
    if kind == "windows":
        return OsInfo(system="Windows", name="Windows 11 Pro", version="10.0.22631", build=build, architecture="AMD64",
                      wsl_installed=bool(wsl_distros), wsl_distros=wsl_distros or [])
    if kind == "wsl":
        return OsInfo(system="Linux", name="Ubuntu 22.04.4 LTS", version="22.04", architecture="x86_64",
                      kernel="5.15.153.1-microsoft-standard-WSL2", is_wsl=True, wsl_version=2, wsl_gpu=wsl_gpu)
    if kind == "macos":
        return OsInfo(system="Darwin", name="macOS 14.5", version="14.5", architecture="arm64")
    return OsInfo(system="Linux", name="Ubuntu 22.04.4 LTS", version="22.04", architecture="x86_64", kernel="6.8.0-45-generic")


def driver(version: str | None = "551.86", cuda: str | None = "12.4", gpus: list[tuple[str, str | None]] | None = None,
           *, reason: str | None = None, model: str | None = None) -> DriverInfo:
    if reason:
        return DriverInfo(status=Status.MISSING, reason=reason, error="NVML Shared Library Not Found")
    gpus = gpus if gpus is not None else [("NVIDIA GeForce RTX 3060", "8.6")]
    return DriverInfo(driver_version=version, cuda_driver_version=cuda, source="nvml",
                      gpus=[GpuInfo(index=i, name=name, compute_capability=cc, memory_total_mib=12288, driver_model=model)
                            for i, (name, cc) in enumerate(gpus)])


def toolkit(version: str, root: str, *, on_path: bool = True) -> CudaToolkit:
    return CudaToolkit(root=root, version=version, version_full=version, bin_on_path=on_path)


def tf_ok(python: str, version: str, *, gpus: int = 1, cuda: str | None = "12.5.1", cudnn: str | None = "9",
          cuda_build: bool | None = True, missing: list[str] | None = None, log: list[str] | None = None,
          distributions: dict[str, str] | None = None, env: dict[str, str | None] | None = None) -> TfInfo:
    return TfInfo(
        python=python, installed=True, version=version, is_cuda_build=cuda_build,
        cuda_build_version=cuda if cuda_build else None, cudnn_build_version=cudnn if cuda_build else None,
        gpus=[TfGpu(name=f"/physical_device:GPU:{i}", details={"device_name": "NVIDIA GeForce RTX 3060"}) for i in range(gpus)],
        gpu_count=gpus, missing_libraries=list(missing or []), log_lines=list(log or []),
        distributions=distributions or {"tensorflow": version}, agent_env=env or {},
    )


def tf_import_failed(python: str, error: str, *, log: list[str] | None = None, version_installed: str = "2.10.0") -> TfInfo:
    return TfInfo(python=python, status=Status.ERROR, reason="tf-import-failed", installed=True,
                  distributions={"tensorflow": version_installed}, import_error=error, log_lines=list(log or []))


def tf_missing(python: str) -> TfInfo:
    return TfInfo(python=python, status=Status.MISSING, reason="tf-not-installed", installed=False)


def env(executable: str, version: str = "3.10.11", tf: TfInfo | None = None, *, bits: int = 64, kind: str = "venv",
        status: Status = Status.OK, reason: str | None = None) -> PythonEnv:
    return PythonEnv(executable=executable, version=version, bits=bits, kind=kind, tensorflow=tf, status=status, reason=reason)


def scan(os: OsInfo | None = None, drv: DriverInfo | None = None, toolkits: list[CudaToolkit] | None = None,
         cudnn: list[CudnnInstall] | None = None, envs: list[PythonEnv] | None = None, *, cudnn_reason: str | None = None,
         zlibwapi: list[str] | None = None, stale: list[str] | None = None, adapters: AdaptersInfo | None = None) -> Scan:
    cuda_info = CudaInfo(toolkits=list(toolkits or []), stale_env=list(stale or []))
    if not toolkits:
        cuda_info.status, cuda_info.reason = Status.MISSING, "no-toolkit"
    cudnn_info = CudnnInfo(installs=list(cudnn or []), reason=cudnn_reason, zlibwapi=list(zlibwapi or []))
    return Scan(os=os or os_info(), driver=drv or driver(), cuda=cuda_info, cudnn=cudnn_info,
                pythons=PythonsInfo(envs=list(envs or [])), adapters=adapters or AdaptersInfo())


def adapters(*names: tuple[str, str, str], method: str = "sysfs") -> AdaptersInfo:
    """Display adapters as (vendor id, device id, name); nvidia_present follows the vendor ids."""
    found = [Adapter(vendor_id=v, device_id=d, vendor={"10de": "NVIDIA", "8086": "Intel", "1002": "AMD"}.get(v, v),
                     name=n, nvidia=v == "10de") for v, d, n in names]
    return AdaptersInfo(method=method, adapters=found, nvidia_present=any(a.nvidia for a in found))
