"""The frozen app's window entry point (PyInstaller script for tfgpu-assistant[.exe])."""

import sys

from tfgpu.gui.app import main

sys.exit(main())
