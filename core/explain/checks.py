"""Reasoning with the version tables: the facts a text states (TF, OS, Python, CUDA, cuDNN, driver,
GPU, CPU) checked against the KB, as ``doctor`` checks a scan. Each check returns the values its
finding is worded with, or None when it does not hold or the facts are not there.

Checks are named in ``text_patterns.json`` rules as ``check:<name>``.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tfgpu.core import kb, versions
from tfgpu.core.explain.context import Ctx
from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.kb import guarded as kbview

Check = Callable[[Ctx], "dict | None"]

_CONTAINER_CUDA = lazy(r"(?i)\b(?:nvidia/cuda|cuda)[:\- ](\d{1,2}\.\d)(?:\.\d)?[-_ ](?:base|runtime|devel|cudnn)")


def _mm(value: str | None) -> tuple[int, int] | None:
    match = re.match(r"^\s*(\d{1,2})(?:\.(\d{1,2}))?", str(value or ""))
    if not match:
        return None
    return int(match.group(1)), int(match.group(2)) if match.group(2) is not None else -1


def cuda_fits(need: str | None, have: str | None) -> bool | None:
    """Does a CUDA toolkit ``have`` provide the runtime a build for CUDA ``need`` loads? Before
    CUDA 11 library names carry major.minor (exact match); from 11 on the major, with minor-version
    compatibility from the build's minor up. None when either is unknown."""
    n, h = _mm(need), _mm(have)
    if n is None or h is None:
        return None
    if n[0] != h[0]:
        return False
    if n[1] < 0 or h[1] < 0:
        return None  # "CUDA 10": the minor decides and is not known
    return h[1] == n[1] if n[0] < 11 else h[1] >= n[1]


def cudnn_fits(need: str | None, have: str | None) -> bool | None:
    """Same major, and not older than the build's minor when the build names one."""
    n, h = _mm(need), _mm(have)
    if n is None or h is None:
        return None
    if n[0] != h[0]:
        return False
    return n[1] < 0 or h[1] < 0 or h[1] >= n[1]


def _platform(ctx: Ctx) -> str | None:
    return {"windows": "windows", "linux": "linux", "wsl": "linux"}.get(ctx.os or "")


def _system_cuda_matters(ctx: Ctx) -> bool:
    """The installed toolkit is what TF loads: Windows, or Linux TF before the [and-cuda] wheels."""
    build = kbview.tf_build(ctx.tf)
    return build is not None and (ctx.os == "windows" or not getattr(build, "and_cuda", False))


# pip's [and-cuda] extra exists from TensorFlow 2.14 on (its wheels' METADATA; findings.json tensorflow-gpu-removed).
_AND_CUDA = lazy(r"(?i)\btensorflow\[and[-_]cuda\]")
AND_CUDA_FIRST_TF = "2.14"


def windows_cpu_only(ctx: Ctx) -> dict | None:
    """Native Windows with a TF version that has no Windows GPU build (2.11 and later); with no version named, the
    [and-cuda] extra says the TF is 2.14 or later."""
    if ctx.os != "windows":
        return None
    if kbview.windows_gpu(ctx.tf) is False:
        return {"tf": ctx.tf, "last": kbview.last_windows_gpu_tf()}
    if not ctx.tf and _AND_CUDA.search(ctx.doc.text) and kbview.windows_gpu(AND_CUDA_FIRST_TF) is False:
        return {"tf": f"{AND_CUDA_FIRST_TF}+", "last": kbview.last_windows_gpu_tf()}
    return None


def windows_route_closed_or_unknown(ctx: Ctx) -> dict | None:
    """No TF version is named, or the named one has no native Windows GPU build: the user's own statement that GPU
    support on Windows ended is not contradicted."""
    if not ctx.tf or kbview.windows_gpu(ctx.tf) is False:
        return {"last": kbview.last_windows_gpu_tf()}
    return None


def windows_cuda_too_new(ctx: Ctx) -> dict | None:
    """Native Windows, no TF version named, and a CUDA toolkit newer than any Windows GPU build used."""
    if ctx.os != "windows" or ctx.tf:
        return None
    last = kbview.last_windows_gpu_tf()
    cuda = (ctx.facts.get("cuda_installed") or [None])[0]
    have, top = _mm(cuda), _mm(kbview.tf_cuda(last, "windows"))
    if have is not None and top is not None and have[0] > top[0]:
        return {"last": last, "cuda": cuda}
    return None


def cuda_mismatch(ctx: Ctx) -> dict | None:
    installed = ctx.facts.get("cuda_installed") or []
    need = kbview.tf_cuda(ctx.tf, ctx.os)
    if not installed or not need or not _system_cuda_matters(ctx) or windows_cpu_only(ctx):
        return None
    if cuda_fits(need, installed[0]) is False:
        return {"tf": ctx.tf, "need": need, "installed": installed[0]}
    return None


def _system_cudnn_failed(ctx: Ctx) -> bool:
    """cuDNN failed to start and nothing shows pip's own cuDNN ([and-cuda], nvidia-cudnn-cu12): a Linux TF of the
    [and-cuda] era installed without the extra loads the system's cuDNN."""
    text = ctx.doc.text
    return (ctx.hits.any("dnn-init-failed", "dnn-blas-handle-failed") and not _AND_CUDA.search(text)
            and "nvidia-cudnn" not in text.lower())


def cudnn_mismatch(ctx: Ctx) -> dict | None:
    installed = ctx.facts.get("cudnn_installed") or []
    need = kbview.tf_cudnn(ctx.tf, ctx.os)
    if not installed or not need or windows_cpu_only(ctx):
        return None
    if not (_system_cuda_matters(ctx) or _system_cudnn_failed(ctx)):
        return None
    if cudnn_fits(need, installed[0]) is False:
        return {"tf": ctx.tf, "need": need, "installed": installed[0]}
    return None


def toolkit_fits(ctx: Ctx) -> dict | None:
    """The CUDA toolkit (and cuDNN, when named) installed are the ones this TF loads: when TF still finds
    no GPU, it does not see them (a search path not set, or not refreshed)."""
    installed = ctx.facts.get("cuda_installed") or []
    need = kbview.tf_cuda(ctx.tf, ctx.os)
    if not installed or not need or not _system_cuda_matters(ctx) or windows_cpu_only(ctx):
        return None
    cudnn = ctx.facts.get("cudnn_installed") or []
    if cuda_fits(need, installed[0]) and (not cudnn or cudnn_fits(kbview.tf_cudnn(ctx.tf, ctx.os), cudnn[0]) is not False):
        return {"tf": ctx.tf, "need": need, "installed": installed[0]}
    return None


_XLA_GPU_DEVICE = lazy(r"device_type: \"XLA_GPU\"|/device:XLA_GPU:\d")


def tf1_cpu_package(ctx: Ctx) -> dict | None:
    """The plain 'tensorflow' package of a release whose GPU build was 'tensorflow-gpu'."""
    packages = ctx.facts.get("tf_packages") or {}
    version = packages.get("tensorflow")
    if not version or "tensorflow-gpu" in packages or _XLA_GPU_DEVICE.search(ctx.doc.text):
        return None  # an XLA_GPU device exists only in a CUDA build of TF: the GPU package is the one installed
    build = kbview.tf_build(version)
    if build is not None and getattr(build, "gpu_package", "tensorflow") == "tensorflow-gpu":
        return {"tf": version}
    return None


def cc_unsupported(ctx: Ctx) -> dict | None:
    cc = ctx.gpu_cc()
    if kbview.cc_support(ctx.tf, cc) == "unsupported":
        return {"tf": ctx.tf, "cc": cc, "gpu": ctx.gpu_name(), "last": kbview.last_tf_for_cc(cc)}
    return None


def driver_below_cuda(ctx: Ctx) -> dict | None:
    """The driver's highest CUDA (nvidia-smi's "CUDA Version", or the KB's table for the driver
    version) is below the CUDA the text needs (a container image's, or TF's)."""
    facts = ctx.facts
    driver = facts.get("driver_version")
    have = facts.get("cuda_driver") or kbview.max_cuda_for_driver(driver, ctx.os)
    wanted = facts.get("container_cuda")
    if not wanted:
        image = _CONTAINER_CUDA.search(ctx.doc.text[:20000])
        wanted = image.group(1) if image else None
    need = wanted or kbview.tf_cuda(ctx.tf, ctx.os)
    h, n = _mm(have), _mm(need)
    if h is None or n is None or h[1] < 0:
        return None
    too_old = n[0] > h[0] or (n[0] < 11 and n[0] == h[0] and n[1] > h[1])
    if not too_old:
        return None
    return {"driver": driver, "have": have, "need": need, "min_driver": kbview.min_driver(need, ctx.os)}


def python_no_wheel(ctx: Ctx) -> dict | None:
    python, tf = ctx.facts.get("python_version"), ctx.facts.get("tf_requested_version") or ctx.tf
    # No platform named: Linux, whose wheels cover every Python any platform had.
    if kbview.python_has_wheel(tf, python, _platform(ctx) or "linux") is False:
        return {"tf": tf, "python": python}
    return None


def python_32bit(ctx: Ctx) -> dict | None:
    """pip finds no TensorFlow at all for a Python version that has wheels (and is not said to be
    64-bit), or a wheel of exactly this Python is 'not a supported wheel': a 32-bit interpreter."""
    facts = ctx.facts
    if facts.get("python_bits") == 64 or re.search(r"(?i)\b64[- ]?bit\b[^\n]{0,20}python|python[^\n]{0,30}\b64[- ]?bit\b",
                                                    ctx.doc.text[:20000]):
        return None
    python = versions.dotted_major_minor(facts.get("python_version"))
    if not python or ctx.os not in ("windows", None):
        return None
    wheel_python = facts.get("wheel_python")
    if wheel_python:
        same = wheel_python == python and str(facts.get("wheel_platform", "")).startswith("win_amd64")
        return {"python": python} if same else None
    offered = facts.get("pip_versions")
    if offered is None or offered or not ctx.hits.any("pip-no-version"):
        return None  # pip offered some versions (or this is not pip's answer): not a 32-bit interpreter
    wanted = facts.get("tf_requested_version") or ctx.tf
    if wanted:
        return {"python": python, "tf": wanted} if kbview.python_has_wheel(wanted, python, "windows") else None
    # No version named: pip should offer the newest TF for this Python. The newest Pythons are the
    # usual reason for an empty list (no wheels yet when the question was asked), so they are not judged.
    if python in _newest_wheel_pythons(2):
        return None
    latest = kbview.latest_tf("windows", python, False)
    return {"python": python, "latest": latest} if latest else None


def _newest_wheel_pythons(count: int) -> list[str]:
    pythons = {p for build in kbview.all_builds() for p in (getattr(build, "wheel_pythons", None) or {}).get("windows", ())}
    return sorted(pythons, key=versions.sort_key)[-count:]


def cpu_without_avx(ctx: Ctx) -> dict | None:
    names = [ctx.facts.get("cpu_model")] + _cpu_names(ctx.doc.text[:30000])
    for name in names:
        row = kb.cpu_without_avx(name)
        if row is not None:
            return {"cpu": " ".join(str(name).split())[:80], "family": row.get("family")}
    return None


_CPU_NAME = lazy(r"(?i)\b(?:intel|amd|cpu|processor|xeon|celeron|pentium|atom|core|phenom|athlon|opteron)\b[^\n]{0,60}")


def _cpu_names(text: str) -> list[str]:
    return [m.group(0) for _, m in zip(range(20), _CPU_NAME.finditer(text))]


_PLATFORM_NAMES = {"windows": "Windows", "linux": "Linux", "linux-aarch64": "Linux aarch64"}


def addon_without_wheel(ctx: Ctx) -> dict | None:
    """A TensorFlow add-on named in the text (pip's output, an import, the user's words) that publishes no wheels
    for the text's platform (the KB's addon-no-wheels facts), unless the version asked for is one that had them."""
    if ctx.os not in ("windows", "linux", "wsl"):
        return None
    lower = ctx.doc.text[:30000].lower()
    platform = "windows" if ctx.os == "windows" else "linux-aarch64" if re.search(r"aarch64|arm64", lower) else "linux"
    for fact in kb.load_kb("tf_builds").get("facts", ()):
        package = str(fact.get("package") or "")
        if not package or not any(name in lower for name in (package, package.replace("-", "_"))):
            continue
        if platform not in fact.get("no_wheels_for", ()):
            continue
        # A version named beside it ("tensorflow-text==2.10", "tensorflow_text-2.4.3-cp36-...whl", "tensorflow text
        # 2.10"): one that had wheels here means they exist.
        pinned = re.search(rf"{package.replace('-', '[-_ ]')}[-_= ]{{0,3}}v?(\d+\.\d+)", lower)
        after = fact.get("after")
        if pinned and after and versions.sort_key(pinned.group(1)) <= versions.sort_key(after):
            continue
        return {"package": package, "platform": _PLATFORM_NAMES[platform]}
    return None


_PIP_VERSION = lazy(r"You are using pip version (\d+(?:\.\d+)*)", needs=("pip version",))


def old_pip_hides_wheels(text: str, offered: list[str], wanted: str | None) -> dict | None:
    """The KB's pip-too-old-for-manylinux2010 fact when the text shows it: pip's list ends where an old pip's view
    ends and the version wanted is newer, or pip names its own version as older than the one needed."""
    fact = next((f for f in kb.load_kb("tf_builds").get("facts", ()) if f.get("id") == "pip-too-old-for-manylinux2010"),
                None)
    if fact is None:
        return None
    stated = _PIP_VERSION.search(text)
    if stated and versions.below(stated.group(1), fact["min_pip"]):
        return fact
    seen = fact.get("last_seen_by_old_pip", ())
    if offered and offered[-1] in seen and wanted and versions.below(seen[0], wanted):
        return fact
    return None


def driver_library_versions_differ(ctx: Ctx) -> dict | None:
    dso = next((h.groups.get("dso") for h in ctx.hits.get("libcuda-reported-version")), None)
    kernel = ctx.facts.get("driver_version")
    if dso and kernel and versions.dotted_major_minor(dso) != versions.dotted_major_minor(kernel):
        return {"library": dso, "kernel": kernel}
    return None


# A Windows build number as users paste it: "Windows build number: 10.0.19041", "OS build 19042.1237",
# "build 21337"; or a Windows 10 version name, whose build is fixed.
_WINDOWS_BUILD = lazy(r"(?i)\b(?:os )?build(?: number)?\s*[:=]?\s*(?:10\.0\.)?(\d{5})\b|\b10\.0\.(\d{5})\b"
                      r"|\bwindows 10\b[^\n]{0,20}?\b(?:version )?(1809|1903|1909|2004|20h2|21h1)\b",
                      needs=("build", "10.0.", "windows 10"))
_WINDOWS_10_VERSIONS = {"1809": 17763, "1903": 18362, "1909": 18363, "2004": 19041, "20h2": 19042, "21h1": 19043}


def wsl_windows_too_old(ctx: Ctx) -> dict | None:
    """WSL on a Windows build older than the one GPU compute in WSL 2 needs (the KB's wsl2-route fact)."""
    text = ctx.doc.text
    if ctx.os != "wsl" and "wsl" not in text.lower():
        return None
    fact: dict = next((f for f in kb.load_kb("tf_builds").get("facts", []) if f.get("id") == "wsl2-route"), {})
    minimum = fact.get("min_windows_build")
    match = _WINDOWS_BUILD.search(text)
    if not minimum or match is None:
        return None
    build = int(match.group(1) or match.group(2) or _WINDOWS_10_VERSIONS[match.group(3).lower()])
    if not 10240 <= build < int(minimum):
        return None
    return {"build": str(build), "minimum": str(minimum)}


def pip_cuda_not_found(ctx: Ctx) -> dict | None:
    """TensorFlow 2.16.x with the [and-cuda] pip libraries, which it does not find by itself (the KB's
    tf216-and-cuda-paths fact)."""
    fact: dict = next((f for f in kb.load_kb("tf_builds").get("facts", []) if f.get("id") == "tf216-and-cuda-paths"), {})
    versions_hit = fact.get("tf_versions", [])
    if ctx.tf and any(ctx.tf == v or ctx.tf.startswith(v + ".") for v in versions_hit) and "and-cuda" in ctx.doc.text:
        return {"tf": ctx.tf}
    return None


def gpu_without_tf(ctx: Ctx) -> dict | None:
    """A GPU named in the text that no TensorFlow release in the KB runs (a Kepler 3.0 card, a Blackwell card
    before any wheel has its kernels), when the text names no TF version (with one, cc-unsupported decides)."""
    cc = ctx.gpu_cc()
    if ctx.tf or not cc or kbview.last_tf_for_cc(cc) is not None:
        return None
    return {"cc": cc, "gpu": ctx.gpu_name() or "?"}


def cudnn_needs_zlibwapi(ctx: Ctx) -> dict | None:
    """The cuDNN the log loaded (or the only one said to be installed) is 8.3 to 8.9, the Windows releases that
    need zlibwapi.dll (NVIDIA's install guide; 9.x dropped it)."""
    installed = ctx.facts.get("cudnn_installed") or []
    version = ctx.facts.get("cudnn_runtime") or (installed[0] if len(installed) == 1 else None)
    loaded = _mm(version)  # the one the log loaded, else the one cuDNN said to be installed
    if loaded is not None and loaded[0] == 8 and loaded[1] >= 3:
        return {"cudnn": version}
    return None


def gpu_newer_than_cuda(ctx: Ctx) -> dict | None:
    """The GPU's architecture is newer than the CUDA in use (installed, or the one the stated TF is built for):
    that CUDA's cuBLAS and cuDNN have no kernels for it (an RTX 30 under a CUDA 10 TensorFlow 1.x)."""
    # The newest GPU named (a text may name the old card that works and the new one that does not).
    named = [(versions.compute_capability(g.get("cc") or ""), g) for g in ctx.facts.get("gpus") or []]
    cc, gpu = max(((c, g) for c, g in named if c is not None), key=lambda pair: pair[0], default=(None, None))
    if cc is None:
        cc, gpu = versions.compute_capability(ctx.gpu_cc() or ""), None
    rule = next((row for row in kb.text_rows("rule") if row["id"] == "gpu-newer-than-cuda"), {})
    table = sorted((arch, str(cuda)) for arch, cuda in ((versions.compute_capability(k), v)
                   for k, v in rule.get("min_cuda_for_cc", {}).items()) if arch is not None)
    need = next((cuda for arch, cuda in reversed(table) if cc is not None and cc >= arch), None)
    installed = ctx.facts.get("cuda_installed") or []
    have = installed[0] if installed else (ctx.facts.get("cuda_loaded") or kbview.tf_cuda(ctx.tf, ctx.os))
    have_mm, need_mm = _mm(have), _mm(need)
    if need_mm is None or have_mm is None or have_mm >= need_mm:
        return None
    name, gpu_cc = (gpu.get("name"), gpu.get("cc")) if gpu is not None else (ctx.gpu_name(), ctx.gpu_cc())
    return {"gpu": name or "GPU", "cc": gpu_cc, "cuda": have, "need": need}


# A GPU this big with this little memory in use runs no TensorFlow model: TF takes most of the memory by default,
# and a process that only opened the GPU (or the desktop) takes a few hundred MB.
TINY_USED_MIB, BIG_CARD_MIB = 400, 2000


def smi_memory_tiny(ctx: Ctx) -> dict | None:
    """An nvidia-smi table in the text shows every GPU almost empty (a few hundred MB in use of several GB)."""
    gpus = [g for g in ctx.facts.get("gpus") or [] if g.get("memory_total_mib") and g.get("memory_used_mib") is not None]
    if gpus and all(g["memory_total_mib"] >= BIG_CARD_MIB and g["memory_used_mib"] <= TINY_USED_MIB for g in gpus):
        return {"used": gpus[0]["memory_used_mib"], "total": gpus[0]["memory_total_mib"]}
    return None


CHECKS: dict[str, Check] = {
    "smi-memory-tiny": smi_memory_tiny,
    "windows-tf-cpu-only": windows_cpu_only,
    "windows-cuda-too-new": windows_cuda_too_new,
    "windows-route-closed-or-unknown": windows_route_closed_or_unknown,
    "cuda-mismatch": cuda_mismatch,
    "cudnn-mismatch": cudnn_mismatch,
    "tf1-cpu-package": tf1_cpu_package,
    "toolkit-fits": toolkit_fits,
    "cc-unsupported": cc_unsupported,
    "driver-below-cuda": driver_below_cuda,
    "python-no-wheel": python_no_wheel,
    "python-32bit": python_32bit,
    "cpu-without-avx": cpu_without_avx,
    "addon-without-wheel": addon_without_wheel,
    "driver-library-versions-differ": driver_library_versions_differ,
    "wsl-windows-too-old": wsl_windows_too_old,
    "pip-cuda-not-found": pip_cuda_not_found,
    "gpu-without-tf": gpu_without_tf,
    "cudnn-needs-zlibwapi": cudnn_needs_zlibwapi,
    "gpu-newer-than-cuda": gpu_newer_than_cuda,
}
