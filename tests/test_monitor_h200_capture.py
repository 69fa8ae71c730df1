"""A real H200 (a GPU machine lent to this project, 2026-11-28): the fake NVML built from its ``nvidia-smi -q -x``
agrees with what ``tfgpu monitor`` itself wrote there, and the KB gives the card NVML names its peaks.
Captures: tests/fixtures/device/h200-2026-11-28/SOURCES.md."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from fakes.fake_nvml import nvml_from_xml
from tfgpu.core import kb
from tfgpu.core.monitor.sampler import MonitorSampler

DEVICE = Path(__file__).parent / "fixtures" / "device" / "h200-2026-11-28"


def _monitor_rows() -> list[dict[str, str]]:
    with open(DEVICE / "monitor.csv", encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def test_the_fake_from_the_capture_reads_as_the_real_monitor_did(linux_host):
    linux_host.nvml_module = nvml_from_xml("linux-h200-580.159.04-q-x.xml", compute_capability=(9, 0))
    sampler = MonitorSampler(linux_host)
    try:
        (gpu,) = sampler.sample_once().gpus
    finally:
        sampler.close()
    idle = _monitor_rows()[0]  # the first row there: before the load allocated anything
    assert gpu.name == idle["GPU Name"] == "NVIDIA H200"
    assert gpu.mem_total_mib == float(idle["Memory Total [MiB]"]) == 143771.0
    assert gpu.power_limit_w == pytest.approx(float(idle["Power Limit [W]"])) == pytest.approx(700.0)
    assert gpu.throttle_reasons == tuple(idle["Throttle Reasons"].split("; ")) == ("gpu-idle",)
    # No fan on a data-centre board: "not available", never 0, in both.
    assert gpu.fan_percent is None and "fan_percent" in gpu.unavailable
    assert idle["Fan Speed [%]"] == "N/A" and "fan_percent: Not Supported" in idle["Note"]


def test_under_load_the_real_monitor_saw_the_power_cap_that_nvidia_smi_saw():
    rows = _monitor_rows()
    busy = [r for r in rows if float(r["GPU Load [%]"]) >= 90]
    dmon = [line.split() for line in (DEVICE / "dmon.txt").read_text().splitlines() if line.strip()[:1].isdigit()]
    dmon_busy = [r for r in dmon if int(r[4]) >= 90]  # columns: gpu pwr gtemp mtemp sm mem ... pclk fb
    assert len(busy) * 0.5 == pytest.approx(len(dmon_busy), abs=2)  # 0.5 s samples against 1 s ones, 20 s of load
    assert {r["Throttle Reasons"] for r in busy} == {"sw-power-cap"}
    assert {round(float(r["Memory Used [MiB]"])) for r in busy} == {int(r[12]) for r in dmon_busy} == {20085}
    power = sorted(float(r["Board Power Draw [W]"]) for r in busy)
    assert power[len(power) // 2] == pytest.approx(sorted(int(r[1]) for r in dmon_busy)[len(dmon_busy) // 2], abs=5)


def test_nvml_s_name_for_the_card_finds_the_sxm_peaks():
    idle = _monitor_rows()[0]
    spec = kb.gpu_spec(idle["GPU Name"])
    assert spec.name == "H200 SXM" and spec.fp16_tflops == 989.5
    assert kb.gpu_by_pci_id("10de:2335").name == "H200 SXM 141GB"  # machine.txt: pci.device_id 0x233510DE
    assert "0x233510DE" in (DEVICE / "machine.txt").read_text()
