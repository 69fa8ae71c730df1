"""Why an install cannot start or stopped, as findings with a clear fix.

A failed step's output is matched in order: no disk space, no network or a proxy (pip or conda cannot
reach the index), no wheel for this Python; anything else is ``install-step-failed`` with its last
error lines and the log. Refusals (a folder that is not empty, an interpreter tfgpu did not create,
PEP 668) are ``install-step-failed`` too, made before anything changes.
"""

from __future__ import annotations

from tfgpu.core.findings import links
from tfgpu.core.findings.catalog import make_finding
from tfgpu.core.findings.fixes import step
from tfgpu.core.findings.model import Finding, FixStep
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import Evidence
from tfgpu.core.shell import Shell, UnsafeText, command

MINIFORGE = "https://github.com/conda-forge/miniforge"
MINIFORGE_WINDOWS = "https://github.com/conda-forge/miniforge/releases/latest/download/Miniforge3-Windows-x86_64.exe"
PIP_PROXY = "https://pip.pypa.io/en/stable/user_guide/#using-a-proxy-server"
# A widely used mirror of PyPI (Tsinghua University, https://mirrors.tuna.tsinghua.edu.cn/help/pypi/).
PYPI_MIRROR = "https://pypi.tuna.tsinghua.edu.cn/simple"

DISK = ("No space left on device", "[Errno 28]", "WinError 112", "not enough space on the disk", "ENOSPC",
        "Disk quota exceeded")
PROXY = ("ProxyError", "Cannot connect to proxy", "407 Proxy Authentication")
NETWORK = (*PROXY, "NewConnectionError", "Failed to establish a new connection", "Temporary failure in name resolution",
           "Name or service not known", "getaddrinfo failed", "nodename nor servname", "ConnectTimeoutError",
           "Connection timed out", "ReadTimeoutError", "Read timed out", "SSLError", "CERTIFICATE_VERIFY_FAILED",
           "Network is unreachable", "Connection refused", "Connection reset", "No route to host", "CondaHTTPError",
           "CONNECTION FAILED", "Could not fetch URL")
NO_WHEEL = ("Could not find a version that satisfies the requirement", "No matching distribution found",
            "PackagesNotFoundError", "ResolvePackageNotFound", "is not a supported wheel on this platform")
ERROR_LINES = 6


def refusal(detail: TrText, facts: dict | None = None) -> Finding:
    """tfgpu will not start: nothing was changed."""
    return make_finding("install-step-failed", detail, facts=facts or {})


def conda_missing() -> Finding:
    return make_finding(
        "conda-missing",
        TrText(QT_TRANSLATE_NOOP("core", "No conda was found (not on PATH, not in the usual folders). The native "
                                         "Windows route needs it for CUDA 11.2 and cuDNN 8.1.")),
        fix=[step(QT_TRANSLATE_NOOP("core", "Install Miniforge (conda with the conda-forge channel), for just you:"),
                  url=MINIFORGE_WINDOWS),
             step(QT_TRANSLATE_NOOP("core", "Then start the install again; tfgpu finds conda in its usual folder."),
                  url=MINIFORGE)])


def no_python_for(tf_version: str | None, wanted: list[str], platform: str) -> Finding:
    return make_finding(
        "install-no-wheel",
        TrText(QT_TRANSLATE_NOOP("core", "No Python here has a TensorFlow {tf} package; it is published for Python "
                                         "{wanted} on {platform}."),
               tf=tf_version or "", wanted=", ".join(wanted) or "?", platform=platform),
        facts={"tf_version": tf_version, "wheel_pythons": wanted, "platform": platform},
        fix=_other_python_steps(wanted))


def no_disk_space(target: str, free: int | None, needed: int | None) -> Finding:
    return make_finding(
        "install-no-disk-space",
        TrText(QT_TRANSLATE_NOOP("core", "The disk that holds {target} has {free} GB free; this install needs about "
                                         "{needed} GB."),
               target=target, free=_gb(free), needed=_gb(needed)),
        facts={"target": target, "free_bytes": free, "needed_bytes": needed},
        fix=[step(QT_TRANSLATE_NOOP("core", "Free some space (empty the recycle bin, remove old environments), or "
                                            "choose a folder on another disk with --target (\u201cFolder\u201d in the app)."))])


def interrupted(target: str, location: str = "local", windows: bool = False) -> Finding:
    shell = Shell.POWERSHELL if windows else Shell.BASH
    try:
        name = target if location == "local" else f"{location}:{target}"  # wsl:Ubuntu:tfgpu-tf
        remove = command(["tfgpu", "install", "--remove", name], shell, bare_program=True)
    except UnsafeText:
        remove = None
    return make_finding(
        "install-interrupted",
        TrText(QT_TRANSLATE_NOOP("core", "The environment in {target} is incomplete: the install did not finish. "
                                         "Nothing else was changed."), target=target),
        facts={"target": target, "location": location},
        fix=[step(QT_TRANSLATE_NOOP("core", "Remove it, then start again:"), command=remove, shell=shell)])


def classify(output: str, *, step_command: str, python: str | None, python_version: str | None,
             tf_spec: str, wanted: list[str], env: dict[str, str] | None = None) -> Finding:
    """The finding for a step that failed with this output."""
    lines = [line for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if "ERROR" in line or "Error" in line] or lines
    evidence = [Evidence("command", step_command, "\n".join(errors[-ERROR_LINES:]))]
    if _has(output, DISK):
        return make_finding("install-no-disk-space", TrText(QT_TRANSLATE_NOOP(
            "core", "A step stopped because the disk is full (\u201cNo space left on device\u201d).")),
            evidence=evidence, fix=no_disk_space("", None, None).fix)
    if _has(output, NETWORK):
        proxy = _has(output, PROXY) or any(k.upper() in ("HTTPS_PROXY", "HTTP_PROXY") for k in (env or {}))
        detail = (QT_TRANSLATE_NOOP("core", "pip could not reach the package index through the proxy that is set.")
                  if proxy else QT_TRANSLATE_NOOP("core", "pip or conda could not reach the package index: no network "
                                                          "connection, a proxy that is not set, or a blocked site."))
        return make_finding("install-no-network", TrText(detail), evidence=evidence, fix=network_steps(python))
    if _has(output, NO_WHEEL):
        return make_finding("install-no-wheel", TrText(QT_TRANSLATE_NOOP(
            "core", "The package index has no {spec} for Python {python} on this platform."),
            spec=tf_spec, python=python_version or "?"),
            evidence=evidence, facts={"python_version": python_version, "wheel_pythons": wanted},
            fix=_other_python_steps(wanted))
    last = errors[-1][:300] if errors else ""
    return make_finding("install-step-failed", TrText(QT_TRANSLATE_NOOP(
        "core", "The step failed: {error}"), error=last or "?"), evidence=evidence)


def network_steps(python: str | None) -> list[FixStep]:
    fix = [step(QT_TRANSLATE_NOOP("core", "Check that this computer is online. Behind a proxy, set HTTPS_PROXY to "
                                          "its address (http://host:port) and start again."), url=PIP_PROXY)]
    argv = [python or "python", "-m", "pip", "config", "--user", "set", "global.index-url", PYPI_MIRROR]
    shell = Shell.POWERSHELL if python and "\\" in python else Shell.BASH
    try:
        mirror = command(argv, shell, bare_program=True)
    except UnsafeText:
        mirror = None
    fix.append(step(QT_TRANSLATE_NOOP("core", "Or use a mirror of the package index that you can reach (this one is "
                                              "in China), then start again:"), command=mirror, shell=shell, url=links.TF_PIP))
    return fix


def _other_python_steps(wanted: list[str]) -> list[FixStep]:
    return [step(QT_TRANSLATE_NOOP("core", "Install Python {wanted} (or use one you have), then start again and "
                                           "choose it (--python PATH):"), wanted=" / ".join(wanted) or "?",
                 url=links.PYTHON_DOWNLOADS)]


def _gb(value: int | None) -> str:
    return f"{value / 1024 ** 3:.1f}" if value else "?"


def _has(text: str, needles: tuple[str, ...]) -> bool:
    return any(needle in text for needle in needles)
