"""The scan orchestration: progress, cancel, and one broken probe not spoiling the rest."""

from __future__ import annotations

import json
import sys
import threading
import time

import pytest

from fakes.fake_host import FakeHost
from tfgpu.core.probes.base import Status
from tfgpu.core.scan import PROBES, SCHEMA_VERSION, ScanOptions, run_scan


class ExplodingRunHost(FakeHost):
    """A host whose command runner has a bug: probes that run commands hit it."""

    def run(self, argv, *args, **kwargs):
        raise RuntimeError("runner bug")


def test_progress_counts_up_to_the_total_and_ends_there(linux_host: FakeHost):
    events = []
    scan = run_scan(linux_host, ScanOptions(include_tf=False), progress=events.append)
    assert [e.done for e in events] == list(range(1, len(events) + 1))
    assert events[-1].done == events[-1].total == len(PROBES)
    assert {e.step for e in events} == {"os", "driver", "cuda", "cudnn", "pythons", "wsl", "adapters"}
    assert not scan.cancelled and scan.tf_probed is False


def test_json_document_has_schema_version_and_every_section(linux_host: FakeHost):
    doc = json.loads(run_scan(linux_host, ScanOptions(include_tf=False)).to_json())
    assert doc["schema_version"] == SCHEMA_VERSION
    for section in ("os", "driver", "cuda", "cudnn", "pythons", "adapters"):
        assert doc[section]["status"] in {"ok", "missing", "error", "unsupported"}
        assert isinstance(doc[section]["evidence"], list)


def test_a_crashing_probe_becomes_an_error_state_and_the_rest_survives(tmp_path):
    host = ExplodingRunHost(root=tmp_path, system="Linux", env={"PATH": "/usr/bin"})
    host.write("/etc/os-release", 'PRETTY_NAME="Ubuntu 24.04 LTS"\n')
    scan = run_scan(host, ScanOptions(include_tf=False))
    assert scan.os.status is Status.OK and scan.os.name == "Ubuntu 24.04 LTS"
    crashed = {name: s for name, s in (("driver", scan.driver), ("cuda", scan.cuda), ("cudnn", scan.cudnn),
                                        ("pythons", scan.pythons)) if s.reason == "probe-crashed"}
    assert list(crashed) == ["cudnn"]  # ldconfig -p hits the runner's bug: that probe crashed, and only it
    assert crashed["cudnn"].status is Status.ERROR and "runner bug" in (crashed["cudnn"].error or "")
    assert scan.driver.status is not Status.ERROR and scan.cuda.reason == "no-toolkit"  # the others went on
    json.dumps(scan.to_dict())  # still serialisable


def test_cancel_during_the_tf_step_returns_promptly(tmp_path):
    hang = tmp_path / "python-that-hangs"
    # answers the environment query like a Python, then hangs when asked to run the agent
    hang.write_text(
        "#!/bin/sh\n"
        'case "$*" in *tf_probe*) exec sleep 60;; esac\n'
        f'exec {sys.executable} "$@"\n'
    )
    hang.chmod(0o755)
    from tfgpu.core.host import RealHost

    cancel = threading.Event()
    threading.Timer(1.0, cancel.set).start()
    started = time.monotonic()
    scan = run_scan(RealHost(), ScanOptions(extra_pythons=[str(hang)], tf_timeout=60), cancel=cancel)
    assert time.monotonic() - started < 15
    assert scan.cancelled


def test_cancel_reaches_every_command_not_only_the_tf_step(tmp_path):
    """A hung interpreter on PATH blocks the Python discovery; cancel must still end it fast."""
    from tfgpu.core.host import RealHost

    bindir = tmp_path / "bin"
    bindir.mkdir()
    hung = bindir / "python3"
    hung.write_text("#!/bin/sh\nexec sleep 60\n")
    hung.chmod(0o755)
    host = RealHost(env={"PATH": str(bindir), "HOME": str(tmp_path)})
    cancel = threading.Event()
    threading.Timer(0.5, cancel.set).start()
    started = time.monotonic()
    scan = run_scan(host, ScanOptions(include_tf=False, command_timeout=30), cancel=cancel)
    assert time.monotonic() - started < 5
    assert scan.cancelled


def test_a_saved_scan_loads_back_equal(linux_host: FakeHost):
    import json

    from tfgpu.core.scan import Scan

    scan = run_scan(linux_host, ScanOptions(include_tf=False))
    doc = json.loads(scan.to_json())
    again = Scan.from_dict(doc)
    assert again.to_dict() == scan.to_dict()
    assert type(again.driver.status) is type(scan.driver.status)
    doc["schema_version"] = "9.0"
    with pytest.raises(ValueError, match="schema"):
        Scan.from_dict(doc)


def test_every_probe_spec_fills_a_scan_field_and_every_section_has_a_spec():
    import dataclasses

    from tfgpu.core.probes.base import ProbeResult
    from tfgpu.core.scan import PROBES, Scan

    sections = {f.name for f in dataclasses.fields(Scan)
                if isinstance(f.type, str) and f.type in {s.factory.__name__ for s in PROBES}}
    assert sections == {spec.name for spec in PROBES}
    for spec in PROBES:
        assert issubclass(spec.factory, ProbeResult)
        assert all(earlier.name in {s.name for s in PROBES[:PROBES.index(spec)]} for earlier in
                   [s for s in PROBES if s.name in spec.after])
