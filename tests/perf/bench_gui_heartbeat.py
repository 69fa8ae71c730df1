"""GUI responsiveness in the real window: during the scan, a benchmark and monitoring.
Prints a table and JSON.

A QTimer on the GUI thread ticks every 10 ms; the lateness of each tick (the time since the
previous tick, less 10 ms) is how long the GUI could not react. It is recorded for an idle
stretch first (the baseline), then in the window as the app builds it (this computer, the real
probes):
- scan: the check of this computer (driver, CUDA, cuDNN, every Python, TF started in each);
- benchmark: the Benchmark page runs a real quick benchmark (the real agent, ``--quick`` or
  ``--tiny`` sizes) in this Python, with the mini-monitor shown (the monitor's sampler thread);
- monitoring: the Monitor page shown with every plot ("More plots"), reading every 0.1 s.
Without the real agent the benchmark falls back to the scripted fake agent (noted in the output).
Targets: max lateness < 50 ms and p99 < 20 ms in each phase.

Code or the machine? Each tick also records the GUI thread's own CPU time (``time.thread_time``):
a stall the code causes burns it, one caused by other processes on the shared cores does not
("CPU % in stalls"). ``--load N`` adds N busy-loop processes; ``--why`` times the benchmark's,
monitor's and session's slots (and the paint events inside them: synchronous repaints), lists
the ticks with the most GUI-thread CPU, and samples the GUI thread's stack during stalls.
A before/after comparison: run it on each version back to back, on the same machine.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/perf/bench_gui_heartbeat.py [--device cpu] [--tiny] [--why] [--load N] [--json-out FILE]
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))

from PySide6.QtCore import QElapsedTimer, QEvent, QEventLoop, QObject, Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

TICK_MS = 10
TARGET_MAX_MS = 50.0
TARGET_P99_MS = 20.0
TINY_ARGS = ("--matmul-sizes", "256", "--min-time", "0.05", "--min-warmup-s", "0.05",
             "--conv-batch", "2", "--train-batch", "8", "--bandwidth-mib", "8")


class Heartbeat:
    """Records the lateness of a 10 ms precise timer on the GUI thread."""

    def __init__(self) -> None:
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.clock = QElapsedTimer()
        self.last_ns = 0
        self.last_cpu = 0.0
        self.lateness_ms: list[float] = []
        self.cpu_ms: list[float] = []  # the GUI thread's own CPU time between two ticks
        self.ran: list[str] = []  # the timed slots that ran since the last tick (--why)
        self.heaviest: list[tuple[float, float, str]] = []  # (CPU ms, lateness, slots) per tick

    def start(self) -> None:
        self.lateness_ms = []
        self.cpu_ms = []
        self.heaviest = []
        self.ran = []
        self.clock.start()
        self.last_ns = self.clock.nsecsElapsed()
        self.last_cpu = time.thread_time()
        self.timer.start()

    def stop(self) -> list[tuple[float, float]]:
        """(lateness, the GUI thread's own CPU ms) for each tick."""
        self.timer.stop()
        return list(zip(self.lateness_ms, self.cpu_ms))

    def _tick(self) -> None:
        now = self.clock.nsecsElapsed()
        cpu = time.thread_time()
        self.lateness_ms.append(max(0.0, (now - self.last_ns) / 1e6 - TICK_MS))
        self.cpu_ms.append((cpu - self.last_cpu) * 1000)
        self.heaviest.append((self.cpu_ms[-1], self.lateness_ms[-1], ", ".join(self.ran) or "-"))
        self.ran = []
        self.last_ns = now
        self.last_cpu = cpu


class StallSampler:
    """A thread that looks at the GUI thread's Python stack every 2 ms while a tick is 8 ms overdue
    (``--why``): the stacks seen most often during stalls say what blocked the GUI."""

    def __init__(self, beat: Heartbeat, late_ms: float = 8.0) -> None:
        self.beat = beat
        self.late_ms = late_ms
        self.main_id = threading.main_thread().ident
        self.stacks: collections.Counter[str] = collections.Counter()
        self.stop_flag = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stop_flag.set()
        self.thread.join()

    def take(self) -> collections.Counter[str]:
        taken, self.stacks = self.stacks, collections.Counter()
        return taken

    def _run(self) -> None:
        while not self.stop_flag.wait(0.002):
            if not self.beat.timer.isActive():
                continue
            overdue = (self.beat.clock.nsecsElapsed() - self.beat.last_ns) / 1e6 - TICK_MS
            if overdue < self.late_ms:
                continue
            frame = sys._current_frames().get(self.main_id)
            lines = []
            while frame is not None and len(lines) < 6:
                code = frame.f_code
                where = code.co_filename
                if "tfgpu" in where or "pyqtgraph" in where or "/gui/" in where or "/core/" in where:
                    lines.append(f"{Path(where).name}:{frame.f_lineno} {code.co_name}")
                frame = frame.f_back
            self.stacks[" <- ".join(lines) or "(event loop / C++)"] += 1


SLOTS = (  # the GUI-thread slots of the benchmark and the monitor, timed with --why
    ("tfgpu.gui.pages.benchmark.page", "BenchmarkPage", ("_on_update", "_on_finished", "_on_history",
                                                            "_sync_monitor", "_refresh_compare")),
    ("tfgpu.gui.pages.benchmark.results_view", "BenchResultsView", ("show_run", "add_live_test")),
    ("tfgpu.gui.pages.benchmark.mini_monitor", "MiniMonitor", ("_on_frame", "_render_if_dirty", "start", "stop")),
    ("tfgpu.gui.pages.monitor.page", "MonitorPage", ("_on_frame", "redraw", "refresh_figures")),
    ("tfgpu.gui.session", "Session", ("_on_checked", "_on_verdict")),
)


class PaintsInside(QObject):
    """Counts the paint events that happen inside a timed slot (a synchronous repaint)."""

    def __init__(self) -> None:
        super().__init__()
        self.inside: list[str] = []
        self.paints: collections.Counter[str] = collections.Counter()

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if self.inside and event.type() == QEvent.Type.Paint:
            self.paints[self.inside[-1]] += 1
        return False


def time_slots(durations: dict[str, list[float]], paints: PaintsInside, beat: Heartbeat) -> None:
    """Wrap each slot in SLOTS (on the class, before any page connects it) to record its ms."""
    import functools
    import importlib

    for module_name, class_name, names in SLOTS:
        cls = getattr(importlib.import_module(module_name), class_name)
        for name in names:
            original = getattr(cls, name, None)
            if original is None:
                continue

            def timed(self, *args, _original=original, _key=f"{class_name}.{name}"):
                started = time.perf_counter()
                paints.inside.append(_key)
                beat.ran.append(_key.split(".")[-1])
                try:
                    return _original(self, *args)
                finally:
                    paints.inside.pop()
                    durations.setdefault(_key, []).append((time.perf_counter() - started) * 1000)

            setattr(cls, name, functools.wraps(original)(timed))


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))] if ordered else float("nan")


def summary(ticks: list[tuple[float, float]]) -> dict:
    """Lateness max/p99/p50, and how much of it the GUI thread spent on its own CPU work: a stall
    the code causes burns the thread's CPU; one that other processes cause (the 2 shared cores)
    does not (``cpu_max_ms``: the most CPU the GUI thread used between two ticks;
    ``stall_cpu_pct``: its share of the time in ticks more than 15 ms late)."""
    values = [late for late, _cpu in ticks]
    cpu = [c for _late, c in ticks]
    stalls = [(late, c) for late, c in ticks if late > 15.0]
    stall_wall = sum(late + TICK_MS for late, _c in stalls)
    return {"samples": len(values), "max_ms": round(max(values), 2) if values else None,
            "p99_ms": round(percentile(values, 0.99), 2), "p50_ms": round(statistics.median(values), 2) if values else None,
            "cpu_max_ms": round(max(cpu), 2) if cpu else None, "cpu_p99_ms": round(percentile(cpu, 0.99), 2),
            "stalls": len(stalls),
            "stall_cpu_pct": round(100 * sum(c for _l, c in stalls) / stall_wall, 1) if stall_wall else None}


def spin(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def run_phase(beat: Heartbeat, start, busy, timeout_s: float) -> tuple[list[tuple[float, float]], float]:
    """Lateness while ``start()``'s work runs (until ``busy()`` is False), and its seconds."""
    beat.start()
    started = time.perf_counter()
    start()
    deadline = time.monotonic() + timeout_s
    while busy() and time.monotonic() < deadline:
        spin(50)
    elapsed = time.perf_counter() - started
    return list(beat.stop()), elapsed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", choices=("both", "gpu", "cpu"), default="both")
    parser.add_argument("--tiny", action="store_true", help="tiny sizes (a few seconds) instead of --quick's")
    parser.add_argument("--fake", action="store_true", help="use the scripted fake agent")
    parser.add_argument("--idle-ms", type=int, default=2000)
    parser.add_argument("--monitor-s", type=float, default=10.0)
    parser.add_argument("--timeout-s", type=float, default=540.0)
    parser.add_argument("--json-out")
    parser.add_argument("--load", type=int, default=0,
                        help="start N busy-loop processes for the whole run (a shared machine's other work)")
    parser.add_argument("--why", action="store_true", help="sample the GUI thread's stack during stalls")
    args = parser.parse_args()

    load_start = round(os.getloadavg()[0], 2)
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.load)]
    data_dir = tempfile.mkdtemp(prefix="tfgpu-heartbeat-")
    os.environ["TFGPU_DATA_DIR"] = data_dir  # the runs this makes do not go into the user's history
    app = QApplication.instance() or QApplication(sys.argv)

    from tfgpu.gui.window.main_window import MainWindow

    real_agent = (REPO / "core" / "agents" / "bench.py").exists() and importlib.util.find_spec("tensorflow")
    note = ""
    if args.fake or not real_agent:
        from fakes.fake_bench_agent import make_fake_python

        os.environ.setdefault("FAKE_BENCH_TEST_S", "0.5")
        python = make_fake_python(Path(data_dir), "gpu")
        note = "fake agent (the real agent or TensorFlow is missing)" if not args.fake else "fake agent (--fake)"
    else:
        python = sys.executable

    slot_ms: dict[str, list[float]] = {}
    paints = PaintsInside()
    beat = Heartbeat()
    if args.why:
        time_slots(slot_ms, paints, beat)
        app.installEventFilter(paints)
    window = MainWindow()  # this computer, every page, as the app builds it
    window.show()
    spin(300)
    sampler = StallSampler(beat) if args.why else None
    if sampler:
        sampler.start()
    why: dict[str, collections.Counter[str]] = {}
    beat.start()
    spin(args.idle_ms)
    idle = list(beat.stop())
    why["idle"] = sampler.take() if sampler else collections.Counter()
    heaviest = {"idle": sorted(beat.heaviest, reverse=True)[:3]}
    state = window.context.session

    # 1. the check of this computer, from the welcome page
    scan, scan_s = run_phase(beat, window.start_scan, lambda: state.scanning, args.timeout_s)
    why["scan"] = sampler.take() if sampler else collections.Counter()
    heaviest["scan"] = sorted(beat.heaviest, reverse=True)[:3]

    # 2. a benchmark on its page (the mini-monitor shows during the run)
    window.go_to("benchmark")
    page = window.page_by_id("benchmark")
    spin(300)
    page.select_python(python)
    page.device_combo.setCurrentIndex(page.device_combo.findData(args.device))
    if args.tiny:
        page.agent_args = TINY_ARGS
    bench, bench_s = run_phase(beat, page.run_button.click, page.is_busy, args.timeout_s)
    timed_out = page.is_busy()
    why["benchmark"] = sampler.take() if sampler else collections.Counter()
    heaviest["benchmark"] = sorted(beat.heaviest, reverse=True)[:3]
    run = page.run

    # 3. monitoring: every plot, read every 0.1 s
    window.go_to("monitor")
    monitor = window.page_by_id("monitor")
    monitor.more_button.setChecked(True)
    monitor.interval_combo.setCurrentIndex(monitor.interval_combo.findData(0.1))
    ends = time.monotonic() + args.monitor_s
    watch, watch_s = run_phase(beat, lambda: None, lambda: time.monotonic() < ends, args.monitor_s + 5)
    frames = len(monitor.service.history.times())
    why["monitoring"] = sampler.take() if sampler else collections.Counter()
    heaviest["monitoring"] = sorted(beat.heaviest, reverse=True)[:3]
    if sampler:
        sampler.stop()

    window.confirm_close = lambda _questions: True
    window.close()  # shuts every page and the monitor's sampler down
    for burner in burners:
        burner.kill()
        burner.wait()

    phases = {"idle": summary(idle), "scan": summary(scan), "benchmark": summary(bench), "monitoring": summary(watch)}
    ok = all(p["samples"] and p["max_ms"] < TARGET_MAX_MS and p["p99_ms"] < TARGET_P99_MS
             for name, p in phases.items() if name != "idle") and not timed_out
    result = {
        "agent": "fake" if note else "real", "note": note, "python": python,
        "mode": "tiny" if args.tiny else "quick", "device": args.device,
        "scan_seconds": round(scan_s, 2), "scan_pythons": len(state.scan.pythons.envs) if state.scan else None,
        "run_status": str(run.status) if run else None, "run_figures": len(run.figures()) if run else 0,
        "run_seconds": round(bench_s, 2), "timed_out": timed_out,
        "monitor_seconds": round(watch_s, 2), "monitor_frames": frames,
        "load_average_start": load_start, "added_load": args.load,
        **phases, "target_max_ms": TARGET_MAX_MS, "target_p99_ms": TARGET_P99_MS, "ok": ok,
    }
    rows = [("", "samples", "max ms", "p99 ms", "p50 ms", "GUI CPU max ms", "GUI CPU p99 ms", "stalls>15", "CPU % in stalls")]
    for name in phases:
        s_ = phases[name]
        rows.append((name, str(s_["samples"]), f"{s_['max_ms']}", f"{s_['p99_ms']}", f"{s_['p50_ms']}",
                     f"{s_['cpu_max_ms']}", f"{s_['cpu_p99_ms']}", str(s_["stalls"]), f"{s_['stall_cpu_pct']}"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))))
    print(f"scan: {result['scan_seconds']} s, {result['scan_pythons']} Pythons; benchmark: {result['run_status']}, "
          f"{result['run_figures']} figures in {result['run_seconds']} s ({result['agent']} agent, {result['mode']}); "
          f"monitoring: {frames} frames in {result['monitor_seconds']} s")
    print(f"load average at start {load_start}, busy-loop processes added: {args.load}")
    print(f"target: max < {TARGET_MAX_MS:.0f} ms and p99 < {TARGET_P99_MS:.0f} ms in each phase -> "
          f"{'OK' if ok else 'MISSED'}")
    if note:
        print(f"note: {note}")
    if slot_ms:
        print("slots on the GUI thread (whole run): calls, max ms, total ms, paint events inside (synchronous repaints)")
        for key, values in sorted(slot_ms.items(), key=lambda kv: -max(kv[1])):
            print(f"  {key:32s} {len(values):5d} {max(values):8.2f} {sum(values):9.1f} {paints.paints[key]:6d}")
    if args.why:
        print("the 3 ticks with the most GUI-thread CPU per phase: CPU ms, lateness ms, the timed slots that ran")
        for name, ticks in heaviest.items():
            for cpu, late, ran in ticks:
                print(f"  {name:10s} {cpu:6.1f} {late:6.1f}  {ran}")
    for name, stacks in why.items():
        if stacks:
            print(f"GUI thread during stalls ({name}), samples every 2 ms while a tick is > 8 ms late:")
            for stack, count in stacks.most_common(8):
                print(f"  {count:4d}  {stack}")
    print(json.dumps(result))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2), encoding="utf-8")
    app.processEvents()
    shutil.rmtree(data_dir, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
