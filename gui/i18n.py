"""Translations: ours from ``tfgpu.resources/i18n/tfgpu_<lang>.qm``, Qt's own from its install."""

from __future__ import annotations

import logging
from importlib import resources

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

log = logging.getLogger(__name__)

SUPPORTED = ("en", "zh_CN")
SOURCE_LANGUAGE = "en"  # the strings in the code; tfgpu_en.qm only holds plural forms

# QTranslator.load(data) does not copy the bytes: they must outlive every translator that
# uses them. One bytes object per language, kept for the process and shared by later installs.
_QM_DATA: dict[str, bytes] = {}


def resolve_language(requested: str | None = None, system_locale: str | None = None) -> str:
    """``--lang`` wins; else the system locale: any Chinese (zh*) -> zh_CN, anything else -> en."""
    for candidate in (requested, system_locale if system_locale is not None else QLocale.system().name()):
        if not candidate:
            continue
        normal = candidate.replace("-", "_")
        if normal.lower().startswith("zh"):
            return "zh_CN"
        if normal.lower().startswith("en"):
            return "en"
        if requested and candidate == requested:
            log.warning("no translation for %r; using English", requested)
            return "en"
    return "en"


def _qm_data(lang: str) -> bytes | None:
    data = _QM_DATA.get(lang)
    if data is None:
        path = resources.files("tfgpu.resources") / "i18n" / f"tfgpu_{lang}.qm"
        try:
            data = path.read_bytes()
        except OSError:
            log.warning("translation file for %s is missing", lang)
            return None
        _QM_DATA[lang] = data
    return data


def _load_ours(translator: QTranslator, lang: str) -> bool:
    data = _qm_data(lang)
    return data is not None and translator.load(data)


def install_translators(app: QCoreApplication, lang: str) -> list[QTranslator]:
    """Install ours and Qt's (button texts such as Next/Back) for ``lang``; returns them.

    The translators are parented to ``app``, so they live as long as it does.
    """
    installed: list[QTranslator] = []
    ours = QTranslator(app)
    if _load_ours(ours, lang):
        app.installTranslator(ours)
        installed.append(ours)
    if lang == SOURCE_LANGUAGE:
        return installed
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    qtbase = QTranslator(app)
    if qtbase.load(f"qtbase_{lang}", qt_dir):
        app.installTranslator(qtbase)
        installed.append(qtbase)
    else:
        log.info("Qt's own %s translation not found in %s", lang, qt_dir)
    return installed


def remove_translators(app: QCoreApplication, translators: list[QTranslator]) -> None:
    for translator in translators:
        app.removeTranslator(translator)


# The translators the window installed for the language it shows (see ``switch_language``).
_ACTIVE: list[QTranslator] = []
_ACTIVE_LANG: list[str] = []


def switch_language(app: QCoreApplication, lang: str) -> list[QTranslator]:
    """Replace the translators this function installed before with ``lang``'s (Qt then sends
    every widget a LanguageChange event); returns the new ones."""
    remove_translators(app, _ACTIVE)
    _ACTIVE[:] = install_translators(app, lang)
    _ACTIVE_LANG[:] = [lang]
    return list(_ACTIVE)


def current_language() -> str:
    """The language the window's translators are for ("en" when none were installed)."""
    return _ACTIVE_LANG[0] if _ACTIVE_LANG else SOURCE_LANGUAGE


def clear_language(app: QCoreApplication) -> None:
    """Remove the translators ``switch_language`` installed (the source language, English, shows)."""
    remove_translators(app, _ACTIVE)
    _ACTIVE.clear()
    _ACTIVE_LANG.clear()
