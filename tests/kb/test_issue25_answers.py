"""Issue 25: each wrong or misleading answer the audit found, fixed; every test here fails on the old answer."""

from __future__ import annotations

import json

from tfgpu.core import kb
from tfgpu.core.cli import main
from tfgpu.core.diagnosis.recommend import recommend_route, route_input_for
from tfgpu.core.explain.engine import explain_text
from tfgpu.core.findings.gpu_limits import unsupported_gpu_steps
from tfgpu.core.kb.loader import load_kb


def _rec(gpu: str, os_name: str, python: str | None = None):
    return recommend_route(route_input_for(gpu, os_name, python))


def _commands(rec) -> str:
    return "\n".join(s.command or "" for s in rec.steps)


def test_rtx_3060_with_python_39_blames_python_not_the_gpu():
    rec = _rec("RTX 3060", "linux", "3.9")
    assert rec.route == "linux-pip" and rec.tf_version == "2.20.0"
    assert "Python 3.9 is the limit, not your GPU" in str(rec.detail) and "2.21.0" in str(rec.detail)
    assert "not supported by newer TensorFlow" not in str(rec.detail)
    old = _rec("GTX 960", "linux")  # a GPU that really is the limit still says so
    assert old.route == "old-gpu" and "not supported by newer TensorFlow" in str(old.detail)


def test_215_patch_releases_are_not_the_same_and_cuda_as_2150():
    for version in ("2.15.0.post1", "2.15.1"):
        patch = kb.patch_release(version)
        assert patch["same_build_as_row"] is False
        assert not any(r.startswith("tensorrt") for r in patch["and_cuda_requires"])
        assert any("drops the three TensorRT requirements" in d for d in patch["differences"])
    row = kb.tf_build("2.15.0")
    assert sum(r.startswith("tensorrt") for r in row.and_cuda_requires) == 3


def test_kb_tf_shows_the_215_difference(capsys):
    assert main(["kb", "tf", "2.15.1", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["same_build_as_row"] is False and not any("tensorrt" in r for r in doc["and_cuda"]["requires"])


def test_factory_registration_notice_is_dated_211_to_221():
    row = next(r for r in load_kb("log_signatures")["rows"] if r["id"] == "factory-registration-notice")
    assert "TF 2.11-2.21" in row["source"] and "2.14-2.16" not in row["source"]


def test_h100_gets_the_driver_note_the_kb_fact_asks_for():
    for os_name in ("linux", "wsl", "windows"):
        notes = " ".join(str(n) for n in _rec("H100", os_name).notes)
        assert "compute_90 PTX" in notes and "555" in notes, os_name
    assert not any("PTX" in str(n) for n in _rec("RTX 4090", "linux").notes)  # native kernels: no note


def test_wsl_plan_uses_ubuntus_own_python_not_python313():
    for python in (None, "3.14"):
        commands = _commands(_rec("RTX 4090", "wsl", python))
        assert "python3.13" not in commands and "python3 -m venv ~/tf" in commands
    assert kb.stock_pythons() == {"ubuntu-22.04": "3.10", "ubuntu-24.04": "3.12"}


def test_blackwell_ngc_option_does_not_claim_built_for_this_gpu():
    rule = kb.arch_rules()[0]
    for os_name in ("linux", "windows"):
        ngc = unsupported_gpu_steps(rule, os_name)[0]
        assert "built for this GPU" not in str(ngc.text) and "112272" in str(ngc.text)
    option = next(o for o in rule.options if o.id == "ngc-container")
    assert "not 'built for this GPU'" in option.text


def test_native_windows_source_build_option_says_wsl2():
    rule = kb.arch_rules()[0]
    windows = next(s for s in unsupported_gpu_steps(rule, "windows") if "source" in str(s.text).lower())
    assert "WSL2" in str(windows.text) and "2.10" in str(windows.text)
    linux = next(s for s in unsupported_gpu_steps(rule, "linux") if "source" in str(s.text).lower())
    assert "WSL2" not in str(linux.text)


def test_explain_never_sends_rtx_50_owners_on_222_to_a_nightly():
    logs = [
        "tensorflow 2.22.0\nNVIDIA GeForce RTX 5090, compute capability 12.0\n'cuModuleLoadData(&module, data)' failed "
        "with 'CUDA_ERROR_INVALID_PTX'\n",
        "tensorflow 2.22.0\n'cuModuleLoadData(&module, data)' failed with 'CUDA_ERROR_INVALID_PTX'\n",
    ]
    for log in logs:
        explanation = explain_text(log)
        words = " ".join(str(f.detail) for f in explanation.findings)
        assert explanation.primary == "compute-capability-unsupported" and "nightly" not in words.lower()
    assert explain_text(logs[0]).findings[0].facts["rule"] == "blackwell-no-pypi-tf"


def test_recommendations_pin_the_latest_patch():
    rec = _rec("GTX 960", "linux")
    assert rec.tf_version == "2.16.2" and "tensorflow[and-cuda]==2.16.2" in _commands(rec)
    assert "2.16.1" not in _commands(rec)
    assert kb.tf_build("2.16.1").latest_patch == "2.16.2" and kb.tf_build("2.21.0").latest_patch == "2.21.0"


def test_cuda_135_is_in_the_kb():
    assert kb.min_driver("13.5", "linux") == "620"
    assert kb.max_cuda_for_driver("620.70.06", "linux") == "13.5"
    assert kb.max_cuda_for_driver("615.10", "linux") == "13.4"
