"""The agents are standalone files run inside the user's Python: they import nothing from tfgpu,
parse under Python 3.7, and the helpers copied between them stay identical (a fix to one copy must
reach every copy). Plus the launcher: a private temporary folder, removed after every run."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import pyenv_python
from tfgpu.core.host import RealHost, agents
from tfgpu.core.host.agents import agent_env, agent_file, agent_source_dir, run_agent

AGENTS = sorted(p for p in agent_source_dir().glob("*.py") if p.name != "__init__.py")
#: Top-level names every agent may define in its own way (its entry point, its own job).
OWN = {"main"}


def _definitions(path: Path) -> dict[str, str]:
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    return {node.name: ast.get_source_segment(source, node) or "" for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.ClassDef))}


def test_there_are_agents():
    assert {p.name for p in AGENTS} >= {"tf_probe.py", "bench.py"}


@pytest.mark.parametrize("path", AGENTS, ids=lambda p: p.name)
def test_agent_imports_nothing_from_tfgpu(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
            [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        assert not any(n.split(".")[0] == "tfgpu" for n in names), f"{path.name} imports {names}"
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: relative import"


@pytest.mark.parametrize("path", AGENTS, ids=lambda p: p.name)
def test_agent_parses_under_python_37(path):
    out = subprocess.run([pyenv_python("3.7"), "-I", "-c", f"import ast; ast.parse(open({str(path)!r}).read())"],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr


def test_helpers_shared_between_agents_are_identical():
    seen: dict[str, tuple[str, str]] = {}
    shared = 0
    for path in AGENTS:
        for name, source in _definitions(path).items():
            if name in OWN:
                continue
            if name in seen:
                shared += 1
                first, body = seen[name]
                assert source == body, f"{name} differs between {first} and {path.name}: copy one to the other"
            else:
                seen[name] = (path.name, source)
    assert shared >= 5  # Channel, windows_redirect, leave, jsonable, error_text, python_facts...


def test_each_run_gets_a_private_temp_folder_that_is_removed(tmp_path, monkeypatch):
    (tmp_path / "where.py").write_text("import os, tempfile; print(tempfile.gettempdir()); print(os.environ['TMPDIR'])\n")
    monkeypatch.setattr(agents, "agent_source_dir", lambda: tmp_path)  # the launcher runs this script
    result = run_agent(RealHost(), sys.executable, "where.py", timeout=30)
    first, second = result.stdout.split()
    assert first == second and Path(first).name.startswith("tfgpu-agent-")
    assert not Path(first).exists()


def test_agent_file_is_a_real_file():
    with agent_file("tf_probe.py") as path:
        assert path.is_file() and path.read_text(encoding="utf-8").startswith('"""')


def test_conda_environment_gets_the_activate_path(linux_host):
    linux_host.mkdir("/opt/conda/envs/tf/conda-meta")
    env, folders = agent_env(linux_host, "/opt/conda/envs/tf/bin/python", {"X": "1"})
    assert folders == ["/opt/conda/envs/tf/bin"]
    assert env["PATH"].startswith("/opt/conda/envs/tf/bin:") and env["X"] == "1"
    assert env["PYTHONIOENCODING"] == "utf-8"
