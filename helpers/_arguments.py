"""Argument validation shared by the helpers (private): clear errors that name the argument.

NumPy scalars are accepted wherever a Python number is (``np.int64(32)``,
``np.float32(0.01)``): NumPy registers them as ``numbers.Integral`` / ``numbers.Real``.
No import of NumPy or TensorFlow here, so ``import helpers`` stays light.
"""

from __future__ import annotations

import math
import numbers


def _is_bool(value) -> bool:
    return isinstance(value, bool) or type(value).__name__ in ("bool_", "bool") and hasattr(value, "dtype")


def integer(name: str, value, minimum: int | None = None, maximum: int | None = None) -> int:
    """Return ``value`` as an ``int``; TypeError unless it is an integer (not a bool), ValueError outside the range."""
    if not isinstance(value, numbers.Integral) or _is_bool(value):
        raise TypeError(f"{name} must be an int, got {type(value).__name__}: {value!r}")
    value = int(value)
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be an int >= {minimum}, got {value!r}")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be an int <= {maximum}, got {value!r}")
    return value


def number(name: str, value, minimum: float | None = None, below: float | None = None) -> float:
    """Return ``value`` as a finite ``float`` in [minimum, below); TypeError unless it is a real number."""
    if not isinstance(value, numbers.Real) or _is_bool(value):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}: {value!r}")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{name} must be a number >= {minimum}, got {value!r}")
    if below is not None and value >= below:
        raise ValueError(f"{name} must be a number < {below}, got {value!r}")
    return value


def boolean(name: str, value) -> bool:
    """Return ``value`` as a ``bool``; TypeError unless it is True or False (a NumPy bool is fine)."""
    if not _is_bool(value):
        raise TypeError(f"{name} must be True or False, got {type(value).__name__}: {value!r}")
    return bool(value)
