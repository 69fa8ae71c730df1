"""Take one finished batch of new labelled cases into the real corpus, blind (see LEDGER.md):

1. copy its case folders into tests/fixtures/corpus-real/, append its SOURCES.md, write the folder list
   to batches/batch-N.txt and commit ("corpus: batch N arrives: ...");
2. with no other change, score only those folders (score_corpus.py --folders-from) and append the
   arrival row to LEDGER.md; commit the row.

    .venv/bin/python tests/perf/intake_batch.py /work/staging/corpus/g1/batch-1 [--number N] [--dry-run]

A batch is taken only when its folder holds READY. Rules and model must not change between the two
commits: the script refuses to start with uncommitted changes outside the corpus.
"""

from __future__ import annotations

import argparse
import datetime
import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "tests" / "fixtures" / "corpus-real"
LEDGER = CORPUS / "LEDGER.md"
BATCHES = CORPUS / "batches"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=REPO, check=True, capture_output=True, text=True).stdout.strip()


def next_number() -> int:
    taken = [int(p.stem.split("-")[1]) for p in BATCHES.glob("batch-*.txt") if p.stem.split("-")[1].isdigit()]
    return max(taken, default=0) + 1


def case_folders(batch: Path) -> list[Path]:
    return sorted(p for p in batch.iterdir() if p.is_dir() and (p / "case.json").exists() and (p / "input.txt").exists())


def copy_cases(batch: Path, gatherer: str) -> list[str]:
    names = []
    for folder in case_folders(batch):
        json.loads((folder / "case.json").read_text(encoding="utf-8"))  # a broken label stops the intake
        name = folder.name
        if (CORPUS / name).exists():  # two gatherers chose one number: keep both, the later one suffixed
            name = f"{name}-{gatherer}"
        if (CORPUS / name).exists():
            raise SystemExit(f"{name} is already in the corpus")
        shutil.copytree(folder, CORPUS / name)
        names.append(name)
    return names


def append_sources(batch: Path, number: int, label: str, today: str) -> None:
    sources = batch / "SOURCES.md"
    text = sources.read_text(encoding="utf-8") if sources.exists() else ""
    lines = [("###" + line[1:]) if line.startswith("# ") else line for line in text.splitlines()]
    with (CORPUS / "SOURCES.md").open("a", encoding="utf-8") as out:
        out.write(f"\n## Batch {number} ({label}, arrived {today})\n\n" + "\n".join(lines).strip() + "\n")


def ledger_row(number: int, today: str, commit: str, result: dict) -> str:
    missed = Counter(root for _name, root, _answer in result["misses"])
    ids = ", ".join(f"{root}" + (f" x{count}" if count > 1 else "") for root, count in sorted(missed.items())) or "-"
    return (f"| {number} | {today} | {commit} | {result['cases']} | {result['right']}/{result['cases']} "
            f"({result['accuracy']:.0%}) | {len(result['no_finding'])} | {len(result['failing_called_ok'])} | {ids} |")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("batch", type=Path, help="a gatherer's batch folder (with READY)")
    parser.add_argument("--number", type=int, help="the batch number in the ledger (default: the next)")
    args = parser.parse_args()
    batch = args.batch.resolve()
    if not (batch / "READY").exists():
        raise SystemExit(f"{batch} is not READY: not taken")
    dirty = [line for line in git("status", "--porcelain").splitlines() if "tests/fixtures/corpus-real" not in line]
    if dirty:
        raise SystemExit("uncommitted changes besides the corpus; commit them first:\n" + "\n".join(dirty))
    number = args.number or next_number()
    gatherer, label = batch.parent.name, f"{batch.parent.name} {batch.name}"
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    names = copy_cases(batch, gatherer)
    if not names:
        raise SystemExit(f"{batch} holds no case folders")
    BATCHES.mkdir(exist_ok=True)
    listing = BATCHES / f"batch-{number}.txt"
    listing.write_text(f"# batch {number}: {label}, arrived {today}\n" + "\n".join(names) + "\n", encoding="utf-8")
    append_sources(batch, number, label, today)
    git("add", str(CORPUS))
    git("commit", "-q", "-m", f"corpus: batch {number} arrives: {len(names)} cases from {label} (blind: scored next, "
        "before any rule or model change)")
    commit = git("rev-parse", "--short", "HEAD")
    sys.path.insert(0, str(REPO / "tests" / "perf"))
    from score_corpus import load_cases, score

    result = score(load_cases(CORPUS, "all", names))
    row = ledger_row(number, today, commit, result)
    with LEDGER.open("a", encoding="utf-8") as out:
        out.write(row + "\n")
    git("add", str(LEDGER))
    git("commit", "-q", "-m", f"ledger: batch {number} on arrival {result['right']}/{result['cases']} "
        f"(scored at {commit}, no rule or model change)")
    print(row)
    for name, root, answer in result["misses"]:
        print(f"  MISS {name}: label {root}, answer {answer}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
