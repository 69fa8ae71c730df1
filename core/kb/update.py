"""A release is a command plus a review: read a wheel from PyPI and write the rows it proves.

    python -m tfgpu.core.kb.update --wheel tensorflow==2.22.0rc0 [--apply] [--out FILE]
    python -m tfgpu.core.kb.update --wheel nvidia-cudnn-cu12==9.11.0.98 [--apply]

For TensorFlow: the Pythons with a wheel per platform (pip's resolver against PyPI), the Linux x86_64 wheel's
METADATA ([and-cuda] pins, Requires-Python) and build info, the architecture list read from the fat binaries of
its libraries, and the Windows / macOS / aarch64 wheels' CUDA status; a pre-release is marked as such. For a
cuDNN wheel: the architectures its libraries carry kernels for. Without ``--apply`` the proposal is printed (or
written to ``--out``); with it, the row is put into the KB file so that ``git diff`` shows it for review, and
``python -m tfgpu.core.kb.check`` must pass before it is committed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import sys
import tempfile
from pathlib import Path

from packaging.requirements import InvalidRequirement, Requirement
from packaging.version import InvalidVersion, Version

from tfgpu.core import versions
from tfgpu.core.kb import wheels

KB_FOLDER = Path(__file__).resolve().parent.parent.parent / "resources" / "kb"
PRE_TURING = {"cc_below": "7.5", "cudnn_floor": "9.11", "pin": "nvidia-cudnn-cu12<9.11"}


def _today() -> str:
    return datetime.date.today().isoformat()


def _and_cuda(metadata: dict[str, list[str]]) -> list[Requirement]:
    out = []
    for line in metadata.get("Requires-Dist", []):
        try:
            requirement = Requirement(line)
        except InvalidRequirement:
            continue
        if requirement.marker is not None and requirement.marker.evaluate({"extra": "and-cuda"}) \
                and not requirement.marker.evaluate({"extra": ""}):
            out.append(requirement)
    return out


def _spec(requirement: Requirement) -> str:
    return f"{requirement.name}{','.join(sorted(str(s) for s in requirement.specifier))}"


def _floor(requirement: Requirement | None) -> str | None:
    for spec in requirement.specifier if requirement else ():
        if spec.operator in (">=", "==", "~="):
            return spec.version
    return None


def _pre_turing_pin(cudnn: Requirement | None, where: str) -> dict:
    """Whether [and-cuda]'s cuDNN range admits the first cuDNN without pre-Turing kernels (9.11)."""
    row: dict = {"cc_below": PRE_TURING["cc_below"], "source": f"{where}; cudnn_cuda.json rule cudnn-9.11-drops-pre-turing",
                 "status": "derived"}
    if cudnn is None:
        return {**row, "pin": None, "why": "no cuDNN requirement in the [and-cuda] extra"}
    admits = cudnn.specifier.contains(Version(PRE_TURING["cudnn_floor"] + ".0.0"), prereleases=True) or any(
        s.operator in (">=", ">") and Version(s.version) >= Version(PRE_TURING["cudnn_floor"]) for s in cudnn.specifier)
    return {**row, "pin": PRE_TURING["pin"] if admits else None,
            "admitted_by_tf_range": f"{_spec(cudnn)} {'admits' if admits else 'excludes'} cuDNN >= 9.11"}


def _python_tags(requirement: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for platform in wheels.PLATFORM_TAGS:
        found[platform] = [py for py in wheels.PYTHONS if wheels.wheel_file_for(requirement, platform, py)]
    return found


def propose_tensorflow(requirement: str, folder: Path) -> dict:
    """The tf_builds.json row the wheels prove (and what they do not say, in ``notes``)."""
    version = requirement.split("==", 1)[1]
    pythons = _python_tags(requirement)
    newest = {platform: found[-1] for platform, found in pythons.items() if found}
    if "linux" not in newest:
        raise SystemExit(f"no Linux x86_64 wheel of {requirement} on PyPI")
    read = {platform: wheels.download(requirement, platform, python, folder) for platform, python in newest.items()}
    linux = wheels.read_wheel(read["linux"], "tensorflow") if read["linux"] else None
    if linux is None:
        raise SystemExit(f"could not download the Linux x86_64 wheel of {requirement}")
    others = {p: wheels.read_wheel(path, None) for p, path in read.items() if p != "linux" and path}
    pins = _and_cuda(linux.metadata)
    runtime = next((r for r in pins if r.name.startswith("nvidia-cuda-runtime-cu")), None)
    cudnn = next((r for r in pins if r.name.startswith("nvidia-cudnn-cu")), None)
    info = linux.build_info or {}
    arch = list(info.get("cuda_compute_capabilities") or (linux.arch or {}).get("value") or [])
    query = "pip's resolver against PyPI (`pip install --dry-run --report --platform TAG --python-version X "
    query += f"--only-binary=:all: {requirement}`, {_today()})"
    where = f"{linux.file} from PyPI (pip download --no-deps, {_today()})"
    pre = Version(version).is_prerelease
    cuda = versions.major_minor(str(info.get("cuda_version") or _floor(runtime) or "")) or None
    row: dict = {
        "version": version, "prerelease": pre, "gpu_package": "tensorflow", "python_tested": None,
        "linux_cuda": cuda, "linux_cudnn": versions.major_minor(str(info.get("cudnn_version") or _floor(cudnn) or ""))
        or None, "windows_gpu": bool(others.get("windows") and (others["windows"].build_info or {}).get("is_cuda_build")),
        "windows_cuda": None, "windows_cudnn": None,
        "wheel_pythons": {"linux": pythons["linux"], "windows": pythons["windows"]},
        "requires_python": next(iter(linux.metadata.get("Requires-Python") or ()), None),
        "build_info_linux": {**info, "wheel": linux.file},
        "arch_list_linux": arch or None, "arch_list_windows": None,
        "arch_binary_linux": {**{k: (linux.arch or {}).get(k) for k in ("cubins", "ptx", "source")},
                              "status": "confirmed"} if linux.arch else None,
        "min_cc": None, "and_cuda": bool(pins), "and_cuda_requires": sorted(_spec(r) for r in pins),
        "and_cuda_key_pins": {"cuda_runtime": _spec(runtime) if runtime else None, "cudnn": _spec(cudnn) if cudnn else None},
        "windows_wheel": _platform_wheel(others.get("windows")),
        "cpu_only_wheels": {p: pythons[p] for p in ("macos_arm64", "linux_aarch64")
                            if p in others and not (others[p].build_info or {}).get("is_cuda_build")},
        "platform_wheels": {p: _platform_wheel(w) for p, w in others.items()},
        "and_cuda_pre_turing_pin": _pre_turing_pin(cudnn, f"Requires-Dist of {linux.file}"),
        "source": f"{where}: METADATA, build_info.py, fat binaries of its libraries; {query}",
        "sources": {"wheels": query, "build_info_linux": where, "and_cuda": f"Requires-Dist in {linux.file} METADATA",
                    "arch_list_linux": (f"build_info.py cuda_compute_capabilities of {linux.file}"
                                        if info.get("cuda_compute_capabilities") else (linux.arch or {}).get("source")),
                    "linux_cuda": (f"build_info.py cuda_version of {linux.file}" if info.get("cuda_version") else
                                   f"floor of the [and-cuda] requirement {_spec(runtime) if runtime else '?'}")},
        "status": "confirmed", "notes": [],
    }
    entries = [e for e in map(versions.arch_entry, arch) if e]
    if entries:
        low = min(e[1] for e in entries)
        row["min_cc"] = f"{low[0]}.{low[1]}"
    if pre:
        row["notes"].append(f"pre-release ({version}): pip installs it only when asked for (==, --pre); "
                            "recommendations skip it")
    if not info.get("cuda_version"):
        row["notes"].append("build info keeps only " + ", ".join(sorted(info)) + ": CUDA from the [and-cuda] "
                            "runtime pin's floor, cuDNN from the cuDNN pin's floor, architectures from the binaries")
    return row


def _platform_wheel(wheel: wheels.Wheel | None) -> dict | None:
    if wheel is None:
        return None
    info = wheel.build_info or {}
    requires = wheel.metadata.get("Requires-Dist", [])
    return {"wheel": wheel.file, "is_cuda_build": bool(info.get("is_cuda_build")),
            "requires_tensorflow_intel": any(r.startswith("tensorflow-intel") for r in requires),
            "source": f"{wheel.file} from PyPI (pip download --no-deps, {_today()}): build_info.py + METADATA",
            "status": "confirmed" if wheel.build_info is not None else "unconfirmed"}


def propose_cudnn(requirement: str, folder: Path) -> dict:
    """The kernel list of a cuDNN wheel (the 9.11 cut-off was read this way)."""
    path = wheels.download(requirement, "linux", "3.12", folder)
    if path is None:
        raise SystemExit(f"could not download {requirement}")
    wheel = wheels.read_wheel(path, "nvidia/cudnn/lib")
    name, version = requirement.split("==", 1)
    cubins = (wheel.arch or {}).get("cubins") or []
    return {"package": name, "version": version, "kernel_archs": cubins, "ptx": (wheel.arch or {}).get("ptx") or [],
            "kernel_archs_per_library": wheel.per_file,
            "kernel_archs_in_every_library": sorted(set.intersection(*map(set, wheel.per_file.values())),
                                                    key=versions.sort_key) if wheel.per_file else [],
            "source": f"{(wheel.arch or {}).get('source', path.name)} (pip download --no-deps, {_today()})",
            "status": "confirmed" if cubins else "unconfirmed"}


def _write(name: str, data: dict) -> None:
    (KB_FOLDER / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def apply_tensorflow(row: dict) -> None:
    """Put the row into tf_builds.json (replacing one of the same version) and its arch list into gpus.json."""
    data = json.loads((KB_FOLDER / "tf_builds.json").read_text(encoding="utf-8"))
    rows = [r for r in data["rows"] if r["version"] != row["version"]]  # newest first, as the file keeps them
    at = next((i for i, r in enumerate(rows) if versions.sort_key(r["version"]) < versions.sort_key(row["version"])),
              len(rows))
    data["rows"] = [*rows[:at], row, *rows[at:]]
    _write("tf_builds", data)
    if row.get("arch_list_linux"):
        gpus = json.loads((KB_FOLDER / "gpus.json").read_text(encoding="utf-8"))
        lists = [e for e in gpus["tf_build_arch_lists"] if e["tf_version"] != row["version"]]
        lists.insert(0, {"tf_version": row["version"], "platform": "linux", "arch_list": row["arch_list_linux"],
                         "source": row["sources"]["arch_list_linux"], "status": "confirmed"})
        gpus["tf_build_arch_lists"] = lists
        _write("gpus", gpus)


def apply_cudnn(row: dict) -> None:
    data = json.loads((KB_FOLDER / "cudnn_cuda.json").read_text(encoding="utf-8"))
    kept = [r for r in data.get("wheel_kernels", []) if (r["package"], r["version"]) != (row["package"], row["version"])]
    data["wheel_kernels"] = sorted([*kept, row], key=lambda r: (r["package"], versions.sort_key(r["version"])))
    _write("cudnn_cuda", data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tfgpu.core.kb.update", description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheel", required=True, help="tensorflow==X or nvidia-cudnn-cu12==X / nvidia-cudnn-cu13==X")
    parser.add_argument("--proposal", help="apply this reviewed proposal (a file --out wrote) instead of reading PyPI")
    parser.add_argument("--apply", action="store_true", help="write the row into resources/kb for review (git diff)")
    parser.add_argument("--out", help="write the proposal to this file instead of printing it")
    parser.add_argument("--download-dir", help="keep the wheels here (default: a temporary folder)")
    args = parser.parse_args(argv)
    name, sep, version = args.wheel.partition("==")
    try:
        Version(version)
    except InvalidVersion:
        parser.error(f"--wheel needs NAME==VERSION, got {args.wheel!r}")
    if not sep or name not in ("tensorflow", "nvidia-cudnn-cu12", "nvidia-cudnn-cu13"):
        parser.error("--wheel: tensorflow==X, nvidia-cudnn-cu12==X or nvidia-cudnn-cu13==X")
    if args.proposal:
        row = json.loads(Path(args.proposal).read_text(encoding="utf-8"))
    else:
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(args.download_dir or scratch)
            folder.mkdir(parents=True, exist_ok=True)
            row = propose_tensorflow(args.wheel, folder) if name == "tensorflow" else propose_cudnn(args.wheel, folder)
    text = json.dumps(row, indent=1, ensure_ascii=False) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if args.apply:
        (apply_tensorflow if name == "tensorflow" else apply_cudnn)(row)
        print("written into resources/kb: review with `git diff resources/kb`, then run "
              "`python -m tfgpu.core.kb.check`", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
