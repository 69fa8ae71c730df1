"""profile: runs the user's own training script INSIDE the Python being profiled and measures its steps.

Run as ``<python> profile.py [options] -- SCRIPT [ARGS...]`` (``--help``; docs/profile.md has the method).
Stand-alone on purpose: stdlib + TensorFlow only, nothing from tfgpu, Python 3.7 syntax. The helpers
shared with the other agents are identical copies (tests/test_agents_standalone.py).

The script runs in its own folder with its own arguments (``runpy`` with ``sys.argv`` set), in this
process. ``Model.fit`` (tf.keras 2.x, Keras 3, and tf_keras when installed) is wrapped to add a
callback: it times every step, and traces steps K+1 .. K+N with ``tf.profiler.experimental`` (each
traced step marked ``tfgpu_step``). A script without ``fit`` is traced by time once ``--trace-after``
seconds have passed; it should mark its steps itself with
``with tf.profiler.experimental.Trace("train", step_num=step, _r=1):`` (the ``hint`` in the result).
After the trace the agent reads it (the XSpace, through TF's own ``xplane_pb2``), splits each step
into input wait, device compute, host compute, copies, compile and the rest, asks TF's own converter
(``_pywrap_profiler_plugin.xspace_to_tools_data``, else ``xprof``'s) for ``framework_op_stats``, and
sends one ``result``. Then it stops the script (``os._exit``), or lets it finish with ``--full``.

JSON lines on a private duplicate of the ORIGINAL stdout, ASCII only: progress(import), start, fit,
step (one per step), trace, result, error, done. The script's own prints go to stderr.
"""

import argparse
import json
import logging
import os
import re
import runpy
import struct
import sys
import threading
import time
import traceback

AGENT, PROTOCOL, MIN_PYTHON = "profile", 1, (3, 7)
MAX_TEXT = 4000
MARKER = "tfgpu_step"
HINT = 'with tf.profiler.experimental.Trace("train", step_num=step, _r=1):'
TOP_OPS = 15
MAX_WINDOWS = 2000
#: Which part of a step an instant belongs to when several are active (first wins).
PARTS = ("device_compute", "copies", "input", "compile", "host_compute")
OP_EVENT = re.compile(r"^[^\s:]+:[A-Za-z_][\w]*$")  # "model/dense/MatMul:MatMul": one TF op run
INPUT_NAMES = ("Iterator::Root", "IteratorGetNextOp::DoCompute", "IteratorGetNextAsOptionalOp::DoCompute")
INPUT_TYPES = ("IteratorGetNext", "IteratorGetNextSync", "IteratorGetNextAsOptional", "MultiDeviceIteratorGetNextFromShard")
NOT_PLACED_OPS = ("IDLE", "Dataset", "_Send", "_Recv", "_HostSend", "_HostRecv", "IteratorGetNext",
                  "IteratorGetNextAsOptional", "PyFunc", "EagerPyFunc")
RETRACING = "retracing"
#: Lines of a GPU plane that the profiler derives from the kernels ("Stream #N" lines hold the kernels).
DERIVED_GPU_LINES = ("Steps", "XLA Modules", "XLA Ops", "Async XLA Ops", "XLA TraceMe", "TensorFlow Name Scope",
                     "TensorFlow Ops", "Framework Name Scope", "Framework Ops", "Source", "Launch Stats", "Sparse Core")


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


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message):  # never exit without "done"
        raise UsageError(message)


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


def profile_options(argv):
    """The options before ``--`` and the script with its arguments after it."""
    if "--" in argv:
        cut = argv.index("--")
        own, script = argv[:cut], argv[cut + 1:]
    else:
        own, script = [], list(argv)
    p = Parser(prog="profile.py", description="Profile a training script (JSON lines on stdout).")
    add = p.add_argument
    add("--steps", type=int, default=10, help="steps to trace")
    add("--warmup", type=int, default=5, help="steps before the trace (tracing, compilation, autotuning)")
    add("--full", action="store_true", help="let the script finish after the trace")
    add("--trace-after", type=float, default=15.0, help="seconds before a script without fit is traced by time")
    add("--trace-seconds", type=float, default=4.0, help="length of a trace by time")
    add("--logdir", help="where the trace goes (default: a folder in the temporary folder)")
    cfg = vars(p.parse_args(own))
    if not script:
        raise UsageError("no script given: profile.py [options] -- SCRIPT [ARGS...]")
    if cfg["steps"] < 1 or cfg["warmup"] < 0:
        raise UsageError("--steps must be 1 or more and --warmup 0 or more")
    cfg["script"], cfg["args"] = os.path.abspath(script[0]), script[1:]
    return cfg


class RetraceCounter(logging.Handler):
    """Counts TF's "triggered tf.function retracing" warnings."""

    def __init__(self):
        logging.Handler.__init__(self)
        self.count = 0

    def emit(self, record):
        try:
            if RETRACING in record.getMessage():
                self.count += 1
        except Exception:  # noqa: BLE001
            pass


class Profiler(object):
    """The state shared by the fit callback, the timer for scripts without fit, and the end of the run."""

    def __init__(self, channel, tf, cfg):
        self.channel, self.tf, self.cfg = channel, tf, cfg
        self.lock = threading.RLock()
        self.step = 0  # steps seen, over every fit
        self.step_ms = []
        self.traced_ms = []
        self.fit_seen = False
        self.mode = None  # "fit" or "time" once a trace started
        self.tracing = False
        self.finished = False  # a result (or a trace error) was sent
        # a trace by time that found no step markers, before any fit: kept unless a fit starts (slow set-up)
        self.provisional = False
        self.started = time.perf_counter()
        self.settings = {}
        self.marker = None
        self.retraces = RetraceCounter()
        self.logdir = cfg.get("logdir") or os.path.join(os_temp(), "tfgpu-profile-%d" % os.getpid())

    def start_trace(self, mode):
        with self.lock:
            if self.tracing or (self.finished and not (self.provisional and mode == "fit")):
                return False
            self.finished = self.provisional = False
            try:
                self.tf.profiler.experimental.start(self.logdir)
            except Exception as exc:  # noqa: BLE001 - e.g. a profiler the script started itself
                self.finished = True
                message = error_text(exc)
                if "AlreadyExists" in message or "Another profiler" in message:
                    message += (" (the script runs a profiler itself: tf.profiler.experimental.start, or Keras "
                                "TensorBoard(profile_batch=...); turn it off while it is profiled here)")
                self.channel.send("error", code="trace-failed", message=message, fatal=True)
                if not self.cfg["full"]:  # nothing more to measure: do not train on until the timeout
                    self.finish("failed", {"code": "trace-failed", "message": message})
                return False
            self.tracing, self.mode = True, mode
            self.trace_started = time.perf_counter()
            self.channel.send("trace", phase="start", mode=mode, step=self.step)
            return True

    def stop_trace(self, why):
        """Stop the trace, read it and send the result (once)."""
        with self.lock:
            if not self.tracing:
                return
            self.tracing = False
            try:
                self.tf.profiler.experimental.stop()
            except Exception as exc:  # noqa: BLE001
                self.finished = True
                self.channel.send("error", code="trace-failed", message=error_text(exc), fatal=True)
                return
            seconds = time.perf_counter() - self.trace_started
            self.channel.send("trace", phase="stop", mode=self.mode, why=why, seconds=seconds)
            try:
                result = analyse_trace(self.tf, self.logdir, self.mode, gpu_names(self.tf))
            except Exception as exc:  # noqa: BLE001 - a trace we cannot read is a result too
                self.finished = True
                self.channel.send("error", code="convert-failed", message=error_text(exc), fatal=True,
                                  detail=traceback.format_exc()[-MAX_TEXT:])
                return
            self.finished = True
            self.provisional = self.mode == "time" and not self.fit_seen and not result.get("steps")
            result.update(mode=self.mode, why=why, trace_seconds=seconds, fit_seen=self.fit_seen,
                          traced_step_ms=list(self.traced_ms), settings=self.settings,
                          retracing_warnings=self.retraces.count, gpu_memory=gpu_memory(self.tf),
                          hint=None if self.fit_seen or result.get("steps") else HINT)
            self.channel.send("result", **result)

    # -- fit ------------------------------------------------------------------------------------------
    def on_fit(self, model):
        with self.lock:
            first = not self.fit_seen
            self.fit_seen = True
            if self.tracing and self.mode == "time":  # the set-up took longer than --trace-after: trace fit instead
                try:
                    self.tf.profiler.experimental.stop()
                except Exception:  # noqa: BLE001
                    pass
                self.tracing, self.mode = False, None
        if first:
            self.settings = model_settings(self.tf, model)
            self.channel.send("fit", **self.settings)

    def batch_begin(self):
        cfg = self.cfg
        with self.lock:
            self.step += 1
            if self.step == cfg["warmup"] + 1 and (not self.finished or self.provisional):
                self.start_trace("fit")
            traced = self.tracing and self.mode == "fit"
        self.marker = None
        if traced:
            try:
                self.marker = self.tf.profiler.experimental.Trace(MARKER, step_num=self.step, _r=1)
                self.marker.__enter__()
            except Exception:  # noqa: BLE001 - old TF without Trace: the trace still has the ops
                self.marker = None
        self.begun = time.perf_counter()

    def batch_end(self):
        ms = (time.perf_counter() - self.begun) * 1000.0
        if self.marker is not None:
            self.marker.__exit__(None, None, None)
            self.marker = None
        with self.lock:
            traced = self.tracing and self.mode == "fit"
            self.step_ms.append(ms)
            if traced:
                self.traced_ms.append(ms)
            self.channel.send("step", step=self.step, ms=ms, traced=traced)
            if traced and len(self.traced_ms) >= self.cfg["steps"]:
                self.stop_trace("steps")
                if not self.cfg["full"]:
                    self.finish("stopped-after-trace")

    # -- the end ----------------------------------------------------------------------------------------
    def finish(self, status, failure=None):
        """Send the done line and leave (never returns)."""
        with self.lock:
            if self.tracing:
                self.stop_trace("script-ended")
            if not self.finished and failure is None:
                self.channel.send("error", code="nothing-traced", fatal=True, steps=self.step,
                                  fit_seen=self.fit_seen, hint=None if self.fit_seen else HINT,
                                  message=nothing_traced(self, time.perf_counter() - self.started))
            self.channel.send("done", status=status, steps=self.step, step_ms=self.step_ms[-5000:],
                              seconds=time.perf_counter() - self.started, failure=failure)
            leave(0)

    def watch_time(self):
        """For a script without fit: trace by time once ``--trace-after`` seconds have passed."""
        cfg = self.cfg
        time.sleep(cfg["trace_after"])
        with self.lock:
            if self.fit_seen or self.finished or not self.start_trace("time"):
                return
        time.sleep(cfg["trace_seconds"])
        with self.lock:
            if not (self.mode == "time" and self.tracing):
                return  # a fit started meanwhile: it is traced instead
            self.stop_trace("time")
            if self.cfg["full"]:
                return
            if not self.provisional:
                self.finish("stopped-after-trace")
        # No step markers and no fit yet: perhaps a slow set-up (loading data) before Model.fit. The result
        # stands, but the script runs on for another --trace-after seconds; a fit in that time is traced.
        time.sleep(cfg["trace_after"])
        with self.lock:
            if self.provisional and not self.fit_seen:
                self.finish("stopped-after-trace")


def nothing_traced(state, seconds):
    cfg = state.cfg
    if state.fit_seen:
        return ("the script ended after %d training step(s); the profile needs %d warm-up + 1 traced step "
                "(lower --warmup, or let it train longer)" % (state.step, cfg["warmup"]))
    return ("the script ended after %.1f s without calling Model.fit, before the trace by time (after %g s) "
            "began; in a custom training loop mark each step with: %s" % (seconds, cfg["trace_after"], HINT))


def os_temp():
    import tempfile

    return tempfile.gettempdir()


def make_callback(base, state, model):
    """A Keras callback (of the model's own Keras) that times and marks every step."""

    class StepTimer(base):
        def on_train_batch_begin(self, batch, logs=None):
            state.batch_begin()

        def on_train_batch_end(self, batch, logs=None):
            state.batch_end()

    return StepTimer()


def wrap_fit(model_class, callback_base, state):
    """``model_class.fit`` with the step timer added to the callbacks (kept when the user passes some)."""
    original = model_class.fit
    if getattr(original, "_tfgpu_wrapped", False):
        return

    def fit(self, *args, **kwargs):
        state.on_fit(self)
        timer = make_callback(callback_base, state, self)
        if len(args) > 5:  # fit(x, y, batch_size, epochs, verbose, callbacks, ...)
            args = list(args)
            args[5] = list(args[5] or []) + [timer]
        else:
            kwargs["callbacks"] = list(kwargs.get("callbacks") or []) + [timer]
        return original(self, *args, **kwargs)

    fit._tfgpu_wrapped = True
    fit.__doc__ = original.__doc__
    model_class.fit = fit


def wrap_every_keras(tf, state):
    """tf.keras (Keras 2 or 3), and tf_keras when it is installed; returns the names wrapped."""
    wrapped = []
    try:
        wrap_fit(tf.keras.Model, tf.keras.callbacks.Callback, state)
        wrapped.append("tf.keras")
    except Exception:  # noqa: BLE001 - a TF without Keras: only custom loops
        pass
    import importlib.util

    if importlib.util.find_spec("tf_keras") is not None:
        try:
            import tf_keras

            wrap_fit(tf_keras.Model, tf_keras.callbacks.Callback, state)
            wrapped.append("tf_keras")
        except Exception:  # noqa: BLE001
            pass
    return wrapped


def model_settings(tf, model):
    """What the advice needs to know about the model being trained."""
    policy = None
    for source in (lambda: model.dtype_policy.name, lambda: model._dtype_policy.name,
                   lambda: tf.keras.mixed_precision.global_policy().name):
        try:
            policy = str(source())
            break
        except Exception:  # noqa: BLE001
            continue
    jit = getattr(model, "jit_compile", None)
    try:
        auto_jit = tf.config.optimizer.get_jit()
    except Exception:  # noqa: BLE001
        auto_jit = None
    spe = getattr(model, "steps_per_execution", None)
    try:
        spe = int(spe.numpy()) if hasattr(spe, "numpy") else (int(spe) if spe is not None else None)
    except Exception:  # noqa: BLE001
        spe = None
    keras_version = None
    try:
        keras_version = sys.modules[type(model).__module__.split(".")[0]].__version__
    except Exception:  # noqa: BLE001
        pass
    return {"dtype_policy": policy, "jit_compile": jit if isinstance(jit, bool) else (str(jit) if jit else None),
            "auto_jit": str(auto_jit) if auto_jit else None, "steps_per_execution": spe,
            "model_class": type(model).__name__, "keras": keras_version}


def gpu_names(tf):
    try:
        return [d.name for d in tf.config.list_physical_devices("GPU")]
    except Exception:  # noqa: BLE001
        return []


def gpu_memory(tf):
    """TF's own allocator peak on each GPU (bytes handed out, not what it reserved)."""
    found = []
    for index, name in enumerate(gpu_names(tf)):
        try:
            info = tf.config.experimental.get_memory_info("GPU:%d" % index)
            found.append({"device": name, "peak_bytes": info.get("peak"), "current_bytes": info.get("current")})
        except Exception:  # noqa: BLE001
            continue
    return found


# -- reading the trace -------------------------------------------------------------------------------------


def trace_files(logdir):
    """The newest run's ``*.xplane.pb`` files under ``logdir/plugins/profile/<run>/``."""
    root = os.path.join(logdir, "plugins", "profile")
    runs = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))) if os.path.isdir(root) else []
    if not runs:
        return []
    folder = os.path.join(root, runs[-1])
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".xplane.pb"))


def xplane_module():
    for name in ("tensorflow.tsl.profiler.protobuf.xplane_pb2", "tsl.profiler.protobuf.xplane_pb2",
                 "tensorflow.core.profiler.protobuf.xplane_pb2"):
        try:
            return __import__(name, fromlist=["XSpace"])
        except Exception:  # noqa: BLE001
            continue
    return None


def converter():
    """TF's own trace converter, else xprof's; (function, where) or (None, None)."""
    for name in ("tensorflow.python.profiler.internal._pywrap_profiler_plugin", "xprof.convert._pywrap_profiler_plugin"):
        try:
            module = __import__(name, fromlist=["xspace_to_tools_data"])
            return module.xspace_to_tools_data, name.split(".")[0]
        except Exception:  # noqa: BLE001
            continue
    return None, None


def op_stats(paths):
    """``framework_op_stats`` rows as dicts ({} keys when there is no converter); (rows, where, problem)."""
    convert, where = converter()
    if convert is None:
        return [], None, "no trace converter (TensorFlow's or xprof's) in this Python"
    data, ok = convert(paths, "framework_op_stats", {})
    if not ok:
        return [], where, (data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data))[:500]
    tables = json.loads(data.decode("utf-8") if isinstance(data, bytes) else data)
    table = tables[0] if isinstance(tables, list) and tables else tables
    ids = [c.get("id") for c in table.get("cols", [])]
    rows = []
    for row in table.get("rows", []):
        values = [cell.get("v") if isinstance(cell, dict) else None for cell in row.get("c", [])]
        rows.append(dict(zip(ids, values)))
    return rows, where, None


def event_stats(plane, event):
    found = {}
    for stat in event.stats:
        meta = plane.stat_metadata.get(stat.metadata_id)
        if meta is None:
            continue
        kind = stat.WhichOneof("value")
        found[meta.name] = getattr(stat, kind) if kind else None
    return found


def classify(plane, line, event, gpu_used, host_ops):
    """The part of a step one trace event stands for, or None."""
    meta = plane.event_metadata.get(event.metadata_id)
    name = meta.name if meta is not None else ""
    if plane.name.startswith("/device:GPU:"):
        if line.name in DERIVED_GPU_LINES:
            return None  # derived lines (TF ops, XLA ops, steps) span the kernels they repeat
        return "copies" if "memcpy" in name.lower() else "device_compute"
    if not plane.name.startswith("/host:"):
        return None
    producer = line.name.startswith("tf_data") and not line.name.startswith("tf_data_iterator_get_next")
    if name in INPUT_NAMES or (name.startswith("Iterator::") and name.count("::") == 1 and not producer):
        return "input"
    if producer:
        return None  # the pipeline's own threads: overlap is fine, waiting for them is "input"
    if OP_EVENT.match(name):
        op_name, op_type = name.rsplit(":", 1)
        if op_type in INPUT_TYPES:
            return "input"
        if not gpu_used:
            return "device_compute"  # the CPU is the device
        return "host_compute" if op_name in host_ops else None
    if "Compile" in name and ":" not in name:
        return "compile"
    return None


def step_windows(space, marker):
    """(start_ns, end_ns, step) of each step: our markers, else any event with a step_num (the user's)."""
    found = {}
    for plane in space.planes:
        step_ids = set(i for i, m in plane.stat_metadata.items() if m.name == "step_num")
        if not plane.name.startswith("/host:") or not step_ids:
            continue
        for line in plane.lines:
            for event in line.events:
                if not any(stat.metadata_id in step_ids for stat in event.stats):
                    continue
                meta = plane.event_metadata.get(event.metadata_id)
                name = meta.name if meta is not None else ""
                stats = event_stats(plane, event)
                if "step_num" not in stats:
                    continue
                start = line.timestamp_ns + event.offset_ps / 1000.0
                key = (name == marker, stats["step_num"])
                old = found.get(key)
                end = start + event.duration_ps / 1000.0
                found[key] = (min(old[0], start), max(old[1], end)) if old else (start, end)
    ours = dict((k[1], v) for k, v in found.items() if k[0])
    steps = ours or dict((k[1], v) for k, v in found.items())
    ordered = sorted((v[0], v[1], k) for k, v in steps.items())
    windows = []
    for index, (start, end, step) in enumerate(ordered):
        following = ordered[index + 1][0] if index + 1 < len(ordered) else None
        # start to start: the gap between two steps is part of the step (the loop's own overhead)
        windows.append((start, following if following is not None and following - end < (end - start) else end, step))
    return windows, ("tfgpu" if ours else ("user" if steps else None))


def split_steps(space, windows, gpu_used, host_ops):
    """Nanoseconds of each part over the windows (each instant counted once, by PARTS' order)."""
    points = []
    for plane in space.planes:
        for line in plane.lines:
            for event in line.events:
                part = classify(plane, line, event, gpu_used, host_ops)
                if part is None or event.duration_ps <= 0:
                    continue
                start = line.timestamp_ns + event.offset_ps / 1000.0
                points.append((start, 1, part))
                points.append((start + event.duration_ps / 1000.0, -1, part))
    for start, end, _step in windows:
        points.append((start, 1, "window"))
        points.append((end, -1, "window"))
    points.sort(key=lambda p: (p[0], p[1]))
    active = dict((p, 0) for p in PARTS + ("window",))
    totals = dict((p, 0.0) for p in PARTS + ("launch_idle",))
    previous = None
    for at, delta, part in points:
        if previous is not None and at > previous and active["window"] > 0:
            now = next((p for p in PARTS if active[p] > 0), "launch_idle")
            totals[now] += at - previous
        active[part] += delta
        previous = at
    return totals


def analyse_trace(tf, logdir, mode, gpus):
    """Everything the app's analysis needs from one trace."""
    paths = trace_files(logdir)
    if not paths:
        raise RuntimeError("the profiler wrote no trace file under %s" % logdir)
    xplane = xplane_module()
    if xplane is None:
        raise RuntimeError("this TensorFlow has no xplane_pb2 to read its own trace")
    space = xplane.XSpace()
    for path in paths:
        with open(path, "rb") as handle:
            part = xplane.XSpace()
            part.ParseFromString(handle.read())
            space.MergeFrom(part)
    rows, where, problem = op_stats(paths)
    gpu_used = any(p.name.startswith("/device:GPU:") and any(line.events for line in p.lines) for p in space.planes)
    host_rows = [r for r in rows if r.get("host_or_device") == "Host" and r.get("type") not in NOT_PLACED_OPS]
    host_ops = set(str(r.get("operation")) for r in host_rows)
    windows, markers = step_windows(space, MARKER)
    if windows:
        span = windows
    else:  # no step markers: the whole trace is one window
        starts, ends = [], []
        for plane in space.planes:
            for line in plane.lines:
                for event in line.events:
                    start = line.timestamp_ns + event.offset_ps / 1000.0
                    starts.append(start)
                    ends.append(start + event.duration_ps / 1000.0)
        span = [(min(starts), max(ends), None)] if starts else []
    totals = split_steps(space, span, gpu_used, host_ops)
    ops = [r for r in rows if r.get("type") != "IDLE"]
    ops.sort(key=lambda r: -(r.get("total_self_time") or 0))
    keep = ("host_or_device", "type", "operation", "occurrences", "total_self_time", "total_time")
    return {
        "logdir": logdir, "files": paths, "converter": where, "converter_problem": problem,
        "gpu_used": gpu_used, "gpus": gpus, "markers": markers,
        "steps": len(windows), "window_ms": [(w[1] - w[0]) / 1e6 for w in windows][:MAX_WINDOWS],
        "span_ms": sum(w[1] - w[0] for w in span) / 1e6,
        "parts_ms": dict((k, v / 1e6) for k, v in totals.items()),
        "top_ops": [dict((k, r.get(k)) for k in keep) for r in ops[:TOP_OPS]],
        "cpu_ops": [dict((k, r.get(k)) for k in keep) for r in host_rows[:TOP_OPS]] if gpu_used else [],
    }


# -- running the script ------------------------------------------------------------------------------------


def run_script(cfg):
    """Run the user's script as ``__main__`` in its own folder; returns (status, failure)."""
    script = cfg["script"]
    folder = os.path.dirname(script)
    os.chdir(folder)
    sys.argv = [script] + list(cfg["args"])
    # sys.path as "python SCRIPT" gives it: the script's folder first, and not the agents' own folder,
    # whose profile.py / bench.py would shadow the stdlib's profile (cProfile imports it) or the user's modules
    mine = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [folder] + [p for p in sys.path if not (p and os.path.abspath(p) == mine)]
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        if exc.code not in (None, 0):
            return "failed", {"code": "script-exit", "message": "the script exited with %r" % (exc.code,)}
    except BaseException as exc:  # noqa: BLE001 - the user's error, reported with its traceback
        return "failed", {"code": "script-failed", "message": error_text(exc), "traceback": script_traceback(exc)}
    return "ok", None


def script_traceback(exc):
    """The traceback from the user's script on (the agent's and runpy's own frames left out)."""
    frames = traceback.extract_tb(exc.__traceback__)
    mine = os.path.abspath(__file__)
    kept = [f for f in frames if os.path.abspath(f.filename) != mine and "runpy" not in f.filename]
    lines = ["Traceback (most recent call last):\n"] + traceback.format_list(kept[-10:])
    lines += traceback.format_exception_only(type(exc), exc)
    return "".join(lines)[-MAX_TEXT:]


def profile(channel, facts):
    cfg = profile_options(sys.argv[1:])
    if tuple(sys.version_info[:2]) < MIN_PYTHON:
        channel.send("error", code="python-too-old", message="Python %s is too old (3.7 or newer)." % facts["version"],
                     fatal=True)
        return "failed", None
    if not os.path.isfile(cfg["script"]):
        channel.send("error", code="no-script", message="no file at %s" % cfg["script"], fatal=True)
        return "failed", None
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
    import_started = time.perf_counter()
    try:
        import tensorflow as tf
    except ImportError as exc:
        code = "tf-not-installed" if getattr(exc, "name", None) == "tensorflow" else "tf-import-failed"
        message = "TensorFlow is not installed in %s." % sys.executable if code == "tf-not-installed" else error_text(exc)
        channel.send("error", code=code, message=message, fatal=True)
        return "failed", None
    except (Exception, SystemExit) as exc:  # noqa: BLE001
        channel.send("error", code="tf-import-failed", message=error_text(exc), fatal=True)
        return "failed", None
    state = Profiler(channel, tf, cfg)
    logging.getLogger("tensorflow").addHandler(state.retraces)
    wrapped = wrap_every_keras(tf, state)
    channel.send("start", agent=AGENT, protocol=PROTOCOL, python=facts, config=cfg, keras_wrapped=wrapped,
                 tf={"version": tf.__version__, "import_seconds": time.perf_counter() - import_started},
                 gpus=gpu_names(tf), logdir=state.logdir, hint=HINT)
    watcher = threading.Thread(target=state.watch_time, name="tfgpu-profile-timer")
    watcher.daemon = True
    watcher.start()
    status, failure = run_script(cfg)
    if failure is not None:
        channel.send("error", code=failure["code"], message=failure["message"], fatal=True,
                     traceback=failure.get("traceback"))
    state.finish(status, failure)
    return status, failure  # not reached: finish leaves


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
    watch_parent()  # tfgpu killed (even SIGKILL): the training it started stops too
    channel = Channel()
    channel.open()
    facts = python_facts()
    if tuple(sys.version_info[:2]) < MIN_PYTHON:  # before anything newer (Python 2 has no perf_counter)
        channel.send("error", code="python-too-old", fatal=True,
                     message="Python %s is too old for the profile (3.7 or newer)." % facts["version"])
        channel.send("done", status="failed")
        leave(0)
    started = time.perf_counter()
    channel.send("progress", phase="import", python=dict((k, facts[k]) for k in ("version", "bits", "executable")))
    status = "failed"
    try:
        status, _ = profile(channel, facts)
    except UsageError as exc:
        channel.send("error", code="bad-arguments", message=str(exc), fatal=True)
    except Exception as exc:  # noqa: BLE001 - a bug in the agent itself
        channel.send("error", code="failed", message=error_text(exc), fatal=True)
    channel.send("done", status=status, seconds=time.perf_counter() - started)
    leave(0)


if __name__ == "__main__":
    main()
