"""Explain with context: the facts of this machine's scan (``tfgpu scan --json``, a dict) that a
pasted text leaves out: its OS, TensorFlow and Python, driver, GPUs, CUDA and cuDNN, and whether
it has an NVIDIA card at all. The text's own facts always win; the scan only fills the gaps.

Reads the scan's JSON form, so explain does not depend on the scan's classes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tfgpu.core.versions import dotted_major_minor


def machine_facts(scan: Mapping[str, Any] | None, env: str | None = None) -> dict:
    """Facts in explain's vocabulary from a scan document; {} for anything unreadable. Never raises.
    ``env``: the chosen environment's interpreter (the app's header), whose TensorFlow the text is about."""
    if not isinstance(scan, Mapping):
        return {}
    try:
        return _facts(scan, env)
    except Exception:  # noqa: BLE001 - a scan we cannot read adds nothing
        return {}


def _facts(scan: Mapping[str, Any], chosen: str | None = None) -> dict:
    facts: dict = {}
    os_info = scan.get("os") or {}
    system = str(os_info.get("system") or "").lower()
    if system == "windows":
        facts["os"] = "windows"
    elif system == "linux":
        facts["os"] = "wsl" if os_info.get("is_wsl") else "linux"
    elif system == "darwin":
        facts["os"] = "macos"
    if os_info.get("name"):
        facts["os_name"] = str(os_info["name"])
    driver = scan.get("driver") or {}
    if driver.get("driver_version"):
        facts["driver_version"] = str(driver["driver_version"])
    if driver.get("cuda_driver_version"):
        facts["cuda_driver"] = str(driver["cuda_driver_version"])
    gpus = [{"name": str(g.get("name")), **({"cc": str(g["compute_capability"])} if g.get("compute_capability") else {})}
            for g in driver.get("gpus") or [] if g.get("name")]
    if gpus:
        facts["gpus"] = gpus
    toolkits = [_major_minor(t.get("version")) for t in (scan.get("cuda") or {}).get("toolkits") or []]
    if any(toolkits):
        facts["cuda_installed"] = list(dict.fromkeys(t for t in toolkits if t))
    cudnn = [str(i.get("version")) for i in (scan.get("cudnn") or {}).get("installs") or [] if i.get("version")]
    if cudnn:
        facts["cudnn_installed"] = list(dict.fromkeys(cudnn))
    env = _tf_env(scan, chosen)
    if env is not None:
        tf = env.get("tensorflow") or {}
        facts["tf_version"] = str(tf.get("version"))
        if env.get("version"):
            facts["python_version"] = str(env["version"])
        if env.get("bits"):
            facts["python_bits"] = int(env["bits"])
        packages = {k: str(v) for k, v in (tf.get("distributions") or {}).items() if str(k).startswith("tensorflow")}
        if packages:
            facts["tf_packages"] = packages
        visible = (tf.get("agent_env") or {}).get("CUDA_VISIBLE_DEVICES")
        if visible is not None:
            facts["cuda_visible_devices"] = str(visible)
        facts["scan_python"] = str(env.get("executable"))
    adapters = scan.get("adapters") or {}
    if adapters.get("nvidia_present") is False:
        facts["no_nvidia_card"] = True
        facts["adapters"] = [str(a.get("name") or a.get("vendor")) for a in adapters.get("adapters") or []]
    return facts


def _tf_env(scan: Mapping[str, Any], chosen: str | None = None) -> Mapping[str, Any] | None:
    """The environment whose TensorFlow the text comes from: the chosen one when it has TF, else the
    first with TF imported."""
    envs = (scan.get("pythons") or {}).get("envs") or []
    with_tf = [e for e in envs if (e.get("tensorflow") or {}).get("version")]
    with_tf.sort(key=lambda e: e.get("executable") != chosen)  # stable: the chosen one first
    return with_tf[0] if with_tf else None


def _major_minor(version: Any) -> str | None:
    """'12.3.107' -> '12.3' (only a text that starts with major.minor)."""
    return dotted_major_minor(version)
