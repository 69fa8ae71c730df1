"""Marks core's user-facing English text for translation, without importing Qt.

``QT_TRANSLATE_NOOP("core", "text")`` returns ``text`` unchanged: core (and the CLI)
stay English. ``pyside6-lupdate`` recognises the call by name in ``.py`` files and
extracts the literal into ``resources/i18n/*.ts``; the GUI then shows
``QCoreApplication.translate("core", text)``.

Rules (what lupdate can see): both arguments are literals (adjacent literals may be
concatenated), the context is always ``"core"``, and variable parts are ``{name}``
placeholders filled by :meth:`~tfgpu.core.probes.base.ProbeResult.set_hint`, never f-strings.
"""

from __future__ import annotations

CONTEXT = "core"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """Return ``text``; the call only marks it for extraction."""
    return text
