"""The profile's analysis, advice, saved runs, comparison and command, without running TensorFlow:
from a recorded agent output (tests/fixtures/profile/recorded_input_bound.jsonl, a real run of the
input-bound fixture here) and from runs built by hand for what cannot happen here (a GPU)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu.core.cli import main
from tfgpu.core.profile import analysis, saved_runs
from tfgpu.core.profile.advice import WORDS, build_advice, rules
from tfgpu.core.profile.model import PARTS, ProfileRun
from tfgpu.core.profile.render import format_run
from tfgpu.core.profile.runner import run_from_lines
from tfgpu.core.profile.tensorboard import tensorboard_command

RECORDED = Path(__file__).resolve().parent / "fixtures" / "profile" / "recorded_input_bound.jsonl"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path / "data"))


def recorded_run(run_id: str = "20261128-010000-aaaa") -> ProfileRun:
    return run_from_lines(RECORDED.read_text().splitlines(), env="/home/user/venv/bin/python",
                          script="/home/user/project/input_bound.py", run_id=run_id)


def made_run(breakdown: dict[str, float], **fields) -> ProfileRun:
    run = ProfileRun(run_id="20261128-010000-bbbb", created="2026-11-28T01:00:00Z", env="/p/python", script="/s/t.py",
                     status="profiled", steps_traced=10, step_ms={"median": 20.0, "p90": 25.0},
                     breakdown={p: breakdown.get(p, 0.0) for p in PARTS}, **fields)
    run.bottleneck = analysis.bottleneck(run.breakdown)
    return run


def test_recorded_input_bound_run():
    run = recorded_run()
    assert run.ok and run.bottleneck == "input" and run.steps_traced == 6
    assert abs(sum(run.breakdown.values()) - 1) < 0.01 and run.breakdown["input"] > 0.8
    assert run.step_ms["median"] and run.step_ms["p90"] >= run.step_ms["median"]
    assert run.advice[0].rule == "input-prefetch" and "prefetch(tf.data.AUTOTUNE)" in run.advice[0].snippet
    assert run.advice[0].source.startswith("https://www.tensorflow.org/guide/data_performance")
    assert run.top_ops[0]["self_ms"] > 0 and run.settings["mixed_precision"] is False


def test_breakdown_and_bottleneck():
    assert analysis.breakdown({}) == {} and analysis.bottleneck({}) == "unknown"
    fractions = analysis.breakdown({"input": 30, "device_compute": 60, "launch_idle": 10})
    assert fractions["device_compute"] == 0.6 and analysis.bottleneck(fractions) == "device-compute"
    assert analysis.bottleneck({p: 1 / 6 for p in PARTS}) == "unknown"  # no part stands out
    assert analysis.bottleneck(analysis.breakdown({"launch_idle": 5, "device_compute": 1})) == "launch"


def test_step_summary():
    assert analysis.step_summary([]) == {"median": None, "p90": None}
    summary = analysis.step_summary([10.0] * 9 + [100.0])
    assert summary["median"] == 10.0 and summary["p90"] == 10.0
    assert analysis.step_summary([float(i) for i in range(1, 101)])["p90"] == 90.0


def test_every_rule_has_words_and_a_sourced_guide():
    data = rules()
    ids = {rule["id"] for rule in data["rules"]}
    assert ids <= set(WORDS) and "mixed-precision-measured" in WORDS
    for rule in data["rules"]:
        source = data["sources"][rule["source"]]
        assert source["url"].startswith("https://www.tensorflow.org/") and source["status"]


def rules_of(run: ProfileRun, **kwargs) -> list[str]:
    return [advice.rule for advice in build_advice(run, **kwargs)]


def test_advice_for_a_launch_bound_run_names_the_step_time():
    run = made_run({"launch_idle": 0.7, "device_compute": 0.3})
    advice = build_advice(run)
    assert advice[0].rule == "launch-bound" and "20.0 ms" in advice[0].text and "70%" in advice[0].text
    assert "steps_per_execution" in advice[0].snippet


def test_advice_for_float32_on_a_tensor_core_gpu_uses_the_measured_speedup():
    gpu = {"used": True, "name": "NVIDIA GeForce RTX 3060"}
    run = made_run({"device_compute": 0.9, "launch_idle": 0.1}, gpu=gpu, settings={"mixed_precision": False})
    assert "mixed-precision" in rules_of(run, tensor_cores=True)
    measured = [a for a in build_advice(run, tensor_cores=True, mixed_speedup=2.4) if a.rule == "mixed-precision"]
    assert "2.4×" in measured[0].text and "RTX 3060" in measured[0].text
    assert "mixed-precision" not in rules_of(run, tensor_cores=False)
    run.settings["mixed_precision"] = True
    assert "mixed-precision" not in rules_of(run, tensor_cores=True)


def test_advice_for_copies_cpu_ops_retracing_and_memory():
    gpu = {"used": True, "name": "GPU", "memory_peak_mib": 7900.0, "memory_total_mib": 8192.0}
    run = made_run({"copies": 0.3, "device_compute": 0.5, "launch_idle": 0.2}, gpu=gpu, retracing_warnings=3,
                   cpu_ops=[{"op": "a/Cast", "type": "Cast", "share": 0.06}])
    found = {a.rule: a for a in build_advice(run)}
    assert {"copies", "cpu-ops", "retracing", "memory-near-full"} <= set(found)
    assert "30%" in found["copies"].text and "3 time(s)" in found["retracing"].text
    assert "Cast" in found["cpu-ops"].text and found["memory-near-full"].page == "memory"
    assert "96%" in found["memory-near-full"].text and "set_memory_growth" in found["memory-near-full"].snippet


def test_advice_text_is_the_translatable_template_filled_in():
    advice = recorded_run().advice[0]
    assert advice.template in WORDS.values() and advice.template.format(**advice.args) == advice.text


def test_saved_runs_round_trip_compare_and_damaged_files(tmp_path):
    before = recorded_run("20261128-010000-aaaa")
    after = made_run({"input": 0.08, "device_compute": 0.8, "launch_idle": 0.12})
    after.run_id, after.step_ms = "20261128-020000-bbbb", {"median": 17.0, "p90": 18.0}
    saved_runs.save_run(before)
    saved_runs.save_run(after)
    (saved_runs.history_dir() / "20261128-030000-cccc.json").write_text("{not json")
    listed = saved_runs.list_runs()
    assert [s.run_id for s in listed][:1] == ["20261128-030000-cccc"] and listed[0].problem
    assert saved_runs.load_run("latest").run_id == after.run_id
    assert saved_runs.load_run(before.run_id).to_dict() == before.to_dict()
    words = saved_runs.compare_words(before, after)
    assert words.startswith("input wait") and "-> 8%" in words and "-> 17.0 ms" in words
    with pytest.raises(LookupError):
        saved_runs.load_run("nonsense")


def test_render_names_the_bottleneck_and_the_advice():
    text = format_run(recorded_run())
    assert "Bottleneck: the input pipeline" in text and "1. Your CPU waited for data" in text
    failed = ProfileRun(run_id="x", created="", env="/p", script="/s.py", reason="boom", status="failed",
                        output_tail="Traceback\nValueError: boom")
    assert "Not profiled (failed): boom" in format_run(failed) and "ValueError: boom" in format_run(failed)


def test_tensorboard_command_quotes_and_names_the_interpreter():
    run = recorded_run()
    run.env, run.logdir = "C:\\Users\\Zoë Li\\venv\\Scripts\\python.exe", "C:\\Users\\Zoë Li\\traces\\x"
    assert tensorboard_command(run, "win32") == ("& 'C:\\Users\\Zoë Li\\venv\\Scripts\\python.exe' -m tensorboard.main "
                                                 "--logdir 'C:\\Users\\Zoë Li\\traces\\x'")
    run.env, run.logdir = "/home/a b/python", "/tmp/t"
    assert tensorboard_command(run, "linux") == "'/home/a b/python' -m tensorboard.main --logdir /tmp/t"


def test_json_document_starts_with_the_contract_keys():
    document = recorded_run().document()
    assert list(document)[:11] == ["schema_version", "env", "script", "steps_traced", "step_ms", "breakdown",
                                   "bottleneck", "top_ops", "advice", "gpu", "reason"]
    json.dumps(document)


def test_cli_usage_errors(tmp_path, capsys):
    assert main(["profile"]) == 2
    assert main(["profile", str(tmp_path / "missing.py")]) == 2
    assert "no file at" in capsys.readouterr().err
    assert main(["profile", "--compare", "nonsense"]) == 2
    assert main(["profile", "--list"]) == 0 and "No saved profiles" in capsys.readouterr().out


def test_cli_options_after_the_script_and_the_scripts_own_after_double_dash():
    import argparse

    from tfgpu.core.cli.profile import add_parser, split_script_args

    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["profile", "--steps", "4", "t.py", "data/", "--epochs", "3", "--json",
                              "--warmup", "2", "--", "--steps", "40"])
    split_script_args(args)
    assert (args.steps, args.warmup, args.json) == (4, 2, True)
    assert args.script == "t.py" and args.script_args == ["data/", "--epochs", "3", "--steps", "40"]


def test_cli_compare_saved_runs(capsys):
    before = recorded_run("20261128-010000-aaaa")
    after = made_run({"input": 0.08, "device_compute": 0.92})
    after.run_id = "20261128-020000-bbbb"
    saved_runs.save_run(before)
    saved_runs.save_run(after)
    assert main(["profile", "--compare", "previous"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("20261128-010000-aaaa -> 20261128-020000-bbbb: input wait")


def test_the_latest_profile_is_in_the_report_and_its_paths_are_redacted(tmp_path):
    from fakes.report_inputs import USER, canary_host, canary_inputs
    from tfgpu.core.report.collect import identity_for, latest_profile
    from tfgpu.core.report.document import prepare
    from tfgpu.core.report.write import render

    assert latest_profile()[0] is None and "no saved profile" in latest_profile()[1]
    run = recorded_run()
    run.script, run.env = f"/home/{USER}/project/train.py", f"/home/{USER}/venv/bin/python"
    saved_runs.save_run(run)
    host = canary_host(tmp_path / "machine")
    inputs = canary_inputs(tmp_path, host)
    inputs.profile, inputs.profile_note = latest_profile()
    bundle = prepare(inputs, redact=True, identity=identity_for(host))
    assert bundle.document["profile"]["run"]["bottleneck"] == "input"
    for fmt in ("md", "txt", "html"):
        text = render(bundle, fmt).decode("utf-8")
        assert "Training profile" in text and "waited for data" in text, fmt
        assert USER not in text, fmt
