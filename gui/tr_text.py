"""Core's translatable text (:class:`~tfgpu.core.diagnosis.model.TrText`) in the UI language.

A ``TrText`` is an English ``{name}`` template, marked in core with
``QT_TRANSLATE_NOOP("core", ...)``, plus its values. The GUI translates the template
in the ``core`` context, then fills in the values; English is the fallback wherever a
translation is missing or its placeholders do not fit.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tfgpu.core.i18n import CONTEXT as CORE_CONTEXT
from tfgpu.core.i18n import TrText


def tr_text(text: TrText | str | None) -> str:
    """``QCoreApplication.translate("core", t.template).format(**t.args)``; "" for None.

    A plain ``str`` is translated as it is (a static core text). A template without
    values is not formatted, exactly like ``str(TrText)``, so literal braces survive.
    """
    if text is None:
        return ""
    if isinstance(text, str):
        return QCoreApplication.translate(CORE_CONTEXT, text) if text else ""
    translated = QCoreApplication.translate(CORE_CONTEXT, text.template)
    if not text.args:
        return translated
    try:
        return translated.format(**text.args)
    except (KeyError, IndexError, ValueError):  # a broken placeholder in a translation
        return str(text)
