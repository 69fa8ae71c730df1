"""The log file on Windows: rollover while another process holds the file, and a Store Python's redirect."""

from __future__ import annotations

import logging
from pathlib import Path

from tfgpu.core.logging_setup import SharedRotatingFileHandler, shown_log_dir

STORE_PREFIX = "C:\\Program Files\\WindowsApps\\PythonSoftwareFoundation.Python.3.11_3.11.2544.0_x64__qbz5n2kfra8p0"
LOCAL = "C:\\Users\\user\\AppData\\Local"


def win_error_32(source: str, dest: str) -> None:
    """What os.rename raises on Windows while the GUI (or the CLI) has the log open."""
    raise PermissionError(13, "The process cannot access the file because it is being used by another process",
                          source, None, dest)


def test_a_rollover_blocked_by_another_process_keeps_logging(tmp_path: Path, capsys):
    log = tmp_path / "tfgpu.log"
    handler = SharedRotatingFileHandler(log, maxBytes=200, backupCount=3, encoding="utf-8")
    handler.rotator = win_error_32
    logger = logging.getLogger("tfgpu.test.rotation")
    logger.propagate, logger.level = False, logging.INFO
    logger.addHandler(handler)
    try:
        for n in range(50):
            logger.info("line %d %s", n, "x" * 40)
    finally:
        logger.removeHandler(handler)
        handler.close()
    text = log.read_text(encoding="utf-8")
    assert "line 0 " in text and "line 49 " in text  # nothing lost
    assert "Traceback" not in capsys.readouterr().err  # and no "--- Logging error ---" per record
    assert not (tmp_path / "tfgpu.log.1").exists()


def test_rollover_works_when_nobody_holds_the_file(tmp_path: Path):
    handler = SharedRotatingFileHandler(tmp_path / "tfgpu.log", maxBytes=200, backupCount=2, encoding="utf-8")
    for n in range(30):
        handler.emit(logging.makeLogRecord({"msg": f"line {n} " + "x" * 40}))
    handler.close()
    assert (tmp_path / "tfgpu.log.1").exists()


def test_store_pythons_log_folder_is_its_localcache():
    shown = shown_log_dir(Path(f"{LOCAL}\\tfgpu\\Logs"), STORE_PREFIX, {"LOCALAPPDATA": LOCAL})
    assert str(shown).replace("/", "\\") == (
        f"{LOCAL}\\Packages\\PythonSoftwareFoundation.Python.3.11_qbz5n2kfra8p0\\LocalCache\\Local\\tfgpu\\Logs")


def test_other_pythons_log_folder_is_as_is():
    folder = Path(f"{LOCAL}\\tfgpu\\Logs")
    prefix = f"{LOCAL}\\Programs\\Python\\Python311"
    assert shown_log_dir(folder, prefix, {"LOCALAPPDATA": LOCAL}) == folder
    assert shown_log_dir(Path("/root/.local/state/tfgpu/log"), "/usr", {}) == Path("/root/.local/state/tfgpu/log")
