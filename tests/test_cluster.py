"""tfgpu cluster check: TF_CONFIG validation (any text: a clear problem, never a traceback), and the real
two-worker MultiWorkerMirroredStrategy job on loopback with this machine's TensorFlow, torn down whole."""

from __future__ import annotations

import json
import socket
import sys
import threading
import time

import psutil
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import pyenv_python
from tfgpu.core.cli import main
from tfgpu.core.cluster.smoke import free_loopback_ports, run_smoke
from tfgpu.core.cluster.tf_config import check_tf_config

GOOD = {"cluster": {"worker": ["10.0.0.1:2222", "10.0.0.2:2222"]}, "task": {"type": "worker", "index": 1}}
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                                     max_size=4), max_leaves=20)


def problems(config: dict | str) -> list[str]:
    text = config if isinstance(config, str) else json.dumps(config)
    return [str(f.detail) for f in check_tf_config(text, "test", "linux").problems]


def test_a_valid_config_has_no_problem_and_names_the_task():
    config = check_tf_config(json.dumps(GOOD), "env", "linux")
    assert config.ok and (config.task_type, config.task_index) == ("worker", 1)
    assert "not contacted" in " ".join(config.notes)  # remote addresses are never contacted


@pytest.mark.parametrize(("config", "words"), [
    ("{'cluster': ", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ({"task": {"type": "worker", "index": 0}}, "no \"cluster\""),
    ({"cluster": {"worker": ["a:1"]}}, "no \"task\""),
    ({"cluster": {"master": ["a:1"]}, "task": {"type": "worker"}}, "\"chief\""),
    ({"cluster": {"worker": ["a:1"], "boss": ["b:2"]}, "task": {"type": "worker", "index": 0}}, "unknown role"),
    ({"cluster": {"worker": ["a:1", "b:2"]}, "task": {"type": "worker", "index": 2}}, "indexes 0 to 1"),
    ({"cluster": {"worker": ["a:1"]}, "task": {"type": "chief", "index": 0}}, "no \"chief\" list"),
    ({"cluster": {"worker": ["a:1", "A:1"]}, "task": {"type": "worker", "index": 0}}, "same address"),
    ({"cluster": {"worker": ["a:99999"]}, "task": {"type": "worker", "index": 0}}, "port from 1 to 65535"),
    ({"cluster": {"worker": ["a"]}, "task": {"type": "worker", "index": 0}}, "host:port"),
    ({"cluster": {"chief": ["a:1", "b:1"], "worker": ["c:1"]}, "task": {"type": "worker", "index": 0}}, "2 chiefs"),
    ({"cluster": {"worker": "a:1"}, "task": {"type": "worker", "index": 0}}, "list of"),
    ({"cluster": {"worker": ["a:1"]}, "task": {"type": "worker", "index": "0"}}, "integer"),
])
def test_each_mistake_gets_its_words(config, words):
    found = problems(config)
    assert found and any(words in text for text in found), found


def test_a_port_taken_on_this_machine_is_port_in_use():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        config = check_tf_config(json.dumps({"cluster": {"worker": [f"127.0.0.1:{port}", "10.0.0.2:1"]},
                                             "task": {"type": "worker", "index": 0}}), "env", "linux")
    assert [f.id for f in config.problems] == ["port-in-use"]


def test_windows_all_reduce_uses_the_ring():
    assert check_tf_config(json.dumps(GOOD), "env", "windows").collective == "ring"


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=200), JSON_VALUES.map(json.dumps),
                 st.fixed_dictionaries({"cluster": JSON_VALUES, "task": JSON_VALUES}).map(json.dumps)))
def test_any_text_gives_a_verdict_never_a_traceback(text):
    config = check_tf_config(text, "fuzz", "linux")
    assert config.ok or config.problems or not config.present
    json.dumps(config.to_dict())  # always serialisable
    for finding in config.problems:
        assert finding.id in ("tf-config-invalid", "port-in-use") and str(finding.detail)


def test_deeply_nested_json_is_a_clear_problem():
    assert any("not valid JSON" in p for p in problems("[" * 100_000 + "]" * 100_000))


def test_cli_reads_a_file_and_exits_1_with_the_fix(tmp_path, capsys):
    path = tmp_path / "tf_config.json"
    path.write_text(json.dumps({"cluster": {"worker": ["a:1"]}, "task": {"type": "worker", "index": 3}}))
    assert main(["cluster", "check", "--tf-config", str(path)]) == 1
    assert "indexes 0 to 0" in capsys.readouterr().out
    assert main(["cluster", "check", "--tf-config", str(tmp_path / "missing.json")]) == 2


def _survivors(before: set[int]) -> list[psutil.Process]:
    me = psutil.Process()
    return [p for p in me.children(recursive=True) if p.pid not in before and p.is_running()]


@pytest.mark.slow
def test_real_two_workers_meet_and_all_reduce_on_loopback():
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    result = run_smoke(sys.executable, steps=3, timeout=240)
    assert result.ok and result.all_reduce_ok, result.to_dict()
    for worker in result.workers:
        assert worker.met_s is not None and worker.step_ms is not None and worker.step_ms > 0
        assert worker.reduced == [3.0, 3.0, 3.0]  # 1 + 2: both workers took part in every step
    assert not _survivors(before)


@pytest.mark.slow
def test_cli_smoke_json(capsys):
    assert main(["cluster", "check", "--smoke", "--json", "--timeout", "240"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["schema_version"] and document["smoke"]["all_reduce_ok"] is True
    assert len(document["smoke"]["workers"]) == 2


def test_a_python_without_tensorflow_fails_fast_and_leaves_nothing():
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    started = time.monotonic()
    result = run_smoke(pyenv_python("3.8"), timeout=60)
    assert not result.ok and result.findings and time.monotonic() - started < 30
    assert "tensorflow" in " ".join(w.error or "" for w in result.workers).lower()
    assert not _survivors(before)


@pytest.mark.slow
def test_cancel_ends_both_workers_within_seconds():
    before = {p.pid for p in psutil.Process().children(recursive=True)}
    cancel = threading.Event()
    threading.Timer(1.0, cancel.set).start()
    started = time.monotonic()
    result = run_smoke(sys.executable, timeout=240, cancel=cancel)
    assert result.cancelled and time.monotonic() - started < 15
    assert not _survivors(before)


def test_free_ports_differ_and_are_free():
    ports = free_loopback_ports(2)
    assert len(set(ports)) == 2
    for port in ports:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", port))


@pytest.mark.parametrize(("text", "finding"), [
    ("Traceback (most recent call last):\n  File \"train.py\", line 40, in <module>\n    model.fit(ds, epochs=3)\n"
     "ValueError: Attempt to convert a value (PerReplica:{\n  0: <tf.Tensor: shape=(), dtype=float32, numpy=0.5>\n})"
     " with an unsupported type (<class 'tensorflow.python.distribute.values.PerReplica'>) to a Tensor.",
     "keras-multiworker-fit"),
    ("tensorflow.python.framework.errors_impl.UnavailableError: Collective ops is aborted by: failed to connect to "
     "all addresses\nAdditional GRPC error information", "collective-timeout"),
    ("E0727 11:38:35.762428930   22857 tcp_server_posix.c:284]     bind addr=[::]:2223: Address already in use",
     "port-in-use"),
    ("ValueError: NCCL is not supported on Windows", "nccl-unavailable"),
])
def test_explain_knows_the_distributed_errors(text, finding):
    from tfgpu.core.explain.engine import explain_text

    assert explain_text(text).primary == finding
