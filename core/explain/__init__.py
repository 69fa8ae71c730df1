"""Explain: pasted text (TF log, traceback, nvidia-smi, nvcc, cuDNN header, build info, pip error)
-> its kind, the facts in it, findings and one primary cause. Entry point:
:func:`tfgpu.core.explain.engine.explain_text` (never raises)."""
