"""The injected host: environment, files, registry, commands and platform facts.

Probes only touch the machine through a :class:`Host`, so a Windows machine can
be described on Linux (see :mod:`tfgpu.core.fake_host`) and every probe stays pure.
Paths handed to a host are in the *target* OS's syntax (``C:\\Program Files``).
"""

from __future__ import annotations

import ntpath
import os
import platform
import posixpath
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Mapping, Protocol, Sequence

#: Output beyond this many bytes per stream is dropped (and flagged as truncated).
MAX_OUTPUT_BYTES = 4 * 1024 * 1024
DEFAULT_TIMEOUT_S = 15.0


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


@dataclass(frozen=True)
class CommandResult:
    """What a command did. ``returncode`` is None when it never ran or was killed."""

    argv: tuple[str, ...]
    returncode: int | None
    stdout: str = ""
    stderr: str = ""
    duration_s: float = 0.0
    timed_out: bool = False
    cancelled: bool = False
    truncated: bool = False
    error: str | None = None  # why it could not run: not found, permission denied, ...

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not (self.timed_out or self.cancelled) and self.error is None

    def describe(self) -> str:
        """One line for evidence: the command and how it ended."""
        cmd = " ".join(self.argv)
        if self.error:
            return f"{cmd}: {self.error}"
        if self.timed_out:
            return f"{cmd}: timed out after {self.duration_s:.1f} s"
        if self.cancelled:
            return f"{cmd}: cancelled"
        return f"{cmd}: exit {self.returncode}"


def decode_output(data: bytes, encoding: str | None = None) -> str:
    """Decode command output without ever raising.

    UTF-8 first (most modern tools), then the given code page (the OEM code
    page on Windows), and finally UTF-8 with replacement characters.
    """
    if not data:
        return ""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if encoding:
        try:
            return data.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            pass
    return data.decode("utf-8", errors="replace")


def windows_oem_encoding() -> str | None:
    """The console (OEM) code page, e.g. ``cp437`` or ``cp936``; None off Windows."""
    if sys.platform != "win32":
        return None
    try:
        import ctypes

        return f"cp{ctypes.windll.kernel32.GetOEMCP()}"
    except Exception:  # noqa: BLE001 - never fatal
        return None


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
    def local(self, path: str) -> Path:
        """The real path behind a target path (case resolved on Windows)."""
        if self._real:
            return Path(path)
        if self.windows:
            drive, rest = ntpath.splitdrive(ntpath.normpath(path))
            parts = [drive.rstrip(":").upper() or "C"] + [p for p in rest.split("\\") if p]
        else:
            parts = [p for p in posixpath.normpath(path).split("/") if p]
        current = self.root
        for part in parts:
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


class Registry(Protocol):
    """A Windows registry reader. Keys look like ``HKLM\\SOFTWARE\\Python``."""

    def subkeys(self, key: str) -> list[str]: ...

    def values(self, key: str) -> dict[str, object]: ...


class NoRegistry:
    """The registry of a machine that has none (Linux, macOS)."""

    def subkeys(self, key: str) -> list[str]:
        return []

    def values(self, key: str) -> dict[str, object]:
        return {}


LineCallback = Callable[[str], None]


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


def _kill_tree(pid: int) -> None:
    """Kill a process and its descendants. Only the direct child is waited for
    (by the caller): orphans are reaped by init, which can be slow in containers."""
    try:
        import psutil

        parent = psutil.Process(pid)
        for proc in [parent, *parent.children(recursive=True)]:
            try:
                proc.kill()
            except psutil.Error:
                pass
    except Exception:  # noqa: BLE001 - already gone, or no psutil
        pass


def _pump(stream, sink: bytearray, state: dict, on_line: LineCallback | None, encoding: str | None) -> None:
    """Read a pipe to EOF, keep at most MAX_OUTPUT_BYTES, call back per complete line."""
    pending = b""
    for chunk in iter(lambda: stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536), b""):
        room = MAX_OUTPUT_BYTES - len(sink)
        if room > 0:
            sink.extend(chunk[:room])
        if len(chunk) > room:
            state["truncated"] = True
        if on_line is not None:
            pending += chunk
            *lines, pending = pending.split(b"\n")
            for line in lines:
                try:
                    on_line(decode_output(line.rstrip(b"\r"), encoding))
                except Exception:  # noqa: BLE001 - a faulty callback must not stop the pump
                    pass
            if len(pending) > MAX_OUTPUT_BYTES:
                pending = b""
    if on_line is not None and pending.strip():
        try:
            on_line(decode_output(pending.rstrip(b"\r"), encoding))
        except Exception:  # noqa: BLE001
            pass
    stream.close()


def run_process(
    argv: Sequence[str],
    timeout: float = DEFAULT_TIMEOUT_S,
    *,
    env: Mapping[str, str] | None = None,
    cancel: threading.Event | None = None,
    on_stdout_line: LineCallback | None = None,
    encoding: str | None = None,
) -> CommandResult:
    """Run a real command. Never raises; a hang is killed with its children."""
    argv = tuple(str(a) for a in argv)
    encoding = encoding or windows_oem_encoding()
    start = time.monotonic()
    kwargs: dict = {}
    if sys.platform == "win32":
        kwargs["creationflags"] = subprocess.CREATE_NO_WINDOW | subprocess.CREATE_NEW_PROCESS_GROUP
    else:
        kwargs["start_new_session"] = True
    try:
        proc = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(env) if env is not None else None,
            **kwargs,
        )
    except FileNotFoundError:
        return CommandResult(argv, None, error="not found", duration_s=time.monotonic() - start)
    except PermissionError:
        return CommandResult(argv, None, error="permission denied", duration_s=time.monotonic() - start)
    except OSError as exc:  # e.g. "Exec format error": not a program for this machine
        return CommandResult(argv, None, error=f"cannot run: {exc.strerror or exc}", duration_s=time.monotonic() - start)

    out, err = bytearray(), bytearray()
    state: dict = {}
    pumps = [
        threading.Thread(target=_pump, args=(proc.stdout, out, state, on_stdout_line, encoding), daemon=True),
        threading.Thread(target=_pump, args=(proc.stderr, err, state, None, encoding), daemon=True),
    ]
    for thread in pumps:
        thread.start()
    timed_out = cancelled = False
    deadline = start + timeout
    while True:
        try:
            proc.wait(timeout=0.02)
            break
        except subprocess.TimeoutExpired:
            pass
        if cancel is not None and cancel.is_set():
            cancelled = True
        elif time.monotonic() >= deadline:
            timed_out = True
        if cancelled or timed_out:
            _kill_tree(proc.pid)
            try:
                proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                pass
            break
    for thread in pumps:
        thread.join(timeout=2)
    return CommandResult(
        argv=argv,
        returncode=None if (timed_out or cancelled) else proc.returncode,
        stdout=decode_output(bytes(out), encoding),
        stderr=decode_output(bytes(err), encoding),
        duration_s=time.monotonic() - start,
        timed_out=timed_out,
        cancelled=cancelled,
        truncated=bool(state.get("truncated")),
    )


class WinRegistry:
    """Reads the real Windows registry through ``winreg``. Never raises."""

    _HIVES = {"HKLM": "HKEY_LOCAL_MACHINE", "HKCU": "HKEY_CURRENT_USER"}

    def _open(self, key: str):
        import winreg

        hive_name, _, sub = key.partition("\\")
        hive = getattr(winreg, self._HIVES.get(hive_name.upper(), hive_name.upper()))
        return winreg.OpenKey(hive, sub)

    def subkeys(self, key: str) -> list[str]:
        try:
            import winreg

            with self._open(key) as handle:
                count = winreg.QueryInfoKey(handle)[0]
                return [winreg.EnumKey(handle, i) for i in range(count)]
        except OSError:
            return []

    def values(self, key: str) -> dict[str, object]:
        try:
            import winreg

            with self._open(key) as handle:
                count = winreg.QueryInfoKey(handle)[1]
                return {name: value for name, value, _t in (winreg.EnumValue(handle, i) for i in range(count))}
        except OSError:
            return {}


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

    def run(self, argv, timeout=DEFAULT_TIMEOUT_S, *, env=None, cancel=None, on_stdout_line=None, encoding=None):
        return run_process(argv, timeout, env=env, cancel=cancel, on_stdout_line=on_stdout_line, encoding=encoding)

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
