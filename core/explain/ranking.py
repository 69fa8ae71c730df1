"""Rank the candidate findings by their evidence, give the answer a confidence, keep the runners-up.

Every finding gets a score (0-1) from what supports it:

- its severity: an error finding outranks a warning, which outranks a healthy or harmless one;
- the strongest line quoted as its evidence: an error line (an exception, a TF ``E``/``F`` line, "failed",
  ``CUDA_ERROR_``) outranks a warning line, which outranks the user's own statement, which outranks a
  finding inferred from version tables alone (no line says it);
- a healthy finding never wins over an error line that no finding explains (:func:`unexplained_error`):
  such a text gets a problem finding first (the classifier's guess or ``unrecognised-error``).

When the rules are unsure (nothing fits, or the top two are close) the text classifier
(:mod:`.classifier`) is asked for a second opinion; it reorders close calls and fills in for
``unrecognised-error``, but never overrides an explicit error signature.
"""

from __future__ import annotations

from dataclasses import dataclass

from tfgpu.core.explain.context import Ctx
from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.findings.model import Finding, Severity

HEALTHY = ("gpu-ok", "benign-log")
_SEVERITY_BASE = {Severity.ERROR: 0.55, Severity.WARNING: 0.42, Severity.INFO: 0.25, Severity.OK: 0.2}
# The strongest evidence line of a finding: how much it adds.
TIER_ERROR, TIER_WARNING, TIER_STATED, TIER_INFERRED = 0.35, 0.25, 0.15, 0.05
CLOSE = 0.08  # top two scores this close: "also possible", and the classifier breaks the tie
UNRECOGNISED_CONFIDENCE = 0.2
CLASSIFIER_WEIGHT = 0.2  # how much the classifier's probability moves a close call
# The classifier names a cause for an unrecognised failing text from this probability: a guess that says it is
# one beats "no finding". Measured on held-out folds (tests/perf/train_classifier.py --system-cv, 713 cases):
# from 0.3 it spoke 19 times (15 right), explain 86.1%, no finding 56; from 0.1, 48 (22), 86.3%, 32;
# from 0.05, 76 (28), 86.5%, 7. Its wrong guesses replace "unrecognised-error", which was no answer either.
FILL_IN_PROBABILITY = 0.05
# The findings that name no cause, and the probability from which the classifier's guess replaces each.
# gpu-not-listed ("the text does not say why") too: on the blind batches 1-26 as they arrived, the held-out
# classifier's guess was right more often than that finding (+14 of 1,103); system-CV 81.1% -> 81.3%.
# A text that shows no failure (no error line, no word of one): the classifier's guess needs this much to
# call it healthy, and CALM_GUESS_PROBABILITY to name a cause.
HEALTHY_GUESS_PROBABILITY = 0.45
# 0.3 until batch 35; from 0.1 (for a question; a text that neither asks nor fails keeps 0.3, fallback.py), on
# held-out folds of 1,706 cases, each fold's own classifier: right 81.9% -> 82.6%, no finding 95 -> 68, failing
# texts called healthy unchanged (3). 0.05 gained no more.
CALM_GUESS_PROBABILITY = 0.1
FILL_IN = {"unrecognised-error": FILL_IN_PROBABILITY, "gpu-not-listed": FILL_IN_PROBABILITY}

_ERROR_LINE = lazy(
    r"(?:^|\s)[EF]\d{4}\s|\b[EF] (?:tensorflow|external|third_party|xla)/|^[ \t]*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception)\b"
    r"|\bCUDA_ERROR_\w+|\bCUDNN_STATUS_(?!SUCCESS)\w+|\b(?:Fatal|FATAL|Check failed|Segmentation fault|core dumped|"
    r"Aborted|Traceback)\b|\b(?:ERROR|Error|error)\b\s*[:\]]")
# "failed" in the user's own sentence (a title: "X failed to install") is a statement of failure, not an
# error line: it ranks as a warning line.
_WARNING_LINE = lazy(
    r"(?:^|\s)W\d{4}\s|\bW (?:tensorflow|external|third_party|xla)/|\b(?:WARNING|Warning|warning)\b"
    r"|\bfailed\b|\bFailed\b|错误|失败|报错"
    r"|\b(?:[Cc]ould not|[Cc]annot|[Uu]nable to|not found|No such file|not available)\b|警告")
# Strong error lines, for the "never healthy beside an error" check: not a mere "failed" in prose.
_STRONG_ERROR = lazy(
    r"(?m)^.{0,80}?(?:(?:^|\s)[EF]\d{4}\s|\b[EF] (?:\.?[\\/])?(?:tensorflow|external|third_party|xla)[\\/])"
    r"|^[ \t]*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception):"
    # A Python exception quoted inside a line (a title: "import X gives AttributeError: module ...").
    r"|(?<=\s)(?:[a-z_][\w.]*\.)?[A-Z]\w*(?:Error|Exception): (?=\S)"
    r"|\bCUDA_ERROR_(?!NO_DEVICE\b)\w+|\bCUDNN_STATUS_(?!SUCCESS)\w+|\bCheck failed\b|\bSegmentation fault\b"
    r"|\bcore dumped\b|^[ \t]*(?:ERROR|FATAL|Failed to)\b|\b(?:nvcc|ptxas|nvlink) fatal\b"
    # A status in absl's words (TF, XLA, TensorRT's logger); not OUT_OF_RANGE ("End of sequence": a dataset's end).
    r"|\b(?:INVALID_ARGUMENT|INTERNAL|FAILED_PRECONDITION|UNIMPLEMENTED|DATA_LOSS|PERMISSION_DENIED): ")
MAX_STRONG_LINES = 200
# A library that failed to load, in the loader's words: a finding that names a missing or mismatched library
# explains it (Windows' "module could not be found" under TF's self-check for cudart64_100.dll).
LIBRARY_FINDINGS = frozenset({"cuda-runtime-missing", "cudnn-missing", "msvc-runtime-missing", "zlibwapi-missing",
                              "path-not-set", "cuda-version-mismatch", "cudnn-version-mismatch", "cuda-path-stale"})
_LIBRARY_LOAD = lazy(r"WinError 126|module could not be found|DLL load failed|cannot open shared object file"
                     r"|[Cc]ould not load dynamic library")
# Words of an error line that may concern the GPU set-up (libraries, devices, memory, imports, versions).
_GPU_STACK_WORDS = lazy(
    r"(?i)cuda|cudnn|cublas|cufft|curand|cusolver|cusparse|nccl|gpu|device|driver|nvidia|nvml|\.dll|\.so\b|dlopen|ptx"
    r"|xla|libdevice|memory|oom|resourceexhausted|alloc|dnn|blas|tensorrt|nvinfer|import|module|symbol|version"
    r"|capability|kernel|stream_executor|jit|internal|abort|segmentation|core dumped|fatal|check failed|illegal|launch")


@dataclass(frozen=True)
class Ranked:
    """Findings best first, each one's score, the answer's confidence and the close runners-up."""

    findings: list[Finding]
    scores: dict[str, float]
    confidence: float | None
    alternatives: list[dict]


def line_tier(line: str) -> float:
    if _ERROR_LINE.search(line):
        return TIER_ERROR
    if _WARNING_LINE.search(line):
        return TIER_WARNING
    return TIER_STATED


def evidence_score(finding: Finding) -> float:
    lines = [str(item.detail) for item in finding.evidence if str(item.source).startswith("line ")]
    tier = max((line_tier(line) for line in lines), default=TIER_INFERRED)
    if finding.id in HEALTHY:
        tier = min(tier, TIER_STATED)  # a healthy artifact never counts as an error line
    return round(min(1.0, _SEVERITY_BASE.get(finding.severity, 0.2) + tier), 3)


def rank(findings: list[Finding], order: dict[str, int], advice: dict[str, float] | None = None) -> Ranked:
    """Severity first (an error finding outranks a warning, a warning a healthy one), then the evidence
    score (with the classifier's ``advice`` added in close calls), then the catalog's root-cause order."""
    scores = {f.id: evidence_score(f) for f in findings}
    adjusted = dict(scores)
    if advice:
        for finding_id in adjusted:
            adjusted[finding_id] += CLASSIFIER_WEIGHT * advice.get(finding_id, 0.0)
    ordered = sorted(findings, key=lambda f: (f.severity.rank, -_bucket(adjusted[f.id]), order.get(f.id, 999), f.id))
    if ordered and ordered[0].id == "benign-log" and any(f.id == "gpu-ok" for f in ordered):
        ordered.sort(key=lambda f: f.id != "gpu-ok")  # a log showing the GPU at work: its notices are harmless
    if not ordered:
        return Ranked([], {}, None, [])
    top = ordered[0]
    rivals = [f for f in ordered[1:] if f.severity.rank == top.severity.rank or f.severity in (Severity.ERROR, Severity.WARNING)]
    second = max((adjusted[f.id] for f in rivals), default=0.0)
    first = adjusted[top.id]
    confidence = max(0.05, min(1.0, 0.5 * first + 0.5 * max(0.0, first - second) + (0.5 * first if not rivals else 0.0)))
    if top.id == "unrecognised-error":  # the failure is clear, its cause is not
        confidence = min(confidence, UNRECOGNISED_CONFIDENCE)
    guessed = top.facts.get("classifier_probability")
    if isinstance(guessed, (int, float)):  # a statistical guess is as sure as the classifier says, no more
        confidence = min(confidence, float(guessed))
    alternatives = [{"id": f.id, "score": round(min(1.0, adjusted[f.id]), 3), "close": first - adjusted[f.id] <= CLOSE}
                    for f in rivals]
    return Ranked(ordered, {k: round(min(1.0, v), 3) for k, v in adjusted.items()}, round(confidence, 2), alternatives)


def _bucket(score: float) -> float:
    """Scores within CLOSE of each other tie; the catalog order decides then."""
    return round(score / CLOSE)


def close_call(ranked: Ranked) -> bool:
    return any(a["close"] for a in ranked.alternatives) and ranked.findings[0].severity in (Severity.ERROR, Severity.WARNING)


# A question about a GPU at work (its load, its speed): a healthy reading stands beside words of trouble.
AT_WORK = ("say:gpu-idle", "say:gpu-load", "say:gpu-slow", "say:oom-at-larger-batch", "say:processes-not-shown",
           "say:gpu-busy-other-graph")
# The user's words that say something fails: beside them a healthy tool table (nvidia-smi) does not make the
# text healthy.
FAILURE_STATED = ("say:gpu-not-used", "say:fails", "say:hang", "say:import-fails", "say:install-fails", "say:vram-empty")


def stated_failure(ctx: Ctx, said: dict) -> tuple[int, str] | None:
    """The line where the user says something fails, when the only findings are ``gpu-ok`` ones from a tool's
    healthy output (an nvidia-smi table, a device found: they say nothing of what failed next), with or without
    harmless notices: (line number, line), or None. Harmless notices keep their own reading ("I get these
    errors")."""
    ids = {f.id for f in ctx.findings}
    if "gpu-ok" not in ids or ids - {"gpu-ok", "benign-log"}:
        return None
    from tfgpu.core.explain.reason import gpu_listed

    if gpu_listed(ctx) or any(name in said for name in AT_WORK):
        return None  # TensorFlow itself shows the GPU, or the question is about a GPU at work (speed, load)
    stated = [said[name] for name in FAILURE_STATED if name in said]
    if not stated:
        return None
    first = min(stated, key=lambda s: s.line_no)
    if "benign-log" in ids:
        # Beside harmless notices, words of a failure on a notice's own line are about that notice ("I get this
        # error: Unable to register cuDNN factory"); elsewhere they say something else fails.
        from tfgpu.core.explain.signatures import notice_ids

        if first.line_no in {h.line_no for sig in notice_ids() for h in ctx.hits.get(sig)}:
            return None
    return first.line_no, first.line


def unexplained_error(ctx: Ctx) -> tuple[int, str] | None:
    """A strong error line (an exception, a TF E/F line, a CUDA error) that no signature and no finding
    accounts for: (line number, line), or None."""
    text = ctx.doc.text
    if not any(word in text for word in ("Error", "Exception", "E0", "E1", "F0", "F1", " E ", " F ", "CUDA_ERROR",
                                         "CUDNN_STATUS", "Check failed", "Segmentation", "core dumped", "ERROR",
                                         "FATAL", "Failed to", "INVALID_ARGUMENT", "INTERNAL: ", "FAILED_PRECONDITION",
                                         "UNIMPLEMENTED", "DATA_LOSS", "PERMISSION_DENIED")):
        return None
    from tfgpu.core.explain.signatures import notice_ids, signatures

    # A line is explained by a finding that was made, or by a harmless notice; a signature whose finding
    # the rules declined explains nothing.
    made = {f.id for f in ctx.findings}
    explaining = [sig for sig in signatures() if sig.finding in made or sig.id in notice_ids()]
    found = [h for sig in explaining for h in ctx.hits.get(sig.id)]
    known = {h.line_no for h in found}
    known_lines = [h.line for h in found[:60]]
    for finding in ctx.findings:
        for item in finding.evidence:
            source = str(item.source)
            if source.startswith("line ") and source[5:].isdigit():
                known.add(int(source[5:]))
    from tfgpu.core.explain.reason import gpu_listed

    at_work = gpu_listed(ctx)  # TF itself shows the GPU: an error of the user's own program is not the set-up's
    for count, match in enumerate(_STRONG_ERROR.finditer(text)):
        if count >= MAX_STRONG_LINES:
            break
        line_no = ctx.doc.line_at(match.start())
        if line_no in known:
            continue
        line = ctx.doc.line_text(match.start())
        if at_work and not _GPU_STACK_WORDS.search(line):
            continue
        message = line.split("] ", 1)[-1].strip()  # a TF line quoted again (in a title, cut short) is known
        if len(message) >= 15 and any(message in seen for seen in known_lines):
            continue
        if made & LIBRARY_FINDINGS and _LIBRARY_LOAD.search(line):
            continue  # "the module could not be found": the missing library a finding names
        if not any(sig.regex.search(line) for sig in explaining):
            return line_no, line
        known.add(line_no)
    return None
