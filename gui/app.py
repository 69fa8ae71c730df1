"""The GUI entry point: ``tfgpu``, ``tfgpu gui ...`` and the ``tfgpu-assistant`` script."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from tfgpu.core.gui_options import DESCRIPTION, add_gui_arguments
from tfgpu.core.version import __version__

if TYPE_CHECKING:  # Qt loads only after the start-up check (gui/preflight.py) says the window can open
    from PySide6.QtWidgets import QApplication

    from tfgpu.gui.window.main_window import MainWindow

log = logging.getLogger(__name__)

APP_NAME = "TF GPU Assistant"
ORGANISATION = "tfgpu"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tfgpu gui", description=DESCRIPTION)
    add_gui_arguments(parser)
    parser.add_argument("-v", "--verbose", action="store_true", help="debug logging")
    return parser


def _say(message: str) -> None:
    """Print to stderr when there is one (a GUI script on Windows has none)."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)


def _setup_logging(verbose: bool = False) -> None:
    """Log to the file; DEBUG with ``verbose`` or when ``tfgpu -v`` already set it (never lowered)."""
    root = logging.getLogger()
    verbose = verbose or root.level <= logging.DEBUG
    try:
        from tfgpu.core.logging_setup import setup_logging
    except ImportError:
        logging.basicConfig(
            level=logging.DEBUG if verbose else logging.INFO,
            format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        )
        return
    try:
        setup_logging(verbose=verbose)
    except Exception as exc:  # noqa: BLE001 - no log file is no reason not to start
        _say(f"tfgpu: logging setup failed: {exc}")


def _log_uncaught(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> None:
    """A bug in a slot is logged; the app keeps running instead of showing a traceback."""
    log.critical("unexpected error", exc_info=(kind, value, tb))


def _windows_taskbar_identity() -> None:
    if sys.platform == "win32":  # our icon on the taskbar instead of python.exe's
        try:
            import ctypes

            ctypes.windll.shell32.SetCurrentProcessExplicitAppUserModelID("tfgpu.assistant")
        except Exception:  # noqa: BLE001 - cosmetic
            pass


def _application() -> QApplication:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    app = QApplication([sys.argv[0] if sys.argv and sys.argv[0] else "tfgpu"])
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setOrganizationName(ORGANISATION)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("tfgpu-assistant")
    return app


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.screenshot and not os.environ.get("QT_QPA_PLATFORM"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    _setup_logging(args.verbose)
    from tfgpu.gui.preflight import check_window, qt_import_failure, tell

    preflight = check_window()
    if not preflight.ok:  # instead of Qt aborting the process (exit 134) with half the story
        log.error("window cannot open: %s", preflight.reason)
        tell(preflight)
        return 2
    try:
        from PySide6 import QtWidgets  # noqa: F401 - a Qt DLL or library that cannot load is said in words
    except ImportError as exc:
        log.error("Qt cannot load: %s", exc)
        tell(qt_import_failure(exc))
        return 2
    _windows_taskbar_identity()

    # Qt imports of our own modules come after the platform choice above.
    from tfgpu.gui.i18n import clear_language, resolve_language, switch_language
    from tfgpu.gui.icons import app_icon
    from tfgpu.gui.settings import AppSettings
    from tfgpu.gui.theme import apply_scheme
    from tfgpu.gui.window.main_window import MainWindow

    app = _application()
    app.setWindowIcon(app_icon())
    fresh = bool(args.screenshot or args.first_window)  # tools start afresh and remember nothing
    settings = None if fresh else AppSettings()
    switch_language(app, resolve_language(args.lang or (settings.language if settings is not None else None)))
    apply_scheme(app, args.scheme)
    previous_hook, sys.excepthook = sys.excepthook, _log_uncaught
    window = MainWindow(settings=settings, auto_scan=True, start_page=args.page if fresh else None)
    if args.scheme is None:
        _follow_system_scheme(app, window)
    app.aboutToQuit.connect(window.shutdown)
    try:
        if args.first_window:
            return _first_window(window, args.first_window)
        if args.screenshot:
            return _screenshot(window, args)
        from tfgpu.gui.window.quit_signals import exit_on_signals

        window.show()
        with exit_on_signals(app):  # a closed terminal or `kill`: pages shut down, agents are killed
            return app.exec()
    finally:
        window.shutdown()
        window.close()
        window.deleteLater()  # the window ends with main(): nothing of it stays behind (a test's app lives on)
        sys.excepthook = previous_hook
        clear_language(app)


def _follow_system_scheme(app: QApplication, window: MainWindow) -> None:
    """Light or dark as the system switches: new colours, pages made again in them."""
    from PySide6.QtGui import QGuiApplication

    from tfgpu.gui.theme import apply_scheme

    def follow() -> None:
        apply_scheme(app)
        window.rebuild_pages()
        window.retranslate()

    QGuiApplication.styleHints().colorSchemeChanged.connect(follow)


def _first_window(window: MainWindow, path: str) -> int:
    """Show the window, grab it as soon as it is on screen, and exit (start-up measurements)."""
    import time

    from PySide6.QtWidgets import QApplication

    window.show()
    QApplication.processEvents()
    window.grab().save(path, "PNG")
    shown = time.time()
    try:
        import resource

        rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    except ImportError:  # Windows
        rss_kib = -1
    print(f"FIRST_WINDOW_AT={shown:.6f} MAXRSS_KIB={rss_kib} TF={'tensorflow' in sys.modules} "
          f"PYQTGRAPH={'pyqtgraph' in sys.modules}", flush=True)
    return 0


def _screenshot(window: MainWindow, args: argparse.Namespace) -> int:
    from tfgpu.gui.window.screenshot import (
        DEFAULT_PAGE,
        DEFAULT_TIMEOUT_S,
        ScreenshotError,
        capture,
    )

    folder = Path(args.screenshot).parent
    try:  # before the wait: a folder that cannot be made is known at once
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        _say(f"tfgpu: screenshot failed: cannot make the folder {folder}: {exc.strerror or exc}")
        return 2
    try:
        path = capture(window, args.screenshot, args.page or DEFAULT_PAGE, args.timeout or DEFAULT_TIMEOUT_S)
    except ScreenshotError as exc:
        _say(f"tfgpu: screenshot failed: {exc}")
        return 1
    _say(f"tfgpu: screenshot saved to {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
