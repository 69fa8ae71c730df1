"""The configuration changes the app made (PATH, library paths, memory settings), for the report.

The appliers (``tfgpu path`` / ``tfgpu memory``, issue 15) keep timestamped backups and a history
in the app's data folder. Until that history has a documented format, the report carries an
empty, clearly named section: :func:`config_changes` is the one place to fill when it lands
(read the history, newest first, and return each change as a small dict: ``id``, ``when``,
``target``, ``what``, ``state`` (applied / undone), ``backup``).
"""

from __future__ import annotations

from typing import Any

CHANGES_SCHEMA_VERSION = "1.0"


def config_changes() -> dict[str, Any]:
    """The changes tfgpu made to this computer, newest first (none are recorded yet)."""
    return {
        "schema_version": CHANGES_SCHEMA_VERSION,
        "available": False,
        "source": None,
        "changes": [],
        "note": "tfgpu does not record configuration changes yet (no change history in this version).",
    }
