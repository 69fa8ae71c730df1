"""Shared test set-up: Qt offscreen, and helpers that build fake machines."""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
import weakref
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# tfgpu's data folder (backups, saved runs, locks): never the real one of whoever runs the tests
os.environ.setdefault("TFGPU_DATA_DIR", tempfile.mkdtemp(prefix="tfgpu-tests-data-"))

from fakes.fake_host import FakeHost  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
#: The shared labelled real cases (copied from the steering repo's shared/corpus, sources in each case.json).
CORPUS = REPO / "tests" / "fixtures" / "corpus"
#: Our own labelled real cases from public threads (tests/fixtures/corpus-real/SOURCES.md).
CORPUS_REAL = REPO / "tests" / "fixtures" / "corpus-real"
PYENV = Path("/root/.pyenv/versions")


def corpus_text(case: str) -> str:
    """The real captured input of a corpus case."""
    path = CORPUS / case / "input.txt"
    if not path.exists():
        raise FileNotFoundError(f"corpus case {case} is missing: {path}")
    return path.read_text(encoding="utf-8", errors="replace")


def pyenv_python(version_prefix: str) -> str:
    """A real interpreter of the image's pyenv, or skip."""
    if PYENV.is_dir():
        for folder in sorted(PYENV.iterdir()):
            exe = folder / "bin" / "python"
            if folder.name.startswith(version_prefix) and exe.exists():
                return str(exe)
    pytest.skip(f"no pyenv Python {version_prefix} on this machine")


@pytest.fixture
def windows_host(tmp_path: Path) -> FakeHost:
    """A bare Windows 11 machine: C:\\Windows\\System32 exists, nothing NVIDIA."""
    import machines

    return machines.bare_windows_host(tmp_path)


@pytest.fixture
def linux_host(tmp_path: Path) -> FakeHost:
    host = FakeHost(
        root=tmp_path,
        system="Linux",
        release="6.8.0-45-generic",
        version="#45-Ubuntu SMP",
        machine="x86_64",
        env={"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/home/user"},
    )
    host.write("/etc/os-release", 'PRETTY_NAME="Ubuntu 22.04.4 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\n')
    host.write("/proc/version", "Linux version 6.8.0-45-generic (buildd@lcy02-amd64-075) #45-Ubuntu SMP\n")
    return host


@pytest.fixture
def windows_tf215(windows_host: FakeHost) -> FakeHost:
    """Windows 11, RTX 2080 SUPER, python.org 3.11 with the CPU-only TF 2.15 wheel (tests/machines.py)."""
    import machines

    return machines.windows_tf215(windows_host)


@pytest.fixture
def healthy_linux(linux_host: FakeHost) -> FakeHost:
    """Ubuntu 22.04, RTX 4000 SFF Ada, a venv whose TF 2.16.1 lists the GPU (tests/machines.py)."""
    import machines

    return machines.healthy_linux(linux_host)


@pytest.fixture
def no_nvidia_gpu(linux_host: FakeHost) -> FakeHost:
    """Ubuntu, NVML answers but there is no NVIDIA GPU; CPU-only TF 2.21 (tests/machines.py)."""
    import machines

    return machines.no_nvidia_gpu(linux_host)


@pytest.fixture
def python_exe() -> str:
    return sys.executable


# -- leaks: a test must not leave a thread or a QThread running -----------------------------------

_LEAK_GRACE_S = 3.0


def _running_qthreads() -> list:
    from PySide6.QtCore import QThread

    return [t for t in list(_STARTED_QTHREADS) if _alive(t, QThread)]


def _alive(thread, kind) -> bool:
    try:
        return isinstance(thread, kind) and thread.isRunning()
    except RuntimeError:  # the C++ object is gone: not running
        return False


def _track_qthreads() -> None:
    """Remember every QThread started from Python (weakly), so a test can check none is left running."""
    from PySide6.QtCore import QThread

    original = QThread.start
    if getattr(original, "_tfgpu_tracked", False):
        return

    def start(self, *args, **kwargs):
        _STARTED_QTHREADS.add(self)
        return original(self, *args, **kwargs)

    start._tfgpu_tracked = True  # type: ignore[attr-defined]
    QThread.start = start  # type: ignore[method-assign]


_STARTED_QTHREADS: weakref.WeakSet = weakref.WeakSet()


@pytest.fixture(autouse=True)
def no_thread_left_running(request):
    """Fails a test that leaves a Python thread or a QThread running (after a short grace period)."""
    if "qtbot" in request.fixturenames or "qapp" in request.fixturenames:
        _track_qthreads()
    before = set(threading.enumerate())
    yield
    deadline = time.monotonic() + _LEAK_GRACE_S
    while True:
        # A QThread that ran Python code shows up as a never-ending "Dummy" thread: QThreads are checked apart.
        threads = [t for t in threading.enumerate() if t not in before and t.is_alive()
                   and not isinstance(t, threading._DummyThread)]
        qthreads = _running_qthreads() if _STARTED_QTHREADS else []
        if (not threads and not qthreads) or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    leaked = [f"thread {t.name!r}" for t in threads] + [f"QThread {q.objectName()!r}" for q in qthreads]
    assert not leaked, f"left running after the test: {', '.join(leaked)}"


def pytest_collection_modifyitems(config, items):
    """On Windows, skip the tests marked ``posix``: they run sh/bash scripts, POSIX paths and
    permissions, signals, or this image's pyenv Pythons (the Windows CI runs everything else)."""
    if sys.platform != "win32":
        return
    skip = pytest.mark.skip(reason="POSIX-only (sh/bash, POSIX paths, signals or the image's pyenv Pythons)")
    for item in items:
        if item.get_closest_marker("posix"):
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def no_modal_dialog(request, monkeypatch):
    """A modal question in a test would wait forever: answer it "Close" and fail the test afterwards."""
    if "qtbot" not in request.fixturenames and "qapp" not in request.fixturenames:
        yield
        return
    from PySide6.QtWidgets import QMessageBox

    asked: list[str] = []

    def question(_parent, title, text, *args, **kwargs):
        asked.append(f"{title}: {text}")
        return QMessageBox.StandardButton.Close

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    yield
    assert not asked, f"a modal question was opened (tests set window.confirm_close): {asked}"
