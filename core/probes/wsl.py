"""Inside each WSL 2 distro, seen from Windows: its Pythons, TensorFlow in them, /dev/dxg, nvidia-smi.

Windows' Re-check must see the route we recommend there (WSL2 + ``tensorflow[and-cuda]``). Every look
inside a distro is one ``wsl.exe -d NAME -e ...`` command with a timeout (a stopped distro takes seconds
to start): one ``sh`` script finds the Pythons (PATH, venvs and conda under the home folder) and asks each
about itself, then the TF agent runs in each working one. The agent file is read from Windows' disk
through WSL's drive mount (``C:\\x`` is ``/mnt/c/x``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from tfgpu.core.host import CommandResult, Host, getenv
from tfgpu.core.host.agents import agent_file
from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.core.probes.base import Evidence, ProbeResult, Status, safe_probe
from tfgpu.core.probes.os_info import OsInfo
from tfgpu.core.probes.pythons import QUERY_SCRIPT, PythonEnv
from tfgpu.core.probes.tensorflow import AGENT_FILE, TF_PROBE_TIMEOUT_S, TfInfo, interpret_agent_run

# A distro that is not running starts on the first command: allow for that.
WSL_START_TIMEOUT_S = 40.0
# Docker Desktop's own distros hold no user Python.
_SKIPPED_PREFIXES = ("docker-desktop",)

# Runs in the distro's /bin/sh; $1 is the Python query script. One tagged line per fact.
INSIDE_SCRIPT = r"""
if [ -e /dev/dxg ]; then echo "dxg 1"; else echo "dxg 0"; fi
smi=/usr/lib/wsl/lib/nvidia-smi
[ -x "$smi" ] || smi=$(command -v nvidia-smi 2>/dev/null)
if [ -n "$smi" ]; then
  echo "smi_path $smi"
  out=$("$smi" --query-gpu=name,driver_version --format=csv,noheader 2>&1); echo "smi_rc $?"
  printf '%s\n' "$out" | head -n 8 | sed 's/^/smi_out /'
fi
seen=" "
for p in $(command -v python3 python 2>/dev/null) "$HOME"/*/bin/python "$HOME"/.*/bin/python \
         "$HOME"/*/.venv/bin/python "$HOME"/*/envs/*/bin/python /opt/conda/bin/python /opt/conda/envs/*/bin/python; do
  [ -x "$p" ] || continue
  case "$seen" in *" $p "*) continue;; esac
  seen="$seen$p "
  echo "py $p"
  "$p" -I -c "$1" 2>/dev/null | sed -n 's/^{/answer {/p' | head -n 1
done
"""


@dataclass(kw_only=True)
class WslDistroScan(ProbeResult):
    name: str = ""
    default: bool = False
    dev_dxg: bool | None = None  # the Windows driver's GPU is passed through
    nvidia_smi: str | None = None  # the nvidia-smi it ran (WSL's own lives in /usr/lib/wsl/lib)
    nvidia_smi_ok: bool | None = None
    gpus: list[str] = field(default_factory=list)  # "NVIDIA GeForce RTX 3060, 546.33" as nvidia-smi printed it
    envs: list[PythonEnv] = field(default_factory=list)  # Linux paths inside the distro


@dataclass(kw_only=True)
class WslInfo(ProbeResult):
    distros: list[WslDistroScan] = field(default_factory=list)  # WSL 2 distros only (WSL 1 has no GPU)


def probe_wsl(host: Host, os_info: OsInfo, include_tf: bool = True, timeout: float = WSL_START_TIMEOUT_S,
              tf_timeout: float = TF_PROBE_TIMEOUT_S) -> WslInfo:
    return safe_probe(WslInfo, _probe_wsl, host, os_info, include_tf, timeout, tf_timeout)


def _probe_wsl(host: Host, os_info: OsInfo, include_tf: bool, timeout: float, tf_timeout: float) -> WslInfo:
    info = WslInfo()
    if not host.platform.is_windows:
        info.status, info.reason = Status.UNSUPPORTED, "not-windows"  # inside Linux, os_info says if this is WSL
        return info
    targets = [d for d in os_info.wsl_distros if d.version == 2 and not d.name.lower().startswith(_SKIPPED_PREFIXES)]
    if not targets:
        info.status, info.reason = Status.MISSING, "no-wsl2-distro"
        return info
    wsl = host.platform.pathmod.join(getenv(host, "SystemRoot", "C:\\Windows"), "System32", "wsl.exe")
    for distro in targets:
        info.distros.append(_scan_distro(host, wsl, distro.name, distro.default, include_tf, timeout, tf_timeout))
    return info


def wsl_argv(wsl: str, distro: str, *argv: str) -> list[str]:
    """``wsl.exe -d NAME --cd ~ -e ARGV``: no shell of the user's in between (-e runs the program directly)."""
    return [wsl, "-d", distro, "--cd", "~", "-e", *argv]


def _scan_distro(host: Host, wsl: str, name: str, default: bool, include_tf: bool, timeout: float,
                 tf_timeout: float) -> WslDistroScan:
    scan = WslDistroScan(name=name, default=default)
    result = host.run(wsl_argv(wsl, name, "sh", "-c", INSIDE_SCRIPT, "sh", QUERY_SCRIPT),
                      timeout=max(timeout, WSL_START_TIMEOUT_S))
    scan.add("command", f"wsl.exe -d {name} -e sh -c <scan script>", (result.stdout or result.stderr)[:600])
    if result.timed_out or result.error or result.cancelled or result.returncode != 0:
        scan.status, scan.reason = Status.ERROR, "wsl-command-failed"
        scan.error = f"{result.describe()}: {(result.stderr or result.stdout).strip()[:300]}"
        scan.set_hint(QT_TRANSLATE_NOOP("core", "Could not look inside the WSL distro {distro}; open it once "
                                        "(wsl -d {distro}) and check again."), distro=name)
        return scan
    parse_inside(scan, result.stdout)
    if include_tf:
        for env in scan.envs:
            if env.status is Status.OK:
                env.tensorflow = _tf_in(host, wsl, name, env.executable, tf_timeout)
    return scan


def parse_inside(scan: WslDistroScan, text: str) -> None:
    """Fill ``scan`` from the tagged lines the inside script prints."""
    current: PythonEnv | None = None
    for line in text.replace("\r", "").splitlines():
        tag, _, value = line.partition(" ")
        if tag == "dxg":
            scan.dev_dxg = value.strip() == "1"
        elif tag == "smi_path":
            scan.nvidia_smi = value.strip()
        elif tag == "smi_rc":
            scan.nvidia_smi_ok = value.strip() == "0"
        elif tag == "smi_out" and value.strip() and scan.nvidia_smi_ok:
            scan.gpus.append(value.strip())
        elif tag == "py":
            current = PythonEnv(executable=value.strip(), sources=["wsl"], status=Status.ERROR, reason="not-python")
            scan.envs.append(current)
        elif tag == "answer" and current is not None:
            _fill_env(current, value)
    if scan.nvidia_smi is None:
        scan.nvidia_smi_ok = None
    scan.envs = _merge([env for env in scan.envs if env.status is Status.OK]) + [
        env for env in scan.envs if env.status is not Status.OK]
    scan.status = Status.OK if any(env.status is Status.OK for env in scan.envs) else Status.MISSING
    if scan.status is Status.MISSING:
        scan.reason = "no-python"


def _fill_env(env: PythonEnv, answer: str) -> None:
    try:
        facts = json.loads(answer)
    except ValueError:
        return
    if not isinstance(facts, dict) or facts.get("tfgpu_query") != 1:
        return
    env.status, env.reason = Status.OK, None
    env.version = str(facts.get("version") or "") or None
    env.bits = facts.get("bits") if isinstance(facts.get("bits"), int) else None
    env.prefix = str(facts.get("prefix") or "") or None
    env.base_prefix = str(facts.get("base_prefix") or "") or None
    env.implementation = str(facts.get("implementation") or "") or None
    if facts.get("conda"):
        env.kind = "conda"
    elif facts.get("pyvenv_cfg") or (env.prefix and env.base_prefix and env.prefix != env.base_prefix):
        env.kind = "venv"
    env.real_path = str(facts.get("executable") or env.executable)


def _merge(envs: list[PythonEnv]) -> list[PythonEnv]:
    """/usr/bin/python3 and /bin/python3 (usr-merge) are one Python: same prefix and version."""
    merged: dict[tuple, PythonEnv] = {}
    for env in envs:
        first = merged.setdefault((env.prefix, env.version), env)
        if first is not env:
            first.evidence.append(Evidence("file", env.executable, "the same Python"))
    return list(merged.values())


def to_wsl_path(path: str) -> str:
    """``C:\\Users\\x\\a.py`` -> ``/mnt/c/Users/x/a.py`` (WSL's default drive mount); others as they are."""
    match = re.match(r"^([A-Za-z]):[\\/](.*)$", path)
    if not match:
        return path.replace("\\", "/")
    return f"/mnt/{match.group(1).lower()}/" + match.group(2).replace("\\", "/")


def _tf_in(host: Host, wsl: str, distro: str, python: str, timeout: float) -> TfInfo:
    info = TfInfo(python=python)
    with agent_file(AGENT_FILE) as path:
        argv = wsl_argv(wsl, distro, "env", "TF_CPP_MIN_LOG_LEVEL=0", "PYTHONIOENCODING=utf-8", python,
                        to_wsl_path(str(path)))
        result: CommandResult = host.run(argv, timeout=timeout)
    info.add("agent", result.describe())
    info.duration_s = round(result.duration_s, 3)
    info.returncode = result.returncode
    return interpret_agent_run(info, result)
