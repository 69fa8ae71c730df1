"""Every installed CUDA toolkit, and which one wins on PATH.

Where toolkits are looked for: ``CUDA_PATH`` and every ``CUDA_PATH_Vx_y`` (set by
the Windows installer), the default folders (``%ProgramFiles%\\NVIDIA GPU
Computing Toolkit\\CUDA\\v*``, ``/usr/local/cuda*``, ``/opt/cuda``) and every PATH
folder that holds ``nvcc``. Toolkits are deduplicated by real path, so
``/usr/local/cuda -> cuda-13.0`` is one toolkit found twice.

Version sources, best first: ``version.json`` (CUDA >= 11.1), ``version.txt``
(older), ``nvcc --version``, ``CUDA_VERSION`` in ``include/cuda.h``, and last the
folder name (``v11.2``, ``cuda-11.8``), which is only a guess.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from tfgpu.core import jsonsafe, versions
from tfgpu.core.host import CommandResult, Host, getenv, path_entries, which
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.probes.base import ProbeResult, Status


@dataclass(kw_only=True)
class CudaToolkit:
    root: str  # the real path (symlinks resolved)
    version: str | None = None  # "11.2" (major.minor)
    version_full: str | None = None  # "11.2.152" where a file or nvcc says so
    nvcc_path: str | None = None
    sources: list[str] = field(default_factory=list)  # "CUDA_PATH_V11_2", "default-dir", "PATH", ...
    bin_on_path: bool = False
    path_position: int | None = None  # index of its bin dir in PATH
    version_source: str | None = None  # "version.json", "version.txt", "nvcc", "cuda.h", "folder-name"
    nvcc_version: str | None = None  # "11.2.152", what its own nvcc --version printed
    aliases: list[str] = field(default_factory=list)  # other paths it was found by (/usr/local/cuda)


@dataclass(kw_only=True)
class CudaInfo(ProbeResult):
    toolkits: list[CudaToolkit] = field(default_factory=list)
    cuda_path: str | None = None  # the CUDA_PATH variable
    path_winner: str | None = None  # root of the toolkit whose bin comes first on PATH
    nvcc_on_path: str | None = None
    nvcc_on_path_root: str | None = None  # toolkit the nvcc on PATH belongs to (via symlink or wrapper)
    nvcc_on_path_version: str | None = None
    stale_env: list[str] = field(default_factory=list)  # CUDA_PATH* variables naming no toolkit


_NVCC_RELEASE = re.compile(r"release\s+(\d{1,4}\.\d{1,4})\s*,\s*V(\d{1,4}(?:\.\d{1,9}){1,3})")
_NVCC_RELEASE_SHORT = re.compile(r"release\s+(\d{1,4}\.\d{1,4})")
_VERSION_TXT = re.compile(r"CUDA Version\s+(\d{1,4}(?:\.\d{1,9}){1,3})")
_CUDA_H_VERSION = re.compile(r"^[ \t]*#[ \t]*define[ \t]+CUDA_VERSION[ \t]+(\d{4,7})\b", re.M)
_FOLDER_VERSION = re.compile(r"^(?:v|cuda-)(\d{1,4}\.\d{1,4})$", re.I)
_VERSIONED_VAR = re.compile(r"^CUDA_PATH_V\d+_\d+$", re.I)
_WRAPPER_TARGET = re.compile(r"(/[^\s'\";|&]+)/bin/nvcc\b")
_WIN_VAR = re.compile(r"%([^%;]+)%")


# ---------------------------------------------------------------------------
# Path helpers (also used by the cuDNN probe).


def norm_key(host: Host, path: str) -> str:
    """A comparable spelling: normalised, and lower case on Windows."""
    normalised = host.platform.pathmod.normpath(path)
    return normalised.lower() if host.platform.is_windows else normalised


def real_key(host: Host, path: str) -> str:
    return norm_key(host, host.files.realpath(path))


def is_within(host: Host, path: str, root: str) -> bool:
    """True when ``path`` is ``root`` or lies under it, symlinks resolved."""
    inner, outer = real_key(host, path), real_key(host, root)
    sep = "\\" if host.platform.is_windows else "/"
    return inner == outer or inner.startswith(outer.rstrip(sep) + sep)


def expand_windows_vars(host: Host, text: str) -> str:
    """``%CUDA_PATH%\\bin`` -> the value; unknown variables stay as written."""
    if not host.platform.is_windows:
        return text
    return _WIN_VAR.sub(lambda m: getenv(host, m.group(1)) or m.group(0), text)


def search_dirs(host: Host, variable: str = "PATH") -> list[str]:
    """The folders of a search-path variable, in order (``%VARS%`` expanded)."""
    raw = getenv(host, variable)
    return [expand_windows_vars(host, entry) for entry in path_entries(host, raw)]


def position_in(host: Host, folder: str, entries: list[str]) -> int | None:
    """Index of ``folder`` in ``entries``, comparing real paths."""
    wanted = real_key(host, folder)
    for index, entry in enumerate(entries):
        if norm_key(host, entry) == norm_key(host, folder) or real_key(host, entry) == wanted:
            return index
    return None


# ---------------------------------------------------------------------------
# Version readers. Each returns None when it has nothing to say.


def parse_nvcc_output(text: str) -> tuple[str, str | None] | None:
    """``(major.minor, full)`` from ``nvcc --version`` output, e.g. ("11.2", "11.2.152")."""
    match = _NVCC_RELEASE.search(text)
    if match:
        return match.group(1), match.group(2)
    match = _NVCC_RELEASE_SHORT.search(text)
    return (match.group(1), None) if match else None


def parse_version_json(text: str) -> str | None:
    """The ``cuda`` -> ``version`` entry of a toolkit's ``version.json``."""
    try:
        data = jsonsafe.loads(text)
        value = data["cuda"]["version"]
    except (ValueError, KeyError, TypeError):
        return None
    return value.strip() if isinstance(value, str) and versions.parse(value.strip()) else None


def parse_version_txt(text: str) -> str | None:
    match = _VERSION_TXT.search(text)
    return match.group(1) if match else None


def parse_cuda_h(text: str) -> str | None:
    """``#define CUDA_VERSION 11020`` -> "11.2" (major*1000 + minor*10)."""
    match = _CUDA_H_VERSION.search(text)
    if not match:
        return None
    code = int(match.group(1))
    return f"{code // 1000}.{(code % 1000) // 10}"


# ---------------------------------------------------------------------------
# The probe.


def probe_cuda(host: Host, timeout: float = 10.0) -> CudaInfo:
    info = CudaInfo(status=Status.MISSING)
    deadline = time.monotonic() + timeout
    info.cuda_path = getenv(host, "CUDA_PATH") or None
    found: dict[str, CudaToolkit] = {}

    for source, root in _candidates(host, info):
        _add_toolkit(host, info, found, root, source)

    path_dirs = search_dirs(host)
    for toolkit in found.values():
        _read_version(host, info, toolkit, deadline)
        bin_dir = host.platform.pathmod.join(toolkit.root, "bin")
        toolkit.path_position = position_in(host, bin_dir, path_dirs)
        toolkit.bin_on_path = toolkit.path_position is not None

    info.toolkits = sorted(found.values(), key=_sort_key)
    on_path = [t for t in info.toolkits if t.path_position is not None]
    if on_path:
        info.path_winner = min(on_path, key=lambda t: t.path_position or 0).root
    _nvcc_on_path(host, info, found, deadline)
    _set_status(info)
    return info


def _candidates(host: Host, info: CudaInfo):
    """(source, root) pairs, in the order they are reported."""
    join = host.platform.pathmod.join
    variables = ["CUDA_PATH"] + sorted(k for k in host.env if _VERSIONED_VAR.match(k))
    for name in variables:
        value = getenv(host, name).strip().strip('"')
        if not value:
            continue
        if not host.files.is_dir(value):
            info.stale_env.append(name)
            info.add("env", name, f"{value} (this folder does not exist)")
            continue
        info.add("env", name, value)
        yield name, value

    if host.platform.is_windows:
        program_files = getenv(host, "ProgramFiles", "C:\\Program Files")
        base = join(program_files, "NVIDIA GPU Computing Toolkit", "CUDA")
        for name in host.files.listdir(base):
            if name.lower().startswith("v"):
                yield "default-dir", join(base, name)
    else:
        for name in host.files.listdir("/usr/local"):
            if name.startswith("cuda"):
                yield "default-dir", f"/usr/local/{name}"
        yield "default-dir", "/opt/cuda"

    for folder in search_dirs(host):
        for nvcc in _nvcc_names(host):
            candidate = join(folder, nvcc)
            if host.files.is_file(candidate):
                root = _root_of_nvcc(host, candidate)
                if root:
                    yield "PATH", root


def _nvcc_names(host: Host) -> tuple[str, ...]:
    return ("nvcc.exe",) if host.platform.is_windows else ("nvcc",)


def _root_of_nvcc(host: Host, nvcc: str) -> str | None:
    """The toolkit an nvcc belongs to: its real path's ``<root>/bin``, or a shell
    wrapper's target (``exec /usr/local/cuda-13.0/bin/nvcc "$@"``)."""
    path = host.platform.pathmod
    real = host.files.realpath(nvcc)
    try:
        head = host.files.read_bytes(real, limit=4096)
    except OSError:
        head = b""
    if head.startswith(b"#!"):
        match = _WRAPPER_TARGET.search(head.decode("utf-8", errors="replace"))
        return match.group(1) if match else None
    folder = path.dirname(real)
    if path.basename(folder).lower() == "bin":
        return path.dirname(folder)
    return None


def _looks_like_toolkit(host: Host, root: str) -> bool:
    join = host.platform.pathmod.join
    markers = ["version.json", "version.txt", join("include", "cuda.h"), join("bin", _nvcc_names(host)[0])]
    return host.files.is_dir(root) and any(host.files.is_file(join(root, m)) for m in markers)


def _add_toolkit(host: Host, info: CudaInfo, found: dict[str, CudaToolkit], root: str, source: str) -> None:
    if not host.files.is_dir(root):
        return  # an absent default folder says nothing
    if not _looks_like_toolkit(host, root):
        if source not in ("default-dir", "PATH"):
            info.stale_env.append(source)
        info.add("file", root, f"found via {source}, but it holds no nvcc, version file or cuda.h")
        return
    key = real_key(host, root)
    toolkit = found.get(key)
    if toolkit is None:
        toolkit = found[key] = CudaToolkit(root=host.files.realpath(root))
    if source not in toolkit.sources:
        toolkit.sources.append(source)
    if norm_key(host, root) != norm_key(host, toolkit.root) and not any(
        norm_key(host, a) == norm_key(host, root) for a in toolkit.aliases
    ):
        toolkit.aliases.append(root)


def _read_version(host: Host, info: CudaInfo, toolkit: CudaToolkit, deadline: float) -> None:
    join = host.platform.pathmod.join
    readers = [
        ("version.json", "version.json", parse_version_json),
        ("version.txt", "version.txt", parse_version_txt),
    ]
    for label, name, parse in readers:
        text = _read_text(host, info, join(toolkit.root, name))
        value = parse(text) if text is not None else None
        if text is not None and value is None:
            info.add("file", join(toolkit.root, name), "no CUDA version found in it")
        if value and toolkit.version is None:
            toolkit.version, toolkit.version_full, toolkit.version_source = (versions.major_minor(value) or value), value, label
            info.add("file", join(toolkit.root, name), value)

    nvcc = join(toolkit.root, "bin", _nvcc_names(host)[0])
    if host.files.is_file(nvcc):
        toolkit.nvcc_path = nvcc
        parsed = _run_nvcc(host, info, nvcc, deadline)
        if parsed:
            short, full = parsed
            toolkit.nvcc_version = full or short
            if toolkit.version is None:
                toolkit.version, toolkit.version_full, toolkit.version_source = short, full, "nvcc"
            elif toolkit.version != short:
                info.add("command", nvcc, f"nvcc says {short} but {toolkit.version_source} says {toolkit.version}")

    if toolkit.version is None:
        text = _read_text(host, info, join(toolkit.root, "include", "cuda.h"))
        value = parse_cuda_h(text) if text is not None else None
        if value:
            toolkit.version, toolkit.version_source = value, "cuda.h"
            info.add("file", join(toolkit.root, "include", "cuda.h"), f"CUDA_VERSION -> {value}")
    if toolkit.version is None:
        match = _FOLDER_VERSION.match(host.platform.pathmod.basename(toolkit.root))
        if match:
            toolkit.version, toolkit.version_source = match.group(1), "folder-name"
            info.add("file", toolkit.root, f"version guessed from the folder name: {match.group(1)}")


def _read_text(host: Host, info: CudaInfo, path: str) -> str | None:
    """File text, or None when absent; an unreadable file is recorded, not raised."""
    if not host.files.exists(path):
        return None
    try:
        return host.files.read_text(path, limit=1024 * 1024)
    except OSError as exc:
        info.add("file", path, f"unreadable: {exc.strerror or exc}")
        return None


def _run_nvcc(host: Host, info: CudaInfo, nvcc: str, deadline: float) -> tuple[str, str | None] | None:
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        info.add("command", f"{nvcc} --version", "skipped: the time budget is spent")
        return None
    result: CommandResult = host.run([nvcc, "--version"], timeout=remaining)
    if not result.ok and not result.stdout:
        info.add("command", result.describe(), result.stderr)
        return None
    parsed = parse_nvcc_output(result.stdout + "\n" + result.stderr)
    info.add("command", result.describe(), result.stdout if parsed else f"no version in output: {result.stdout}")
    return parsed


def _nvcc_on_path(host: Host, info: CudaInfo, found: dict[str, CudaToolkit], deadline: float) -> None:
    nvcc = which(host, "nvcc")
    info.nvcc_on_path = nvcc
    if not nvcc:
        return
    root = _root_of_nvcc(host, nvcc)
    toolkit = found.get(real_key(host, root)) if root else None
    if toolkit is not None:
        info.nvcc_on_path_root = toolkit.root
        info.nvcc_on_path_version = toolkit.nvcc_version
        return
    parsed = _run_nvcc(host, info, nvcc, deadline)
    if parsed:
        info.nvcc_on_path_version = parsed[1] or parsed[0]


def _sort_key(toolkit: CudaToolkit):
    parsed = versions.parse(toolkit.version)
    # Newest first; unknown versions last.
    return (parsed is None, [-part for part in parsed.release] if parsed else [], toolkit.root)


def _set_status(info: CudaInfo) -> None:
    if info.toolkits:
        info.status = Status.OK
    else:
        info.status = Status.MISSING
        info.reason = "no-toolkit"
        info.set_hint(QT_TRANSLATE_NOOP(
            "core",
            "No CUDA toolkit was found. Linux TensorFlow installed with pip "
            "(tensorflow[and-cuda]) brings its own CUDA libraries and does not need one; "
            "native Windows TensorFlow needs the toolkit version it was built for.",
        ))
    if "CUDA_PATH" in info.stale_env:
        info.reason = "cuda-path-stale"
        info.set_hint(QT_TRANSLATE_NOOP(
            "core",
            "CUDA_PATH points to {path}, which is not a CUDA toolkit (it was probably "
            "uninstalled). Point it at an installed toolkit or remove it.",
        ), path=info.cuda_path)
