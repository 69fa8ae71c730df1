"""Atomic writes for real: a writer killed mid-way (SIGKILL) leaves the previous file intact; a
permission denial, a full disk (/dev/full), a file size limit and unicode names each end in a
clear message and no partial file."""

from __future__ import annotations

import errno
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import zipfile
from pathlib import Path

import pytest

from fakes.report_inputs import save_canary_scan
from tfgpu.core.report.write import ReportWriteError, atomic_write, format_for

REPO = Path(__file__).resolve().parent.parent

SLOW_WRITER = textwrap.dedent("""
    import sys, time
    from tfgpu.core.report.write import atomic_write

    def chunks():
        yield b"N" * 1_000_000
        print("writing", flush=True)
        time.sleep(60)
        yield b"N" * 1_000_000

    atomic_write(sys.argv[1], chunks())
""")


@pytest.fixture
def saved_canary_scan(tmp_path: Path) -> Path:
    return save_canary_scan(tmp_path / "input")


def _leftovers(folder: Path, name: str) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.startswith(f".{name}.") and p.name.endswith(".tmp")]


def test_a_writer_killed_mid_way_leaves_the_previous_file(tmp_path: Path):
    target = tmp_path / "report.json"
    target.write_bytes(b'{"previous": true}')
    writer = subprocess.Popen([sys.executable, "-c", SLOW_WRITER, str(target)], stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "writing"  # 1 MB is on the disk, in the temporary file
        assert _leftovers(tmp_path, "report.json")
        writer.send_signal(signal.SIGKILL)
        assert writer.wait(10) == -signal.SIGKILL
    finally:
        if writer.poll() is None:
            writer.kill()
            writer.wait()
        writer.stdout.close()
    assert target.read_bytes() == b'{"previous": true}'
    stale = _leftovers(tmp_path, "report.json")
    assert len(stale) == 1 and os.path.getsize(tmp_path / stale[0]) == 1_000_000
    atomic_write(target, b'{"next": true}')  # the next write clears what the killed one left
    assert target.read_bytes() == b'{"next": true}' and not _leftovers(tmp_path, "report.json")


def test_the_cli_killed_at_any_moment_leaves_a_whole_zip(tmp_path: Path, saved_canary_scan: Path):
    """Kill `tfgpu report` at staggered moments: the file is always the old zip or a whole new one."""
    target = tmp_path / "report.zip"
    env = dict(os.environ, TFGPU_DATA_DIR=str(tmp_path / "data"), HOME=str(tmp_path / "home"))
    subprocess.run([sys.executable, "-m", "tfgpu.core.cli", "report", "--scan", str(saved_canary_scan), "-o",
                    str(target)], check=True, env=env, capture_output=True, timeout=120)
    first = target.read_bytes()
    outcomes = set()
    for delay in (0.05, 0.3, 0.6, 0.9, 1.2, 1.6):
        child = subprocess.Popen([sys.executable, "-m", "tfgpu.core.cli", "report", "--scan", str(saved_canary_scan),
                                  "-o", str(target)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        child.kill()
        child.wait(30)
        with zipfile.ZipFile(target) as archive:
            assert archive.testzip() is None and "report.json" in archive.namelist()
        outcomes.add("old" if target.read_bytes() == first else "new")
        first = target.read_bytes()
    assert "old" in outcomes  # at least one kill landed before the rename


def test_permission_denied_is_a_clear_message_and_no_file(tmp_path: Path):
    if os.geteuid() != 0 or not Path("/usr/bin/setpriv").exists():
        pytest.skip("needs root to drop to another user with setpriv")
    base = Path(tempfile.mkdtemp(prefix="tfgpu-report-"))  # pytest's own folders are 0700: nobody could not reach them
    base.chmod(0o755)
    folder = base / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    code = ("from tfgpu.core.report.write import atomic_write, ReportWriteError\n"
            "try:\n    atomic_write(__import__('sys').argv[1], b'x' * 1000)\n"
            "except ReportWriteError as e:\n    print(e)\n")
    result = subprocess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", sys.executable, "-c", code,
                             str(folder / "报告.json")], capture_output=True, text=True, timeout=60)
    try:
        assert "permission denied" in result.stdout and "报告.json" in result.stdout, result.stderr
        assert os.listdir(folder) == []
    finally:
        shutil.rmtree(base)


def test_a_full_disk_is_a_clear_message_and_no_file(tmp_path: Path):
    target = tmp_path / "report.html"
    with pytest.raises(ReportWriteError, match="the disk is full"):
        atomic_write(target, b"x" * 100_000, opener=lambda _name: os.open("/dev/full", os.O_WRONLY))
    assert not target.exists() and not list(tmp_path.iterdir())


def test_a_file_size_limit_is_a_clear_message_and_the_old_file_stays(tmp_path: Path):
    """RLIMIT_FSIZE in a real child process: the kernel refuses the write (EFBIG)."""
    target = tmp_path / "report.txt"
    target.write_text("previous")
    code = ("import sys\nfrom tfgpu.core.report.write import atomic_write, ReportWriteError\n"
            "try:\n    atomic_write(sys.argv[1], b'x' * 200_000)\nexcept ReportWriteError as e:\n    print(e)\n")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (50_000, 50_000))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)

    result = subprocess.run([sys.executable, "-c", code, str(target)], capture_output=True, text=True,
                            preexec_fn=limit, timeout=60)
    assert "larger than this system allows" in result.stdout, result.stdout + result.stderr
    assert target.read_text() == "previous" and [p.name for p in tmp_path.iterdir()] == ["report.txt"]


def test_unicode_paths_work(tmp_path: Path):
    folder = tmp_path / "诊断 ü 😀"
    folder.mkdir()
    target = folder / "报告 tfgpu.md"
    atomic_write(target, "数据".encode())
    assert target.read_text(encoding="utf-8") == "数据" and [p.name for p in folder.iterdir()] == ["报告 tfgpu.md"]


@pytest.mark.parametrize("make, words", [
    (lambda base: base / "missing" / "r.json", "does not exist"),
    (lambda base: base, "is a folder"),
    (lambda base: base / ("x" * 300 + ".json"), "too long"),
])
def test_other_bad_targets(tmp_path: Path, make, words):
    with pytest.raises(ReportWriteError, match=words):
        atomic_write(make(tmp_path), b"{}")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_every_errno_has_words(tmp_path: Path):
    for code in (errno.EACCES, errno.ENOSPC, errno.EFBIG, errno.EDQUOT, errno.EROFS, errno.EIO):
        def fail(_name: str, code=code) -> int:
            raise OSError(code, os.strerror(code))

        with pytest.raises(ReportWriteError) as caught:
            atomic_write(tmp_path / "r.json", b"{}", opener=fail)
        assert "r.json" in str(caught.value)


def test_format_from_the_name():
    assert [format_for(n) for n in ("a.JSON", "b.md", "c.htm", "d.txt", "e.zip", "f.markdown")] == \
        ["json", "md", "html", "txt", "zip", "md"]
    assert format_for("report.bin", "zip") == "zip"
    with pytest.raises(ValueError, match="cannot tell the format"):
        format_for("report")
    with pytest.raises(ValueError, match="unknown format"):
        format_for("a.json", "pdf")
