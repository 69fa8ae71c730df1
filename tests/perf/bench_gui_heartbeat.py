"""GUI responsiveness while the Benchmark page runs a benchmark. Prints a table and JSON.

A QTimer on the GUI thread ticks every 10 ms; the lateness of each tick (the time since
the previous tick, less 10 ms) is how long the GUI could not react. It is recorded for an
idle stretch first (the baseline), then while the page runs a real quick benchmark: the
real agent (``--quick``) in this Python, with the mini-monitor shown (the monitor service's
sampler thread reading psutil and NVML).
Without the real agent it falls back to the scripted fake agent (noted in the output).
Target: max lateness < 50 ms while the benchmark runs.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/perf/bench_gui_heartbeat.py [--device cpu] [--tiny] [--json-out FILE]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))

from PySide6.QtCore import QElapsedTimer, QEventLoop, Qt, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

TICK_MS = 10
TARGET_MAX_MS = 50.0
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
        self.lateness_ms: list[float] = []

    def start(self) -> None:
        self.lateness_ms = []
        self.clock.start()
        self.last_ns = self.clock.nsecsElapsed()
        self.timer.start()

    def stop(self) -> list[float]:
        self.timer.stop()
        return self.lateness_ms

    def _tick(self) -> None:
        now = self.clock.nsecsElapsed()
        self.lateness_ms.append(max(0.0, (now - self.last_ns) / 1e6 - TICK_MS))
        self.last_ns = now


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))] if ordered else float("nan")


def summary(values: list[float]) -> dict:
    return {"samples": len(values), "max_ms": round(max(values), 2) if values else None,
            "p99_ms": round(percentile(values, 0.99), 2), "p50_ms": round(statistics.median(values), 2) if values else None}


def spin(ms: int) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--device", choices=("both", "gpu", "cpu"), default="both")
    parser.add_argument("--tiny", action="store_true", help="tiny sizes (a few seconds) instead of --quick's")
    parser.add_argument("--fake", action="store_true", help="use the scripted fake agent")
    parser.add_argument("--idle-ms", type=int, default=2000)
    parser.add_argument("--timeout-s", type=float, default=540.0)
    parser.add_argument("--json-out")
    args = parser.parse_args()

    data_dir = tempfile.mkdtemp(prefix="tfgpu-heartbeat-")
    os.environ["TFGPU_DATA_DIR"] = data_dir  # the runs this makes do not go into the user's history
    app = QApplication.instance() or QApplication(sys.argv)

    from tfgpu.gui.monitor_service import shutdown_monitor
    from tfgpu.gui.page_registry import PageContext
    from tfgpu.gui.pages.benchmark import BenchmarkPage

    real_agent = (REPO / "core" / "agents" / "bench.py").exists() and importlib.util.find_spec("tensorflow")
    note = ""
    if args.fake or not real_agent:
        from fakes.fake_bench_agent import make_fake_python

        os.environ.setdefault("FAKE_BENCH_TEST_S", "0.5")
        python = make_fake_python(Path(data_dir), "gpu")
        note = "fake agent (the real agent or TensorFlow is missing)" if not args.fake else "fake agent (--fake)"
    else:
        python = sys.executable

    page = BenchmarkPage(PageContext())
    page.resize(900, 600)
    page.show()
    page.initializePage()  # reads the (empty) history
    spin(300)
    page.select_python(python)
    page.device_combo.setCurrentIndex(page.device_combo.findData(args.device))
    if args.tiny:
        page.agent_args = TINY_ARGS

    beat = Heartbeat()
    beat.start()
    spin(args.idle_ms)
    idle = list(beat.stop())

    done = QEventLoop()
    page.work_finished.connect(done.quit)
    QTimer.singleShot(int(args.timeout_s * 1000), done.quit)
    beat.start()
    started = time.perf_counter()
    page.run_button.click()
    if page.is_busy():
        done.exec()
    elapsed = time.perf_counter() - started
    running = list(beat.stop())
    timed_out = page.is_busy()
    page.shutdown()
    shutdown_monitor(page.context)  # joins the sampler thread

    run = page.run
    result = {
        "agent": "fake" if note else "real",
        "note": note,
        "python": python,
        "mode": "tiny" if args.tiny else "quick",
        "device": args.device,
        "run_status": str(run.status) if run else None,
        "run_figures": len(run.figures()) if run else 0,
        "run_seconds": round(elapsed, 2),
        "timed_out": timed_out,
        "monitor_frames": page.mini_monitor.frames_received,
        "idle": summary(idle),
        "running": summary(running),
        "target_max_ms": TARGET_MAX_MS,
        "ok": bool(running) and max(running) < TARGET_MAX_MS and not timed_out,
    }
    rows = [("", "samples", "max ms", "p99 ms", "p50 ms")]
    for name in ("idle", "running"):
        s = result[name]
        rows.append((f"{name} ({'baseline' if name == 'idle' else result['agent'] + ' agent, ' + result['mode']})",
                     str(s["samples"]), f"{s['max_ms']}", f"{s['p99_ms']}", f"{s['p50_ms']}"))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths))))
    print(f"run: {result['run_status']}, {result['run_figures']} figures in {result['run_seconds']} s; "
          f"target: max < {TARGET_MAX_MS:.0f} ms while running -> {'OK' if result['ok'] else 'MISSED'}")
    if note:
        print(f"note: {note}")
    print(json.dumps(result))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2), encoding="utf-8")
    app.processEvents()
    shutil.rmtree(data_dir, ignore_errors=True)
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
