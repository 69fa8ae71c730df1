"""Profiling the user's own training script: where each step's time goes, and what to change.

``runner`` runs the profile agent (``core/agents/profile.py``) in the chosen Python, ``analysis``
turns its trace figures into the step's parts and a bottleneck, ``advice`` into plain words with
the figure behind each piece, ``saved_runs`` keeps and compares runs. docs/profile.md has the method.
"""
