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
PREFIXES = ("CUDA_", "CUDNN_", "TF_", "TENSORFLOW_", "XLA_", "CONDA_", "NVIDIA_", "NCCL_", "KERAS_", "TFGPU_",
            "CUPTI_", "TENSORRT_")
#: A name containing one of these is never shown, whatever the allowlist says.
SECRET_WORDS = ("SECRET", "TOKEN", "KEY", "PASSWORD", "PASSWD", "API", "CREDENTIAL", "AUTH")
MAX_VALUE_CHARS = 8192


@dataclass
class RelevantEnvironment:
    variables: dict[str, str] = field(default_factory=dict)
    withheld: int = 0  # allowlisted names dropped because they look like secrets

    def to_dict(self) -> dict:
        return {"variables": dict(self.variables), "withheld_secret_like": self.withheld,
                "rule": "allowlist: " + ", ".join(sorted(NAMES)) + "; prefixes: " + ", ".join(PREFIXES)
                + "; names containing " + "/".join(w.lower() for w in SECRET_WORDS) + " are dropped"}


def is_secret_like(name: str) -> bool:
    upper = name.upper()
    return any(word in upper for word in SECRET_WORDS)


def is_allowed(name: str) -> bool:
    upper = name.upper()
    return upper in NAMES or upper.startswith(PREFIXES)


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
        if len(value) > MAX_VALUE_CHARS:
            value = value[:MAX_VALUE_CHARS] + f"... ({len(value) - MAX_VALUE_CHARS} more characters)"
        out.variables[name] = value
    return out
