"""pip's output lines as progress: which phase, which file, how far.

pip 24.1+ with ``--progress-bar raw`` writes ``Progress <bytes> of <total>`` for each download;
older pip (no terminal) prints only the final bar (``━━━ 572.4/572.4 MB 40 MB/s eta 0:00:00``).
Around them: ``Collecting x``, ``Downloading f.whl (572.4 MB)``, ``Using cached f.whl``,
``Installing collected packages: ...`` and ``Successfully installed ...``.
"""

from __future__ import annotations

import re

from tfgpu.core.install.model import Progress

_RAW = re.compile(r"^Progress (\d+) of (\d+)\s*$")
_DOWNLOADING = re.compile(r"^\s*Downloading (\S+)(?: \(([\d.]+ [kMG]?B)\))?")
_CACHED = re.compile(r"^\s*Using cached (\S+)(?: \(([\d.]+ [kMG]?B)\))?")
_COLLECTING = re.compile(r"^\s*Collecting (\S+)")
_BAR = re.compile(r"([\d.]+)/([\d.]+) ([kMG]?B)\b")
_UNITS = {"B": 1, "kB": 1e3, "MB": 1e6, "GB": 1e9}


def _bytes(amount: str, unit: str) -> float:
    return float(amount) * _UNITS.get(unit, 1)


class PipProgress:
    """Feed it pip's lines (stdout and stderr); it returns a :class:`Progress` when one changes."""

    def __init__(self) -> None:
        self.phase = "resolving"
        self.label = ""
        self.files = 0  # downloads started
        self.downloaded = 0  # bytes of finished downloads
        self._current_total = 0

    def feed(self, line: str) -> Progress | None:
        text = line.rstrip("\r\n")
        raw = _RAW.match(text)
        if raw:
            done, total = int(raw.group(1)), int(raw.group(2))
            if total <= 0:
                return Progress("downloading", self.label, None)
            if done >= total and self._current_total != total:
                self.downloaded += total
                self._current_total = total
            return Progress("downloading", self.label, min(1.0, done / total))
        match = _DOWNLOADING.match(text)
        if match:
            self.phase, self.files, self._current_total = "downloading", self.files + 1, 0
            self.label = match.group(1) + (f" ({match.group(2)})" if match.group(2) else "")
            return Progress("downloading", self.label, 0.0)
        match = _CACHED.match(text)
        if match:
            self.label = match.group(1)
            return Progress(self.phase, self.label, 1.0)
        if "━" in text or "\u2501" in text:  # old pip's final bar line
            bar = _BAR.search(text)
            if bar:
                got, size = _bytes(bar.group(1), bar.group(3)), _bytes(bar.group(2), bar.group(3))
                return Progress("downloading", self.label, min(1.0, got / size) if size else None)
            return None
        match = _COLLECTING.match(text)
        if match:
            self.phase, self.label = "resolving", match.group(1)
            return Progress("resolving", self.label, None)
        if text.startswith("Installing collected packages:"):
            self.phase, self.label = "installing", text.split(":", 1)[1].strip()
            return Progress("installing", self.label, None)
        if text.startswith("Successfully installed"):
            self.phase = "done"
            return Progress("done", text.split(" ", 2)[-1] if " " in text else "", 1.0)
        return None
