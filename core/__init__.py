"""tfgpu core: probes, scan, agents. Never imports Qt or TensorFlow."""

from tfgpu.core.version import __version__

__all__ = ["__version__"]
