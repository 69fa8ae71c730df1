"""The profile document (``tfgpu profile --json``) and its parts."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

PROFILE_SCHEMA_VERSION = "1"
#: The parts of a step, in the document's order (fractions 0-1 of the traced time).
PARTS = ("input", "device_compute", "host_compute", "copies", "launch_idle", "compile")
BOTTLENECKS = ("input", "device-compute", "host-compute", "copies", "launch", "compile", "unknown")
STATUSES = ("profiled", "failed", "cancelled", "timed-out")


@dataclass
class Advice:
    """One piece of advice: its rule, the words (with the figure filled in) and what to paste."""

    rule: str
    text: str  # English, the figure filled in
    template: str = ""  # the same before filling in (core's translatable text)
    args: dict[str, str] = field(default_factory=dict)
    snippet: str | None = None  # code to add to the script
    source: str = ""  # the guide it comes from (a URL)
    page: str | None = None  # a page of the app that helps ("memory")


@dataclass
class ProfileRun:
    """Everything one profile said. ``status``: profiled, failed, cancelled, timed-out."""

    run_id: str
    created: str  # ISO 8601 UTC
    env: str  # the interpreter that ran the script
    script: str
    args: list[str] = field(default_factory=list)
    status: str = "failed"
    reason: str | None = None  # why nothing (or not everything) could be measured
    steps_traced: int = 0
    steps_seen: int = 0
    step_ms: dict[str, float | None] = field(default_factory=lambda: {"median": None, "p90": None})
    breakdown: dict[str, float] = field(default_factory=dict)  # PARTS -> fraction of the step
    bottleneck: str = "unknown"
    top_ops: list[dict[str, Any]] = field(default_factory=list)
    cpu_ops: list[dict[str, Any]] = field(default_factory=list)  # ops on the CPU while a GPU was used
    advice: list[Advice] = field(default_factory=list)
    gpu: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)  # mixed precision, XLA, steps_per_execution
    retracing_warnings: int = 0
    mode: str | None = None  # "fit" or "time"
    trace_seconds: float | None = None
    hint: str | None = None  # the line to add to a custom loop
    tf_version: str | None = None
    logdir: str | None = None  # the full trace (TensorBoard's profile plugin reads it)
    step_times_ms: list[float] = field(default_factory=list)  # every step the agent timed
    traced_steps_ms: list[float] = field(default_factory=list)
    output_tail: str = ""  # the end of what the script printed (a failure's traceback)
    converter: str | None = None
    duration_s: float | None = None
    schema_version: str = PROFILE_SCHEMA_VERSION

    @property
    def ok(self) -> bool:
        return self.status == "profiled"

    def to_dict(self) -> dict:
        data = asdict(self)
        return {"schema_version": data.pop("schema_version"), **data}

    def document(self) -> dict:
        """The ``--json`` contract: the issue's keys first, then the details."""
        data = self.to_dict()
        # every part named, null where nothing was measured (a failed run), as step_ms does
        data["breakdown"] = {part: data["breakdown"].get(part) for part in PARTS}
        first = ("schema_version", "env", "script", "steps_traced", "step_ms", "breakdown", "bottleneck",
                 "top_ops", "advice", "gpu", "reason")
        return {**{k: data[k] for k in first}, **{k: v for k, v in data.items() if k not in first}}

    @classmethod
    def from_dict(cls, data: object) -> ProfileRun:
        """A saved document; a value of the wrong type raises ValueError naming it."""
        from tfgpu.core.jsonsafe import JsonError, build

        if not isinstance(data, dict):
            raise JsonError("a profile run is a JSON object")
        run = build(cls, data, "profile")
        # the values a comparison and the report trust: an edited or damaged file is refused, not shown as 500%
        for part, share in run.breakdown.items():
            if part not in PARTS or not 0.0 <= share <= 1.0:
                raise JsonError(f"profile.breakdown.{part}: expected a part of the step with a share 0-1, got {share!r}")
        if run.bottleneck not in BOTTLENECKS:
            raise JsonError(f"profile.bottleneck: expected one of {', '.join(BOTTLENECKS)}, got {run.bottleneck!r}")
        if run.status not in STATUSES:
            raise JsonError(f"profile.status: expected one of {', '.join(STATUSES)}, got {run.status!r}")
        return run
