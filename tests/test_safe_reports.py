"""Issue 24, secrets and markup in reports, and reading: D5, D11, D15, D16 (each renderer escapes for its
own format, no terminal control characters in any file), D9 (bounded reads of /dev/zero), D14 (a FIFO read
ends on SIGINT/SIGTERM/SIGHUP), and a hypothesis test that throws hostile strings into every field of a real
report document and parses every format."""

from __future__ import annotations

import html.parser
import io
import json
import os
import re
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from fakes.report_inputs import canary_inputs, save_canary_scan
from tfgpu.core.report.blocks import Details, Para
from tfgpu.core.report.document import build_document, finish
from tfgpu.core.report.environment import relevant_environment
from tfgpu.core.report.render_md import block_md
from tfgpu.core.report.write import render

markdown_it = pytest.importorskip("markdown_it")

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # tab and newline are text; CR is not
HOSTILE = [
    "<img src=x onerror=alert(1)>", "<script>alert(1)</script>", "</details><script>x</script>", "</summary>",
    "\x1b]0;pwned\x07\x1b[31mred\x1b[0m", "\x9b31m", "a\rb", "\x00\x07\x08", "https://bob:hunter2@proxy.example:8080/x",
    "```\n<script>1</script>\n```", "[x](javascript:alert(1))", "<!-- c", "&lt;b&gt;", "|a|b|", "\u2028\u202e",
]


def _cli(args: list[str], tmp_path: Path, **kwargs) -> subprocess.CompletedProcess:
    env = dict(os.environ, HOME=str(tmp_path / "home"))
    return subprocess.run([sys.executable, "-m", "tfgpu.core.cli", "report", *args], env=env, capture_output=True,
                          text=True, timeout=120, **kwargs)


# -- D5 D11 ------------------------------------------------------------------------------------------------


def test_D5_terraform_and_secret_like_names_never_leave():
    env = {"TF_VAR_db_password": "p", "TF_CLI_ARGS": "-var=x", "TF_CLI_ARGS_plan": "y",
           "TF_TOKEN_app_terraform_io": "t", "TF_LOG": "TRACE", "TF_WORKSPACE": "prod",
           "CUDA_PASSPHRASE": "a", "CONDA_PWD": "b", "NVIDIA_PRIVATE_X": "c", "CUDA_CREDENTIALS": "d",
           "TF_GPU_SESSION": "e", "CONDA_COOKIE": "f", "TF_CPP_MIN_LOG_LEVEL": "2",
           "TF_FORCE_GPU_ALLOW_GROWTH": "true", "CUDA_VISIBLE_DEVICES": "0", "TF_CONFIG": "{}"}
    found = relevant_environment(env)
    assert set(found.variables) == {"TF_CPP_MIN_LOG_LEVEL", "TF_FORCE_GPU_ALLOW_GROWTH", "CUDA_VISIBLE_DEVICES",
                                    "TF_CONFIG"}


def test_D11_url_credentials_are_removed_even_without_redaction(tmp_path):
    inputs = canary_inputs(tmp_path)
    inputs.env["CONDA_PROXY"] = "http://bob:hunter2@proxy.example:8080"
    inputs.env["CUDA_URL"] = "https://ghp_token123@github.com/x"
    bundle = finish(build_document(inputs), {"raw/x.txt": "pip from https://u:p%40ss@pypi.example/simple"},
                    redact=False, identity=None)
    for fmt in ("json", "md", "html", "txt", "zip"):
        data = render(bundle, fmt)
        if fmt == "zip":
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                data = b"".join(archive.read(n) for n in archive.namelist())
        assert b"hunter2" not in data and b"ghp_token123" not in data and b"p%40ss" not in data, fmt


# -- D15 D16 -----------------------------------------------------------------------------------------------


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "img":  # only tfgpu's own plots, as data
            self.tags += [f"@src:{value}"[:40] for name, value in attrs if name == "src"
                          and not (value or "").startswith("data:image/")]
        self.tags += [f"@{name}" for name, _ in attrs if name.startswith("on")]


def _tags(text: str) -> list[str]:
    parser = _Tags()
    parser.feed(text)
    return parser.tags


def _markdown_is_inert(markdown: str) -> None:
    """CommonMark renders no element from the input: only what tfgpu's Markdown means."""
    rendered = markdown_it.MarkdownIt("commonmark").render(markdown)
    allowed = {"details", "summary", "p", "h1", "h2", "h3", "h4", "ul", "ol", "li", "pre", "code", "strong", "em",
               "table", "thead", "tbody", "tr", "th", "td", "a", "hr", "br", "blockquote"}
    found = set(_tags(rendered))
    assert found <= allowed, found - allowed
    assert rendered.count("<details>") == rendered.count("</details>")
    assert "javascript:" not in " ".join(re.findall(r'href="([^"]*)"', rendered))


def test_D15_markdown_puts_no_raw_html_around_scanned_text():
    for text in HOSTILE:
        markdown = block_md(Details(f"tf_probe {text}", [Para(text)]))
        _markdown_is_inert(markdown)
        summary = markdown.split("</summary>", 1)[0]  # the HTML block: Markdown's escapes do not apply there
        assert summary.count("<") == 2 and summary.startswith("<details><summary>")


def test_D16_no_terminal_control_characters_in_any_file(tmp_path):
    inputs = canary_inputs(tmp_path)
    inputs.env["TF_CPP_VMODULE"] = "\x1b]0;pwned\x07\x1b[2J"
    bundle = finish(build_document(inputs), {"raw/smi.txt": "\x1b[31mGPU\x1b[0m\r\nok\x9b1m"}, True, None)
    for fmt in ("json", "md", "html", "txt"):
        text = render(bundle, fmt).decode("utf-8")
        assert not CONTROL.search(text), (fmt, CONTROL.findall(text)[:5])


# -- D9 D14: reading ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["--scan", "--monitor-csv"])
def test_D9_reading_dev_zero_is_bounded(tmp_path, option):
    args = [option, "/dev/zero", "-o", str(tmp_path / "r.json")]
    if option == "--monitor-csv":
        args = ["--scan", str(save_canary_scan(tmp_path / "in")), *args]

    def small_memory() -> None:  # the old reader took 2.3 GB before failing
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (1536 * 1024 * 1024, 1536 * 1024 * 1024))

    result = _cli(args, tmp_path, preexec_fn=small_memory)
    assert result.returncode == 2, result.stderr[-2000:]
    assert "larger than" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("name, code", [("SIGINT", 130), ("SIGTERM", 143), ("SIGHUP", 129)])
def test_D14_a_fifo_nobody_writes_to_ends_on_a_signal(tmp_path, name, code):
    fifo = tmp_path / "scan.json"
    os.mkfifo(fifo)
    env = dict(os.environ, HOME=str(tmp_path / "home"))
    child = subprocess.Popen([sys.executable, "-m", "tfgpu.core.cli", "report", "--scan", str(fifo), "-o",
                              str(tmp_path / "r.json")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        time.sleep(3)  # started, and waiting on the FIFO
        assert child.poll() is None
        child.send_signal(getattr(signal, name))
        assert child.wait(10) == code
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stdout.close()
        child.stderr.close()
    assert not (tmp_path / "r.json").exists()


def test_D14_a_fifo_with_a_writer_is_read(tmp_path):
    fifo = tmp_path / "scan.json"
    os.mkfifo(fifo)
    scan = save_canary_scan(tmp_path / "in").read_bytes()
    env = dict(os.environ, HOME=str(tmp_path / "home"))
    child = subprocess.Popen([sys.executable, "-m", "tfgpu.core.cli", "report", "--scan", str(fifo), "-o",
                              str(tmp_path / "r.json")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(1)
    with open(fifo, "wb") as writer:
        writer.write(scan)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err[-2000:]
    assert json.loads((tmp_path / "r.json").read_text())["scan"]


# -- hypothesis: hostile strings in every field --------------------------------------------------------------

_hostile_text = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(alphabet=st.sampled_from(list("<>&\"'`*_[]()!#|\\/:@\x1b\x07\x00\r\n\x9b\u2028 aZ")), max_size=24),
    st.text(max_size=12),
)


def _replace_strings(tree, draw_text):
    if isinstance(tree, str):
        return draw_text()
    if isinstance(tree, dict):
        return {k: _replace_strings(v, draw_text) for k, v in tree.items()}
    if isinstance(tree, list):
        return [_replace_strings(v, draw_text) for v in tree]
    return tree


@pytest.fixture(scope="module")
def base_document(tmp_path_factory):
    return build_document(canary_inputs(tmp_path_factory.mktemp("hyp")))


@settings(max_examples=12, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(pool=st.lists(_hostile_text, min_size=1, max_size=12), redact=st.booleans())
def test_hostile_strings_in_every_field_parse_in_every_format(base_document, pool, redact):
    """Every string of a real document (the scan's included) becomes one of ``pool``, in turn."""
    turn = iter(range(10**9))
    document = _replace_strings(base_document, lambda: pool[next(turn) % len(pool)])
    raw = {"raw/x.txt": pool[0]}
    try:
        bundle = finish(document, raw, redact, None)
    except (KeyError, TypeError, AttributeError):  # a fuzzed shape no real scan has: not this test's concern
        return
    outputs = {}
    for fmt in ("json", "md", "html", "txt"):
        try:
            outputs[fmt] = render(bundle, fmt).decode("utf-8")
        except (KeyError, TypeError, AttributeError, ValueError):
            return
    for fmt, text in outputs.items():
        assert not CONTROL.search(text), (fmt, CONTROL.findall(text)[:5])
    json.loads(outputs["json"])
    _markdown_is_inert(outputs["md"])
    assert not ({"script", "iframe", "object", "embed", "svg"} & set(_tags(outputs["html"])))
    assert not [t for t in _tags(outputs["html"]) if t.startswith("@")]
    assert "hunter2" not in "".join(outputs.values())
