"""The Windows applier through the injected registry, and what happens when things go wrong: a failure
between backup and write, a corrupt backup, an outside change before undo, a stale plan."""

from __future__ import annotations

import json

import pytest

from tfgpu.core.configure import applier, store
from tfgpu.core.configure.applier import ConfigureError, OutsideChange, UndoMode
from tfgpu.core.configure.memory import plan_memory
from tfgpu.core.configure.planner import plan_path
from tfgpu.core.host.registry import (
    MAX_VALUE_NAME,
    REG_EXPAND_SZ,
    REG_SZ,
    SYSTEM_ENVIRONMENT,
    USER_ENVIRONMENT,
    RegistryError,
    RegValue,
)

CUDA = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2"
OTHER = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4"
ORIGINAL = RegValue("%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps;C:\\tools;;", REG_EXPAND_SZ)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "changes"


@pytest.fixture
def host(windows_host):
    for part in ("bin", "libnvvp", "extras\\CUPTI\\lib64"):
        windows_host.mkdir(f"{CUDA}\\{part}")
        windows_host.mkdir(f"{OTHER}\\{part}")
    windows_host.registry.set(USER_ENVIRONMENT, "Path", ORIGINAL)
    return windows_host


def _plan(host):
    plan = plan_path(host, None, None, CUDA, None, "user")
    assert plan.can_apply, plan.to_dict()
    return plan


# -- the fake registry behaves like winreg --------------------------------------------------------


def test_fake_registry_keeps_types_and_name_case_and_reads_up_to_a_nul(windows_host):
    reg = windows_host.registry
    reg.set(USER_ENVIRONMENT, "PATH", RegValue("a;b", REG_EXPAND_SZ))
    reg.write_value(USER_ENVIRONMENT, "Path", RegValue("c", REG_EXPAND_SZ))
    assert reg.values(USER_ENVIRONMENT) == {"PATH": "c"}  # the name keeps its first spelling
    assert reg.read_value("hkcu\\environment", "path") == RegValue("c", REG_EXPAND_SZ)
    reg.write_value(USER_ENVIRONMENT, "X", RegValue("before\0after", REG_SZ))
    assert reg.read_value(USER_ENVIRONMENT, "X") == RegValue("before", REG_SZ)
    with pytest.raises(RegistryError):
        reg.write_value(USER_ENVIRONMENT, "N" * (MAX_VALUE_NAME + 1), RegValue("x"))
    with pytest.raises(RegistryError):
        reg.write_value(USER_ENVIRONMENT, "Big", RegValue("x" * 600_000, REG_SZ))  # 1.2 MB of UTF-16
    with pytest.raises(RegistryError):
        reg.write_value(USER_ENVIRONMENT, "Bad", RegValue(5, REG_SZ))
    reg.delete_value(USER_ENVIRONMENT, "x")
    assert reg.read_value(USER_ENVIRONMENT, "X") is None


# -- the Windows applier ----------------------------------------------------------------------------


def test_apply_keeps_the_type_broadcasts_and_runs_no_command(host, data_dir):
    plan = _plan(host)
    outcome = applier.apply_plan(host, plan)
    value = host.registry.read_value(USER_ENVIRONMENT, "Path")
    assert value.kind == REG_EXPAND_SZ
    assert value.text == ORIGINAL.text[:-2] + f";{CUDA}\\bin;{CUDA}\\libnvvp;{CUDA}\\extras\\CUPTI\\lib64;;"
    assert host.registry.read_value(USER_ENVIRONMENT, "CUDA_PATH") == RegValue(CUDA, REG_SZ)
    assert outcome.verified and outcome.broadcast and host.registry.broadcasts == 1
    assert host.calls == []  # never setx, never any program
    assert all(not key.upper().startswith("HKLM") for key, _name, _value in host.registry.writes)
    assert (data_dir / f"{outcome.change_id}.json").is_file()


def test_a_string_path_stays_reg_sz(host):
    host.registry.set(USER_ENVIRONMENT, "Path", RegValue("C:\\tools", REG_SZ))
    applier.apply_plan(host, _plan(host))
    assert host.registry.read_value(USER_ENVIRONMENT, "Path").kind == REG_SZ


def test_too_long_a_result_is_refused_with_a_clear_message(host):
    host.registry.set(USER_ENVIRONMENT, "Path", RegValue("C:\\" + "x" * 32_600, REG_EXPAND_SZ))
    plan = plan_path(host, None, None, CUDA, None, "user")
    assert plan.refusal is not None and not plan.edits
    assert "32767" in str(plan.refusal) and "Nothing was changed" in str(plan.refusal)
    with pytest.raises(ConfigureError, match="32767"):
        applier.apply_plan(host, plan)


def test_a_folder_windows_would_expand_is_refused_for_an_expandable_path(host):
    odd = "C:\\odd %USERNAME% folder"
    for part in ("bin", "libnvvp", "extras\\CUPTI\\lib64"):
        host.mkdir(f"{odd}\\{part}")
    plan = plan_path(host, None, None, odd, None, "user")
    assert plan.refusal is not None and "expand" in str(plan.refusal)


def test_system_path_conflict_is_an_admin_step_never_a_write(host, monkeypatch):
    from tfgpu.core.configure import planner

    monkeypatch.setattr(planner, "conflicting_folders", lambda *a: [f"{OTHER}\\bin"])
    host.registry.set(SYSTEM_ENVIRONMENT, "Path", RegValue(f"%SystemRoot%\\system32;{OTHER}\\bin", REG_EXPAND_SZ))
    plan = plan_path(host, None, None, CUDA, None, "user")
    assert len(plan.admin_steps) == 1
    step = plan.admin_steps[0]
    assert "Set-ItemProperty -LiteralPath 'HKLM:\\SYSTEM" in step.command and "-Type ExpandString" in step.command
    assert step.command.startswith("reg 'export' 'HKLM\\SYSTEM") and "setx" not in step.command.lower()
    assert f"'%SystemRoot%\\system32;{CUDA}\\bin;" in step.command  # ours ahead of the other toolkit
    applier.apply_plan(host, plan)
    assert host.registry.read_value(SYSTEM_ENVIRONMENT, "Path").text == f"%SystemRoot%\\system32;{OTHER}\\bin"


def test_user_path_entries_move_ahead_of_another_toolkit(host, monkeypatch):
    from tfgpu.core.configure import planner

    monkeypatch.setattr(planner, "conflicting_folders", lambda *a: [f"{OTHER}\\bin"])
    host.registry.set(USER_ENVIRONMENT, "Path", RegValue(f"C:\\a;{OTHER}\\bin;c:\\b;{CUDA.upper()}\\BIN\\", REG_SZ))
    plan = plan_path(host, None, None, CUDA, None, "user")
    assert plan.moved == [f"{CUDA.upper()}\\BIN\\"] and plan.ahead_of == f"{OTHER}\\bin"
    applier.apply_plan(host, plan)
    assert host.registry.read_value(USER_ENVIRONMENT, "Path").text == (
        f"C:\\a;{CUDA.upper()}\\BIN\\;{CUDA}\\libnvvp;{CUDA}\\extras\\CUPTI\\lib64;{OTHER}\\bin;c:\\b")


# -- faults ------------------------------------------------------------------------------------------


def test_failure_between_backup_and_write_leaves_the_original_and_the_backup(host, data_dir):
    plan = _plan(host)

    def crash(edit, index):
        raise OSError("power cut (injected)")

    with pytest.raises(ConfigureError, match="power cut.*was not changed. Nothing was changed"):  # D19: honest words
        applier.apply_plan(host, plan, before_write=crash)
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == ORIGINAL
    backups = [p for p in data_dir.glob("2*.json") if ".status" not in p.name]
    assert len(backups) == 1
    record = store.load_backup_file(backups[0])
    assert record.status == "failed" and record.edits[0].before == ORIGINAL


def test_failure_on_the_second_write_restores_the_first(host):
    host.registry.fail_next_writes = 0
    plan = _plan(host)
    calls = []

    def fail_second(edit, index):
        calls.append(index)
        if index == 1:
            host.registry.fail_next_writes = 1

    with pytest.raises(ConfigureError, match="Access is denied"):
        applier.apply_plan(host, plan, before_write=fail_second)
    assert calls == [0, 1]
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == ORIGINAL
    assert host.registry.read_value(USER_ENVIRONMENT, "CUDA_PATH") is None


def test_no_backup_no_change(host, monkeypatch):
    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "_write_atomic", full_disk)
    with pytest.raises(ConfigureError, match="backup could not be written.*nothing was changed"):
        applier.apply_plan(host, _plan(host))
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == ORIGINAL and host.registry.writes == []


def test_a_stale_plan_writes_nothing(host):
    plan = _plan(host)
    host.registry.write_value(USER_ENVIRONMENT, "Path", RegValue("C:\\new", REG_EXPAND_SZ))
    with pytest.raises(ConfigureError, match="changed since this plan"):
        applier.apply_plan(host, plan)
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == RegValue("C:\\new", REG_EXPAND_SZ)


@pytest.mark.parametrize("damage", ["flip", "truncate", "edit-value", "garbage", "empty"])
def test_a_corrupt_backup_is_detected_and_never_applied(host, data_dir, damage):
    outcome = applier.apply_plan(host, _plan(host))
    path = data_dir / f"{outcome.change_id}.json"
    text = path.read_text()
    if damage == "flip":
        text = text.replace("tools", "tooLs", 1)
    elif damage == "truncate":
        text = text[: len(text) // 2]
    elif damage == "edit-value":  # a consistent-looking edit: the checksum still catches it
        document = json.loads(text)
        document["backup"]["edits"][0]["before"]["data"] = "C:\\evil"
        text = json.dumps(document)
    elif damage == "garbage":
        text = "\x00\x01 not json"
    else:
        text = ""
    path.write_text(text)
    applied = host.registry.read_value(USER_ENVIRONMENT, "Path")
    with pytest.raises(store.CorruptBackup):
        applier.undo_change(host, outcome.change_id)
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == applied  # nothing restored from it
    assert store.list_changes()[0].problem is not None


def test_undo_after_an_outside_change_warns_and_does_not_clobber(host):
    outcome = applier.apply_plan(host, _plan(host))
    theirs = RegValue(host.registry.read_value(USER_ENVIRONMENT, "Path").text + "D:\\theirs;", REG_EXPAND_SZ)
    host.registry.write_value(USER_ENVIRONMENT, "Path", theirs)
    with pytest.raises(OutsideChange) as caught:
        applier.undo_change(host, outcome.change_id)
    assert [p.where for p in caught.value.places] == ["HKCU\\Environment\\Path"] and caught.value.places[0].mergeable
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == theirs  # untouched
    assert host.registry.read_value(USER_ENVIRONMENT, "CUDA_PATH") is not None  # nothing undone at all
    # The user chose: keep their change, take out only ours.
    applier.undo_change(host, outcome.change_id, UndoMode.REMOVE_OURS)
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == RegValue(ORIGINAL.text + "D:\\theirs;", REG_EXPAND_SZ)
    assert host.registry.read_value(USER_ENVIRONMENT, "CUDA_PATH") is None
    with pytest.raises(ConfigureError, match="already undone"):
        applier.undo_change(host, outcome.change_id)


def test_overwrite_after_an_outside_change_keeps_a_backup_of_it(host):
    outcome = applier.apply_plan(host, _plan(host))
    theirs = RegValue("D:\\only-theirs", REG_SZ)
    host.registry.write_value(USER_ENVIRONMENT, "Path", theirs)
    undo = applier.undo_change(host, outcome.change_id, UndoMode.OVERWRITE)
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == ORIGINAL
    saved = store.load_change(undo.change_id)
    assert saved.undoes == outcome.change_id and saved.edits[0].before == theirs


def test_memory_growth_for_the_user_environment(host):
    plan = plan_memory(host, None, "growth", target="user")
    outcome = applier.apply_plan(host, plan)
    assert host.registry.read_value(USER_ENVIRONMENT, "TF_FORCE_GPU_ALLOW_GROWTH") == RegValue("true", REG_SZ)
    assert plan_memory(host, None, "growth", target="user").nothing_to_do
    assert plan_memory(host, None, "limit", "1024", target="user").refusal is not None
    applier.undo_change(host, "latest", topic="memory")
    assert host.registry.read_value(USER_ENVIRONMENT, "TF_FORCE_GPU_ALLOW_GROWTH") is None
    assert store.load_change(outcome.change_id).status == "undone"


def test_an_apply_killed_halfway_can_be_undone(host, data_dir):
    """The process died after the backup and the first write (status stays "pending")."""
    plan = _plan(host)

    class Killed(BaseException):
        pass

    def die_before_second(edit, index):
        if index == 1:
            raise Killed

    with pytest.raises(Killed):
        applier.apply_plan(host, plan, before_write=die_before_second)
    record = store.list_changes()[0].record
    assert record.status == "pending" and host.registry.read_value(USER_ENVIRONMENT, "Path") != ORIGINAL
    applier.undo_change(host, record.change_id)
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == ORIGINAL
    assert host.registry.read_value(USER_ENVIRONMENT, "CUDA_PATH") is None
