"""cluster_worker: one worker of a two-worker MultiWorkerMirroredStrategy smoke job, run INSIDE the
Python being checked, on loopback only.

Run as ``<python> cluster_worker.py --index I --ports P0,P1 [--steps N] [--meet-timeout S]``.
Stand-alone on purpose: stdlib + TensorFlow only, nothing from tfgpu, Python 3.7 syntax.
The worker sets TF_CONFIG itself (127.0.0.1 and the two ports: nothing else is ever contacted),
builds the strategy (the workers meet), and trains a tiny model with a custom step
(``strategy.run`` + an all-reduce: Keras 3's ``fit`` fails under this strategy).

Protocol: JSON lines on the ORIGINAL stdout (fd 1 is pointed at stderr first, so TF's own
output can never corrupt them)::

    {"event": "hello", "agent": "cluster_worker", "protocol": 1, "python": {...}}
    {"event": "stage", "name": "import" | "meet" | "train"}
    {"event": "result", "index": 0, "met_s": 1.1, "step_s": [...], "reduced": [...], "expected": ...,
     "collective": "...", "tf_version": "2.21.0"}
    {"event": "error", "stage": "...", "message": "..."}
    {"event": "done"}
"""

import json
import os
import struct
import sys
import time

AGENT = "cluster_worker"
PROTOCOL = 1
MAX_TEXT = 8000
LINGER_S = 3.0  # how long a worker stays up after its last step


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


def worker_args(argv):
    import argparse

    p = argparse.ArgumentParser(prog="cluster_worker.py")
    p.add_argument("--index", type=int, required=True)
    p.add_argument("--ports", required=True, help="the two workers' loopback ports, comma-separated")
    p.add_argument("--steps", type=int, default=5)
    return p.parse_args(argv)


def train(tf, strategy, index, steps):
    """A tiny dense model, one custom step: each worker adds (index + 1) to its gradient-free
    probe, so the all-reduced sum proves that both workers took part."""
    with strategy.scope():
        w = tf.Variable(tf.ones([32, 32]))
        opt = tf.keras.optimizers.SGD(0.01)
    x = tf.random.stateless_normal([8, 32], seed=[1, 2])
    marker = tf.constant(float(index + 1))

    @tf.function
    def step():
        def replica():
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(tf.matmul(x, w) ** 2)
            grads = tape.gradient(loss, [w])
            opt.apply_gradients(zip(grads, [w]))
            return marker

        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(replica), axis=None)

    times, reduced = [], []
    for _ in range(steps):
        start = time.perf_counter()
        reduced.append(float(step().numpy()))
        times.append(time.perf_counter() - start)
    return times, reduced



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
    channel.send("hello", agent=AGENT, protocol=PROTOCOL, pid=os.getpid(), python=python_facts())
    stage = "arguments"
    try:
        args = worker_args(sys.argv[1:])
        ports = [int(p) for p in args.ports.split(",")]
        os.environ["TF_CONFIG"] = json.dumps({
            "cluster": {"worker": ["127.0.0.1:%d" % p for p in ports]},
            "task": {"type": "worker", "index": args.index}})
        stage = "import"
        channel.send("stage", name=stage)
        import tensorflow as tf

        stage = "meet"
        channel.send("stage", name=stage)
        started = time.perf_counter()
        strategy = tf.distribute.MultiWorkerMirroredStrategy()
        met_s = time.perf_counter() - started
        stage = "train"
        channel.send("stage", name=stage)
        times, reduced = train(tf, strategy, args.index, args.steps)
        options = getattr(strategy.extended, "_communication_options", None)
        collective = str(getattr(options, "implementation", "unknown")).split(".")[-1].lower()
        channel.send("result", index=args.index, met_s=met_s, step_s=times, reduced=reduced,
                     expected=float(sum(range(1, len(ports) + 1))), collective=collective,
                     tf_version=getattr(tf, "__version__", None),
                     replicas=int(strategy.num_replicas_in_sync))
        # The other worker may still be fetching this one's part of the last all-reduce (RecvBuf):
        # leaving at once would close its socket under it ("Collective ops is aborted by: Socket closed").
        time.sleep(LINGER_S)
    except BaseException as exc:  # noqa: BLE001 - every failure is reported, never a traceback only
        channel.send("error", stage=stage, message=error_text(exc))
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
