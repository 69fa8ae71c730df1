"""What a diagnosis is made of: per-environment verdicts, the machine's findings, a recommendation."""

from __future__ import annotations

from dataclasses import dataclass, field

from tfgpu.core.findings.model import FINDINGS_SCHEMA_VERSION, Finding, FixStep
from tfgpu.core.i18n import TrText
from tfgpu.core.probes.base import to_jsonable

DIAGNOSIS_SCHEMA_VERSION = FINDINGS_SCHEMA_VERSION


@dataclass(kw_only=True)
class EnvVerdict:
    """Can TensorFlow in this Python environment use the GPU? ``gpu_ready`` only when TF listed one."""

    python: str  # executable
    label: str  # "Python 3.10.11 (conda)" for display
    tf_version: str | None
    gpu_ready: bool
    gpu_count: int | None
    primary: Finding  # the root cause to fix first; ``gpu-ok`` when ready
    findings: list[Finding] = field(default_factory=list)  # ranked, primary first
    wsl_distro: str | None = None  # a Python inside this WSL 2 distro (python is its Linux path)


@dataclass(kw_only=True)
class Recommendation:
    """What to install on this machine: one route, its exact steps, and alternatives."""

    route: str  # "ready", "linux-pip", "wsl2-pip", "wsl2-setup", "windows-native-tf210", "driver-update", "old-gpu",
    #             "no-pypi-gpu-build" (a per-architecture rule: Blackwell, Arm hosts), "no-nvidia-gpu"
    title: TrText
    detail: TrText
    tf_version: str | None = None
    python: str | None = None  # the interpreter to use, when one fits
    steps: list[FixStep] = field(default_factory=list)
    gpu_supported: bool | None = None  # does any PyPI TensorFlow run this GPU on this route? None: GPU unknown
    notes: list[TrText] = field(default_factory=list)  # why a pin or a route, with the KB's sources


@dataclass(kw_only=True)
class Diagnosis:
    schema_version: str = DIAGNOSIS_SCHEMA_VERSION
    kb_version: str = ""
    kb_date: str = ""
    gpu_ready: bool = False  # TF listed a GPU in at least one environment
    primary: Finding  # the machine's most important finding
    machine: list[Finding] = field(default_factory=list)  # driver, CUDA, cuDNN, OS (no env)
    envs: list[EnvVerdict] = field(default_factory=list)
    recommendation: Recommendation | None = None

    def to_dict(self) -> dict:
        return to_jsonable(self)
