"""Planning a PATH (or library path) change: the scan, the environment, the folders -> a :class:`Plan`.

:func:`build_path_plan` is pure: it gets what was read (:class:`Current`) and decides. :func:`plan_path`
reads the target first (the registry, the files) and is what the CLI and the GUI call.
"""

from __future__ import annotations

import ntpath
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tfgpu.core.configure import targets
from tfgpu.core.configure.blocks import EnvSettings, decode
from tfgpu.core.configure.folders import choose_folders, conflicting_folders, wanted_folders
from tfgpu.core.configure.model import AdminStep, Plan, PlanSection, RegistryEdit, VariableChange, list_diff, text_diff
from tfgpu.core.configure.pathlist import (
    MAX_WINDOWS_VALUE,
    PathSyntax,
    PathValueError,
    dead_and_duplicates,
    expand_windows,
    plan_list,
)
from tfgpu.core.configure.store import changes_dir
from tfgpu.core.host import Host, getenv
from tfgpu.core.host.registry import (
    REG_EXPAND_SZ,
    REG_SZ,
    STRING_TYPES,
    SYSTEM_ENVIRONMENT,
    USER_ENVIRONMENT,
    RegistryError,
    RegValue,
)
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.shell import Shell, chain, command, powershell_quote

if TYPE_CHECKING:
    from tfgpu.core.probes.pythons import PythonEnv
    from tfgpu.core.scan import Scan


@dataclass
class Current:
    """What the target holds now (read by :func:`read_current`)."""

    windows: bool
    env: Mapping[str, str]  # the process environment (for %VAR% and the running value)
    user_path: RegValue | None = None  # HKCU\Environment Path (user target)
    user_vars: dict[str, RegValue | None] = field(default_factory=dict)  # CUDA_PATH & co. (user target)
    system_path: str | None = None  # HKLM ... Environment Path, read only
    existing: set[str] = field(default_factory=set)  # folders (as written) that exist
    problem: TrText | None = None


def default_target(windows: bool) -> str:
    return "user" if windows else "profile"


def find_env(scan: Scan | None, python: str) -> PythonEnv | None:
    """The scanned environment of an interpreter (by its path, case-insensitively on Windows)."""
    if scan is None:
        return None
    windows = (scan.os.system or "").lower() == "windows"
    norm = (lambda p: p.lower().replace("/", "\\")) if windows else (lambda p: p)
    for env in scan.pythons.envs:
        if norm(python) in (norm(env.executable), norm(env.real_path or env.executable)):
            return env
    return None


def plan_path(host: Host, scan: Scan | None, env: PythonEnv | None, cuda_dir: str | None = None,
              cudnn_dir: str | None = None, target: str | None = None, *, python: str | None = None) -> Plan:
    """Read the target and plan; never raises (a problem is the plan's ``refusal``)."""
    windows = host.platform.is_windows
    target = target or default_target(windows)
    choice = choose_folders(scan, env, cuda_dir, cudnn_dir)
    python = python or (env.executable if env is not None else None)
    plan = _empty(target, windows, python)
    plan.words += choice.why
    if choice.problem is not None:
        plan.refusal = choice.problem
        return plan
    folders = wanted_folders(choice.cuda_dir, choice.cudnn_dir, windows)
    conflicts = conflicting_folders(scan, choice.cuda_dir, choice.cudnn_dir, windows)
    current = read_current(host, target, folders)
    return build_path_plan(plan, current, folders, choice.cuda_dir, conflicts, host=host, python=python)


def _empty(target: str, windows: bool, python: str | None) -> Plan:
    return Plan(topic="path", target=target, os="windows" if windows else "linux", env=python,
                summary=TrText(QT_TRANSLATE_NOOP("core", "Put the CUDA and cuDNN folders on the search path")),
                backup_dir=str(changes_dir()))


def read_current(host: Host, target: str, folders: list[str]) -> Current:
    windows = host.platform.is_windows
    current = Current(windows, dict(host.env))
    syntax = PathSyntax(windows)
    segments = syntax.split(getenv(host, "PATH" if windows else "LD_LIBRARY_PATH"))
    if target == "user" and windows:
        try:
            current.user_path = host.registry.read_value(USER_ENVIRONMENT, "Path")
            current.user_vars["CUDA_PATH"] = host.registry.read_value(USER_ENVIRONMENT, "CUDA_PATH")
            system = host.registry.read_value(SYSTEM_ENVIRONMENT, "Path")
            current.system_path = system.text if system is not None else None
        except RegistryError as exc:
            current.problem = TrText(QT_TRANSLATE_NOOP("core", "The registry could not be read: {error}"),
                                     error=str(exc))
        if current.user_path is not None and current.user_path.text is not None:
            segments = syntax.split(current.user_path.text)
    for folder in [*folders, *segments]:
        expanded = expand_windows(folder.strip().replace('"', ""), current.env) if windows else folder
        if expanded and host.files.is_dir(expanded):
            current.existing.add(folder)
    return current


def build_path_plan(plan: Plan, current: Current, folders: list[str], cuda_dir: str | None,
                    conflicts: list[str], *, host: Host | None = None, python: str | None = None) -> Plan:
    """Decide (pure, apart from the file targets reading their scripts through ``host``)."""
    windows = current.windows
    if plan.target == "user" and not windows:
        plan.refusal = TrText(QT_TRANSLATE_NOOP(
            "core", "On Linux the user environment is your shell profile: use --target profile."))
        return plan
    if plan.target == "profile" and windows:
        plan.refusal = TrText(QT_TRANSLATE_NOOP(
            "core", "Windows has no shell profile for this: use the user environment (--target user)."))
        return plan
    if current.problem is not None:
        plan.refusal = current.problem
        return plan
    missing = [f for f in folders if f not in current.existing]
    for folder in missing:
        plan.notes.append(TrText(QT_TRANSLATE_NOOP("core", "{folder} does not exist, so it is left out."),
                                 folder=folder))
    folders = [f for f in folders if f in current.existing]
    plan.folders = folders
    if not folders:
        plan.refusal = TrText(QT_TRANSLATE_NOOP("core", "None of the folders to add exists: check the CUDA folder."))
        return plan
    if plan.target == "user":
        return _user_plan(plan, current, folders, cuda_dir, conflicts)
    return _file_plan(plan, current, folders, cuda_dir, host, python)


# -- Windows: HKCU\Environment -------------------------------------------------------------------------


def _user_plan(plan: Plan, current: Current, folders: list[str], cuda_dir: str | None,
               conflicts: list[str]) -> Plan:
    syntax = PathSyntax(True)
    old = current.user_path
    if old is not None and old.kind not in STRING_TYPES:
        plan.refusal = TrText(QT_TRANSLATE_NOOP("core", "Your user Path has the registry type {kind}, not text: "
                                                        "it is left alone."), kind=old.type_name)
        return plan
    kind = old.kind if old is not None else REG_EXPAND_SZ
    try:
        for folder in folders:
            syntax.check_folder(folder, expandable=kind == REG_EXPAND_SZ)
    except PathValueError as exc:
        plan.refusal = TrText(QT_TRANSLATE_NOOP("core", "This folder cannot go on PATH: {error}"), error=str(exc))
        return plan
    segments = syntax.split(old.text if old is not None else None)
    change = plan_list(segments, folders, syntax, conflicts=conflicts, env=current.env)
    plan.added, plan.moved, plan.ahead_of = change.added, change.moved, change.ahead_of
    plan.dead, plan.duplicates = dead_and_duplicates(segments, syntax, current.existing.__contains__, current.env)
    where = f"{USER_ENVIRONMENT}\\Path"
    new_text = syntax.join(change.segments)
    if change.segments != segments:
        if len(new_text) > MAX_WINDOWS_VALUE:
            plan.refusal = TrText(QT_TRANSLATE_NOOP(
                "core", "The new user Path would be {length} characters, more than the {limit} Windows allows. "
                "Nothing was changed: remove entries you no longer need (dead ones are listed) and plan again."),
                length=len(new_text), limit=MAX_WINDOWS_VALUE)
            return plan
        new = RegValue(new_text, kind)
        plan.edits.append(RegistryEdit(USER_ENVIRONMENT, "Path", old, new, ";", tuple(change.added)))
        plan.variables.append(VariableChange("Path", old.text if old else None, new_text))
    notes = {d: QT_TRANSLATE_NOOP("core", "dead: no such folder") for d in plan.dead}
    plan.sections.append(PlanSection(where, TrText(QT_TRANSLATE_NOOP("core", "Your user PATH ({type})"),
                                                   type=RegValue("", kind).type_name),
                                     list_diff(segments, change.segments, change.moved, notes, plan.duplicates)))
    if cuda_dir:
        _user_variable(plan, current, "CUDA_PATH", cuda_dir.rstrip("\\"))
    _system_conflict(plan, current, folders, conflicts)
    _path_words(plan)
    if plan.edits:
        plan.notes.append(TrText(QT_TRANSLATE_NOOP(
            "core", "Programs started from now on see the change; terminals and editors already open keep the "
                    "old PATH until you restart them.")))
    return plan


def _user_variable(plan: Plan, current: Current, name: str, value: str) -> None:
    old = current.user_vars.get(name)
    if old is not None and old.text == value:
        return
    kind = old.kind if old is not None and old.kind in STRING_TYPES else REG_SZ
    plan.edits.append(RegistryEdit(USER_ENVIRONMENT, name, old, RegValue(value, kind)))
    plan.variables.append(VariableChange(name, old.text if old else None, value))
    plan.sections.append(PlanSection(f"{USER_ENVIRONMENT}\\{name}", TrText(name), list_diff(
        [old.text] if old is not None and old.text else [], [value])))


def _system_conflict(plan: Plan, current: Current, folders: list[str], conflicts: list[str]) -> None:
    """A conflicting toolkit on the *system* PATH comes before every user entry: only an admin can fix it."""
    if not current.system_path:
        return
    syntax = PathSyntax(True)
    segments = syntax.split(current.system_path)
    change = plan_list(segments, folders, syntax, conflicts=conflicts, env=current.env)
    if change.ahead_of is None:
        return
    new = syntax.join(change.segments)
    key = "HKLM:\\" + SYSTEM_ENVIRONMENT.split("\\", 1)[1]
    backup = ntpath.join(plan.backup_dir, "system-environment-before-tfgpu.reg")
    export = command(["reg", "export", SYSTEM_ENVIRONMENT, backup, "/y"], Shell.POWERSHELL, bare_program=True)
    write = (f"Set-ItemProperty -LiteralPath {powershell_quote(key)} -Name Path -Type ExpandString "
             f"-Value {powershell_quote(new)}")
    plan.admin_steps.append(AdminStep(TrText(QT_TRANSLATE_NOOP(
        "core", "Another CUDA ({conflict}) comes first on the system PATH, which is read before yours. In a "
        "PowerShell opened as administrator, this saves the system environment to a file, then puts the "
        "folders ahead of it (your user PATH alone cannot):"), conflict=change.ahead_of),
        chain([export, write], Shell.POWERSHELL), Shell.POWERSHELL))


# -- files: profile, venv, conda ---------------------------------------------------------------------------


def _file_plan(plan: Plan, current: Current, folders: list[str], cuda_dir: str | None, host: Host | None,
               python: str | None) -> Plan:
    windows = current.windows
    syntax = PathSyntax(windows)
    variable = "PATH" if windows else "LD_LIBRARY_PATH"
    try:
        for folder in folders:
            syntax.check_folder(folder)
    except PathValueError as exc:
        plan.refusal = TrText(QT_TRANSLATE_NOOP("core", "This folder cannot go on {variable}: {error}"),
                              variable=variable, error=str(exc))
        return plan
    running = next((v for k, v in current.env.items() if (k.upper() if windows else k) == variable), "")
    segments = syntax.split(running)
    change = plan_list(segments, folders, syntax, env=current.env, prepend=True)
    plan.added, plan.moved = change.added, change.moved
    plan.variables.append(VariableChange(variable, running or None, syntax.join(change.segments)))
    plan.sections.append(PlanSection(variable, TrText(QT_TRANSLATE_NOOP(
        "core", "{variable} in a new shell"), variable=variable),
        list_diff(segments, change.segments, change.moved)))
    assign = (("CUDA_PATH", cuda_dir.rstrip("\\")),) if windows and cuda_dir else ()
    settings = EnvSettings(prepend=((variable, tuple(folders)),), assign=assign)
    return file_target_plan(plan, host, python, settings)


def file_target_plan(plan: Plan, host: Host | None, python: str | None, settings: EnvSettings) -> Plan:
    """The file edits of a file-based target, with a diff per file (shared with memory plans)."""
    if host is None:
        plan.refusal = TrText(QT_TRANSLATE_NOOP("core", "No machine to read the files from."))
        return plan
    prefix = targets.env_prefix(host, python) if python else None
    try:
        edits = targets.file_edits(host, plan.topic, plan.target, prefix, settings)
    except targets.TargetProblem as exc:
        plan.refusal = exc.words
        return plan
    plan.edits += edits
    for edit in edits:
        plan.sections.append(PlanSection(edit.path, TrText(edit.path), text_diff(decode(edit.before), decode(edit.after))))
    if plan.topic == "path":
        _path_words(plan)
    if plan.target == "venv" and not host.platform.is_windows and plan.topic == "path":
        plan.notes.append(TrText(QT_TRANSLATE_NOOP(
            "core", "The library path is set when you activate the environment; it stays set after `deactivate` "
                    "until the shell ends.")))
    if plan.target == "profile" and edits:
        plan.notes.append(TrText(QT_TRANSLATE_NOOP(
            "core", "New terminals read it; log out and in again for programs started from the desktop.")))
    return plan


def _path_words(plan: Plan) -> None:
    for folder in plan.added:
        plan.words.append(TrText(QT_TRANSLATE_NOOP("core", "Add {folder}"), folder=folder))
    for folder in plan.moved:
        if plan.ahead_of:
            plan.words.append(TrText(QT_TRANSLATE_NOOP("core", "Move {folder} ahead of {conflict} (another toolkit)"),
                                     folder=folder, conflict=plan.ahead_of))
        else:
            plan.words.append(TrText(QT_TRANSLATE_NOOP("core", "Move {folder} to the front"), folder=folder))
    for change in plan.variables:
        if change.name.upper() not in ("PATH", "LD_LIBRARY_PATH"):
            plan.words.append(TrText(QT_TRANSLATE_NOOP("core", "Set {name} to {value} (was: {old})"),
                                     name=change.name, value=change.after or "", old=change.before or "not set"))
    if plan.dead:
        plan.words.append(TrText(QT_TRANSLATE_NOOP("core", "Dead entries (kept, no such folder): {entries}"),
                                 entries="; ".join(plan.dead)))
    if plan.duplicates:
        plan.words.append(TrText(QT_TRANSLATE_NOOP("core", "Duplicate entries (kept): {entries}"),
                                 entries="; ".join(plan.duplicates)))
    if not plan.edits and plan.refusal is None:
        plan.words.append(TrText(QT_TRANSLATE_NOOP("core", "Nothing to change: the folders are already in place.")))
