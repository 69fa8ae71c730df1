"""The words of the findings the context rules (:mod:`.reason`, rows of ``text_patterns.json``) make."""

from __future__ import annotations

from tfgpu.core.i18n import QT_TRANSLATE_NOOP

# Rule id -> the words of the finding it makes ({names} come from its check's values and the facts).
DETAILS: dict[str, str] = {
    "no-device-hidden-by-env": QT_TRANSLATE_NOOP(
        "core", "CUDA reports no device although the GPU works elsewhere on this machine: CUDA_VISIBLE_DEVICES (set "
        "by you or by the script, to an empty value or an index that does not exist) hides it. Unset it, or set it "
        "to the GPU's index (0 on a one-GPU machine)."),
    "no-device-in-container": QT_TRANSLATE_NOOP(
        "core", "Inside the container CUDA finds no GPU: the container was started without GPU access. Install the "
        "NVIDIA Container Toolkit on the host and start the container with --gpus all."),
    "driver-failure-on-machine-without-gpu": QT_TRANSLATE_NOOP(
        "core", "This machine has no NVIDIA GPU, so CUDA cannot start and TensorFlow runs on the CPU. That is "
        "expected here; for GPU training use a machine (or cloud instance) with an NVIDIA GPU."),
    "import-failure-without-avx": QT_TRANSLATE_NOOP(
        "core", "TensorFlow fails to import because this CPU ({cpu}) has no AVX instructions, which prebuilt "
        "TensorFlow (1.6 and later) needs. Use a TensorFlow build without AVX, TensorFlow 1.5, or another computer."),
    "stub-over-windows-route": QT_TRANSLATE_NOOP(
        "core", "pip downloaded the tensorflow-gpu name, an empty package that only fails since TensorFlow 2.12. "
        "Install the real package instead (on native Windows the last GPU build is TensorFlow 2.10)."),
    "driver-library-versions-differ": QT_TRANSLATE_NOOP(
        "core", "The NVIDIA driver library is version {library} but the loaded kernel module is {kernel}: the driver "
        "was updated without a reboot. Restart the computer."),
    "gpu-unused-windows-tf": QT_TRANSLATE_NOOP(
        "core", "On native Windows TensorFlow {tf} is a CPU-only build: GPU support there ended with TensorFlow "
        "{last}. Use WSL2 with tensorflow[and-cuda], or TensorFlow {last} with CUDA 11.2 and cuDNN 8.1."),
    "gpu-unused-windows-cuda12": QT_TRANSLATE_NOOP(
        "core", "No TensorFlow uses CUDA {cuda} on native Windows: the last Windows GPU build is TensorFlow {last} "
        "(CUDA 11.2, cuDNN 8.1). Use WSL2 with tensorflow[and-cuda], or TensorFlow {last} with CUDA 11.2."),
    "gpu-unused-tf1-cpu-package": QT_TRANSLATE_NOOP(
        "core", "The 'tensorflow' package {tf} is the CPU-only build: before TensorFlow 2.1 the GPU build was the "
        "separate 'tensorflow-gpu' package. Uninstall tensorflow and install tensorflow-gpu=={tf}."),
    "gpu-unused-driver-below-cuda": QT_TRANSLATE_NOOP(
        "core", "The NVIDIA driver supports CUDA up to {have}, but CUDA {need} is needed here. Update the NVIDIA "
        "driver (to {min_driver} or newer)."),
    "gpu-unused-cc-unsupported": QT_TRANSLATE_NOOP(
        "core", "TensorFlow {tf} has no GPU code for compute capability {cc} ({gpu}). The last TensorFlow for this GPU "
        "is {last}."),
    "gpu-unused-cuda-mismatch": QT_TRANSLATE_NOOP(
        "core", "TensorFlow {tf} is built for CUDA {need}, but CUDA {installed} is installed. Each TensorFlow release "
        "loads only the CUDA version it was built with: install CUDA {need} (side by side is fine)."),
    "gpu-unused-toolkit-fits": QT_TRANSLATE_NOOP(
        "core", "CUDA {installed} is the version TensorFlow {tf} needs, yet TensorFlow finds no GPU: it does not see "
        "the CUDA and cuDNN libraries. Put their bin folders on PATH (LD_LIBRARY_PATH on Linux), then open a new "
        "terminal or restart."),
    "gpu-unused-cudnn-mismatch": QT_TRANSLATE_NOOP(
        "core", "TensorFlow {tf} is built for cuDNN {need}, but cuDNN {installed} is installed. Install the cuDNN "
        "version this TensorFlow was built with."),
    "dnn-failed-cudnn-mismatch": QT_TRANSLATE_NOOP(
        "core", "cuDNN failed to start: TensorFlow {tf} is built for cuDNN {need}, but cuDNN {installed} is installed. "
        "Install the cuDNN version this TensorFlow was built with (on Linux, from TensorFlow 2.14, pip's "
        "tensorflow[and-cuda] brings it)."),
    "cuda-missing-said": QT_TRANSLATE_NOOP(
        "core", "By your own words the CUDA libraries are not installed, and TensorFlow needs them to use the GPU. Install "
        "the CUDA and cuDNN versions your TensorFlow was built for (on Linux, from TensorFlow 2.14, pip install "
        "'tensorflow[and-cuda]' brings them)."),
    "install-32bit-python": QT_TRANSLATE_NOOP(
        "core", "pip finds no TensorFlow for Python {python} although TensorFlow publishes wheels for it: this "
        "Python is almost certainly the 32-bit build. Install the 64-bit Python."),
    "install-python-no-wheel": QT_TRANSLATE_NOOP(
        "core", "TensorFlow {tf} has no wheel for Python {python}. Use a Python version that TensorFlow {tf} "
        "supports (or a newer TensorFlow)."),
    "gpu-busy-but-idle": QT_TRANSLATE_NOOP(
        "core", "TensorFlow is using the GPU (its memory is taken); a low utilisation figure is a matter of the "
        "workload or of the meter (Task Manager's default graphs do not show CUDA), not a setup problem. Use a "
        "larger batch, a faster input pipeline, or the TensorFlow profiler."),
    "gpu-unused-said": QT_TRANSLATE_NOOP(
        "core", "TensorFlow does not use the GPU, and the text does not show why. Run the check below and paste "
        "its whole output (with TF_CPP_MIN_LOG_LEVEL=0 it names the library that fails to load)."),
    "import-failed-said": QT_TRANSLATE_NOOP(
        "core", "Importing TensorFlow fails, and the text does not show the error. Paste the whole traceback of "
        "'python -c \"import tensorflow\"'."),
    "import-failure-msvc-runtime": QT_TRANSLATE_NOOP(
        "core", "Importing TensorFlow fails and the Microsoft Visual C++ runtime (msvcp140.dll) is what is missing: "
        "install the current Visual C++ Redistributable (x64), then open a new terminal."),
    "mixed-packages-said": QT_TRANSLATE_NOOP(
        "core", "Both the CPU package 'tensorflow' and 'tensorflow-gpu' are installed; they overwrite each other's "
        "files and the CPU one can win. Uninstall both, then install only the GPU package."),
    "cpu-build-said": QT_TRANSLATE_NOOP(
        "core", "A CPU-only TensorFlow (the CPU package, or a conda mkl/eigen build) replaced the GPU build. Uninstall "
        "it and install the GPU build again (pin it so updates keep it)."),
    "tf-gpu-removed-said": QT_TRANSLATE_NOOP(
        "core", "The tensorflow-gpu package was removed from PyPI (since 2.12 only an empty package that fails to "
        "install). Depend on 'tensorflow' instead (tensorflow[and-cuda] on Linux and WSL2)."),
    "cc-too-low-said": QT_TRANSLATE_NOOP(
        "core", "This TensorFlow build does not support the GPU's compute capability, so TensorFlow ignores the GPU. "
        "Use a TensorFlow release built for this GPU (or build from source)."),
    "oom-said": QT_TRANSLATE_NOOP(
        "core", "The GPU runs out of memory. Use a smaller batch or model, enable memory growth, or close other "
        "programs that use the GPU."),
    "driver-missing-said": QT_TRANSLATE_NOOP(
        "core", "No NVIDIA driver is found. Install the NVIDIA driver for your GPU (on WSL2: on Windows), then restart."),
    "wddm-process-memory": QT_TRANSLATE_NOOP(
        "core", "Under Windows' WDDM driver model NVIDIA's tools cannot see per-process GPU memory, so it shows as N/A. "
        "Nothing is wrong; Task Manager or Process Explorer show it."),
    "cudnn-missing-said": QT_TRANSLATE_NOOP(
        "core", "cuDNN is not installed (or not where TensorFlow looks). Install the cuDNN version this TensorFlow was "
        "built for."),
    "nccl-on-windows-said": QT_TRANSLATE_NOOP(
        "core", "Training on several GPUs at once on Windows needs NCCL, which exists only on Linux: the frameworks' "
        "Windows builds have none. Train on one GPU, use a strategy without NCCL (TensorFlow: "
        "HierarchicalCopyAllReduce), or use Linux or WSL2."),
    "hang-in-collective": QT_TRANSLATE_NOOP(
        "core", "Distributed training hangs in its first collective step: the workers cannot reach each other (a "
        "firewall, a wrong network interface, or a port that no one listens on). Check that every worker reaches the "
        "others' addresses and ports, and set NCCL_SOCKET_IFNAME to the interface they share."),
    "no-nvidia-hardware-said": QT_TRANSLATE_NOOP(
        "core", "This computer has no NVIDIA GPU (the text names only Intel, AMD or Apple graphics): CUDA, and so "
        "TensorFlow's GPU support, needs an NVIDIA card. TensorFlow runs on the CPU here; for GPU training use a "
        "machine or cloud instance with an NVIDIA GPU."),
    "paddle-cpu-package": QT_TRANSLATE_NOOP(
        "core", "The installed PaddlePaddle is the CPU package ('paddlepaddle'): it never uses the GPU. Uninstall it and "
        "install 'paddlepaddle-gpu' for your CUDA version."),
    "gpu-slow-not-broken": QT_TRANSLATE_NOOP(
        "core", "Nothing in the text shows a set-up problem: a GPU that is no faster than the CPU, or that runs out of "
        "memory only at a larger batch, is in use. Small models, small batches, the input pipeline and the first "
        "step's start-up keep it idle; measure with the TensorFlow profiler."),
    "mismatch-said": QT_TRANSLATE_NOOP(
        "core", "The text says the CUDA version does not match. Each TensorFlow release loads only the CUDA (and "
        "cuDNN) version it was built with; install that version (see the table)."),
    "driver-old-said": QT_TRANSLATE_NOOP(
        "core", "The text says the NVIDIA driver is too old. Each CUDA version needs a minimum driver: update the "
        "NVIDIA driver, then check with nvidia-smi which CUDA version it supports."),
    "tf-serving-without-gpu": QT_TRANSLATE_NOOP(
        "core", "The TensorFlow Serving model server installed with apt or pip is built without GPU support, so it "
        "runs on the CPU even where TensorFlow itself uses the GPU. Use the tensorflow/serving:latest-gpu Docker "
        "image, or build the server with --config=cuda."),
    "library-note-runs-anyway": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load a GPU library, but the program goes on and works: it runs on the CPU. "
        "That line is harmless if the CPU is what you want; to use a GPU, install the NVIDIA driver and the CUDA "
        "libraries this TensorFlow needs."),
    "companion-package-mismatch": QT_TRANSLATE_NOOP(
        "core", "A TensorFlow add-on package (tensorflow-addons, -text, -io ...) was built for another TensorFlow "
        "version than the one installed, so its compiled ops fail to load. Install the add-on release made for your "
        "TensorFlow version, or the TensorFlow version it was made for."),
    "keras-newer-than-tensorflow": QT_TRANSLATE_NOOP(
        "core", "The installed Keras is from a newer release than the installed TensorFlow: it imports parts of "
        "TensorFlow that this TensorFlow does not have yet. Install the Keras release made for your TensorFlow "
        "(pip install \"keras==<your TensorFlow's major.minor>.*\"), or upgrade TensorFlow to match Keras."),
    "cudnn-mismatch-said": QT_TRANSLATE_NOOP(
        "core", "The text says the cuDNN version is the wrong one. Each TensorFlow release is built for one cuDNN "
        "version; install that version (see the table), or the TensorFlow built for the cuDNN you have."),
    "wsl-on-old-windows": QT_TRANSLATE_NOOP(
        "core", "This Windows build ({build}) is older than {minimum}, the first that gives WSL 2 access to the GPU. "
        "Update Windows (Windows 10 21H2 or Windows 11), update the NVIDIA driver on Windows, then run 'wsl "
        "--update'."),
    "gpu-unused-pip-cuda-not-found": QT_TRANSLATE_NOOP(
        "core", "TensorFlow {tf} does not find the CUDA and cuDNN libraries that pip install tensorflow[and-cuda] put "
        "under site-packages/nvidia. Add their lib folders to LD_LIBRARY_PATH (or upgrade to TensorFlow 2.17 or "
        "later, which finds them)."),
    "gpu-unused-no-tf-for-cc": QT_TRANSLATE_NOOP(
        "core", "The {gpu} has compute capability {cc}, and no TensorFlow release you can install has GPU code for it, "
        "so TensorFlow runs on the CPU. Use a newer NVIDIA GPU, or build TensorFlow from source for this one."),
    "windows-torch-cpu-wheel": QT_TRANSLATE_NOOP(
        "core", "PyTorch reports no CUDA. On Windows, pip install torch installs the CPU-only build; install the CUDA "
        "build from PyTorch's own index (pip install torch --index-url https://download.pytorch.org/whl/cu121, with "
        "the CUDA version your driver supports)."),
    "container-processes-hidden": QT_TRANSLATE_NOOP(
        "core", "nvidia-smi inside a container lists no processes even while the GPU works: the container has its own "
        "process namespace. Look at the GPU memory in use, or run nvidia-smi on the host (or start the container "
        "with --pid=host)."),
    "framework-gpu-too-old": QT_TRANSLATE_NOOP(
        "core", "The program found the GPU but its compute capability is below the lowest its CUDA build supports, so it "
        "falls back to the CPU. Use a newer NVIDIA GPU, or a build of the program made for this one."),
    "torch-no-cuda-gpus": QT_TRANSLATE_NOOP(
        "core", "PyTorch's CUDA works but counts no GPU. Usually CUDA_VISIBLE_DEVICES (set by you or in the script) "
        "names a GPU index this machine does not have, or is empty; unset it or set it to 0. On Colab or a cloud "
        "notebook, choose a GPU runtime."),
    "wsl1-has-no-gpu": QT_TRANSLATE_NOOP(
        "core", "This is WSL 1, which has no access to the GPU at all: only WSL 2 passes the Windows GPU through. "
        "Convert the distribution with 'wsl --set-version <distro> 2' (after 'wsl --update'), then install "
        "TensorFlow there."),
    "ray-trial-without-gpu": QT_TRANSLATE_NOOP(
        "core", "Ray gives each task or trial only the GPUs it asks for, and sets CUDA_VISIBLE_DEVICES to them: one "
        "that asks for none sees no GPU. Request them: a 'gpu' entry in Tune's resources_per_trial, num_gpus=1 for a "
        "task or actor."),
    "cudnn-sublib-dependency-missing": QT_TRANSLATE_NOOP(
        "core", "cuDNN's own library was found, but Windows could not load it (error 126): a DLL it needs is "
        "missing. cuDNN 8.3 to 8.9 need zlibwapi.dll, which cuDNN does not ship: put zlibwapi.dll (from NVIDIA's "
        "zlib package) into the CUDA bin folder, or use a cuDNN that does not need it."),
    "gpu-newer-than-cuda": QT_TRANSLATE_NOOP(
        "core", "The {gpu} (compute capability {cc}) is newer than CUDA {cuda}: that CUDA's libraries have no code for "
        "it (CUDA {need} or later does). Use a TensorFlow built for CUDA {need} or later (for TensorFlow 1.x code: "
        "NVIDIA's nvidia-tensorflow 1.15 builds), or an older GPU."),
    "network-said": QT_TRANSLATE_NOOP(
        "core", "The install times out or loses its connection: the network to the package index is slow or blocked, "
        "not the package. Retry with a longer timeout (pip --timeout 120), a nearer mirror (--index-url), or set "
        "the proxy."),
    "machine-without-gpu-said": QT_TRANSLATE_NOOP(
        "core", "You say this machine has no NVIDIA GPU it can use (a virtual machine under VirtualBox, VMware or "
        "Hyper-V passes none through), so CUDA finds no device and TensorFlow runs on the CPU. For GPU training use "
        "a computer or cloud instance with an NVIDIA GPU, or WSL2 / Linux on the computer that has it."),
    "python-32bit-said": QT_TRANSLATE_NOOP(
        "core", "A 32-bit Python is named here. TensorFlow is published for 64-bit Python only, so pip finds no "
        "version at all. Install the 64-bit Python (x86-64) and install TensorFlow with it."),
    "cudnn-sublib-126-library-present": QT_TRANSLATE_NOOP(
        "core", "cuDNN's library is where you say it is, yet Windows cannot load it (error 126): a DLL it needs is "
        "missing. cuDNN 8.3 to 8.9 need zlibwapi.dll, which cuDNN does not ship: put zlibwapi.dll (from NVIDIA's "
        "zlib package) into the CUDA bin folder."),
    "works-on-gpu-said": QT_TRANSLATE_NOOP(
        "core", "You say it runs on the GPU, and nothing in the text fails: the GPU set-up works."),
    "torch-sees-gpu-tf-does-not": QT_TRANSLATE_NOOP(
        "core", "PyTorch sees the GPU but TensorFlow {tf} does not: the driver works. PyTorch brings its own CUDA "
        "libraries; this TensorFlow needs the CUDA and cuDNN it was built for, and they are not found. Install "
        "tensorflow[and-cuda] (TensorFlow 2.14 and later), or the CUDA and cuDNN versions its build names."),
    "no-wheel-said": QT_TRANSLATE_NOOP(
        "core", "No wheel of this package is published for your Python version, so pip falls back to an older "
        "release or finds none. Use a Python version the release supports (its PyPI page lists the wheels)."),
    "gpu-memory-tiny": QT_TRANSLATE_NOOP(
        "core", "Only a few hundred MB of GPU memory are in use: TensorFlow is not running the model on the GPU (a "
        "process that only opened the GPU takes that much). Check that TensorFlow lists the GPU: the command below "
        "shows why it does not."),
    "nhwc-kernel-on-cpu": QT_TRANSLATE_NOOP(
        "core", "The model uses the channels-first (NCHW) layout, which TensorFlow's CPU kernels do not support: "
        "TensorFlow runs on the CPU, not the GPU. Install a GPU build and check that it lists the GPU (on a machine "
        "without an NVIDIA GPU, switch the model to channels-last, NHWC)."),
    "python-needed-said": QT_TRANSLATE_NOOP(
        "core", "This TensorFlow needs another Python version than the one in use (the message says which). Create an "
        "environment with a Python version that the TensorFlow release supports, and install it there."),
    "docker-run-without-gpu": QT_TRANSLATE_NOOP(
        "core", "The container was started without GPU access: its docker run command has no --gpus (or "
        "--runtime=nvidia), so the host's NVIDIA driver libraries are not mounted into it and CUDA inside reports no "
        "driver, or one too old. Install the NVIDIA Container Toolkit on the host and start the container with "
        "--gpus all."),
    "cuda-home-not-set": QT_TRANSLATE_NOOP(
        "core", "Building CUDA code found no CUDA toolkit: CUDA_HOME is not set and no nvcc is on PATH. Install the "
        "CUDA toolkit (the version your framework was built with) and set CUDA_HOME to its folder."),
    "paddle-cudnn-header-unmatched": QT_TRANSLATE_NOOP(
        "core", "PaddlePaddle loaded a cuDNN of another major version than the one it was built with. Install the cuDNN "
        "version of your PaddlePaddle build (its install page lists it), or the PaddlePaddle build for your cuDNN."),
    "mac-nvidia-gpu-no-cuda-build": QT_TRANSLATE_NOOP(
        "core", "This Mac has an NVIDIA card, but TensorFlow's macOS packages are built without CUDA (the last with "
        "GPU support was TensorFlow 1.1), so TensorFlow runs on the CPU. For NVIDIA GPU training use Linux or WSL2 "
        "on a PC with the card; on a Mac, tensorflow-metal uses Apple and AMD GPUs instead."),
    "addon-without-wheel-here": QT_TRANSLATE_NOOP(
        "core", "{package} publishes no pip packages for {platform}, so pip finds none (or only an empty placeholder "
        "that installs no module), whatever the Python version. Use it on Linux x86_64: under WSL2 on Windows, in "
        "Docker, or in Colab."),
    "tf-missing-in-another-interpreter": QT_TRANSLATE_NOOP(
        "core", "TensorFlow imports in one Python but not in the notebook or IDE: its kernel runs another Python, "
        "which has no TensorFlow. Compare sys.executable in both; install TensorFlow into the kernel's Python "
        "(python -m pip install tensorflow, run with that python), or register your environment as a kernel."),
    "no-avx-said-question": QT_TRANSLATE_NOOP(
        "core", "This CPU has no AVX instructions, which prebuilt TensorFlow (1.6 and later) needs, with or without a GPU. "
        "A graphics card does not change that: use a build made without AVX, or a computer whose CPU has AVX."),
    "linux-32bit-no-wheel": QT_TRANSLATE_NOOP(
        "core", "This is a 32-bit Linux (i686): TensorFlow and PaddlePaddle publish 64-bit wheels only, so pip finds "
        "none. Install a 64-bit Linux (and a 64-bit Python)."),
    "colab-cpu-runtime": QT_TRANSLATE_NOOP(
        "core", "This Colab session has no GPU: it runs a CPU runtime, which has no NVIDIA GPU or driver. Choose "
        "Runtime > Change runtime type > GPU (a T4 on the free tier), then run the notebook again."),
    "numpy2-said": QT_TRANSLATE_NOOP(
        "core", "This TensorFlow was built for NumPy 1.x and does not work with NumPy 2. Install numpy<2 into the "
        "same environment, or upgrade to TensorFlow 2.18 or newer (the first built for NumPy 2)."),
    "msvc-missing-said": QT_TRANSLATE_NOOP(
        "core", "msvcp140.dll / vcruntime140.dll, the Microsoft Visual C++ runtime, is missing. Install the latest "
        "Visual C++ Redistributable for Visual Studio 2015-2022 (x64) and restart."),
    "windows-native-said": QT_TRANSLATE_NOOP(
        "core", "As you say, TensorFlow's GPU support on native Windows ended: TensorFlow {last} is the last release "
        "that uses the GPU there, later ones run on the CPU. Use WSL2 with tensorflow[and-cuda], or TensorFlow {last} "
        "with CUDA 11.2 and cuDNN 8.1."),
    "apple-silicon-no-wheel": QT_TRANSLATE_NOOP(
        "core", "pip finds no version of this package for an Apple-silicon Mac (macOS arm64): it publishes no wheel "
        "for it (tensorflow-cpu never did; tensorflow did only from 2.13, tensorflow-macos before). Install "
        "'tensorflow' 2.13 or later (with tensorflow-metal for the Mac's GPU), or tensorflow-macos for older code."),
    "wsl-gpu-said": QT_TRANSLATE_NOOP(
        "core", "Inside WSL the GPU is not reachable: in WSL 2 the Windows NVIDIA driver provides it (through "
        "/dev/dxg and /usr/lib/wsl/lib). Install or update the NVIDIA driver on Windows, do not install a Linux "
        "driver inside WSL (remove one if you did), keep the GPU in WDDM mode, and run 'wsl --update'."),
    "visible-devices-suspect-said": QT_TRANSLATE_NOOP(
        "core", "CUDA_VISIBLE_DEVICES is set (by you or in the script) to \"{cuda_visible_devices}\": CUDA shows only "
        "the GPUs it names, and a machine without that index sees none. Unset it, or set it to an index this "
        "machine has (0 on a one-GPU machine)."),
    "arm-linux-no-wheel": QT_TRANSLATE_NOOP(
        "core", "pip finds no version of this package for this ARM (aarch64) Linux machine: PyPI has no GPU build "
        "for it (tensorflow-gpu never had one; tensorflow's aarch64 wheels are CPU-only). On a Jetson, install "
        "NVIDIA's TensorFlow build for your JetPack version instead."),
    "nvidia-docker-driver-too-old": QT_TRANSLATE_NOOP(
        "core", "nvidia-docker refuses the image: it is built for a newer CUDA than the host's NVIDIA driver "
        "supports. Update the NVIDIA driver on the host, or use an image made for the CUDA version the driver "
        "supports (nvidia-smi shows it)."),
    "jax-cpu-beside-tf-gpu": QT_TRANSLATE_NOOP(
        "core", "JAX runs on the CPU while TensorFlow in the same environment uses the GPU: the driver and CUDA work, "
        "this jaxlib is a CPU-only build. Install the GPU build: pip install -U \"jax[cuda12]\"."),
    "jax-no-gpu": QT_TRANSLATE_NOOP(
        "core", "JAX found no GPU and runs on the CPU: its jaxlib is a CPU-only build, or the CUDA libraries it needs "
        "are not found. Install the GPU build (pip install -U \"jax[cuda12]\"), which brings its CUDA libraries."),
    "kernel-module-finds-no-gpu": QT_TRANSLATE_NOOP(
        "core", "The NVIDIA kernel module finds no NVIDIA GPU on this machine ('could not insert nvidia: No such "
        "device'): the computer or cloud instance type has none (or the OS does not see it). Use a machine or "
        "instance type with an NVIDIA GPU; on a cloud, check the instance type."),
    "asks-what-notices-mean": QT_TRANSLATE_NOOP(
        "core", "No: these lines are harmless notices (TensorRT, oneDNN, factory registration and the like), and "
        "nothing in the text shows TensorFlow without the GPU. To be sure, run 'tfgpu doctor', which lists the GPUs "
        "TensorFlow sees."),
    "hpc-sdk-cuda-not-installed": QT_TRANSLATE_NOOP(
        "core", "The HPC SDK's nvcc was asked for a CUDA version the SDK does not hold: the CUDA folder on PATH (or "
        "CUDA_HOME) is not one it installed. Put the installed CUDA's bin folder (under hpc_sdk/.../cuda/) first on "
        "PATH, or choose the version with -gpu=cudaX.Y."),
    "jaxlib-version-mismatch": QT_TRANSLATE_NOOP(
        "core", "jax and jaxlib come from different releases: the installed jaxlib (the compiled half, with its CUDA "
        "build) is older than this jax accepts. Install the two from one release (pip install -U \"jax[cuda12]\", "
        "or matching versions of both)."),
    "invalid-device-function": QT_TRANSLATE_NOOP(
        "core", "A GPU kernel could not start ('invalid device function'): the program holds no kernel built for this "
        "GPU. It was built for another CUDA version or for other GPUs. Install the build made for your CUDA version "
        "(the one its documentation names) and your GPU."),
    "dnn-implementation-not-found": QT_TRANSLATE_NOOP(
        "core", "TensorFlow found no usable cuDNN for this layer ('Fail to find the dnn implementation'): the cuDNN it "
        "found could not start, most often because it is another version than the one this TensorFlow was built "
        "with. Install the cuDNN version TensorFlow {tf} names (or pip's tensorflow[and-cuda]); if memory is short, "
        "turn on memory growth."),
    "flash-attention-needs-ampere": QT_TRANSLATE_NOOP(
        "core", "FlashAttention needs an Ampere or newer NVIDIA GPU (compute capability 8.0 or higher), and this GPU is "
        "older. Turn flash attention off in the program's options (use its standard or SDPA attention), or use an "
        "Ampere or newer GPU."),
    "colab-no-gpu-backend": QT_TRANSLATE_NOOP(
        "core", "Colab gave this session no GPU: the free GPU quota is used up, or no GPU is free now. Wait and try "
        "again later (or use Colab Pro); until then the notebook runs without an accelerator."),
    "task-manager-graph-hides-cuda": QT_TRANSLATE_NOOP(
        "core", "The GPU is working. Windows Task Manager's GPU graphs show the 3D, copy and video engines by default; "
        "CUDA work shows under 'Compute_0' or 'Cuda' (pick it from a graph's drop-down list), and GPU-Z or nvidia-smi "
        "show it too. Those show the GPU busy."),
}
