"""Diagnosis: findings from a Scan (``doctor``) or from pasted text (``explain``)."""
