"""Facts about the hardware in a text: GPU names and compute capabilities (TF log lines,
XLA lines, free text checked against the KB) and out-of-memory allocation sizes."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tfgpu.core.explain.lazy_re import Regex, lazy
from tfgpu.core.explain.signatures import Hits
from tfgpu.core.kb import guarded as kbview

MAX_MATCHES = 200  # matches looked at per reader

# -- GPUs and memory -------------------------------------------------------------------------
_GPU_LOG = lazy(r"name: ([^,\n]{2,80}?),? (?:pci bus id: [^,\n]+, )?[Cc]ompute ?[Cc]apability: (\d{1,2}\.\d)", needs=('apability',))
_GPU_TF1 = lazy(r"name: ([^\n]{2,80}?) major: (\d{1,2}) minor: (\d)", needs=(' major: ',))
# XLA's device list: "StreamExecutor device (0): NAME, ..." and, from about 2024, "StreamExecutor [0]: NAME, ...".
_GPU_XLA = lazy(r"StreamExecutor (?:device \(\d+\)|\[\d+\]): ([^,\n]{2,80}), Compute Capability (\d{1,2}\.\d)",
                needs=('streamexecutor device', 'streamexecutor ['))
_GPU_TEXT = lazy(
    r"(?i)(?<![\w-])((?:nvidia\s+)?(?:geforce\s+)?(?:rtx|gtx|gt|mx)\s?\d{3,4}(?:\s?(?:ti|super|m))?(?:\s+laptop(?:\s+gpu)?)?"
    r"|(?:quadro|tesla|titan)\s+[a-z]{0,3}\d{0,4}[a-z]?|(?:rtx\s+)?a\d{4}\b|\d{4}\s?(?:ti\s)?rtx)(?![\w-])",
    needs=("rtx", "gtx", "gt", "mx", "quadro", "tesla", "titan", *(f"a{d}" for d in range(10))),
)
_GPU_DC = lazy(r"(?i)(?:nvidia|nvida|tesla|gpu)\s*[:=]?\s*((?:[abhl]\d{1,3}s?|t4|v100|p100|p40|p4|k80|k40|h200|b200|l40s?))(?![\w])", needs=('nvidia', 'nvida', 'tesla', 'gpu'))
# Data-centre GPUs whose bare names are unambiguous ("cards such as H100 and L40S").
_GPU_DC_BARE = lazy(r"(?i)(?<![\w./-])((?:a100|v100|h100|h200|b200|gb200|l40s|p100|k80|k40|p40))(?![\w-])",
                    needs=("a100", "v100", "h100", "h200", "b200", "l40s", "p100", "k80", "k40", "p40"))
# A GeForce model said by its number alone ("a 3090 graphics card", "2080ti显卡").
_GPU_NUMBER = lazy(r"(?i)(?<![\w.-])((?:10[5-8]0|20[6-8]0|30[5-9]0|40[6-9]0|50[6-9]0)(?:\s?(?:ti|super))?)\s*(?:graphics card|gpus?\b|card\b|显卡)",
                   needs=("graphics card", "gpu", "card", "显卡"))
# ... or after the word ("GPU: 3070", "GPU是笔记本的3070", "my graphics card is a 4090").
_GPU_NUMBER_AFTER = lazy(r"(?i)(?:\bgpus?|graphics card|显卡)\s*(?:is |are |是|为|[:：=]\s*)?(?:an? |my |the |laptop |笔记本(?:电脑)?的?)?"
                         r"((?:10[5-8]0|20[6-8]0|30[5-9]0|40[6-9]0|50[6-9]0)(?:\s?(?:ti|super))?)(?![\w.-])",
                         needs=("graphics card", "gpu", "显卡"))
# ... or alone with its "Ti" ("I use 3080ti / tensorflow 1.15"): no other product is numbered so.
_GPU_NUMBER_TI = lazy(r"(?i)(?<![\w.-])((?:10[5-8]0|20[6-8]0|30[5-9]0|40[6-9]0|50[6-9]0)\s?ti)(?![\w.-])", needs=("ti",))
_SM = lazy(r"^sm_(\d{1,2})(\d)[a-z]?$")
_GPU_MB = lazy(r"with (\d+) MB memory|totalMemory: (\d+(?:\.\d+)?)GiB", needs=(' mb memory', 'totalmemory'))
_DTYPE_BYTES = {"float": 4, "float32": 4, "half": 2, "float16": 2, "bfloat16": 2, "double": 8, "float64": 8,
                "int32": 4, "int64": 8, "int16": 2, "int8": 1, "uint8": 1, "bool": 1, "complex64": 8, "complex128": 16}
_UNITS = {"b": 1, "kib": 1024, "kb": 1024, "k": 1024, "mib": 1024**2, "mb": 1024**2, "m": 1024**2,
          "gib": 1024**3, "gb": 1024**3, "g": 1024**3, "tib": 1024**4, "tb": 1024**4, "t": 1024**4}


def iter_matches(regex: Regex, text: str) -> Iterator[re.Match[str]]:
    """At most MAX_MATCHES matches: a reader never walks a huge text match by match."""
    for count, match in enumerate(regex.finditer(text)):
        if count >= MAX_MATCHES:
            return
        yield match


def add_unique(values: list[str], value: str | None) -> None:
    if value and value not in values:
        values.append(value)


def read_gpus(text: str, hits: Hits, facts: dict) -> None:
    """GPUs named in TF's device lines, XLA's lines and free text (free text: KB names only)."""
    gpus: list[dict] = []
    specs: dict[str, object] = {}

    def add(name: str, cc: str | None = None, source: str = "log") -> None:
        name = " ".join(name.split()).strip(" .,:;")
        key = name.lower()
        if key not in specs:
            specs[key] = kbview.gpu_spec(name) if source == "log" else kbview.gpu_spec_or_inferred(name)
        spec = specs[key]
        if source == "text" and spec is None:
            return  # free text: only names the KB knows
        cc = cc or getattr(spec, "cc", None)
        for gpu in gpus:
            if gpu["name"].lower() == name.lower() or (spec is not None and gpu.get("model") == getattr(spec, "name", None)):
                gpu.setdefault("cc", cc)
                return
        entry: dict = {"name": name}
        if spec is not None:
            entry["model"] = getattr(spec, "name", name)
            entry["arch"] = getattr(spec, "arch", None)
        if cc:
            entry["cc"] = str(cc)
        gpus.append({k: v for k, v in entry.items() if v})

    for match in iter_matches(_GPU_LOG, text):
        add(match.group(1), match.group(2))
    for match in iter_matches(_GPU_XLA, text):
        add(match.group(1), match.group(2))
    for match in iter_matches(_GPU_TF1, text):
        add(match.group(1), f"{match.group(2)}.{match.group(3)}")
    for regex in (_GPU_TEXT, _GPU_DC, _GPU_DC_BARE):
        for match in iter_matches(regex, text):
            add(_normalise_gpu(match.group(1)), source="text")
    for match in [*iter_matches(_GPU_NUMBER, text), *iter_matches(_GPU_NUMBER_AFTER, text),
                  *iter_matches(_GPU_NUMBER_TI, text)]:
        number = re.sub(r"(?i)(\d)(ti|super)$", r"\1 \2", match.group(1))  # "2080ti" -> "2080 ti"
        add(("GTX " if number.startswith("10") else "RTX ") + number, source="text")
    if gpus:
        facts["gpus"] = gpus
        facts["gpu_names"] = [g["name"] for g in gpus]
        ccs: list[str] = []
        for gpu in gpus:
            add_unique(ccs, gpu.get("cc"))
        if ccs:
            facts["compute_capabilities"] = ccs
    targets: list[str] = []
    for hit in hits.get("ptx-target-unsupported") + hits.get("ptxas-unknown-gpu"):
        sm = _SM.match(hit.groups.get("target", ""))
        if sm:
            add_unique(targets, f"{int(sm.group(1))}.{sm.group(2)}")
    for hit in hits.get("compute-capability-too-low")[:1]:
        facts["found_cc"], facts["required_cc"] = hit.groups.get("cc"), hit.groups.get("min")
    if targets:
        facts["target_cc"] = targets[0]


def _normalise_gpu(name: str) -> str:
    match = re.match(r"(?i)^(\d{4})\s?(ti\s)?rtx$", name.strip())
    if match:  # "4080 RTX" -> "RTX 4080"
        return f"RTX {match.group(1)}" + (" Ti" if match.group(2) else "")
    # Glued forms: "rtx2080ti" -> "rtx 2080 ti", "GTX1080Ti" -> "GTX 1080 Ti".
    name = re.sub(r"(?i)\b(rtx|gtx|gt|mx)(\d)", r"\1 \2", name)
    return re.sub(r"(?i)(\d)(ti|super)\b", r"\1 \2", name)


def read_memory(text: str, hits: Hits, facts: dict) -> None:
    ooms: list[dict] = []
    for hit in hits.get("oom-allocating-tensor")[:5]:
        shape = [int(x) for x in re.findall(r"\d+", hit.groups.get("shape", ""))]
        entry: dict = {"shape": shape, "dtype": hit.groups.get("dtype"), "device": hit.groups.get("device")}
        size = _DTYPE_BYTES.get((hit.groups.get("dtype") or "").lower())
        if shape and size:
            total = size
            for dim in shape:
                total *= dim
            entry["bytes"] = total
        ooms.append({k: v for k, v in entry.items() if v not in (None, [])})
    for hit in hits.get("bfc-ran-out")[:5] + hits.get("cuda-out-of-memory")[:5]:
        found_size: str | int | None = hit.groups.get("bytes") or _bytes(hit.groups.get("size"))
        if found_size:
            ooms.append({"bytes": int(found_size), "allocator": hit.groups.get("allocator") or "cuda"})
    if ooms:
        facts["oom"] = ooms
        sizes = [o["bytes"] for o in ooms if o.get("bytes")]
        if sizes:
            facts["oom_allocation_bytes"] = max(sizes)
    for match in iter_matches(_GPU_MB, text):
        facts["gpu_memory_mb"] = int(match.group(1)) if match.group(1) else int(float(match.group(2)) * 1024)
        break


def _bytes(size: str | None) -> int | None:
    match = re.match(r"^\s*(\d+(?:\.\d+)?)\s*([KMGT]?i?B?)\s*$", size or "", re.I)
    if not match:
        return None
    unit = _UNITS.get(match.group(2).lower() or "b")
    return int(float(match.group(1)) * unit) if unit else None
