"""``python -m tfgpu.core.kb.update``: the rows a wheel proves. Its parts on a wheel written here (a zip with the
METADATA, build_info.py and a library with a fat binary, as a real wheel lays them out), pip's resolver against the
real PyPI (slow), and --apply into a copy of the KB."""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from test_tf_agent_binaries import elf_with, fatbin

from tfgpu.core.kb import update, wheels

RC_METADATA = """Metadata-Version: 2.1
Name: tensorflow
Version: 2.22.0rc0
Requires-Python: >=3.10
Requires-Dist: numpy>=1.26.0
Requires-Dist: nvidia-cuda-runtime-cu12<13.0,>=12.5.82; extra == "and-cuda"
Requires-Dist: nvidia-cudnn-cu12<10.0,>=9.10.2.21; extra == "and-cuda"
Requires-Dist: tensorflow-io-gcs-filesystem>=0.23.1; (sys_platform != "win32" and python_version < "3.13") and extra == "gcs-filesystem"

"""
BUILD_INFO = ("import collections\n\nbuild_info = collections.OrderedDict([('is_cuda_build', True), "
              "('is_rocm_build', False), ('is_tensorrt_build', False)])\n")


def _wheel(tmp_path: Path) -> Path:
    path = tmp_path / "tensorflow-2.22.0rc0-cp312-cp312-manylinux_2_27_x86_64.whl"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("tensorflow-2.22.0rc0.dist-info/METADATA", RC_METADATA)
        archive.writestr("tensorflow/python/platform/build_info.py", BUILD_INFO)
        archive.writestr("tensorflow/libtensorflow_framework.so.2",
                         elf_with(".nv_fatbin", fatbin([(2, 60), (2, 70), (2, 80), (2, 89), (2, 90), (1, 90)])))
        archive.writestr("tensorflow/include/not_a_library.h", "")
    return path


def test_read_wheel_gives_metadata_build_info_and_the_binaries_archs(tmp_path):
    wheel = wheels.read_wheel(_wheel(tmp_path), "tensorflow")
    assert wheel.build_info == {"is_cuda_build": True, "is_rocm_build": False, "is_tensorrt_build": False}
    assert wheel.metadata["Requires-Python"] == [">=3.10"]
    assert wheel.arch["value"] == ["sm_60", "sm_70", "sm_80", "sm_89", "compute_90"]
    assert wheel.files == ["libtensorflow_framework.so.2"] and wheel.per_file["libtensorflow_framework.so.2"][-1] == "sm_90"
    assert "tensorflow-2.22.0rc0-cp312" in wheel.arch["source"]


def test_the_and_cuda_extra_and_the_pre_turing_pin_decision(tmp_path):
    metadata = wheels.read_wheel(_wheel(tmp_path), None).metadata
    pins = update._and_cuda(metadata)
    assert [r.name for r in pins] == ["nvidia-cuda-runtime-cu12", "nvidia-cudnn-cu12"]  # not numpy, not gcs
    assert update._floor(pins[0]) == "12.5.82"
    assert update._pre_turing_pin(pins[1], "w")["pin"] == "nvidia-cudnn-cu12<9.11"
    assert update._pre_turing_pin(Requirement("nvidia-cudnn-cu12==8.9.4.25"), "w")["pin"] is None
    assert update._pre_turing_pin(Requirement("nvidia-cudnn-cu12==9.3.0.75"), "w")["pin"] is None


def test_apply_keeps_the_file_newest_first_and_mirrors_the_arch_list(tmp_path, monkeypatch):
    kb = tmp_path / "kb"
    shutil.copytree(update.KB_FOLDER, kb)
    monkeypatch.setattr(update, "KB_FOLDER", kb)
    row = json.loads((kb / "tf_builds.json").read_text(encoding="utf-8"))["rows"][0] | {"version": "2.23.0rc1"}
    update.apply_tensorflow(row)
    rows = json.loads((kb / "tf_builds.json").read_text(encoding="utf-8"))["rows"]
    assert [r["version"] for r in rows[:3]] == ["2.23.0rc1", "2.22.0rc0", "2.21.0"]
    lists = json.loads((kb / "gpus.json").read_text(encoding="utf-8"))["tf_build_arch_lists"]
    assert lists[0]["tf_version"] == "2.23.0rc1"


def test_bad_wheel_argument_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        update.main(["--wheel", "torch==2.0"])
    assert exit_.value.code == 2 and "tensorflow==X" in capsys.readouterr().err


@pytest.mark.slow
def test_pips_resolver_names_the_wheel_without_downloading_it():
    assert wheels.wheel_file_for("tensorflow==2.22.0rc0", "linux", "3.12") == \
        "tensorflow-2.22.0rc0-cp312-cp312-manylinux_2_27_x86_64.whl"
    assert wheels.wheel_file_for("tensorflow==2.21.0", "linux", "3.9") is None  # 2.21 dropped Python 3.9
