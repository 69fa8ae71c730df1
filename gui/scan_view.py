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
    kind: str = "fact"  # section / item / fact / hint / note / error / evidence
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


def not_available(why: str) -> str:
    """A fact the probe could not read, with its reason: never shown as 0 or left blank."""
    return translate("ScanView", "n/a: {why}").format(why=why)


#: GpuInfo fields shown as rows of a GPU (``unavailable`` reasons of other fields get a row of their own).
_GPU_ROWS = (
    "uuid",
    "compute_capability",
    "memory_total_mib",
    "driver_model",
    "pci_bus_id",
    "power_limit_w",
    "max_graphics_clock_mhz",
    "max_memory_clock_mhz",
)


def _gpu_row_label(name: str) -> str:
    return {
        "uuid": translate("ScanView", "UUID"),
        "compute_capability": translate("ScanView", "Compute capability"),
        "memory_total_mib": translate("ScanView", "Memory"),
        "driver_model": translate("ScanView", "Driver model"),
        "pci_bus_id": translate("ScanView", "PCI bus"),
        "power_limit_w": translate("ScanView", "Power limit"),
        "max_graphics_clock_mhz": translate("ScanView", "Max graphics clock"),
        "max_memory_clock_mhz": translate("ScanView", "Max memory clock"),
    }[name]


def _gpu_row_value(name: str, value: object) -> str:
    if name == "memory_total_mib":
        return translate("ScanView", "{gib:.1f} GiB").format(gib=value / 1024)  # type: ignore[operator]
    if name == "power_limit_w":
        return translate("ScanView", "{watts:g} W").format(watts=value)
    if name in ("max_graphics_clock_mhz", "max_memory_clock_mhz"):
        return translate("ScanView", "{mhz} MHz").format(mhz=value)
    return str(value)


def _gpu_line(gpu: GpuInfo) -> Line:
    unavailable = dict(gpu.unavailable or {})
    name = gpu.name or (not_available(unavailable["name"]) if "name" in unavailable else "?")
    line = Line(translate("ScanView", "GPU {index}").format(index=gpu.index), name, kind="item", expanded=True)
    for field_name in _GPU_ROWS:
        value = getattr(gpu, field_name, None)
        if value is not None and value != "":
            line.add(_gpu_row_label(field_name), _gpu_row_value(field_name, value))
        elif field_name in unavailable:
            line.add(_gpu_row_label(field_name), not_available(unavailable[field_name]))
    for field_name, why in sorted(unavailable.items()):  # e.g. "handle": not one of the rows above
        if field_name != "name" and field_name not in _GPU_ROWS:
            line.add(field_name, not_available(why))
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


def _installed_summary(result: ProbeResult, versions: list[str | None], missing: str) -> str:
    """"Installed: 12.4, 11.8" when the probe is OK and found something, else its problem in short words."""
    if versions and result.status is Status.OK:
        return translate("ScanView", "Installed: {versions}").format(versions=", ".join(v or "?" for v in versions))
    return _problem_value(result, missing)


def cuda_section(info: CudaInfo) -> Line:
    summary = _installed_summary(
        info, [t.version for t in info.toolkits], translate("ScanView", "No CUDA toolkit found")
    )
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
    summary = _installed_summary(info, [i.version for i in info.installs], translate("ScanView", "No cuDNN found"))
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
