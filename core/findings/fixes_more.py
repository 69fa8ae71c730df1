"""Fix steps for the findings added with issue 13 (NumPy 2, Windows long paths, CPUs without AVX, NCCL,
ports in use). Commands are built from arguments with :mod:`tfgpu.core.shell`; :mod:`.fixes` registers them."""

from __future__ import annotations

from typing import Protocol

from tfgpu.core.findings import commands, links
from tfgpu.core.findings.model import FixStep
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.shell import Shell, command, powershell_quote


class FixContext(Protocol):
    """What these steps read of :class:`tfgpu.core.findings.fixes.FixContext` (no import: no cycle)."""

    @property
    def windows(self) -> bool: ...

    python_exe: str | None


def _shell(ctx: FixContext) -> Shell:
    return Shell.POWERSHELL if ctx.windows else Shell.BASH


def _python(ctx: FixContext) -> str:
    return commands.python_program(ctx.python_exe, Shell.POWERSHELL if ctx.windows else Shell.BASH)


def _step(text: str, ctx: FixContext | None = None, argv: list[str] | None = None, *, shell: Shell | None = None,
          url: str | None = None, alternative: bool = False, **args: object) -> FixStep:
    chosen = shell or (_shell(ctx) if ctx is not None else Shell.BASH)
    # A program from the scan (an interpreter's path) is always quoted; our own constants are Verbatim.
    cmd = command(argv, chosen, bare_program=not (ctx is not None and argv[0] == ctx.python_exe)) if argv else None
    return FixStep(text=TrText(text, **args), command=cmd, shell=chosen if cmd else None, url=url, alternative=alternative)


def cmdlet(name: str, *switches: str, **params: str) -> str:
    """A PowerShell cmdlet call: parameter names written as names (a quoted '-Path' would be a value),
    every value quoted with :func:`~tfgpu.core.shell.powershell_quote`."""
    parts = [name, *(f"-{key} {powershell_quote(value)}" for key, value in params.items()), *(f"-{s}" for s in switches)]
    return " ".join(parts)


def numpy_incompatible(ctx: FixContext) -> list[FixStep]:
    return [_step(QT_TRANSLATE_NOOP("core", "Install NumPy 1.x into the same environment (TensorFlow before 2.18 is "
                                            "built for it):"), ctx, [_python(ctx), "-m", "pip", "install", "numpy<2"],
                  url=links.NUMPY_2_MIGRATION),
            _step(QT_TRANSLATE_NOOP("core", "Or upgrade TensorFlow to 2.18 or later, which is built for NumPy 2:"), ctx,
                  [_python(ctx), "-m", "pip", "install", "--upgrade", "tensorflow>=2.18"], alternative=True)]


def windows_long_paths(ctx: FixContext) -> list[FixStep]:
    enable = cmdlet("New-ItemProperty", "Force", Path="HKLM:\\SYSTEM\\CurrentControlSet\\Control\\FileSystem",
                    Name="LongPathsEnabled", Value="1", PropertyType="DWORD")
    return [FixStep(text=TrText(QT_TRANSLATE_NOOP("core", "Enable long paths in an administrator PowerShell (a system "
                                                          "setting; new programs see it at once):")),
                    command=enable, shell=Shell.POWERSHELL, url=links.WINDOWS_LONG_PATHS),
            _step(QT_TRANSLATE_NOOP("core", "Then run the pip install again, in a new terminal.")),
            _step(QT_TRANSLATE_NOOP("core", "Or create the virtual environment in a short folder (e.g. C:\\tf) so the "
                                            "paths stay under 260 characters."), alternative=True)]


def cpu_no_avx(ctx: FixContext) -> list[FixStep]:
    return [_step(QT_TRANSLATE_NOOP("core", "Prebuilt TensorFlow (1.6 and later) needs a CPU with AVX. Use a computer "
                                            "with a newer CPU, or a cloud machine (e.g. Google Colab)."), url=links.TF_PIP),
            _step(QT_TRANSLATE_NOOP("core", "Or build TensorFlow from source for this CPU, or use TensorFlow 1.5 (the "
                                            "last prebuilt release without AVX, for Python 3.6 and older)."),
                  alternative=True)]


def nccl_unavailable(ctx: FixContext) -> list[FixStep]:
    code = "strategy = tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())"
    return [FixStep(text=TrText(QT_TRANSLATE_NOOP("core", "Give the strategy an all-reduce that does not need NCCL:")),
                    command=code, url=links.TF_DISTRIBUTED_GUIDE)]


def port_in_use(ctx: FixContext) -> list[FixStep]:
    if ctx.windows:
        listen = FixStep(text=TrText(QT_TRANSLATE_NOOP(
            "core", "See which process listens on the port (the OwningProcess column), then stop it:")),
            command=cmdlet("Get-NetTCPConnection", State="Listen"), shell=Shell.POWERSHELL)
    else:
        listen = _step(QT_TRANSLATE_NOOP("core", "See which process listens on the port, then stop it (or give this task "
                                                 "another port):"), ctx, ["ss", "-ltnp"])
    return [listen,
            _step(QT_TRANSLATE_NOOP("core", "In a cluster, give every task on one host its own port in TF_CONFIG."),
                  url=links.TF_DISTRIBUTED_GUIDE, alternative=True)]


BUILDERS = {
    "numpy-incompatible": numpy_incompatible,
    "windows-long-paths": windows_long_paths,
    "cpu-no-avx": cpu_no_avx,
    "nccl-unavailable": nccl_unavailable,
    "port-in-use": port_in_use,
}
