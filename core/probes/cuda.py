"""Every installed CUDA toolkit, and which one wins on PATH."""

from __future__ import annotations

from dataclasses import dataclass, field

from tfgpu.core.host import Host
from tfgpu.core.probes.base import ProbeResult, Status


@dataclass(kw_only=True)
class CudaToolkit:
    root: str
    version: str | None = None  # "11.2" (major.minor)
    version_full: str | None = None  # "11.2.152" where a file or nvcc says so
    nvcc_path: str | None = None
    sources: list[str] = field(default_factory=list)  # "CUDA_PATH_V11_2", "default-dir", "PATH", ...
    bin_on_path: bool = False
    path_position: int | None = None  # index of its bin dir in PATH


@dataclass(kw_only=True)
class CudaInfo(ProbeResult):
    toolkits: list[CudaToolkit] = field(default_factory=list)
    cuda_path: str | None = None  # the CUDA_PATH variable
    path_winner: str | None = None  # root of the toolkit whose bin comes first on PATH
    nvcc_on_path: str | None = None


def probe_cuda(host: Host, timeout: float = 10.0) -> CudaInfo:
    return CudaInfo(status=Status.MISSING, reason="not-implemented")
