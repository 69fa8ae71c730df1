"""What kind of text was pasted (one of ``model.EXPLAIN_KINDS``).

Structured outputs (nvidia-smi XML, pip errors) are recognised first. A TF log that
reports an error wins over tool output pasted next to it (the error is what the user
asks about); tool output wins over a TF log that holds only notices.
"""

from __future__ import annotations

import re

from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.explain.signatures import Hits, by_id

_XML = lazy(r"<nvidia_smi_log\b")
_SMI_TABLE = lazy(r"NVIDIA-SMI \d+\.\d+[^\n]{0,60}Driver Version:")
_NVCC = lazy(r"Cuda compilation tools, release \d+\.\d+|nvcc: NVIDIA \(R\) Cuda compiler driver")
_CUDNN_HEADER = lazy(r"(?m)^[ \t]*#[ \t]*define[ \t]+CUDNN_(?:MAJOR|VERSION)\b")
_BUILD_INFO = lazy(
    r"""(?:^|[{(,\s])['"]?(?:is_cuda_build|cuda_compute_capabilities|cudart_dll_name|cudnn_dll_name|msvcp_dll_names?|cuda_version_number)['"]?\s*[:=,]""",
    re.M,
)
_TRACEBACK = lazy(r"Traceback \(most recent call last\)")
_TF_LOG_LINE = lazy(r"\b[IWEF]\d{0,4}\s[\d:. ]{0,48}[\w./\-]*\.(?:cc|cpp|h):\d+\]")
_TF_MENTION = lazy(r"(?i)\bimport tensorflow\b|\btensorflow\b|\btf\.(?:config|test|keras|compat|Session|constant|sysconfig)\b")


def detect(text: str, hits: Hits) -> str:
    """The kind of ``text``; ``unknown`` when nothing we know is in it."""
    if not text.strip():
        return "unknown"
    kinds = by_id()
    hit_kinds: dict[str, set[str]] = {}
    for sig_id in hits.found:
        sig = kinds.get(sig_id)
        if sig is not None and sig.kind:
            hit_kinds.setdefault(sig.kind, set()).add(sig.finding)
    if _XML.search(text):
        return "nvidia-smi-xml"
    if "pip-error" in hit_kinds:
        return "pip-error"
    tf_findings = hit_kinds.get("tf-log", set())
    if tf_findings - {"benign-log", "gpu-ok"}:
        return "tf-log"
    if "traceback" in hit_kinds and _TRACEBACK.search(text):
        return "traceback"  # an import error outranks tool output pasted with it
    if "nvidia-smi" in hit_kinds or _SMI_TABLE.search(text):
        return "nvidia-smi"
    if _NVCC.search(text):
        return "nvcc"
    if _CUDNN_HEADER.search(text):
        return "cudnn-header"
    if _BUILD_INFO.search(text):
        return "build-info"
    if "traceback" in hit_kinds or _TRACEBACK.search(text):
        return "traceback"
    if tf_findings or _TF_LOG_LINE.search(text) or _TF_MENTION.search(text):
        return "tf-log"
    return "unknown"
