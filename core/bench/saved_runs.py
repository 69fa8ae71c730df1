"""Saved benchmark runs (one JSON file each, in the app's data folder) and comparing two runs.

``TFGPU_DATA_DIR`` overrides the folder (tests, portable installs). A file that cannot be
read is skipped with its reason, never fatal; a run is written to a temporary file first
and renamed, so a full disk never leaves a half-written run behind.
"""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from tfgpu.core import storage
from tfgpu.core.bench.model import BenchRun

APP_NAME = "tfgpu"
DATA_DIR_ENV = "TFGPU_DATA_DIR"
MAX_RUN_BYTES = 16 * 1024 * 1024
_RUN_ID = re.compile(r"^[0-9]{8}-[0-9]{6}-[0-9a-f]{4}$")


def history_dir() -> Path:
    return storage.data_dir() / "bench"


def new_run_id(now: float | None = None) -> str:
    """'20261121-143005-9f2c': sorts by time; the suffix keeps two runs in one second apart."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime(time.time() if now is None else now))
    return f"{stamp}-{secrets.token_hex(2)}"


def worth_saving(run: BenchRun) -> bool:
    """Only runs that measured something go into the history."""
    return bool(run.figures())


def save_run(run: BenchRun, folder: Path | None = None) -> Path:
    """Write the run; raises OSError (disk full, no permission) with nothing half-written."""
    return storage.write_private_json((folder or history_dir()) / f"{run.run_id}.json", run.to_dict())


@dataclass(frozen=True)
class SavedRun:
    run_id: str
    path: Path
    run: BenchRun | None
    problem: str | None = None  # why it could not be read


def load_run_file(path: Path) -> SavedRun:
    """One saved run, checked value by value; a file that cannot be read (damaged, edited, too deep,
    wrongly typed) is a SavedRun with its problem in words, never an exception."""
    run_id = path.stem
    try:
        run = BenchRun.from_dict(storage.read_json(path, MAX_RUN_BYTES))
    except storage.DamagedFile as exc:  # too large, a FIFO, a link, bad JSON
        return SavedRun(run_id, path, None, str(exc))
    except OSError as exc:
        return SavedRun(run_id, path, None, f"cannot read it: {exc.strerror or exc}")
    except ValueError as exc:  # not JSON, nested too deep, a value of the wrong type
        return SavedRun(run_id, path, None, str(exc))
    except Exception as exc:  # noqa: BLE001 - one bad file never breaks the list
        return SavedRun(run_id, path, None, f"{type(exc).__name__}: {exc}")
    return SavedRun(run.run_id, path, run)


def list_runs(folder: Path | None = None) -> list[SavedRun]:
    """Saved runs, newest first (unreadable ones included, with their problem)."""
    folder = folder or history_dir()
    try:
        paths = [p for p in folder.iterdir() if p.suffix == ".json" and _RUN_ID.match(p.stem)]
    except OSError:
        return []
    return [load_run_file(p) for p in sorted(paths, key=lambda p: p.stem, reverse=True)]


def load_run(run_id: str, folder: Path | None = None) -> BenchRun:
    """A saved run by id ("latest" and "previous" work too); raises LookupError with the reason."""
    folder = folder or history_dir()
    if run_id in ("latest", "previous"):
        readable = [s for s in list_runs(folder) if s.run is not None]
        index = 0 if run_id == "latest" else 1
        if len(readable) <= index:
            raise LookupError(f"there is no {run_id} run in {folder}")
        return readable[index].run  # type: ignore[return-value]
    if not _RUN_ID.match(run_id):
        raise LookupError(f"{run_id!r} is not a run id (like 20261121-143005-9f2c)")
    saved = load_run_file(folder / f"{run_id}.json")
    if saved.run is None:
        raise LookupError(f"run {run_id} cannot be read: {saved.problem}")
    return saved.run


@dataclass(frozen=True)
class Change:
    test_id: str
    label: str
    device: str
    unit: str | None
    before: float | None
    after: float | None

    @property
    def ratio(self) -> float | None:
        """after / before (1.10 = 10% faster; every metric is higher-is-better)."""
        if self.before and self.after is not None and self.before > 0:
            return self.after / self.before
        return None


def compare(before: BenchRun, after: BenchRun) -> list[Change]:
    """Every test either run has, matched by id, in ``after``'s order then ``before``'s leftovers."""
    old = {t.id: t for t in before.tests}
    new = {t.id: t for t in after.tests}
    ids = [t.id for t in after.tests] + [t.id for t in before.tests if t.id not in new]
    changes = []
    for test_id in ids:
        test = new.get(test_id) or old[test_id]
        changes.append(Change(
            test_id=test_id, label=test.label, device=test.device, unit=test.unit,
            before=old[test_id].value if test_id in old else None,
            after=new[test_id].value if test_id in new else None,
        ))
    return changes
