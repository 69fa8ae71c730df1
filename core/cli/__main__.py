"""``python -m tfgpu.core.cli``: the ``tfgpu`` commands (the window is ``python -m tfgpu``: :mod:`tfgpu.entry`)."""

import sys

from tfgpu.core.cli import main

sys.exit(main())
