"""What keeps an install from touching anything it did not create.

- A target must be new or empty: an existing folder with files, and above all an existing Python
  (a venv, a conda env, a system install), is refused before anything runs.
- Before pip runs, the interpreter must belong to the environment this install created: its
  ``sys.prefix`` is the target and it is a venv or conda env, never a base interpreter; a base that
  carries PEP 668's ``EXTERNALLY-MANAGED`` marker is refused as well (pip would be told to break it).
- A target that holds shell syntax (CVE-2024-9287: venv's activate runs ``$(…)`` in its own path) or is
  a link is refused up front.
- ``remove_environment`` deletes only folders in the registry that carry their marker, with the
  device and inode they had when it was written; never across a mount point, never through a link.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from tfgpu.core.findings.model import Finding
from tfgpu.core.host import Host
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.install import store
from tfgpu.core.install.failures import no_disk_space, refusal
from tfgpu.core.install.steps import GUARD_SCRIPT

#: Files that say a folder is a Python installation or environment.
_PYTHON_SIGNS = ("pyvenv.cfg", "conda-meta", "python.exe", "bin/python", "bin/python3", "Scripts/python.exe",
                 "Lib/site-packages", "EXTERNALLY-MANAGED")


def is_python_home(host: Host, folder: str) -> bool:
    join = host.platform.pathmod.join
    if any(host.files.exists(join(folder, *sign.split("/"))) for sign in _PYTHON_SIGNS):
        return True
    lib = join(folder, "lib")
    return any(name.startswith("python") and host.files.exists(join(lib, name, "os.py"))
               for name in host.files.listdir(lib))


def check_target(host: Host, target: str, location: str = "local") -> Finding | None:
    """None when ``target`` may receive a new environment; otherwise why not (nothing is changed)."""
    if location != "local":
        return None  # inside WSL: `python3 -m venv` on a new name in the home folder
    if not target:
        return refusal(TrText(QT_TRANSLATE_NOOP("core", "No target folder was given.")))
    unsafe = shell_syntax(target, host.platform.is_windows)
    if unsafe:
        return refusal(TrText(QT_TRANSLATE_NOOP(
            "core", "{target} holds {chars}, which a shell reads as syntax: a venv's activate script made from "
                    "it could run a command (CVE-2024-9287). Choose a folder name without them."),
            target=target, chars=" ".join(unsafe)), {"target": target})
    if host.files.is_file(target):
        detail = (QT_TRANSLATE_NOOP("core", "{target} is a Python interpreter. tfgpu installs only into new "
                                            "environments it creates, never into an existing Python.")
                  if "python" in host.platform.pathmod.basename(target).lower()
                  else QT_TRANSLATE_NOOP("core", "{target} is a file, not a folder."))
        return refusal(TrText(detail, target=target), {"target": target})
    try:
        is_link = os.path.islink(host.files.local(target))
    except (OSError, ValueError):
        is_link = False
    if is_link:
        return refusal(TrText(QT_TRANSLATE_NOOP(
            "core", "{target} is a link: tfgpu creates environments only in real folders (removing one later must "
                    "never follow a link). Give the folder it points to, or a new name."), target=target),
            {"target": target})
    if not host.files.is_dir(target) or not host.files.listdir(target):
        return None
    record = store.find_record(target) if location == "local" else None
    if record is not None:
        return refusal(TrText(QT_TRANSLATE_NOOP(
            "core", "{target} holds an environment tfgpu created earlier ({status}). Remove it first "
                    "(tfgpu install --remove), or choose another folder."),
            target=target, status=record.status), {"target": target})
    if is_python_home(host, target):
        return refusal(TrText(QT_TRANSLATE_NOOP(
            "core", "{target} is an existing Python installation or environment. tfgpu installs only into new "
                    "environments it creates, never into a base, system or someone else's environment."),
            target=target), {"target": target})
    return refusal(TrText(QT_TRANSLATE_NOOP(
        "core", "{target} already exists and is not empty. Choose a new folder (or an empty one)."),
        target=target), {"target": target})


_SHELL_CHARACTERS = "$`\"';&|<>()!*?[]{}%^\n\r\t"


def shell_syntax(target: str, windows: bool) -> list[str]:
    """The characters of ``target`` a shell (bash, cmd, PowerShell) could read as syntax, in order."""
    found = [c for c in _SHELL_CHARACTERS if c in target]
    if not windows and "\\" in target:
        found.append("\\")
    if any(ord(c) < 32 or 0x7f <= ord(c) <= 0x9f for c in target) and "control characters" not in found:
        found.append("control characters")
    return [repr(c)[1:-1] if len(c) == 1 else c for c in dict.fromkeys(found)]


def check_space(host: Host, target: str, needed: int) -> Finding | None:
    """A refusal when the disk that will hold ``target`` has less than ``needed`` bytes free."""
    if needed <= 0:
        return None
    free = free_bytes(host, target)
    if free is None or free >= needed:
        return None
    return no_disk_space(target, free, needed)


def free_bytes(host: Host, target: str) -> int | None:
    """Free space on the disk of ``target`` or its nearest existing parent; None when unknown."""
    path = host.platform.pathmod
    folder = target
    while folder and not host.files.is_dir(folder):
        parent = path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    try:
        return shutil.disk_usage(host.files.local(folder or "/")).free
    except (OSError, ValueError):
        return None


def guard_interpreter(host: Host, python: str, target: str) -> Finding | None:
    """None when ``python`` is the environment in ``target`` that this install created."""
    result = host.run([python, "-c", GUARD_SCRIPT], 60.0)
    facts = _last_json(result.stdout)
    if facts is None:
        return refusal(TrText(QT_TRANSLATE_NOOP("core", "The new environment's Python did not answer ({error})."),
                              error=result.describe()), {"python": python})
    prefix, base = str(facts.get("prefix", "")), str(facts.get("base_prefix", ""))
    is_env = bool(facts.get("conda")) or not store.same_path(prefix, base)
    if not _same_target(host, prefix, target):
        return refusal(TrText(QT_TRANSLATE_NOOP(
            "core", "{python} installs into {prefix}, not into the new environment {target}: stopped before pip."),
            python=python, prefix=prefix, target=target), {"prefix": prefix})
    if not is_env or facts.get("externally_managed") and store.same_path(prefix, base):
        return refusal(TrText(QT_TRANSLATE_NOOP(
            "core", "{python} is a base interpreter (externally managed: {managed}); tfgpu never installs into one."),
            python=python, managed="yes" if facts.get("externally_managed") else "no"), {"prefix": prefix})
    return None


def _same_target(host: Host, a: str, b: str) -> bool:
    if host.platform.is_windows:
        norm = host.platform.pathmod
        return norm.normcase(norm.normpath(a)) == norm.normcase(norm.normpath(b))
    return store.same_path(str(host.files.local(a)), str(host.files.local(b)))


def _last_json(text: str) -> dict | None:
    for line in reversed(text.splitlines()):
        if line.startswith("{"):
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict) and value.get("tfgpu_guard") == 1:
                return value
    return None


# -- removing ----------------------------------------------------------------------------------------


@dataclass
class Removal:
    ok: bool
    message: TrText
    path: str
    record: store.EnvRecord | None = None


def removable(path: str, host: Host | None = None) -> Removal:
    """Whether ``path`` is an environment tfgpu created and may delete (nothing is deleted here)."""
    record = store.find_record(path) or _wsl_record(path)
    if record is None:
        return Removal(False, TrText(QT_TRANSLATE_NOOP(
            "core", "{path} is not an environment tfgpu created: refused. tfgpu removes only the environments in "
                    "its own list."), path=path), path)
    if record.location != "local":
        return Removal(True, TrText(QT_TRANSLATE_NOOP("core", "{path} in {location}"), path=record.path,
                                    location=record.location), record.path, record)
    folder = Path(path)
    if folder.is_symlink():
        return Removal(False, TrText(QT_TRANSLATE_NOOP("core", "{path} is a link now, not the folder tfgpu created: "
                                                               "refused."), path=path), path, record)
    if not folder.exists():
        return Removal(True, TrText(QT_TRANSLATE_NOOP("core", "{path} no longer exists; it is taken off the list."),
                                    path=path), path, record)
    marker = store.read_marker(folder)
    if marker != record.env_id:
        return Removal(False, TrText(QT_TRANSLATE_NOOP(
            "core", "{path} is in tfgpu's list but does not carry tfgpu's marker (an install stopped before it was "
                    "written, or something else lives there now). Refused; delete it yourself if you are sure."),
            path=path), path, record)
    info = folder.lstat()
    if record.dev is not None and (info.st_dev, info.st_ino) != (record.dev, record.ino):
        return Removal(False, TrText(QT_TRANSLATE_NOOP(
            "core", "{path} is not the folder tfgpu created (its device and inode differ, though it carries a "
                    "copy of the marker). Refused."), path=path), path, record)
    mount = _mount_inside(folder, info.st_dev)
    if mount is not None:
        return Removal(False, TrText(QT_TRANSLATE_NOOP(
            "core", "{path} has another file system mounted inside it ({mount}): tfgpu never deletes across a "
                    "mount point. Unmount it first."), path=path, mount=mount), path, record)
    words = QT_TRANSLATE_NOOP("core", "{path} is an environment tfgpu created: it can be removed.")
    return Removal(True, TrText(words, path=path), path, record)


def _mount_points() -> list[str]:
    """Every mount point of this system (bind mounts of a folder on the same disk included)."""
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="surrogateescape") as handle:
            lines = handle.read(16 * 1024 * 1024).splitlines()
        return [re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), line.split(" ")[4])
                for line in lines if len(line.split(" ")) > 4]
    except OSError:
        pass
    try:
        import psutil

        return [p.mountpoint for p in psutil.disk_partitions(all=True)]
    except Exception:  # noqa: BLE001 - then only the device check below
        return []


def _mount_inside(folder: Path, device: int) -> str | None:
    """The first mount point under ``folder`` (a mount, or a bind mount of a folder of the same disk),
    or folder on another device; links are not followed."""
    root = os.path.realpath(folder)
    for point in _mount_points():
        if point.startswith(root.rstrip(os.sep) + os.sep) or point == root:
            return point
    stack = [str(folder)]
    while stack:
        current = stack.pop()
        try:
            with os.scandir(current) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        if entry.stat(follow_symlinks=False).st_dev != device or os.path.ismount(entry.path):
                            return entry.path
                        stack.append(entry.path)
        except OSError:
            continue
    return None


def remove_environment(path: str, host: Host | None = None) -> Removal:
    """Delete an environment tfgpu created and take it off the list; anything else is refused."""
    check = removable(path, host)
    if not check.ok or check.record is None:
        return check
    record = check.record
    if record.location.startswith("wsl:"):
        if host is None:
            from tfgpu.core.host import RealHost

            host = RealHost()
        distro = record.location.split(":", 1)[1]
        result = host.run(["wsl", "-d", distro, "--cd", "~", "--exec", "rm", "-rf", "--", record.path], 600.0)
        if not result.ok:
            return Removal(False, TrText(QT_TRANSLATE_NOOP("core", "Could not remove {path}: {error}"),
                                         path=record.path, error=result.describe()), record.path, record)
    elif Path(path).exists():
        errors: list[str] = []
        if sys.version_info >= (3, 12):
            shutil.rmtree(path, onexc=lambda _f, p, exc: errors.append(f"{p}: {exc}"))
        else:
            shutil.rmtree(path, onerror=lambda _f, p, exc: errors.append(f"{p}: {exc[1]}"))
        if Path(path).exists():
            return Removal(False, TrText(QT_TRANSLATE_NOOP("core", "Could not remove everything in {path}: {error}"),
                                         path=path, error=(errors or ["?"])[0]), path, record)
    try:
        store.drop_record(record.env_id)
    except OSError as exc:
        return Removal(False, TrText(QT_TRANSLATE_NOOP("core", "{path} was removed, but tfgpu's list could not be "
                                                               "updated: {error}"), path=path, error=str(exc)),
                       path, record)
    return Removal(True, TrText(QT_TRANSLATE_NOOP("core", "Removed {path}."), path=record.path), record.path, record)


def _wsl_record(path: str) -> store.EnvRecord | None:
    """``wsl:Ubuntu:tfgpu-tf`` names an environment inside a WSL distribution."""
    if not path.startswith("wsl:") or path.count(":") < 2:
        return None
    _, distro, folder = path.split(":", 2)
    return store.find_record(folder, f"wsl:{distro}")
