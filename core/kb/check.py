"""The knowledge base's release check: ``python -m tfgpu.core.kb.check [--json]``.

Run it before every KB change is merged (tests/kb/ runs it too). It fails (exit 1) when:

- a record has no source or no valid status, or the files disagree on ``kb_version``;
- the files contradict each other (arch lists, minimum compute capabilities, the cuDNN pin of each
  ``[and-cuda]`` release against its own cuDNN requirement, a per-architecture rule against a build that
  has kernels for it, log signatures pointing at unknown findings, examples their regex does not match);
- a fact the doctor depends on is missing (a GPU without compute capability, a GPU release without its
  CUDA's minimum driver, its libraries, its Pythons or its arch list; an ``[and-cuda]`` release without its
  pre-Turing pin decision);
- more than :data:`MAX_UNCONFIRMED` records are still ``unconfirmed``.

Known gaps that do not mislead anyone (arch lists of releases before 2.10 that were never inspected)
are listed as warnings.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field

from packaging.requirements import InvalidRequirement, Requirement

from tfgpu.core import versions
from tfgpu.core.kb.common import STATUSES, WEAKEST_FIRST
from tfgpu.core.kb.cuda import CudnnCutoff, cutoffs_from, min_driver, min_driver_any_minor
from tfgpu.core.kb.libraries import expected_libraries
from tfgpu.core.kb.loader import load_kb

MAX_UNCONFIRMED = 6  # "a handful": each one explained in its notes
FILES = ("meta", "tf_builds", "cuda_driver", "cudnn_cuda", "cudnn_windows", "libraries", "gpus", "log_signatures", "findings",
         "pci_gpus")
ARCH_LIST_REQUIRED_FROM = "2.10"  # releases the doctor recommends: their arch lists must be known
HOST_OSES = {"linux", "wsl", "windows"}
GPU_PLATFORMS = {"linux-aarch64"}


@dataclass
class Report:
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    unconfirmed: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict:
        return {"ok": self.ok, "errors": self.errors, "warnings": self.warnings, "unconfirmed": self.unconfirmed,
                "counts": self.counts}


def run_checks(data: dict[str, dict] | None = None) -> Report:
    """Every check over the KB files (``data``: the files' contents by name, for tests; default: the package's)."""
    report = Report()
    data = data if data is not None else {name: load_kb(name) for name in FILES}
    _sources_and_statuses(data, report)
    _versions(data, report)
    _tf_builds(data, report)
    _arch_rules(data, report)
    _gpus(data, report)
    _cudnn(data, report)
    _cudnn_wheel_kernels(data, report)
    _signatures(data, report)
    if len(report.unconfirmed) > MAX_UNCONFIRMED:
        report.errors.append(f"{len(report.unconfirmed)} unconfirmed records (at most {MAX_UNCONFIRMED}): confirm them "
                             "with a source, mark them derived with the arithmetic, or remove them")
    report.counts["unconfirmed"] = len(report.unconfirmed)
    return report


# -- every record: a source and a status ---------------------------------------------------------

def _records(value: object, where: str) -> Iterator[tuple[str, dict]]:
    """Every dict that is a record: it has a status, a source, or sources."""
    if isinstance(value, dict):
        if any(key in value for key in ("status", "source", "sources")):
            yield where, value
        for key, item in value.items():
            if key not in ("fields", "sources", "field_status"):
                yield from _records(item, f"{where}.{key}")
    elif isinstance(value, list):
        for index, item in enumerate(value):
            label = item.get("id") or item.get("version") or item.get("name") or item.get("label") or index \
                if isinstance(item, dict) else index
            yield from _records(item, f"{where}[{label}]")


def _sources_and_statuses(data: dict[str, dict], report: Report) -> None:
    total = 0
    for row in data["findings"]["rows"]:  # the catalog defines findings: sources for their meaning, no status
        if not row.get("sources"):
            report.errors.append(f"findings[{row.get('id')}]: no sources")
    for name, content in data.items():
        if name in ("meta", "findings"):
            continue
        for key, value in content.items():
            if isinstance(value, list) and value and all(isinstance(v, dict) for v in value) and key != "fields":
                for index, row in enumerate(value):
                    if not any(k in row for k in ("status", "source", "sources")):
                        report.errors.append(f"{name}.{key}[{index}]: a record without source and status")
        for where, record in _records(content, name):
            total += 1
            source = record.get("source") or record.get("sources")
            status = record.get("status")
            for counted in [status, *(record.get("field_status") or {}).values()]:
                if counted in STATUSES:
                    report.counts[f"status_{counted}"] = report.counts.get(f"status_{counted}", 0) + 1
            if not source:
                report.errors.append(f"{where}: no source")
            if status not in STATUSES:
                report.errors.append(f"{where}: status {status!r} is not one of {', '.join(STATUSES)}")
            sources = record.get("sources")
            field_sources: dict = sources if isinstance(sources, dict) else {}
            if status == "confirmed" and isinstance(record.get("source"), str):
                _primary(where, record["source"], report)
            for field_name, field_status in (record.get("field_status") or {}).items():
                if field_status == "confirmed":
                    _primary(f"{where}.{field_name}", str(field_sources.get(field_name) or ""), report)
            fields_unconfirmed = "unconfirmed" in (record.get("field_status") or {}).values()
            if status == "unconfirmed" and not fields_unconfirmed:  # a row unconfirmed by its fields is listed by them
                report.unconfirmed.append(where)
            for field_name, field_status in (record.get("field_status") or {}).items():
                if field_status not in STATUSES:
                    report.errors.append(f"{where}.{field_name}: status {field_status!r}")
                elif field_status == "unconfirmed" and status != "unconfirmed":
                    report.errors.append(f"{where}: {field_name} is unconfirmed but the row says {status}")
                if field_status == "unconfirmed":
                    report.unconfirmed.append(f"{where}.{field_name}")
    report.counts["records"] = total


#: Words that say a source is not a primary one: a copy, a spec site, a page that could not be read.
NOT_PRIMARY = re.compile(
    r"not retrievable|could not be read|third[- ]party|spec[- ]DB|spec (?:pages|sites?|database)|search results|"
    r"\+ memory|from memory|corroborated|independent spec|reseller|Lightning-AI|pytorch-lightning|"
    r"michaelbommarito|as quoted in|found in the code index", re.I)


def _primary(where: str, source: str, report: Report) -> None:
    """``confirmed`` means a primary source was read: its source must name one, not a copy of it."""
    match = NOT_PRIMARY.search(source)
    if not source.strip() or match:
        report.errors.append(f"{where}: confirmed without a primary source ({match.group(0) if match else 'none'}"
                             "): read the primary source, or mark it secondary / derived")


def _versions(data: dict[str, dict], report: Report) -> None:
    wanted = data["meta"].get("kb_version")
    for name, content in data.items():
        if content.get("kb_version") != wanted:
            report.errors.append(f"{name}.json kb_version {content.get('kb_version')!r} != meta.json {wanted!r}")
    listed = set(data["meta"].get("files") or {})
    missing = {f"{name}.json" for name in FILES if name != "meta"} - listed
    if missing:
        report.errors.append(f"meta.json files does not describe {', '.join(sorted(missing))}")


# -- TensorFlow builds ----------------------------------------------------------------------------

def _lowest(arch_list: list[str]) -> str | None:
    parsed = [versions.arch_entry(a) for a in arch_list]
    if not parsed or any(p is None for p in parsed):
        return None
    low = min(p[1] for p in parsed if p)
    return f"{low[0]}.{low[1]}"


def _tf_builds(data: dict[str, dict], report: Report) -> None:
    rows = data["tf_builds"]["rows"]
    arch_lists = {(r["tf_version"], r["platform"]): r["arch_list"] for r in data["gpus"].get("tf_build_arch_lists", ())}
    cutoffs = _cutoffs(data)
    report.counts["tf_releases"] = len(rows)
    for row in rows:
        version = row["version"]
        archs = row.get("arch_list_linux") or row.get("arch_list_windows")
        for arch in archs or ():
            if versions.arch_entry(arch) is None:
                report.errors.append(f"tf_builds[{version}]: arch {arch!r} is not sm_XY / compute_XY")
        if archs and row.get("min_cc") and _lowest(archs) != row["min_cc"]:
            report.errors.append(f"tf_builds[{version}]: min_cc {row['min_cc']} but the arch list's lowest is {_lowest(archs)}")
        listed = arch_lists.get((version, "linux"))
        if listed is not None and row.get("arch_list_linux") and listed != row["arch_list_linux"]:
            report.errors.append(f"tf_builds[{version}]: arch_list_linux differs from gpus.json tf_build_arch_lists")
        gpu = row.get("linux_cuda") is not None or row.get("windows_gpu")
        if gpu and not archs:
            message = f"tf_builds[{version}]: no arch list (GPU support of this release is 'unknown')"
            (report.errors if versions.at_least(version, ARCH_LIST_REQUIRED_FROM) else report.warnings).append(message)
        for platform, cuda in (("linux", row.get("linux_cuda")), ("windows", row.get("windows_cuda") if row.get("windows_gpu") else None)):
            if not cuda:
                continue
            if not (min_driver(cuda, platform) or min_driver_any_minor(str(versions.major(cuda)), platform)):
                report.errors.append(f"tf_builds[{version}]: no minimum {platform} driver for CUDA {cuda} in cuda_driver.json")
            if not (row.get("wheel_pythons") or {}).get(platform):
                report.errors.append(f"tf_builds[{version}]: no {platform} wheel Pythons")
            if not expected_libraries(version, platform):
                report.errors.append(f"tf_builds[{version}]: libraries.json has no {platform} library names for it")
        if row.get("and_cuda"):
            _pre_turing_pin(row, cutoffs, report)


def _pre_turing_pin(row: dict, cutoffs: tuple, report: Report) -> None:
    """The pin decision of an [and-cuda] release must follow from its own cuDNN requirement."""
    version, pin = row["version"], row.get("and_cuda_pre_turing_pin")
    if not pin:
        report.errors.append(f"tf_builds[{version}]: [and-cuda] release without and_cuda_pre_turing_pin")
        return
    requirement = (row.get("and_cuda_key_pins") or {}).get("cudnn")
    cutoff = next((c for c in cutoffs if c.cc_below == pin.get("cc_below")), None)
    if cutoff is None:
        report.errors.append(f"tf_builds[{version}]: pre-Turing pin for cc < {pin.get('cc_below')} matches no cuDNN cut-off")
        return
    try:
        admits = Requirement(requirement).specifier.contains(cutoff.cudnn_min) if requirement else None
    except InvalidRequirement:
        admits = None
    if admits is None:
        report.errors.append(f"tf_builds[{version}]: cannot read its cuDNN requirement {requirement!r}")
    elif admits and pin.get("pin") != cutoff.pip_pin:
        report.errors.append(f"tf_builds[{version}]: {requirement} admits cuDNN {cutoff.cudnn_min}, so GPUs below "
                             f"{cutoff.cc_below} need the pin {cutoff.pip_pin} (the row says {pin.get('pin')!r})")
    elif not admits and pin.get("pin"):
        report.errors.append(f"tf_builds[{version}]: {requirement} already stays below cuDNN {cutoff.cudnn_min}; "
                             f"the pin {pin.get('pin')!r} is not needed")


# -- GPUs and per-architecture rules -------------------------------------------------------------

def _arch_rules(data: dict[str, dict], report: Report) -> None:
    for rule in data["gpus"].get("arch_rules", ()):
        where = f"gpus.arch_rules[{rule.get('id')}]"
        applies = rule.get("applies_to") or {}
        low = versions.compute_capability(applies.get("cc_min")) if applies.get("cc_min") else None
        if not applies or (applies.get("cc_min") and low is None) or (applies.get("platform") and applies["platform"] not in GPU_PLATFORMS):
            report.errors.append(f"{where}: applies_to {applies!r} is not cc_min/cc_max 'X.Y' or a known platform")
        evidence = rule.get("holds_when") or {}
        kinds = [k for k in ("arch_major_from", "gpu_wheel") if k in evidence]
        if "tf_versions" in rule or len(kinds) != 1:
            report.errors.append(f"{where}: needs holds_when with one kind of evidence (arch_major_from: a build's "
                                 "arch list; gpu_wheel: a release's CUDA wheels), never a tf_versions range")
        if not set(rule.get("platforms") or ()) <= HOST_OSES or rule.get("verdict") != "unsupported":
            report.errors.append(f"{where}: platforms must be linux/wsl/windows and verdict 'unsupported'")
        if not rule.get("options"):
            report.errors.append(f"{where}: no options (what can the user do?)")
        for option in rule.get("options") or ():
            if option.get("argv") is not None and not (isinstance(option["argv"], list) and all(isinstance(a, str) for a in option["argv"])):
                report.errors.append(f"{where}.options[{option.get('id')}]: argv must be a list of strings")


def _gpus(data: dict[str, dict], report: Report) -> None:
    rows = data["gpus"]["rows"]
    report.counts["gpus"] = len(rows)
    names: set[str] = set()
    order = list(WEAKEST_FIRST)
    for row in rows:
        where = f"gpus[{row.get('name')}]"
        if row["name"] in names:
            report.errors.append(f"{where}: two rows with this name")
        names.add(row["name"])
        if versions.compute_capability(row.get("cc")) is None:
            report.errors.append(f"{where}: no compute capability (the doctor needs it)")
        if row.get("platform") is not None and row["platform"] not in GPU_PLATFORMS:
            report.errors.append(f"{where}: platform {row['platform']!r}")
        statuses = row.get("field_status") or {}
        if statuses and row.get("status") != min(statuses.values(), key=order.index):
            report.errors.append(f"{where}: status {row.get('status')} is not the weakest of its fields")
        for key in statuses:
            if key not in (row.get("sources") or {}):
                report.errors.append(f"{where}: {key} has no source")
        for pattern in row.get("match") or ():
            try:
                re.compile(pattern)
            except re.error as exc:
                report.errors.append(f"{where}: match {pattern!r} does not compile ({exc})")


# -- cuDNN, log signatures, findings --------------------------------------------------------------

def _cutoffs(data: dict[str, dict]) -> tuple[CudnnCutoff, ...]:
    return cutoffs_from(data["cudnn_cuda"]["rules"])


def _cudnn_wheel_kernels(data: dict[str, dict], report: Report) -> None:
    """The cuDNN cut-off rules agree with the kernel lists read from the cuDNN wheels (kb.update --wheel)."""
    cutoffs = cutoffs_from(data["cudnn_cuda"].get("rules", []))
    for row in data["cudnn_cuda"].get("wheel_kernels", ()):
        every = [entry for entry in map(versions.arch_entry, row.get("kernel_archs_in_every_library") or ()) if entry]
        for cutoff in cutoffs:
            below = versions.compute_capability(cutoff.cc_below)
            old = [entry for entry in every if below is not None and entry[1] < below]
            dropped = versions.at_least(row.get("version"), cutoff.cudnn_min)
            if every and dropped == bool(old):
                report.errors.append(f"cudnn_cuda.wheel_kernels[{row.get('package')} {row.get('version')}]: "
                                     f"{'has' if old else 'lacks'} kernels below {cutoff.cc_below} in every library, "
                                     f"against rule {cutoff.id} (cuDNN {cutoff.cudnn_min})")


def _cudnn(data: dict[str, dict], report: Report) -> None:
    for cutoff in _cutoffs(data):
        where = f"cudnn_cuda.rules[{cutoff.id}]"
        floor, last = versions.parse(cutoff.cudnn_min), versions.parse(cutoff.last_supporting)
        if floor is None or versions.compute_capability(cutoff.cc_below) is None or last is None:
            report.errors.append(f"{where}: cudnn_min / cc_below / last_supporting are not versions")
            continue
        try:
            spec = Requirement(cutoff.pip_pin).specifier
        except InvalidRequirement:
            report.errors.append(f"{where}: pip_pin {cutoff.pip_pin!r} is not a requirement")
            continue
        if spec.contains(floor) or not spec.contains(last):
            report.errors.append(f"{where}: {cutoff.pip_pin} must admit {last} and exclude {floor}")


def _signatures(data: dict[str, dict], report: Report) -> None:
    findings = {row["id"] for row in data["findings"]["rows"]}
    orders = [row.get("order") for row in data["findings"]["rows"]]
    if len(set(orders)) != len(orders):
        report.errors.append("findings.json: two findings share an order")
    report.counts["findings"] = len(findings)
    report.counts["log_signatures"] = len(data["log_signatures"]["rows"])
    for row in data["log_signatures"]["rows"]:
        where = f"log_signatures[{row['id']}]"
        for finding in [row.get("finding"), *(alt.get("finding") for alt in row.get("alt_findings") or ())]:
            if finding not in findings:
                report.errors.append(f"{where}: finding {finding!r} is not in findings.json")
        try:
            regex = re.compile(row["regex"], re.MULTILINE)
        except re.error as exc:
            report.errors.append(f"{where}: regex does not compile ({exc})")
            continue
        if row.get("example") and not regex.search(row["example"]):
            report.errors.append(f"{where}: its example does not match its regex")


# -- command line ---------------------------------------------------------------------------------

def format_report(report: Report) -> str:
    lines = [f"KB release check: {'OK' if report.ok else 'FAILED'} "
             + ", ".join(f"{count} {name}" for name, count in report.counts.items())]
    lines += [f"error: {message}" for message in report.errors]
    lines += [f"warning: {message}" for message in report.warnings]
    lines += [f"unconfirmed: {where}" for where in report.unconfirmed]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tfgpu.core.kb.check", description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    report = run_checks()
    try:
        print(json.dumps(report.to_dict(), indent=2) if args.json else format_report(report), flush=True)
    except BrokenPipeError:  # `... | head`: the reader has gone
        sys.stdout = None  # nothing left to flush at exit
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
