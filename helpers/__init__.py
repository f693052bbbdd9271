"""Shared code for the notebooks of *Effective TensorFlow 2, runnable*.

``import helpers`` does not import TensorFlow, so the first call in a notebook,
``helpers.make_reproducible()``, can configure TensorFlow before it loads.
Submodules (``helpers.data``, ``helpers.models``, ...) load on first use.
"""

from __future__ import annotations

import importlib
import pkgutil

from helpers.reproducibility import make_reproducible

__all__ = ["make_reproducible"]


def __getattr__(name: str):
    """Import the submodule ``helpers.<name>`` on first access (keeps ``import helpers`` light)."""
    if name in {m.name for m in pkgutil.iter_modules(__path__)}:
        return importlib.import_module(f"helpers.{name}")
    raise AttributeError(f"module 'helpers' has no attribute {name!r}")
