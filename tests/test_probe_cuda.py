"""CUDA toolkit probe: every toolkit, versions from files and nvcc, and the PATH winner.

Fake machines are built from real captures in tests/fixtures/cuda (see SOURCES.md).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.host import RealHost
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.cuda import (
    parse_cuda_h,
    parse_nvcc_output,
    parse_version_json,
    parse_version_txt,
    probe_cuda,
)

FIXTURES = Path(__file__).parent / "fixtures" / "cuda"
CUDA_DIR = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA"
V112 = f"{CUDA_DIR}\\v11.2"
V121 = f"{CUDA_DIR}\\v12.1"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def windows_toolkit(host: FakeHost, root: str, nvcc_output: str | None, version_json: str | None = None) -> None:
    """A toolkit folder as the Windows installer leaves it; nvcc answers with a capture."""
    host.mkdir(f"{root}\\include")
    if version_json:
        host.write(f"{root}\\version.json", fixture(version_json))
    if nvcc_output is not None:
        host.write(f"{root}\\bin\\nvcc.exe", b"MZ")
        host.on(f"{root}\\bin\\nvcc.exe", FakeCommand(stdout=fixture(nvcc_output)))


def side_by_side(host: FakeHost, path_first: str) -> None:
    """CUDA 11.2 and 12.1 installed; the installer set CUDA_PATH to the last one (12.1)."""
    windows_toolkit(host, V112, "nvcc-11.2.152.txt")
    windows_toolkit(host, V121, "nvcc-12.1.66.txt", "version-12.1.20230222.json")
    host.env.update(CUDA_PATH=V121, CUDA_PATH_V11_2=V112, CUDA_PATH_V12_1=V121)
    second = V121 if path_first == V112 else V112
    host.env["PATH"] = ";".join(
        [f"{path_first}\\bin", f"{path_first}\\libnvvp", f"{second}\\bin", f"{second}\\libnvvp", host.env["PATH"]]
    )


# -- Windows -------------------------------------------------------------------


def test_path_winner_is_the_toolkit_first_on_path_not_cuda_path(windows_host: FakeHost):
    side_by_side(windows_host, path_first=V112)
    info = probe_cuda(windows_host)

    assert info.status is Status.OK and info.reason is None
    assert info.cuda_path == V121
    assert [t.root for t in info.toolkits] == [V121, V112]  # newest first
    new, old = info.toolkits
    assert (old.version, old.version_full, old.version_source) == ("11.2", "11.2.152", "nvcc")
    assert (new.version, new.version_full, new.version_source) == ("12.1", "12.1.20230222", "version.json")
    assert new.nvcc_version == "12.1.66"
    assert old.nvcc_path == f"{V112}\\bin\\nvcc.exe"
    assert (old.bin_on_path, old.path_position) == (True, 0)
    assert (new.bin_on_path, new.path_position) == (True, 2)
    assert info.path_winner == V112
    assert info.nvcc_on_path == f"{V112}\\bin\\nvcc.exe"
    assert (info.nvcc_on_path_root, info.nvcc_on_path_version) == (V112, "11.2.152")
    assert new.sources == ["CUDA_PATH", "CUDA_PATH_V12_1", "default-dir", "PATH"]
    assert old.sources == ["CUDA_PATH_V11_2", "default-dir", "PATH"]


def test_path_winner_follows_path_order(windows_host: FakeHost):
    side_by_side(windows_host, path_first=V121)
    info = probe_cuda(windows_host)
    assert info.path_winner == V121
    assert info.nvcc_on_path_root == V121


def test_toolkits_are_found_without_env_vars_or_path(windows_host: FakeHost):
    windows_toolkit(windows_host, V112, "nvcc-11.2.152.txt")
    info = probe_cuda(windows_host)
    assert [t.root for t in info.toolkits] == [V112]
    assert info.toolkits[0].sources == ["default-dir"]
    assert info.toolkits[0].bin_on_path is False
    assert info.path_winner is None and info.nvcc_on_path is None


def test_path_entries_with_percent_variables_are_expanded(windows_host: FakeHost):
    windows_toolkit(windows_host, V112, "nvcc-11.2.152.txt")
    windows_host.env.update(CUDA_PATH=V112, PATH="%CUDA_PATH%\\bin;" + windows_host.env["PATH"])
    assert probe_cuda(windows_host).path_winner == V112


def test_stale_cuda_path_is_reported(windows_host: FakeHost):
    windows_toolkit(windows_host, V112, "nvcc-11.2.152.txt")
    gone = f"{CUDA_DIR}\\v11.0"
    windows_host.env.update(CUDA_PATH=gone, CUDA_PATH_V11_0=gone, CUDA_PATH_V11_2=V112)
    info = probe_cuda(windows_host)
    assert info.status is Status.OK  # 11.2 is still there
    assert info.reason == "cuda-path-stale"
    assert gone in (info.hint or "")
    assert info.stale_env == ["CUDA_PATH", "CUDA_PATH_V11_0"]
    assert any(e.source == "CUDA_PATH" and "does not exist" in e.detail for e in info.evidence)


def test_stale_versioned_variable_alone_keeps_reason_clear(windows_host: FakeHost):
    windows_toolkit(windows_host, V112, "nvcc-11.2.152.txt")
    windows_host.env.update(CUDA_PATH=V112, CUDA_PATH_V10_0=f"{CUDA_DIR}\\v10.0")
    info = probe_cuda(windows_host)
    assert info.reason is None and info.stale_env == ["CUDA_PATH_V10_0"]


def test_cuda_path_to_an_empty_folder_is_not_a_toolkit(windows_host: FakeHost):
    windows_host.mkdir("D:\\cuda-leftovers")
    windows_host.env["CUDA_PATH"] = "D:\\cuda-leftovers"
    info = probe_cuda(windows_host)
    assert info.toolkits == [] and info.status is Status.MISSING
    assert info.reason == "cuda-path-stale" and info.stale_env == ["CUDA_PATH"]


def test_hanging_nvcc_times_out_and_the_version_comes_from_the_folder(windows_host: FakeHost):
    windows_host.write(f"{V112}\\bin\\nvcc.exe", b"MZ")
    windows_host.on("nvcc", FakeCommand(hang=True))
    info = probe_cuda(windows_host, timeout=2.0)
    toolkit = info.toolkits[0]
    assert toolkit.nvcc_path and toolkit.nvcc_version is None
    assert (toolkit.version, toolkit.version_full, toolkit.version_source) == ("11.2", None, "folder-name")
    assert any("timed out" in e.source for e in info.evidence)


def test_hanging_nvcc_does_not_hide_version_json(windows_host: FakeHost):
    windows_toolkit(windows_host, V121, None, "version-12.1.20230222.json")
    windows_host.write(f"{V121}\\bin\\nvcc.exe", b"MZ")
    windows_host.on("nvcc", FakeCommand(hang=True))
    toolkit = probe_cuda(windows_host).toolkits[0]
    assert (toolkit.version, toolkit.version_source) == ("12.1", "version.json")


def test_garbage_nvcc_output_gives_no_version(windows_host: FakeHost):
    windows_host.write("D:\\CUDA\\bin\\nvcc.exe", b"MZ")
    windows_host.write("D:\\CUDA\\include\\cuda.h", b"#define CUDA_VERSION 11020\n")
    windows_host.env["CUDA_PATH"] = "D:\\CUDA"
    windows_host.on("nvcc", FakeCommand(stdout=b"\x00\xff\xfeSegmentation fault\r\n", returncode=139))
    info = probe_cuda(windows_host)
    toolkit = info.toolkits[0]
    assert toolkit.nvcc_version is None
    assert (toolkit.version, toolkit.version_source) == ("11.2", "cuda.h")
    assert any("no version in output" in e.detail for e in info.evidence)


def test_non_utf8_nvcc_output_is_decoded_with_the_oem_code_page(windows_host: FakeHost):
    # A Chinese console (cp936) adds a localized line before the real nvcc text.
    output = "正在运行 nvcc\r\n".encode("gbk") + fixture("nvcc-11.6.124-windows.txt")
    windows_host.encoding = "cp936"
    windows_host.write(f"{CUDA_DIR}\\v11.6\\bin\\nvcc.exe", b"MZ")
    windows_host.on("nvcc", FakeCommand(stdout=output))
    toolkit = probe_cuda(windows_host).toolkits[0]
    assert (toolkit.version, toolkit.nvcc_version, toolkit.version_source) == ("11.6", "11.6.124", "nvcc")


def test_missing_nvcc_is_not_run(windows_host: FakeHost):
    windows_toolkit(windows_host, V121, None, "version-12.1.20230222.json")
    info = probe_cuda(windows_host)
    assert info.toolkits[0].nvcc_path is None and info.toolkits[0].version == "12.1"
    assert windows_host.calls == []


def test_nvcc_that_cannot_run_is_recorded(windows_host: FakeHost):
    windows_host.write(f"{V112}\\bin\\nvcc.exe", b"MZ")
    windows_host.on("nvcc", FakeCommand(error="permission denied"))
    info = probe_cuda(windows_host)
    assert info.toolkits[0].version_source == "folder-name"
    assert any("permission denied" in e.source for e in info.evidence)


def test_unreadable_version_json_falls_back_to_nvcc(windows_host: FakeHost):
    windows_toolkit(windows_host, V112, "nvcc-11.2.152.txt")
    windows_host.mkdir(f"{V112}\\version.json")  # a folder where the file should be: reading fails
    info = probe_cuda(windows_host)
    assert info.toolkits[0].version_source == "nvcc"
    assert any(e.source.endswith("version.json") and "unreadable" in e.detail for e in info.evidence)


# -- Linux ---------------------------------------------------------------------


def linux_toolkit(host: FakeHost, root: str, nvcc_output: str | None = None) -> None:
    host.mkdir(f"{root}/include")
    if nvcc_output:
        host.write(f"{root}/bin/nvcc", b"\x7fELF", executable=True)
        host.on(f"{root}/bin/nvcc", FakeCommand(stdout=fixture(nvcc_output)))


def test_symlinked_default_toolkit_is_one_toolkit_with_both_paths(linux_host: FakeHost):
    linux_toolkit(linux_host, "/usr/local/cuda-11.5", "nvcc-11.2.152.txt")
    linux_host.write("/usr/local/cuda-11.5/version.json", fixture("version-11.5.2.json"))
    linux_host.symlink("/usr/local/cuda", "/usr/local/cuda-11.5")
    linux_toolkit(linux_host, "/usr/local/cuda-10.1")
    linux_host.write("/usr/local/cuda-10.1/version.txt", fixture("version-10.1.243.txt"))
    linux_host.env["PATH"] = "/usr/local/cuda/bin:" + linux_host.env["PATH"]

    info = probe_cuda(linux_host)
    assert [t.root for t in info.toolkits] == ["/usr/local/cuda-11.5", "/usr/local/cuda-10.1"]
    current, old = info.toolkits
    assert current.aliases == ["/usr/local/cuda"]
    assert current.sources == ["default-dir", "PATH"]
    assert (current.version, current.version_full, current.version_source) == ("11.5", "11.5.2", "version.json")
    # The fixture's nvcc says 11.2: a disagreement is kept as evidence, files win.
    assert current.nvcc_version == "11.2.152"
    assert any("nvcc says 11.2" in e.detail for e in info.evidence)
    assert (old.version, old.version_full, old.version_source) == ("10.1", "10.1.243", "version.txt")
    assert (current.path_position, old.path_position) == (0, None)
    assert info.path_winner == "/usr/local/cuda-11.5"
    assert info.nvcc_on_path == "/usr/local/cuda/bin/nvcc"


def test_wrapper_script_on_path_points_to_its_toolkit(linux_host: FakeHost):
    # Like this image: /usr/local/bin/nvcc is `exec /usr/local/cuda-13.0/bin/nvcc "$@"`.
    linux_toolkit(linux_host, "/usr/local/cuda-13.0", "nvcc-13.0.88.txt")
    linux_host.write("/usr/local/bin/nvcc", '#!/bin/sh\nexec /usr/local/cuda-13.0/bin/nvcc "$@"\n', executable=True)
    info = probe_cuda(linux_host)
    assert [t.root for t in info.toolkits] == ["/usr/local/cuda-13.0"]  # /usr/local is not a toolkit
    assert info.toolkits[0].sources == ["default-dir", "PATH"]
    assert info.path_winner is None  # its bin folder itself is not on PATH
    assert info.nvcc_on_path == "/usr/local/bin/nvcc"
    assert (info.nvcc_on_path_root, info.nvcc_on_path_version) == ("/usr/local/cuda-13.0", "13.0.88")


def test_toolkit_found_only_through_path(linux_host: FakeHost):
    linux_toolkit(linux_host, "/home/user/sdk/cuda", "nvcc-11.0.194.txt")
    linux_host.env["PATH"] = "/home/user/sdk/cuda/bin:" + linux_host.env["PATH"]
    info = probe_cuda(linux_host)
    assert [(t.root, t.sources, t.version_full) for t in info.toolkits] == [
        ("/home/user/sdk/cuda", ["PATH"], "11.0.194")
    ]
    assert info.path_winner == "/home/user/sdk/cuda"


def test_no_toolkit_is_missing_and_says_pip_tensorflow_needs_none(linux_host: FakeHost):
    info = probe_cuda(linux_host)
    assert info.status is Status.MISSING and info.reason == "no-toolkit"
    assert "pip" in info.hint and "not need" in info.hint


# -- parsers -------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, expected",
    [
        ("nvcc-11.0.194.txt", ("11.0", "11.0.194")),
        ("nvcc-11.2.152.txt", ("11.2", "11.2.152")),
        ("nvcc-11.6.124-windows.txt", ("11.6", "11.6.124")),
        ("nvcc-12.1.66.txt", ("12.1", "12.1.66")),
        ("nvcc-13.0.88.txt", ("13.0", "13.0.88")),
    ],
)
def test_nvcc_captures_parse(name: str, expected: tuple[str, str]):
    assert parse_nvcc_output(fixture(name).decode()) == expected


def test_version_files_parse():
    assert parse_version_json(fixture("version-11.5.2.json").decode()) == "11.5.2"
    assert parse_version_json(fixture("version-12.1.20230222.json").decode()) == "12.1.20230222"
    assert parse_version_json('{"cuda_nvcc": {"version": "11.5.119"}}') is None
    assert parse_version_json("not json") is None
    assert parse_version_txt(fixture("version-10.1.243.txt").decode()) == "10.1.243"
    assert parse_cuda_h("#define CUDA_VERSION 12010\n") == "12.1"


@given(st.text())
def test_parsers_never_raise(text: str):
    parse_nvcc_output(text)
    parse_version_json(text)
    parse_version_txt(text)
    parse_cuda_h(text)


# -- this machine ----------------------------------------------------------------


def _expected_real_roots() -> set[str]:
    """Toolkit roots as os.path sees them: default folders, and PATH bin folders holding a real nvcc."""
    markers = ("bin/nvcc", "version.json", "version.txt", "include/cuda.h")
    candidates = [f"/usr/local/{n}" for n in os.listdir("/usr/local") if n.startswith("cuda")] + ["/opt/cuda"]
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        nvcc = os.path.realpath(os.path.join(folder, "nvcc"))
        if os.path.isfile(nvcc) and os.path.basename(os.path.dirname(nvcc)) == "bin":
            with open(nvcc, "rb") as fh:
                if fh.read(2) != b"#!":  # a wrapper script is not a toolkit's own nvcc
                    candidates.append(os.path.dirname(os.path.dirname(nvcc)))
    return {os.path.realpath(c) for c in candidates if any(os.path.isfile(f"{c}/{m}") for m in markers)}


def test_real_machine_reports_its_toolkits_truthfully():
    """Expectations come from what os.path shows; the probe must agree."""
    roots = _expected_real_roots()
    if not any(r.startswith("/usr/local/cuda") for r in roots):
        pytest.skip("no CUDA toolkit under /usr/local on this machine")
    info = probe_cuda(RealHost())
    assert info.status is Status.OK
    by_root = {t.root: t for t in info.toolkits}
    assert set(by_root) == roots  # every toolkit found, and nothing else (e.g. not /usr/local itself)
    for root in roots:
        toolkit = by_root[root]
        folder = re.match(r"cuda-(\d+\.\d+)$", os.path.basename(root))
        if folder:
            assert toolkit.version == folder.group(1)
        if os.path.isfile(f"{root}/bin/nvcc"):
            assert toolkit.nvcc_path == f"{root}/bin/nvcc"
            assert toolkit.nvcc_version and toolkit.nvcc_version.startswith(toolkit.version)
    if os.path.islink("/usr/local/cuda"):
        assert "/usr/local/cuda" in by_root[os.path.realpath("/usr/local/cuda")].aliases
    assert info.nvcc_on_path == shutil.which("nvcc")
