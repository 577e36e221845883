"""Ready-made strategies: callables ``(n, m) -> move`` for :func:`guesswho_lib.game.walk.evaluate`,
tournaments (:mod:`guesswho_lib.game.simulate`) and the computer in :class:`guesswho_lib.game.play.Game`.

``n`` is always the mover's own number of suspects and ``m`` the opponent's.
"""

from __future__ import annotations

import random as _random

from ..rules import GUESS, get_rules
from .solver import cached_solution

__all__ = ["optimal", "halving", "ask_one", "guess_when_ahead"]


def optimal(rules="official", seed=None):
    """A strategy that always plays an optimal move, read off the exact solution.

    With ``seed=None`` it plays the first optimal move (``GUESS`` before splits, then the split with the
    smallest first group); with an integer seed it picks uniformly at random among all optimal moves,
    reproducibly.
    """
    rules = get_rules(rules)
    rng = None if seed is None else _random.Random(seed)

    def play(n, m):
        moves = cached_solution(rules, max(n, m)).optimal_moves(n, m)
        if not moves:
            raise ValueError(f"the game is already over at ({n}, {m}) under the {rules.name!r} rules")
        return moves[0] if rng is None else rng.choice(moves)

    play.__name__ = f"optimal_{rules.name}"
    play.__qualname__ = play.__name__
    return play


def halving(n, m):
    """Split as evenly as possible (binary search); guess only with one suspect left."""
    if n == 1:
        return GUESS
    return (n // 2, n - n // 2)


# A few simple strategies to put in a tournament (legal under every rule set, except guess_when_ahead
# under the 'nica' rules, which have no guessing).

def ask_one(n, m):
    """Ask about a single suspect every time ("is it Anne?"); name the last one."""
    return GUESS if n == 1 else (1, n - 1)


def guess_when_ahead(n, m):
    """Halve, but guess at once whenever the opponent is down to one or two suspects (official rules)."""
    if n == 1 or m <= 2:
        return GUESS
    return (n // 2, n - n // 2)


# The strategies proven optimal in the papers (each valid for boards of any size).
from ..papers.cushing import cushing  # noqa: E402  Theorem 2.1, official rules
from ..papers.nica import nica_bold  # noqa: E402  Theorem 1.1, Nica's race-to-one rules
from ..papers.tripartite import cushing_tripartite  # noqa: E402  Theorem 3.1 as corrected, tripartite rules

__all__ += ["cushing", "nica_bold", "cushing_tripartite"]
