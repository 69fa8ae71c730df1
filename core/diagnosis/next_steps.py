"""The one checklist of what to do next, in order: the same for ``tfgpu doctor`` and the GUI.

``next_steps(diagnosis, env)`` turns a diagnosis into numbered steps for one Python
environment (the chosen one; by default the most promising). Every step has a plain sentence,
the exact commands, and a *check*: what a Re-check looks at to tick it off. Each finding is
handled once: machine blockers first, then either the environment's own fix (when it can work
where it is) or the recommended route, never both as "first". Alternatives go to ``options``.

``is_done(check, scan, diagnosis)`` evaluates a check on a newer scan: True, False, or None
when this computer cannot tell (a step inside WSL, seen from Windows).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection
from dataclasses import dataclass, field

from tfgpu.core.diagnosis.model import Diagnosis, EnvVerdict, Recommendation
from tfgpu.core.findings.model import Finding, FixStep, Severity
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText
from tfgpu.core.probes.base import Status, to_jsonable
from tfgpu.core.scan import Scan
from tfgpu.core.shell import Shell, UnsafeText
from tfgpu.core.shell import command as shell_command

# Findings whose cure is the recommended route (another TF, Python or OS), not a fix in place.
ROUTE_FINDINGS = frozenset({
    "no-native-windows-gpu", "tensorflow-gpu-removed", "python-32bit", "python-unsupported", "cpu-only-build",
    "compute-capability-unsupported", "tf-not-installed", "tf-check-failed", "gpu-not-listed",
})
# Machine findings that stop every program from using the GPU.
BLOCKERS = ("no-nvidia-gpu", "driver-missing", "driver-library-mismatch", "wsl-gpu-missing", "container-gpu-missing")

# check id -> the "done when" sentence (English; the GUI translates it).
CHECKS: dict[str, str] = {
    "finding-gone": QT_TRANSLATE_NOOP("core", "Done when Re-check no longer reports \u201c{title}\u201d."),
    "gpu-ready": QT_TRANSLATE_NOOP("core", "Done when TensorFlow lists your GPU: Re-check then says \u201cGPU ready: yes\u201d."),
    "driver": QT_TRANSLATE_NOOP("core", "Done when the NVIDIA driver answers: nvidia-smi shows your GPU."),
    "wsl2": QT_TRANSLATE_NOOP("core", "Done when Windows lists a WSL 2 distribution (wsl -l -v shows VERSION 2)."),
    "inside-wsl": QT_TRANSLATE_NOOP("core", "Done when the check inside WSL prints a list with a GPU in it "
                                            "(this app on Windows cannot look inside WSL)."),
    "benchmark": QT_TRANSLATE_NOOP("core", "Done when the Benchmark page shows your figures."),
    "tf-imports": QT_TRANSLATE_NOOP("core", "Done when TensorFlow imports in this environment: Re-check shows its version."),
    "elsewhere": QT_TRANSLATE_NOOP("core", "Done on that computer: tfgpu there says \u201cGPU ready: yes\u201d."),
}
# Checks a step keeps with the environment it is for (a benchmark in another Python does not tick it).
ENV_CHECKS = frozenset({"tf-imports", "benchmark"})


@dataclass(frozen=True)
class StepCommand:
    command: str  # exactly what to type; never translated
    shell: str | None = None  # "powershell", "bash", "cmd"


@dataclass(frozen=True)
class Check:
    id: str  # a key of CHECKS
    text: TrText
    finding: str | None = None  # finding-gone: the finding that must disappear
    env: str | None = None  # ... in this environment (None: anywhere)


@dataclass(kw_only=True)
class NextStep:
    id: str  # stable within a diagnosis: "<finding or route>:<n>"
    finding: str | None  # the finding this step resolves
    text: TrText
    commands: list[StepCommand] = field(default_factory=list)
    check: Check
    url: str | None = None
    action: str | None = None  # a GUI page that does or shows this step ("benchmark"...)

    def to_dict(self) -> dict:
        return to_jsonable(self)


@dataclass(kw_only=True)
class OptionGroup:
    """Another way to get there, behind "Other options"."""

    title: TrText
    finding: str | None
    steps: list[NextStep] = field(default_factory=list)

    def to_dict(self) -> dict:
        return to_jsonable(self)


@dataclass(kw_only=True)
class Checklist:
    env: str | None  # the environment the steps are for (None: none exists)
    ready: bool  # TensorFlow in that environment lists a GPU
    blocker: Finding | None  # the one thing in the way (None when ready)
    steps: list[NextStep] = field(default_factory=list)
    options: list[OptionGroup] = field(default_factory=list)

    def finding_ids(self) -> list[str]:
        """The findings the steps resolve, in order, each once."""
        return list(dict.fromkeys(s.finding for s in self.steps if s.finding))


def make_check(check_id: str, finding: Finding | None = None, env: str | None = None) -> Check:
    if check_id == "finding-gone" and finding is not None:
        return Check("finding-gone", TrText(CHECKS["finding-gone"], title=str(finding.title)), finding.id, env)
    if check_id not in CHECKS:
        check_id = "gpu-ready"
    return Check(check_id, TrText(CHECKS[check_id]), env=env if check_id in ENV_CHECKS else None)


def choose_env(diagnosis: Diagnosis, python: str | None = None) -> EnvVerdict | None:
    """``python``'s verdict when it is listed; else a ready one, else one whose TensorFlow can be fixed in
    place, else the one the recommendation installs into, else one with TensorFlow, else the first."""
    envs = diagnosis.envs
    if python:
        chosen = next((v for v in envs if v.python == python), None)
        if chosen is not None:
            return chosen
    rec = diagnosis.recommendation
    picks = (
        lambda v: v.gpu_ready,
        lambda v: v.tf_version is not None and _fixable_in_place(v, diagnosis),
        lambda v: rec is not None and rec.python is not None and v.python == rec.python,
        lambda v: v.tf_version is not None,
    )
    for pick in picks:
        found = next((v for v in envs if pick(v)), None)
        if found is not None:
            return found
    return envs[0] if envs else None


def next_steps(diagnosis: Diagnosis, python: str | None = None) -> Checklist:
    """The ordered, de-duplicated checklist for ``python`` (default: :func:`choose_env`)."""
    env = choose_env(diagnosis, python)
    if env is not None and env.gpu_ready:
        return _ready(env)
    builder = _Builder(env)
    rec = diagnosis.recommendation
    blockers = [f for f in diagnosis.machine if f.id in BLOCKERS]
    tf_env = env if env is not None and env.tf_version else None
    for finding in blockers:
        if finding.id == "no-nvidia-gpu" and (tf_env is not None or (rec is not None and rec.route == "no-nvidia-gpu")):
            continue  # its steps are the CPU route's: done below (or TF is there already: measure it)
        builder.add_finding(finding)
    if rec is not None and rec.route == "no-nvidia-gpu":
        if tf_env is not None:
            builder.steps.append(_benchmark_step(tf_env, TrText(QT_TRANSLATE_NOOP(
                "core", "TensorFlow {tf} runs on the CPU here. Measure how fast it is."), tf=tf_env.tf_version)))
        else:
            builder.add_cpu_route(rec, blockers[0] if blockers else None)
    elif env is not None and _fixable_in_place(env, diagnosis):
        for finding in _local_findings(env, diagnosis):
            builder.add_finding(finding)
        if rec is not None and rec.route != "ready":
            builder.add_option_route(rec)
    elif rec is not None and rec.route == "ready":
        builder.steps.append(NextStep(id="use-ready:1", finding=None, check=make_check("gpu-ready"), text=TrText(
            QT_TRANSLATE_NOOP("core", "TensorFlow {tf} in {python} already uses your GPU: use that environment."),
            tf=rec.tf_version or "?", python=rec.python or "?")))
    elif blockers and env is not None and _only_blocked(env, diagnosis):
        builder.add_verify(rec)  # TensorFlow here is fine: once the machine is fixed, it should see the GPU
    elif rec is not None:
        cause = env.primary if env is not None and env.primary not in diagnosis.machine else None
        builder.add_route(rec, cause or (blockers[0] if blockers else diagnosis.primary))
        if env is not None and cause is not None:
            builder.add_options_of(cause)
    own = _own_errors(env, diagnosis) if env is not None else []
    blocker = blockers[0] if blockers else (own[0] if own else env.primary if env is not None else diagnosis.primary)
    return builder.finish(env, blocker)


def is_done(check: Check, scan: Scan, diagnosis: Diagnosis, benchmarked: Collection[str] = ()) -> bool | None:
    """Whether a newer scan shows the check passed; None when this computer cannot tell.
    ``benchmarked``: the interpreters a saved benchmark run was made with."""
    if check.id == "tf-imports":
        return any(v.tf_version is not None for v in diagnosis.envs if check.env is None or v.python == check.env)
    if check.id == "benchmark":
        return bool(benchmarked) if check.env is None else check.env in benchmarked
    if check.id == "finding-gone":
        return not any(f.id == check.finding and (check.env is None or f.env in (None, check.env))
                       for f in all_findings(diagnosis))
    if check.id == "gpu-ready":
        return diagnosis.gpu_ready
    if check.id == "driver":
        return scan.driver.status == Status.OK and bool(scan.driver.gpus)
    if check.id == "wsl2":
        return any(d.version == 2 for d in scan.os.wsl_distros)
    return None


def all_findings(diagnosis: Diagnosis) -> list[Finding]:
    """Every finding once: the machine's, then each environment's own (machine findings they repeat are left out)."""
    seen: list[Finding] = list(diagnosis.machine)
    for env in diagnosis.envs:
        seen += [f for f in env.findings if not any(f is m for m in diagnosis.machine)]
    return seen


def still_open(previous: Checklist, current: Checklist, scan: Scan, diagnosis: Diagnosis,
               benchmarked: Collection[str] = ()) -> list[NextStep]:
    """Steps of ``previous`` that are gone from ``current`` because their check now passes."""
    now = {s.id for s in current.steps}
    return [s for s in previous.steps if s.id not in now and is_done(s.check, scan, diagnosis, benchmarked)]


# -- building ---------------------------------------------------------------------------------


def _own_errors(env: EnvVerdict, diagnosis: Diagnosis) -> list[Finding]:
    """The environment's errors that are its own (not the machine's), ranked."""
    return [f for f in env.findings if f.severity is Severity.ERROR and not any(f is m for m in diagnosis.machine)]


def _fixable_in_place(env: EnvVerdict, diagnosis: Diagnosis) -> bool:
    """TensorFlow is there, and what stops it (past the machine's blockers) has a fix in this
    environment, not another route."""
    if env.gpu_ready or env.tf_version is None:
        return False
    own = _own_errors(env, diagnosis)
    return bool(own) and own[0].id not in ROUTE_FINDINGS and own[0].id not in BLOCKERS and bool(own[0].fix)


def _only_blocked(env: EnvVerdict, diagnosis: Diagnosis) -> bool:
    """TensorFlow is installed and nothing but a machine blocker stops it."""
    return env.tf_version is not None and not _own_errors(env, diagnosis)


def _local_findings(env: EnvVerdict, diagnosis: Diagnosis) -> list[Finding]:
    """The environment's own top error, the machine's other errors, then the environment's other
    errors (the blockers are done before)."""
    machine = [f for f in diagnosis.machine if f.severity is Severity.ERROR and f.id not in BLOCKERS]
    own = [f for f in _own_errors(env, diagnosis) if f.id not in BLOCKERS]
    return own[:1] + machine + own[1:]


def _ready(env: EnvVerdict) -> Checklist:
    step = _benchmark_step(env, TrText(QT_TRANSLATE_NOOP(
        "core", "TensorFlow {tf} uses your GPU in {python}. Measure how fast it is."), tf=env.tf_version or "?",
        python=env.python))
    return Checklist(env=env.python, ready=True, blocker=None, steps=[step])


def _benchmark_step(env: EnvVerdict, text: TrText) -> NextStep:
    return NextStep(id="benchmark:1", finding="gpu-ok" if env.gpu_ready else None, text=text,
                    check=make_check("benchmark", env=env.python), action="benchmark")


# The bare interpreter names a fix falls back to when it does not know the environment.
_BARE_PYTHONS = ("python3 ", "python ")
_WINDOWS_PATH = re.compile(r"[A-Za-z]:[\\/]|\\\\")


def for_interpreter(command: str, shell: str | None, python: str | None) -> str:
    """``command`` run by ``python`` (its path, quoted for ``shell``) where it starts with a bare
    ``python``/``python3``: a bare name is another Python in a normal shell."""
    if not python or not command.startswith(_BARE_PYTHONS):
        return command
    kind = Shell(shell) if shell else Shell.BASH
    if (kind is Shell.BASH) == bool(_WINDOWS_PATH.match(python)):
        return command  # a step for another system (WSL from Windows): its own Python
    try:
        program = shell_command([python], kind)
    except (ValueError, UnsafeText):
        return command
    return program + " " + command.split(" ", 1)[1]


def _key(step: FixStep) -> tuple:
    """Two steps are the same when they run the same command (or, without one, say the same)."""
    return ("command", step.command) if step.command else ("text", str(step.text), step.url or "")


class _Builder:
    def __init__(self, env: EnvVerdict | None) -> None:
        self.env = env
        self.steps: list[NextStep] = []
        self.options: list[OptionGroup] = []
        self._seen: set[tuple] = set()
        self._verify: NextStep | None = None  # "check that TF lists the GPU": once, last
        self._cpu = False  # the CPU route: its steps install into the chosen environment

    def _make(self, fix: FixStep, prefix: str, number: int, finding: Finding | None, env: str | None,
              route: bool = False) -> NextStep:
        if fix.check:
            check = make_check(fix.check, finding, env)
        elif finding is not None and not route:
            check = make_check("finding-gone", finding, env)
        else:
            check = make_check("gpu-ready")  # a route's step: its finding stays until the route is complete
        shell = str(fix.shell) if fix.shell else None
        python = self.env.python if self.env is not None and (route is False or self._cpu) else None
        commands = [StepCommand(for_interpreter(fix.command, shell, python), shell)] if fix.command else []
        return NextStep(id=f"{prefix}:{number}", finding=finding.id if finding else None, text=fix.text,
                        commands=commands, check=check, url=fix.url)

    def _add(self, fixes: list[FixStep], prefix: str, finding: Finding | None, route: bool = False) -> None:
        env = finding.env if finding is not None else None
        number = 0
        for fix in fixes:
            if fix.alternative:
                continue
            number += 1
            if _key(fix) in self._seen:
                continue
            self._seen.add(_key(fix))
            step = self._make(fix, prefix, number, finding, env, route)
            if fix.check == "gpu-ready" and fix.command:
                self._verify = self._verify or step
            else:
                self.steps.append(step)

    def add_finding(self, finding: Finding) -> None:
        self._add(finding.fix, finding.id, finding)
        self.add_options_of(finding)

    def add_route(self, rec: Recommendation, cause: Finding | None) -> None:
        self._add(rec.steps, f"route-{rec.route}", cause, route=True)
        for number, fix in enumerate((f for f in rec.steps if f.alternative), 1):
            if _key(fix) not in self._seen:
                self._seen.add(_key(fix))
                self.options.append(OptionGroup(title=fix.text, finding=cause.id if cause else None,
                                                steps=[self._make(fix, f"route-{rec.route}-or", number, None, None)]))

    def add_cpu_route(self, rec: Recommendation, cause: Finding | None) -> None:
        """No NVIDIA card: TensorFlow for the CPU into the chosen environment, then a benchmark there.
        The other way (a computer with an NVIDIA GPU) is an option, done on that computer."""
        self._cpu = True
        for number, fix in enumerate((f for f in rec.steps if not f.alternative), 1):
            check = fix.check or ("tf-imports" if fix.command else "gpu-ready")
            self.steps.append(self._make(dataclasses.replace(fix, check=check), f"route-{rec.route}", number, cause,
                                         None, route=True))
            self._seen.add(_key(fix))
        if self.env is not None:
            self.steps.append(_benchmark_step(self.env, TrText(QT_TRANSLATE_NOOP(
                "core", "Measure how fast TensorFlow runs on the CPU here."))))
        for number, fix in enumerate((f for f in rec.steps if f.alternative), 1):
            self.options.append(OptionGroup(title=fix.text, finding=cause.id if cause else None, steps=[
                self._make(dataclasses.replace(fix, check="elsewhere"), f"route-{rec.route}-or", number, None, None)]))

    def add_options_of(self, finding: Finding) -> None:
        for number, fix in enumerate((f for f in finding.fix if f.alternative), 1):
            if _key(fix) not in self._seen:
                self._seen.add(_key(fix))
                self.options.append(OptionGroup(title=fix.text, finding=finding.id, steps=[
                    self._make(fix, f"{finding.id}-or", number, finding, finding.env)]))

    def add_option_route(self, rec: Recommendation) -> None:
        """The recommended route as one option, when the chosen environment can be fixed where it is."""
        steps = [self._make(fix, f"route-{rec.route}", n, None, None)
                 for n, fix in enumerate((f for f in rec.steps if not f.alternative), 1)
                 if _key(fix) not in self._seen]
        if steps:
            self.options.append(OptionGroup(title=rec.title, finding=None, steps=steps))

    def add_verify(self, rec: Recommendation | None) -> None:
        """Only the route's last check (TensorFlow lists the GPU), when nothing else needs doing."""
        verify = [f for f in (rec.steps if rec is not None else []) if f.check == "gpu-ready" and f.command]
        if verify and self._verify is None:
            self._verify = self._make(verify[-1], "verify", 1, None, None, route=True)

    def finish(self, env: EnvVerdict | None, blocker: Finding | None) -> Checklist:
        if self._verify is not None:
            self.steps.append(self._verify)
        return Checklist(env=env.python if env is not None else None, ready=False, blocker=blocker,
                         steps=self.steps, options=self.options)


def needs_system_cuda(diagnosis: Diagnosis, checklist: Checklist, windows: bool) -> bool:
    """Whether the way the checklist goes uses a CUDA toolkit and cuDNN installed on this system
    (native Windows TensorFlow up to 2.10, Linux builds before pip's CUDA packages); False when pip
    (tensorflow[and-cuda], WSL2) or conda brings them, or there is no NVIDIA GPU to use."""
    from tfgpu.core.kb.guarded import tf_build

    env = next((v for v in diagnosis.envs if v.python == checklist.env), None)
    rec = diagnosis.recommendation
    in_place = env is not None and env.tf_version is not None and (checklist.ready or _fixable_in_place(env, diagnosis))
    if in_place and env is not None:
        build = tf_build(env.tf_version)
        if build is None:
            return True  # unknown: the parts are shown as they are
        return build.windows_gpu if windows else not build.and_cuda
    if rec is None or rec.route in ("no-nvidia-gpu", "wsl2-pip", "wsl2-setup", "windows-native-tf210", "ready"):
        return False
    build = tf_build(rec.tf_version)
    return build is not None and not build.and_cuda
