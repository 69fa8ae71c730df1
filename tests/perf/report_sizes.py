"""Sizes of every report format, and the time to build and render them, on two realistic reports:

- "windows": the canary Windows machine of the tests (driver from the RTX 2080 capture through the
  fake NVML, two Pythons with TF logs, the RTX 3060 benchmark run, 10 minutes of monitor at 0.5 s,
  the raw nvidia-smi -q capture, a log);
- "this": this computer, scanned for real (TF 2.21 agent, no GPU), with the same benchmark run.

Run: QT_QPA_PLATFORM=offscreen .venv/bin/python tests/perf/report_sizes.py
HTML is measured with both plot renderers (SVG for the CLI, pyqtgraph PNG for the GUI).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fakes.fake_monitor import frame, gpu  # noqa: E402
from fakes.report_inputs import canary_bench, canary_host, canary_inputs  # noqa: E402
from tfgpu.core.report.collect import CollectOptions, collect, identity_for  # noqa: E402
from tfgpu.core.report.document import prepare  # noqa: E402
from tfgpu.core.report.monitor_excerpt import from_frames  # noqa: E402
from tfgpu.core.report.write import plot_images, render  # noqa: E402


def ten_minutes() -> dict:
    start = time.time() - 600
    frames = [frame(t=start + i / 2, cpu=20 + (i % 40), ram=48.0, status="ok",
                    gpus=(gpu(0, start + i / 2, util=float((i * 7) % 100), used_mib=3000.0 + i, temperature_c=55.0 + i % 20,
                              power_w=80.0 + i % 90, sm_clock_mhz=1800.0, mem_clock_mhz=7000.0),))
              for i in range(1200)]
    return from_frames(frames, 10.0)


def measure(name: str, inputs, identity) -> list[tuple[str, str, int, float]]:
    rows = []
    started = time.perf_counter()
    bundle = prepare(inputs, identity=identity)
    rows.append((name, "build + redact", 0, time.perf_counter() - started))
    for fmt in ("json", "md", "txt", "html", "zip"):
        started = time.perf_counter()
        data = render(bundle, fmt)
        rows.append((name, fmt + (" (SVG plots)" if fmt in ("html", "zip") else ""), len(data),
                     time.perf_counter() - started))
    try:
        from PySide6.QtWidgets import QApplication

        from tfgpu.gui.window.report_plots import render_png

        _app = QApplication.instance() or QApplication([])
        started = time.perf_counter()
        images = plot_images(bundle.document, render_png)
        data = render(bundle, "html", images=images)
        rows.append((name, "html (pyqtgraph PNG plots)", len(data), time.perf_counter() - started))
    except Exception as exc:  # noqa: BLE001 - no Qt here: SVG only
        print(f"(no pyqtgraph rendering: {exc})")
    return rows


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    os.environ["TFGPU_DATA_DIR"] = str(tmp / "data")
    host = canary_host(tmp / "machine")
    windows = canary_inputs(tmp, host)
    windows.monitor = ten_minutes()
    rows = measure("windows", windows, identity_for(host))
    from tfgpu.core.bench.saved_runs import save_run

    save_run(canary_bench(tmp), tmp / "data" / "bench")
    this = collect(CollectOptions())
    this.monitor = ten_minutes()
    rows += measure("this", this, identity_for(None))
    print(f"{'report':<9} {'format':<28} {'bytes':>9} {'KB':>7} {'ms':>7}")
    for name, fmt, size, seconds in rows:
        print(f"{name:<9} {fmt:<28} {size:>9} {size / 1024:>7.1f} {seconds * 1000:>7.0f}")


if __name__ == "__main__":
    main()
