"""Regression tests for PySide6 crashes, run in a subprocess so a crash fails the test
instead of killing the test runner.

* PySide6-Essentials 6.12.0 on Python 3.11 drops a reference to ``True`` on every
  ``emit`` and aborts ("Fatal Python error: bool_dealloc") after a few hundred.
* Dropping a QThread before ``wait()`` returned crashed a few runs in 40 (style-anchors §6);
  the scan controller's one-owner recipe must survive many start/finish cycles.
* The live monitor's path: a sampler on a plain Python thread hands every frame to the
  MonitorService, which crosses to the GUI thread with a queued signal and emits
  ``frame_added`` there; tens of thousands of frames must all arrive, in order.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

EMITS = 30_000
CYCLES = 150

EMIT_SCRIPT = textwrap.dedent(
    """
    import json, sys
    from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal, Slot

    N = int(sys.argv[1])

    class Emitter(QObject):
        flag = Signal(bool)
        value = Signal(object)
        plain = Signal()
        done = Signal()

        @Slot()
        def run(self):
            for i in range(N):
                self.flag.emit(i % 2 == 0)
                self.value.emit(i)
                self.plain.emit()
            self.done.emit()

    class Receiver(QObject):
        def __init__(self):
            super().__init__()
            self.flags = self.values = self.plains = 0

        @Slot(bool)
        def on_flag(self, _flag):
            self.flags += 1

        @Slot(object)
        def on_value(self, _value):
            self.values += 1

        @Slot()
        def on_plain(self):
            self.plains += 1

    app = QCoreApplication([])
    true_refs_before = sys.getrefcount(True)
    thread, emitter, receiver = QThread(), Emitter(), Receiver()
    emitter.moveToThread(thread)
    thread.started.connect(emitter.run)
    emitter.flag.connect(receiver.on_flag)      # queued: emitter lives in the other thread
    emitter.value.connect(receiver.on_value)
    emitter.plain.connect(receiver.on_plain)
    emitter.done.connect(thread.quit)
    thread.finished.connect(app.quit)
    thread.start()
    app.exec()
    thread.wait()
    app.processEvents()

    direct = Emitter()                           # same thread: direct calls
    direct.flag.connect(receiver.on_flag)
    for i in range(N):
        direct.flag.emit(True)
    print(json.dumps({
        "flags": receiver.flags, "values": receiver.values, "plains": receiver.plains,
        "true_ref_drift": true_refs_before - sys.getrefcount(True),
    }))
    """
)

CYCLE_SCRIPT = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QCoreApplication, QEventLoop, QTimer
    from tfgpu.core.scan import ScanProgress
    from tfgpu.gui.workers import ScanController

    CYCLES = int(sys.argv[1])

    def instant_scan(host=None, options=None, progress=None, cancel=None):
        for i in range(20):
            progress(ScanProgress("os", "Operating system", i + 1, 20))
        return object()

    app = QCoreApplication([])
    results = []
    for cycle in range(CYCLES):
        controller = ScanController(scan_fn=instant_scan)
        controller.finished.connect(results.append)
        loop = QEventLoop()
        controller.finished.connect(loop.quit)
        QTimer.singleShot(10_000, loop.quit)
        controller.start()
        if cycle % 3 == 2:
            controller.shutdown()                # close mid-scan: cancel, quit, wait
        else:
            loop.exec()
        assert controller.running_thread() is None, cycle
    print(f"cycles={CYCLES} finished={len(results)}")
    """
)

MONITOR_SCRIPT = textwrap.dedent(
    """
    import json, sys, threading
    from PySide6.QtCore import QCoreApplication, QTimer
    from tfgpu.core.monitor.samples import GpuSample, GpuStatus, HostSample, MonitorFrame
    from tfgpu.gui.monitor_service import MonitorService

    N = int(sys.argv[1])
    T0 = 1_800_000_000.0

    def stamp(i):
        return T0 + 0.1 * i

    class BurstSampler:
        # The real sampler's shape: on_frame is called from a plain threading.Thread.
        def __init__(self, host=None, *, interval_s, on_frame):
            self.on_frame, self.thread = on_frame, None

        def start(self):
            self.thread = threading.Thread(target=self.run, name="tfgpu-monitor-burst", daemon=True)
            self.thread.start()

        def run(self):
            for i in range(N):
                t = stamp(i)
                gpu = GpuSample(index=0, timestamp=t, gpu_util_percent=float(i % 101),
                                mem_used_mib=1024.0, mem_total_mib=4096.0)
                host = HostSample(t, cpu_percent=float(i % 100), ram_percent=50.0)
                self.on_frame(MonitorFrame(t, host, (gpu,), GpuStatus.OK))

        def stop(self):
            if self.thread is not None:
                self.thread.join(60)

        def close(self):
            self.stop()

        def is_running(self):
            return self.thread is not None and self.thread.is_alive()

        def set_interval(self, seconds):
            pass

    app = QCoreApplication([])
    true_refs_before = sys.getrefcount(True)
    gui_thread = threading.get_ident()
    service = MonitorService(interval_s=0.1, span_s=60.0, sampler_factory=BurstSampler)
    received, off_gui = [], [0]

    def on_frame(frame):
        if threading.get_ident() != gui_thread:
            off_gui[0] += 1
        received.append(frame.timestamp)
        if len(received) == N:
            app.quit()

    service.frame_added.connect(on_frame)
    QTimer.singleShot(180_000, app.quit)
    service.acquire("stress")
    app.exec()
    history = service.history
    capacity = len(history)
    print(json.dumps({
        "received": len(received),
        "in_order": received == [stamp(i) for i in range(N)],
        "off_gui_thread": off_gui[0],
        "capacity": history.capacity,
        "history_is_newest": list(history.times()) == [stamp(i) for i in range(N - capacity, N)]
                             and list(history.gpu(0, "gpu_util_percent")) == [float(i % 101) for i in range(N - capacity, N)],
        "true_ref_drift": true_refs_before - sys.getrefcount(True),
    }))
    service.shutdown()
    """
)


def _run(script: str, arg: int) -> subprocess.CompletedProcess:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-X", "faulthandler", "-c", script, str(arg)],
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
    )


def test_tens_of_thousands_of_queued_emits_do_not_crash() -> None:
    result = _run(EMIT_SCRIPT, EMITS)
    assert result.returncode == 0, f"the process died (PySide6 emit bug?):\n{result.stderr[-3000:]}"
    counts = json.loads(result.stdout.strip().splitlines()[-1])
    assert counts["flags"] == 2 * EMITS  # EMITS queued + EMITS direct
    assert counts["values"] == EMITS and counts["plains"] == EMITS
    if sys.version_info < (3, 12):  # True is immortal from 3.12 on, which hides the leak
        assert abs(counts["true_ref_drift"]) < 100, counts


def test_scan_controller_survives_many_start_and_shutdown_cycles() -> None:
    result = _run(CYCLE_SCRIPT, CYCLES)
    assert result.returncode == 0, f"the process died or failed:\n{result.stderr[-3000:]}"
    finished_count = int(result.stdout.strip().rsplit("finished=", 1)[1])
    expected = CYCLES - CYCLES // 3  # every third cycle is shut down before it reports
    assert finished_count == expected


def test_the_monitor_service_carries_tens_of_thousands_of_frames_to_the_gui_thread() -> None:
    result = _run(MONITOR_SCRIPT, EMITS)
    assert result.returncode == 0, f"the process died (PySide6 emit bug?):\n{result.stderr[-3000:]}"
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["received"] == EMITS and report["in_order"] and report["off_gui_thread"] == 0
    assert report["capacity"] == 601 and report["history_is_newest"]  # 60 s at 0.1 s: the newest 601
    if sys.version_info < (3, 12):
        assert abs(report["true_ref_drift"]) < 100, report
