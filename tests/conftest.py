"""Shared test set-up: Qt offscreen, and helpers that build fake machines."""

from __future__ import annotations

import gc
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


# -- property tests: 500 examples in the ordinary run, 10,000 in the slow one -------------------------
#: ``pytest --hypothesis-profile slow`` (or TFGPU_PROPERTY_EXAMPLES=N) runs the long property tests in full.
PROPERTY_EXAMPLES = 500
SLOW_PROPERTY_EXAMPLES = 10_000


def _register_hypothesis_profiles() -> None:
    try:
        from hypothesis import settings
    except ImportError:  # hypothesis is a test extra; the tests that need it import it themselves
        return
    settings.register_profile("slow", max_examples=SLOW_PROPERTY_EXAMPLES)


_register_hypothesis_profiles()


def property_examples() -> int:
    """How many examples a long property test runs: TFGPU_PROPERTY_EXAMPLES, else 10,000 under the
    ``slow`` Hypothesis profile, else 500 (so the ordinary run stays within the CI budget)."""
    from hypothesis import settings

    forced = os.environ.get("TFGPU_PROPERTY_EXAMPLES")
    if forced:
        return int(forced)
    return SLOW_PROPERTY_EXAMPLES if settings.default.max_examples >= SLOW_PROPERTY_EXAMPLES else PROPERTY_EXAMPLES


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


# -- leaks: a test must not leave a thread, a QThread, a QTimer or a window alive (as napari does) ----

_LEAK_GRACE_S = 3.0
#: Windows Qt makes and keeps on its own (tooltips, the combo box popup container...): never ours.
_QT_OWN_WINDOWS = frozenset({"QTipLabel", "QComboBoxPrivateContainer", "QWhatsThat", "QBalloonTip"})


def _running_qthreads() -> list:
    from PySide6.QtCore import QThread

    return [t for t in list(_STARTED_QTHREADS) if _alive(t, QThread)]


def _active_qtimers() -> list:
    from PySide6.QtCore import QTimer

    found = []
    for timer in list(_STARTED_QTIMERS):
        try:
            if isinstance(timer, QTimer) and timer.isActive():
                found.append(timer)
        except RuntimeError:  # deleted with its owner: not running
            continue
    return found


def _alive(thread, kind) -> bool:
    try:
        return isinstance(thread, kind) and thread.isRunning()
    except RuntimeError:  # the C++ object is gone: not running
        return False


def _track(cls, started: weakref.WeakSet) -> None:
    """Remember every object of ``cls`` started from Python (weakly), so a test can check none is left."""
    original = cls.start
    if getattr(original, "_tfgpu_tracked", False):
        return

    def start(self, *args, **kwargs):
        started.add(self)
        return original(self, *args, **kwargs)

    start._tfgpu_tracked = True  # type: ignore[attr-defined]
    cls.start = start


def _track_qthreads() -> None:
    from PySide6.QtCore import QThread, QTimer

    _track(QThread, _STARTED_QTHREADS)
    _track(QTimer, _STARTED_QTIMERS)


_STARTED_QTHREADS: weakref.WeakSet = weakref.WeakSet()
_STARTED_QTIMERS: weakref.WeakSet = weakref.WeakSet()


def _window_keys() -> set[int]:
    """The top-level widgets alive now, by their C++ address."""
    from PySide6.QtWidgets import QApplication
    from shiboken6 import getCppPointer

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return set()
    return {getCppPointer(w)[0] for w in app.topLevelWidgets()}


def _leaked_windows(before: set[int]) -> list:
    """Top-level widgets made during the test and still alive once deferred deletes ran."""
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication
    from shiboken6 import getCppPointer, isValid

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return []
    for _ in range(3):  # a deleted window can post the deletion of its own children
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        app.processEvents()
    gc.collect()  # pyqtgraph's menus (no parent) go with the plots that hold them
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    return [w for w in app.topLevelWidgets() if isValid(w) and getCppPointer(w)[0] not in before
            and w.metaObject().className() not in _QT_OWN_WINDOWS and not _pyqtgraph_menu(w)]


def _pyqtgraph_menu(widget) -> bool:
    """pyqtgraph makes its plots' context menus without a parent and keeps them in its own registries
    (ViewBox.AllViews...) after the plot widget is deleted: a third party's, not a window of ours."""
    from PySide6.QtWidgets import QMenu

    while isinstance(widget, QMenu) and not widget.isVisible():
        parent = widget.parent()
        if parent is None:
            return True
        widget = parent  # its sub-menus ("Points", "Downsample"...) hang off the parentless one
    return False


def leaks_after(before_threads: set, before_windows: set[int] | None, grace_s: float = _LEAK_GRACE_S) -> list[str]:
    """What a test left behind: Python threads, QThreads and QTimers still running, and (with
    ``before_windows``) top-level widgets still alive. Waits up to ``grace_s`` for work to end."""
    deadline = time.monotonic() + grace_s
    while True:
        # A QThread that ran Python code shows up as a never-ending "Dummy" thread: QThreads are checked apart.
        threads = [t for t in threading.enumerate() if t not in before_threads and t.is_alive()
                   and not isinstance(t, threading._DummyThread)]
        qthreads = _running_qthreads() if _STARTED_QTHREADS else []
        if (not threads and not qthreads) or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    leaked = [f"thread {t.name!r}" for t in threads] + [f"QThread {q.objectName()!r}" for q in qthreads]
    if before_windows is not None:
        leaked += [f"QTimer {t.objectName() or t.interval()!r} (active)" for t in _active_qtimers()]
        leaked += [f"widget {w.metaObject().className()} {w.objectName()!r}" for w in _leaked_windows(before_windows)]
    return leaked


@pytest.fixture(autouse=True)
def no_thread_left_running(request):
    """Fails a test that leaves a Python thread, a QThread or a QTimer running, or a window alive (the
    widgets pytest-qt's qtbot.addWidget holds are closed and deleted before this looks)."""
    qt = "qtbot" in request.fixturenames or "qapp" in request.fixturenames
    if qt:
        _track_qthreads()
        _STARTED_QTIMERS.clear()
    before = set(threading.enumerate())
    windows = _window_keys() if qt else None
    yield
    leaked = leaks_after(before, windows)
    assert not leaked, f"left running or alive after the test: {', '.join(leaked)}"


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
