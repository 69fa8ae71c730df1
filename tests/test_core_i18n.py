"""Core's hints are marked for translation: every ``QT_TRANSLATE_NOOP("core", ...)`` string is
in the zh_CN catalogue and its .qm, the GUI shows them translated, the CLI stays English."""

from __future__ import annotations

import ast
import json
import string
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QTranslator

from fakes.fake_host import FakeHost
from tfgpu.core import scan as scan_module
from tfgpu.core.cli import main as cli_main
from tfgpu.core.cli.scan_text import format_scan
from tfgpu.core.probes.base import ProbeResult, Status
from tfgpu.core.probes.cuda import probe_cuda
from tfgpu.core.probes.driver import REASONS, DriverInfo
from tfgpu.core.scan import ScanOptions, run_scan
from tfgpu.gui.i18n import install_translators, remove_translators
from tfgpu.gui.pages.system.scan_lines import hint_text
from tfgpu.gui.pages.system.scan_view import cuda_section, driver_section

REPO = Path(__file__).resolve().parent.parent
CORE = REPO / "core"
ZH_TS = REPO / "resources" / "i18n" / "tfgpu_zh_CN.ts"
ZH_QM = REPO / "resources" / "i18n" / "tfgpu_zh_CN.qm"


def _marker_calls() -> list[tuple[str, ast.Call]]:
    calls = []
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "QT_TRANSLATE_NOOP":
                calls.append((f"{path.relative_to(REPO)}:{node.lineno}", node))
    return calls


def core_strings() -> set[str]:
    """Every QT_TRANSLATE_NOOP source text in core/ (all must be literals in context "core")."""
    found = set()
    for where, call in _marker_calls():
        args = call.args
        assert len(args) == 2 and not call.keywords, f"{where}: QT_TRANSLATE_NOOP(context, text) only"
        assert all(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args), (
            f"{where}: lupdate only sees literals (no f-strings, names or calls)"
        )
        assert args[0].value == "core", f"{where}: the context must be 'core'"
        found.add(args[1].value)
    return found


def zh_catalogue() -> dict[str, str]:
    """The "core" context of the zh_CN .ts: source -> finished translation."""
    messages: dict[str, str] = {}
    for context in ET.parse(ZH_TS).getroot().iter("context"):
        if context.findtext("name") != "core":
            continue
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation.get("type") is None, f"unfinished: {message.findtext('source')!r}"
            messages[message.findtext("source")] = translation.text or ""
    return messages


def _placeholders(text: str) -> set[str]:
    return {name for _literal, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


@pytest.fixture
def chinese(qapp):
    translators = install_translators(qapp, "zh_CN")
    yield translators
    remove_translators(qapp, translators)


# -- the catalogue -----------------------------------------------------------------------


def test_every_core_string_is_translated_and_compiled() -> None:
    ours = core_strings()
    assert len(ours) >= 30  # the probes' hints; a broken scan would find none
    catalogue = zh_catalogue()
    assert ours == set(catalogue), "run pyside6-lupdate over gui and core (resources/i18n/README.md)"
    compiled = QTranslator()
    assert compiled.load(str(ZH_QM))
    for source in sorted(ours):
        chinese = catalogue[source]
        assert chinese.strip() and chinese != source, f"no Chinese for {source!r}"
        assert any("\u4e00" <= ch <= "\u9fff" for ch in chinese), f"not Chinese: {chinese!r}"
        assert _placeholders(chinese) == _placeholders(source), f"placeholders differ: {source!r}"
        assert compiled.translate("core", source) == chinese, f".qm is older than .ts for {source!r}"


def test_every_driver_reason_hint_is_marked() -> None:
    assert {hint for _status, hint in REASONS.values()} <= core_strings()


def _is_bare_text(node: ast.AST) -> bool:
    """A literal, an f-string or text glued together: what lupdate cannot extract."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) or isinstance(node, ast.JoinedStr):
        return True
    return isinstance(node, ast.BinOp) and (_is_bare_text(node.left) or _is_bare_text(node.right))


def test_no_hint_in_core_bypasses_the_marker() -> None:
    """``x.hint = "..."`` or ``set_hint(f"...")`` would show English in the zh_CN GUI."""
    bad = []
    for path in sorted(CORE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign):
                hint_targets = [t for t in node.targets if isinstance(t, ast.Attribute) and t.attr == "hint"]
                if hint_targets and _is_bare_text(node.value):
                    bad.append(f"{path.name}:{node.lineno}")
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "set_hint":
                if node.args and _is_bare_text(node.args[0]):
                    bad.append(f"{path.name}:{node.lineno}")
    assert not bad, f"hints not marked with QT_TRANSLATE_NOOP: {bad}"


# -- core keeps English; the GUI translates ------------------------------------------------


def test_set_hint_keeps_the_english_text_and_the_template() -> None:
    result = ProbeResult()
    result.set_hint("cuDNN is installed in {folder}, but that folder is not on PATH.", folder="C:\\cudnn\\bin")
    assert result.hint == "cuDNN is installed in C:\\cudnn\\bin, but that folder is not on PATH."
    assert result.hint_template == "cuDNN is installed in {folder}, but that folder is not on PATH."
    assert result.hint_args == {"folder": "C:\\cudnn\\bin"}
    result.set_hint("The check was cancelled; run it again.")
    assert (result.hint, result.hint_template, result.hint_args) == ("The check was cancelled; run it again.", None, {})


def test_a_formatted_hint_is_translated_then_filled_in(chinese, windows_host: FakeHost) -> None:
    gone = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.0"
    windows_host.env["CUDA_PATH"] = gone
    info = probe_cuda(windows_host)
    assert info.reason == "cuda-path-stale" and info.hint_template is not None
    assert info.hint == info.hint_template.format(path=gone)  # English, as the CLI prints it
    expected = zh_catalogue()[info.hint_template].format(path=gone)
    assert hint_text(info) == expected != info.hint
    what_to_do = next(line for line in cuda_section(info).children if line.kind == "hint")
    assert what_to_do.value == expected and gone in what_to_do.value


def test_the_summary_takes_the_first_chinese_sentence(chinese) -> None:
    info = DriverInfo(status=Status.ERROR, reason="nvidia-smi-timeout", hint=REASONS["nvidia-smi-timeout"][1])
    first = zh_catalogue()[info.hint].split("。")[0]
    assert driver_section(info).value == first


def test_a_hint_without_translation_stays_english(chinese) -> None:
    assert hint_text(ProbeResult(hint="Something new, not in the catalogue yet.")) == (
        "Something new, not in the catalogue yet."
    )
    stale = ProbeResult()
    stale.set_hint("Python {version} is too old for TensorFlow checks (needs {min_python}+); "
                   "use a newer Python for TensorFlow.", version="3.6", min_python="3.7")
    stale.hint = "Overwritten later by plain English."  # the template no longer describes the hint
    assert hint_text(stale) == "Overwritten later by plain English."


def test_cli_json_and_text_stay_english_under_a_chinese_ui(chinese, linux_host: FakeHost, monkeypatch, capsys) -> None:
    real_run_scan = run_scan
    monkeypatch.setattr(scan_module, "run_scan", lambda **kwargs: real_run_scan(host=linux_host, **kwargs))
    assert cli_main(["scan", "--json", "--no-tf"]) == 0
    doc = json.loads(capsys.readouterr().out)
    english = REASONS[doc["driver"]["reason"]][1]
    assert doc["driver"]["hint"] == english
    assert "hint_template" not in doc["driver"] and "hint_args" not in doc["driver"]
    text = format_scan(real_run_scan(host=linux_host, options=ScanOptions(include_tf=False)))
    assert f"-> {english}" in text
    assert not any("\u4e00" <= ch <= "\u9fff" for ch in json.dumps(doc, ensure_ascii=False) + text)
