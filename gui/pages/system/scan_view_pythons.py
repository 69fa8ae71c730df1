"""The "Python environments" section: each interpreter and the TensorFlow inside it."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tfgpu.core.probes.base import Status
from tfgpu.core.probes.pythons import PythonEnv, PythonsInfo
from tfgpu.core.probes.tensorflow import TfInfo
from tfgpu.gui.icons import Tone
from tfgpu.gui.pages.system.scan_lines import (
    Line,
    _add_common,
    _problem_value,
    _status_line,
    _with_common,
    section_title,
)

translate = QCoreApplication.translate


def _cuda_build_text(tf: TfInfo) -> str:
    if tf.is_cuda_build is None:  # the agent could not tell: not the same as a CPU-only build
        return translate("ScanView", "unknown")
    if tf.is_cuda_build:
        return translate("ScanView", "yes: CUDA {cuda}, cuDNN {cudnn}").format(
            cuda=tf.cuda_build_version or "?", cudnn=tf.cudnn_build_version or "?"
        )
    return translate("ScanView", "no: this TensorFlow can only use the CPU")


def _add_tf_details(line: Line, tf: TfInfo) -> None:
    """What the agent found beyond the headline; newer TfInfo fields are read only when present."""
    for step, error in sorted((getattr(tf, "step_errors", None) or {}).items()):
        if step != "list_gpus":  # that one explains the unknown GPU count instead
            line.add(
                translate("ScanView", "Check “{step}” failed").format(step=step), error, tone=Tone.BAD, kind="error"
            )
    missing = getattr(tf, "missing_libraries", None) or []
    line.add(
        translate("ScanView", "Missing libraries"), ", ".join(missing), tone=Tone.BAD, kind="error"
    )
    checks = getattr(tf, "library_checks", None) or {}
    if checks:
        loaded = sum(1 for check in checks.values() if isinstance(check, dict) and check.get("loaded"))
        group = Line(
            translate("ScanView", "Libraries load-tested"),
            translate("ScanView", "{loaded} of {n} could be loaded").format(loaded=loaded, n=len(checks)),
            tone=Tone.GOOD if loaded == len(checks) else Tone.BAD,
            expanded=loaded != len(checks),
        )
        for name, check in sorted(checks.items()):
            check = check if isinstance(check, dict) else {}
            if check.get("loaded"):
                group.add(name, translate("ScanView", "loaded"), tone=Tone.GOOD)
            else:
                why = check.get("error") or translate("ScanView", "no reason given")
                group.add(name, translate("ScanView", "cannot be loaded: {why}").format(why=why), tone=Tone.BAD)
        line.children.append(group)
    duplicates = getattr(tf, "duplicate_distributions", None) or {}
    for name, versions in sorted(duplicates.items()):
        line.add(
            translate("ScanView", "Installed more than once"),
            translate("ScanView", "{name}: versions {versions}").format(
                name=name, versions=", ".join(str(v) for v in versions)
            ),
            tone=Tone.WARN,
            kind="note",
        )


def _tf_line(tf: TfInfo | None) -> Line:
    title = translate("ScanView", "TensorFlow")
    if tf is None:
        return Line(title, translate("ScanView", "not checked"), tone=Tone.NEUTRAL, kind="item")
    if not tf.installed and tf.status in (Status.OK, Status.MISSING):
        # Most of a newcomer's Pythons have no TensorFlow, and need none: grey, not amber.
        not_installed = Line(
            title,
            translate("ScanView", "not installed"),
            tone=Tone.NEUTRAL,
            kind="item",
            status_text=translate("ScanView", "Not installed"),
        )
        return _with_common(not_installed, tf)
    if tf.status is not Status.OK:
        line = _status_line(title, _problem_value(tf, translate("ScanView", "not installed")), tf, kind="item")
        line.add(translate("ScanView", "Import error"), tf.import_error, tone=Tone.BAD, kind="error")
        line.add(translate("ScanView", "Why no GPU"), tf.gpu_init_error, tone=Tone.BAD, kind="error")
        _add_tf_details(line, tf)
        return _with_common(line, tf)
    gpus = tf.gpu_count
    if gpus is None:  # TF could not list its GPUs: unknown, which is not "no GPU"
        seen = translate("ScanView", "GPUs seen: unknown")
        tone, status = Tone.WARN, translate("ScanView", "GPU unknown")
    else:
        seen = translate("ScanView", "GPUs seen: {n}").format(n=gpus)
        tone = Tone.GOOD if gpus else Tone.WARN
        status = translate("ScanView", "GPU ready") if gpus else translate("ScanView", "No GPU")
    line = Line(title, f"{tf.version or '?'} · {seen}", tone=tone, status_text=status, kind="item", expanded=True)
    if gpus is None:
        why = (getattr(tf, "step_errors", None) or {}).get("list_gpus") or translate(
            "ScanView", "TensorFlow did not list its GPUs and gave no reason"
        )
        line.add(translate("ScanView", "Why unknown"), why, tone=Tone.BAD, kind="error")
    line.add(translate("ScanView", "Built with CUDA"), _cuda_build_text(tf))
    for gpu in tf.gpus:
        line.add(translate("ScanView", "GPU seen"), gpu.name)
    line.add(translate("ScanView", "Why no GPU"), tf.gpu_init_error, tone=Tone.BAD, kind="error")
    line.add(translate("ScanView", "CUDA libraries loaded"), ", ".join(tf.loaded_libraries))
    nvidia = ", ".join(f"{k} {v}" for k, v in sorted(tf.distributions.items()) if k.startswith("nvidia"))
    line.add(translate("ScanView", "NVIDIA pip packages"), nvidia)
    _add_tf_details(line, tf)
    return _with_common(line, tf)



def _env_line(env: PythonEnv) -> Line:
    kind_and_version = " ".join(p for p in (env.version, f"({env.kind})" if env.kind else "") if p)
    label = translate("ScanView", "Python {details}").format(details=kind_and_version).strip()
    line = _status_line(label, env.executable, env, kind="item")
    if env.is_self:
        line.add(translate("ScanView", "Note"), translate("ScanView", "this is the Python running this app"))
    line.add(translate("ScanView", "Prefix"), env.prefix)
    line.add(translate("ScanView", "Bits"), env.bits)
    line.add(translate("ScanView", "Found through"), ", ".join(env.sources))
    line.children.append(_tf_line(env.tensorflow))
    _add_common(line, env)
    return line


def pythons_section(info: PythonsInfo) -> Line:
    with_tf = [e for e in info.envs if e.tensorflow is not None and e.tensorflow.installed]
    with_gpu = [e for e in with_tf if e.tensorflow and (e.tensorflow.gpu_count or 0) > 0]
    gpu_unknown = [
        e for e in with_tf if e.tensorflow and e.tensorflow.status is Status.OK and e.tensorflow.gpu_count is None
    ]
    if info.envs:
        summary = translate(
            "ScanView", "Pythons: {envs} · with TensorFlow: {tf} · TensorFlow sees a GPU: {gpu}"
        ).format(envs=len(info.envs), tf=len(with_tf), gpu=len(with_gpu))
    else:
        summary = _problem_value(info, translate("ScanView", "No Python found"))
    line = _status_line(section_title("pythons"), summary, info)
    if info.status is Status.OK:  # found Pythons: what matters at a glance is whether TF sees the GPU
        if with_gpu:
            line.tone, line.status_text = Tone.GOOD, translate("ScanView", "GPU ready")
        elif gpu_unknown:
            line.tone, line.status_text = Tone.WARN, translate("ScanView", "GPU unknown")
        elif with_tf:
            line.tone, line.status_text = Tone.WARN, translate("ScanView", "No GPU")
        else:
            line.tone, line.status_text = Tone.WARN, translate("ScanView", "No TensorFlow")
    if getattr(info, "store_stub_first", False):
        line.add(
            translate("ScanView", "Microsoft Store placeholder"),
            translate(
                "ScanView",
                "Typing “python” in a terminal opens the Microsoft Store instead of running a Python "
                "({path}).",
            ).format(path=getattr(info, "store_stub", None) or "python.exe"),
            tone=Tone.WARN,
            kind="note",
        )
    line.children.extend(_env_line(env) for env in info.envs)
    _add_common(line, info)
    return line

