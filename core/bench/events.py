"""Reading the bench agent's JSON lines into typed events. Never raises.

A line that is not JSON, not an object, or an event whose fields have the wrong
types is *malformed*: it is counted and kept (capped) for the report, and the run
goes on with the lines that make sense.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Union

from tfgpu.core.bench.model import BenchTest, RunError, Stats

AGENT_NAME = "bench"
AGENT_PROTOCOL = 1
MAX_KEPT_MALFORMED = 20
MAX_LINE_CHARS = 500


@dataclass(frozen=True)
class PlannedTest:
    id: str
    suite: str
    device: str
    dtype: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ImportStarted:
    python: dict


@dataclass(frozen=True)
class Started:
    agent: str
    protocol: int
    python: dict
    tf: dict
    devices: dict
    gpu_unavailable: RunError | None
    config: dict
    plan: tuple[PlannedTest, ...]


@dataclass(frozen=True)
class TestStarted:
    test: str
    index: int
    total: int


@dataclass(frozen=True)
class TestFinished:
    test: BenchTest


@dataclass(frozen=True)
class AgentError:
    error: RunError


@dataclass(frozen=True)
class Done:
    status: str
    seconds: float | None


AgentEvent = Union[ImportStarted, Started, TestStarted, TestFinished, AgentError, Done]


class Malformed(ValueError):
    """A line that looked like an event but could not be read."""


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _str(value: object, name: str) -> str:
    if not isinstance(value, str) or not value:
        raise Malformed(f"{name} is not a string")
    return value


def _opt_str(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _int(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Malformed(f"{name} is not an integer")
    return value


def _number(value: object) -> float | None:
    """A finite number, or None (the agent writes NaN and infinities as null)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)  # a 400-digit integer overflows
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _positive(value: object, name: str) -> float:
    number = _number(value)
    if number is None or number < 0:
        raise Malformed(f"{name} is not a non-negative number")
    return number


def _optional(value: object, name: str) -> float | None:
    """Absent is unknown (None), never 0."""
    return None if value is None else _positive(value, name)


def _stats(data: object) -> Stats | None:
    if not isinstance(data, dict):
        return None
    stats = Stats(
        median_s=_positive(data.get("median_s"), "median_s"),
        min_s=_positive(data.get("min_s"), "min_s"),
        max_s=_positive(data.get("max_s"), "max_s"),
        mad_s=_optional(data.get("mad_s"), "mad_s"),
        runs=_int(data.get("runs"), "runs"),
        inner=_int(data.get("inner", 1), "inner"),
        warmup_runs=_int(data.get("warmup_runs", 0), "warmup_runs"),
        warmup_s=_optional(data.get("warmup_s"), "warmup_s"),
        warmup_stable=data.get("warmup_stable") if isinstance(data.get("warmup_stable"), bool) else None,
        first_run_s=_optional(data.get("first_run_s"), "first_run_s"),
    )
    if not stats.min_s <= stats.median_s <= stats.max_s or stats.runs < 1:
        raise Malformed("stats are inconsistent (min <= median <= max, runs >= 1)")
    return stats


def _test(data: dict) -> BenchTest:
    value = _number(data.get("value"))
    if value is not None and value < 0:
        raise Malformed("value is negative")
    backoff = data.get("backoff")
    return BenchTest(
        id=_str(data.get("test"), "test"),
        suite=_str(data.get("suite"), "suite"),
        device=_str(data.get("device"), "device"),
        dtype=_opt_str(data.get("dtype")),
        params=_dict(data.get("params")),
        metric=_opt_str(data.get("metric")),
        unit=_opt_str(data.get("unit")),
        value=value,
        stats=_stats(data.get("stats")),
        placement=_opt_str(data.get("placement")),
        extra=_dict(data.get("extra")),
        backoff=backoff if isinstance(backoff, dict) else None,
    )


def _error(data: dict) -> RunError:
    return RunError(
        code=_str(data.get("code"), "code"),
        message=str(data.get("message") or ""),
        suite=_opt_str(data.get("suite")),
        test=_opt_str(data.get("test")),
        fatal=data.get("fatal") is True,
    )


def _plan(items: object) -> tuple[PlannedTest, ...]:
    if not isinstance(items, list):
        raise Malformed("plan is not a list")
    return tuple(
        PlannedTest(id=_str(i.get("id"), "plan id"), suite=_str(i.get("suite"), "plan suite"),
                    device=_str(i.get("device"), "plan device"), dtype=_opt_str(i.get("dtype")),
                    params=_dict(i.get("params")))
        for i in items if isinstance(i, dict)
    )


def _started(data: dict) -> Started:
    unavailable = data.get("gpu_unavailable")
    return Started(
        agent=_str(data.get("agent"), "agent"),
        protocol=_int(data.get("protocol"), "protocol"),
        python=_dict(data.get("python")),
        tf=_dict(data.get("tf")),
        devices=_dict(data.get("devices")),
        gpu_unavailable=_error(unavailable) if isinstance(unavailable, dict) else None,
        config=_dict(data.get("config")),
        plan=_plan(data.get("plan", [])),
    )


def to_event(data: dict) -> AgentEvent:
    """One decoded JSON object as a typed event; :class:`Malformed` if it is not one."""
    kind = data.get("event")
    if kind == "progress":
        if data.get("phase") == "import":
            return ImportStarted(python=_dict(data.get("python")))
        return TestStarted(test=_str(data.get("test"), "test"), index=_int(data.get("index"), "index"),
                           total=_int(data.get("total"), "total"))
    if kind == "start":
        return _started(data)
    if kind == "result":
        return TestFinished(_test(data))
    if kind == "error":
        return AgentError(_error(data))
    if kind == "done":
        return Done(status=str(data.get("status") or "ok"), seconds=_number(data.get("seconds")))
    raise Malformed(f"unknown event {kind!r}")


class EventReader:
    """Feeds on stdout lines; keeps the events and what could not be read."""

    def __init__(self) -> None:
        self.events: list[AgentEvent] = []
        self.malformed_count = 0
        self.malformed: list[str] = []  # the first few, shortened

    def feed(self, line: str) -> AgentEvent | None:
        """The line's event, or None (blank, stray or malformed; counted unless blank)."""
        text = line.strip()
        if not text:
            return None
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise Malformed("not a JSON object")
            event = to_event(data)
        except (ValueError, TypeError, AttributeError, RecursionError, ArithmeticError) as exc:
            self._reject(text, exc)
            return None
        self.events.append(event)
        return event

    def _reject(self, text: str, exc: BaseException) -> None:
        self.malformed_count += 1
        if len(self.malformed) < MAX_KEPT_MALFORMED:
            why = str(exc) if isinstance(exc, Malformed) else "not JSON"
            self.malformed.append(f"{text[:MAX_LINE_CHARS]}  ({why})")
