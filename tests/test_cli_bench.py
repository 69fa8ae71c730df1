"""``tfgpu bench``: text and JSON output, history, compare, and the exit codes."""

from __future__ import annotations

import json

import pytest

from fakes.fake_bench_agent import make_fake_python
from tfgpu.core.cli import main


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("TFGPU_DATA_DIR", str(folder))
    return folder


def test_json_document_and_history(tmp_path, capsys, data_dir):
    assert main(["bench", "--quick", "--python", make_fake_python(tmp_path, "gpu"), "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["schema_version"] == "1.0" and document["status"] == "completed"
    assert document["config"]["quick"] is True and document["config"]["device"] == "both"
    matmul = next(t for t in document["tests"] if t["id"] == "matmul/float32/n=4096/gpu")
    assert matmul["unit"] == "TFLOPS" and matmul["value"] == 11.8 and round(matmul["percent_of_peak"]) == 93
    assert matmul["stats"]["runs"] == 10 and "FP16" in matmul["peak"]["source"] and matmul["peak"]["status"] == "derived"
    saved = list((data_dir / "bench").glob("*.json"))
    assert [p.stem for p in saved] == [document["run_id"]]


def test_text_output_then_compare_with_the_previous_run(tmp_path, capsys):
    python = make_fake_python(tmp_path, "gpu")
    assert main(["bench", "--python", python]) == 0
    first = capsys.readouterr().out
    assert "Your NVIDIA GeForce RTX 3060 reached 11.8 TFLOPS" in first and "tfgpu bench --compare" in first
    assert main(["bench", "--python", python, "--compare", "latest"]) == 0
    second = capsys.readouterr().out
    assert "Compared with run" in second and "+0.0%" in second
    assert main(["bench", "--list"]) == 0
    listing = capsys.readouterr().out.strip().splitlines()
    assert len(listing) == 2 and all("NVIDIA GeForce RTX 3060" in line for line in listing)


def test_suite_and_device_reach_the_agent(tmp_path, capsys):
    assert main(["bench", "--python", make_fake_python(tmp_path, "gpu"), "--suite", "train", "--json",
                 "--no-save"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert {t["suite"] for t in document["tests"]} == {"train"} and document["config"]["suites"] == ["train"]


def test_unknown_compare_id_is_a_usage_error(tmp_path, capsys):
    assert main(["bench", "--python", make_fake_python(tmp_path, "gpu"), "--compare", "nope"]) == 2
    assert "not a run id" in capsys.readouterr().err


def test_a_failed_run_exits_1_with_the_reason(tmp_path, capsys, data_dir):
    assert main(["bench", "--python", make_fake_python(tmp_path, "too-old")]) == 1
    out = capsys.readouterr().out
    assert "failed" in out and "too old to run the benchmark" in out
    assert not (data_dir / "bench").exists()  # nothing measured, nothing saved


def test_empty_history_says_how_to_start(capsys):
    assert main(["bench", "--list"]) == 0
    assert "tfgpu bench --quick" in capsys.readouterr().out


def test_bad_suite_is_rejected(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["bench", "--suite", "bogus"])
    assert exit_info.value.code == 2


def test_device_quick_and_size_cap_reach_the_agent(tmp_path, capsys):
    assert main(["bench", "--python", make_fake_python(tmp_path, "gpu"), "--device", "cpu", "--quick",
                 "--max-elements", "1000", "--json", "--no-save"]) == 0
    argv = json.loads(capsys.readouterr().out)["config"]["argv"]  # the fake echoes its command line
    assert argv[argv.index("--device") + 1] == "cpu" and "--quick" in argv
    assert argv[argv.index("--max-elements") + 1] == "1000"


def test_gpu_only_without_a_gpu_exits_1(tmp_path, capsys):
    assert main(["bench", "--python", make_fake_python(tmp_path, "no-gpu"), "--device", "gpu"]) == 1
    assert "Nothing was measured" in capsys.readouterr().out
