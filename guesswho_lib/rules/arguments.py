"""Arguments checked once, at the public boundary: whole numbers in a stated range, seeds, board states.

Every refusal names the argument and the range allowed, and never echoes a huge input whole.
"""

from __future__ import annotations

import numbers

__all__ = ["check_int", "check_seed", "check_state", "short_repr"]


def check_int(value, name: str, lo: int = 1, hi: int | None = None) -> int:
    """Return ``value`` as an int if it is an integer in [lo, hi]; otherwise raise a clear error.

    bools are rejected (``True`` is not a number of suspects)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise TypeError(f"{name} must be an integer ({rng}), got {value!r} of type {type(value).__name__}")
    value = int(value)
    if value < lo or (hi is not None and value > hi):
        rng = f"between {lo} and {hi}" if hi is not None else f"at least {lo}"
        raise ValueError(f"{name} must be {rng}, got {value}")
    return value


def check_seed(seed, name: str = "seed") -> int | None:
    """``seed`` as a plain int (numpy integers included), or None; anything else is refused, naming ``name``.

    Only integers are accepted: a float seed such as ``nan`` would be accepted by :class:`random.Random` but
    does not give the same games twice.

    >>> check_seed(float("nan"))
    Traceback (most recent call last):
    ...
    TypeError: seed must be an integer or None, got nan of type float
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"{name} must be an integer or None, got {short_repr(seed)} of type {type(seed).__name__}")
    return int(seed)


def short_repr(value, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (an error message never echoes a huge input whole)."""
    r = repr(value)
    return r if len(r) <= limit else r[:limit - 20] + f"... ({len(r)} characters)"


def check_state(n, m, hi: int | None = None) -> tuple[int, int]:
    return check_int(n, "n", 1, hi), check_int(m, "m", 1, hi)


