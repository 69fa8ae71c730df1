"""The window's menus: File (window actions such as "Export diagnostics…", Quit), Go (every
page, Back/Next), Language (system default, English, 简体中文) and Help (Glossary)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QPushButton

from tfgpu.gui.window.action_registry import ActionSpec

if TYPE_CHECKING:
    from tfgpu.gui.window.main_window import MainWindow

# Language menu entries: (setting, name shown in that language itself). None follows the system.
LANGUAGES: tuple[tuple[str, str], ...] = (("en", "English"), ("zh_CN", "简体中文"))


class ShellMenus:
    """Builds the menu bar once; ``retranslate`` renames everything in the current language."""

    def __init__(self, window: MainWindow, actions: list[ActionSpec]) -> None:
        self.window = window
        self.specs = actions
        bar: QMenuBar = window.menuBar()
        self.file_menu = QMenu(bar)
        self.go_menu = QMenu(bar)
        self.language_menu = QMenu(bar)
        self.help_menu = QMenu(bar)
        for menu in (self.file_menu, self.go_menu, self.language_menu, self.help_menu):
            bar.addMenu(menu)
        self.window_actions: dict[str, QAction] = {}
        self.nav_buttons: dict[str, QPushButton] = {}
        for spec in actions:
            action = QAction(window)
            action.setObjectName(f"action-{spec.action_id}")
            if spec.shortcut:
                action.setShortcut(QKeySequence(spec.shortcut))
            action.triggered.connect(_runner(spec, window))
            self.file_menu.addAction(action)
            self.window_actions[spec.action_id] = action
            if spec.in_nav_bar:
                button = QPushButton()
                button.setObjectName(f"nav-{spec.action_id}")
                button.clicked.connect(action.trigger)
                self.nav_buttons[spec.action_id] = button
        if actions:
            self.file_menu.addSeparator()
        self.quit_action = QAction(window)
        self.quit_action.setShortcut(QKeySequence.StandardKey.Quit)
        self.quit_action.triggered.connect(window.close)
        self.file_menu.addAction(self.quit_action)

        self.back_action = QAction(window)
        self.back_action.setShortcuts([QKeySequence("Alt+Left"), QKeySequence("Ctrl+PgUp")])
        self.back_action.triggered.connect(window.back)
        self.next_action = QAction(window)
        self.next_action.setShortcuts([QKeySequence("Alt+Right"), QKeySequence("Ctrl+PgDown")])
        self.next_action.triggered.connect(window.next)
        self.page_actions: dict[str, QAction] = {}
        for number, page in enumerate(window.specs, 1):
            action = QAction(window)
            action.setObjectName(f"go-{page.page_id}")
            if number <= 9:
                action.setShortcut(QKeySequence(f"Alt+{number}"))
            action.triggered.connect(_opener(window, page.page_id))
            self.go_menu.addAction(action)
            self.page_actions[page.page_id] = action
        self.go_menu.addSeparator()
        self.go_menu.addAction(self.back_action)
        self.go_menu.addAction(self.next_action)

        self.language_group = QActionGroup(window)
        self.language_group.setExclusive(True)
        self.system_language = QAction(window)
        self.system_language.setCheckable(True)
        self.system_language.setData("")
        self.language_actions = [self.system_language]
        for code, name in LANGUAGES:
            action = QAction(name, window)
            action.setCheckable(True)
            action.setData(code)
            self.language_actions.append(action)
        for action in self.language_actions:
            self.language_group.addAction(action)
            self.language_menu.addAction(action)
            action.triggered.connect(_language_setter(window, action))

        self.glossary_action = QAction(window)
        self.glossary_action.setShortcut(QKeySequence.StandardKey.HelpContents)
        self.glossary_action.triggered.connect(window.show_glossary)
        self.help_menu.addAction(self.glossary_action)

    def retranslate(self) -> None:
        self.file_menu.setTitle(QCoreApplication.translate("ShellMenus", "&File"))
        self.go_menu.setTitle(QCoreApplication.translate("ShellMenus", "&Go"))
        self.language_menu.setTitle(QCoreApplication.translate("ShellMenus", "&Language"))
        self.help_menu.setTitle(QCoreApplication.translate("ShellMenus", "&Help"))
        for spec in self.specs:
            title = self.window.translate_action(spec.title)
            self.window_actions[spec.action_id].setText(title)
            if spec.action_id in self.nav_buttons:
                self.nav_buttons[spec.action_id].setText(title)
        self.quit_action.setText(QCoreApplication.translate("ShellMenus", "&Quit"))
        self.back_action.setText(QCoreApplication.translate("ShellMenus", "Previous page"))
        self.next_action.setText(QCoreApplication.translate("ShellMenus", "Next page"))
        for page in self.window.specs:
            self.page_actions[page.page_id].setText(self.window.page_title(page.page_id))
        self.system_language.setText(QCoreApplication.translate("ShellMenus", "System language"))
        self.glossary_action.setText(QCoreApplication.translate("ShellMenus", "Glossary…"))

    def check_language(self, setting: str | None) -> None:
        for action in self.language_actions:
            action.setChecked(action.data() == (setting or ""))


def _runner(spec: ActionSpec, window: MainWindow) -> Callable[[], None]:
    return lambda: spec.run(window)


def _opener(window: MainWindow, page_id: str) -> Callable[[], object]:
    return lambda: window.go_to(page_id)


def _language_setter(window: MainWindow, action: QAction) -> Callable[[], None]:
    return lambda: window.set_language(action.data() or None)
