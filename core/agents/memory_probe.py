"""memory_probe: how much GPU memory a TensorFlow process holds, measured INSIDE the Python being configured.

Run as ``<python> memory_probe.py [--mode growth|limit|visible|async|none] [--value V]``. Settings
made in code (memory growth, a memory limit, visible devices) are applied by this agent before the
first GPU op; settings made through the environment (``TF_FORCE_GPU_ALLOW_GROWTH``,
``TF_GPU_ALLOCATOR``, ``CUDA_VISIBLE_DEVICES``) are given to it by the caller. It then runs one tiny
op on the first GPU and reports the GPU memory this process holds: NVML's per-process figure where
the driver gives one (not under Windows WDDM, not across a container's PID namespace), else
TensorFlow's ``get_memory_info`` (bytes TF's allocator has handed out, not what it reserved).
With no GPU it says so, and why, and measures nothing.

Stand-alone on purpose: stdlib + TensorFlow only, nothing from tfgpu, Python 3.7 syntax. The
helpers shared with tf_probe.py are byte-identical copies (tests/test_agents_standalone.py).

Protocol: JSON lines on the ORIGINAL stdout, one object each, ASCII only::

    {"event": "hello", "agent": "memory_probe", "protocol": 1, "python": {...}}
    {"event": "stage", "name": "import"}          (zero or more, progress)
    {"event": "result", ...}
    {"event": "done"}
"""

import json
import os
import struct
import sys
import time
import traceback

AGENT = "memory_probe"
PROTOCOL = 1
MIN_PYTHON = (3, 7)
MODES = ("none", "growth", "limit", "visible", "async")
REPORTED_ENV = ("CUDA_VISIBLE_DEVICES", "TF_FORCE_GPU_ALLOW_GROWTH", "TF_GPU_ALLOCATOR")
MAX_TEXT = 8000
NVML_NOT_AVAILABLE = 0xFFFFFFFFFFFFFFFF  # NVML's "value not available" (WDDM: no per-process memory)


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


def parse_args(argv):
    mode, value = "none", None
    i = 0
    while i < len(argv):
        if argv[i] == "--mode" and i + 1 < len(argv):
            mode = argv[i + 1]
            i += 2
        elif argv[i] == "--value" and i + 1 < len(argv):
            value = argv[i + 1]
            i += 2
        else:
            raise ValueError("unknown argument %r" % argv[i])
    if mode not in MODES:
        raise ValueError("unknown mode %r" % mode)
    return mode, value


def apply_setting(tf, mode, value):
    """The in-code settings, before any GPU op (that order is the whole point)."""
    config = tf.config
    gpus = config.list_physical_devices("GPU")
    if mode == "growth":
        for gpu in gpus:
            config.experimental.set_memory_growth(gpu, True)
    elif mode == "limit":
        for gpu in gpus:
            config.set_logical_device_configuration(gpu, [config.LogicalDeviceConfiguration(memory_limit=int(value))])
    elif mode == "visible":
        wanted = [int(i) for i in str(value or "").split(",") if i.strip()]
        config.set_visible_devices([gpus[i] for i in wanted if i < len(gpus)], "GPU")


class Nvml(object):
    """The few NVML calls needed, through ctypes (the target Python may not have pynvml)."""

    def __init__(self):
        import ctypes

        self.ctypes = ctypes
        names = ["nvml.dll", os.path.join(os.environ.get("SystemRoot", "C:\\Windows"), "System32", "nvml.dll"),
                 os.path.join(os.environ.get("ProgramFiles", "C:\\Program Files"), "NVIDIA Corporation", "NVSMI",
                              "nvml.dll")] if sys.platform == "win32" else ["libnvidia-ml.so.1", "libnvidia-ml.so"]
        self.lib = None
        errors = []
        for name in names:
            try:
                self.lib = ctypes.CDLL(name)
                break
            except OSError as exc:
                errors.append(error_text(exc))
        if self.lib is None:
            raise OSError("NVML not found: " + "; ".join(errors))
        self.check(self.lib.nvmlInit_v2(), "nvmlInit_v2")

    def check(self, code, what):
        if code != 0:
            raise OSError("%s returned NVML error %d" % (what, code))

    def devices(self):
        count = self.ctypes.c_uint()
        self.check(self.lib.nvmlDeviceGetCount_v2(self.ctypes.byref(count)), "nvmlDeviceGetCount_v2")
        handles = []
        for index in range(count.value):
            handle = self.ctypes.c_void_p()
            self.check(self.lib.nvmlDeviceGetHandleByIndex_v2(index, self.ctypes.byref(handle)), "GetHandleByIndex")
            handles.append(handle)
        return handles

    def process_bytes(self, handle, pid):
        """This process's memory on one GPU: bytes, None (not reported), or absent (-1)."""
        ctypes = self.ctypes

        class Info(ctypes.Structure):
            _fields_ = [("pid", ctypes.c_uint), ("usedGpuMemory", ctypes.c_ulonglong),
                        ("gpuInstanceId", ctypes.c_uint), ("computeInstanceId", ctypes.c_uint)]

        for name in ("nvmlDeviceGetComputeRunningProcesses_v3", "nvmlDeviceGetComputeRunningProcesses_v2"):
            function = getattr(self.lib, name, None)
            if function is None:
                continue
            count = ctypes.c_uint(64)
            entries = (Info * 64)()
            self.check(function(handle, ctypes.byref(count), entries), name)
            for entry in entries[:count.value]:
                if entry.pid == pid:
                    return None if entry.usedGpuMemory == NVML_NOT_AVAILABLE else int(entry.usedGpuMemory)
            return -1
        raise OSError("this driver's NVML has no per-process query")

    def memory(self, handle):
        ctypes = self.ctypes

        class Memory(ctypes.Structure):
            _fields_ = [("total", ctypes.c_ulonglong), ("free", ctypes.c_ulonglong), ("used", ctypes.c_ulonglong)]

        info = Memory()
        self.check(self.lib.nvmlDeviceGetMemoryInfo(handle, ctypes.byref(info)), "nvmlDeviceGetMemoryInfo")
        return int(info.total), int(info.used)

    def close(self):
        try:
            self.lib.nvmlShutdown()
        except Exception:  # noqa: BLE001
            pass


def measure_memory(tf, result):
    """After the tiny op: NVML per-process memory where the driver gives it, else TF's own count."""
    measurement = {"source": None, "process_bytes": None, "notes": []}
    result["measurement"] = measurement
    try:
        info = tf.config.experimental.get_memory_info("GPU:0")
        measurement["tf_current_bytes"] = int(info.get("current"))
        measurement["tf_peak_bytes"] = int(info.get("peak"))
    except Exception as exc:  # noqa: BLE001 - TF < 2.5 or no such device
        measurement["notes"].append("get_memory_info: " + error_text(exc))
    nvml = None
    try:
        nvml = Nvml()
        held, reported, totals = 0, False, []
        for handle in nvml.devices():
            totals.append(nvml.memory(handle))
            value = nvml.process_bytes(handle, os.getpid())
            if value is None:
                measurement["notes"].append("NVML gives no per-process memory here (Windows WDDM)")
            elif value >= 0:
                held += value
                reported = True
        measurement["device_total_bytes"] = [t for t, _u in totals]
        measurement["device_used_bytes"] = [u for _t, u in totals]
        if reported:
            measurement["source"], measurement["process_bytes"] = "nvml-process", held
        else:
            measurement["notes"].append("NVML does not list this process (another PID namespace?)")
    except Exception as exc:  # noqa: BLE001 - no NVML: TF's figure is what there is
        measurement["notes"].append(error_text(exc))
    finally:
        if nvml is not None:
            nvml.close()
    if measurement["source"] is None and "tf_current_bytes" in measurement:
        measurement["source"], measurement["process_bytes"] = "tf-memory-info", measurement["tf_current_bytes"]


def probe_memory(channel, result, mode, value):
    channel.send("stage", name="import")
    started = time.time()
    try:
        import tensorflow as tf
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - the failure is the answer
        missing = isinstance(exc, ImportError) and getattr(exc, "name", None) == "tensorflow"
        result["status"] = "not-installed" if missing else "import-failed"
        result["error"] = error_text(exc)
        result["traceback"] = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-8:])[-MAX_TEXT:]
        return
    result["import_seconds"] = round(time.time() - started, 3)
    result["tf_version"] = getattr(tf, "__version__", None)
    try:
        result["is_cuda_build"] = bool(tf.test.is_built_with_cuda())
    except Exception as exc:  # noqa: BLE001
        result["errors"]["is_built_with_cuda"] = error_text(exc)
    channel.send("stage", name="setting")
    try:
        apply_setting(tf, mode, value)
        result["setting_applied"] = mode != "none"
    except Exception as exc:  # noqa: BLE001 - e.g. "Physical devices cannot be modified after being initialized"
        result["setting_applied"] = False
        result["errors"]["setting"] = error_text(exc)
    channel.send("stage", name="list_gpus")
    gpus = tf.config.list_physical_devices("GPU")
    logical = tf.config.list_logical_devices("GPU")
    result["gpus"] = [g.name for g in gpus]
    result["logical_gpus"] = [g.name for g in logical]
    if not logical:
        result["status"] = "no-gpu"
        return
    channel.send("stage", name="tiny_op")
    with tf.device(logical[0].name):
        value_out = (tf.constant([1.0, 2.0]) * 2.0).numpy()
    result["tiny_op"] = [float(v) for v in value_out]
    channel.send("stage", name="measure")
    measure_memory(tf, result)
    result["status"] = "measured"



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
    try:
        mode, value = parse_args(sys.argv[1:])
        result["mode"], result["value"] = mode, value
        if tuple(sys.version_info[:2]) < MIN_PYTHON:
            result["status"] = "python-too-old"
        else:
            probe_memory(channel, result, mode, value)
    except Exception as exc:  # noqa: BLE001 - whatever broke is reported, never a traceback on stdout
        result["status"] = "error"
        result["error"] = error_text(exc)
    channel.send("result", **result)
    channel.send("done")
    leave(0)


if __name__ == "__main__":
    main()
