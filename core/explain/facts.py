"""Facts read from free text: OS, TF / Python / CUDA / cuDNN / driver versions, GPUs.

Every reader is a regex over the whole (bounded) text plus a check of what it caught, so
"TensorFlow with CUDA 11.2" is not read as TF 11.2 and "compiled with cuDNN 8.1" is not
read as an installed cuDNN. Values are strings (JSON-able); lists keep text order.
"""

from __future__ import annotations

import re

from tfgpu.core import versions
from tfgpu.core.explain.document import Doc, without_unchecked_boxes
from tfgpu.core.explain.facts_hw import add_unique as _add
from tfgpu.core.explain.facts_hw import iter_matches as _iter
from tfgpu.core.explain.facts_hw import read_gpus, read_memory
from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.explain.prose import negated
from tfgpu.core.explain.signatures import Hits

# Plausible major versions: a number outside them is something else (a CUDA "7.5" is a compute
# capability, a driver "12.4" a CUDA version). Sanity bounds for reading text, not compatibility facts.
_TF_MAJORS = ("1", "2", "3")
_CUDA_MAJORS = (7, 19)
_CUDNN_MAJORS = (5, 12)
_DRIVER_MAJORS = (180, 999)

# -- TF and Python -------------------------------------------------------------
_GAP = r"([^\d\n]{0,30}?\n?[ \t>*`#\-]{0,8})"
_TF = lazy(
    r"(?i)(?<![A-Za-z0-9_/.\-])(?:tensorflow|tf)(?:[-_](?:gpu|cpu|intel|macos|nightly))?(?![A-Za-z_])" + _GAP
    + r"v?(\d\.\d{1,2}(?:\.\d{1,3})?(?:(?:rc|\.?dev|a|b)\d*)?)(?![\d.]*\d)"
)
_TF_PRINTED = lazy(
    r"(?m)__version__[^\n]*\n(?:[^\n]*\n){0,2}?[ \t>]*'?(\d\.\d{1,2}\.\d{1,3}(?:[-.]?(?:rc|dev)\d*)?)'?[ \t]*$",
    needs=("__version__",),
)
_TF_GAP_BAD = lazy(r"(?i)cuda|cudnn|python|driver|capab|nvidia|keras|numpy|with|compiled|built|tried|\.cc|\.py\b|\d|试")
_PIP_SHOW = lazy(r"(?m)^Name: (tensorflow(?:[-_][a-z]+)?)\s*\n(?:[^\n]*\n){0,2}?Version: (\d+\.\d+\S*)", needs=('name: tensorflow', 'name: tf'))
_PKG_LINE = lazy(
    r"(?im)^[ \t]*(tensorflow(?:[-_](?:gpu|cpu|intel|macos))?)(?:\s+|==)(\d+\.\d+(?:\.\d+)?(?:[.-]?(?:rc|dev|post)\d*)?)(?![\w.])",
    needs=("tensorflow",),
)
_PY_BANNER = lazy(r"(?m)^Python (\d\.\d{1,2}\.\d{1,2})\S* \([^\n]*\)\s*\n?\[([^\]\n]*)\]", needs=('python ',))
_PY = lazy(r"(?i)(?<![A-Za-z0-9_/\\])python" + _GAP + r"\(?(?:python\s*)?v?(\d\.\d{1,2}(?:\.\d{1,2})?)(?![\d.]*\d)", needs=('python',))
_PY_PATH = lazy(r"(?i)[/\\]python(\d)\.?(\d{1,2})[/\\]", needs=('python',))  # lib/python3.8/, Python39\ (not a wheel's cp tag)
_PY_BITS = lazy(r"(?i)\b(32|64) bit \((?:Intel|AMD64|ARM64)\)|\('(32|64)bit', 'WindowsPE'\)"
                # the 32-bit Windows installer's folders: Python37-32, "Program Files (x86)\Python38-32"
                r"|[\\/]python3\d{1,2}-(32)[\\/]|program files \(x86\)[\\/]+python3\d{0,2}(?:-(32))?",
                needs=(' bit (', "bit', 'windowspe", "-32", "(x86)"))

# -- CUDA, cuDNN, driver ---------------------------------------------------------
_NVCC = lazy(r"release (\d{1,2}\.\d{1,2}), V(\d{1,2}\.\d{1,2}\.\d{1,4})", needs=('release ',))
_CUDA_DIR = lazy(r"(?i)(?:cuda[-_](\d{1,2}\.\d{1,2})(?=[/\\\s:;'\"]|$)|CUDA[\\/]+v(\d{1,2}\.\d{1,2})|CUDA_PATH_V(\d{1,2})_(\d{1,2})"
                 # an HPC module: "module load cuda/10.1", "ml CUDA/11.8.0"
                 r"|\b(?:module (?:load|add)|ml)\s+(?:[\w./-]+\s+)*?(?:cuda|cudatoolkit)/(\d{1,2}\.\d{1,2}))",
                 needs=('cuda-', 'cuda_', 'cuda/', 'cuda\\'))
_CUDA_CONDA = lazy(
    r"(?im)^[ \t]*(?:cudatoolkit|cuda-toolkit|cuda-runtime|cuda-cudart|nvidia-cuda-runtime-cu\d{2})\s*(?:==?|\s)\s*(\d{1,2}\.\d{1,2})"
    r"|\bcudatoolkit\s*==?\s*(\d{1,2}\.\d{1,2})",
    needs=("cudatoolkit", "cuda-toolkit", "cuda-runtime", "cuda-cudart", "nvidia-cuda-runtime"),
)
_CUDA_SAID = lazy(r"(?i)(?<![A-Za-z0-9_/\\.-])cuda(?:\s*toolkit)?(?:\s*version)?(?:\s+(?:of|on|in)\s+(?:my|the|this)\s+\w+)?\s*(?:is\s*|to\s+(?:version\s+)?|[:=：]\s*|-|的?(?:版本)?(?:是|为)\s*)?v?(\d{1,2}(?:\.\d{1,2})?)(?:\.\d{1,3})?(?![\w.]*\d)", needs=('cuda',))
# NVIDIA's installer file: cuda_10.1.105_418.96_win10.exe, Cuda_10.1.105_win10_network, cuda_12.2.0_535.54.03_linux.run
_CUDA_INSTALLER = lazy(r"(?i)\bcuda_(\d{1,2}\.\d)\.\d+_(?:\d+\.\d+(?:\.\d+)?_)?(?:win|linux)", needs=('cuda_',))
# A CUDA library TF opened ("Successfully opened dynamic library cusolver64_100.dll"): the CUDA it runs on.
_CUDA_LIB_OPENED = lazy(r"(?i)successfully opened (?:dynamic|cuda) library (?:(?:cudart|cublas|cufft|curand|cusolver|cusparse)64_"
                      r"(\d{2,3})\.dll|lib(?:cudart|cublas|cufft|curand|cusolver|cusparse)\.so\.(\d+\.\d+))",
                      needs=("successfully opened",))
# A CUDA DLL the user says they have ("I have cublas64_90.dll", "我电脑上是cublas64_90.dll"): its CUDA version.
_CUDA_DLL_SAID = lazy(r"(?i)(?:i have|i've got|i got|there is|there's|installed is|电脑上是|我的是|我这里是|只有)\s*(?:only )?"
                      r"(?:the )?(?:cublas|cudart|cufft|curand|cusolver|cusparse)64_(\d{2,3})\.dll",
                      needs=("64_",))
_CUDA_DRIVER = lazy(r"CUDA Version:\s*(\d{1,2}\.\d{1,2})", needs=('cuda version:',))
_TEMPLATE = lazy(r"(?i)cuda\s*/\s*cudnn(?:\s*version)?[^\n\d]{0,20}\n?([^\n]{0,80})", needs=('cudnn',))
_NUMBERS = lazy(r"\d+(?:\.\d+)+")
_CUDNN_SAID = lazy(r"(?i)(?<![A-Za-z0-9_/\\.])cudnn(?:\s*version)?\s*(?:is\s*|[:=]\s*|-|\s)?v?(\d\.\d{1,2}(?:\.\d{1,3}){0,2})(?![\w.]*\d)(?!-(?:windows|linux|ubuntu|rhel|osx))", needs=('cudnn',))
# cuDNN's archive name: cudnn-<CUDA it is for>-<os>-x64-v<cuDNN> ("cudnn-10.1-windows10-x64-v7.6.5.32")
_CUDNN_ARCHIVE = lazy(r"(?i)cudnn-(\d{1,2}\.\d)-(?:windows|linux|ubuntu|rhel|osx)[\w.]*?-(?:x64|x86_64|ppc64le|sbsa|aarch64)-v(\d\.\d{1,2}(?:\.\d{1,3}){0,2})", needs=('cudnn-',))
# "pip install tensorflow==1.7.1", "pip install tensorflow-gpu==2.3.0"
_PIP_INSTALL = lazy(r"(?i)\bpip3?\s+install\s+(?:-{1,2}[\w-]+\s+)*(tensorflow(?:[-_](?:gpu|cpu))?)\s*==\s*(\d+\.\d+(?:\.\d+)?)", needs=('pip',))
# An HPC module: "module load cudnn/8.2.0", "module load cudnn/cuda-11.x/8.2.0", "ml cuDNN/8.9.2.26-CUDA-12.1.1".
_CUDNN_MODULE = lazy(r"(?i)\b(?:module (?:load|add)|ml)\s+(?:[\w./-]+\s+)*?cudnn/(?:[\w.-]+/)?v?(\d\.\d{1,2}(?:\.\d{1,3}){0,2})",
                     needs=("cudnn/",))
_CUDNN_PIP = lazy(r"(?i)nvidia-cudnn-cu\d{2}\s*(?:==|\s)\s*(\d+\.\d+(?:\.\d+)*)", needs=('nvidia-cudnn',))
_CUDNN_LOADED = lazy(r"Loaded cuDNN version (\d{4,6})", needs=('loaded cudnn version',))
_NOT_INSTALLED_CONTEXT = lazy(
    r"(?i)(?:compiled|built|build|requires?|needs?|wants?|expects?|tested|supports?|for|against|source was|(?<!re)install|"
    r"download|upgrade to|update to|e\.g\.|switch(?:ing)? to|downgrade to|go back to|look(?:s|ing)? for|looking|"
    r"更换(?:成|为|到)?|换成|换到|换为|降级到|降到|升级到)\W{0,3}(?:with\W{0,3})?$"  # a wish ("switch to 10.0?") is not installed
)
_TF_LOG_LINE = lazy(r"\.(?:cc|cpp|h):\d+\]")
# "CUDA 9.0 requirement", "CUDA 11.2 is required": a version named as a need, not as what is installed
_REQUIRED_AFTER = lazy(r"(?i)^\W{0,3}(?:requirements?|required|is required|is needed|needed)\b")
# "I had CUDA 9.1 installed in the past": no longer installed (counted only when nothing else is)
_PAST_AFTER = lazy(r"(?i)^[^.\n]{0,25}\b(?:in the past|previously|formerly|before that|earlier)\b")
_DRIVER_CUDA_LINE = lazy(r"(?i)nvidia-smi|driver version|driver api|driver'?s cuda|supported by (?:the )?driver")
_DRIVER = lazy(
    r"(?i)(?:Driver Version:\s*|\bdriver(?:\s*version)?\s*(?:is\s*|[:=]\s*|\s)(?:r|v)?|kernel reported version is:\s*|"
    r"Kernel Module\s+)(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b"
)
_LD_PATH = lazy(r"LD_LIBRARY_PATH[:=]\s*([^\s;'\"]*)", needs=('ld_library_path',))
# Folders that hold CUDA/cuDNN libraries, as a user names them ("ls /usr/local/cuda-11.8/lib64", a DLL's path).
_LIB_DIR = lazy(
    r"(?i)(?<![\w:])((?:[a-z]:\\|/)(?:[^\s\\/:;'\"<>|*?]+[\\/])*?(?:bin|lib64|lib|x64)(?:[\\/]\d+\.\d+)?)(?=[\\/][\w.*+-]*(?:[\s;:'\",)]|$)|[\s;:'\",)]|$)",
    needs=("bin", "lib", "x64"),
)
_LIB_DIR_WORDS = lazy(r"(?i)cuda|cudnn|cupti|nvidia")
_LOADED = lazy(r"Successfully opened (?:dynamic |CUDA )?library ([\w.+-]+)", needs=('successfully opened',))
_SEARCHED = lazy(r"Searched for CUDA in the following directories:\s*\n((?:[ \t]+\S[^\n]*\n?){1,20})", needs=('searched for cuda',))

# -- OS -------------------------------------------------------------------------------
_OS_NAME = lazy(r"(?i)\b(windows\s?(?:10|11|7|8\.1|server\s?\d{4})|win\s?(?:10|11)|ubuntu\s?\d{2}\.\d{2}(?:\.\d)?|debian\s?\d+|centos\s?\d+|fedora\s?\d+|wsl\s?2?)\b", needs=('win', 'ubuntu', 'debian', 'centos', 'fedora', 'wsl'))
_WSL = lazy(r"(?i)\bwsl2?\b|/mnt/[a-z]/|microsoft-standard|/usr/lib/wsl/", needs=('wsl', '/mnt/', 'microsoft-standard'))


def _line_of(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text[start : end if end >= 0 else len(text)]


def _before(text: str, pos: int, chars: int = 30) -> str:
    start = max(text.rfind("\n", 0, pos) + 1, pos - chars)
    return text[start:pos]


def read_facts(doc: Doc, hits: Hits) -> dict:
    """Everything the text says about the machine. Never raises (a reader that fails is skipped)."""
    facts: dict = {}
    text = without_unchecked_boxes(doc.text)
    for reader in (_os, _tf, _python, _cuda, _cudnn, _driver, read_gpus, _libraries, read_memory, _listing):
        try:
            reader(text, hits, facts)
        except Exception:  # noqa: BLE001 - a fact we cannot read is a fact we do not have
            continue
    return {k: v for k, v in facts.items() if v not in (None, [], {}, "")}


# Counted as literals in the lower-cased text (a regex pass over a long log costs more than the answer).
_WIN_WORDS = (":\\", ".dll", "dll load failed", "windows", "win10", "win11", "win32", "win_amd64", "powershell", "nvcuda",
              "appdata", "programdata")
_LINUX_WORDS = (".so", "/usr/", "/home/", "/opt/", "ubuntu", "linux", "ld_library_path", "/proc/", "manylinux", "debian",
                "centos")
_OS_NAME_WORDS = ("win", "ubuntu", "debian", "centos", "fedora", "wsl")
# A Mac named in words or paths (an Apple-silicon Mac has no NVIDIA GPU and its own wheels).
_MAC_WORDS = ("macos", "mac os", "macbook", "os x", "darwin", "/users/", "apple silicon", "apple m1", "apple m2",
              "apple m3", "apple m4", "mac m1", "mac m2", "m1 mac", "m2 mac", "imac", "mac mini", "mac studio",
              "macosx", "tensorflow-macos", "tensorflow-metal", "mac ventura", "mac sonoma", "mac sequoia",
              "mac monterey", "macos ventura", "mac big sur")


def _count(lower: str, words: tuple[str, ...], cap: int = 50) -> int:
    return min(cap, sum(lower.count(word) for word in words))


def _os(text: str, hits: Hits, facts: dict) -> None:
    lower = text.lower()
    names = _iter(_OS_NAME, text) if any(word in lower for word in _OS_NAME_WORDS) else ()
    for match in names:
        if re.search(r"(?i)e\.g\.|for example|such as", _before(text, match.start(), 25)):
            continue  # an issue template's example, not the user's OS
        facts["os_name"] = " ".join(match.group(1).split())
        break
    name = facts.get("os_name", "").lower()
    if any(word in lower for word in ("wsl", "/mnt/", "microsoft-standard")) and _WSL.search(text):
        facts["os"] = "wsl"
    elif name.startswith("win"):
        facts["os"] = "windows"
    elif name and not name.startswith("win"):
        facts["os"] = "linux"
    else:
        win, linux, mac = _count(lower, _WIN_WORDS), _count(lower, _LINUX_WORDS), _count(lower, _MAC_WORDS)
        if mac > max(win, linux):
            facts["os"] = "macos"
        elif win or linux:
            facts["os"] = "windows" if win > linux else "linux"


def _tf(text: str, hits: Hits, facts: dict) -> None:
    packages: dict[str, str] = {}
    for match in _iter(_PIP_SHOW, text):
        packages.setdefault(match.group(1).lower().replace("_", "-"), match.group(2))
    for match in _iter(_PKG_LINE, text):
        packages.setdefault(match.group(1).lower().replace("_", "-"), match.group(2))
    for match in _iter(_PIP_INSTALL, text):
        packages.setdefault(match.group(1).lower().replace("_", "-"), match.group(2))
    if packages:
        facts["tf_packages"] = packages
    requested = next((h.groups.get("req") for h in hits.get("pip-no-version") + hits.get("pip-no-distribution")), None)
    if requested:
        facts["tf_requested"] = requested
        pinned = re.search(r"==\s*(\d+\.\d+(?:\.\d+)?)", requested)
        if pinned:
            facts["tf_requested_version"] = pinned.group(1)
    candidates: list[str] = list(packages.values())
    for match in _iter(_TF_PRINTED, text):
        if versions.major_text(match.group(1)) in _TF_MAJORS:
            candidates.append(match.group(1))
    for match in _iter(_TF, text):
        gap, value = match.group(1), match.group(2)
        if _TF_GAP_BAD.search(gap) or re.match(r"[-_.][a-z]", gap) or "[" in gap or versions.major_text(value) not in _TF_MAJORS:
            continue  # another package (tensorflow-addons 0.19), another product's version, or not TF's
        if re.search(r"[<>^]|!=", gap):
            continue  # a requirement ("tensorflow>=2.14") names a range, not the version installed
        if requested and f"=={value}" in requested.replace(" ", ""):
            continue  # the version pip was asked for is not an installed one
        candidates.append(value)
    tf = next((v for v in candidates if v), None)
    if tf:
        facts["tf_version"] = tf


def _python(text: str, hits: Hits, facts: dict) -> None:
    banner = _PY_BANNER.search(text)
    if banner:
        facts["python_version"] = banner.group(1)
    else:
        # The interpreter's own paths (lib/python3.4/site-packages) outrank words: "it needs python 3.5" is not it.
        for match in _iter(_PY_PATH, text):
            major, minor = match.group(1), match.group(2)
            if major in "23" and 0 <= int(minor) <= 20 and "site-packages" in text[match.end():match.end() + 40]:
                facts["python_version"] = f"{major}.{minor}"
                break
        else:
            for match in _iter(_PY, text):
                gap, value = match.group(1), match.group(2)
                if re.search(r"(?i)cuda|cudnn|tensorflow|driver|install|\d|==|\bpip\b", gap) or value[0] not in "23":
                    continue
                if versions.major_number(value) == 2 and not versions.below(value, "2.8"):
                    continue  # no Python 2.8 or later exists: another product's version
                facts["python_version"] = value
                break
            else:
                for match in _iter(_PY_PATH, text):
                    major, minor = match.group(1), match.group(2)
                    if major in "23" and 0 <= int(minor) <= 20:
                        facts["python_version"] = f"{major}.{minor}"
                        break
    bits = _PY_BITS.search(text)
    if bits:
        facts["python_bits"] = int(bits.group(1) or bits.group(2) or bits.group(3) or 32)


def _cuda(text: str, hits: Hits, facts: dict) -> None:
    installed: list[str] = []
    driver_cuda = None
    excluded = [(m.start(1), m.end(1)) for m in _SEARCHED.finditer(text)]  # XLA's default search list

    def keep(pos: int) -> bool:
        return not any(a <= pos < b for a, b in excluded)

    for match in _iter(_NVCC, text):
        _add(installed, match.group(1))
        facts.setdefault("nvcc_version", match.group(2))
    for match in _iter(_CUDA_DIR, text):
        if keep(match.start()):
            groups = match.groups()
            _add(installed, groups[0] or groups[1] or (f"{int(groups[2])}.{int(groups[3])}" if groups[2] else None)
                 or groups[4])
    for match in _iter(_CUDA_CONDA, text):
        _add(installed, match.group(1) or match.group(2))
    for match in _iter(_CUDA_INSTALLER, text):
        _add(installed, match.group(1))
    for match in _iter(_CUDA_DLL_SAID, text):
        _add(installed, _dll_cuda(match.group(1)))
    for match in _iter(_CUDNN_ARCHIVE, text):
        _add(installed, match.group(1))
    for match in _iter(_TEMPLATE, text):
        numbers = _NUMBERS.findall(match.group(1))
        if numbers and _CUDA_MAJORS[0] <= versions.major_number(numbers[0]) <= _CUDA_MAJORS[1]:
            _add(installed, versions.dotted_major_minor(numbers[0]))
    for match in _iter(_CUDA_DRIVER, text):
        driver_cuda = driver_cuda or match.group(1)
    tried: list[str] = []
    for match in _iter(_CUDA_SAID, text):
        value = match.group(1)
        line = _line_of(text, match.start())
        if not (_CUDA_MAJORS[0] <= versions.major_number(value) <= _CUDA_MAJORS[1]) or _NOT_INSTALLED_CONTEXT.search(_before(text, match.start())):
            continue
        if _REQUIRED_AFTER.search(text[match.end():match.end() + 20]):
            continue
        if _TF_LOG_LINE.search(line):
            continue  # TF's own words about CUDA, not what is installed
        if _DRIVER_CUDA_LINE.search(line):
            driver_cuda = driver_cuda or value
            continue
        qualified = negated(text, match.start())  # "couldn't install CUDA 11.2", "tried CUDA 12"
        if qualified is None and _PAST_AFTER.search(text[match.end():match.end() + 40]):
            qualified = "tried"
        if qualified == "tried":
            _add(tried, value)
        elif qualified is None:
            _add(installed, value)
    installed = installed or tried
    if installed:
        facts["cuda_installed"] = installed
    loaded = next(_iter(_CUDA_LIB_OPENED, text), None)
    if loaded:  # the CUDA runtime TF opened: the CUDA it runs on, whatever else is installed
        facts["cuda_loaded"] = _dll_cuda(loaded.group(1)) if loaded.group(1) else loaded.group(2)
    if driver_cuda:
        facts["cuda_driver"] = driver_cuda


def _dll_cuda(number: str) -> str:
    """A Windows CUDA DLL's number as a CUDA version: 90 -> 9.0, 101 -> 10.1, 110 -> 11.0; a major alone from
    CUDA 10.1 on (cublas64_10, cublas64_12) -> 10, 12."""
    if len(number) == 2 and number.startswith("1"):
        return number
    return f"{number[:-1]}.{number[-1]}"


def _cudnn(text: str, hits: Hits, facts: dict) -> None:
    installed: list[str] = []
    for match in _iter(_TEMPLATE, text):
        numbers = _NUMBERS.findall(match.group(1))
        rest = [n for n in numbers[1:] if _CUDNN_MAJORS[0] <= versions.major_number(n) <= _CUDNN_MAJORS[1] and n != numbers[0]]
        if rest:
            _add(installed, rest[0])
    for match in _iter(_CUDNN_ARCHIVE, text):
        _add(installed, match.group(2))
    for regex in (_CUDNN_SAID, _CUDNN_PIP, _CUDNN_MODULE):
        for match in _iter(regex, text):
            if regex is _CUDNN_SAID and (_NOT_INSTALLED_CONTEXT.search(_before(text, match.start()))
                                         or _TF_LOG_LINE.search(_line_of(text, match.start()))
                                         or negated(text, match.start()) == "neg"):
                continue
            if _CUDNN_MAJORS[0] <= versions.major_number(match.group(1)) <= _CUDNN_MAJORS[1]:
                _add(installed, match.group(1))
    if installed:
        facts["cudnn_installed"] = installed
    loaded = _CUDNN_LOADED.search(text)
    if loaded:
        code = int(loaded.group(1))
        scale = 10000 if code >= 10000 else 1000
        facts["cudnn_runtime"] = f"{code // scale}.{(code % scale) // 100}.{code % 100}"
    jax = hits.first("jax-cudnn-older")
    if jax and jax.groups.get("found"):  # JAX's numbers: 8600 for 8.6.0
        facts["cudnn_runtime"] = _cudnn_text(jax.groups.get("found"))
        facts["cudnn_compiled"] = _cudnn_text(jax.groups.get("built"))
    mismatch = hits.first("cudnn-runtime-mismatch")
    if mismatch:
        facts["cudnn_runtime"] = _cudnn_text(mismatch.groups.get("runtime"))
        facts["cudnn_compiled"] = _cudnn_text(mismatch.groups.get("compiled"))


def _cudnn_text(value: str | None) -> str | None:
    """ "8.0.4" stays; TF 1.x prints 7201 for 7.2.1."""
    if not value or "." in value:
        return value
    code = int(value)
    scale = 10000 if code >= 10000 else 1000
    return f"{code // scale}.{(code % scale) // 100}.{code % 100}" if code >= 1000 else value


def _driver(text: str, hits: Hits, facts: dict) -> None:
    for match in _iter(_DRIVER, text):
        major = versions.major_number(match.group(1))
        if _DRIVER_MAJORS[0] <= major <= _DRIVER_MAJORS[1]:
            facts["driver_version"] = match.group(1)
            return
    mismatch = hits.first("kernel-dso-version-mismatch")
    if mismatch:
        facts["driver_version"] = mismatch.groups.get("kernel")


def _libraries(text: str, hits: Hits, facts: dict) -> None:
    missing: list[str] = []
    for sig in ("dso-load-failed", "dso-open-failed-tf1", "self-check-dll-missing", "library-not-located", "msvc-runtime-missing"):
        for hit in hits.get(sig):
            _add(missing, hit.groups.get("lib"))
    if missing:
        facts["missing_libraries"] = missing
    loaded: list[str] = []
    for match in _iter(_LOADED, text):
        _add(loaded, match.group(1).rstrip("."))
    if loaded:
        facts["loaded_libraries"] = loaded
    ld = _LD_PATH.search(text)
    if ld:
        facts["ld_library_path"] = ld.group(1)
    on_path = set((ld.group(1) if ld else "").split(":"))
    dirs: list[str] = []
    for match in _iter(_LIB_DIR, text):
        folder = match.group(1)
        line = _line_of(text, match.start())
        if _LIB_DIR_WORDS.search(folder) and folder not in on_path and not re.search(r"(?i)\bPATH\s*[=:]|Searched for", line):
            _add(dirs, folder)
    if dirs:
        facts["library_dirs"] = dirs[:5]
    searched = _SEARCHED.search(text)
    if searched:
        facts["libdevice_searched"] = [line.strip() for line in searched.group(1).splitlines() if line.strip()]


def _listing(text: str, hits: Hits, facts: dict) -> None:
    listed = hits.first("gpu-listed", "device-lib-gpu")
    empty = hits.first("no-gpu-listed", "device-lib-cpu-only", "cpu-only-device-list")
    if listed and (not empty or listed.line_no > empty.line_no):
        number = listed.groups.get("n")
        facts["gpus_listed"] = int(number) if number else 1
    elif empty:
        facts["gpus_listed"] = 0
    build = re.search(r"is_cuda_build['\"]?\s*[:=,]\s*(True|False)|(?i:is_buil[td]_with_cuda\(\)\)?[^\n]{0,40}?\n?[ \t>]{0,8}\b(true|false)\b)", text)
    if build:
        facts["is_cuda_build"] = (build.group(1) or build.group(2)).lower() == "true"
    visible = hits.first("cuda-visible-devices")
    if visible is not None:
        facts["cuda_visible_devices"] = visible.groups.get("value", "").strip("'\"")
