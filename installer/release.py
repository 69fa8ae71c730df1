"""Release checks shared by `.ci/release` and `.github/workflows/release.yml`.

    python installer/release.py check [--tag v0.1.0]   version, changelog and knowledge-base version agree
    python installer/release.py readme DIST_DIR          the wheel's long description has no link that breaks on PyPI
    python installer/release.py sums DIR                 write DIR/SHA256SUMS for every file in DIR

The version lives in one place (core/version.py); the KB version in resources/kb/meta.json. A release
tag must be ``v<version>``, and CHANGELOG.md must have a section ``## <version> - <date> (knowledge base
<kb_version>)`` with at least one entry. Exit 0 when all is well, 1 with one line per problem otherwise.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SECTION = re.compile(r"^## (?P<version>\S+) - (?P<date>\d{4}-\d{2}-\d{2}|unreleased) \(knowledge base (?P<kb>[\d.]+)\)$")
# Markdown images and links whose target is relative: fine on GitHub, broken on PyPI.
RELATIVE_LINK = re.compile(r"\]\((?!https?://|#|mailto:)([^)\s]+)\)")


def app_version() -> str:
    text = (REPO / "core" / "version.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.M)
    if not found:
        raise SystemExit("core/version.py has no __version__ line")
    return found.group(1)


def kb_version() -> str:
    return str(json.loads((REPO / "resources" / "kb" / "meta.json").read_text(encoding="utf-8"))["kb_version"])


def changelog_sections(text: str) -> dict[str, tuple[str, str, list[str]]]:
    """version -> (date, kb_version, entry lines)."""
    sections: dict[str, tuple[str, str, list[str]]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            found = SECTION.match(line.strip())
            current = None
            if found:
                current = []
                sections[found["version"]] = (found["date"], found["kb"], current)
        elif current is not None and line.strip().startswith("- "):
            current.append(line.strip())
    return sections


def check(tag: str | None) -> list[str]:
    problems = []
    version, kb = app_version(), kb_version()
    if tag is not None and tag != f"v{version}":
        problems.append(f"tag {tag} does not match the version in core/version.py (v{version})")
    sections = changelog_sections((REPO / "CHANGELOG.md").read_text(encoding="utf-8"))
    if version not in sections:
        problems.append(f"CHANGELOG.md has no section '## {version} - YYYY-MM-DD (knowledge base {kb})'")
    else:
        date, section_kb, entries = sections[version]
        if section_kb != kb:
            problems.append(f"CHANGELOG.md says knowledge base {section_kb} for {version}; resources/kb/meta.json "
                            f"says {kb}")
        if not entries:
            problems.append(f"CHANGELOG.md's section for {version} lists no change")
        if tag is not None and date == "unreleased":
            problems.append(f"CHANGELOG.md's section for {version} is still 'unreleased': give it the release date")
    return problems


def readme_problems(dist: Path) -> list[str]:
    """The wheel's long description as PyPI shows it: no relative link or image."""
    wheels = sorted(dist.glob("*.whl"))
    if not wheels:
        return [f"no wheel in {dist}"]
    with zipfile.ZipFile(wheels[-1]) as wheel:
        name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        metadata = Parser().parsestr(wheel.read(name).decode("utf-8"))
    body = metadata.get_payload()
    problems = []
    if metadata.get("Description-Content-Type", "").split(";")[0] != "text/markdown":
        problems.append("the long description is not declared as text/markdown")
    if not isinstance(body, str) or len(body) < 500:
        problems.append("the long description is missing or too short")
        return problems
    for target in sorted(set(RELATIVE_LINK.findall(body))):
        problems.append(f"relative link {target!r} in the long description: it breaks on PyPI, use an absolute URL")
    return problems


def write_sums(folder: Path) -> Path:
    lines = []
    for path in sorted(p for p in folder.iterdir() if p.is_file() and p.name != "SHA256SUMS"):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        lines.append(f"{digest}  {path.name}\n")
    out = folder / "SHA256SUMS"
    out.write_text("".join(lines), encoding="ascii")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="release.py", description=__doc__.split("\n\n")[0])
    subs = parser.add_subparsers(dest="command", required=True)
    check_p = subs.add_parser("check", help="version, changelog and KB version agree (and the tag, if given)")
    check_p.add_argument("--tag", help="the git tag being released, e.g. v0.1.0")
    subs.add_parser("readme", help="the built wheel's long description renders on PyPI").add_argument("dist")
    subs.add_parser("sums", help="write SHA256SUMS").add_argument("folder")
    args = parser.parse_args(argv)
    if args.command == "check":
        problems = check(args.tag)
        ok = f"version {app_version()}, knowledge base {kb_version()}: tag, changelog and KB agree"
    elif args.command == "readme":
        problems = readme_problems(Path(args.dist))
        ok = "long description: markdown, no relative link"
    else:
        ok = f"wrote {write_sums(Path(args.folder))}"
        problems = []
    for problem in problems:
        print(f"release: {problem}", file=sys.stderr)
    if not problems:
        print(f"release: {ok}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
