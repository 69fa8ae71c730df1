"""The real command runner and the rooted file system, against real processes and files."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
import types
from pathlib import Path

import psutil
import pytest

from fakes.fake_host import FakeCommand, FakeHost
from tfgpu.core.host import (
    MAX_OUTPUT_BYTES,
    CommandResult,
    FileSystem,
    RealHost,
    WinRegistry,
    decode_output,
    path_entries,
    which,
)
from tfgpu.core.host.process import _kill_tree, run_process

pytestmark = pytest.mark.posix  # real bash/sh, POSIX paths or signals


def script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\n" + textwrap.dedent(body))
    path.chmod(0o755)
    return str(path)


def test_runs_a_command_and_reports_exit_code_output_and_duration():
    result = run_process([sys.executable, "-c", "import sys; print('out'); print('err', file=sys.stderr); sys.exit(3)"])
    assert result.returncode == 3
    assert result.stdout.strip() == "out"
    assert result.stderr.strip() == "err"
    assert result.duration_s > 0
    assert not result.ok


def gone(pid: int, within: float = 2.0) -> bool:
    """The process has ended (a zombie waiting for init counts as ended)."""
    deadline = time.monotonic() + within
    while True:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                return True
        except psutil.NoSuchProcess:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)


def test_a_hung_command_is_killed_with_its_children(tmp_path):
    pid_file = tmp_path / "child.pid"
    hang = script(tmp_path, "hang.sh", f"sleep 60 & echo $! > {pid_file}; wait\n")
    started = time.monotonic()
    result = run_process([hang], timeout=0.5)
    elapsed = time.monotonic() - started
    assert result.timed_out and result.returncode is None
    assert elapsed < 5
    assert gone(int(pid_file.read_text()))  # SIGKILL lands within moments, not at once


def test_background_leftovers_are_killed_when_the_command_exits(tmp_path):
    pid_file = tmp_path / "child.pid"
    leaver = script(tmp_path, "leaver.sh", f"sleep 30 & echo $! > {pid_file}\necho done\nexit 0\n")
    started = time.monotonic()
    result = run_process([leaver], timeout=20)
    elapsed = time.monotonic() - started
    assert result.ok and result.stdout == "done\n"
    assert elapsed < 1.5  # the sleep held our pipes: without the kill, each pump waited 2 s
    assert gone(int(pid_file.read_text()))


def test_kill_tree_falls_back_to_the_child_without_psutil(monkeypatch):
    proc = subprocess.Popen(["sleep", "30"])
    try:
        monkeypatch.setitem(sys.modules, "psutil", None)  # "import psutil" now fails
        _kill_tree(proc)
        assert proc.wait(timeout=3) == -9
    finally:
        proc.kill()
        proc.wait()


def test_cancel_stops_a_running_command_quickly(tmp_path):
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    started = time.monotonic()
    result = run_process(["sleep", "30"], timeout=60, cancel=cancel)
    assert result.cancelled and result.returncode is None
    assert time.monotonic() - started < 3


def test_missing_binary_is_a_state_not_an_exception(tmp_path):
    result = run_process([str(tmp_path / "no-such-program")])
    assert result.error == "not found" and result.returncode is None


def test_permission_denied_is_a_state(tmp_path):
    path = tmp_path / "not-executable"
    path.write_text("#!/bin/sh\necho hi\n")
    path.chmod(0o644)
    result = run_process([str(path)])
    assert result.error == "permission denied"


def test_a_file_that_is_not_a_program_is_a_state(tmp_path):
    path = tmp_path / "data.bin"
    path.write_bytes(b"\x00\x01\x02garbage")
    path.chmod(0o755)
    result = run_process([str(path)])
    assert result.returncode is None and result.error and result.error.startswith("cannot run")


def test_non_utf8_output_never_raises_and_keeps_the_text(tmp_path):
    gbk = "驱动程序版本".encode("gbk")  # what a Chinese Windows console prints
    result = run_process([sys.executable, "-c", f"import sys; sys.stdout.buffer.write({gbk!r})"], encoding="cp936")
    assert result.stdout == "驱动程序版本"
    garbage = run_process([sys.executable, "-c", "import sys; sys.stdout.buffer.write(bytes(range(256)))"])
    assert garbage.returncode == 0 and "\ufffd" in garbage.stdout


def test_huge_output_is_capped_and_flagged():
    code = f"import sys; sys.stdout.write('x' * {MAX_OUTPUT_BYTES + 100_000})"
    result = run_process([sys.executable, "-c", code], timeout=60)
    assert result.returncode == 0
    assert result.truncated
    assert len(result.stdout) == MAX_OUTPUT_BYTES


def test_stdout_lines_stream_to_the_callback_as_they_come():
    seen: list[tuple[float, str]] = []
    code = "import time\nfor i in range(3):\n    print(i, flush=True); time.sleep(0.2)"
    run_process([sys.executable, "-c", code], on_stdout_line=lambda line: seen.append((time.monotonic(), line)))
    assert [line for _, line in seen] == ["0", "1", "2"]
    assert seen[-1][0] - seen[0][0] > 0.3  # streamed, not delivered at the end


def test_decode_output_prefers_utf8_then_the_code_page():
    assert decode_output("Größe".encode()) == "Größe"
    assert decode_output("Größe".encode("cp850"), "cp850") == "Größe"
    assert decode_output(b"\xff\xfe", "no-such-codec") == "\ufffd\ufffd"


def test_one_code_page_line_does_not_garble_the_utf8_lines_around_it():
    data = "Größe: 1\n".encode() + "驱动程序版本".encode("gbk") + b"\r\n" + "tschüß\n".encode()
    assert decode_output(data, "cp936") == "Größe: 1\n驱动程序版本\r\ntschüß\n"


def test_a_character_cut_at_the_end_keeps_the_rest_in_utf8():
    data = "Schöne\nGröß".encode()[:-1]  # the cap cut "ß" in half
    assert decode_output(data, "cp850") == "Schöne\nGrö\ufffd"


def test_output_capped_inside_a_character_stays_utf8():
    count = MAX_OUTPUT_BYTES // 3 + 10  # "€" is 3 bytes; the cap falls inside one
    code = f"import sys; sys.stdout.buffer.write('€'.encode() * {count})"
    result = run_process([sys.executable, "-c", code], timeout=60, encoding="cp1252")
    assert result.truncated
    assert result.stdout == "€" * (MAX_OUTPUT_BYTES // 3) + "\ufffd"


def test_describe_shortens_inline_scripts():
    script_text = "import sys\nprint(sys.version)\n" + "x = 1\n" * 50
    result = CommandResult(("/usr/bin/python3", "-I", "-c", script_text), 0)
    assert result.describe() == "/usr/bin/python3 -I -c import sys…: exit 0"
    long_arg = "--query-gpu=" + ",".join(["name"] * 40)
    described = CommandResult(("nvidia-smi", long_arg), None, error="not found").describe()
    assert described == f"nvidia-smi {long_arg[:80]}…: not found"
    assert CommandResult(("nvcc", "--version"), 0).describe() == "nvcc --version: exit 0"


class FakeWinreg(types.ModuleType):
    """Just enough of ``winreg`` for :class:`WinRegistry`: one key with one subkey and one value."""

    HKEY_LOCAL_MACHINE = 1
    HKEY_CURRENT_USER = 2
    REG_SZ = 1  # a constant that is not a hive

    def __init__(self) -> None:
        super().__init__("winreg")

    class _Key:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    def OpenKey(self, hive, sub):  # noqa: N802 - winreg's names
        if (hive, sub) != (1, "SOFTWARE\\Python"):
            raise FileNotFoundError(sub)
        return self._Key()

    def QueryInfoKey(self, handle):  # noqa: N802
        return (1, 1, 0)

    def EnumKey(self, handle, i):  # noqa: N802
        return "PythonCore"

    def EnumValue(self, handle, i):  # noqa: N802
        return ("", "C:\\Py", 1)


def test_win_registry_reads_keys_and_never_raises(monkeypatch):
    reg = WinRegistry()
    monkeypatch.setitem(sys.modules, "winreg", FakeWinreg())
    assert reg.subkeys("HKLM\\SOFTWARE\\Python") == ["PythonCore"]
    assert reg.values("hklm\\SOFTWARE\\Python") == {"": "C:\\Py"}
    assert reg.subkeys("HKCU\\SOFTWARE\\Python") == []  # missing key
    for unknown in ("HKXX\\SOFTWARE\\Python", "REG_SZ\\SOFTWARE\\Python"):
        assert reg.subkeys(unknown) == [] and reg.values(unknown) == {}
    monkeypatch.setitem(sys.modules, "winreg", None)  # not Windows
    assert reg.subkeys("HKLM\\SOFTWARE\\Python") == [] and reg.values("HKLM\\SOFTWARE\\Python") == {}


def test_fake_windows_tree_is_case_insensitive_like_a_real_disk(windows_host: FakeHost):
    windows_host.write("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin\\cudart64_110.dll", b"MZ")
    fs = windows_host.files
    assert fs.is_file("c:\\program files\\nvidia gpu computing toolkit\\cuda\\V11.2\\BIN\\CUDART64_110.DLL")
    assert fs.listdir("C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA") == ["v11.2"]
    assert not fs.exists("D:\\anything")


def test_which_honours_pathext_on_windows(windows_host: FakeHost):
    windows_host.write("C:\\Windows\\System32\\nvidia-smi.exe", b"MZ")
    assert which(windows_host, "nvidia-smi") == "C:\\Windows\\system32\\nvidia-smi.exe"
    assert which(windows_host, "nvcc") is None


def test_path_entries_drop_blanks_quotes_and_duplicates(windows_host: FakeHost):
    value = 'C:\\A;;"C:\\B";c:\\a;C:\\C'
    assert path_entries(windows_host, value) == ["C:\\A", "C:\\B", "C:\\C"]


def test_fake_commands_match_by_name_and_args(windows_host: FakeHost):
    windows_host.on("nvidia-smi", FakeCommand(stdout="table"))
    windows_host.on("nvidia-smi", FakeCommand(stdout="csv"), args=["--format=csv,noheader"])
    assert windows_host.run(["C:\\Windows\\System32\\nvidia-smi.exe"]).stdout == "table"
    assert windows_host.run(["nvidia-smi", "--format=csv,noheader"]).stdout == "csv"
    assert windows_host.run(["nvcc"]).error == "not found"
    hung = FakeHost(root=Path("/nonexistent"), system="Linux")
    hung.on("nvidia-smi", FakeCommand(hang=True))
    assert hung.run(["nvidia-smi"], timeout=3).timed_out


def test_fake_registry_lists_subkeys_and_values(windows_host: FakeHost):
    reg = windows_host.registry
    reg.set("HKCU\\SOFTWARE\\Python\\PythonCore\\3.10\\InstallPath", "ExecutablePath", "C:\\Py310\\python.exe")
    reg.set("HKCU\\SOFTWARE\\Python\\ContinuumAnalytics\\Anaconda3-64\\InstallPath", "", "C:\\Anaconda3")
    assert reg.subkeys("HKCU\\SOFTWARE\\Python") == ["ContinuumAnalytics", "PythonCore"]
    assert reg.values("hkcu\\software\\python\\pythoncore\\3.10\\installpath") == {
        "ExecutablePath": "C:\\Py310\\python.exe"
    }


def test_real_host_file_system_reads_this_machine(tmp_path):
    (tmp_path / "f.txt").write_text("hello")
    host = RealHost()
    assert host.files.read_text(str(tmp_path / "f.txt")) == "hello"
    assert host.files.listdir(str(tmp_path)) == ["f.txt"]
    with pytest.raises(OSError):
        host.files.read_text(str(tmp_path / "missing"))
    linked = tmp_path / "link"
    linked.symlink_to(tmp_path / "f.txt")
    assert host.files.realpath(str(linked)) == str(tmp_path / "f.txt")


def test_rooted_file_system_resolves_symlinks_inside_the_root(linux_host: FakeHost):
    linux_host.write("/usr/local/cuda-12.4/version.json", "{}")
    linux_host.symlink("/usr/local/cuda", "/usr/local/cuda-12.4")
    assert linux_host.files.realpath("/usr/local/cuda") == "/usr/local/cuda-12.4"
    assert isinstance(linux_host.files, FileSystem)


def test_fake_writes_land_where_the_file_system_looks(windows_host: FakeHost, linux_host: FakeHost):
    written = windows_host.write("d:\\Tools\\..\\CUDA\\nvcc.exe", b"MZ")
    assert windows_host.files.local("D:\\cuda\\NVCC.EXE") == windows_host.root / "D" / "CUDA" / "nvcc.exe"
    assert windows_host.files.is_file(written)
    linux_host.write("/opt//cuda/./bin/nvcc", "")
    assert linux_host.files.local("/opt/cuda/bin/nvcc") == linux_host.root / "opt" / "cuda" / "bin" / "nvcc"
