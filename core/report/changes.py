"""The configuration changes the app made (PATH, library paths, memory settings), for the report:
the history ``tfgpu path history`` shows, read from the backups in the app's data folder
(:mod:`tfgpu.core.configure.store`), newest first. The report's redaction runs over it like the rest."""

from __future__ import annotations

from typing import Any

CHANGES_SCHEMA_VERSION = "1.0"


def config_changes() -> dict[str, Any]:
    """The changes tfgpu made to this computer, newest first (an unreadable backup is listed as such)."""
    from tfgpu.core.configure.store import changes_dir, list_changes

    try:
        folder = changes_dir()
        entries = [entry.to_dict() for entry in list_changes(folder)]
    except Exception as exc:  # noqa: BLE001 - a report never fails on its history
        return {"schema_version": CHANGES_SCHEMA_VERSION, "available": False, "source": None, "changes": [],
                "note": f"the change history could not be read: {type(exc).__name__}: {str(exc)[:200]}"}
    return {"schema_version": CHANGES_SCHEMA_VERSION, "available": True, "source": str(folder), "changes": entries,
            "note": "" if entries else "tfgpu has made no configuration change on this computer."}
