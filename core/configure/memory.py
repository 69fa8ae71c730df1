"""GPU memory settings for TensorFlow: the options in plain words, the snippet for each, and an
environment-variable choice persisted through the same appliers as PATH (with the same undo).

By default TensorFlow takes nearly all GPU memory the first time it touches the GPU. The options:

- **growth**: take memory as needed (``set_memory_growth`` before any GPU op, or
  ``TF_FORCE_GPU_ALLOW_GROWTH=true`` before Python starts);
- **limit**: a fixed cap in MiB (``set_logical_device_configuration``; code only);
- **visible**: which GPUs TF may use (``CUDA_VISIBLE_DEVICES`` / ``set_visible_devices``);
- **async**: CUDA's stream-ordered allocator (``TF_GPU_ALLOCATOR=cuda_malloc_async``), which
  fragments less.

Order matters: TF fixes these when it first initialises the GPU (the first tensor, model or
``list_logical_devices``). Setting them afterwards raises "Physical devices cannot be modified after
being initialized", so every snippet is meant to sit at the very top, before anything else touches TF.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tfgpu.core.configure.blocks import EnvSettings
from tfgpu.core.configure.model import Plan, PlanSection, RegistryEdit, VariableChange, list_diff
from tfgpu.core.configure.planner import default_target, file_target_plan
from tfgpu.core.configure.store import changes_dir
from tfgpu.core.host import Host
from tfgpu.core.host.registry import REG_SZ, STRING_TYPES, USER_ENVIRONMENT, RegistryError, RegValue
from tfgpu.core.i18n import QT_TRANSLATE_NOOP, TrText

MODES = ("growth", "limit", "visible", "async")
MAX_LIMIT_MIB = 10_000_000
_IDS = re.compile(r"^\d{1,3}(,\d{1,3}){0,63}$")

WHY_ORDER = QT_TRANSLATE_NOOP(
    "core", "TensorFlow fixes its GPU memory settings the first time it touches the GPU (the first tensor, model "
    "or device list). Set them before that, at the very top of your program; afterwards TensorFlow refuses with "
    "\"Physical devices cannot be modified after being initialized\". An environment variable works only when it "
    "is set before Python starts.")


@dataclass(frozen=True)
class MemoryOption:
    mode: str
    title: str  # QT_TRANSLATE_NOOP("core", ...)
    words: str
    api: str  # the TF call that does it in code
    variable: str | None  # the environment variable that does it without code (None: code only)


OPTIONS = (
    MemoryOption("growth", QT_TRANSLATE_NOOP("core", "Memory growth"), QT_TRANSLATE_NOOP(
        "core", "TensorFlow takes GPU memory as it needs it instead of nearly all of it at the start. Use it when "
        "several programs (or notebooks) share one GPU, or when the GPU also drives your screen."),
        "tf.config.experimental.set_memory_growth(gpu, True)", "TF_FORCE_GPU_ALLOW_GROWTH"),
    MemoryOption("limit", QT_TRANSLATE_NOOP("core", "A memory limit"), QT_TRANSLATE_NOOP(
        "core", "TensorFlow may use at most this many MiB of the GPU. Use it to leave a known amount free for "
        "something else. Set in code only."),
        "tf.config.set_logical_device_configuration(gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=MIB)])",
        None),
    MemoryOption("visible", QT_TRANSLATE_NOOP("core", "Visible GPUs"), QT_TRANSLATE_NOOP(
        "core", "TensorFlow sees only the GPUs you list (by number, from 0). Use it to keep a run on one GPU of "
        "several."), "tf.config.set_visible_devices(...)", "CUDA_VISIBLE_DEVICES"),
    MemoryOption("async", QT_TRANSLATE_NOOP("core", "The asynchronous allocator"), QT_TRANSLATE_NOOP(
        "core", "CUDA's own stream-ordered allocator (cuda_malloc_async) instead of TensorFlow's: it can fragment "
        "memory less, so a model that almost fits may fit."), "TF_GPU_ALLOCATOR=cuda_malloc_async", "TF_GPU_ALLOCATOR"),
)


def option(mode: str) -> MemoryOption:
    for item in OPTIONS:
        if item.mode == mode:
            return item
    raise ValueError(f"unknown memory mode {mode!r}: one of {', '.join(MODES)}")


def check_value(mode: str, value: str | None) -> str | None:
    """The value a mode needs, checked: a MiB count for ``limit``, GPU numbers for ``visible``."""
    if mode == "limit":
        if value is None or not value.isdigit() or not 0 < int(value) <= MAX_LIMIT_MIB:
            raise ValueError(f"a memory limit is a whole number of MiB, 1 to {MAX_LIMIT_MIB} (got {value!r})")
        return str(int(value))
    if mode == "visible":
        text = (value or "").replace(" ", "")
        if not _IDS.match(text):
            raise ValueError(f"visible GPUs are numbers separated by commas, like 0 or 0,1 (got {value!r})")
        return text
    option(mode)
    return None


def snippet(mode: str, value: str | None = None) -> str:
    """Python code that sets ``mode``; meant to be the first lines of a program. Runs (and does nothing
    harmful) on a machine without a GPU."""
    value = check_value(mode, value)
    head = ("# Put this at the very top of your program, before anything else uses TensorFlow:\n"
            "# TensorFlow fixes these settings when it first touches the GPU, and refuses changes after that.\n")
    if mode == "growth":
        return head + ("import tensorflow as tf\n\n"
                       "for gpu in tf.config.list_physical_devices(\"GPU\"):\n"
                       "    tf.config.experimental.set_memory_growth(gpu, True)  # take memory as needed\n")
    if mode == "limit":
        return head + ("import tensorflow as tf\n\n"
                       f"MEMORY_LIMIT_MIB = {value}\n"
                       "for gpu in tf.config.list_physical_devices(\"GPU\"):\n"
                       "    tf.config.set_logical_device_configuration(\n"
                       "        gpu, [tf.config.LogicalDeviceConfiguration(memory_limit=MEMORY_LIMIT_MIB)])\n")
    if mode == "visible":
        ids = ", ".join(str(int(i)) for i in (value or "").split(","))
        return head + ("import tensorflow as tf\n\n"
                       f"VISIBLE_GPUS = [{ids}]  # numbers as nvidia-smi lists them\n"
                       "gpus = tf.config.list_physical_devices(\"GPU\")\n"
                       "tf.config.set_visible_devices([gpus[i] for i in VISIBLE_GPUS if i < len(gpus)], \"GPU\")\n")
    return ("# Put this at the very top of your program: the allocator is chosen when TensorFlow starts the GPU.\n"
            "import os\n\n"
            "os.environ[\"TF_GPU_ALLOCATOR\"] = \"cuda_malloc_async\"  # before TensorFlow is imported\n"
            "import tensorflow as tf  # noqa: E402\n")


def env_choice(mode: str, value: str | None = None) -> tuple[str, str]:
    """The environment variable (name, value) that persists ``mode``; ValueError for code-only modes."""
    value = check_value(mode, value)
    if mode == "growth":
        return "TF_FORCE_GPU_ALLOW_GROWTH", "true"
    if mode == "async":
        return "TF_GPU_ALLOCATOR", "cuda_malloc_async"
    if mode == "visible":
        return "CUDA_VISIBLE_DEVICES", value or ""
    raise ValueError("a memory limit has no environment variable: put the snippet at the top of your program")


MEMORY_VARIABLES = ("TF_FORCE_GPU_ALLOW_GROWTH", "TF_GPU_ALLOCATOR", "CUDA_VISIBLE_DEVICES")
_EXPORT = re.compile(r"^export ([A-Za-z_][A-Za-z0-9_]*)=(.*)$")


def earlier_settings(host: Host, python: str | None, target: str) -> list[tuple[str, str]]:
    """The memory variables an earlier ``memory apply`` put in the block of a profile or venv target
    (the block holds them all: a new plan that left them out would remove them)."""
    import shlex

    from tfgpu.core.configure import blocks, targets

    if target == "profile":
        files = targets.profile_files(host)
    elif target == "venv" and python:
        prefix = targets.env_prefix(host, python)
        join = host.platform.pathmod.join
        files = [join(prefix, "Scripts" if host.platform.is_windows else "bin", "activate")]
    else:
        return []
    found: dict[str, str] = {}
    for path in files:
        try:
            text = blocks.decode(targets.read_file(host, path))
        except targets.TargetProblem:
            continue
        span = blocks.find_block(text, "memory", blocks.POSIX)
        for line in text[span[0]:span[1]].splitlines() if span else []:
            match = _EXPORT.match(line.strip())
            if match and match.group(1) in MEMORY_VARIABLES:
                try:
                    words = shlex.split(match.group(2))
                except ValueError:
                    continue
                if len(words) == 1:
                    found.setdefault(match.group(1), words[0])
    return list(found.items())


def plan_memory(host: Host, python: str | None, mode: str, value: str | None = None,
                target: str | None = None, *, replace: bool = False) -> Plan:
    """Persist a memory choice as an environment variable for ``target``; never raises. An earlier
    setting of another variable in the same block is kept (and the plan says so) unless ``replace``."""
    windows = host.platform.is_windows
    target = target or default_target(windows)
    plan = Plan(topic="memory", target=target, os="windows" if windows else "linux", env=python,
                summary=TrText(QT_TRANSLATE_NOOP("core", "Set a GPU memory option")), backup_dir=str(changes_dir()))
    try:
        name, text = env_choice(mode, value)
    except ValueError as exc:
        plan.refusal = TrText(QT_TRANSLATE_NOOP("core", "This setting cannot be made: {error}"), error=str(exc))
        return plan
    plan.summary = TrText(QT_TRANSLATE_NOOP("core", "Set {name}={value}"), name=name, value=text)
    plan.words.append(plan.summary)
    if target == "user":
        if not windows:
            plan.refusal = TrText(QT_TRANSLATE_NOOP(
                "core", "On Linux the user environment is your shell profile: use --target profile."))
            return plan
        try:
            old = host.registry.read_value(USER_ENVIRONMENT, name)
        except RegistryError as exc:
            plan.refusal = TrText(QT_TRANSLATE_NOOP("core", "The registry could not be read: {error}"), error=str(exc))
            return plan
        if old is None or old.text != text:
            kind = old.kind if old is not None and old.kind in STRING_TYPES else REG_SZ
            plan.edits.append(RegistryEdit(USER_ENVIRONMENT, name, old, RegValue(text, kind)))
            plan.variables.append(VariableChange(name, old.text if old else None, text))
            plan.sections.append(PlanSection(f"{USER_ENVIRONMENT}\\{name}", TrText(name), list_diff(
                [old.text] if old is not None and old.text else [], [text])))
    else:
        plan.variables.append(VariableChange(name, host.env.get(name), text))
        assign = [(name, text)]
        for other, kept in earlier_settings(host, python, target):
            if other == name:
                continue
            if replace:
                plan.words.append(TrText(QT_TRANSLATE_NOOP("core", "Remove {name}={value}, set earlier (--replace)"),
                                         name=other, value=kept))
            else:
                assign.insert(0, (other, kept))
                plan.words.append(TrText(QT_TRANSLATE_NOOP(
                    "core", "Keep {name}={value}, set earlier (--replace removes it)"), name=other, value=kept))
        plan = file_target_plan(plan, host, python, EnvSettings(assign=tuple(assign)))
    if plan.refusal is None and not plan.edits:
        plan.words.append(TrText(QT_TRANSLATE_NOOP("core", "Nothing to change: it is set already.")))
    elif plan.refusal is None:
        plan.notes.append(TrText(QT_TRANSLATE_NOOP(
            "core", "It applies to programs started after this (open a new terminal, restart Jupyter).")))
    return plan
