"""cuDNN probe: headers (both CUDNN_VERSION encodings), Windows DLL folders and
zlibwapi.dll, Linux ldconfig and library folders.

Fake machines are built from real captures in tests/fixtures/cuda (see SOURCES.md).
"""

from __future__ import annotations

import glob
import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.host import FileSystem, RealHost
from tfgpu.core.probes.base import Status
from tfgpu.core.probes.cuda import probe_cuda
from tfgpu.core.probes.cudnn import (
    decode_cudnn_version,
    parse_cudnn_header,
    probe_cudnn,
)

FIXTURES = Path(__file__).parent / "fixtures" / "cuda"
CUDA_DIR = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA"
V112 = f"{CUDA_DIR}\\v11.2"
V121 = f"{CUDA_DIR}\\v12.1"
CUDNN9 = "C:\\Program Files\\NVIDIA\\CUDNN\\v9.6"
SYSTEM32 = "C:\\Windows\\System32"
# The cuDNN 8 DLL set of the Windows zip (compat-facts.md section 5/6).
CUDNN8_DLLS = ["cudnn64_8.dll", "cudnn_ops_infer64_8.dll", "cudnn_ops_train64_8.dll", "cudnn_cnn_infer64_8.dll",
               "cudnn_cnn_train64_8.dll", "cudnn_adv_infer64_8.dll", "cudnn_adv_train64_8.dll"]
CUDNN9_DLLS = ["cudnn64_9.dll", "cudnn_ops64_9.dll", "cudnn_cnn64_9.dll", "cudnn_adv64_9.dll", "cudnn_graph64_9.dll"]


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


# -- Windows -------------------------------------------------------------------


def cuda_toolkit(host: FakeHost, root: str) -> None:
    host.write(f"{root}\\bin\\nvcc.exe", b"MZ")
    host.mkdir(f"{root}\\include")


def copy_cudnn_into(host: FakeHost, root: str, header: str | None, dlls: list[str] = CUDNN8_DLLS) -> None:
    """The classic tutorial: cuDNN zip's bin and include copied into the CUDA folder."""
    for dll in dlls:
        host.write(f"{root}\\bin\\{dll}", b"MZ")
    if header:
        host.write(f"{root}\\include\\cudnn_version.h", fixture(header))


def on_path(host: FakeHost, *folders: str) -> None:
    host.env["PATH"] = ";".join([*folders, host.env["PATH"]])


def test_cudnn_copied_into_cuda_bin_is_found_with_header_version(windows_host: FakeHost):
    cuda_toolkit(windows_host, V112)
    copy_cudnn_into(windows_host, V112, "cudnn_version-8.1.1.h")
    on_path(windows_host, f"{V112}\\bin")

    info = probe_cudnn(windows_host)
    assert info.status is Status.OK and info.reason is None
    [install] = info.installs
    assert install.location == f"{V112}\\bin"
    assert (install.version, install.major, install.version_source, install.version_code) == ("8.1.1", 8, "header", 8101)
    assert install.header == f"{V112}\\include\\cudnn_version.h"
    assert install.cuda_root == V112
    assert install.sources == ["cuda-bin", "PATH"]
    assert (install.on_path, install.path_position) == (True, 0)
    assert sorted(os.path.basename(p.replace("\\", "/")) for p in install.libraries) == sorted(CUDNN8_DLLS)
    assert info.zlibwapi_needed is False  # 8.1 predates the zlib dependency


def test_cuda_info_from_the_caller_is_used(windows_host: FakeHost):
    cuda_toolkit(windows_host, V112)
    copy_cudnn_into(windows_host, V112, "cudnn_version-8.1.1.h")
    cuda = probe_cuda(windows_host)
    cuda.toolkits = []  # the caller's view wins: no toolkit, so no cuda-bin scan and no cuda_root
    assert probe_cudnn(windows_host, cuda=cuda).installs == []


def test_zlibwapi_missing_for_cudnn_8_9(windows_host: FakeHost):
    cuda_toolkit(windows_host, V112)
    copy_cudnn_into(windows_host, V112, None)
    windows_host.write(f"{V112}\\include\\cudnn_version.h", fixture("cudnn_version-8.9.7.grep.h"))
    on_path(windows_host, f"{V112}\\bin")
    info = probe_cudnn(windows_host)
    assert info.installs[0].version == "8.9.7"
    assert info.zlibwapi_needed is True and info.zlibwapi == []
    assert info.status is Status.OK and info.reason == "zlibwapi-missing"


def test_zlibwapi_in_system32_satisfies_it(windows_host: FakeHost):
    cuda_toolkit(windows_host, V112)
    copy_cudnn_into(windows_host, V112, None)
    windows_host.write(f"{V112}\\include\\cudnn_version.h", fixture("cudnn_version-8.9.7.grep.h"))
    windows_host.write(f"{SYSTEM32}\\zlibwapi.dll", b"MZ")
    on_path(windows_host, f"{V112}\\bin")
    info = probe_cudnn(windows_host)
    assert info.zlibwapi == [f"{SYSTEM32}\\zlibwapi.dll"]
    assert info.zlibwapi_on_path is True and info.reason is None


def test_zlibwapi_only_in_a_cuda_bin_off_path(windows_host: FakeHost):
    cuda_toolkit(windows_host, V112)
    cuda_toolkit(windows_host, V121)
    copy_cudnn_into(windows_host, V112, None)
    windows_host.write(f"{V112}\\include\\cudnn_version.h", fixture("cudnn_version-8.9.7.grep.h"))
    windows_host.write(f"{V121}\\bin\\zlibwapi.dll", b"MZ")
    on_path(windows_host, f"{V112}\\bin")
    info = probe_cudnn(windows_host)
    assert info.zlibwapi == [f"{V121}\\bin\\zlibwapi.dll"]
    assert info.zlibwapi_on_path is False and info.reason == "zlibwapi-not-on-path"


def test_cudnn9_graphical_installer_layout(windows_host: FakeHost):
    for dll in CUDNN9_DLLS:
        windows_host.write(f"{CUDNN9}\\bin\\12.6\\{dll}", b"MZ")
    windows_host.write(f"{CUDNN9}\\include\\12.6\\cudnn_version.h", fixture("cudnn_version-9.6.0.h"))
    info = probe_cudnn(windows_host)
    [install] = info.installs
    assert install.location == f"{CUDNN9}\\bin\\12.6"
    assert (install.version, install.major, install.version_code) == ("9.6.0", 9, 90600)
    assert install.header == f"{CUDNN9}\\include\\12.6\\cudnn_version.h"
    assert (install.built_for_cuda, install.sources, install.cuda_root) == ("12.6", ["cudnn-installer"], None)
    assert info.zlibwapi_needed is False
    assert info.reason == "cudnn-not-on-path"  # installed, but nothing puts it on PATH

    on_path(windows_host, f"{CUDNN9}\\bin\\12.6")
    info = probe_cudnn(windows_host)
    assert info.reason is None and info.installs[0].path_position == 0


def test_cudnn9_installer_with_x64_level(windows_host: FakeHost):
    folder = "C:\\Program Files\\NVIDIA\\CUDNN\\v9.23\\bin\\12.9\\x64"
    for dll in CUDNN9_DLLS:
        windows_host.write(f"{folder}\\{dll}", b"MZ")
    windows_host.write("C:\\Program Files\\NVIDIA\\CUDNN\\v9.23\\include\\12.9\\cudnn_version.h",
                       fixture("cudnn_version-9.6.0.h"))
    [install] = probe_cudnn(windows_host).installs
    assert install.location == folder and install.built_for_cuda == "12.9"
    assert install.version == "9.6.0" and install.header.endswith("include\\12.9\\cudnn_version.h")


def test_dll_without_header_gives_major_from_its_name(windows_host: FakeHost):
    # TF's own Windows example: cuDNN kept in C:\tools\cuda\bin and added to PATH.
    for dll in CUDNN8_DLLS:
        windows_host.write(f"C:\\tools\\cuda\\bin\\{dll}", b"MZ")
    on_path(windows_host, "C:\\tools\\cuda\\bin")
    info = probe_cudnn(windows_host)
    [install] = info.installs
    assert (install.version, install.major, install.version_source, install.header) == ("8", 8, "library-name", None)
    assert install.sources == ["PATH"] and install.on_path
    assert any("minor unknown" in e.detail for e in info.evidence)


def test_two_majors_in_one_folder_are_two_installs(windows_host: FakeHost):
    root = f"{CUDA_DIR}\\v10.1"
    cuda_toolkit(windows_host, root)
    windows_host.write(f"{root}\\bin\\cudnn64_7.dll", b"MZ")
    copy_cudnn_into(windows_host, root, "cudnn_version-8.1.1.h")
    windows_host.write(f"{root}\\include\\cudnn.h", fixture("cudnn-7.2.1.h"))
    info = probe_cudnn(windows_host)
    assert sorted((i.major, i.version) for i in info.installs) == [(7, "7.2.1"), (8, "8.1.1")]


def test_header_of_another_major_is_flagged_not_used(windows_host: FakeHost):
    cuda_toolkit(windows_host, V112)
    copy_cudnn_into(windows_host, V112, None)
    windows_host.write(f"{V112}\\include\\cudnn.h", fixture("cudnn-7.2.1.h"))  # left from an old cuDNN 7
    info = probe_cudnn(windows_host)
    [install] = info.installs
    assert (install.version, install.header, install.header_version) == ("8", None, "7.2.1")
    assert any("libraries here are cuDNN 8" in e.detail for e in info.evidence)


def test_unreadable_header_is_recorded_and_the_probe_goes_on(windows_host: FakeHost):
    cuda_toolkit(windows_host, V112)
    copy_cudnn_into(windows_host, V112, None)
    windows_host.mkdir(f"{V112}\\include\\cudnn_version.h")  # a folder where the file should be
    info = probe_cudnn(windows_host)
    assert info.status is Status.OK and info.installs[0].major == 8
    assert info.error and "cudnn_version.h" in info.error
    assert any("unreadable" in e.detail for e in info.evidence)


class DeniedHeaders(FileSystem):
    """A disk where reading any cuDNN header fails with EACCES, as chmod 000 does for non-root."""

    def read_bytes(self, path: str, limit: int = 4 * 1024 * 1024) -> bytes:
        if "cudnn" in path.lower() and path.lower().endswith(".h"):
            raise PermissionError(13, "Permission denied", path)
        return super().read_bytes(path, limit)


def test_permission_denied_header(windows_host: FakeHost):
    cuda_toolkit(windows_host, V112)
    copy_cudnn_into(windows_host, V112, "cudnn_version-8.1.1.h")
    windows_host.files = DeniedHeaders(windows_host.root, windows=True)
    info = probe_cudnn(windows_host)
    assert info.installs[0].version_source == "library-name"
    assert "Permission denied" in (info.error or "")


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads chmod 000 files")
def test_chmod_000_header_on_a_real_disk(linux_host: FakeHost):
    linux_host.write("/usr/lib/x86_64-linux-gnu/libcudnn.so.8", b"\x7fELF")
    linux_host.write("/usr/include/cudnn_version.h", fixture("cudnn_version-8.1.1.h"))
    linux_host.files.local("/usr/include/cudnn_version.h").chmod(0)
    info = probe_cudnn(linux_host)
    assert info.installs[0].major == 8 and "Permission denied" in (info.error or "")


# -- Linux ---------------------------------------------------------------------


def soname_chain(host: FakeHost, folder: str, names: list[str], full: str, dev_link: bool = True) -> None:
    """``libX.so -> libX.so.N -> libX.so.N.M.P``, the layout of both the .deb and the tarball."""
    major = full.split(".")[0]
    for name in names:
        host.write(f"{folder}/{name}.so.{full}", b"\x7fELF")
        host.symlink(f"{folder}/{name}.so.{major}", f"{folder}/{name}.so.{full}")
        if dev_link:
            host.symlink(f"{folder}/{name}.so", f"{folder}/{name}.so.{major}")


def linux_with_cudnn_8_and_9(host: FakeHost) -> None:
    """cuDNN 8 tarball in the CUDA 11.8 toolkit, cuDNN 9.6 from NVIDIA's apt repo."""
    target = "/usr/local/cuda-11.8/targets/x86_64-linux"
    host.write("/usr/local/cuda-11.8/bin/nvcc", b"\x7fELF", executable=True)
    soname_chain(host, f"{target}/lib", ["libcudnn", "libcudnn_ops_infer", "libcudnn_cnn_infer"], "8.2.1")
    host.write(f"{target}/include/cudnn_version.h", fixture("cudnn_version-8.2.1.h"))
    host.symlink("/usr/local/cuda-11.8/lib64", f"{target}/lib")
    host.symlink("/usr/local/cuda-11.8/include", f"{target}/include")
    host.symlink("/usr/local/cuda", "/usr/local/cuda-11.8")

    soname_chain(host, "/usr/lib/x86_64-linux-gnu", ["libcudnn", "libcudnn_ops", "libcudnn_cnn", "libcudnn_graph"], "9.6.0")
    host.symlink("/lib", "/usr/lib")  # merged /usr: ldconfig prints /lib/x86_64-linux-gnu
    host.write("/usr/include/x86_64-linux-gnu/cudnn_version_v9.h", fixture("cudnn_version-9.6.0.h"))
    host.symlink("/usr/include/cudnn_version.h", "/usr/include/x86_64-linux-gnu/cudnn_version_v9.h")
    ldconfig = fixture("ldconfig-cudnn-8-in-cuda.txt") + fixture("ldconfig-cudnn-9.6.0.txt")
    host.on("ldconfig", FakeCommand(stdout=ldconfig), args=["-p"])


def test_linux_cudnn_8_in_toolkit_and_9_from_apt(linux_host: FakeHost):
    linux_with_cudnn_8_and_9(linux_host)
    info = probe_cudnn(linux_host)
    assert info.status is Status.OK
    by_major = {i.major: i for i in info.installs}
    assert sorted(by_major) == [8, 9] and len(info.installs) == 2  # /lib and /usr/lib are one folder

    eight = by_major[8]
    assert eight.location == "/usr/local/cuda-11.8/targets/x86_64-linux/lib"
    assert (eight.version, eight.version_source, eight.version_code) == ("8.2.1", "header", 8201)
    assert eight.cuda_root == "/usr/local/cuda-11.8"
    assert eight.in_ld_cache and eight.sources[0] == "ldconfig"
    assert "/usr/local/cuda-11.8/targets/x86_64-linux/lib/libcudnn.so.8" in eight.libraries
    assert not any(lib.endswith(".so") or lib.endswith(".so.8.2.1") for lib in eight.libraries)

    nine = by_major[9]
    assert nine.location == "/usr/lib/x86_64-linux-gnu"
    assert (nine.version, nine.version_code) == ("9.6.0", 90600)
    assert nine.header in ("/usr/include/x86_64-linux-gnu/cudnn_version_v9.h", "/usr/include/cudnn_version.h")
    assert nine.cuda_root is None and nine.in_ld_cache
    assert "/lib/x86_64-linux-gnu" in nine.aliases
    assert not any(i.on_path for i in info.installs)  # no LD_LIBRARY_PATH set


def test_each_major_gets_its_own_header(linux_host: FakeHost):
    soname_chain(linux_host, "/usr/lib/x86_64-linux-gnu", ["libcudnn"], "8.9.7")
    soname_chain(linux_host, "/usr/lib/x86_64-linux-gnu", ["libcudnn"], "9.6.0", dev_link=False)
    linux_host.write("/usr/include/x86_64-linux-gnu/cudnn_version_v8.h", fixture("cudnn_version-8.9.7.grep.h"))
    linux_host.write("/usr/include/x86_64-linux-gnu/cudnn_version_v9.h", fixture("cudnn_version-9.6.0.h"))
    # The alternatives link picks v9, so a v8 install must not take it.
    linux_host.symlink("/usr/include/cudnn_version.h", "/usr/include/x86_64-linux-gnu/cudnn_version_v9.h")
    info = probe_cudnn(linux_host)
    found = {i.major: (i.version, i.header) for i in info.installs}
    assert found[8] == ("8.9.7", "/usr/include/x86_64-linux-gnu/cudnn_version_v8.h")
    assert found[9][0] == "9.6.0"


def test_library_file_name_gives_the_version_without_a_header(linux_host: FakeHost):
    soname_chain(linux_host, "/usr/lib/x86_64-linux-gnu", ["libcudnn"], "9.6.0")
    [install] = probe_cudnn(linux_host).installs
    assert (install.version, install.version_source, install.header) == ("9.6.0", "library-name", None)


def test_ld_library_path_install_and_missing_ldconfig(linux_host: FakeHost):
    soname_chain(linux_host, "/opt/cudnn/lib", ["libcudnn"], "8.1.1")
    linux_host.write("/opt/cudnn/include/cudnn_version.h", fixture("cudnn_version-8.1.1.h"))
    linux_host.env["LD_LIBRARY_PATH"] = "/opt/cudnn/lib"
    info = probe_cudnn(linux_host)  # no ldconfig answer: "not found"
    [install] = info.installs
    assert (install.location, install.version, install.sources) == ("/opt/cudnn/lib", "8.1.1", ["LD_LIBRARY_PATH"])
    assert (install.on_path, install.path_position, install.in_ld_cache) == (True, 0, False)
    assert any("ldconfig" in e.source and "not found" in e.source for e in info.evidence)


def test_header_without_library_is_header_only(linux_host: FakeHost):
    linux_host.write("/usr/include/cudnn.h", fixture("cudnn-7.2.1.h"))
    info = probe_cudnn(linux_host)
    assert info.status is Status.MISSING and info.reason == "cudnn-header-only"
    assert [(i.version, i.sources, i.libraries) for i in info.installs] == [("7.2.1", ["header-only"], [])]


def test_no_cudnn_on_linux(linux_host: FakeHost):
    linux_host.on("ldconfig", FakeCommand(stdout="\tlibc.so.6 (libc6,x86-64) => /lib/x86_64-linux-gnu/libc.so.6\n"))
    info = probe_cudnn(linux_host)
    assert info.status is Status.MISSING and info.reason == "no-cudnn" and info.installs == []
    assert "pip" in info.hint


def test_macos_is_unsupported(tmp_path: Path):
    info = probe_cudnn(FakeHost(tmp_path, system="Darwin", machine="arm64"))
    assert info.status is Status.UNSUPPORTED


# -- the header parser -----------------------------------------------------------


@pytest.mark.parametrize(
    "name, version, code",
    [
        ("cudnn-7.2.1.h", "7.2.1", 7201),
        ("cudnn_version-8.1.1.h", "8.1.1", 8101),
        ("cudnn_version-8.2.1.h", "8.2.1", 8201),
        ("cudnn_version-8.9.7.grep.h", "8.9.7", 8907),
        ("cudnn_version-9.6.0.h", "9.6.0", 90600),
    ],
)
def test_real_headers_parse(name: str, version: str, code: int):
    parsed = parse_cudnn_header(fixture(name).decode())
    assert parsed is not None and (parsed.text, parsed.code) == (version, code)


def test_version_numbers_decode_by_magnitude():
    # 7201: "Loaded runtime CuDNN library: 7201" (corpus 018); 90600: cudnnGetVersion() of cuDNN 9.6.0.
    assert decode_cudnn_version(7201) == (7, 2, 1)
    assert decode_cudnn_version(8101) == (8, 1, 1)
    assert decode_cudnn_version(90600) == (9, 6, 0)
    assert decode_cudnn_version(91000) == (9, 10, 0)


@given(st.text())
def test_header_parser_never_raises(text: str):
    parse_cudnn_header(text)  # any exception fails the test


@given(st.binary(max_size=2000))
def test_header_parser_never_raises_on_decoded_bytes(data: bytes):
    parse_cudnn_header(data.decode("utf-8", errors="replace"))


# cuDNN <= 8 encodes MAJOR*1000 (minor < 10), cuDNN >= 9 MAJOR*10000 (minor < 100).
old_versions = st.tuples(st.integers(1, 8), st.integers(0, 9), st.integers(0, 99))
new_versions = st.tuples(st.integers(9, 99), st.integers(0, 99), st.integers(0, 99))


@given(st.one_of(old_versions, new_versions), st.booleans())
def test_header_parser_decodes_both_encodings(version: tuple[int, int, int], with_defines: bool):
    major, minor, patch = version
    scale = 10000 if major >= 9 else 1000
    code = major * scale + minor * 100 + patch
    if with_defines:
        text = (f"#define CUDNN_MAJOR {major}\n#define CUDNN_MINOR   {minor}\n#define CUDNN_PATCHLEVEL\t{patch}\n"
                f"#define CUDNN_VERSION (CUDNN_MAJOR * {scale} + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)\n")
    else:
        text = f"/* old style */\n#define CUDNN_VERSION {code}\n"
    parsed = parse_cudnn_header(text)
    assert parsed is not None
    assert (parsed.major, parsed.minor, parsed.patch, parsed.code) == (major, minor, patch, code)


# -- this machine ----------------------------------------------------------------


def test_real_machine_reports_cudnn_truthfully():
    """Expect cuDNN exactly when cuDNN libraries are present where the probe looks."""
    patterns = ["/usr/lib/*-linux-gnu/libcudnn*.so*", "/usr/lib64/libcudnn*.so*", "/usr/lib/libcudnn*.so*",
                "/usr/local/cuda*/lib64/libcudnn*.so*", "/opt/cuda/lib64/libcudnn*.so*"]
    patterns += [f"{d}/libcudnn*.so*" for d in os.environ.get("LD_LIBRARY_PATH", "").split(":") if d]
    present = any(glob.glob(p) for p in patterns)
    try:
        cached = "libcudnn" in subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, timeout=10).stdout
    except OSError:
        cached = False
    info = probe_cudnn(RealHost())
    assert (info.status is Status.OK) == (present or cached)
    if not (present or cached):
        assert info.reason in ("no-cudnn", "cudnn-header-only")
        assert not any(i.libraries for i in info.installs)
