"""Issue-template fields -> facts. A field states a fact on purpose, so it wins over a version
read from free text ("I tried 2.5" loses to "TensorFlow version: 2.4.1"); a field that says
"none" for the GPU says the machine has none.
"""

from __future__ import annotations

import re

from tfgpu.core import versions
from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.explain.prose import Reading, Said
from tfgpu.core.kb import guarded as kbview

_VERSION = lazy(r"(?<![\w.])v?(\d{1,2}\.\d{1,2}(?:\.\d{1,4})?)(?![\d.]*\d)")
_TF_IN_VALUE = lazy(r"(?i)(?:tensorflow|tf)[-_ ]?(?:gpu|cpu)?[-_ =]*v?(\d\.\d{1,2}(?:\.\d{1,3})?)")
_NO_GPU = lazy(r"(?i)^(?:none|no|no gpu|nothing|cpu(?:[ -]only)?|using cpu|not available|无|没有)\b|\(using cpu\)")
_OS_WORDS = (
    ("wsl", re.compile(r"(?ai)\bwsl\s?2?\b")),
    ("windows", re.compile(r"(?ai)\bwin(?:dows)?\s?(?:10|11|7|8|server)?\b")),
    ("macos", re.compile(r"(?ai)\bmac\s?os|\bos x\b|\bdarwin\b")),
    ("linux", re.compile(r"(?ai)\blinux\b|\bubuntu\b|\bdebian\b|\bcentos\b|\bfedora\b|\brhel\b|\bred hat\b|\barch\b|\bmint\b|\bsuse\b|\bamazon linux\b|\brocky\b")),
)
_CUDA_PART = lazy(r"(?i)cuda(?:\s*(?:toolkit|runtime api|version))?\s*[-:=_]?\s*v?(\d{1,2}(?:\.\d{1,2})?(?:\.\d{1,4})?)")
# A cuDNN archive's name ("cudnn-11.0-windows-x64-v8.0.5.39"): the CUDA it is for, then its own version.
_CUDNN_ARCHIVE = lazy(r"(?i)cudnn-\d{1,2}\.\d-(?:windows|linux|ubuntu|rhel|osx)[\w.]*?-(?:x64|x86_64|ppc64le|sbsa|aarch64)-v(\d\.\d{1,2}(?:\.\d{1,3}){0,2})")
_CUDNN_PART = lazy(r"(?i)cudnn(?:\s*version)?\s*[-:=]?\s*v?(\d{1,2}(?:\.\d{1,2})?(?:\.\d{1,3})?)")
_DRIVER_API = lazy(r"(?i)driver api\s*v?\d+(?:\.\d+)?|nvidia-smi\W{0,3}(?:\w+\W{1,3}){0,3}?cuda(?: version)?\W{0,3}\d+(?:\.\d+)?")
CUDA_MAJORS = range(7, 20)
CUDNN_MAJORS = range(2, 13)


def apply_fields(reading: Reading, facts: dict) -> None:
    """Facts from the template fields of ``reading`` (they override free-text facts)."""
    fields = reading.fields
    if "tf_version" in fields:
        _tf(fields["tf_version"].value, facts)
    if "os_name" in fields:
        _os(fields["os_name"].value, facts)
    if "python_version" in fields:
        python = _first(fields["python_version"].value, majors=("2", "3"))
        if python:
            facts["python_version"] = python
        if re.search(r"(?i)32[- ]?bit", fields["python_version"].value):
            facts["python_bits"] = 32
    if "cuda_cudnn" in fields:
        field_ = fields["cuda_cudnn"]
        label = field_.label.lower()
        # A field labelled only "CUDA" (or only "cuDNN") holds that version, whatever its number.
        only = "cudnn" if "cudnn" in label and "cuda" not in label.replace("cudnn", "") else (
            "cuda" if label and "cudnn" not in label else None)
        _cuda_cudnn(field_.value, facts, only)
    if "gpu_model" in fields:
        value = fields["gpu_model"].value
        if _NO_GPU.search(value):
            reading.said.setdefault("say:no-gpu-machine", Said("say:no-gpu-machine", fields["gpu_model"].line_no, value))
        else:
            facts.setdefault("gpu_field", value)
    if "driver_version" in fields:
        driver = re.search(r"\b(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b", fields["driver_version"].value)
        if driver:
            facts["driver_version"] = driver.group(1)
    for key in ("installed_from", "install_method"):
        if key in fields:
            value = fields[key].value.lower()
            if "conda" in value:
                reading.said.setdefault("ctx:conda", Said("ctx:conda", fields[key].line_no, fields[key].value))
            if re.search(r"source|self[- ]?compiled|bazel|cmake", value):
                reading.said.setdefault("ctx:source-build", Said("ctx:source-build", fields[key].line_no, fields[key].value))
            facts.setdefault("installed_from", fields[key].value)
    if "cpu_model" in fields:
        facts["cpu_model"] = fields["cpu_model"].value


def _first(value: str, majors: tuple[str, ...]) -> str | None:
    for match in _VERSION.finditer(value):
        if versions.major_text(match.group(1)) in majors:
            return match.group(1)
    return None


def _tf(value: str, facts: dict) -> None:
    named = _TF_IN_VALUE.search(value)
    version = named.group(1) if named else _first(value, majors=("0", "1", "2", "3"))
    if not version:
        return
    facts["tf_version"] = version
    lowered = value.lower()
    packages = dict(facts.get("tf_packages") or {})
    if re.search(r"tensorflow[-_ ]gpu|\bgpu\b", lowered):
        packages.setdefault("tensorflow-gpu", version)
    elif re.search(r"tensorflow[-_ ]cpu|\bcpu\b", lowered):
        packages.setdefault("tensorflow" if version.startswith(("0.", "1.")) else "tensorflow-cpu", version)
    if packages:
        facts["tf_packages"] = packages
    tag = re.search(r"-cp(\d)(\d+)-", value)
    if tag and "python_version" not in facts:
        facts["python_version"] = f"{tag.group(1)}.{tag.group(2)}"


def _os(value: str, facts: dict) -> None:
    for os_kind, pattern in _OS_WORDS:
        if pattern.search(value):
            facts["os"] = os_kind
            facts["os_name"] = " ".join(value.split())[:60]
            return


def _cuda_cudnn(value: str, facts: dict, only: str | None = None) -> None:
    """ "10.2.89", "CUDA 10.1 / cuDNN 7.6.4", "11.2/8.1", "CUDA Runtime API v11.2 / CUDA Driver API v12.0 / cuDNN 8.1.0"."""
    if re.search(r"(?i)\b(?:unknown|does not exist|not installed|none|no cuda|n/a)\b", value) and not _VERSION.search(value):
        return
    text = _DRIVER_API.sub(" ", value)  # the driver's CUDA is not a toolkit
    text = _CUDNN_ARCHIVE.sub(lambda m: f"cuDNN {m.group(1)}", text)
    cuda = _CUDA_PART.search(text)
    cudnn = _CUDNN_PART.search(text)
    cuda_value = cuda.group(1) if cuda else None
    cudnn_value = cudnn.group(1) if cudnn else None
    if not cuda and not cudnn:
        numbers = [m.group(1) for m in _VERSION.finditer(text)] or re.findall(r"(?<![\d.])(\d{1,2})(?![\d.])", text)[:1]
        if len(numbers) >= 2:
            cuda_value, cudnn_value = numbers[0], numbers[1]
        elif numbers:
            single = numbers[0]
            major = versions.major_number(single)
            tf_major = versions.major_text(facts.get("tf_version"))
            if only == "cuda" or (only is None and (major >= 9 or (major in (7, 8) and tf_major == "0"))):
                cuda_value = single
            elif major in CUDNN_MAJORS:
                cudnn_value = single
    if cuda_value and versions.major_number(cuda_value) in CUDA_MAJORS:
        _put_first(facts, "cuda_installed", _major_minor(cuda_value))
    elif cudnn_value:
        facts.pop("cuda_installed", None)  # the field names only cuDNN: a "CUDA" number read elsewhere is not it
    if cudnn_value and versions.major_number(cudnn_value) in CUDNN_MAJORS and cudnn_value != cuda_value:
        _put_first(facts, "cudnn_installed", cudnn_value)


def _major_minor(value: str) -> str:
    parts = value.split(".")
    return ".".join(parts[:2])


def _put_first(facts: dict, key: str, value: str) -> None:
    values = [v for v in facts.get(key, []) if v != value and not value.startswith(v + ".")]
    facts[key] = [value, *values]


def gpu_model_cc(facts: dict) -> str | None:
    """The compute capability of the GPU named in the template's GPU field (KB names only)."""
    value = facts.get("gpu_field")
    spec = kbview.gpu_spec(value) if value else None
    return getattr(spec, "cc", None)


def log_outranks_template(facts: dict, hits, free_text_tf: str | None) -> None:
    """The log is the evidence: a template's TensorFlow version whose CUDA the log's own library loads
    contradict (TF 2.13 on Windows loads no CUDA DLL at all; 2.13 on Linux loads CUDA 11, not 12) gives way.
    The version read from the free text takes its place when it fits, else none; ``tf_version_stated`` keeps
    what the template said."""
    from tfgpu.core import versions

    tf, os_name = facts.get("tf_version"), facts.get("os")
    names = [h.groups.get("lib", "") for sig in ("dso-load-failed", "dso-open-failed-tf1") for h in hits.get(sig)]
    majors = set()
    for name in names:
        info = kbview.library_info(re.split(r"[/\\]", name.strip())[-1])
        if info is not None and getattr(info, "cuda", None):
            majors.add(versions.major_text(info.cuda))
    if not tf or not majors:
        return

    def fits(version: str | None) -> bool:
        want = kbview.tf_cuda(version, os_name)
        if want is None:  # no GPU build there (native Windows from 2.11): it loads no CUDA library
            return not (os_name == "windows" and versions.at_least(version, "2.11"))
        return versions.major_text(want) in majors

    if fits(tf):
        return
    facts["tf_version_stated"] = tf
    facts["tf_version_conflict"] = (f"the template says TensorFlow {tf}, but the log loads CUDA "
                                    f"{'/'.join(sorted(majors))} libraries")
    if free_text_tf and free_text_tf != tf and fits(free_text_tf):
        facts["tf_version"] = free_text_tf
    else:
        facts.pop("tf_version", None)
