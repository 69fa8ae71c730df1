"""Context rules: what the whole text supports, after the log rules have read each line.

The rules are rows of ``text_patterns.json`` (type ``rule``), applied in file order. A rule holds
when every term of ``when`` holds and no term of ``unless`` does; a term is one signal or several
joined by ``|`` (any of them). Signals:

- ``finding:<id>``  a finding made so far (by the log rules or an earlier rule)
- ``sig:<id>``      a log signature that matched
- ``say:<id>``      a symptom in the user's words; ``ctx:<id>`` where the text comes from
- ``check:<name>``  a version-table check that holds (:mod:`.checks`)
- ``want:gpu``      the user wants a GPU; ``lib:driver`` the driver library failed to load
- ``gpu:listed``    the text shows TensorFlow using a GPU; ``any:error`` an error finding exists
- ``framework:other`` the text is about another framework (PaddlePaddle, PyTorch) and never names TF
- ``notice:any``    a harmless notice's log signature matched (the benign findings are made later)
- ``os:<name>``      the text's operating system (``windows``, ``linux``, ``wsl``, ``macos``)
- ``visible:suspect`` CUDA_VISIBLE_DEVICES is named with a value that may hide every GPU
- ``log:tf``        the text holds TensorFlow's (or XLA's) own C++ log lines: TF is installed and ran

A rule that holds makes its ``then`` finding (worded by :data:`DETAILS`) and removes the findings
in ``replaces``.
"""

from __future__ import annotations

import logging

from tfgpu.core import kb
from tfgpu.core.explain.context import TF_LOG_LINE, Ctx
from tfgpu.core.explain.prose import Reading
from tfgpu.core.explain.rule_words import DETAILS
from tfgpu.core.explain.signatures import Hit
from tfgpu.core.findings.model import Severity
from tfgpu.core.i18n import TrText

log = logging.getLogger(__name__)


class Signals:
    """The signals of one text; checks are run once, when a rule first asks for them."""

    def __init__(self, ctx: Ctx, reading: Reading) -> None:
        self.ctx = ctx
        self.reading = reading
        self.checks: dict[str, dict | None] = {}

    def holds(self, term: str) -> bool:
        return any(self._one(name.strip()) for name in term.split("|"))

    def _one(self, name: str) -> bool:
        kind, _, value = name.partition(":")
        ctx = self.ctx
        if kind == "finding":
            return ctx.has(value)
        if kind == "sig":
            return value in ctx.hits
        if kind in ("say", "ctx"):
            return name in self.reading.said
        if kind == "check":
            return self.check(value) is not None
        if kind == "os":
            return ctx.os == value
        if name == "framework:other":  # the text is about PaddlePaddle or PyTorch, not TensorFlow
            return "ctx:other-framework" in self.reading.said and "ctx:tensorflow" not in self.reading.said
        if name == "notice:any":
            from tfgpu.core.explain.signatures import notice_ids

            return any(sig in ctx.hits for sig in notice_ids())
        if name == "want:gpu":
            return ctx.wants_gpu()
        if name == "lib:driver":
            return any(h.groups.get("lib", "").lower().startswith(("libcuda.so", "nvcuda")) for sig in
                       ("dso-load-failed", "dso-open-failed-tf1", "shared-object-missing") for h in ctx.hits.get(sig))
        if name == "gpu:listed":
            return gpu_listed(ctx)
        if name == "visible:suspect":
            return visible_devices_suspect(ctx, self.reading)
        if name == "any:error":
            return bool(ctx.errors())
        if name == "log:tf":
            return bool(TF_LOG_LINE.search(ctx.doc.text))  # TF printed these: it ran
        return False

    def check(self, name: str) -> dict | None:
        if name not in self.checks:
            from tfgpu.core.explain.checks import CHECKS  # here: most texts never need a check

            func = CHECKS.get(name)
            try:
                self.checks[name] = func(self.ctx) if func else None
            except Exception:  # noqa: BLE001 - a check that fails does not hold
                log.exception("explain check %s failed", name)
                self.checks[name] = None
        return self.checks[name]


def visible_devices_suspect(ctx: Ctx, reading: Reading) -> bool:
    """CUDA_VISIBLE_DEVICES is named and may hide every GPU: empty, not a list of indices, or without
    index 0 (a one-GPU machine has only GPU 0). "0" alone hides nothing."""
    value = ctx.facts.get("cuda_visible_devices")
    if value is None:
        return "ctx:visible-devices" in reading.said
    indices = [v.strip() for v in value.split(",")]
    return not all(v.isdigit() for v in indices) or "0" not in indices


def gpu_listed(ctx: Ctx) -> bool:
    """TensorFlow shows a GPU (a listing, a created device), or the user says it does ("the GPU is available
    to TensorFlow")."""
    return (ctx.facts.get("gpus_listed", 0) > 0 or "say:tf-sees-gpu" in ctx.said
            or ctx.hits.any("gpu-device-created", "gpu-device-created-short", "gpu-listed", "device-lib-gpu",
                            "xla-cuda-device", "paddle-gpu-device-notice", "metal-gpu-at-work",
                            "paddle-run-check-gpu", "cudnn-loaded"))


def apply_rules(ctx: Ctx, reading: Reading) -> None:
    """Every KB rule, in order. Never raises."""
    signals = Signals(ctx, reading)
    removed: set[str] = set()  # a finding a rule took the place of is not made again by a later rule
    for rule in kb.text_rows("rule"):
        if rule["then"] in removed:
            continue
        try:
            if all(signals.holds(t) for t in rule["when"]) and not any(signals.holds(t) for t in rule.get("unless", ())):
                removed.update(_fire(ctx, rule, signals))
        except Exception:  # noqa: BLE001 - one bad row never hides the others
            log.exception("explain rule %s failed", rule.get("id"))


def _fire(ctx: Ctx, rule: dict, signals: Signals) -> set[str]:
    if rule.get("then") is None:  # a rule that only removes
        ctx.findings = [f for f in ctx.findings if f.id not in rule.get("replaces", ())]
        return set(rule.get("replaces", ()))
    values: dict = {}
    for term in rule["when"]:
        for name in term.split("|"):
            kind, _, check = name.strip().partition(":")
            if kind == "check" and signals.check(check):
                values.update(signals.check(check) or {})
    template = DETAILS.get(rule.get("detail", rule["id"]), DETAILS.get(rule["id"], ""))
    words = {**{k: v for k, v in ctx.facts.items() if isinstance(v, str)}, **{k: v for k, v in values.items() if v}}
    words.setdefault("tf", ctx.tf or "?")
    needed = {k: words.get(k, "?") for k in _names(template)}
    replaced = [f for f in ctx.findings if f.id in rule.get("replaces", ()) and f.id != rule["then"]]
    hits = [h for f in replaced for h in _hits_of(f)] + _said_hits(rule, signals) + _sig_hits(rule, ctx)
    ctx.findings = [f for f in ctx.findings if f not in replaced]
    ctx.add(rule["then"], TrText(template, **needed), hits[:4], {k: v for k, v in values.items() if v},
            severity=Severity.OK if rule["then"] == "gpu-ok" else None)
    return set(rule.get("replaces", ())) - {rule["then"]}


def _names(template: str) -> list[str]:
    import string

    return [name for _, name, _, _ in string.Formatter().parse(template) if name]


def _hits_of(finding) -> list[Hit]:
    out = []
    for item in finding.evidence:
        source = str(getattr(item, "source", ""))
        number = int(source[5:]) if source.startswith("line ") and source[5:].isdigit() else 0
        out.append(Hit(signature=finding.id, line_no=number, line=str(getattr(item, "detail", ""))))
    return out


def _sig_hits(rule: dict, ctx: Ctx) -> list[Hit]:
    """The lines of the log signatures a rule's ``when`` names (``sig:<id>``)."""
    return [h for term in rule["when"] for name in term.split("|") if name.strip().startswith("sig:")
            for h in ctx.hits.get(name.strip()[4:])[:2]]


def _said_hits(rule: dict, signals: Signals) -> list[Hit]:
    hits = []
    for term in rule["when"]:
        for name in term.split("|"):
            said = signals.reading.said.get(name.strip())
            if said is not None:
                hits.append(Hit(signature=said.signal, line_no=said.line_no, line=said.line))
    return hits
