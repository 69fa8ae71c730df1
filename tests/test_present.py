"""One presentation of a verdict (core/diagnosis/present.py): ``tfgpu doctor``'s text, the GUI's
Markdown, the report's Markdown and HTML and the presentation's own writers state the same steps,
commands, checks, not-needed parts and findings, in the same order, on every described machine."""

from __future__ import annotations

import dataclasses
import html
import re

import pytest
from test_verdict import MACHINES

from tfgpu.core.diagnosis.next_steps import StepCommand
from tfgpu.core.diagnosis.present import (
    Presentation,
    ShownNotNeeded,
    ShownStep,
    env_line,
    finding_sections,
    headline,
    not_needed_text,
    present,
    present_document,
    to_html,
    to_markdown,
    to_text,
)
from tfgpu.core.diagnosis.render import format_verdict
from tfgpu.core.diagnosis.verdict import Verdict, verdict_for
from tfgpu.core.report.document import ReportInputs, prepare
from tfgpu.core.report.write import render
from tfgpu.core.scan import ScanOptions, run_scan


def facts(shown: Presentation) -> list[str]:
    """What a reader must find, in reading order: not-needed lines, each step's words, command lines
    and check, then each option's title and steps."""
    out = list(not_needed_text(shown))
    for step in shown.steps:
        out += [str(step.text)] if step.text is not None else []
        out += [line for c in step.commands for line in c.command.splitlines()]
        out += [str(step.check)] if step.check else []
    for option in shown.options:
        out.append(str(option.title))
        for step in option.steps:
            out += [str(step.text)] if step.text is not None else []
            out += [line for c in step.commands for line in c.command.splitlines()]
            out += [str(step.check)] if step.check else []
    return out


def plain(text: str) -> str:
    """Markup undone: HTML entities, Markdown backslash escapes, wrapping."""
    text = html.unescape(text)
    for mark in "\\`*_{}[]<>#|~-+=":
        text = text.replace("\\" + mark, mark)
    return " ".join(text.split())


def assert_in_order(where: str, text: str, wanted: list[str]) -> None:
    said, at = plain(text), 0
    for fact in wanted:
        found = said.find(" ".join(fact.split()), at)
        assert found >= 0, f"{where} does not say {fact!r} after position {at}"
        at = found + 1


def everything_said(verdict: Verdict) -> dict[str, str]:
    from tfgpu.gui.widgets.findings_text import diagnosis_markdown

    bundle = prepare(ReportInputs(scan=verdict.scan, verdict=verdict, created_at="2026-01-01T00:00:00+00:00"),
                     redact=False)
    shown = present(verdict)
    return {"doctor": format_verdict(verdict, verbose=True),
            "gui markdown": diagnosis_markdown(verdict.diagnosis, verdict),
            "report md": render(bundle, "md").decode().split("<details>", 1)[0],
            "report html": render(bundle, "html").decode().split("<details", 1)[0],
            "text": "\n".join(to_text(shown)), "markdown": "\n".join(to_markdown(shown)), "html": to_html(shown)}


@pytest.fixture(params=sorted(MACHINES))
def verdict(request, windows_host, linux_host) -> Verdict:
    return verdict_for(run_scan(MACHINES[request.param](windows_host, linux_host), ScanOptions()))


def test_every_writer_states_the_same_steps_in_the_same_order(verdict: Verdict) -> None:
    """The checklist's facts, then every finding's title under its heading, the one to fix first leading."""
    wanted = facts(present(verdict))
    assert wanted, "every described machine has something to do or to confirm"
    sections = finding_sections(verdict.diagnosis)
    assert all(s.first is None or s.findings[0] is s.first for s in sections)
    titles = [str(finding.title) for section in sections for finding in section.findings]
    said = everything_said(verdict)
    for where, text in said.items():
        assert_in_order(where, text, wanted if where in ("text", "markdown", "html") else wanted + titles)
    for where in ("doctor", "report md", "report html"):  # the GUI translates its own headline and states
        assert plain(said[where]).count(headline(verdict.diagnosis.gpu_ready)) >= 1, where
    for env in verdict.diagnosis.envs:
        for where in ("doctor", "report md", "report html"):
            assert env_line(env.tf_version, env.gpu_ready, env.gpu_count) in plain(said[where]), where


def test_the_report_presents_what_the_verdict_presents(verdict: Verdict) -> None:
    """The report works from the saved (redacted) document; its presentation is the verdict's."""
    bundle = prepare(ReportInputs(scan=verdict.scan, verdict=verdict, created_at="2026-01-01T00:00:00+00:00"),
                     redact=False)
    saved = present_document(bundle.document["diagnosis"])

    def words(shown: Presentation) -> Presentation:
        def step(s: ShownStep) -> ShownStep:
            return dataclasses.replace(s, text=None if s.text is None else str(s.text), check=str(s.check))

        return Presentation(shown.env, tuple(step(s) for s in shown.steps),
                            tuple(dataclasses.replace(o, title=str(o.title), steps=tuple(step(s) for s in o.steps))
                                  for o in shown.options),
                            tuple(ShownNotNeeded(n.parts, str(n.why)) for n in shown.not_needed))

    assert words(saved) == words(present(verdict))


def test_scanned_text_never_becomes_markup_or_a_terminal_escape() -> None:
    hostile = "<script>alert(1)</script> **bold** [x](javascript:y) \x1b[31mred\x1b[0m"
    shown = Presentation("/opt/<py>/python", (ShownStep("1.", hostile, (StepCommand("echo '```' <b>", "bash"),),
                                                         "https://example.org/<x>", hostile),),
                         not_needed=(ShownNotNeeded(("cuda",), hostile),))
    markdown, page, text = "\n".join(to_markdown(shown)), to_html(shown), "\n".join(to_text(shown))
    for written in (markdown, page, text):
        assert "\x1b" not in written
    assert "<script>" not in page and "<b>" not in page and "&lt;script&gt;" in page
    prose = "\n".join(line for line in markdown.splitlines() if "echo" not in line)  # the command is code
    assert re.search(r"(?<!\\)<(?!https://)", prose) is None  # every "<" escaped, but the link's
    assert "\\*\\*bold\\*\\*" in markdown and "\\[x\\]" in markdown
    assert "````bash" in markdown  # the fence is longer than the backticks the command holds
    assert "$ echo '```' <b>  (bash)" in text  # commands stay exactly as typed in plain text

