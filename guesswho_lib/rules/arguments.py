"""Arguments checked once, at the public boundary: whole numbers in a stated range, flags, seeds, board states.

Every refusal names the argument and the range allowed, and never echoes a huge input whole.  Integers of numpy
type are accepted wherever integers are; ``True`` is not a number of suspects.  A public function states its
arguments with :func:`checked`, and the code below it trusts them:

>>> @checked(n=whole(1), m=whole(1))
... def total(n, m):
...     return n + m
>>> total(3, m=4)
7
>>> total(0, 4)
Traceback (most recent call last):
...
ValueError: n must be at least 1, got 0
"""

from __future__ import annotations

import functools
import inspect
import numbers

__all__ = ["check_int", "check_seed", "check_state", "check_flag", "short_repr", "checked", "whole", "flag"]


def short_repr(value, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (an error message never echoes a huge input whole)."""
    r = repr(value)
    return r if len(r) <= limit else r[:limit - 20] + f"... ({len(r)} characters)"


def check_int(value, name: str, lo: int = 1, hi: int | None = None) -> int:
    """Return ``value`` as an int if it is an integer in [lo, hi]; otherwise raise a clear error.

    bools are rejected (``True`` is not a number of suspects)."""
    if type(value) is int and lo <= value and (hi is None or value <= hi):
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        rng = f"{lo}..{hi}" if hi is not None else f">= {lo}"
        raise TypeError(f"{name} must be an integer ({rng}), got {short_repr(value)} of type {type(value).__name__}")
    value = int(value)
    if value < lo or (hi is not None and value > hi):
        rng = f"between {lo} and {hi}" if hi is not None else f"at least {lo}"
        shown = value if abs(value) < 10**30 else f"a number of {len(str(abs(value)))} digits"
        raise ValueError(f"{name} must be {rng}, got {shown}")
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


def whole(lo: int = 1, hi: int | None = None):
    """A spec for :func:`checked`: a whole number in [lo, hi]."""
    def spec(value, name):
        return check_int(value, name, lo, hi)
    return spec


def flag(value, name):
    """A spec for :func:`checked`: True or False."""
    return check_flag(value, name)


def checked(**specs):
    """Decorator: each named argument of a public function goes through its spec once, at the boundary.

    A spec is a function ``(value, name) -> value`` that returns the value to use (an ``int`` for a numpy
    integer, a :class:`~guesswho_lib.rules.records.Rules` for a rule-set name, ...) or raises an error naming the
    argument.  Defaults are not checked (they are the library's own).
    """
    def decorate(function):
        parameters = list(inspect.signature(function).parameters)
        unknown = set(specs) - set(parameters)
        if unknown:
            raise TypeError(f"checked: {function.__qualname__} has no argument {sorted(unknown)}")
        at = [(parameters.index(name), name, spec) for name, spec in specs.items()]

        @functools.wraps(function)
        def inner(*args, **kwargs):
            if args:
                args = list(args)
                for i, name, spec in at:
                    if i < len(args):
                        args[i] = spec(args[i], name)
                    elif name in kwargs:
                        kwargs[name] = spec(kwargs[name], name)
            else:
                for _, name, spec in at:
                    if name in kwargs:
                        kwargs[name] = spec(kwargs[name], name)
            return function(*args, **kwargs)

        return inner
    return decorate
