"""The checklist (core/diagnosis/next_steps.py): one ordered, de-duplicated list of what to do next,
the same for ``tfgpu doctor`` and the GUI; its "done when" checks against later scans."""

from __future__ import annotations

import json

from test_cli import run_tfgpu

from fakes import fake_scan as fs
from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.diagnosis.next_steps import (
    ROUTE_FINDINGS,
    Checklist,
    all_findings,
    choose_env,
    is_done,
    next_steps,
    still_open,
)
from tfgpu.core.probes.os_info import WslDistro

WIN_PY, LINUX_PY = fs.WIN_PY, fs.LINUX_PY


def windows_tf215():
    return fs.scan(os=fs.os_info("windows"),
                   envs=[fs.env(WIN_PY, "3.11.9", fs.tf_ok(WIN_PY, "2.15.0", gpus=0, cuda_build=False))])


def windows_tf210_cuda121():
    tf = fs.tf_ok(WIN_PY, "2.10.0", gpus=0, cuda="64_112", cudnn="64_8", missing=["cudart64_110.dll"])
    return fs.scan(os=fs.os_info("windows"), toolkits=[fs.toolkit("12.1", "C:\\CUDA\\v12.1")],
                   envs=[fs.env(WIN_PY, tf=tf)])


def commands(checklist: Checklist) -> list[str]:
    return [c.command for s in checklist.steps for c in s.commands]


def assert_no_repeats(checklist: Checklist) -> None:
    every = commands(checklist) + [c.command for o in checklist.options for s in o.steps for c in s.commands]
    assert len(every) == len(set(every)), every
    texts = [str(s.text) for s in checklist.steps]
    assert len(texts) == len(set(texts)), texts
    assert len({s.id for s in checklist.steps}) == len(checklist.steps)


def test_windows_tf215_is_the_wsl_route_with_native_tf210_behind_other_options():
    diagnosis = diagnose(windows_tf215())
    checklist = next_steps(diagnosis)
    assert not checklist.ready and checklist.env == WIN_PY
    assert checklist.blocker.id == "no-native-windows-gpu"
    first = checklist.steps[0]
    assert [c.command for c in first.commands] == ["wsl --install -d Ubuntu"] and first.check.id == "wsl2"
    assert all(s.finding == "no-native-windows-gpu" for s in checklist.steps)
    assert "tensorflow[and-cuda]==2.21.0" in " ".join(commands(checklist))
    assert not any("tensorflow<2.11" in c for c in commands(checklist))  # the other route is not a step
    (option,) = checklist.options  # the route's and the finding's TF 2.10 alternative are one option
    assert "tensorflow<2.11" in option.steps[0].commands[0].command
    assert_no_repeats(checklist)


def test_tf210_with_only_cuda_12_is_fixed_in_place_and_wsl_is_an_option():
    """Not "fix this first: CUDA 11.2" above "we recommend WSL2": one first step, the other route below."""
    diagnosis = diagnose(windows_tf210_cuda121())
    checklist = next_steps(diagnosis)
    assert checklist.blocker.id == "cuda-version-mismatch"
    assert checklist.finding_ids() == ["cuda-version-mismatch"]
    assert not any("wsl" in c for c in commands(checklist))
    assert checklist.steps[-1].check.id == "gpu-ready"  # the verification comes last, once
    routes = [o for o in checklist.options if any("wsl --install" in c.command for s in o.steps for c in s.commands)]
    assert len(routes) == 1 and str(routes[0].title) == str(diagnosis.recommendation.title)
    assert_no_repeats(checklist)


def test_a_ready_environment_leads_to_the_benchmark():
    diagnosis = diagnose(fs.scan(envs=[fs.env(LINUX_PY, "3.11.9", fs.tf_ok(LINUX_PY, "2.16.1"))]))
    checklist = next_steps(diagnosis)
    assert checklist.ready and checklist.blocker is None
    (step,) = checklist.steps
    assert step.action == "benchmark" and step.finding == "gpu-ok" and "2.16.1" in str(step.text)


def test_a_missing_driver_comes_first_once_and_a_working_tf_is_not_reinstalled():
    scan = fs.scan(drv=fs.driver(reason="nvml-library-not-found"),
                   envs=[fs.env(LINUX_PY, "3.11.9", fs.tf_ok(LINUX_PY, "2.21.0", gpus=0))])
    diagnosis = diagnose(scan)
    # The driver finding is in the machine list and repeated in the environment's: once in the checklist.
    assert sum(f.id == "driver-missing" for f in all_findings(diagnosis)) == 1
    checklist = next_steps(diagnosis)
    assert checklist.blocker.id == "driver-missing"
    assert checklist.finding_ids() == ["driver-missing"]
    assert [s.check.id for s in checklist.steps[:-1]] == ["driver"] * (len(checklist.steps) - 1)
    assert checklist.steps[-1].check.id == "gpu-ready"
    assert not any("pip install" in c for c in commands(checklist))
    assert_no_repeats(checklist)


def test_no_nvidia_gpu_with_tensorflow_installed_means_measure_the_cpu():
    scan = fs.scan(drv=fs.driver(reason="no-device"),
                   envs=[fs.env(LINUX_PY, "3.11.9", fs.tf_ok(LINUX_PY, "2.21.0", gpus=0, cuda_build=False))])
    checklist = next_steps(diagnose(scan))
    assert checklist.blocker.id == "no-nvidia-gpu"
    assert checklist.steps[-1].action == "benchmark" and "CPU" in str(checklist.steps[-1].text)


def test_the_chosen_environment_decides_and_route_findings_are_known():
    ready = fs.env(LINUX_PY, "3.11.9", fs.tf_ok(LINUX_PY, "2.16.1"))
    other = fs.env("/usr/bin/python3", "3.12.3", fs.tf_missing("/usr/bin/python3"), kind="system")
    diagnosis = diagnose(fs.scan(envs=[other, ready]))
    assert choose_env(diagnosis).python == LINUX_PY  # the ready one by default
    assert next_steps(diagnosis, "/usr/bin/python3").env == "/usr/bin/python3"
    assert not next_steps(diagnosis, "/usr/bin/python3").ready
    assert next_steps(diagnosis, "/no/such/python").env == LINUX_PY
    assert "no-native-windows-gpu" in ROUTE_FINDINGS and "path-not-set" not in ROUTE_FINDINGS


def test_checks_tick_off_on_a_later_scan():
    before = windows_tf215()
    checklist = next_steps(diagnose(before))
    wsl_step = checklist.steps[0]
    assert is_done(wsl_step.check, before, diagnose(before)) is False
    after = windows_tf215()
    after.os.wsl_distros = [WslDistro(name="Ubuntu", state="Stopped", version=2)]
    after.os.wsl_installed = True
    diagnosis_after = diagnose(after)
    assert is_done(wsl_step.check, after, diagnosis_after) is True
    assert is_done(checklist.steps[1].check, after, diagnosis_after) is None  # inside WSL: cannot tell here
    newer = next_steps(diagnosis_after)
    assert [s.id for s in still_open(checklist, newer, after, diagnosis_after)] == [wsl_step.id]


def test_a_finding_gone_check():
    broken = fs.scan(drv=fs.driver(reason="nvml-library-not-found"),
                     envs=[fs.env(LINUX_PY, "3.11.9", fs.tf_ok(LINUX_PY, "2.21.0", gpus=0))])
    fixed = fs.scan(envs=[fs.env(LINUX_PY, "3.11.9", fs.tf_ok(LINUX_PY, "2.21.0"))])
    checklist = next_steps(diagnose(broken))
    assert all(is_done(s.check, fixed, diagnose(fixed)) for s in checklist.steps)
    assert not any(is_done(s.check, broken, diagnose(broken)) for s in checklist.steps)


def test_doctor_json_and_text_lead_with_the_checklist(tmp_path):
    path = tmp_path / "scan.json"
    path.write_text(windows_tf215().to_json(), encoding="utf-8")
    done = run_tfgpu("doctor", "--scan", str(path), "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    steps = doc["next_steps"]
    assert steps and all(set(s) >= {"id", "finding", "text", "commands", "check"} for s in steps)
    assert steps[0]["commands"] == [{"command": "wsl --install -d Ubuntu", "shell": "powershell"}]
    assert steps[0]["check"]["id"] == "wsl2" and steps[0]["check"]["text"].startswith("Done when")
    assert doc["other_options"][0]["steps"][0]["commands"][0]["command"].startswith("conda create")
    text = run_tfgpu("doctor", "--scan", str(path)).stdout
    assert text.index("Do this next") < text.index("[x] TensorFlow 2.11+")
    assert text.count("wsl --install -d Ubuntu") == 1
