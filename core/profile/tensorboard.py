"""The exact commands that open a profile's full trace in TensorBoard (quoted, naming the interpreter)."""

from __future__ import annotations

import sys

from tfgpu.core.profile.model import ProfileRun
from tfgpu.core.shell import Shell, command

#: TensorBoard's Profile tab comes from this package (now also published as ``xprof``).
PLUGIN_PACKAGE = "tensorboard-plugin-profile"
#: What the command needs: TensorFlow 2.20 and newer no longer install TensorBoard, and the plugin
#: (tensorboard-plugin-profile 2.24 requires only xprof) does not bring it either.
TENSORBOARD_PACKAGES = ("tensorboard", PLUGIN_PACKAGE)


def _shell(platform: str | None = None) -> Shell:
    return Shell.POWERSHELL if (platform or sys.platform) == "win32" else Shell.BASH


def tensorboard_command(run: ProfileRun, platform: str | None = None) -> str:
    """``<python> -m tensorboard.main --logdir <trace folder>``: then open the Profile tab."""
    return command([run.env, "-m", "tensorboard.main", "--logdir", run.logdir or "."], _shell(platform), bare_words=True)


def plugin_install_command(run: ProfileRun, platform: str | None = None) -> str:
    """The install the TensorBoard command needs: TensorBoard itself and its Profile tab's plugin."""
    return command([run.env, "-m", "pip", "install", *TENSORBOARD_PACKAGES], _shell(platform), bare_words=True)
