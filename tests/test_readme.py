"""The README is true on the day it is read: every `tfgpu` command it shows exists with those flags
(checked against the real `tfgpu ... --help`), every picture and file it links exists in the repo and has
the size its caption states, links work on PyPI (absolute), and no section contradicts another."""

from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tfgpu.gui import preflight

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text(encoding="utf-8")
TFGPU = Path(sys.executable).with_name("tfgpu")
REPO_URL = "https://github.com/tfgpu/tfgpu-assistant"
RAW_URL = "https://raw.githubusercontent.com/tfgpu/tfgpu-assistant/main/"
# `tfgpu`, `.venv/bin/tfgpu`, `py -m tfgpu`, `tfgpu.exe` ... then the rest of that command.
INVOCATION = re.compile(r"(?:(?:py|pyw|python3?)\s+-m\s+tfgpu|(?<![\w.-])(?:[\w~.$\\/-]*[\\/])?tfgpu(?:\.exe)?)(?=\s|$)")
PLACEHOLDER = re.compile(r"^[A-Z][A-Z0-9_.]*$")


def code_texts() -> list[str]:
    """Fenced code blocks (line by line) and inline code spans, with Markdown table escapes undone."""
    texts = []
    fenced = re.findall(r"^```[a-z]*\n(.*?)^```", README, re.S | re.M)
    for block in fenced:
        texts += [re.split(r"\s#\s", line)[0] for line in block.splitlines()]  # comments are prose
    without_fences = re.sub(r"^```.*?^```", "", README, flags=re.S | re.M)
    texts += re.findall(r"`([^`\n]+)`", without_fences)
    return [t.replace("\\|", "|") for t in texts]


def invocations() -> list[list[str]]:
    """Each `tfgpu` command shown, as tokens (up to a shell separator or a comment)."""
    found = []
    for text in code_texts():
        for match in INVOCATION.finditer(text):
            rest = text[match.end():]
            rest = re.split(r"\s(?:\||&&|;|#|>|2>)\s?|;\s", rest + " ", maxsplit=1)[0]
            found.append(rest.replace("[", " ").replace("]", " ").split())
    return found


@cache
def help_text(*words: str) -> str:
    done = subprocess.run([str(TFGPU), *words, "--help"], capture_output=True, text=True, timeout=60,
                          env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin", "HOME": str(REPO)})
    assert done.returncode == 0, (words, done.stderr)
    return done.stdout


def listed_under_positionals(text: str) -> set[str]:
    """The names a help lists under "positional arguments:" (sub-commands, actions)."""
    listed = re.search(r"\{([a-z,-]+)\}", text)
    if listed:
        return set(listed.group(1).split(","))
    block = text.split("positional arguments:", 1)[1].split("\n\n")[0] if "positional arguments:" in text else ""
    return set(re.findall(r"^ {4}([a-z][a-z-]+)(?:\s|$)", block, re.M))


def top_commands() -> set[str]:
    commands = listed_under_positionals(help_text())
    assert {"scan", "doctor", "explain"} <= commands, help_text()
    return commands | {"gui"}


def actions_of(command: str) -> set[str]:
    """A command's sub-actions (`plan`, `apply` ...)."""
    return listed_under_positionals(help_text(command))


def test_the_readme_shows_many_commands():
    assert len(invocations()) >= 40


@pytest.mark.parametrize("tokens", invocations(), ids=lambda t: " ".join(t)[:60] or "tfgpu")
def test_every_command_and_flag_exists(tokens: list[str]):
    words = [t for t in tokens if not t.startswith("-")]
    flags = {f for t in tokens if t.startswith("-") for f in re.findall(r"(?:^|\|)(--?[a-zA-Z][\w-]*)", t)}
    if not words or PLACEHOLDER.match(words[0]) or "/" in words[0] or words[0].endswith((".txt", ".json")):
        helps = [help_text()]  # `tfgpu`, `tfgpu --version`
    else:
        commands = words[0].split("|")
        assert set(commands) <= top_commands(), f"no such command: {words[0]}"
        helps = []
        for command in commands:
            actions = actions_of(command) if command != "gui" else set()
            wanted = [a for a in (words[1].split("|") if len(words) > 1 else []) if a in actions]
            if len(words) > 1 and actions and not PLACEHOLDER.match(words[1]) and "|" in words[1]:
                assert wanted, f"{command}: none of {words[1]} is an action ({sorted(actions)})"
            helps.append(help_text(command))
            helps += [help_text(command, action) for action in wanted]
    known = set(re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", "\n".join(helps)))
    missing = sorted(flags - known)
    assert not missing, f"`tfgpu {' '.join(tokens)}`: {missing} not in --help"


def links() -> list[tuple[str, str, bool]]:
    """(caption or text, target, is an image) for every Markdown link and image."""
    return [(text, target, bang == "!") for bang, text, target in
            re.findall(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)", README)]


def repo_path(target: str) -> Path | None:
    for prefix in (RAW_URL, f"{REPO_URL}/blob/main/", f"{REPO_URL}/tree/main/"):
        if target.startswith(prefix):
            return REPO / target[len(prefix):]
    return None


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def test_links_are_absolute_so_they_work_on_pypi():
    relative = [t for _, t, _ in links() if not t.startswith(("https://", "http://", "#", "mailto:"))]
    assert relative == []


def test_every_linked_file_and_image_exists_in_the_repo():
    images = [t for _, t, image in links() if image]
    assert len(images) >= 5
    for _, target, _ in links():
        path = repo_path(target)
        if path is not None:
            assert path.exists(), f"{target} links to {path.relative_to(REPO)}, which is not in the repo"
    assert all(repo_path(t) is not None for t in images), "every picture is one of the repo's own"


def test_captioned_sizes_are_true():
    sized = 0
    for text, target, image in links():
        found = re.search(r"(\d{3,4})\s*[×x]\s*(\d{3,4})", text)
        path = repo_path(target)
        if image and found and path is not None:
            assert png_size(path) == (int(found.group(1)), int(found.group(2))), target
            sized += 1
    assert sized >= 5


def test_anchors_point_to_headings():
    slugs = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
             for h in re.findall(r"^#{2,4} (.+)$", README, re.M)}
    for _, target, _ in links():
        if target.startswith("#"):
            assert target[1:] in slugs, target


def test_exactly_one_windows_section():
    assert len([h for h in re.findall(r"^#{1,4} (.+)$", README, re.M) if "Windows" in h]) == 1


def test_pypi_commands_are_marked_for_the_first_release():
    if "has not had its first release yet" not in README:
        return
    for match in re.finditer(r"pip install (?:--user )?tfgpu-assistant", README):
        before = README[max(0, match.start() - 400):match.start()]
        assert "first release on" in before, README[match.start() - 200:match.end()]
    assert "planned" not in README.lower()


def test_the_keyboard_shortcuts_match_the_pages():
    pages = sum(path.read_text(encoding="utf-8").count("PAGE = PageSpec(") for path in (REPO / "gui").rglob("*.py"))
    assert pages >= 9
    shown = re.findall(r"Alt\+1…(\d)", README)
    assert shown and all(int(n) == min(9, pages) for n in shown)


def test_the_test_command_is_the_one_ci_runs():
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    install = re.search(r"\.venv/bin/pip install -q -e \"(\.\[[\w,]+\])\"", ci)
    assert install and f'.venv/bin/pip install -q -e "{install.group(1)}"' in README


def first_linux_command() -> str:
    section = README.split("### Linux", 1)[1]
    return re.search(r"```bash\n(.+?)\n```", section, re.S).group(1)


def test_the_first_command_installs_the_window_libraries_this_machine_lacks():
    command = first_linux_command()
    assert command.startswith("sudo apt update && sudo apt install -y ") and command.endswith(".venv/bin/tfgpu")
    packages = set(command.split("&&")[1].split()[4:])
    qt = preflight.qt_folder()
    assert qt is not None
    missing = preflight.missing_libraries("xcb", qt)
    assert set(preflight.packages_for(missing, "apt")) <= packages
    table = json.loads((REPO / "resources" / "qt_linux_libraries.json").read_text(encoding="utf-8"))
    known = {row["apt"] for row in table["libraries"].values()}
    assert packages - {"python3", "python3-venv"} <= known, "a package name the library table does not know"
