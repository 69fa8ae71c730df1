"""Makes monitor.png: the Monitor page fed by the test suite's fake NVML (an RTX 4000 SFF Ada
from a real ``nvidia-smi -q -x`` capture) with a scripted load, the CPU/RAM figures real.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/make_monitor.py OUT.png [--lang zh_CN] [--no-gpu]
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tests"))  # fakes
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from fakes.fake_host import FakeHost  # noqa: E402
from tfgpu.gui.pages.monitor.page import PAGE  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402


def spin(seconds: float) -> None:
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--lang", default="en")
    parser.add_argument("--no-gpu", action="store_true", help="this machine as it is (no NVML)")
    parser.add_argument("--seconds", type=float, default=40.0)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    if args.lang != "en":
        from tfgpu.gui.i18n import install_translators

        install_translators(app, args.lang)
    host = device = None
    if not args.no_gpu:
        from fakes.fake_nvml import nvml_from_xml

        nv = nvml_from_xml("linux-rtx4000sffada-595.84-q-x.xml", compute_capability=(8, 9))
        host = FakeHost(root=tempfile.mkdtemp(prefix="tfgpu-shot-"), system="Linux")
        host.nvml_module = nv
        device = nv.devices[0]
    wizard = MainWindow(host=host, specs=[PAGE])
    wizard.resize(1000, 900)
    wizard.show()
    page = wizard.page_by_id("monitor")
    page.window_combo.setCurrentIndex(0)  # 1 minute
    page.service.set_interval(0.25)
    page._select_interval(0.25)
    start = time.monotonic()
    while time.monotonic() - start < args.seconds:
        t = time.monotonic() - start
        if device is not None:  # a training job starts after 10 s
            busy = t > 10
            wave = 0.5 + 0.5 * math.sin(t)
            device.gpu_util = round(93 + 6 * wave) if busy else 0
            device.mem_util = round(55 + 10 * wave) if busy else 0
            device.memory_used_bytes = (14_800 if busy else 1_230) * 2**20
            device.temperature_c = round(min(71, 38 + max(0.0, t - 10) * 1.5)) if busy else 38
            device.power_usage_mw = round((68_000 + 2_000 * wave) if busy else 8_440)
            device.sm_clock_mhz = device.graphics_clock_mhz = 2_175 if busy else 210
            device.pstate = 0 if busy else 8
            device.pcie_rx_kb_s, device.pcie_tx_kb_s = (2_900_000, 410_000) if busy else (439, 830)
            device.mem_clock_mhz = 8_751 if busy else 405
            device.clocks_event_reasons = 0x4 if busy and wave > 0.8 else (0 if busy else 0x1)
        spin(0.25)
    page.refresh_figures()
    page.redraw()
    spin(0.5)
    wizard.grab().save(args.out)
    wizard.done(0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
