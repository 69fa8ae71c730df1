"""Known log signatures (``resources/kb/log_signatures.json``) and one pass over a text.

Each row is a regex with named groups and the finding it points to by default; the rules
in :mod:`.rules` refine that default from the rest of the text. A pass runs, over the whole
(bounded) text, the regex of every row whose anchors (literal text every match contains, stored
in the row as ``anchors`` and checked by a test) occur in it, and keeps at most ``MAX_HITS`` hits
per row, so a 1 MB log costs a few milliseconds per row. Regexes are compiled on first use: a
one-line text compiles the two or three rows it can match, not all of them (CLI start-up).
"""

from __future__ import annotations

import importlib
import re
import warnings
from dataclasses import dataclass, field
from functools import cache

from tfgpu.core import kb
from tfgpu.core.explain.document import Doc

MAX_HITS = 40  # per signature: the first ones (and the count) are all a rule needs
# Texts longer than this are first cut down to the lines that hold a signature's anchor.
PREFILTER_CHARS = 64 * 1024
MAX_ANCHOR_LINES = 400  # occurrences of one anchor that select lines (the rest add nothing new)
FOLLOWING_LINES = 3  # a signature may continue on the next lines ("...GPU')\n[]")
SAME_LINE_KEPT = 3  # copies of one repeated line that are scanned


_COMPILED: dict[str, re.Pattern[str]] = {}


@dataclass(frozen=True)
class Signature:
    id: str
    finding: str
    kind: str | None  # the kind of text such a line belongs to; None: any
    pattern: str
    meaning: str
    source: str
    anchors: tuple[str, ...] | None = None  # lower-case literals, one in every match; None: no prefilter

    @property
    def regex(self) -> re.Pattern[str]:
        """The compiled regex (compiled once, on first use)."""
        compiled = _COMPILED.get(self.pattern)
        if compiled is None:
            compiled = _COMPILED[self.pattern] = re.compile(self.pattern, re.MULTILINE)
        return compiled


@dataclass(frozen=True)
class Hit:
    signature: str
    line_no: int
    line: str  # the whole line, stripped and capped
    groups: dict[str, str] = field(default_factory=dict)  # named groups that matched
    index: int = 0  # 0-based index of the line in the scanned document (for cutting it down)


@cache
def signatures() -> tuple[Signature, ...]:
    rows = kb.log_signature_rows()
    return tuple(
        Signature(
            id=row["id"],
            finding=row["finding"],
            kind=row.get("kind"),
            pattern=row["regex"],
            meaning=row["meaning"],
            source=row["source"],
            anchors=stored_anchors(row),
        )
        for row in rows
    )


def stored_anchors(row: dict) -> tuple[str, ...] | None:
    """The row's ``anchors`` (computed ahead and checked by tests/test_explain_signatures.py);
    a row without the field (added by hand) gets them computed here."""
    if "anchors" in row:
        return tuple(row["anchors"]) if row["anchors"] else None
    return anchors(row["regex"])


def anchors(pattern: str, shortest: int = 4) -> tuple[str, ...] | None:
    """Literal text every match of ``pattern`` contains, lower-cased: either one literal run,
    or one run per alternative of an alternation. None when there is no such text of at
    least ``shortest`` characters; the regex then always runs on the whole text."""
    try:
        sre_parse = importlib.import_module("re._parser")  # Python >= 3.11
    except ImportError:  # pragma: no cover - Python 3.10
        sre_parse = importlib.import_module("sre_parse")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # FutureWarning on odd character sets: not ours to report here
            tree = list(sre_parse.parse(pattern))
        found = _anchor_set(tree, sre_parse, shortest)
    except Exception:  # noqa: BLE001 - no prefilter is always correct
        return None
    return tuple(dict.fromkeys(a.lower() for a in found)) if found else None


def anchor_branches(pattern: str, shortest: int = 3) -> list[list[list[str]]] | None:
    """A finer prefilter for prose patterns: for each alternative of the pattern's top level, the sets
    of literals a match of that alternative contains (one of each set). A text can match only if,
    for some alternative, every set has a literal in it. None when an alternative has no such set
    (the pattern must always run)."""
    try:
        sre_parse = importlib.import_module("re._parser")
    except ImportError:  # pragma: no cover - Python 3.10
        sre_parse = importlib.import_module("sre_parse")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = [item for item in _inline(list(sre_parse.parse(pattern)), sre_parse) if item[0] is not sre_parse.AT]
        branches = [list(b) for b in tree[0][1][1]] if len(tree) == 1 and tree[0][0] is sre_parse.BRANCH else [tree]
        found = [_anchor_options(branch, sre_parse, shortest) for branch in branches]
    except Exception:  # noqa: BLE001 - no prefilter is always correct
        return None
    if not all(found):
        return None
    return [[sorted(dict.fromkeys(a.lower() for a in group)) for group in groups] for groups in found]


def may_match(lower: str, branches: list | None) -> bool:
    """Can a text (lower-cased) match a pattern with these :func:`anchor_branches`?"""
    return branches is None or any(all(any(a in lower for a in group) for group in groups) for groups in branches)


def _anchor_options(items: list, sp, shortest: int) -> list[tuple[str, ...]]:
    options: list[tuple[str, ...]] = []
    current = ""
    for op, av in _inline(items, sp):
        if op is sp.LITERAL:
            current += chr(av)
            continue
        if current:
            options.append((current,))
            current = ""
        if op is sp.BRANCH:
            subs = [_anchor_set(list(branch), sp, shortest) for branch in av[1]]
            if all(subs):
                options.append(tuple(a for sub in subs for a in sub or ()))
    if current:
        options.append((current,))
    return [o for o in options if min(len(a) for a in o) >= shortest]


def _anchor_set(items: list, sp, shortest: int) -> tuple[str, ...] | None:
    """The best set of literals one of which every match of this sequence contains."""
    good = _anchor_options(items, sp, shortest)
    return max(good, key=lambda o: (min(len(a) for a in o), -len(o))) if good else None


def _inline(items, sp):
    """The items of a sequence with plain groups opened (their content is mandatory)."""
    for op, av in items:
        if op is sp.SUBPATTERN:
            yield from _inline(list(av[-1]), sp)
        else:
            yield op, av


def by_id() -> dict[str, Signature]:
    return {sig.id: sig for sig in signatures()}


def notice_ids() -> tuple[str, ...]:
    """Signatures of harmless notices (their finding is ``benign-log``)."""
    return tuple(sig.id for sig in signatures() if sig.finding == "benign-log")


@dataclass
class Hits:
    """Signature id -> its hits (in text order); ``count`` holds the uncapped numbers.
    ``lines``: for a long text, the 0-based indices of the lines the anchors selected."""

    found: dict[str, list[Hit]] = field(default_factory=dict)
    count: dict[str, int] = field(default_factory=dict)
    lines: list[int] | None = None

    def __contains__(self, signature_id: str) -> bool:
        return signature_id in self.found

    def get(self, signature_id: str) -> list[Hit]:
        return self.found.get(signature_id, [])

    def any(self, *signature_ids: str) -> bool:
        return any(s in self.found for s in signature_ids)

    def line_indices(self, per_signature: int = 10, following: int = 2) -> set[int]:
        """The lines of the first hits of every signature (and the lines after them)."""
        return {h.index + k for hits in self.found.values() for h in hits[:per_signature] for k in range(following + 1)}

    def first(self, *signature_ids: str) -> Hit | None:
        hits = [h for s in signature_ids for h in self.found.get(s, [])[:1]]
        return min(hits, key=lambda h: h.line_no) if hits else None


def scan(doc: Doc) -> Hits:
    """Every signature over the document. Never raises.

    A long text is first cut down to the lines holding an anchor of some signature (plus
    the lines after them), found with ``str.find`` on the lower-cased text; the regexes
    then run over those lines only. Signatures without anchors run over the whole text.
    """
    hits = Hits()
    if not doc.text:
        return hits
    sigs = signatures()
    lower = doc.lower()
    if len(lower) != len(doc.text):  # lower() changed the length (rare characters): no prefilter
        for sig in sigs:
            _safe_scan(doc, sig, hits)
        return hits
    present = _distinct_lines(lower) if len(lower) > PREFILTER_CHARS else lower
    anchored = tuple(sig for sig in sigs if sig.anchors is not None and any(a in present for a in sig.anchors))
    free = tuple(sig for sig in sigs if sig.anchors is None)
    target = doc
    if len(doc.text) > PREFILTER_CHARS:
        hits.lines = _anchor_lines(doc, lower, {a for sig in anchored for a in sig.anchors or () if a in present})
        target = doc.subset(hits.lines)
    for sig in anchored:
        _safe_scan(target, sig, hits)
    for sig in free:
        _safe_scan(doc, sig, hits)
    return hits


def _safe_scan(doc: Doc, sig: Signature, hits: Hits) -> None:
    try:
        _scan_one(doc, sig, hits)
    except Exception:  # noqa: BLE001 - one bad row never hides the others
        pass


def _distinct_lines(lower: str) -> str:
    """Each distinct line once: where an anchor (never spanning lines) occurs, cheaply. A long log is
    mostly the same lines again (progress, the same warning every step)."""
    return "\n".join(dict.fromkeys(lower.split("\n")))


def _anchor_lines(doc: Doc, lower: str, words: set[str]) -> list[int]:
    """Lines holding an anchor, and the lines after them. A line repeated many times (the same
    warning every step; TF's time stamp prefix aside) is taken only its first few times."""
    selected: set[int] = set()
    anchored: set[int] = set()
    repeats: dict[str, int] = {}
    starts = doc._line_starts()
    last = len(starts) - 1
    for word in words:
        pos = lower.find(word)
        kept = looked = 0
        while pos >= 0 and kept < MAX_ANCHOR_LINES and looked < 20 * MAX_ANCHOR_LINES:
            looked += 1
            index = doc.line_index(pos)
            end = starts[index + 1] - 1 if index < last else len(lower)
            if index not in anchored:
                line = lower[starts[index]:end]
                cut = line.find("] ", 0, 160)
                key = line[cut + 2:] if cut >= 0 else line
                repeats[key] = repeats.get(key, 0) + 1
                if repeats[key] <= SAME_LINE_KEPT:
                    anchored.add(index)
                    selected.update(range(index, min(index + FOLLOWING_LINES, last) + 1))
                    kept += 1
            pos = lower.find(word, end)
        if pos >= 0:  # stopped early: the last occurrences matter most (the failure is at the end)
            pos = lower.rfind(word)
            for _ in range(MAX_ANCHOR_LINES // 8):
                if pos < 0:
                    break
                index = doc.line_index(pos)
                selected.update(range(index, min(index + FOLLOWING_LINES, last) + 1))
                pos = lower.rfind(word, 0, starts[index])
    return sorted(selected)


def _scan_one(doc: Doc, sig: Signature, hits: Hits) -> None:
    found: list[Hit] = []
    count = 0
    for match in sig.regex.finditer(doc.text):
        count += 1
        if len(found) < MAX_HITS:
            groups = {k: v.strip() for k, v in match.groupdict().items() if v is not None}
            start = match.start()
            found.append(Hit(sig.id, doc.line_at(start), doc.line_text(start), groups, doc.source_index(start)))
        elif count > 10 * MAX_HITS:
            break
    if found:
        hits.found[sig.id] = found
        hits.count[sig.id] = count
