"""Multi-worker and multi-GPU failures: a port already taken, NCCL where there is none, workers that
never met or a collective that timed out, and Keras 3's ``fit`` under MultiWorkerMirroredStrategy."""

from __future__ import annotations

import re

from tfgpu.core import versions
from tfgpu.core.explain.context import Ctx
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText

# Keras 3 came with TF 2.16: model.fit under the multi-worker strategy, with Keras 3 in the text.
_MULTI_WORKER_FIT = re.compile(r"MultiWorkerMirroredStrategy[\s\S]{0,4000}?\.fit\(|\.fit\([\s\S]{0,4000}?"
                               r"MultiWorkerMirroredStrategy")
_KERAS_3 = re.compile(r"\bkeras(?:-nightly)?[-=\s]{1,3}3\.\d|\bKeras 3\b", re.I)

_WORDS = {
    "grpc-address-in-use": ("port-in-use", QT_TRANSLATE_NOOP(
        "core", "The distributed runtime could not listen on its host:port: another program (often an earlier run "
        "still alive) holds that port. Stop it, or give this task a free port in TF_CONFIG, then check the set-up "
        "with `tfgpu cluster check`.")),
    "nccl-not-supported": ("nccl-unavailable", QT_TRANSLATE_NOOP(
        "core", "NCCL all-reduce was asked for, but this TensorFlow has no NCCL (Windows builds never do). Use "
        "tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce()).")),
    "keras3-perreplica-convert": ("keras-multiworker-fit", QT_TRANSLATE_NOOP(
        "core", "Keras 3's model.fit does not work under MultiWorkerMirroredStrategy. Train with a custom loop "
        "(strategy.run and strategy.reduce), or install tf-keras and set TF_USE_LEGACY_KERAS=1.")),
    "tf-config-rejected": ("tf-config-invalid", QT_TRANSLATE_NOOP(
        "core", "TensorFlow rejects TF_CONFIG: it must be JSON with a \"cluster\" (every role's host:port list, one "
        "\"chief\" where the strategy wants one) and this process's \"task\" (a role of that cluster and an index "
        "inside its list). Fix the variable on every worker, then check it with `tfgpu cluster check`.")),
    "collective-aborted": ("collective-timeout", QT_TRANSLATE_NOOP(
        "core", "A collective operation between workers was aborted or timed out: a worker was not started, "
        "crashed, or cannot be reached on its port. Start every worker with the same TF_CONFIG (only \"task\" "
        "differs), open the ports between the machines, and check with `tfgpu cluster check --smoke`.")),
}


def distributed(ctx: Ctx) -> None:
    for signature, (finding_id, words) in _WORDS.items():
        hits = ctx.hits.get(signature)
        if hits:
            ctx.add(finding_id, TrText(words), hits[:3])
    text = ctx.doc.text
    if not ctx.hits.get("keras3-perreplica-convert") and _MULTI_WORKER_FIT.search(text) and (
            _KERAS_3.search(text) or versions.at_least(ctx.tf, "2.16")) and re.search(r"Traceback|Error|fail", text):
        # The error itself may be cut off: model.fit under the multi-worker strategy with Keras 3 is enough.
        ctx.add("keras-multiworker-fit", TrText(_WORDS["keras3-perreplica-convert"][1]), [])
