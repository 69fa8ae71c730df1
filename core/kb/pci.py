"""PCI vendors of graphics adapters and the display class codes (``resources/kb/pci_vendors.json``).

Import these through ``tfgpu.core.kb``.
"""

from __future__ import annotations

from functools import cache

from tfgpu.core.kb.loader import load_kb


@cache
def _vendors() -> dict[str, dict]:
    return {row["id"].lower(): row for row in load_kb("pci_vendors")["rows"]}


def pci_vendor(vendor_id: str | None) -> str | None:
    """'10de' / '0x10DE' -> 'NVIDIA'; None for a vendor the KB does not list."""
    row = _vendors().get(_hex4(vendor_id) or "")
    return str(row["vendor"]) if row else None


def is_nvidia_vendor(vendor_id: str | None) -> bool:
    row = _vendors().get(_hex4(vendor_id) or "")
    return bool(row and row.get("nvidia"))


def is_display_class(class_code: str | None) -> bool:
    """A PCI class code ('0x030000', '0302', '030200') of a display controller (base class 03)."""
    text = str(class_code or "").strip().lower().removeprefix("0x")
    prefix = str(load_kb("pci_vendors")["display_classes"]["prefix"])
    return len(text) >= 4 and text.startswith(prefix)


def windows_display_class_guid() -> str:
    return str(load_kb("pci_vendors")["windows_display_class_guid"]["value"]).lower()


def _hex4(value: str | None) -> str | None:
    text = str(value or "").strip().lower().removeprefix("0x")
    return text.zfill(4) if text and all(c in "0123456789abcdef" for c in text) and len(text) <= 4 else None
