"""NVIDIA GPUs by PCI device id (``resources/kb/pci_gpus.json``, built from pci.ids): a GPU the KB's
gpus.json does not list is placed by its chip's architecture and compute capability, said to be inferred.

Import these through ``tfgpu.core.kb``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tfgpu.core.kb.loader import load_kb

_PCI_ID = re.compile(r"^\s*(?:(?:0x)?10de[:_ -]|pci\\ven_10de&dev_|dev_)?(?:0x)?([0-9a-f]{4})\s*$", re.I)


@dataclass(frozen=True)
class PciGpu:
    device_id: str  # "1f9d"
    chip: str  # "TU117M" as pci.ids names it
    name: str  # "GeForce GTX 1650 Mobile / Max-Q"
    arch: str | None  # "Turing"
    cc: str | None  # "7.5": the chip family's, inferred
    source: str


def parse_pci_id(text: str | None) -> str | None:
    """'10de:1f9d', '0x1F9D', 'PCI\\VEN_10DE&DEV_1F9D' -> '1f9d'; None when it is not an NVIDIA device id."""
    match = _PCI_ID.match(str(text or ""))
    return match.group(1).lower() if match else None


def looks_like_pci_id(text: str | None) -> bool:
    return bool(re.match(r"^\s*(?:0x)?10de[:_ -]?(?:0x)?[0-9a-f]{4}\s*$|^\s*pci\\ven_10de", str(text or ""), re.I))


def chip_family(chip: str, suffixes: list[str] | tuple[str, ...] | None = None) -> str:
    """'TU117M' -> 'TU117', 'GA102GL' -> 'GA102' (pci.ids' mobile / professional suffixes dropped)."""
    strip = suffixes if suffixes is not None else load_kb("pci_gpus")["chip_suffixes"]["strip"]
    for suffix in strip:
        if chip.endswith(suffix) and chip[: -len(suffix)] and chip[-len(suffix) - 1].isdigit():
            return chip[: -len(suffix)]
    return chip


def chip_class_for(chip: str, classes: list[dict] | None = None) -> dict | None:
    """The chip_classes row of a chip ('TU117M' -> Turing 7.5), None for a chip the table does not place."""
    rows = classes if classes is not None else load_kb("pci_gpus")["chip_classes"]
    family = chip_family(chip, ("GLM", "GL", "BM", "M"))
    return next((row for row in rows if family in row["chips"] or chip in row["chips"]), None)


def _gpu(device_id: str, chip: str, name: str) -> PciGpu:
    data = load_kb("pci_gpus")
    row = chip_class_for(chip)
    source = f"{data['devices_source']} ({device_id}: {chip} [{name}])"
    if row is not None:
        source += f"; {chip_family(chip)} = {row['arch']} = compute capability {row['cc']} (chip_classes, {row['status']})"
    return PciGpu(device_id=device_id, chip=chip, name=name, arch=row["arch"] if row else None,
                  cc=row["cc"] if row else None, source=source)


def gpu_by_pci_id(text: str | None) -> PciGpu | None:
    """The pci.ids entry of an NVIDIA device id, with its chip family's class; None if unknown."""
    device = parse_pci_id(text)
    entry = load_kb("pci_gpus")["devices"].get(device or "")
    return _gpu(device, entry[0], entry[1]) if device and entry else None


def _words(name: str) -> str:
    return " ".join(re.sub(r"[^A-Z0-9]+", " ", name.upper().replace("NVIDIA", " ")).split())


@cache
def _by_name() -> dict[str, tuple[str, str, str]]:
    """pci.ids names ('GEFORCE MX450') -> (device id, chip, name); a name shared by chips of two classes is dropped."""
    out: dict[str, tuple[str, str, str]] = {}
    clash: set[str] = set()
    for device, (chip, name) in load_kb("pci_gpus")["devices"].items():
        for part in name.split(" / "):
            key = _words(part)
            if not key:
                continue
            if key in out and chip_class_for(out[key][1]) != chip_class_for(chip):
                clash.add(key)
            out.setdefault(key, (device, chip, name))
    return {key: value for key, value in out.items() if key not in clash}


def gpu_by_pci_name(name: str | None) -> PciGpu | None:
    """A GPU by the name NVML / nvidia-smi prints ('NVIDIA GeForce MX450'), matched to a pci.ids name."""
    key = _words(str(name or ""))
    hit = _by_name().get(key) or _by_name().get(re.sub(r"\s+(LAPTOP GPU|MAX Q|MOBILE)$", "", key))
    return _gpu(*hit) if hit else None
