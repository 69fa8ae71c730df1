"""The scaling suite: MirroredStrategy over 1, 2, ... devices. For real here on two logical CPU
devices (labelled a code-path check); the plan and the all-reduce for described 4-GPU Linux and
2-GPU Windows machines."""

from __future__ import annotations

import json

import pytest
from test_bench_agent import load_agent

from tfgpu.core.bench.model import BenchRun, BenchTest
from tfgpu.core.bench.scaling import scaling_headline, scaling_rows
from tfgpu.core.cli import main


def _cfg(agent, kind: str, count: int) -> dict:
    cfg = agent.parse_config(["--suites", "scaling", "--quick"])
    cfg.update(scaling_kind=kind, scaling_devices=count)
    return cfg


@pytest.mark.parametrize(("kind", "count", "platform", "all_reduce"), [
    ("gpu", 4, "linux", "default"),  # MirroredStrategy's default between GPUs on Linux: NCCL
    ("gpu", 2, "win32", "hierarchical-copy"),  # Windows builds have no NCCL
    ("cpu", 2, "linux", "default"),
])
def test_the_plan_covers_every_device_count_and_picks_the_all_reduce(kind, count, platform, all_reduce):
    agent = load_agent()
    plan, errors = agent.make_plan(_cfg(agent, kind, count), [kind], None)
    assert errors == [] and [t["params"]["replicas"] for t in plan] == list(range(1, count + 1))
    assert {t["device"] for t in plan} == {kind} and all(t["suite"] == "scaling" for t in plan)
    assert agent.all_reduce_for(kind, platform) == all_reduce


def test_scaling_is_not_a_default_suite():
    agent = load_agent()
    assert "scaling" not in agent.parse_config([])["suites"]


@pytest.mark.slow
def test_real_scaling_on_two_logical_cpu_devices_is_labelled_a_code_path_check(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path))
    assert main(["bench", "--suite", "scaling", "--device", "cpu", "--quick", "--json", "--no-save"]) == 0
    document = json.loads(capsys.readouterr().out)
    rows = document["scaling"]
    assert [row["replicas"] for row in rows] == [1, 2]
    assert all(row["logical_devices"] and row["images_per_s"] > 0 for row in rows)
    assert rows[0]["efficiency"] == 1.0 and 0 < rows[1]["efficiency"]
    notes = {t["extra"].get("note") for t in document["tests"]}
    assert notes == {"a code-path check, not a speed measurement: one CPU split into logical devices"}


def _run(values: list[float], logical: bool) -> BenchRun:
    tests = [BenchTest(id=f"scaling/float32/r={n},b=8/gpu", suite="scaling", device="gpu", dtype="float32",
                       params={"replicas": n, "batch": 8}, metric="images_per_s", unit="images/s", value=v,
                       extra={"collective": "NcclAllReduce", "logical_devices": logical})
             for n, v in enumerate(values, start=1)]
    return BenchRun(run_id="x", created="", python="p", tests=tests)


def test_efficiency_and_headline_for_real_gpus():
    run = _run([1000.0, 1900.0, 2700.0, 3400.0], logical=False)
    assert [round(r.efficiency or 0, 3) for r in scaling_rows(run)] == [1.0, 0.95, 0.9, 0.85]
    assert "4 GPU devices train 3.4x as fast as one (85% scaling efficiency" in str(scaling_headline(run))


def test_logical_devices_never_claim_a_speed():
    assert "not a speed measurement" in str(scaling_headline(_run([1000.0, 500.0], logical=True)))


def test_the_benchmark_page_shows_a_scaling_chart_only_for_a_scaling_run(qtbot):
    from tfgpu.gui.pages.benchmark.results_view import BenchResultsView

    view = BenchResultsView()
    qtbot.addWidget(view)
    view.show_run(_run([1000.0, 1900.0], logical=False))
    assert view.tabs.isTabVisible(view.scaling_tab)
    assert [r.replicas for r in view.scaling.rows] == [1, 2] and [label.toPlainText() for label in view.scaling.labels] == ["100%", "95%"]
    view.show_run(_run([1000.0, 400.0], logical=True))
    assert "not a speed measurement" in view.scaling.note.text()
    view.show_run(BenchRun(run_id="y", created="", python="p", tests=[]))
    assert not view.tabs.isTabVisible(view.scaling_tab)


def test_the_page_runs_only_the_scaling_suite_in_scaling_mode(qtbot):
    from tfgpu.gui.page_registry import PageContext
    from tfgpu.gui.pages.benchmark.page import BenchmarkPage

    page = BenchmarkPage(PageContext())
    qtbot.addWidget(page)
    page.mode_combo.setCurrentIndex(page.mode_combo.findData("scaling"))
    assert page.options().suites == ("scaling",) and page.options().quick
    page.mode_combo.setCurrentIndex(page.mode_combo.findData(False))
    assert "scaling" not in page.options().suites and not page.options().quick
    page.shutdown()
