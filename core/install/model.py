"""What an install is made of: a plan of steps (exact argv, why, admin, reboot, the check that
proves it), what each step did, and the result with its findings, log and re-check."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from tfgpu.core.findings.model import Finding
from tfgpu.core.i18n import TrText
from tfgpu.core.probes.base import NOT_IN_JSON, to_jsonable
from tfgpu.core.shell import Shell

INSTALL_SCHEMA_VERSION = "1.0"

#: The routes ``tfgpu install --route`` knows, in the order ``--help`` lists them.
ROUTES = ("linux-pip", "wsl2-pip", "windows-native-tf210", "old-gpu", "cpu", "wsl2-setup")


class StepKind(str, enum.Enum):
    RUN = "run"  # a child process here, with its output shown live
    MANUAL = "manual"  # handed to the user (a restart, a download): the run pauses there

    def __str__(self) -> str:
        return self.value


@dataclass(kw_only=True)
class Check:
    """A command whose success (exit 0, and ``expect`` in its output when given) proves a step worked."""

    argv: list[str]
    command: str  # as shown
    expect: str | None = None


@dataclass(kw_only=True)
class Step:
    """One step. ``argv`` is exactly what is shown and, unless ``run_argv`` says otherwise, what runs;
    ``run_argv`` is the elevated wrapper of an admin step (shown too, after confirmation)."""

    step_id: str  # "create-venv", "upgrade-pip", "install-tensorflow", "wsl-install", ...
    title: TrText
    why: TrText
    argv: list[str] = field(default_factory=list)
    command: str = ""  # argv quoted for ``shell`` by core/shell.py
    shell: Shell = Shell.BASH
    kind: StepKind = StepKind.RUN
    needs_admin: bool = False
    needs_reboot: bool = False
    run_argv: list[str] | None = None
    check: Check | None = None
    timeout_s: float = 600.0
    creates_env: bool = False  # after it the target holds the new environment (the marker is written)
    pip: bool = False  # its output carries pip's progress
    guard_python: str | None = None  # must be an interpreter of the environment this install created
    url: str | None = None

    @property
    def argv_to_run(self) -> list[str]:
        return list(self.run_argv or self.argv)


@dataclass(kw_only=True)
class Plan:
    """The steps of one route for one target. ``problems`` (findings) mean it cannot start."""

    schema_version: str = INSTALL_SCHEMA_VERSION
    route: str
    target: str  # the new environment's folder ("~/tfgpu-tf" inside a WSL distribution)
    location: str = "local"  # "local" or "wsl:<distro>"
    python: str | None = None  # the new environment's interpreter
    base_python: str | None = None  # the interpreter the venv is made from
    python_version: str | None = None  # major.minor of the new environment
    tf_spec: str = ""  # what pip installs: "tensorflow[and-cuda]==2.21.*"
    tf_version: str | None = None  # the KB build row it follows, None for "the newest pip finds"
    steps: list[Step] = field(default_factory=list)
    notes: list[TrText] = field(default_factory=list)
    problems: list[Finding] = field(default_factory=list)
    min_free_bytes: int = 0  # refused before any change when the target's disk has less
    resumed: bool = False  # continues a route that paused for a restart

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return to_jsonable(self)


class RunStatus(str, enum.Enum):
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"
    REFUSED = "refused"  # nothing was changed: a bad target, a blocking problem
    DECLINED = "declined"  # an admin step was not confirmed
    RESTART = "restart-required"  # paused at a restart; the route resumes afterwards

    def __str__(self) -> str:
        return self.value


@dataclass(kw_only=True)
class StepOutcome:
    step_id: str
    status: str  # "ok", "failed", "cancelled", "declined", "handed-over", "not-run"
    returncode: int | None = None
    duration_s: float = 0.0
    check_ok: bool | None = None
    message: str = ""


@dataclass(kw_only=True)
class Recheck:
    """The new environment scanned alone: its verdict, in words and figures."""

    python: str
    tf_version: str | None
    gpu_ready: bool
    gpu_count: int | None
    headline: TrText
    primary_finding: str  # the verdict's primary finding id ("gpu-ok", "gpu-not-listed", ...)


@dataclass(kw_only=True)
class InstallResult:
    schema_version: str = INSTALL_SCHEMA_VERSION
    status: RunStatus
    plan: Plan
    steps: list[StepOutcome] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    message: TrText | None = None  # one line for the user
    log_path: str | None = None
    python: str | None = None  # the new environment's interpreter, when it exists
    incomplete: bool = False  # the environment exists but the install did not finish: offer removal
    recheck: Recheck | None = None
    recheck_scan: Any = field(default=None, metadata=NOT_IN_JSON)  # the Scan behind ``recheck`` (for the app)
    duration_s: float = 0.0

    @property
    def ok(self) -> bool:
        return self.status in (RunStatus.DONE, RunStatus.RESTART)

    def to_dict(self) -> dict[str, Any]:
        return to_jsonable(self)


@dataclass(frozen=True)
class Progress:
    """pip's progress: ``fraction`` of the current file (None: no figure, show a busy bar)."""

    phase: str  # "resolving", "downloading", "installing", "done"
    label: str  # "tensorflow-2.21.0-cp311-....whl (572.4 MB)"
    fraction: float | None = None


@dataclass(frozen=True)
class InstallEvent:
    """What the runner reports while it works (from its thread).

    kind: "step" (a step starts), "line" (a line of output), "progress" (pip), "step-done",
    "recheck" (the re-check starts), "note" (a message for the user)."""

    kind: str
    index: int = -1  # the step's position in the plan
    step_id: str = ""
    text: str = ""
    stream: str = "stdout"
    progress: Progress | None = None
    outcome: StepOutcome | None = None
