"""``tfgpu kb``: what the knowledge base says about a GPU, a TensorFlow release, or what to install.

    tfgpu kb gpu NAME [--json]
    tfgpu kb tf VERSION [--json]
    tfgpu kb recommend --gpu NAME --os linux|windows|wsl [--python X.Y] [--json]

``recommend`` runs the doctor's own recommender (``core/diagnosis/recommend.py::recommend_route``)
on a machine described by its arguments instead of a scan.
"""

from __future__ import annotations

import argparse
import re

from tfgpu.core.cli.common import EXIT_FAILED, EXIT_OK, error, warn, write_block

KB_SCHEMA_VERSION = "1.0"
OSES = ("linux", "windows", "wsl")


def _python_version(text: str) -> str:
    """X.Y (argparse type)."""
    if not re.fullmatch(r"\s*3\.\d{1,2}\s*", text):
        raise argparse.ArgumentTypeError(f"not a Python version like 3.12: {text!r}")
    return text.strip()


def add_parser(subs: argparse._SubParsersAction) -> None:
    kb = subs.add_parser("kb", help="query the knowledge base: a GPU, a TensorFlow release, what to install",
                         description="What tfgpu's knowledge base says, with sources. Offline; nothing is installed.")
    queries = kb.add_subparsers(dest="query", metavar="QUERY", required=True)
    gpu = queries.add_parser("gpu", help="a GPU: compute capability, peaks, and which TensorFlow releases run on it")
    gpu.add_argument("name", metavar="NAME", help='the GPU as nvidia-smi names it, e.g. "RTX 5080", or its PCI id (vendor:device, e.g. 10de:1f9d): a GPU the KB does not list is placed by its chip, and said to be inferred')
    tf = queries.add_parser("tf", help="a TensorFlow release: Pythons, CUDA/cuDNN, arch list, [and-cuda] pins")
    tf.add_argument("version", metavar="VERSION", help="e.g. 2.21 or 2.16.2")
    rec = queries.add_parser("recommend", help="what to install for a GPU on an OS (the doctor's recommendation)")
    rec.add_argument("--gpu", required=True, metavar="NAME", help='the GPU, e.g. "GTX 1080"')
    rec.add_argument("--os", required=True, choices=OSES, help="the operating system TensorFlow will run on")
    rec.add_argument("--python", type=_python_version, metavar="X.Y", help="the Python version to use, e.g. 3.12")
    for parser in (gpu, tf, rec):
        parser.add_argument("--json", action="store_true", help="print one JSON document")


def run(args: argparse.Namespace) -> int:
    import json

    from tfgpu.core import kb

    if args.query == "gpu":
        from tfgpu.core.kb.query import gpu_report

        doc = gpu_report(args.name)
        if doc is None:
            error("kb", f"no GPU in the knowledge base matches {args.name!r} (try the name nvidia-smi prints)")
            return EXIT_FAILED
        text = _gpu_text
    elif args.query == "tf":
        from tfgpu.core.kb.query import known_tf_versions, tf_report

        doc = tf_report(args.version)
        if doc is None:
            error("kb", f"TensorFlow {args.version!r} is not in the knowledge base (it knows "
                        f"{', '.join(known_tf_versions()[-1:] + known_tf_versions()[:1])} and the releases between)")
            return EXIT_FAILED
        text = _tf_text
    else:
        doc = _recommend(args)
        text = _recommend_text
    version, date = kb.kb_version()
    doc = {"schema_version": KB_SCHEMA_VERSION, "kb_version": version, "kb_date": date, **doc}
    if args.json:
        write_block(json.dumps(doc, indent=2, ensure_ascii=True))
    else:
        write_block(text(doc))
    return EXIT_OK


# -- recommend ---------------------------------------------------------------------------------------

def _recommend(args: argparse.Namespace) -> dict:
    from tfgpu.core.diagnosis.recommend import recommend_route, route_input_for

    inp = route_input_for(args.gpu, args.os, args.python)
    if inp.cc is None:
        warn("kb", f"{args.gpu!r} is not in the knowledge base: its compute capability is unknown, so the "
                   "recommendation cannot check that TensorFlow supports it")
    elif inp.inferred:
        warn("kb", f"{args.gpu!r} is not in the GPU table: compute capability {inp.cc} is inferred from its "
                   "PCI id / pci.ids name (its chip family)")
    rec = recommend_route(inp)
    return {"route": rec.route, "gpu_supported": rec.gpu_supported,
            "gpu": {"query": args.gpu, "name": inp.gpu_name if inp.cc else None, "cc": inp.cc,
                    "inferred": inp.inferred},
            "os": args.os, "python": args.python, "tf_version": rec.tf_version,
            "title": str(rec.title), "detail": str(rec.detail),
            "steps": [{"text": str(s.text), "command": s.command, "shell": str(s.shell) if s.shell else None,
                       "url": s.url, "alternative": s.alternative} for s in rec.steps],
            "notes": [str(note) for note in rec.notes]}


def _recommend_text(doc: dict) -> str:
    from tfgpu.core.findings.render import wrap

    lines = [f"Recommendation for {doc['gpu']['name'] or doc['gpu']['query']} "
             f"(compute capability {doc['gpu']['cc'] or 'unknown'}) on {doc['os']}: {doc['title']}",
             f"Route: {doc['route']}; GPU supported by a PyPI TensorFlow: {_yes_no(doc['gpu_supported'])}"]
    lines += wrap(doc["detail"], "  ")
    number = 0
    for item in doc["steps"]:
        if item["alternative"]:
            head = "  Or: "
        else:
            number += 1
            head = f"  {number}. "
        lines += wrap(item["text"], " " * len(head), first=head)
        if item["command"]:
            lines.append(f"{' ' * len(head)}  $ {item['command']}  ({item['shell']})")
        if item["url"]:
            lines.append(f"{' ' * len(head)}  {item['url']}")
    for note in doc["notes"]:
        lines += wrap(note, "    ", first="  Note: ")
    return "\n".join(lines + [_kb_line(doc)])


# -- gpu ---------------------------------------------------------------------------------------------

def _gpu_text(doc: dict) -> str:
    from tfgpu.core.findings.render import wrap

    gpu = doc["gpu"]
    peaks = gpu["peaks"]
    lines = [f"{gpu['name']} ({gpu['arch'] or 'architecture unknown'}), compute capability {gpu['cc'] or 'unknown'}"
             + (f", host {gpu['platform']}" if gpu["platform"] else ""),
             "Peaks: " + ", ".join([_peak("FP32", peaks["fp32_tflops"], "TFLOPS", gpu, "fp32"),
                                    _peak("FP16 tensor", peaks["fp16_tensor_tflops"], "TFLOPS", gpu, "fp16"),
                                    _peak("memory", peaks["mem_bw_gb_s"], "GB/s", gpu, "bw")])]
    if gpu.get("inferred"):
        lines += wrap(f"Inferred, not in the GPU table: {' '.join(gpu['notes'])}", "    ", first="  ")
    elif gpu.get("pci_id"):
        lines.append(f"  PCI id {gpu['pci_id']}")
    if doc["any_tf_runs"]:
        lines.append(f"Newest TensorFlow release that runs on it (Linux/WSL2): {doc['newest_tf_that_runs']}")
    else:
        lines.append("No TensorFlow release on PyPI runs on this GPU today.")
    for rule in doc["rules"]:
        lines += wrap(f"Why ({rule['id']}, {rule['status']}): {rule['text']}", "    ", first="  ")
        lines += wrap(f"Source: {rule['source']}", "    ", first="  ")
        for option in rule["options"]:
            lines += wrap(f"Option {option['id']} ({option['status']}): {option['text']}", "      ", first="    - ")
    lines.append("")
    lines.append(f"  {'TensorFlow':<11} {'Linux / WSL2':<14} {'Windows (native)':<17} why (Linux)")
    for release in doc["tf"]:
        linux, windows = release["linux"], release["windows"]
        why = f"rule {linux['rule']} (above)" if linux["rule"] else linux["reason"]
        why += " (pre-release)" if release.get("prerelease") else ""
        lines.append(f"  {release['tf']:<11} {linux['words']:<14} {windows['words']:<17} {why}")
    return "\n".join(lines + ["", _kb_line(doc)])


def _peak(label: str, value: float | None, unit: str, gpu: dict, field: str) -> str:
    if value is None:
        return f"{label} n/a"
    status = (gpu["sources"].get(field) or {}).get("status", gpu["status"])
    return f"{label} {value:g} {unit} ({status})"


# -- tf ----------------------------------------------------------------------------------------------

def _tf_text(doc: dict) -> str:
    from tfgpu.core.findings.render import wrap

    linux, windows, and_cuda = doc["linux"], doc["windows"], doc["and_cuda"]
    shown = doc["patch_release"]["version"] if doc["patch_release"] else doc["row"]
    lines = [f"TensorFlow {shown} (knowledge-base row {doc['row']}, {doc['status']})"]
    if doc.get("prerelease"):
        lines.append("  Pre-release: pip installs it only when asked for (==, --pre); recommendations skip it")
    if doc["known_patch_releases"]:
        lines.append(f"  Patch releases: {', '.join(doc['known_patch_releases'])}")
    for difference in doc.get("differences") or ():
        lines += wrap(f"Differs from {doc['row']}: {difference}", "    ", first="  ")
    lines.append("  Python wheels:")
    for platform, pythons in doc["python"].items():
        cpu = "" if platform in ("linux", "windows") else " (CPU only)"
        lines.append(f"    {platform:<14} {_range(pythons)}{cpu}")
    lines.append(f"  Linux GPU: CUDA {linux['cuda'] or '-'}, cuDNN {linux['cudnn'] or '-'}"
                 + (f", glibc >= {linux['glibc_min']}" if linux["glibc_min"] else ""))
    lines.append(f"  Windows native GPU: {'CUDA ' + str(windows['cuda']) + ', cuDNN ' + str(windows['cudnn']) if windows['gpu'] else 'no (CPU only; GPU via WSL2)'}")
    lines.append(f"  Arch list: {' '.join(doc['arch_list']) or 'not inspected'} (lowest compute capability {doc['min_cc'] or '?'})")
    if and_cuda["available"]:
        pins = and_cuda["key_pins"] or {}
        lines.append("  pip install tensorflow[and-cuda] pins: " + ("; ".join(f"{k}: {v}" for k, v in pins.items()) or "-"))
        pin = and_cuda["pre_turing_pin"] or {}
        if pin.get("pin"):
            lines += wrap(f"For GPUs below compute capability {pin['cc_below']}, add {pin['pin']} "
                          f"(source: {pin['source']})", "      ", first="    ")
        elif pin:
            lines.append(f"    No extra pin for GPUs below compute capability {pin['cc_below']}: {pin.get('why') or ''}")
    else:
        lines.append("  pip install tensorflow[and-cuda]: not available for this release")
    for name, source in doc["sources"].items():
        lines += wrap(f"{name}: {source}", "      ", first="  source ")
    return "\n".join(lines + ["", _kb_line(doc)])


def _range(pythons: list[str]) -> str:
    return ", ".join(pythons) if pythons else "none"


def _yes_no(value: bool | None) -> str:
    return "unknown" if value is None else ("yes" if value else "no")


def _kb_line(doc: dict) -> str:
    return f"Knowledge base {doc['kb_version']} ({doc['kb_date']})."
