"""Parsers for nvidia-smi output, tested on real captures (tests/fixtures/nvidia_smi/SOURCES.md)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fakes import fixture_bytes, fixture_text
from fakes.fake_host import FakeCommand, FakeHost
from fakes.fake_nvml import FIXTURES
from tfgpu.core.probes import nvidia_smi as smi

WIN_CSV = "windows-rtx2080super-591.86-query-gpu.csv"
P100_CSV = "linux-tesla-p100-510.47.03-query-gpu-nounits.csv"
WIN_XML = "windows-rtx2080-516.59-q-x.xml"
P100_XML = "linux-tesla-p100-510.47.03-q-x.xml"
ADA_XML = "linux-rtx4000sffada-595.84-q-x.xml"
ALL_FIXTURES = sorted(p.name for p in FIXTURES.iterdir() if p.name != "SOURCES.md")


# ---------------------------------------------------------------------------
# The plain table.


@pytest.mark.parametrize(
    ("name", "driver", "cuda", "smi_version"),
    [
        ("linux-a10-550.127.05-table.txt", "550.127.05", "12.4", "550.127.05"),
        ("windows-rtx2080super-591.86-table.txt", "591.86", "13.1", "591.86"),
        # an old nvidia-smi binary against a newer driver: the driver's numbers win
        ("linux-old-layout-smi-470.256.02-driver-580.95.05-table.txt", "580.95.05", "13.0", "470.256.02"),
        # drivers of that age printed no "CUDA Version": unknown, not guessed
        ("linux-titanxp-384.66-table-no-cuda-version.txt", "384.66", None, "384.66"),
    ],
)
def test_table_header_versions(name, driver, cuda, smi_version):
    report = smi.parse_table(fixture_text(name))
    assert (report.driver_version, report.cuda_version, report.smi_version) == (driver, cuda, smi_version)
    assert report.error is None


def test_table_gpu_rows_keep_bus_id_and_drop_cut_names():
    a10 = smi.parse_table(fixture_text("linux-a10-550.127.05-table.txt")).gpus
    assert [(g.index, g.name, g.pci_bus_id, g.driver_model) for g in a10] == [
        (0, "NVIDIA A10", "00000000:06:00.0", None)  # "On" is persistence mode, not a driver model
    ]
    win = smi.parse_table(fixture_text("windows-rtx2080super-591.86-table.txt")).gpus
    # "NVIDIA GeForce RTX 2080 ..." is cut by the table: no name rather than a wrong one
    assert [(g.index, g.name, g.pci_bus_id, g.driver_model) for g in win] == [
        (0, None, "00000000:0C:00.0", "WDDM")
    ]


def test_table_without_header_says_why():
    report = smi.parse_table(fixture_text("failed-couldnt-communicate-048.txt"))
    assert report.driver_version is None and report.gpus == []
    assert "Driver Version" in report.error


# ---------------------------------------------------------------------------
# --query-gpu CSV.


def test_full_csv_capture_with_units_and_header():
    report = smi.parse_query_csv(fixture_text(WIN_CSV))
    assert report.error is None
    assert report.driver_version == "591.86"
    (gpu,) = report.gpus
    assert gpu.index == 0
    assert gpu.name == "NVIDIA GeForce RTX 2080 SUPER"
    assert gpu.uuid == "GPU-00000000-0000-0000-0000-000000000000"
    assert gpu.pci_bus_id == "00000000:0C:00.0"
    assert gpu.compute_capability == "7.5"
    assert gpu.driver_model == "WDDM"
    assert gpu.memory_total_mib == 8192  # "8192 MiB"
    assert gpu.power_limit_w == 250.0  # enforced.power.limit "250.00 W"
    assert (gpu.max_graphics_clock_mhz, gpu.max_memory_clock_mhz) == (2145, 7751)


def test_nounits_csv_with_header_and_na_fan():
    report = smi.parse_query_csv(fixture_text(P100_CSV))
    (gpu,) = report.gpus
    assert gpu.name == "Tesla P100-PCIE-16GB"
    assert gpu.uuid == "GPU-ef1b2c9b-38d8-2090-2bd1-f567a3eb42a6"
    # not queried in this capture: unknown, never 0
    assert gpu.memory_total_mib is None and gpu.power_limit_w is None and gpu.compute_capability is None


def test_noheader_nounits_row_is_mapped_by_the_asked_fields():
    header, row = fixture_text(P100_CSV).splitlines()
    fields = [h.strip().split(" [")[0] for h in header.split(",")]
    report = smi.parse_query_csv(row + "\n", fields)  # what csv,noheader,nounits prints
    (gpu,) = report.gpus
    assert (gpu.name, gpu.uuid) == ("Tesla P100-PCIE-16GB", "GPU-ef1b2c9b-38d8-2090-2bd1-f567a3eb42a6")


def test_csv_row_with_wrong_column_count_is_not_misread():
    header, row = fixture_text(WIN_CSV).splitlines()
    truncated = row[: len(row) // 2]  # cut mid-row, as a killed nvidia-smi leaves it
    report = smi.parse_query_csv(header + "\n" + truncated)
    assert report.gpus == []
    assert "did not match" in report.error


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("[N/A]", None), ("N/A", None), ("[Not Supported]", None), ("[Requested functionality has been deprecated]", None),
     ("", None), ("  ", None), ("[Unknown Error]", None), ("WDDM", "WDDM"), ("8192 MiB", "8192 MiB")],
)
def test_not_available_values_are_none(raw, expected):
    assert smi.clean_value(raw) == expected


def test_failure_text_is_not_a_gpu_row():
    text = fixture_text("failed-no-devices.txt")
    assert smi.parse_query_csv(text, ["name"]).gpus == []


# ---------------------------------------------------------------------------
# -q -x XML.


def test_xml_windows_wddm_v11():
    report = smi.parse_query_xml(fixture_bytes(WIN_XML))
    assert (report.driver_version, report.cuda_version, report.error) == ("516.59", "11.7", None)
    (gpu,) = report.gpus
    assert gpu.name == "NVIDIA GeForce RTX 2080"
    assert gpu.uuid == "GPU-fbd55ed4-1eec-4423-0a47-ad594b4333e3"
    assert gpu.pci_bus_id == "00000000:0A:00.0"
    assert gpu.driver_model == "WDDM"
    assert gpu.memory_total_mib == 8192
    assert gpu.power_limit_w == 275.0
    assert (gpu.max_graphics_clock_mhz, gpu.max_memory_clock_mhz) == (3060, 7560)
    assert gpu.compute_capability is None  # the XML has none


def test_xml_linux_driver_model_na_is_none():
    report = smi.parse_query_xml(fixture_text(P100_XML))
    (gpu,) = report.gpus
    assert (report.driver_version, report.cuda_version) == ("510.47.03", "11.6")
    assert gpu.driver_model is None  # "N/A" on Linux
    assert (gpu.memory_total_mib, gpu.power_limit_w, gpu.max_graphics_clock_mhz) == (16384, 250.0, 1328)


def test_xml_v13_power_limit_moved_to_gpu_power_readings():
    report = smi.parse_query_xml(fixture_bytes(ADA_XML))
    (gpu,) = report.gpus
    assert (report.driver_version, report.cuda_version) == ("595.84", "13.2")
    assert gpu.name == "NVIDIA RTX 4000 SFF Ada Generation"
    assert gpu.power_limit_w == 70.0  # <gpu_power_readings><current_power_limit>
    assert (gpu.memory_total_mib, gpu.max_graphics_clock_mhz, gpu.max_memory_clock_mhz) == (20475, 3105, 7001)


@pytest.mark.parametrize("name", [WIN_XML, P100_XML, ADA_XML])
@pytest.mark.parametrize("fraction", [0.1, 0.5, 0.9, 0.999])
def test_truncated_xml_gives_error_not_exception(name, fraction):
    data = fixture_bytes(name)
    report = smi.parse_query_xml(data[: int(len(data) * fraction)])
    assert report.gpus == []
    assert report.error and "unparseable" in report.error


def test_xml_that_is_not_nvidia_smi():
    assert "not nvidia-smi XML" in smi.parse_query_xml("<html><body>502</body></html>").error


def test_xml_entity_expansion_is_refused():
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
        + "".join(f'<!ENTITY {c} "{("&" + p + ";") * 10}">' for p, c in zip("abcdefgh", "bcdefghi"))
        + "]><nvidia_smi_log><driver_version>&i;</driver_version></nvidia_smi_log>"
    )
    report = smi.parse_query_xml(bomb)  # 10**9 characters if expanded
    assert report.driver_version is None
    assert report.error


# ---------------------------------------------------------------------------
# Failure messages.


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("failed-couldnt-communicate-048.txt", "driver-not-loaded"),
        ("failed-version-mismatch.txt", "driver-library-mismatch"),
        ("failed-insufficient-permissions.txt", "no-permission"),
        ("failed-no-devices.txt", "no-device"),
        ("failed-libnvidia-ml-not-found.txt", "nvml-library-not-found"),
    ],
)
def test_known_failure_messages(name, reason):
    failure = smi.classify_failure(fixture_text(name))
    assert failure is not None and failure.reason == reason
    assert failure.line in fixture_text(name)


def test_driver_not_loaded_text_decoded_from_a_chinese_console(tmp_path):
    # The 048 text carries a curly quote; on a Chinese Windows console it arrives as cp936 bytes.
    raw = fixture_text("failed-couldnt-communicate-048.txt").encode("cp936")
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    host = FakeHost(root=tmp_path, encoding="cp936")
    host.on("nvidia-smi", FakeCommand(stdout=raw, returncode=9))
    result = host.run(["nvidia-smi"])
    assert "couldn‘t communicate" in result.stdout  # decoded with the OEM code page, not mangled
    assert smi.classify_failure(result.stdout).reason == "driver-not-loaded"
    # and even mangled (no code page known) the message is still recognised
    assert smi.classify_failure(raw).reason == "driver-not-loaded"


def test_healthy_outputs_are_not_failures():
    for name in (WIN_CSV, WIN_XML, "linux-a10-550.127.05-table.txt"):
        assert smi.classify_failure(fixture_text(name)) is None


def test_invalid_field_message():
    assert smi.invalid_query_field(fixture_text("failed-invalid-field-compute_cap.txt")) == "compute_cap"
    assert smi.invalid_query_field(fixture_text("failed-no-devices.txt")) is None


def test_query_args_ask_for_noheader_nounits():
    args = smi.query_args(["index", "name"])
    assert args == ["--query-gpu=index,name", "--format=csv,noheader,nounits"]


# ---------------------------------------------------------------------------
# Never raise.

PARSERS = [smi.parse_query_csv, smi.parse_query_xml, smi.parse_table, smi.classify_failure, smi.invalid_query_field]


@pytest.mark.parametrize("parser", PARSERS)
@pytest.mark.parametrize("data", [None, "", b"", "\x00\x00", b"\xff\xfe\x00", "   \n\n", "<", "a,b,c\n1,2"])
def test_parsers_survive_junk(parser, data):
    parser(data)


@pytest.mark.parametrize("name", ALL_FIXTURES)
def test_every_fixture_cut_anywhere_never_raises(name):
    data = fixture_bytes(name)
    for cut in range(0, len(data), max(1, len(data) // 37)):
        piece = data[:cut]
        for parser in PARSERS:
            parser(piece)
        smi.parse_query_csv(piece, list(smi.QUERY_FIELDS))


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), st.binary()))
def test_parsers_never_raise_on_anything(data):
    assert isinstance(smi.parse_query_csv(data), smi.SmiReport)
    assert isinstance(smi.parse_query_csv(data, list(smi.QUERY_FIELDS)), smi.SmiReport)
    assert isinstance(smi.parse_query_xml(data), smi.SmiReport)
    assert isinstance(smi.parse_table(data), smi.SmiReport)
    assert smi.classify_failure(data) is None or isinstance(smi.classify_failure(data), smi.SmiFailure)
    smi.invalid_query_field(data)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["N/A", "[N/A]", "8192 MiB", "7.5", "WDDM", "", " , ", "GPU-x", "0"]), max_size=15))
def test_csv_rows_of_any_shape(values):
    report = smi.parse_query_csv(", ".join(values), list(smi.QUERY_FIELDS))
    if len(values) == len(smi.QUERY_FIELDS) and ", ".join(values).count(",") == len(values) - 1:
        assert len(report.gpus) == 1
    for gpu in report.gpus:
        assert gpu.memory_total_mib is None or isinstance(gpu.memory_total_mib, int)


# ---------------------------------------------------------------------------
# Locating nvidia-smi.


def test_locate_on_path(windows_host):
    windows_host.write("C:\\Tools\\nvidia-smi.exe", b"MZ")
    windows_host.env["PATH"] = "C:\\Tools;" + windows_host.env["PATH"]
    assert smi.locate_nvidia_smi(windows_host) == "C:\\Tools\\nvidia-smi.exe"


def test_locate_system32_from_systemroot_even_off_path(windows_host):
    windows_host.env["SystemRoot"] = "D:\\Win"
    windows_host.env["PATH"] = "C:\\Other"
    windows_host.write("D:\\Win\\System32\\nvidia-smi.exe", b"MZ")
    assert smi.locate_nvidia_smi(windows_host) == "D:\\Win\\System32\\nvidia-smi.exe"


def test_locate_nvsmi_with_default_program_files(windows_host):
    del windows_host.env["ProgramFiles"]
    windows_host.env["PATH"] = "C:\\Other"
    windows_host.write("C:\\Program Files\\NVIDIA Corporation\\NVSMI\\nvidia-smi.exe", b"MZ")
    assert smi.locate_nvidia_smi(windows_host) == "C:\\Program Files\\NVIDIA Corporation\\NVSMI\\nvidia-smi.exe"


def test_locate_absent(windows_host, linux_host):
    assert smi.locate_nvidia_smi(windows_host) is None
    assert smi.locate_nvidia_smi(linux_host) is None


def test_locate_linux_usr_bin_needs_exec_bit(linux_host):
    linux_host.env["PATH"] = "/opt/none"
    linux_host.write("/usr/bin/nvidia-smi", b"\x7fELF")
    assert smi.locate_nvidia_smi(linux_host) is None  # not executable: not a program
    linux_host.write("/usr/bin/nvidia-smi", b"\x7fELF", executable=True)
    assert smi.locate_nvidia_smi(linux_host) == "/usr/bin/nvidia-smi"
