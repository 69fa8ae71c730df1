"""cuDNN: version headers, Windows DLLs (and zlibwapi.dll), Linux libraries."""

from __future__ import annotations

from dataclasses import dataclass, field

from tfgpu.core.host import Host
from tfgpu.core.probes.base import ProbeResult, Status
from tfgpu.core.probes.cuda import CudaInfo


@dataclass(kw_only=True)
class CudnnInstall:
    location: str  # the folder it was found in
    version: str | None = None  # "8.1.1", "9.6.0"
    major: int | None = None
    header: str | None = None
    libraries: list[str] = field(default_factory=list)  # full paths of cudnn64_N.dll / libcudnn.so.N
    cuda_root: str | None = None  # the CUDA toolkit it was copied into, if any
    sources: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class CudnnInfo(ProbeResult):
    installs: list[CudnnInstall] = field(default_factory=list)
    zlibwapi: list[str] = field(default_factory=list)  # zlibwapi.dll found (Windows, cuDNN >= 8.3 needs it)
    zlibwapi_needed: bool = False


def probe_cudnn(host: Host, cuda: CudaInfo | None = None, timeout: float = 10.0) -> CudnnInfo:
    return CudnnInfo(status=Status.MISSING, reason="not-implemented")
