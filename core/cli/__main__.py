"""``python -m tfgpu.core.cli``: the same as the ``tfgpu`` command."""

import sys

from tfgpu.core.cli import main

sys.exit(main())
