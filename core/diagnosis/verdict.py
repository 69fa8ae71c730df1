"""The one verdict of a scan: ``verdict_for(scan, env, previous)`` diagnoses it, builds the checklist
for the chosen environment, says which steps are done and which parts the route does not need, once.

``tfgpu doctor``, ``tfgpu scan``'s text, ``tfgpu path plan``, the report and every GUI page read a
:class:`Verdict`; none of them diagnoses on its own, so none can disagree. Pure: no I/O (the saved
benchmark runs come in as ``benchmarked``, the interpreters they ran with).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.diagnosis.model import Diagnosis, EnvVerdict
from tfgpu.core.diagnosis.next_steps import Checklist, NextStep, is_done, needs_system_cuda, next_steps, still_open
from tfgpu.core.diagnosis.rules_machine import os_kind
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import to_jsonable
from tfgpu.core.scan import Scan

# Parts of the machine a route may or may not use: the driver, a system CUDA toolkit, a system cuDNN,
# and their folders on the search path (PATH / LD_LIBRARY_PATH).
PARTS = ("driver", "cuda", "cudnn", "path")
NOT_NEEDED = QT_TRANSLATE_NOOP("core", "Not needed for your route: {why}.")
_WHY = {
    "no-card": QT_TRANSLATE_NOOP("core", "without an NVIDIA GPU, TensorFlow runs on the CPU"),
    "conda": QT_TRANSLATE_NOOP("core", "conda installs CUDA and cuDNN into the environment"),
    "wsl": QT_TRANSLATE_NOOP("core", "TensorFlow in WSL2 brings its own CUDA and cuDNN"),
    "pip": QT_TRANSLATE_NOOP("core", "pip installs CUDA and cuDNN together with TensorFlow"),
}


@dataclass(kw_only=True)
class Verdict:
    """Everything a presenter shows about one scan, for one chosen environment."""

    scan: Scan
    diagnosis: Diagnosis
    checklist: Checklist
    env: str | None  # the chosen environment's interpreter (None: there is none)
    done: list[NextStep] = field(default_factory=list)  # steps the latest scan (or benchmark) ticked off
    benchmarked: frozenset[str] = frozenset()  # interpreters with a saved benchmark run
    not_needed: dict[str, TrText] = field(default_factory=dict)  # part -> why the route does not use it

    @property
    def route(self) -> str:
        rec = self.diagnosis.recommendation
        return rec.route if rec is not None else ""

    @property
    def env_verdict(self) -> EnvVerdict | None:
        return next((v for v in self.diagnosis.envs if v.python == self.env), None)

    def needs(self, part: str) -> bool:
        """Whether the route uses ``part`` (one of :data:`PARTS`)."""
        return part not in self.not_needed

    def not_needed_text(self, part: str) -> TrText | None:
        """"Not needed for your route: why." for a part the route does not use; None when it does."""
        why = self.not_needed.get(part)
        return TrText(NOT_NEEDED, why=why) if why is not None else None

    def ticked(self, step: NextStep) -> bool | None:
        """Whether the step's check passes now (None: this computer cannot tell)."""
        return is_done(step.check, self.scan, self.diagnosis, self.benchmarked)

    @property
    def complete(self) -> bool:
        """Every step of the checklist is ticked."""
        return bool(self.checklist.steps) and all(self.ticked(s) is True for s in self.checklist.steps)

    def to_dict(self) -> dict:
        return {"env": self.env, "route": self.route, "complete": self.complete,
                "next_steps": [dict(s.to_dict(), done=self.ticked(s)) for s in self.checklist.steps],
                "other_options": [o.to_dict() for o in self.checklist.options],
                "done": [s.to_dict() for s in self.done],
                "not_needed": {part: str(self.not_needed_text(part)) for part in self.not_needed}}


def verdict_for(scan: Scan, env: str | None = None, previous: Verdict | None = None,
                benchmarked: Collection[str] = ()) -> Verdict:
    """Diagnose ``scan`` once, the checklist for ``env`` (None: the most promising environment) once,
    the steps done since ``previous`` and the parts the route does not need."""
    diagnosis = diagnose(scan)
    checklist = next_steps(diagnosis, env)
    bench = frozenset(benchmarked)
    done = [s for s in checklist.steps if is_done(s.check, scan, diagnosis, bench) is True]
    if previous is not None:
        done = still_open(previous.checklist, checklist, scan, diagnosis, bench) + done
    return Verdict(scan=scan, diagnosis=diagnosis, checklist=checklist, env=checklist.env, done=done,
                   benchmarked=bench, not_needed=parts_not_needed(scan, diagnosis, checklist))


def parts_not_needed(scan: Scan, diagnosis: Diagnosis, checklist: Checklist) -> dict[str, TrText]:
    """The parts the route goes without, each with why: all of them without an NVIDIA card; a system
    CUDA, cuDNN and their search path where pip, conda or WSL2 bring their own."""
    rec = diagnosis.recommendation
    route = rec.route if rec is not None else ""
    if route == "no-nvidia-gpu" or any(f.id == "no-nvidia-gpu" for f in diagnosis.machine):
        why = TrText(_WHY["no-card"])
        return {part: why for part in PARTS}
    windows = os_kind(scan) == "windows"
    if needs_system_cuda(diagnosis, checklist, windows):
        return {}
    kind = "conda" if route == "windows-native-tf210" else "wsl" if windows else "pip"
    why = TrText(_WHY[kind])
    return {part: why for part in ("cuda", "cudnn", "path")}


def saved_benchmark_pythons() -> frozenset[str]:
    """The interpreters of the saved benchmark runs (reads the data folder: not for the pure path)."""
    from tfgpu.core.bench.saved_runs import list_runs

    try:
        return frozenset(saved.run.python for saved in list_runs() if saved.run is not None)
    except Exception:  # noqa: BLE001 - unreadable runs tick nothing off
        return frozenset()


def jsonable(verdict: Verdict) -> dict:
    return to_jsonable(verdict.to_dict())
