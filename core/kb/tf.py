"""TensorFlow builds (``resources/kb/tf_builds.json``, older ones in ``tf_builds_legacy.json``): CUDA/cuDNN, wheels, GPU architectures.

Import these through ``tfgpu.core.kb``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tfgpu.core import versions
from tfgpu.core.kb.common import wheel_platform
from tfgpu.core.kb.loader import load_kb


@dataclass(frozen=True)
class TfBuild:
    version: str
    python_tested: tuple[str, str] | None  # ("3.9", "3.12"), Linux docs table
    linux_cuda: str | None
    linux_cudnn: str | None
    windows_gpu: bool  # native Windows GPU build (ends with 2.10)
    windows_cuda: str | None
    windows_cudnn: str | None
    wheel_pythons: dict[str, tuple[str, ...]]  # {"linux": ("3.9", ...), "windows": (...)}
    and_cuda: bool  # the tensorflow[and-cuda] extra exists (2.14+)
    arch_list: tuple[str, ...]  # Linux wheel's list, else the Windows wheel's; () if unknown
    gpu_package: str  # "tensorflow" or "tensorflow-gpu"
    source: str
    status: str


def _build(row: dict) -> TfBuild:
    tested = row.get("python_tested")
    pythons = row.get("wheel_pythons") or {}
    return TfBuild(
        version=row["version"],
        python_tested=(tested[0], tested[1]) if tested else None,
        linux_cuda=row.get("linux_cuda"),
        linux_cudnn=row.get("linux_cudnn"),
        windows_gpu=bool(row.get("windows_gpu")),
        windows_cuda=row.get("windows_cuda"),
        windows_cudnn=row.get("windows_cudnn"),
        wheel_pythons={platform: tuple(values) for platform, values in pythons.items()},
        and_cuda=bool(row.get("and_cuda")),
        arch_list=tuple(row.get("arch_list_linux") or row.get("arch_list_windows") or ()),
        gpu_package=row.get("gpu_package") or "tensorflow",
        source=row["source"],
        status=row["status"],
    )


@cache
def _rows() -> tuple[dict, ...]:
    """Raw rows, newest first."""
    rows = load_kb("tf_builds")["rows"]
    return tuple(sorted(rows, key=lambda row: versions.sort_key(row["version"]), reverse=True))


@cache
def _builds() -> tuple[TfBuild, ...]:
    return tuple(_build(row) for row in _rows())


def tf_builds() -> list[TfBuild]:
    """Every TF build row, newest first."""
    return list(_builds())


def _row(tf_version: str) -> dict | None:
    wanted = versions.major_minor_pair(tf_version)
    if wanted is None:
        return None
    return next((row for row in _rows() if versions.major_minor_pair(row["version"]) == wanted), None)


def tf_build(tf_version: str) -> TfBuild | None:
    """The row for a TF version, matched on major.minor ('2.10.1' -> the 2.10 row)."""
    row = _row(tf_version)
    return _build(row) if row else None


@cache
def _legacy_rows() -> tuple[dict, ...]:
    return tuple(load_kb("tf_builds_legacy")["rows"])


def legacy_tf_build(tf_version: str) -> TfBuild | None:
    """A TF 1.0-1.12 build (``tf_builds_legacy.json``), matched on major.minor; None for others.
    Kept apart from :func:`tf_builds`, which lists the builds a user can still install."""
    wanted = versions.major_minor_pair(tf_version)
    row = next((r for r in _legacy_rows() if versions.major_minor_pair(r["version"]) == wanted), None) if wanted else None
    return _build(row) if row else None


def python_has_wheel(tf_version: str, python: str, platform: str) -> bool | None:
    """Whether PyPI has a wheel of that TF for that Python (major.minor) and platform; None = unknown."""
    row, py, plat = _row(tf_version), versions.major_minor(python), wheel_platform(platform)
    if row is None or py is None or plat is None:
        return None
    if py in (row.get("wheel_pythons") or {}).get(plat, ()):
        return True
    not_queried = (row.get("wheel_pythons_not_queried") or {}).get(plat, ())
    if py in not_queried or py not in load_kb("tf_builds").get("wheel_pythons_queried", ()):
        return None
    return False


def _gpu_on(build: TfBuild, platform: str) -> bool:
    return build.windows_gpu if platform == "windows" else build.linux_cuda is not None


def latest_tf(platform: str, python: str | None = None, gpu: bool = True) -> TfBuild | None:
    """Newest build with a wheel for ``python`` (if given) and, if ``gpu``, GPU support on ``platform``."""
    plat = wheel_platform(platform)
    if plat is None:
        return None
    for build in _builds():
        if gpu and not _gpu_on(build, plat):
            continue
        if python is not None and python_has_wheel(build.version, python, plat) is not True:
            continue
        return build
    return None


def _support(arch_list: tuple[str, ...], cc: tuple[int, int]) -> str:
    """The support rule: same-major cubin sm_XZ with Z <= Y is native; PTX compute_AB with AB <= XY is JIT."""
    entries = [parsed for parsed in map(versions.arch_entry, arch_list) if parsed]
    if not entries:
        return "unknown"
    if any(kind == "sm" and arch[0] == cc[0] and arch[1] <= cc[1] for kind, arch in entries):
        return "native"
    if any(kind == "compute" and arch <= cc for kind, arch in entries):
        return "ptx-jit"
    return "unsupported"


def cc_support(tf_version: str, cc: str) -> str:
    """'native' | 'ptx-jit' | 'unsupported' | 'unknown' for a GPU of compute capability ``cc`` on that TF.

    The rule only: Blackwell (10.x/12.x) on TF 2.16-2.21 comes out 'ptx-jit' although it is reported
    to fail (see gpus.json derived_support)."""
    build, parsed = tf_build(tf_version), versions.compute_capability(cc)
    if build is None or parsed is None:
        return "unknown"
    return _support(build.arch_list, parsed)


def min_cc(tf_version: str) -> str | None:
    """The lowest compute capability in the build's arch list ('3.5'), None if unknown."""
    build = tf_build(tf_version)
    entries = [parsed[1] for parsed in map(versions.arch_entry, build.arch_list if build else ()) if parsed]
    if not entries:
        return None
    low = min(entries)
    return f"{low[0]}.{low[1]}"


def last_tf_for_cc(cc: str, platform: str = "linux") -> str | None:
    """Newest TF version (a row's version, e.g. '2.14.0') that runs ``cc`` natively or by PTX JIT.

    Builds whose arch list was not inspected are skipped; on Windows only native GPU builds count."""
    parsed, plat = versions.compute_capability(cc), wheel_platform(platform)
    if parsed is None or plat is None:
        return None
    for build in _builds():
        if _gpu_on(build, plat) and _support(build.arch_list, parsed) in ("native", "ptx-jit"):
            return build.version
    return None
