"""Issue 24, backups and undo: undo restores only places its change could have planned (D17), one damaged
file never breaks the history of changes or of bench runs (D10), a second memory setting keeps the first
(D18), and undo of an undone change says so first (D24). Real files, real FIFOs and links."""

from __future__ import annotations

import argparse
import json
import os
import threading
from pathlib import Path

import pytest

from tfgpu.core.bench import saved_runs
from tfgpu.core.cli import configure_flow
from tfgpu.core.configure import applier, store
from tfgpu.core.configure.applier import ConfigureError
from tfgpu.core.configure.memory import plan_memory
from tfgpu.core.configure.model import FileEdit
from tfgpu.core.configure.planner import plan_path

BASHRC = b"# ~/.bashrc\nexport EDITOR=vi\n"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def host(linux_host):
    linux_host.write("/home/user/.bashrc", BASHRC)
    for part in ("lib64", "extras/CUPTI/lib64"):
        linux_host.mkdir(f"/opt/cuda/{part}")
    return linux_host


def _within(seconds: float, work):
    """``work()``'s result, or a failure when it takes longer (a read that blocks on a FIFO)."""
    box: list = []
    thread = threading.Thread(target=lambda: box.append(work()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert box, f"still running after {seconds} s (a read that blocks)"
    return box[0]


def _plant_damaged(folder: Path, ids: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / f"{ids[0]}.json")  # nobody ever writes to it
    (folder / f"{ids[1]}.json").write_text("[" * 100_000 + "]" * 100_000)  # deep JSON
    (folder / f"{ids[2]}.json").symlink_to("/dev/zero")  # endless


def test_D17_undo_never_writes_a_place_its_change_could_not_plan(host, tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    record = store.ChangeRecord(change_id=store.new_change_id(), topic="path", target="profile",
                                summary="forged", edits=[FileEdit(str(victim), b"attacker's content", b"precious")],
                                os="linux", status="applied")
    store.write_backup(record)  # a valid checksum: the checksum only ever caught accidents
    with pytest.raises(ConfigureError, match="never plans"):
        applier.undo_change(host, record.change_id)
    assert victim.read_bytes() == b"precious"


def test_D17_a_real_change_still_undoes(host):
    outcome = applier.apply_plan(host, plan_path(host, None, None, "/opt/cuda", None, "profile"))
    applier.undo_change(host, outcome.change_id)
    assert Path(host.files.local("/home/user/.bashrc")).read_bytes() == BASHRC


def test_D10_one_damaged_backup_never_breaks_history_or_undo(host, data_dir):
    outcome = applier.apply_plan(host, plan_path(host, None, None, "/opt/cuda", None, "profile"))
    _plant_damaged(data_dir / "changes", ["20990101-000000-aaaa", "20990101-000000-bbbb", "20990101-000000-cccc"])
    entries = _within(20, store.list_changes)
    assert sorted(e.change_id for e in entries if e.record is None) == \
        ["20990101-000000-aaaa", "20990101-000000-bbbb", "20990101-000000-cccc"]
    assert [e.change_id for e in entries if e.record is not None] == [outcome.change_id]
    assert _within(20, lambda: store.load_change("latest", topic="path")).change_id == outcome.change_id
    _within(20, lambda: applier.undo_change(host, "latest", topic="path"))
    assert Path(host.files.local("/home/user/.bashrc")).read_bytes() == BASHRC


def test_D10_one_damaged_saved_run_never_breaks_the_bench_history(data_dir):
    folder = data_dir / "bench"
    _plant_damaged(folder, ["20990101-000000-aaaa", "20990101-000000-bbbb", "20990101-000000-cccc"])
    runs = _within(20, saved_runs.list_runs)
    assert len(runs) == 3 and all(r.run is None and r.problem for r in runs)


def test_D18_a_second_memory_setting_keeps_the_first(host):
    applier.apply_plan(host, plan_memory(host, None, "growth", target="profile"))
    second = plan_memory(host, None, "async", target="profile")
    assert any("Keep TF_FORCE_GPU_ALLOW_GROWTH=true" in str(w) for w in second.words)
    applier.apply_plan(host, second)
    text = Path(host.files.local("/home/user/.bashrc")).read_text()
    assert "TF_FORCE_GPU_ALLOW_GROWTH" in text and "TF_GPU_ALLOCATOR" in text
    replacing = plan_memory(host, None, "visible", "0", target="profile", replace=True)
    applier.apply_plan(host, replacing)
    text = Path(host.files.local("/home/user/.bashrc")).read_text()
    assert "CUDA_VISIBLE_DEVICES" in text and "TF_GPU_ALLOCATOR" not in text and "TF_FORCE_GPU" not in text


def test_D24_undo_of_an_undone_change_says_so_first(host, capsys):
    outcome = applier.apply_plan(host, plan_path(host, None, None, "/opt/cuda", None, "profile"))
    applier.undo_change(host, outcome.change_id)
    capsys.readouterr()
    args = argparse.Namespace(change_id=outcome.change_id, keep_outside_changes=False, overwrite=False, yes=True,
                              json=False)
    assert configure_flow.undo("path", "path", args, host) != 0
    err = capsys.readouterr().err
    assert "already undone" in err and "changed since" not in err and "@@" not in err and "-export" not in err


def test_D24_history_json_stays_readable(host, capsys, data_dir):
    applier.apply_plan(host, plan_path(host, None, None, "/opt/cuda", None, "profile"))
    (data_dir / "changes" / "20990101-000000-dddd.json").write_text("{")
    configure_flow.history(argparse.Namespace(json=True))
    document = json.loads(capsys.readouterr().out)
    assert [c["status"] for c in document["changes"]][:2] == ["corrupt", "applied"]
