"""The KB release check (``python -m tfgpu.core.kb.check``): the shipped KB passes it, and each kind of
mistake it exists for makes it fail (each mutation is one a KB edit could really make)."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from tfgpu.core.kb.check import FILES, MAX_UNCONFIRMED, run_checks
from tfgpu.core.kb.loader import load_kb


def kb_data() -> dict[str, dict]:
    return copy.deepcopy({name: load_kb(name) for name in FILES})


def row(data: dict, file: str, key: str, **match) -> dict:
    return next(r for r in data[file][key] if all(r.get(k) == v for k, v in match.items()))


def test_the_shipped_kb_passes_with_at_most_a_handful_unconfirmed():
    report = run_checks()
    assert report.ok, report.errors
    assert len(report.unconfirmed) <= MAX_UNCONFIRMED
    assert report.counts["tf_releases"] >= 25 and report.counts["gpus"] >= 120


def test_every_unconfirmed_record_says_why():
    data = kb_data()
    for where in run_checks().unconfirmed:
        if where.startswith("gpus.rows["):
            name = where[len("gpus.rows["):].split("]")[0]
            record = row(data, "gpus", "rows", name=name)
        elif where.startswith("cudnn_cuda.rules["):
            record = row(data, "cudnn_cuda", "rules", id=where.split("[")[1].split("]")[0])
        else:  # gpus.arch_rules[RULE].options[OPTION]
            rule_id, option_id = (part.split("]")[0] for part in where.split("[")[1:3])
            record = next(o for o in row(data, "gpus", "arch_rules", id=rule_id)["options"] if o["id"] == option_id)
        assert record.get("notes"), f"{where} is unconfirmed without notes saying why"


def test_the_module_runs_as_a_script_and_prints_json():
    done = subprocess.run([sys.executable, "-m", "tfgpu.core.kb.check", "--json"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    doc = json.loads(done.stdout)
    assert doc["ok"] is True and doc["errors"] == [] and doc["counts"]["unconfirmed"] == len(doc["unconfirmed"])


def _missing_source(data):
    del row(data, "log_signatures", "rows", id="dnn-init-failed")["source"]


def _bad_status(data):
    row(data, "log_signatures", "rows", id="cudnn-arch-mismatch")["status"] = "corroborated"


def _version_drift(data):
    data["gpus"]["kb_version"] = "2026.11.21"


def _pin_dropped(data):  # 2.21 [and-cuda] admits cuDNN 9.28: GTX 10xx users need the pin
    row(data, "tf_builds", "rows", version="2.21.0")["and_cuda_pre_turing_pin"]["pin"] = None


def _pin_not_needed(data):  # 2.19 pins cuDNN 9.3.0.75 exactly: a pin there is a mistake
    row(data, "tf_builds", "rows", version="2.19.0")["and_cuda_pre_turing_pin"]["pin"] = "nvidia-cudnn-cu12<9.11"


def _pin_decision_missing(data):
    del row(data, "tf_builds", "rows", version="2.20.0")["and_cuda_pre_turing_pin"]


def _cutoff_against_the_wheels(data):  # the 9.11 cut-off moved to 9.12: the 9.11.0.98 wheel's kernels contradict it
    row(data, "cudnn_cuda", "rules", id="cudnn-9.11-drops-pre-turing")["cudnn_min"] = "9.12.0"


def _confirmed_from_a_copy(data):  # issue 25: confirmed means a primary source was read
    gpu = row(data, "gpus", "rows", name="GeForce RTX 3060")
    gpu["field_status"]["bw"] = "confirmed"
    gpu["sources"]["bw"] = "third-party spec DB excerpt (360.0)"


def _rule_by_version_range(data):  # issue 25: a rule holds by a build's evidence, never by a version range
    rule = row(data, "gpus", "arch_rules", id="blackwell-no-pypi-tf")
    rule["tf_versions"] = "<2.22"
    rule.pop("holds_when")


def _min_cc_drift(data):
    row(data, "tf_builds", "rows", version="2.17.0")["min_cc"] = "5.0"


def _unknown_finding(data):
    row(data, "log_signatures", "rows", id="dnn-init-failed")["alt_findings"][0]["finding"] = "cudnn-too-old"


def _example_not_matched(data):
    row(data, "log_signatures", "rows", id="cudnn-arch-mismatch")["regex"] = "CUDNN_STATUS_ARCH_MISMATCHED"


def _gpu_without_cc(data):
    row(data, "gpus", "rows", name="GeForce RTX 5080")["cc"] = None


def _too_many_unconfirmed(data):
    for name in ("GeForce RTX 3060", "GeForce RTX 3070", "GeForce RTX 3080"):
        gpu = row(data, "gpus", "rows", name=name)
        gpu["field_status"]["bw"], gpu["status"] = "unconfirmed", "unconfirmed"


def _cutoff_pin_wrong(data):
    row(data, "cudnn_cuda", "rules", id="cudnn-9.11-drops-pre-turing")["pip_pin"] = "nvidia-cudnn-cu12<=9.11"


def _no_driver_minimum(data):
    row(data, "tf_builds", "rows", version="2.21.0")["linux_cuda"] = "14.1"  # no 14.x row, no 14 minor-version compat


@pytest.mark.parametrize("mutate, words", [
    (_missing_source, "no source"),
    (_bad_status, "'corroborated'"),
    (_version_drift, "kb_version"),
    (_pin_dropped, "need the pin nvidia-cudnn-cu12<9.11"),
    (_pin_not_needed, "is not needed"),
    (_pin_decision_missing, "without and_cuda_pre_turing_pin"),
    (_rule_by_version_range, "blackwell-no-pypi-tf]: needs holds_when"),
    (_cutoff_against_the_wheels, "wheel_kernels[nvidia-cudnn-cu12 9.11.0.98]: lacks kernels below 7.5"),
    (_confirmed_from_a_copy, "GeForce RTX 3060].bw: confirmed without a primary source (third-party)"),
    (_min_cc_drift, "min_cc 5.0"),
    (_unknown_finding, "'cudnn-too-old' is not in findings.json"),
    (_example_not_matched, "example does not match"),
    (_gpu_without_cc, "GeForce RTX 5080]: no compute capability"),
    (_too_many_unconfirmed, "unconfirmed records (at most"),
    (_cutoff_pin_wrong, "must admit 9.10.2 and exclude 9.11.0"),
    (_no_driver_minimum, "no minimum linux driver for CUDA 14.1"),
])
def test_each_kind_of_mistake_fails_the_check(mutate, words):
    data = kb_data()
    mutate(data)
    report = run_checks(data)
    assert not report.ok
    assert any(words in error for error in report.errors), report.errors
