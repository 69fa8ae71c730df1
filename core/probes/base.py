"""What every probe returns: a status, values, evidence and any error text.

Probes never raise: :func:`safe_probe` turns an unexpected exception into an
``error`` state, so a bug in one probe cannot take down the scan or the GUI.
"""

from __future__ import annotations

import dataclasses
import enum
import logging
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tfgpu.core.i18n import QT_TRANSLATE_NOOP

log = logging.getLogger(__name__)


class Status(str, enum.Enum):
    OK = "ok"
    MISSING = "missing"
    ERROR = "error"
    UNSUPPORTED = "unsupported"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Evidence:
    """Who said so: ``kind`` is one of nvml, command, file, env, registry, agent, api."""

    kind: str
    source: str  # the command line, file path, variable name, API call...
    detail: str = ""  # a short excerpt or value

    def __str__(self) -> str:
        return f"{self.kind}: {self.source}" + (f" -> {self.detail}" if self.detail else "")


# Field metadata: kept on the object, left out of :func:`to_jsonable` (and so of ``--json``).
NOT_IN_JSON = {"json": False}


@dataclass(kw_only=True)
class ProbeResult:
    """Base of every probe's dataclass. ``reason`` is a stable machine code,
    ``hint`` a plain-words next step, ``error`` the raw error text.

    Translation: ``hint`` is always the final English text (CLI and ``--json`` show it).
    A static hint is itself a ``QT_TRANSLATE_NOOP("core", ...)`` source text, so the GUI
    translates ``hint`` directly. A hint with variable parts is set with :meth:`set_hint`,
    which also keeps its English template and values (``hint_template``, ``hint_args``;
    not in the JSON): the GUI translates the template, then formats it.
    """

    status: Status = Status.OK
    reason: str | None = None
    hint: str | None = None
    error: str | None = None
    evidence: list[Evidence] = field(default_factory=list)
    hint_template: str | None = field(default=None, metadata=NOT_IN_JSON)
    hint_args: dict[str, str] = field(default_factory=dict, metadata=NOT_IN_JSON)

    def add(self, kind: str, source: str, detail: str = "") -> None:
        self.evidence.append(Evidence(kind, source, _short(detail)))

    def set_hint(self, template: str, **args: object) -> None:
        """``hint = template.format(**args)``, keeping the template for translation.

        ``template`` must be a ``QT_TRANSLATE_NOOP("core", ...)`` literal with ``{name}`` placeholders.
        """
        self.hint_args = {name: str(value) for name, value in args.items()}
        self.hint_template = template if args else None
        self.hint = template.format(**self.hint_args) if args else template


def _short(text: str, limit: int = 500) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


R = TypeVar("R", bound=ProbeResult)


def safe_probe(factory: Callable[[], R], fn: Callable[..., R], *args: Any, **kwargs: Any) -> R:
    """Call a probe; on any exception return ``factory()`` in the ``error`` state."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the whole point
        log.exception("probe %s failed", getattr(fn, "__name__", fn))
        result = factory()
        result.status = Status.ERROR
        result.reason = "probe-crashed"
        result.error = f"{type(exc).__name__}: {exc}"
        result.set_hint(QT_TRANSLATE_NOOP("core", "This is a bug in tfgpu; the rest of the scan is still valid."))
        result.add("api", getattr(fn, "__name__", "probe"), traceback.format_exc(limit=3))
        return result


def to_jsonable(obj: Any) -> Any:
    """Dataclasses, enums, tuples and paths as plain JSON values."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {
            f.name: to_jsonable(getattr(obj, f.name))
            for f in dataclasses.fields(obj)
            if f.metadata.get("json", True)
        }
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        return [to_jsonable(v) for v in obj]
    if isinstance(obj, float) and obj != obj:  # NaN is not JSON
        return None
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    return str(obj)


T = TypeVar("T")


def from_jsonable(cls: type[T], data: Any) -> T:
    """Rebuild a dataclass tree from :func:`to_jsonable` output (e.g. a saved ``tfgpu scan --json``).
    Unknown keys are ignored and missing ones take their defaults, so older and newer files load; a
    value of the wrong type is a ValueError naming its field (``scan.driver.gpus[0].index: ...``)."""
    from tfgpu.core.jsonsafe import build

    return build(cls, data, cls.__name__.lower())
