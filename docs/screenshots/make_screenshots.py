"""Makes the README's pictures of every page: the real window on the test suite's described Windows
machine (Windows 11, an RTX 2080 SUPER answering NVML as in a real capture, python.org Python 3.11 with
TensorFlow 2.15 from pip), at the default 900x650, in English and Chinese, light and dark.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/make_screenshots.py [OUT_DIR] [--pages ...]

Writes ``<page>.png`` (English, light) and ``<page>_<lang>_<scheme>.png`` for each combination asked
(``--variants``). The Monitor's picture with a GPU under load is ``make_monitor.py``'s. The Explain
page reads the text of a real issue (tests/fixtures/corpus-real/187-...: tensorflow/tensorflow#62938).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))  # fakes, machines
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import machines  # noqa: E402
from PySide6.QtCore import QSize  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from fakes.fake_host import FakeHost  # noqa: E402
from tfgpu.core.scan import ScanOptions  # noqa: E402
from tfgpu.gui.i18n import clear_language, switch_language  # noqa: E402
from tfgpu.gui.theme import apply_scheme  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402
from tfgpu.gui.window.screenshot import PREFILL_ENV, capture  # noqa: E402

PAGES = ("welcome", "system", "diagnosis", "explain", "install", "benchmark", "path", "memory", "monitor")
VARIANTS = ("en_dark", "zh_CN_light", "zh_CN_dark")
ISSUE_TEXT = REPO / "tests" / "fixtures" / "corpus-real" / "187-tf215-win11-gtx1660ti-why-no-native-gpu" / "input.txt"


def described_windows() -> FakeHost:
    """The same machine as tests/conftest.py's windows_tf215 fixture."""
    host = FakeHost(root=Path(tempfile.mkdtemp(prefix="tfgpu-shots-")), system="Windows",
                    env={"SystemRoot": "C:\\Windows", "ProgramFiles": "C:\\Program Files",
                         "USERPROFILE": "C:\\Users\\user", "PATHEXT": ".COM;.EXE;.BAT;.CMD;.PY",
                         "PATH": "C:\\Windows\\system32;C:\\Windows;C:\\Windows\\System32\\Wbem"})
    host.mkdir("C:\\Windows\\System32")
    return machines.windows_tf215(host)


def shoot(out: Path, pages: list[str], lang: str, scheme: str, suffix: str) -> list[Path]:
    app = QApplication.instance() or QApplication([])
    apply_scheme(app, scheme)
    if lang != "en":
        switch_language(app, lang)
    window = MainWindow(host=described_windows(), scan_options=ScanOptions(command_timeout=5), auto_scan=True)
    window.resize(QSize(900, 650))
    made = []
    try:
        for page_id in pages:
            made.append(capture(window, out / f"{page_id}{suffix}.png", page_id, timeout_s=120))
    finally:
        window.shutdown()
        window.close()
        window.deleteLater()
        clear_language(app)
    return made


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=str(Path(__file__).resolve().parent))
    parser.add_argument("--pages", nargs="*", default=list(PAGES), choices=PAGES)
    parser.add_argument("--variants", nargs="*", default=list(VARIANTS), choices=VARIANTS,
                        help="other languages and schemes, each for every page asked")
    args = parser.parse_args()
    os.environ[PREFILL_ENV] = str(ISSUE_TEXT)
    out = Path(args.out)
    made = shoot(out, args.pages, "en", "light", "")
    for variant in args.variants:
        lang, _, scheme = variant.rpartition("_")
        made += shoot(out, args.pages, lang, scheme, f"_{variant}")
    for path in made:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
