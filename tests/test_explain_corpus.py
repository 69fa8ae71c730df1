"""``explain`` on every real case of the shared corpus: the primary finding is the labelled
root cause (or an accepted alternative), and the detected kind is the labelled kind.
Plus the facts read from several cases."""

from __future__ import annotations

import json

import pytest
from test_explain_fuzz import check

from conftest import CORPUS, corpus_text
from tfgpu.core.explain.engine import explain_text
from tfgpu.core.explain.model import EXPLAIN_KINDS
from tfgpu.core.findings.model import Severity

CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "case.json").exists())


def case(name: str) -> dict:
    return json.loads((CORPUS / name / "case.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", CASES)
def test_primary_and_kind(name):
    label = case(name)
    explanation = explain_text(corpus_text(name))
    accepted = {label["root_cause"], *label.get("also_acceptable", [])}
    assert explanation.primary in accepted, [str(f.detail) for f in explanation.findings]
    assert explanation.kind == label["kind"]
    assert explanation.kind in EXPLAIN_KINDS
    assert explanation.findings[0].id == explanation.primary
    assert "internal_error" not in explanation.facts
    check(explanation)


@pytest.mark.parametrize("name", CASES)
def test_same_answer_from_bytes(name):
    text = corpus_text(name)
    assert explain_text(text.encode("utf-8")).primary == explain_text(text).primary


@pytest.mark.parametrize("name", [n for n in CASES if case(n)["root_cause"] in ("benign-log", "gpu-ok")])
def test_healthy_or_harmless_never_alarms(name):
    explanation = explain_text(corpus_text(name))
    assert [f.id for f in explanation.findings if f.severity is Severity.ERROR] == []


def test_nvidia_smi_table_facts():
    facts = explain_text(corpus_text("001-nvidia-smi-a10-healthy")).facts
    assert facts["driver_version"] == "550.127.05"
    assert facts["cuda_driver"] == "12.4"
    assert facts["gpus"][0]["name"] == "NVIDIA A10"
    assert facts["gpus"][0]["cc"] == "8.6"
    assert facts["gpus"][0]["memory_total_mib"] == 23028
    assert "cuda_installed" not in facts


def test_issue_template_facts():
    facts = explain_text(corpus_text("003-tf211-win11-not-built-with-cuda")).facts
    assert (facts["os"], facts["tf_version"], facts["python_version"]) == ("windows", "2.11.0", "3.9.10")
    assert (facts["cuda_installed"], facts["cudnn_installed"]) == (["11.6"], ["8.6"])
    assert facts["is_cuda_build"] is False
    assert facts["gpus_listed"] == 0


def test_driver_and_toolkit_versions():
    explanation = explain_text(corpus_text("012-conda-cudatoolkit100-driver-388"))
    assert explanation.facts["driver_version"] == "388.73"
    assert explanation.facts["cuda_installed"] == ["10.0"]
    assert explanation.facts["os"] == "windows"
    assert explanation.findings[0].facts["min_driver"] == "411.31"


def test_cudnn_versions_tf1_numeric():
    facts = explain_text(corpus_text("018-tf1x-cudnn-7201-vs-7004")).facts
    assert (facts["cudnn_runtime"], facts["cudnn_compiled"]) == ("7.2.1", "7.0.4")


def test_oom_allocation():
    facts = explain_text(corpus_text("022-oom-resnet50-extractimagepatches")).facts
    assert facts["oom"][0]["shape"] == [16, 112, 112, 147]
    assert facts["oom_allocation_bytes"] == 16 * 112 * 112 * 147 * 4
    assert facts["python_version"] == "3.6"


def test_gpu_and_memory_from_log():
    facts = explain_text(corpus_text("025-940mx-conv-algorithm-allow-growth")).facts
    assert facts["gpus"][0]["name"] == "GeForce 940MX"
    assert facts["compute_capabilities"] == ["5.0"]
    assert facts["gpu_memory_mb"] == 1538


def test_required_vs_found_cc():
    facts = explain_text(corpus_text("033-k2000m-cc30-min-35")).facts
    assert (facts["found_cc"], facts["required_cc"]) == ("3.0", "3.5")
    assert facts["gpus"][0]["name"] == "Quadro K2000M"


def test_blackwell_facts():
    explanation = explain_text(corpus_text("036-blackwell-sm120-ptx85"))
    facts = explanation.facts
    assert facts["tf_version"].startswith("2.22.0")
    assert facts["driver_version"] == "590.48.01"
    assert facts["cuda_driver"] == "13.1"
    assert facts["target_cc"] == "12.0"
    assert facts["compute_capabilities"] == ["12.0"]
    assert explanation.findings[0].facts["ptx"] == {"have": "8.5", "target": "sm_120", "need": "8.7"}


def test_pip_facts():
    facts = explain_text(corpus_text("044-pip-tf1131-python-too-new")).facts
    assert facts["tf_requested"] == "tensorflow==1.13.1"
    assert facts["pip_versions"][0] == "2.2.0rc1" and facts["pip_versions"][-1] == "2.4.0"
    assert facts["python_guess"] == ["3.8"]
    facts = explain_text(corpus_text("041-pip-tensorflow-python313-windows")).facts
    assert (facts["python_version"], facts["os"]) == ("3.13.0", "windows")


def test_missing_libraries_and_installed_cuda():
    facts = explain_text(corpus_text("065-tf115-wants-cuda100-has-cuda101")).facts
    assert facts["missing_libraries"] == ["libcurand.so.10.0", "libcusolver.so.10.0", "libcusparse.so.10.0"]
    assert facts["cuda_installed"] == ["10.1"]
    assert facts["cuda_wanted"] == "10.0"
    assert facts["loaded_libraries"] == ["libcudnn.so.7"]


def test_template_with_example_os():
    facts = explain_text(corpus_text("075-tf23-wants-libcudnn7-has-cudnn8")).facts
    assert facts["os_name"] == "Ubuntu 20.04"  # not the template's "(e.g., Linux Ubuntu 16.04)"
    assert (facts["cudnn_installed"], facts["cudnn_wanted"]) == (["8.0.2"], "7")


def test_build_info_module():
    facts = explain_text(corpus_text("054-build-info-py-win-gpu-cuda100")).facts
    assert (facts["cuda_compiled"], facts["cudnn_compiled"], facts["os"]) == ("10.0", "7", "windows")
    assert facts["is_cuda_build"] is True


def test_header_and_nvcc():
    assert explain_text(corpus_text("063-cudnn-version-h-9-6-0")).facts["cudnn_installed"] == ["9.6.0"]
    facts = explain_text(corpus_text("051-nvcc-cuda-11-0-194")).facts
    assert (facts["cuda_installed"], facts["nvcc_version"]) == (["11.0"], "11.0.194")


def test_evidence_points_at_the_line():
    explanation = explain_text(corpus_text("045-cuinit-no-device-kernel-driver-not-running"))
    sources = [e.source for e in explanation.findings[0].evidence]
    assert sources[:2] == ["line 6", "line 7"]
    assert "cuInit" in explanation.findings[0].evidence[0].detail
