"""``tfgpu explain``: paste any text (TF log, traceback, nvidia-smi, nvcc, cuDNN header, build
info, pip error) and get its kind, the facts in it, findings and one primary cause.

    from tfgpu.core.explain.engine import explain_text
    explanation = explain_text(text_or_bytes)   # never raises

Pipeline: :mod:`.document` (decode, bound) -> :mod:`.signatures` (one pass of the KB's log
signatures) -> :mod:`.kinds` -> :mod:`.facts` / :mod:`.parsers` -> rules
(:mod:`.libraries`, :mod:`.rules_gpu`, :mod:`.rules_cudnn`, :mod:`.rules_install`, :mod:`.rules_programs`) -> ranked findings.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from tfgpu.core.explain import (
    document,
    kinds,
    libraries,
    prose,
    reason,
    rules_cluster,
    rules_cudnn,
    rules_gpu,
    rules_install,
    rules_more,
    rules_programs,
    signatures,
)
from tfgpu.core.explain import facts as facts_mod
from tfgpu.core.explain.context import Ctx
from tfgpu.core.explain.model import EXPLAIN_KINDS, Explanation
from tfgpu.core.findings.catalog import root_cause_order

log = logging.getLogger(__name__)

__all__ = ["explain_text", "EXPLAIN_KINDS"]

# The structured kinds' parsers (in .parsers, imported only for such a text: start-up).
_PARSERS = {
    "nvidia-smi": "smi_table",
    "nvidia-smi-xml": "smi_xml",
    "nvcc": "nvcc",
    "cudnn-header": "cudnn_header",
    "build-info": "build_info",
}


def explain_text(data: str | bytes | document.Clipped | None, scan: Mapping[str, Any] | None = None,
                 env: str | None = None) -> Explanation:
    """Explain pasted text. Never raises: bad input gives kind ``unknown`` and no findings.

    ``scan``: this machine's scan (the ``tfgpu scan --json`` document) to combine with the text: it
    fills the facts the text leaves out (``facts["from_scan"]`` lists them); the text's own win. ``env``: the
    chosen environment's interpreter, whose TensorFlow the scan's facts describe (default: the first with TF)."""
    try:
        machine: dict = {}
        if scan is not None:
            from tfgpu.core.explain.machine import machine_facts

            machine = machine_facts(scan, env)
        return _explain(data, machine)
    except Exception as exc:  # noqa: BLE001 - the contract is "never a traceback"
        log.exception("explain failed")
        return Explanation(kind="unknown", facts={"internal_error": f"{type(exc).__name__}: {exc}"})


def _explain(data: str | bytes | document.Clipped | None, machine: dict) -> Explanation:
    read = _read_rules(data, machine)
    if isinstance(read, Explanation):
        return read
    doc, ctx, kind, order, result = read
    from tfgpu.core.explain import ranking

    opinion: list[tuple[str, float]] = []
    if result.findings and (result.findings[0].id in ranking.FILL_IN or ranking.close_call(result)):
        from tfgpu.core.explain import classifier

        opinion = classifier.predict(doc.text, reading_tokens(ctx, kind))
        if opinion and result.findings[0].id in ranking.FILL_IN:
            from tfgpu.core.explain import fallback

            if fallback.fill_in(ctx, opinion, ranking.FILL_IN, ranking.HEALTHY,
                                ranking.HEALTHY_GUESS_PROBABILITY, ranking.CALM_GUESS_PROBABILITY):
                result = ranking.rank(ctx.findings, order)
        elif opinion:
            result = ranking.rank(ctx.findings, order, advice=dict(opinion))
    findings = result.findings
    return Explanation(
        kind=kind,
        primary=findings[0].id if findings else None,
        findings=findings,
        facts=_jsonable(ctx.facts),
        confidence=result.confidence,
        alternatives=result.alternatives,
        second_opinion=[{"id": label, "probability": round(p, 3)} for label, p in opinion[:3]],
    )


def reading_tokens(ctx: Ctx, kind: str) -> list[str]:
    """What the rules read, as features for the classifier beside the wording: the kind, the OS, the signatures
    hit and the user's signals. (Not the findings made: on folds held out by batch, 3,876 cases, adding them
    named a cause 19 times fewer; without them explain was right 3,242 -> 3,246 times, no finding 64 -> 62.)"""
    out = [f"r:kind:{kind}", f"r:os:{ctx.os or '-'}"]
    out += [f"r:hit:{sig}" for sig in ctx.hits.found]
    out += [f"r:said:{signal}" for signal in ctx.said]
    return out


def classifier_input(data: str | bytes) -> tuple[str, list[str]]:
    """The text and the rules' reading tokens the classifier sees for ``data`` (training uses the same)."""
    read = _read_rules(data, {})
    if isinstance(read, Explanation):
        return document.load(data).text, []
    doc, ctx, kind, _order, _result = read
    return doc.text, reading_tokens(ctx, kind)


def _read_rules(data: str | bytes | document.Clipped | None,
                machine: dict) -> Explanation | tuple[document.Doc, Ctx, str, Any, Any]:
    """The rules' reading of ``data``: (text, context, kind, root-cause order, ranked findings), or the answer
    for a text there is nothing to read in (empty, binary)."""
    doc = document.load(data)
    base: dict = {}
    if doc.truncated:
        base["truncated"] = True
    if doc.binary:
        return Explanation(kind="unknown", facts={"binary": True})
    if not doc.text.strip():
        return Explanation(kind="unknown", facts=base)
    hits = signatures.scan(doc)
    # Facts, the kind and the user's own words come from the head, the tail and the signature
    # lines of a long paste: a 1 MB log is mostly repeated progress lines.
    focus = doc.focus(hits.line_indices())
    kind = kinds.detect(focus.text, hits)
    facts = facts_mod.read_facts(focus, hits)
    users = prose.user_text(focus)
    reading = prose.read(focus, users)
    if reading.fields:
        from tfgpu.core.explain import template_facts

        free_text_tf = facts.get("tf_version")
        template_facts.apply_fields(reading, facts)
        if "tf_version" in reading.fields:  # the log outranks the template when they disagree
            template_facts.log_outranks_template(facts, hits, free_text_tf)
    _from_machine(facts, machine, reading)
    parser = _PARSERS.get(kind) or ("build_info" if "is_cuda_build" in focus.text else None)
    if parser is not None:
        from tfgpu.core.explain import parsers

        _merge(facts, _safe(getattr(parsers, parser), focus.text))
    facts.update(base)
    _gpu_summary(facts)
    ctx = Ctx(doc=focus, kind=kind, hits=hits, facts=facts, said=reading.signals, users=users)
    rules_more.containers(ctx)
    rules_more.frameworks(ctx)
    rules_programs.extensions(ctx)
    rules_programs.driver_without_version(ctx)
    other_libs = libraries.explain(ctx)
    rules_gpu.driver(ctx, other_libs)
    rules_gpu.driver_too_old(ctx)
    rules_cudnn.cudnn(ctx)
    rules_gpu.memory(ctx)
    rules_gpu.xla(ctx)
    rules_gpu.ptx_and_cc(ctx)
    rules_install.windows_native(ctx)
    rules_install.cpu_build(ctx)
    rules_install.removed_package_and_container(ctx)
    rules_install.windows_long_paths(ctx)
    rules_install.python_and_pip(ctx)
    rules_more.numpy(ctx)
    rules_more.long_paths(ctx)
    rules_more.distributed(ctx)
    rules_more.ptxas_warning(ctx)
    rules_more.stale_toolkit(ctx)
    rules_install.import_errors(ctx)
    rules_install.hidden_or_not_listed(ctx)
    reason.apply_rules(ctx, reading)
    rules_install.benign(ctx, other_libs)
    rules_cluster.distributed(ctx)
    rules_install.healthy(ctx)
    from tfgpu.core.explain import ranking

    # A failing text is never called healthy: an error line no finding accounts for outranks a healthy table.
    unexplained = ranking.unexplained_error(ctx) if ctx.findings and not ctx.problems() else None
    if unexplained is None and ctx.findings and not ctx.problems():
        unexplained = ranking.stated_failure(ctx, reading.said)
    if unexplained is None and ctx.problems() and not ctx.errors():
        # Only warnings found (a library notice): an exception no finding accounts for outranks them.
        unexplained = ranking.unexplained_error(ctx)
    if not ctx.findings or unexplained:
        from tfgpu.core.explain import fallback

        fallback.unrecognised(ctx, reading, unexplained)
    order = root_cause_order()
    return doc, ctx, kind, order, ranking.rank(ctx.findings, order)


def _from_machine(facts: dict, machine: dict, reading: prose.Reading) -> None:
    """The scan fills what the text leaves out; a machine without an NVIDIA card says so for the user.
    A text from another operating system than the scanned one is from another computer: not combined."""
    families = {"wsl": "linux"}
    text_os, scan_os = facts.get("os"), machine.get("os")
    if text_os and scan_os and families.get(text_os, text_os) != families.get(scan_os, scan_os):
        facts["scan_not_used"] = f"the text is from {text_os}, this computer runs {scan_os}"
        return
    filled = [key for key, value in machine.items() if key not in facts and facts.setdefault(key, value) is value]
    if filled:
        facts["from_scan"] = filled
    if machine.get("no_nvidia_card"):
        reading.said.setdefault("say:no-gpu-machine", prose.Said("say:no-gpu-machine", 0, "(scan: no NVIDIA card)"))


def _gpu_summary(facts: dict) -> None:
    """``gpu_names`` / ``compute_capabilities`` follow ``gpus`` (a parser may have replaced it)."""
    gpus = facts.get("gpus") or []
    names = [g["name"] for g in gpus if g.get("name") and g["name"] != "?"]
    ccs = list(dict.fromkeys(g["cc"] for g in gpus if g.get("cc")))
    if names:
        facts["gpu_names"] = names
    if ccs:
        facts["compute_capabilities"] = ccs


def _safe(func, value) -> dict:
    try:
        return func(value) or {}
    except Exception:  # noqa: BLE001 - a parser bug loses facts, never the answer
        log.exception("explain parser %s failed", getattr(func, "__name__", func))
        return {}


def _merge(facts: dict, more: dict) -> None:
    """Parser facts are more precise than free-text ones for the same key; lists are merged."""
    for key, value in more.items():
        if isinstance(value, list) and isinstance(facts.get(key), list) and key != "gpus":
            facts[key] = list(dict.fromkeys([*value, *facts[key]]))
        elif value is not None:
            facts[key] = value


def _jsonable(value):
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple, set)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)
