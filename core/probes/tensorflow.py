"""TensorFlow inside one Python environment, measured by the tf_probe agent."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from tfgpu.core.host import Host
from tfgpu.core.probes.base import ProbeResult, Status

TF_PROBE_TIMEOUT_S = 120.0


@dataclass(kw_only=True)
class TfGpu:
    name: str  # "/physical_device:GPU:0"
    details: dict = field(default_factory=dict)  # tf.config.experimental.get_device_details


@dataclass(kw_only=True)
class TfInfo(ProbeResult):
    python: str  # the interpreter that ran the agent
    python_version: str | None = None
    python_bits: int | None = None
    installed: bool = False  # a TF distribution is installed
    distributions: dict[str, str] = field(default_factory=dict)  # name -> version (TF, keras, nvidia-*)
    version: str | None = None  # tf.__version__
    import_error: str | None = None  # the exact exception text when import failed
    build_info: dict = field(default_factory=dict)  # tf.sysconfig.get_build_info()
    is_cuda_build: bool | None = None
    cuda_build_version: str | None = None
    cudnn_build_version: str | None = None
    gpus: list[TfGpu] = field(default_factory=list)
    gpu_count: int | None = None  # None: never got that far
    loaded_libraries: list[str] = field(default_factory=list)  # CUDA/cuDNN libs really loaded
    gpu_init_error: str | None = None  # e.g. "failed call to cuInit: ... (303)"
    log_lines: list[str] = field(default_factory=list)  # TF's own stderr lines
    duration_s: float | None = None


def probe_tensorflow(
    host: Host,
    python: str,
    timeout: float = TF_PROBE_TIMEOUT_S,
    cancel: threading.Event | None = None,
) -> TfInfo:
    return TfInfo(python=python, status=Status.MISSING, reason="not-implemented")
