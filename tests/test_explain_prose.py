"""Reading prose and issue templates (resources/kb/text_patterns.json): template fields win over asides,
negation, symptoms and context; the version-table checks; the context rules' data; explaining with this
machine's scan; and never answering nothing."""

from __future__ import annotations

import json
import re

import pytest

from tfgpu.core.explain import checks, document, prose
from tfgpu.core.explain.engine import explain_text
from tfgpu.core.explain.reason import DETAILS
from tfgpu.core.explain.signatures import anchor_branches, may_match
from tfgpu.core.findings.catalog import catalog
from tfgpu.core.kb.loader import load_kb

ROWS = load_kb("text_patterns")["rows"]

TEMPLATE = """**System information**
- OS Platform and Distribution (e.g., Linux Ubuntu 16.04): Windows 10
- TensorFlow installed from (source or binary): pip
- TensorFlow version (use command below): 2.3.0
- Python version: 3.8.5
- CUDA/cuDNN version: 10.2 / 7.6.5
- GPU model and memory: GeForce GTX 1060 6GB

I tried tensorflow 2.5 first. When I run tf.config.list_physical_devices('GPU') I get an empty list.
"""


def test_template_fields_win_over_a_version_only_tried():
    e = explain_text(TEMPLATE)
    assert e.facts["tf_version"] == "2.3.0"
    assert e.facts["cuda_installed"][0] == "10.2" and e.facts["cudnn_installed"][0] == "7.6.5"
    assert e.primary == "cuda-version-mismatch"  # TF 2.3 loads CUDA 10.1 only


def test_issue_form_headings():
    text = ("### TensorFlow version\n\n2.15.0\n\n### OS platform and distribution\n\nWindows 11\n\n"
            "### Current behavior?\n\nThe GPU is not detected.\n")
    e = explain_text(text)
    assert (e.facts["tf_version"], e.facts["os"], e.primary) == ("2.15.0", "windows", "no-native-windows-gpu")


def test_a_toolkit_the_user_could_not_install_is_not_installed():
    e = explain_text("I couldn't install CUDA 11.2, the installer failed. TensorFlow 2.10 on Windows 10 says no GPU.")
    assert "11.2" not in e.facts.get("cuda_installed", [])


def test_the_drivers_cuda_version_is_not_a_toolkit():
    e = explain_text("nvidia-smi says Driver Version: 531.14 CUDA Version: 12.1 and tensorflow does not find my GPU")
    assert e.facts.get("cuda_driver") == "12.1" and "12.1" not in e.facts.get("cuda_installed", [])


@pytest.mark.parametrize("text, kind", [
    ("could not install CUDA 12.1", "neg"),
    ("I uninstalled cuDNN 8.1", "neg"),
    ("this build needs CUDA 11.8", "neg"),
    ("I tried CUDA 12.4", "tried"),
    ("I have CUDA 11.2 installed", None),
])
def test_negation(text, kind):
    match = re.search(r"(?i)cu(?:da|dnn) \d", text)
    assert prose.negated(text, match.start()) == kind


def test_symptoms_and_context_are_the_users_words_not_tfs():
    log = ("2023-05-01 10:00:00.000000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1956] Cannot dlopen some "
           "GPU libraries. GPU not found here says TF.\n")
    assert "say:gpu-not-used" not in prose.read(document.load(log)).signals
    said = prose.read(document.load(log + "My GPU is not detected inside the docker container.\n")).signals
    assert {"say:gpu-not-used", "ctx:docker"} <= said


def test_chinese_prose():
    e = explain_text("tensorflow-gpu==1.14.0 下默认使用cpu进行训练，CUDA 10.1，cuDNN 7.6")
    assert e.facts["tf_version"] == "1.14.0" and e.primary == "cuda-version-mismatch"


@pytest.mark.parametrize("need, have, fits", [
    ("10.1", "10.1", True), ("10.1", "10.2", False), ("10.0", "10", None), ("9.0", "10", False),
    ("11.2", "11.8", True), ("11.2", "11.0", False), ("12.3", "12.4", True),
])
def test_cuda_fits(need, have, fits):
    assert checks.cuda_fits(need, have) is fits


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_text_pattern_rows(row):
    assert row["source"].strip() and row["status"] in ("confirmed", "derived", "unconfirmed")
    if row["type"] in ("symptom", "context", "negation"):
        re.compile(row["regex"], re.IGNORECASE)
    if row["type"] in ("symptom", "context"):
        assert row["anchors"] == anchor_branches("(?i)" + row["regex"]), "regenerate the anchors"
    if row["type"] == "template-field":
        re.compile(row["label"], re.IGNORECASE)
    if row["type"] == "rule":
        assert row["then"] is None or row["then"] in catalog()
        assert all(f in catalog() for f in row["replaces"])
        if row["then"] is not None:
            assert row.get("detail", row["id"]) in DETAILS
        signals = {s.strip() for term in row["when"] + row["unless"] for s in term.split("|")}
        for signal in signals:
            kind, _, name = signal.partition(":")
            assert kind in ("finding", "sig", "say", "ctx", "check", "want", "lib", "gpu", "any", "visible", "os", "notice", "framework", "log"), signal
            if kind == "check":
                assert name in checks.CHECKS
            if kind == "finding":
                assert name in catalog()


def test_anchor_prefilter_never_skips_a_match():
    text = "the GPU is not detected by tensorflow, only the CPU is used"
    for row in ROWS:
        if row["type"] in ("symptom", "context") and re.search(row["regex"], text, re.IGNORECASE | re.MULTILINE):
            assert may_match(text.lower(), row["anchors"]), row["id"]


def test_cpus_without_avx():
    from tfgpu.core import kb

    assert kb.cpu_without_avx("Intel(R) Xeon(R) CPU X5650 @ 2.67GHz")["id"] == "intel-xeon-nehalem-westmere-core"
    assert kb.cpu_without_avx("Intel(R) Celeron(R) N4505 @ 2.00GHz") is not None
    assert kb.cpu_without_avx("Intel(R) Core(TM) i7-8700K CPU @ 3.70GHz") is None
    assert kb.cpu_without_avx("Intel(R) Xeon(R) CPU E5-2670 0 @ 2.60GHz") is None


def test_tf1_builds_come_from_the_legacy_table():
    from tfgpu.core import kb
    from tfgpu.core.kb import guarded

    assert kb.legacy_tf_build("1.11.0").linux_cuda == "9.0"
    assert guarded.tf_cuda("1.4.1", "windows") == "8.0" and guarded.tf_cudnn("1.4", "linux") == "6"
    assert [b.version for b in kb.tf_builds()][-1] == "1.13.1"  # the installable list is unchanged


# -- explain with this machine's scan ----------------------------------------------------------------

def _scan(**over) -> dict:
    from fakes import fake_scan as fs

    env = fs.env("/venv/bin/python", tf=fs.tf_ok("/venv/bin/python", "2.15.0", gpus=0))
    return fs.scan(os=fs.os_info("linux"), envs=[env], **over).to_dict()


def test_the_scan_fills_what_the_text_leaves_out():
    line = ("W tensorflow/core/common_runtime/gpu/gpu_device.cc:2211] Cannot dlopen some GPU libraries. Please make "
            "sure the missing libraries mentioned above are installed properly")
    e = explain_text(line, scan=_scan())
    assert e.facts["tf_version"] == "2.15.0" and "tf_version" in e.facts["from_scan"]
    assert "tf_version" not in explain_text(line).facts


def test_the_texts_own_facts_win_and_another_os_is_not_combined():
    e = explain_text("TensorFlow 2.10 on Windows 10: Could not load dynamic library 'cudart64_110.dll'", scan=_scan())
    assert e.facts["tf_version"] == "2.10" and "from_scan" not in e.facts and "scan_not_used" in e.facts


def test_a_machine_without_nvidia_card_makes_missing_libraries_expected():
    from fakes import fake_scan as fs

    scan = _scan(adapters=fs.adapters(("8086", "5917", "Intel(R) UHD Graphics 620")))
    line = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
            "'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file")
    assert explain_text(line).primary == "cuda-runtime-missing"
    assert explain_text(line, scan=scan).primary == "benign-log"


# -- never answer nothing ------------------------------------------------------------------------------

def test_an_unknown_error_is_quoted_with_the_next_command(monkeypatch):
    from tfgpu.core.explain import classifier

    monkeypatch.setattr(classifier, "predict", lambda _text, *_: [])  # the rules' own answer, before any guess
    text = ("Epoch 3/10\n2018-11-06 11:32:27.452268: E tensorflow/stream_executor/cuda/cuda_event.cc:48] Error polling for "
            "event status: failed to query event: CUDA_ERROR_LAUNCH_TIMEOUT: the launch timed out and was terminated\n")
    e = explain_text(text)
    assert e.primary == "unrecognised-error"
    assert "CUDA_ERROR_LAUNCH_TIMEOUT" in e.findings[0].facts["decisive_line"]
    assert e.findings[0].fix and "tensorflow" in e.findings[0].fix[0].command


def test_a_bare_question_gets_an_answer_and_plain_text_none():
    assert explain_text("Why is my training so slow on this machine?").primary == "unrecognised-error"
    assert explain_text("Epoch 1/10 - loss: 0.6931 - accuracy: 0.5012").primary is None


def test_the_corpus_label_schema_allows_the_new_ids():
    from conftest import CORPUS_REAL

    for folder in CORPUS_REAL.iterdir():
        if (folder / "case.json").exists():
            label = json.loads((folder / "case.json").read_text(encoding="utf-8"))
            for finding_id in [label["root_cause"], *label.get("also_acceptable", [])]:
                assert finding_id in catalog() or finding_id == "cudnn-gpu-too-old", (folder.name, finding_id)
