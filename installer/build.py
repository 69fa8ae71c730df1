"""Build the one-folder app: ``python installer/build.py`` (the same on Windows and Linux).

Makes dist/tfgpu/ with ``tfgpu-assistant`` (the window, no console; icon and version info on Windows) and
``tfgpu`` (the console command) sharing one Python, Qt and numpy, then prints its size and what dominates
it. TensorFlow is not bundled: the app checks the user's Pythons through its agents, shipped as plain .py
files. On Windows, ``--installer`` then compiles installer/tfgpu.iss with Inno Setup (ISCC.exe) into
dist/tfgpu-assistant-setup-<version>.exe.

Needs PyInstaller in the running Python (``pip install pyinstaller``) and tfgpu's dependencies.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BUILD = REPO / "build"
DIST = REPO / "dist"
APP = DIST / "tfgpu"
# The package as a wheel lays it out (pyproject's package-dir): PyInstaller needs a real tfgpu/ folder.
LAYOUT = {"core/_entry": "tfgpu", "core": "tfgpu/core", "gui": "tfgpu/gui", "resources": "tfgpu/resources"}


def version() -> str:
    text = (REPO / "core" / "version.py").read_text(encoding="utf-8")
    match = re.search(r'__version__\s*=\s*"([^"]+)"', text)
    if not match:
        raise SystemExit("no __version__ in core/version.py")
    return match.group(1)


def prepare_source(src: Path) -> None:
    shutil.rmtree(src, ignore_errors=True)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", "_entry")
    for origin, target in LAYOUT.items():
        dest = src / target
        if origin == "core/_entry":
            dest.mkdir(parents=True)
            for name in ("__init__.py", "__main__.py", "entry.py"):  # entry.py: the composition root (tfgpu.entry)
                shutil.copy2(REPO / origin / name, dest / name)
        else:
            shutil.copytree(REPO / origin, dest, ignore=skip)


def make_icon(out: Path) -> Path | None:
    """resources/icons/app.svg as a multi-size .ico (Windows) or .png, drawn by Qt."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QGuiApplication, QIcon

    _app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 - Qt needs one to paint
    icon = QIcon(str(REPO / "resources" / "icons" / "app.svg"))
    target = out / ("tfgpu.ico" if sys.platform == "win32" else "tfgpu.png")
    image = icon.pixmap(QSize(256, 256)).toImage()
    return target if image.save(str(target)) else None


def version_file(out: Path, number: str) -> Path:
    """The VERSIONINFO resource PyInstaller writes into the Windows executables."""
    parts = [int(p) for p in re.findall(r"\d+", number)[:4]] + [0] * 4
    four = tuple(parts[:4])
    text = f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={four}, prodvers={four}, mask=0x3f, flags=0x0, OS=0x40004, fileType=0x1,
                    subtype=0x0, date=(0, 0)),
  kids=[StringFileInfo([StringTable('040904B0', [
      StringStruct('CompanyName', 'tfgpu developers'),
      StringStruct('FileDescription', 'TF GPU Assistant'),
      StringStruct('FileVersion', '{number}'),
      StringStruct('InternalName', 'tfgpu'),
      StringStruct('LegalCopyright', 'Apache-2.0'),
      StringStruct('OriginalFilename', 'tfgpu-assistant.exe'),
      StringStruct('ProductName', 'TF GPU Assistant'),
      StringStruct('ProductVersion', '{number}')])]),
        VarFileInfo([VarStruct('Translation', [1033, 1200])])])
"""
    path = out / "version_info.txt"
    path.write_text(text, encoding="utf-8")
    return path


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def size_report(app: Path, top: int = 8) -> str:
    """The total, then what dominates it: the biggest top-level parts of the bundle."""
    internal = app / "_internal" if (app / "_internal").is_dir() else app
    parts: dict[str, int] = {}
    for entry in internal.iterdir():
        if entry.is_symlink():
            continue
        size = folder_size(entry) if entry.is_dir() else entry.stat().st_size
        key = _group(entry.name)
        parts[key] = parts.get(key, 0) + size
    for entry in app.iterdir():
        if entry != internal:
            parts[entry.name] = folder_size(entry) if entry.is_dir() else entry.stat().st_size
    total = folder_size(app)
    lines = [f"dist/tfgpu: {total / 1e6:.1f} MB"]
    for name, size in sorted(parts.items(), key=lambda item: -item[1])[:top]:
        lines.append(f"  {name:<28} {size / 1e6:7.1f} MB  {100 * size / total:4.1f} %")
    return "\n".join(lines)


def _group(name: str) -> str:
    if name.lower().startswith(("libpython", "python3")):
        return "libpython"
    if name.startswith(("numpy", "libopenblas", "libgfortran", "libscipy_openblas", "libquadmath")):
        return "numpy (+ OpenBLAS)"
    return name


def build(installer: bool) -> int:
    try:
        import PyInstaller  # noqa: F401
    except ImportError:
        print("PyInstaller is not installed in this Python: pip install pyinstaller", file=sys.stderr)
        return 2
    number = version()
    work = BUILD / "pyinstaller"
    work.mkdir(parents=True, exist_ok=True)
    src = BUILD / "src"
    prepare_source(src)
    icon = make_icon(work) if sys.platform in ("win32", "darwin") else None  # PyInstaller ignores it elsewhere
    env = dict(os.environ, TFGPU_BUILD_SRC=str(src), TFGPU_BUILD_ICON=str(icon or ""),
               TFGPU_BUILD_VERSION_FILE=str(version_file(work, number)))
    command = [sys.executable, "-m", "PyInstaller", str(REPO / "installer" / "tfgpu.spec"), "--noconfirm",
               "--clean", "--log-level", "WARN", "--distpath", str(DIST), "--workpath", str(work)]
    if subprocess.run(command, env=env, cwd=REPO).returncode != 0:
        return 1
    print(size_report(APP))
    if installer:
        return compile_installer(number)
    return 0


def compile_installer(number: str) -> int:
    iscc = shutil.which("ISCC") or r"C:\Program Files (x86)\Inno Setup 6\ISCC.exe"
    if sys.platform != "win32" or not Path(iscc).is_file():
        print("Inno Setup's ISCC.exe is needed (Windows only): https://jrsoftware.org/isinfo.php", file=sys.stderr)
        return 2
    return subprocess.run([iscc, f"/DAppVersion={number}", f"/DSourceDir={APP}", f"/DOutputDir={DIST}",
                           str(REPO / "installer" / "tfgpu.iss")]).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--installer", action="store_true", help="then compile the Inno Setup installer (Windows)")
    parser.add_argument("--size-only", action="store_true", help="only report the size of an existing dist/tfgpu")
    args = parser.parse_args(argv)
    if args.size_only:
        print(size_report(APP))
        return 0
    return build(args.installer)


if __name__ == "__main__":
    sys.exit(main())
