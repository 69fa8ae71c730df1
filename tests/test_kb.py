"""The compatibility knowledge base: schema of resources/kb/*.json and the accessors in core/kb/__init__.py.

Expected values come from shared/reference/compat-facts.md (the KB's own source)."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from packaging.specifiers import SpecifierSet
from packaging.version import Version

from tfgpu.core import kb
from tfgpu.core.kb.common import STATUSES
from tfgpu.core.kb.loader import load_kb
from tfgpu.core.versions import arch_entry, compute_capability

DATA_FILES = ("tf_builds", "cuda_driver", "cudnn_cuda", "libraries", "gpus")
KB_DIR = resources.files("tfgpu.resources").joinpath("kb")


def records(doc: dict):
    """Every fact record in a KB file: the objects in top-level lists, and top-level objects with a source."""
    for key, value in doc.items():
        if isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, dict):
                    yield f"{key}[{index}]", item
        elif isinstance(value, dict) and "source" in value:
            yield key, value


# --- schema ---------------------------------------------------------------------------------------

def test_meta_lists_existing_files_of_one_kb_version():
    meta = load_kb("meta")
    on_disk = {p.name for p in KB_DIR.iterdir() if p.name.endswith(".json")}
    assert set(meta["files"]) <= on_disk
    assert {f"{name}.json" for name in DATA_FILES} <= set(meta["files"])
    for name in meta["files"]:
        doc = json.loads(KB_DIR.joinpath(name).read_text(encoding="utf-8"))
        assert doc["kb_version"] == meta["kb_version"], name


@pytest.mark.parametrize("name", DATA_FILES)
def test_every_record_has_a_source_and_a_status(name):
    doc = load_kb(name)
    assert doc["about"].strip()
    found = list(records(doc))
    assert found
    for where, record in found:
        assert isinstance(record.get("source"), str) and record["source"].strip(), f"{name} {where}: no source"
        assert record.get("status") in STATUSES, f"{name} {where}: status {record.get('status')!r}"
        assert isinstance(record.get("notes", []), list), f"{name} {where}: notes must be a list"


def test_cudnn_windows_rows_keep_their_sources():
    # Older file (read by core/probes/cudnn.py); it predates the three-status scheme.
    for row in load_kb("cudnn_windows")["rows"]:
        assert row["sources"] and all(s.strip() for s in row["sources"])
        assert row["status"] in (*STATUSES, "corroborated")
        SpecifierSet(row["cudnn_versions"])


def test_tf_builds_one_row_per_minor_with_readable_versions():
    rows = [r for r in load_kb("tf_builds")["rows"] if not r.get("prerelease")]  # + 2.22.0rc0 (issue 25)
    minors = [Version(r["version"]).release[:2] for r in rows]
    assert len(minors) == len(set(minors))
    assert min(minors) == (1, 13) and max(minors) == (2, 21)
    for row in rows:
        for key in ("linux_cuda", "linux_cudnn", "windows_cuda", "windows_cudnn", "linux_glibc_min", "min_cc"):
            if row.get(key) is not None:
                Version(row[key])
        for pythons in [*row["wheel_pythons"].values(), row["python_tested"] or []]:
            [Version(p) for p in pythons]
        assert row["windows_gpu"] == (row["windows_cuda"] is not None) == (Version(row["version"]) < Version("2.11"))
        assert row["and_cuda"] == (Version(row["version"]) >= Version("2.14"))


def test_tf_builds_arch_lists_agree_with_min_cc_and_gpus_json():
    rows = {r["version"]: r for r in load_kb("tf_builds")["rows"]}
    for row in rows.values():
        arch = row["arch_list_linux"] or row["arch_list_windows"]
        assert all(arch_entry(a) for a in arch or [])
        if arch:
            low = min(arch_entry(a)[1] for a in arch)
            assert row["min_cc"] == f"{low[0]}.{low[1]}"
        else:
            assert row["min_cc"] is None
    for listed in load_kb("gpus")["tf_build_arch_lists"]:
        assert rows[listed["tf_version"]][f"arch_list_{listed['platform']}"] == listed["arch_list"]


def test_cuda_driver_rows_do_not_contradict():
    rows = load_kb("cuda_driver")["toolkit_rows"]
    keys = [(r["cuda"], r["release"]) for r in rows]
    assert len(keys) == len(set(keys))
    for os_key in ("linux_min", "windows_min"):
        ga = sorted((Version(r["cuda"]), Version(r[os_key])) for r in rows if r["release"].startswith("GA") and r[os_key])
        assert [m for _, m in ga] == sorted(m for _, m in ga), f"{os_key}: a newer CUDA needs an older driver"
        for row in rows:  # an update never needs less than its GA
            gas = [r for r in rows if r["cuda"] == row["cuda"] and r["release"] == "GA" and r[os_key]]
            if gas and row[os_key] and row["release"] != "RC":
                assert Version(row[os_key]) >= Version(gas[0][os_key]), (row["label"], os_key)
    majors = [r["cuda_major"] for r in load_kb("cuda_driver")["minor_version_compat"]]
    assert len(majors) == len(set(majors))


def test_cudnn_rows_have_disjoint_ranges_and_readable_cuda():
    rows = load_kb("cudnn_cuda")["rows"]
    spans = sorted((Version(r["cudnn_first"]), Version(r["cudnn_last"])) for r in rows)
    for first, last in spans:
        assert first <= last
    for (_, last), (first, _) in zip(spans, spans[1:]):
        assert last < first, "two cuDNN rows cover the same release"
    for row in rows:
        for entry in row["cuda"]:
            [Version(part) for part in entry.split("-")]


def test_gpu_rows_are_unique_and_every_name_and_alias_finds_its_row():
    rows = load_kb("gpus")["rows"]
    names = [r["name"] for r in rows]
    assert len(names) == len(set(names))
    patterns = [p for r in rows for p in r["match"]]
    assert len(patterns) == len(set(patterns))
    for row in rows:
        assert compute_capability(row["cc"]), row["name"]
        assert set(row["field_status"]) <= {"cc", "fp32", "fp16", "bw"}
        assert row["status"] == min(row["field_status"].values(), key=["unconfirmed", "secondary", "derived", "confirmed"].index)
        for value in ("fp32_tflops", "fp16_tflops", "mem_bw_gb_s"):
            assert row[value] is None or row[value] > 0
        for name in [row["name"], *row["aliases"]]:
            assert kb.gpu_spec(name).name == row["name"], name


def test_library_stacks_agree_with_tf_builds():
    stacks = load_kb("libraries")["stacks"]
    for os_name in ("windows", "linux"):
        specs = [SpecifierSet(s["tf_versions"]) for s in stacks if s["os"] == os_name and s["tf_versions"]]
        for build in kb.tf_builds():
            hits = [s for s in specs if Version(build.version) in s]
            gpu = build.windows_gpu if os_name == "windows" else True
            assert len(hits) == (1 if gpu else 0), (os_name, build.version)
            files = kb.expected_libraries(build.version, os_name)
            if not gpu:
                continue
            cuda = build.windows_cuda if os_name == "windows" else build.linux_cuda
            cudnn = build.windows_cudnn if os_name == "windows" else build.linux_cudnn
            assert kb.library_info(files["cudnn"]).cudnn == cudnn.split(".")[0], build.version
            cudart = kb.library_info(files["cudart"]).cuda
            assert cuda.startswith(cudart), (build.version, cuda, cudart)


def test_every_listed_library_file_parses_to_its_component():
    for stack in load_kb("libraries")["stacks"]:
        for component, name in stack["files"].items():
            info = kb.library_info(name)
            assert info is not None and info.known and info.os == stack["os"], name
            assert info.component == ("msvc" if component.startswith("msvcp") else component), name
            if info.cuda:
                assert info.cuda.split(".")[0] == stack["cuda"].split(".")[0], name
        for names in stack.get("extra_files", {}).values():
            assert all(kb.library_info(n).component == "cudnn" for n in names)


# --- accessors ------------------------------------------------------------------------------------

def test_tf_build_matches_major_minor():
    build = kb.tf_build("2.10.0")
    assert build.windows_gpu is True and build.windows_cuda == "11.2" and build.windows_cudnn == "8.1"
    assert kb.tf_build("2.10.1") == build
    assert kb.tf_build("2.11").windows_gpu is False
    assert kb.tf_build("2.11").linux_cuda == "11.2"
    newest = kb.tf_build("2.21.0")
    assert newest.python_tested == ("3.10", "3.13")
    assert (newest.linux_cuda, newest.linux_cudnn) == ("12.5", "9.3")
    assert newest.arch_list == ("sm_60", "sm_70", "sm_80", "sm_89", "compute_90")
    assert newest.and_cuda and not kb.tf_build("2.13").and_cuda
    assert kb.tf_build("1.15.0").gpu_package == "tensorflow-gpu"
    assert kb.tf_build("2.0.0").gpu_package == "tensorflow-gpu"
    assert kb.tf_build("2.1.0").gpu_package == "tensorflow"
    assert kb.tf_build("1.13.2").version == "1.13.1"
    assert kb.tf_build("2.4.0").windows_cuda == "11.0"
    assert kb.tf_build("2.10.0").arch_list[0] == "sm_35"  # Linux wheel not inspected: Windows list
    assert kb.tf_build("2.9.0").arch_list == ()
    for odd in ("", "abc", "64_112", "2.99", "1.12.0"):
        assert kb.tf_build(odd) is None


def test_tf_builds_newest_first():
    versions = [Version(b.version) for b in kb.tf_builds()]
    assert versions == sorted(versions, reverse=True) and len(versions) == 25


def test_latest_tf():
    assert kb.latest_tf("linux", "3.13").version == "2.21.0"
    assert kb.latest_tf("linux", "3.9").version == "2.20.0"
    assert kb.latest_tf("linux", "3.12.4").version == "2.21.0"
    assert kb.latest_tf("windows", "3.10", gpu=True).version.startswith("2.10")
    assert kb.latest_tf("windows", "3.11", gpu=True) is None  # native Windows GPU ends at 2.10 (Python <= 3.10)
    assert kb.latest_tf("windows", "3.11", gpu=False).version == "2.21.0"
    assert kb.latest_tf("windows").version == "2.10.0"
    assert kb.latest_tf("wsl", "3.12").version == "2.21.0"
    assert kb.latest_tf("linux", "3.14") is None
    assert kb.latest_tf("linux", "3.7").version == "2.11.0"
    assert kb.latest_tf("macos") is None


def test_python_has_wheel():
    assert kb.python_has_wheel("2.21.0", "3.14", "linux") is False
    assert kb.python_has_wheel("2.21.0", "3.13", "linux") is True
    assert kb.python_has_wheel("2.21.0", "3.9", "linux") is False
    assert kb.python_has_wheel("2.16.1", "3.12", "windows") is True
    assert kb.python_has_wheel("2.1.0", "2.7", "linux") is None  # not queried
    assert kb.python_has_wheel("2.21.0", "3.15", "linux") is None  # outside the query
    assert kb.python_has_wheel("2.30.0", "3.12", "linux") is None
    assert kb.python_has_wheel("2.21.0", "3.12", "darwin") is None


def test_cc_support_and_min_cc():
    assert kb.cc_support("2.21.0", "3.0") == "unsupported"
    assert kb.cc_support("2.21.0", "8.6") == "native"
    assert kb.cc_support("2.21.0", "7.5") == "native"  # runs the sm_70 cubins
    assert kb.cc_support("2.21.0", "9.0") == "ptx-jit"
    assert kb.cc_support("2.21.0", "12.0") == "unsupported"  # arch_rules blackwell-no-pypi-tf wins over PTX JIT
    assert kb.cc_support("2.16.1", "8.9") == "native"
    assert kb.cc_support("2.15.0", "8.6") == "ptx-jit"
    assert kb.cc_support("2.17.0", "5.2") == "unsupported"
    assert kb.cc_support("2.16.1", "5.2") == "native"
    assert kb.cc_support("2.9.0", "8.6") == "unknown"
    assert kb.cc_support("2.21.0", "fast") == "unknown"
    assert kb.min_cc("2.21.0") == "6.0"
    assert kb.min_cc("2.14.0") == "3.5"
    assert kb.min_cc("2.16") == "5.0"
    assert kb.min_cc("2.9.0") is None


def test_last_tf_for_cc():
    assert kb.last_tf_for_cc("3.5") == "2.14.0"
    assert kb.last_tf_for_cc("3.7") == "2.14.0"
    assert kb.last_tf_for_cc("5.0") == "2.16.1"
    assert kb.last_tf_for_cc("6.1") == "2.21.0"
    assert kb.last_tf_for_cc("3.0") is None
    assert kb.last_tf_for_cc("3.5", "windows") == "2.10.0"
    assert kb.last_tf_for_cc("8.6", "windows") == "2.10.0"
    assert kb.last_tf_for_cc("") is None


def test_driver_minimums():
    assert kb.min_driver("10.0", "windows") == "411.31"
    assert kb.min_driver("10.0", "linux") == "410.48"
    assert kb.min_driver("11.2", "windows") == "460.82"
    assert kb.min_driver("11.2.2", "linux") == "460.27.03"  # the GA row of that major.minor
    assert kb.min_driver("12.5", "linux") == "555.42.02"
    assert kb.min_driver("11.0", "linux") == "450.51.05"  # 11.0.2 GA, not the RC
    assert kb.min_driver("13.0", "linux") == "580.65.06"
    assert kb.min_driver("13.0", "windows") == "580"  # no bundled Windows driver: the R580 branch
    assert kb.min_driver("13.2", "linux") == "595.45.04"  # 13.2 GA toolkit driver (CUDA 13.2 U2 release notes, Table 3)
    assert kb.min_driver("13.4", "linux") == "615"  # no bundled driver from 13.4: the R615 branch
    assert kb.min_driver("12.5", "wsl") == "555.85"  # WSL runs the Windows driver
    assert kb.min_driver("12", "linux") is None
    assert kb.min_driver("8.0", "linux") is None
    assert kb.min_driver_any_minor("12", "linux") == "525.60.13"
    assert kb.min_driver_any_minor("11", "windows") == "452.39"
    assert kb.min_driver_any_minor("11.x", "linux") == "450.80.02"
    assert kb.min_driver_any_minor("13", "linux") == "580"
    assert kb.min_driver_any_minor("10", "linux") is None  # no minor-version compatibility in 10.x
    assert kb.min_driver_any_minor("x", "linux") is None


def test_max_cuda_for_driver():
    assert kb.max_cuda_for_driver("537.13", "windows") == "12.2"
    assert kb.max_cuda_for_driver("470.82.01", "linux") == "11.4"
    assert kb.max_cuda_for_driver("411.31", "windows") == "10.0"
    assert kb.max_cuda_for_driver("590.44.01", "linux") == "13.1"
    assert kb.max_cuda_for_driver("581.57", "windows") == "13.0"
    assert kb.max_cuda_for_driver("300.0", "linux") is None
    assert kb.max_cuda_for_driver("n/a", "linux") is None


def test_cudnn_supports_cuda():
    assert kb.cudnn_supports_cuda("8.1.0", "11.2") is True
    assert kb.cudnn_supports_cuda("8.1.0.77", "11.2") is True
    assert kb.cudnn_supports_cuda("7.6.5", "10.1") is True
    assert kb.cudnn_supports_cuda("7.6.5", "11.0") is False
    assert kb.cudnn_supports_cuda("8.6.0", "11.8") is True
    assert kb.cudnn_supports_cuda("9.17.0", "11.8") is False
    assert kb.cudnn_supports_cuda("9.3.0.75", "12.5") is True  # the pair TF 2.18 pins
    assert kb.cudnn_supports_cuda("8.1", "10.1") is None  # partial list
    assert kb.cudnn_supports_cuda("8.3.2", "11.5") is None  # release not in the table
    assert kb.cudnn_supports_cuda("64_8", "11.2") is None


def test_library_info_by_rule():
    def info(name):
        i = kb.library_info(name)
        return (i.component, i.os, i.cuda, i.cudnn)

    assert info("cudart64_101.dll") == ("cudart", "windows", "10.1", None)
    assert info("cudart64_110.dll") == ("cudart", "windows", "11", None)
    assert info("cudart64_100.dll") == ("cudart", "windows", "10.0", None)
    assert info("cudart64_12.dll") == ("cudart", "windows", "12", None)
    assert info("cublas64_10.dll") == ("cublas", "windows", "10", None)
    assert info("cublas64_11.dll") == ("cublas", "windows", "11", None)
    assert info("cublasLt64_11.dll") == ("cublasLt", "windows", "11", None)
    assert info("cudnn64_8.dll") == ("cudnn", "windows", None, "8")
    assert info("cudnn64_7.dll") == ("cudnn", "windows", None, "7")
    assert info("cudnn_cnn_infer64_8.dll") == ("cudnn", "windows", None, "8")
    assert info("libcudart.so.10.0") == ("cudart", "linux", "10.0", None)
    assert info("libcudart.so.10.1") == ("cudart", "linux", "10.1", None)
    assert info("libcudart.so.11.0") == ("cudart", "linux", "11", None)
    assert info("libcudart.so.12") == ("cudart", "linux", "12", None)
    assert info("libcudnn.so.7") == ("cudnn", "linux", None, "7")
    assert info("libcudnn.so.9") == ("cudnn", "linux", None, "9")
    assert info("libcupti.so.11.2") == ("cupti", "linux", "11.2", None)
    assert info("libcuda.so.1") == ("driver", "linux", None, None)
    assert info("nvcuda.dll") == ("driver", "windows", None, None)
    assert info("zlibwapi.dll") == ("zlibwapi", "windows", None, None)
    assert info("msvcp140_1.dll") == ("msvc", "windows", None, None)
    assert info("msvcp140.dll") == ("msvc", "windows", None, None)
    assert info("cusolver64_10.dll")[2] is None  # cuSOLVER 10 shipped with CUDA 10.1 and 11.0
    assert info("cusolver64_100.dll")[2] == "10.0"
    assert info("cusparse64_11.dll")[2] == "11"
    assert info("libcusolver.so.10")[0] == "cusolver"
    assert info("C:\\CUDA\\v11.2\\bin\\cudart64_110.dll")[:3] == ("cudart", "windows", "11")
    assert kb.library_info("cudart64_110.dll").known is True
    assert kb.library_info("cudart64_92.dll").known is False
    for not_cuda in ("", "kernel32.dll", "libc.so.6", "python311.dll", "cudart64_.dll", "readme.txt"):
        assert kb.library_info(not_cuda) is None, not_cuda


def test_expected_libraries():
    win = kb.expected_libraries("2.10.0", "windows")
    assert win["cudart"] == "cudart64_110.dll" and win["cudnn"] == "cudnn64_8.dll"
    assert win["cusolver"] == "cusolver64_11.dll" and win["msvcp140_1"] == "msvcp140_1.dll"
    assert kb.expected_libraries("2.4.0", "windows")["cusolver"] == "cusolver64_10.dll"
    assert kb.expected_libraries("2.3.1", "windows")["cudart"] == "cudart64_101.dll"
    assert kb.expected_libraries("1.15.0", "windows")["cudart"] == "cudart64_100.dll"
    assert kb.expected_libraries("2.11.0", "windows") == {}
    assert kb.expected_libraries("2.18.0", "linux")["cudnn"] == "libcudnn.so.9"
    assert kb.expected_libraries("2.16.1", "wsl")["cudnn"] == "libcudnn.so.8"
    assert kb.expected_libraries("2.21.0rc1", "linux")["cudart"] == "libcudart.so.12"
    assert kb.expected_libraries("2.30.0", "linux") == {}
    assert kb.expected_libraries("garbage", "linux") == {}


def test_gpu_spec_names_as_drivers_print_them():
    def spec(name):
        s = kb.gpu_spec(name)
        return (s.name, s.cc) if s else None

    assert spec("NVIDIA GeForce RTX 3060") == ("GeForce RTX 3060", "8.6")
    assert spec("NVIDIA GeForce RTX 3060 Ti") == ("GeForce RTX 3060 Ti", "8.6")
    assert kb.gpu_spec("NVIDIA GeForce RTX 3060 Ti").fp32_tflops == 16.2
    assert kb.gpu_spec("NVIDIA GeForce RTX 3060").fp32_tflops == 12.7
    assert spec("GeForce GTX 1080 Ti") == ("GeForce GTX 1080 Ti", "6.1")
    assert spec("GeForce GTX 1080") == ("GeForce GTX 1080", "6.1")
    assert spec("Tesla T4") == ("Tesla T4", "7.5")
    assert spec("NVIDIA A100-SXM4-80GB") == ("A100 80GB SXM", "8.0")
    assert kb.gpu_spec("NVIDIA A100-SXM4-80GB").mem_bw_gb_s == 2039
    assert kb.gpu_spec("NVIDIA A100-PCIE-40GB").mem_bw_gb_s == 1555
    assert spec("NVIDIA A100-SXM4-40GB") == ("A100", "8.0")  # board not in the reference: CC only
    assert spec("NVIDIA H100 80GB HBM3") == ("H100 SXM", "9.0")
    assert spec("NVIDIA H100 PCIe") == ("H100 PCIe", "9.0")
    assert spec("NVIDIA RTX A4000") == ("RTX A4000", "8.6")
    assert spec("Quadro K2000M") is None  # CC 3.0 Kepler: not in the reference
    assert spec("Quadro RTX 4000") == ("Quadro RTX 4000", "7.5")
    assert spec("NVIDIA RTX 4000 SFF Ada Generation") == ("RTX 4000 Ada Generation", "8.9")
    assert spec("NVIDIA GeForce RTX 4070 Ti SUPER") == ("GeForce RTX 4070 Ti Super", "8.9")
    assert spec("NVIDIA GeForce RTX 4070 SUPER") == ("GeForce RTX 4070 Super", "8.9")
    assert spec("NVIDIA GeForce GTX 1060 3GB") == ("GeForce GTX 1060", "6.1")
    assert spec("NVIDIA TITAN X (Pascal)") == ("NVIDIA TITAN X (Pascal)", "6.1")
    assert spec("GeForce GTX TITAN X") == ("GeForce GTX TITAN X", "5.2")
    assert spec("NVIDIA RTX 5060 Ti") == ("GeForce RTX 5060 Ti", "12.0")
    assert spec("Tesla K40m") == ("Tesla K40", "3.5")
    assert spec("Quadro P1000") == ("Quadro P400-P6000 (Pascal)", "6.1")
    assert spec("NVIDIA A10G") == ("A10G", "8.6")
    assert spec("NVIDIA A10") == ("A10", "8.6")
    assert spec("NVIDIA L40S") == ("L40S", "8.9")
    assert spec("NVIDIA GB200") == ("GB200", "10.0")
    for unknown in ("GeForce 940MX", "nVidia GeForce GT 710", "Intel(R) UHD Graphics", "", "RTX"):
        assert kb.gpu_spec(unknown) is None, unknown


def test_gpu_spec_values_and_laptops():
    t4 = kb.gpu_spec("Tesla T4")
    assert (t4.fp32_tflops, t4.fp16_tflops, t4.mem_bw_gb_s, t4.bf16_tflops) == (8.1, 65, 320, None)
    assert t4.status == "secondary" and t4.sources  # issue 25: its peaks come from third-party copies
    assert kb.gpu_spec("NVIDIA GeForce RTX 3060").status == "derived"  # cores x clock x 2, data rate x bus / 8
    assert kb.gpu_spec("GeForce GTX 1080 Ti").fp16_tflops is None  # no tensor cores
    k80 = kb.gpu_spec("Tesla K80")
    assert (k80.fp32_tflops, k80.mem_bw_gb_s, k80.status) == (4.37, 240, "derived")  # per device
    laptop = kb.gpu_spec("NVIDIA GeForce RTX 3060 Laptop GPU")
    assert laptop.cc == "8.6" and laptop.fp32_tflops is None and laptop.status == "derived"


def test_kb_meta_is_a_copy():
    meta = kb.kb_meta()
    assert meta["kb_version"] == "2026.11.28" and "gpus.json" in meta["files"]
    meta["files"].clear()
    assert kb.kb_meta()["files"]


# --- robustness -----------------------------------------------------------------------------------

_ODD = st.one_of(st.text(max_size=30), st.from_regex(r"\d{1,3}(\.\d{1,3}){0,3}[a-z_]{0,3}", fullmatch=True))


@settings(max_examples=150, deadline=None)
@given(a=_ODD, b=_ODD)
def test_accessors_never_raise(a, b):
    kb.tf_build(a)
    kb.latest_tf(a, b)
    kb.python_has_wheel(a, b, "linux")
    assert kb.cc_support(a, b) in ("native", "ptx-jit", "unsupported", "unknown")
    kb.min_cc(a)
    kb.last_tf_for_cc(a, b)
    kb.min_driver(a, b)
    kb.min_driver(a, "linux")
    kb.min_driver_any_minor(a, "windows")
    kb.max_cuda_for_driver(a, "linux")
    kb.cudnn_supports_cuda(a, b)
    kb.library_info(a)
    kb.library_info(f"lib{a}.so.{b}")
    kb.library_info(f"{a}64_{b}.dll")
    kb.expected_libraries(a, "windows")
    kb.gpu_spec(a)
