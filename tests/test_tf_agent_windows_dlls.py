"""The agent load-tests the DLLs TF's loader really opens on Windows (bug: a red cudart line on TF 2.5-2.10).

TF 2.5-2.10's build info says ``cudart64_112.dll`` (tensorflow 2.10.0 win_amd64 wheel's build_info.py), but
CUDA 11.x installs only ``cudart64_110.dll`` and TF's dso_loader asks for that one. The agent module is
imported by path, as it is run, and its Windows branch is taken with sys.platform patched.
"""

from __future__ import annotations

import importlib.util

import pytest

from tfgpu.core.host.agents import agent_source_dir

BUILD_210 = {"cuda_version": "64_112", "cudart_dll_name": "cudart64_112.dll", "cudnn_dll_name": "cudnn64_8.dll",
             "msvcp_dll_names": "msvcp140.dll,msvcp140_1.dll", "nvcuda_dll_name": "nvcuda.dll"}


@pytest.fixture
def agent(monkeypatch):
    spec = importlib.util.spec_from_file_location("tf_probe_agent", agent_source_dir() / "tf_probe.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module.sys, "platform", "win32")
    monkeypatch.delenv(module.CHECK_LIBS_ENV, raising=False)
    return module


def test_tf_210_is_checked_against_cudart64_110(agent):
    names = agent.libraries_to_check(BUILD_210)
    assert names[0] == "cudart64_110.dll" and "cudart64_112.dll" not in names
    assert names[1:] == ["cudnn64_8.dll", "nvcuda.dll", "msvcp140.dll", "msvcp140_1.dll"]


@pytest.mark.parametrize(("declared", "opened"), [
    ("cudart64_110.dll", "cudart64_110.dll"),   # TF 2.4 (CUDA 11.0)
    ("cudart64_112.dll", "cudart64_110.dll"),   # TF 2.5-2.10 (CUDA 11.2)
    ("cudart64_101.dll", "cudart64_101.dll"),   # TF 2.1-2.3: CUDA 10.x named a DLL per minor version
    ("cudart64_100.dll", "cudart64_100.dll"),   # TF 1.13-2.0
    ("cudart64_123.dll", "cudart64_12.dll"),    # a CUDA 12.3 build: the 12.x runtime DLL
    ("cudnn64_8.dll", "cudnn64_8.dll"),
])
def test_runtime_dll_name(agent, declared, opened):
    assert agent.runtime_dll_name(declared) == opened
