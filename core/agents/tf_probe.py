"""tf_probe: what TensorFlow sees, measured INSIDE the Python being diagnosed.

Run as ``<python> tf_probe.py`` (no ``-I``: the user site, PYTHONPATH and
PYTHONIOENCODING must apply as they do for the user; nothing here relies on the
cwd, and this folder holds no module that could shadow a real one).
Stand-alone on purpose: stdlib + TensorFlow only, nothing from tfgpu, and syntax
that old interpreters can still parse (even 2.7 says hello and its version).

Protocol: JSON lines on the ORIGINAL stdout, one object each, ASCII only::

    {"event": "hello", "agent": "tf_probe", "protocol": 1, "python": {...}}
    {"event": "stage", "name": "import"}          (zero or more, progress)
    {"event": "result", ...}
    {"event": "done"}

Before anything is imported, fd 1 is pointed at fd 2 (on Windows the Win32
standard output handle too), so whatever TF, keras, their C++ code or their child
processes print lands on stderr (the caller keeps it as the TF log) and can never
corrupt the JSON, which goes to a private duplicate of the real stdout.
After "done" the agent leaves with ``os._exit``: TF's interpreter shutdown is slow
and sometimes hangs, and there is nothing left to say.
"""

import json
import os
import re
import struct
import sys
import time
import traceback

AGENT = "tf_probe"
PROTOCOL = 1
MIN_PYTHON = (3, 7)

# Distributions that ARE TensorFlow (any one of them means "installed").
TF_DISTRIBUTIONS = (
    "tensorflow", "tensorflow-cpu", "tensorflow-gpu", "tensorflow-intel", "tensorflow-macos",
    "tensorflow-rocm", "tensorflow-directml", "tf-nightly", "tf-nightly-cpu", "tf-nightly-gpu",
)
# Reported alongside, with every nvidia-* wheel.
RELATED_DISTRIBUTIONS = (
    "keras", "tf-keras", "tensorflow-directml-plugin", "tensorflow-metal", "tensorflow-estimator",
)
# CUDA/cuDNN/driver libraries, by file name without a leading "lib" (Linux) or as DLLs (Windows).
CUDA_LIBRARY_PREFIXES = (
    "cuda.", "cudart", "cublas", "cudnn", "cufft", "curand", "cusolver", "cusparse", "nccl",
    "nvrtc", "nvjitlink", "cupti", "nvidia", "nvcuda", "nvinfer", "nvptxcompiler", "zlibwapi",
)
# Environment variables that change what TF does with the GPU.
REPORTED_ENV = (
    "CUDA_VISIBLE_DEVICES", "TF_FORCE_GPU_ALLOW_GROWTH", "TF_GPU_ALLOCATOR", "TF_ENABLE_ONEDNN_OPTS",
    "LD_LIBRARY_PATH", "CUDA_PATH", "CUDA_HOME", "XLA_FLAGS",
)
CHECK_LIBS_ENV = "TFGPU_CHECK_LIBS"  # comma-separated library names the caller wants load-tested
MAX_TEXT = 8000


class Channel(object):
    """The private JSON channel: a duplicate of the real stdout."""

    def __init__(self):
        self.fd = 1

    def open(self):
        try:
            sys.stdout.flush()
            self.fd = os.dup(1)
            os.dup2(2, 1)  # fd 1 (C and Python stdout) now goes to stderr
        except (OSError, ValueError, AttributeError):
            self.fd = 1  # no stderr to point at: stdout must do
            return
        if sys.platform == "win32":
            windows_redirect(self.fd)

    def send(self, event, **fields):
        payload = {"event": event}  # "event" first: readable in a raw log
        payload.update(fields)
        data = (json.dumps(jsonable(payload), ensure_ascii=True) + "\n").encode("ascii")
        while data:
            data = data[os.write(self.fd, data):]


def windows_redirect(fd):
    """The JSON pipe in binary mode, and the Win32 STD_OUTPUT_HANDLE moved to stderr too:
    dup2 only moved the C runtime's fd 1, native code and child processes use the handle."""
    try:
        import msvcrt

        msvcrt.setmode(fd, os.O_BINARY)
    except Exception:  # noqa: BLE001 - text mode only adds a CR the caller ignores
        pass
    try:
        import ctypes
        import msvcrt

        ctypes.windll.kernel32.SetStdHandle(-11, ctypes.c_void_p(msvcrt.get_osfhandle(2)))  # STD_OUTPUT_HANDLE
    except Exception:  # noqa: BLE001 - best effort, never fatal: fd 1 is already safe
        pass


def jsonable(value):
    """Any value as plain JSON (tuples as lists, bytes decoded, NaN as None)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return None if value != value or value in (float("inf"), float("-inf")) else value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, dict):
        return dict((str(k), jsonable(v)) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    try:
        return int(value) if hasattr(value, "__index__") else str(value)
    except Exception:  # noqa: BLE001
        return repr(value)


def error_text(exc):
    return ("%s: %s" % (type(exc).__name__, str(exc).strip()))[:MAX_TEXT]


def python_facts():
    import platform

    return {
        "version": "%d.%d.%d" % tuple(sys.version_info[:3]),
        "release_level": sys.version_info[3],
        "full_version": sys.version,
        "bits": struct.calcsize("P") * 8,
        "implementation": platform.python_implementation(),
        "executable": sys.executable,
        "prefix": sys.prefix,
        "base_prefix": getattr(sys, "base_prefix", sys.prefix),
        "platform": sys.platform,
        "machine": platform.machine(),
    }


def normalize(name):
    out = []
    for char in (name or "").strip().lower():
        out.append("-" if char in "_." else char)
    return "".join(out)


def wanted(name):
    return name in TF_DISTRIBUTIONS or name in RELATED_DISTRIBUTIONS or name.startswith("nvidia-")


def find_distributions():
    """{name: version} of the TF-related wheels, plus {name: [versions]} of duplicates."""
    found, duplicates = {}, {}
    for name, version in _iter_distributions():
        name = normalize(name)
        if not wanted(name):
            continue
        if name in found and found[name] != version:
            duplicates.setdefault(name, [found[name]]).append(version)
        found.setdefault(name, version)
    return found, duplicates


def _iter_distributions():
    try:
        from importlib import metadata  # 3.8+
    except ImportError:
        metadata = None
    if metadata is not None:
        for dist in metadata.distributions():
            folder = os.path.basename(str(getattr(dist, "_path", "")))  # "name-1.0.dist-info"
            if folder.endswith((".dist-info", ".egg-info")) and not wanted(normalize(folder.split("-")[0])):
                continue  # skip parsing the METADATA of unrelated wheels (big Anaconda envs)
            try:
                yield dist.metadata["Name"], dist.version
            except Exception:  # noqa: BLE001 - one broken dist-info must not hide the rest
                continue
        return
    for item in _scan_metadata_dirs():  # 3.7: read *.dist-info / *.egg-info directly
        yield item


def _scan_metadata_dirs():
    for folder in sys.path:
        try:
            entries = os.listdir(folder or ".")
        except OSError:
            continue
        for entry in entries:
            for suffix, meta in ((".dist-info", "METADATA"), (".egg-info", "PKG-INFO")):
                if not entry.endswith(suffix) or not wanted(normalize(entry[: -len(suffix)].split("-")[0])):
                    continue
                path = os.path.join(folder, entry)
                headers = _read_headers(os.path.join(path, meta) if os.path.isdir(path) else path)
                parts = entry[: -len(suffix)].split("-")
                yield headers.get("name", parts[0]), headers.get("version", parts[1] if len(parts) > 1 else "")


def _read_headers(path):
    headers = {}
    try:
        with open(path, "rb") as handle:
            for raw in handle:
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                if not line:
                    break
                key, sep, value = line.partition(":")
                if sep and key.lower() in ("name", "version"):
                    headers.setdefault(key.lower(), value.strip())
    except OSError:
        pass
    return headers


def module_findable(name):
    try:
        import importlib.util

        return importlib.util.find_spec(name) is not None
    except Exception:  # noqa: BLE001 - a broken package still counts as "something is there"
        return True


def import_failure(exc):
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__)
    return {
        "type": type(exc).__name__,
        "message": str(exc)[:MAX_TEXT],
        "traceback": "".join(lines[-12:])[-MAX_TEXT:],
    }


def build_info(tf):
    try:
        return dict(tf.sysconfig.get_build_info())  # TF >= 2.3
    except Exception:  # noqa: BLE001 - older TF: the module's plain attributes
        from tensorflow.python.platform import build_info as module

        return dict(
            (k, v) for k, v in vars(module).items()
            if not k.startswith("_") and isinstance(v, (str, int, float, bool, list, tuple, dict))
        )


def list_gpus(tf):
    config = tf.config
    lister = getattr(config, "list_physical_devices", None) or config.experimental.list_physical_devices
    gpus = []
    for device in lister("GPU"):
        entry = {"name": device.name, "device_type": device.device_type, "details": {}}
        try:
            entry["details"] = dict(config.experimental.get_device_details(device))
        except Exception as exc:  # noqa: BLE001 - TF < 2.3, or a driver that will not say
            entry["details"] = {"error": error_text(exc)}
        gpus.append(entry)
    return gpus


def is_cuda_library(path):
    name = os.path.basename(path).lower()
    if name.startswith("lib"):
        name = name[3:]
    return name.startswith(CUDA_LIBRARY_PREFIXES)


def loaded_libraries():
    """Paths of CUDA libraries mapped into this process; None where we cannot tell."""
    if sys.platform.startswith("linux"):
        paths = []
        with open("/proc/self/maps") as maps:
            for line in maps:
                parts = line.rstrip("\n").split(None, 5)
                if len(parts) == 6 and parts[5].startswith("/") and is_cuda_library(parts[5]):
                    if parts[5] not in paths:
                        paths.append(parts[5])
        return paths
    if sys.platform == "win32":
        return [path for path in windows_modules() if is_cuda_library(path)]
    return None  # macOS and the rest: no CUDA


def windows_modules():
    import ctypes
    from ctypes import wintypes

    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    psapi = ctypes.WinDLL("psapi", use_last_error=True)
    kernel32.GetCurrentProcess.restype = wintypes.HANDLE
    enum = psapi.EnumProcessModules
    enum.argtypes = [wintypes.HANDLE, ctypes.POINTER(wintypes.HMODULE), wintypes.DWORD, ctypes.POINTER(wintypes.DWORD)]
    enum.restype = wintypes.BOOL
    file_name = kernel32.GetModuleFileNameW
    file_name.argtypes = [wintypes.HMODULE, wintypes.LPWSTR, wintypes.DWORD]
    file_name.restype = wintypes.DWORD
    process = kernel32.GetCurrentProcess()
    count = 512
    while True:
        modules = (wintypes.HMODULE * count)()
        needed = wintypes.DWORD()
        if not enum(process, modules, ctypes.sizeof(modules), ctypes.byref(needed)):
            raise ctypes.WinError(ctypes.get_last_error())
        if needed.value <= ctypes.sizeof(modules):
            break
        count = needed.value // ctypes.sizeof(wintypes.HMODULE) + 32
    buffer = ctypes.create_unicode_buffer(32768)
    paths = []
    for handle in modules[: needed.value // ctypes.sizeof(wintypes.HMODULE)]:
        if handle and file_name(handle, buffer, len(buffer)):
            paths.append(buffer.value)
    return paths


def runtime_dll_name(name):
    """The DLL TF's loader really opens for a build-info name.

    TF 2.5-2.10 declare ``cudart64_112.dll`` (the CUDA they were built with), but their loader asks
    for CUDA's runtime by major version only: every CUDA 11.x ships ``cudart64_110.dll`` and 12.x
    ``cudart64_12.dll``. CUDA 10.x named a DLL per minor version (cudart64_101.dll), kept as is.
    """
    match = re.match(r"^cudart64_(\d\d)(\d)\.dll$", name, re.I)
    if match and int(match.group(1)) == 11:
        return "cudart64_110.dll"
    if match and int(match.group(1)) >= 12:
        return "cudart64_%s.dll" % match.group(1)
    return name


def libraries_to_check(info):
    names = [n.strip() for n in os.environ.get(CHECK_LIBS_ENV, "").split(",") if n.strip()]
    if sys.platform == "win32":  # the DLL names this TF build itself declares
        for key in ("cudart_dll_name", "cudnn_dll_name", "nvcuda_dll_name", "msvcp_dll_names"):
            names += [runtime_dll_name(n.strip()) for n in str(info.get(key) or "").split(",") if n.strip()]
    unique = []
    for name in names:
        if name not in unique:
            unique.append(name)
    return unique


def check_library(name):
    """Can the OS loader find it? Windows uses the classic search that includes PATH, like TF."""
    import ctypes

    try:
        if sys.platform == "win32" and sys.version_info >= (3, 8):
            ctypes.WinDLL(name, winmode=0)
        elif sys.platform == "win32":
            ctypes.WinDLL(name)
        else:
            ctypes.CDLL(name)
        return {"loaded": True}
    except OSError as exc:
        return {"loaded": False, "error": error_text(exc)}


# -- facts read from the installed files when build info is silent (TF >= 2.22 keeps three keys) ---------

FATBIN_MAGIC = 0xBA55ED50
# Sections that hold CUDA fat binaries: ELF (Linux) and PE (Windows names are cut to 8 characters).
FATBIN_SECTIONS = (".nv_fatbin", "__nv_relfatbin", ".nv_fatb", ".nvFatBi")
FATBIN_KINDS = {1: "ptx", 2: "cubin"}
BINARY_SUFFIXES = (".so", ".pyd", ".dll")
RUNTIME_PACKAGE = re.compile(r"^nvidia-cuda-runtime-cu(\d+)$")
CUDNN_PACKAGE = re.compile(r"^nvidia-cudnn-cu(\d+)$")


def elf_sections(handle):
    """[(name, offset, size)] of an ELF file's sections; [] when it is not ELF."""
    handle.seek(0)
    ident = handle.read(64)
    if len(ident) < 52 or ident[:4] != b"\x7fELF":
        return []
    wide, order = ident[4] == 2, "<" if ident[5] == 1 else ">"
    if wide:
        table = struct.unpack_from(order + "Q", ident, 0x28)[0]
        entry_size, count, names_index = struct.unpack_from(order + "HHH", ident, 0x3A)
        layout = order + "IIQQQQ"
    else:
        table = struct.unpack_from(order + "I", ident, 0x20)[0]
        entry_size, count, names_index = struct.unpack_from(order + "HHH", ident, 0x2E)
        layout = order + "IIIIII"
    handle.seek(table)
    raw = handle.read(entry_size * count)
    rows = []
    for index in range(count):
        if (index + 1) * entry_size > len(raw):
            break
        name, _, _, _, offset, size = struct.unpack_from(layout, raw, index * entry_size)
        rows.append((name, offset, size))
    if names_index >= len(rows):
        return []
    handle.seek(rows[names_index][1])
    names = handle.read(rows[names_index][2])
    out = []
    for name, offset, size in rows:
        end = names.find(b"\0", name)
        out.append((names[name:end if end >= 0 else None].decode("ascii", "replace"), offset, size))
    return out


def pe_sections(handle):
    """[(name, offset, size)] of a PE file's (DLL, .pyd) sections; [] when it is not PE."""
    handle.seek(0)
    dos = handle.read(64)
    if len(dos) < 64 or dos[:2] != b"MZ":
        return []
    start = struct.unpack_from("<I", dos, 0x3C)[0]
    handle.seek(start)
    head = handle.read(24)
    if len(head) < 24 or head[:4] != b"PE\0\0":
        return []
    count, optional = struct.unpack_from("<H", head, 6)[0], struct.unpack_from("<H", head, 20)[0]
    handle.seek(start + 24 + optional)
    raw = handle.read(40 * count)
    out = []
    for index in range(len(raw) // 40):
        name, _, _, size, offset = struct.unpack_from("<8sIIII", raw, index * 40)
        out.append((name.rstrip(b"\0").decode("ascii", "replace"), offset, size))
    return out


def fatbin_entries(handle, offset, size):
    """(kind, arch) of every entry of the fat binaries in one section: ('cubin', 80), ('ptx', 90)."""
    found, position, end = set(), offset, offset + size
    while position + 16 <= end:
        handle.seek(position)
        magic, _, header, length = struct.unpack("<IHHQ", handle.read(16))
        if magic != FATBIN_MAGIC:
            position += 8  # fat binaries are 8-byte aligned, padding between them
            continue
        entry, stop = position + header, min(position + header + length, end)
        while entry + 32 <= stop:
            handle.seek(entry)
            raw = handle.read(32)
            kind, _, entry_header, payload = struct.unpack_from("<HHIQ", raw, 0)
            if kind in FATBIN_KINDS:
                found.add((FATBIN_KINDS[kind], struct.unpack_from("<I", raw, 28)[0]))
            if entry_header < 32:
                break
            entry += entry_header + payload
        position = max(stop, position + 8)
    return found


def binary_files(folder):
    """TF's own native libraries: the package folder and its python/ folder (not the whole tree)."""
    out = []
    for sub in ("", "python"):
        where = os.path.join(folder, sub)
        try:
            names = sorted(os.listdir(where))
        except OSError:
            continue
        for name in names:
            if name.lower().endswith(BINARY_SUFFIXES) or ".so." in name:
                path = os.path.join(where, name)
                if os.path.isfile(path):
                    out.append(path)
    return out


def binary_arch_list(folder):
    """The architectures of the CUDA kernels embedded in TF's libraries, in build info's spelling:
    ``compute_XY`` where the binary has PTX for XY (with or without cubins), ``sm_XY`` for cubins only."""
    cubins, ptx, files = set(), set(), []
    for path in binary_files(folder):
        try:
            with open(path, "rb") as handle:
                sections = elf_sections(handle) or pe_sections(handle)
                entries = set()
                for name, offset, size in sections:
                    if name in FATBIN_SECTIONS:
                        entries |= fatbin_entries(handle, offset, size)
        except (OSError, struct.error, ValueError):
            continue
        if entries:
            files.append(os.path.basename(path))
            cubins |= set(arch for kind, arch in entries if kind == "cubin")
            ptx |= set(arch for kind, arch in entries if kind == "ptx")
    if not files:
        return None
    value = [("compute_%d" if arch in ptx else "sm_%d") % arch for arch in sorted(cubins | ptx)]
    return {"value": value, "cubins": ["sm_%d" % a for a in sorted(cubins)],
            "ptx": ["compute_%d" % a for a in sorted(ptx)],
            "source": "fat binaries in %s (sections %s)" % (", ".join(files), "/".join(FATBIN_SECTIONS[:3]))}


def requirement_floor(requirement):
    """'nvidia-cudnn-cu12<10.0,>=9.10.2.21; extra == "and-cuda"' -> ('nvidia-cudnn-cu12', '9.10.2.21')."""
    match = re.match(r"^\s*([A-Za-z0-9_.\-]+)\s*\(?([^;]*)", requirement or "")
    if not match:
        return None, None
    floor = re.search(r"(?:==|>=|~=)\s*([0-9][0-9.]*)", match.group(2))
    return normalize(match.group(1)), floor.group(1) if floor else None


def short_version(version, parts):
    return ".".join(str(version or "").split(".")[:parts]) or None


def cuda_candidates(dists, tf_requires, loaded):
    """Where the CUDA and cuDNN versions can be read, strongest first: each {"value", "source"}."""
    cuda, cudnn = [], []
    for requirement in tf_requires or ():
        if "and-cuda" not in requirement:
            continue
        name, floor = requirement_floor(requirement)
        if name and floor and RUNTIME_PACKAGE.match(name):
            cuda.append({"value": short_version(floor, 2), "source": "TensorFlow's METADATA: Requires-Dist %s" % requirement})
        elif name and floor and CUDNN_PACKAGE.match(name):
            cudnn.append({"value": short_version(floor, 1), "source": "TensorFlow's METADATA: Requires-Dist %s" % requirement})
    for name, version in sorted(dists.items()):
        if RUNTIME_PACKAGE.match(name):
            cuda.append({"value": short_version(version, 2), "source": "installed wheel %s %s" % (name, version)})
        elif CUDNN_PACKAGE.match(name):
            cudnn.append({"value": short_version(version, 1), "source": "installed wheel %s %s" % (name, version)})
    for path in loaded or ():
        match = re.match(r"^(?:lib)?(cudart|cudnn)(?:\.so\.|64_)(\d+)", re.split(r"[\\/]", path)[-1], re.I)
        if match:
            target = cuda if match.group(1).lower() == "cudart" else cudnn
            target.append({"value": match.group(2), "source": "loaded library %s" % path})
    return {"cuda_version": cuda, "cudnn_version": cudnn}


def tf_requirements(dists):
    """Requires-Dist of the installed TensorFlow distribution (its [and-cuda] pins); [] if unreadable."""
    try:
        from importlib import metadata  # 3.8+
    except ImportError:
        return []
    for name in TF_DISTRIBUTIONS:
        if name in dists:
            try:
                return list(metadata.requires(name) or [])
            except Exception:  # noqa: BLE001 - a broken dist-info: no pins
                return []
    return []


def evidence_facts(folder, dists, loaded):
    """The facts build info may no longer carry, each with where it was read."""
    facts = cuda_candidates(dists, tf_requirements(dists), loaded)
    facts["arch_list"] = binary_arch_list(folder) if folder else None
    return facts


def probe_tensorflow(channel, result):
    """Fill ``result`` step by step; a failing step is recorded and the rest still run."""
    errors = result["errors"]

    def step(name, fn):
        channel.send("stage", name=name)
        try:
            return fn()
        except Exception as exc:  # noqa: BLE001 - keep going, say what failed
            errors[name] = error_text(exc)
            return None

    dists, duplicates = step("distributions", find_distributions) or ({}, {})
    result["distributions"] = dists
    result["duplicate_distributions"] = duplicates
    result["installed"] = any(name in dists for name in TF_DISTRIBUTIONS)
    if not result["installed"] and not module_findable("tensorflow"):
        result["status"] = "not-installed"  # fast path: nothing heavy imported
        return
    channel.send("stage", name="import")
    started = time.time()
    try:
        import tensorflow as tf
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - the exact failure IS the finding
        result["import_seconds"] = round(time.time() - started, 3)
        result["import_error"] = import_failure(exc)
        result["status"] = "import-failed"
        return
    result["import_seconds"] = round(time.time() - started, 3)
    result["status"] = "imported"
    result["version"] = getattr(tf, "__version__", None)
    result["module_path"] = getattr(tf, "__file__", None)
    result["build_info"] = step("build_info", lambda: build_info(tf)) or {}
    result["is_cuda_build"] = step("is_built_with_cuda", lambda: bool(tf.test.is_built_with_cuda()))
    result["gpus"] = step("list_gpus", lambda: list_gpus(tf))
    result["loaded_libraries"] = step("loaded_libraries", loaded_libraries)
    folder = os.path.dirname(result["module_path"] or "")
    result["evidence"] = step("evidence", lambda: evidence_facts(folder, dists, result["loaded_libraries"]))
    names = libraries_to_check(result["build_info"])
    result["library_checks"] = dict((name, check_library(name)) for name in names)



def watch_parent(interval=0.5):
    """End this agent when the process that started it is gone (POSIX: it is adopted by another, so
    the parent id changes), removing the launcher's private temporary folder (TFGPU_AGENT_TEMP):
    an orphan never keeps a GPU's memory. On Windows the launcher's job object ends it."""
    if sys.platform == "win32":
        return
    import threading

    parent = os.getppid()
    if parent <= 1:
        return

    def watch():
        while True:
            time.sleep(interval)
            if os.getppid() != parent:
                temp = os.environ.get("TFGPU_AGENT_TEMP") or ""
                if os.path.basename(temp).startswith("tfgpu-agent-"):
                    import shutil

                    shutil.rmtree(temp, ignore_errors=True)
                os._exit(3)

    thread = threading.Thread(target=watch, name="tfgpu-parent-watch")
    thread.daemon = True
    thread.start()

def main():
    watch_parent()
    channel = Channel()
    channel.open()
    try:
        sys.stderr.reconfigure(encoding="utf-8", errors="backslashreplace")  # 3.7+
    except Exception:  # noqa: BLE001
        pass
    python = python_facts()
    channel.send("hello", agent=AGENT, protocol=PROTOCOL, pid=os.getpid(), python=python)
    result = {"python": python, "errors": {}, "env": dict((k, os.environ.get(k)) for k in REPORTED_ENV)}
    if tuple(sys.version_info[:2]) < MIN_PYTHON:
        result["status"] = "python-too-old"
    else:
        os.environ["TF_CPP_MIN_LOG_LEVEL"] = "0"  # TF's C++ log (cuInit, dlopen) is the evidence
        probe_tensorflow(channel, result)
    channel.send("result", **result)
    channel.send("done")
    leave(0)


def leave(code):
    """Flush what TF printed, then exit without interpreter shutdown (slow with TF, may hang)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001
            pass
    if sys.platform != "win32":
        try:
            import ctypes

            ctypes.CDLL(None).fflush(None)  # C stdio buffers of TF's native code
        except Exception:  # noqa: BLE001
            pass
    os._exit(code)


if __name__ == "__main__":
    main()
