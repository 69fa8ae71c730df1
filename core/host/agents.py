"""Running a standalone agent script inside a target Python: the one place that knows how.

Agents (``core/agents/*.py``) are single files that use only the stdlib and TensorFlow, with
Python 3.7 syntax, run by path. The target interpreter does not have tfgpu installed, so the
file is handed over as a real path, also from a zipped wheel or a frozen (PyInstaller) app.
Every run gets the user's environment, UTF-8 stdio, the PATH ``conda activate`` would give a
conda environment (its DLLs live there), and a private temporary folder that is removed after
(TF's autograph writes files there). The scan and the benchmark both start agents through
:func:`run_agent`.
"""

from __future__ import annotations

import contextlib
import importlib.resources
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from packaging.version import Version

from tfgpu.core.host.base import Host
from tfgpu.core.host.process import CommandResult, LineCallback

#: The agents' own floor (their syntax), not a TensorFlow fact.
MIN_AGENT_PYTHON = Version("3.7")
AGENT_PACKAGE = "tfgpu.core.agents"
_TEMP_VARIABLES = ("TMPDIR", "TMP", "TEMP")


def agent_source_dir() -> Path:
    """Where the agent files lie: next to this package in a source tree or an unzipped install,
    and under the bundle folder in a frozen app (``installer/build.py`` ships them as plain files)."""
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "tfgpu" / "core" / "agents"
    return Path(__file__).resolve().parent.parent / "agents"


@contextlib.contextmanager
def agent_file(name: str) -> Iterator[Path]:
    """The agent ``name`` (e.g. ``"tf_probe.py"``) as a real file for the duration of the block."""
    fallback = agent_source_dir() / name
    if fallback.is_file():
        yield fallback
        return
    try:
        manager: contextlib.AbstractContextManager = importlib.resources.as_file(
            importlib.resources.files(AGENT_PACKAGE) / name)
    except (ModuleNotFoundError, TypeError):
        manager = contextlib.nullcontext(fallback)
    with manager as path:
        yield Path(path)


def conda_path_entries(host: Host, python: str) -> list[str]:
    """What ``conda activate`` puts in front of PATH, when ``python`` is a conda environment's."""
    path = host.platform.pathmod
    folder = path.dirname(python)
    if host.platform.is_windows:
        prefix = folder  # <prefix>\python.exe
    elif path.basename(folder) == "bin":
        prefix = path.dirname(folder)  # <prefix>/bin/python
    else:
        return []
    if not prefix or not host.files.is_dir(path.join(prefix, "conda-meta")):
        return []
    if not host.platform.is_windows:
        return [path.join(prefix, "bin")]
    library = path.join(prefix, "Library")
    return [prefix, path.join(library, "mingw-w64", "bin"), path.join(library, "usr", "bin"),
            path.join(library, "bin"), path.join(prefix, "Scripts"), path.join(prefix, "bin")]


def agent_env(host: Host, python: str, extra: Mapping[str, str] | None = None) -> tuple[dict[str, str], list[str]]:
    """The agent's environment and the conda folders prepended to its PATH (empty when none)."""
    env = dict(host.env)
    env["PYTHONIOENCODING"] = "utf-8"
    env.update(extra or {})
    folders = conda_path_entries(host, python)
    if folders:
        windows = host.platform.is_windows
        key = next((k for k in env if k.upper() == "PATH"), "PATH") if windows else "PATH"
        sep = ";" if windows else ":"
        env[key] = sep.join([*folders, env[key]] if env.get(key) else folders)
    return env, folders


def run_agent(
    host: Host,
    python: str,
    name: str,
    args: Sequence[str] = (),
    *,
    timeout: float,
    env_extra: Mapping[str, str] | None = None,
    env: Mapping[str, str] | None = None,
    cancel: threading.Event | None = None,
    on_stdout_line: LineCallback | None = None,
) -> CommandResult:
    """Run agent ``name`` in ``python`` and return what it left behind (never raises).

    No ``-I``: the user site (``pip install --user``), PYTHONPATH and PYTHONIOENCODING must apply.
    ``env`` (from :func:`agent_env`) is used as is; otherwise it is built here with ``env_extra``.
    """
    if env is None:
        env, _ = agent_env(host, python, env_extra)
    temp = _private_temp()
    run_env = dict(env)
    if temp is not None:
        run_env.update({variable: str(temp) for variable in _TEMP_VARIABLES})
        run_env["TFGPU_AGENT_TEMP"] = str(temp)  # the agent removes it if tfgpu dies first (watch_parent)
    try:
        with agent_file(name) as path:
            return host.run([python, str(path), *args], timeout, env=run_env, cancel=cancel,
                            on_stdout_line=on_stdout_line)
    finally:
        if temp is not None:
            shutil.rmtree(temp, ignore_errors=True)


def looks_too_old(stderr: str, agent_name: str | None = None) -> bool:
    """A Python too old for the agents' syntax dies with a SyntaxError naming the agent file."""
    return "SyntaxError" in stderr and (agent_name is None or agent_name in stderr)


def _private_temp() -> Path | None:
    try:
        return Path(tempfile.mkdtemp(prefix="tfgpu-agent-"))
    except OSError:  # no writable temp folder: the agent uses the system one
        return None
