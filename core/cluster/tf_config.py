"""TF_CONFIG, read and checked the way ``tf.distribute`` will read it, with the fix for each problem.

Nothing here contacts a network: an address is checked for its form, for duplicates, and, when it
is a loopback address of this machine, for whether its port is already taken. Problems are findings
(``tf-config-invalid``, ``port-in-use``) through the catalog, so the CLI, the GUI and explain word
them alike.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from dataclasses import dataclass, field
from typing import Any

from tfgpu.core.findings.catalog import make_finding
from tfgpu.core.findings.model import Finding
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import Evidence

ROLES = ("chief", "worker", "ps", "evaluator")
LOOPBACK_NAMES = ("localhost", "ip6-localhost")
MAX_TF_CONFIG_BYTES = 1_000_000


@dataclass(kw_only=True)
class ClusterConfig:
    """What TF_CONFIG says, and what is wrong with it. ``collective``: what all-reduce will use here."""

    source: str  # "env", a file name, or "-" (standard input); "none" when there is no TF_CONFIG
    present: bool = False
    cluster: dict[str, list[str]] = field(default_factory=dict)
    task_type: str | None = None
    task_index: int | None = None
    collective: str = "ring"
    problems: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.present and not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "present": self.present, "ok": self.ok, "cluster": self.cluster,
                "task": {"type": self.task_type, "index": self.task_index}, "collective": self.collective,
                "problems": [p.to_dict() for p in self.problems], "notes": list(self.notes)}


def collective_for(os_name: str) -> str:
    """NCCL exists only on Linux (it is what MirroredStrategy uses between GPUs there); on Windows,
    and between CPUs, the collectives run over a ring (gRPC)."""
    return "nccl (GPUs) or ring (CPU)" if os_name in ("linux", "wsl") else "ring"


def check_tf_config(text: str | None, source: str, os_name: str) -> ClusterConfig:
    """Check a TF_CONFIG document (``None``: there is none). Never raises."""
    config = ClusterConfig(source=source, collective=collective_for(os_name))
    if text is None or not text.strip():
        config.notes.append("no TF_CONFIG: a single machine; MultiWorkerMirroredStrategy would run one worker")
        return config
    config.present = True
    if len(text) > MAX_TF_CONFIG_BYTES:
        return _bad(config, QT_TRANSLATE_NOOP("core", "TF_CONFIG is {size} characters long: it is not a cluster "
                                                      "description."), size=len(text))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return _bad(config, QT_TRANSLATE_NOOP("core", "TF_CONFIG is not valid JSON ({error}). Write it as one JSON "
                                                      "object, e.g. {example}."),
                    error=str(exc)[:200], example=_EXAMPLE)
    if not isinstance(data, dict):
        return _bad(config, QT_TRANSLATE_NOOP("core", "TF_CONFIG must be a JSON object with \"cluster\" and "
                                                      "\"task\", e.g. {example}."), example=_EXAMPLE)
    _read_cluster(config, data.get("cluster"))
    _read_task(config, data.get("task"))
    for key in data:
        if key not in ("cluster", "task", "environment", "rpc_layer"):
            config.notes.append(f"unknown key {key!r} is ignored by TensorFlow")
    _check_addresses(config)
    return config


_EXAMPLE = '{"cluster": {"worker": ["host1:12345", "host2:12345"]}, "task": {"type": "worker", "index": 0}}'


def _read_cluster(config: ClusterConfig, cluster: object) -> None:
    if not isinstance(cluster, dict) or not cluster:
        _bad(config, QT_TRANSLATE_NOOP("core", "TF_CONFIG has no \"cluster\": list every machine by role, "
                                               "e.g. {example}."), example=_EXAMPLE)
        return
    for role, addresses in cluster.items():
        if role == "master":
            _bad(config, QT_TRANSLATE_NOOP("core", "TF_CONFIG names a \"master\": TensorFlow 2 calls that role "
                                                   "\"chief\". Rename it."))
            continue
        if role not in ROLES:
            _bad(config, QT_TRANSLATE_NOOP("core", "TF_CONFIG has an unknown role \"{role}\"; the roles are chief, "
                                                   "worker, ps and evaluator."), role=str(role)[:40])
            continue
        if not isinstance(addresses, list) or not all(isinstance(a, str) for a in addresses) or not addresses:
            _bad(config, QT_TRANSLATE_NOOP("core", "The \"{role}\" entry must be a list of \"host:port\" strings."),
                 role=role)
            continue
        config.cluster[role] = list(addresses)
    if len(config.cluster.get("chief", [])) > 1:
        _bad(config, QT_TRANSLATE_NOOP("core", "TF_CONFIG lists {count} chiefs; there is at most one."),
             count=len(config.cluster["chief"]))
    if "ps" in config.cluster:
        config.notes.append("\"ps\" tasks are for ParameterServerStrategy; MultiWorkerMirroredStrategy uses "
                            "chief and worker only")


def _read_task(config: ClusterConfig, task: object) -> None:
    if task is None:
        _bad(config, QT_TRANSLATE_NOOP("core", "TF_CONFIG has no \"task\": each machine must say which entry of "
                                               "the cluster it is, e.g. \"task\": {task}."),
             task='{"type": "worker", "index": 0}')
        return
    if not isinstance(task, dict):
        _bad(config, QT_TRANSLATE_NOOP("core", "\"task\" must be an object with \"type\" and \"index\"."))
        return
    kind, index = task.get("type"), task.get("index", 0)
    if not isinstance(kind, str) or not isinstance(index, int) or isinstance(index, bool):
        _bad(config, QT_TRANSLATE_NOOP("core", "\"task\" must have a \"type\" (a role name) and an integer "
                                               "\"index\"."))
        return
    config.task_type, config.task_index = kind, index
    members = config.cluster.get(kind)
    if kind == "evaluator" and members is None:
        return  # an evaluator need not be listed in the cluster
    if members is None:
        _bad(config, QT_TRANSLATE_NOOP("core", "This machine's task is \"{role}\", but the cluster has no "
                                               "\"{role}\" list."), role=kind[:40])
    elif not 0 <= index < len(members):
        _bad(config, QT_TRANSLATE_NOOP("core", "This machine's task index is {index}, but the \"{role}\" list has "
                                               "{count} entries (indexes 0 to {last})."),
             index=index, role=kind, count=len(members), last=len(members) - 1)


def _check_addresses(config: ClusterConfig) -> None:
    seen: dict[str, str] = {}
    for role, addresses in config.cluster.items():
        for position, address in enumerate(addresses):
            where = f"{role}[{position}]"
            host_port = _split(address)
            if host_port is None:
                _bad(config, QT_TRANSLATE_NOOP("core", "{where} is \"{address}\": write it as host:port with a port "
                                                       "from 1 to 65535."), where=where, address=address[:80])
                continue
            key = f"{host_port[0].lower()}:{host_port[1]}"
            if key in seen:
                _bad(config, QT_TRANSLATE_NOOP("core", "{where} and {other} are the same address ({address}): every "
                                                       "task needs its own host:port."),
                     where=where, other=seen[key], address=address[:80])
            seen[key] = where
    own = _own_address(config)
    if own is not None and _is_loopback(own[0]) and port_taken(own[1]):
        config.problems.append(make_finding(
            "port-in-use", TrText(QT_TRANSLATE_NOOP(
                "core", "Port {port} (this machine's own entry) is already in use by another program: the worker "
                "cannot listen there. Stop that program, or choose a free port in TF_CONFIG."), port=own[1]),
            evidence=[Evidence("api", "bind 127.0.0.1", str(own[1]))], facts={"port": own[1]}))
    remote = sorted({a for addresses in config.cluster.values() for a in addresses
                     if (hp := _split(a)) and not _is_loopback(hp[0])})
    if remote:
        config.notes.append(f"{len(remote)} non-loopback address(es) not contacted (tfgpu only ever talks to this "
                            "machine); check them with `tfgpu cluster check` on each machine")


def _own_address(config: ClusterConfig) -> tuple[str, int] | None:
    members = config.cluster.get(config.task_type or "")
    if members is None or config.task_index is None or not 0 <= config.task_index < len(members):
        return None
    return _split(members[config.task_index])


def _split(address: str) -> tuple[str, int] | None:
    host, sep, port = address.strip().rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        return None
    return host, int(port)


def _is_loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def port_taken(port: int) -> bool:
    """True when something on this machine already listens on ``port`` (a bind test; nothing is contacted)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def _bad(config: ClusterConfig, template: str, **values: object) -> ClusterConfig:
    config.problems.append(make_finding("tf-config-invalid", TrText(template, **values),
                                        evidence=[Evidence("env", "TF_CONFIG", config.source)]))
    return config
