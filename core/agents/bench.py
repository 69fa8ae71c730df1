"""bench: TensorFlow benchmarks, timed INSIDE the Python being measured.

Run as ``<python> bench.py [options]`` (see ``--help``; docs/bench.md has the protocol).
Stand-alone on purpose: stdlib + TensorFlow only, nothing from tfgpu, Python 3.7 syntax.

JSON lines on a private duplicate of the ORIGINAL stdout, one object each, ASCII only:
progress(import), start, then per test progress(test) and result or error, then done.
Before anything is imported fd 1 is pointed at fd 2 (and, on Windows, the Win32 standard
output handle), so whatever TF prints lands on stderr and never corrupts the JSON.
After "done" the agent leaves with ``os._exit`` (TF's interpreter shutdown is slow).

Timing: inputs are made on the device first; a ``tf.function`` runs a ``tf.while_loop`` of
``inner`` ops where each op depends on the previous result (a chain) or feeds a scalar
accumulator, and returns a scalar whose ``.numpy()`` ends the timed region (GPU work is
asynchronous). Warm-up runs are discarded; ``inner`` is grown until one run lasts
``min_run_s``; then runs are timed until ``min_time`` has passed (and >= ``min_runs``).
"""

import argparse
import json
import math
import os
import struct
import sys
import time

AGENT = "bench"
PROTOCOL = 1
MIN_PYTHON = (3, 7)
SUITES = ("matmul", "conv2d", "train", "xla", "bandwidth")
MAX_TEXT = 4000
# ResNet-50 convolutions: (kernel, c_in, c_out, height=width, stride).
CONV_SHAPES_QUICK = ((3, 64, 64, 56, 1), (1, 64, 256, 56, 1))
CONV_SHAPES_FULL = CONV_SHAPES_QUICK + ((3, 256, 256, 14, 1), (7, 3, 64, 224, 2))
MODES = {  # per-mode defaults; every one can be overridden by its option
    "quick": {"min_time": 1.0, "min_warmup_s": 0.3, "max_warmup_s": 4.0, "min_run_s": 0.05,
              "gpu_sizes": [1024, 2048], "cpu_sizes": [1024, 2048], "bandwidth_mib": 64,
              "conv_batch_gpu": 32, "conv_batch_cpu": 4, "train_batch_gpu": 128, "train_batch_cpu": 16},
    "full": {"min_time": 3.0, "min_warmup_s": 1.0, "max_warmup_s": 15.0, "min_run_s": 0.1,
             "gpu_sizes": [1024, 2048, 4096, 8192], "cpu_sizes": [1024, 2048, 4096], "bandwidth_mib": 256,
             "conv_batch_gpu": 64, "conv_batch_cpu": 8, "train_batch_gpu": 256, "train_batch_cpu": 32},
}
DEVICES = {"gpu": "/GPU:0", "cpu": "/CPU:0"}


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
            self.fd = 1
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
    """Binary JSON pipe, and the Win32 STD_OUTPUT_HANDLE moved to stderr for native code."""
    try:
        import msvcrt

        msvcrt.setmode(fd, os.O_BINARY)
    except Exception:  # noqa: BLE001
        pass
    try:
        import ctypes
        import msvcrt

        ctypes.windll.kernel32.SetStdHandle(-11, ctypes.c_void_p(msvcrt.get_osfhandle(2)))
    except Exception:  # noqa: BLE001 - best effort: fd 1 is already safe
        pass


def jsonable(value):
    """Any value as plain JSON (tuples as lists, bytes decoded, NaN/inf as None)."""
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
    text = str(exc).strip().splitlines()
    return ("%s: %s" % (type(exc).__name__, text[0] if text else ""))[:MAX_TEXT]


def python_facts():
    import platform

    return {"version": "%d.%d.%d" % tuple(sys.version_info[:3]), "bits": struct.calcsize("P") * 8,
            "executable": sys.executable, "implementation": platform.python_implementation(),
            "platform": sys.platform, "machine": platform.machine()}


# -- options -------------------------------------------------------------------------------------


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message):  # never exit without "done"
        raise UsageError(message)


def int_list(text):
    return [int(v) for v in text.split(",") if v.strip()]


def parse_config(argv):
    p = Parser(prog="bench.py", description="TensorFlow benchmarks (JSON lines on stdout).")
    p.add_argument("--suites", default=",".join(SUITES), help="comma list of " + ",".join(SUITES))
    p.add_argument("--device", choices=("gpu", "cpu", "both"), default="both")
    p.add_argument("--quick", action="store_true", help="fewer, shorter tests")
    p.add_argument("--max-elements", type=int, help="tensors above this many elements count as out of memory")
    p.add_argument("--suite-time-limit", type=float, help="seconds per suite, then its tests are skipped")
    p.add_argument("--min-time", type=float, help="seconds of timed runs per test")
    p.add_argument("--min-warmup-s", type=float)
    p.add_argument("--max-warmup-s", type=float)
    p.add_argument("--min-run-s", type=float, help="shortest timed run (inner loop calibration)")
    p.add_argument("--min-runs", type=int, default=5)
    p.add_argument("--min-warmup-runs", type=int, default=3)
    p.add_argument("--max-runs", type=int, default=1000)
    p.add_argument("--matmul-sizes", type=int_list, help="e.g. 1024,2048 (both devices)")
    p.add_argument("--conv-batch", type=int)
    p.add_argument("--train-batch", type=int)
    p.add_argument("--bandwidth-mib", type=int)
    args = p.parse_args(argv)
    suites = [s.strip() for s in args.suites.split(",") if s.strip()]
    unknown = [s for s in suites if s not in SUITES]
    if unknown or not suites:
        raise UsageError("unknown suite(s) %s; choose from %s" % (",".join(unknown), ",".join(SUITES)))
    mode = MODES["quick" if args.quick else "full"]
    cfg = dict((k, v) for k, v in vars(args).items() if v is not None)
    for key, value in mode.items():
        cfg.setdefault(key, value)
    if args.matmul_sizes:
        cfg["gpu_sizes"] = cfg["cpu_sizes"] = list(args.matmul_sizes)
    for key in ("conv_batch", "train_batch"):
        if cfg.get(key):
            cfg[key + "_gpu"] = cfg[key + "_cpu"] = cfg.pop(key)
    cfg["suites"] = [s for s in SUITES if s in suites]
    cfg.pop("matmul_sizes", None)
    return cfg


# -- timing ----------------------------------------------------------------------------------------


def measure(run, cfg):
    """``run(inner)`` returns the seconds of one synchronised run of ``inner`` ops.
    Warm-up (discarded, also calibrates ``inner``), then timed runs; stats per op."""
    clock = time.perf_counter
    warm_start = clock()
    first_s = run(1)  # tracing, compilation, autotuning
    inner, warm_runs, window, stable = 1, 1, [], False
    while True:
        elapsed = clock() - warm_start
        if len(window) >= 3 and warm_runs >= cfg["min_warmup_runs"] and elapsed >= cfg["min_warmup_s"]:
            if max(window[-3:]) <= 1.10 * min(window[-3:]):
                stable = True
                break
        if elapsed >= cfg["max_warmup_s"] and (window or warm_runs > 50):
            break
        seconds = run(inner)
        warm_runs += 1
        if seconds < cfg["min_run_s"]:  # too short to time well: more ops per run
            inner = min(10 ** 7, max(2 * inner, int(math.ceil(inner * 1.2 * cfg["min_run_s"] / max(seconds, 1e-7)))))
            window = []
        else:
            window.append(seconds / inner)
    warmup_s = clock() - warm_start
    times, timed_start = [], clock()
    while len(times) < cfg["min_runs"] or clock() - timed_start < cfg["min_time"]:
        times.append(run(inner) / inner)
        if len(times) >= cfg["max_runs"]:
            break
    ordered = sorted(times)
    median = percentile_mid(ordered)
    return {"median_s": median, "min_s": ordered[0], "max_s": ordered[-1],
            "mad_s": percentile_mid(sorted(abs(t - median) for t in times)), "runs": len(times),
            "inner": inner, "warmup_runs": warm_runs, "warmup_s": warmup_s, "warmup_stable": stable,
            "first_run_s": first_s}


def percentile_mid(ordered):
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2.0


def loop_runner(tf, fn, args):
    """run(inner) for a tf.function ``fn(*args, count)`` that returns a scalar."""

    def run(inner):
        count = tf.constant(inner, tf.int32)
        started = time.perf_counter()
        fn(*(args + (count,))).numpy()  # the fetch waits for the last op
        return time.perf_counter() - started

    return run


def chain_loop(tf, dev, step):
    """tf.function(x, *rest, count): x = step(x, *rest) ``count`` times, returns a scalar of x."""

    def loop(x, *rest):
        rest, count = rest[:-1], rest[-1]
        with tf.device(dev):
            _, x = tf.while_loop(lambda i, x: i < count, lambda i, x: (i + 1, step(x, *rest)),
                                 (tf.constant(0), x), parallel_iterations=1)
            return tf.cast(tf.reshape(x, [-1])[0], tf.float32)

    return tf.function(loop)


def sum_loop(tf, dev, op):
    """tf.function(*inputs, count): adds one element of op(*inputs) ``count`` times (the op's
    inputs do not change, so each result feeds the returned scalar to keep it alive)."""

    def loop(*args):
        inputs, count = args[:-1], args[-1]
        with tf.device(dev):
            def body(i, acc):
                return i + 1, acc + tf.cast(tf.reshape(op(*inputs), [-1])[0], tf.float32)

            _, acc = tf.while_loop(lambda i, acc: i < count, body, (tf.constant(0), tf.constant(0.0)),
                                   parallel_iterations=1)
            return acc

    return tf.function(loop)


# -- out of memory ---------------------------------------------------------------------------------


class TooBig(Exception):
    """A tensor over --max-elements: treated exactly like TF's ResourceExhaustedError."""


class OutOfMemory(Exception):
    pass


def need(cfg, *shapes):
    limit = cfg.get("max_elements")
    for shape in shapes:
        size = 1
        for dim in shape:
            size *= int(dim)
        if limit is not None and size > limit:
            raise TooBig("a tensor of %d elements %s is over --max-elements %d" % (size, list(shape), limit))


def is_oom(tf, exc):
    if isinstance(exc, (TooBig, tf.errors.ResourceExhaustedError)):
        return True
    text = str(exc)
    return isinstance(exc, tf.errors.InternalError) and any(
        s in text for s in ("Dst tensor is not initialized", "out of memory", "ALLOC_FAILED", "OOM"))


SHRINK = {"matmul": ("n", 32), "conv2d": ("batch", 1), "train": ("batch", 1), "xla": ("batch", 1),
          "bandwidth": ("mib", 1)}


# -- the suites: each returns (metric, unit, value, extra, stats, placement) ------------------------


def probe_placement(tf, dev, make):
    with tf.device(dev):
        return make().device  # where TF really puts this op (soft placement may fall back to CPU)


def tf32_extra(tf, test):
    if test["device"] != "gpu" or test["dtype"] != "float32":
        return {}
    try:
        return {"tf32": bool(tf.config.experimental.tensor_float_32_execution_enabled())}
    except Exception:  # noqa: BLE001 - TF < 2.4
        return {}


def bench_matmul(tf, test, p, cfg):
    n, dev, dt = p["n"], DEVICES[test["device"]], getattr(tf, test["dtype"])
    need(cfg, (n, n))
    with tf.device(dev):
        a = tf.cast(tf.random.normal([n, n]), dt)
        b = tf.cast(tf.random.normal([n, n], stddev=1.0 / math.sqrt(n)), dt)  # keeps x @ b bounded
    placement = probe_placement(tf, dev, lambda: tf.matmul(a[:8, :8], b[:8, :8]))
    fn = chain_loop(tf, dev, lambda x, b: tf.matmul(x, b))
    stats = measure(loop_runner(tf, fn, (a, b)), cfg)
    flops = 2.0 * n ** 3
    extra = dict(flops=flops, **tf32_extra(tf, test))
    return "tflops", "TFLOPS", flops / stats["median_s"] / 1e12, extra, stats, placement


def bench_conv2d(tf, test, p, cfg):
    k, c, o, hw, s, batch = p["kernel"], p["cin"], p["cout"], p["hw"], p["stride"], p["batch"]
    dev, dt, out_hw = DEVICES[test["device"]], getattr(tf, test["dtype"]), -(-p["hw"] // p["stride"])
    need(cfg, (batch, hw, hw, c), (k, k, c, o), (batch, out_hw, out_hw, o))
    with tf.device(dev):
        x = tf.cast(tf.random.normal([batch, hw, hw, c]), dt)
        w = tf.cast(tf.random.normal([k, k, c, o], stddev=1.0 / math.sqrt(k * k * c)), dt)
    conv = lambda x, w: tf.nn.conv2d(x, w, s, "SAME")  # noqa: E731 - NHWC
    placement = probe_placement(tf, dev, lambda: conv(x[:1, :k, :k], w))
    if c == o and s == 1:
        fn = chain_loop(tf, dev, conv)  # the output is the next input
    else:
        fn = sum_loop(tf, dev, conv)
    stats = measure(loop_runner(tf, fn, (x, w)), cfg)
    flops = 2.0 * batch * out_hw * out_hw * o * k * k * c
    extra = dict(flops=flops, images_per_s=batch / stats["median_s"], **tf32_extra(tf, test))
    return "tflops", "TFLOPS", flops / stats["median_s"] / 1e12, extra, stats, placement


CNN = ((3, 3, 64, 1), (3, 64, 128, 2), (3, 128, 256, 2))  # (kernel, c_in, c_out, stride) on 32x32x3
CLASSES, LEARNING_RATE, LOSS_SCALE = 10, 0.001, 1024.0


def bench_train(tf, test, p, cfg):
    """A training step of a small CNN (3 conv + global pool + dense, softmax cross-entropy, SGD)
    in plain TF ops. mixed_float16 computes in float16 on float32 weights with a loss scale."""
    batch, dev, jit = p["batch"], DEVICES[test["device"]], p.get("jit")
    mixed = test["dtype"] == "mixed_float16"
    need(cfg, (batch, 32, 32, 3), (batch, 32, 32, 64), (batch, 16, 16, 128), (batch, 8, 8, 256))
    with tf.device(dev):
        params = []
        for k, c, o, _ in CNN:
            params += [tf.random.normal([k, k, c, o], stddev=math.sqrt(2.0 / (k * k * c))), tf.zeros([o])]
        params += [tf.random.normal([CNN[-1][2], CLASSES], stddev=0.05), tf.zeros([CLASSES])]
        images = tf.random.uniform([batch, 32, 32, 3])
        labels = tf.random.uniform([batch], 0, CLASSES, tf.int32)
        if mixed:
            images = tf.cast(images, tf.float16)
    compute = tf.float16 if mixed else tf.float32
    scale = LOSS_SCALE if mixed else 1.0

    def loss_of(weights):
        weights = [tf.cast(w, compute) for w in weights] if mixed else weights
        h = images
        for i, (_, _, _, stride) in enumerate(CNN):
            h = tf.nn.relu(tf.nn.conv2d(h, weights[2 * i], stride, "SAME") + weights[2 * i + 1])
        logits = tf.matmul(tf.reduce_mean(h, axis=[1, 2]), weights[-2]) + weights[-1]
        return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
            labels=labels, logits=tf.cast(logits, tf.float32)))

    def loop(weights, count):
        with tf.device(dev):
            def body(i, loss, weights):
                with tf.GradientTape() as tape:
                    tape.watch(weights)
                    loss = loss_of(weights)
                    scaled = loss * scale
                grads = tape.gradient(scaled, weights)
                return i + 1, loss, [w - (LEARNING_RATE / scale) * g for w, g in zip(weights, grads)]

            _, loss, _ = tf.while_loop(lambda i, loss, w: i < count, body,
                                       (tf.constant(0), tf.constant(0.0), list(weights)), parallel_iterations=1)
            return loss

    if jit is None:
        fn = tf.function(loop)
    else:
        try:
            fn = tf.function(loop, jit_compile=jit)
        except TypeError:  # TF < 2.5
            fn = tf.function(loop, experimental_compile=jit)
    placement = probe_placement(tf, dev, lambda: tf.nn.conv2d(images[:1], tf.cast(params[0], compute), 1, "SAME"))
    stats = measure(loop_runner(tf, fn, (params,)), cfg)
    extra = dict(batch=batch, step_ms=stats["median_s"] * 1e3, **tf32_extra(tf, test))
    if jit is not None:
        extra["jit_compile"] = jit
    return "images_per_s", "images/s", batch / stats["median_s"], extra, stats, placement


def bench_bandwidth(tf, test, p, cfg):
    kind, size = p["kind"], p["mib"] * 2 ** 20 // 4
    need(cfg, (size,))
    gpu, cpu = DEVICES["gpu"], DEVICES["cpu"]
    with tf.device(cpu if kind == "h2d" else gpu):
        x = tf.random.uniform([size])
    nbytes = size * 4
    if kind == "d2d":  # x = -x: one read and one write of the whole buffer per op
        fn = chain_loop(tf, gpu, lambda x: -x)
        run, counted, note = loop_runner(tf, fn, (x,)), 2 * nbytes, "read + write: counted bytes = 2 x buffer"
        placement = probe_placement(tf, gpu, lambda: -x[:8])
    else:
        target = gpu if kind == "h2d" else cpu

        @tf.function
        def copy(x):
            with tf.device(target):
                return tf.identity(x)[0]  # a graph copy per call: no cached mirror of x

        def run(inner):
            started = time.perf_counter()
            for _ in range(inner):
                last = copy(x)
            last.numpy()
            return time.perf_counter() - started

        counted = nbytes
        note = "host->device (TF CPU tensor)" if kind == "h2d" else "device->host (into a TF CPU tensor)"
        placement = probe_placement(tf, target, lambda: tf.identity(x[:8]))
    stats = measure(run, cfg)
    extra = {"bytes": nbytes, "counted_bytes": counted, "note": note}
    return "gb_per_s", "GB/s", counted / stats["median_s"] / 1e9, extra, stats, placement


BENCHES = {"matmul": bench_matmul, "conv2d": bench_conv2d, "train": bench_train, "xla": bench_train,
           "bandwidth": bench_bandwidth}


# -- the plan --------------------------------------------------------------------------------------


def test_id(suite, dtype, params, device):
    if suite == "conv2d":
        text = "k=%(kernel)d,c=%(cin)d,o=%(cout)d,hw=%(hw)d,s=%(stride)d,b=%(batch)d" % params
    elif suite == "xla":
        text = "jit=%s,b=%d" % ("on" if params["jit"] else "off", params["batch"])
    else:
        text = ",".join("%s=%s" % (k, params[k]) for k in sorted(params))
    return "%s/%s/%s/%s" % (suite, dtype, text, device)


def make_plan(cfg, devices, gpu):
    """devices: the device kinds that run ("gpu", "cpu"). Returns (tests, suite-level errors)."""
    plan, errors = [], []

    def add(suite, device, dtype, params, unsupported=None):
        plan.append({"id": test_id(suite, dtype, params, device), "suite": suite, "device": device,
                     "dtype": dtype, "params": params, "unsupported": unsupported})

    cc = (gpu or {}).get("cc")
    no_bf16 = "bfloat16 needs compute capability 8.0+ (this GPU: %s)" % (gpu or {}).get("compute_capability") \
        if cc and tuple(cc) < (8, 0) else None
    quick = cfg["quick"]
    gpu_dtypes = [("float32", None), ("float16", None), ("bfloat16", no_bf16)]
    cpu_dtypes = [("float32", None)] + ([] if quick else [("bfloat16", None)])
    for suite in cfg["suites"]:
        on_gpu = "gpu" in devices
        if suite in ("train", "xla", "bandwidth"):
            where = ["gpu"] if on_gpu else (["cpu"] if suite != "bandwidth" and "cpu" in devices else [])
            if suite == "bandwidth" and not where and "cpu" in devices:
                errors.append({"code": "unsupported", "message": "the bandwidth suite needs a GPU",
                               "test": None, "suite": suite, "fatal": False})
        else:
            where = [d for d in ("gpu", "cpu") if d in devices]
        for device in where:
            dtypes = gpu_dtypes if device == "gpu" else cpu_dtypes
            if suite == "matmul":
                for dtype, why in dtypes:
                    for n in cfg[device + "_sizes"]:
                        add(suite, device, dtype, {"n": n}, why)
            elif suite == "conv2d":
                shapes = CONV_SHAPES_QUICK if quick else CONV_SHAPES_FULL
                for dtype, why in (dtypes[:2] if quick and device == "gpu" else dtypes):
                    for k, c, o, hw, s in shapes:
                        add(suite, device, dtype, {"kernel": k, "cin": c, "cout": o, "hw": hw, "stride": s,
                                                   "batch": cfg["conv_batch_" + device]}, why)
            elif suite == "train":
                for dtype in (("float32", "mixed_float16") if device == "gpu" else ("float32",)):
                    add(suite, device, dtype, {"batch": cfg["train_batch_" + device]})
            elif suite == "xla":
                for jit in (True, False):
                    add(suite, device, "float32", {"jit": jit, "batch": cfg["train_batch_" + device]})
            else:
                for kind in ("d2d", "h2d", "d2h"):
                    add(suite, device, "float32", {"kind": kind, "mib": cfg["bandwidth_mib"]})
    return plan, errors


# -- devices -----------------------------------------------------------------------------------------


def build_facts(tf):
    try:
        info = dict(tf.sysconfig.get_build_info())
    except Exception:  # noqa: BLE001 - TF < 2.3
        info = {}
    cuda = info.get("is_cuda_build")
    if cuda is None:
        try:
            cuda = bool(tf.test.is_built_with_cuda())
        except Exception:  # noqa: BLE001
            cuda = None
    return {"cuda_version": info.get("cuda_version"), "cudnn_version": info.get("cudnn_version"),
            "is_cuda_build": cuda, "is_rocm_build": info.get("is_rocm_build")}


def list_gpus(tf):
    config = tf.config
    lister = getattr(config, "list_physical_devices", None) or config.experimental.list_physical_devices
    gpus = []
    for index, device in enumerate(lister("GPU")):
        try:
            details = dict(config.experimental.get_device_details(device))
        except Exception:  # noqa: BLE001 - TF < 2.3
            details = {}
        cc = details.get("compute_capability")
        gpus.append({"name": device.name, "model": details.get("device_name"),
                     "compute_capability": "%d.%d" % tuple(cc) if cc else None,
                     "memory_mb": cuda_memory_mb(index), "cc": list(cc) if cc else None})
    return gpus


def cuda_memory_mb(index):
    """Total memory from the CUDA driver TF already loaded; None where that fails."""
    try:
        import ctypes

        lib = ctypes.WinDLL("nvcuda.dll") if sys.platform == "win32" else ctypes.CDLL("libcuda.so.1")
        device, total = ctypes.c_int(), ctypes.c_size_t()
        if lib.cuInit(0) or lib.cuDeviceGet(ctypes.byref(device), index):
            return None
        total_mem = getattr(lib, "cuDeviceTotalMem_v2", None) or lib.cuDeviceTotalMem
        return None if total_mem(ctypes.byref(total), device) else total.value // 2 ** 20
    except Exception:  # noqa: BLE001 - no CUDA driver (CPU machine, macOS)
        return None


def cpu_facts():
    import platform

    model = None
    try:
        if sys.platform.startswith("linux"):
            with open("/proc/cpuinfo") as info:
                for line in info:
                    if line.lower().startswith(("model name", "hardware")):
                        model = line.split(":", 1)[1].strip()
                        break
        elif sys.platform == "win32":
            import winreg

            key = winreg.OpenKey(winreg.HKEY_LOCAL_MACHINE, r"HARDWARE\DESCRIPTION\System\CentralProcessor\0")
            model = winreg.QueryValueEx(key, "ProcessorNameString")[0].strip()
        elif sys.platform == "darwin":
            import subprocess

            model = subprocess.check_output(["sysctl", "-n", "machdep.cpu.brand_string"], timeout=5).decode().strip()
    except Exception:  # noqa: BLE001
        model = None
    return {"model": model or platform.processor() or platform.machine(), "logical_cores": os.cpu_count()}


def gpu_problem(tf, tf_version, build, gpus):
    """None when GPU:0 works, else the gpu-unavailable message."""
    if not gpus:
        if build.get("is_cuda_build") is False and not build.get("is_rocm_build"):
            return "TensorFlow %s is a CPU-only build: it cannot use a GPU." % tf_version
        return "TensorFlow %s lists no GPU." % tf_version
    try:
        with tf.device(DEVICES["gpu"]):
            probe = tf.constant([1.0]) + 1.0
        probe.numpy()
        if "GPU" not in probe.device.upper():
            return "TensorFlow lists %s but placed a test op on %s." % (gpus[0]["name"], probe.device)
    except Exception as exc:  # noqa: BLE001
        return "TensorFlow lists %s but cannot use it: %s" % (gpus[0]["name"], error_text(exc))
    return None


# -- main ------------------------------------------------------------------------------------------


def run_test(tf, test, cfg):
    """Fields of the result event; raises OutOfMemory when even the smallest size fails."""
    params, backoff = dict(test["params"]), None
    key, floor = SHRINK[test["suite"]]
    while True:
        try:
            metric, unit, value, extra, stats, placement = BENCHES[test["suite"]](tf, test, params, cfg)
            break
        except Exception as exc:  # noqa: BLE001
            if not is_oom(tf, exc):
                raise
            reason = error_text(exc)
            if backoff is None:
                backoff = {"from": dict(test["params"]), "reason": reason, "steps": 0}
            import gc

            gc.collect()
            if params[key] // 2 < floor:
                raise OutOfMemory("out of memory down to %s=%s: %s" % (key, params[key], reason))
            params[key] //= 2
            backoff["steps"] += 1
    return {"test": test["id"], "suite": test["suite"], "device": test["device"], "placement": placement,
            "dtype": test["dtype"], "params": params, "metric": metric, "unit": unit, "value": value,
            "stats": stats, "extra": extra, "backoff": backoff}


def run_plan(channel, tf, plan, cfg):
    suite_started = {}
    for index, test in enumerate(plan):
        channel.send("progress", phase="test", test=test["id"], suite=test["suite"], device=test["device"],
                     index=index + 1, total=len(plan))

        def fail(code, message):
            channel.send("error", code=code, message=message, test=test["id"], suite=test["suite"], fatal=False)

        started = suite_started.setdefault(test["suite"], time.perf_counter())
        limit = cfg.get("suite_time_limit")
        if limit is not None and time.perf_counter() - started >= limit:
            fail("time-limit", "the %s suite used its %g s" % (test["suite"], limit))
            continue
        if test["unsupported"]:
            fail("unsupported", test["unsupported"])
            continue
        try:
            result = run_test(tf, test, cfg)
        except OutOfMemory as exc:
            fail("oom", str(exc)[:MAX_TEXT])
            continue
        except Exception as exc:  # noqa: BLE001 - one test never stops the run
            fail("failed", error_text(exc))
            continue
        wanted = test["device"].upper()
        if wanted not in str(result["placement"]).upper():
            fail("unsupported", "TensorFlow ran %s on %s, not on the %s (no %s kernel for %s?)" % (
                test["id"], result["placement"], wanted, wanted, test["dtype"]))
            continue
        channel.send("result", **result)


def main():
    started = time.perf_counter()
    channel = Channel()
    channel.open()
    facts = python_facts()
    channel.send("progress", phase="import", python={k: facts[k] for k in ("version", "bits", "executable")})
    status = "failed"
    try:
        status = bench(channel, facts, started)
    except UsageError as exc:
        channel.send("error", code="bad-arguments", message=str(exc), test=None, suite=None, fatal=True)
    except Exception as exc:  # noqa: BLE001 - a bug in the agent itself
        channel.send("error", code="failed", message=error_text(exc), test=None, suite=None, fatal=True)
    channel.send("done", status=status, seconds=time.perf_counter() - started)
    leave(0)


def bench(channel, facts, started):
    def fatal(code, message):
        channel.send("error", code=code, message=message[:MAX_TEXT], test=None, suite=None, fatal=True)
        return "failed"

    cfg = parse_config(sys.argv[1:])
    if tuple(sys.version_info[:2]) < MIN_PYTHON:
        return fatal("python-too-old", "Python %s is too old (3.7 or newer)." % facts["version"])
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
    import_started = time.perf_counter()
    try:
        import tensorflow as tf
    except ImportError as exc:
        if getattr(exc, "name", None) == "tensorflow":
            return fatal("tf-not-installed", "TensorFlow is not installed in %s." % sys.executable)
        return fatal("tf-import-failed", error_text(exc))
    except (Exception, SystemExit) as exc:  # noqa: BLE001
        return fatal("tf-import-failed", error_text(exc))
    import_s = time.perf_counter() - import_started
    build = build_facts(tf)
    gpus = list_gpus(tf)
    problem, devices = None, []
    if cfg["device"] == "cpu":
        if gpus:
            tf.config.set_visible_devices([], "GPU")  # no GPU context at all
        devices = ["cpu"]
    else:
        problem = gpu_problem(tf, tf.__version__, build, gpus)
        devices = (["gpu"] if problem is None else []) + (["cpu"] if cfg["device"] == "both" else [])
    unavailable = {"code": "gpu-unavailable", "message": problem} if problem else None
    plan, plan_errors = make_plan(cfg, devices, gpus[0] if gpus and problem is None else None)
    channel.send("start", agent=AGENT, protocol=PROTOCOL, python=facts,
                 tf={"version": tf.__version__, "build": build, "import_seconds": import_s},
                 devices={"gpu": [dict((k, v) for k, v in g.items() if k != "cc") for g in gpus], "cpu": cpu_facts()},
                 gpu_unavailable=unavailable, config=cfg,
                 plan=[dict((k, v) for k, v in t.items() if k != "unsupported") for t in plan])
    if unavailable:
        channel.send("error", test=None, suite=None, fatal=False, **unavailable)
    for error in plan_errors:
        channel.send("error", **error)
    run_plan(channel, tf, plan, cfg)
    return "ok"


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

            ctypes.CDLL(None).fflush(None)
        except Exception:  # noqa: BLE001
            pass
    os._exit(code)


if __name__ == "__main__":
    main()
