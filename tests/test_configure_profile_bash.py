"""Linux, for real: the profile block with hostile folder names, read by real shells.

A new bash (login and interactive) and dash (which reads ~/.profile at a desktop login) that source
the profile see exactly the planned LD_LIBRARY_PATH, run nothing else (no command can even be found:
PATH is empty, the block uses only builtins), and undo restores each file byte for byte."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from tfgpu.core.configure import applier
from tfgpu.core.configure.memory import plan_memory
from tfgpu.core.configure.pathlist import PathSyntax, plan_list
from tfgpu.core.configure.planner import plan_path

HOSTILE = [
    "/opt/cuda it's \"quoted\"",
    "/opt/cuda $(touch {marker}-dollar)",
    "/opt/cuda `touch {marker}-backtick`",
    "/opt/cuda; touch {marker}-semicolon & echo",
    "/opt/ünïcödé 中文 CUDA ${{HOME}} *",
    "/opt/cuda\\ back\\slash",
]
LINUX = PathSyntax(False)
BASHRC = b"# ~/.bashrc\nalias ll='ls -l'\r\nexport EDITOR=vi\n# \xff\xfe not utf-8\n"  # a CRLF line, bytes that are not UTF-8
PROFILE = b"# ~/.profile\nif [ -n \"$BASH_VERSION\" ]; then . \"$HOME/.bashrc\"; fi"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))


@pytest.fixture
def host(linux_host):
    linux_host.write("/home/user/.bashrc", BASHRC)
    linux_host.write("/home/user/.profile", PROFILE)
    return linux_host


def _cuda(host, folder: str) -> str:
    for part in ("lib64", "extras/CUPTI/lib64"):
        host.mkdir(f"{folder}/{part}")
    return folder


def _shell(host, argv: list[str], inherited: str | None) -> subprocess.CompletedProcess:
    """A new shell with HOME at the fake home and nothing else: no PATH, so no program can run."""
    env = {"HOME": str(host.files.local("/home/user")), "PATH": ""}
    if inherited is not None:
        env["LD_LIBRARY_PATH"] = inherited
    program = shutil.which(argv[0])
    if program is None:
        pytest.skip(f"{argv[0]} is not installed")
    return subprocess.run([program, *argv[1:]], env=env, capture_output=True, timeout=30, cwd=host.files.local("/home/user"))


# The user's files as each shell reads them (the system's /etc/profile, which runs `id`, left out).
SHELLS = {
    "bash-profile": ["bash", "--noprofile", "--norc", "-c", '. "$HOME/.profile"; printf %s "$LD_LIBRARY_PATH"'],
    "bash-bashrc": ["bash", "--noprofile", "--norc", "-c", '. "$HOME/.bashrc"; printf %s "$LD_LIBRARY_PATH"'],
    "dash-profile": ["dash", "-c", '. "$HOME/.profile"; printf %s "$LD_LIBRARY_PATH"'],
}


@pytest.mark.parametrize("shell", sorted(SHELLS))
@pytest.mark.parametrize("name", HOSTILE)
@pytest.mark.parametrize("inherited", [None, "", "/usr/lib/wsl/lib::/x", "{ours}/lib64:/y"])
def test_a_new_shell_sees_exactly_the_planned_value_and_runs_nothing_else(host, tmp_path, shell, name, inherited):
    if shutil.which(SHELLS[shell][0]) is None:
        pytest.skip(f"{SHELLS[shell][0]} is not installed")
    marker = str(tmp_path / "ran")
    cuda = _cuda(host, name.format(marker=marker))
    plan = plan_path(host, None, None, cuda, None, "profile")
    assert plan.can_apply, plan.to_dict()
    applier.apply_plan(host, plan)
    start = None if inherited is None else inherited.format(ours=cuda)
    result = _shell(host, SHELLS[shell], start)
    expected = LINUX.join(plan_list(LINUX.split(start), plan.folders, LINUX, prepend=True).segments)
    assert result.stdout.decode() == expected
    assert result.stderr == b"", result.stderr.decode(errors="replace")  # nothing tried to run a program
    assert not list(tmp_path.glob("ran*"))


def test_undo_restores_every_file_byte_for_byte_and_apply_is_idempotent(host):
    cuda = _cuda(host, "/opt/cuda `id` $(id) 'x'")
    plan = plan_path(host, None, None, cuda, None, "profile")
    assert {e.path for e in plan.edits} == {"/home/user/.bashrc", "/home/user/.profile"}
    outcome = applier.apply_plan(host, plan)
    bashrc = host.files.local("/home/user/.bashrc").read_bytes()
    assert bashrc.startswith(BASHRC) and b"\xff\xfe not utf-8" in bashrc
    assert plan_path(host, None, None, cuda, None, "profile").nothing_to_do  # idempotent
    applier.undo_change(host, outcome.change_id)
    assert host.files.local("/home/user/.bashrc").read_bytes() == BASHRC
    assert host.files.local("/home/user/.profile").read_bytes() == PROFILE


def test_the_block_is_updated_in_place_and_other_blocks_are_kept(host):
    first = _cuda(host, "/usr/local/cuda-11.8")
    second = _cuda(host, "/usr/local/cuda-12.4")
    applier.apply_plan(host, plan_path(host, None, None, first, None, "profile"))
    memory = applier.apply_plan(host, plan_memory(host, None, "growth", target="profile"))
    host.write("/home/user/.bashrc", host.files.local("/home/user/.bashrc").read_bytes() + b"alias gs='git status'\n")
    before = host.files.local("/home/user/.bashrc").read_bytes()
    update = applier.apply_plan(host, plan_path(host, None, None, second, None, "profile"))
    after = host.files.local("/home/user/.bashrc").read_bytes()
    assert b"cuda-12.4" in after and b"cuda-11.8" not in after
    assert after.count(b">>> tfgpu path >>>") == 1 and after.count(b">>> tfgpu memory >>>") == 1
    assert after.endswith(b"alias gs='git status'\n")  # the user's later line stays after the block
    assert after.index(b"tfgpu path") == before.index(b"tfgpu path")  # same place
    result = _shell(host, ["bash", "--login", "-c", 'printf "%s|%s" "$LD_LIBRARY_PATH" "$TF_FORCE_GPU_ALLOW_GROWTH"'],
                    None)  # a real login shell: /etc/profile, then the first of ~/.bash_profile, ~/.bash_login, ~/.profile
    assert result.stdout.decode() == f"{second}/lib64:{second}/extras/CUPTI/lib64|true"
    applier.undo_change(host, update.change_id)
    assert host.files.local("/home/user/.bashrc").read_bytes() == before
    applier.undo_change(host, memory.change_id, applier.UndoMode.REMOVE_OURS)  # the file changed since
    assert b"tfgpu memory" not in host.files.local("/home/user/.bashrc").read_bytes()


@pytest.mark.parametrize("name, why", [("/opt/cu:da", "separator"), ("/opt/cu\nda", "control character")])
def test_a_folder_that_cannot_be_written_safely_is_refused(host, name, why):
    cuda = _cuda(host, name)
    plan = plan_path(host, None, None, cuda, None, "profile")
    assert plan.refusal is not None and why in str(plan.refusal) and not plan.edits


def test_an_outside_edit_of_the_profile_is_not_clobbered(host):
    cuda = _cuda(host, "/usr/local/cuda")
    outcome = applier.apply_plan(host, plan_path(host, None, None, cuda, None, "profile"))
    edited = host.files.local("/home/user/.profile").read_bytes() + b"export MINE=1\n"
    host.write("/home/user/.profile", edited)
    with pytest.raises(applier.OutsideChange):
        applier.undo_change(host, outcome.change_id)
    assert host.files.local("/home/user/.profile").read_bytes() == edited
    assert b"tfgpu path" in host.files.local("/home/user/.bashrc").read_bytes()  # nothing undone anywhere
    applier.undo_change(host, outcome.change_id, applier.UndoMode.REMOVE_OURS)
    assert host.files.local("/home/user/.profile").read_bytes() == PROFILE + b"\nexport MINE=1\n"
    assert host.files.local("/home/user/.bashrc").read_bytes() == BASHRC
