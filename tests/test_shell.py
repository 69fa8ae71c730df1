"""Commands built from any text parse back to exactly the intended arguments, in bash (shlex and a
real bash) and in PowerShell (a model of its single-quote rules); nothing in a value ever runs."""

from __future__ import annotations

import shlex
import subprocess

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tfgpu.core.shell import (
    POWERSHELL_SINGLE_QUOTES,
    Shell,
    UnsafeText,
    bash_assignment,
    bash_quote,
    chain,
    cmd_quote,
    command,
    is_plain,
    powershell_quote,
)

# Any text a folder name, a version or a pasted path may hold, control characters aside.
pytestmark = pytest.mark.posix  # real bash/sh, POSIX paths or signals


TEXT = st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\u2028\u2029\x85"), min_size=1)
HOSTILE = ["/opt/cuda$(touch${IFS}X)/extras/CUPTI/lib64", "a'b", "`id`", "x; rm -rf ~", "C:\\Users\\O'Brien",
           "$env:PATH", "a\u2019b", "%PATH%", "--flag", "-", "~/tf", "*", "a\"b", "$(id)", "\\", "'", "''"]


def powershell_literal(text: str) -> str:
    """PowerShell's tokenizer for one single-quoted string: it starts and ends with any single-quote
    character, and two single-quote characters in a row stand for one."""
    assert text and text[0] in POWERSHELL_SINGLE_QUOTES, text
    out, i = [], 1
    while i < len(text):
        c = text[i]
        if c in POWERSHELL_SINGLE_QUOTES:
            if i + 1 < len(text) and text[i + 1] in POWERSHELL_SINGLE_QUOTES:
                out.append(c)
                i += 2
                continue
            assert i == len(text) - 1, f"literal ends early at {i} in {text!r}"
            return "".join(out)
        out.append(c)
        i += 1
    raise AssertionError(f"unterminated literal {text!r}")


@settings(max_examples=2000, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(TEXT, min_size=1, max_size=5))
def test_bash_command_parses_to_the_arguments(argv):
    assert shlex.split(command(argv, Shell.BASH)) == argv


@settings(max_examples=2000)
@given(TEXT)
def test_powershell_literal_holds_the_value(value):
    assert powershell_literal(powershell_quote(value)) == value


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_values_are_one_bash_token(value):
    assert shlex.split(command(["printf", "%s", value], Shell.BASH)) == ["printf", "%s", value]


def test_real_bash_runs_nothing_from_a_value(tmp_path):
    marker = tmp_path / "X"
    values = [v.replace("X", str(marker)) for v in HOSTILE] + [f"$(touch {marker})", f"`touch {marker}`"]
    for value in values:
        line = command(["printf", "%s", value], Shell.BASH)
        out = subprocess.run(["bash", "-c", line], capture_output=True, text=True, cwd=tmp_path)
        assert out.returncode == 0 and out.stdout == value
    assert not marker.exists()


def test_an_assignment_in_a_profile_expands_nothing_later(tmp_path):
    marker = tmp_path / "X"
    folder = f"/opt/cuda$(touch {marker})/lib64"
    profile = tmp_path / "profile"
    profile.write_text(bash_assignment("LD_LIBRARY_PATH", folder, prepend_to="LD_LIBRARY_PATH") + "\n")
    out = subprocess.run(["bash", "-c", f'LD_LIBRARY_PATH=/old; source {shlex.quote(str(profile))}; '
                          'printf %s "$LD_LIBRARY_PATH"'], capture_output=True, text=True)
    assert out.stdout == f"{folder}:/old" and not marker.exists()


def test_control_characters_are_refused_everywhere():
    for quote in (bash_quote, powershell_quote, cmd_quote):
        with pytest.raises(UnsafeText):
            quote("a\nb")
    assert not is_plain("/opt/cuda\x1b[31m")


def test_cmd_refuses_what_it_would_expand():
    with pytest.raises(UnsafeText):
        cmd_quote("%PATH%")
    assert cmd_quote("C:\\Program Files\\x") == '"C:\\Program Files\\x"'


def test_powershell_program_goes_through_the_call_operator():
    assert command(["C:\\Py 3\\python.exe", "-m", "pip"], Shell.POWERSHELL) == "& 'C:\\Py 3\\python.exe' '-m' 'pip'"
    assert command(["wsl", "--install"], Shell.POWERSHELL, bare_program=True) == "wsl '--install'"


def test_plain_text_is_only_paths_and_versions():
    assert is_plain("/usr/local/cuda-12.4/lib64") and is_plain("C:\\Program Files\\NVIDIA\\CUDA\\v11.2\\bin")
    assert not any(is_plain(v) for v in HOSTILE if v not in ("--flag", "-", "\\"))


def test_chain_runs_each_only_after_success():
    assert chain(["a", "b"], Shell.BASH) == "a && b"
    assert chain(["a", "b", "c"], Shell.POWERSHELL) == "a; if ($?) { b; if ($?) { c } }"


def test_powershell_bare_words_are_only_what_it_reads_literally():
    assert command(["wsl", "-d", "Ubuntu-22.04"], Shell.POWERSHELL, bare_program=True, bare_words=True) == "wsl -d Ubuntu-22.04"
    # a digit-led word can be a number (0x10 -> 16, 1kb -> 1024); a dotted flag is split by Windows PowerShell
    for value in ("0x10", "1kb", "-a.b", "$x", "a;b", "a b", "(x)", "@x", "'", "a,b", "--%", "\u2019"):
        assert command(["x", value], Shell.POWERSHELL, bare_program=True, bare_words=True) == f"x {powershell_quote(value)}"
    assert command(["0x10"], Shell.POWERSHELL, bare_program=True) == "& '0x10'"


@settings(max_examples=1000)
@given(TEXT)
def test_powershell_word_is_the_value_or_its_literal(value):
    from tfgpu.core.shell import powershell_word

    word = powershell_word(value)
    assert word == value or powershell_literal(word) == value
