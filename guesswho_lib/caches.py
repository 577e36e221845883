"""Every cache in the library, with its stated bound, and one way to empty them all.

Caches make repeated questions cheap (a lesson asks P(24, 24) many times; a sweep revisits the same small
states), but each must have a bound, stated in its module's docstring, and all of them can be emptied with
:func:`clear_caches` (``gw.clear_caches()``).  A module with a cache registers it here when it is imported;
:func:`cache_report` lists what is registered, with each bound and current size.

>>> from guesswho_lib.game.solver import cached_solution
>>> _ = cached_solution("official", 24)
>>> clear_caches()
>>> [c.size() for c in registered_caches() if c.name == "game.solver: exact tables"]
[0]
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Callable

__all__ = ["Cache", "register", "bounded_lru_cache", "clear_caches", "registered_caches", "cache_report"]


@dataclass(frozen=True)
class Cache:
    """One registered cache: its name, its bound in words, how to empty it and how big it is now."""

    name: str
    bound: str
    clear: Callable[[], None]
    size: Callable[[], int]


_REGISTERED: dict[str, Cache] = {}


def register(name: str, bound: str, clear: Callable[[], None], size: Callable[[], int]) -> Cache:
    """Register a cache under a unique ``name`` (registering the same name again replaces it)."""
    if not isinstance(name, str) or not name:
        raise ValueError(f"name must be a non-empty string, got {name!r}")
    if not isinstance(bound, str) or not bound:
        raise ValueError(f"bound must say in words how big the cache may grow, got {bound!r}")
    cache = Cache(name, bound, clear, size)
    _REGISTERED[name] = cache
    return cache


def bounded_lru_cache(maxsize: int, name: str):
    """``functools.lru_cache(maxsize)``, registered under ``name`` so that :func:`clear_caches` empties it.

    ``maxsize`` must be a positive integer: an unbounded cache is not allowed."""
    if isinstance(maxsize, bool) or not isinstance(maxsize, int) or maxsize < 1:
        raise ValueError(f"maxsize must be a positive integer (caches are bounded), got {maxsize!r}")

    def deco(f):
        cached = functools.lru_cache(maxsize=maxsize)(f)
        register(name, f"at most {maxsize} results (least recently used dropped first)", cached.cache_clear,
                 lambda: cached.cache_info().currsize)
        return cached

    return deco


def registered_caches() -> list[Cache]:
    """The caches registered so far (modules register theirs when imported)."""
    return list(_REGISTERED.values())


def clear_caches() -> None:
    """Empty every cache of the library.  Results stay the same; only the next call is slower."""
    for cache in _REGISTERED.values():
        cache.clear()


def cache_report() -> str:
    """One line per registered cache: name, current size, bound."""
    return "\n".join(f"{c.name}: {c.size()} entries now; bound: {c.bound}" for c in _REGISTERED.values())
