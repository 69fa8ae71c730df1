"""GPUs missing from gpus.json are placed by their PCI id (pci.ids: device id -> chip; NVIDIA's chip naming ->
architecture -> compute capability): they get their class, the cuDNN pin and the newest TensorFlow, said to be
inferred. Ten real device ids from pci.ids, Maxwell to Blackwell."""

from __future__ import annotations

import json

import pytest

from tfgpu.core import kb
from tfgpu.core.cli import main
from tfgpu.core.diagnosis.recommend import recommend_route, route_input_for
from tfgpu.core.kb.loader import load_kb
from tfgpu.core.kb.pci_gpus import parse_pci_id
from tfgpu.core.kb.pci_table import nvidia_devices

PIN = "nvidia-cudnn-cu12<9.11"
# (PCI id, pci.ids chip, architecture, compute capability, newest TF that runs it, the [and-cuda] pin it needs there)
UNLISTED = [
    ("10de:134d", "GM108M", "Maxwell", "5.0", "2.16.1", ()),  # GeForce 940MX: below TF 2.21's sm_60
    ("10de:174d", "GM108M", "Maxwell", "5.0", "2.16.1", ()),  # GeForce MX130
    ("10de:1d10", "GP108M", "Pascal", "6.1", "2.21.0", (PIN,)),  # GeForce MX150
    ("10de:1d13", "GP108M", "Pascal", "6.1", "2.21.0", (PIN,)),  # GeForce MX250
    ("10de:1c94", "GP107M", "Pascal", "6.1", "2.21.0", (PIN,)),  # GeForce MX350
    ("10de:1f97", "TU117M", "Turing", "7.5", "2.21.0", ()),  # GeForce MX450
    ("10de:1df6", "GV100GL", "Volta", "7.0", "2.21.0", (PIN,)),  # Tesla V100S PCIe 32GB
    ("10de:26b3", "AD102GL", "Ada Lovelace", "8.9", "2.21.0", ()),  # RTX 5880 Ada Generation
    ("10de:2322", "GH100", "Hopper", "9.0", "2.21.0", ()),  # H800 PCIe
    ("10de:2bb2", "GB202GL", "Blackwell", "12.0", None, ()),  # RTX PRO 6000D Blackwell Workstation Edition
]


@pytest.mark.parametrize("pci, chip, arch, cc, ceiling, pins", UNLISTED, ids=[u[0] for u in UNLISTED])
def test_an_unlisted_gpu_gets_its_class_pin_and_ceiling(pci, chip, arch, cc, ceiling, pins):
    spec = kb.gpu_spec_or_inferred(pci)
    assert spec is not None and spec.inferred and (spec.arch, spec.cc) == (arch, cc)
    assert kb.gpu_spec(spec.name) is None  # really absent from gpus.json
    assert chip in spec.sources[0] and "pci.ids" in spec.sources[0] and spec.status == "derived"
    assert kb.last_tf_for_cc(cc) == ceiling
    assert kb.and_cuda_pins(ceiling, cc) == pins if ceiling else kb.gpu_support("2.21.0", cc).verdict == "unsupported"


def test_the_940mx_recommendation_stays_below_tf_221_and_says_inferred():
    inp = route_input_for("10de:134d", "linux", "3.11")
    rec = recommend_route(inp)
    assert inp.inferred and inp.cc == "5.0" and rec.tf_version.startswith("2.16")
    assert "2.21" not in " ".join(s.command or "" for s in rec.steps)


def test_the_mx150_recommendation_pins_cudnn():
    rec = recommend_route(route_input_for("NVIDIA GeForce MX150", "linux", "3.12"))
    assert any(PIN in (s.command or "") for s in rec.steps)


def test_a_listed_gpu_by_pci_id_is_its_row():
    spec = kb.gpu_spec_or_inferred("10de:2b85")
    assert spec.name == "GeForce RTX 5090" and not spec.inferred and spec.pci_id == "10de:2b85"
    assert kb.gpu_spec_or_inferred("10de:ffff") is None  # an id pci.ids does not list: not guessed


def test_pci_id_spellings():
    assert {parse_pci_id(t) for t in ("10de:1F9D", "0x1f9d", "1f9d", "PCI\\VEN_10DE&DEV_1F9D")} == {"1f9d"}
    assert parse_pci_id("8086:1f9d") is None and parse_pci_id("RTX 3060") is None


def test_every_listed_gpu_agrees_with_its_chip_class():
    """The chip classes are derived; the GPU rows are the check: a gpus.json row pci.ids names must have its
    chip family's compute capability."""
    checked, other_chip = 0, {}
    for device in load_kb("pci_gpus")["devices"]:
        pci = kb.gpu_by_pci_id(device)
        row = kb.gpu_spec(pci.name)
        if row is not None and row.cc and row.name.upper() in pci.name.upper():
            checked += 1
            if row.cc != pci.cc:
                other_chip[device] = (pci.chip, pci.name)
    assert checked >= 200
    # boards sold under a name whose usual chip is another: the chip (the PCI id) decides, not the name
    assert other_chip == {"0fc5": ("GK107", "GeForce GT 1030"), "11c7": ("GK106", "GeForce GTX 750 Ti"),
                          "1407": ("GM206", "GeForce GTX 750 v2")}
    assert kb.gpu_spec_or_inferred("10de:1407").cc == "5.2" and kb.gpu_spec_or_inferred("GeForce GTX 750").cc == "5.0"


def test_the_table_parser_reads_pci_ids_lines():
    text = "10de  NVIDIA Corporation\n\t1f97  TU117M [GeForce MX450]\n\t22e8  GB202 High Definition Audio Controller\n" \
           "\t\t1028 0a6d  subsystem\n1002  Advanced Micro Devices\n\t1f97  Other\n"
    assert nvidia_devices(text) == {"1f97": ["TU117M", "GeForce MX450"]}


def test_kb_gpu_accepts_a_pci_id(capsys):
    assert main(["kb", "gpu", "10de:1f97"]) == 0
    out = capsys.readouterr().out
    assert "GeForce MX450 (Turing), compute capability 7.5" in out and "Inferred" in out
    assert main(["kb", "gpu", "10de:1f97", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["gpu"]["inferred"] is True and doc["gpu"]["pci_id"] == "10de:1f97"


def test_a_machine_without_a_driver_is_placed_by_its_pci_id():
    """No NVIDIA driver yet (no NVML, no name): the scan's PCI id 10de:134d (940MX) still sets the TF ceiling."""
    from fakes import fake_scan as fs
    from tfgpu.core.diagnosis.doctor import diagnose

    scan = fs.scan(os=fs.os_info("linux"), drv=fs.driver(reason="no-driver"),
                   adapters=fs.adapters(("10de", "134d", "")))
    rec = diagnose(scan).recommendation
    assert rec.tf_version == "2.16.2" and "2.21" not in " ".join(s.command or "" for s in rec.steps)


def test_nvml_s_plain_h200_is_the_sxm_board_with_its_peaks():
    # Seen on a GPU machine lent to this project (2026-11-28): NVML's name 'NVIDIA H200' on PCI device 10de:2335
    # ('H200 SXM 141GB' in pci.ids), power limit 700 W. The bench's "% of peak" needs the SXM row's figures.
    plain = kb.gpu_spec("NVIDIA H200")
    assert plain.name == "H200 SXM" and plain.fp16_tflops == 989.5 and plain.mem_bw_gb_s == 4800
    assert kb.gpu_by_pci_id("10de:2335").name == "H200 SXM 141GB"
    nvl = kb.gpu_spec("NVIDIA H200 NVL")
    assert nvl.name == "H200 NVL" and nvl.fp16_tflops is None and nvl.cc == "9.0"
    assert kb.gpu_spec("NVIDIA GH200 480GB").name == "GH200"
