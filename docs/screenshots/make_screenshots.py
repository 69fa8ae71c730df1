"""Makes the README's pictures: every page of the app at its default size (900x650), in English and
Simplified Chinese, light and dark, on the test suite's described Windows machine (tests/machines.py:
Windows 11, an RTX 2080 SUPER answering NVML as in a real capture, python.org Python 3.11 with the
CPU-only TensorFlow 2.15 wheel). Explain shows the text of a real issue from the corpus.

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/make_screenshots.py [OUT_DIR]
        [--lang en zh_CN] [--scheme light dark] [--page ID ...]

Files are named ``<page>_<lang>_<scheme>.png``. tests/test_screenshots_script.py runs it in CI.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))  # the described machines and their fakes
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import machines  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tfgpu.core.scan import ScanOptions  # noqa: E402
from tfgpu.gui.i18n import clear_language, switch_language  # noqa: E402
from tfgpu.gui.page_registry import discover_pages  # noqa: E402
from tfgpu.gui.theme import apply_scheme  # noqa: E402
from tfgpu.gui.window.main_window import MainWindow  # noqa: E402
from tfgpu.gui.window.screenshot import PREFILL_ENV, capture  # noqa: E402

SIZE = (900, 650)
# A real issue about TensorFlow 2.15 on native Windows (tensorflow/tensorflow#62938), from the corpus.
EXPLAIN_INPUT = REPO / "tests" / "fixtures" / "corpus-real" / "187-tf215-win11-gtx1660ti-why-no-native-gpu" / "input.txt"


def shoot(out: Path, langs: list[str], schemes: list[str], pages: list[str] | None, timeout_s: float) -> list[Path]:
    app = QApplication.instance() or QApplication([])
    if EXPLAIN_INPUT.exists():
        os.environ[PREFILL_ENV] = str(EXPLAIN_INPUT)
    page_ids = pages or [spec.page_id for spec in discover_pages()]
    written: list[Path] = []
    out.mkdir(parents=True, exist_ok=True)
    for lang in langs:
        for scheme in schemes:
            apply_scheme(app, scheme)
            switch_language(app, lang)
            with tempfile.TemporaryDirectory(prefix="tfgpu-shots-") as root:
                host = machines.windows_tf215(machines.bare_windows_host(Path(root)))
                window = MainWindow(host=host, scan_options=ScanOptions(command_timeout=5), auto_scan=True)
                try:
                    window.resize(*SIZE)
                    for page_id in page_ids:
                        path = capture(window, out / f"{page_id}_{lang}_{scheme}.png", page_id, timeout_s=timeout_s)
                        written.append(Path(path))
                        print(f"wrote {path}", flush=True)
                finally:
                    window.shutdown()
                    window.close()
                    window.deleteLater()
                    QApplication.processEvents()
            clear_language(app)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", default=str(REPO / "docs" / "screenshots"))
    parser.add_argument("--lang", nargs="+", default=["en", "zh_CN"], choices=["en", "zh_CN"])
    parser.add_argument("--scheme", nargs="+", default=["light", "dark"], choices=["light", "dark"])
    parser.add_argument("--page", nargs="+", default=None, help="page ids (default: every page)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds to wait for each page")
    args = parser.parse_args(argv)
    shoot(Path(args.out), args.lang, args.scheme, args.page, args.timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
