"""Missing libraries: which component each is, which version its name asks for, and why
it is missing (not installed, another version installed, or installed but off the path).

The version in a library's name (``cudart64_101.dll`` -> CUDA 10.1, ``libcudnn.so.7`` ->
cuDNN 7) comes from the KB (``kb.library_info``); the name's shape gives the component.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tfgpu.core import versions
from tfgpu.core.explain.context import Ctx
from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.explain.signatures import Hit, notice_ids
from tfgpu.core.findings.model import Severity
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.kb import guarded as kbview

LIBRARY_SIGNATURES = ("dso-load-failed", "dso-open-failed-tf1", "self-check-dll-missing", "library-not-located",
                      "shared-object-missing", "library-said-missing", "paddle-dso-not-configured")

# File name -> component (TensorFlow's own library too). Only the shape of the name; versions come from the KB.
_COMPONENTS = (
    ("driver", re.compile(r"(?i)^(?:libcuda\.so|libcuda\.\d|nvcuda\.dll|libnvidia-ml|nvml\.dll)")),
    ("tensorrt", re.compile(r"(?i)^(?:lib)?nvinfer")),
    ("cupti", re.compile(r"(?i)^(?:lib)?cupti")),
    ("cudnn", re.compile(r"(?i)^(?:lib)?cudnn")),
    ("zlib", re.compile(r"(?i)^zlibwapi")),
    ("msvc", re.compile(r"(?i)^(?:msvcp|vcruntime|concrt)")),
    ("cudart", re.compile(r"(?i)^(?:lib)?cudart")),
    ("optional", re.compile(r"(?i)^libtpu")),  # JAX/XLA probing for a TPU: not a CUDA library, never a cause
    ("tensorflow", re.compile(r"(?i)^(?:lib)?tensorflow(?:_framework|_cc)?\.so|^_pywrap_tensorflow")),  # TF's own
    ("cuda", re.compile(r"(?i)^(?:lib)?(?:cublas|cufft|curand|cusolver|cusparse|nvrtc|nvjitlink|nccl|nvtoolsext|npp)")),
)
_NAME_NUMBER = lazy(r"(?i)(?:64_(\d+)\.dll$|\.so\.(\d+(?:\.\d+)?)$)")


@dataclass
class Lib:
    name: str
    component: str  # driver, tensorrt, cupti, cudnn, zlib, msvc, cudart, cuda, other
    cuda: str | None = None  # the CUDA version the name asks for
    cudnn: str | None = None  # the cuDNN major the name asks for
    hits: list[Hit] = field(default_factory=list)


def missing(ctx: Ctx) -> list[Lib]:
    libs: dict[str, Lib] = {}
    stub = ctx.hits.get("no-cuda-drivers")
    if stub:  # TF >= 2.14 says "cuda drivers" but means the CUDA runtime it could not load
        name = "cudart64_*.dll" if ctx.os == "windows" else "libcudart.so"
        libs[name] = Lib(name, "cudart", cuda=kbview.tf_cuda(ctx.tf, ctx.os), hits=list(stub[:2]))
    for sig in LIBRARY_SIGNATURES:
        for hit in ctx.hits.get(sig):
            name = (hit.groups.get("lib") or hit.groups.get("lib2") or "").strip().rstrip(".;")
            if not name:
                continue
            key = name.lower()
            if key not in libs:
                libs[key] = classify(name)
            libs[key].hits.append(hit)
    return list(libs.values())


def classify(name: str) -> Lib:
    base = re.split(r"[/\\]", name)[-1]
    component = next((c for c, rx in _COMPONENTS if rx.match(base)), "other")
    lib = Lib(base, component)
    info = kbview.library_info(base)
    if info is not None:
        lib.cuda = getattr(info, "cuda", None) or None
        lib.cudnn = getattr(info, "cudnn", None) or None
    if component == "cudnn" and lib.cudnn is None:
        number = _NAME_NUMBER.search(base)
        lib.cudnn = (number.group(1) or number.group(2)) if number else None
    return lib


# An add-on's compiled ops loaded by TensorFlow (tf.load_op_library raises NotFoundError) or linking errors.
_OPS_LOAD = lazy(r"NotFoundError|load_op_library|undefined symbol")


def _tensorflow_libs(ctx: Ctx, libs: list[Lib]) -> None:
    """TensorFlow's own library (libtensorflow_framework.so.N) not found: a compiled add-on built for another
    TensorFlow major (.so.2 is TF 2's, .so.1 TF 1's), or a program whose loader path lacks it."""
    if not libs:
        return
    hits = [h for lib in libs for h in lib.hits]
    names = ", ".join(lib.name for lib in libs)
    if any(_OPS_LOAD.search(h.line) for h in hits) or _OPS_LOAD.search(ctx.doc.text):
        ctx.add("mixed-tf-packages", TrText(QT_TRANSLATE_NOOP(
            "core", "A compiled add-on needs {libs}, which the installed TensorFlow does not provide: the add-on was "
            "built for another TensorFlow version. Install the TensorFlow version it was built for, or the add-on's "
            "build for this TensorFlow."), libs=names), hits, {"missing_libraries": [lib.name for lib in libs]})
    else:
        ctx.add("path-not-set", TrText(QT_TRANSLATE_NOOP(
            "core", "The program cannot find TensorFlow's own library {libs}: it is not installed, or its folder is "
            "not on the loader's search path. Add that folder to LD_LIBRARY_PATH (PATH on Windows), or install the "
            "TensorFlow C library the program was built for."), libs=names), hits,
            {"missing_libraries": [lib.name for lib in libs]})


def _same_cuda(wanted: str, installed: str, built: str | None = None) -> bool:
    """Does an installed toolkit provide a library asking for ``wanted``? A wanted version without
    a minor ("11": the library names only the major) matches that major, from the minor TF was
    built with (``built``) on: CUDA 11.0 lacks libraries that TF built with 11.2 asks for."""
    want = str(wanted).lower().replace(".x", "")
    if versions.major(want) != versions.major(installed):
        return False
    if "." in want and "." in installed:
        return versions.dotted_major_minor(want) == versions.dotted_major_minor(installed)
    floor = versions.parse(versions.dotted_major_minor(built)) if built and versions.major(built) == versions.major(want) else None
    have = versions.parse(versions.dotted_major_minor(installed))
    return floor is None or have is None or have >= floor


def _installed_provides(ctx: Ctx, libs: list[Lib], installed: list[str], wanted: str, built: str | None) -> bool:
    """Does one of the installed toolkits ship every missing library? By the KB's file lists when
    it knows that CUDA version and the file's version, else by comparing versions."""
    for version in installed:
        # A bare "libcudart.so" (no version: what TF 2.13+ asks for) is in no file list: no answer from the KB.
        answers = [kbview.cuda_provides(lib.name, version, ctx.os) if not lib.name.endswith(".so") else None
                   for lib in libs]
        if answers and all(a is True for a in answers):
            return True
        if answers and any(a is False for a in answers):
            continue
        if _same_cuda(wanted, version, built):
            return True
    return False


def explain(ctx: Ctx) -> list[Lib]:
    """Findings for missing CUDA, cuDNN, CUPTI, zlib and MSVC libraries. Returns the
    driver and TensorRT libraries for the driver and benign rules."""
    libs = missing(ctx)
    by_component: dict[str, list[Lib]] = {}
    for lib in libs:
        by_component.setdefault(lib.component, []).append(lib)
    cuda_libs = by_component.get("cudart", []) + by_component.get("cuda", [])
    if cuda_libs:
        wanted = _wanted_cuda(ctx, cuda_libs)
        if wanted:
            ctx.facts.setdefault("cuda_wanted", wanted)
        names = ctx.facts.setdefault("missing_libraries", [])
        names.extend(lib.name for lib in cuda_libs if lib.name not in names)
    _cuda_libs(ctx, by_component.get("cudart", []), by_component.get("cuda", []), by_component.get("other", []))
    _cudnn_libs(ctx, by_component.get("cudnn", []))
    _cupti(ctx, by_component.get("cupti", []))
    _tensorflow_libs(ctx, by_component.get("tensorflow", []))
    for lib in by_component.get("zlib", []):
        ctx.add("zlibwapi-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "cuDNN could not load {lib}. cuDNN 8.3 and later on Windows need zlibwapi.dll, which is installed separately."),
            lib=lib.name), lib.hits, {"library": lib.name})
    for lib in by_component.get("msvc", []):
        ctx.add("msvc-runtime-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow could not find {lib} from the Microsoft Visual C++ 2015-2022 Redistributable."),
            lib=lib.name), lib.hits, {"library": lib.name})
    return by_component.get("driver", []) + by_component.get("tensorrt", [])


def _wanted_cuda(ctx: Ctx, libs: list[Lib]) -> str | None:
    """The CUDA the missing libraries ask for: from a name that says it (cudart64_101.dll -> 10.1),
    else from the runtime name of the TF version in the text, else TF's CUDA version."""
    for lib in sorted(libs, key=lambda item: item.component != "cudart"):
        if lib.cuda:
            return str(lib.cuda)
    return kbview.tf_runtime_cuda(ctx.tf, ctx.os) or kbview.tf_cuda(ctx.tf, ctx.os)


def _shown(wanted: str, built: str | None) -> str:
    """ "11" with TF built for 11.2 -> "11.2"; else the wanted version as it is."""
    return built if built and "." not in wanted and versions.major(built) == versions.major(wanted) else wanted


def benign_cudart(ctx: Ctx, cudart: list[Lib], others: list[Lib]) -> bool:
    """The machine has no GPU (the user says so, or this machine's scan found no NVIDIA card): TF
    simply runs on the CPU. Otherwise a missing GPU library is never the harmless verdict: our user
    wants the GPU ("if you only want the CPU, ignore it" is a note, see :func:`cudart_only`)."""
    return ctx.cpu_only()


def cudart_only(ctx: Ctx, cudart: list[Lib], others: list[Lib]) -> bool:
    """Only the CUDA runtime is reported missing and nothing else fails: TF runs on the CPU."""
    if others or not cudart or ctx.hits.any("cannot-dlopen-gpu-libraries", "skipping-gpu-registration"):
        return False
    harmless = (*LIBRARY_SIGNATURES, "no-cuda-drivers", *notice_ids())
    return not [sig for sig in ctx.hits.found if sig not in harmless]


def _cuda_libs(ctx: Ctx, cudart: list[Lib], cuda: list[Lib], other: list[Lib]) -> None:
    libs = cudart + cuda + other
    dlopen = ctx.hits.get("cannot-dlopen-gpu-libraries")[:1]
    if not libs and not (dlopen and not ctx.facts.get("missing_libraries")):
        return
    hits = [h for lib in libs for h in lib.hits] + dlopen
    names = ", ".join(lib.name for lib in libs[:6])
    wanted = ctx.facts.get("cuda_wanted") or _wanted_cuda(ctx, [])
    built = kbview.tf_cuda(ctx.tf, ctx.os)
    installed = ctx.facts.get("cuda_installed", [])
    facts = {"missing_libraries": [lib.name for lib in libs], "cuda_wanted": wanted, "cuda_installed": installed,
             "tf_cuda": built}
    if benign_cudart(ctx, cudart, cuda + other):
        ctx.add("benign-log", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow looked for the CUDA runtime ({libs}) and did not find it, so it runs on the CPU. "
            "That is fine when you do not want to use a GPU; to use one, install the CUDA version this TensorFlow needs."),
            libs=names), hits + ctx.hits.get("cudart-stub-notice")[:1], facts)
        return
    outcome = "missing"
    if wanted and installed:
        outcome = "path" if _installed_provides(ctx, libs, installed, wanted, built) else "mismatch"
    values = {"libs": names, "installed": ", ".join(installed), "wanted": _shown(wanted, built) if wanted else "?"}
    if outcome == "missing" and not wanted:
        outcome = "missing-any"
    template = (_NAMED if libs else _UNNAMED)[outcome]
    severity = None
    if outcome in ("missing", "missing-any") and libs and cudart_only(ctx, cudart, cuda + other) and not ctx.wants_gpu():
        template, severity = _CPU_NOTE[outcome], Severity.WARNING  # nothing fails: TF runs, on the CPU
    finding = {"path": "path-not-set", "mismatch": "cuda-version-mismatch"}.get(outcome, "cuda-runtime-missing")
    ctx.add(finding, TrText(template, **{k: v for k, v in values.items() if "{" + k + "}" in template}), hits, facts,
            severity=severity)


# Words for a CUDA library failure: with the file names TF printed, and without them (TF >= 2.12
# prints them only at VLOG level, so only "Cannot dlopen some GPU libraries" is seen).
_NAMED = {
    "path": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load {libs}, although CUDA {installed} is installed: its library folder is not on "
        "the search path (PATH on Windows, LD_LIBRARY_PATH on Linux)."),
    "mismatch": QT_TRANSLATE_NOOP(
        "core", "TensorFlow looks for the CUDA {wanted} libraries ({libs}), but the CUDA installed here is {installed}. "
        "Each TensorFlow release loads only the CUDA version it was built with."),
    "missing": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load {libs}: the CUDA {wanted} libraries it was built for are not installed "
        "(or not on the search path)."),
    "missing-any": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load {libs}: the CUDA libraries it was built for are not installed "
        "(or not on the search path)."),
}
# The CUDA runtime alone is missing: TF carries on with the CPU. For a GPU that is the cause; for the
# CPU only it is harmless, which is a note, never the verdict.
_CPU_NOTE = {
    "missing": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load {libs}: the CUDA {wanted} runtime it was built for is not installed (or "
        "not on the search path), so it runs on the CPU. To use the GPU, install it. (If you only want the CPU, "
        "you can ignore this message.)"),
    "missing-any": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load {libs}: the CUDA runtime it was built for is not installed (or not on the "
        "search path), so it runs on the CPU. To use the GPU, install it. (If you only want the CPU, you can ignore "
        "this message.)"),
}
_UNNAMED = {
    "path": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load some of its GPU libraries, although CUDA {installed} is installed: its library "
        "folder is not on the search path. TF_CPP_MAX_VLOG_LEVEL=1 shows which files failed."),
    "mismatch": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load its GPU libraries: it needs CUDA {wanted}, but the CUDA installed here is "
        "{installed}. TF_CPP_MAX_VLOG_LEVEL=1 shows which files failed."),
    "missing": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load its GPU libraries: the CUDA {wanted} libraries it was built for are not "
        "installed (or not on the search path). TF_CPP_MAX_VLOG_LEVEL=1 shows which files failed."),
    "missing-any": QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load its GPU libraries: the CUDA and cuDNN libraries it was built for are not "
        "installed (or not on the search path). TF_CPP_MAX_VLOG_LEVEL=1 shows which files failed."),
}


# cuDNN's file loaded, but it needs the driver's libcuda.so, or is another version (a symbol it lacks): the driver
# and cuDNN rules explain those lines.
_NEEDS_LIBCUDA = lazy(r"Error: libcuda\.so(?:\.1)?: cannot open|undefined symbol|version libcudnn[\w.]+ not defined")


def _cudnn_libs(ctx: Ctx, libs: list[Lib]) -> None:
    libs = [lib for lib in libs if not all(_NEEDS_LIBCUDA.search(h.line) for h in lib.hits)]
    if not libs:
        return
    hits = [h for lib in libs for h in lib.hits]
    names = ", ".join(lib.name for lib in libs[:6])
    wanted = next((str(lib.cudnn) for lib in libs if lib.cudnn), None)
    installed = ctx.facts.get("cudnn_installed", [])
    facts = {"missing_libraries": [lib.name for lib in libs], "cudnn_wanted": wanted, "cudnn_installed": installed}
    if wanted:
        ctx.facts.setdefault("cudnn_wanted", wanted)
    if ctx.cpu_only() and not ctx.wants_gpu():
        return
    if wanted and installed:
        if any(versions.major(v) == versions.major(wanted) for v in installed):
            ctx.add("path-not-set", TrText(QT_TRANSLATE_NOOP(
                "core", "TensorFlow could not load {libs}, although cuDNN {installed} is installed: "
                "its folder is not on the search path (PATH on Windows, LD_LIBRARY_PATH on Linux)."),
                libs=names, installed=", ".join(installed)), hits, facts)
        else:
            ctx.add("cudnn-version-mismatch", TrText(QT_TRANSLATE_NOOP(
                "core", "TensorFlow looks for cuDNN {wanted} ({libs}), but cuDNN {installed} is installed. "
                "TensorFlow needs the cuDNN major version it was built with."),
                wanted=wanted, libs=names, installed=", ".join(installed)), hits, facts)
        return
    ctx.add("cudnn-missing", TrText(QT_TRANSLATE_NOOP(
        "core", "TensorFlow could not load {libs}: cuDNN {version} is not installed for the CUDA version TensorFlow uses "
        "(or not on the search path)."), libs=names, version=wanted or "?"), hits, facts)


def _cupti(ctx: Ctx, libs: list[Lib]) -> None:
    if not libs:
        return
    hits = [h for lib in libs for h in lib.hits]
    names = ", ".join(lib.name for lib in libs)
    ld_path = ctx.facts.get("ld_library_path")
    facts = {"missing_libraries": [lib.name for lib in libs], "ld_library_path": ld_path}
    if ld_path is not None and re.search(r"(?i)cupti", ld_path):
        ctx.add("cuda-runtime-missing", TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow could not load {libs} although a CUPTI folder is on LD_LIBRARY_PATH: "
            "the CUPTI there is another CUDA version, or missing."), libs=names), hits, facts)
        return
    if ld_path is not None:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow could not load {libs}. CUPTI comes with the CUDA toolkit (extras/CUPTI/lib64), a folder "
            "that is not on LD_LIBRARY_PATH ({path})."), libs=names, path=ld_path)
    else:
        detail = TrText(QT_TRANSLATE_NOOP(
            "core", "TensorFlow could not load {libs}. CUPTI comes with the CUDA toolkit (extras/CUPTI/lib64 or "
            "extras\\CUPTI\\lib64), a folder that is not on the library search path."), libs=names)
    ctx.add("path-not-set", detail, hits, facts)
