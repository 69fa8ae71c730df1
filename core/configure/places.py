"""Which places a change may name: undo writes a backup's ``before`` back, so a backup that names
anything else (edited by hand, planted, from another tool) is refused before anything is written.

A place is allowed only when it is one of the kinds ``configure`` plans for the change's own target
and environment: the profile files in HOME, the environment's activate scripts, its conda files, or
the user environment's ``Path`` / memory variables in the registry.
"""

from __future__ import annotations

from tfgpu.core.configure import targets
from tfgpu.core.configure.model import Edit, FileEdit, RegistryEdit
from tfgpu.core.host import Host
from tfgpu.core.host.registry import USER_ENVIRONMENT

PROFILE_NAMES = (".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc")
MEMORY_VARIABLES = ("TF_FORCE_GPU_ALLOW_GROWTH", "TF_GPU_ALLOCATOR", "CUDA_VISIBLE_DEVICES")
TOPICS = ("path", "memory")


def allowed_files(host: Host, topic: str, target: str, env: str | None) -> set[str]:
    """Every file a ``topic`` change of ``target`` (for interpreter ``env``) can plan, normalised."""
    path = host.platform.pathmod
    files: list[str] = []
    if target == "profile":
        files = [path.join(targets.home(host), name) for name in PROFILE_NAMES]
    elif target in ("venv", "conda") and env:
        prefix = targets.env_prefix(host, env)
        if target == "venv":
            files = [path.join(prefix, "bin", "activate")] + [path.join(prefix, "Scripts", n) for n in
                                                             ("activate", "activate.bat", "Activate.ps1")]
        else:
            files = [path.join(prefix, *targets.CONDA_STATE)] + [
                path.join(prefix, "etc", "conda", f"{stage}.d", f"tfgpu-{topic}.{ext}")
                for stage in ("activate", "deactivate") for ext in ("sh", "bat", "ps1")]
    return {_norm(host, f) for f in files}


def _norm(host: Host, name: str) -> str:
    path = host.platform.pathmod
    return path.normcase(path.normpath(name))


def foreign_place(host: Host, topic: str, target: str, env: str | None, edits: list[Edit]) -> str | None:
    """Why one of ``edits`` is not a place this change could have planned; None when all are."""
    if topic not in TOPICS:
        return f"unknown topic {topic!r}"
    files = allowed_files(host, topic, target, env)
    for edit in edits:
        if isinstance(edit, RegistryEdit):
            names = ("path", "cuda_path") if topic == "path" else tuple(v.lower() for v in MEMORY_VARIABLES)
            if target != "user" or edit.key.lower() != USER_ENVIRONMENT.lower() or edit.name.lower() not in names:
                return f"{edit.where} is not a value a {topic} change of the {target} target sets"
        elif isinstance(edit, FileEdit):
            if _norm(host, edit.path) not in files:
                return f"{edit.path} is not a file a {topic} change of the {target} target edits"
        else:
            return f"{edit!r} is not a place tfgpu changes"
    return None
