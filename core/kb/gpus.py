"""GPU models (``resources/kb/gpus.json``): compute capability and peak throughput by name, and the
per-architecture rules (``arch_rules``) that win over the general support rule.

Import these through ``tfgpu.core.kb``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tfgpu.core import versions
from tfgpu.core.kb.loader import load_kb


@dataclass(frozen=True)
class GpuSpec:
    name: str
    arch: str | None
    cc: str | None
    fp32_tflops: float | None
    fp16_tflops: float | None  # tensor cores, dense, FP32 accumulate
    bf16_tflops: float | None
    mem_bw_gb_s: float | None
    sources: tuple[str, ...]
    status: str  # the weakest status of the values given
    notes: tuple[str, ...] = ()
    field_sources: tuple[tuple[str, str, str], ...] = ()  # (field, source, status): cc, fp32, fp16, bw
    platform: str | None = None  # "linux-aarch64": the GPU only comes with an Arm host; None: x86_64 / any
    inferred: bool = False  # not a gpus.json row: placed by its PCI id / pci.ids name and its chip's class
    pci_id: str | None = None  # "10de:1f9d" when the query or the match came through pci.ids

    def source_of(self, field_name: str) -> tuple[str, str]:
        """(source, status) of one figure, e.g. ``source_of("fp32")``; the row's own when not given."""
        for name, source, status in self.field_sources:
            if name == field_name:
                return source, status
        return (self.sources[0] if self.sources else "", self.status)


_MOBILE = re.compile(r"(?<![A-Z0-9])(LAPTOP|MOBILE|MAX Q)(?![A-Z0-9])")


def normalise_name(name: str) -> str:
    """'NVIDIA A100-SXM4-80GB' -> 'NVIDIA A100 SXM4 80GB': upper case, one space between tokens."""
    return " ".join(re.sub(r"[^A-Z0-9]+", " ", str(name).upper()).split())


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], dict], ...]:
    """Each row's match patterns, anchored on whole tokens."""
    out = []
    for row in load_kb("gpus")["rows"]:
        for pattern in row["match"]:
            out.append((re.compile(rf"(?<![A-Z0-9])(?:{pattern})(?![A-Z0-9])"), row))
    return tuple(out)


def _best_row(normalised: str) -> dict | None:
    """The row whose pattern matches the longest stretch of the name ('RTX 3060 TI' beats 'RTX 3060')."""
    best, best_length = None, 0
    for pattern, row in _patterns():
        match = pattern.search(normalised)
        if match and match.end() - match.start() > best_length:
            best, best_length = row, match.end() - match.start()
    return best


def _spec(row: dict) -> GpuSpec:
    return GpuSpec(
        name=row["name"], arch=row.get("arch"), cc=row.get("cc"),
        fp32_tflops=row.get("fp32_tflops"), fp16_tflops=row.get("fp16_tflops"),
        bf16_tflops=row.get("bf16_tflops"), mem_bw_gb_s=row.get("mem_bw_gb_s"),
        sources=tuple(dict.fromkeys(row["sources"].values())), status=row["status"],
        notes=tuple(row.get("notes", ())),
        field_sources=tuple((name, source, row.get("field_status", {}).get(name, row["status"]))
                            for name, source in row["sources"].items()),
        platform=row.get("platform"))


def _mobile_spec(row: dict) -> GpuSpec:
    """A laptop variant: same chip family (CC), but the desktop board's peaks do not apply."""
    cc_status = row["field_status"]["cc"]
    return GpuSpec(
        name=f"{row['name']} Laptop GPU", arch=row.get("arch"), cc=row.get("cc"),
        fp32_tflops=None, fp16_tflops=None, bf16_tflops=None, mem_bw_gb_s=None,
        sources=(row["sources"]["cc"],), status="derived" if cc_status in ("confirmed", "derived") else cc_status,
        notes=("laptop variant: CC taken from the desktop model; its peak figures do not apply",),
        platform=row.get("platform"))


def gpu_spec(name: str) -> GpuSpec | None:
    """The KB's facts for a GPU name as NVML / nvidia-smi / TF print it; None if unknown."""
    if not name:
        return None
    normalised = normalise_name(name)
    row = _best_row(normalised)
    if row is None:
        return None
    return _mobile_spec(row) if _MOBILE.search(normalised) else _spec(row)


def gpu_spec_or_inferred(query: str | None) -> GpuSpec | None:
    """:func:`gpu_spec`, and for a GPU gpus.json does not list, the class its PCI id ('10de:1f9d') or its
    pci.ids name ('NVIDIA GeForce MX450') places it in: the chip family's compute capability, no peaks,
    ``inferred`` True. A PCI id of a listed GPU gives that GPU's row."""
    from dataclasses import replace

    from tfgpu.core.kb.pci_gpus import gpu_by_pci_id, gpu_by_pci_name, looks_like_pci_id

    text = str(query or "").strip()
    pci = gpu_by_pci_id(text) if looks_like_pci_id(text) else None
    if pci is None and looks_like_pci_id(text):
        return None
    listed = gpu_spec(pci.name if pci else text)
    if listed is not None and (pci is None or pci.cc is None or listed.cc == pci.cc):
        return replace(listed, pci_id=f"10de:{pci.device_id}") if pci else listed
    # a board on another chip than its name's usual one (a GK106 'GTX 750 Ti'): the chip decides
    pci = pci or gpu_by_pci_name(text)
    if pci is None or pci.cc is None:
        return None
    why = (f"inferred: not in gpus.json; PCI id 10de:{pci.device_id} is a {pci.chip} ({pci.arch}), whose chip "
           f"family has compute capability {pci.cc}; no peak figures")
    return GpuSpec(name=pci.name, arch=pci.arch, cc=pci.cc, fp32_tflops=None, fp16_tflops=None, bf16_tflops=None,
                   mem_bw_gb_s=None, sources=(pci.source,), status="derived", notes=(why,),
                   field_sources=(("cc", pci.source, "derived"),), inferred=True, pci_id=f"10de:{pci.device_id}")


# -- per-architecture rules ------------------------------------------------------------------------

HOST_OSES = ("linux", "wsl", "windows")


@dataclass(frozen=True)
class ArchOption:
    """One thing a user of an unsupported GPU can do (a container, a source build, the CPU)."""

    id: str
    text: str
    source: str
    status: str
    notes: tuple[str, ...] = ()
    argv: tuple[str, ...] = ()  # a command to show (built for a shell by core/shell.py), if any
    url: str | None = None


@dataclass(frozen=True)
class ArchRule:
    """A verdict that holds for a whole architecture or host platform and wins over the support rule."""

    id: str
    verdict: str  # "unsupported"
    text: str
    options: tuple[ArchOption, ...]
    source: str
    status: str
    platforms: tuple[str, ...]  # host OSes it holds on (linux / wsl / windows)
    cc_min: tuple[int, int] | None = None
    cc_max: tuple[int, int] | None = None
    gpu_platform: str | None = None  # matches a GPU row's ``platform``
    notes: tuple[str, ...] = ()
    # The evidence that decides, per build (never a version range written ahead of time):
    arch_major_from: int | None = None  # holds for a build whose arch list has no entry of this major or newer
    cuda_below: str | None = None  # ... or, its arch list unread, a build made with a CUDA older than this
    gpu_wheel: str | None = None  # holds for a release with no CUDA wheel for this platform ("linux_aarch64")

    def holds_for(self, arch_list: tuple[str, ...] | list[str], cuda: str | None = None,
                  gpu_wheels: tuple[str, ...] | None = None) -> bool | None:
        """Does the verdict hold for a build with this arch list (its CUDA; the platforms its release has CUDA
        wheels for)? None: the evidence is not there (a release the KB does not know, nothing read)."""
        if self.arch_major_from is not None:
            entries = [entry for entry in map(versions.arch_entry, arch_list or ()) if entry]
            if entries:
                return not any(arch[0] >= self.arch_major_from for _, arch in entries)
            if cuda and self.cuda_below and versions.parse(cuda) is not None:
                return True if versions.below(cuda, self.cuda_below) else None
            return None
        if self.gpu_wheel is not None:
            return None if gpu_wheels is None else self.gpu_wheel not in gpu_wheels
        return None

    def matches(self, cc: str | None, gpu_platform: str | None = None) -> bool:
        """Does the GPU (its compute capability, or the host platform it comes with) fall under this rule?"""
        if self.gpu_platform is not None:
            return gpu_platform == self.gpu_platform
        parsed = versions.compute_capability(cc)
        if parsed is None or (self.cc_min is None and self.cc_max is None):
            return False
        return (self.cc_min is None or parsed >= self.cc_min) and (self.cc_max is None or parsed <= self.cc_max)


def _option(row: dict) -> ArchOption:
    return ArchOption(id=row["id"], text=row["text"], source=row["source"], status=row["status"],
                      notes=tuple(row.get("notes", ())), argv=tuple(row.get("argv", ())), url=row.get("url"))


def _rule(row: dict) -> ArchRule:
    applies, evidence = row.get("applies_to") or {}, row.get("holds_when") or {}
    return ArchRule(
        id=row["id"], verdict=row["verdict"], text=row["text"], source=row["source"], status=row["status"],
        options=tuple(_option(option) for option in row.get("options", ())),
        platforms=tuple(row.get("platforms") or HOST_OSES),
        arch_major_from=evidence.get("arch_major_from"), cuda_below=evidence.get("cuda_below"),
        gpu_wheel=evidence.get("gpu_wheel"),
        cc_min=versions.compute_capability(applies.get("cc_min")), cc_max=versions.compute_capability(applies.get("cc_max")),
        gpu_platform=applies.get("platform"), notes=tuple(row.get("notes", ())))


@cache
def arch_rules() -> tuple[ArchRule, ...]:
    """Every per-architecture / per-platform rule, in the KB's order (the first that applies wins)."""
    return tuple(_rule(row) for row in load_kb("gpus").get("arch_rules", ()))


def rules_matching(cc: str | None, *, gpu_platform: str | None = None, host_os: str | None = None) -> list[ArchRule]:
    """The rules for a GPU (compute capability ``cc``, host ``gpu_platform``) on a host OS ("linux" / "wsl" /
    "windows"; None: any), whatever the release; :func:`tfgpu.core.kb.tf.arch_rules_for` adds the evidence."""
    host = str(host_os or "").strip().lower() or None
    return [rule for rule in arch_rules() if rule.matches(cc, gpu_platform) and (host is None or host in rule.platforms)]
