"""Fix steps per finding id: exact commands for the user's shell and official links.

Steps say only what the context knows: an unknown version gives the general step and the
official page, never a guessed version number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tfgpu.core import kb
from tfgpu.core.findings import commands, fixes_more, links
from tfgpu.core.findings.driver_steps import cpu_route, install_driver
from tfgpu.core.findings.gpu_limits import and_cuda_specs, unsupported_gpu_rule, unsupported_gpu_steps
from tfgpu.core.findings.model import FixStep, Shell
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.shell import bash_assignment, bash_quote, chain, command, has_control_characters, powershell_assignment
from tfgpu.core.versions import at_least


@dataclass(kw_only=True)
class FixContext:
    """What a fix depends on. Unknown values stay None; the steps then say less, never guess."""

    os: str = "unknown"  # "windows" | "linux" | "wsl" | "unknown"
    distro: str | None = None  # Linux: os-release ID ("ubuntu", "debian"...), for the driver steps
    distro_like: list[str] = field(default_factory=list)  # Linux: os-release ID_LIKE
    adapters: str | None = None  # the graphics adapters found, when there is no NVIDIA card
    tf_version: str | None = None
    python_version: str | None = None  # "3.10.11"
    python_exe: str | None = None  # the interpreter to run pip with
    cuda_version: str | None = None  # the CUDA the TF build needs ("11.2")
    cudnn_version: str | None = None  # the cuDNN the TF build needs ("8.1")
    installed_cuda: str | None = None  # a toolkit that is installed, when it differs
    installed_cudnn: str | None = None
    gpu_name: str | None = None
    compute_capability: str | None = None
    driver_version: str | None = None
    missing_libraries: list[str] = field(default_factory=list)
    library_dirs: list[str] = field(default_factory=list)  # folders that hold the libraries (path-not-set)

    @property
    def windows(self) -> bool:
        return self.os == "windows"


def fix_steps(finding_id: str, ctx: FixContext) -> list[FixStep]:
    """Ordered steps (alternatives last) for a finding; [] for ids with nothing to do."""
    builder = _BUILDERS.get(finding_id)
    if builder is None:
        return []
    try:
        if finding_id in _GPU_INSTALL_FIXES:
            rule = unsupported_gpu_rule(ctx.compute_capability, ctx.gpu_name, None, ctx.os)
            if rule is not None:  # no PyPI TensorFlow runs this GPU: its options, never "install [and-cuda]"
                return unsupported_gpu_steps(rule, ctx.os, ctx.python_exe)
        return builder(ctx)
    except Exception:  # noqa: BLE001 - a fix that cannot be built is left out, the finding stays
        return []


#: Findings whose fix installs a GPU build of TensorFlow (or its CUDA libraries).
_GPU_INSTALL_FIXES = frozenset({
    "no-native-windows-gpu", "cpu-only-build", "mixed-tf-packages", "cuda-runtime-missing", "cuda-version-mismatch",
    "cudnn-missing", "cudnn-version-mismatch", "compute-capability-unsupported", "tensorflow-gpu-removed",
    "ptx-toolchain-mismatch"})


def step(text: str, *, command: str | None = None, shell: Shell | None = None, url: str | None = None,
         alternative: bool = False, check: str | None = None, **args: object) -> FixStep:
    return FixStep(text=TrText(text, **args), command=command, shell=shell, url=url, alternative=alternative,
                   check=check)


def shell_for(ctx: FixContext) -> Shell:
    return Shell.POWERSHELL if ctx.windows else Shell.BASH


def pip_install(ctx: FixContext, *specs: str) -> str | None:
    """``python -m pip install ...`` with the environment's own interpreter, each argument quoted for its shell."""
    return commands.pip(ctx.python_exe, shell_for(ctx), "install", *specs)


def pip_uninstall(ctx: FixContext, *names: str) -> str | None:
    return commands.pip(ctx.python_exe, shell_for(ctx), "uninstall", *names)


def verify_command(ctx: FixContext) -> str | None:
    shell = shell_for(ctx)
    return commands.gpu_check(commands.python_program(ctx.python_exe, shell), shell)


def verify_step(ctx: FixContext) -> FixStep:
    return step(QT_TRANSLATE_NOOP("core", "Check that TensorFlow now lists the GPU (a non-empty list):"),
                command=verify_command(ctx), shell=shell_for(ctx), check="gpu-ready")


def driver_update(ctx: FixContext) -> list[FixStep]:
    """The driver steps of this system (``ubuntu-drivers`` only on Ubuntu): :mod:`.driver_steps`."""
    steps = install_driver(ctx.os, ctx.distro, ctx.distro_like)
    for fix in steps:
        fix.check = fix.check or "driver"  # Re-check ticks these off when the driver answers
    return steps


def _no_nvidia_gpu(ctx: FixContext) -> list[FixStep]:
    return cpu_route(ctx.os, ctx.adapters or "?")


def _driver_missing(ctx: FixContext) -> list[FixStep]:
    return driver_update(ctx)


def _driver_library_mismatch(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "The driver was updated but the old kernel module is still loaded. Restart the computer:"),
                 command=commands.run(["sudo", "reboot"], Shell.BASH), shell=Shell.BASH)]


def _wsl_gpu_missing(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "In Windows PowerShell, update WSL and make sure the distribution runs as WSL 2:"),
                 command="; ".join(filter(None, [commands.run(["wsl", "--update"], Shell.POWERSHELL),
                                                 commands.run(["wsl", "--set-version", "Ubuntu", "2"], Shell.POWERSHELL),
                                                 commands.run(["wsl", "--shutdown"], Shell.POWERSHELL)])),
                 shell=Shell.POWERSHELL),
            step(QT_TRANSLATE_NOOP("core", "Install the current NVIDIA driver on Windows (it provides the GPU to WSL):"),
                 url=links.DRIVER_DOWNLOAD),
            step(QT_TRANSLATE_NOOP("core", "NVIDIA's CUDA on WSL guide:"), url=links.CUDA_WSL_GUIDE)]


def _no_native_windows_gpu(ctx: FixContext) -> list[FixStep]:
    return [*wsl_route_steps(ctx),
            step(QT_TRANSLATE_NOOP("core", "Stay on native Windows with TensorFlow 2.10, the last version with GPU "
                                           "support there, in a Python 3.10 conda environment with CUDA 11.2 and cuDNN 8.1:"),
                 command=WINDOWS_TF210_CONDA, shell=Shell.POWERSHELL, alternative=True)]


WINDOWS_TF210_CONDA = commands.windows_tf210_conda()


HOME_VENV = "~/tf"  # our own constant, left unquoted in commands so that bash expands the ~


def home_venv_command(args: list[str]) -> str:
    """``~/tf/bin/python ARGS...`` for bash, every argument quoted."""
    return " ".join([f"{HOME_VENV}/bin/python", *(bash_quote(arg) for arg in args)])


def home_venv_install(specs: list[str]) -> str:
    """Make the ~/tf virtual environment (Debian/Ubuntu) and pip install ``specs`` into it."""
    return chain([command(["sudo", "apt", "update"], Shell.BASH),
                  command(["sudo", "apt", "install", "-y", "python3-venv"], Shell.BASH),
                  f"python3 -m venv {HOME_VENV}",
                  home_venv_command(["-m", "pip", "install", *specs])], Shell.BASH)


def wsl_route_steps(ctx: FixContext, tf_specs: list[str] | None = None) -> list[FixStep]:
    """Install WSL2, then TensorFlow inside it (``tf_specs``: default ``tensorflow[and-cuda]`` plus the pins the GPU needs)."""
    specs = tf_specs if tf_specs is not None else and_cuda_specs(None, ctx.compute_capability)
    return [step(QT_TRANSLATE_NOOP("core", "Install WSL2 with Ubuntu (PowerShell as administrator), then restart:"),
                 command=commands.run(["wsl", "--install", "-d", "Ubuntu"], Shell.POWERSHELL), shell=Shell.POWERSHELL,
                 url=links.WSL_INSTALL, check="wsl2"),
            step(QT_TRANSLATE_NOOP("core", "Inside Ubuntu, create a virtual environment and install TensorFlow with its CUDA libraries:"),
                 command=home_venv_install(specs), shell=Shell.BASH, url=links.TF_PIP,
                 check="inside-wsl"),
            step(QT_TRANSLATE_NOOP("core", "Check it inside Ubuntu:"),
                 command=commands.gpu_check(commands.HOME_VENV_PYTHON, Shell.BASH), shell=Shell.BASH,
                 check="inside-wsl")]


def _cpu_only_build(ctx: FixContext) -> list[FixStep]:
    if ctx.windows:
        return _no_native_windows_gpu(ctx)
    return [step(QT_TRANSLATE_NOOP("core", "Remove the CPU-only package:"),
                 command=pip_uninstall(ctx, "tensorflow-cpu", "tensorflow"), shell=Shell.BASH),
            step(QT_TRANSLATE_NOOP("core", "Install TensorFlow with its CUDA libraries:"),
                 command=pip_install(ctx, *and_cuda_specs(None, ctx.compute_capability)), shell=Shell.BASH, url=links.TF_PIP),
            verify_step(ctx)]


def _python_unsupported(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Use a Python version TensorFlow publishes wheels for (the recommendation "
                                           "below names one), in its own virtual environment."), url=links.TF_PIP),
            step(QT_TRANSLATE_NOOP("core", "Python downloads:"), url=links.PYTHON_DOWNLOADS)]


def _python_32bit(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Install the 64-bit Python (\"Windows installer (64-bit)\") and create the environment with it."),
                 url=links.PYTHON_DOWNLOADS)]


def _mixed_packages(ctx: FixContext) -> list[FixStep]:
    uninstall = pip_uninstall(ctx, "tensorflow", "tensorflow-gpu", "tensorflow-cpu", "tensorflow-intel")
    specs = ["tensorflow<2.11"] if ctx.windows else and_cuda_specs(None, ctx.compute_capability)
    return [step(QT_TRANSLATE_NOOP("core", "Remove every TensorFlow package, then install exactly one:"), command=uninstall,
                 shell=shell_for(ctx)),
            step(QT_TRANSLATE_NOOP("core", "Install one package:"), command=pip_install(ctx, *specs), shell=shell_for(ctx))]


def _msvc(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Install the Microsoft Visual C++ Redistributable (x64), then open a new terminal:"),
                 url=links.VC_REDIST),
            step(QT_TRANSLATE_NOOP("core", "With winget:"),
                 command=commands.run(["winget", "install", "Microsoft.VCRedist.2015+.x64"], Shell.POWERSHELL),
                 shell=Shell.POWERSHELL, alternative=True)]


def _cuda_install(ctx: FixContext) -> list[FixStep]:
    tf = commands.safe_version(ctx.tf_version)
    if not ctx.windows and tf and at_least(tf, "2.14"):
        return [step(QT_TRANSLATE_NOOP("core", "Install TensorFlow together with the CUDA libraries it was built with (no system CUDA needed):"),
                     command=pip_install(ctx, *and_cuda_specs(tf, ctx.compute_capability)), shell=Shell.BASH,
                     url=links.TF_PIP),
                verify_step(ctx)]
    steps: list[FixStep] = []
    if ctx.cuda_version:
        steps.append(step(QT_TRANSLATE_NOOP("core", "Install CUDA {cuda} (the version this TensorFlow was built for) from NVIDIA's archive."),
                          url=links.CUDA_ARCHIVE, cuda=ctx.cuda_version))
        cuda = commands.safe_version(ctx.cuda_version)
        if ctx.windows and cuda:
            steps.append(step(QT_TRANSLATE_NOOP("core", "Install it into a conda environment instead:"),
                              command=commands.conda_install(Shell.POWERSHELL, f"cudatoolkit={cuda}"),
                              shell=Shell.POWERSHELL, alternative=True))
    else:
        steps.append(step(QT_TRANSLATE_NOOP("core", "Install the CUDA version your TensorFlow was built for (see the table):"),
                          url=links.TF_TESTED_BUILDS_WINDOWS if ctx.windows else links.TF_TESTED_BUILDS))
    if ctx.windows and ctx.tf_version and not at_least(ctx.tf_version, "2.11"):
        steps.append(step(QT_TRANSLATE_NOOP("core", "Then open a new terminal so the new PATH is seen.")))
    steps.append(verify_step(ctx))
    return steps


def _cuda_mismatch(ctx: FixContext) -> list[FixStep]:
    steps = _cuda_install(ctx)
    if ctx.installed_cuda and ctx.cuda_version:
        steps.insert(0, step(QT_TRANSLATE_NOOP("core", "CUDA {installed} is installed but this TensorFlow needs CUDA {cuda}. "
                                                       "Both can be installed side by side."),
                             installed=ctx.installed_cuda, cuda=ctx.cuda_version))
    return steps


def _cudnn_install(ctx: FixContext) -> list[FixStep]:
    if not ctx.windows and commands.safe_version(ctx.tf_version) and at_least(ctx.tf_version, "2.14"):
        return _cuda_install(ctx)
    if ctx.cudnn_version and ctx.cuda_version:
        text = QT_TRANSLATE_NOOP("core", "Download cuDNN {cudnn} for CUDA {cuda} from NVIDIA's archive.")
    else:
        text = QT_TRANSLATE_NOOP("core", "Download the cuDNN version your TensorFlow was built for from NVIDIA's archive.")
    steps = [step(text, url=links.CUDNN_ARCHIVE, cudnn=ctx.cudnn_version or "", cuda=ctx.cuda_version or "")]
    if ctx.windows:
        steps.append(step(QT_TRANSLATE_NOOP("core", "Copy its bin, include and lib folders into the CUDA folder "
                                                    "(C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v{cuda}), or add its bin folder to PATH."),
                          cuda=ctx.cuda_version or "X.Y"))
        cudnn = commands.safe_version(ctx.cudnn_version)
        if cudnn:
            steps.append(step(QT_TRANSLATE_NOOP("core", "Install it with conda:"), shell=Shell.POWERSHELL, alternative=True,
                              command=commands.conda_install(Shell.POWERSHELL, f"cudnn={cudnn}")))
    else:
        steps.append(step(QT_TRANSLATE_NOOP("core", "Install it (Debian/Ubuntu packages, or the tar archive into /usr/local/cuda), then refresh the loader cache:"),
                          command=commands.run(["sudo", "ldconfig"], Shell.BASH), shell=Shell.BASH))
    steps.append(verify_step(ctx))
    return steps


def _zlibwapi(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "cuDNN 8.3+ on Windows needs zlibwapi.dll. Install it with conda into the environment:"),
                 command=commands.conda_install(Shell.POWERSHELL, "zlib-wapi"), shell=Shell.POWERSHELL),
            step(QT_TRANSLATE_NOOP("core", "Follow NVIDIA's cuDNN 8 install guide ('Installing Zlib') and put zlibwapi.dll in a folder on PATH."),
                 url=links.CUDNN8_WINDOWS_GUIDE, alternative=True)]


def _path_not_set(ctx: FixContext) -> list[FixStep]:
    """The folder goes into a command only when it is plain text; otherwise it is shown as text
    (a folder read from a pasted log may hold shell syntax)."""
    dirs = ctx.library_dirs
    if ctx.windows:
        folder = dirs[0] if dirs else r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\vX.Y\bin"
        command = commands.windows_user_path_command(folder)
        if command is None:
            return [_unsafe_folder_step(folder), verify_step(ctx)]
        return [step(QT_TRANSLATE_NOOP("core", "Add the folder to your user PATH (PowerShell; this reads the user PATH only, "
                                               "unlike setx which can truncate it), then open a new terminal:"),
                     command=command, shell=Shell.POWERSHELL),
                verify_step(ctx)]
    folder = dirs[0] if dirs else "/usr/local/cuda/lib64"
    built = commands.ld_library_path_commands(folder)
    if built is None:
        return [_unsafe_folder_step(folder), verify_step(ctx)]
    profile, register = built
    steps = [step(QT_TRANSLATE_NOOP("core", "Add the folder to the library search path, now and for new shells:"),
                  command=profile, shell=Shell.BASH)]
    if register:
        steps.append(step(QT_TRANSLATE_NOOP("core", "Register it with the loader for every user:"), alternative=True,
                          command=register, shell=Shell.BASH))
    return [*steps, verify_step(ctx)]


def _unsafe_folder_step(folder: str) -> FixStep:
    return step(QT_TRANSLATE_NOOP("core", "Add this folder to the library search path yourself; its name holds characters "
                                          "a shell would run, so no command is given for it: {folder}"),
                folder=folder.encode("unicode_escape").decode("ascii") if has_control_characters(folder) else folder)


def _libdevice(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Install the CUDA compiler package (it contains libdevice) into the environment:"),
                 command=pip_install(ctx, "nvidia-cuda-nvcc-cu12"), shell=shell_for(ctx)),
            step(QT_TRANSLATE_NOOP("core", "Point XLA at a CUDA toolkit folder that has nvvm/libdevice:"),
                 command=bash_assignment("XLA_FLAGS", "--xla_gpu_cuda_data_dir=/usr/local/cuda"), shell=Shell.BASH,
                 alternative=True)]


def _ptx(ctx: FixContext) -> list[FixStep]:
    return [*driver_update(ctx),
            step(QT_TRANSLATE_NOOP("core", "Use the ptxas of TensorFlow's own CUDA version (first on PATH):"),
                 command=pip_install(ctx, "nvidia-cuda-nvcc-cu12"), shell=shell_for(ctx), alternative=True)]


def _cc_unsupported(ctx: FixContext) -> list[FixStep]:
    last = commands.safe_version(kb.last_tf_for_cc(ctx.compute_capability)) if ctx.compute_capability else None
    if last:
        specs = [f"tensorflow=={last}"] if ctx.windows or not at_least(last, "2.14") else and_cuda_specs(last, ctx.compute_capability)
        return [step(QT_TRANSLATE_NOOP("core", "TensorFlow {tf} is the last version that runs on compute capability {cc}. "
                                               "Install it in a Python it supports:"),
                     command=pip_install(ctx, *specs), shell=shell_for(ctx), tf=last, cc=ctx.compute_capability)]
    return [step(QT_TRANSLATE_NOOP("core", "This GPU cannot run the prebuilt TensorFlow; use the CPU, or a newer GPU."))]


def _memory_growth(ctx: FixContext) -> list[FixStep]:
    code = ("import tensorflow as tf\n"
            "for gpu in tf.config.list_physical_devices('GPU'):\n"
            "    tf.config.experimental.set_memory_growth(gpu, True)\n"
            "# ...only now import your model code / create tensors")
    return [step(QT_TRANSLATE_NOOP("core", "Call set_memory_growth first, before anything creates a tensor or a model:"),
                 command=code, url=links.TF_GPU_GUIDE),
            step(QT_TRANSLATE_NOOP("core", "Set it without code changes, before Python starts:"), alternative=True,
                 command=_allow_growth(ctx),
                 shell=shell_for(ctx))]


def _allow_growth(ctx: FixContext) -> str:
    if ctx.windows:
        return powershell_assignment("TF_FORCE_GPU_ALLOW_GROWTH", "true")
    return bash_assignment("TF_FORCE_GPU_ALLOW_GROWTH", "true")


def _oom(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Use a smaller batch size (halve it until it fits), or a smaller model / input size.")),
            step(QT_TRANSLATE_NOOP("core", "Close other programs using the GPU; see what holds memory:"),
                 command=commands.run(["nvidia-smi"], shell_for(ctx)),
                 shell=shell_for(ctx)),
            step(QT_TRANSLATE_NOOP("core", "Let TensorFlow allocate memory as needed instead of all at once:"),
                 command=_allow_growth(ctx),
                 shell=shell_for(ctx), url=links.TF_GPU_GUIDE),
            step(QT_TRANSLATE_NOOP("core", "Mixed precision halves activation memory on GPUs with Tensor Cores:"),
                 command="tf.keras.mixed_precision.set_global_policy('mixed_float16')", alternative=True,
                 url=links.TF_MIXED_PRECISION)]


def _gpu_hidden(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Unset CUDA_VISIBLE_DEVICES (or set it to the GPU index, e.g. 0) before starting Python:"),
                 command=commands.run(["Remove-Item", "Env:CUDA_VISIBLE_DEVICES"] if ctx.windows
                                      else ["unset", "CUDA_VISIBLE_DEVICES"], shell_for(ctx)),
                 shell=shell_for(ctx))]


def _tensorflow_gpu_removed(ctx: FixContext) -> list[FixStep]:
    if ctx.windows:  # two routes: the native one, and WSL2 as the other way (never numbered as one sequence)
        return [step(QT_TRANSLATE_NOOP("core", "On native Windows the last GPU build is 2.10; install it by its real name:"),
                     command=pip_install(ctx, "tensorflow<2.11"), shell=Shell.POWERSHELL),
                step(QT_TRANSLATE_NOOP("core", "Use current TensorFlow in WSL2 instead: install WSL2 with Ubuntu (PowerShell as "
                                               "administrator), restart, then install tensorflow[and-cuda] inside Ubuntu:"),
                     command=commands.run(["wsl", "--install", "-d", "Ubuntu"], Shell.POWERSHELL), shell=Shell.POWERSHELL,
                     url=links.WSL_INSTALL, alternative=True, check="wsl2")]
    return [step(QT_TRANSLATE_NOOP("core", "Install the plain package with its CUDA libraries instead:"),
                 command=pip_install(ctx, *and_cuda_specs(None, ctx.compute_capability)), shell=Shell.BASH, url=links.TF_PIP)]


def _container_gpu(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Install the NVIDIA Container Toolkit on the host (the NVIDIA driver must already work there):"),
                 url=links.CONTAINER_TOOLKIT),
            step(QT_TRANSLATE_NOOP("core", "Register it with Docker and restart Docker:"), shell=Shell.BASH,
                 command=chain([commands.run(["sudo", "nvidia-ctk", "runtime", "configure", "--runtime=docker"], Shell.BASH) or "",
                                commands.run(["sudo", "systemctl", "restart", "docker"], Shell.BASH) or ""], Shell.BASH)),
            step(QT_TRANSLATE_NOOP("core", "Start the container with the GPU passed in, and check it:"), shell=Shell.BASH,
                 command=commands.run(["docker", "run", "--rm", "--gpus", "all", "tensorflow/tensorflow:latest-gpu",
                                       "nvidia-smi"], Shell.BASH))]


def _cudnn_gpu_too_old(ctx: FixContext) -> list[FixStep]:
    known = kb.cudnn_floor_for(ctx.compute_capability)
    cutoff = known if ctx.compute_capability else next(iter(kb.cudnn_cutoffs()), None)
    if cutoff is None or not cutoff.pip_pin:
        return [step(QT_TRANSLATE_NOOP("core", "Install a cuDNN release that supports this GPU: the one your TensorFlow was "
                                               "built with (see NVIDIA's support matrix)."), url=links.CUDNN_ARCHIVE)]
    if known is not None:
        first = step(QT_TRANSLATE_NOOP("core", "Go back to the last cuDNN for this GPU ({last}), still inside the range TensorFlow accepts:"),
                     command=pip_install(ctx, cutoff.pip_pin), shell=shell_for(ctx), last=cutoff.last_supporting)
    else:
        first = step(QT_TRANSLATE_NOOP("core", "If the GPU is older than compute capability {cc} (GTX 9xx/10xx, P100, V100), go back "
                                               "to the last cuDNN for it ({last}):"),
                     command=pip_install(ctx, cutoff.pip_pin), shell=shell_for(ctx), cc=cutoff.cc_below, last=cutoff.last_supporting)
    python = ctx.python_exe or ("python" if ctx.windows else "python3")
    conv = 'import tensorflow as tf; print(tf.nn.conv2d(tf.ones([1, 8, 8, 1]), tf.ones([3, 3, 1, 1]), 1, "SAME").device)'
    return [first,
            step(QT_TRANSLATE_NOOP("core", "Check that a convolution (which needs cuDNN) now runs on the GPU (the device ends in GPU:0):"),
                 command=command([python, "-c", conv], shell_for(ctx), bare_program=True), shell=shell_for(ctx))]


def _tf_missing(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "See the recommendation below for the exact TensorFlow to install here."))]


_BUILDERS: dict[str, Callable[[FixContext], list[FixStep]]] = {
    "no-nvidia-gpu": _no_nvidia_gpu,
    "driver-missing": _driver_missing,
    "driver-too-old": driver_update,
    "driver-library-mismatch": _driver_library_mismatch,
    "wsl-gpu-missing": _wsl_gpu_missing,
    "no-native-windows-gpu": _no_native_windows_gpu,
    "cpu-only-build": _cpu_only_build,
    "python-unsupported": _python_unsupported,
    "python-32bit": _python_32bit,
    "mixed-tf-packages": _mixed_packages,
    "msvc-runtime-missing": _msvc,
    "cuda-runtime-missing": _cuda_install,
    "cuda-version-mismatch": _cuda_mismatch,
    "cudnn-missing": _cudnn_install,
    "cudnn-version-mismatch": _cudnn_install,
    "cudnn-gpu-too-old": _cudnn_gpu_too_old,
    "zlibwapi-missing": _zlibwapi,
    "path-not-set": _path_not_set,
    "libdevice-missing": _libdevice,
    "ptx-toolchain-mismatch": _ptx,
    "compute-capability-unsupported": _cc_unsupported,
    "memory-growth-after-init": _memory_growth,
    "gpu-oom": _oom,
    "gpu-hidden": _gpu_hidden,
    "tf-not-installed": _tf_missing,
    "tensorflow-gpu-removed": _tensorflow_gpu_removed,
    "container-gpu-missing": _container_gpu,
}
_BUILDERS.update(fixes_more.BUILDERS)
