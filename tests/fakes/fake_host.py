"""A described machine for tests and demos: a file tree under a root folder,
an environment, a registry and canned command outputs.

Build the contents from real captures (``shared/corpus``), not invented text.
"""

from __future__ import annotations

import ntpath
import os
import posixpath
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tfgpu.core.host import (
    DEFAULT_TIMEOUT_S,
    CommandResult,
    FileSystem,
    PlatformFacts,
    decode_output,
)


@dataclass
class FakeCommand:
    """A canned answer. Bytes are decoded like real output (``encoding`` = the OEM code page)."""

    stdout: bytes | str = b""
    stderr: bytes | str = b""
    returncode: int | None = 0
    hang: bool = False  # behaves like a command that never ends: times out
    error: str | None = None  # e.g. "permission denied"
    duration_s: float = 0.01


Responder = Callable[[Sequence[str]], FakeCommand]


class FakeRegistry:
    """Keys like ``HKLM\\SOFTWARE\\Python\\PythonCore\\3.10\\InstallPath``; case-insensitive."""

    def __init__(self) -> None:
        self._values: dict[str, dict[str, object]] = {}
        self._names: dict[str, str] = {}  # lowered key -> its last part as written

    def set(self, key: str, name: str | None = None, value: object = None) -> None:
        """Set a value (name None: only create the key)."""
        parts = key.split("\\")
        for i in range(1, len(parts) + 1):  # every parent key exists too
            lowered = "\\".join(parts[:i]).lower()
            self._values.setdefault(lowered, {})
            self._names[lowered] = parts[i - 1]
        if name is not None:
            self._values[key.lower()][name] = value

    def subkeys(self, key: str) -> list[str]:
        prefix = key.lower().rstrip("\\") + "\\"
        return sorted(
            self._names[k] for k in self._values if k.startswith(prefix) and "\\" not in k[len(prefix):]
        )

    def values(self, key: str) -> dict[str, object]:
        return dict(self._values.get(key.lower(), {}))


@dataclass
class FakeHost:
    """A machine described in a test. ``root`` is a real temporary folder."""

    root: Path
    system: str = "Windows"
    release: str = "10"
    version: str = "10.0.22631"
    machine: str = "AMD64"
    env: dict[str, str] = field(default_factory=dict)
    home: str = ""
    cwd: str = ""
    encoding: str | None = None  # the OEM code page its commands print in, e.g. "cp936"
    nvml_module: object | None = None
    registry: FakeRegistry = field(default_factory=FakeRegistry)
    calls: list[tuple[str, ...]] = field(default_factory=list)

    def __post_init__(self) -> None:
        windows = self.system == "Windows"
        if not self.home:
            self.home = "C:\\Users\\user" if windows else "/home/user"
        if not self.cwd:
            self.cwd = self.home
        self.platform = PlatformFacts(
            system=self.system,
            release=self.release,
            version=self.version,
            machine=self.machine,
            home=self.home,
            cwd=self.cwd,
        )
        self.files = FileSystem(self.root, windows=windows)
        self._commands: list[tuple[Callable[[Sequence[str]], bool], Responder]] = []
        self._lock = threading.Lock()

    # -- building the machine ------------------------------------------
    @property
    def _path(self):
        return ntpath if self.platform.is_windows else posixpath

    def write(self, path: str, content: bytes | str = b"", executable: bool = False) -> str:
        """Create a file (and its folders) in the fake tree; returns the target path."""
        local = self._local_for_write(path)
        local.parent.mkdir(parents=True, exist_ok=True)
        local.write_bytes(content.encode() if isinstance(content, str) else content)
        if executable:
            local.chmod(0o755)
        return path

    def mkdir(self, path: str) -> str:
        self._local_for_write(path).mkdir(parents=True, exist_ok=True)
        return path

    def symlink(self, path: str, target: str) -> str:
        local = self._local_for_write(path)
        local.parent.mkdir(parents=True, exist_ok=True)
        os.symlink(self._local_for_write(target), local)
        return path

    def _local_for_write(self, path: str) -> Path:
        """Where a new file goes: the path as written (no case matching, unlike ``files.local``)."""
        return self.root.joinpath(*self.files._parts(path))

    def on(self, program: str, answer: FakeCommand | Responder, args: Sequence[str] | None = None) -> None:
        """Answer commands whose program is ``program`` (a name or a full path).

        A name matches any path with that file name (``.exe`` ignored); ``args``,
        when given, must all appear in the command line. Later rules win.
        """
        wanted = program.lower()

        def matches(argv: Sequence[str]) -> bool:
            exe = argv[0].lower()
            if "\\" in wanted or "/" in wanted:
                if exe != wanted:
                    return False
            else:
                base = ntpath.basename(exe) if self.platform.is_windows else posixpath.basename(exe)
                if base not in (wanted, wanted + ".exe") and base.removesuffix(".exe") != wanted:
                    return False
            return all(a in argv[1:] for a in (args or ()))

        responder = answer if callable(answer) else (lambda _argv, a=answer: a)
        self._commands.append((matches, responder))

    # -- the Host protocol ------------------------------------------------
    def run(
        self,
        argv: Sequence[str],
        timeout: float = DEFAULT_TIMEOUT_S,
        *,
        env: Mapping[str, str] | None = None,
        cancel: threading.Event | None = None,
        on_stdout_line: Callable[[str], None] | None = None,
        encoding: str | None = None,
        on_stderr_line: Callable[[str], None] | None = None,
    ) -> CommandResult:
        argv = tuple(str(a) for a in argv)
        with self._lock:
            self.calls.append(argv)
        answer = None
        for matches, responder in reversed(self._commands):
            if matches(argv):
                answer = responder(argv)
                break
        if answer is None:
            return CommandResult(argv, None, error="not found")
        if answer.error:
            return CommandResult(argv, None, error=answer.error)
        if answer.hang:
            return CommandResult(argv, None, duration_s=timeout, timed_out=True)
        enc = encoding or self.encoding
        out = answer.stdout if isinstance(answer.stdout, str) else decode_output(answer.stdout, enc)
        err = answer.stderr if isinstance(answer.stderr, str) else decode_output(answer.stderr, enc)
        if on_stdout_line is not None:
            for line in out.splitlines():
                on_stdout_line(line)
        if on_stderr_line is not None:
            for line in err.splitlines():
                on_stderr_line(line)
        return CommandResult(argv, answer.returncode, out, err, duration_s=answer.duration_s)

    def nvml(self):
        return self.nvml_module
