"""The exact commands that open a profile's full trace in TensorBoard (quoted, naming the interpreter)."""

from __future__ import annotations

import sys

from tfgpu.core.profile.model import ProfileRun
from tfgpu.core.shell import Shell, command

#: TensorBoard's Profile tab comes from this package (now also published as ``xprof``).
PLUGIN_PACKAGE = "tensorboard-plugin-profile"


def _shell(platform: str | None = None) -> Shell:
    return Shell.POWERSHELL if (platform or sys.platform) == "win32" else Shell.BASH


def tensorboard_command(run: ProfileRun, platform: str | None = None) -> str:
    """``<python> -m tensorboard.main --logdir <trace folder>``: then open the Profile tab."""
    return command([run.env, "-m", "tensorboard.main", "--logdir", run.logdir or "."], _shell(platform), bare_words=True)


def plugin_install_command(run: ProfileRun, platform: str | None = None) -> str:
    """The one install TensorBoard needs to show the trace (the profile plugin)."""
    return command([run.env, "-m", "pip", "install", PLUGIN_PACKAGE], _shell(platform), bare_words=True)
