"""The one writer (and bounded reader) of every file tfgpu changes: reports, the user's profiles and
activate scripts, backups, the install registry and logs, saved runs, the last scan.

Writing (:func:`write_file`):

- a regular file is replaced through a temporary file created exclusively (``mkstemp``) beside it,
  flushed to the disk, given the target's mode and owner, then renamed over it (``os.replace``);
- a device, FIFO or socket is never replaced: it is written into directly (``direct="allow"``, as
  ``report -o /dev/stdout`` wants) or refused (``direct="refuse"``, where the change must be atomic);
- a link is followed only when the caller says so (``follow_links``); a dangling link is refused;
- a read-only target (no write bit, or not writable for us) is refused with its reason;
- no folder is made, except the private data folder's own (``make_folders``);
- a lock per target (:func:`target_lock`, ``fcntl``/``msvcrt``, in the data folder) serialises
  concurrent changes between threads and processes; a lock not free in time is a refusal;
- every failure is a :class:`StorageError` saying what did *not* change; every success a
  :class:`WriteResult` saying what did.

Reading our own documents (:func:`read_bytes`, :func:`read_json`): bounded, regular files only, never
a link, and ``jsonsafe`` for the JSON: one damaged file is a :class:`DamagedFile`, never a hang.
``$TFGPU_DATA_DIR`` overrides the data folder (tests, portable installs).
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import secrets
import stat
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import platformdirs

from tfgpu.core import jsonsafe

APP_NAME = "tfgpu"
DATA_DIR_ENV = "TFGPU_DATA_DIR"
TEMP_SUFFIX = ".tfgpu.tmp"
LOCK_TIMEOUT_S = 30.0
CHUNK = 256 * 1024
Opener = Callable[[str], int]  # makes the temporary file (tests inject failures here)


class StorageError(OSError):
    """A file that was not written (or read); the message says which, why, and what was left as it was."""

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(code or 0, message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class DamagedFile(ValueError):
    """One of our saved documents that cannot be read (too large, not a regular file, bad JSON)."""


@dataclass(frozen=True)
class WriteResult:
    path: Path  # the file that now holds the data (a followed link's target)
    how: str  # "created", "replaced", "written-into"
    size: int

    @property
    def message(self) -> str:
        if self.how == "written-into":
            return f"wrote {self.size} bytes into {self.path} (not a regular file: it was not replaced)"
        if self.how == "created":
            return f"created {self.path} ({self.size} bytes)"
        return f"replaced {self.path} ({self.size} bytes; its mode and owner kept)"


# -- folders -------------------------------------------------------------------------------------------


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def private_folder(folder: Path) -> Path:
    """Make ``folder`` (and each missing parent) 0700; an existing leaf of ours is made 0700 too."""
    missing = []
    probe = folder
    while not probe.is_dir() and probe.parent != probe:
        missing.append(probe)
        probe = probe.parent
    for level in reversed(missing):
        with contextlib.suppress(FileExistsError):
            level.mkdir(mode=0o700)
    with contextlib.suppress(OSError):
        if folder.stat().st_uid == _uid():
            os.chmod(folder, 0o700)
    return folder


def _uid() -> int:
    return os.getuid() if hasattr(os, "getuid") else -1


# -- locks ---------------------------------------------------------------------------------------------

_held: dict[str, list[Any]] = {}  # key -> [RLock, fd, depth]
_held_guard = threading.Lock()


def _lock_key(path: Path) -> str:
    try:
        real = os.path.realpath(path)
    except (OSError, ValueError):
        real = os.path.abspath(path)
    return hashlib.sha256(os.path.normcase(real).encode("utf-8", "surrogateescape")).hexdigest()[:32]


@contextlib.contextmanager
def target_lock(path: str | os.PathLike[str], timeout: float = LOCK_TIMEOUT_S, *, name: str | None = None) -> Iterator[None]:
    """Hold the lock of ``path`` (re-entrant in one thread); StorageError when another holds it longer
    than ``timeout``. Without a writable data folder, only threads of this process are serialised.
    ``name`` locks something that is not a file (a registry value) by that name instead."""
    key = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:32] if name is not None \
        else _lock_key(Path(os.fspath(path)))
    with _held_guard:
        entry = _held.setdefault(key, [threading.RLock(), -1, 0])
    rlock: threading.RLock = entry[0]
    if not rlock.acquire(timeout=timeout):
        raise StorageError(f"{os.fspath(path)} is being changed by another part of tfgpu; nothing was changed")
    try:
        if entry[2] == 0:
            entry[1] = _os_lock(key, timeout, os.fspath(path))
        entry[2] += 1
        try:
            yield
        finally:
            entry[2] -= 1
            if entry[2] == 0 and entry[1] >= 0:
                _os_unlock(entry[1])
                entry[1] = -1
    finally:
        rlock.release()


def _os_lock(key: str, timeout: float, shown: str) -> int:
    try:
        folder = private_folder(data_dir() / "locks")
        fd = os.open(folder / f"{key}.lock", os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        return -1  # no data folder: threads of this process are still serialised
    deadline = time.monotonic() + timeout
    while True:
        try:
            if sys.platform == "win32":
                import msvcrt

                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except OSError:
            if time.monotonic() >= deadline:
                os.close(fd)
                raise StorageError(f"{shown} is being changed by another tfgpu; nothing was changed") from None
            time.sleep(0.02)


def _os_unlock(fd: int) -> None:
    with contextlib.suppress(OSError):
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)
    with contextlib.suppress(OSError):
        os.close(fd)


# -- writing -------------------------------------------------------------------------------------------


def write_file(path: str | os.PathLike[str], data: bytes | Iterable[bytes], *, private: bool = False,
               follow_links: bool = False, direct: Literal["allow", "refuse"] = "refuse",
               make_folders: bool = False, lock: bool = True, mode: int | None = None,
               opener: Opener | None = None) -> WriteResult:
    """Write ``data`` to ``path`` as the module's rules say; StorageError (nothing changed) otherwise.

    ``private``: a new file is 0600 (an existing one keeps its mode unless ``mode`` is given);
    ``make_folders``: missing folders are made (0700 when private): only for tfgpu's own data folder."""
    target = _checked_name(path)
    if not lock:
        return _write(target, data, private, follow_links, direct, mode, opener, make_folders)
    with target_lock(target):
        return _write(target, data, private, follow_links, direct, mode, opener, make_folders)


def _checked_name(path: str | os.PathLike[str]) -> Path:
    try:
        target = Path(os.fspath(path))
        os.fsencode(target)
    except (UnicodeError, ValueError, TypeError) as exc:
        raise StorageError(f"the file name {os.fspath(path)!r} cannot be used on this system ({exc})") from None
    if "\0" in str(target):
        raise StorageError("a file name cannot hold a NUL character")
    return target


def _write(target: Path, data: bytes | Iterable[bytes], private: bool, follow_links: bool,
           direct: str, mode: int | None, opener: Opener | None, make_folders: bool) -> WriteResult:
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise StorageError(_words(exc, target), exc.errno) from exc
    if info is not None and stat.S_ISLNK(info.st_mode):
        if not follow_links:
            raise StorageError(f"{target} is a link; tfgpu does not write through it: nothing was changed")
        real = Path(os.path.realpath(target))
        try:
            info = os.stat(real)
        except OSError:
            raise StorageError(f"{target} is a link to {real}, which does not exist: nothing was written") from None
        target = real
    folder = target.parent if str(target.parent) else Path(".")
    if info is None and not folder.is_dir():
        if not make_folders:
            raise StorageError(f"the folder {folder} does not exist: {target.name} was not written")
        try:  # only a plain missing name gets its folders: never a link's far end
            private_folder(folder) if private else folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StorageError(_words(exc, target), exc.errno) from exc
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            raise StorageError(f"{target} is a folder; give a file name: nothing was changed")
        if not stat.S_ISREG(info.st_mode):
            if direct != "allow":
                raise StorageError(f"{target} is {_kind(info.st_mode)}, not a regular file: it cannot be changed "
                                   "safely in one step, so it was left as it was")
            return _write_into(target, info, data)
        _check_writable(target, info)
    return _replace(target, folder, info, data, private, mode, opener)


def _kind(mode: int) -> str:
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def _check_writable(target: Path, info: os.stat_result) -> None:
    if not info.st_mode & 0o222:
        raise StorageError(f"{target} is read-only (mode {stat.S_IMODE(info.st_mode):04o}): it was not changed; "
                           "make it writable first if you want tfgpu to change it", errno.EACCES)
    if not os.access(target, os.W_OK):
        raise StorageError(f"{target} is not writable for this user: it was not changed", errno.EACCES)
    if info.st_uid != _uid() and _uid() != 0 and _uid() != -1:
        raise StorageError(f"{target} belongs to another user; replacing it would change its owner: it was not "
                           "changed", errno.EPERM)


def _chunks(data: bytes | Iterable[bytes]) -> Iterable[bytes]:
    return [bytes(data)] if isinstance(data, (bytes, bytearray, memoryview)) else data


def _write_all(fd: int, data: bytes | Iterable[bytes]) -> int:
    size = 0
    for chunk in _chunks(data):
        view = memoryview(chunk)
        while view:
            written = os.write(fd, view[:CHUNK])
            view = view[written:]
            size += written
    return size


def _write_into(target: Path, info: os.stat_result, data: bytes | Iterable[bytes]) -> WriteResult:
    if stat.S_ISSOCK(info.st_mode):
        raise StorageError(f"{target} is a socket: nothing was written")
    flags = os.O_WRONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(target, flags)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            raise StorageError(f"nobody reads the FIFO {target}: nothing was written") from None
        raise StorageError(_words(exc, target), exc.errno) from exc
    try:
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        size = _write_all(fd, data)
    except OSError as exc:
        raise StorageError(_words(exc, target) + f" ({target} is {_kind(info.st_mode)}; it was not replaced)",
                           exc.errno) from exc
    finally:
        os.close(fd)
    return WriteResult(target, "written-into", size)


def _replace(target: Path, folder: Path, info: os.stat_result | None, data: bytes | Iterable[bytes],
             private: bool, mode: int | None, opener: Opener | None) -> WriteResult:
    _remove_stale_temporaries(folder, target.name)
    try:
        fd, temporary = _create_temporary(folder, target.name, opener)
    except OSError as exc:
        raise StorageError(_words(exc, target), exc.errno) from exc
    try:
        try:
            size = _write_all(fd, data)
            os.fsync(fd)
            if mode is None and info is not None:
                mode = stat.S_IMODE(info.st_mode)
            if mode is None:
                mode = 0o600 if private else 0o666 & ~_umask()
            _fchmod(fd, temporary, mode)
            if info is not None and hasattr(os, "fchown") and (info.st_uid, info.st_gid) != _owner(fd):
                os.fchown(fd, info.st_uid, info.st_gid)
                _fchmod(fd, temporary, mode)  # chown clears set-id bits
        finally:
            os.close(fd)
        now = _lstat_or_none(target)
        if _identity(now) != _identity(info):
            raise StorageError(f"{target} was changed by something else while tfgpu wrote it: it was left as it "
                               "was")
        os.replace(temporary, target)
    except StorageError:
        _unlink(temporary)
        raise
    except OSError as exc:
        _unlink(temporary)
        raise StorageError(_words(exc, target), exc.errno) from exc
    return WriteResult(target, "created" if info is None else "replaced", size)


def _create_temporary(folder: Path, name: str, opener: Opener | None) -> tuple[int, str]:
    """A new file beside the target, made exclusively (O_EXCL, never through a link), 0600."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        temporary = str(folder / f".{name}.{os.getpid()}.{secrets.token_hex(4)}{TEMP_SUFFIX}")
        try:
            return (opener(temporary) if opener else os.open(temporary, flags, 0o600)), temporary
        except FileExistsError:
            continue
    raise StorageError(f"cannot make a temporary file beside {folder / name}: nothing was changed")


def _identity(info: os.stat_result | None) -> tuple[int, int, int] | None:
    return None if info is None else (info.st_dev, info.st_ino, stat.S_IFMT(info.st_mode))


def _lstat_or_none(path: Path) -> os.stat_result | None:
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def _owner(fd: int) -> tuple[int, int]:
    info = os.fstat(fd)
    return info.st_uid, info.st_gid


def _fchmod(fd: int, path: str, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:
        os.chmod(path, mode)


def _umask() -> int:
    current = os.umask(0o022)
    os.umask(current)
    return current


def _unlink(path: str | Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def write_private_json(path: str | os.PathLike[str], document: object) -> Path:
    """One of tfgpu's own saved documents (a bench or profile run...): JSON, 0600 in 0700 folders, atomic;
    StorageError (an OSError) with nothing half-written."""
    import json

    target = Path(path)
    write_file(target, json.dumps(document, indent=1).encode("utf-8"), private=True, make_folders=True, mode=0o600)
    return target


def remove_file(path: str | os.PathLike[str]) -> bool:
    """Remove a regular file or link (never a folder, device or FIFO); False when there was none."""
    target = _checked_name(path)
    info = _lstat_or_none(target)
    if info is None:
        return False
    if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
        raise StorageError(f"{target} is {_kind(info.st_mode)}, not a file tfgpu wrote: it was left as it was")
    try:
        os.unlink(target)
    except OSError as exc:
        raise StorageError(_words(exc, target), exc.errno) from exc
    return True


def _words(exc: OSError, target: Path) -> str:
    if isinstance(exc, StorageError):
        return exc.message
    folder = target.parent if str(target.parent) else Path(".")
    code = exc.errno
    if code in (errno.EACCES, errno.EPERM):
        return f"cannot write {target.name} in {folder}: permission denied; {target} was not changed"
    if code == errno.ENOSPC:
        return f"the disk is full: {target} was not changed (free some space or choose another drive)"
    if code == errno.EFBIG:
        return f"{target} was not changed: the file is larger than this system allows (a file size limit)"
    if code == errno.EDQUOT:
        return f"{target} was not changed: the disk quota is used up"
    if code == errno.EROFS:
        return f"cannot write {target.name} in {folder}: the drive is read-only; nothing was changed"
    if code == errno.ENAMETOOLONG:
        return f"the file name is too long: {target}"
    if code == errno.EINVAL:
        return f"{target.name!r} is not a valid file name here"
    return f"cannot write {target}: {exc.strerror or exc}; it was not changed"


def _remove_stale_temporaries(folder: Path, name: str) -> None:
    """Temporary files that a killed earlier write to ``name`` left behind (their process is gone)."""
    prefix = f".{name}."
    try:
        entries = [e for e in os.listdir(folder) if e.startswith(prefix) and e.endswith(TEMP_SUFFIX)]
    except OSError:
        return
    for entry in entries:
        pid = entry[len(prefix):].split(".", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            with contextlib.suppress(OSError):
                if stat.S_ISREG(os.lstat(folder / entry).st_mode):
                    os.unlink(folder / entry)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        import psutil

        return bool(psutil.pid_exists(pid))
    except Exception:  # noqa: BLE001 - when unsure, leave the file alone
        return True


# -- reading our own documents -------------------------------------------------------------------------


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """A regular file of at most ``limit`` bytes (never a link, device or FIFO); DamagedFile otherwise,
    FileNotFoundError when there is none."""
    name = Path(os.fspath(path)).name
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    try:
        info = os.lstat(path)
        if not stat.S_ISREG(info.st_mode):
            raise DamagedFile(f"{name}: {'a link' if stat.S_ISLNK(info.st_mode) else _kind(info.st_mode)}, "
                              "not a regular file")
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise DamagedFile(f"{name}: cannot be read ({exc.strerror or exc})") from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise DamagedFile(f"{name}: not a regular file")
        chunks, size = [], 0
        while True:
            chunk = os.read(fd, min(CHUNK, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise DamagedFile(f"{name}: larger than any file tfgpu writes ({limit} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise DamagedFile(f"{name}: cannot be read ({exc.strerror or exc})") from exc
    finally:
        os.close(fd)


def read_json(path: str | os.PathLike[str], limit: int) -> Any:
    """A JSON document of ours, bounded in size and depth; DamagedFile when it cannot be read."""
    data = read_bytes(path, limit)
    try:
        return jsonsafe.loads(data)
    except ValueError as exc:
        raise DamagedFile(f"{Path(os.fspath(path)).name}: {exc}") from None


# -- reading what the user names (a saved scan, a CSV log): FIFOs and terminals too ----------------------


class Cancelled(Exception):
    """A read stopped by the cancel event (a signal)."""


def read_input(path: str | os.PathLike[str], limit: int, cancel: threading.Event | None = None,
               poll_s: float = 0.1) -> bytes:
    """At most ``limit`` bytes of a file the user named: a regular file, a FIFO, a terminal or a device.
    A FIFO nobody writes to, or a terminal nobody types into, waits only until ``cancel`` is set
    (:class:`Cancelled`); more than ``limit`` bytes (``/dev/zero``) is a ValueError; a folder an OSError."""
    if sys.platform == "win32":  # no select() on files there; the same bound
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
        if len(data) > limit:
            raise ValueError(f"larger than {limit // (1024 * 1024)} MB; not read")
        return data
    import select

    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, "it is a folder", os.fspath(path))
        waits_for_writer = stat.S_ISFIFO(mode)
        chunks: list[bytes] = []
        size = 0
        while True:
            if cancel is not None and cancel.is_set():
                raise Cancelled(f"reading {os.fspath(path)} was cancelled")
            ready, _, _ = select.select([fd], [], [], poll_s)
            if not ready:
                continue
            try:
                chunk = os.read(fd, min(CHUNK, limit + 1 - size))
            except BlockingIOError:
                continue
            if not chunk:
                if waits_for_writer and size == 0:  # no writer yet (or it wrote nothing): wait, cancellably
                    time.sleep(poll_s)
                    continue
                return b"".join(chunks)
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise ValueError(f"larger than {limit // (1024 * 1024)} MB; not read")
    finally:
        os.close(fd)


__all__ = ["Cancelled", "read_input", "DamagedFile", "StorageError", "WriteResult", "data_dir", "private_folder", "read_bytes",
           "read_json", "remove_file", "target_lock", "write_file"]
