"""Plain words for the jargon: a glossary (Help > Glossary) and tooltips that explain the
terms a text uses.

Each entry: the term as it appears in texts (matched as a whole word, any case), its name in
the UI language, and one or two sentences a newcomer understands.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QScrollArea, QVBoxLayout, QWidget

translate = QCoreApplication.translate


@dataclass(frozen=True)
class Term:
    key: str
    patterns: tuple[str, ...]  # words that mean it in English or Chinese texts


TERMS: tuple[Term, ...] = (
    Term("driver", ("NVIDIA driver", "driver", "驱动")),
    Term("cuda", ("CUDA",)),
    Term("cudnn", ("cuDNN",)),
    Term("path", ("PATH", "LD_LIBRARY_PATH")),
    Term("wsl", ("WSL2", "WSL 2", "WSL")),
    Term("wddm", ("WDDM",)),
    Term("cc", ("compute capability", "计算能力")),
    Term("pstate", ("P-state", "P-states", "performance state")),
    Term("xla", ("XLA", "jit_compile")),
    Term("mixed", ("mixed precision", "mixed_float16", "混合精度")),
    Term("venv", ("virtual environment", "venv", "虚拟环境")),
)


def term_name(key: str) -> str:
    return {
        "driver": translate("Glossary", "NVIDIA driver"),
        "cuda": translate("Glossary", "CUDA"),
        "cudnn": translate("Glossary", "cuDNN"),
        "path": translate("Glossary", "PATH"),
        "wsl": translate("Glossary", "WSL2"),
        "wddm": translate("Glossary", "WDDM"),
        "cc": translate("Glossary", "Compute capability"),
        "pstate": translate("Glossary", "P-state"),
        "xla": translate("Glossary", "XLA"),
        "mixed": translate("Glossary", "Mixed precision"),
        "venv": translate("Glossary", "Virtual environment"),
    }[key]


def definition(key: str) -> str:
    return {
        "driver": translate("Glossary", "The program from NVIDIA that lets Windows or Linux talk to the graphics card. "
                                        "Every GPU program needs it; one recent driver serves every CUDA version up to its own."),
        "cuda": translate("Glossary", "NVIDIA's libraries for running calculations on the GPU. Each TensorFlow is built "
                                      "for one CUDA version; on Linux and WSL2, pip installs the right one for you."),
        "cudnn": translate("Glossary", "NVIDIA's library of neural-network building blocks (convolutions and more), "
                                       "used by TensorFlow on top of CUDA, in a version that must match."),
        "path": translate("Glossary", "The list of folders Windows (PATH) or Linux (LD_LIBRARY_PATH) searches for "
                                      "programs and libraries. A library in a folder that is not listed is not found."),
        "wsl": translate("Glossary", "Windows Subsystem for Linux: a real Ubuntu inside Windows. Current TensorFlow "
                                     "uses the GPU there, through the Windows NVIDIA driver."),
        "wddm": translate("Glossary", "The normal Windows mode for a graphics card that drives a screen. In it, "
                                      "Windows does not say how much GPU memory each program uses."),
        "cc": translate("Glossary", "The generation of an NVIDIA GPU's design, e.g. 8.6 for an RTX 3060. "
                                    "Each TensorFlow build runs on GPUs from a certain generation on."),
        "pstate": translate("Glossary", "The GPU's performance state: P0 is full speed, higher numbers save power. "
                                        "An idle GPU sits in P8; under load it should go to P0 or P2."),
        "xla": translate("Glossary", "A compiler in TensorFlow (jit_compile=True) that fuses operations into "
                                     "faster GPU code; it often helps, sometimes not."),
        "mixed": translate("Glossary", "Training with 16-bit numbers where it is safe and 32-bit where it matters "
                                       "(mixed_float16): up to several times faster on GPUs with Tensor Cores."),
        "venv": translate("Glossary", "A private folder with its own Python packages, so one project's TensorFlow "
                                      "does not clash with another's. Made with 'python -m venv'."),
    }[key]


@cache
def _pattern(term: Term) -> re.Pattern[str]:
    words = "|".join(re.escape(p) for p in sorted(term.patterns, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{words})(?![\w-])", re.IGNORECASE)


def terms_in(text: str) -> list[str]:
    """The keys of the terms ``text`` uses, in glossary order."""
    return [term.key for term in TERMS if _pattern(term).search(text or "")]


def tooltip_for(text: str) -> str:
    """A rich tooltip explaining the terms in ``text`` ("" when it uses none)."""
    keys = terms_in(text)
    if not keys:
        return ""
    rows = "".join(f"<p><b>{html.escape(term_name(k))}</b>: {html.escape(definition(k))}</p>" for k in keys)
    return f"<div style='max-width: 420px'>{rows}</div>"


def explain_terms(widget: QWidget, text: str | None = None) -> None:
    """Give ``widget`` a tooltip for the terms in ``text`` (default: its own text), keeping one it has."""
    if widget.toolTip():
        return
    source = text if text is not None else getattr(widget, "text", lambda: "")()
    tip = tooltip_for(source)
    if tip:
        widget.setToolTip(tip)


class GlossaryDialog(QDialog):
    """Every term and what it means."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.resize(560, 520)
        self.body = body = QLabel()
        body.setTextFormat(Qt.TextFormat.RichText)
        body.setWordWrap(True)
        body.setAlignment(Qt.AlignmentFlag.AlignTop)
        body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        body.setObjectName("glossary-body")
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setWidget(body)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(area, 1)
        layout.addWidget(buttons)
        self.buttons = buttons
        self.retranslate()

    def retranslate(self) -> None:
        """Every term in the UI language now (the window calls it when the language changes)."""
        self.setWindowTitle(self.tr("Glossary"))
        self.body.setText("".join(f"<h4 style='margin-bottom:0'>{html.escape(term_name(t.key))}</h4>"
                                  f"<p style='margin-top:2px'>{html.escape(definition(t.key))}</p>" for t in TERMS))
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        if close is not None:
            close.setText(self.tr("Close"))
