"""Where Python interpreters hide: PATH (and pyenv shims), the ``py`` launcher,
PEP 514 registry keys, conda, ``.venv`` folders. Each finder returns candidate
paths only; :mod:`tfgpu.core.probes.pythons` asks each interpreter about itself.

An interpreter found only through the current folder (``./.venv``, ``./venv``, a relative PATH
entry such as ``.``) belongs to whatever was cloned or unpacked there: its candidate carries
``here`` and is listed but run only with the user's consent (``--here``, ``--python PATH``, the
app's "Check the Python in this folder"). ``.python-version`` names are accepted only as version
names, as pyenv does, so that file cannot point the scan at an arbitrary program.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass

from tfgpu.core import jsonsafe
from tfgpu.core.host import CommandResult, Host, getenv, path_entries, which

Report = Callable[[str, str, str], None]  # ProbeResult.add(kind, source, detail)

_POSIX_NAME = re.compile(r"^python(?:3(?:\.\d+)?)?$")
_WINDOWS_NAME = re.compile(r"^python(?:3(?:\.\d+)?)?\.exe$", re.I)
_STORE_PACKAGE = "pythonsoftwarefoundation.python."
# The Python install manager (pymanager): its python.exe / python3.exe aliases are real, whatever runtime.
_MANAGER_PACKAGE = "pythonsoftwarefoundation.pythonmanager_"
# pyenv-win's shims are batch files: ...\.pyenv\pyenv-win\shims\python.bat
_PYENV_WIN_SHIM = re.compile(r"^python(?:3(?:\.\d+)?)?\.bat$", re.I)
# " -V:3.11 *        C:\...\python.exe"   (launcher >= 3.11, also "-V:Company/Tag")
# " -3.10-64        C:\...\python.exe *"  (older launchers; default marked at the end)
_PY_LAUNCHER_LINE = re.compile(
    r"^\s*-(?:V:)?(?P<tag>\S+?)(?P<star1>\s+\*)?\s+\"?(?P<path>(?:[A-Za-z]:\\|\\\\).*?)\"?(?P<star2>\s+\*)?\s*$"
)
_CONDA_DIR_NAMES = ("anaconda3", "miniconda3", "miniforge3", "mambaforge", "Anaconda3", "Miniconda3")


@dataclass
class Candidate:
    path: str
    source: str  # self, PATH, py-launcher, registry, conda, venv-dir, pyenv, user
    command: str | None = None  # the command it answers to first ("python", "python3", "py")
    here: str | None = None  # found only through this folder of the current directory: run with consent only
    note: str | None = None  # why a user-named interpreter was not found where it was looked for


#: A pyenv version name (``3.11.7``, ``miniconda3-latest``, ``pypy3.10-7.3.15``): never a path.
_PYENV_VERSION_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*")


def is_version_name(text: str) -> bool:
    """True for a name pyenv accepts in ``.python-version``; a path (``/tmp/x``, ``../..``) is not one."""
    return bool(_PYENV_VERSION_NAME.fullmatch(text)) and text not in (".", "..") and ".." not in text


@dataclass
class PathScan:
    candidates: list[Candidate]
    store_stub: str | None = None  # the Store's "python.exe" placeholder, when no Store Python is installed
    store_stub_first: bool = False  # ...and typing `python` runs it (python3 alone does not count:
    # python.org installs no python3.exe, so the placeholder's python3 shadows nothing the user types)


# -- PATH ---------------------------------------------------------------------


def from_path(host: Host, report: Report) -> PathScan:
    """Every python / python3 / python3.X on PATH, in PATH order; pyenv shims resolved."""
    windows = host.platform.is_windows
    pattern = _WINDOWS_NAME if windows else _POSIX_NAME
    join = host.platform.pathmod.join
    scan = PathScan(candidates=[])
    claimed: set[str] = set()  # command names already answered by an earlier PATH entry
    idle_shims: list[str] = []
    pathmod = host.platform.pathmod
    for entry in path_entries(host):
        # A relative entry (".", "bin") is searched from the current folder: what lies there runs only with consent.
        here = None if pathmod.isabs(entry) else entry
        directory = entry if here is None or not host.platform.cwd else pathmod.normpath(pathmod.join(host.platform.cwd, entry))
        listed = host.files.listdir(directory)
        names = [n for n in listed if pattern.match(n)]
        if windows and _is_pyenv_win_shims(host, directory):
            names += [n for n in listed if _PYENV_WIN_SHIM.match(n)]
        names.sort(key=_name_order)
        for name in names:
            full = join(directory, name)
            if not _is_executable(host, full):
                continue
            command = name[:-4].lower() if windows else name
            first = command not in claimed
            claimed.add(command)
            if windows and _is_store_stub(host, full, command):
                report("file", full, "Microsoft Store placeholder (no Store Python installed): skipped")
                scan.store_stub = scan.store_stub or full
                scan.store_stub_first = scan.store_stub_first or (first and command == "python")
                continue
            target: str | None
            if windows and name.lower().endswith(".bat"):
                target = _resolve_pyenv_win_shim(host, full, command, report)
            else:
                target = _resolve_shim(host, full, command, report)
            if target == "":
                idle_shims.append(full)  # a shim for a version that is not selected: runs nothing
                continue
            scan.candidates.append(Candidate(target or full, "PATH", command if first else None, here=here and directory))
    if idle_shims:
        report("file", ", ".join(idle_shims), "pyenv shims whose command is not in the selected version: skipped")
    return scan


def _name_order(name: str) -> tuple[int, str]:
    base = name.lower().removesuffix(".exe").removesuffix(".bat")
    return (0 if base == "python" else 1 if base == "python3" else 2, base)


def _is_executable(host: Host, path: str) -> bool:
    if not host.files.is_file(path):
        return False
    return host.platform.is_windows or os.access(host.files.local(path), os.X_OK)


def _is_store_stub(host: Host, path: str, command: str) -> bool:
    """``...\\Microsoft\\WindowsApps\\python.exe`` only opens the Store unless a Store Python is installed."""
    pathmod = host.platform.pathmod
    folder = pathmod.dirname(path)
    if pathmod.basename(folder).lower() != "windowsapps":
        return False
    version = command[len("python"):]
    wanted = _STORE_PACKAGE + (version if "." in version else "")
    packages = [n.lower() for n in host.files.listdir(folder)]
    return not any(n.startswith(wanted) or n.startswith(_MANAGER_PACKAGE) for n in packages)


def _resolve_shim(host: Host, path: str, command: str, report: Report) -> str | None:
    """A pyenv shim -> the interpreter it would run; "" when it would run nothing; None: not a shim."""
    pathmod = host.platform.pathmod
    shims = pathmod.dirname(path)
    if pathmod.basename(shims) != "shims":
        return None
    try:
        head = host.files.read_bytes(path, 1024)
    except OSError:
        return None
    if not head.startswith(b"#!") or b"pyenv" not in head:
        return None
    match = re.search(rb'PYENV_ROOT="([^"]+)"', head)
    root = match.group(1).decode("utf-8", "replace") if match else pathmod.dirname(shims)
    versions = _pyenv_versions(host, root)
    if not versions:
        return None  # cannot tell: let the shim itself answer (slower, but right)
    for version in versions:
        if version == "system":
            break  # the system Python is found on PATH by itself
        target = pathmod.join(root, "versions", version, "bin", command)
        if _is_executable(host, target):
            report("file", path, f"pyenv shim -> {target}")
            return target
    return ""


def _pyenv_versions(host: Host, root: str) -> list[str]:
    """pyenv's own order: PYENV_VERSION, .python-version from cwd upwards, then <root>/version."""
    pathmod = host.platform.pathmod
    chosen = getenv(host, "PYENV_VERSION")
    if chosen:
        return [v for v in chosen.split(":") if v]
    folder = host.platform.cwd
    files = []
    while folder:
        files.append(pathmod.join(folder, ".python-version"))
        parent = pathmod.dirname(folder)
        folder = "" if parent == folder else parent
    files.append(pathmod.join(root, "version"))
    for candidate in files:
        if host.files.is_file(candidate):
            try:
                text = host.files.read_text(candidate, 4096)
            except OSError:
                continue
            versions = [line.split("#")[0].strip() for line in text.splitlines()]
            if any(versions):
                return [v for v in versions if v and is_version_name(v)]  # pyenv ignores a path here too
    return []


# -- pyenv-win (Windows): .bat shims and versions that no registry lists ---------------


def _is_pyenv_win_shims(host: Host, directory: str) -> bool:
    pathmod = host.platform.pathmod
    return (pathmod.basename(pathmod.normpath(directory)).lower() == "shims"
            and pathmod.basename(pathmod.dirname(pathmod.normpath(directory))).lower() == "pyenv-win")


def _resolve_pyenv_win_shim(host: Host, path: str, command: str, report: Report) -> str:
    """``pyenv-win\\shims\\python.bat`` -> ``pyenv-win\\versions\\<selected>\\python.exe`` ("" if none)."""
    pathmod = host.platform.pathmod
    root = pathmod.dirname(pathmod.dirname(path))
    for version in _pyenv_versions(host, root):
        target = pathmod.join(root, "versions", version, "python.exe")
        if host.files.is_file(target):
            report("file", path, f"pyenv-win shim -> {target}")
            return target
    return ""  # no version selected (or only `system`): the shim runs nothing of its own


def from_pyenv_win(host: Host) -> list[Candidate]:
    """Every Python pyenv-win installed (``%PYENV%`` or ``~\\.pyenv\\pyenv-win``), selected or not."""
    if not host.platform.is_windows:
        return []
    join = host.platform.pathmod.join
    root = getenv(host, "PYENV") or join(host.platform.home, ".pyenv", "pyenv-win")
    versions = join(root, "versions")
    found = []
    for name in sorted(host.files.listdir(versions)):
        exe = join(versions, name, "python.exe")
        if host.files.is_file(exe):
            found.append(Candidate(exe, "pyenv"))
    return found


# -- py launcher and registry (Windows) -----------------------------------------


def from_py_launcher(host: Host, timeout: float, report: Report) -> list[Candidate]:
    if not host.platform.is_windows:
        return []
    local = getenv(host, "LOCALAPPDATA") or host.platform.pathmod.join(host.platform.home, "AppData", "Local")
    windir = getenv(host, "SystemRoot", "C:\\Windows")
    py = which(host, "py", [windir, f"{local}\\Programs\\Python\\Launcher"])
    if py is None:
        return []
    result = host.run([py, "-0p"], timeout)
    report("command", result.describe(), (result.stdout or result.stderr)[:400])
    return [Candidate(path, "py-launcher", "py" if default else None)
            for path, default in parse_py_launcher(result.stdout + "\n" + result.stderr)]


def parse_py_launcher(text: str) -> list[tuple[str, bool]]:
    """(path, is_default) from ``py -0p`` in both the old and the 3.11+ formats."""
    found = []
    for line in text.splitlines():
        match = _PY_LAUNCHER_LINE.match(line.rstrip("\r"))
        if match and match.group("path").lower().endswith(".exe"):
            found.append((match.group("path").strip(), bool(match.group("star1") or match.group("star2"))))
    return found


def from_registry(host: Host, report: Report) -> list[Candidate]:
    """PEP 514: ``<hive>\\SOFTWARE[\\WOW6432Node]\\Python\\<Company>\\<Tag>\\InstallPath``."""
    if not host.platform.is_windows:
        return []
    found = []
    for hive in ("HKCU", "HKLM"):
        for base in ("SOFTWARE\\Python", "SOFTWARE\\WOW6432Node\\Python"):
            root = f"{hive}\\{base}"
            for company in host.registry.subkeys(root):
                if company.lower() == "pylauncher":
                    continue
                for tag in host.registry.subkeys(f"{root}\\{company}"):
                    key = f"{root}\\{company}\\{tag}\\InstallPath"
                    values = host.registry.values(key)
                    exe = values.get("ExecutablePath")
                    if not exe and values.get(""):
                        exe = host.platform.pathmod.join(str(values[""]), "python.exe")
                    if exe:
                        report("registry", key, str(exe))
                        found.append(Candidate(str(exe), "registry"))
    return found


# -- conda ---------------------------------------------------------------------


def conda_executable(host: Host) -> str | None:
    """CONDA_EXE, then conda on PATH, then the usual install folders."""
    pathmod = host.platform.pathmod
    windows = host.platform.is_windows
    candidates = [getenv(host, "CONDA_EXE")]
    on_path = which(host, "conda")
    if on_path:  # prefer the real conda.exe over condabin\conda.bat
        base = pathmod.dirname(pathmod.dirname(on_path))
        candidates += [pathmod.join(base, "Scripts", "conda.exe") if windows else "", on_path]
    for base in conda_bases(host):
        candidates.append(pathmod.join(base, "Scripts", "conda.exe") if windows else pathmod.join(base, "bin", "conda"))
    return next((c for c in candidates if c and host.files.is_file(c)), None)


def conda_bases(host: Host) -> list[str]:
    """Conda installs in the usual places (a folder with conda-meta)."""
    pathmod = host.platform.pathmod
    home = host.platform.home
    if host.platform.is_windows:
        local = getenv(host, "LOCALAPPDATA") or pathmod.join(home, "AppData", "Local")
        program_data = getenv(host, "ProgramData", "C:\\ProgramData")
        parents = [home, local, program_data, "C:\\"]
    else:
        parents = [home, "/opt"]
    names = list(_CONDA_DIR_NAMES) + ([] if host.platform.is_windows else ["conda"])
    found: dict[str, str] = {}  # normalised -> as written (Windows folders differ only in case)
    for parent in parents:
        for name in names:
            base = pathmod.join(parent, name)
            if host.files.is_dir(pathmod.join(base, "conda-meta")):
                found.setdefault(pathmod.normcase(base), base)
    return list(found.values())


def conda_static(host: Host, report: Report) -> list[Candidate]:
    """Conda envs without running conda: base folders, their envs/, ~/.conda/environments.txt."""
    pathmod = host.platform.pathmod
    prefixes = []
    for base in conda_bases(host):
        prefixes.append(base)
        envs = pathmod.join(base, "envs")
        prefixes += [pathmod.join(envs, name) for name in host.files.listdir(envs)]
    registry = pathmod.join(host.platform.home, ".conda", "environments.txt")
    if host.files.is_file(registry):
        try:
            lines = host.files.read_text(registry, 1 << 20).splitlines()
            report("file", registry, f"{len(lines)} entries")
            prefixes += [line.strip() for line in lines if line.strip()]
        except OSError as exc:
            report("file", registry, f"unreadable: {exc}")
    return _conda_candidates(host, prefixes)


def from_conda_command(host: Host, conda: str | None, timeout: float, report: Report) -> list[Candidate]:
    if not conda:
        return []
    result: CommandResult = host.run([conda, "env", "list", "--json"], timeout)
    report("command", result.describe(), "")
    try:
        envs = jsonsafe.loads(result.stdout).get("envs", []) if result.ok else []
    except (ValueError, AttributeError):
        envs = []
    return _conda_candidates(host, [str(e) for e in envs if isinstance(e, str)])


def _conda_candidates(host: Host, prefixes: list[str]) -> list[Candidate]:
    found = []
    for prefix in prefixes:
        exe = python_in(host, prefix)
        if exe and host.files.is_dir(host.platform.pathmod.join(prefix, "conda-meta")):
            found.append(Candidate(exe, "conda"))
    return found


# -- venv folders and user paths -------------------------------------------------------


def python_in(host: Host, prefix: str) -> str | None:
    """The interpreter inside an environment folder (conda, venv or a plain install)."""
    join = host.platform.pathmod.join
    if host.platform.is_windows:
        options = [join(prefix, "python.exe"), join(prefix, "Scripts", "python.exe")]
    else:
        options = [join(prefix, "bin", "python"), join(prefix, "bin", "python3")]
    return next((o for o in options if host.files.is_file(o)), None)


def from_venv_dirs(host: Host) -> list[Candidate]:
    """``.venv`` / ``venv`` in the home folder, an activated one, and those of the current folder
    (marked ``here``: a cloned repository's own interpreter runs only with consent)."""
    pathmod = host.platform.pathmod
    join = pathmod.join
    cwd, home = host.platform.cwd, host.platform.home
    here_is_home = bool(cwd) and pathmod.normcase(pathmod.normpath(cwd)) == pathmod.normcase(pathmod.normpath(home or ""))
    folders: list[tuple[str, bool]] = [(join(home, name), False) for name in (".venv", "venv")] if home else []
    if cwd and not here_is_home:
        folders += [(join(cwd, name), True) for name in (".venv", "venv")]
    active = getenv(host, "VIRTUAL_ENV")
    folders += [(active, False)] if active else []  # activated by the user: consent given
    found = []
    for folder, here in folders:
        exe = python_in(host, folder) if host.files.is_file(join(folder, "pyvenv.cfg")) else None
        if exe:
            found.append(Candidate(exe, "venv-dir", here=folder if here else None))
    return found


def has_path_separator(text: str, windows: bool) -> bool:
    return "/" in text or (windows and "\\" in text)


def resolve_user_python(host: Host, name: str) -> Candidate:
    """One rule for ``--python NAME``: a name with a path separator is a path (relative to the current
    folder); otherwise it is looked up on PATH only, as a shell would, never in the current folder."""
    pathmod = host.platform.pathmod
    if has_path_separator(name, host.platform.is_windows) or pathmod.isabs(name):
        path = name if pathmod.isabs(name) or not host.platform.cwd else pathmod.normpath(pathmod.join(host.platform.cwd, name))
        inside = python_in(host, path) if host.files.is_dir(path) else None
        return Candidate(inside or path, "user")
    found = which(host, name)
    if found:
        return Candidate(found, "user")
    note = f"{name!r} is not on PATH"
    if host.platform.cwd and host.files.exists(pathmod.join(host.platform.cwd, name)):
        local = "." + ("\\" if host.platform.is_windows else "/") + name
        note += f"; to check the one in this folder, name it with its path: --python {local}"
    return Candidate(name, "user", note=note)


def from_user(host: Host, extra: list[str]) -> list[Candidate]:
    """Interpreters the user named (consent given): a path, an environment folder, or a name on PATH."""
    return [resolve_user_python(host, name) for name in extra if name]


def venv_root(host: Host, executable: str) -> str:
    """The venv folder an interpreter path sits in ('' if none): venv/bin/python, venv\\Scripts\\python.exe."""
    pathmod = host.platform.pathmod
    root = pathmod.dirname(pathmod.dirname(executable))
    return root if root and host.files.is_file(pathmod.join(root, "pyvenv.cfg")) else ""
