"""The injected host: every probe and capability touches the machine only through a ``Host``.

- :mod:`.base`: ``Host`` (env, files, registry, commands, platform facts), ``RealHost``, path helpers;
- :mod:`.process`: the process runner (timeout, cancel, output caps, whole-tree kill);
- :mod:`.decoding`: command output and pasted bytes to text, never raising;
- :mod:`.registry`: the Windows registry behind an interface (``NoRegistry`` elsewhere);
- :mod:`.agents`: running a standalone agent script inside a target Python.

Tests describe other machines with ``tests/fakes/fake_host.py``. The names below load their
module on first use, so importing one small part (decoding) does not start the rest.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tfgpu.core.host.base import FileSystem, Host, PlatformFacts, RealHost, getenv, path_entries, which
    from tfgpu.core.host.decoding import decode_output
    from tfgpu.core.host.process import DEFAULT_TIMEOUT_S, MAX_OUTPUT_BYTES, CommandResult, LineCallback
    from tfgpu.core.host.registry import NoRegistry, Registry, WinRegistry

_HOME = {
    "FileSystem": "base", "Host": "base", "PlatformFacts": "base", "RealHost": "base", "getenv": "base",
    "path_entries": "base", "which": "base", "decode_output": "decoding", "DEFAULT_TIMEOUT_S": "process",
    "MAX_OUTPUT_BYTES": "process", "CommandResult": "process", "LineCallback": "process",
    "NoRegistry": "registry", "Registry": "registry", "WinRegistry": "registry",
}
__all__ = [
    "DEFAULT_TIMEOUT_S", "MAX_OUTPUT_BYTES", "CommandResult", "FileSystem", "Host", "LineCallback", "NoRegistry",
    "PlatformFacts", "RealHost", "Registry", "WinRegistry", "decode_output", "getenv", "path_entries", "which",
]


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{module}"), name)
