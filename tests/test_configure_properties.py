"""Property tests: no generated PATH can lose an entry.

Each test below runs 500 generated PATH values (10,000 with ``--hypothesis-profile slow``, or
``TFGPU_PROPERTY_EXAMPLES=N``: tests/conftest.py) with
every edge case a PATH holds: ``%VAR%`` references, quotes, trailing separators, empty segments,
entries that differ only in case or a trailing backslash, unicode, spaces and any character a
folder name may hold. The Windows tests go through the whole applier on the fake registry
(REG_SZ / REG_EXPAND_SZ, winreg's read semantics); the Linux ones through the list planner, whose
run-time twin in the shell block is checked against real bash in test_configure_profile_bash.py.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from conftest import property_examples
from fakes.fake_host import FakeHost
from tfgpu.core.configure import applier, planner, store
from tfgpu.core.configure.pathlist import MAX_WINDOWS_VALUE, PathSyntax, plan_list
from tfgpu.core.configure.planner import plan_path
from tfgpu.core.host.registry import REG_EXPAND_SZ, REG_SZ, USER_ENVIRONMENT, RegValue

EXAMPLES = property_examples()
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])

WIN = PathSyntax(True)
LINUX = PathSyntax(False)
# Any character a Windows folder name may hold (not <>:"/\|?* nor controls), and plenty of unicode.
NAME_CHARS = st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters='<>:"/\\|?*;%')
names = st.text(NAME_CHARS, min_size=1, max_size=12).filter(lambda s: s.strip(" .") == s and s not in (".", ".."))
# Anything at all but the separator: a user can type any junk into PATH.
junk = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=";\x00"), max_size=30)


def folder_spellings(folder: str) -> st.SearchStrategy[str]:
    """Ways one folder can be written in a Windows PATH."""
    return st.sampled_from([
        folder, folder.upper(), folder.lower(), folder + "\\", folder + "\\\\", f'"{folder}"', f' {folder} ',
        folder.replace("\\", "/"), "%CUDA_PATH%\\bin" if folder.endswith("\\bin") else folder,
    ])


@st.composite
def windows_case(draw):
    toolkit = draw(names)
    cuda = f"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.{draw(st.integers(0, 8))} {toolkit}"
    other = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.4"
    ours = [cuda + "\\bin", cuda + "\\libnvvp", cuda + "\\extras\\CUPTI\\lib64"]
    segment = st.one_of(
        junk, st.just(""), st.just(" "), st.just('""'),
        st.sampled_from(["%SystemRoot%\\system32", "%USERPROFILE%\\AppData\\Local\\Microsoft\\WindowsApps",
                         "%UNSET_VARIABLE%\\bin", "%", "%%", "C:\\", "C:", "\\\\server\\share\\bin"]),
        st.builds(lambda a, b, tail: f"C:\\{a}\\{b}{tail}", names, names, st.sampled_from(["", "\\", "/"])),
        st.sampled_from(ours).flatmap(folder_spellings),
        st.sampled_from([other + "\\bin", other + "\\libnvvp"]).flatmap(folder_spellings),
    )
    segments = draw(st.lists(segment, max_size=25))
    if draw(st.integers(0, 19)) == 0:  # close to, or over, the 32,767-character limit
        segments.append("C:\\" + "x" * draw(st.integers(MAX_WINDOWS_VALUE - 400, MAX_WINDOWS_VALUE)))
    value = None if draw(st.integers(0, 24)) == 0 else ";".join(segments)
    kind = draw(st.sampled_from([REG_EXPAND_SZ, REG_SZ]))
    return cuda, other, value, kind


def _windows_host(root: Path, cuda: str, other: str) -> FakeHost:
    host = FakeHost(root=root, env={"SystemRoot": "C:\\Windows", "USERPROFILE": "C:\\Users\\u", "CUDA_PATH": cuda})
    for folder in (cuda + "\\bin", cuda + "\\libnvvp", cuda + "\\extras\\CUPTI\\lib64", other + "\\bin"):
        host.mkdir(folder)
    return host


@pytest.fixture
def no_fsync(monkeypatch):
    """fsync is not what these tests are about; 10,000 of them would only cost time."""
    monkeypatch.setattr(os, "fsync", lambda fd: None)


@pytest.fixture(scope="module")
def scratch():
    """One folder for every example (in memory where the machine has /dev/shm): a fresh fake disk and
    data folder per example, removed at the end, not after each of the 10,000."""
    base = "/dev/shm" if os.access("/dev/shm", os.W_OK) else None
    root = Path(tempfile.mkdtemp(prefix="tfgpu-prop-", dir=base))
    yield root
    shutil.rmtree(root, ignore_errors=True)


def _contiguous_insert(before: list[str], after: list[str], inserted: Counter) -> bool:
    """``after`` is ``before`` with one contiguous run inserted whose items are exactly ``inserted``."""
    size = sum(inserted.values())
    if len(after) != len(before) + size:
        return False
    return any(after[:at] + after[at + size:] == before and Counter(after[at:at + size]) == inserted
               for at in range(len(before) + 1))


def _without_first(segments: list[str], moved: list[str]) -> list[str]:
    out = list(segments)
    for item in moved:
        out.remove(item)
    return out


@PROPERTY
@given(case=windows_case())
def test_windows_user_path_apply_undo_round_trip(case, no_fsync, scratch, monkeypatch):
    cuda, other, value, kind = case
    root = Path(tempfile.mkdtemp(dir=scratch))
    monkeypatch.setenv("TFGPU_DATA_DIR", str(root / "data"))
    host = _windows_host(root / "disk", cuda, other)
    original = None if value is None else RegValue(value, kind)
    if original is not None:
        host.registry.set(USER_ENVIRONMENT, "Path", original)
    monkeypatch.setattr(planner, "conflicting_folders", lambda *a: [other + "\\bin", other + "\\libnvvp"])
    plan = plan_path(host, None, None, cuda, None, "user")
    before = WIN.split(value)
    if plan.refusal is not None:  # only ever for a result over the limit
        event("refused: over 32,767 characters")
        assert "32767" in str(plan.refusal) and not plan.edits
        after_text = WIN.join(plan_list(before, plan.folders, WIN, env=host.env,
                                        conflicts=[other + "\\bin", other + "\\libnvvp"]).segments)
        assert len(after_text) > MAX_WINDOWS_VALUE
        assert host.registry.read_value(USER_ENVIRONMENT, "Path") == original
        return
    event(f"type {'absent' if original is None else original.type_name}")
    event("entries moved ahead of the other toolkit" if plan.moved else "no entry moved")
    event("entries added" if plan.added else "nothing added")
    event("Path unchanged, only CUDA_PATH set" if len(plan.edits) == 1 else f"{len(plan.edits)} values written")
    outcome = applier.apply_plan(host, plan)
    written = host.registry.read_value(USER_ENVIRONMENT, "Path")
    after = WIN.split(written.text)
    if written != original:  # a PATH that was already over the limit is never made longer
        assert len(written.text) <= MAX_WINDOWS_VALUE
    assert written.kind == (kind if original is not None else REG_EXPAND_SZ)  # the type is kept
    # Nothing dropped, nothing reordered beyond the stated moves.
    assert _contiguous_insert(_without_first(before, plan.moved), after, Counter(plan.added) + Counter(plan.moved))
    # Every folder is now on PATH, ahead of the other toolkit.
    keys = [WIN.key(s, host.env) for s in after]
    conflict = min((i for i, k in enumerate(keys) if k in {WIN.key(other + "\\bin"), WIN.key(other + "\\libnvvp")}),
                   default=len(keys))
    for folder in plan.folders:
        assert WIN.key(folder) in keys[:conflict]
    # Idempotent: planning again changes nothing.
    again = plan_path(host, None, None, cuda, None, "user")
    assert again.nothing_to_do, again.to_dict()
    # Undo restores the exact value and type (or its absence).
    applier.undo_change(host, outcome.change_id)
    assert host.registry.read_value(USER_ENVIRONMENT, "Path") == original
    assert host.registry.read_value(USER_ENVIRONMENT, "CUDA_PATH") is None
    assert store.load_change(outcome.change_id).status == "undone"


linux_names = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters=":\x00"), min_size=1,
                      max_size=20)


@PROPERTY
@given(segments=st.lists(st.one_of(linux_names, st.just(""), st.sampled_from(
    ["/usr/local/cuda/lib64", "/usr/local/cuda-12.4/lib64", "/usr/local/cuda/lib64/", "$HOME/lib"])), max_size=25),
    wanted=st.lists(st.one_of(linux_names, st.just("/usr/local/cuda/lib64")), min_size=1, max_size=4, unique=True))
def test_linux_prepend_keeps_every_entry_and_is_idempotent(segments, wanted):
    change = plan_list(segments, wanted, LINUX, prepend=True)
    # Every entry that is not one of ours stays, in order; ours come first, once each.
    assert change.segments[:len(wanted)] == wanted
    assert change.segments[len(wanted):] == [s for s in segments if s not in wanted]
    # Only occurrences of our own folders moved, and the plan says so.
    assert Counter(change.moved) == Counter(s for s in segments if s in wanted) or change.segments == segments
    assert set(change.added) == {w for w in wanted if w not in segments}
    # Applying again changes nothing.
    again = plan_list(change.segments, wanted, LINUX, prepend=True)
    assert again.segments == change.segments and not again.added and not again.moved
    assert LINUX.split(LINUX.join(change.segments)) == change.segments or change.segments == [""]
