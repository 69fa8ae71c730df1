"""The knowledge base's answers about one GPU or one TensorFlow release, as plain data
(``tfgpu kb gpu`` / ``tfgpu kb tf``). Every value comes with its source and status; nothing is guessed.

Import these through ``tfgpu.core.kb.query``.
"""

from __future__ import annotations

import copy

from tfgpu.core import versions
from tfgpu.core.kb.gpus import ArchOption, ArchRule, GpuSpec, gpu_spec_or_inferred
from tfgpu.core.kb.loader import load_kb
from tfgpu.core.kb.tf import TfBuild, arch_rules_for, gpu_support, patch_release, tf_build, tf_builds

#: What "runs" means, per verdict, in the words ``tfgpu kb`` prints.
VERDICT_WORDS = {"native": "natively", "ptx-jit": "by PTX JIT", "unsupported": "not at all", "unknown": "unknown"}


def option_dict(option: ArchOption) -> dict:
    return {"id": option.id, "text": option.text, "argv": list(option.argv) or None, "url": option.url,
            "source": option.source, "status": option.status, "notes": list(option.notes)}


def rule_dict(rule: ArchRule) -> dict:
    return {"id": rule.id, "verdict": rule.verdict, "holds_when": _holds_when(rule), "platforms": list(rule.platforms),
            "text": rule.text, "source": rule.source, "status": rule.status, "notes": list(rule.notes),
            "options": [option_dict(option) for option in rule.options]}


def _spec_dict(spec: GpuSpec) -> dict:
    sources = {name: {"source": source, "status": status} for name, source, status in spec.field_sources}
    return {"name": spec.name, "arch": spec.arch, "cc": spec.cc, "platform": spec.platform,
            "inferred": spec.inferred, "pci_id": spec.pci_id,
            "peaks": {"fp32_tflops": spec.fp32_tflops, "fp16_tensor_tflops": spec.fp16_tflops,
                      "bf16_tflops": spec.bf16_tflops, "mem_bw_gb_s": spec.mem_bw_gb_s},
            "status": spec.status, "sources": sources, "notes": list(spec.notes)}


def _on_windows(build: TfBuild, spec: GpuSpec) -> dict:
    if not build.windows_gpu:
        return {"verdict": "unsupported", "words": VERDICT_WORDS["unsupported"], "arch": None, "rule": None,
                "reason": "no native-Windows GPU build after TensorFlow 2.10 (use WSL2, which runs the Linux wheel)"}
    return _verdict(build, spec, "windows")


def _verdict(build: TfBuild, spec: GpuSpec, host_os: str) -> dict:
    support = gpu_support(build.version, spec.cc, gpu_platform=spec.platform, host_os=host_os)
    return {"verdict": support.verdict, "words": VERDICT_WORDS[support.verdict], "arch": support.arch,
            "rule": support.rule.id if support.rule else None, "reason": support.reason}


def gpu_report(name: str) -> dict | None:
    """A GPU's compute capability and peaks, the rules that hold for it, and for every TF release in the KB
    whether it runs natively, by PTX JIT or not at all on Linux/WSL2 and on native Windows, with the reason.
    None when no GPU row matches the name."""
    spec = gpu_spec_or_inferred(name)
    if spec is None:
        return None
    releases: list[dict] = [{"tf": build.version, "linux": _verdict(build, spec, "linux"),
                             "windows": _on_windows(build, spec), "status": build.status,
                             "prerelease": build.prerelease} for build in tf_builds(prereleases=True)]
    runs = [r["tf"] for r in releases if r["linux"]["verdict"] in ("native", "ptx-jit") and not r["prerelease"]]
    rules = arch_rules_for(spec.cc, None, gpu_platform=spec.platform)
    return {"query": name, "gpu": _spec_dict(spec), "rules": [rule_dict(rule) for rule in rules],
            "newest_tf_that_runs": runs[0] if runs else None, "any_tf_runs": bool(runs), "tf": releases}


def _pythons(build: TfBuild, patch: dict | None) -> dict:
    wheels = dict(patch.get("wheel_pythons") or {}) if patch else {}
    out = {platform: list(wheels.get(platform) or build.wheel_pythons.get(platform, ())) for platform in ("linux", "windows")}
    out.update({platform: list(values) for platform, values in build.cpu_only_wheels.items()})
    return out


def tf_report(version: str) -> dict | None:
    """One TF release: Pythons with wheels per platform, CUDA/cuDNN, the arch list, the [and-cuda] pins,
    with the row's sources. None when the KB has no row for that major.minor."""
    build = tf_build(version)
    if build is None:
        return None
    row: dict = next((r for r in load_kb("tf_builds")["rows"] if r["version"] == build.version), {})
    patch = patch_release(version) if versions.parse(version) != versions.parse(build.version) else None
    pin = row.get("and_cuda_pre_turing_pin") or {}
    return {
        "query": version, "row": build.version, "patch_release": patch, "prerelease": build.prerelease,
        "same_build_as_row": patch.get("same_build_as_row") if patch else None,
        "differences": list(patch.get("differences") or ()) if patch else [],
        "known_patch_releases": list(build.patch_releases),
        "python": _pythons(build, patch),
        "python_tested": list(build.python_tested) if build.python_tested else None,
        "linux": {"gpu": build.linux_cuda is not None, "cuda": build.linux_cuda, "cudnn": build.linux_cudnn,
                  "glibc_min": row.get("linux_glibc_min"), "build_info": copy.deepcopy(row.get("build_info_linux"))},
        "windows": {"gpu": build.windows_gpu, "cuda": build.windows_cuda, "cudnn": build.windows_cudnn,
                    "note": row.get("windows_gpu_note"), "wheel": copy.deepcopy(row.get("windows_wheel"))},
        "gpu_package": build.gpu_package,
        "arch_list": list(build.arch_list), "min_cc": row.get("min_cc"),
        "and_cuda": {"available": build.and_cuda,
                     "requires": list((patch or {}).get("and_cuda_requires") or build.and_cuda_requires),
                     "key_pins": copy.deepcopy(row.get("and_cuda_key_pins")),
                     "pre_turing_pin": {"cc_below": pin.get("cc_below"), "pin": pin.get("pin"), "why": pin.get("why"),
                                        "source": pin.get("source"), "status": pin.get("status")} if pin else None},
        "sources": copy.deepcopy(row.get("sources") or {"row": build.source}), "status": build.status,
        "notes": list(row.get("notes") or ()),
    }


def _holds_when(rule: ArchRule) -> dict:
    """The evidence a rule is decided by, for JSON output."""
    fields = {"arch_major_from": rule.arch_major_from, "cuda_below": rule.cuda_below, "gpu_wheel": rule.gpu_wheel}
    return {key: value for key, value in fields.items() if value is not None}


def known_tf_versions() -> list[str]:
    return [build.version for build in tf_builds(prereleases=True)]
