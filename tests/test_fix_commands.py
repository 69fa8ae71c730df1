"""Every fix command is built from arguments: no text the app reads (a pasted log, a saved scan, a
folder name) can become shell syntax.

- Properties (hypothesis) for every builder: the bash command parses (``shlex.split``) to the intended
  argv with the value as one token; the PowerShell command parses the same way under a model of
  PowerShell's single-quote rules; and, for every finding id, no character of a value is ever
  outside quotes unless bash/PowerShell read it literally there.
- The generated bash steps run for real in a sandbox HOME (stub programs on PATH record their argv)
  with hostile folder and interpreter names: nothing runs, and a later shell sourcing the profile
  runs nothing either.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fakes import fake_scan as fs
from tfgpu.core.diagnosis.doctor import diagnose
from tfgpu.core.findings import commands
from tfgpu.core.findings.fixes import _BUILDERS, FixContext, fix_steps, pip_install, verify_command
from tfgpu.core.probes.os_info import WslDistro
from tfgpu.core.shell import _POWERSHELL_WORD, POWERSHELL_SINGLE_QUOTES, Shell, is_plain

TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40)
NO_CONTROL = st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\u2028\u2029\x85"),
                     min_size=1, max_size=40)
HOSTILE = ["/opt/cuda$(touch${IFS}MARK)/extras/CUPTI/lib64", "/opt/cuda`touch MARK`/lib64", "/opt/x'; touch MARK; '/lib64",
           "/opt/x\"; touch MARK; \"/lib64", "/opt/a b/$HOME/lib64", "/opt/x;touch MARK/lib64", "/opt/x|touch MARK/lib64",
           "/opt/x&&touch MARK/lib64", "/opt/x>MARK/lib64", "/opt/~root/lib64", "/opt/x\\$(touch MARK)/lib64",
           "/opt/$'\\x41'/lib64", "/opt/!!/lib64", "/opt/*/lib64", "/opt/x{a,b}/lib64", "/opt/%PATH%/lib64",
           "/opt/\u2019; touch MARK; \u2019/lib64", "/opt/-rf/lib64"]
PROPERTY = settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)


# -- models of how each shell reads a command ------------------------------------------------


def bash_literal_mask(command: str) -> list[bool]:
    """For each character: True when bash reads it literally (inside single quotes, or escaped)."""
    mask = [False] * len(command)
    i, double = 0, False
    while i < len(command):
        c = command[i]
        if c == "'" and not double:
            end = command.index("'", i + 1)
            for j in range(i, end + 1):
                mask[j] = True
            i = end + 1
            continue
        if c == "\\" and i + 1 < len(command):
            mask[i] = mask[i + 1] = True
            i += 2
            continue
        if c == '"':
            double = not double
        elif double and c not in "$`!":
            mask[i] = True  # inside double quotes only $, ` and ! (and \\) mean something
        i += 1
    return mask


def powershell_tokens(command: str) -> list[str]:
    """PowerShell's argument-mode reading of our commands: single-quoted literals (any single-quote
    character starts and ends one, two in a row stand for one) and bare words it reads literally."""
    tokens, i = [], 0
    while i < len(command):
        c = command[i]
        if c == " ":
            i += 1
        elif c in POWERSHELL_SINGLE_QUOTES:
            out, i = [], i + 1
            while True:
                assert i < len(command), f"unterminated literal in {command!r}"
                if command[i] in POWERSHELL_SINGLE_QUOTES:
                    if i + 1 < len(command) and command[i + 1] in POWERSHELL_SINGLE_QUOTES:
                        out.append(command[i])
                        i += 2
                        continue
                    i += 1
                    break
                out.append(command[i])
                i += 1
            tokens.append("".join(out))
        else:
            end = command.find(" ", i)
            end = len(command) if end < 0 else end
            word = command[i:end]
            assert word == "&" or _POWERSHELL_WORD.fullmatch(word), f"{word!r} is not a literal word in {command!r}"
            tokens.append(word)
            i = end
    return tokens


def powershell_literal_mask(command: str) -> list[bool]:
    mask = [False] * len(command)
    i = 0
    while i < len(command):
        if command[i] in POWERSHELL_SINGLE_QUOTES:
            j = i + 1
            while j < len(command):
                if command[j] in POWERSHELL_SINGLE_QUOTES:
                    if j + 1 < len(command) and command[j + 1] in POWERSHELL_SINGLE_QUOTES:
                        j += 2
                        continue
                    break
                j += 1
            for k in range(i, min(j, len(command) - 1) + 1):
                mask[k] = True
            i = j + 1
        else:
            i += 1
    return mask


BASH_SAFE_BARE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-")


def assert_value_is_literal(command: str, shell: Shell, value: str) -> None:
    """Every occurrence of ``value`` is read literally: quoted, or made only of characters the shell
    takes as they are outside quotes."""
    mask = bash_literal_mask(command) if shell is Shell.BASH else powershell_literal_mask(command)
    start = command.find(value)
    while start >= 0:
        for k in range(start, start + len(value)):
            bare_ok = command[k] in BASH_SAFE_BARE if shell is Shell.BASH else bool(_POWERSHELL_WORD.fullmatch(command[k]))
            assert mask[k] or bare_ok, f"{value!r} reaches {shell} unquoted at {k} in {command!r}"
        start = command.find(value, start + 1)


# -- properties of each builder ------------------------------------------------------------


@PROPERTY
@given(NO_CONTROL, st.sampled_from(["install", "uninstall"]))
def test_pip_runs_the_named_interpreter_whatever_its_path(path, verb):
    for os_kind, shell in (("linux", Shell.BASH), ("windows", Shell.POWERSHELL)):
        ctx = FixContext(os=os_kind, python_exe=path)
        line = pip_install(ctx, "tensorflow[and-cuda]") if verb == "install" else commands.pip(path, shell, verb, "tensorflow")
        expected = [path, "-m", "pip", verb, *(["-y"] if verb == "uninstall" else []),
                    "tensorflow[and-cuda]" if verb == "install" else "tensorflow"]
        if shell is Shell.BASH:
            assert shlex.split(line) == expected
        else:
            tokens = powershell_tokens(line)
            assert tokens[0] == "&" and tokens[1:] == expected or tokens == expected


@PROPERTY
@given(NO_CONTROL)
def test_the_gpu_check_runs_the_named_interpreter(path):
    bash = verify_command(FixContext(os="linux", python_exe=path))
    assert shlex.split(bash) == [path, "-c", "import tensorflow as tf; print(tf.config.list_physical_devices(\"GPU\"))"]
    ps = powershell_tokens(verify_command(FixContext(os="windows", python_exe=path)))
    assert ps[-2:] == ["-c", "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"]
    assert path in ps[:2]


@PROPERTY
@given(TEXT)
def test_an_interpreter_path_with_a_control_character_falls_back_to_the_plain_name(path):
    line = verify_command(FixContext(os="linux", python_exe=path))
    assert line is not None and (shlex.split(line)[0] == path or any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F
                                                                     or c in "\u2028\u2029" for c in path))


@PROPERTY
@given(TEXT)
def test_a_library_folder_is_one_literal_or_no_command(folder):
    built = commands.ld_library_path_commands(folder)
    assert (built is None) == (not is_plain(folder) or not folder.startswith("/"))
    if built is None:
        return
    profile, register = built
    line, append = profile.split("\n")
    assert shlex.split(line) == ["export", f"LD_LIBRARY_PATH={folder}${{LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}}"]
    assert shlex.split(append) == ["printf", "%s\\n", line, ">>", "~/.bashrc"]  # the line itself, quoted again
    if register:
        assert shlex.split(register) == ["printf", "%s\\n", folder, "|", "sudo", "tee", commands.LD_SO_CONF,
                                         "&&", "sudo", "ldconfig"]


@PROPERTY
@given(NO_CONTROL)
def test_the_unguarded_profile_lines_quote_any_folder_twice(folder):
    """The guard aside, the quoting alone already keeps any folder one literal, in the line and in the file."""
    line, append = commands.profile_lines(folder)
    assert shlex.split(line) == ["export", f"LD_LIBRARY_PATH={folder}${{LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}}"]
    assert shlex.split(append)[2] == line
    marked_line, marked_append = commands.profile_lines(f"Zq{folder}Zq")
    assert_value_is_literal(marked_line, Shell.BASH, f"Zq{folder}Zq")
    assert_value_is_literal(marked_append, Shell.BASH, f"Zq{folder}Zq")


@PROPERTY
@given(TEXT)
def test_a_windows_folder_is_one_powershell_literal_or_no_command(folder):
    line = commands.windows_user_path_command(folder)
    assert (line is None) == (not is_plain(folder))
    if line is not None:
        literal = line.split(") + ", 1)[1].split("; ", 1)[0]
        assert powershell_tokens(literal) == [folder]


@PROPERTY
@given(TEXT)
def test_a_version_enters_a_spec_only_when_it_is_a_version(version):
    ctx = FixContext(os="linux", tf_version=version, cuda_version=version, cudnn_version=version)
    for finding_id in ("cuda-runtime-missing", "cudnn-missing"):
        for step in fix_steps(finding_id, ctx):
            if step.command and "==" in step.command:
                spec = shlex.split(step.command)[-1]
                assert spec == f"tensorflow[and-cuda]=={version.strip()}"
                assert commands.safe_version(version) == version.strip()
    win = FixContext(os="windows", tf_version=version, cuda_version=version, cudnn_version=version)
    for finding_id in ("cuda-runtime-missing", "cudnn-missing"):
        for step in fix_steps(finding_id, win):
            if step.command and "conda" in step.command:
                spec = powershell_tokens(step.command)[-1]
                assert spec in (f"cudatoolkit={version.strip()}", f"cudnn={version.strip()}")


@PROPERTY
@given(NO_CONTROL)
def test_a_wsl_distro_name_is_one_argument(name):
    tf = fs.tf_ok(fs.WIN_PY, "2.16.1", gpus=0, cuda_build=False)
    os_info = fs.os_info("windows", wsl_distros=[WslDistro(name=name, state="Stopped", version=2, default=True)])
    steps = diagnose(fs.scan(os=os_info, envs=[fs.env(fs.WIN_PY, tf=tf)])).recommendation.steps
    opened = [s.command for s in steps if s.command and s.command.startswith("wsl -d ")]
    assert [powershell_tokens(c) for c in opened] == [["wsl", "-d", name]]


@PROPERTY
@given(NO_CONTROL)
def test_a_new_venv_is_made_with_the_named_interpreter(path):
    assert shlex.split(commands.new_home_venv(path)) == [path, "-m", "venv", "~/tf"]


CONTEXT_FIELDS = ("tf_version", "python_version", "python_exe", "cuda_version", "cudnn_version", "installed_cuda",
                  "installed_cudnn", "gpu_name", "compute_capability", "driver_version")


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(NO_CONTROL, st.sampled_from(["linux", "wsl", "windows", "unknown"]))
def test_no_value_reaches_any_shell_unquoted_for_any_finding(text, os_kind):
    value = f"Zq{text}Zq"
    ctx = FixContext(os=os_kind, library_dirs=[value], missing_libraries=[value],
                     **{name: value for name in CONTEXT_FIELDS})
    for finding_id in _BUILDERS:
        for step in fix_steps(finding_id, ctx):
            if step.command and step.shell is not None:
                for line in step.command.split("\n"):
                    if step.shell is Shell.BASH:
                        shlex.split(line)
                    assert_value_is_literal(line, step.shell, value)


# -- real bash, sandbox HOME, stub programs --------------------------------------------------

STUB = """#!{python}
import json, os, sys
data = sys.stdin.read() if not sys.stdin.isatty() and os.path.basename(sys.argv[0]) == "sudo" else ""
with open({log!r}, "a") as log:
    log.write(json.dumps([os.path.basename(sys.argv[0]), sys.argv[1:], data]) + "\\n")
"""
PROGRAMS = ("python3", "sudo", "conda", "nvidia-smi", "docker", "wsl", "unset")


@pytest.fixture
def sandbox(tmp_path):
    home, stubs = tmp_path / "home", tmp_path / "bin"
    home.mkdir()
    stubs.mkdir()
    (home / ".bashrc").write_text("# the user's own profile\n")
    log = tmp_path / "calls.jsonl"
    for name in PROGRAMS:
        stub = stubs / name
        stub.write_text(STUB.format(python=sys.executable, log=str(log)))
        stub.chmod(0o755)
    return tmp_path, home, stubs, log


def run_bash(command: str, tmp: Path, home: Path, stubs: Path, *, extra_path: str = "") -> subprocess.CompletedProcess:
    env = {"HOME": str(home), "PATH": f"{extra_path}{stubs}:/usr/bin:/bin", "LD_LIBRARY_PATH": "/old"}
    return subprocess.run(["bash", "--norc", "--noprofile", "-c", command], cwd=tmp, env=env, capture_output=True,
                          text=True, timeout=30)


def marked(value: str, tmp: Path) -> str:
    return value.replace("MARK", str(tmp / "MARK"))


@pytest.mark.parametrize("raw", HOSTILE)
def test_real_bash_profile_lines_run_nothing_now_or_in_a_later_shell(raw, sandbox):
    tmp, home, stubs, _log = sandbox
    folder = marked(raw, tmp)
    line, append = commands.profile_lines(folder)
    out = run_bash(f"{line}\n{append}\nprintf %s \"$LD_LIBRARY_PATH\"", tmp, home, stubs)
    assert out.returncode == 0, out.stderr
    assert out.stdout == f"{folder}:/old"
    later = run_bash('source ~/.bashrc; printf %s "$LD_LIBRARY_PATH"', tmp, home, stubs)
    assert later.stdout == f"{folder}:/old", later.stderr
    assert not (tmp / "MARK").exists() and not list(tmp.glob("*MARK*"))


@pytest.mark.parametrize("raw", HOSTILE)
def test_real_bash_a_pasted_hostile_folder_gets_no_command_and_the_rest_runs_nothing(raw, sandbox):
    tmp, home, stubs, log = sandbox
    folder = marked(raw, tmp)
    steps = fix_steps("path-not-set", FixContext(os="linux", library_dirs=[folder]))
    assert not is_plain(folder) or folder.startswith("/opt/-")
    for step in steps:
        if step.command and step.shell is Shell.BASH:
            assert folder not in step.command or is_plain(folder)
            run_bash(step.command, tmp, home, stubs)
    assert not (tmp / "MARK").exists()


@pytest.mark.parametrize("raw", HOSTILE)
def test_real_bash_every_finding_with_a_hostile_interpreter_path_runs_only_that_interpreter(raw, sandbox):
    """The interpreter is a real file at the hostile path; every bash fix step for every finding runs,
    and each program it starts gets the path as one argument, nothing else runs."""
    tmp, home, stubs, log = sandbox
    folder = tmp / marked(raw, tmp).lstrip("/").replace("/lib64", "")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        pytest.skip("this file system cannot hold that name")
    python = folder / "python"
    python.write_text(STUB.format(python=sys.executable, log=str(log)))
    python.chmod(0o755)
    ctx = FixContext(os="linux", python_exe=str(python), tf_version="2.15.0", library_dirs=["/usr/local/cuda/lib64"])
    ran = 0
    for finding_id in _BUILDERS:
        for step in fix_steps(finding_id, replace(ctx)):
            if step.command and step.shell is Shell.BASH and "~/tf/bin/python" not in step.command:
                run_bash(step.command, tmp, home, stubs)
                ran += 1
    calls = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    own = [args for name, args, _data in calls if name == "python"]
    assert ran and own and all(args[0] in ("-m", "-c") for args in own)
    assert not (tmp / "MARK").exists() and not any("MARK" in p.name for p in tmp.iterdir() if p.name != folder.parts[0])


def test_real_bash_ld_so_conf_step_pipes_the_folder_alone(sandbox):
    tmp, home, stubs, log = sandbox
    _profile, register = commands.ld_library_path_commands("/usr/local/cuda-12.4/targets/x86_64-linux/lib")
    assert run_bash(register, tmp, home, stubs).returncode == 0
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    assert calls == [["sudo", ["tee", commands.LD_SO_CONF], "/usr/local/cuda-12.4/targets/x86_64-linux/lib\n"],
                     ["sudo", ["ldconfig"], ""]]


@pytest.mark.skipif(os.name != "posix", reason="bash")
def test_every_bash_command_of_every_finding_parses():
    ctx = FixContext(os="linux", python_exe="/home/u/venv/bin/python", tf_version="2.15.0", cuda_version="12.2",
                     cudnn_version="8.9", library_dirs=["/usr/local/cuda/lib64"], compute_capability="3.5")
    for finding_id in _BUILDERS:
        for step in fix_steps(finding_id, ctx):
            if step.command and step.shell is Shell.BASH:
                out = subprocess.run(["bash", "-n", "-c", step.command], capture_output=True, text=True)
                assert out.returncode == 0, (finding_id, step.command, out.stderr)
