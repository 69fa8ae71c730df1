"""What a user's own words say: issue-template fields, symptoms ("the GPU is not detected"),
context (Docker, a project's script, CUDA_VISIBLE_DEVICES) and negation ("couldn't install CUDA 11.2").

Every pattern is a row of ``resources/kb/text_patterns.json`` (read through ``tfgpu.core.kb``),
compiled on first use. TF's own log lines and traceback frames are not the user's words: symptoms
and context are read on the other lines only.

    reading = read(doc)          # template fields, signals ("say:gpu-not-used", "ctx:docker")
    apply_fields(reading, facts) # template fields win over facts read from free text
    negated(text, pos)           # "neg" | "tried" | None for a version named at pos
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from functools import cache

from tfgpu.core import kb

log = logging.getLogger(__name__)
from tfgpu.core.explain.document import Doc, without_unchecked_boxes
from tfgpu.core.explain.lazy_re import lazy
from tfgpu.core.explain.signatures import may_match

# Prose is read in the head and the tail of a long paste (the question and the failure).
HEAD_CHARS = 24 * 1024
TAIL_CHARS = 8 * 1024
MAX_FIELD_MATCHES = 40

_NOT_USER_LINE = lazy(
    r"\.(?:cc|cpp|h|c):\d+\]|^\s*[|+]|^\s*File \"|^\s*at [\w.$]+\(|^\s*\d{4}-\d\d-\d\d[ T][\d:.]+:?\s+[IWEF]\s"
    r"|^\s*[IWEF]\d{4} \d\d:\d\d:\d\d|Ignore above cudart dlerror|GPU will not be used"
    # the program's own words (assert gpus, "no gpus found"), not the user's
    r"|^\s*(?:assert\s|raise\s|print\(\s*[fr]?['\"]|(?:logging|logger|log|warnings)\.\w+\(\s*[fr]?['\"])"
    r"|^\s*(?:stop|warning|message|cat|console\.(?:log|error|warn))\(\s*['\"]"  # R's and JavaScript's
)
_SENTENCE_START = lazy(r"[.!?。！？;；\n]|,\s+(?:but|and|so)\s+|\s+but\s+")


@dataclass
class FieldValue:
    fact: str  # the fact the field fills (tf_version, os_name, cuda_cudnn...)
    value: str  # the field's text, stripped
    line_no: int
    label: str = ""  # the label as written ("CUDA/cuDNN version", "CUDA")


@dataclass
class Said:
    signal: str  # "say:gpu-not-used", "ctx:docker"
    line_no: int
    line: str


@dataclass
class Reading:
    fields: dict[str, FieldValue] = field(default_factory=dict)  # the first value of each fact
    said: dict[str, Said] = field(default_factory=dict)  # signal -> the first line that raised it

    @property
    def signals(self) -> set[str]:
        return set(self.said)


# -- compiled patterns (once per process, on first use) ------------------------------------------------


@cache
def _field_forms() -> tuple[tuple[re.Pattern[str], ...], tuple[str, ...]]:
    rows = kb.text_rows("template-field")
    facts = tuple(row["fact"] for row in rows)
    labels = "|".join(f"(?P<f{i}>{row['label']})" for i, row in enumerate(rows))
    forms = (
        # "- Label: value", "**Label** (e.g. ...): value", "Label = value"
        rf"(?im)^[ \t>*#\-+]*(?:\*\*|__)?[ \t]*(?:{labels})[ \t]*(?:\((?:[^()\n]|\([^()\n]*\))*\))?[ \t]*"
        r"(?:\*\*|__)?[ \t]*[:：=][ \t]*(?:\*\*|__)?[ \t]*(?P<value>[^\n]*)",
        # "### Label" and the value on the next non-empty line (GitHub issue forms)
        rf"(?im)^[ \t]*#{{1,6}}[ \t]*(?:{labels})[ \t]*(?:\([^)\n]*\))?[ \t]*\n(?:[ \t]*(?:```\w*)?[ \t]*\n)*"
        r"(?P<value>[^#\n][^\n]*)",
        # a bare label line of two or more words, and its value on the next line
        rf"(?im)^[ \t]*(?:{labels})[ \t]*\n(?P<value>[^\n:]{{1,120}})$",
        # a value that starts with another field's label is that field, not this one's value
        rf"(?i)^[ \t]*(?:{labels})\b",
    )
    return tuple(re.compile(form) for form in forms), facts


@cache
def _signal_rows() -> tuple[tuple[str, str, list | None, str | None], ...]:
    """(signal, regex, anchors, lang) of every symptom and context row."""
    rows = [*kb.text_rows("symptom"), *kb.text_rows("context")]
    prefix = {"symptom": "say:", "context": "ctx:"}
    return tuple((prefix[row["type"]] + row["signal"], row["regex"], row.get("anchors"), row.get("lang")) for row in rows)


@cache
def _compiled(regex: str) -> re.Pattern[str]:
    return re.compile(regex, re.IGNORECASE | re.MULTILINE | re.ASCII)


@cache
def _negations() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((row["id"], re.compile(row["regex"], re.IGNORECASE | re.ASCII)) for row in kb.text_rows("negation"))


# -- reading -----------------------------------------------------------------------------------------


def user_text(doc: Doc) -> str:
    """The text with TF's log lines and traceback frames blanked (same length, same line numbers)."""
    text = without_unchecked_boxes(_bounded(doc.text))
    lines = text.split("\n")
    logged = [line for line in lines if _NOT_USER_LINE.search(line)]
    return "\n".join("" if _NOT_USER_LINE.search(line) or _quotes_log(line, logged) else line for line in lines)


def _quotes_log(line: str, logged: list[str]) -> bool:
    """A line of the user's that repeats a log line's message (a title quoting the error) is the log's words."""
    quote = line.strip().strip("`'\"").strip()
    return len(quote) >= 25 and any(quote in other for other in logged[:400])


def _bounded(text: str) -> str:
    if len(text) <= HEAD_CHARS + TAIL_CHARS:
        return text
    head_end = text.rfind("\n", 0, HEAD_CHARS)
    tail_start = text.find("\n", len(text) - TAIL_CHARS)
    middle = text.count("\n", head_end, tail_start)
    return text[:head_end] + "\n" * middle + text[tail_start:]


def read(doc: Doc, users: str | None = None) -> Reading:
    """Template fields and signals of a text (``users``: its :func:`user_text`, when already made).
    Never raises (a bad pattern reads nothing)."""
    reading = Reading()
    users = user_text(doc) if users is None else users
    try:
        _read_fields(users, doc, reading)
    except Exception:  # noqa: BLE001 - a field we cannot read is a field we do not have
        log.exception("reading template fields failed")
    plain, origin = without_markup(users)
    lower = plain.lower()
    ascii_only = users.isascii()
    for signal, regex, anchors, lang in _signal_rows():
        if signal in reading.said or (lang == "zh" and ascii_only) or not may_match(lower, anchors):
            continue  # a row runs (and is compiled) only where its anchors occur
        try:
            match = _compiled(regex).search(plain)
        except Exception:  # noqa: BLE001
            continue
        if match is not None:
            start = origin[match.start()] if origin else match.start()
            reading.said[signal] = Said(signal, doc.line_at(start), doc.line_text(start))
    return reading


_MARKUP = re.compile(r"\*\*|`")


def without_markup(text: str) -> tuple[str, list[int] | None]:
    """The text without Markdown's bold markers and code quotes ("it **does not** support `AVX`"), which
    stand between the words the signals read; and where each remaining character was (None: unchanged)."""
    if "**" not in text and "`" not in text:
        return text, None
    kept: list[str] = []
    origin: list[int] = []
    last = 0
    for match in _MARKUP.finditer(text):
        kept.append(text[last:match.start()])
        origin.extend(range(last, match.start()))
        last = match.end()
    kept.append(text[last:])
    origin.extend(range(last, len(text) + 1))  # one past the end: a match may start at the text's end
    return "".join(kept), origin


def _read_fields(text: str, doc: Doc, reading: Reading) -> None:
    if not _looks_like_a_template(text):
        return
    all_forms, facts = _field_forms()
    *forms, another_label = all_forms
    for form_index, form in enumerate(forms):
        for count, match in enumerate(form.finditer(text)):
            if count >= MAX_FIELD_MATCHES:
                break
            index = next((int(name[1:]) for name, value in match.groupdict().items()
                          if name.startswith("f") and value is not None), None)
            if index is None:
                continue
            label = match.group(f"f{index}")
            if form_index == 2 and (not re.search(r"[\s/]", label) or another_label.match(match.group("value"))):
                continue  # a one-word line ("Python") is not a field label; nor is a next line that is a label
            value = _clean_value(match.group("value"))
            fact = facts[index]
            if value and fact not in reading.fields:
                reading.fields[fact] = FieldValue(fact, value, doc.line_at(match.start("value")), label)


def _looks_like_a_template(text: str) -> bool:
    """Two or more short "Label:" lines, or a "### Heading": a filled-in issue template (cheap test first)."""
    if "### " in text or "**" in text:
        return True
    colon_lines = sum(1 for line in text.split("\n", 400)[:400]
                      if 0 < line.find(":") < 60 and line.lstrip()[:1].isalpha() and "://" not in line[:line.find(":") + 3])
    return colon_lines >= 2 or "\n- " in text


def _clean_value(value: str) -> str:
    value = re.sub(r"^[\s>*`_\-]+|[\s*`_]+$", "", value or "")
    return value if not re.fullmatch(r"(?i)n/?a|-+|\.+|none given|tbd|\?+", value) else ""


# -- negation -------------------------------------------------------------------------------------------


def negated(text: str, pos: int) -> str | None:
    """How the words just before ``pos`` (same sentence) qualify what is named there: "neg" (not
    installed: couldn't install, without, needs, uninstalled), "tried", or None."""
    start = max(text.rfind("\n", 0, pos) + 1, pos - 80)
    before = text[start:pos]
    cuts = list(_SENTENCE_START.finditer(before))
    if cuts:
        before = before[cuts[-1].end():]
    for row_id, pattern in _negations():
        if pattern.search(before):
            return "tried" if row_id == "neg-tried" else "neg"
    return None
