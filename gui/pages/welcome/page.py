"""Welcome: what the app does, in plain words, and what happens next."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout

from tfgpu.core.i18n import QT_TRANSLATE_NOOP
from tfgpu.gui.icons import app_icon
from tfgpu.gui.page_registry import PageContext, PageSpec, TfgpuPage
from tfgpu.gui.widgets.glossary import explain_terms


class WelcomePage(TfgpuPage):
    def __init__(self, context: PageContext) -> None:
        super().__init__(context)
        self.setTitle(self.tr("Welcome to TF GPU Assistant"))
        self.setSubTitle(self.tr("From \u201cI have an NVIDIA card\u201d to \u201cTensorFlow runs on it\u201d."))

        logo = QLabel()
        logo.setPixmap(app_icon().pixmap(72, 72))
        logo.setAlignment(Qt.AlignmentFlag.AlignTop)

        self.body = QLabel(self._body_html())
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.RichText)
        self.body.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.body.setOpenExternalLinks(False)
        explain_terms(self.body, self._body_html())

        row = QHBoxLayout()
        row.addWidget(logo)
        row.addSpacing(12)
        row.addWidget(self.body, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addStretch(1)

    def _body_html(self) -> str:
        sections = [
            (
                self.tr("What this app does"),
                self.tr(
                    "TensorFlow needs several pieces to use your graphics card: the NVIDIA driver, "
                    "the CUDA and cuDNN libraries in versions that match, and a Python in which "
                    "TensorFlow is installed. This app checks each of them on this computer."
                ),
            ),
            (
                self.tr("What you get"),
                self.tr(
                    "When something is missing or does not match, it tells you why in plain words "
                    "and what to do about it. After each fix, one click checks again."
                ),
            ),
            (
                self.tr("What happens next"),
                self.tr(
                    "The app is already looking at this computer: the driver, CUDA, cuDNN and every "
                    "Python it can find, and it starts TensorFlow in each of them to ask whether it sees "
                    "the GPU. This takes a few seconds, up to a minute. Nothing is installed or changed. "
                    "The verdict and your next step appear at the top of every page."
                ),
            ),
            (
                self.tr("Finding your way"),
                self.tr(
                    "Every page is in the list on the left: open any of them at any time, e.g. "
                    "<b>Explain an error</b> while the check runs. <b>Next</b> and <b>Back</b> walk "
                    "through them in order (Alt+Right, Alt+Left). Words like CUDA or WDDM are explained "
                    "in <b>Help &gt; Glossary</b> and in their tooltips."
                ),
            ),
            (
                self.tr("Language"),
                self.tr(
                    "The app speaks English and Simplified Chinese and follows your system language. "
                    "Choose another in the <b>Language</b> menu; the app remembers it."
                ),
            ),
        ]
        return "".join(
            f"<h3 style='margin-bottom:2px'>{title}</h3><p style='margin-top:0'>{text}</p>" for title, text in sections
        )


PAGE = PageSpec(page_id="welcome", order=10, factory=WelcomePage,
                title=QT_TRANSLATE_NOOP("PageTitle", "Welcome"))
