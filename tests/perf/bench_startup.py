"""Time to the first shown window: the app vs a bare PySide6 + pyqtgraph window.

Both children start a fresh Python, show a window, grab it to a PNG once it is
exposed, and exit; we time from launch to exit, alternating, in one run.
Target: app / bare <= 1.2 (the app imports no TensorFlow).

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/perf/bench_startup.py [--rounds 7]
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

BARE = """
import sys
from PySide6.QtWidgets import QApplication, QMainWindow
import pyqtgraph as pg
app = QApplication(sys.argv)
window = QMainWindow()
window.setCentralWidget(pg.PlotWidget())
window.resize(900, 650)
window.show()
app.processEvents()
window.grab().save(sys.argv[1])
"""

APP = """
import sys
from tfgpu.gui.app import main
code = main(["--screenshot", sys.argv[1], "--page", "welcome"])
print("TF_IMPORTED=%s" % ("tensorflow" in sys.modules))
sys.exit(code)
"""


def launch(code: str, png: str) -> tuple[float, str]:
    if os.path.exists(png):
        os.unlink(png)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, png], check=True, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if not os.path.exists(png) or not os.path.getsize(png):
        raise RuntimeError("no picture was written")
    return elapsed, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    bare, app = [], []
    with tempfile.TemporaryDirectory() as tmp:
        png = os.path.join(tmp, "w.png")
        launch(BARE, png), launch(APP, png)  # warm the file cache for both
        for _ in range(args.rounds):
            bare.append(launch(BARE, png)[0])
            elapsed, out = launch(APP, png)
            app.append(elapsed)
        tf_imported = "TF_IMPORTED=True" in out
    result = {
        "bare_window_median_s": statistics.median(bare),
        "app_window_median_s": statistics.median(app),
        "app_over_bare_ratio": statistics.median(app) / statistics.median(bare),
        "target_ratio": 1.2,
        "rounds": args.rounds,
        "tensorflow_imported_by_app": tf_imported,
    }
    print(f"{'bare PySide6 + pyqtgraph window':<34} {result['bare_window_median_s'] * 1000:8.0f} ms")
    print(f"{'tfgpu wizard (welcome page)':<34} {result['app_window_median_s'] * 1000:8.0f} ms")
    print(f"{'app / bare':<34} {result['app_over_bare_ratio']:8.3f}   target <= 1.2")
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
