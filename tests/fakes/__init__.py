"""Test doubles built from real captures: a fake NVML (``fake_nvml``) and a
fake ``nvidia-smi --query-gpu`` that answers from a recorded full query."""

from __future__ import annotations

from collections.abc import Sequence

from fakes.fake_host import FakeCommand

from .fake_nvml import FIXTURES, read_query_csv


def fixture_bytes(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def fixture_text(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8")


def _bare(value: str) -> str:
    """What ``nounits`` prints: "8192 MiB" -> "8192"; bracketed values stay."""
    if value.startswith("["):
        return value
    head, _, unit = value.partition(" ")
    try:
        float(head)
    except ValueError:
        return value
    return head if unit in ("MiB", "W", "MHz", "%", "us", "ms") else value


def query_gpu_responder(capture: str, refuse: Sequence[str] = ()):
    """Answer ``--query-gpu=<fields> --format=csv,...`` by projecting the columns of a
    real full ``--format=csv`` capture, the way nvidia_gpu_exporter's fake-nvidia-smi
    replays captures. A field in ``refuse`` gets the real "not a valid field" answer
    of an old nvidia-smi (exit status 2, canonical/inference-snaps#128)."""
    row = read_query_csv(capture)
    refusal = fixture_text("failed-invalid-field-compute_cap.txt")

    def respond(argv: Sequence[str]) -> FakeCommand:
        query = next(a for a in argv if a.startswith("--query-gpu="))
        fields = query.split("=", 1)[1].split(",")
        fmt = next((a.split("=", 1)[1] for a in argv if a.startswith("--format=")), "csv")
        for name in fields:
            if name in refuse:
                return FakeCommand(stdout=refusal.replace("compute_cap", name), returncode=2)
        values = [row[name] for name in fields]
        if "nounits" in fmt:
            values = [_bare(v) for v in values]
        lines = [", ".join(values)]
        if "noheader" not in fmt:
            lines.insert(0, ", ".join(fields))
        return FakeCommand(stdout="\n".join(lines) + "\n")

    return respond
