"""One loader for a saved scan: ``doctor --scan``, ``explain --with-scan`` and ``report --scan`` accept
(and refuse) exactly the same files."""

from __future__ import annotations

import json
from pathlib import Path

import machines
import pytest

from tfgpu.core.cli import main
from tfgpu.core.report.collect import ReportInputError, load_saved_scan
from tfgpu.core.scan import ScanOptions, run_scan
from tfgpu.core.scan_file import ScanFileError, load_scan_file


@pytest.fixture
def saved(tmp_path: Path, linux_host) -> dict[str, Path]:
    scan = run_scan(machines.no_nvidia_gpu(linux_host), ScanOptions()).to_dict()
    files = {"scan": scan, "doctor": {"diagnosis": {}, "next_steps": [], "scan": scan},
             "report": {"schema_version": "1.0", "kind": "tfgpu-report", "scan": scan}}
    paths = {}
    for name, document in files.items():
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(json.dumps(document), encoding="utf-8")
    paths["bom"] = tmp_path / "bom.json"
    paths["bom"].write_bytes(b"\xef\xbb\xbf" + json.dumps(scan).encode())
    return paths


@pytest.fixture
def broken(tmp_path: Path) -> dict[str, Path]:
    files = {"not-json": b"{nope", "not-a-scan": b'{"hello": 1}', "latin1": b'{"x": "\xe9"}',
             "old-schema": json.dumps({"schema_version": "0.1", "driver": {}, "pythons": {}}).encode()}
    paths = {}
    for name, data in files.items():
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_bytes(data)
    return paths


def test_every_command_accepts_the_same_saved_scans(saved, capsys) -> None:
    for name, path in saved.items():
        assert load_scan_file(path).pythons.envs, name
        assert load_saved_scan(str(path)).pythons.envs, name
        assert main(["doctor", "--scan", str(path)]) == 0, name
        assert "No NVIDIA GPU found" in capsys.readouterr().out
        log = path.with_suffix(".log")
        log.write_text("Could not load dynamic library 'libcudart.so.11.0'\n", encoding="utf-8")
        assert main(["explain", "--with-scan", str(path), "--json", str(log)]) == 0, name
        assert json.loads(capsys.readouterr().out)["facts"]["from_scan"]  # the scan was read and used


def test_every_command_refuses_the_same_files_with_the_same_words(broken, capsys) -> None:
    for name, path in broken.items():
        with pytest.raises(ScanFileError) as caught:
            load_scan_file(path)
        reason = str(caught.value)
        with pytest.raises(ReportInputError, match=reason[:40].replace("(", r"\(").replace(")", r"\)")):
            load_saved_scan(str(path))
        assert main(["doctor", "--scan", str(path)]) == 2, name
        assert reason in capsys.readouterr().err
        log = path.with_suffix(".log")
        log.write_text("Could not load dynamic library 'libcudart.so.11.0'\n", encoding="utf-8")
        assert main(["explain", "--with-scan", str(path), str(log)]) == 2, name
        assert reason in capsys.readouterr().err
