"""Saved profile runs (one JSON file each, beside the benchmark history) and comparing two.

Written through the one writer (core/storage.py: private, exclusive temporary, then a rename), so a
full disk never leaves half a run; read bounded and typed, so an unreadable file (damaged, a FIFO, a
link, too large) is listed with its reason and never breaks the others. The full trace of
each run stays in ``traces/<run id>`` for TensorBoard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tfgpu.core import storage
from tfgpu.core.bench import saved_runs as bench_history
from tfgpu.core.profile.model import ProfileRun

MAX_RUN_BYTES = 4 * 1024 * 1024
_RUN_ID = re.compile(r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}$")
new_run_id = bench_history.new_run_id


def history_dir() -> Path:
    return bench_history.history_dir().parent / "profile"


def trace_dir(run_id: str) -> Path:
    return history_dir() / "traces" / run_id


def save_run(run: ProfileRun, folder: Path | None = None) -> Path:
    """Write the run; raises OSError with nothing half-written."""
    return storage.write_private_json((folder or history_dir()) / f"{run.run_id}.json", run.to_dict())


@dataclass(frozen=True)
class SavedProfile:
    run_id: str
    path: Path
    run: ProfileRun | None
    problem: str | None = None


def load_run_file(path: Path) -> SavedProfile:
    try:
        run = ProfileRun.from_dict(storage.read_json(path, MAX_RUN_BYTES))
    except storage.DamagedFile as exc:  # too large, a FIFO, a link, bad JSON
        return SavedProfile(path.stem, path, None, str(exc))
    except OSError as exc:
        return SavedProfile(path.stem, path, None, f"cannot read it: {exc.strerror or exc}")
    except Exception as exc:  # noqa: BLE001 - damaged, edited or from a newer version: listed, never fatal
        return SavedProfile(path.stem, path, None, str(exc))
    return SavedProfile(run.run_id, path, run)


def list_runs(folder: Path | None = None) -> list[SavedProfile]:
    """Saved runs, newest first (unreadable ones with their problem)."""
    folder = folder or history_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and _RUN_ID.match(p.stem)]
    except OSError:
        return []
    return [load_run_file(p) for p in sorted(paths, key=lambda p: p.stem, reverse=True)]


def latest_run(folder: Path | None = None) -> ProfileRun | None:
    return next((s.run for s in list_runs(folder) if s.run is not None and s.run.ok), None)


def load_run(run_id: str, folder: Path | None = None) -> ProfileRun:
    """A saved run by id, or "latest" / "previous"; raises LookupError with the reason."""
    folder = folder or history_dir()
    if run_id in ("latest", "previous"):
        readable = [s.run for s in list_runs(folder) if s.run is not None and s.run.ok]
        index = 0 if run_id == "latest" else 1
        if len(readable) <= index:
            raise LookupError(f"there is no {run_id} profile in {folder}")
        return readable[index]
    if not _RUN_ID.match(run_id):
        raise LookupError(f"{run_id!r} is not a profile id (like 20261121-143005-9f2c)")
    saved = load_run_file(folder / f"{run_id}.json")
    if saved.run is None:
        raise LookupError(f"profile {run_id} cannot be read: {saved.problem}")
    return saved.run


@dataclass(frozen=True)
class ProfileChange:
    what: str  # "input", "step_ms", ...
    before: float | None
    after: float | None
    unit: str  # "%" (a share of the step) or "ms"

    def words(self) -> str:
        """'input wait 64% -> 8%' / 'step 41 ms -> 17 ms'."""
        label = {"input": "input wait", "step_ms": "step", "device_compute": "device compute",
                 "host_compute": "host compute", "launch_idle": "launch/idle"}.get(self.what, self.what)

        def shown(value: float | None) -> str:
            if value is None:
                return "n/a"
            return f"{value * 100:.0f}%" if self.unit == "%" else f"{value:.1f} ms"

        return f"{label} {shown(self.before)} -> {shown(self.after)}"


def compare(before: ProfileRun, after: ProfileRun) -> list[ProfileChange]:
    """The step time, then every part of the step, before and after."""
    from tfgpu.core.profile.model import PARTS

    changes = [ProfileChange("step_ms", before.step_ms.get("median"), after.step_ms.get("median"), "ms")]
    for part in PARTS:
        if part in before.breakdown or part in after.breakdown:
            changes.append(ProfileChange(part, before.breakdown.get(part), after.breakdown.get(part), "%"))
    return changes


def compare_words(before: ProfileRun, after: ProfileRun) -> str:
    """'input wait 64% -> 8%, step 41.0 ms -> 17.0 ms': the part that was the biggest before, the step
    time, then the part that moved most after it (when it moved 5 points or more)."""
    changes = compare(before, after)
    step, parts = changes[0], changes[1:]
    if not parts:
        return step.words()
    first = max(parts, key=lambda c: c.before or 0.0)
    rest = sorted((c for c in parts if c is not first), key=lambda c: -abs((c.after or 0) - (c.before or 0)))
    shown = [first, step] + [c for c in rest[:1] if abs((c.after or 0) - (c.before or 0)) >= 0.05]
    return ", ".join(c.words() for c in shown)
