"""The environment variables a helper needs to see, and nothing else.

An allowlist (names and prefixes that change how CUDA, cuDNN, TensorFlow, Python or conda
behave) decides what is shown; a name that contains a secret-like word is dropped even when
the allowlist would take it (``TF_API_KEY``). Everything else is never read into the report.
Values still go through the redactor (PATH holds the user's name).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

#: Shown by exact name (compared in upper case: Windows names are case-insensitive).
NAMES = frozenset({
    "PATH", "PATHEXT", "LD_LIBRARY_PATH", "LD_PRELOAD", "DYLD_LIBRARY_PATH", "PYTHONPATH", "PYTHONHOME",
    "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONNOUSERSITE", "VIRTUAL_ENV", "PYENV_VERSION", "XLA_FLAGS",
    "WSL_DISTRO_NAME", "WSL_INTEROP", "PROCESSOR_ARCHITECTURE", "NUMBER_OF_PROCESSORS", "OS", "LANG", "LC_ALL",
    "LC_CTYPE", "QT_QPA_PLATFORM",
})
#: Shown by prefix.
PREFIXES = ("CUDA_", "CUDNN_", "TENSORFLOW_", "XLA_", "CONDA_", "NVIDIA_", "NCCL_", "KERAS_", "TFGPU_",
            "CUPTI_", "TENSORRT_")
#: ``TF_`` is shared with other tools (Terraform: TF_VAR_*, TF_CLI_ARGS*, TF_TOKEN_*, TF_LOG...): only
#: TensorFlow's own kinds of ``TF_`` variable are shown.
TF_NAMES = frozenset({"TF_CONFIG", "TF2_BEHAVIOR", "TF_DETERMINISTIC_OPS", "TF_USE_LEGACY_KERAS",
                      "TF_FORCE_UNIFIED_MEMORY", "TF_SYNC_ON_FINISH", "TF_ONEDNN_ASSUME_FROZEN_WEIGHTS"})
TF_PREFIXES = ("TF_CPP_", "TF_GPU_", "TF_CUDA_", "TF_CUDNN_", "TF_XLA_", "TF_ENABLE_", "TF_DISABLE_", "TF_FORCE_GPU_",
               "TF_NUM_", "TF_MKL_", "TF_ONEDNN_", "TF_ROCM_", "TF_TENSORRT_", "TF_AUTOTUNE_", "TF_DUMP_")
#: A name containing one of these is never shown, whatever the allowlist says.
SECRET_WORDS = ("SECRET", "TOKEN", "KEY", "PASS", "PWD", "API", "CREDENTIAL", "AUTH", "PRIVATE", "SESSION",
                "COOKIE", "CERT")
MAX_VALUE_CHARS = 8192


@dataclass
class RelevantEnvironment:
    variables: dict[str, str] = field(default_factory=dict)
    withheld: int = 0  # allowlisted names dropped because they look like secrets

    def to_dict(self) -> dict:
        return {"variables": dict(self.variables), "withheld_secret_like": self.withheld,
                "rule": "allowlist: " + ", ".join(sorted(NAMES | TF_NAMES)) + "; prefixes: "
                + ", ".join(PREFIXES + TF_PREFIXES)
                + "; names containing " + "/".join(w.lower() for w in SECRET_WORDS) + " are dropped"}


def is_secret_like(name: str) -> bool:
    upper = name.upper()
    return any(word in upper for word in SECRET_WORDS)


def is_allowed(name: str) -> bool:
    upper = name.upper()
    return upper in NAMES or upper.startswith(PREFIXES) or upper in TF_NAMES or upper.startswith(TF_PREFIXES)


def _value_fits(value: str) -> bool:
    """A setting's value: no newlines or control characters, no embedded key or certificate."""
    return not any(c in value for c in "\n\r\x1b\x00") and "-----BEGIN" not in value


def relevant_environment(env: Mapping[str, str]) -> RelevantEnvironment:
    """The allowlisted variables of ``env``, sorted by name; long values are cut with a note."""
    out = RelevantEnvironment()
    for name in sorted(env, key=str.upper):
        if not is_allowed(name):
            continue
        if is_secret_like(name):
            out.withheld += 1
            continue
        value = str(env[name])
        if not _value_fits(value):  # by kind: a setting, never a blob (a key, a certificate, a form)
            out.withheld += 1
            continue
        if len(value) > MAX_VALUE_CHARS:
            value = value[:MAX_VALUE_CHARS] + f"... ({len(value) - MAX_VALUE_CHARS} more characters)"
        out.variables[name] = value
    return out
