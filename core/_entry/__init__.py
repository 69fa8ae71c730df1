"""The top-level ``tfgpu`` package, so that ``python -m tfgpu`` / ``py -m tfgpu`` / ``pyw -m tfgpu`` work.

pyproject maps the package ``tfgpu`` to this folder (setuptools package-dir); the real code lives in
``tfgpu.core``, ``tfgpu.gui`` and ``tfgpu.resources``, mapped from core/, gui/ and resources/.
This folder holds nothing else: it is not part of ``tfgpu.core``.
"""
