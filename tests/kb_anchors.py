"""Writes the ``anchors`` of every row of resources/kb/log_signatures.json (literal text each match of
the row's regex contains, lower-cased; the explain engine runs a row only where one occurs). Run it
after adding or changing a row; tests/test_explain_signatures.py fails while a row's anchors are stale.

    .venv/bin/python tests/kb_anchors.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tfgpu.core.explain.signatures import anchors  # noqa: E402

FILE = REPO / "resources" / "kb" / "log_signatures.json"


def main() -> int:
    text = FILE.read_text(encoding="utf-8")
    doc = json.loads(text)
    changed = 0
    for row in doc["rows"]:
        found = anchors(row["regex"])
        value = list(found) if found else None
        if row.get("anchors", "missing") != value:
            row["anchors"] = value
            changed += 1
    if changed:
        # keep the file's layout: one key per line, two-space indent, as written
        FILE.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{changed} row(s) updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
