"""Reading what a tf_probe agent run left behind: its JSON-line events on stdout,
TensorFlow's own log on stderr, and the exit code when it died."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from tfgpu.core import jsonsafe

MAX_LOG_LINES = 200
MAX_LINE_CHARS = 1000

# TF log lines that are true on every machine and say nothing about the GPU.
_NOISE = (
    "All log messages before absl::InitializeLog() is called",
    "oneDNN custom operations are on",
    "This TensorFlow binary is optimized to use available CPU instructions",
    "To enable the following instructions:",
)
# Why TF gave up on the GPU, most specific first.
_GPU_INIT_PATTERNS = (
    re.compile(r"failed call to cuInit", re.I),
    re.compile(r"Could not load dynamic library", re.I),
    re.compile(r"Cannot dlopen some GPU libraries", re.I),
    re.compile(r"Could not find cuda drivers", re.I),
)
_MISSING_LIBRARY = re.compile(r"Could not load dynamic library '([^']+)'")
_LOG_PREFIX = re.compile(r"^.*?\b[\w./\\-]+\.(?:cc|cpp|h):\d+\]\s*")  # "... dso_loader.cc:64] "
# Windows NTSTATUS exit codes a crashing TF import leaves behind.
_NTSTATUS = {
    0xC0000005: "access violation",
    0xC000001D: "illegal instruction (the CPU lacks an instruction set this build needs, e.g. AVX)",
    0xC0000135: "a required DLL was not found",
    0xC0000409: "fail-fast / stack buffer overrun",
    0xC00000FD: "stack overflow",
}
_SIGNALS = {4: "SIGILL (illegal instruction: the CPU lacks an instruction set this build needs, e.g. AVX)",
            6: "SIGABRT", 7: "SIGBUS", 9: "SIGKILL (killed, often out of memory)", 11: "SIGSEGV"}
CPU_INSTRUCTION_CODES = (0xC000001D, -4, 132)


@dataclass
class TfLog:
    gpu_init_error: str | None = None  # the line that says why TF gave up on the GPU
    missing_libraries: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)  # kept lines, noise dropped, capped


# -- events -----------------------------------------------------------------


def json_event(line: str) -> dict | None:
    line = line.strip()
    if not line.startswith("{"):
        return None
    try:
        value = jsonsafe.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) and isinstance(value.get("event"), str) else None


def parse_events(stdout: str) -> tuple[list[dict], list[str]]:
    """The protocol events, and the other non-empty stdout lines (stray output)."""
    events, stray = [], []
    for line in stdout.splitlines():
        event = json_event(line)
        if event is not None:
            events.append(event)
        elif line.strip():
            stray.append(line.strip()[:MAX_LINE_CHARS])
    return events, stray


def event_forwarder(callback: Callable[[dict], None]) -> Callable[[str], None]:
    def forward(line: str) -> None:
        event = json_event(line)
        if event is not None:
            callback(event)

    return forward


# -- TF's log -----------------------------------------------------------------


def read_log(stderr: str, stray_stdout: list[str]) -> TfLog:
    log = TfLog()
    lines = [line.rstrip() for line in stderr.splitlines() if line.strip()]
    for pattern in _GPU_INIT_PATTERNS:
        hit = next((line for line in lines if pattern.search(line)), None)
        if hit:
            log.gpu_init_error = _LOG_PREFIX.sub("", hit).strip()[:MAX_LINE_CHARS]
            break
    for line in lines:
        match = _MISSING_LIBRARY.search(line)
        if match and match.group(1) not in log.missing_libraries:
            log.missing_libraries.append(match.group(1))
    kept = [line[:MAX_LINE_CHARS] for line in lines if not any(n in line for n in _NOISE)]
    kept += [f"stdout: {line}" for line in stray_stdout]
    if len(kept) > MAX_LOG_LINES:  # the start (import) and the end (the failure) matter most
        half = MAX_LOG_LINES // 2
        kept = kept[:half] + [f"… {len(kept) - 2 * half} lines left out …"] + kept[-half:]
    log.lines = kept
    return log


def first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def last_line(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[-1][:MAX_LINE_CHARS] if lines else ""


# -- words ----------------------------------------------------------------------


def exit_words(code: int | None) -> str:
    if code is None:
        return "killed"
    if code < 0:
        return f"killed by signal {_SIGNALS.get(-code, -code)}"
    if code in _NTSTATUS:
        return f"crashed with 0x{code:08X} ({_NTSTATUS[code]})"
    if 128 < code < 160 and code - 128 in _SIGNALS:
        return f"exit {code} (signal {_SIGNALS[code - 128]})"
    return f"exit {code}"


def stage_words(stage: str | None) -> str:
    return {
        "distributions": "listing installed packages",
        "import": "importing tensorflow",
        "build_info": "reading the build info",
        "is_built_with_cuda": "asking whether the build has CUDA",
        "list_gpus": "initialising the GPU (list_physical_devices)",
        "loaded_libraries": "listing loaded libraries",
    }.get(stage or "", stage or "starting")
