"""Accuracy of ``tfgpu explain`` on a labelled corpus: per finding id, the misses, the texts with no
finding, failing texts called healthy and healthy texts called errors.

    .venv/bin/python tests/perf/score_corpus.py [--corpus tests/fixtures/corpus-real] [--split dev|held|all]
                                                [--folders-from FILE] [--no-classifier] [--misses] [--json]

``--split``: a fixed random third of the cases (by a hash of the folder name) is "held" out while the
rules are developed, the rest is "dev"; the score on "held" tells how well the rules generalise.
``--folders-from``: score only the case folders named in FILE (one name a line, ``#`` comments), e.g. one
blind batch as it arrived (``tests/fixtures/corpus-real/batches/batch-N.txt``, see LEDGER.md).

"No finding" is what the issue counts as such: no primary at all, or ``unrecognised-error``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))

from tfgpu.core.explain.engine import explain_text  # noqa: E402
from tfgpu.core.findings.model import Severity  # noqa: E402

HEALTHY = ("gpu-ok", "benign-log")


def held_out(name: str) -> bool:
    """A fixed third of the cases, independent of their order or number."""
    return int(hashlib.sha256(name.encode()).hexdigest(), 16) % 3 == 0


def read_folder_list(path: Path) -> list[str]:
    """Folder names, one a line; blank lines and ``#`` comments skipped."""
    names = (line.split("#", 1)[0].strip() for line in path.read_text(encoding="utf-8").splitlines())
    return [name for name in names if name]


def load_cases(corpus: Path, split: str, folders: list[str] | None = None) -> list[tuple[str, dict, str]]:
    """The labelled cases of ``corpus`` (one ``split``), or only the named ``folders`` (all must exist)."""
    if folders is not None:
        missing = [name for name in folders if not (corpus / name / "case.json").exists()]
        if missing:
            raise SystemExit(f"not in {corpus}: {', '.join(missing)}")
        chosen = [corpus / name for name in sorted(set(folders))]
    else:
        chosen = sorted(p for p in corpus.iterdir() if (p / "case.json").exists())
    cases = []
    for folder in chosen:
        if split == "held" and not held_out(folder.name) or split == "dev" and held_out(folder.name):
            continue
        label = json.loads((folder / "case.json").read_text(encoding="utf-8"))
        cases.append((folder.name, label, (folder / "input.txt").read_text(encoding="utf-8", errors="replace")))
    return cases


def score(cases: list[tuple[str, dict, str]]) -> dict:
    per_id: dict[str, Counter] = {}
    misses, empty, nothing, false_ok, false_alarm = [], [], [], [], []
    right = 0
    slowest = (0.0, "")
    for name, label, text in cases:
        start = time.perf_counter()
        explanation = explain_text(text)
        took = time.perf_counter() - start
        slowest = max(slowest, (took, name))
        root = label["root_cause"]
        accepted = {root, *label.get("also_acceptable", [])}
        counter = per_id.setdefault(root, Counter())
        counter["cases"] += 1
        primary = explanation.primary
        if primary in accepted:
            right += 1
            counter["right"] += 1
        else:
            misses.append((name, root, primary))
        if primary is None or primary == "unrecognised-error":
            empty.append(name)
        if primary is None:
            nothing.append(name)
        if primary == "gpu-ok" and root not in HEALTHY:
            false_ok.append(name)
        if root in HEALTHY and any(f.severity is Severity.ERROR for f in explanation.findings):
            false_alarm.append(name)
    total = len(cases)
    return {
        "cases": total,
        "right": right,
        "accuracy": right / total if total else 0.0,
        "no_finding": empty,
        "no_primary": nothing,
        "failing_called_ok": false_ok,
        "healthy_called_error": false_alarm,
        "per_id": {k: dict(v) for k, v in sorted(per_id.items())},
        "misses": misses,
        "slowest_s": slowest,
    }


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", default=str(REPO / "tests" / "fixtures" / "corpus-real"))
    parser.add_argument("--split", choices=("all", "dev", "held"), default="all")
    parser.add_argument("--folders-from", metavar="FILE", help="score only the case folders named in FILE")
    parser.add_argument("--no-classifier", action="store_true",
                        help="the rules alone: the text classifier (trained on this corpus) is not asked")
    parser.add_argument("--misses", action="store_true", help="list every miss")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.no_classifier:
        from tfgpu.core.explain import classifier

        classifier.predict = lambda text, *_: []  # type: ignore[assignment]
    folders = read_folder_list(Path(args.folders_from)) if args.folders_from else None
    result = score(load_cases(Path(args.corpus), args.split, folders))
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{'finding id':<32} {'right':>5} / {'cases':<5}")
    for finding, counts in result["per_id"].items():
        print(f"{finding:<32} {counts.get('right', 0):>5} / {counts['cases']:<5}")
    print(f"\n{args.folders_from or args.split}: {result['right']}/{result['cases']} = {result['accuracy']:.1%} right primaries; "
          f"no finding (none or unrecognised-error): {len(result['no_finding'])}; failing called gpu-ok: {len(result['failing_called_ok'])}; "
          f"healthy called error: {len(result['healthy_called_error'])}; "
          f"slowest case {result['slowest_s'][0] * 1000:.1f} ms ({result['slowest_s'][1]})")
    if args.misses:
        for name, root, primary in result["misses"]:
            print(f"  MISS {name}: label {root}, answer {primary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
