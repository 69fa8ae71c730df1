"""Issue 28: evidence ranking, confidence and alternatives, the never-healthy rule, facts about the
hardware read from prose (English and Chinese), the text classifier (a second opinion that never overrides
an explicit error signature, loaded only when the rules are unsure, matching the corpus it was trained on),
and the doctor reading TF's log lines through the same engine."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from perf.train_classifier import OUT as MODEL_FILE
from perf.train_classifier import corpus_cases, corpus_hash

from conftest import CORPUS, CORPUS_REAL
from tfgpu.core.explain import classifier, ranking
from tfgpu.core.explain.engine import explain_text
from tfgpu.core.findings.catalog import catalog

SMI_TABLE = (CORPUS / "001-nvidia-smi-a10-healthy" / "input.txt").read_text(encoding="utf-8")


# -- ranking -----------------------------------------------------------------------------------------------

def test_an_error_line_outranks_a_warning_which_outranks_a_statement():
    error = ranking.line_tier("2024-01-01 10:00:00.1: E tensorflow/core/x.cc:12] failed call to cuInit")
    warning = ranking.line_tier("2024-01-01 10:00:00.1: W tensorflow/core/x.cc:12] Could not load dynamic library")
    stated = ranking.line_tier("I installed CUDA 11.2 last week")
    assert error > warning > stated > ranking.TIER_INFERRED


def test_json_keeps_its_fields_and_gains_confidence_and_alternatives(tmp_path):
    text = tmp_path / "log.txt"
    text.write_text("Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found\n")
    out = subprocess.run([sys.executable, "-m", "tfgpu.core.cli", "explain", "--json", str(text)],
                         capture_output=True, text=True, check=True).stdout
    doc = json.loads(out)
    assert {"schema_version", "kind", "primary", "findings", "facts"} <= set(doc)
    assert 0.0 < doc["confidence"] <= 1.0
    assert isinstance(doc["alternatives"], list) and isinstance(doc["second_opinion"], list)


def test_close_findings_are_listed_as_alternatives():
    text = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
            "'cudart64_110.dll'; dlerror: cudart64_110.dll not found\n"
            "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
            "'cudnn64_8.dll'; dlerror: cudnn64_8.dll not found\n")
    explanation = explain_text(text)
    others = [a["id"] for a in explanation.alternatives]
    assert explanation.primary and len(explanation.findings) == len(others) + 1 or others
    assert all(0.0 <= a["score"] <= 1.0 for a in explanation.alternatives)


# -- never healthy beside an error ----------------------------------------------------------------------------

def test_a_healthy_smi_table_alone_is_healthy():
    assert explain_text(SMI_TABLE).primary == "gpu-ok"


def test_a_failing_text_is_never_called_healthy_beside_a_healthy_table():
    text = SMI_TABLE + "\nRuntimeError: CUDA error: an illegal memory access was encountered\n"
    explanation = explain_text(text)
    assert explanation.primary != "gpu-ok"
    assert explanation.findings[0].severity.rank < [f for f in explanation.findings if f.id == "gpu-ok"][0].severity.rank


def test_a_known_harmless_error_line_does_not_make_a_working_log_a_failure():
    text = ("2023-12-05 09:29:18.697209: E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:9342] Unable to "
            "register cuDNN factory: Attempting to register factory for plugin cuDNN when one has already been registered\n"
            "2023-12-05 09:29:20.1: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1886] Created device "
            "/job:localhost/replica:0/task:0/device:GPU:0 with 13949 MB memory:  -> device: 0, name: Tesla T4, pci bus "
            "id: 0000:00:04.0, compute capability: 7.5\n")
    assert explain_text(text).primary in ("gpu-ok", "benign-log")


# -- facts from prose -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "My laptop only has Intel graphics. TensorFlow does not detect any GPU, how do I use the GPU?",
    "I use a Radeon RX 580 and tensorflow can't find my gpu",
    "Training on my Mac: tensorflow does not use the GPU at all",
    "我的笔记本只有集显，tensorflow 检测不到 gpu，怎么办？",
    "显卡是AMD的，tensorflow无法使用gpu",
    "我用的是A卡，tensorflow 检测不到 gpu 怎么办",
])
def test_a_machine_without_an_nvidia_card_said_in_words(text):
    assert explain_text(text).primary == "no-nvidia-gpu"


@pytest.mark.parametrize("text", [
    "My laptop has Intel UHD graphics and an RTX 3060, but tensorflow does not use the GPU",
    "I have a GeForce GTX 1080; I used to have a Radeon. TensorFlow does not detect the GPU",
    "我的电脑是RTX 3060，以前用A卡，tensorflow 检测不到 gpu",
])
def test_an_nvidia_card_named_beside_other_graphics_is_not_no_gpu(text):
    assert explain_text(text).primary != "no-nvidia-gpu"


def test_multi_gpu_training_failing_on_windows_is_nccl():
    text = "Windows 10: multi-GPU training with MirroredStrategy fails with an error, one GPU works"
    assert explain_text(text).primary == "nccl-unavailable"


def test_chinese_distributed_training_hang():
    assert explain_text("多机多卡分布式训练卡住，两个节点都卡在了 init nccl 后，没有任何报错").primary == "collective-timeout"


# -- the classifier ------------------------------------------------------------------------------------------

def test_the_shipped_model_matches_the_corpus_it_was_trained_on():
    shipped = json.loads(MODEL_FILE.read_text(encoding="utf-8"))
    assert shipped["corpus_hash"] == corpus_hash(corpus_cases(CORPUS_REAL)), (
        "the corpus changed: retrain with .venv/bin/python tests/perf/train_classifier.py")
    assert shipped["features_version"] == classifier.FEATURES_VERSION
    assert set(shipped["classes"]) <= set(catalog())
    assert 0.0 < shipped["cv_accuracy"] <= 1.0


def test_inference_is_pure_python_and_gives_probabilities():
    predictions = classifier.predict("Could not load dynamic library 'cudnn64_8.dll'; dlerror: cudnn64_8.dll not found")
    assert predictions and abs(sum(p for _, p in predictions) - 1.0) < 1e-6
    assert predictions == sorted(predictions, key=lambda pair: -pair[1])
    assert "sklearn" not in sys.modules


def test_the_classifier_is_not_loaded_for_a_clear_text(tmp_path):
    text = tmp_path / "one.txt"
    text.write_text("Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found\n")
    code = ("import sys; from tfgpu.core.explain.engine import explain_text; "
            f"explain_text(open({str(text)!r}).read()); print('tfgpu.core.explain.classifier' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == "False"


def test_the_classifier_never_overrides_an_explicit_error_signature(monkeypatch):
    text = "E tensorflow/stream_executor/cuda/cuda_driver.cc:328] failed call to cuInit: CUDA_ERROR_NO_DEVICE"
    before = explain_text(text).primary
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("gpu-oom", 0.99), ("gpu-ok", 0.01)])
    assert explain_text(text).primary == before


def test_the_classifier_fills_in_for_an_unrecognised_failure_and_keeps_the_next_step(monkeypatch):
    text = "RuntimeError: the training script stopped with an error nobody has seen before"
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])
    unknown = explain_text(text)
    assert unknown.primary == "unrecognised-error" and unknown.confidence <= 0.2
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("gpu-oom", 0.9), ("gpu-ok", 0.1)])
    explanation = explain_text(text)
    assert explanation.primary == "gpu-oom"
    assert explanation.findings[0].facts["classifier_probability"] == 0.9
    assert explanation.confidence == 0.9
    assert explanation.findings[0].fix  # the catalog's steps plus the command to run next


@pytest.mark.parametrize("guess", [("gpu-ok", 0.99), ("gpu-oom", 0.03)])
def test_the_classifier_never_calls_a_failure_healthy_nor_guesses_when_unsure(monkeypatch, guess):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [guess])
    assert explain_text("RuntimeError: the training script stopped with an error nobody has seen").primary == \
        "unrecognised-error"


def test_a_failing_text_takes_the_likeliest_cause_when_the_model_would_call_it_healthy(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("gpu-ok", 0.7), ("cudnn-missing", 0.12)])
    explanation = explain_text("RuntimeError: the training script stopped with an error nobody has seen")
    assert explanation.primary == "cudnn-missing"
    assert explanation.findings[0].facts["classifier_probability"] == 0.12


QUIET_GPU_AT_WORK = ("My GPU utilization stays around 10% during training and goes up and down.\n"
                     "The data is read with feed_dict from numpy arrays. Is this normal?")


def test_a_text_with_no_failure_and_a_gpu_at_work_may_be_guessed_healthy(monkeypatch):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("gpu-ok", 0.45), ("gpu-oom", 0.2)])
    explanation = explain_text(QUIET_GPU_AT_WORK)
    assert explanation.primary == "gpu-ok"
    assert "statistical guess" in str(explanation.findings[0].detail)


@pytest.mark.parametrize("guess", [[("gpu-ok", 0.25), ("gpu-oom", 0.2)], [("gpu-oom", 0.08), ("gpu-ok", 0.05)]])
def test_a_text_with_no_failure_needs_a_surer_guess(monkeypatch, guess):
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: guess)
    assert explain_text(QUIET_GPU_AT_WORK).primary == "unrecognised-error"


def test_a_bare_question_is_never_guessed_healthy_nor_given_the_runner_up(monkeypatch):
    # Nothing shows a GPU at work ("can I use this card?"): no healthy guess, and not the model's second choice.
    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [("gpu-ok", 0.8), ("no-nvidia-gpu", 0.15)])
    text = "I have this GPU (Intel(R) UHD Graphics).\nCan I use it for Keras training?\nWhat should I do?"
    assert explain_text(text).primary in ("unrecognised-error", "no-nvidia-gpu")
    assert explain_text(text).primary != "gpu-ok"


# -- doctor and explain agree ------------------------------------------------------------------------------------

def _tf_log_cases() -> list[Path]:
    """Real TF logs whose explain answer comes from TF's own lines (not from missing libraries, which the
    doctor reads from its own library checks)."""
    chosen = []
    for folder in sorted(CORPUS_REAL.iterdir()):
        label = folder / "case.json"
        if not label.exists() or json.loads(label.read_text(encoding="utf-8")).get("kind") != "tf-log":
            continue
        text = (folder / "input.txt").read_text(encoding="utf-8", errors="replace")
        if "Could not load dynamic library" in text or "dlopen" in text or len(text.splitlines()) > 50:
            continue
        chosen.append(folder)
    return chosen[:40]


@pytest.mark.parametrize("folder", _tf_log_cases(), ids=lambda p: p.name)
def test_the_doctor_reads_a_tf_log_as_explain_does(folder):
    from fakes import fake_scan as fs
    from tfgpu.core.diagnosis.doctor import diagnose
    from tfgpu.core.findings.model import Severity

    # The doctor gets TF's stderr as lines (no blank ones): the same text is those lines joined.
    lines = [line for line in (folder / "input.txt").read_text(encoding="utf-8", errors="replace").splitlines()
             if line.strip()]
    # Explain reads the text the doctor reads: TF's lines without the library ones (its library checks have those).
    from tfgpu.core.diagnosis.rules_env import _LIBRARY_LINE

    explained = explain_text("\n".join(line for line in lines if not _LIBRARY_LINE.search(line)))
    python = "/usr/bin/python3"

    # The environment's TensorFlow is the one the log's text names (the doctor knows it from the scan).
    version = str(explained.facts.get("tf_version") or "2.15.0")

    def doctor(log: list[str]) -> dict[str, Severity]:
        report = diagnose(fs.scan(envs=[fs.env(python, tf=fs.tf_ok(python, version, gpus=0, log=log))]))
        return {f.id: f.severity for f in [*report.machine, *(f for env in report.envs for f in env.findings)]}

    found = doctor(lines)
    if explained.primary is None or explained.findings[0].severity not in (Severity.ERROR, Severity.WARNING) \
            or explained.primary == "unrecognised-error" or "classifier_probability" in explained.findings[0].facts:
        # explain finds no cause in these lines (or only the classifier's guess, which the doctor leaves to its own
        # checks): the doctor adds no error of its own from them either
        added = {fid for fid, severity in found.items() if severity is Severity.ERROR} - set(doctor([]))
        assert not added, added
        return
    assert explained.primary in found


# -- the log outranks the template ----------------------------------------------------------------------------

TEMPLATE_213 = """**System information**
- OS Platform and Distribution: Windows 10
- TensorFlow version: 2.13.0
- Python version: 3.10

W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found
tensorflow does not detect my gpu
"""


def test_the_log_outranks_the_template_when_they_disagree():
    explanation = explain_text(TEMPLATE_213)
    # TF 2.13 on native Windows has no GPU build and loads no CUDA DLL: this log's TF is a 2.4-2.10 GPU build.
    assert explanation.facts["tf_version_stated"] == "2.13.0" and "tf_version" not in explanation.facts
    assert explanation.primary != "no-native-windows-gpu"


def test_a_template_the_log_agrees_with_stands():
    explanation = explain_text(TEMPLATE_213.replace("2.13.0", "2.10.0"))
    assert explanation.facts["tf_version"] == "2.10.0" and "tf_version_stated" not in explanation.facts
