"""Every Python environment on the machine, deduplicated by real path."""

from __future__ import annotations

from dataclasses import dataclass, field

from tfgpu.core.host import Host
from tfgpu.core.probes.base import ProbeResult, Status
from tfgpu.core.probes.tensorflow import TfInfo


@dataclass(kw_only=True)
class PythonEnv(ProbeResult):
    executable: str
    real_path: str = ""
    version: str | None = None  # "3.10.11"
    bits: int | None = None
    kind: str = "system"  # system / conda / venv / store / pyenv
    prefix: str | None = None
    sources: list[str] = field(default_factory=list)  # self, PATH, py-launcher, registry, conda, venv-dir, user
    is_self: bool = False  # the interpreter running tfgpu
    tensorflow: TfInfo | None = None


@dataclass(kw_only=True)
class PythonsInfo(ProbeResult):
    envs: list[PythonEnv] = field(default_factory=list)


def probe_pythons(host: Host, extra: list[str] | None = None, timeout: float = 10.0) -> PythonsInfo:
    return PythonsInfo(status=Status.MISSING, reason="not-implemented")
