"""Per-environment rules: what stops TensorFlow in one Python from using the GPU. Input: the Scan."""

from __future__ import annotations

import re

from tfgpu.core import kb, versions
from tfgpu.core.diagnosis.rules_libraries import missing_library_findings
from tfgpu.core.diagnosis.rules_machine import os_kind
from tfgpu.core.explain.engine import explain_text
from tfgpu.core.findings.catalog import make_finding
from tfgpu.core.findings.fixes import FixContext, fix_steps
from tfgpu.core.findings.gpu_limits import cudnn_too_old_detail, gpu_platform, unsupported_gpu_detail
from tfgpu.core.findings.model import Finding, Severity
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import Evidence, Status
from tfgpu.core.probes.pythons import PythonEnv
from tfgpu.core.probes.tensorflow import TfInfo
from tfgpu.core.scan import Scan
from tfgpu.core.versions import at_least, build_version, major_minor

AGENT_FAILURES = ("agent-timeout", "agent-crashed", "agent-bad-output", "cancelled", "not-python")
TF_PACKAGES = ("tensorflow", "tensorflow-gpu", "tensorflow-cpu")
GPU_BLOCKING_MACHINE = ("driver-missing", "driver-library-mismatch", "no-nvidia-gpu", "wsl-gpu-missing")


def platform_of(scan: Scan) -> str:
    """The wheel platform: WSL installs Linux wheels."""
    return "windows" if os_kind(scan) == "windows" else "linux"


def env_context(scan: Scan, env: PythonEnv) -> FixContext:
    tf = env.tensorflow
    build = kb.tf_build(tf.version) if tf and tf.version else None
    windows = platform_of(scan) == "windows"
    cuda = build_version(tf.cuda_build_version) if tf else None
    cudnn = build_version(tf.cudnn_build_version) if tf else None
    if build is not None:
        cuda = cuda or (build.windows_cuda if windows else build.linux_cuda)
        cudnn = cudnn or (build.windows_cudnn if windows else build.linux_cudnn)
    installed = [t.version for t in scan.cuda.toolkits if t.version]
    gpu = scan.driver.gpus[0] if scan.driver.gpus else None
    return FixContext(
        os=os_kind(scan),
        distro=scan.os.distro,
        distro_like=list(scan.os.distro_like),
        tf_version=tf.version if tf else None,
        python_version=env.version,
        python_exe=env.executable,
        cuda_version=cuda,
        cudnn_version=cudnn,
        installed_cuda=next((v for v in installed if major_minor(v) != major_minor(cuda)), None) if cuda else None,
        installed_cudnn=next((i.version for i in scan.cudnn.installs if i.version), None),
        gpu_name=gpu.name if gpu else None,
        compute_capability=gpu.compute_capability if gpu else None,
        driver_version=scan.driver.driver_version,
    )


def env_findings(scan: Scan, env: PythonEnv, machine: list[Finding]) -> list[Finding]:
    """Every finding for one environment (machine blockers included when they explain a missing GPU)."""
    ctx = env_context(scan, env)
    made = _Maker(env, ctx)
    if env.status != Status.OK:
        return _env_unusable(env, made)
    findings: list[Finding] = []
    if env.bits == 32:
        findings.append(made("python-32bit", TrText(QT_TRANSLATE_NOOP(
            "core", "Python {version} here is a 32-bit build; TensorFlow has 64-bit wheels only."), version=env.version or "?")))
    tf = env.tensorflow
    if tf is None:
        findings.append(made("tf-check-failed", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow was not checked in this environment (the scan skipped it)."))))
        return findings
    findings += _mixed_packages(tf, made)
    if tf.reason == "tf-not-installed" or not tf.installed:
        return findings + _not_installed(scan, env, made)
    if tf.reason in AGENT_FAILURES:
        return findings + [made("tf-check-failed", TrText(QT_TRANSLATE_NOOP(
            "core", "The TensorFlow check stopped early ({reason}) at stage '{stage}'."),
            reason=tf.reason, stage=tf.stage or "?"), evidence=_tf_evidence(tf))]
    if tf.reason == "python-too-old":
        return findings + [made("python-unsupported", TrText(QT_TRANSLATE_NOOP(
            "core", "Python {version} is too old for any TensorFlow this tool can check."), version=env.version or "?"))]
    if tf.gpu_count:
        # Listed is not enough where the KB knows the kernels cannot run: Blackwell on a PyPI build,
        # a cuDNN that dropped the GPU. Those replace "gpu-ok".
        limits = [f for f in _compute_capability(scan, tf, made) if f.facts.get("rule")] + _cudnn_too_new(scan, tf, made)
        if limits and not _others_usable(limits, scan):
            return findings + limits
        findings += limits
        return findings + [made("gpu-ok", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow {tf} lists {count} GPU(s): {names}."), tf=tf.version or "?", count=tf.gpu_count,
            names=", ".join(_gpu_names(tf))), evidence=_tf_evidence(tf), facts={"gpu_count": tf.gpu_count})]
    findings += _build_kind(scan, tf, made)
    if tf.version is None:  # import failed
        findings += missing_library_findings(scan, tf, made)
        findings += _from_log(tf, made)
        if not any(f.severity == Severity.ERROR for f in findings):
            findings.append(made("tf-import-failed", TrText(QT_TRANSLATE_NOOP(
                "core", "import tensorflow failed: {error}"), error=_error_line(tf.import_error)), evidence=_tf_evidence(tf)))
        return findings
    if any(f.id in ("no-native-windows-gpu", "cpu-only-build") for f in findings):
        return findings
    findings += [f for f in machine if f.id in GPU_BLOCKING_MACHINE]
    if any(f.id == "no-nvidia-gpu" for f in findings):
        return findings  # no NVIDIA card: TF's missing CUDA libraries and driver lines are expected here
    findings += _gpu_hidden(tf, made)
    findings += _compute_capability(scan, tf, made)
    findings += _cudnn_too_new(scan, tf, made)
    findings += _driver_too_old(scan, ctx, made)
    findings += missing_library_findings(scan, tf, made)
    findings += _from_log(tf, made, skip={f.id for f in findings})
    if not any(f.severity == Severity.ERROR for f in findings):
        findings.append(made("gpu-not-listed", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow {tf} ({build}) imported and listed no GPU; its log lines are the evidence."),
            tf=tf.version, build=_build_words(tf)), evidence=_tf_evidence(tf)))
    return findings


class _Maker:
    """make_finding bound to one environment: env, fix steps for its context."""

    def __init__(self, env: PythonEnv, ctx: FixContext) -> None:
        self.env, self.ctx = env, ctx

    def __call__(self, finding_id: str, detail: TrText, **kwargs) -> Finding:
        if "fix" not in kwargs:
            kwargs["fix"] = fix_steps(finding_id, self.ctx)
        return make_finding(finding_id, detail, env=self.env.executable, **kwargs)


def _env_unusable(env: PythonEnv, made: _Maker) -> list[Finding]:
    if env.reason == "needs-consent":
        return [made("python-needs-consent", TrText(QT_TRANSLATE_NOOP(
            "core", "{python} was found through the current folder, so it was not run (running it runs that folder's "
            "code). To check it: tfgpu doctor --here, or tfgpu doctor --python {python}."), python=env.executable),
            fix=[], evidence=list(env.evidence[:1]))]
    if env.reason == "python-too-old":
        return [made("python-unsupported", TrText(QT_TRANSLATE_NOOP(
            "core", "Python {version} is too old for TensorFlow 2."), version=env.version or "?"))]
    return [made("tf-check-failed", TrText(QT_TRANSLATE_NOOP(
        "core", "This interpreter could not be run ({reason})."), reason=env.reason or env.status.value),
        evidence=list(env.evidence[:2]))]


def _not_installed(scan: Scan, env: PythonEnv, made: _Maker) -> list[Finding]:
    platform = platform_of(scan)
    findings = [made("tf-not-installed", TrText(QT_TRANSLATE_NOOP(
        "core", "No TensorFlow package in {python}."), python=env.executable))]
    if env.version and kb.latest_tf(platform, major_minor(env.version), gpu=False) is None:
        findings.append(made("python-unsupported", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow publishes no {platform} wheel for Python {version}; pip would answer "
                    "'No matching distribution found'."), platform=platform, version=major_minor(env.version)),
            facts={"python": env.version, "platform": platform}))
    return findings


def _mixed_packages(tf: TfInfo, made: _Maker) -> list[Finding]:
    present = {name: version for name, version in tf.distributions.items() if name.lower() in TF_PACKAGES}
    duplicated = {name: paths for name, paths in tf.duplicate_distributions.items() if name.lower().startswith("tensorflow")}
    if len(set(present.values())) <= 1 and not duplicated:
        return []
    listing = ", ".join(f"{name} {version}" for name, version in sorted(present.items()))
    listing += "".join(f"; {name} twice ({len(paths)} copies)" for name, paths in duplicated.items())
    return [made("mixed-tf-packages", TrText(QT_TRANSLATE_NOOP(
        "core", "Installed together: {packages}. They share one folder and overwrite each other."), packages=listing),
        evidence=[Evidence("agent", "distributions", listing)], facts={"packages": present})]


def _build_kind(scan: Scan, tf: TfInfo, made: _Maker) -> list[Finding]:
    windows = platform_of(scan) == "windows"
    if windows and tf.version and at_least(tf.version, "2.11"):
        return [made("no-native-windows-gpu", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow {tf} on native Windows is CPU-only: GPU builds for Windows ended with 2.10."),
            tf=tf.version), evidence=_tf_evidence(tf), facts={"tf": tf.version})]
    if tf.is_cuda_build is False or "tensorflow-cpu" in {n.lower() for n in tf.distributions}:
        if tf.version is None and tf.is_cuda_build is None:
            return []
        return [made("cpu-only-build", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow {tf} here was built without CUDA (is_cuda_build is False), so it never looks for a GPU."),
            tf=tf.version or "?"), evidence=[Evidence("agent", "tf.sysconfig.get_build_info()", f"is_cuda_build={tf.is_cuda_build}")])]
    return []


def _gpu_hidden(tf: TfInfo, made: _Maker) -> list[Finding]:
    value = tf.agent_env.get("CUDA_VISIBLE_DEVICES")
    if value is None or re.search(r"\d", value) and not value.strip().startswith("-"):
        return []
    return [made("gpu-hidden", TrText(QT_TRANSLATE_NOOP(
        "core", "CUDA_VISIBLE_DEVICES is set to '{value}', which hides every GPU from TensorFlow."), value=value),
        evidence=[Evidence("env", "CUDA_VISIBLE_DEVICES", value)])]


def _gpu_cc(gpu) -> str | None:
    if gpu.compute_capability:
        return gpu.compute_capability
    spec = kb.gpu_spec_or_inferred(gpu.name) if gpu.name else None  # not listed: placed by its pci.ids name
    return spec.cc if spec else None


def _build_has_kernels(tf: TfInfo, cc: str) -> bool:
    """The installed build's own arch list (build info, else read from its binaries) has cubins for this GPU: not a PyPI build the
    per-architecture rules speak about (NVIDIA's container builds, a source build with the arch added)."""
    gpu = versions.compute_capability(cc)
    archs = tf.arch_list or (tf.build_info.get("cuda_compute_capabilities") if isinstance(tf.build_info, dict) else None)
    entries = [versions.arch_entry(str(a)) for a in archs] if isinstance(archs, list) else []
    return gpu is not None and any(e and e[0] == "sm" and e[1][0] == gpu[0] and e[1][1] <= gpu[1] for e in entries)


def _compute_capability(scan: Scan, tf: TfInfo, made: _Maker) -> list[Finding]:
    host = os_kind(scan) if os_kind(scan) in ("linux", "wsl", "windows") else None
    for gpu in scan.driver.gpus:
        cc = _gpu_cc(gpu)
        if not cc:
            continue
        support = kb.gpu_support(tf.version or "", cc, gpu_platform=gpu_platform(gpu.name), host_os=host,
                                 arch_list=tf.arch_list or None)  # the installed build's own list decides
        if support.verdict != "unsupported" or (support.rule is not None and _build_has_kernels(tf, cc)):
            continue
        evidence = [Evidence("nvml", f"GPU {gpu.index}", f"{gpu.name}, compute capability {cc}")]
        if support.rule is not None:
            return [made("compute-capability-unsupported", unsupported_gpu_detail(support.rule, gpu.name, cc),
                         evidence=evidence, sources=[support.rule.source],
                         facts={"gpu": gpu.name, "cc": cc, "rule": support.rule.id, "last_tf": None})]
        return [made("compute-capability-unsupported", TrText(QT_TRANSLATE_NOOP(
            "core", "{gpu} has compute capability {cc}; TensorFlow {tf} needs at least {minimum}."),
            gpu=gpu.name, cc=cc, tf=tf.version, minimum=kb.min_cc(tf.version or "") or "?"),
            evidence=evidence, facts={"gpu": gpu.name, "cc": cc, "last_tf": kb.last_tf_for_cc(cc)})]
    return []


def _cudnn_too_new(scan: Scan, tf: TfInfo, made: _Maker) -> list[Finding]:
    """A pip cuDNN (nvidia-cudnn-cu12 >= 9.11) next to a GPU below its floor (compute capability < 7.5)."""
    packages = {name: version for name, version in tf.distributions.items() if name.lower().startswith("nvidia-cudnn-cu")}
    for gpu in scan.driver.gpus:
        cc = _gpu_cc(gpu)
        for name, version in sorted(packages.items()):
            cutoff = kb.cudnn_drops_gpu(version, cc)
            if cutoff is None:
                continue
            return [made("cudnn-gpu-too-old", cudnn_too_old_detail(cutoff, gpu.name, cc, version),
                         evidence=[Evidence("agent", "distributions", f"{name} {version}"),
                                   Evidence("nvml", f"GPU {gpu.index}", f"{gpu.name}, compute capability {cc}")],
                         sources=[cutoff.source],
                         facts={"gpu": gpu.name, "cc": cc, "cudnn": version, "package": name, "pin": cutoff.pip_pin})]
    return []


def _others_usable(limits: list[Finding], scan: Scan) -> bool:
    """Another GPU is not named by these findings: TF can use it, so they become warnings and TF is ready."""
    named = {f.facts.get("gpu") for f in limits}
    if not any(g.name not in named and _gpu_cc(g) for g in scan.driver.gpus):
        return False
    for finding in limits:
        finding.severity = Severity.WARNING
    return True


def _driver_too_old(scan: Scan, ctx: FixContext, made: _Maker) -> list[Finding]:
    have, need = scan.driver.cuda_driver_version, ctx.cuda_version
    if not have or not need or at_least(have, major_minor(need)):
        return []
    same_major = versions.same_major(have, need)
    severity = Severity.WARNING if same_major and at_least(need, "11.0") else Severity.ERROR
    return [made("driver-too-old", TrText(QT_TRANSLATE_NOOP(
        "core", "Driver {driver} supports CUDA up to {have}; TensorFlow {tf} uses CUDA {need}."),
        driver=scan.driver.driver_version or "?", have=have, tf=ctx.tf_version or "?", need=need),
        severity=severity, evidence=[Evidence("nvml", "cuda_driver_version", have)],
        facts={"driver_cuda": have, "tf_cuda": need, "min_driver": kb.min_driver(need, ctx.os if ctx.os == "windows" else "linux")})]


def _from_log(tf: TfInfo, made: _Maker, skip: frozenset[str] | set[str] = frozenset()) -> list[Finding]:
    """What TF's own messages say, read by the same engine as ``tfgpu explain``."""
    lines = [line for line in tf.log_lines if not _LIBRARY_LINE.search(line)]  # missing_libraries has those
    text = "\n".join([*_distinct_lines(lines), tf.gpu_init_error or "", tf.import_error or "",
                      tf.import_traceback or ""])
    if not text.strip():
        return []
    findings = []
    for found in explain_text(text).findings:
        if found.id in skip or found.id == "unrecognised-error" or found.severity in (Severity.OK, Severity.INFO):
            continue
        if "classifier_probability" in found.facts:
            continue  # explain's statistical guess stands in for "unrecognised": the doctor has its own checks
        skip = {*skip, found.id}
        findings.append(made(found.id, found.detail, evidence=found.evidence, facts=found.facts))
    return findings


_TIMESTAMP = re.compile(r"^\s*\d{4}-\d\d-\d\d[ T][\d:.]+:?\s*")
_LIBRARY_LINE = re.compile(r"Could not (?:load dynamic library|dlopen library) '|Successfully opened dynamic library")
MAX_LOG_LINES_READ = 60  # the first 20 and last 40 distinct lines: start-up and the failure


def _distinct_lines(lines: list[str]) -> list[str]:
    """TF repeats a warning on every step; once is enough (time stamps aside)."""
    seen: dict[str, str] = {}
    for line in lines:
        seen.setdefault(_TIMESTAMP.sub("", line).strip(), line)
    distinct = list(seen.values())
    if len(distinct) > MAX_LOG_LINES_READ:
        distinct = distinct[:20] + distinct[20 - MAX_LOG_LINES_READ:]
    return distinct


def _tf_evidence(tf: TfInfo) -> list[Evidence]:
    evidence = [Evidence("agent", tf.python, f"tensorflow {tf.version}" if tf.version else "import failed")]
    if tf.import_error:
        evidence.append(Evidence("agent", "import tensorflow", _error_line(tf.import_error)))
    if tf.gpu_init_error:
        evidence.append(Evidence("agent", "GPU init", tf.gpu_init_error))
    evidence += [Evidence("agent", "TF log", line) for line in tf.log_lines[-3:]]
    return evidence


def _gpu_names(tf: TfInfo) -> list[str]:
    return [str(g.details.get("device_name") or g.name) for g in tf.gpus] or ["?"]


def _build_words(tf: TfInfo) -> str:
    if tf.cuda_build_version:
        return f"CUDA {build_version(tf.cuda_build_version)}, cuDNN {build_version(tf.cudnn_build_version) or '?'}"
    return "CUDA build" if tf.is_cuda_build else "build unknown"


def _error_line(text: str | None) -> str:
    lines = [line for line in (text or "").strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else ""
