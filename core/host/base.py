"""The injected host: environment, files, registry, commands and platform facts.

Probes only touch the machine through a :class:`Host`, so a Windows machine can
be described on Linux (see :mod:`fakes.fake_host`) and every probe stays pure.
Paths handed to a host are in the *target* OS's syntax (``C:\\Program Files``).
"""

from __future__ import annotations

import ntpath
import os
import platform
import posixpath
import sys
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from tfgpu.core.host.process import (
    DEFAULT_TIMEOUT_S,
    MAX_OUTPUT_BYTES,
    CommandResult,
    LineCallback,
    decode_output,
    run_process,
)
from tfgpu.core.host.registry import NoRegistry, Registry, WinRegistry


@dataclass(frozen=True)
class PlatformFacts:
    system: str  # "Windows", "Linux", "Darwin"
    release: str = ""  # platform.release()
    version: str = ""  # platform.version()
    machine: str = ""  # "AMD64", "x86_64", "arm64"
    home: str = ""
    cwd: str = ""

    @property
    def is_windows(self) -> bool:
        return self.system == "Windows"

    @property
    def pathmod(self):  # ntpath or posixpath, for joining target paths
        return ntpath if self.is_windows else posixpath


class FileSystem:
    """Read-only access to a file tree in the target OS's path syntax.

    ``root`` maps the target's top onto a real directory: ``/`` for the real
    host, or a temporary folder in tests, where ``C:\\x`` lives at ``<root>/C/x``.
    Windows lookups are case-insensitive, as on a real Windows disk.
    """

    def __init__(self, root: str | os.PathLike[str] = "/", windows: bool = False) -> None:
        self.root = Path(root)
        self.windows = windows
        self._real = str(self.root) == os.path.abspath(os.sep) and not windows

    # -- path mapping ----------------------------------------------------
    def _parts(self, path: str) -> list[str]:
        """A target path as folder names under the root: ``C:\\x\\y`` -> ``["C", "x", "y"]``."""
        if self.windows:
            drive, rest = ntpath.splitdrive(ntpath.normpath(path))
            return [drive.rstrip(":").upper() or "C"] + [p for p in rest.split("\\") if p]
        return [p for p in posixpath.normpath(path).split("/") if p]

    def local(self, path: str) -> Path:
        """The real path behind a target path (case resolved on Windows)."""
        if self._real:
            return Path(path)
        current = self.root
        for part in self._parts(path):
            candidate = current / part
            if self.windows and not candidate.exists() and current.is_dir():
                try:
                    match = next((c for c in os.listdir(current) if c.lower() == part.lower()), None)
                except OSError:
                    match = None
                if match:
                    candidate = current / match
            current = candidate
        return current

    def target(self, local: Path) -> str:
        """Inverse of :meth:`local` for paths under the root."""
        if self._real:
            return str(local)
        rel = local.relative_to(self.root).parts
        if self.windows:
            if not rel:
                return "C:\\"
            return f"{rel[0]}:\\" + "\\".join(rel[1:])
        return "/" + "/".join(rel)

    # -- queries (never raise) ------------------------------------------
    def exists(self, path: str) -> bool:
        try:
            return self.local(path).exists()
        except (OSError, ValueError):
            return False

    def is_file(self, path: str) -> bool:
        try:
            return self.local(path).is_file()
        except (OSError, ValueError):
            return False

    def is_dir(self, path: str) -> bool:
        try:
            return self.local(path).is_dir()
        except (OSError, ValueError):
            return False

    def listdir(self, path: str) -> list[str]:
        """Names in a directory, sorted; empty when it is missing or unreadable."""
        try:
            return sorted(os.listdir(self.local(path)))
        except (OSError, ValueError):
            return []

    def read_bytes(self, path: str, limit: int = MAX_OUTPUT_BYTES) -> bytes:
        """Raises OSError (callers turn it into a state): unreadable is not absent."""
        with open(self.local(path), "rb") as fh:
            return fh.read(limit)

    def read_text(self, path: str, limit: int = MAX_OUTPUT_BYTES) -> str:
        return decode_output(self.read_bytes(path, limit))

    def realpath(self, path: str) -> str:
        """Symlinks resolved; the path itself when that fails."""
        try:
            return self.target(self.local(path).resolve()) if not self._real else os.path.realpath(path)
        except (OSError, ValueError, RuntimeError):
            return path


class Host(Protocol):
    platform: PlatformFacts
    env: Mapping[str, str]
    files: FileSystem
    registry: Registry

    def run(
        self,
        argv: Sequence[str],
        timeout: float = DEFAULT_TIMEOUT_S,
        *,
        env: Mapping[str, str] | None = None,
        cancel: threading.Event | None = None,
        on_stdout_line: LineCallback | None = None,
        encoding: str | None = None,
        on_stderr_line: LineCallback | None = None,
    ) -> CommandResult: ...

    def nvml(self):  # the pynvml module (or a fake with its API); None if it cannot be imported
        ...


# ---------------------------------------------------------------------------
# Shared helpers written against the Host protocol.


def getenv(host: Host, name: str, default: str = "") -> str:
    """Environment lookup; case-insensitive on Windows."""
    if name in host.env:
        return host.env[name]
    if host.platform.is_windows:
        lowered = name.lower()
        for key, value in host.env.items():
            if key.lower() == lowered:
                return value
    return default


def path_entries(host: Host, value: str | None = None) -> list[str]:
    """The PATH entries in order, empty and duplicate entries dropped."""
    sep = ";" if host.platform.is_windows else ":"
    raw = getenv(host, "PATH") if value is None else value
    seen: set[str] = set()
    entries = []
    for item in raw.split(sep):
        item = item.strip().strip('"')
        key = item.lower() if host.platform.is_windows else item
        if item and key not in seen:
            seen.add(key)
            entries.append(item)
    return entries


def which(host: Host, name: str, extra_dirs: Iterable[str] = ()) -> str | None:
    """Find an executable on PATH (then in ``extra_dirs``), honouring PATHEXT on Windows."""
    join = host.platform.pathmod.join
    names = [name]
    if host.platform.is_windows and not ntpath.splitext(name)[1]:
        exts = getenv(host, "PATHEXT", ".COM;.EXE;.BAT;.CMD").split(";")
        names = [name + ext.lower() for ext in exts if ext]
    for directory in [*path_entries(host), *extra_dirs]:
        for candidate in names:
            full = join(directory, candidate)
            if host.files.is_file(full):
                if host.platform.is_windows or os.access(host.files.local(full), os.X_OK):
                    return full
    return None


# ---------------------------------------------------------------------------
# The real host.


@dataclass
class RealHost:
    """This machine."""

    platform: PlatformFacts = field(
        default_factory=lambda: PlatformFacts(
            system=platform.system(),
            release=platform.release(),
            version=platform.version(),
            machine=platform.machine(),
            home=str(Path.home()),
            cwd=os.getcwd(),
        )
    )
    env: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    files: FileSystem = field(default_factory=lambda: FileSystem("/", windows=False))
    registry: Registry = field(default_factory=lambda: WinRegistry() if sys.platform == "win32" else NoRegistry())

    def __post_init__(self) -> None:
        if self.platform.is_windows and sys.platform == "win32":
            self.files = _WindowsFileSystem()

    def run(self, argv, timeout=DEFAULT_TIMEOUT_S, *, env=None, cancel=None, on_stdout_line=None, encoding=None,
            on_stderr_line=None):
        return run_process(argv, timeout, env=env, cancel=cancel, on_stdout_line=on_stdout_line, encoding=encoding,
                           on_stderr_line=on_stderr_line)

    def nvml(self):
        try:
            import pynvml  # nvidia-ml-py

            return pynvml
        except Exception:  # noqa: BLE001 - a broken binding is "no NVML"
            return None


class _WindowsFileSystem(FileSystem):
    """On real Windows the target paths are the local paths."""

    def __init__(self) -> None:
        super().__init__(Path(os.path.abspath(os.sep)), windows=True)

    def local(self, path: str) -> Path:
        return Path(path)

    def target(self, local: Path) -> str:
        return str(local)

    def realpath(self, path: str) -> str:
        try:
            return os.path.realpath(path)
        except (OSError, ValueError):
            return path
