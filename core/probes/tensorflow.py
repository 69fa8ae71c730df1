"""TensorFlow inside one Python environment, measured by the tf_probe agent.

TF is never imported here: the agent (``core/agents/tf_probe.py``) runs inside
the target interpreter and reports JSON lines; TF's own log arrives on stderr.
Every way a run can end (hang, crash, garbage, too-old Python, not a Python at
all, cancel) becomes a state of :class:`TfInfo`, never an exception.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from tfgpu.core import versions
from tfgpu.core.host import CommandResult, Host
from tfgpu.core.host.agents import MIN_AGENT_PYTHON, agent_env, looks_too_old, run_agent
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.probes.base import ProbeResult, Status
from tfgpu.core.probes.tf_logs import (
    CPU_INSTRUCTION_CODES,
    event_forwarder,
    exit_words,
    first_line,
    last_line,
    parse_events,
    read_log,
    stage_words,
)

TF_PROBE_TIMEOUT_S = 120.0
AGENT_NAME = "tf_probe"
AGENT_FILE = "tf_probe.py"
AGENT_PROTOCOL = 1

# Hints: plain-words next steps, translated by the GUI (see core/i18n.py).
_HINT_CANCELLED = QT_TRANSLATE_NOOP("core", "The check was cancelled; run it again.")
_HINT_NOT_RUNNABLE = QT_TRANSLATE_NOOP("core", "This file could not be run as a Python interpreter.")
_HINT_TIMEOUT = QT_TRANSLATE_NOOP(
    "core",
    "TensorFlow did not answer in time. Close other programs using the GPU and re-check; "
    "if it keeps hanging, run `python -c \"import tensorflow\"` in that environment to see where.",
)
_HINT_AGENT_MISMATCH = QT_TRANSLATE_NOOP(
    "core", "The checker and its helper script do not match; reinstall TF GPU Assistant."
)
_HINT_STRAY_OUTPUT = QT_TRANSLATE_NOOP(
    "core", "This program printed something that is not the checker's answer; is it really a Python interpreter?"
)
_HINT_SILENT = QT_TRANSLATE_NOOP("core", "This program ran but said nothing; it is not a Python interpreter.")
_HINT_NOT_INSTALLED = QT_TRANSLATE_NOOP("core", "TensorFlow is not installed in this environment.")
_HINT_IMPORT_FAILED = QT_TRANSLATE_NOOP(
    "core", "`import tensorflow` fails in this environment; the exact error is below."
)
_HINT_UNREADABLE = QT_TRANSLATE_NOOP("core", "The checker's answer could not be read.")
_HINT_GPU_LIST_FAILED = QT_TRANSLATE_NOOP(
    "core", "TensorFlow imported, but asking it for its GPUs failed, so whether it sees one is unknown. "
    "The error below is TensorFlow's own; re-check after closing other programs that use the GPU.")
_HINT_TOO_OLD = QT_TRANSLATE_NOOP(  # {min_python}: MIN_AGENT_PYTHON
    "core",
    "This Python is too old to check (the checker needs {min_python} or newer). "
    "Use a newer Python environment for TensorFlow.",
)
_HINT_CPU_INSTRUCTION = QT_TRANSLATE_NOOP(
    "core", "TensorFlow crashed on a CPU instruction: this processor lacks an instruction set the build needs."
)
_HINT_CRASHED = QT_TRANSLATE_NOOP(
    "core",
    "The helper process crashed before answering; the last TensorFlow log lines usually say why. "
    "Try `python -c \"import tensorflow\"` in that environment.",
)


@dataclass(kw_only=True)
class TfGpu:
    name: str  # "/physical_device:GPU:0"
    details: dict = field(default_factory=dict)  # tf.config.experimental.get_device_details


@dataclass(kw_only=True)
class TfInfo(ProbeResult):
    python: str  # the interpreter that ran the agent
    python_version: str | None = None
    python_bits: int | None = None
    installed: bool = False  # a TF distribution is installed
    distributions: dict[str, str] = field(default_factory=dict)  # name -> version (TF, keras, nvidia-*)
    version: str | None = None  # tf.__version__
    import_error: str | None = None  # the exact exception text when import failed
    build_info: dict = field(default_factory=dict)  # tf.sysconfig.get_build_info()
    is_cuda_build: bool | None = None
    cuda_build_version: str | None = None
    cudnn_build_version: str | None = None
    arch_list: list[str] = field(default_factory=list)  # build info's cuda_compute_capabilities, else the binaries'
    fact_sources: dict[str, str] = field(default_factory=dict)  # cuda/cudnn/arch_list -> where each was read
    gpus: list[TfGpu] = field(default_factory=list)
    gpu_count: int | None = None  # None: unknown (never got that far, or listing failed)
    loaded_libraries: list[str] = field(default_factory=list)  # CUDA/cuDNN libs really loaded
    gpu_init_error: str | None = None  # e.g. "failed call to cuInit: ... (303)"
    log_lines: list[str] = field(default_factory=list)  # TF's own stderr lines
    duration_s: float | None = None
    # Added by the agent protocol v1:
    python_executable: str | None = None  # sys.executable as the interpreter reports it
    python_prefix: str | None = None
    module_path: str | None = None  # tensorflow/__init__.py that was imported
    import_seconds: float | None = None
    import_traceback: str | None = None
    duplicate_distributions: dict[str, list[str]] = field(default_factory=dict)
    missing_libraries: list[str] = field(default_factory=list)  # from "Could not load dynamic library 'X'"
    library_checks: dict[str, dict] = field(default_factory=dict)  # name -> {"loaded": bool, "error": ...}
    agent_env: dict[str, str | None] = field(default_factory=dict)  # CUDA_VISIBLE_DEVICES & co. as TF saw them
    step_errors: dict[str, str] = field(default_factory=dict)  # agent steps that failed after import
    stage: str | None = None  # the last stage the agent reported (where it hung or crashed)
    returncode: int | None = None


EventCallback = Callable[[dict], None]


def probe_tensorflow(
    host: Host,
    python: str,
    timeout: float = TF_PROBE_TIMEOUT_S,
    cancel: threading.Event | None = None,
    *,
    check_libraries: list[str] | None = None,
    on_event: EventCallback | None = None,
) -> TfInfo:
    """Run the agent in ``python``. ``check_libraries``: extra names the agent
    load-tests (e.g. ``cudart64_110.dll`` from the KB); ``on_event``: live protocol events."""
    info = TfInfo(python=python)
    if cancel is not None and cancel.is_set():
        return _set(info, Status.ERROR, "cancelled", _HINT_CANCELLED)
    extra = {"TF_CPP_MIN_LOG_LEVEL": "0"}
    if check_libraries:
        extra["TFGPU_CHECK_LIBS"] = ",".join(check_libraries)
    env, folders = agent_env(host, python, extra)
    if folders:
        key = next((k for k in env if k.upper() == "PATH"), "PATH")
        info.add("env", key, "conda environment, prepended as `conda activate` does: " + os_pathsep(host).join(folders))
    result = run_agent(host, python, AGENT_FILE, timeout=timeout, env=env, cancel=cancel,
                       on_stdout_line=event_forwarder(on_event) if on_event else None)
    info.add("agent", result.describe())
    info.duration_s = round(result.duration_s, 3)
    info.returncode = result.returncode
    return interpret_agent_run(info, result)


def os_pathsep(host: Host) -> str:
    return ";" if host.platform.is_windows else ":"


def interpret_agent_run(info: TfInfo, result: CommandResult) -> TfInfo:
    """Turn one finished agent run into a state (public for tests and replays)."""
    events, stray = parse_events(result.stdout)
    log = read_log(result.stderr, stray)
    info.gpu_init_error, info.missing_libraries, info.log_lines = log.gpu_init_error, log.missing_libraries, log.lines
    hello = next((e for e in events if e.get("event") == "hello"), None)
    final = next((e for e in events if e.get("event") == "result"), None)
    stages = [e.get("name") for e in events if e.get("event") == "stage"]
    info.stage = stages[-1] if stages else None
    if hello is not None:
        _read_python(info, hello.get("python"))

    if result.error:
        return _set(info, Status.ERROR, "not-python", _HINT_NOT_RUNNABLE, f"{info.python}: {result.error}")
    if final is not None and (result.timed_out or result.cancelled):  # answered, then hung on exit
        info.add("agent", "complete answer received; the process did not exit and was killed",
                 "cancelled" if result.cancelled else f"timed out after {result.duration_s:.0f} s")
    elif result.cancelled:
        return _set(info, Status.ERROR, "cancelled", _HINT_CANCELLED)
    elif result.timed_out:
        where = f" while {stage_words(info.stage)}" if info.stage else ""
        return _set(info, Status.ERROR, "agent-timeout", _HINT_TIMEOUT,
                    f"no answer after {result.duration_s:.0f} s{where}")
    if hello is None and looks_too_old(result.stderr, AGENT_FILE):
        return _too_old(info, first_line(result.stderr))
    if hello is not None and (hello.get("agent") != AGENT_NAME or hello.get("protocol") != AGENT_PROTOCOL):
        return _set(info, Status.ERROR, "agent-bad-output", _HINT_AGENT_MISMATCH,
                    f"unexpected hello: {json.dumps(hello)[:300]}")
    if info.python_version and versions.below(info.python_version, MIN_AGENT_PYTHON):
        return _too_old(info, f"Python {info.python_version}")
    if final is not None:
        return _read_result(info, final)
    if hello is None and stray:
        return _set(info, Status.ERROR, "agent-bad-output", _HINT_STRAY_OUTPUT, "\n".join(stray[:5]))
    if hello is None and result.returncode == 0:
        return _set(info, Status.ERROR, "not-python", _HINT_SILENT, f"{info.python}: exit 0, no output")
    where = f" while {stage_words(info.stage)}" if info.stage else ""
    last_words = f": {last_line(result.stderr)}" if result.stderr.strip() else ""
    return _set(info, Status.ERROR, "agent-crashed", _crash_hint(result.returncode),
                f"{exit_words(result.returncode)}{where}{last_words}")


# -- the answer ---------------------------------------------------------------


def _read_python(info: TfInfo, python: object) -> None:
    if not isinstance(python, dict):
        return
    info.python_version = _str_or_none(python.get("version"))
    bits = python.get("bits")
    info.python_bits = bits if isinstance(bits, int) else None
    info.python_executable = _str_or_none(python.get("executable"))
    info.python_prefix = _str_or_none(python.get("prefix"))


def _read_result(info: TfInfo, final: dict) -> TfInfo:
    _read_python(info, final.get("python"))
    info.distributions = {str(k): str(v) for k, v in _dict(final.get("distributions")).items()}
    info.duplicate_distributions = {str(k): [str(x) for x in v] for k, v in
                                    _dict(final.get("duplicate_distributions")).items() if isinstance(v, list)}
    info.agent_env = {str(k): _str_or_none(v) for k, v in _dict(final.get("env")).items()}
    info.step_errors = {str(k): str(v) for k, v in _dict(final.get("errors")).items()}
    info.installed = bool(final.get("installed"))
    info.import_seconds = final.get("import_seconds") if isinstance(final.get("import_seconds"), (int, float)) else None
    status = final.get("status")
    if status == "python-too-old":
        return _too_old(info, f"Python {info.python_version or '?'}")
    if status == "not-installed":
        return _set(info, Status.MISSING, "tf-not-installed", _HINT_NOT_INSTALLED)
    if status == "import-failed":
        failure = _dict(final.get("import_error"))
        text = f"{failure.get('type', 'Error')}: {failure.get('message', '')}".strip()
        info.import_error = text
        info.import_traceback = _str_or_none(failure.get("traceback"))
        info.installed = True  # something named tensorflow is there, or its wheel is
        return _set(info, Status.ERROR, "tf-import-failed", _HINT_IMPORT_FAILED, text)
    if status != "imported":
        return _set(info, Status.ERROR, "agent-bad-output", _HINT_UNREADABLE, f"unknown result status {status!r}")
    info.installed = True
    info.version = _str_or_none(final.get("version"))
    info.module_path = _str_or_none(final.get("module_path"))
    info.build_info = _dict(final.get("build_info"))
    cuda_flag = final.get("is_cuda_build")  # tf.test.is_built_with_cuda(), else the build info's flag
    info.is_cuda_build = _bool_or_none(cuda_flag) if cuda_flag is not None else _bool_or_none(
        info.build_info.get("is_cuda_build"))
    _read_build_facts(info, _dict(final.get("evidence")))
    libraries = final.get("loaded_libraries")
    info.loaded_libraries = [str(p) for p in libraries] if isinstance(libraries, list) else []
    info.library_checks = {str(k): _dict(v) for k, v in _dict(final.get("library_checks")).items()}
    info.hint, info.hint_template, info.hint_args = None, None, {}
    gpus = final.get("gpus")
    if not isinstance(gpus, list):  # unknown is not zero: gpu_count stays None
        info.status, info.reason = Status.ERROR, "tf-gpu-list-failed"
        info.error = "listing the GPUs failed: " + info.step_errors.get("list_gpus", "the answer has no GPU list")
        info.hint = _HINT_GPU_LIST_FAILED
        return info
    info.gpus = [TfGpu(name=str(g.get("name", "?")), details=_dict(g.get("details")))
                 for g in gpus if isinstance(g, dict)]
    info.gpu_count = len(info.gpus)
    info.status, info.reason, info.error = Status.OK, None, None
    return info


_BUILD_INFO = "tf.sysconfig.get_build_info()"


def _read_build_facts(info: TfInfo, evidence: dict) -> None:
    """CUDA, cuDNN and the architecture list: build info's when it has them (TF <= 2.21), else what the agent
    read from the installed files (TF's METADATA pins, the nvidia-* wheels, loaded libraries, the fat binaries
    in TF's libraries). Each fact's source goes to ``fact_sources``."""
    for key, names in (("cuda", ("cuda_version", "cuda_version_number")),
                       ("cudnn", ("cudnn_version", "cudnn_version_number"))):
        value = next((info.build_info.get(n) for n in names if info.build_info.get(n)), None)
        source = f"{_BUILD_INFO} {names[0]}"
        if value is None:
            candidates = [c for c in evidence.get(f"{key}_version") or () if isinstance(c, dict) and c.get("value")]
            value, source = (candidates[0]["value"], str(candidates[0].get("source"))) if candidates else (None, "")
        setattr(info, f"{key}_build_version", versions.build_version(value))
        if value is not None:
            info.fact_sources[key] = source
    archs = info.build_info.get("cuda_compute_capabilities")
    if isinstance(archs, (list, tuple)) and archs:
        info.arch_list = [str(a) for a in archs]
        info.fact_sources["arch_list"] = f"{_BUILD_INFO} cuda_compute_capabilities"
        return
    binary = _dict(evidence.get("arch_list"))
    if isinstance(binary.get("value"), list) and binary["value"]:
        info.arch_list = [str(a) for a in binary["value"]]
        info.fact_sources["arch_list"] = str(binary.get("source") or "TensorFlow's libraries")


# -- states and words ----------------------------------------------------------


def _set(info: TfInfo, status: Status, reason: str, hint: str, error: str | None = None,
         **hint_args: object) -> TfInfo:
    """``hint``: a ``QT_TRANSLATE_NOOP("core", ...)`` literal, formatted with ``hint_args``."""
    info.status, info.reason = status, reason
    info.set_hint(hint, **hint_args)
    if error is not None:
        info.error = error
    return info


def _too_old(info: TfInfo, detail: str) -> TfInfo:
    return _set(info, Status.UNSUPPORTED, "python-too-old", _HINT_TOO_OLD, detail, min_python=MIN_AGENT_PYTHON)


def _crash_hint(code: int | None) -> str:
    return _HINT_CPU_INSTRUCTION if code in CPU_INSTRUCTION_CODES else _HINT_CRASHED


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _str_or_none(value: object) -> str | None:
    return None if value is None else str(value)


def _bool_or_none(value: object) -> bool | None:
    return value if isinstance(value, bool) else None
