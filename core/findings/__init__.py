"""Findings: the model (a stable id, evidence, fix steps), the catalog from resources/kb/findings.json,
fix steps per shell, official links and plain-text rendering. Used by ``diagnosis`` and ``explain``."""
