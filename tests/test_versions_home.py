"""Version splitting has one home, core/versions.py: no module splits a version by hand."""

from __future__ import annotations

import re
from pathlib import Path

from tfgpu.core import versions

REPO = Path(__file__).resolve().parent.parent
#: Splits that are not of a version: host names (redaction), the build field of Windows' "10.0.22631".
NOT_VERSIONS = {"core/report/redact.py", "core/probes/os_info.py", "core/versions.py"}
HAND_SPLIT = re.compile(r"""split\(["']\.["']\)\s*\[""")


def test_no_hand_written_version_split_outside_core_versions() -> None:
    found = []
    for path in sorted((REPO / "core").rglob("*.py")) + sorted((REPO / "gui").rglob("*.py")):
        relative = path.relative_to(REPO).as_posix()
        if relative in NOT_VERSIONS or relative.startswith("core/agents/"):  # agents are standalone (py3.7)
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if HAND_SPLIT.search(line):
                found.append(f"{relative}:{number}: {line.strip()}")
    assert found == [], "\n".join(found)


def test_the_helpers() -> None:
    assert versions.same_major("11.2", "11.8") and versions.same_major("12", "12.3.107")
    assert not versions.same_major("11.8", "12.0") and not versions.same_major(None, None)
    assert versions.major_text("12.3") == "12" and versions.major_text("") == "" and versions.major_text(None) == ""
    assert versions.major_number("9.1") == 9 and versions.major_number("x") == 0
