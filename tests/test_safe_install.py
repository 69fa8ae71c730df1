"""Issue 24, deleting only what tfgpu made: ``install --remove`` wants the marker AND the registry entry with the
folder's device and inode (D4), never crosses a mount point (D21, a real bind mount as root), and a target that
is a link (D22) or holds shell syntax (I1, CVE-2024-9287) is refused up front."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tfgpu.core.host import RealHost
from tfgpu.core.install import store
from tfgpu.core.install.safety import check_target, removable, remove_environment


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def _env(tmp_path: Path, name: str = "env") -> tuple[Path, store.EnvRecord]:
    folder = tmp_path / name
    (folder / "lib").mkdir(parents=True)
    record = store.EnvRecord(path=str(folder), route="cpu", status="complete")
    store.save_record(record)
    store.write_marker(folder, record)
    return folder, store.find_record(str(folder))


def test_D4_an_interrupted_installs_folder_reused_by_the_user_is_never_deleted(tmp_path):
    folder = tmp_path / "env"
    folder.mkdir()
    store.save_record(store.EnvRecord(path=str(folder), route="cpu", status="incomplete", pid=999_999_999))
    (folder / "pyvenv.cfg").write_text("home = /usr/bin\n")  # the user's own venv, made there since
    (folder / "notes.txt").write_text("my thesis notes")
    assert not removable(str(folder)).ok
    assert not remove_environment(str(folder)).ok and (folder / "notes.txt").exists()


def test_D4_a_folder_swapped_in_with_a_copy_of_the_marker_is_not_deleted(tmp_path):
    folder, _record = _env(tmp_path)
    marker = (folder / store.MARKER_FILE).read_bytes()
    folder.rename(tmp_path / "moved")
    folder.mkdir()  # another folder at the same path: another inode
    (folder / store.MARKER_FILE).write_bytes(marker)
    (folder / "precious.txt").write_text("keep me")
    check = removable(str(folder))
    assert not check.ok and "inode" in str(check.message)
    assert not remove_environment(str(folder)).ok and (folder / "precious.txt").exists()


def test_D4_a_registry_path_reached_through_a_link_is_not_deleted(tmp_path):
    folder, record = _env(tmp_path)
    (tmp_path / "real-parent").mkdir()
    other = tmp_path / "real-parent" / "env"
    shutil.copytree(folder, other)  # the marker copied along
    shutil.rmtree(folder)
    (tmp_path / "env").symlink_to(other)
    assert not remove_environment(str(folder)).ok and other.exists()


def test_D4_the_real_environment_is_still_removed(tmp_path):
    folder, _record = _env(tmp_path)
    assert remove_environment(str(folder)).ok and not folder.exists() and store.load_records() == []


def test_D21_remove_never_crosses_a_bind_mount(tmp_path):
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a bind mount needs root (CI runs as root)")
    folder, _record = _env(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "data.bin").write_text("someone else's data")
    inside = folder / "lib" / "mnt"
    inside.mkdir()
    mounted = subprocess.run(["mount", "--bind", str(outside), str(inside)], capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"this container cannot bind-mount: {mounted.stderr.strip()}")
    try:
        done = remove_environment(str(folder))
        assert not done.ok and "mount point" in str(done.message)
        assert (outside / "data.bin").read_text() == "someone else's data"
    finally:
        subprocess.run(["umount", str(inside)], capture_output=True)
    assert (outside / "data.bin").exists()


def test_D21_links_inside_are_removed_never_followed(tmp_path):
    folder, _record = _env(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "data.bin").write_text("keep")
    (folder / "lib" / "link").symlink_to(outside)
    assert remove_environment(str(folder)).ok and (outside / "data.bin").read_text() == "keep"


def test_D22_a_target_that_is_a_link_is_refused_up_front(tmp_path):
    empty = tmp_path / "empty"
    empty.mkdir()
    link = tmp_path / "venv-link"
    link.symlink_to(empty)
    problem = check_target(RealHost(), str(link))
    assert problem is not None and "is a link" in str(problem.detail)


@pytest.mark.parametrize("name", ["tf-$(touch pwned)", "tf-`id`", "tf;rm", "tf'x", 'tf"x', "tf|x", "tf&x", "tf%PATH%",
                                  "tf\nx", "tf\\x"])
def test_I1_a_target_with_shell_syntax_is_refused_up_front(tmp_path, name):
    problem = check_target(RealHost(), str(tmp_path / name))
    assert problem is not None and "CVE-2024-9287" in str(problem.detail)
    assert not (tmp_path / name).exists()


def test_I1_an_ordinary_name_with_spaces_and_unicode_is_accepted(tmp_path):
    assert check_target(RealHost(), str(tmp_path / "my tf env 中文")) is None
