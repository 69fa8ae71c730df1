"""The built wheel: everything under tfgpu/, the agent and data files shipped, both entry points."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    had_build = (REPO / "build").exists()
    try:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(REPO)],
            check=True,
            capture_output=True,
            timeout=300,
        )
    finally:
        if not had_build:  # setuptools builds in the checkout's build/: leave the tree as it was
            shutil.rmtree(REPO / "build", ignore_errors=True)
    (built,) = out.glob("tfgpu_assistant-*.whl")
    return zipfile.ZipFile(built)


def test_nothing_bare_lands_in_site_packages(wheel: zipfile.ZipFile):
    tops = {name.split("/")[0] for name in wheel.namelist()}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"tfgpu"}


def test_the_agent_and_package_data_are_shipped(wheel: zipfile.ZipFile):
    names = set(wheel.namelist())
    assert "tfgpu/core/agents/tf_probe.py" in names
    assert "tfgpu/core/probes/driver.py" in names
    assert "tfgpu/gui/app.py" in names
    assert "tfgpu/resources/kb/cudnn_windows.json" in names
    assert any(n.startswith("tfgpu/resources/i18n/") and n.endswith(".qm") for n in names)
    assert not any("/tests/" in n or n.startswith("tests/") for n in names)


def test_console_and_gui_entry_points(wheel: zipfile.ZipFile):
    (entry_points,) = [n for n in wheel.namelist() if n.endswith(".dist-info/entry_points.txt")]
    text = wheel.read(entry_points).decode()
    console = text.split("[console_scripts]")[1].split("[")[0]
    gui = text.split("[gui_scripts]")[1].split("[")[0]
    assert "tfgpu = tfgpu.entry:main" in console  # the composition root (the CLI never imports the GUI)
    assert "tfgpu-assistant = tfgpu.gui.app:main" in gui


def test_tensorflow_is_only_an_extra(wheel: zipfile.ZipFile):
    (metadata,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    requires = [line for line in wheel.read(metadata).decode().splitlines() if line.startswith("Requires-Dist:")]
    tf = [line for line in requires if line.split()[1].startswith("tensorflow")]
    assert tf and all('extra == "tensorflow"' in line for line in tf)
    pyside = [line for line in requires if "PySide6" in line]
    assert pyside and "!=6.12.0" in pyside[0]


def test_every_source_module_and_kb_file_is_in_the_wheel(wheel: zipfile.ZipFile):
    """A package left out of pyproject's list would vanish from installs (a page silently skipped)."""
    names = set(wheel.namelist())
    for top in ("core", "gui"):
        for source in (REPO / top).rglob("*.py"):
            if "__pycache__" in source.parts:
                continue
            if source.parent == REPO / "core" / "_entry":  # mapped to the top-level package tfgpu
                assert f"tfgpu/{source.name}" in names, source
                continue
            assert f"tfgpu/{source.relative_to(REPO).as_posix()}" in names, source
    for data in (REPO / "resources" / "kb").glob("*.json"):
        assert f"tfgpu/resources/kb/{data.name}" in names, data


def test_python_m_tfgpu_is_in_the_wheel(wheel: zipfile.ZipFile):
    """`py -m tfgpu` / `pyw -m tfgpu`: the fallback when pip's Scripts folder is not on PATH."""
    names = set(wheel.namelist())
    assert {"tfgpu/__init__.py", "tfgpu/__main__.py"} <= names
    assert not any(n.startswith("tfgpu/core/_entry") for n in names)


@pytest.mark.posix
def test_python_m_tfgpu_runs_the_cli_from_an_installed_wheel(wheel: zipfile.ZipFile, tmp_path):
    """The wheel unpacked on its own (no checkout on sys.path): `python -m tfgpu` is the tfgpu command."""
    site = tmp_path / "site"
    wheel.extractall(site)
    env = {"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    version = subprocess.run([sys.executable, "-m", "tfgpu", "--version"], capture_output=True, text=True,
                             cwd=tmp_path, env=env, timeout=60)
    assert version.returncode == 0 and version.stdout.startswith("tfgpu "), version.stderr
    scan = subprocess.run([sys.executable, "-m", "tfgpu", "scan", "--json", "--no-tf"], capture_output=True,
                          text=True, cwd=tmp_path, env=env, timeout=120)
    assert scan.returncode == 0 and '"schema_version"' in scan.stdout, scan.stderr[-2000:]
    imported = subprocess.run([sys.executable, "-c", "import tfgpu.core.cli, tfgpu.gui, tfgpu;"
                               "print(tfgpu.core.cli.__file__)"], capture_output=True, text=True, cwd=tmp_path,
                              env=env, timeout=60)
    assert imported.stdout.strip().startswith(str(site)), imported.stderr


def test_python_m_tfgpu_in_the_editable_install():
    """The checkout's own venv is an editable install: the same entry point works from any folder."""
    out = subprocess.run([sys.executable, "-m", "tfgpu", "--version"], capture_output=True, text=True,
                         cwd="/", timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("tfgpu "), out.stderr
