"""The library's one family of validators: whole numbers and real numbers in a stated range, flags, seeds, choices,
board states.

Arguments are checked once, at the public boundary, one way: the first lines of a public function call these and
use what they return; the code below trusts it.  Widget models check their traits with the same functions
(:mod:`guesswho_lib.widgets.base`).  Every refusal names the argument and the range allowed, and never echoes a
huge input whole.  Integers of numpy type are accepted wherever integers are; ``True`` is not a number of suspects.

>>> def total(n, m):
...     n, m = check_int(n, "n"), check_int(m, "m")
...     return n + m
>>> total(3, m=4)
7
>>> total(0, 4)
Traceback (most recent call last):
...
ValueError: n must be at least 1, got 0
"""

from __future__ import annotations

import numbers

__all__ = ["check_int", "check_number", "check_seed", "check_state", "check_flag", "check_choice", "short_repr"]


def short_repr(value, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (an error message never echoes a huge input whole)."""
    r = repr(value)
    return r if len(r) <= limit else r[:limit - 20] + f"... ({len(r)} characters)"


def check_int(value, name: str, lo: int | None = 1, hi: int | None = None) -> int:
    """Return ``value`` as an int if it is an integer in [lo, hi] (``None``: no bound); otherwise raise a clear error.

    bools are rejected (``True`` is not a number of suspects)."""
    if type(value) is int and (lo is None or lo <= value) and (hi is None or value <= hi):
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        rng = (f" ({lo}..{hi})" if lo is not None and hi is not None else f" (>= {lo})" if lo is not None else
               f" (<= {hi})" if hi is not None else "")
        raise TypeError(f"{name} must be an integer{rng}, got {short_repr(value)} of type {type(value).__name__}")
    value = int(value)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        rng = (f"between {lo} and {hi}" if lo is not None and hi is not None else f"at least {lo}" if lo is not None
               else f"at most {hi}")
        shown = value if abs(value) < 10**30 else f"a number of {len(str(abs(value)))} digits"
        raise ValueError(f"{name} must be {rng}, got {shown}")
    return value


def check_number(value, name: str, lo: float = float("-inf"), hi: float = float("inf")) -> float:
    """``value`` as a float if it is a real number in [lo, hi] (not NaN), else a clear error.

    >>> check_number(0.5, "s", 1, 7)
    Traceback (most recent call last):
    ...
    ValueError: s must be a number between 1 and 7, got 0.5
    """
    what = "a number" + (f" between {lo:g} and {hi:g}" if (lo, hi) != (float("-inf"), float("inf")) else "")
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be {what}, got {short_repr(value)} of type {type(value).__name__}")
    if not lo <= value <= hi:
        raise ValueError(f"{name} must be {what}, got {short_repr(value)}")
    return float(value)


def check_choice(value, name: str, choices: tuple):
    """``value`` if it is one of ``choices``, else a clear error naming them."""
    if value not in choices:
        raise ValueError(f"{name} must be one of {choices}, got {short_repr(value)}")
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


def check_flag(value, name: str) -> bool:
    """``value`` if it is True or False (numpy booleans included); anything else, "no" or 1 among them, is refused.

    >>> check_flag("no", "you_first")
    Traceback (most recent call last):
    ...
    TypeError: you_first must be True or False, got 'no' of type str
    """
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {short_repr(value)} of type {type(value).__name__}")


def check_state(n, m, hi: int | None = None) -> tuple[int, int]:
    """A board state (n, m): two whole numbers of suspects, at least 1 (and at most ``hi``)."""
    return check_int(n, "n", 1, hi), check_int(m, "m", 1, hi)
