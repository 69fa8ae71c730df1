"""What a diagnosis is made of: findings with evidence and fix steps, verdicts, a recommendation.

Text the user reads is a :class:`TrText`: an English ``{name}`` template marked with
``QT_TRANSLATE_NOOP("core", ...)`` plus its values. ``str()`` gives the English text (CLI, JSON);
the GUI translates the template, then formats it (``gui/tr_text.py``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping

from tfgpu.core.probes.base import Evidence, to_jsonable

DIAGNOSIS_SCHEMA_VERSION = "1.0"


class Severity(str, enum.Enum):
    ERROR = "error"  # TF cannot use the GPU because of this
    WARNING = "warning"  # works, or may work, but something is off
    INFO = "info"  # worth knowing, nothing to fix
    OK = "ok"  # a check that passed

    def __str__(self) -> str:
        return self.value

    @property
    def rank(self) -> int:
        return {"error": 0, "warning": 1, "info": 2, "ok": 3}[self.value]


class TrText:
    """A translatable English template with its values; ``str()`` is the English text."""

    __slots__ = ("template", "args")

    def __init__(self, template: str, **args: object) -> None:
        self.template = template
        self.args: dict[str, str] = {name: str(value) for name, value in args.items()}

    def __str__(self) -> str:
        return self.template.format(**self.args) if self.args else self.template

    def __repr__(self) -> str:
        return f"TrText({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TrText):
            return (self.template, self.args) == (other.template, other.args)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.template, tuple(sorted(self.args.items()))))


class Shell(str, enum.Enum):
    POWERSHELL = "powershell"
    CMD = "cmd"
    BASH = "bash"

    def __str__(self) -> str:
        return self.value


@dataclass(kw_only=True)
class FixStep:
    """One step of a fix: words, and where it applies an exact command or an official link."""

    text: TrText
    command: str | None = None  # exactly what to type; never translated
    shell: Shell | None = None  # which shell the command is for
    url: str | None = None  # an official download or documentation page
    alternative: bool = False  # another route instead of the steps before, not one more step


@dataclass(kw_only=True)
class Finding:
    """A stable ``id`` (kebab-case, documented in docs/findings.md), what it means and how to fix it."""

    id: str
    severity: Severity
    title: TrText
    detail: TrText
    evidence: list[Evidence] = field(default_factory=list)
    fix: list[FixStep] = field(default_factory=list)
    env: str | None = None  # the Python executable it is about; None: the whole machine
    facts: dict[str, Any] = field(default_factory=dict)  # the values it was decided on
    sources: list[str] = field(default_factory=list)  # KB sources behind the rule

    def to_dict(self) -> dict:
        return to_jsonable(self)


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


@dataclass(kw_only=True)
class Recommendation:
    """What to install on this machine: one route, its exact steps, and alternatives."""

    route: str  # "ready", "linux-pip", "wsl2-pip", "wsl2-setup", "windows-native-tf210", "driver-update", "old-gpu", "no-nvidia-gpu"
    title: TrText
    detail: TrText
    tf_version: str | None = None
    python: str | None = None  # the interpreter to use, when one fits
    steps: list[FixStep] = field(default_factory=list)


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


EXPLAIN_KINDS = (
    "tf-log",
    "traceback",
    "nvidia-smi",
    "nvidia-smi-xml",
    "nvcc",
    "cudnn-header",
    "build-info",
    "pip-error",
    "unknown",
)


@dataclass(kw_only=True)
class Explanation:
    """``tfgpu explain``: the kind of text, the facts read from it, findings, and the primary id."""

    schema_version: str = DIAGNOSIS_SCHEMA_VERSION
    kind: str = "unknown"  # one of EXPLAIN_KINDS
    primary: str | None = None  # a finding id; None when the text says nothing we know
    findings: list[Finding] = field(default_factory=list)  # ranked, primary first
    facts: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return to_jsonable(self)


def ranked(findings: list[Finding], order: Mapping[str, int]) -> list[Finding]:
    """Severity first, then the catalog's root-cause order (lower fixes first), then id."""
    return sorted(findings, key=lambda f: (f.severity.rank, order.get(f.id, 999), f.id))
