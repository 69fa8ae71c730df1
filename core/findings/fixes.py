"""Fix steps per finding id: exact commands for the user's shell and official links.

Steps say only what the context knows: an unknown version gives the general step and the
official page, never a guessed version number.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tfgpu.core import kb
from tfgpu.core.findings import links
from tfgpu.core.findings.model import FixStep, Shell
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.versions import at_least


@dataclass(kw_only=True)
class FixContext:
    """What a fix depends on. Unknown values stay None; the steps then say less, never guess."""

    os: str = "unknown"  # "windows" | "linux" | "wsl" | "unknown"
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
        return builder(ctx)
    except Exception:  # noqa: BLE001 - a fix that cannot be built is left out, the finding stays
        return []


def step(text: str, *, command: str | None = None, shell: Shell | None = None, url: str | None = None,
         alternative: bool = False, check: str | None = None, **args: object) -> FixStep:
    return FixStep(text=TrText(text, **args), command=command, shell=shell, url=url, alternative=alternative,
                   check=check)


def shell_for(ctx: FixContext) -> Shell:
    return Shell.POWERSHELL if ctx.windows else Shell.BASH


def pip_install(ctx: FixContext, *specs: str) -> str:
    """``python -m pip install ...`` with the environment's own interpreter, quoted for its shell."""
    quoted = " ".join(f'"{s}"' if ctx.windows else f"'{s}'" if any(c in s for c in "[]<>=") else s for s in specs)
    if ctx.python_exe:
        exe = f'& "{ctx.python_exe}"' if ctx.windows else _sh_quote(ctx.python_exe)
    else:
        exe = "python" if ctx.windows else "python3"
    return f"{exe} -m pip install {quoted}"


def pip_uninstall(ctx: FixContext, *names: str) -> str:
    return pip_install(ctx, *names).replace(" -m pip install ", " -m pip uninstall -y ", 1)


def verify_command(ctx: FixContext) -> str:
    exe = (f'& "{ctx.python_exe}"' if ctx.windows else _sh_quote(ctx.python_exe)) if ctx.python_exe else (
        "python" if ctx.windows else "python3")
    code = "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"
    return f'{exe} -c "{code}"'


def _sh_quote(path: str) -> str:
    return path if all(c.isalnum() or c in "/._-+" for c in path) else "'" + path.replace("'", "'\\''") + "'"


def verify_step(ctx: FixContext) -> FixStep:
    return step(QT_TRANSLATE_NOOP("core", "Check that TensorFlow now lists the GPU (a non-empty list):"),
                command=verify_command(ctx), shell=shell_for(ctx), check="gpu-ready")


def driver_update(ctx: FixContext) -> list[FixStep]:
    steps = [step(QT_TRANSLATE_NOOP("core", "Download and install the latest NVIDIA driver for your GPU, then restart."),
                  url=links.DRIVER_DOWNLOAD, check="driver")]
    if not ctx.windows:
        steps.append(step(QT_TRANSLATE_NOOP("core", "On Ubuntu the packaged driver is the simplest route:"),
                          command="sudo ubuntu-drivers install && sudo reboot", shell=Shell.BASH, check="driver"))
    steps.append(step(QT_TRANSLATE_NOOP("core", "Then check that the driver answers:"), command="nvidia-smi",
                      shell=shell_for(ctx), check="driver"))
    return steps


def _driver_missing(ctx: FixContext) -> list[FixStep]:
    if ctx.os == "wsl":
        return [step(QT_TRANSLATE_NOOP("core", "In WSL2 the GPU comes from the Windows NVIDIA driver: install or update "
                                               "it on Windows (not inside Linux), then run 'wsl --shutdown'."),
                     url=links.DRIVER_DOWNLOAD),
                step(QT_TRANSLATE_NOOP("core", "Do not install a Linux NVIDIA driver inside WSL. See NVIDIA's guide:"),
                     url=links.CUDA_WSL_GUIDE)]
    return driver_update(ctx)


def _driver_library_mismatch(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "The driver was updated but the old kernel module is still loaded. Restart the computer:"),
                 command="sudo reboot", shell=Shell.BASH)]


def _wsl_gpu_missing(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "In Windows PowerShell, update WSL and make sure the distribution runs as WSL 2:"),
                 command="wsl --update; wsl --set-version Ubuntu 2; wsl --shutdown", shell=Shell.POWERSHELL),
            step(QT_TRANSLATE_NOOP("core", "Install the current NVIDIA driver on Windows (it provides the GPU to WSL):"),
                 url=links.DRIVER_DOWNLOAD),
            step(QT_TRANSLATE_NOOP("core", "NVIDIA's CUDA on WSL guide:"), url=links.CUDA_WSL_GUIDE)]


def _no_native_windows_gpu(ctx: FixContext) -> list[FixStep]:
    return [*wsl_route_steps(ctx),
            step(QT_TRANSLATE_NOOP("core", "Stay on native Windows with TensorFlow 2.10, the last version with GPU "
                                           "support there, in a Python 3.10 conda environment with CUDA 11.2 and cuDNN 8.1:"),
                 command=WINDOWS_TF210_CONDA, shell=Shell.POWERSHELL, alternative=True)]


WINDOWS_TF210_CONDA = (
    "conda create -n tf210 python=3.10 -y; conda activate tf210; "
    "conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0 -y; "
    'python -m pip install "tensorflow<2.11" "numpy<2"'
)


def wsl_route_steps(ctx: FixContext, tf_spec: str = "tensorflow[and-cuda]") -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Install WSL2 with Ubuntu (PowerShell as administrator), then restart:"),
                 command="wsl --install -d Ubuntu", shell=Shell.POWERSHELL, url=links.WSL_INSTALL, check="wsl2"),
            step(QT_TRANSLATE_NOOP("core", "Inside Ubuntu, create a virtual environment and install TensorFlow with its CUDA libraries:"),
                 command=f"sudo apt update && sudo apt install -y python3-venv && python3 -m venv ~/tf && "
                         f"~/tf/bin/python -m pip install '{tf_spec}'", shell=Shell.BASH, url=links.TF_PIP,
                 check="inside-wsl"),
            step(QT_TRANSLATE_NOOP("core", "Check it inside Ubuntu:"),
                 command="~/tf/bin/python -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\"",
                 shell=Shell.BASH, check="inside-wsl")]


def _cpu_only_build(ctx: FixContext) -> list[FixStep]:
    if ctx.windows:
        return _no_native_windows_gpu(ctx)
    return [step(QT_TRANSLATE_NOOP("core", "Remove the CPU-only package:"),
                 command=pip_uninstall(ctx, "tensorflow-cpu", "tensorflow"), shell=Shell.BASH),
            step(QT_TRANSLATE_NOOP("core", "Install TensorFlow with its CUDA libraries:"),
                 command=pip_install(ctx, "tensorflow[and-cuda]"), shell=Shell.BASH, url=links.TF_PIP),
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
    spec = "tensorflow<2.11" if ctx.windows else "tensorflow[and-cuda]"
    return [step(QT_TRANSLATE_NOOP("core", "Remove every TensorFlow package, then install exactly one:"), command=uninstall,
                 shell=shell_for(ctx)),
            step(QT_TRANSLATE_NOOP("core", "Install one package:"), command=pip_install(ctx, spec), shell=shell_for(ctx))]


def _msvc(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Install the Microsoft Visual C++ Redistributable (x64), then open a new terminal:"),
                 url=links.VC_REDIST),
            step(QT_TRANSLATE_NOOP("core", "With winget:"), command="winget install Microsoft.VCRedist.2015+.x64",
                 shell=Shell.POWERSHELL, alternative=True)]


def _cuda_install(ctx: FixContext) -> list[FixStep]:
    if not ctx.windows and ctx.tf_version and at_least(ctx.tf_version, "2.14"):
        return [step(QT_TRANSLATE_NOOP("core", "Install TensorFlow together with the CUDA libraries it was built with (no system CUDA needed):"),
                     command=pip_install(ctx, f"tensorflow[and-cuda]=={ctx.tf_version}"), shell=Shell.BASH, url=links.TF_PIP),
                verify_step(ctx)]
    steps: list[FixStep] = []
    if ctx.cuda_version:
        steps.append(step(QT_TRANSLATE_NOOP("core", "Install CUDA {cuda} (the version this TensorFlow was built for) from NVIDIA's archive."),
                          url=links.CUDA_ARCHIVE, cuda=ctx.cuda_version))
        if ctx.windows:
            steps.append(step(QT_TRANSLATE_NOOP("core", "Install it into a conda environment instead:"),
                              command=f"conda install -c conda-forge cudatoolkit={ctx.cuda_version}",
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
    if not ctx.windows and ctx.tf_version and at_least(ctx.tf_version, "2.14"):
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
        if ctx.cudnn_version:
            steps.append(step(QT_TRANSLATE_NOOP("core", "Install it with conda:"), shell=Shell.POWERSHELL, alternative=True,
                              command=f"conda install -c conda-forge cudnn={ctx.cudnn_version}"))
    else:
        steps.append(step(QT_TRANSLATE_NOOP("core", "Install it (Debian/Ubuntu packages, or the tar archive into /usr/local/cuda), then refresh the loader cache:"),
                          command="sudo ldconfig", shell=Shell.BASH))
    steps.append(verify_step(ctx))
    return steps


def _zlibwapi(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "cuDNN 8.3+ on Windows needs zlibwapi.dll. Install it with conda into the environment:"),
                 command="conda install -c conda-forge zlib-wapi", shell=Shell.POWERSHELL),
            step(QT_TRANSLATE_NOOP("core", "Follow NVIDIA's cuDNN 8 install guide ('Installing Zlib') and put zlibwapi.dll in a folder on PATH."),
                 url=links.CUDNN8_WINDOWS_GUIDE, alternative=True)]


def _path_not_set(ctx: FixContext) -> list[FixStep]:
    dirs = ctx.library_dirs
    if ctx.windows:
        folder = dirs[0] if dirs else r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\vX.Y\bin"
        command = ("$user = [Environment]::GetEnvironmentVariable('Path', 'User'); "
                   f"[Environment]::SetEnvironmentVariable('Path', \"$user;{folder}\", 'User')")
        return [step(QT_TRANSLATE_NOOP("core", "Add the folder to your user PATH (PowerShell; this reads the user PATH only, "
                                               "unlike setx which can truncate it), then open a new terminal:"),
                     command=command, shell=Shell.POWERSHELL),
                verify_step(ctx)]
    folder = dirs[0] if dirs else "/usr/local/cuda/lib64"
    line = f'export LD_LIBRARY_PATH="{folder}${{LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}}"'
    return [step(QT_TRANSLATE_NOOP("core", "Add the folder to the library search path, now and for new shells:"),
                 command=f"{line}\necho '{line}' >> ~/.bashrc", shell=Shell.BASH),
            step(QT_TRANSLATE_NOOP("core", "Register it with the loader for every user:"), alternative=True,
                 command=f"echo '{folder}' | sudo tee /etc/ld.so.conf.d/tfgpu-cuda.conf && sudo ldconfig", shell=Shell.BASH),
            verify_step(ctx)]


def _libdevice(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Install the CUDA compiler package (it contains libdevice) into the environment:"),
                 command=pip_install(ctx, "nvidia-cuda-nvcc-cu12"), shell=shell_for(ctx)),
            step(QT_TRANSLATE_NOOP("core", "Point XLA at a CUDA toolkit folder that has nvvm/libdevice:"),
                 command='export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda', shell=Shell.BASH, alternative=True)]


def _ptx(ctx: FixContext) -> list[FixStep]:
    return [*driver_update(ctx),
            step(QT_TRANSLATE_NOOP("core", "Use the ptxas of TensorFlow's own CUDA version (first on PATH):"),
                 command=pip_install(ctx, "nvidia-cuda-nvcc-cu12"), shell=shell_for(ctx), alternative=True)]


def _cc_unsupported(ctx: FixContext) -> list[FixStep]:


    last = kb.last_tf_for_cc(ctx.compute_capability) if ctx.compute_capability else None
    if last:
        spec = f"tensorflow=={last}" if ctx.windows or not at_least(last, "2.14") else f"tensorflow[and-cuda]=={last}"
        return [step(QT_TRANSLATE_NOOP("core", "TensorFlow {tf} is the last version that runs on compute capability {cc}. "
                                               "Install it in a Python it supports:"),
                     command=pip_install(ctx, spec), shell=shell_for(ctx), tf=last, cc=ctx.compute_capability)]
    return [step(QT_TRANSLATE_NOOP("core", "This GPU cannot run the prebuilt TensorFlow; use the CPU, or a newer GPU."))]


def _memory_growth(ctx: FixContext) -> list[FixStep]:
    code = ("import tensorflow as tf\n"
            "for gpu in tf.config.list_physical_devices('GPU'):\n"
            "    tf.config.experimental.set_memory_growth(gpu, True)\n"
            "# ...only now import your model code / create tensors")
    return [step(QT_TRANSLATE_NOOP("core", "Call set_memory_growth first, before anything creates a tensor or a model:"),
                 command=code, url=links.TF_GPU_GUIDE),
            step(QT_TRANSLATE_NOOP("core", "Set it without code changes, before Python starts:"), alternative=True,
                 command="$env:TF_FORCE_GPU_ALLOW_GROWTH = 'true'" if ctx.windows else "export TF_FORCE_GPU_ALLOW_GROWTH=true",
                 shell=shell_for(ctx))]


def _oom(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Use a smaller batch size (halve it until it fits), or a smaller model / input size.")),
            step(QT_TRANSLATE_NOOP("core", "Close other programs using the GPU; see what holds memory:"), command="nvidia-smi",
                 shell=shell_for(ctx)),
            step(QT_TRANSLATE_NOOP("core", "Let TensorFlow allocate memory as needed instead of all at once:"),
                 command="$env:TF_FORCE_GPU_ALLOW_GROWTH = 'true'" if ctx.windows else "export TF_FORCE_GPU_ALLOW_GROWTH=true",
                 shell=shell_for(ctx), url=links.TF_GPU_GUIDE),
            step(QT_TRANSLATE_NOOP("core", "Mixed precision halves activation memory on GPUs with Tensor Cores:"),
                 command="tf.keras.mixed_precision.set_global_policy('mixed_float16')", alternative=True,
                 url=links.TF_MIXED_PRECISION)]


def _gpu_hidden(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Unset CUDA_VISIBLE_DEVICES (or set it to the GPU index, e.g. 0) before starting Python:"),
                 command="Remove-Item Env:CUDA_VISIBLE_DEVICES" if ctx.windows else "unset CUDA_VISIBLE_DEVICES",
                 shell=shell_for(ctx))]


def _tensorflow_gpu_removed(ctx: FixContext) -> list[FixStep]:
    if ctx.windows:
        return [step(QT_TRANSLATE_NOOP("core", "On native Windows the last GPU build is 2.10; install it by its real name:"),
                     command=pip_install(ctx, "tensorflow<2.11"), shell=Shell.POWERSHELL),
                *wsl_route_steps(ctx)[:2]]
    return [step(QT_TRANSLATE_NOOP("core", "Install the plain package with its CUDA libraries instead:"),
                 command=pip_install(ctx, "tensorflow[and-cuda]"), shell=Shell.BASH, url=links.TF_PIP)]


def _container_gpu(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Install the NVIDIA Container Toolkit on the host (the NVIDIA driver must already work there):"),
                 url=links.CONTAINER_TOOLKIT),
            step(QT_TRANSLATE_NOOP("core", "Register it with Docker and restart Docker:"), shell=Shell.BASH,
                 command="sudo nvidia-ctk runtime configure --runtime=docker && sudo systemctl restart docker"),
            step(QT_TRANSLATE_NOOP("core", "Start the container with the GPU passed in, and check it:"), shell=Shell.BASH,
                 command="docker run --rm --gpus all tensorflow/tensorflow:latest-gpu nvidia-smi")]


def _tf_missing(ctx: FixContext) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "See the recommendation below for the exact TensorFlow to install here."))]


_BUILDERS: dict[str, Callable[[FixContext], list[FixStep]]] = {
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
