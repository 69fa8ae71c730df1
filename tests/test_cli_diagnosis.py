"""``tfgpu doctor`` and ``tfgpu explain`` run as a user runs them."""

from __future__ import annotations

import importlib.util
import json
import os
import sys

import pytest
from test_cli import run_tfgpu

from conftest import CORPUS, corpus_text


def _nvidia_display_on_this_pci_bus() -> bool:
    """Read here, independently of tfgpu: a display-class (03xx) device with NVIDIA's vendor id (10de)."""
    root = "/sys/bus/pci/devices"
    for slot in os.listdir(root) if os.path.isdir(root) else []:
        try:
            with open(f"{root}/{slot}/class") as cls, open(f"{root}/{slot}/vendor") as vendor:
                if cls.read().strip().startswith("0x03") and vendor.read().strip().lower() == "0x10de":
                    return True
        except OSError:
            continue
    return False


NO_NVIDIA_CARD = not _nvidia_display_on_this_pci_bus()


@pytest.mark.slow
@pytest.mark.skipif(not NO_NVIDIA_CARD, reason="this machine has an NVIDIA card")
def test_doctor_says_there_is_no_nvidia_card_here_and_recommends_the_cpu():
    """This machine has no NVIDIA card on its PCI bus; the test env's TF is a CUDA build that lists no GPU."""
    done = run_tfgpu("doctor", "--json", "--python", sys.executable)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    diagnosis = doc["diagnosis"]
    assert diagnosis["gpu_ready"] is False
    assert diagnosis["primary"]["id"] == "no-nvidia-gpu"
    assert doc["scan"]["adapters"]["nvidia_present"] is False
    assert len(diagnosis["primary"]["facts"]["adapters"]) == len(doc["scan"]["adapters"]["adapters"])
    me = next(e for e in diagnosis["envs"] if os.path.realpath(e["python"]) == os.path.realpath(sys.executable))
    assert me["gpu_ready"] is False and me["tf_version"]
    assert me["primary"]["id"] == "no-nvidia-gpu"
    assert all(f["id"] not in ("gpu-ok", "driver-missing", "cuda-runtime-missing") for f in me["findings"])
    rec = diagnosis["recommendation"]
    assert rec["route"] == "no-nvidia-gpu"
    commands = " ".join(s["command"] or "" for s in rec["steps"])
    assert "pip" in commands and "install" in commands and "tensorflow" in commands
    assert "and-cuda" not in commands and "ubuntu-drivers" not in commands
    assert "nvidia.com/en-us/drivers" not in json.dumps(rec)
    assert doc["scan"]["schema_version"] and doc["schema_version"] == doc["scan"]["schema_version"]


@pytest.mark.slow
@pytest.mark.skipif(not NO_NVIDIA_CARD, reason="this machine has an NVIDIA card")
def test_doctor_text_names_the_missing_card_the_adapters_and_the_cpu_route():
    done = run_tfgpu("doctor")
    assert done.returncode == 0, done.stderr
    assert "Not GPU ready" in done.stdout
    assert "(no-nvidia-gpu)" in done.stdout
    assert "graphics adapters found:" in done.stdout
    # The checklist is for the environment with TensorFlow when there is one (this venv has it): measure it.
    if importlib.util.find_spec("tensorflow") is not None:
        assert "runs on the CPU here. Measure how fast it is." in done.stdout
        assert "Install TensorFlow for the CPU" not in done.stdout
    else:
        assert "Install TensorFlow for the CPU" in done.stdout
    assert "Not needed for your route: without an NVIDIA GPU, TensorFlow runs on the CPU." in done.stdout
    assert "https://www.nvidia.com/" not in done.stdout and "ubuntu-drivers" not in done.stdout
    assert "Recommendation: No NVIDIA GPU to use" in done.stdout


def test_explain_a_file_prints_the_primary_and_json_follows_the_contract(tmp_path):
    case = "012-conda-cudatoolkit100-driver-388"
    path = tmp_path / "log.txt"
    path.write_text(corpus_text(case), encoding="utf-8")
    expected = json.loads((CORPUS / case / "case.json").read_text())
    accepted = {expected["root_cause"], *expected["also_acceptable"]}
    done = run_tfgpu("explain", str(path), "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert set(doc) >= {"schema_version", "kind", "primary", "findings", "facts"}
    assert doc["kind"] == "tf-log" and doc["primary"] in accepted
    text = run_tfgpu("explain", str(path))
    assert text.returncode == 0 and f"Main finding: {doc['primary']}" in text.stdout


def test_explain_reads_stdin_and_survives_binary():
    import subprocess

    from test_cli import TFGPU

    done = subprocess.run([TFGPU, "explain", "-", "--json"], input=b"\x00\xff\xfe binary \x89PNG\r\n", capture_output=True)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert (doc["kind"], doc["primary"], doc["findings"]) == ("unknown", None, [])


def test_explain_a_missing_file_is_a_usage_error_with_a_message(tmp_path):
    done = run_tfgpu("explain", str(tmp_path / "nope.txt"))
    assert done.returncode == 2
    assert "cannot read" in done.stderr and "nope.txt" in done.stderr


def test_doctor_diagnoses_a_saved_scan_and_refuses_a_foreign_file(tmp_path):
    from fakes import fake_scan as fs

    saved = fs.scan(os=fs.os_info("windows"), envs=[fs.env(fs.WIN_PY, tf=fs.tf_ok(fs.WIN_PY, "2.16.1", gpus=0, cuda_build=False))])
    path = tmp_path / "scan.json"
    path.write_text(saved.to_json(), encoding="utf-8")
    done = run_tfgpu("doctor", "--scan", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["diagnosis"]["primary"]["id"] == "no-native-windows-gpu"
    (tmp_path / "other.json").write_text('{"hello": 1}', encoding="utf-8")
    bad = run_tfgpu("doctor", "--scan", str(tmp_path / "other.json"))
    assert bad.returncode == 2 and "not a readable scan" in bad.stderr


def test_explain_with_a_saved_scan_fills_the_facts_and_rejects_what_is_not_a_scan(tmp_path):
    from fakes import fake_scan as fs

    env = fs.env("/venv/bin/python", tf=fs.tf_ok("/venv/bin/python", "2.15.0", gpus=0))
    scan_file = tmp_path / "scan.json"
    scan_file.write_text(json.dumps({"diagnosis": {}, "scan": fs.scan(os=fs.os_info("linux"), envs=[env]).to_dict()}))
    text = tmp_path / "log.txt"
    text.write_text("W tensorflow/core/common_runtime/gpu/gpu_device.cc:2211] Cannot dlopen some GPU libraries.\n")
    done = run_tfgpu("explain", str(text), "--json", "--with-scan", str(scan_file))
    assert done.returncode == 0, done.stderr
    facts = json.loads(done.stdout)["facts"]
    assert facts["tf_version"] == "2.15.0" and "tf_version" in facts["from_scan"]
    done = run_tfgpu("explain", str(text), "--with-scan", str(scan_file))
    assert "Facts from this computer's scan" in done.stdout
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    done = run_tfgpu("explain", str(text), "--with-scan", str(bad))
    assert done.returncode == 2 and "is not a tfgpu scan" in done.stderr


@pytest.mark.slow
def test_explain_with_this_computers_scan():
    """This machine: the scan says there is no NVIDIA card, so a missing CUDA runtime is expected here."""
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
        handle.write("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library "
                     "'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file\n")
    done = run_tfgpu("explain", handle.name, "--json", "--with-scan")
    os.unlink(handle.name)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["facts"]["os"] == "linux" and doc["facts"]["from_scan"]
    if NO_NVIDIA_CARD:
        assert doc["primary"] == "benign-log" and doc["facts"]["no_nvidia_card"] is True
