"""Reading PyPI wheels for the knowledge base: which Pythons have a wheel (pip's resolver, no download),
the wheel itself (``pip download --no-deps``), its METADATA and build_info.py, and the CUDA architectures of
the fat binaries in its native libraries (the same parser the tf_probe agent runs on an installed TF).

Used by :mod:`tfgpu.core.kb.update`, a maintainer's tool; nothing here runs in the app.
"""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from email.parser import Parser
from pathlib import Path
from typing import Any

# The fat-binary parser is the tf_probe agent's own (stdlib only at import); loaded by name, untyped.
binaries: Any = importlib.import_module("tfgpu.core.agents.tf_probe")

# pip --platform tags per wheel platform (pip matches tags exactly: several manylinux / macOS levels)
PLATFORM_TAGS = {
    "linux": ("manylinux_2_27_x86_64", "manylinux_2_28_x86_64", "manylinux_2_17_x86_64", "manylinux2014_x86_64"),
    "windows": ("win_amd64",),
    "macos_arm64": ("macosx_12_0_arm64", "macosx_13_0_arm64", "macosx_14_0_arm64", "macosx_15_0_arm64"),
    "linux_aarch64": ("manylinux_2_27_aarch64", "manylinux_2_28_aarch64", "manylinux_2_17_aarch64",
                      "manylinux2014_aarch64"),
}
PYTHONS = ("3.9", "3.10", "3.11", "3.12", "3.13", "3.14")
PIP_TIMEOUT_S = 900


@dataclass
class Wheel:
    """What one downloaded wheel says."""

    file: str
    metadata: dict[str, list[str]]  # header -> values (Requires-Dist, Requires-Python, ...)
    build_info: dict | None  # tensorflow/python/platform/build_info.py, None when absent
    arch: dict | None = None  # {"value", "cubins", "ptx", "source"} from the fat binaries, None when none
    files: list[str] = field(default_factory=list)
    per_file: dict[str, list[str]] = field(default_factory=dict)  # library -> its cubin archs ("sm_75", ...)


def _pip(args: list[str], timeout: float = PIP_TIMEOUT_S) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", *args],
                          capture_output=True, text=True, timeout=timeout)


def _platform_args(platform: str, python: str) -> list[str]:
    args = ["--only-binary=:all:", "--python-version", python, "--implementation", "cp"]
    for tag in PLATFORM_TAGS[platform]:
        args += ["--platform", tag]
    return args


def wheel_file_for(requirement: str, platform: str, python: str) -> str | None:
    """The wheel file name pip would pick for that Python and platform (resolved from PyPI's metadata,
    nothing downloaded), None when PyPI has none."""
    with tempfile.TemporaryDirectory() as target:
        out = _pip(["install", "--dry-run", "--quiet", "--report", "-", "--no-deps", "--ignore-installed",
                    "--target", target, "--pre", *_platform_args(platform, python), requirement], timeout=300)
    if out.returncode != 0:
        return None
    try:
        report = json.loads(out.stdout)
        return str(report["install"][0]["download_info"]["url"]).rsplit("/", 1)[-1]
    except (ValueError, KeyError, IndexError):
        return None


def download(requirement: str, platform: str, python: str, folder: Path) -> Path | None:
    """``pip download --no-deps`` of one wheel into ``folder``; its path, None when PyPI has none."""
    before = set(folder.glob("*.whl"))
    out = _pip(["download", "--no-deps", "--pre", "--quiet", "-d", str(folder), *_platform_args(platform, python),
                requirement])
    after = sorted(set(folder.glob("*.whl")) - before) or sorted(folder.glob("*.whl"))
    if out.returncode != 0:
        return None
    wanted = wheel_file_for(requirement, platform, python)
    return next((p for p in after if p.name == wanted), after[-1] if after else None)


def _metadata(archive: zipfile.ZipFile) -> dict[str, list[str]]:
    name = next((n for n in archive.namelist() if n.endswith(".dist-info/METADATA")), None)
    if name is None:
        return {}
    message = Parser().parsestr(archive.read(name).decode("utf-8", "replace"), headersonly=True)
    out: dict[str, list[str]] = {}
    for key, value in message.items():
        out.setdefault(key, []).append(str(value))
    return out


def _build_info(archive: zipfile.ZipFile) -> dict | None:
    name = "tensorflow/python/platform/build_info.py"
    if name not in archive.namelist():
        return None
    tree = ast.parse(archive.read(name).decode("utf-8", "replace"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "OrderedDict" and node.args:
            return dict(ast.literal_eval(node.args[0]))
    return None


def _native(name: str, prefix: str) -> bool:
    """A native library directly in ``prefix`` (TF's package folder or its python/), as the agent scans them."""
    rest = name[len(prefix):] if name.startswith(prefix) else ""
    return bool(rest) and "/" not in rest and (rest.lower().endswith(binaries.BINARY_SUFFIXES) or ".so." in rest)


def _cubins(path: Path) -> list[str]:
    """The cubin architectures of one library's fat binaries."""
    with open(path, "rb") as handle:
        found: set = set()
        for name, offset, size in binaries.elf_sections(handle) or binaries.pe_sections(handle):
            if name in binaries.FATBIN_SECTIONS:
                found |= binaries.fatbin_entries(handle, offset, size)
    return [f"sm_{arch}" for arch in sorted(arch for kind, arch in found if kind == "cubin")]


def read_wheel(path: Path, package_folder: str | None) -> Wheel:
    """METADATA, build info and (``package_folder``: 'tensorflow', 'nvidia/cudnn/lib') the fat binaries' archs."""
    with zipfile.ZipFile(path) as archive:
        wheel = Wheel(file=path.name, metadata=_metadata(archive), build_info=_build_info(archive))
        if package_folder is None:
            return wheel
        prefixes = [f"{package_folder}/", f"{package_folder}/python/"]
        members = [n for n in archive.namelist() if any(_native(n, p) for p in prefixes)]
        with tempfile.TemporaryDirectory() as folder:
            for member in members:
                archive.extract(member, folder)
            wheel.arch = binaries.binary_arch_list(str(Path(folder) / package_folder))
            wheel.files = [m.rsplit("/", 1)[-1] for m in members]
            for member in members:
                cubins = _cubins(Path(folder) / member)
                if cubins:
                    wheel.per_file[member.rsplit("/", 1)[-1]] = cubins
    if wheel.arch:
        wheel.arch["source"] = f"{wheel.arch['source']} of {path.name}"
    return wheel
