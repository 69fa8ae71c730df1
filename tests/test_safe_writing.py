"""Issue 24, writing files: every defect of the second audit's "Writing files" and "Backups" sections that
the one writer (core/storage.py) fixes, each in a test named after it, on real files (device nodes made
with mknod as root, real symlinks, real concurrent writers)."""

from __future__ import annotations

import multiprocessing
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path
from unittest import mock

import pytest

from fakes.report_inputs import save_canary_scan
from tfgpu.core import storage
from tfgpu.core.configure import applier, store
from tfgpu.core.configure.applier import ConfigureError
from tfgpu.core.configure.planner import plan_path

BASHRC = b"# ~/.bashrc\nexport EDITOR=vi\n"
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


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


def _plan(host):
    plan = plan_path(host, None, None, "/opt/cuda", None, "profile")
    assert plan.can_apply, plan.to_dict()
    return plan


def _mknod_null(path: Path) -> None:
    if not ROOT:
        pytest.skip("making a device node needs root (CI runs as root)")
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a second /dev/null, in a temporary folder


def test_D1_report_to_dev_null_keeps_the_device_node(tmp_path):
    device = tmp_path / "null"
    _mknod_null(device)
    scan = save_canary_scan(tmp_path / "input")
    env = dict(os.environ, HOME=str(tmp_path / "home"))
    result = subprocess.run([sys.executable, "-m", "tfgpu.core.cli", "report", "--scan", str(scan), "-o",
                             str(device), "--format", "md"], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    info = os.lstat(device)
    assert stat.S_ISCHR(info.st_mode) and info.st_rdev == os.makedev(1, 3), "the device node was replaced"
    assert "not replaced" in result.stdout + result.stderr
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".null")] == []


def test_D1_a_fifo_target_is_written_into_never_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # a reader is there before the write (no race)
    try:
        result = storage.write_file(fifo, b"hello", direct="allow")
        got = [os.read(reader, 100)]
    finally:
        os.close(reader)
    assert got == [b"hello"] and stat.S_ISFIFO(os.lstat(fifo).st_mode) and result.how == "written-into"
    with pytest.raises(storage.StorageError, match="FIFO"):  # where the change must be atomic: refused
        storage.write_file(fifo, b"x")
    with pytest.raises(storage.StorageError, match="nobody reads"):
        storage.write_file(fifo, b"x", direct="allow")


def test_D2_a_planted_link_at_the_temporary_name_writes_nothing_through_it(host, tmp_path):
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    home = Path(host.files.local("/home/user"))
    planted = ("..bashrc.tfgpu-tmp", "..profile.tfgpu-tmp", ".bashrc.tfgpu-tmp", ".bashrc.tfgpu.tmp")
    for name in planted:  # the old fixed name was f".{name}.tfgpu-tmp", opened without O_EXCL
        (home / name).symlink_to(victim)
    applier.apply_plan(host, _plan(host))
    assert victim.read_bytes() == b"precious"
    assert b"LD_LIBRARY_PATH" in (home / ".bashrc").read_bytes() and not (home / ".bashrc").is_symlink()
    assert all((home / n).is_symlink() for n in planted)


def test_D12_a_read_only_bashrc_is_refused_with_its_reason(host):
    bashrc = Path(host.files.local("/home/user/.bashrc"))
    bashrc.chmod(0o444)
    with pytest.raises(ConfigureError, match="read-only"):
        applier.apply_plan(host, _plan(host))
    assert bashrc.read_bytes() == BASHRC and stat.S_IMODE(bashrc.stat().st_mode) == 0o444


def test_D12_mode_and_owner_are_kept(host):
    bashrc = Path(host.files.local("/home/user/.bashrc"))
    bashrc.chmod(0o640)
    if ROOT:
        os.chown(bashrc, 12345, 23456)
    applier.apply_plan(host, _plan(host))
    info = bashrc.stat()
    assert stat.S_IMODE(info.st_mode) == 0o640
    if ROOT:
        assert (info.st_uid, info.st_gid) == (12345, 23456)


def test_D13_a_dangling_profile_link_creates_no_folder_outside(host, tmp_path):
    bashrc = Path(host.files.local("/home/user/.bashrc"))
    bashrc.unlink()
    outside = tmp_path / "outside"
    bashrc.symlink_to(outside / "deep" / "bashrc")
    with pytest.raises(ConfigureError, match="does not exist"):
        applier.apply_plan(host, _plan(host))
    assert not outside.exists() and bashrc.is_symlink()


def test_D19_a_full_disk_says_the_file_never_changed(host):
    bashrc = Path(host.files.local("/home/user/.bashrc"))
    full = os.open("/dev/full", os.O_WRONLY)
    try:
        with mock.patch.object(storage, "_create_temporary", lambda f, n, o: (os.dup(full), str(f / ".x.tfgpu.tmp"))), \
                pytest.raises(ConfigureError) as caught:
            applier.apply_plan(host, _plan(host))
    finally:
        os.close(full)
    words = str(caught.value)
    assert "could not be put back" not in words and "was not changed" in words and "disk is full" in words
    assert bashrc.read_bytes() == BASHRC


def test_D3_backups_and_install_logs_are_private(host, data_dir):
    bashrc = Path(host.files.local("/home/user/.bashrc"))
    bashrc.chmod(0o600)
    outcome = applier.apply_plan(host, _plan(host))
    backup = Path(outcome.backup)
    for path in (backup, backup.with_name(f"{outcome.change_id}.status.json")):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    for folder in (data_dir, data_dir / "changes"):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    from tfgpu.core.install.store import InstallLog

    log = InstallLog("cpu")
    log.write("pip install tensorflow")
    log.close()
    assert stat.S_IMODE(log.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(log.path.parent.stat().st_mode) == 0o700


def test_D8_concurrent_applies_are_serialised_one_wins_the_others_refuse(host):
    plans = [_plan(host) for _ in range(12)]  # all made before any apply, as 12 terminals would
    start = threading.Barrier(12)
    results: list[str] = []

    def run(plan) -> None:
        start.wait()
        try:
            applier.apply_plan(host, plan)
            results.append("applied")
        except ConfigureError as exc:
            results.append(str(exc))

    threads = [threading.Thread(target=run, args=(p,)) for p in plans]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert results.count("applied") == 1, results
    assert all("changed since this plan was made" in r for r in results if r != "applied")
    text = Path(host.files.local("/home/user/.bashrc")).read_bytes()
    assert text == plans[0].edits[0].after


def _apply_in_child(host_root: str, barrier, queue) -> None:
    from fakes.fake_host import FakeHost

    child = FakeHost(root=Path(host_root), system="Linux", release="6.8", version="", machine="x86_64",
                     env={"PATH": "/usr/bin:/bin", "HOME": "/home/user"})
    plan = _plan(child)
    barrier.wait()
    try:
        applier.apply_plan(child, plan)
        queue.put("applied")
    except ConfigureError as exc:
        queue.put(str(exc))


def test_D8_concurrent_processes_never_interleave(host, tmp_path):
    context = multiprocessing.get_context("fork")
    barrier, queue = context.Barrier(4), context.Queue()
    children = [context.Process(target=_apply_in_child, args=(str(tmp_path), barrier, queue)) for _ in range(4)]
    for child in children:
        child.start()
    for child in children:
        child.join(60)
    results = [queue.get(timeout=5) for _ in children]
    assert results.count("applied") == 1, results
    text = Path(host.files.local("/home/user/.bashrc")).read_bytes()
    assert text.count(b">>> tfgpu") <= 1 and text.count(b"LD_LIBRARY_PATH") >= 1
    assert store.list_changes()[0].record is not None


def test_D2_a_link_planted_at_the_exact_temporary_name_is_never_followed(tmp_path, monkeypatch):
    """The name made predictable on purpose: the writer creates it exclusively (O_EXCL | O_NOFOLLOW), so a
    planted link makes it pick another name or refuse, never write through the link."""
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    target = tmp_path / "profile"
    target.write_bytes(b"old")
    monkeypatch.setattr(storage.secrets, "token_hex", lambda _n: "feedbeef")
    (tmp_path / f".profile.{os.getpid()}.feedbeef{storage.TEMP_SUFFIX}").symlink_to(victim)
    with pytest.raises(storage.StorageError, match="temporary file"):
        storage.write_file(target, b"new")
    assert victim.read_bytes() == b"precious" and target.read_bytes() == b"old"
