"""Which folders a PATH plan puts on the search path, and which toolkits they must come before.

The toolkit and cuDNN folders come from ``--cuda`` / ``--cudnn``, else from the scan: the toolkit
whose version TensorFlow's build asks for (or the only one installed), and the cuDNN install of
the major version it needs. Pure: the scan holds what the disk said.
"""

from __future__ import annotations

import ntpath
import posixpath
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tfgpu.core import versions
from tfgpu.core.configure.pathlist import PathSyntax
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.versions import major_minor

if TYPE_CHECKING:
    from tfgpu.core.probes.pythons import PythonEnv
    from tfgpu.core.scan import Scan

# Folders of a CUDA toolkit that hold what TF loads, per OS.
WINDOWS_CUDA_PARTS = (("bin",), ("libnvvp",), ("extras", "CUPTI", "lib64"))
LINUX_CUDA_PARTS = (("lib64",), ("extras", "CUPTI", "lib64"))
# pip wheels that carry CUDA's own libraries (tensorflow[and-cuda]): nvidia-cudnn-cu12, nvidia-cuda-runtime-cu11...
_CUDA_WHEEL = re.compile(r"^nvidia-(cuda-runtime|cudnn|cublas)-cu\d+$")


@dataclass
class FolderChoice:
    cuda_dir: str | None = None  # the toolkit's root
    cudnn_dir: str | None = None  # the folder holding cuDNN's libraries (None: inside the toolkit, or none)
    why: list[TrText] = field(default_factory=list)  # how they were chosen, in words
    problem: TrText | None = None  # why no folder could be chosen


def cuda_folders(cuda_dir: str, windows: bool) -> list[str]:
    join = ntpath.join if windows else posixpath.join
    root = cuda_dir.rstrip("\\/") or cuda_dir
    return [join(root, *parts) for parts in (WINDOWS_CUDA_PARTS if windows else LINUX_CUDA_PARTS)]


def wanted_folders(cuda_dir: str | None, cudnn_dir: str | None, windows: bool) -> list[str]:
    """The search-path entries for a toolkit and a cuDNN folder, in the order they go in."""
    folders = cuda_folders(cuda_dir, windows) if cuda_dir else []
    syntax = PathSyntax(windows)
    if cudnn_dir and syntax.key(cudnn_dir) not in {syntax.key(f) for f in folders}:
        folders.append(cudnn_dir)
    return folders


def choose_folders(scan: Scan | None, env: PythonEnv | None, cuda_dir: str | None = None,
                   cudnn_dir: str | None = None) -> FolderChoice:
    choice = FolderChoice(cuda_dir=cuda_dir, cudnn_dir=cudnn_dir)
    if cuda_dir:
        choice.why.append(TrText(QT_TRANSLATE_NOOP("core", "CUDA folder as given: {folder}"), folder=cuda_dir))
    if cudnn_dir:
        choice.why.append(TrText(QT_TRANSLATE_NOOP("core", "cuDNN folder as given: {folder}"), folder=cudnn_dir))
    if scan is None:
        if not cuda_dir:
            choice.problem = TrText(QT_TRANSLATE_NOOP("core", "No scan and no CUDA folder: name one with --cuda DIR."))
        return choice
    tf = env.tensorflow if env is not None else None
    needed_cuda = tf.cuda_build_version if tf is not None else None
    needed_cudnn = tf.cudnn_build_version if tf is not None else None
    windows = (scan.os.system or "").lower() == "windows"
    wheels = sorted(n for n in (tf.distributions if tf is not None else {}) if _CUDA_WHEEL.match(n))
    if not cuda_dir and not windows and wheels:
        choice.problem = TrText(QT_TRANSLATE_NOOP(
            "core", "This TensorFlow brings its own CUDA libraries ({wheels}): it needs no LD_LIBRARY_PATH, and a "
            "toolkit's folders there can make it load the wrong ones. Name a folder with --cuda DIR only if you "
            "really want that."), wheels=", ".join(wheels))
        return choice
    if not cuda_dir:
        toolkits = [t for t in scan.cuda.toolkits if t.root]
        matching = [t for t in toolkits if needed_cuda and t.version and _same_release(t.version, needed_cuda)]
        matching.sort(key=lambda t: major_minor(t.version) != major_minor(needed_cuda))  # exact release first
        if matching:
            choice.cuda_dir = matching[0].root
            choice.why.append(TrText(QT_TRANSLATE_NOOP("core", "CUDA {version} in {folder}: the version this TensorFlow "
                                                               "was built for"),
                                     version=matching[0].version or "?", folder=matching[0].root))
        elif len(toolkits) == 1 and not needed_cuda:
            choice.cuda_dir = toolkits[0].root
            choice.why.append(TrText(QT_TRANSLATE_NOOP("core", "CUDA {version} in {folder}: the only toolkit installed"),
                                     version=toolkits[0].version or "?", folder=toolkits[0].root))
        elif not toolkits:
            choice.problem = TrText(QT_TRANSLATE_NOOP(
                "core", "No CUDA toolkit was found. Install the one your TensorFlow needs first, or name its folder "
                "with --cuda DIR."))
            return choice
        elif needed_cuda:
            choice.problem = TrText(QT_TRANSLATE_NOOP(
                "core", "No installed CUDA toolkit matches this TensorFlow, which needs CUDA {needed} (installed: "
                "{found}). Install CUDA {needed}, or name a folder with --cuda DIR."), needed=needed_cuda,
                found=", ".join(f"{t.version or '?'} ({t.root})" for t in toolkits))
            return choice
        else:
            found = ", ".join(f"{t.version or '?'} ({t.root})" for t in toolkits)
            choice.problem = TrText(QT_TRANSLATE_NOOP(
                "core", "Several CUDA toolkits are installed ({found}) and none is known to match this TensorFlow: "
                "choose one with --cuda DIR."), found=found)
            return choice
    if not cudnn_dir:
        _choose_cudnn(scan, choice, needed_cudnn)
    return choice


def _choose_cudnn(scan: Scan, choice: FolderChoice, needed: str | None) -> None:
    windows = (scan.os.system or "").lower() == "windows"
    syntax = PathSyntax(windows)
    installs = [i for i in scan.cudnn.installs if i.location and i.libraries]
    major = versions.major_text(needed)
    if major:
        installs = [i for i in installs if str(i.major or versions.major_text(i.version)) == major]
    root = syntax.key(choice.cuda_dir) if choice.cuda_dir else None
    inside = [i for i in installs if root and (syntax.key(i.location) or "").startswith(root)]
    if inside:
        choice.why.append(TrText(QT_TRANSLATE_NOOP("core", "cuDNN {version} lies in the CUDA folder ({folder})"),
                                 version=inside[0].version or "?", folder=inside[0].location))
        return
    outside = [i for i in installs if not i.in_ld_cache]
    if outside:
        choice.cudnn_dir = outside[0].location
        choice.why.append(TrText(QT_TRANSLATE_NOOP("core", "cuDNN {version} in {folder}"),
                                 version=outside[0].version or "?", folder=outside[0].location))


def _same_release(installed: str, needed: str) -> bool:
    """CUDA 11.x share their DLL names (cudart64_110.dll), as do 12.x: the same major matches;
    an exact major.minor match is preferred by the caller's order."""
    return versions.same_major(installed, needed)


def conflicting_folders(scan: Scan | None, cuda_dir: str | None, cudnn_dir: str | None, windows: bool) -> list[str]:
    """Folders of *other* toolkits and cuDNN installs: ours must come before them."""
    if scan is None:
        return []
    syntax = PathSyntax(windows)
    ours = {syntax.key(f) for f in wanted_folders(cuda_dir, cudnn_dir, windows)}
    out: list[str] = []
    for toolkit in scan.cuda.toolkits:
        roots = [toolkit.root, *toolkit.aliases]
        if cuda_dir and any(syntax.key(r) == syntax.key(cuda_dir) for r in roots):
            continue
        for root in roots:
            out += [f for f in cuda_folders(root, windows) if syntax.key(f) not in ours]
            if windows:
                out.append(ntpath.join(root, "bin"))
    for install in scan.cudnn.installs:
        if install.location and syntax.key(install.location) not in ours:
            out.append(install.location)
    return list(dict.fromkeys(out))
