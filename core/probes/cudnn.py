"""cuDNN: version headers, Windows DLLs (and zlibwapi.dll), Linux libraries.

Windows: ``cudnn64_N.dll`` (and the ``cudnn_*64_N.dll`` family) in every CUDA
toolkit ``bin`` (the classic "copy cuDNN into CUDA" tutorial), in every PATH
folder and in the cuDNN 9 installer's ``NVIDIA\\CUDNN\\v9.x\\bin\\<cuda>[\\x64]``.
Linux: ``ldconfig -p`` plus the usual library folders. Libraries are grouped into
installs by (real folder, major); the version comes from the header next to
them, else from the library's file name.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from packaging.specifiers import SpecifierSet

from tfgpu.core import kb, versions
from tfgpu.core.host import Host, getenv
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.probes.base import ProbeResult, Status
from tfgpu.core.probes.cuda import (
    CudaInfo,
    is_within,
    norm_key,
    position_in,
    probe_cuda,
    real_key,
    search_dirs,
)

# cuDNN releases whose Windows DLLs import zlibwapi.dll (resources/kb/cudnn_windows.json).
ZLIBWAPI_NEEDED = SpecifierSet(kb.zlibwapi_cudnn_versions())


@dataclass(kw_only=True)
class CudnnInstall:
    location: str  # the folder it was found in (real path)
    version: str | None = None  # "8.1.1", "9.6.0"
    major: int | None = None
    header: str | None = None
    libraries: list[str] = field(default_factory=list)  # full paths of cudnn64_N.dll / libcudnn.so.N
    cuda_root: str | None = None  # the CUDA toolkit it was copied into, if any
    sources: list[str] = field(default_factory=list)  # "cuda-bin", "PATH", "cudnn-installer", "ldconfig", ...
    version_source: str | None = None  # "header" or "library-name"
    version_code: int | None = None  # CUDNN_VERSION as the header defines it: 8101, 90600
    header_version: str | None = None  # what a header said when it disagrees with the libraries
    built_for_cuda: str | None = None  # "12.6" for the cuDNN 9 installer's per-CUDA folders
    on_path: bool = False  # folder on PATH (Windows) / LD_LIBRARY_PATH (Linux)
    path_position: int | None = None
    in_ld_cache: bool = False  # listed by ldconfig -p (Linux)
    aliases: list[str] = field(default_factory=list)


@dataclass(kw_only=True)
class CudnnInfo(ProbeResult):
    installs: list[CudnnInstall] = field(default_factory=list)
    zlibwapi: list[str] = field(default_factory=list)  # zlibwapi.dll found (Windows, cuDNN >= 8.3 needs it)
    zlibwapi_needed: bool = False
    zlibwapi_on_path: bool = False  # one of them is in a PATH folder or System32


@dataclass(frozen=True)
class HeaderVersion:
    major: int
    minor: int
    patch: int
    code: int | None = None  # CUDNN_VERSION, when the header defines it

    @property
    def text(self) -> str:
        return f"{self.major}.{self.minor}.{self.patch}"


_DEFINE = re.compile(r"^[ \t]*#[ \t]*define[ \t]+(CUDNN_[A-Z_]+)[ \t]+([^\r\n]*)$", re.M)
_NUMBER = re.compile(r"^\(?\s*(\d{1,9})\s*\)?(?:\s*(?://|/\*).*)?$")
_MULTIPLIER = re.compile(r"CUDNN_MAJOR\s*\*\s*(\d{1,9})")
_PARTS = {"CUDNN_MAJOR": "major", "CUDNN_MINOR": "minor", "CUDNN_PATCHLEVEL": "patch", "CUDNN_PATCH": "patch"}
_DLL = re.compile(r"^cudnn(?:_\w+?)?64_(\d{1,3})\.dll$", re.I)
_SONAME = re.compile(r"^libcudnn(?:_\w+)?\.so\.(\d{1,3})$")
_SO_ANY = re.compile(r"^libcudnn(?:_\w+)?\.so(?:\.\d+)*$")
_SO_FULL = re.compile(r"^libcudnn\.so\.(\d{1,3}\.\d{1,4}\.\d{1,4})")
_LDCONFIG = re.compile(r"^\s*(libcudnn\S*)\s+\(([^)]*)\)\s+=>\s+(\S.*?)\s*$")
_CUDA_SUBDIR = re.compile(r"^\d{1,3}\.\d{1,3}$")


def decode_cudnn_version(code: int) -> tuple[int, int, int]:
    """CUDNN_VERSION -> (major, minor, patch). cuDNN 9 encodes MAJOR*10000, older
    releases MAJOR*1000; an old-style code never reaches 10000 (majors <= 8)."""
    scale = 10000 if code >= 10000 else 1000
    return code // scale, (code % scale) // 100, code % 100


def parse_cudnn_header(text: str) -> HeaderVersion | None:
    """Version from ``cudnn_version.h`` (cuDNN >= 8) or ``cudnn.h`` (<= 7). Never raises."""
    parts: dict[str, int] = {}
    literal: int | None = None
    multiplier: int | None = None
    for name, value in _DEFINE.findall(text or ""):
        value = value.strip()
        number = _NUMBER.match(value)
        if name in _PARTS and number and _PARTS[name] not in parts:
            parts[_PARTS[name]] = int(number.group(1))
        elif name == "CUDNN_VERSION":
            mult = _MULTIPLIER.search(value)
            if number and literal is None:
                literal = int(number.group(1))
            elif mult and multiplier is None:
                multiplier = int(mult.group(1))
    if "major" in parts and "minor" in parts:
        major, minor, patch = parts["major"], parts["minor"], parts.get("patch", 0)
        code = major * multiplier + minor * 100 + patch if multiplier else literal
        return HeaderVersion(major, minor, patch, code)
    if literal:
        return HeaderVersion(*decode_cudnn_version(literal), code=literal)
    return None


# ---------------------------------------------------------------------------
# The probe.


def probe_cudnn(host: Host, cuda: CudaInfo | None = None, timeout: float = 10.0) -> CudnnInfo:
    info = CudnnInfo(status=Status.MISSING)
    if host.platform.system not in ("Windows", "Linux"):
        info.status, info.reason = Status.UNSUPPORTED, "unsupported-os"
        info.set_hint(QT_TRANSLATE_NOOP("core", "cuDNN for TensorFlow exists only for Windows and Linux."))
        return info
    started = time.monotonic()
    if cuda is None:
        cuda = probe_cuda(host, timeout)
    roots = [t.root for t in cuda.toolkits]
    found: dict[tuple[str, int | None], CudnnInstall] = {}
    ld_cache: set[str] = set()
    if host.platform.is_windows:
        folders = _windows_folders(host, roots)
        variable = "PATH"
    else:
        cached = _ldconfig(host, info, max(1.0, timeout - (time.monotonic() - started)))
        ld_cache = {real_key(host, path) for path in cached}
        folders = [(host.platform.pathmod.dirname(p), "ldconfig") for p in cached]
        folders += _linux_folders(host, roots)
        variable = "LD_LIBRARY_PATH"
    for folder, source in dict.fromkeys(folders):  # ldconfig names one folder many times
        _scan_folder(host, found, folder, source)

    dirs = search_dirs(host, variable)
    used_headers: set[str] = set()
    for install in found.values():
        install.path_position = position_in(host, install.location, dirs)
        install.on_path = install.path_position is not None
        install.in_ld_cache = any(real_key(host, lib) in ld_cache for lib in install.libraries)
        install.cuda_root = next((r for r in roots if is_within(host, install.location, r)), None)
        _read_header(host, info, install, used_headers)
    _add_header_only(host, info, found, roots, used_headers)

    info.installs = sorted(found.values(), key=_sort_key)
    if host.platform.is_windows:
        _check_zlibwapi(host, info, roots)
    _set_status(host, info)
    return info


def _windows_folders(host: Host, roots: list[str]) -> list[tuple[str, str]]:
    join = host.platform.pathmod.join
    folders = [(join(root, "bin"), "cuda-bin") for root in roots]
    folders += [(folder, "PATH") for folder in search_dirs(host)]
    base = join(getenv(host, "ProgramFiles", "C:\\Program Files"), "NVIDIA", "CUDNN")
    for version_dir in host.files.listdir(base):
        bin_dir = join(base, version_dir, "bin")
        folders.append((bin_dir, "cudnn-installer"))
        for sub in host.files.listdir(bin_dir):
            folders.append((join(bin_dir, sub), "cudnn-installer"))
            folders.append((join(bin_dir, sub, "x64"), "cudnn-installer"))
    return folders


def _linux_folders(host: Host, roots: list[str]) -> list[tuple[str, str]]:
    folders = [(f"/usr/lib/{name}", "system-dir") for name in host.files.listdir("/usr/lib") if name.endswith("-linux-gnu")]
    folders += [("/usr/lib64", "system-dir"), ("/usr/lib", "system-dir")]
    local_cuda = [f"/usr/local/{n}" for n in host.files.listdir("/usr/local") if n.startswith("cuda")]
    for root in [*roots, *local_cuda, "/opt/cuda"]:
        folders += [(f"{root}/lib64", "cuda-lib"), (f"{root}/lib", "cuda-lib")]
    folders += [(folder, "LD_LIBRARY_PATH") for folder in search_dirs(host, "LD_LIBRARY_PATH")]
    return folders


def _ldconfig(host: Host, info: CudnnInfo, timeout: float) -> list[str]:
    """The cuDNN libraries in the loader cache, as ``ldconfig -p`` prints them."""
    for program in ("ldconfig", "/sbin/ldconfig"):
        result = host.run([program, "-p"], timeout=timeout)
        if result.error != "not found":
            break
    if not result.ok:
        info.add("command", result.describe(), result.stderr)
        return []
    hits = [m.group(3) for m in map(_LDCONFIG.match, result.stdout.splitlines()) if m]
    info.add("command", result.describe(), "\n".join(hits) or "no libcudnn entries")
    return hits


def _library_major(host: Host, folder: str, name: str) -> int | None | bool:
    """The major a library name belongs to; False when it is not a cuDNN library."""
    if host.platform.is_windows:
        match = _DLL.match(name)
        return int(match.group(1)) if match else False
    if not _SO_ANY.match(name):
        return False
    real = host.platform.pathmod.basename(host.files.realpath(host.platform.pathmod.join(folder, name)))
    for candidate in (name, real):
        match = re.match(r"^libcudnn(?:_\w+)?\.so\.(\d{1,3})", candidate)
        if match:
            return int(match.group(1))
    return None


def _scan_folder(host: Host, found: dict, folder: str, source: str) -> None:
    if not host.files.is_dir(folder):
        return
    path = host.platform.pathmod
    location = host.files.realpath(folder)
    for name in host.files.listdir(folder):
        major = _library_major(host, folder, name)
        if major is False:
            continue
        key = (norm_key(host, location), major)
        install = found.get(key)
        if install is None:
            install = found[key] = CudnnInstall(location=location, major=major)
            install.built_for_cuda = _built_for_cuda(host, location)
        if source not in install.sources:
            install.sources.append(source)
        if norm_key(host, folder) != norm_key(host, location) and folder not in install.aliases:
            install.aliases.append(folder)
        library = path.join(location, name)
        # Linux: keep the sonames the loader asks for (libcudnn.so.9), not every symlink.
        if (host.platform.is_windows or _SONAME.match(name)) and library not in install.libraries:
            install.libraries.append(library)
        full = _SO_FULL.match(path.basename(host.files.realpath(path.join(folder, name))))
        if full and install.version is None:
            install.version, install.version_source = full.group(1), "library-name"


def _built_for_cuda(host: Host, location: str) -> str | None:
    """The ``<cuda>`` folder of the cuDNN 9 installer layout: ``...\\bin\\12.6[\\x64]`` -> "12.6"."""
    parts = location.split("\\" if host.platform.is_windows else "/")
    bins = [i for i, p in enumerate(parts) if p.lower() == "bin"]
    if bins and bins[-1] + 1 < len(parts) and _CUDA_SUBDIR.match(parts[bins[-1] + 1]):
        return parts[bins[-1] + 1]
    return None


def _header_dirs(host: Host, folder: str) -> list[str]:
    """``...\\bin\\12.6\\x64`` -> ``...\\include\\12.6\\x64``, ``...\\include\\12.6``, ``...\\include``;
    ``/usr/lib/x86_64-linux-gnu`` -> ``/usr/include/x86_64-linux-gnu``, ``/usr/include``."""
    sep = "\\" if host.platform.is_windows else "/"
    parts = folder.split(sep)
    indexes = [i for i, p in enumerate(parts) if p.lower() in ("bin", "lib", "lib64")]
    if not indexes:
        return []
    i = indexes[-1]
    head, tail = parts[:i], parts[i + 1 :]
    return [sep.join([*head, "include", *tail[:k]]) for k in range(len(tail), -1, -1)]


def _header_names(major: int | None) -> list[str]:
    names = ["cudnn_version.h", "cudnn.h"]
    if major is not None:
        names[1:1] = [f"cudnn_version_v{major}.h"]
        names.append(f"cudnn_v{major}.h")
    return names


def _read_one_header(host: Host, info: CudnnInfo, path: str) -> HeaderVersion | None:
    if not host.files.exists(path):
        return None
    try:
        text = host.files.read_text(path, limit=1024 * 1024)
    except OSError as exc:
        message = f"unreadable: {exc.strerror or exc}"
        info.add("file", path, message)
        info.error = info.error or f"{path}: {message}"
        return None
    return parse_cudnn_header(text)


def _read_header(host: Host, info: CudnnInfo, install: CudnnInstall, used: set[str]) -> None:
    join = host.platform.pathmod.join
    dirs = _header_dirs(host, install.location)
    for alias in install.aliases:
        dirs += _header_dirs(host, alias)
    if install.cuda_root:
        dirs.append(join(install.cuda_root, "include"))
    mismatch: tuple[str, HeaderVersion] | None = None
    seen: set[str] = set()
    for folder in dirs:
        for name in _header_names(install.major):
            path = join(folder, name)
            key = real_key(host, path)
            if key in seen:
                continue
            seen.add(key)
            parsed = _read_one_header(host, info, path)
            if parsed is None:
                continue
            if install.major is None or parsed.major == install.major:
                used.add(key)
                install.header, install.header_version = path, parsed.text
                install.major, install.version_code = parsed.major, parsed.code
                if install.version and install.version != parsed.text:
                    info.add("file", path, f"header says {parsed.text}, library file name says {install.version}")
                install.version, install.version_source = parsed.text, "header"
                info.add("file", path, f"cuDNN {parsed.text}")
                return
            mismatch = mismatch or (path, parsed)
    if mismatch:
        path, parsed = mismatch
        used.add(real_key(host, path))  # reported here, not again as a header-only install
        install.header_version = parsed.text
        info.add("file", path, f"header says cuDNN {parsed.text}, but the libraries here are cuDNN {install.major}")
    if install.version is None and install.major is not None:
        install.version, install.version_source = str(install.major), "library-name"


def _add_header_only(host: Host, info: CudnnInfo, found: dict, roots: list[str], used: set[str]) -> None:
    """Headers with no library of their major: recorded, so 'dev files only' is visible."""
    join = host.platform.pathmod.join
    dirs = [join(root, "include") for root in roots]
    if host.platform.is_windows:
        base = join(getenv(host, "ProgramFiles", "C:\\Program Files"), "NVIDIA", "CUDNN")
        for version_dir in host.files.listdir(base):
            inc = join(base, version_dir, "include")
            dirs += [inc] + [join(inc, sub) for sub in host.files.listdir(inc)]
    else:
        dirs += ["/usr/include"] + [f"/usr/include/{n}" for n in host.files.listdir("/usr/include") if n.endswith("-linux-gnu")]
    majors = {i.major for i in found.values() if i.libraries}
    for folder in dirs:
        names = [n for n in host.files.listdir(folder) if re.match(r"^cudnn(_version)?(_v\d+)?\.h$", n)]
        for name in names:
            path = join(folder, name)
            if real_key(host, path) in used:
                continue
            parsed = _read_one_header(host, info, path)
            if parsed is None or parsed.major in majors:
                continue
            used.add(real_key(host, path))
            majors.add(parsed.major)
            found[(norm_key(host, folder), parsed.major)] = CudnnInstall(
                location=host.files.realpath(folder), version=parsed.text, major=parsed.major, header=path,
                version_source="header", version_code=parsed.code, sources=["header-only"],
                cuda_root=next((r for r in roots if is_within(host, folder, r)), None),
            )
            info.add("file", path, f"cuDNN {parsed.text} header, but no cuDNN {parsed.major} library was found")


def _check_zlibwapi(host: Host, info: CudnnInfo, roots: list[str]) -> None:
    join = host.platform.pathmod.join
    system32 = join(getenv(host, "SystemRoot", "C:\\Windows"), "System32")
    path_dirs = search_dirs(host)
    loadable = {real_key(host, d) for d in [*path_dirs, system32]}
    candidates = [*path_dirs, system32, *(join(r, "bin") for r in roots), *(i.location for i in info.installs)]
    seen: set[str] = set()
    for folder in candidates:
        dll = join(folder, "zlibwapi.dll")
        if host.files.is_file(dll) and real_key(host, dll) not in seen:
            seen.add(real_key(host, dll))
            info.zlibwapi.append(host.files.realpath(dll))
            info.zlibwapi_on_path |= real_key(host, folder) in loadable
    for install in info.installs:
        version = versions.parse(install.version) if install.version_source == "header" else None
        if version is not None and version in ZLIBWAPI_NEEDED and install.libraries:
            info.zlibwapi_needed = True
        elif version is None and install.libraries and _major_may_need_zlibwapi(install.major):
            info.add("file", install.location, f"cuDNN {install.major}, minor unknown: zlibwapi.dll is needed for {ZLIBWAPI_NEEDED}")
    info.add("file", "zlibwapi.dll", ", ".join(info.zlibwapi) or "not found on PATH, in System32 or in CUDA bin folders")


def _major_may_need_zlibwapi(major: int | None) -> bool:
    """True when some release of this major falls in ZLIBWAPI_NEEDED (its lowest or a high minor)."""
    if major is None:
        return False
    return any(ZLIBWAPI_NEEDED.contains(f"{major}.{minor}") for minor in (0, 999))


def _sort_key(install: CudnnInstall):
    parsed = versions.parse(install.version)
    return (not install.libraries, install.path_position is None, install.path_position or 0,
            [-p for p in parsed.release] if parsed else [], install.location)


def _set_status(host: Host, info: CudnnInfo) -> None:
    with_libraries = [i for i in info.installs if i.libraries]
    if not with_libraries:
        info.status = Status.MISSING
        info.reason = "cudnn-header-only" if info.installs else "no-cudnn"
        info.set_hint(QT_TRANSLATE_NOOP(
            "core",
            "No cuDNN library was found. On Linux, tensorflow[and-cuda] installs cuDNN as a pip "
            "package inside the Python environment (not checked here). On Windows, copy cuDNN's "
            "bin, include and lib files into the CUDA toolkit folder, or add its bin folder to PATH.",
        ))
        return
    info.status = Status.OK
    if host.platform.is_windows and not any(i.on_path for i in with_libraries):
        info.reason = "cudnn-not-on-path"
        info.set_hint(QT_TRANSLATE_NOOP("core", "cuDNN is installed in {folder}, but that folder is not on PATH."),
                      folder=with_libraries[0].location)
    elif info.zlibwapi_needed and not info.zlibwapi:
        info.reason = "zlibwapi-missing"
        info.set_hint(QT_TRANSLATE_NOOP(
            "core", "This cuDNN needs zlibwapi.dll, which was not found. Put it in a folder on PATH."
        ))
    elif info.zlibwapi_needed and not info.zlibwapi_on_path:
        info.reason = "zlibwapi-not-on-path"
        info.set_hint(QT_TRANSLATE_NOOP("core", "zlibwapi.dll is in {folder}, which is not on PATH or in System32."),
                      folder=info.zlibwapi[0])
