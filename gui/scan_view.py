"""A Scan as translated lines: one tree that both the page and "Copy as text" render.

Pure functions of a :class:`~tfgpu.core.scan.Scan` (no widgets), so the text
and the tree can never disagree, and both are testable without a window.
Placeholders in translated strings are ``{name}`` (``str.format``). Counts are written
as "GPUs: {n}", not "%n GPU(s)": pyside6-lupdate only sees plurals in ``self.tr``.
Core's hints are English ``QT_TRANSLATE_NOOP("core", ...)`` texts: :func:`hint_text` translates them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication

from tfgpu.core.i18n import CONTEXT as CORE_CONTEXT
from tfgpu.core.probes.base import ProbeResult, Status
from tfgpu.core.probes.cuda import CudaInfo
from tfgpu.core.probes.cudnn import CudnnInfo
from tfgpu.core.probes.driver import DriverInfo, GpuInfo
from tfgpu.core.probes.os_info import OsInfo
from tfgpu.core.probes.pythons import PythonEnv, PythonsInfo
from tfgpu.core.probes.tensorflow import TfInfo
from tfgpu.core.scan import Scan
from tfgpu.gui.icons import TONE_OF_STATUS, Tone

translate = QCoreApplication.translate


@dataclass
class Line:
    """One row: ``label`` (what), ``value`` (the fact), an optional status tone, children."""

    label: str
    value: str = ""
    tone: Tone | None = None
    status_text: str = ""
    kind: str = "fact"  # section / item / fact / hint / error / evidence
    expanded: bool = False
    children: list[Line] = field(default_factory=list)

    def add(self, label: str, value: object, **kwargs: object) -> Line | None:
        """Add a fact unless its value is empty (unknown facts are left out, not shown as blank)."""
        if value is None or value == "" or value == []:
            return None
        line = Line(label, str(value), **kwargs)  # type: ignore[arg-type]
        self.children.append(line)
        return line


# -- words ---------------------------------------------------------------------


def status_text(status: Status) -> str:
    return {
        Status.OK: translate("ScanView", "OK"),
        Status.MISSING: translate("ScanView", "Not found"),
        Status.ERROR: translate("ScanView", "Problem"),
        Status.UNSUPPORTED: translate("ScanView", "Not supported"),
    }.get(status, str(status))


def hint_text(result: ProbeResult) -> str | None:
    """The result's hint in the UI language (English where there is no translation).

    A formatted hint is rebuilt from its translated template; the template is only trusted
    while it still produces ``hint`` (a later plain assignment of ``hint`` wins).
    """
    if not result.hint:
        return result.hint
    template, args = result.hint_template, result.hint_args
    if template and template.format(**args) == result.hint:
        try:
            return translate(CORE_CONTEXT, template).format(**args)
        except (KeyError, IndexError, ValueError):  # a broken placeholder in a translation
            return result.hint
    return translate(CORE_CONTEXT, result.hint)


def _first_sentence(text: str) -> str:
    """Up to the first ". " (English) or "。" (Chinese), without the full stop."""
    return re.split(r"\. |。", text, maxsplit=1)[0].strip().rstrip(".。")


def yes_no(value: bool | None) -> str:
    if value is None:
        return translate("ScanView", "unknown")
    return translate("ScanView", "yes") if value else translate("ScanView", "no")


#: The scan steps that have a section of their own, in the page's order.
SECTION_STEPS = ("os", "driver", "cuda", "cudnn", "pythons")


def section_title(step: str) -> str:
    return {
        "os": translate("ScanView", "Operating system"),
        "driver": translate("ScanView", "NVIDIA driver and GPUs"),
        "cuda": translate("ScanView", "CUDA toolkits"),
        "cudnn": translate("ScanView", "cuDNN"),
        "pythons": translate("ScanView", "Python and TensorFlow"),
    }[step]


def step_text(step: str, fallback: str = "") -> str:
    """A ScanProgress step id in plain words."""
    if step.startswith("tf:"):
        return translate("ScanView", "TensorFlow in {python}").format(python=step[3:])
    if step == "pythons":
        return translate("ScanView", "Python environments")
    return section_title(step) if step in SECTION_STEPS else (fallback or step)


def _status_line(label: str, value: str, result: ProbeResult, kind: str = "section") -> Line:
    return Line(
        label,
        value,
        tone=TONE_OF_STATUS.get(result.status, Tone.NEUTRAL),
        status_text=status_text(result.status),
        kind=kind,
        expanded=True,
    )


def _problem_value(result: ProbeResult, missing: str) -> str:
    """Short words for a result that is not OK; the full hint and error get rows of their own."""
    if result.status is Status.MISSING:
        return missing
    if result.status is Status.UNSUPPORTED:
        return translate("ScanView", "Not supported on this system")
    error_line = (result.error or "").strip().splitlines()[:1]
    hint_sentence = _first_sentence(hint_text(result) or "")
    return (error_line[0] if error_line else hint_sentence) or translate("ScanView", "Something is wrong here")


def _add_common(line: Line, result: ProbeResult) -> None:
    """Hint, error, reason code and evidence: the same for every section and item."""
    line.add(translate("ScanView", "What to do"), hint_text(result), tone=Tone.INFO, kind="hint")
    line.add(translate("ScanView", "Error"), result.error, tone=Tone.BAD, kind="error")
    line.add(translate("ScanView", "Reason code"), result.reason)
    if result.evidence:
        group = Line(
            translate("ScanView", "Evidence"),
            translate("ScanView", "how this was found ({n})").format(n=len(result.evidence)),
            kind="evidence",
        )
        for evidence in result.evidence:
            text = evidence.source + (f"  →  {evidence.detail}" if evidence.detail else "")
            group.children.append(Line(evidence.kind, text, kind="evidence"))
        line.children.append(group)


# -- sections --------------------------------------------------------------------


def os_section(info: OsInfo) -> Line:
    summary = " · ".join(p for p in (info.name, info.display_version, info.architecture) if p)
    line = _status_line(
        section_title("os"), summary or _problem_value(info, translate("ScanView", "Unknown system")), info
    )
    line.add(translate("ScanView", "Version"), info.version)
    line.add(translate("ScanView", "Build"), info.build)
    line.add(translate("ScanView", "Kernel"), info.kernel)
    if info.is_wsl:
        line.add(
            translate("ScanView", "Running inside WSL"),
            translate("ScanView", "yes, WSL {n}").format(n=info.wsl_version or "?"),
        )
        line.add(translate("ScanView", "GPU passed through to WSL"), yes_no(info.wsl_gpu))
    if info.system == "Windows":
        line.add(translate("ScanView", "WSL installed"), yes_no(info.wsl_installed))
        for distro in info.wsl_distros:
            default = translate("ScanView", " (default)") if distro.default else ""
            line.add(
                translate("ScanView", "WSL distro"),
                translate("ScanView", "{name}{default}: WSL {version}, {state}").format(
                    name=distro.name, default=default, version=distro.version or "?", state=distro.state
                ),
            )
    _add_common(line, info)
    return line


def _gpu_line(gpu: GpuInfo) -> Line:
    line = Line(translate("ScanView", "GPU {index}").format(index=gpu.index), gpu.name, kind="item", expanded=True)
    line.add(translate("ScanView", "Compute capability"), gpu.compute_capability)
    if gpu.memory_total_mib is not None:
        line.add(
            translate("ScanView", "Memory"),
            translate("ScanView", "{gib:.1f} GiB").format(gib=gpu.memory_total_mib / 1024),
        )
    line.add(translate("ScanView", "Driver model"), gpu.driver_model)
    line.add(translate("ScanView", "PCI bus"), gpu.pci_bus_id)
    return line


def driver_section(info: DriverInfo) -> Line:
    if info.status is Status.OK:
        summary = translate("ScanView", "Driver {driver}, supports CUDA up to {cuda}").format(
            driver=info.driver_version or "?", cuda=info.cuda_driver_version or "?"
        )
        summary += " · " + translate("ScanView", "GPUs: {n}").format(n=len(info.gpus))
    else:
        summary = _problem_value(info, translate("ScanView", "No NVIDIA driver found"))
    line = _status_line(section_title("driver"), summary, info)
    line.add(translate("ScanView", "Driver version"), info.driver_version)
    line.add(translate("ScanView", "Highest CUDA this driver supports"), info.cuda_driver_version)
    line.add(translate("ScanView", "Read through"), info.source)
    line.add(translate("ScanView", "nvidia-smi"), info.nvidia_smi_path)
    line.children.extend(_gpu_line(gpu) for gpu in info.gpus)
    _add_common(line, info)
    return line


def cuda_section(info: CudaInfo) -> Line:
    versions = ", ".join(t.version or "?" for t in info.toolkits)
    if info.toolkits and info.status is Status.OK:
        summary = translate("ScanView", "Installed: {versions}").format(versions=versions)
    else:
        summary = _problem_value(info, translate("ScanView", "No CUDA toolkit found"))
    line = _status_line(section_title("cuda"), summary, info)
    line.add(translate("ScanView", "CUDA_PATH"), info.cuda_path)
    line.add(translate("ScanView", "First on PATH"), info.path_winner)
    line.add(translate("ScanView", "nvcc on PATH"), info.nvcc_on_path)
    for toolkit in info.toolkits:
        item = Line(
            translate("ScanView", "CUDA {version}").format(version=toolkit.version or "?"),
            toolkit.root,
            kind="item",
            expanded=True,
        )
        item.add(translate("ScanView", "Full version"), toolkit.version_full)
        item.add(translate("ScanView", "nvcc"), toolkit.nvcc_path)
        on_path = (
            translate("ScanView", "yes (entry {n})").format(n=(toolkit.path_position or 0) + 1)
            if toolkit.bin_on_path
            else translate("ScanView", "no")
        )
        item.add(translate("ScanView", "bin folder on PATH"), on_path)
        item.add(translate("ScanView", "Found through"), ", ".join(toolkit.sources))
        line.children.append(item)
    _add_common(line, info)
    return line


def cudnn_section(info: CudnnInfo) -> Line:
    if info.installs and info.status is Status.OK:
        versions = ", ".join(i.version or "?" for i in info.installs)
        summary = translate("ScanView", "Installed: {versions}").format(versions=versions)
    else:
        summary = _problem_value(info, translate("ScanView", "No cuDNN found"))
    line = _status_line(section_title("cudnn"), summary, info)
    for install in info.installs:
        item = Line(
            translate("ScanView", "cuDNN {version}").format(version=install.version or "?"),
            install.location,
            kind="item",
            expanded=True,
        )
        item.add(translate("ScanView", "Header"), install.header)
        item.add(translate("ScanView", "Inside CUDA toolkit"), install.cuda_root)
        for library in install.libraries:
            item.add(translate("ScanView", "Library"), library)
        item.add(translate("ScanView", "Found through"), ", ".join(install.sources))
        line.children.append(item)
    if info.zlibwapi_needed:
        found = "; ".join(info.zlibwapi)
        line.add(
            "zlibwapi.dll",
            found or translate("ScanView", "missing (cuDNN 8.3 and later needs it)"),
            tone=Tone.GOOD if found else Tone.BAD,
        )
    _add_common(line, info)
    return line


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
        return _with_common(line, tf)
    gpus = tf.gpu_count or 0
    seen = translate("ScanView", "GPUs seen: {n}").format(n=gpus)
    line = Line(
        title,
        f"{tf.version or '?'} · {seen}",
        tone=Tone.GOOD if gpus else Tone.WARN,
        status_text=translate("ScanView", "GPU ready") if gpus else translate("ScanView", "No GPU"),
        kind="item",
        expanded=True,
    )
    if tf.is_cuda_build is not None:
        build = (
            translate("ScanView", "yes: CUDA {cuda}, cuDNN {cudnn}").format(
                cuda=tf.cuda_build_version or "?", cudnn=tf.cudnn_build_version or "?"
            )
            if tf.is_cuda_build
            else translate("ScanView", "no: this TensorFlow can only use the CPU")
        )
        line.add(translate("ScanView", "Built with CUDA"), build)
    for gpu in tf.gpus:
        line.add(translate("ScanView", "GPU seen"), gpu.name)
    line.add(translate("ScanView", "Why no GPU"), tf.gpu_init_error, tone=Tone.BAD, kind="error")
    line.add(translate("ScanView", "CUDA libraries loaded"), ", ".join(tf.loaded_libraries))
    nvidia = ", ".join(f"{k} {v}" for k, v in sorted(tf.distributions.items()) if k.startswith("nvidia"))
    line.add(translate("ScanView", "NVIDIA pip packages"), nvidia)
    return _with_common(line, tf)


def _with_common(line: Line, result: ProbeResult) -> Line:
    _add_common(line, result)
    return line


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
        elif with_tf:
            line.tone, line.status_text = Tone.WARN, translate("ScanView", "No GPU")
        else:
            line.tone, line.status_text = Tone.WARN, translate("ScanView", "No TensorFlow")
    line.children.extend(_env_line(env) for env in info.envs)
    _add_common(line, info)
    return line


def build_lines(scan: Scan) -> list[Line]:
    """The page's tree: one section per probe, in the order a newcomer reads them."""
    return [
        os_section(scan.os),
        driver_section(scan.driver),
        cuda_section(scan.cuda),
        cudnn_section(scan.cudnn),
        pythons_section(scan.pythons),
    ]


def scan_to_text(scan: Scan) -> str:
    """Plain text for a chat or an issue: every line, evidence included."""
    header = translate("ScanView", "TF GPU Assistant {version}: system check of {when} ({seconds:.1f} s)").format(
        version=scan.tool_version, when=scan.created_at, seconds=scan.duration_s
    )
    out = [header]
    if scan.cancelled:
        out.append(translate("ScanView", "The check was stopped before the end; some results are missing."))
    for section in build_lines(scan):
        out.append("")
        write_line(section, out)
    return "\n".join(out) + "\n"


def write_line(line: Line, out: list[str], depth: int = 0) -> None:
    """A line and its children as indented text, ``[status]`` first where there is one."""
    tag = f"[{line.status_text}] " if line.status_text else ""
    text = f"{line.label}: {line.value}" if line.value else line.label
    out.append("    " * depth + tag + text)
    for child in line.children:
        write_line(child, out, depth + 1)
