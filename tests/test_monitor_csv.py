"""The GPU-Z-style CSV log: round trip, units, N/A never 0, time-based flush, a full disk, bad paths."""

from __future__ import annotations

import errno
import io
import math
import os
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tfgpu.core.monitor.csv_log import (
    COLUMNS,
    HEADER,
    CsvLogError,
    CsvLogger,
    frame_rows,
    read_csv_log,
)
from tfgpu.core.monitor.samples import (
    GpuProcess,
    GpuSample,
    GpuState,
    GpuStatus,
    HostSample,
    MonitorFrame,
)

T0 = 1_700_000_000.125
HOST = HostSample(timestamp=T0, cpu_percent=23.4, per_cpu_percent=(20.0, 26.8), ram_used_mib=6451.2,
                  ram_total_mib=15872.0, ram_percent=40.6, process_cpu_percent=1.5, process_rss_mib=88.3)
RTX = GpuSample(index=0, timestamp=T0, name="NVIDIA GeForce RTX 3060", uuid="GPU-1", gpu_util_percent=97.0,
                mem_util_percent=41.0, mem_used_mib=5222.5, mem_total_mib=12288.0, temperature_c=71.0,
                fan_percent=55.0, power_w=165.25, power_limit_w=170.0, sm_clock_mhz=1890.0, mem_clock_mhz=7501.0,
                pstate=2, throttle_reasons=("sw-power-cap", "hw-slowdown"), pcie_rx_mib_s=12.5, pcie_tx_mib_s=3.0,
                processes=(GpuProcess(42, "python", "compute", None),), processes_note="wddm")
# A laptop GPU: no fan, no power figures, nothing throttling.
LAPTOP = GpuSample(index=1, timestamp=T0, name="NVIDIA GeForce MX450", gpu_util_percent=0.0, mem_used_mib=0.0,
                   mem_total_mib=2048.0, temperature_c=45.0, pstate=8, throttle_reasons=(),
                   unavailable={"fan_percent": "not supported", "power_w": "not supported"})
LOST = GpuSample(index=1, timestamp=T0 + 1, name="NVIDIA GeForce MX450", state=GpuState.LOST, gpu_util_percent=12.0,
                 unavailable={"all": "GPU is lost"})

FRAMES = [
    MonitorFrame(T0, HOST, (RTX, LAPTOP), GpuStatus.OK, driver_version="551.86"),
    MonitorFrame(T0 + 1, HOST, (RTX, LOST), GpuStatus.OK, driver_version="551.86"),
    MonitorFrame(T0 + 2, HOST, (), GpuStatus.NO_DRIVER, "NVML Shared Library Not Found"),
    MonitorFrame(T0 + 3, HostSample(timestamp=T0 + 3), (), GpuStatus.STARTING),
]
GPU_FIGURES = {  # column -> GpuSample attribute
    "GPU Load [%]": "gpu_util_percent", "Memory Controller Load [%]": "mem_util_percent",
    "Memory Used [MiB]": "mem_used_mib", "Memory Total [MiB]": "mem_total_mib",
    "Memory Used [%]": "mem_used_percent", "GPU Temperature [°C]": "temperature_c", "Fan Speed [%]": "fan_percent",
    "Board Power Draw [W]": "power_w", "Power Limit [W]": "power_limit_w", "GPU Clock [MHz]": "sm_clock_mhz",
    "Memory Clock [MHz]": "mem_clock_mhz", "PCIe RX [MiB/s]": "pcie_rx_mib_s", "PCIe TX [MiB/s]": "pcie_tx_mib_s",
}
HOST_FIGURES = {"CPU Load [%]": "cpu_percent", "System Memory Used [MiB]": "ram_used_mib",
                "System Memory Total [MiB]": "ram_total_mib", "System Memory Load [%]": "ram_percent",
                "tfgpu Process CPU [%]": "process_cpu_percent", "tfgpu Process Memory [MiB]": "process_rss_mib"}
DECIMALS = {column.header: column.decimals for column in COLUMNS}


def _close(a: float | None, b: float | None, header: str) -> bool:
    if a is None or b is None:
        return a is b
    return abs(a - b) <= 0.5 * 10 ** -DECIMALS[header] + 1e-9


def _write_all(path, frames) -> CsvLogger:
    logger = CsvLogger.open(path)
    for frame in frames:
        assert logger.write(frame)
    logger.close()
    return logger


def test_round_trip_gives_back_the_figures_and_none_for_na(tmp_path) -> None:
    path = tmp_path / "log.csv"
    logger = _write_all(path, FRAMES)
    rows = read_csv_log(path)
    assert logger.error is None and logger.rows == len(rows) == 6  # 2 + 2 GPUs, then one row per GPU-less frame
    samples = [(FRAMES[0], RTX), (FRAMES[0], LAPTOP), (FRAMES[1], RTX), (FRAMES[1], LOST)]
    for row, (frame, gpu) in zip(rows, samples):
        assert row["GPU"] == gpu.index and row["GPU Name"] == gpu.name and row["GPU State"] == gpu.state
        assert row["Unix Time [s]"] == pytest.approx(frame.timestamp, abs=5e-4)
        assert datetime.fromisoformat(row["Date"]) == datetime.fromtimestamp(round(frame.timestamp, 3))
        lost = gpu.state == GpuState.LOST
        for header, attr in GPU_FIGURES.items():
            expected = None if lost else getattr(gpu, attr)  # a lost GPU's stale figures are not logged
            assert _close(row[header], expected, header), (header, row[header], expected)
        for header, attr in HOST_FIGURES.items():
            assert _close(row[header], getattr(frame.host, attr), header)
    assert rows[0]["Performance State"] == "P2" and rows[0]["Throttle Reasons"] == "sw-power-cap; hw-slowdown"
    assert rows[1]["Throttle Reasons"] == "none" and rows[1]["GPU Load [%]"] == 0.0  # a real 0 stays 0
    assert rows[1]["Fan Speed [%]"] is None and "fan_percent: not supported" in rows[1]["Note"]
    assert rows[3]["GPU State"] == "lost" and rows[3]["Performance State"] is None and "GPU lost" in rows[3]["Note"]
    no_driver, starting = rows[4], rows[5]
    assert no_driver["GPU"] == "none (no-driver)" and no_driver["GPU State"] == "no-driver"
    assert no_driver["Note"] == "NVML Shared Library Not Found" and no_driver["CPU Load [%]"] == 23.4
    assert all(no_driver[h] is None for h in GPU_FIGURES) and no_driver["GPU Name"] is None
    assert starting["GPU"] == "none (starting)" and all(starting[h] is None for h in HOST_FIGURES)


def test_unknown_is_written_na_never_zero(tmp_path) -> None:
    path = tmp_path / "log.csv"
    nan_gpu = GpuSample(index=0, timestamp=T0, gpu_util_percent=math.nan, power_w=math.inf)
    _write_all(path, [MonitorFrame(T0, HostSample(timestamp=T0), (nan_gpu,), GpuStatus.OK)])
    raw = path.read_text(encoding="utf-8-sig").splitlines()[1].split(",")
    cells = dict(zip(HEADER, raw))
    for header in (*GPU_FIGURES, *HOST_FIGURES, "GPU Name", "Performance State", "Throttle Reasons"):
        assert cells[header] == "N/A", header


def test_header_has_units_and_a_bom_for_excel(tmp_path) -> None:
    path = tmp_path / "log.csv"
    _write_all(path, [])
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbfDate,") and data.endswith(b"\r\n")  # BOM; csv module's line ends
    header = data[3:].decode("utf-8").rstrip("\r\n").split(",")
    assert tuple(header) == HEADER and read_csv_log(path) == []
    for name in ("GPU Load [%]", "Memory Used [MiB]", "GPU Temperature [°C]", "Board Power Draw [W]",
                 "GPU Clock [MHz]", "PCIe RX [MiB/s]", "CPU Load [%]", "System Memory Load [%]"):
        assert name in header
    for column in COLUMNS:  # every number has a unit, every unit-less column is text
        assert (column.decimals is not None) == column.header.endswith("]"), column.header


finite = st.one_of(st.none(), st.floats(0, 1e6, allow_nan=False))


@settings(max_examples=60, deadline=None)
@given(util=finite, mem=finite, power=finite, clock=finite, cpu=finite, ram=finite)
def test_any_figure_round_trips_within_its_rounding(tmp_path_factory, util, mem, power, clock, cpu, ram) -> None:
    path = tmp_path_factory.mktemp("rt") / "log.csv"
    gpu = GpuSample(index=0, timestamp=T0, gpu_util_percent=util, mem_used_mib=mem, power_w=power,
                    sm_clock_mhz=clock)
    _write_all(path, [MonitorFrame(T0, HostSample(T0, cpu_percent=cpu, ram_used_mib=ram), (gpu,), GpuStatus.OK)])
    (row,) = read_csv_log(path)
    for header, value in (("GPU Load [%]", util), ("Memory Used [MiB]", mem), ("Board Power Draw [W]", power),
                          ("GPU Clock [MHz]", clock), ("CPU Load [%]", cpu), ("System Memory Used [MiB]", ram)):
        assert _close(row[header], value, header), (header, row[header], value)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _frame(i: int) -> MonitorFrame:
    return MonitorFrame(T0 + i, HostSample(T0 + i, cpu_percent=float(i)), (), GpuStatus.NO_DRIVER, "no driver")


def test_rows_reach_the_disk_within_a_second_without_closing(tmp_path) -> None:
    path, clock = tmp_path / "log.csv", Clock()
    logger = CsvLogger.open(path, clock=clock)
    assert logger.write(_frame(0))
    assert len(read_csv_log(path)) == 1  # the first row goes out at once
    clock.now += 0.5
    assert logger.write(_frame(1))
    assert len(read_csv_log(path)) == 1  # buffered: one flush a second, not one per row
    clock.now += 0.5
    assert logger.write(_frame(2))
    assert [r["CPU Load [%]"] for r in read_csv_log(path)] == [0.0, 1.0, 2.0]  # a second after the last flush
    clock.now += 0.3
    assert logger.write(_frame(3)) and len(read_csv_log(path)) == 3
    assert logger.flush_if_due() and len(read_csv_log(path)) == 3  # not due yet
    clock.now += 0.7  # nothing more is written; the owner's timer flushes it
    assert logger.flush_if_due() and len(read_csv_log(path)) == 4
    clock.now += 0.1
    assert logger.write(_frame(4))
    logger.close()
    logger.close()  # twice is fine
    assert len(read_csv_log(path)) == 5 and logger.rows == 5 and not logger.write(_frame(5))


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs Linux /dev/full")
def test_a_full_disk_stops_logging_with_words_and_never_raises() -> None:
    logger = CsvLogger.open("/dev/full")  # opens fine; the disk is "full" at the first flush
    assert logger.write(_frame(0)) is False
    assert "No space left" in logger.error and "/dev/full" in logger.error and not logger.active
    assert logger.write(_frame(1)) is False and logger.flush_if_due() is False
    logger.close()
    assert "No space left" in logger.error and logger.rows == 0


class FillingFile(io.StringIO):
    """A file on a disk that fills up after ``room`` characters have been flushed."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room, self.flushed = room, 0

    def flush(self) -> None:
        if len(self.getvalue()) > self.room:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.flushed = len(self.getvalue())


def test_the_disk_filling_mid_run_keeps_the_count_of_rows_that_got_out() -> None:
    handle, clock = FillingFile(room=3000), Clock()
    logger = CsvLogger(handle, "E:\\logs\\gpu.csv", clock=clock)
    logger._put(HEADER)
    written = 0
    while logger.write(_frame(written)):
        written += 1
        clock.now += 1.0  # every write flushes
    assert written > 3 and logger.rows == written  # the row whose flush failed is not counted
    assert logger.error == (f"CSV logging to E:\\logs\\gpu.csv stopped after at least {written} rows: "
                            "No space left on device")
    assert handle.closed and logger.write(_frame(99)) is False


def test_a_path_that_cannot_be_created_raises_with_words(tmp_path) -> None:
    with pytest.raises(CsvLogError, match=r"cannot create the CSV log .*missing.*No such file or directory"):
        CsvLogger.open(tmp_path / "missing" / "log.csv")
    with pytest.raises(CsvLogError, match="Is a directory"):
        CsvLogger.open(tmp_path)


def test_a_cut_last_row_is_dropped_but_a_broken_middle_row_is_an_error(tmp_path) -> None:
    path = tmp_path / "log.csv"
    _write_all(path, [_frame(0), _frame(1)])
    whole = path.read_bytes()
    path.write_bytes(whole[:-40])  # a crash mid-row
    assert [r["CPU Load [%]"] for r in read_csv_log(path)] == [0.0]
    lines = whole.split(b"\r\n")
    path.write_bytes(b"\r\n".join([lines[0], lines[1][:20], lines[2], b""]))
    with pytest.raises(ValueError, match="line 2"):
        read_csv_log(path)


def test_one_row_per_gpu_or_one_saying_why_none() -> None:
    assert len(frame_rows(FRAMES[0])) == 2 and len(frame_rows(FRAMES[2])) == 1
    assert all(len(row) == len(HEADER) for frame in FRAMES for row in frame_rows(frame))
