"""How often the monitor samples: plain numbers, cheap to import (the CLI's parser reads them)."""

DEFAULT_INTERVAL_S = 0.5
MIN_INTERVAL_S = 0.1
