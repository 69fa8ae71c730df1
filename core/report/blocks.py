"""The report document as a list of simple blocks (headings, paragraphs, tables, code, lists,
collapsible raw data, plots). The Markdown, HTML and text writers each serialise these blocks,
so the three formats hold the same sections in the same order."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Union

from tfgpu.core.diagnosis.present import (
    Presentation,
    ShownStep,
    env_line,
    not_needed_text,
    present_document,
)


@dataclass
class Heading:
    level: int
    text: str


@dataclass
class Para:
    text: str
    strong: bool = False
    url: str | None = None  # an official page the text points to


@dataclass
class Table:
    header: list[str]
    rows: list[list[str]]


@dataclass
class Code:
    text: str
    language: str = ""


@dataclass
class Item:
    text: str
    lead: str = ""  # shown bold before the text: "Problem:", "1."
    children: list[Block] = field(default_factory=list)


@dataclass
class Items:
    items: list[Item]
    ordered: bool = False


@dataclass
class Details:
    summary: str
    blocks: list[Block]
    raw: bool = True  # raw data: the Markdown writer drops it first when over GitHub's limit
    smaller: list[Block] | None = None  # a shorter version to try before dropping it


@dataclass
class Plot:
    key: str  # "bench" / "monitor" (plots.charts_for)


Block = Union[Heading, Para, Table, Code, Items, Details, Plot]
SEVERITY_WORDS = {"error": "Problem", "warning": "Warning", "info": "Note", "ok": "OK"}
def primary_first(findings: list[dict[str, Any]], primary: Any) -> list[dict[str, Any]]:
    """An environment's findings in :func:`~tfgpu.core.diagnosis.present.finding_sections`' order."""
    first = primary.get("id") if isinstance(primary, dict) else None
    return sorted(findings, key=lambda f: f.get("id") != first) if first else findings


_FENCE = {"powershell": "powershell", "cmd": "bat", "bash": "bash"}


def na(value: Any, unit: str = "") -> str:
    if value is None or value == "":
        return "n/a"
    return f"{value}{unit}"


def document_blocks(doc: dict[str, Any], raw: dict[str, str] | None = None) -> list[Block]:
    """Every section, in reading order."""
    blocks: list[Block] = [Heading(1, "tfgpu diagnostics report")]
    summary = doc.get("summary") or {}
    blocks.append(Para(summary.get("verdict") or "", strong=True))
    blocks += [Heading(2, "Summary"), summary_table(doc)]
    diagnosis = doc.get("diagnosis") or {}
    shown = present_document(diagnosis)
    if shown.not_needed:
        blocks += [Para(line) for line in not_needed_text(shown)]
    if shown.steps or shown.options:
        blocks += [Heading(2, "Next steps"), *next_steps(shown)]
    blocks += findings_blocks(diagnosis)
    if diagnosis.get("recommendation"):
        blocks += recommendation_blocks(diagnosis["recommendation"])
    blocks += bench_blocks(doc.get("bench") or {})
    blocks += profile_blocks(doc.get("profile") or {})
    blocks += monitor_blocks(doc.get("monitor") or {})
    blocks += changes_blocks(doc.get("config_changes") or {})
    blocks += [Heading(2, "Versions"), versions_table(doc)]
    blocks += environment_blocks(doc.get("environment") or {})
    blocks += raw_blocks(doc, raw or {})
    return blocks


# -- summary ------------------------------------------------------------------------------------
def summary_table(doc: dict[str, Any]) -> Table:
    summary = doc.get("summary") or {}
    os_info = doc.get("os") or {}
    primary = summary.get("primary") or {}
    rows = [["Verdict", "GPU ready" if summary.get("gpu_ready") else "not GPU ready"],
            ["Main finding", f"{na(primary.get('title'))} ({na(primary.get('id'))})"]]
    os_words = " ".join(str(p) for p in (os_info.get("name"), os_info.get("version")) if p)
    if os_info.get("build"):
        os_words += f" (build {os_info['build']})"
    if os_info.get("is_wsl"):
        os_words += f", WSL{na(os_info.get('wsl_version'))}, GPU passed through: {na(os_info.get('wsl_gpu'))}"
    rows.append(["OS", f"{os_words or 'n/a'}, {na(os_info.get('architecture'))}"])
    gpus = summary.get("gpus") or []
    rows.append(["GPU", "; ".join(
        f"{g.get('name') or '?'} (compute capability {na(g.get('compute_capability'))}, "
        f"{na(g.get('memory_total_mib'), ' MiB')}{', ' + g['driver_model'] if g.get('driver_model') else ''})"
        for g in gpus) or "none found"])
    driver = summary.get("driver") or {}
    rows.append(["Driver", f"{na(driver.get('version'))} (supports CUDA up to {na(driver.get('cuda_max'))})"
                 if driver.get("version") else f"not found ({na(driver.get('reason'))})"])
    rows.append(["CUDA toolkits", ", ".join(f"{na(t.get('version'))}{' (on PATH)' if t.get('on_path') else ''}"
                                            for t in summary.get("cuda_toolkits") or []) or "none"])
    rows.append(["cuDNN", ", ".join(na(c.get("version")) for c in summary.get("cudnn") or []) or "none found"])
    for env in summary.get("environments") or []:
        state = "GPU ready" if env.get("gpu_ready") else f"no GPU ({na(env.get('primary'))})"
        rows.append([f"Python: {env.get('label')}", f"TensorFlow {na(env.get('tf_version'))}: {state}"])
    bench = summary.get("bench")
    rows.append(["Benchmark", f"{bench.get('headline') or bench.get('status')} (run {bench.get('run_id')})"
                 if bench else (doc.get("bench") or {}).get("note") or "none"])
    monitor = doc.get("monitor") or {}
    rows.append(["Monitor", f"{monitor.get('samples')} samples over {monitor.get('span_s')} s ({monitor.get('source')})"
                 if monitor.get("samples") else monitor.get("note") or "none"])
    kb = doc.get("kb") or {}
    app = doc.get("app") or {}
    rows.append(["Report", f"{doc.get('created_at')}, tfgpu {app.get('version')} ({app.get('frontend')}), "
                           f"knowledge base {kb.get('version')} ({kb.get('date')})"])
    rows.append(["Redaction", redaction_words(doc.get("redaction") or {})])
    return Table(["", ""], rows)


def redaction_words(redaction: dict[str, Any]) -> str:
    if not redaction.get("enabled"):
        return "off: personal details are included"
    counts = {k: v for k, v in (redaction.get("counts") or {}).items() if v}
    if not counts:
        return "on: nothing personal was found"
    return "on: " + ", ".join(f"{kind} x{count}" for kind, count in counts.items())


# -- findings -----------------------------------------------------------------------------------
def fix_items(steps: list[dict[str, Any]]) -> Items:
    items, number = [], 0
    for step in steps or []:
        if step.get("alternative"):
            lead = "Or:"
        else:
            number += 1
            lead = f"{number}."
        children: list[Block] = []
        if step.get("command"):
            children.append(Code(step["command"], _FENCE.get(str(step.get("shell") or ""), "")))
        items.append(Item(str(step.get("text") or ""), lead, children))
        if step.get("url"):
            children.append(Para(step["url"], url=step["url"]))
    return Items(items)


def finding_item(finding: dict[str, Any], with_evidence: bool = True) -> Item:
    severity = str(finding.get("severity") or "")
    children: list[Block] = []
    if finding.get("detail"):
        children.append(Para(str(finding["detail"])))
    if finding.get("fix") and severity in ("error", "warning"):
        children.append(fix_items(finding["fix"]))
    evidence = finding.get("evidence") or []
    if with_evidence and evidence and severity in ("error", "warning"):
        children.append(Items([Item(f"{e.get('kind')}: {e.get('source')}"
                                    + (f" -> {e.get('detail')}" if e.get("detail") else ""), "Evidence:")
                               for e in evidence[:6]]))
    return Item(f"{finding.get('title')} ({finding.get('id')})", SEVERITY_WORDS.get(severity, severity) + ":",
                children)


def findings_blocks(diagnosis: dict[str, Any]) -> list[Block]:
    blocks: list[Block] = [Heading(2, "Findings")]
    if diagnosis.get("machine"):
        blocks += [Heading(3, "This computer"), Items([finding_item(f) for f in diagnosis["machine"]])]
    shown = {f.get("id") for f in diagnosis.get("machine") or []}
    for env in diagnosis.get("envs") or []:
        items = [Item(f"{f.get('title')} ({f.get('id')})", "Same as above:")
                 if f.get("id") in shown and not f.get("env") else finding_item(f)
                 for f in primary_first(env.get("findings") or [], env.get("primary"))]
        blocks += [Heading(3, str(env.get("label"))), Para(env_line(env.get("tf_version"), bool(env.get("gpu_ready")),
                                                               env.get("gpu_count"))),
                   Items(items)]
    if len(blocks) == 1:
        blocks.append(Para("No findings."))
    return blocks


def next_steps(shown: Presentation) -> list[Block]:
    """The verdict's checklist as :func:`tfgpu.core.diagnosis.present.present_document` orders it: the
    numbered steps (commands, link, "done when"), then each other option."""
    blocks: list[Block] = [Items([_step_item(step) for step in shown.steps])] if shown.steps else []
    for option in shown.options:
        blocks += [Para(f"Or: {option.title}"), Items([_step_item(step) for step in option.steps])]
    return blocks


def _step_item(step: ShownStep) -> Item:
    children: list[Block] = [Code(c.command, _FENCE.get(str(c.shell or ""), "")) for c in step.commands]
    if step.url:
        children.append(Para(step.url, url=step.url))
    if step.check:
        children.append(Para(("[done] " if step.done else "") + str(step.check)))
    return Item(str(step.text or ""), step.marker if step.marker != "-" else "", children)


def recommendation_blocks(rec: dict[str, Any]) -> list[Block]:
    blocks: list[Block] = [Heading(2, "Recommendation"), Para(str(rec.get("title") or ""), strong=True)]
    if rec.get("detail"):
        blocks.append(Para(str(rec["detail"])))
    if rec.get("steps"):
        blocks.append(fix_items(rec["steps"]))
    return blocks


# -- benchmark, monitor, changes, versions, environment ---------------------------------------------
def bench_blocks(bench: dict[str, Any]) -> list[Block]:
    blocks: list[Block] = [Heading(2, "Benchmark")]
    run = bench.get("run")
    if not run:
        return blocks + [Para(f"No benchmark run: {bench.get('note') or 'none saved'}.")]
    blocks.append(Para(f"Run {run.get('run_id')} ({run.get('created')}), status {run.get('status')}, "
                       f"TensorFlow {na(run.get('tf_version'))} in {run.get('python')}"))
    if bench.get("headlines"):
        blocks.append(Items([Item(h) for h in bench["headlines"]]))
    if bench.get("problems"):
        blocks.append(Items([Item(p, "Problem:") for p in bench["problems"]]))
    rows = []
    for test in run.get("tests") or []:
        value = test.get("value")
        figure = (f"{value:.4g} {test.get('unit') or ''}".strip() if isinstance(value, (int, float))
                  else f"n/a ({test.get('error_code') or 'not measured'})")
        pct, speed = test.get("percent_of_peak"), test.get("speedup_vs_cpu")
        rows.append([test.get("id", "?"), figure, f"{pct:.0f}%" if isinstance(pct, (int, float)) else "n/a",
                     f"{speed:.3g}x" if isinstance(speed, (int, float)) else ""])
    if rows:
        blocks.append(Table(["test", "figure", "% of peak", "vs CPU"], rows))
    return blocks + [Plot("bench")]


def profile_blocks(profile: dict[str, Any]) -> list[Block]:
    """The latest ``tfgpu profile`` of the user's training script."""
    blocks: list[Block] = [Heading(2, "Training profile")]
    run = profile.get("run")
    if not run:
        return blocks + [Para(f"No profile: {profile.get('note') or 'none saved'}.")]
    step = run.get("step_ms") or {}
    blocks.append(Para(f"Profile {run.get('run_id')} of {run.get('script')} ({run.get('created')}): "
                       f"{run.get('steps_traced')} traced steps, step median {na(step.get('median'), ' ms')}, "
                       f"bottleneck {run.get('bottleneck')}"))
    parts = run.get("breakdown") or {}
    blocks.append(Table(["part of the step", "share"], [[k, f"{v * 100:.1f}%"] for k, v in parts.items()
                                                        if isinstance(v, (int, float))]))
    advice = [a.get("text", "") for a in run.get("advice") or [] if isinstance(a, dict)]
    if advice:
        blocks.append(Items([Item(text) for text in advice], ordered=True))
    return blocks


def monitor_blocks(monitor: dict[str, Any]) -> list[Block]:
    blocks: list[Block] = [Heading(2, "Monitor")]
    if not monitor.get("metrics"):
        return blocks + [Para(f"No monitor excerpt: {monitor.get('note') or 'no samples'}.")]
    blocks.append(Para(f"{monitor.get('samples')} samples from {monitor.get('start')} to {monitor.get('end')} "
                       f"(every {na(monitor.get('interval_s'), ' s')}, source: {monitor.get('source')}); "
                       f"GPU status: {na(monitor.get('gpu_status'))}"))
    names = monitor.get("gpu_names") or {}
    rows = [[m["scope"] + (f" ({names[m['scope']]})" if names.get(m["scope"]) else ""), m["label"],
             str(m["min"]), str(m["mean"]), str(m["max"]), m["unit"]] for m in monitor["metrics"]]
    blocks.append(Table(["where", "figure", "min", "mean", "max", "unit"], rows))
    if monitor.get("unavailable"):
        blocks.append(Para("Not available: " + ", ".join(monitor["unavailable"])))
    return blocks + [Plot("monitor")]


def changes_blocks(changes: dict[str, Any]) -> list[Block]:
    blocks: list[Block] = [Heading(2, "Configuration changes made by tfgpu")]
    items = changes.get("changes") or []
    if not items:
        return blocks + [Para(str(changes.get("note") or "None."))]
    header = ["id", "when", "target", "what", "state"]
    return blocks + [Table(header, [[str(c.get(k, "")) for k in header] for c in items])]


def versions_table(doc: dict[str, Any]) -> Table:
    versions = doc.get("versions") or {}
    app, kb = doc.get("app") or {}, doc.get("kb") or {}
    rows = [["tfgpu", f"{app.get('version')} (Python {app.get('python')}, {app.get('platform')})"],
            ["knowledge base", f"{kb.get('version')} ({kb.get('date')})"],
            ["report schema", str(doc.get("schema_version"))],
            ["NVIDIA driver", f"{na(versions.get('driver'))} (CUDA up to {na(versions.get('driver_cuda_max'))}, "
                              f"NVML {na(versions.get('nvml'))})"],
            ["CUDA toolkits", ", ".join(na(v) for v in versions.get("cuda_toolkits") or []) or "none"],
            ["cuDNN", ", ".join(na(v) for v in versions.get("cudnn") or []) or "none"]]
    for py in versions.get("pythons") or []:
        packages = ", ".join(f"{k} {v}" for k, v in sorted((py.get("packages") or {}).items()))
        rows.append([f"Python {na(py.get('version'))} ({py.get('kind')}): {py.get('python')}",
                     f"TensorFlow {na(py.get('tensorflow'))} (built for CUDA {na(py.get('tf_cuda_build'))}, "
                     f"cuDNN {na(py.get('tf_cudnn_build'))})" + (f"; {packages}" if packages else "")])
    return Table(["component", "version"], rows)


def environment_blocks(environment: dict[str, Any]) -> list[Block]:
    variables = environment.get("variables") or {}
    text = "\n".join(f"{k}={v}" for k, v in variables.items()) or "(none of the allowlisted variables is set)"
    withheld = environment.get("withheld_secret_like") or 0
    note = f"; {withheld} secret-like name(s) left out" if withheld else ""
    return [Heading(2, "Environment variables"),
            Details(f"{len(variables)} relevant variables (an allowlist{note})", [Code(text, "text")], raw=False)]


# -- raw data -----------------------------------------------------------------------------------
def agent_logs(doc: dict[str, Any]) -> dict[str, str]:
    """Each environment's TF agent output (log lines, import error and traceback), by label."""
    out = {}
    for index, env in enumerate(((doc.get("scan") or {}).get("pythons") or {}).get("envs") or [], 1):
        tf = env.get("tensorflow") or {}
        lines = [f"python: {env.get('executable')}", f"status: {tf.get('status')} ({tf.get('reason')})",
                 f"stage: {tf.get('stage')}, return code: {tf.get('returncode')}"]
        if tf.get("import_error"):
            lines.append(f"import error: {tf['import_error']}")
        if tf.get("import_traceback"):
            lines += ["traceback:", str(tf["import_traceback"])]
        if tf.get("gpu_init_error"):
            lines.append(f"GPU init error: {tf['gpu_init_error']}")
        lines += ["--- TensorFlow log ---", *[str(line) for line in tf.get("log_lines") or []]]
        if tf:
            out[f"{index}: {env.get('executable')}"] = "\n".join(lines)
    return out


def raw_blocks(doc: dict[str, Any], raw: dict[str, str]) -> list[Block]:
    blocks: list[Block] = [Heading(2, "Raw data")]
    for label, text in agent_logs(doc).items():
        tail = "\n".join(text.splitlines()[-40:])
        blocks.append(Details(f"TensorFlow agent output, environment {label}", [Code(text, "text")],
                              smaller=[Code(tail, "text")]))
    scan = doc.get("scan") or {}
    slim = _slim_scan(scan)
    blocks.append(Details("Scan (JSON)", [Code(json.dumps(scan, indent=1, ensure_ascii=False), "json")],
                          smaller=[Para("Evidence and TF log lines are left out here; the .json or .zip export "
                                        "has them."), Code(json.dumps(slim, ensure_ascii=False), "json")]))
    for name, text in raw.items():
        if name.startswith("raw/"):
            blocks.append(Details(name.removeprefix("raw/"), [Code(text, "text")]))
    return blocks


def _slim_scan(tree: Any) -> Any:
    if isinstance(tree, dict):
        return {k: _slim_scan(v) for k, v in tree.items()
                if k not in ("evidence", "log_lines", "import_traceback", "build_info", "library_checks")}
    if isinstance(tree, list):
        return [_slim_scan(v) for v in tree]
    return tree
