"""Where a setting can live, and the file edits that put it there.

- ``profile`` (Linux): one marked block in the files bash and zsh read: ``~/.bashrc``, the login
  file bash reads (``~/.bash_profile``, ``~/.bash_login`` or ``~/.profile``, the first that
  exists) and ``~/.zshrc`` for zsh users.
- ``venv``: a marked block in the environment's activate scripts (bash/zsh, PowerShell, cmd).
- ``conda``: plain variables in ``conda-meta/state`` (what ``conda env config vars set`` writes,
  restored by ``conda deactivate``); search-path folders in an ``etc/conda/activate.d`` script with
  its ``deactivate.d`` pair.
- ``user`` (Windows): ``HKCU\\Environment`` (see :mod:`.planner`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from tfgpu.core.configure import blocks
from tfgpu.core.configure.blocks import EnvSettings
from tfgpu.core.configure.model import FileEdit
from tfgpu.core.host import Host, getenv
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.shell import UnsafeText

# The line a script's own tail starts with: our block goes before it.
_BAT_TAIL = re.compile(r"^:END\s*$", re.I)
_PS1_SIGNATURE = re.compile(r"^# SIG # Begin signature block")
CONDA_STATE = ("conda-meta", "state")


class TargetProblem(Exception):
    """A target that cannot take this setting; ``words`` says why, for the user."""

    def __init__(self, words: TrText) -> None:
        super().__init__(str(words))
        self.words = words


MAX_FILE_BYTES = 16 * 1024 * 1024


def read_file(host: Host, path: str) -> bytes | None:
    """A file configure may change: a regular file (a link to one is followed), bounded; a FIFO or
    device is a problem, never a read that blocks."""
    import os
    import stat

    local = host.files.local(path)
    try:
        info = os.stat(local)
        if not stat.S_ISREG(info.st_mode):
            raise TargetProblem(TrText(QT_TRANSLATE_NOOP("core", "{file} is not a regular file, so it is left alone."),
                                       file=path))
        if info.st_size > MAX_FILE_BYTES:
            raise TargetProblem(TrText(QT_TRANSLATE_NOOP("core", "{file} is too large to be a settings file."),
                                       file=path))
        return local.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise TargetProblem(TrText(QT_TRANSLATE_NOOP("core", "{file} cannot be read: {error}"),
                                   file=path, error=str(exc))) from exc


def home(host: Host) -> str:
    return getenv(host, "HOME") or host.platform.home


def profile_files(host: Host) -> list[str]:
    join = host.platform.pathmod.join
    base = home(host)
    login = next((join(base, n) for n in (".bash_profile", ".bash_login", ".profile")
                  if host.files.is_file(join(base, n))), join(base, ".profile"))
    files = [join(base, ".bashrc"), login]
    zshrc = join(base, ".zshrc")
    if host.files.is_file(zshrc) or getenv(host, "SHELL").endswith("zsh"):
        files.append(zshrc)
    return files


def env_prefix(host: Host, python: str) -> str:
    """The environment folder of an interpreter (``<prefix>/bin/python``, ``<prefix>\\python.exe``,
    ``<prefix>\\Scripts\\python.exe``)."""
    path = host.platform.pathmod
    folder = path.dirname(python)
    if path.basename(folder).lower() in ("bin", "scripts"):
        return path.dirname(folder)
    return folder


def is_conda(host: Host, prefix: str) -> bool:
    return host.files.is_dir(host.platform.pathmod.join(prefix, "conda-meta"))


def is_venv(host: Host, prefix: str) -> bool:
    return host.files.is_file(host.platform.pathmod.join(prefix, "pyvenv.cfg"))


# -- the edits per target ----------------------------------------------------------------------------


def file_edits(host: Host, topic: str, target: str, prefix: str | None, settings: EnvSettings) -> list[FileEdit]:
    """The edits that put ``settings`` into a file-based target; [] when they are there already.
    Raises TargetProblem when the target cannot take them."""
    try:
        if target == "profile":
            return _profile(host, topic, settings)
        if prefix is None:
            raise TargetProblem(TrText(QT_TRANSLATE_NOOP("core", "Choose the Python environment (--env PY) first.")))
        if target == "venv":
            return _venv(host, topic, prefix, settings)
        if target == "conda":
            return _conda(host, topic, prefix, settings)
    except UnsafeText as exc:
        raise TargetProblem(TrText(QT_TRANSLATE_NOOP("core", "This value cannot be written safely here: {error}"),
                                   error=str(exc))) from exc
    raise TargetProblem(TrText(QT_TRANSLATE_NOOP("core", "Unknown target {target}."), target=target))


def _block_edit(host: Host, path: str, topic: str, lines: list[str], syntax: blocks.Syntax,
                before=None) -> FileEdit | None:
    old = read_file(host, path)
    text = blocks.decode(old)
    new = blocks.encode(blocks.put_block(text, topic, lines, syntax, before=before))
    return None if new == old else FileEdit(path, old, new, f"{topic}:{syntax.comment}")


def _profile(host: Host, topic: str, settings: EnvSettings) -> list[FileEdit]:
    if host.platform.is_windows:
        raise TargetProblem(TrText(QT_TRANSLATE_NOOP(
            "core", "Windows has no shell profile for this: use the user environment (--target user).")))
    body = blocks.posix_body(settings)
    return [e for e in (_block_edit(host, f, topic, body, blocks.POSIX) for f in profile_files(host)) if e]


def _venv(host: Host, topic: str, prefix: str, settings: EnvSettings) -> list[FileEdit]:
    join = host.platform.pathmod.join
    if not is_venv(host, prefix):
        raise TargetProblem(TrText(QT_TRANSLATE_NOOP("core", "{folder} is not a venv (it has no pyvenv.cfg)."),
                                   folder=prefix))
    scripts: list[tuple[str, Callable[[], list[str]], blocks.Syntax, re.Pattern | None]]
    if host.platform.is_windows:
        folder = join(prefix, "Scripts")
        scripts = [(join(folder, "activate.bat"), lambda: blocks.cmd_body(settings), blocks.CMD, _BAT_TAIL),
                   (join(folder, "Activate.ps1"), lambda: blocks.powershell_body(settings), blocks.POWERSHELL,
                    _PS1_SIGNATURE),
                   (join(folder, "activate"), lambda: blocks.posix_body(settings), blocks.POSIX, None)]
    else:
        scripts = [(join(prefix, "bin", "activate"), lambda: blocks.posix_body(settings), blocks.POSIX, None)]
    present = [s for s in scripts if host.files.is_file(s[0])]
    if not present:
        raise TargetProblem(TrText(QT_TRANSLATE_NOOP("core", "{folder} has no activate script."), folder=prefix))
    edits = [_block_edit(host, path, topic, body(), syntax, before) for path, body, syntax, before in present]
    return [e for e in edits if e]


def _conda(host: Host, topic: str, prefix: str, settings: EnvSettings) -> list[FileEdit]:
    join = host.platform.pathmod.join
    if not is_conda(host, prefix):
        raise TargetProblem(TrText(QT_TRANSLATE_NOOP("core", "{folder} is not a conda environment (no conda-meta)."),
                                   folder=prefix))
    edits: list[FileEdit] = []
    if settings.assign:
        edit = _conda_state(host, join(prefix, *CONDA_STATE), dict(settings.assign))
        if edit is not None:
            edits.append(edit)
    if settings.prepend:
        only_paths = EnvSettings(prepend=settings.prepend)
        header = "# Added by TF GPU Assistant (tfgpu {topic} undo removes it)."
        kinds = [("sh", "#", blocks.posix_save, blocks.posix_body, blocks.posix_restore)]
        if host.platform.is_windows:
            kinds = [("bat", "rem", blocks.cmd_save, blocks.cmd_body, blocks.cmd_restore),
                     ("ps1", "#", blocks.powershell_save, blocks.powershell_body, blocks.powershell_restore)]
        for ext, comment, save, body, restore in kinds:
            first = ("@" if ext == "bat" else "") + header.replace("#", comment, 1).format(topic=topic)
            for stage, lines in (("activate", save(only_paths) + body(only_paths)), ("deactivate", restore(only_paths))):
                path = join(prefix, "etc", "conda", f"{stage}.d", f"tfgpu-{topic}.{ext}")
                old = read_file(host, path)
                nl = "\r\n" if ext in ("bat", "ps1") else "\n"
                new = blocks.encode(nl.join([first, *lines]) + nl)
                if new != old:
                    edits.append(FileEdit(path, old, new))
    return edits


def _conda_state(host: Host, path: str, values: dict[str, str]) -> FileEdit | None:
    """``conda-meta/state`` with ``env_vars`` set, every other key kept."""
    old = read_file(host, path)
    try:
        state = json.loads(old.decode("utf-8")) if old else {}
    except (UnicodeDecodeError, ValueError) as exc:
        raise TargetProblem(TrText(QT_TRANSLATE_NOOP(
            "core", "{file} is not valid JSON, so it is left alone: {error}"), file=path, error=str(exc))) from exc
    if not isinstance(state, dict) or not isinstance(state.get("env_vars", {}), dict):
        raise TargetProblem(TrText(QT_TRANSLATE_NOOP("core", "{file} is not in the format conda writes."), file=path))
    env_vars = dict(state.get("env_vars", {}))
    if all(env_vars.get(k) == v for k, v in values.items()):
        return None
    env_vars.update(values)
    state["env_vars"] = env_vars
    return FileEdit(path, old, json.dumps(state, indent=2).encode("utf-8") + b"\n")
