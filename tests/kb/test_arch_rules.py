"""Per-architecture rules win over the general support rule: Blackwell (and Arm hosts) get "no PyPI
TensorFlow runs here" with the sourced options, in the KB, the doctor, explain and the recommendation,
and never "install tensorflow[and-cuda]"."""

from __future__ import annotations

import pytest

from conftest import CORPUS_REAL
from fakes import fake_scan as fs
from tfgpu.core import kb
from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.diagnosis.recommend import recommend_route, route_input_for
from tfgpu.core.explain.engine import explain_text
from tfgpu.core.findings import fixes
from tfgpu.core.findings.fixes import FixContext, fix_steps
from tfgpu.core.kb.tf import _by_arch_list

BLACKWELL = [  # (name as nvidia-smi prints it, compute capability)
    ("NVIDIA GeForce RTX 5080", "12.0"),
    ("NVIDIA GeForce RTX 5090", "12.0"),
    ("NVIDIA B200", "10.0"),
    ("NVIDIA RTX PRO 6000 Blackwell Workstation Edition", "12.0"),
    ("NVIDIA GB10", "12.1"),
]
RELEASES = [build.version for build in kb.tf_builds()]


@pytest.mark.parametrize("name, cc", BLACKWELL)
def test_the_kb_knows_each_blackwell_gpu_and_no_release_runs_it(name, cc):
    spec = kb.gpu_spec(name)
    assert spec is not None and spec.cc == cc
    for version in RELEASES:
        support = kb.gpu_support(version, cc, gpu_platform=spec.platform)
        assert support.verdict == "unsupported" and support.rule is not None, version
        assert support.rule.id == "blackwell-no-pypi-tf"
        assert kb.cc_support(version, cc) == "unsupported"
    assert kb.last_tf_for_cc(cc, "linux") is None and kb.last_tf_for_cc(cc, "windows") is None


def test_the_rule_wins_where_the_general_rule_alone_says_jit():
    build = kb.tf_build("2.21.0")
    assert _by_arch_list(build.arch_list, (12, 0)).verdict == "ptx-jit"  # compute_90 PTX <= 12.0
    assert kb.gpu_support("2.21.0", "12.0").verdict == "unsupported"
    assert kb.gpu_support("2.21.0", "9.0").verdict == "ptx-jit"  # Hopper: no rule, the support rule holds
    assert kb.gpu_support("2.21.0", "8.9").verdict == "native"


def test_the_rule_is_decided_by_the_builds_arch_list_never_a_version_range():
    """Issue 25: the Blackwell rule holds for a build whose arch list lacks sm_100+/compute_100+, whatever its
    version; a build that has them (an installed one read from its binaries) is judged by the support rule."""
    rule = kb.arch_rules()[0]
    assert rule.id == "blackwell-no-pypi-tf" and rule.arch_major_from == 10
    assert rule.holds_for(("sm_60", "sm_70", "sm_80", "sm_89", "compute_90")) is True
    assert rule.holds_for(("sm_80", "sm_90", "sm_100", "compute_120")) is False
    assert rule.holds_for((), cuda="12.2") is True and rule.holds_for((), cuda="12.8") is None
    future = ["sm_80", "sm_90", "sm_120", "compute_120"]  # a build made for Blackwell, release unknown to the KB
    assert kb.gpu_support("2.99.0", "12.0", arch_list=future).verdict == "native"
    assert kb.gpu_support("2.99.0", "12.0").verdict == "unknown"  # not in the KB, nothing read: unknown
    assert kb.gpu_support("2.21.0", "12.0", arch_list=future).verdict == "native"  # the installed build decides


def test_a_final_release_is_not_judged_by_its_pre_release_row():
    assert kb.tf_build("2.22.0") is None or not kb.tf_build("2.22.0").prerelease
    assert kb.gpu_support("2.22.0", "8.6").verdict == "unknown"


def test_arm_hosts_get_no_pypi_gpu_whatever_the_compute_capability():
    gh200 = kb.gpu_spec("NVIDIA GH200 480GB")
    assert gh200.platform == "linux-aarch64" and gh200.cc == "9.0"
    assert kb.gpu_support("2.21.0", "9.0", gpu_platform="linux-aarch64").rule.id == "aarch64-no-pypi-gpu"
    assert kb.last_tf_for_cc("9.0", gpu_platform="linux-aarch64") is None
    assert kb.last_tf_for_cc("9.0") == "2.21.0"  # the same chip on an x86 host
    thor = kb.gpu_spec("NVIDIA Jetson AGX Thor")
    assert thor.platform == "linux-aarch64" and thor.cc == "11.0"


def _blackwell_scan(os_kind: str, *, build_archs: list[str] | None = None):
    python = fs.WIN_PY if os_kind == "windows" else fs.LINUX_PY
    tf = fs.tf_ok(python, "2.20.0", gpus=1)
    if build_archs is not None:
        tf.build_info = {"cuda_compute_capabilities": build_archs}
    return fs.scan(os=fs.os_info(os_kind), drv=fs.driver("581.29", "13.0", [("NVIDIA GeForce RTX 5080", "12.0")]),
                   envs=[fs.env(python, tf=tf)])


def _commands(steps) -> str:
    return "\n".join(s.command or "" for s in steps)


@pytest.mark.parametrize("os_kind", ["linux", "wsl"])
def test_the_doctor_does_not_call_a_listed_blackwell_gpu_ready(os_kind):
    d = diagnose(_blackwell_scan(os_kind))
    assert not d.gpu_ready
    env = d.envs[0]
    assert env.primary.id == "compute-capability-unsupported" and env.primary.facts["rule"] == "blackwell-no-pypi-tf"
    assert "No TensorFlow release on PyPI runs on NVIDIA GeForce RTX 5080" in str(env.primary.detail)
    assert "nvcr.io/nvidia/tensorflow" in _commands(env.primary.fix) and "[and-cuda]" not in _commands(env.primary.fix)
    rec = d.recommendation
    assert rec.route == "no-pypi-gpu-build" and rec.gpu_supported is False
    assert "[and-cuda]" not in _commands(rec.steps) and "pip install tensorflow" in _commands(rec.steps)
    assert any("blackwell-no-pypi-tf" in str(note) for note in rec.notes)


def test_a_build_with_kernels_for_the_gpu_is_not_what_the_rule_speaks_about():
    """NVIDIA's container or a source build lists sm_120 in its build info: listed means ready there."""
    d = diagnose(_blackwell_scan("linux", build_archs=["sm_80", "sm_90", "sm_100", "sm_120", "compute_120"]))
    assert d.gpu_ready and d.envs[0].primary.id == "gpu-ok"


@pytest.mark.parametrize("os_name", ["linux", "wsl", "windows"])
@pytest.mark.parametrize("name, cc", BLACKWELL)
def test_the_recommendation_for_blackwell_is_the_truth_on_every_os(os_name, name, cc):
    rec = recommend_route(route_input_for(name, os_name, "3.12"))
    assert rec.route == "no-pypi-gpu-build" and rec.gpu_supported is False and rec.tf_version is None
    assert str(rec.title) == "No TensorFlow release on PyPI runs on this GPU today"
    assert "[and-cuda]" not in _commands(rec.steps)
    assert [s.alternative for s in rec.steps] == [False] + [True] * (len(rec.steps) - 1)
    assert all(s.url or s.command for s in rec.steps)


@pytest.mark.parametrize("os_name", ["linux", "wsl", "windows"])
def test_no_fix_step_for_a_blackwell_gpu_installs_and_cuda(os_name):
    ctx = FixContext(os=os_name, tf_version="2.20.0", compute_capability="12.0", gpu_name="NVIDIA GeForce RTX 5090",
                     python_exe="/home/user/venv/bin/python")
    for finding_id in fixes._BUILDERS:
        assert "[and-cuda]" not in _commands(fix_steps(finding_id, ctx)), finding_id
    steps = fix_steps("cpu-only-build", ctx)
    assert "nvcr.io/nvidia/tensorflow" in _commands(steps)
    # the same ids on a GPU the builds do support still install [and-cuda]
    ampere = FixContext(os="linux", tf_version="2.20.0", compute_capability="8.6", gpu_name="NVIDIA GeForce RTX 3060")
    assert "tensorflow[and-cuda]" in _commands(fix_steps("cpu-only-build", ampere))


def test_explain_says_what_the_doctor_says_about_a_blackwell_log():
    text = (CORPUS_REAL / "321-wsl2-docker-rtx5080-tf-nightly-cc120" / "input.txt").read_text(encoding="utf-8")
    explanation = explain_text(text)
    finding = explanation.findings[0]
    assert explanation.primary == "compute-capability-unsupported" and finding.facts["rule"] == "blackwell-no-pypi-tf"
    doctor = diagnose(_blackwell_scan("wsl")).envs[0].primary
    assert finding.detail == doctor.detail  # the same words, template and values
    assert _commands(finding.fix).replace("python3", "PY") == _commands(doctor.fix).replace(fs.LINUX_PY, "PY")


def test_a_jit_notice_on_blackwell_is_an_error_not_a_slow_start():
    log = ("W0000 gpu_device.cc:2447] TensorFlow was not built with CUDA kernel binaries compatible with compute "
           "capability 12.0. CUDA kernels will be jit-compiled from PTX, which could take 30 minutes or longer.\n"
           "tensorflow 2.20.0")
    explanation = explain_text(log)
    assert explanation.primary == "compute-capability-unsupported"
    assert explanation.findings[0].severity.value == "error" and explanation.findings[0].facts["rule"] == "blackwell-no-pypi-tf"
    hopper = explain_text(log.replace("12.0", "9.0"))
    assert hopper.findings[0].severity.value == "warning"  # the general rule: slow first start, it runs


def test_with_the_222rc0_row_read_from_its_wheel_no_pypi_release_runs_blackwell(capsys):
    """Issue 25's 'done when': the KB records 2.22.0rc0 from its own wheel (kb.update), and the RTX 5090 still
    gets 'no PyPI release runs on it' and never [and-cuda]."""
    import json

    from tfgpu.core.cli import main

    rc = kb.tf_build("2.22.0rc0")
    assert rc is not None and rc.prerelease and rc.arch_list == ("sm_60", "sm_70", "sm_80", "sm_89", "compute_90")
    assert kb.gpu_support("2.22.0rc0", "12.0").verdict == "unsupported"
    assert kb.gpu_support("2.22.0-rc0", "8.6").verdict == "native"  # tf.__version__'s spelling finds the row
    assert kb.latest_tf("linux").version == "2.21.0"  # a pre-release is never the recommendation
    assert main(["kb", "gpu", "RTX 5090", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["any_tf_runs"] is False and doc["newest_tf_that_runs"] is None
    assert next(r for r in doc["tf"] if r["tf"] == "2.22.0rc0")["linux"]["verdict"] == "unsupported"
    for os_name in ("linux", "wsl", "windows"):
        for python in (None, "3.12", "3.14"):
            args = ["kb", "recommend", "--gpu", "RTX 5090", "--os", os_name, "--json"] + (["--python", python] if python else [])
            assert main(args) == 0
            rec = json.loads(capsys.readouterr().out)
            assert rec["route"] == "no-pypi-gpu-build" and rec["gpu_supported"] is False
            assert not any("and-cuda" in (s["command"] or "") for s in rec["steps"]), (os_name, python)


@pytest.mark.parametrize("archs, flagged", [
    (["sm_60", "sm_70", "sm_80", "sm_89", "compute_90"], True),  # what the 2.22.0rc0 binaries carry
    (["sm_80", "sm_90", "sm_120", "compute_120"], False),  # a build made for Blackwell
])
def test_an_installed_release_the_kb_does_not_know_is_judged_from_its_binaries(archs, flagged):
    """TF 2.23 is not in the KB and its build info has three keys: the arch list the agent read from its
    binaries decides, not a version range."""
    tf = fs.tf_ok(fs.LINUX_PY, "2.23.0", gpus=1)
    tf.arch_list = archs
    tf.fact_sources["arch_list"] = "fat binaries in libtensorflow_framework.so.2"
    scan = fs.scan(os=fs.os_info("linux"), drv=fs.driver("581.29", "13.0", [("NVIDIA GeForce RTX 5080", "12.0")]),
                   envs=[fs.env(fs.LINUX_PY, tf=tf)])
    primary = diagnose(scan).envs[0].primary
    assert (primary.id == "compute-capability-unsupported") == flagged
    if flagged:
        assert primary.facts["rule"] == "blackwell-no-pypi-tf"
