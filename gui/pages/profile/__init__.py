"""The Profile page: profile the user's own training script (``tfgpu profile`` in the app)."""

from tfgpu.gui.pages.profile.page import PAGE

__all__ = ["PAGE"]
