"""The commands fix steps show, each built from arguments with :mod:`tfgpu.core.shell`.

Values in a :class:`~tfgpu.core.findings.fixes.FixContext` may come from text the user pasted or
from a saved scan someone sent, so none of them is ever pasted into a command string:

- every value is one quoted argument (bash: ``shlex.quote``; PowerShell: a single-quoted literal);
- a value written into a file that a shell reads later (``~/.bashrc``) is quoted a second time;
- a version goes into a package spec only when it reads as a version;
- a folder that is not :func:`~tfgpu.core.shell.is_plain` gets no command at all (the caller
  shows it as text).

``None`` from a builder means "no safe command": the step keeps its words and loses its command.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tfgpu.core.shell import (
    Shell,
    UnsafeText,
    Verbatim,
    bash_assignment,
    chain,
    command,
    has_control_characters,
    is_plain,
    powershell_quote,
)
from tfgpu.core.versions import parse

#: Where the recommended new virtual environment lives (our own syntax: the shell expands ``~``).
HOME_VENV = Verbatim("~/tf")
HOME_VENV_PYTHON = Verbatim("~/tf/bin/python")
BASH_PROFILE = Verbatim("~/.bashrc")
LD_SO_CONF = "/etc/ld.so.conf.d/tfgpu-cuda.conf"
_VERSION_TEXT = re.compile(r"[0-9][0-9A-Za-z.+!-]*")
_LINE = "%s\\n"  # printf's format (a backslash and n): the argument, then a newline
_GPU_CHECK = "import tensorflow as tf; print(tf.config.list_physical_devices({quote}GPU{quote}))"


def safe_version(text: object) -> str | None:
    """``text`` when it is a version (``2.15.1``, ``11.2``, ``8.1.0``) that can sit in a package spec."""
    if text is None:
        return None
    value = str(text).strip()
    if not _VERSION_TEXT.fullmatch(value) or parse(value) is None:
        return None
    return value


def python_program(python_exe: str | None, shell: Shell) -> str:
    """The interpreter to run: the environment's own, else ``python`` (Windows) / ``python3``."""
    if python_exe and not has_control_characters(python_exe):
        return python_exe  # a path from the scan: always quoted (see pip, gpu_check)
    return Verbatim("python" if shell is Shell.POWERSHELL else "python3")  # our own constant, left bare


def run(argv: Sequence[str], shell: Shell, *, bare_program: bool = True) -> str | None:
    """One command; None when an argument cannot be quoted for ``shell`` (a control character).
    ``bare_program=False`` when the program comes from outside (a scanned interpreter's path)."""
    try:
        return command(list(argv), shell, bare_program=bare_program, bare_words=True)
    except UnsafeText:
        return None


def pip(python_exe: str | None, shell: Shell, verb: str, *specs: str) -> str | None:
    """``python -m pip install|uninstall -y ...`` with the environment's own interpreter."""
    extra = ["-y"] if verb == "uninstall" else []
    return run([python_program(python_exe, shell), "-m", "pip", verb, *extra, *specs], shell, bare_program=False)


def gpu_check(program: str, shell: Shell) -> str | None:
    """``python -c "...list_physical_devices('GPU')"``. The code's own quotes differ per shell:
    Windows PowerShell 5.1 drops embedded double quotes when it starts a program."""
    code = _GPU_CHECK.format(quote="'" if shell is Shell.POWERSHELL else '"')
    return run([program, "-c", code], shell, bare_program=False)


def conda_install(shell: Shell, *specs: str) -> str | None:
    return run(["conda", "install", "-c", "conda-forge", *specs], shell)


def new_home_venv(python: str) -> str | None:
    """``<python> -m venv ~/tf`` (bash)."""
    return run([python, "-m", "venv", HOME_VENV], Shell.BASH)


def wsl_venv_and_install(spec: str) -> str | None:
    """Inside WSL/Linux: the venv package, a venv in ~/tf, TensorFlow into it (bash)."""
    parts = [run(["sudo", "apt", "update"], Shell.BASH), run(["sudo", "apt", "install", "-y", "python3-venv"], Shell.BASH),
             run(["python3", "-m", "venv", HOME_VENV], Shell.BASH),
             run([HOME_VENV_PYTHON, "-m", "pip", "install", spec], Shell.BASH)]
    return None if None in parts else chain([p for p in parts if p], Shell.BASH)


def windows_tf210_conda() -> str:
    """A Python 3.10 conda environment with CUDA 11.2, cuDNN 8.1 and TensorFlow 2.10 (PowerShell)."""
    shell = Shell.POWERSHELL
    parts = [command(["conda", "create", "-n", "tf210", "python=3.10", "-y"], shell, bare_program=True, bare_words=True),
             command(["conda", "activate", "tf210"], shell, bare_program=True, bare_words=True),
             command(["conda", "install", "-c", "conda-forge", "cudatoolkit=11.2", "cudnn=8.1.0", "-y"], shell,
                     bare_program=True, bare_words=True),
             command(["python", "-m", "pip", "install", "tensorflow<2.11", "numpy<2"], shell, bare_program=True, bare_words=True)]
    return "; ".join(parts)


# -- a library folder onto the search path -------------------------------------------------


def ld_library_path_commands(folder: str) -> tuple[str, str] | None:
    """(for this shell and ~/.bashrc, for every user via ld.so.conf) or None when the folder is not
    plain text (it is then shown as text only). The profile line is quoted twice: once as the value
    of the assignment, once as the argument that writes the line into the file."""
    if not is_plain(folder) or not folder.startswith("/"):
        return None
    profile = "\n".join(profile_lines(folder))
    register = None
    if not re.search(r"\s", folder):  # ld.so.conf splits a line at blanks
        write = command(["printf", _LINE, folder], Shell.BASH)
        tee = command(["sudo", "tee", LD_SO_CONF], Shell.BASH)
        register = chain([f"{write} | {tee}", command(["sudo", "ldconfig"], Shell.BASH)], Shell.BASH)
    return profile, register or ""


def profile_lines(folder: str) -> tuple[str, str]:
    """``export LD_LIBRARY_PATH='folder'"${...}"`` and the command that appends that line to ~/.bashrc.
    Any folder (control characters aside) stays one literal here; :func:`ld_library_path_commands`
    also refuses what is not plain."""
    line = bash_assignment("LD_LIBRARY_PATH", folder, prepend_to="LD_LIBRARY_PATH")
    return line, f"{command(['printf', _LINE, line], Shell.BASH)} >> {BASH_PROFILE}"


def windows_user_path_command(folder: str) -> str | None:
    """Append ``folder`` to the user PATH (HKCU) through .NET: reads the user PATH only (``setx`` would
    truncate it and copy the system PATH in). None when the folder is not plain text."""
    if not is_plain(folder):
        return None
    value = powershell_quote(folder)
    return ("$user = [Environment]::GetEnvironmentVariable('Path', 'User'); "
            "$parts = @(($user -split ';') | Where-Object { $_ }) + " + value + "; "
            "[Environment]::SetEnvironmentVariable('Path', ($parts -join ';'), 'User')")
