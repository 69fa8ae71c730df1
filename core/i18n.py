"""Marks core's user-facing English text for translation, without importing Qt.

``QT_TRANSLATE_NOOP("core", "text")`` returns ``text`` unchanged: core (and the CLI)
stay English. ``pyside6-lupdate`` recognises the call by name in ``.py`` files and
extracts the literal into ``resources/i18n/*.ts``; the GUI then shows
``QCoreApplication.translate("core", text)``.

Rules (what lupdate can see): both arguments are literals (adjacent literals may be
concatenated), the context is always ``"core"``, and variable parts are ``{name}``
placeholders filled by :meth:`~tfgpu.core.probes.base.ProbeResult.set_hint` or kept in a
:class:`TrText`, never f-strings.
"""

from __future__ import annotations

CONTEXT = "core"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 - the name lupdate looks for
    """Return ``text``; the call only marks it for extraction."""
    return text


class TrText:
    """A translatable English template with its values; ``str()`` is the English text."""

    __slots__ = ("template", "args")

    def __init__(self, template: str, **args: object) -> None:
        self.template = template
        self.args: dict[str, str] = {name: str(value) for name, value in args.items()}

    def __str__(self) -> str:
        return self.template.format(**self.args) if self.args else self.template

    def __repr__(self) -> str:
        return f"TrText({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TrText):
            return (self.template, self.args) == (other.template, other.args)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.template, tuple(sorted(self.args.items()))))
