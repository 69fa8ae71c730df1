"""The report: every format from one document, no canary in any of them (zip members included),
the JSON round trip, the Markdown within GitHub's limit with every section, the HTML offline."""

from __future__ import annotations

import io
import json
import platform
import socket
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from fakes.report_inputs import CANARIES, GPU_UUID, PROCESS_HOST, PROFILE, TOKEN, USER, canary_host, canary_inputs
from tfgpu.core.report.collect import identity_for
from tfgpu.core.report.document import REPORT_SCHEMA_VERSION, ReportInputs, prepare
from tfgpu.core.report.render_html import MAX_BYTES
from tfgpu.core.report.render_md import GITHUB_LIMIT, MAX_CHARS, render_markdown
from tfgpu.core.report.write import FORMATS, render

SECTIONS = ("# tfgpu diagnostics report", "## Summary", "## Findings", "## Recommendation", "## Benchmark",
            "## Monitor", "## Configuration changes made by tfgpu", "## Versions", "## Environment variables",
            "## Raw data")


@pytest.fixture
def this_host_is_a_canary(monkeypatch):
    """This process's host name is a canary too (the real one here is a generic "vm")."""
    monkeypatch.setattr(socket, "gethostname", lambda: PROCESS_HOST)
    monkeypatch.setattr(platform, "node", lambda: PROCESS_HOST)
    monkeypatch.setenv("HOME", f"/home/{USER}")
    monkeypatch.setenv("MY_API_TOKEN", TOKEN)


@pytest.fixture(scope="module")
def canary(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("canary")
    host = canary_host(tmp / "machine")
    return host, canary_inputs(tmp, host)


def _texts(bundle) -> dict[str, str]:
    """Every exported text: each format, and each member of the zip."""
    out = {fmt: render(bundle, fmt).decode("utf-8") for fmt in FORMATS if fmt != "zip"}
    with zipfile.ZipFile(io.BytesIO(render(bundle, "zip"))) as archive:
        for name in archive.namelist():
            out[f"zip:{name}"] = archive.read(name).decode("utf-8")
    return out


def test_no_exported_format_holds_a_canary(canary, this_host_is_a_canary):
    host, inputs = canary
    bundle = prepare(inputs, redact=True, identity=identity_for(host))
    texts = _texts(bundle)
    assert {"zip:report.json", "zip:report.md", "zip:report.html", "zip:report.txt", "zip:raw/nvidia-smi-q.txt",
            "zip:logs/tfgpu.log", "zip:agents/tf-probe-1.log", "zip:raw/probes/driver.json"} <= set(texts)
    leaks = {(name, c) for name, text in texts.items() for c in CANARIES if c.lower() in text.lower()}
    assert not leaks
    counts = bundle.counts
    assert counts["user"] >= 10 and counts["host"] >= 2 and counts["gpu-uuid"] >= 2 and counts["serial"] >= 1
    assert counts["ip"] >= 1 and counts["mac"] >= 1
    document = json.loads(texts["json"])
    assert document["redaction"]["enabled"] is True and document["redaction"]["counts"] == counts
    assert document["summary"]["environments"][0]["python"].startswith("C:\\Users\\[user]\\AppData")  # still readable
    assert "user x" in texts["md"]  # the summary says what was redacted


def test_no_redact_brings_the_paths_back_but_never_the_secret(canary, this_host_is_a_canary):
    host, inputs = canary
    texts = _texts(prepare(inputs, redact=False, identity=identity_for(host)))
    assert PROFILE in json.loads(texts["json"])["summary"]["environments"][0]["python"]
    assert GPU_UUID in texts["json"] and PROCESS_HOST in texts["zip:logs/tfgpu.log"]
    assert all(TOKEN not in text and "MY_API_TOKEN" not in text for text in texts.values())
    assert "off: personal details are included" in texts["md"]


def test_json_round_trip(canary):
    host, inputs = canary
    bundle = prepare(inputs, identity=identity_for(host))
    data = render(bundle, "json")
    loaded = json.loads(data)
    assert loaded == bundle.document
    assert json.dumps(loaded, indent=2, ensure_ascii=False).encode() + b"\n" == data
    assert loaded["schema_version"] == REPORT_SCHEMA_VERSION and loaded["kind"] == "tfgpu.report"
    for section in ("app", "kb", "os", "summary", "versions", "diagnosis", "bench", "monitor", "config_changes",
                    "environment", "scan", "redaction"):
        assert section in loaded, section
    assert loaded["bench"]["run"]["tests"] and loaded["monitor"]["metrics"]
    # the scan inside is still a scan tfgpu can read back (doctor --scan, report --scan)
    from tfgpu.core.scan import Scan

    assert Scan.from_dict(loaded["scan"]).driver.driver_version == "516.59"


def test_next_steps_of_the_diagnosis_are_carried(canary):
    """Another issue adds ``next_steps`` to the diagnosis: the report shows them when present."""
    host, inputs = canary
    from tfgpu.core.diagnosis.doctor import diagnose

    diagnosis = diagnose(inputs.scan)
    steps = [{"id": "install-cudnn", "finding": "cudnn-missing", "text": "Install cuDNN 8.1 for CUDA 11.2",
              "commands": [{"command": "conda install -c conda-forge cudnn=8.1", "shell": "cmd"}],
              "check": "cudnn64_8.dll loads"}]
    original = diagnosis.to_dict
    diagnosis.to_dict = lambda: {**original(), "next_steps": steps}  # type: ignore[method-assign]
    bundle = prepare(ReportInputs(scan=inputs.scan, diagnosis=diagnosis), identity=identity_for(host))
    assert bundle.document["diagnosis"]["next_steps"] == steps
    md = render(bundle, "md").decode()
    assert "## Next steps" in md and "conda install -c conda-forge cudnn=8.1" in md and "Done when" in md


def test_markdown_has_every_section_and_fits_an_issue(canary):
    host, inputs = canary
    md = render(prepare(inputs, identity=identity_for(host)), "md").decode()
    positions = [md.index(section) for section in SECTIONS]
    assert positions == sorted(positions)
    assert len(md) <= MAX_CHARS < GITHUB_LIMIT
    assert md.count("<details>") == md.count("</details>") >= 3
    assert "</summary>\n\n" in md  # the blank line GitHub needs to render what is inside


def test_a_huge_report_is_cut_to_the_limit_keeping_every_section(canary):
    """10,000 TF log lines and a long PATH: raw blocks shrink or go, the sections stay, fences close."""
    host, inputs = canary
    bundle = prepare(inputs, identity=identity_for(host))
    doc = json.loads(json.dumps(bundle.document))
    for env in doc["scan"]["pythons"]["envs"]:
        env["tensorflow"]["log_lines"] = [f"W tensorflow/core/x.cc:{i}] ``` a noisy line {i}" for i in range(10_000)]
    for limit in (MAX_CHARS, 30_000):
        md = render_markdown(doc, bundle.raw, limit=limit)
        assert len(md) <= limit
        assert all(section in md for section in SECTIONS)
        assert md.count("<details>") == md.count("</details>")
        assert "Left out to stay within GitHub" in md or "(shortened)" in md
    fences = [line.strip() for line in md.splitlines() if line.strip().startswith("```")]
    assert len(fences) % 2 == 0


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.append((tag, dict(attrs)))


def test_html_loads_nothing_from_the_network_and_embeds_the_plots(canary):
    host, inputs = canary
    page = render(prepare(inputs, identity=identity_for(host)), "html")
    assert len(page) < MAX_BYTES
    parser = _Tags()
    parser.feed(page.decode())
    tags = parser.tags
    sources = [attrs.get("src") or "" for _tag, attrs in tags if "src" in attrs]
    assert not [s for s in sources if s.lower().lstrip().startswith(("http:", "https:", "//"))]
    assert not [t for t, a in tags if t == "link"]  # no stylesheet (nor any other) link
    assert not [t for t, a in tags if t in ("script", "iframe", "object", "embed")]
    images = [a["src"] for t, a in tags if t == "img"]
    assert len(images) == 2 and all(src.startswith("data:image/") for src in images)
    links = [a["href"] for t, a in tags if t == "a"]
    assert links and all(href.startswith("https://") for href in links)  # official pages, to follow by hand
    assert b"@import" not in page and b"url(" not in page


def test_html_stays_under_two_megabytes_with_huge_raw_data(canary):
    host, inputs = canary
    raw = dict(inputs.raw, **{"raw/nvidia-smi-q.txt": "x" * 3_000_000})
    page = render(prepare(ReportInputs(scan=inputs.scan, bench=inputs.bench, monitor=inputs.monitor, raw=raw),
                          identity=identity_for(host)), "html")
    assert len(page) < MAX_BYTES and b"Left out to keep this page under 2 MB" in page


def test_text_has_the_sections(canary):
    host, inputs = canary
    text = render(prepare(inputs, identity=identity_for(host)), "txt").decode()
    for heading in ("Summary", "Findings", "Recommendation", "Benchmark", "Monitor", "Versions"):
        assert f"\n{heading}\n" in text


def test_a_report_without_bench_monitor_or_gpu_says_why(tmp_path: Path):
    from fakes import fake_scan as fs

    scan = fs.scan(drv=fs.driver(reason="nvml-library-not-found"), envs=[fs.env("/home/x/v/bin/python", tf=None)])
    bundle = prepare(ReportInputs(scan=scan, bench_note="left out (--no-bench)", monitor_note="not asked for"))
    md = render(bundle, "md").decode()
    assert "No benchmark run: left out (--no-bench)." in md and "No monitor excerpt: not asked for." in md
    assert "none found" in md  # no GPU
    assert bundle.document["monitor"] == {"note": "not asked for"}
    assert bundle.document["bench"]["run"] is None


def test_markdown_renders_as_written_by_a_commonmark_renderer(canary):
    """Through a real CommonMark renderer (markdown-it, tables and raw HTML on, as GitHub): paths show as
    typed, tables are tables, raw data sits in <details> with its code rendered, commands are verbatim."""
    import html as html_module

    markdown_it = pytest.importorskip("markdown_it")
    host, inputs = canary
    bundle = prepare(inputs, identity=identity_for(host))
    page = markdown_it.MarkdownIt("commonmark", {"html": True}).enable("table").render(render(bundle, "md").decode())
    text = html_module.unescape(page)
    assert "C:\\Users\\[user]\\AppData\\Local\\Programs\\Python\\Python310\\python.exe" in text
    assert page.count("<table>") >= 4
    details = page.split("<details>")[1:]
    assert details and all("<pre><code" in d.split("</details>")[0] for d in details)
    commands = [step["command"] for env in bundle.document["diagnosis"]["envs"] for f in env["findings"]
                for step in f["fix"] if step.get("command") and f["severity"] in ("error", "warning")]
    assert commands and all(command in text for command in commands)


def test_config_changes_come_from_the_configure_history(tmp_path, monkeypatch):
    """A change the configure appliers recorded shows in the report (and an empty history says so)."""
    from tfgpu.core.configure.store import ChangeRecord, write_backup
    from tfgpu.core.report.changes import config_changes

    monkeypatch.setenv("TFGPU_DATA_DIR", str(tmp_path))
    empty = config_changes()
    assert empty["available"] and empty["changes"] == [] and "no configuration change" in empty["note"]
    write_backup(ChangeRecord(change_id="20261123-010203-abcd", topic="path", target="profile",
                              summary="add /usr/local/cuda/lib64 to LD_LIBRARY_PATH", edits=[], created="2026-11-23T01:02:03Z"))
    changes = config_changes()["changes"]
    assert [c["change_id"] for c in changes] == ["20261123-010203-abcd"] and changes[0]["topic"] == "path"
