"""One presentation of a verdict: the findings in their order (:func:`finding_sections`) and the checklist: what to do next (steps, commands and the shell each is
typed in, "done when" checks, done marks), the other options, and the parts the route does not need,
in one order, built once; three small writers turn it into plain text (``tfgpu doctor``), Markdown
(the GUI's "Copy report") and HTML. The report builds its blocks from the same structure.

Words are ``TrText`` (or plain ``str`` from a saved document): each writer takes ``tr`` to put them
in the reader's language (``str``: English). Commands and URLs are never translated. Markdown and HTML
escape everything that came from a scan, so no text of the user's machine becomes markup.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Union

from tfgpu.core.diagnosis.model import Diagnosis, EnvVerdict
from tfgpu.core.diagnosis.next_steps import NextStep, StepCommand
from tfgpu.core.diagnosis.verdict import NOT_NEEDED
from tfgpu.core.findings.model import Finding
from tfgpu.core.i18n import TrText
from tfgpu.core.markup import md_escape, md_fence, strip_controls

if TYPE_CHECKING:
    from tfgpu.core.diagnosis.verdict import Verdict

Words = Union[str, TrText]
Tr = Callable[[Words], str]

#: What a scan part is called in words (the not-needed line).
PART_NAMES = {"driver": "NVIDIA driver", "cuda": "CUDA toolkit", "cudnn": "cuDNN", "path": "CUDA on PATH"}
FENCE_LANGUAGE = {"powershell": "powershell", "cmd": "bat", "bash": "bash"}
_SHELL_WORDS = {"powershell": "Run in PowerShell:", "cmd": "Run in Command Prompt (cmd):",
                "bash": "Run in a terminal (bash):"}


@dataclass(frozen=True)
class ShownStep:
    marker: str  # "1." for a checklist step, "-" for a step of another option
    text: Words | None  # None: the option's title says it
    commands: tuple[StepCommand, ...] = ()
    url: str | None = None
    check: Words = ""
    done: bool = False


@dataclass(frozen=True)
class ShownOption:
    title: Words
    steps: tuple[ShownStep, ...] = ()


@dataclass(frozen=True)
class ShownNotNeeded:
    parts: tuple[str, ...]  # keys of PART_NAMES
    why: Words  # "Not needed for your route: ..."


@dataclass(frozen=True)
class Presentation:
    """The checklist of one verdict, in reading order."""

    env: str | None
    steps: tuple[ShownStep, ...] = ()
    options: tuple[ShownOption, ...] = ()
    not_needed: tuple[ShownNotNeeded, ...] = field(default=())


@dataclass(frozen=True)
class Labels:
    """The writers' fixed words; the GUI passes its translated ones."""

    do_this_next: str = "Do this next"
    for_env: str = "for {env}"
    option: str = "Or: {title}"
    done: str = "[done]"
    shell: Callable[[str | None], str] = lambda shell: _SHELL_WORDS.get(shell or "", "Run:")


def headline(gpu_ready: bool) -> str:
    """The verdict in one line (``tfgpu doctor`` and the report; the GUI has its translated one)."""
    if gpu_ready:
        return "GPU ready: TensorFlow can use your GPU."
    return "Not GPU ready: TensorFlow cannot use a GPU on this computer yet."


#: What TensorFlow in an environment can do with the GPU, in words (the GUI has its translated ones).
ENV_STATES = {"ready": "GPU ready", "listed": "GPU listed, but it cannot run TensorFlow's kernels here",
              "none": "no GPU"}


def env_state(gpu_ready: bool, gpu_count: int | None) -> str:
    """"ready", "listed" (TF lists a GPU the knowledge base says it cannot run kernels on) or "none"."""
    return "ready" if gpu_ready else "listed" if gpu_count else "none"


def env_line(tf_version: str | None, gpu_ready: bool, gpu_count: int | None) -> str:
    """"TensorFlow 2.16.1: GPU ready" / "no TensorFlow: no GPU"."""
    tf = f"TensorFlow {tf_version}" if tf_version else "no TensorFlow"
    return f"{tf}: {ENV_STATES[env_state(gpu_ready, gpu_count)]}"


@dataclass(frozen=True)
class FindingSection:
    """The findings under one heading, the one to fix first leading."""

    env: EnvVerdict | None  # None: this computer (the driver, CUDA, cuDNN, the OS)
    findings: tuple[Finding, ...]
    first: Finding | None  # the one to fix first here (None: nothing is in the way)


def finding_sections(diagnosis: Diagnosis) -> tuple[FindingSection, ...]:
    """This computer's findings, then each environment's, its primary first (never repeated)."""
    out = []
    if diagnosis.machine:
        first = diagnosis.primary if any(f is diagnosis.primary for f in diagnosis.machine) else None
        out.append(FindingSection(None, tuple(diagnosis.machine), first))
    for env in diagnosis.envs:
        rest = [f for f in env.findings if f is not env.primary and f != env.primary]
        out.append(FindingSection(env, (env.primary, *rest), None if env.gpu_ready else env.primary))
    return tuple(out)


# -- building ---------------------------------------------------------------------------------------
def present(verdict: Verdict) -> Presentation:
    """The verdict's checklist (done steps marked) and the parts its route goes without."""
    steps = tuple(_shown(step, f"{n}.", done=verdict.ticked(step) is True)
                  for n, step in enumerate(verdict.checklist.steps, 1))
    options = tuple(ShownOption(o.title, tuple(_shown(s, "-", same_as=str(o.title)) for s in o.steps))
                    for o in verdict.checklist.options)
    whys: dict[str, tuple[TrText, list[str]]] = {}
    for part, why in verdict.not_needed.items():
        whys.setdefault(str(why), (TrText(NOT_NEEDED, why=why), []))[1].append(part)
    return Presentation(verdict.env, steps, options,
                        tuple(ShownNotNeeded(tuple(parts), text) for text, parts in whys.values()))


def present_document(diagnosis: Mapping[str, Any]) -> Presentation:
    """The same presentation from a saved diagnosis (``Verdict.to_dict`` merged in: the report's
    ``next_steps``, ``other_options``, ``not_needed`` and ``chosen_env``), after redaction."""
    steps = tuple(_shown_dict(s, f"{n}.") for n, s in enumerate(diagnosis.get("next_steps") or [], 1))
    options = []
    for option in diagnosis.get("other_options") or []:
        if isinstance(option, dict):
            title = str(option.get("title") or "")
            options.append(ShownOption(title, tuple(_shown_dict(s, "-", same_as=title)
                                                    for s in option.get("steps") or [])))
    whys: dict[str, list[str]] = {}
    not_needed = diagnosis.get("not_needed")
    for part, why in (not_needed.items() if isinstance(not_needed, dict) else ()):
        whys.setdefault(str(why), []).append(str(part))
    return Presentation(diagnosis.get("chosen_env"), steps, tuple(options),
                        tuple(ShownNotNeeded(tuple(parts), why) for why, parts in whys.items()))


def _shown(step: NextStep, marker: str, done: bool = False, same_as: str | None = None) -> ShownStep:
    text = None if same_as is not None and str(step.text) == same_as else step.text
    return ShownStep(marker, text, tuple(step.commands), step.url, step.check.text, done)


def _shown_dict(step: Any, marker: str, same_as: str | None = None) -> ShownStep:
    if not isinstance(step, dict):
        return ShownStep(marker, str(step))
    text = str(step.get("text") or step.get("title") or step.get("id") or "")
    commands = step.get("commands") or ([step["command"]] if step.get("command") else [])
    shown = tuple(StepCommand(str(c.get("command") or c.get("text") or ""), c.get("shell"))
                  if isinstance(c, dict) else StepCommand(str(c)) for c in commands)
    check = step.get("check")
    check = check.get("text") if isinstance(check, dict) else f"Done when: {check}" if check else ""
    return ShownStep(marker, None if same_as is not None and text == same_as else text, shown,
                     step.get("url"), str(check or ""), step.get("done") is True)


def part_names(item: ShownNotNeeded) -> str:
    return ", ".join(PART_NAMES.get(part, part) for part in item.parts)


# -- writers ----------------------------------------------------------------------------------------
def clean(text: str) -> str:
    """No terminal control characters."""
    return strip_controls(text)


def not_needed_text(p: Presentation, tr: Tr = str) -> list[str]:
    """One line per reason: "NVIDIA driver, cuDNN: Not needed for your route: ..."."""
    return [clean(f"{part_names(item)}: {tr(item.why)}") for item in p.not_needed]


def to_text(p: Presentation, tr: Tr = str, labels: Labels = Labels(), wrap: Callable[..., list[str]] | None = None
            ) -> list[str]:
    """``tfgpu doctor``'s lines: the parts not needed, then "Do this next" (``wrap(text, indent, first=...)`` folds long ones)."""
    def fold(text: str, indent: str, first: str) -> list[str]:
        return wrap(text, indent, first=first) if wrap else [first + text]

    where = f" ({labels.for_env.format(env=p.env)})" if p.env else ""
    lines = not_needed_text(p, tr) + [""] if p.not_needed else []
    lines.append(f"{labels.do_this_next}{where}:")
    for step in p.steps:
        lines += _step_text(step, f"  {step.marker} " + (f"{labels.done} " if step.done else ""), tr, fold)
    for option in p.options:
        lines += fold(tr(option.title), "      ", "  Or: ")
        for step in option.steps:
            lines += _step_text(step, f"    {step.marker} ", tr, fold)
    return [clean(line) for line in lines] + [""]


def _step_text(step: ShownStep, head: str, tr: Tr, fold: Callable[[str, str, str], list[str]]) -> list[str]:
    pad = " " * len(head)
    lines = fold(tr(step.text), pad, head) if step.text is not None else []
    for command in step.commands:
        shell = f"  ({command.shell})" if command.shell else ""
        for i, line in enumerate(command.command.splitlines()):
            lines.append(f"{pad}  $ {line}" + (shell if i == 0 else ""))
    if step.url:
        lines.append(f"{pad}  {step.url}")
    if step.check:
        lines += fold(tr(step.check), pad + "  ", pad + "  ")
    return lines


def to_markdown(p: Presentation, tr: Tr = str, labels: Labels = Labels()) -> list[str]:
    """The checklist as Markdown: numbered steps, each command fenced under the shell it is for."""
    out = [f"## {md_escape(labels.do_this_next)}", ""]
    out += [md_escape(line) for line in not_needed_text(p, tr)]
    out += [""] if p.not_needed else []
    for step in p.steps:
        out += _step_markdown(step, tr, labels)
    for option in p.options:
        out.append(md_escape(labels.option.format(title=tr(option.title))))
        for step in option.steps:
            out += _step_markdown(step, tr, labels)
    return out + [""]


def _step_markdown(step: ShownStep, tr: Tr, labels: Labels) -> list[str]:
    done = f"{md_escape(labels.done)} " if step.done else ""
    out = [f"{step.marker} {done}{md_escape(tr(step.text)) if step.text is not None else ''}".rstrip()]
    for command in step.commands:
        out.append(f"   {md_escape(labels.shell(command.shell))}")
        out += md_fence(clean(command.command), FENCE_LANGUAGE.get(command.shell or "", ""), "   ").split("\n")
    if step.url:
        out.append(f"   <{md_url(step.url)}>")
    if step.check:
        out.append(f"   {md_escape(tr(step.check))}")
    return out


def md_url(url: str) -> str:
    return clean(url).replace("<", "%3C").replace(">", "%3E").replace(" ", "%20").replace("\n", "")


def to_html(p: Presentation, tr: Tr = str, labels: Labels = Labels()) -> str:
    """The checklist as escaped HTML: an ordered list, each command in ``<pre>``."""
    def esc(text: str) -> str:
        return html.escape(clean(text), quote=True)

    out = [f"<h2>{esc(labels.do_this_next)}</h2>"]
    out += [f"<p>{esc(line)}</p>" for line in not_needed_text(p, tr)]
    out.append("<ol>")
    out += [f"<li>{_step_html(step, tr, labels, esc)}</li>" for step in p.steps]
    out.append("</ol>")
    for option in p.options:
        out.append(f"<p>{esc(labels.option.format(title=tr(option.title)))}</p><ul>")
        out += [f"<li>{_step_html(step, tr, labels, esc)}</li>" for step in option.steps]
        out.append("</ul>")
    return "\n".join(out) + "\n"


def _step_html(step: ShownStep, tr: Tr, labels: Labels, esc: Callable[[str], str]) -> str:
    parts = [f"<strong>{esc(labels.done)}</strong> " if step.done else ""]
    parts.append(esc(tr(step.text)) if step.text is not None else "")
    for command in step.commands:
        parts.append(f"<p>{esc(labels.shell(command.shell))}</p><pre><code>{esc(command.command)}</code></pre>")
    if step.url:
        parts.append(f'<p><a href="{esc(step.url)}">{esc(step.url)}</a></p>')
    if step.check:
        parts.append(f"<p>{esc(tr(step.check))}</p>")
    return "".join(parts)
