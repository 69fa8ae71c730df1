"""Every Python environment on the machine, deduplicated by real path.

Candidates come from :mod:`tfgpu.core.probes.python_sources`; each distinct one
is asked about itself ONCE with a tiny inline script (in parallel, with a
timeout), then entries that turn out to be the same installation are merged.
"""

from __future__ import annotations

import os
import struct
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from packaging.version import InvalidVersion, Version

from tfgpu.core import jsonsafe
from tfgpu.core.host import CommandResult, Host
from tfgpu.core.host.agents import MIN_AGENT_PYTHON
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.probes import python_sources as sources
from tfgpu.core.probes.base import ProbeResult, Status, safe_probe
from tfgpu.core.probes.python_sources import Candidate
from tfgpu.core.probes.tensorflow import TfInfo

MAX_PARALLEL_QUERIES = 8

# Runs under Python 2.6+ and 3.x alike (so an old Python can still say what it is); one JSON line.
QUERY_SCRIPT = (
    "import sys,os,struct,json;p=sys.prefix;"
    "b=getattr(sys,'base_prefix',getattr(sys,'real_prefix',p));"
    "sys.stdout.write(json.dumps({'tfgpu_query':1,"
    "'version':'%d.%d.%d'%tuple(sys.version_info[:3]),'release_level':str(sys.version_info[3]),"
    "'bits':struct.calcsize('P')*8,'executable':sys.executable,'prefix':p,'base_prefix':b,"
    "'implementation':getattr(getattr(sys,'implementation',None),'name','cpython'),"
    "'conda':os.path.isdir(os.path.join(p,'conda-meta')),"
    "'pyvenv_cfg':os.path.isfile(os.path.join(p,'pyvenv.cfg'))})+'\\n')"
)


@dataclass(kw_only=True)
class PythonEnv(ProbeResult):
    executable: str
    real_path: str = ""
    version: str | None = None  # "3.10.11"
    bits: int | None = None
    kind: str = "system"  # system / conda / venv / store / pyenv
    prefix: str | None = None
    sources: list[str] = field(default_factory=list)  # self, PATH, py-launcher, registry, conda, venv-dir, pyenv, user
    is_self: bool = False  # the interpreter running tfgpu
    tensorflow: TfInfo | None = None
    base_prefix: str | None = None  # differs from prefix in a venv
    implementation: str | None = None  # "cpython", "pypy"
    commands: list[str] = field(default_factory=list)  # what the user types to get it: "python", "python3", "py"
    here: str | None = None  # found only through this folder of the current directory (see python_sources)


@dataclass(kw_only=True)
class PythonsInfo(ProbeResult):
    envs: list[PythonEnv] = field(default_factory=list)
    store_stub: str | None = None  # WindowsApps\python.exe that only opens the Store
    store_stub_first: bool = False  # typing `python` runs that placeholder


@dataclass
class _Group:
    """Candidates that are the same file (before asking it anything)."""

    path: str
    sources: list[str]
    commands: list[str]
    is_self: bool = False
    here: str | None = None  # every candidate came through the current folder
    trusted: bool = False  # at least one came from elsewhere (PATH, the registry, the user's own --python...)
    note: str | None = None

    def runnable(self, trust_here: bool) -> bool:
        return self.trusted or trust_here


#: The reason of an environment found only through the current folder and not run (no consent).
NEEDS_CONSENT = "needs-consent"


def probe_pythons(host: Host, extra: list[str] | None = None, timeout: float = 10.0, *,
                  trust_here: bool = False) -> PythonsInfo:
    """Every Python on the machine. Those found only through the current folder are run (asked
    what they are, and later given the TF agent) only with ``trust_here``."""
    return safe_probe(PythonsInfo, _probe_pythons, host, list(extra or []), timeout, trust_here)


def _probe_pythons(host: Host, extra: list[str], timeout: float, trust_here: bool = False) -> PythonsInfo:
    info = PythonsInfo()
    groups: dict[tuple[str, str], _Group] = {}
    path_scan = sources.from_path(host, info.add)
    info.store_stub, info.store_stub_first = path_scan.store_stub, path_scan.store_stub_first

    static: list[Candidate] = []
    if _sees_self(host):
        static.append(Candidate(sys.executable, "self"))
    static += path_scan.candidates
    static += _guarded(info, sources.from_registry, host, info.add)
    static += _guarded(info, sources.conda_static, host, info.add)
    static += _guarded(info, sources.from_venv_dirs, host)
    static += _guarded(info, sources.from_pyenv_win, host)
    static += sources.from_user(host, extra)

    answers: dict[tuple[str, str], Future] = {}
    with ThreadPoolExecutor(max_workers=MAX_PARALLEL_QUERIES, thread_name_prefix="tfgpu-py") as pool:
        # Slow discovery commands run alongside the queries of what is already known.
        launcher = pool.submit(_guarded, info, sources.from_py_launcher, host, timeout, info.add)
        conda_exe = _guarded(info, sources.conda_executable, host, empty=lambda: None)
        conda = pool.submit(_guarded, info, sources.from_conda_command, host, conda_exe, timeout, info.add)
        _submit(pool, host, groups, _add_all(host, groups, static), answers, timeout, trust_here)
        late = launcher.result() + conda.result()
        _submit(pool, host, groups, _add_all(host, groups, late), answers, timeout, trust_here)
        envs = [_make_env(host, group, answers[key].result() if key in answers else None, info.add, trust_here)
                for key, group in groups.items()]
    info.envs = _merge(host, [env for env in envs if env is not None])
    _summarise(info)
    return info


def probe_python(host: Host, executable: str, timeout: float = 10.0) -> PythonsInfo:
    """One interpreter alone (the re-check after an install): the same facts as the full scan gives it."""
    def one() -> PythonsInfo:
        info = PythonsInfo()
        group = _Group(executable, ["user"], [], trusted=True)  # an environment tfgpu made, or one the user named
        env = _make_env(host, group, _query(host, executable, timeout), info.add)
        info.envs = [env] if env is not None else []
        _summarise(info)
        return info

    return safe_probe(PythonsInfo, one)


def _guarded(info: PythonsInfo, finder, *args, empty=list):
    """One broken source (an odd registry, a crashing conda) must not hide the others."""
    try:
        return finder(*args)
    except Exception as exc:  # noqa: BLE001
        info.add("api", finder.__name__, f"failed: {type(exc).__name__}: {exc}")
        return empty()


# -- grouping and querying -----------------------------------------------------


def _pre_key(host: Host, path: str) -> tuple[str, str]:
    """Same file = same interpreter, except that a venv's python links to its base one."""
    return (_norm(host, host.files.realpath(path)), _norm(host, sources.venv_root(host, path)))


def _add_all(host: Host, groups: dict[tuple[str, str], _Group], found: list[Candidate]) -> list[tuple[str, str]]:
    """Fold candidates into groups; return the keys of groups that are new."""
    new = []
    for cand in found:
        key = _pre_key(host, cand.path)
        group = groups.get(key)
        if group is None:
            group = groups[key] = _Group(cand.path, [], [])
            new.append(key)
        if cand.source not in group.sources:
            group.sources.append(cand.source)
        if cand.command and cand.command not in group.commands:
            group.commands.append(cand.command)
        if cand.source == "self":
            group.is_self, group.path = True, cand.path
        if cand.here is None:
            group.trusted, group.here = True, None
        elif not group.trusted:
            group.here = cand.here
        group.note = group.note or cand.note
    return [key for key in new if not groups[key].is_self]


def _submit(pool, host: Host, groups: dict, keys: list, answers: dict, timeout: float, trust_here: bool) -> None:
    for key in keys:
        if groups[key].runnable(trust_here):
            answers[key] = pool.submit(_query, host, groups[key].path, timeout)


def _query(host: Host, path: str, timeout: float) -> tuple[CommandResult, dict | None]:
    if not host.files.is_file(path):
        return CommandResult((path,), None, error="not found"), None
    result = host.run([path, "-I", "-c", QUERY_SCRIPT], timeout)
    if not result.error and not result.timed_out and "Unknown option: -I" in result.stderr:
        result = host.run([path, "-E", "-s", "-c", QUERY_SCRIPT], timeout)  # Python 2 has no -I
    return result, _parse_answer(result.stdout)


def _parse_answer(stdout: str) -> dict | None:
    for line in reversed(stdout.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                value = jsonsafe.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict) and value.get("tfgpu_query") == 1:
                return value
    return None


def _self_answer() -> dict:
    prefix = sys.prefix
    return {
        "version": "%d.%d.%d" % sys.version_info[:3],
        "bits": struct.calcsize("P") * 8,
        "executable": sys.executable,
        "prefix": prefix,
        "base_prefix": sys.base_prefix,
        "implementation": sys.implementation.name,
        "conda": os.path.isdir(os.path.join(prefix, "conda-meta")),
        "pyvenv_cfg": os.path.isfile(os.path.join(prefix, "pyvenv.cfg")),
    }


def _sees_self(host: Host) -> bool:
    """Only a host that is this machine (not a described one) contains the running interpreter."""
    if not sys.executable or host.platform.is_windows != (sys.platform == "win32"):
        return False
    if getattr(sys, "frozen", False):  # the installer's app: sys.executable is tfgpu.exe, not a Python
        return False
    return host.files.local(sys.executable) == Path(sys.executable) and host.files.is_file(sys.executable)


# -- one environment ----------------------------------------------------------------


def _make_env(host: Host, group: _Group, answer: tuple[CommandResult, dict | None] | None,
              report: sources.Report, trust_here: bool = False) -> PythonEnv | None:
    env = PythonEnv(executable=group.path, sources=list(group.sources), commands=list(group.commands),
                    is_self=group.is_self, here=None if group.trusted else group.here)
    facts: dict | None
    if not group.is_self and not group.runnable(trust_here):
        return _not_run(env)
    if group.is_self:
        facts = _self_answer()
        env.add("api", "sys.executable (the running interpreter)", sys.executable)
    else:
        result, facts = answer if answer is not None else (CommandResult((group.path,), None, error="not run"), None)
        env.add("command", result.describe(), (result.stdout or result.stderr)[:300])
        if facts is None:
            if host.platform.is_windows and _is_store_placeholder(result):
                report("command", result.describe(), "Microsoft Store placeholder, not a Python: skipped")
                return None
            env.real_path = host.files.realpath(group.path)
            return _failed(env, result, group.note)
    reported = str(facts.get("executable") or "")
    env.executable = _console_python(host, reported if reported and host.files.is_file(reported) else group.path)
    env.real_path = host.files.realpath(env.executable)
    env.version = str(facts.get("version") or "") or None
    env.bits = facts.get("bits") if isinstance(facts.get("bits"), int) else None
    env.prefix = _str_or_none(facts.get("prefix"))
    env.base_prefix = _str_or_none(facts.get("base_prefix"))
    env.implementation = _str_or_none(facts.get("implementation"))
    env.kind = _kind(host, env, bool(facts.get("conda")), bool(facts.get("pyvenv_cfg")))
    if _too_old(env.version):
        env.status, env.reason = Status.UNSUPPORTED, "python-too-old"
        env.set_hint(QT_TRANSLATE_NOOP("core", "Python {version} is too old for TensorFlow checks "
                                       "(needs {min_python}+); use a newer Python for TensorFlow."),
                     version=env.version, min_python=MIN_AGENT_PYTHON)
    return env


def _console_python(host: Host, executable: str) -> str:
    """``python.exe`` for ``pythonw.exe`` (the GUI launcher's sys.executable): commands we show run pip and
    scripts through this path, and pythonw has no console, so pip would run silently and write pythonw into
    the console scripts it installs."""
    pathmod = host.platform.pathmod
    name = pathmod.basename(executable)
    if not host.platform.is_windows or not name.lower().startswith("pythonw"):
        return executable
    console = pathmod.join(pathmod.dirname(executable), "python" + name[len("pythonw"):])
    return console if host.files.is_file(console) else executable


def _not_run(env: PythonEnv) -> PythonEnv:
    """Listed, never started: it came only through the current folder and the user has not consented."""
    env.status, env.reason = Status.UNSUPPORTED, NEEDS_CONSENT
    env.set_hint(QT_TRANSLATE_NOOP(
        "core", "Found through the current folder ({folder}), so it was not run: running it would run that "
        "folder's code. Check it with --here or --python PATH (in the app: Check the Python in this folder)."),
        folder=env.here or "")
    env.add("file", env.executable, "not run: found only through the current folder")
    return env


def _failed(env: PythonEnv, result: CommandResult, note: str | None = None) -> PythonEnv:
    if result.error == "not found" and note:
        env.status, env.reason = Status.MISSING, "not-found"
        env.set_hint(QT_TRANSLATE_NOOP("core", "Not found: {why}."), why=note)
    elif result.error == "not found":
        env.status, env.reason = Status.MISSING, "not-found"
        env.set_hint(QT_TRANSLATE_NOOP(
            "core", "This interpreter is listed but no longer exists (left behind by an uninstall)."
        ))
    elif result.error == "permission denied":
        env.status, env.reason = Status.ERROR, "not-executable"
        env.set_hint(QT_TRANSLATE_NOOP("core", "This file cannot be run: it is not marked as a program, "
                                       "or this user may not run it."))
    elif result.timed_out:
        env.status, env.reason = Status.ERROR, "timeout"
        env.set_hint(QT_TRANSLATE_NOOP("core", "This interpreter did not answer in time; it may hang on start-up."))
    else:
        env.status, env.reason = Status.ERROR, "not-python"
        env.set_hint(QT_TRANSLATE_NOOP("core", "This program is named like Python but did not answer like one."))
    output = (result.stderr or result.stdout).strip()
    env.error = result.describe() + (f": {output.splitlines()[0][:300]}" if output else "")
    return env


def _is_store_placeholder(result: CommandResult) -> bool:
    text = result.stdout + result.stderr
    return result.returncode == 9009 or "Microsoft Store" in text


def _kind(host: Host, env: PythonEnv, conda: bool, pyvenv_cfg: bool) -> str:
    if conda:
        return "conda"
    if pyvenv_cfg or (env.prefix and env.base_prefix and _norm(host, env.prefix) != _norm(host, env.base_prefix)):
        return "venv"
    where = f"{env.executable}|{env.prefix or ''}".lower().replace("\\", "/")
    if "/windowsapps/" in where:
        return "store"
    if "/.pyenv/" in where or "/pyenv-win/" in where:
        return "pyenv"
    return "system"


def _too_old(version: str | None) -> bool:
    try:
        return version is not None and Version(version) < MIN_AGENT_PYTHON
    except InvalidVersion:
        return False


# -- merging --------------------------------------------------------------------------


def _merge(host: Host, envs: list[PythonEnv]) -> list[PythonEnv]:
    """One entry per installation: same prefix and version = same Python, however it was reached."""
    merged: dict[tuple, PythonEnv] = {}
    for env in envs:
        if env.prefix and env.version:
            key: tuple = ("prefix", _norm(host, host.files.realpath(env.prefix)), env.version, env.bits)
        else:
            key = ("path", _norm(host, env.real_path or env.executable))
        first = merged.setdefault(key, env)
        if first is env:
            continue
        first.sources += [s for s in env.sources if s not in first.sources]
        if env.here is None:
            first.here = None
        first.commands += [c for c in env.commands if c not in first.commands]
        first.evidence += env.evidence
        if env.is_self:
            first.is_self, first.executable = True, env.executable
    return list(merged.values())


def _summarise(info: PythonsInfo) -> None:
    if any(env.status is Status.OK for env in info.envs):
        info.status = Status.OK
    elif not info.envs:
        info.status, info.reason = Status.MISSING, "no-python"
        info.set_hint(QT_TRANSLATE_NOOP(
            "core", "No Python was found. Install Python from python.org (3.10 for TensorFlow 2.10 on Windows)."
        ))
    elif all(env.reason == NEEDS_CONSENT for env in info.envs):
        info.status, info.reason = Status.MISSING, NEEDS_CONSENT
        info.set_hint(QT_TRANSLATE_NOOP("core", "The only Pythons found belong to the current folder and were not run; "
                                        "check them with --here (in the app: Check the Python in this folder)."))
    else:
        info.status, info.reason = Status.ERROR, "no-working-python"
        info.set_hint(QT_TRANSLATE_NOOP("core", "Pythons were found but none of them could be used; see each entry."))


def _norm(host: Host, path: str) -> str:
    return host.platform.pathmod.normcase(host.platform.pathmod.normpath(path)) if path else ""


def _str_or_none(value: object) -> str | None:
    return None if value is None or value == "" else str(value)
