"""The composition root: ``tfgpu`` (and ``python -m tfgpu``) hands the command line to the CLI and gives
it the window to start for ``tfgpu gui`` (or no command). Neither presenter imports the other: the CLI
(``tfgpu.core.cli``) knows no Qt, and the GUI (``tfgpu.gui``) knows no CLI; only this module knows both.
"""

from __future__ import annotations

from collections.abc import Sequence


def start_window(argv: list[str]) -> int:
    """``tfgpu gui [OPTIONS]``: the GUI is only imported when asked for."""
    from tfgpu.gui.app import main as gui_main

    return gui_main(argv)


def main(argv: Sequence[str] | None = None) -> int:
    from tfgpu.core.cli import main as cli_main

    return cli_main(argv, gui=start_window)
