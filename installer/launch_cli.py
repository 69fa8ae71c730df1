"""The frozen app's console entry point (PyInstaller script for tfgpu[.exe]); no command starts the window."""

import sys

from tfgpu.entry import main

sys.exit(main())
