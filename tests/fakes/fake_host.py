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
from tfgpu.core.host.registry import (
    MAX_VALUE_BYTES,
    MAX_VALUE_NAME,
    REG_DWORD,
    REG_SZ,
    STRING_TYPES,
    RegistryError,
    RegValue,
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
    """Keys like ``HKLM\\SOFTWARE\\Python\\PythonCore\\3.10\\InstallPath``; key and value names are
    case-insensitive and keep the case they were first written with, as in the real registry.

    Typed values behave as ``winreg`` does on Windows: the type is kept as written; a string value
    reads back up to its first NUL (CPython's ``winreg`` stops there, like regedit); a value name
    longer than 16,383 characters or data over 1 MB is refused. ``fail_next_writes`` makes the next
    writes raise (fault injection); ``broadcasts`` counts WM_SETTINGCHANGE messages.
    """

    def __init__(self) -> None:
        self._values: dict[str, dict[str, RegValue]] = {}
        self._names: dict[str, str] = {}  # lowered key -> its last part as written
        self.fail_next_writes = 0
        self.writes: list[tuple[str, str, RegValue | None]] = []  # (key, name, value or None for a delete)
        self.broadcasts = 0

    def set(self, key: str, name: str | None = None, value: object = None) -> None:
        """Set a value (name None: only create the key); plain data gets REG_SZ / REG_DWORD."""
        self._create(key)
        if name is not None:
            if not isinstance(value, RegValue):
                value = RegValue(value, REG_DWORD if isinstance(value, int) else REG_SZ)
            self._store(key, name, value)

    def _create(self, key: str) -> None:
        parts = key.split("\\")
        for i in range(1, len(parts) + 1):  # every parent key exists too
            lowered = "\\".join(parts[:i]).lower()
            self._values.setdefault(lowered, {})
            self._names.setdefault(lowered, parts[i - 1])

    def _store(self, key: str, name: str, value: RegValue) -> None:
        values = self._values[key.lower()]
        existing = next((n for n in values if n.lower() == name.lower()), None)
        if existing is not None:
            values[existing] = value  # the name keeps the case it was created with
        else:
            values[name] = value

    def subkeys(self, key: str) -> list[str]:
        prefix = key.lower().rstrip("\\") + "\\"
        return sorted(
            self._names[k] for k in self._values if k.startswith(prefix) and "\\" not in k[len(prefix):]
        )

    def values(self, key: str) -> dict[str, object]:
        return {name: value.data for name, value in self._values.get(key.lower(), {}).items()}

    # -- typed values ------------------------------------------------------------------
    def read_value(self, key: str, name: str) -> RegValue | None:
        values = self._values.get(key.lower(), {})
        found = next((v for n, v in values.items() if n.lower() == name.lower()), None)
        if found is not None and found.kind in STRING_TYPES and isinstance(found.data, str):
            return RegValue(found.data.split("\0", 1)[0], found.kind)
        return found

    def write_value(self, key: str, name: str, value: RegValue) -> None:
        if self.fail_next_writes > 0:
            self.fail_next_writes -= 1
            raise RegistryError(f"cannot write {key}\\{name}: [WinError 5] Access is denied (injected)")
        if len(name) > MAX_VALUE_NAME:
            raise RegistryError(f"value name longer than {MAX_VALUE_NAME} characters")
        if value.kind in STRING_TYPES:
            if not isinstance(value.data, str):
                raise RegistryError(f"{value.type_name} data must be text, not {type(value.data).__name__}")
            size = (len(value.data.encode("utf-16-le")) + 2)  # UTF-16 and its terminating NUL
            if size > MAX_VALUE_BYTES:
                raise RegistryError(f"value data of {size} bytes is over the registry's {MAX_VALUE_BYTES}")
        self._create(key)
        self._store(key, name, value)
        self.writes.append((key, name, value))

    def delete_value(self, key: str, name: str) -> None:
        if self.fail_next_writes > 0:
            self.fail_next_writes -= 1
            raise RegistryError(f"cannot delete {key}\\{name}: [WinError 5] Access is denied (injected)")
        values = self._values.get(key.lower(), {})
        for existing in [n for n in values if n.lower() == name.lower()]:
            del values[existing]
        self.writes.append((key, name, None))

    def broadcast_environment_change(self) -> bool:
        self.broadcasts += 1
        return True


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
