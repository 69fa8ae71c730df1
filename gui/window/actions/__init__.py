"""Window-level actions, one module each (see :mod:`tfgpu.gui.window.action_registry`)."""
