"""What every explain rule works with: the text, its kind, signature hits, facts, and the
findings made so far; plus what the user's own words say (a GPU wanted, or CPU only)."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field

from tfgpu.core.explain.document import Doc
from tfgpu.core.explain.lazy_re import Regex, lazy
from tfgpu.core.explain.signatures import Hit, Hits
from tfgpu.core.findings.catalog import make_finding
from tfgpu.core.findings.fixes import FixContext, fix_steps
from tfgpu.core.findings.model import Finding, Severity
from tfgpu.core.i18n import TrText
from tfgpu.core.kb import guarded as kbview
from tfgpu.core.probes.base import Evidence

log = logging.getLogger(__name__)

MAX_EVIDENCE = 6

# A TF C++ log line ("... W tensorflow/.../dso_loader.cc:64] ...") or TF's own cudart note:
# words in them are TF's, not the user's.
TF_LOG_LINE = lazy(r"\.(?:cc|cpp|h):\d+\]|Ignore above cudart dlerror|GPU will not be used")
_WANTS_GPU = lazy(
    r"(?i)\b(?:my|have|has|got|with|own|using|use|installed|install|set ?up|bought|run on|train on)\b[^\n]{0,30}?"
    r"\b(?:gpus?|graphics card|nvidia|geforce|rtx|gtx|quadro|cuda|cudnn)\b"
    r"|\b(?:cuda|cudnn|gpu|nvidia driver)\b[^\n]{0,25}?\b(?:installed|install)\b"
    r"|tensorflow[-_]gpu|\[and-cuda\]|list_physical_devices\(\s*['\"]GPU|is_gpu_available|/device:GPU"
    r"|\bgpus?\b[^\n]{0,25}?\b(?:not (?:detected|found|used|recogni[sz]ed|working|available)|doesn.?t|isn.?t|is not|are not)"
    r"|(?:not|n.t|never|cannot|can.t) (?:use|using|see|seeing|detect|detecting|find|finding|recogni[sz]e)s?\b[^\n]{0,15}\bgpu"
)
# The machine has no GPU (a CPU-only host or container). Not "TF shows no GPU", which is the symptom.
_CPU_ONLY = lazy(
    r"(?i)\bcpu\W{0,4}only\b|\b(?:has|have|with) no (?:nvidia )?(?:gpu|graphics card)s?\b"
    r"|\bno (?:nvidia )?gpus? (?:on|in) (?:this|the|my|our) (?:machine|computer|laptop|server|host|box|container|vm|runner)"
    r"|\bwithout (?:a |any )?(?:nvidia )?(?:gpu|graphics card)s? (?:on|in|at all)"
    r"|\b(?:don.?t|do not|doesn.?t|does not|didn.?t) (?:have|own|need|want) (?:a |an |any )?(?:nvidia )?(?:gpu|graphics card|cuda)"
    r"|\b(?:disable|turn off|switch off) (?:the )?(?:cuda|gpu)(?: support)?\b"
)


_EXPECTED_HEADING = lazy(r"(?im)^[ \t]*(?:#+\s*|\*\*|- )?(?:describe the )?expected (?:behaviou?r|output|results?)\b"
                         r"|^[ \t]*(?:#+\s*)?(?:期望|预期)(?:的)?(?:结果|行为|输出)")
_ANY_HEADING = lazy(r"^\s*(?:#+\s|\*\*[^*\n]{2,60}\*\*\s*$)")


@dataclass
class Ctx:
    doc: Doc
    kind: str
    hits: Hits
    facts: dict
    findings: list[Finding] = field(default_factory=list)
    said: set[str] = field(default_factory=set)  # signals from the user's own words (prose.Reading.signals)
    users: str | None = None  # the text with TF's log lines blanked (prose.user_text)
    ruled_out: set[str] = field(default_factory=set)  # ids a rule rejected on purpose: no guess may name them
    _wants_gpu: bool | None = None
    _cpu_only: bool | None = None
    _expected: set[int] | None = None

    # -- what the facts say -----------------------------------------------------
    @property
    def os(self) -> str | None:
        return self.facts.get("os")

    @property
    def tf(self) -> str | None:
        return self.facts.get("tf_version")

    def gpu_cc(self) -> str | None:
        for gpu in self.facts.get("gpus", []):
            if gpu.get("cc"):
                return gpu["cc"]
        return self.facts.get("found_cc") or self.facts.get("target_cc")

    def gpu_name(self) -> str | None:
        names = self.facts.get("gpu_names") or [g.get("name") for g in self.facts.get("gpus", [])]
        return next((n for n in names if n and n != "?"), None)

    def has(self, finding_id: str) -> bool:
        return any(f.id == finding_id for f in self.findings)

    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity is Severity.ERROR]

    def problems(self) -> list[Finding]:
        return [f for f in self.findings if f.severity in (Severity.ERROR, Severity.WARNING)]

    def expected_lines(self) -> set[int]:
        """Line numbers inside an issue template's "expected behaviour / output" section: what the user hoped
        to see, not what happened (a GPU listed there is no evidence that one works)."""
        if self._expected is None:
            self._expected = set()
            text = self.doc.text
            if _EXPECTED_HEADING.search(text):
                inside = False
                for number, line in enumerate(text.split("\n"), start=1):
                    if _EXPECTED_HEADING.match(line):
                        inside = True
                    elif inside and _ANY_HEADING.match(line):
                        inside = False
                    if inside:
                        self._expected.add(number)
        return self._expected

    # -- what the user says ---------------------------------------------------------
    def wants_gpu(self) -> bool:
        """The user's own words (not TF's log lines) show they have or want an NVIDIA GPU."""
        if self._wants_gpu is None:
            self._wants_gpu = bool(self.said & {"say:gpu-not-used", "say:gpu-idle", "say:mismatch-said"}) or self._said(_WANTS_GPU)
        return self._wants_gpu

    def cpu_only(self) -> bool:
        """The user says the machine has no GPU / runs CPU only: missing-driver lines are expected."""
        if self._cpu_only is None:
            self._cpu_only = "say:no-gpu-machine" in self.said or self._said(_CPU_ONLY)
        return self._cpu_only

    def _said(self, regex: Regex) -> bool:
        if self.users is not None:  # the user's lines only (TF's log lines blanked): one search
            return regex.search(self.users) is not None
        text = self.doc.text
        for count, match in enumerate(regex.finditer(text)):
            if count > 50:
                break
            start, end = self.doc.line_span(match.start())
            if not TF_LOG_LINE.search(text, start, end):
                return True
        return False

    # -- making findings ---------------------------------------------------------------
    def add(
        self,
        finding_id: str,
        detail: TrText,
        hits: Iterable[Hit] = (),
        facts: dict | None = None,
        severity: Severity | None = None,
        sources: Iterable[str] = (),
    ) -> Finding | None:
        """One finding per id: a second call adds its evidence and facts to the first."""
        evidence = [Evidence(kind="text", source=f"line {h.line_no}", detail=h.line) for h in hits]
        values = {k: v for k, v in (facts or {}).items() if v not in (None, [], {}, "")}
        for existing in self.findings:
            if existing.id == finding_id:
                for item in evidence:
                    if item not in existing.evidence and len(existing.evidence) < MAX_EVIDENCE:
                        existing.evidence.append(item)
                for key, value in values.items():
                    existing.facts.setdefault(key, value)
                return existing
        try:
            finding = make_finding(
                finding_id,
                detail,
                evidence=_dedupe(evidence)[:MAX_EVIDENCE],
                facts=values,
                fix=self._fix(finding_id),
                severity=severity,
                sources=sources,
            )
        except KeyError:
            log.error("explain rule used an id that is not in the catalog: %s", finding_id)
            return None
        self.findings.append(finding)
        return finding

    def _fix(self, finding_id: str) -> list:
        try:
            return list(fix_steps(finding_id, self.fix_context()))
        except Exception:  # noqa: BLE001 - a fix builder bug never hides the finding
            log.exception("fix_steps(%s) failed", finding_id)
            return []

    def fix_context(self) -> FixContext:
        facts = self.facts
        installed_cuda = facts.get("cuda_installed", [])
        installed_cudnn = facts.get("cudnn_installed", [])
        return FixContext(
            os=self.os or "unknown",
            tf_version=self.tf,
            python_version=facts.get("python_version"),
            cuda_version=kbview.tf_cuda(self.tf, self.os) or facts.get("cuda_wanted") or facts.get("cuda_compiled"),
            cudnn_version=kbview.tf_cudnn(self.tf, self.os) or facts.get("cudnn_wanted") or facts.get("cudnn_compiled"),
            installed_cuda=installed_cuda[0] if installed_cuda else None,
            installed_cudnn=installed_cudnn[0] if installed_cudnn else facts.get("cudnn_runtime"),
            gpu_name=self.gpu_name(),
            compute_capability=self.gpu_cc(),
            driver_version=facts.get("driver_version"),
            missing_libraries=list(facts.get("missing_libraries", [])),
            library_dirs=list(facts.get("library_dirs", [])),
        )


def _dedupe(evidence: list[Evidence]) -> list[Evidence]:
    return list(dict.fromkeys(evidence))
