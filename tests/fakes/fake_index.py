"""A package index made on the spot, for real pip runs that must not reach PyPI.

- :func:`make_wheel`: a small valid wheel (``payload`` bytes of zeros make it big once installed, not
  on disk: they compress to almost nothing);
- :func:`build_index`: a PEP 503 "simple" folder for ``file://`` URLs;
- :class:`SlowIndex`: the same folder over HTTP on 127.0.0.1 (pip trusts localhost), wheels sent
  slowly, so a test can stop pip in the middle of a download;
- :func:`pip_env`: an environment in which pip reads no config file and uses only that index.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import threading
import time
import zipfile
from pathlib import Path

from conftest import PYENV


def make_wheel(folder: Path, name: str, version: str, tag: str = "py3-none-any", payload: int = 0) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{version}-{tag}.whl"
    info = f"{name}-{version}.dist-info"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        wheel.writestr(f"{name}/__init__.py", f'__version__ = "{version}"\n')
        if payload:
            wheel.writestr(f"{name}/payload.bin", b"\0" * payload)
        wheel.writestr(f"{info}/METADATA", f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
        wheel.writestr(f"{info}/WHEEL", f"Wheel-Version: 1.0\nGenerator: tfgpu-tests\nRoot-Is-Purelib: true\nTag: {tag}\n")
        wheel.writestr(f"{info}/RECORD", "")
    return path


def build_index(root: Path, wheels: list[Path]) -> Path:
    """``root/simple/<project>/index.html`` linking to ``root/files/<wheel>``; returns ``root/simple``."""
    files, simple = root / "files", root / "simple"
    files.mkdir(parents=True, exist_ok=True)
    projects: dict[str, list[str]] = {}
    for wheel in wheels:
        if wheel.parent != files:
            shutil.copy2(wheel, files / wheel.name)
        project = re.sub(r"[-_.]+", "-", wheel.name.split("-")[0]).lower()
        projects.setdefault(project, []).append(wheel.name)
    for project, names in projects.items():
        (simple / project).mkdir(parents=True, exist_ok=True)
        links = "".join(f'<a href="../../files/{n}">{n}</a>\n' for n in names)
        (simple / project / "index.html").write_text(f"<html><body>\n{links}</body></html>\n")
    (simple / "index.html").write_text("<html><body>" + "".join(f'<a href="{p}/">{p}</a>' for p in projects)
                                       + "</body></html>")
    return simple


def pip_env(index_url: str, **extra: str) -> dict[str, str]:
    """The test process's environment without pip settings, pointed at ``index_url`` only."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env.update({"PIP_CONFIG_FILE": os.devnull, "PIP_INDEX_URL": index_url, "PIP_RETRIES": "1",
                "PIP_TIMEOUT": "5", "PIP_NO_CACHE_DIR": "1"}, **extra)
    return env


def new_pip_python() -> str | None:
    """A pyenv Python whose bundled pip (24.1+) knows ``--progress-bar raw``, so the offline tests need
    no newer pip from the fake index."""
    for version in ("3.13", "3.12"):
        for folder in sorted(PYENV.glob(f"{version}*")) if PYENV.is_dir() else []:
            bundled = list((folder / "lib").glob("python3.*/ensurepip/_bundled/pip-*.whl"))
            if (folder / "bin" / "python").exists() and any(_pip_at_least(w.name, (24, 1)) for w in bundled):
                return str(folder / "bin" / "python")
    return None


def _pip_at_least(name: str, floor: tuple[int, int]) -> bool:
    match = re.match(r"pip-(\d+)\.(\d+)", name)
    return bool(match) and (int(match.group(1)), int(match.group(2))) >= floor


class _Handler(http.server.SimpleHTTPRequestHandler):
    rate_bytes_per_s = 2_000_000

    def log_message(self, *args) -> None:  # quiet
        pass

    def copyfile(self, source, outputfile) -> None:
        if not self.path.endswith(".whl"):
            return super().copyfile(source, outputfile)
        chunk = 64 * 1024
        delay = chunk / self.rate_bytes_per_s
        try:
            while block := source.read(chunk):
                outputfile.write(block)
                outputfile.flush()
                time.sleep(delay)
        except (BrokenPipeError, ConnectionResetError):  # pip was stopped mid-download: the point
            pass


class SlowIndex:
    """``with SlowIndex(root) as url:`` serves ``root`` (see :func:`build_index`) at ``url`` (…/simple)."""

    def __init__(self, root: Path, rate_bytes_per_s: int = 2_000_000) -> None:
        handler = type("Handler", (_Handler,), {"rate_bytes_per_s": rate_bytes_per_s})
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, name="fake-index", daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        return f"http://127.0.0.1:{self.server.server_address[1]}/simple"

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)
