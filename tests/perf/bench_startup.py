"""Process start to the first shown window, and its memory: the app vs a bare PySide6 window
with one QWizard page holding one pyqtgraph PlotWidget (the issue's baseline), side by side.

Each child is a fresh Python. The parent notes the wall-clock time just before it starts the
child; the child shows its window, lets it paint (processEvents), grabs it to a PNG, and prints
the wall-clock time then and its peak RSS (ru_maxrss). Children alternate, after one warm-up
each (file cache); the medians of the rounds are compared. Targets: time and RSS <= 1.2x.
The app is started as ``tfgpu gui`` starts it (``gui.app.main``), fresh settings, welcome page.

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/perf/bench_startup.py [--rounds 9] [--json-out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE = """
import resource, sys, time
from PySide6.QtWidgets import QApplication, QVBoxLayout, QWizard, QWizardPage
import pyqtgraph as pg
app = QApplication(sys.argv)
wizard = QWizard()
page = QWizardPage()
QVBoxLayout(page).addWidget(pg.PlotWidget())
wizard.addPage(page)
wizard.resize(900, 650)
wizard.show()
app.processEvents()
wizard.grab().save(sys.argv[1])
print("FIRST_WINDOW_AT=%.6f MAXRSS_KIB=%d TF=False PYQTGRAPH=True" % (
    time.time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss), flush=True)
"""

APP = """
import sys
from tfgpu.gui.app import main
sys.exit(main(["--first-window", sys.argv[1]]))
"""


def launch(code: str, png: str, env: dict[str, str]) -> tuple[float, float, str]:
    """(seconds from launch to the first shown window, peak RSS in MiB, stdout)."""
    if os.path.exists(png):
        os.unlink(png)
    started = time.time()
    done = subprocess.run([sys.executable, "-c", code, png], capture_output=True, text=True, env=env, timeout=120)
    if done.returncode != 0 or not os.path.exists(png) or not os.path.getsize(png):
        raise RuntimeError(f"no window: {done.stderr[-2000:]}")
    fields = dict(part.split("=", 1) for part in done.stdout.split() if "=" in part)
    return float(fields["FIRST_WINDOW_AT"]) - started, int(fields["MAXRSS_KIB"]) / 1024, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--json-out")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               "TFGPU_DATA_DIR": tmp, "XDG_CONFIG_HOME": tmp}  # no saved scan, settings or history
        png = str(Path(tmp) / "w.png")
        launch(BARE, png, env), launch(APP, png, env)  # warm the file cache for both
        bare_t, bare_m, app_t, app_m = [], [], [], []
        out = ""
        for _ in range(args.rounds):
            t, m, _out = launch(BARE, png, env)
            bare_t.append(t)
            bare_m.append(m)
            t, m, out = launch(APP, png, env)
            app_t.append(t)
            app_m.append(m)
    result = {
        "baseline": "bare PySide6: one QWizard page with one pyqtgraph PlotWidget, 900x650",
        "bare_window_median_s": round(statistics.median(bare_t), 4),
        "app_window_median_s": round(statistics.median(app_t), 4),
        "time_ratio": round(statistics.median(app_t) / statistics.median(bare_t), 3),
        "bare_rss_median_mib": round(statistics.median(bare_m), 1),
        "app_rss_median_mib": round(statistics.median(app_m), 1),
        "rss_ratio": round(statistics.median(app_m) / statistics.median(bare_m), 3),
        "target_ratio": 1.2,
        "rounds": args.rounds,
        "app_imported_tensorflow": "TF=True" in out,
        "app_imported_pyqtgraph": "PYQTGRAPH=True" in out,
    }
    result["ok"] = result["time_ratio"] <= 1.2 and result["rss_ratio"] <= 1.2 and not result["app_imported_tensorflow"]
    print(f"{'':<44} {'first window':>12} {'peak RSS':>10}")
    print(f"{'bare QWizard page + pyqtgraph PlotWidget':<44} {result['bare_window_median_s'] * 1000:>9.0f} ms "
          f"{result['bare_rss_median_mib']:>6.0f} MiB")
    print(f"{'tfgpu window (welcome page)':<44} {result['app_window_median_s'] * 1000:>9.0f} ms "
          f"{result['app_rss_median_mib']:>6.0f} MiB")
    print(f"{'app / bare':<44} {result['time_ratio']:>12.3f} {result['rss_ratio']:>10.3f}   target <= 1.2")
    print(json.dumps(result, indent=2))
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(result, indent=2), encoding="utf-8")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
