"""The injected host: every probe and capability touches the machine only through a ``Host``.

- :mod:`.base`: ``Host`` (env, files, registry, commands, platform facts), ``RealHost``, path helpers;
- :mod:`.process`: the process runner (timeout, cancel, output caps, whole-tree kill);
- :mod:`.registry`: the Windows registry behind an interface (``NoRegistry`` elsewhere);
- :mod:`.agents`: running a standalone agent script inside a target Python.

Tests describe other machines with ``tests/fakes/fake_host.py``.
"""

from tfgpu.core.host.base import (
    FileSystem,
    Host,
    PlatformFacts,
    RealHost,
    getenv,
    path_entries,
    which,
)
from tfgpu.core.host.process import (
    DEFAULT_TIMEOUT_S,
    MAX_OUTPUT_BYTES,
    CommandResult,
    LineCallback,
    decode_output,
)
from tfgpu.core.host.registry import NoRegistry, Registry, WinRegistry

__all__ = [
    "DEFAULT_TIMEOUT_S",
    "MAX_OUTPUT_BYTES",
    "CommandResult",
    "FileSystem",
    "Host",
    "LineCallback",
    "NoRegistry",
    "PlatformFacts",
    "RealHost",
    "Registry",
    "WinRegistry",
    "decode_output",
    "getenv",
    "path_entries",
    "which",
]
