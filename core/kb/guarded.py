"""The knowledge base as explain needs it: every call guarded, None when the KB has no answer.

Explain must never raise, and a pasted log names versions the KB may not know (a nightly,
a typo). So each function here returns None (or an empty value) instead of raising.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from tfgpu.core import kb, versions
from tfgpu.core.kb.libraries import library_stacks

log = logging.getLogger(__name__)



def _call(name: str, *args: Any) -> Any:
    func = getattr(kb, name)
    try:
        return func(*args)
    except Exception:  # noqa: BLE001 - an unknown version is an answer of "don't know"
        log.debug("kb.%s%r failed", name, args, exc_info=True)
        return None


def tf_build(tf_version: str | None):
    """The TfBuild row for a TF version (patch and dev suffixes ignored), or None."""
    if not tf_version:
        return None
    build = _call("tf_build", tf_version)
    if build is None:
        mm = versions.dotted_major_minor(tf_version)
        if mm and mm != tf_version:
            build = _call("tf_build", mm)
    if build is None:
        build = _call("legacy_tf_build", versions.dotted_major_minor(tf_version) or tf_version)
    return build


def tf_cuda(tf_version: str | None, os_name: str | None) -> str | None:
    """The CUDA version TF was built/tested with on that OS."""
    build = tf_build(tf_version)
    if build is None:
        return None
    if os_name == "windows":
        return getattr(build, "windows_cuda", None)
    return getattr(build, "linux_cuda", None) or getattr(build, "windows_cuda", None)


def tf_cudnn(tf_version: str | None, os_name: str | None) -> str | None:
    build = tf_build(tf_version)
    if build is None:
        return None
    if os_name == "windows":
        return getattr(build, "windows_cudnn", None)
    return getattr(build, "linux_cudnn", None) or getattr(build, "windows_cudnn", None)


def windows_gpu(tf_version: str | None) -> bool | None:
    """Has this TF a native-Windows GPU build? None when unknown."""
    build = tf_build(tf_version)
    if build is not None and getattr(build, "windows_gpu", None) is not None:
        return bool(build.windows_gpu)
    return None


def arch_list(tf_version: str | None) -> list[str]:
    build = tf_build(tf_version)
    archs = getattr(build, "arch_list", None) if build is not None else None
    return list(archs or [])


def max_build_cc(tf_version: str | None) -> float | None:
    """The newest architecture (sm_XY / compute_XY) in the TF build, as a number like 9.0."""
    values = [v for v in (_arch_number(a) for a in arch_list(tf_version)) if v is not None]
    return max(values) if values else None


def all_builds() -> list:
    """Every TF build the KB knows, newest first ([] when the KB is not there)."""
    builds = _call("tf_builds")
    return list(builds) if builds else []


def max_known_cc() -> float | None:
    """The newest architecture in any TF build the KB knows (for a TF version it does not)."""
    values = [v for v in (max_build_cc(getattr(b, "version", None)) for b in all_builds()) if v is not None]
    return max(values) if values else None


def last_windows_gpu_tf() -> str | None:
    """The last TF with a native-Windows GPU build, as major.minor."""
    found = [v for v in (versions.parse(getattr(b, "version", None)) for b in all_builds()
                         if getattr(b, "windows_gpu", False)) if v is not None]
    return versions.dotted_major_minor(str(max(found))) if found else None


def python_guess(first: str, last: str, missing: str | None, platform: str | None) -> list[str]:
    """Pythons for which pip would offer TF ``first``..``last`` but not ``missing``."""
    plat = platform or "linux"
    pythons: set[str] = set()
    for build in all_builds():
        pythons.update((getattr(build, "wheel_pythons", None) or {}).get(plat, ()))
    found = []
    for py in sorted(pythons, key=versions.sort_key):
        if python_has_wheel(first, py, plat) and python_has_wheel(last, py, plat):
            if missing is None or python_has_wheel(missing, py, plat) is False:
                found.append(py)
    return found


def _arch_number(arch: str) -> float | None:
    match = re.match(r"^(?:sm|compute)_(\d+)(\d)[a-z]?$", str(arch).strip())
    return int(match.group(1)) + int(match.group(2)) / 10 if match else None


def cc_number(cc: str | None) -> float | None:
    match = re.match(r"^\s*(\d+)\.(\d)", cc or "")
    return int(match.group(1)) + int(match.group(2)) / 10 if match else None


def cc_support(tf_version: str | None, cc: str | None) -> str | None:
    if not tf_version or not cc:
        return None
    answer = _call("cc_support", tf_version, cc)
    return answer if answer in ("native", "ptx-jit", "unsupported") else None


def min_cc(tf_version: str | None) -> str | None:
    value = _call("min_cc", tf_version) if tf_version else None
    return str(value) if value else None


def last_tf_for_cc(cc: str | None) -> str | None:
    value = _call("last_tf_for_cc", cc) if cc else None
    return getattr(value, "version", value) if value else None


def min_driver(cuda: str | None, os_name: str | None) -> str | None:
    if not cuda or os_name not in ("windows", "linux", "wsl"):
        return None
    value = _call("min_driver", cuda, "linux" if os_name == "wsl" else os_name)
    return str(value) if value else None


def max_cuda_for_driver(driver: str | None, os_name: str | None) -> str | None:
    if not driver or os_name not in ("windows", "linux", "wsl"):
        return None
    value = _call("max_cuda_for_driver", driver, "linux" if os_name == "wsl" else os_name)
    return str(value) if value else None


def library_info(file_name: str):
    return _call("library_info", file_name)


def cuda_provides(file_name: str, cuda: str | None, os_name: str | None) -> bool | None:
    """Does the CUDA toolkit ``cuda`` (as installed on ``os_name``) ship a library named ``file_name``?
    From the KB's library stacks; None when the KB has no stack for that CUDA version."""
    plat = "linux" if os_name in ("linux", "wsl") else os_name
    mm, want = versions.dotted_major_minor(cuda), versions.major(cuda)
    if plat not in ("windows", "linux") or want is None:
        return None
    stacks = library_stacks(plat)
    exact = [r for r in stacks if mm is not None and versions.dotted_major_minor(str(r.get("cuda"))) == mm]
    loose = [r for r in stacks if "." not in str(r.get("cuda")) and versions.major(str(r.get("cuda"))) == want]
    chosen = exact or loose
    if not chosen:
        return None
    name = file_name.lower()
    for row in chosen:
        files = list((row.get("files") or {}).values())
        files += [f for extra in (row.get("extra_files") or {}).values() for f in extra]
        if name in (str(f).lower() for f in files):
            return True
    return False


def tf_runtime_cuda(tf_version: str | None, os_name: str | None) -> str | None:
    """The CUDA its runtime library's name asks for, for the cudart a TF version loads: "10.1", or
    "11" when the name carries only the major (any 11.x from the build's minor on will do)."""
    if not tf_version:
        return None
    plat = "linux" if os_name in ("linux", "wsl", None) else os_name
    files = _call("expected_libraries", tf_version, plat) or {}
    cudart = files.get("cudart") if isinstance(files, dict) else None
    info = library_info(cudart) if cudart else None
    return getattr(info, "cuda", None) or None


def gpu_spec(name: str | None):
    return _call("gpu_spec", name) if name else None


def gpu_spec_or_inferred(name: str | None):
    """The KB's row, else one inferred from the PCI id list (a Kepler "GeForce GTX 760": compute capability 3.0)."""
    if not name:
        return None
    spec = _call("gpu_spec_or_inferred", name)
    if spec is None and not name.lower().startswith(("geforce", "nvidia", "quadro", "tesla", "titan")):
        spec = _call("gpu_spec_or_inferred", "GeForce " + name)
    return spec


def python_has_wheel(tf_version: str | None, python: str | None, platform: str | None) -> bool | None:
    if not tf_version or not python or platform not in ("windows", "linux"):
        return None
    value = _call("python_has_wheel", tf_version, python, platform)
    return value if isinstance(value, bool) else None


def latest_tf(platform: str | None, python: str | None, gpu: bool) -> str | None:
    if platform not in ("windows", "linux"):
        return None
    value = _call("latest_tf", platform, python, gpu)
    return getattr(value, "version", value) if value else None
