"""What the live monitor costs, measured side by side in one run. Prints a table and JSON.

1. **CPU:** the app window on the Monitor page, alternating round by round between *idle*
   (paused: no sampling, no drawing), *sampling* (the sampler and the rings, the page paused)
   and *monitoring* (sampling every ``--interval`` s, curves and figures redrawn). The cost is this process's CPU time (every thread) per second of
   wall time, in % of one core. Target: monitoring minus idle < 2 percentage points at 0.1 s.
2. **Memory:** after the rings are full, more samples must not grow the process. Frames are
   fed through the real service and page as fast as the event loop takes them (``--fill``
   times the ring capacity, ten minutes at 0.1 s = 6001 frames per fill), then Python's traced
   memory and the RSS are compared between the end of the first fill and the end.
   ``--real-minutes N`` instead runs the real sampler for N minutes at ``--interval``.

GPU figures come from the test suite's fake NVML built from a real ``nvidia-smi -q -x``
capture (this machine has no GPU; with ``--real-nvml`` the real driver is used).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/perf/bench_monitor_cost.py [--seconds 10] [--rounds 3]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: fakes
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import psutil  # noqa: E402
from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tfgpu.core.host import RealHost  # noqa: E402
from tfgpu.gui.pages.monitor.page import PAGE as MONITOR_PAGE  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402

PROCESS = psutil.Process()


def _host(real_nvml: bool):
    if real_nvml:
        return RealHost()
    from fakes.fake_host import FakeHost
    from fakes.fake_nvml import nvml_from_xml

    host = FakeHost(root=tempfile.mkdtemp(prefix="tfgpu-bench-"), system="Linux")
    host.nvml_module = nvml_from_xml("linux-rtx4000sffada-595.84-q-x.xml", compute_capability=(8, 9))
    return host


def _spin(seconds: float) -> None:
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def _cpu_percent(seconds: float) -> float:
    """% of one core this process used over ``seconds`` of running the event loop."""
    before, start = PROCESS.cpu_times(), time.perf_counter()
    _spin(seconds)
    after, wall = PROCESS.cpu_times(), time.perf_counter() - start
    used = (after.user - before.user) + (after.system - before.system)
    return 100.0 * used / wall


def measure_cpu(wizard: MainWindow, page, seconds: float, rounds: int) -> dict:
    idle, sampling, active = [], [], []
    frames_before, redraws_before = page.service.history.frames_seen, page.redraws
    token = object()
    for _ in range(rounds):
        page.set_paused(True)
        _spin(0.5)  # let the sampler thread end
        idle.append(_cpu_percent(seconds))
        page.service.acquire(token)  # sampling and the rings, nothing drawn
        _spin(0.5)
        sampling.append(_cpu_percent(seconds))
        page.service.release(token)
        page.set_paused(False)
        _spin(0.5)
        active.append(_cpu_percent(seconds))
    page.set_paused(True)
    return {
        "idle_core_percent": [round(v, 2) for v in idle],
        "sampling_only_core_percent": [round(v, 2) for v in sampling],
        "sampling_only_median": round(statistics.median(sampling), 2),
        "monitoring_core_percent": [round(v, 2) for v in active],
        "idle_median": round(statistics.median(idle), 2),
        "monitoring_median": round(statistics.median(active), 2),
        "cost_points": round(statistics.median(a - i for a, i in zip(active, idle)), 2),
        "ratio": round(statistics.median(active) / max(statistics.median(idle), 1e-6), 2),
        "frames": page.service.history.frames_seen - frames_before,
        "redraws": page.redraws - redraws_before,
    }


def _forget_fake_calls(page) -> None:
    """The fake NVML records every call for the tests; that record is not the monitor's memory."""
    nv = getattr(page.context.host, "nvml_module", None)
    for record in [getattr(nv, "calls", None)] + [getattr(d, "calls", None) for d in getattr(nv, "devices", [])]:
        if isinstance(record, list):
            record.clear()


def measure_memory_fast(page, fills: int) -> dict:
    """Feed real-looking frames through the service and the page as fast as they go."""
    service = page.service
    sampler = service.sampler
    capacity = service.history.capacity
    page.set_paused(False)
    _spin(0.5)
    page.set_paused(True)  # stop the thread; we tick by hand below
    page.paused = False  # but keep the page drawing what arrives
    template = sampler.sample_once()
    tracemalloc.start()
    marks = []
    for _fill in range(fills):
        for i in range(capacity):
            service._on_frame_gui(sampler.sample_once())  # the same path a queued frame takes
            if i % 50 == 0:
                page.redraw()
                QApplication.processEvents()
        page.refresh_figures()
        _forget_fake_calls(page)
        gc.collect()
        marks.append((tracemalloc.get_traced_memory()[0], PROCESS.memory_info().rss))
    tracemalloc.stop()
    (traced_first, rss_first), (traced_last, rss_last) = marks[0], marks[-1]
    return {
        "mode": f"fast-forward, {fills} x {capacity} frames",
        "gpus": len(template.gpus),
        "traced_kib_after_fill": [round(t / 1024) for t, _ in marks],
        "rss_mib_after_fill": [round(r / 2**20, 1) for _, r in marks],
        "traced_growth_kib_after_first_fill": round((traced_last - traced_first) / 1024, 1),
        "rss_growth_mib_after_first_fill": round((rss_last - rss_first) / 2**20, 1),
    }


def measure_memory_real(page, minutes: float, interval: float) -> dict:
    page.service.set_interval(interval)
    page.set_paused(False)
    marks = []
    end = time.monotonic() + minutes * 60
    while time.monotonic() < end:
        _spin(min(30.0, max(0.1, end - time.monotonic())))
        gc.collect()
        marks.append(round(PROCESS.memory_info().rss / 2**20, 1))
    page.set_paused(True)
    full_at = int(page.service.history.capacity * interval / 30)  # mark index when the rings filled
    after = marks[min(full_at, len(marks) - 1):]
    return {"mode": f"real sampler, {minutes:g} min at {interval:g} s", "rss_mib_every_30s": marks,
            "rss_growth_mib_after_rings_full": round(after[-1] - after[0], 1) if after else None,
            "frames": page.service.history.frames_seen}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--interval", type=float, default=0.1)
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds per phase")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--fill", type=int, default=3, help="ring fills for the fast memory check")
    parser.add_argument("--real-minutes", type=float, default=0.0)
    parser.add_argument("--real-nvml", action="store_true")
    parser.add_argument("--json-out")
    args = parser.parse_args()

    app = QApplication.instance() or QApplication([])
    wizard = MainWindow(host=_host(args.real_nvml), specs=[MONITOR_PAGE])
    wizard.show()
    page = wizard.page_by_id("monitor")
    page.service.set_interval(args.interval)
    page._select_interval(args.interval)
    _spin(1.0)

    cpu = measure_cpu(wizard, page, args.seconds, args.rounds)
    if args.real_minutes > 0:
        memory = measure_memory_real(page, args.real_minutes, args.interval)
    else:
        memory = measure_memory_fast(page, args.fill)
    wizard.done(0)
    app.processEvents()

    print(f"Monitor cost at {args.interval:g} s ({os.environ.get('QT_QPA_PLATFORM')}, "
          f"{psutil.cpu_count()} cores), {args.rounds} rounds x {args.seconds:g} s per phase")
    print(f"{'phase':<12} {'% of one core (median)':>24}   rounds")
    print(f"{'idle':<12} {cpu['idle_median']:>24.2f}   {cpu['idle_core_percent']}")
    print(f"{'sampling':<12} {cpu['sampling_only_median']:>24.2f}   {cpu['sampling_only_core_percent']}")
    print(f"{'monitoring':<12} {cpu['monitoring_median']:>24.2f}   {cpu['monitoring_core_percent']}")
    print(f"cost: {cpu['cost_points']:.2f} points of one core (target < 2), "
          f"{cpu['frames']} frames, {cpu['redraws']} redraws")
    print(f"memory ({memory['mode']}): {json.dumps({k: v for k, v in memory.items() if k != 'mode'})}")
    result = {"interval_s": args.interval, "cpu": cpu, "memory": memory}
    print(json.dumps(result))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
