"""docs/screenshots/make_screenshots.py, the README pictures' script, runs and makes every page at the size
the README's captions state (tests/test_readme.py checks the committed pictures themselves)."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_make_screenshots_writes_every_page_at_900x650(tmp_path: Path):
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, str(REPO / "docs" / "screenshots" / "make_screenshots.py"), str(tmp_path),
                           "--lang", "zh_CN", "--scheme", "dark"], capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    shots = sorted(tmp_path.glob("*_zh_CN_dark.png"))
    committed = sorted((REPO / "docs" / "screenshots").glob("*_zh_CN_dark.png"))
    assert [p.name for p in shots] == [p.name for p in committed]  # the same pages as the README's folder
    assert len(shots) >= 9
    for path in shots:
        assert struct.unpack(">II", path.read_bytes()[16:24]) == (900, 650), path.name
