"""Property tests: RingBuffer against a ``deque(maxlen=...)`` model, and MonitorHistory alignment."""

from __future__ import annotations

import math
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tfgpu.core.monitor.ring import RingBuffer
from tfgpu.core.monitor.samples import (
    GpuSample,
    GpuState,
    GpuStatus,
    HostSample,
    MonitorFrame,
)
from tfgpu.core.monitor.series import GPU_METRICS, HOST_METRICS, MonitorHistory

values = st.one_of(st.none(), st.floats(allow_nan=True, allow_infinity=True, width=64))
ops = st.lists(st.one_of(values.map(lambda v: ("append", v)), st.just(("clear", None))), max_size=120)


def _nan(value: float | None) -> float:
    return math.nan if value is None else value


def _check(ring: RingBuffer, model: deque) -> None:
    view = ring.view()
    assert len(ring) == len(model) == len(view)
    np.testing.assert_array_equal(view, np.array([_nan(v) for v in model], dtype=np.float64))
    assert view.flags.c_contiguous and not view.flags.writeable
    if model:
        assert np.shares_memory(view, ring._data)  # a view for the plot, not a copy
        last = ring.last()
        expected = _nan(model[-1])
        assert last == expected or (math.isnan(last) and math.isnan(expected))
    else:
        assert ring.last() is None


@settings(max_examples=300, deadline=None)
@given(capacity=st.integers(1, 9), operations=ops)
def test_ring_matches_a_bounded_deque(capacity: int, operations: list) -> None:
    ring, model = RingBuffer(capacity), deque(maxlen=capacity)
    _check(ring, model)
    for op, value in operations:
        if op == "append":
            ring.append(value)
            model.append(value)
        else:
            ring.clear()
            model.clear()
        _check(ring, model)


@given(capacity=st.integers(1, 6), extra=st.integers(0, 20))
def test_wrap_around_keeps_the_newest_in_order(capacity: int, extra: int) -> None:
    ring = RingBuffer(capacity)
    total = capacity + extra
    for i in range(total):
        ring.append(float(i))
    assert ring.view().tolist() == [float(i) for i in range(max(0, total - capacity), total)]


def test_view_is_read_only_and_none_is_nan() -> None:
    ring = RingBuffer(3)
    ring.append(None)
    ring.append(2.0)
    view = ring.view()
    assert math.isnan(view[0]) and view[1] == 2.0
    with pytest.raises(ValueError):
        view[0] = 1.0
    with pytest.raises(ValueError):
        RingBuffer(0)


# -- MonitorHistory ---------------------------------------------------------------------
gpu_values = st.one_of(st.none(), st.floats(0, 1000, allow_nan=False))


@st.composite
def frames(draw) -> list[MonitorFrame | None]:
    """Frames where GPUs 0..2 come, go and get lost at random; None stands for history.clear()."""
    out: list[MonitorFrame | None] = []
    for t in range(draw(st.integers(0, 40))):
        if draw(st.integers(0, 15)) == 0:
            out.append(None)
            continue
        gpus = []
        for index in sorted(draw(st.sets(st.integers(0, 2)))):
            lost = draw(st.integers(0, 5)) == 0
            gpus.append(GpuSample(index=index, timestamp=float(t), name=f"GPU {index}",
                                  state=GpuState.LOST if lost else GpuState.OK,
                                  gpu_util_percent=draw(gpu_values), mem_used_mib=draw(gpu_values),
                                  mem_total_mib=draw(st.one_of(st.none(), st.just(8192.0))),
                                  power_w=draw(gpu_values)))
        host = HostSample(timestamp=float(t), cpu_percent=draw(gpu_values), ram_percent=draw(gpu_values))
        out.append(MonitorFrame(timestamp=float(t), host=host, gpus=tuple(gpus),
                                gpu_status=GpuStatus.OK if gpus else GpuStatus.NO_GPUS))
    return out


def _model_value(sample: GpuSample | None, metric: str) -> float:
    if sample is None or sample.state != GpuState.OK:
        return math.nan
    return _nan(getattr(sample, metric))


@settings(max_examples=100, deadline=None)
@given(capacity=st.integers(2, 12), sequence=frames())
def test_history_views_line_up(capacity: int, sequence: list[MonitorFrame | None]) -> None:
    history = MonitorHistory(capacity)
    seen: list[MonitorFrame] = []  # frames since the last clear
    for frame in sequence:
        if frame is None:
            _check_history(history, seen, capacity)
            history.clear()
            seen.clear()
        else:
            history.append(frame)
            seen.append(frame)
        times = history.times()
        assert len(history) == len(times) == min(len(seen), capacity)
        for index in history.gpu_indices():  # every view as long as the time axis, at every step
            assert all(len(history.gpu(index, metric)) == len(times) for metric in GPU_METRICS)
    _check_history(history, seen, capacity)


def _check_history(history: MonitorHistory, seen: list[MonitorFrame], capacity: int) -> None:
    kept = seen[-capacity:]
    times = history.times()
    assert times.tolist() == [f.timestamp for f in kept]
    for metric in HOST_METRICS:
        expected = [_nan(getattr(f.host, metric)) for f in kept]
        np.testing.assert_array_equal(history.host(metric), np.array(expected, dtype=np.float64))
    indices = sorted({g.index for f in seen for g in f.gpus})
    assert history.gpu_indices() == indices
    for index in indices:
        for metric in GPU_METRICS:
            view = history.gpu(index, metric)
            assert len(view) == len(times) and view.flags.c_contiguous and not view.flags.writeable
            # absent (before it appeared, or dropped out) or lost -> NaN; else its figure
            expected = [_model_value(next((g for g in f.gpus if g.index == index), None), metric) for f in kept]
            np.testing.assert_array_equal(view, np.array(expected, dtype=np.float64))


def test_a_gpu_seen_late_is_nan_padded_and_a_lost_one_is_nan() -> None:
    history = MonitorHistory(5)
    host = HostSample(timestamp=0.0, cpu_percent=10.0)
    history.append(MonitorFrame(0.0, host, gpu_status=GpuStatus.STARTING))
    history.append(MonitorFrame(1.0, host, (GpuSample(0, 1.0, gpu_util_percent=50.0),), GpuStatus.OK))
    history.append(MonitorFrame(2.0, host, (GpuSample(0, 2.0, state=GpuState.LOST, gpu_util_percent=50.0),),
                                GpuStatus.OK))
    util = history.gpu(0, "gpu_util_percent")
    assert len(util) == 3 and math.isnan(util[0]) and util[1] == 50.0 and math.isnan(util[2])
    assert history.host("cpu_percent").tolist() == [10.0, 10.0, 10.0]
