"""Running real commands: capped, decoded, streamed, and never leaving processes behind.

Every command runs in its own process group (POSIX session, or Windows job), and
whatever is left of that group is killed once the command ends, so a helper it
started in the background cannot hold our pipes open.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

#: Output beyond this many bytes per stream is dropped (and flagged as truncated).
MAX_OUTPUT_BYTES = 4 * 1024 * 1024
DEFAULT_TIMEOUT_S = 15.0
#: Arguments longer than this (or spanning lines) are shortened in :meth:`CommandResult.describe`.
MAX_DESCRIBED_ARG = 80

LineCallback = Callable[[str], None]


def _short_arg(arg: str) -> str:
    """An argument as evidence shows it: an inline script becomes its first line and "…"."""
    if "\n" not in arg and len(arg) <= MAX_DESCRIBED_ARG:
        return arg
    first = arg.strip().split("\n", 1)[0].rstrip("\r")
    return first[:MAX_DESCRIBED_ARG] + "…"


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
        """One line for evidence: the command (long arguments shortened) and how it ended."""
        cmd = " ".join(_short_arg(a) for a in self.argv)
        if self.error:
            return f"{cmd}: {self.error}"
        if self.timed_out:
            return f"{cmd}: timed out after {self.duration_s:.1f} s"
        if self.cancelled:
            return f"{cmd}: cancelled"
        return f"{cmd}: exit {self.returncode}"


from tfgpu.core.host.decoding import decode_output, windows_oem_encoding  # noqa: E402,F401 - re-exported

# ---------------------------------------------------------------------------
# Process groups and killing


class _WinJob:
    """A Windows job object holding the child and what it starts. Never raises.

    A child that starts a grandchild before it is assigned escapes the job;
    :func:`_kill_tree` still covers it on timeout and cancel.
    """

    def __init__(self, proc: subprocess.Popen) -> None:
        self._k32 = None
        self._handle = None
        if sys.platform != "win32":
            return
        try:
            import ctypes
            from ctypes import wintypes

            k32 = ctypes.WinDLL("kernel32", use_last_error=True)
            k32.CreateJobObjectW.restype = wintypes.HANDLE
            k32.CreateJobObjectW.argtypes = (ctypes.c_void_p, wintypes.LPCWSTR)
            k32.AssignProcessToJobObject.argtypes = (wintypes.HANDLE, wintypes.HANDLE)
            k32.TerminateJobObject.argtypes = (wintypes.HANDLE, wintypes.UINT)
            k32.CloseHandle.argtypes = (wintypes.HANDLE,)
            job = k32.CreateJobObjectW(None, None)
            if job and k32.AssignProcessToJobObject(job, int(proc._handle)):
                self._k32, self._handle = k32, job
            elif job:
                k32.CloseHandle(job)
        except Exception:  # noqa: BLE001 - no job: only the tree kill is left
            pass

    def kill(self) -> None:
        """Terminate everything still in the job and release it."""
        if self._k32 is None or not self._handle:
            return
        try:
            self._k32.TerminateJobObject(self._handle, 1)
            self._k32.CloseHandle(self._handle)
        except Exception:  # noqa: BLE001
            pass
        self._handle = None


def _exited(proc: subprocess.Popen) -> bool:
    """True once the child has ended. On POSIX it is left unreaped (a zombie), so
    its pid cannot be reused and still names its process group for :func:`_kill_group`."""
    if proc.returncode is not None:
        return True
    if hasattr(os, "waitid") and hasattr(os, "WNOWAIT"):
        try:
            flags = os.WEXITED | os.WNOHANG | os.WNOWAIT
            return os.waitid(os.P_PID, proc.pid, flags) is not None
        except ChildProcessError:  # reaped by someone else
            return True
        except OSError:
            pass
    return proc.poll() is not None


def _kill_group(proc: subprocess.Popen, job: _WinJob) -> None:
    """Kill whatever is left of the command's process group (POSIX) or job (Windows)."""
    if sys.platform == "win32":
        job.kill()
        return
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # start_new_session: pgid == pid
    except OSError:  # ProcessLookupError: nothing left; PermissionError: not ours
        pass


def _kill_tree(proc: subprocess.Popen) -> None:
    """Kill a process and its descendants (also those that left its group).

    Only the direct child is waited for (by the caller): orphans are reaped by
    init, which can be slow in containers. Without psutil, kills the child alone.
    """
    victims: list = []
    try:
        import psutil

        parent = psutil.Process(proc.pid)
        victims = [parent, *parent.children(recursive=True)]
    except Exception:  # noqa: BLE001 - already gone, access denied, or no psutil
        pass
    for victim in victims:
        try:
            victim.kill()
        except Exception:  # noqa: BLE001
            pass
    if not victims:
        try:
            proc.kill()
        except OSError:
            pass


# ---------------------------------------------------------------------------
# Running


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
    on_stderr_line: LineCallback | None = None,
) -> CommandResult:
    """Run a real command. Never raises; a hang is killed with its children, and
    whatever the command left running in its group is killed when it ends.
    ``on_stdout_line`` / ``on_stderr_line`` get each line as it arrives (from reader threads)."""
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

    job = _WinJob(proc)
    out, err = bytearray(), bytearray()
    state: dict = {}
    pumps = [
        threading.Thread(target=_pump, args=(proc.stdout, out, state, on_stdout_line, encoding), daemon=True),
        threading.Thread(target=_pump, args=(proc.stderr, err, state, on_stderr_line, encoding), daemon=True),
    ]
    for thread in pumps:
        thread.start()
    timed_out = cancelled = False
    deadline = start + timeout
    delay = 0.0005
    while not _exited(proc):
        if cancel is not None and cancel.is_set():
            cancelled = True
        elif time.monotonic() >= deadline:
            timed_out = True
        if cancelled or timed_out:
            _kill_tree(proc)
            break
        time.sleep(delay)
        delay = min(delay * 2, 0.02)  # quick commands return quickly
    _kill_group(proc, job)  # background leftovers would hold the pipes open
    try:
        proc.wait(timeout=2)
    except subprocess.TimeoutExpired:
        pass
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
