"""``tfgpu install`` as a command: the dry-run plan and its JSON, refusals with their exit codes, and
nothing started without consent."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import pyenv_python
from tfgpu.core.cli import main
from tfgpu.core.install import store


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data" / "install"


def test_dry_run_prints_the_steps_as_json_and_changes_nothing(tmp_path, capsys):
    python = pyenv_python("3.11")
    target = tmp_path / "env"
    assert main(["install", "--route", "cpu", "--target", str(target), "--python", python, "--dry-run", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    plan = document["plan"]
    assert document["dry_run"] is True and plan["schema_version"] == "1.0" and plan["route"] == "cpu"
    assert plan["target"] == str(target) and plan["python"] == str(target / "bin" / "python")
    steps = plan["steps"]
    assert [s["step_id"] for s in steps] == ["create-venv", "upgrade-pip", "install-tensorflow"]
    assert steps[0]["argv"] == [python, "-m", "venv", str(target)]
    assert steps[2]["argv"][-3:] == ["--progress-bar", "raw", "tensorflow"]
    for step in steps:
        assert set(step) >= {"title", "why", "command", "needs_admin", "needs_reboot", "check"}
        assert shlex.split(step["command"]) == step["argv"] and not step["needs_admin"]
        assert step["check"]["argv"][0] == str(target / "bin" / "python")
    assert not target.exists() and store.load_records() == []


def test_dry_run_text_shows_every_command(tmp_path, capsys):
    assert main(["install", "--route", "cpu", "--target", str(tmp_path / "e"), "--python", pyenv_python("3.11"),
                 "--dry-run"]) == 0
    text = capsys.readouterr().out
    assert "1. Create a new virtual environment" in text and "$ " in text and "check:" in text


def test_a_non_empty_foreign_target_is_refused_with_exit_2(tmp_path, capsys):
    (tmp_path / "work").mkdir()
    (tmp_path / "work" / "thesis.tex").write_text("keep me")
    code = main(["install", "--route", "cpu", "--target", str(tmp_path / "work"), "--python", pyenv_python("3.11"),
                 "--yes"])
    assert code == 2 and "not empty" in capsys.readouterr().err
    assert (tmp_path / "work" / "thesis.tex").read_text() == "keep me" and store.load_records() == []


def test_a_system_interpreter_as_target_is_refused(capsys):
    python = pyenv_python("3.11")
    code = main(["install", "--route", "cpu", "--target", str(Path(python).parent.parent), "--python", python, "--yes"])
    assert code == 2 and "existing Python installation" in capsys.readouterr().err


def test_remove_refuses_a_folder_the_app_did_not_create(tmp_path, capsys):
    (tmp_path / "data-folder").mkdir()
    (tmp_path / "data-folder" / "results.csv").write_text("1,2,3")
    assert main(["install", "--remove", str(tmp_path / "data-folder"), "--yes", "--json"]) == 2
    document = json.loads(capsys.readouterr().out)
    assert document == {"schema_version": "1.0", "removed": False, "path": str(tmp_path / "data-folder"),
                        "message": document["message"]} and "refused" in document["message"]
    assert (tmp_path / "data-folder" / "results.csv").exists()


def test_without_yes_and_without_a_terminal_nothing_starts(tmp_path):
    """A script that forgot --yes gets a clear refusal, not a hang on a question nobody sees."""
    done = subprocess.run([sys.executable, "-m", "tfgpu.core.cli", "install", "--route", "cpu", "--target",
                           str(tmp_path / "env"), "--python", pyenv_python("3.11")],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "add --yes" in done.stderr and not (tmp_path / "env").exists()


def test_conda_route_on_linux_cannot_start_and_says_why(capsys):
    assert main(["install", "--route", "windows-native-tf210", "--dry-run"]) == 1
    assert "for Windows only" in capsys.readouterr().out
