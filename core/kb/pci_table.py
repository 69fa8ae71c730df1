"""Build ``resources/kb/pci_gpus.json`` from the pci.ids database: NVIDIA device id -> chip and marketing
name, kept only for chips whose architecture the KB's ``chip_classes`` name. A maintainer's tool::

    python -m tfgpu.core.kb.pci_table PATH/pci.ids "pciutils/pciids @<commit> (<date>)"

The chip classes (chip-name prefix -> architecture -> compute capability) are written by hand in
pci_gpus.json with their sources; this only refreshes ``devices`` and ``devices_source``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

KB_FILE = Path(__file__).resolve().parent.parent.parent / "resources" / "kb" / "pci_gpus.json"
NVIDIA = "10de"
_DEVICE = re.compile(r"^\t([0-9a-f]{4})\s+(.+?)\s*$")
_CHIP = re.compile(r"^([A-Z]{2}\d{2,3}[A-Z]{0,3})\b([^\[]*)(?:\[(.+)\])?\s*$")
_NOT_A_GPU = re.compile(r"audio|usb|bridge|host|controller|nvswitch|engineering|reserved|ucsi|smbus", re.I)


def nvidia_devices(text: str) -> dict[str, list[str]]:
    """{device id: [chip, name]} of the NVIDIA section ('1f9d': ['TU117M', 'GeForce GTX 1650 Mobile / Max-Q'])."""
    out: dict[str, list[str]] = {}
    inside = False
    for line in text.splitlines():
        if line and not line.startswith(("\t", "#")):
            inside = line.startswith(NVIDIA + " ")
            continue
        match = _DEVICE.match(line) if inside else None
        if match:
            chip = _CHIP.match(match.group(2))
            if chip and chip.group(3) and not _NOT_A_GPU.search(chip.group(2) + chip.group(3)):
                out[match.group(1)] = [chip.group(1), chip.group(3).strip()]
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    from tfgpu.core.kb.pci_gpus import chip_class_for

    data = json.loads(KB_FILE.read_text(encoding="utf-8"))
    devices = nvidia_devices(Path(argv[0]).read_text(encoding="utf-8", errors="replace"))
    data["devices"] = {k: v for k, v in sorted(devices.items()) if chip_class_for(v[0], data["chip_classes"])}
    data["devices_source"] = f"pci.ids, vendor 10de, device lines 'CHIP [Name]': {argv[1]}"
    KB_FILE.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{len(data['devices'])} of {len(devices)} NVIDIA devices kept", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
