"""Findings, diagnoses and explanations as translated words and Markdown.

Pure functions (no widgets): the cards in :mod:`tfgpu.gui.widgets.findings` and the
"Copy report" Markdown use the same words, so they can never disagree.
Commands, URLs and evidence are never translated: they are what the user types or
what a tool printed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from tfgpu.core.diagnosis.model import Diagnosis, EnvVerdict, Recommendation
from tfgpu.core.diagnosis.present import Labels, env_state, finding_sections, present, to_markdown
from tfgpu.core.explain.model import Explanation
from tfgpu.core.findings.model import Finding, FixStep, Severity, Shell
from tfgpu.core.i18n import TrText
from tfgpu.gui.icons import Tone
from tfgpu.gui.tr_text import tr_text

if TYPE_CHECKING:
    from tfgpu.core.diagnosis.verdict import Verdict

translate = QCoreApplication.translate

SEVERITY_TONE = {
    Severity.ERROR: Tone.BAD,
    Severity.WARNING: Tone.WARN,
    Severity.INFO: Tone.INFO,
    Severity.OK: Tone.GOOD,
}

_FENCE_LANGUAGE = {Shell.POWERSHELL: "powershell", Shell.CMD: "bat", Shell.BASH: "bash"}


# -- words ------------------------------------------------------------------------


def severity_label(severity: Severity) -> str:
    return {
        Severity.ERROR: translate("FindingsText", "Problem"),
        Severity.WARNING: translate("FindingsText", "Warning"),
        Severity.INFO: translate("FindingsText", "Note"),
        Severity.OK: translate("FindingsText", "OK"),
    }.get(severity, str(severity))


def shell_label(shell: Shell | None) -> str:
    """Where a command is typed, e.g. "Run in PowerShell:"."""
    if shell is Shell.POWERSHELL:
        return translate("FindingsText", "Run in PowerShell:")
    if shell is Shell.CMD:
        return translate("FindingsText", "Run in Command Prompt (cmd):")
    if shell is Shell.BASH:
        return translate("FindingsText", "Run in a terminal (bash):")
    return translate("FindingsText", "Run:")


def step_markers(steps: Iterable[FixStep]) -> list[str]:
    """"1.", "2.", ... for steps; "Or:" for an alternative route (numbering goes on after it)."""
    markers: list[str] = []
    number = 0
    for step in steps:
        if step.alternative:
            markers.append(translate("FindingsText", "Or:"))
        else:
            number += 1
            markers.append(f"{number}.")
    return markers


def kind_label(kind: str) -> str:
    """The kind of pasted text (``Explanation.kind``) in plain words."""
    return {
        "tf-log": translate("FindingsText", "TensorFlow log"),
        "traceback": translate("FindingsText", "Python error (traceback)"),
        "nvidia-smi": translate("FindingsText", "nvidia-smi output"),
        "nvidia-smi-xml": translate("FindingsText", "nvidia-smi -q -x output (XML)"),
        "nvcc": translate("FindingsText", "nvcc --version output"),
        "cudnn-header": translate("FindingsText", "cuDNN version header"),
        "build-info": translate("FindingsText", "TensorFlow build information"),
        "pip-error": translate("FindingsText", "pip error"),
        "unknown": translate("FindingsText", "unknown kind of text"),
    }.get(kind, kind)


def _fact_labels() -> dict[str, str]:
    return {
        "build_archs": translate("FactLabel", "GPU generations TensorFlow was built for"),
        "build_dlls": translate("FactLabel", "Libraries TensorFlow was built to load"),
        "cc": translate("FactLabel", "Compute capability"),
        "compute_capabilities": translate("FactLabel", "Compute capabilities"),
        "cuda_compiled": translate("FactLabel", "CUDA TensorFlow was built with"),
        "cuda_driver": translate("FactLabel", "Highest CUDA the driver supports"),
        "cuda_loaded": translate("FactLabel", "CUDA libraries TensorFlow opened"),
        "cuda_installed": translate("FactLabel", "CUDA installed"),
        "cuda_visible_devices": translate("FactLabel", "CUDA_VISIBLE_DEVICES"),
        "cuda_wanted": translate("FactLabel", "CUDA TensorFlow looks for"),
        "cudnn_compiled": translate("FactLabel", "cuDNN TensorFlow was built with"),
        "cudnn_installed": translate("FactLabel", "cuDNN installed"),
        "cudnn_max_cc": translate("FactLabel", "Newest GPU generation this cuDNN knows"),
        "cudnn_runtime": translate("FactLabel", "cuDNN that was loaded"),
        "cudnn_version_code": translate("FactLabel", "cuDNN version number"),
        "cudnn_wanted": translate("FactLabel", "cuDNN TensorFlow looks for"),
        "driver_version": translate("FactLabel", "NVIDIA driver version"),
        "found_cc": translate("FactLabel", "Compute capability found"),
        "gpu_memory_mb": translate("FactLabel", "GPU memory (MB)"),
        "gpu_names": translate("FactLabel", "GPU names"),
        "gpus": translate("FactLabel", "GPUs"),
        "gpus_listed": translate("FactLabel", "GPUs TensorFlow listed"),
        "is_cuda_build": translate("FactLabel", "Built with CUDA"),
        "ld_library_path": translate("FactLabel", "LD_LIBRARY_PATH"),
        "libdevice_searched": translate("FactLabel", "Folders searched for libdevice"),
        "library_dirs": translate("FactLabel", "Library folders"),
        "loaded_libraries": translate("FactLabel", "Libraries loaded"),
        "missing_libraries": translate("FactLabel", "Libraries not found"),
        "nvcc_version": translate("FactLabel", "nvcc version"),
        "oom": translate("FactLabel", "Out of GPU memory"),
        "oom_allocation_bytes": translate("FactLabel", "Size that did not fit (bytes)"),
        "os": translate("FactLabel", "Operating system"),
        "os_name": translate("FactLabel", "Operating system name"),
        "pip_versions": translate("FactLabel", "Versions pip offered"),
        "python_bits": translate("FactLabel", "Python bits"),
        "python_guess": translate("FactLabel", "Python (guessed)"),
        "python_version": translate("FactLabel", "Python version"),
        "required_cc": translate("FactLabel", "Compute capability needed"),
        "smi_error": translate("FactLabel", "nvidia-smi error"),
        "smi_gpu_count": translate("FactLabel", "GPUs nvidia-smi lists"),
        "target_cc": translate("FactLabel", "Compute capability built for"),
        "tf_packages": translate("FactLabel", "TensorFlow packages"),
        "tf_requested": translate("FactLabel", "TensorFlow asked for"),
        "tf_version": translate("FactLabel", "TensorFlow version"),
        "tf_version_conflict": translate("FactLabel", "TensorFlow version: template and log disagree"),
        "tf_version_stated": translate("FactLabel", "TensorFlow version the template states"),
        "adapters": translate("FactLabel", "Graphics adapters"),
        "container_cuda": translate("FactLabel", "CUDA of the container image"),
        "cpu_model": translate("FactLabel", "Processor"),
        "gpu_field": translate("FactLabel", "GPU named in the text"),
        "installed_from": translate("FactLabel", "Installed from"),
        "no_nvidia_card": translate("FactLabel", "No NVIDIA graphics card"),
        "scan_python": translate("FactLabel", "Python of this computer's scan"),
        "tf_requested_version": translate("FactLabel", "TensorFlow version asked for"),
        "wheel_platform": translate("FactLabel", "Wheel platform"),
        "wheel_python": translate("FactLabel", "Wheel Python"),
    }


# Facts that are about the reading itself, never shown as a row.
HIDDEN_FACTS = frozenset({"from_scan", "scan_not_used"})


def fact_label(key: str) -> str:
    """A fact's key in plain, translated words ("tf_version" -> "TensorFlow version"); a key
    without words of its own is spelled out ("new_key" -> "new key")."""
    return _fact_labels().get(key) or key.replace("_", " ").replace("-", " ").strip()


def fact_value(value: Any) -> str:
    if value is None:
        return translate("FindingsText", "unknown")
    if isinstance(value, bool):
        return translate("FindingsText", "yes") if value else translate("FindingsText", "no")
    if isinstance(value, (list, tuple, set, frozenset)):
        return ", ".join(fact_value(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, default=str, sort_keys=True)
    return str(value)


def env_heading(env: EnvVerdict) -> str:
    return f"{env.label} — {env.python}" if env.python and env.python not in env.label else env.label


def env_summary(env: EnvVerdict) -> str:
    tf = (
        translate("FindingsText", "TensorFlow {version}").format(version=env.tf_version)
        if env.tf_version
        else translate("FindingsText", "TensorFlow not found")
    )
    state = env_state(env.gpu_ready, env.gpu_count)  # the same three states as doctor and the report
    if state == "ready":
        ready = translate("FindingsText", "GPU ready: yes, GPUs seen: {n}").format(n=env.gpu_count or 1)
    elif state == "listed":  # listed, but the knowledge base says its kernels cannot run there
        ready = translate("FindingsText", "GPU ready: no (TensorFlow lists the GPU but cannot run its kernels here)")
    else:
        ready = translate("FindingsText", "GPU ready: no")
    return f"{tf} · {ready}"


def verdict_headline(diagnosis: Diagnosis) -> str:
    if diagnosis.gpu_ready:
        return translate("FindingsText", "TensorFlow can use your GPU")
    return translate("FindingsText", "TensorFlow cannot use your GPU yet")


def kb_text(diagnosis: Diagnosis) -> str:
    return translate("FindingsText", "Knowledge base {version} ({date})").format(
        version=diagnosis.kb_version or "?", date=diagnosis.kb_date or "?"
    )


# -- Markdown -------------------------------------------------------------------------


def steps_markdown(steps: list[FixStep]) -> list[str]:
    out: list[str] = []
    for marker, step in zip(step_markers(steps), steps):
        out.append(f"{marker} {tr_text(step.text)}")
        if step.command:
            out.append(f"   {shell_label(step.shell)}")
            out.append(f"   ```{_FENCE_LANGUAGE.get(step.shell, '') if step.shell else ''}")
            out.extend(f"   {line}" for line in step.command.splitlines() or [""])
            out.append("   ```")
        if step.url:
            out.append(f"   <{step.url}>")
    return out


def finding_markdown(finding: Finding, level: int = 3, primary: bool = False) -> list[str]:
    first = translate("FindingsText", " (fix this first)") if primary else ""
    out = [f"{'#' * level} [{severity_label(finding.severity)}] {tr_text(finding.title)}{first}", ""]
    detail = tr_text(finding.detail)
    if detail:
        out += [detail, ""]
    if finding.evidence:
        out.append(translate("FindingsText", "Evidence:"))
        out += [f"- `{evidence}`" for evidence in finding.evidence]
        out.append("")
    if finding.fix:
        out.append(translate("FindingsText", "How to fix:"))
        out += steps_markdown(finding.fix)
        out.append("")
    out.append(translate("FindingsText", "Finding id: `{id}`").format(id=finding.id))
    out.append("")
    return out


def recommendation_markdown(rec: Recommendation) -> list[str]:
    out = ["## " + translate("FindingsText", "Recommendation: {title}").format(title=tr_text(rec.title)), ""]
    detail = tr_text(rec.detail)
    if detail:
        out += [detail, ""]
    if rec.steps:
        out += steps_markdown(rec.steps)
        out.append("")
    return out


def core_words(words: TrText | str | None) -> str:
    """Core's words in the UI language; a finding's title or a reason inside them translated too."""
    if not isinstance(words, TrText) or not {"title", "why"} & set(words.args):
        return tr_text(words)
    args = {k: translate("core", v) if k in ("title", "why") else v for k, v in words.args.items()}
    try:
        return translate("core", words.template).format(**args)
    except (KeyError, IndexError, ValueError):
        return str(words)


def gui_labels() -> Labels:
    """The presentation writers' fixed words, translated."""
    return Labels(do_this_next=translate("FindingsText", "Do this next"),
                  option=translate("FindingsText", "Or: {title}"), done="\u2713",
                  shell=lambda shell: shell_label(Shell(shell) if shell else None))


def checklist_markdown(verdict: Verdict) -> list[str]:
    """The verdict's checklist as :mod:`tfgpu.core.diagnosis.present` writes it for every presenter."""
    return to_markdown(present(verdict), core_words, gui_labels())


def diagnosis_markdown(diagnosis: Diagnosis, verdict: Verdict | None = None) -> str:
    out = ["# " + translate("FindingsText", "TensorFlow GPU diagnosis"), ""]
    out.append(f"**{verdict_headline(diagnosis)}**: {tr_text(diagnosis.primary.title)}")
    out += ["", kb_text(diagnosis), ""]
    if verdict is not None:
        out += checklist_markdown(verdict)
    for section in finding_sections(diagnosis):
        if section.env is None:
            out += ["## " + translate("FindingsText", "This computer"), ""]
        else:
            out += [f"## {env_heading(section.env)}", "", env_summary(section.env), ""]
        for finding in section.findings:
            out += finding_markdown(finding, primary=finding is section.first)
    if diagnosis.recommendation is not None:
        out += recommendation_markdown(diagnosis.recommendation)
    return "\n".join(out).rstrip() + "\n"


def explanation_markdown(explanation: Explanation) -> str:
    out = ["# " + translate("FindingsText", "What the pasted text says"), ""]
    out += [translate("FindingsText", "Kind of text: {kind}").format(kind=kind_label(explanation.kind)), ""]
    if not explanation.findings:
        out += [translate("FindingsText", "Nothing in this text matches a problem we know."), ""]
    primary = primary_finding(explanation)
    for finding in explanation.findings:
        out += finding_markdown(finding, primary=finding is primary)
    if explanation.facts:
        out += [translate("FindingsText", "Facts read from the text:"), ""]
        out += [f"- {fact_label(key)}: {fact_value(value)}" for key, value in explanation.facts.items()]
    return "\n".join(out).rstrip() + "\n"


# -- selection helpers (no words) --------------------------------------------------------


def primary_finding(explanation: Explanation) -> Finding | None:
    """The finding whose id is ``explanation.primary`` (the first such), else the first finding."""
    if not explanation.findings:
        return None
    if explanation.primary:
        for finding in explanation.findings:
            if finding.id == explanation.primary:
                return finding
    return explanation.findings[0]
