"""``python -m tfgpu [COMMAND ...]``: the same as the ``tfgpu`` command (no command starts the GUI).

The fallback when pip's Scripts folder is not on PATH (``py -m pip install --user`` on Windows):
``py -m tfgpu`` in a console, ``pyw -m tfgpu`` for the window alone.
"""

import sys

from tfgpu.entry import main

if __name__ == "__main__":
    sys.exit(main())
