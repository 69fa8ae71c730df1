"""Running real commands: capped, decoded, streamed, and never leaving processes behind.

Every command runs in its own process group (POSIX session, or a Windows job that dies with
tfgpu), and whatever is left of that group is killed once the command ends, so a helper it
started in the background cannot hold our pipes open. A descendant that left the group
(``setsid``) is found by a token in its environment and killed too; and once the direct child
has exited, output is read for a short grace only, so nothing can hold the caller up.
"""

from __future__ import annotations

import os
import secrets
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
#: Where commands run: tfgpu's own folder, never the user's current folder. A Python started in a cloned
#: repository would import that folder's ``json.py`` (Python 2 puts it on sys.path), and Windows looks
#: for a bare program name in the current folder before PATH.
NEUTRAL_CWD = os.path.dirname(os.path.abspath(__file__))
#: After the direct child has exited, its output pipes are read this much longer at most.
EXIT_GRACE_S = 0.25
#: Every command's environment carries a token here, so descendants that left its process group are found.
RUN_TOKEN_VARIABLE = "TFGPU_RUN_TOKEN"

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
from tfgpu.core.host.winjob import WinJob  # noqa: E402

# ---------------------------------------------------------------------------
# Process groups and killing


_WinJob = WinJob  # the name the runner and its tests use


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


def _kill_group(proc: subprocess.Popen, job: WinJob) -> None:
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


def _kill_marked(token: str) -> int:
    """Kill this user's processes whose environment carries ``token`` (descendants that left the
    command's process group, e.g. with ``setsid``). Returns how many. Without psutil: none."""
    try:
        import psutil
    except ImportError:
        return 0
    killed = 0
    me = os.getpid()
    for process in psutil.process_iter():
        if process.pid == me:
            continue
        try:
            if process.environ().get(RUN_TOKEN_VARIABLE) == token:
                process.kill()
                killed += 1
        except (psutil.Error, OSError):  # gone, another user's, a zombie
            continue
    return killed


def _pump(stream, sink: bytearray, state: dict, on_line: LineCallback | None, encoding: str | None) -> None:
    """Read a pipe to EOF, keep at most MAX_OUTPUT_BYTES, call back per complete line; stops
    keeping and calling back once the runner has given up on the pipe (``state["abandoned"]``)."""
    pending = b""
    for chunk in iter(lambda: stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536), b""):
        if state.get("abandoned"):
            continue  # drain to EOF so the writer is not blocked, but keep nothing
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
    if on_line is not None and pending.strip() and not state.get("abandoned"):
        try:
            on_line(decode_output(pending.rstrip(b"\r"), encoding))
        except Exception:  # noqa: BLE001
            pass
    stream.close()


def _finish_reading(pumps: list[threading.Thread], state: dict, token: str) -> None:
    """Give the pipes a short grace after the child's exit. Still open means a descendant outside the
    process group holds them: kill it by its token, and stop waiting for it either way."""
    deadline = time.monotonic() + EXIT_GRACE_S
    for thread in pumps:
        thread.join(timeout=max(0.0, deadline - time.monotonic()))
    if not any(thread.is_alive() for thread in pumps):
        return
    if _kill_marked(token):
        deadline = time.monotonic() + EXIT_GRACE_S
        for thread in pumps:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
    if any(thread.is_alive() for thread in pumps):
        state["abandoned"] = True  # what was read so far is the output; the threads end at EOF


def run_process(
    argv: Sequence[str],
    timeout: float = DEFAULT_TIMEOUT_S,
    *,
    env: Mapping[str, str] | None = None,
    cancel: threading.Event | None = None,
    on_stdout_line: LineCallback | None = None,
    encoding: str | None = None,
    cwd: str | None = None,
    on_stderr_line: LineCallback | None = None,
) -> CommandResult:
    """Run a real command (in ``cwd``, by default :data:`NEUTRAL_CWD`). Never raises; a hang is killed
    with its children, and whatever the command left running in its group is killed when it ends.
    ``on_stdout_line`` / ``on_stderr_line`` get each line as it arrives (from reader threads)."""
    argv = tuple(str(a) for a in argv)
    encoding = encoding or windows_oem_encoding()
    start = time.monotonic()
    token = secrets.token_hex(8)
    run_env = dict(os.environ if env is None else env)
    run_env[RUN_TOKEN_VARIABLE] = token
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
            env=run_env,
            cwd=cwd or (NEUTRAL_CWD if os.path.isdir(NEUTRAL_CWD) else None),
            **kwargs,
        )
    except FileNotFoundError:
        return CommandResult(argv, None, error="not found", duration_s=time.monotonic() - start)
    except PermissionError:
        return CommandResult(argv, None, error="permission denied", duration_s=time.monotonic() - start)
    except OSError as exc:  # e.g. "Exec format error": not a program for this machine
        return CommandResult(argv, None, error=f"cannot run: {exc.strerror or exc}", duration_s=time.monotonic() - start)

    job = WinJob(proc)
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
    _finish_reading(pumps, state, token)
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
