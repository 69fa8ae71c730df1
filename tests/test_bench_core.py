"""The bench document, the agent event reader (fuzzed), peaks and the run history."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fakes.fake_host import FakeHost
from tfgpu.core.bench import events as ev
from tfgpu.core.bench.model import BenchRun, BenchTest, RunError, RunStatus, Stats
from tfgpu.core.bench.peaks import CpuFacts, apply_peaks, cpu_facts, gpu_peak
from tfgpu.core.bench.render import format_comparison, format_run, format_value
from tfgpu.core.bench.saved_runs import (
    compare,
    list_runs,
    load_run,
    new_run_id,
    save_run,
)
from tfgpu.core.bench.summary import headlines, problems

RTX3060 = {"name": "/physical_device:GPU:0", "model": "NVIDIA GeForce RTX 3060", "compute_capability": "8.6"}


def _result_line(test_id: str = "matmul/float32/n=1024/cpu", **over) -> dict:
    line = {"event": "result", "test": test_id, "suite": "matmul", "device": "cpu", "dtype": "float32",
            "params": {"n": 1024}, "metric": "tflops", "unit": "TFLOPS", "value": 0.1,
            "stats": {"median_s": 0.02, "min_s": 0.019, "max_s": 0.025, "mad_s": 0.0004, "runs": 9, "inner": 3,
                      "warmup_runs": 4, "warmup_s": 0.5}}
    line.update(over)
    return line


def _test(test_id: str, value: float | None, unit: str = "TFLOPS", **over) -> BenchTest:
    suite, dtype, params, device = test_id.split("/")
    key, _, number = params.partition("=")
    fields = dict(id=test_id, suite=suite, device=device, dtype=dtype, params={key: number}, metric="tflops",
                  unit=unit, value=value, stats=Stats(0.01, 0.009, 0.012, 0.0001, 10))
    fields.update(over)
    return BenchTest(**fields)


def _run(*tests: BenchTest, gpus=(RTX3060,), tf_version="2.10.1") -> BenchRun:
    return BenchRun(run_id=new_run_id(), created="2026-11-21T10:00:00Z", python="/env/bin/python",
                    status=RunStatus.COMPLETED, tf_version=tf_version, gpus=list(gpus), tests=list(tests))


# -- the event reader ---------------------------------------------------------------


def test_reader_types_each_event_and_keeps_figures():
    reader = ev.EventReader()
    lines = [
        {"event": "progress", "phase": "import", "python": {"version": "3.12.1"}},
        {"event": "start", "agent": "bench", "protocol": 1, "python": {}, "tf": {"version": "2.21.0"},
         "devices": {"gpu": [], "cpu": {"model": "x"}}, "config": {},
         "gpu_unavailable": {"code": "gpu-unavailable", "message": "TensorFlow lists no GPU"},
         "plan": [{"id": "matmul/float32/n=1024/cpu", "suite": "matmul", "device": "cpu"}]},
        {"event": "progress", "phase": "test", "test": "matmul/float32/n=1024/cpu", "index": 0, "total": 1},
        _result_line(),
        {"event": "error", "code": "unsupported", "message": "needs a GPU", "suite": "bandwidth", "fatal": False},
        {"event": "done", "status": "ok", "seconds": 3.5},
    ]
    kinds = [type(reader.feed(json.dumps(line))).__name__ for line in lines]
    assert kinds == ["ImportStarted", "Started", "TestStarted", "TestFinished", "AgentError", "Done"]
    started, finished = reader.events[1], reader.events[3]
    assert started.gpu_unavailable.message == "TensorFlow lists no GPU"
    assert started.plan[0].device == "cpu"
    assert finished.test.stats.median_s == 0.02 and finished.test.stats.inner == 3
    assert reader.malformed_count == 0


@pytest.mark.parametrize("bad", [
    "Traceback (most recent call last):",
    "[1, 2, 3]",
    '{"event": "result"}',  # no test id
    json.dumps(_result_line(value=-3.0)),
    json.dumps(_result_line(stats={"median_s": 1, "min_s": 2, "max_s": 3, "runs": 5})),  # min > median
    json.dumps(_result_line(stats={"median_s": "fast", "min_s": 1, "max_s": 1, "runs": 5})),
    '{"event": "progress", "phase": "test", "test": "x", "index": "1", "total": 2}',
    '{"event": "teleport"}',
    '{"event": "start", "agent": "bench", "protocol": "one"}',
    "{" * 5000,
])
def test_malformed_lines_are_counted_not_raised(bad):
    reader = ev.EventReader()
    assert reader.feed(bad) is None
    assert reader.malformed_count == 1 and reader.events == []
    assert reader.malformed and len(reader.malformed[0]) < 600


def test_nan_and_infinite_values_read_as_unknown():
    reader = ev.EventReader()
    event = reader.feed(json.dumps(_result_line(value=None)).replace("null", "NaN"))
    assert event.test.value is None  # unknown, never 0
    assert reader.feed(json.dumps(_result_line()).replace("0.1,", "Infinity,")).test.value is None


_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(["progress", "start", "result", "error", "done", "other"]),
       fields=st.dictionaries(st.sampled_from(["test", "suite", "device", "value", "stats", "plan", "index",
                                               "total", "code", "phase", "protocol", "agent", "params"]),
                              _json_values, max_size=8))
def test_fuzzed_events_never_raise(kind, fields):
    reader = ev.EventReader()
    event = reader.feed(json.dumps({"event": kind, **fields}))
    assert (event is None) == (reader.malformed_count == 1)
    if isinstance(event, ev.TestFinished):
        assert event.test.value is None or (math.isfinite(event.test.value) and event.test.value >= 0)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_fuzzed_garbage_never_raises(text):
    reader = ev.EventReader()
    reader.feed(text)
    assert reader.malformed_count + len(reader.events) <= 1


# -- the document --------------------------------------------------------------------


def test_run_round_trips_through_json():
    run = _run(_test("matmul/float32/n=4096/gpu", 11.8), _test("matmul/float32/n=4096/cpu", 0.4),
               _test("matmul/bfloat16/n=4096/gpu", None, error_code="unsupported", error="CC 7.5"))
    run.errors.append(RunError("agent-crashed", "SIGSEGV", suite="train"))
    run.gpu_unavailable = None
    apply_peaks(run, None)
    document = json.loads(json.dumps(run.to_dict()))
    assert document["schema_version"] == "1.0" and document["status"] == "completed"
    back = BenchRun.from_dict(document)
    assert back.to_dict() == run.to_dict()
    assert back.tests[0].peak.value == pytest.approx(12.75)  # RTX 3060: TF32 = half the FP16 tensor peak


def test_from_dict_rejects_what_is_not_a_run():
    with pytest.raises(ValueError):
        BenchRun.from_dict({"schema_version": "1.0"})
    with pytest.raises(ValueError):
        BenchRun.from_dict([1, 2])


# -- peaks -----------------------------------------------------------------------------


def test_gpu_peaks_follow_dtype_and_tf32():
    run = _run()
    fp32 = _test("matmul/float32/n=4096/gpu", 11.8)
    half = _test("matmul/float16/n=4096/gpu", 23.0)
    assert gpu_peak(run, fp32).value == pytest.approx(12.75) and "TF32" in gpu_peak(run, fp32).basis
    assert gpu_peak(run, half).value == pytest.approx(25.5)
    assert gpu_peak(run, _test("matmul/bfloat16/n=4096/gpu", 20.0)) is None  # the KB has no bf16 peak
    turing = _run(gpus=({"model": "NVIDIA GeForce RTX 2080", "compute_capability": "7.5"},))
    assert "TF32" not in gpu_peak(turing, fp32).basis  # no TF32 before Ampere: the plain fp32 peak
    old_tf = _run(tf_version="2.3.0")
    assert "TF32" not in gpu_peak(old_tf, fp32).basis
    unknown = _run(gpus=({"model": "NVIDIA Imaginary 9999"},))
    assert gpu_peak(unknown, fp32) is None


def test_bandwidth_peak_only_for_device_copies():
    run = _run()
    d2d = _test("bandwidth/float32/kind=d2d/gpu", 330.0, unit="GB/s", metric="gb_s")
    h2d = _test("bandwidth/float32/kind=h2d/gpu", 12.0, unit="GB/s", metric="gb_s")
    assert gpu_peak(run, d2d).value == 360 and gpu_peak(run, h2d) is None


def test_percent_and_speedup_are_filled_and_unknown_stays_none():
    run = _run(_test("matmul/float32/n=4096/gpu", 11.8), _test("matmul/float32/n=4096/cpu", 0.5),
               _test("train/float32/batch=64/gpu", 2900.0, unit="images/s", metric="images_per_s"))
    cpu = CpuFacts(model=None, physical_cores=6, ghz=3.7, flags=frozenset({"avx", "avx2", "fma"}))
    apply_peaks(run, cpu)
    gpu, cpu_test, train = run.tests
    assert gpu.percent_of_peak == pytest.approx(100 * 11.8 / 12.75)
    assert gpu.speedup_vs_cpu == pytest.approx(11.8 / 0.5)
    assert cpu_test.peak.value == pytest.approx(6 * 32 * 3.7 / 1000)
    assert train.peak is None and train.percent_of_peak is None and train.speedup_vs_cpu is None


def test_cpu_facts_from_this_machines_cpuinfo():
    real = Path("/proc/cpuinfo")
    if not real.is_file():
        pytest.skip("no /proc/cpuinfo")
    facts = cpu_facts(FakeHost(root=Path("/"), system="Linux"))
    assert facts.model and facts.physical_cores and facts.physical_cores >= 1
    assert "sse2" in facts.flags or "asimd" in facts.flags or "neon" in facts.flags


def test_cpu_facts_count_physical_cores_not_threads(linux_host):
    block = ("processor\t: {n}\nmodel name\t: Intel(R) Core(TM) i7-8700 CPU @ 3.20GHz\n"
             "physical id\t: 0\ncore id\t\t: {core}\ncpu MHz\t\t: 800.000\n"
             "flags\t\t: fpu sse sse2 avx fma avx2\n\n")
    text = "".join(block.format(n=n, core=n % 6) for n in range(12))  # 6 cores, 2 threads each
    linux_host.write("/proc/cpuinfo", text)
    facts = cpu_facts(linux_host)
    assert (facts.physical_cores, facts.ghz, facts.flop_per_cycle) == (6, 3.2, 32)
    assert facts.fp32_peak().value == pytest.approx(6 * 32 * 3.2 / 1000)


def test_cpu_without_clock_or_vector_facts_has_no_peak(windows_host):
    windows_host.registry.set(r"HKLM\HARDWARE\DESCRIPTION\System\CentralProcessor\0", "ProcessorNameString",
                              "AMD Ryzen 5 5600X 6-Core Processor")
    windows_host.registry.set(r"HKLM\HARDWARE\DESCRIPTION\System\CentralProcessor\0", "~MHz", 3701)
    facts = cpu_facts(windows_host)
    assert facts.model == "AMD Ryzen 5 5600X 6-Core Processor" and facts.ghz == pytest.approx(3.701)
    assert facts.fp32_peak() is None  # instruction sets unknown off real Windows: unknown, not a guess


def test_a_run_from_another_cpu_gets_no_cpu_peak():
    run = _run(_test("matmul/float32/n=4096/cpu", 0.5))
    run.cpu = {"model": "AMD Ryzen 5 5600X 6-Core Processor"}
    apply_peaks(run, CpuFacts(model="Intel(R) Xeon(R) Processor", physical_cores=2, ghz=2.3,
                              flags=frozenset({"avx512f"})))
    assert run.tests[0].peak is None and run.cpu_peak_basis is None


# -- words -----------------------------------------------------------------------------


def test_headlines_say_the_speed_the_share_and_the_gains():
    run = _run(_test("matmul/float32/n=4096/gpu", 11.8), _test("matmul/float32/n=4096/cpu", 0.49),
               _test("train/float32/batch=64/gpu", 2900.0, unit="images/s", metric="images_per_s"),
               _test("train/mixed_float16/batch=64/gpu", 7800.0, unit="images/s", metric="images_per_s"))
    apply_peaks(run, None)
    text = "\n".join(str(line) for line in headlines(run))
    assert "RTX 3060 reached 11.8 TFLOPS" in text and "(93% of its peak)" in text
    assert "24.1x your CPU" in text
    assert "trained 2.69x as fast" in text
    assert "490 GFLOPS" in text and "could not be derived" in text


def test_no_gpu_headline_gives_the_reason():
    run = _run(_test("matmul/float32/n=1024/cpu", 0.1), gpus=())
    run.gpu_unavailable = RunError("gpu-unavailable", "TensorFlow lists no GPU")
    assert "GPU tests were skipped" not in "\n".join(str(line) for line in headlines(run))
    text = "\n".join(str(line) for line in problems(run))
    assert "GPU tests were skipped: TensorFlow lists no GPU" in text and "tfgpu doctor" in text


def test_format_value_units():
    assert format_value(0.0952, "TFLOPS") == "95.2 GFLOPS"
    assert format_value(11.83, "TFLOPS") == "11.8 TFLOPS"
    assert format_value(7812.4, "images/s") == "7,812 images/s"
    assert format_value(None, "GB/s") == "n/a"


# -- history ---------------------------------------------------------------------------


def test_history_saves_lists_loads_and_compares(tmp_path: Path):
    old = _run(_test("matmul/float32/n=4096/gpu", 10.0), _test("conv2d/float32/n=8/gpu", 5.0))
    old.run_id = "20261120-090000-aaaa"
    new = _run(_test("matmul/float32/n=4096/gpu", 11.0), _test("train/float32/batch=64/gpu", 100.0))
    new.run_id = "20261121-090000-bbbb"
    for run in (old, new):
        save_run(run, tmp_path)
    (tmp_path / "20261119-090000-cccc.json").write_text("{ truncated", encoding="utf-8")
    listed = list_runs(tmp_path)
    assert [s.run_id for s in listed] == [new.run_id, old.run_id, "20261119-090000-cccc"]
    assert listed[2].run is None and "not valid JSON" in listed[2].problem
    assert load_run("latest", tmp_path).run_id == new.run_id
    assert load_run("previous", tmp_path).run_id == old.run_id
    with pytest.raises(LookupError, match="cannot be read"):
        load_run("20261119-090000-cccc", tmp_path)
    with pytest.raises(LookupError, match="not a run id"):
        load_run("../../etc/passwd", tmp_path)
    changes = {c.test_id: c for c in compare(old, new)}
    assert changes["matmul/float32/n=4096/gpu"].ratio == pytest.approx(1.1)
    assert changes["train/float32/batch=64/gpu"].before is None and changes["conv2d/float32/n=8/gpu"].after is None
    table = format_comparison(old, new, list(changes.values()))
    assert "+10.0%" in table and "n/a" in table


def test_a_failed_save_leaves_nothing_behind(tmp_path: Path):
    folder = tmp_path / "bench"
    folder.mkdir()
    run = _run(_test("matmul/float32/n=4096/gpu", 10.0))
    full = os.open("/dev/full", os.O_WRONLY)  # the temporary file's writes fail: a full disk
    try:
        with pytest.raises(OSError), mock.patch("tfgpu.core.storage._create_temporary",
                                                lambda f, n, o: (os.dup(full), str(f / ".x.tfgpu.tmp"))):
            save_run(run, folder)
    finally:
        os.close(full)
    assert not (folder / f"{run.run_id}.json").exists() and not list(folder.iterdir())


def test_format_run_lists_every_test_and_the_reasons():
    run = _run(_test("matmul/float32/n=4096/gpu", 11.8),
               _test("bandwidth/float32/kind=h2d/gpu", None, unit="GB/s", error_code="oom", error="even 1 MB"))
    apply_peaks(run, None)
    text = format_run(run, verbose=True)
    assert "11.8 TFLOPS" in text and "93%" in text
    assert "- oom" in text and "Out of memory even at the smallest size: even 1 MB" in text


def test_speedup_uses_the_cpus_best_when_sizes_differ_by_device():
    run = _run(_test("matmul/float32/n=4096/gpu", 11.8), _test("matmul/float32/n=1024/cpu", 0.2),
               _test("matmul/float32/n=2048/cpu", 0.4), _test("matmul/float16/n=4096/gpu", 23.0))
    apply_peaks(run, None)
    assert run.tests[0].speedup_vs_cpu == pytest.approx(11.8 / 0.4)
    assert run.tests[3].speedup_vs_cpu is None  # no float16 on the CPU to compare with


def test_xla_headline_compares_jit_on_with_off():
    on = _test("xla/float32/jit=on/gpu", 3000.0, unit="images/s", metric="images_per_s", params={"jit": True})
    off = _test("xla/float32/jit=off/gpu", 2000.0, unit="images/s", metric="images_per_s", params={"jit": False})
    text = "\n".join(str(line) for line in headlines(_run(on, off)))
    assert "XLA (jit_compile) made the training step 1.5x as fast." in text


def test_cpu_above_its_estimated_peak_is_explained_not_hidden():
    run = _run(_test("matmul/float32/n=2048/cpu", 0.299), gpus=())
    apply_peaks(run, CpuFacts(model=None, physical_cores=2, ghz=2.3, flags=frozenset({"avx512f"}), clock="current"))
    assert run.tests[0].percent_of_peak == pytest.approx(101.6, abs=0.1)
    assert "current clock; turbo may be higher" in run.cpu_peak_basis
    text = "\n".join(str(line) for line in headlines(run))
    assert "102% of the peak estimated from its clock" in text and "turbo" in text


def test_xla_slower_is_said_plainly():
    on = _test("xla/float32/jit=on/cpu", 600.0, unit="images/s", metric="images_per_s", params={"jit": True})
    off = _test("xla/float32/jit=off/cpu", 900.0, unit="images/s", metric="images_per_s", params={"jit": False})
    text = "\n".join(str(line) for line in headlines(_run(on, off, gpus=())))
    assert "made the training step slower here (0.667x as fast)" in text


def test_huge_numbers_are_malformed_or_unknown_never_a_crash():
    reader = ev.EventReader()
    event = reader.feed(json.dumps(_result_line()).replace("0.1,", "1" + "0" * 400 + ","))
    assert event is not None and event.test.value is None
    assert reader.feed('{"event": "done", "status": "ok", "seconds": 1' + "0" * 400 + "}").seconds is None


def test_missing_spread_is_unknown_not_zero():
    reader = ev.EventReader()
    line = _result_line(stats={"median_s": 0.02, "min_s": 0.019, "max_s": 0.025, "runs": 9})
    test = reader.feed(json.dumps(line)).test
    assert test.stats.mad_s is None and test.stats.spread is None and test.stats.warmup_stable is None
    assert "±" not in format_run(_run(test))


def test_results_lead_with_the_users_own_device():
    """A CPU-only run opens with the CPU's figure, not with what XLA changed."""
    on = _test("xla/float32/jit=on/cpu", 600.0, unit="images/s", metric="images_per_s", params={"jit": True})
    off = _test("xla/float32/jit=off/cpu", 900.0, unit="images/s", metric="images_per_s", params={"jit": False})
    cpu = _test("matmul/float32/n=2048/cpu", 0.2)
    lines = [str(line) for line in headlines(_run(on, off, cpu, gpus=()))]
    assert lines[0].startswith("Your CPU reached 200 GFLOPS") and "XLA" in lines[-1]
    gpu = _test("matmul/float32/n=4096/gpu", 11.8)
    lines = [str(line) for line in headlines(_run(on, off, cpu, gpu))]
    assert lines[0].startswith("Your NVIDIA GeForce RTX 3060 reached 11.8 TFLOPS")
    assert lines.index(next(line for line in lines if line.startswith("Your CPU"))) < len(lines) - 1


def test_tests_in_words():
    from tfgpu.core.bench.words import test_words

    conv = {"kernel": 3, "cin": 64, "cout": 64, "hw": 56, "stride": 1, "batch": 4}
    assert str(test_words("conv2d", "float32", conv)) == \
        "Convolution, 64 channels, 56×56 image, batch 4 (3×3 filter, float32)"
    assert str(test_words("conv2d", "float16", dict(conv, kernel=1, cout=256))) == \
        "Convolution, 64 to 256 channels, 56×56 image, batch 4 (1×1 filter, float16)"
    assert str(test_words("matmul", "float32", {"n": 2048})) == "Matrix multiply, 2048×2048 numbers, float32"
    assert str(test_words("train", "mixed_float16", {"batch": 128})) == \
        "Training a small image model, batch 128, mixed precision"
    assert str(test_words("xla", "float32", {"jit": True, "batch": 64})) == "Training step compiled with XLA, batch 64"
    assert str(test_words("bandwidth", "float32", {"kind": "h2d", "mib": 64})) == \
        "Memory copy from the computer to the GPU, 64 MiB"
    assert str(test_words("new-suite", None, {"x": 1})) == "Test new-suite x=1"
