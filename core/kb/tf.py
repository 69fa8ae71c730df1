"""TensorFlow builds (``resources/kb/tf_builds.json``, older ones in ``tf_builds_legacy.json``): CUDA/cuDNN, wheels, GPU architectures.

Import these through ``tfgpu.core.kb``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from functools import cache

from tfgpu.core import versions
from tfgpu.core.kb.common import wheel_platform
from tfgpu.core.kb.gpus import ArchRule, rules_matching
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
    and_cuda_requires: tuple[str, ...] = ()  # Requires-Dist of the [and-cuda] extra
    pre_turing_pin: str | None = None  # extra requirement for GPUs below pre_turing_cc_below ("nvidia-cudnn-cu12<9.11")
    pre_turing_cc_below: str | None = None
    cpu_only_wheels: dict[str, tuple[str, ...]] = field(default_factory=dict)  # {"macos_arm64": ("3.10", ...)}
    patch_releases: tuple[str, ...] = ()  # later x.y.z on PyPI ("2.16.2")
    prerelease: bool = False  # an rc / beta: known, but never recommended
    gpu_wheels: tuple[str, ...] = ()  # wheel platforms with a CUDA build: "linux", "windows", "linux_aarch64"

    @property
    def latest_patch(self) -> str:
        """The newest patch release of this minor on PyPI ("2.16.2" for the 2.16.0 row)."""
        return max((self.version, *self.patch_releases), key=versions.sort_key)


def _build(row: dict) -> TfBuild:
    tested = row.get("python_tested")
    pythons = row.get("wheel_pythons") or {}
    pin = row.get("and_cuda_pre_turing_pin") or {}
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
        and_cuda_requires=tuple(row.get("and_cuda_requires") or ()),
        pre_turing_pin=pin.get("pin"),
        pre_turing_cc_below=pin.get("cc_below"),
        cpu_only_wheels={platform: tuple(values) for platform, values in (row.get("cpu_only_wheels") or {}).items()},
        patch_releases=tuple(str(patch["version"]) for patch in row.get("patch_releases") or ()),
        prerelease=bool(row.get("prerelease")),
        gpu_wheels=_gpu_wheels(row),
    )


def _gpu_wheels(row: dict) -> tuple[str, ...]:
    """The wheel platforms of a release that are CUDA builds, as the row records them."""
    out = ["linux"] if row.get("linux_cuda") else []
    out += ["windows"] if row.get("windows_gpu") else []
    out += [p for p, wheel in (row.get("platform_wheels") or {}).items()
            if p not in out and isinstance(wheel, dict) and wheel.get("is_cuda_build")]
    return tuple(out)


@cache
def _rows() -> tuple[dict, ...]:
    """Raw rows, newest first."""
    rows = load_kb("tf_builds")["rows"]
    return tuple(sorted(rows, key=lambda row: versions.sort_key(row["version"]), reverse=True))


@cache
def _builds() -> tuple[TfBuild, ...]:
    return tuple(_build(row) for row in _rows())


def tf_builds(prereleases: bool = False) -> list[TfBuild]:
    """Every TF release row, newest first; pre-release rows (2.22.0rc0: known, never recommended) only when asked."""
    return [build for build in _builds() if prereleases or not build.prerelease]


def _row(tf_version: str) -> dict | None:
    """The row of a release, on major.minor ('2.10.1' -> the 2.10 row); a pre-release row only for itself
    ('2.22.0rc0' or tf.__version__'s '2.22.0-rc0'), never for the final release it precedes."""
    wanted, exact = versions.major_minor_pair(tf_version), versions.parse(tf_version)
    if wanted is None:
        return None
    for row in _rows():
        if versions.major_minor_pair(row["version"]) != wanted:
            continue
        if not row.get("prerelease") or (exact is not None and exact == versions.parse(row["version"])):
            return row
    return None


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
        if build.prerelease or gpu and not _gpu_on(build, plat):
            continue
        if python is not None and python_has_wheel(build.version, python, plat) is not True:
            continue
        return build
    return None


@dataclass(frozen=True)
class Support:
    """Whether a GPU runs a TF build, and why: ``verdict`` is 'native' (a cubin for its architecture),
    'ptx-jit' (the driver compiles PTX on first use), 'unsupported' or 'unknown' (arch list not inspected)."""

    verdict: str
    reason: str  # English, one sentence
    arch: str | None = None  # the arch-list entry that decided ("sm_80", "compute_90")
    rule: ArchRule | None = None  # the per-architecture rule that decided, when one did


def _by_arch_list(arch_list: tuple[str, ...], cc: tuple[int, int]) -> Support:
    """The support rule: same-major cubin sm_XZ with Z <= Y is native; PTX compute_AB with AB <= XY is JIT."""
    entries = [(raw, parsed) for raw in arch_list if (parsed := versions.arch_entry(raw))]
    if not entries:
        return Support("unknown", "the build's architecture list was not inspected")
    native = [raw for raw, (kind, arch) in entries if kind == "sm" and arch[0] == cc[0] and arch[1] <= cc[1]]
    if native:
        return Support("native", f"the build has {native[-1]} kernels, which run on compute capability {cc[0]}.{cc[1]}",
                       native[-1])
    ptx = [raw for raw, (kind, arch) in entries if kind == "compute" and arch <= cc]
    if ptx:
        return Support("ptx-jit", f"no kernels for {cc[0]}.{cc[1]} in the build; the driver compiles its {ptx[-1]} PTX "
                                  "on first use", ptx[-1])
    lowest = min(entries, key=lambda entry: entry[1][1])[0]
    if all(arch > cc for _, (_, arch) in entries):
        return Support("unsupported", f"compute capability {cc[0]}.{cc[1]} is below the build's lowest architecture "
                                      f"({lowest})", lowest)
    return Support("unsupported", f"the build has neither kernels for {cc[0]}.{cc[1]} nor PTX it could be compiled from")


def arch_rules_for(cc: str | None, tf_version: str | None = None, *, gpu_platform: str | None = None,
                   host_os: str | None = None) -> list[ArchRule]:
    """The per-architecture rules for a GPU (compute capability ``cc``, host ``gpu_platform``) and host OS
    ("linux" / "wsl" / "windows"; None: any). With ``tf_version``: only those that hold for that release by the
    KB's evidence of its build (its arch list, CUDA, CUDA wheels); a release the KB does not know has none."""
    rules = rules_matching(cc, gpu_platform=gpu_platform, host_os=host_os)
    if not tf_version:
        return rules
    evidence = build_evidence(tf_version)
    return [rule for rule in rules if evidence is not None and rule.holds_for(*evidence) is True]


def build_evidence(tf_version: str) -> tuple[tuple[str, ...], str | None, tuple[str, ...]] | None:
    """(arch list, CUDA, CUDA wheel platforms) the KB recorded from a release's wheels; None if unknown."""
    build = tf_build(tf_version)
    return (build.arch_list, build.linux_cuda, build.gpu_wheels) if build else None


def gpu_support(tf_version: str, cc: str | None, *, gpu_platform: str | None = None,
                host_os: str | None = None, arch_list: tuple[str, ...] | list[str] | None = None) -> Support:
    """Does a GPU of compute capability ``cc`` run this TF build? Decided from the build's own architecture
    list: ``arch_list`` when the installed build's was read (build info, else its binaries), else the one the
    KB recorded from the release's wheel. Per-architecture rules (gpus.json ``arch_rules``) win over the
    general support rule where their evidence holds: Blackwell on a build without sm_100+/compute_100+
    entries is 'unsupported', although the rule alone would JIT it from compute_90 PTX. A release the KB
    does not know, whose binaries were not read, is 'unknown'. ``gpu_platform``: the GPU row's host
    platform ("linux-aarch64"); ``host_os``: linux / wsl / windows (None: any)."""
    build, parsed = tf_build(tf_version), versions.compute_capability(cc)
    archs = tuple(arch_list or ()) or (build.arch_list if build else ())
    if build is None and not archs:
        return Support("unknown", f"TensorFlow {tf_version} is not in the knowledge base and its binaries were not "
                                  "read: whether it runs on this GPU is unknown")
    for rule in arch_rules_for(cc, None, gpu_platform=gpu_platform, host_os=host_os):
        holds = rule.holds_for(archs, build.linux_cuda if build else None,
                               None if build is None else build.gpu_wheels)
        if holds is True and rule.verdict == "unsupported":
            return Support("unsupported", rule.text, rule=rule)
        if holds is None and not archs:
            return Support("unknown", f"the knowledge base has no evidence whether {rule.id} holds for TensorFlow "
                                      f"{tf_version}", rule=None)
    if parsed is None:
        return Support("unknown", "the GPU's compute capability is not known")
    return _by_arch_list(archs, parsed)


def cc_support(tf_version: str, cc: str, platform: str | None = None) -> str:
    """'native' | 'ptx-jit' | 'unsupported' | 'unknown' for a GPU of compute capability ``cc`` on that TF
    (see :func:`gpu_support`; ``platform``: the host OS the per-architecture rules are checked for)."""
    return gpu_support(tf_version, cc, host_os=platform).verdict


def min_cc(tf_version: str) -> str | None:
    """The lowest compute capability in the build's arch list ('3.5'), None if unknown."""
    build = tf_build(tf_version)
    entries = [parsed[1] for parsed in map(versions.arch_entry, build.arch_list if build else ()) if parsed]
    if not entries:
        return None
    low = min(entries)
    return f"{low[0]}.{low[1]}"


def last_tf_for_cc(cc: str, platform: str = "linux", *, gpu_platform: str | None = None) -> str | None:
    """Newest TF version (a row's version, e.g. '2.14.0') that runs ``cc`` natively or by PTX JIT.

    Builds whose arch list was not inspected are skipped; on Windows only native GPU builds count;
    a per-architecture rule that says 'unsupported' removes every release it covers (Blackwell: None)."""
    parsed, plat = versions.compute_capability(cc), wheel_platform(platform)
    if parsed is None or plat is None:
        return None
    for build in _builds():
        if not build.prerelease and _gpu_on(build, plat) and gpu_support(build.version, cc, gpu_platform=gpu_platform,
                                                host_os=str(platform).lower()).verdict in ("native", "ptx-jit"):
            return build.version
    return None


def and_cuda_pins(tf_version: str | None, cc: str | None) -> tuple[str, ...]:
    """Extra requirements to add to ``pip install tensorflow[and-cuda]`` for this GPU, so that pip does not
    pick a library that dropped it: ("nvidia-cudnn-cu12<9.11",) for compute capability < 7.5 on TF 2.20/2.21.
    ``tf_version`` None: the newest Linux release (what an unversioned install gets). () when none is needed
    or the GPU is unknown."""
    build = tf_build(tf_version) if tf_version else latest_tf("linux")
    parsed = versions.compute_capability(cc)
    if build is None or parsed is None or not build.pre_turing_pin:
        return ()
    below = versions.compute_capability(build.pre_turing_cc_below)
    return (build.pre_turing_pin,) if below is not None and parsed < below else ()


def patch_release(tf_version: str) -> dict | None:
    """The KB's record of one patch release ("2.16.2": wheel Pythons, build info...), a copy; None if not listed."""
    wanted = versions.parse(tf_version)
    row = _row(tf_version)
    if wanted is None or row is None:
        return None
    for patch in row.get("patch_releases") or ():
        if versions.parse(patch.get("version")) == wanted:
            return copy.deepcopy(patch)
    return None


def stock_pythons(distro: str = "ubuntu") -> dict[str, str]:
    """The python3 a stock distribution ships, per release ({"ubuntu-22.04": "3.10", "ubuntu-24.04": "3.12"})."""
    fact = next((f for f in load_kb("tf_builds").get("facts", ()) if f.get("id") == f"{distro}-stock-python"), None)
    return dict(fact.get("pythons") or {}) if fact else {}
