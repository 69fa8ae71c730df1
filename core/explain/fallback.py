"""Never answer nothing: a text that holds an error or warning line, or a question, and matched no
known cause gets ``unrecognised-error``, quoting the decisive line and naming the one command whose
output (pasted here) would tell more."""

from __future__ import annotations

from tfgpu.core.explain.context import Ctx
from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.explain.prose import Reading, user_text
from tfgpu.core.explain.signatures import Hit
from tfgpu.core.findings.model import FixStep, Severity
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.shell import Shell, command

# Best first: the exception a traceback ends with, a fatal TF line, an error line, a warning line.
# Each finds the word; the line around it is quoted.
_EXCEPTION = lazy(r"(?m)^\s*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Exit|Interrupt)\b(?::[^\n]*)?$")
_DECISIVE = (  # words (found with str.find), best tier first
    ("\nF0", "\nF1", "] F", " F tensorflow", "FATAL", "Check failed", "core dumped", "Segmentation fault", "Aborted"),
    ("\nE0", "\nE1", " E tensorflow", " E external", "ERROR", "Error:", "error:", " failed", "Failed", "CUDA_ERROR_",
     "cannot ", "could not ", "Could not ", "unable to ", "Unable to ", "not found", "No such file"),
    ("\nW0", "\nW1", " W tensorflow", " W external", "WARNING", "Warning:"),
    ("错误", "失败", "报错", "异常"),
)
_PIP = lazy(r"(?i)\bpip3?\b|\bsetup\.py\b|\bwheel\b|\bconda (?:install|create|env)\b")
_DRIVER = lazy(r"(?i)nvidia-smi|\bdriver\b|\bnvml\b|\bcuinit\b")
_TOPIC = lazy(r"(?i)\b(?:tensorflow|keras|cuda|cudnn|gpus?|nvidia|paddle\w*|pytorch|torch)\b|显卡|显存")
MAX_QUOTE = 300


def unrecognised(ctx: Ctx, reading: Reading, line_of: tuple[int, str] | None = None) -> None:
    """Adds ``unrecognised-error`` when nothing was found but the text shows a failure or asks; or, with
    ``line_of``, for an error line that no finding explains (beside healthy findings)."""
    if ctx.findings and line_of is None:
        return
    line_no, line = line_of or _decisive(ctx)
    if line is None:
        said = reading.said.get("say:question") or next(
            (s for name, s in reading.said.items() if name.startswith("say:")), None)
        if said is not None:
            line_no, line = said.line_no, said.line
        else:
            line_no, line = _topic_line(ctx)
            if line is None:
                return
    quoted = line if len(line) <= MAX_QUOTE else line[: MAX_QUOTE - 1] + "…"
    ctx.add("unrecognised-error", TrText(QT_TRANSLATE_NOOP(
        "core", "tfgpu does not recognise this failure: {line}. Run the command below and paste its whole output "
        "here, or run 'tfgpu doctor' on the computer where it happens."), line=quoted),
        [Hit(signature="unrecognised-error", line_no=line_no, line=quoted)], {"decisive_line": quoted},
        severity=Severity.WARNING)
    finding = ctx.findings[-1] if ctx.findings else None
    if finding is not None and finding.id == "unrecognised-error":
        finding.fix = [next_step(ctx)]


def _topic_line(ctx: Ctx) -> tuple[int, str | None]:
    """A report about a GPU set-up (several lines of words about TensorFlow, CUDA, the GPU...) that shows no
    error line and asks nothing we read still describes a problem: its first line (the title)."""
    users = ctx.users if ctx.users is not None else ctx.doc.text
    lines = [(number, line.strip()) for number, line in enumerate(users.split("\n"), start=1) if line.strip()]
    if len(lines) < 3 or not _TOPIC.search(users):
        return 0, None
    return lines[0]


def _decisive(ctx: Ctx) -> tuple[int, str | None]:
    doc = ctx.doc
    text = doc.text
    matches = (list(zip(range(200), _EXCEPTION.finditer(text)))
               if any(word in text for word in ("Error", "Exception", "Exit", "Interrupt")) else [])
    if matches:
        last = matches[-1][1]  # the exception a traceback ends with
        return doc.line_at(last.start()), doc.line_text(last.start())
    for words in _DECISIVE:
        found = [pos for pos in (text.find(word) for word in words) if pos >= 0]
        if found:
            pos = min(found) + (1 if text[min(found)] == "\n" else 0)
            return doc.line_at(pos), doc.line_text(pos)
    return 0, None


def next_step(ctx: Ctx) -> FixStep:
    """The one command whose output says more about this kind of text."""
    windows = ctx.os == "windows"
    shell = Shell.POWERSHELL if windows else Shell.BASH
    python = "python" if windows else "python3"
    text = user_text(ctx.doc)
    if _PIP.search(text) or ctx.kind == "pip-error":
        argv = [python, "-c", "import platform, struct, sys; print(sys.version, struct.calcsize('P') * 8, platform.machine())"]
        words = QT_TRANSLATE_NOOP("core", "Show the Python version and whether it is 64-bit:")
    elif _DRIVER.search(text) or ctx.kind in ("nvidia-smi", "nvidia-smi-xml"):
        argv = ["nvidia-smi"]
        words = QT_TRANSLATE_NOOP("core", "Show the NVIDIA driver and the GPUs it sees:")
    else:
        argv = [python, "-c", "import tensorflow as tf; print(tf.__version__, tf.sysconfig.get_build_info()); "
                "print(tf.config.list_physical_devices('GPU'))"]
        words = QT_TRANSLATE_NOOP("core", "Show the TensorFlow version, its build and the GPUs it lists:")
    return FixStep(text=TrText(words), command=command(argv, shell, bare_program=True), shell=shell)


def fill_in(ctx: Ctx, opinion: list[tuple[str, float]], thresholds: dict[str, float], healthy: tuple[str, ...]) -> bool:
    """The text classifier's best guess takes the place of a finding that names no cause (``unrecognised-error``,
    or ``gpu-not-listed``: "the text does not say why") when it is sure enough (``thresholds`` per such id;
    never a healthy verdict); the finding says it is a guess and keeps the replaced one's next step."""
    label, probability = opinion[0]
    current = next((f for f in ctx.findings if f.id in thresholds), None)
    if current is None or probability < thresholds[current.id] or label in (*healthy, *thresholds, *_declined(ctx)):
        return False
    from tfgpu.core.findings.catalog import catalog

    meaning = str(catalog().get(label, {}).get("meaning", ""))
    quoted = str(current.facts.get("decisive_line", "")) or next((str(e.detail) for e in current.evidence), "")
    hits = [Hit(signature="classifier", line_no=int(str(e.source)[5:]), line=str(e.detail))
            for e in current.evidence if str(e.source).startswith("line ") and str(e.source)[5:].isdigit()]
    made = ctx.add(label, TrText(QT_TRANSLATE_NOOP(
        "core", "No rule names the cause of this failure ({line}), but its wording is most like the real cases "
        "where the cause was this ({percent}% sure, a statistical guess): {meaning}"),
        line=quoted, percent=str(round(probability * 100)), meaning=meaning), hits,
        {"decisive_line": quoted, "classifier_probability": round(probability, 3)})
    if made is None:
        return False
    made.fix = [*made.fix, *current.fix]
    ctx.findings.remove(current)
    return True


def _declined(ctx: Ctx) -> set[str]:
    """Findings a rule rejected on purpose: their log signature matched, yet the rules did not make them."""
    from tfgpu.core.explain.signatures import signatures

    made = {f.id for f in ctx.findings}
    return {sig.finding for sig in signatures() if sig.id in ctx.hits and sig.finding not in made} | ctx.ruled_out
