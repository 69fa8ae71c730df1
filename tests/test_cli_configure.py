"""``tfgpu path`` and ``tfgpu memory`` end to end on this machine (Linux): the profile in a temporary
HOME, the backups in a temporary data folder, the real memory agent."""

from __future__ import annotations

import json
import sys

import pytest

from tfgpu.core.cli import main

CONTRACT = {"schema_version", "env", "gpu_available", "measured", "reason"}


@pytest.fixture
def home(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    (home / ".bashrc").write_bytes(b"# mine\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(sys, "stdin", None)  # no terminal to ask on
    return home


@pytest.fixture
def cuda(tmp_path):
    folder = tmp_path / "cuda-11.8"
    for part in ("lib64", "extras/CUPTI/lib64"):
        (folder / part).mkdir(parents=True)
    return str(folder)


def test_path_plan_apply_history_undo(home, cuda, capsys):
    assert main(["path", "plan", "--cuda", cuda, "--target", "profile", "--json"]) == 0
    plan = json.loads(capsys.readouterr().out)
    assert plan["schema_version"] and plan["target"] == "profile" and plan["added"] == [f"{cuda}/lib64",
                                                                                       f"{cuda}/extras/CUPTI/lib64"]
    assert str(home / ".bashrc") in plan["changes"] and plan["backup_dir"].endswith("changes")
    assert (home / ".bashrc").read_bytes() == b"# mine\n"  # a plan changes nothing
    # Without --yes and without a terminal it asks for --yes and changes nothing.
    assert main(["path", "apply", "--cuda", cuda, "--target", "profile"]) == 2
    assert "--yes" in capsys.readouterr().err and (home / ".bashrc").read_bytes() == b"# mine\n"
    assert main(["path", "apply", "--cuda", cuda, "--target", "profile", "--yes", "--json"]) == 0
    applied = json.loads(capsys.readouterr().out)
    assert applied["applied"] and applied["verified"] and b"tfgpu path" in (home / ".bashrc").read_bytes()
    assert main(["path", "plan", "--cuda", cuda, "--target", "profile", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["nothing_to_do"]
    assert main(["path", "history", "--json"]) == 0
    history = json.loads(capsys.readouterr().out)
    assert [c["change_id"] for c in history["changes"]] == [applied["change_id"]]
    assert history["changes"][0]["status"] == "applied"
    assert main(["path", "undo", "latest", "--yes"]) == 0
    assert (home / ".bashrc").read_bytes() == b"# mine\n" and not (home / ".profile").exists()
    capsys.readouterr()
    assert main(["path", "undo", "latest", "--yes"]) == 1
    assert "no applied change" in capsys.readouterr().err


def test_path_undo_after_an_outside_change_asks_and_does_not_clobber(home, cuda, capsys):
    assert main(["path", "apply", "--cuda", cuda, "--target", "profile", "--yes"]) == 0
    edited = (home / ".bashrc").read_bytes() + b"export MINE=1\n"
    (home / ".bashrc").write_bytes(edited)
    capsys.readouterr()
    assert main(["path", "undo", "--yes"]) == 1
    err = capsys.readouterr().err
    assert "changed since" in err.lower() and "--keep-outside-changes" in err
    assert (home / ".bashrc").read_bytes() == edited
    assert main(["path", "undo", "--keep-outside-changes"]) == 0
    assert (home / ".bashrc").read_bytes() == b"# mine\nexport MINE=1\n"


def test_path_refusals_are_clear(home, capsys, tmp_path):
    assert main(["path", "plan", "--cuda", str(tmp_path / "nowhere"), "--target", "profile"]) == 1
    assert "None of the folders to add exists" in capsys.readouterr().out
    assert main(["path", "plan", "--cuda", str(tmp_path), "--target", "user"]) == 1
    assert "--target profile" in capsys.readouterr().out


def test_memory_snippet_and_options(capsys):
    assert main(["memory", "snippet", "--mode", "limit", "1024"]) == 0
    captured = capsys.readouterr()
    assert "MEMORY_LIMIT_MIB = 1024" in captured.out and "Why first" in captured.err
    assert main(["memory", "snippet", "--mode", "limit"]) == 2
    assert main(["memory", "snippet", "--mode", "turbo"]) == 2
    assert main(["memory"]) == 0
    assert "TF_FORCE_GPU_ALLOW_GROWTH" in capsys.readouterr().out


def test_memory_apply_and_undo(home, capsys):
    assert main(["memory", "apply", "--mode", "growth", "--target", "profile", "--yes"]) == 0
    assert b"export TF_FORCE_GPU_ALLOW_GROWTH=true\n" in (home / ".bashrc").read_bytes()
    assert main(["memory", "apply", "--mode", "limit", "512", "--target", "profile", "--yes"]) == 1
    assert "no environment variable" in capsys.readouterr().out
    assert main(["memory", "undo", "--yes"]) == 0
    assert (home / ".bashrc").read_bytes() == b"# mine\n"


@pytest.mark.slow
def test_memory_check_json_contract_here(capsys):
    assert main(["memory", "check", "--env", sys.executable, "--json"]) == 1  # nothing measured
    document = json.loads(capsys.readouterr().out)
    assert set(document) == CONTRACT
    assert document["env"] == sys.executable and document["gpu_available"] is False
    assert document["measured"] is None and "no GPU" in document["reason"]
