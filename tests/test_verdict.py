"""One verdict, shown everywhere: ``verdict_for`` diagnoses once, and ``tfgpu doctor``, ``tfgpu scan``'s
text, ``tfgpu path plan`` and the report say the same thing on the described machines and on this one
(the GUI pages are compared in tests/test_gui_session.py)."""

from __future__ import annotations

import re

import machines
import pytest

from fakes.fake_host import FakeHost
from tfgpu.core.cli.path import path_not_needed
from tfgpu.core.cli.scan_text import format_scan
from tfgpu.core.diagnosis import verdict as verdict_module
from tfgpu.core.diagnosis.render import format_verdict
from tfgpu.core.diagnosis.verdict import Verdict, verdict_for
from tfgpu.core.report.document import ReportInputs, prepare
from tfgpu.core.report.write import render
from tfgpu.core.scan import Scan, ScanOptions, run_scan

#: Words that tell the user to install or configure a part; none may appear for a part the route does not use.
INSTRUCTIONS = {
    "driver": re.compile(r"install (the|an?) NVIDIA driver|update the NVIDIA driver|nvidia\.com/.*driver", re.I),
    "cuda": re.compile(r"install (the )?CUDA|CUDA toolkit .*(download|install)|no CUDA toolkit was found\. Install",
                       re.I),
    "cudnn": re.compile(r"(install|copy) (the )?cuDNN|cuDNN's bin", re.I),
    "path": re.compile(r"LD_LIBRARY_PATH|add .* to (the )?PATH|tfgpu path apply", re.I),
}


def no_card_without_tf(host: FakeHost) -> FakeHost:
    """The no-card machine before "Do it for me": a venv without TensorFlow."""
    from fakes.fake_nvml import FakeNvml

    host.nvml_module = FakeNvml(devices=[])
    host.env["PATH"] = "/home/user/venv/bin:" + host.env["PATH"]
    machines.add_python(host, machines.LINUX_PY, "/home/user/venv", "3.12.3", {"status": "not-installed",
                                                                              "installed": False})
    return host


MACHINES = {
    "windows-tf215": lambda w, _l: machines.windows_tf215(w),
    "linux-gpu": lambda _w, l: machines.healthy_linux(l),
    "no-card": lambda _w, l: machines.no_nvidia_gpu(l),
    "no-card-before-tf": lambda _w, l: no_card_without_tf(l),
}


def statements(verdict: Verdict, host=None) -> dict[str, str]:
    """What each presenter says about the scan, as text."""
    scan = verdict.scan
    said = {"doctor": format_verdict(verdict, verbose=True), "scan": format_scan(scan, False, verdict)}
    said["path plan"] = path_not_needed(verdict, named=True) or ""
    bundle = prepare(ReportInputs(scan=scan, verdict=verdict, created_at="2026-01-01T00:00:00+00:00"), redact=False)
    said["report"] = render(bundle, "md").decode()
    return said


def assert_one_truth(verdict: Verdict, said: dict[str, str]) -> None:
    for part in verdict.not_needed:
        for where, text in said.items():
            found = INSTRUCTIONS[part].search(_without_raw(text))
            assert found is None, f"{where} tells to {found.group(0)!r} though the route does not need {part}"
    if "path" in verdict.not_needed:
        assert "Not needed for your route" in said["path plan"]
    for where in ("doctor", "scan"):
        for part in verdict.not_needed:
            if part != "path" and _status(verdict.scan, part) != "ok":
                assert "Not needed for your route" in said[where], where
    for step in verdict.checklist.steps:
        for command in step.commands:
            assert not command.command.startswith(("python ", "python3 ")), (
                f"{command.command!r} names no interpreter (the checklist is for {verdict.env})")


def _without_raw(text: str) -> str:
    """The report's raw scan JSON and its details blocks are data, not instructions."""
    return text.split("<details>", 1)[0]


def _status(scan: Scan, part: str) -> str:
    return str({"driver": scan.driver, "cuda": scan.cuda, "cudnn": scan.cudnn}[part].status)


@pytest.mark.parametrize("name", sorted(MACHINES))
def test_every_presenter_says_the_same_on_the_described_machines(name, windows_host, linux_host) -> None:
    host = MACHINES[name](windows_host, linux_host)
    verdict = verdict_for(run_scan(host, ScanOptions()))
    assert_one_truth(verdict, statements(verdict))
    if name.startswith("no-card"):
        assert set(verdict.not_needed) == {"driver", "cuda", "cudnn", "path"}
    if name == "linux-gpu":
        assert verdict.diagnosis.gpu_ready and verdict.needs("driver") and not verdict.needs("cuda")  # pip brings it


@pytest.mark.slow
def test_every_presenter_says_the_same_on_this_machine() -> None:
    verdict = verdict_for(run_scan(None, ScanOptions()))
    assert_one_truth(verdict, statements(verdict))


def test_no_card_names_no_driver_cuda_or_cudnn_and_no_path_block(linux_host) -> None:
    verdict = verdict_for(run_scan(no_card_without_tf(linux_host), ScanOptions()))
    said = statements(verdict)
    assert "[ -- ] NVIDIA driver   Not needed for your route" in said["scan"]
    assert "[ -- ] cuDNN           Not needed for your route" in said["scan"]
    assert said["path plan"].startswith("Not needed for your route: without an NVIDIA GPU")
    first = verdict.checklist.steps[0]
    assert first.commands[0].command == "/home/user/venv/bin/python -m pip install tensorflow"
    assert first.check.id == "tf-imports"


def test_a_cpu_route_checklist_is_driven_to_all_ticked(linux_host, tmp_path) -> None:
    """Before TF: install, then measure; after the install: the install is done; after a benchmark: complete."""
    before = verdict_for(run_scan(no_card_without_tf(linux_host), ScanOptions()))
    assert [s.check.id for s in before.checklist.steps] == ["tf-imports", "benchmark"]
    assert not before.complete and before.done == []
    assert [o.steps[0].check.id for o in before.checklist.options] == ["elsewhere"]  # never "Re-check ..."

    host = FakeHost(root=tmp_path / "after", system="Linux", release="6.8.0-45-generic", version="#45-Ubuntu SMP",
                    machine="x86_64", env={"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/home/user"})
    host.write("/etc/os-release", 'PRETTY_NAME="Ubuntu 22.04.4 LTS"\nNAME="Ubuntu"\n')
    installed = run_scan(machines.no_nvidia_gpu(host), ScanOptions())
    after = verdict_for(installed, before.env, previous=before)
    assert [s.check.id for s in after.done] == ["tf-imports"]
    assert not after.complete  # the benchmark has not run yet
    measured = verdict_for(installed, before.env, previous=after, benchmarked={machines.LINUX_PY})
    assert measured.complete
    assert all(measured.ticked(s) for s in measured.checklist.steps)
    assert "[done]" in format_verdict(measured)
    elsewhere = verdict_for(installed, before.env, benchmarked={"/usr/bin/python3"})
    assert not elsewhere.complete  # a benchmark of another Python does not tick this environment's


def test_diagnose_and_next_steps_run_once_per_verdict(linux_host, monkeypatch) -> None:
    calls = {"diagnose": 0, "next_steps": 0}
    for name in calls:
        original = getattr(verdict_module, name)

        def counted(*args, _original=original, _name=name, **kwargs):
            calls[_name] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(verdict_module, name, counted)
    verdict = verdict_for(run_scan(machines.no_nvidia_gpu(linux_host), ScanOptions()))
    statements(verdict)  # the presenters read the verdict: none diagnoses again
    assert calls == {"diagnose": 1, "next_steps": 1}


def test_the_tensorflow_gpu_routes_are_not_numbered_as_one_sequence(windows_tf215) -> None:
    """Native TF 2.10 and WSL2 are two ways: one numbered step and one "Or:", in the finding and the checklist."""
    from tfgpu.core.findings.fixes import FixContext, fix_steps
    from tfgpu.core.findings.render import format_steps

    steps = fix_steps("tensorflow-gpu-removed", FixContext(os="windows", python_exe=machines.WIN_PY))
    assert [s.alternative for s in steps] == [False, True]
    text = "\n".join(format_steps(steps, ""))
    assert text.startswith("1. On native Windows") and "\n2. " not in text and "Or: Use current TensorFlow in WSL2" in text
    assert steps[0].command.startswith("& 'C:\\Users\\user\\AppData")  # the environment's interpreter, quoted
