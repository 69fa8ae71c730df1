"""The window's options, defined once: ``tfgpu gui --help`` lists them and ``gui/app.py`` parses them.
Plain argparse (no Qt, no CLI), so the terminal's help needs no display and neither presenter imports the other."""

from __future__ import annotations

import argparse

from tfgpu.core.argtypes import positive

DESCRIPTION = "TF GPU Assistant: the app window."


def add_gui_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--screenshot", metavar="FILE", help="open the window offscreen at --page, wait for it, save a PNG and exit"
    )
    parser.add_argument("--page", metavar="ID", default=None, help="page for --screenshot (default: system)")
    parser.add_argument("--lang", choices=["en", "zh_CN"], default=None,
                        help="language (default: the one chosen in the Language menu, else the system's)")
    parser.add_argument("--scheme", choices=["light", "dark"], default=None,
                        help="colours (default: follow the system's light or dark scheme)")
    parser.add_argument("--first-window", metavar="FILE", help=argparse.SUPPRESS)  # tests/perf/bench_startup.py
    parser.add_argument("--timeout", type=positive, default=None, metavar="S",
                        help="seconds --screenshot waits at most (default: 180)")
