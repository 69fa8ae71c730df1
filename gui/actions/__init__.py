"""Window-level actions, one module each (see :mod:`tfgpu.gui.window_actions`)."""
