"""Ready-made strategies: callables ``(n, m) -> move`` for :func:`guesswho_lib.game.walk.evaluate`,
tournaments (:mod:`guesswho_lib.game.simulate`) and the computer in :class:`guesswho_lib.game.play.Game`.

``n`` is always the mover's own number of suspects and ``m`` the opponent's.
"""

from __future__ import annotations

import random as _random

# The strategies proven optimal in the papers (each valid for boards of any size): Theorem 2.1 (official rules),
# Theorem 1.1 (Nica's race-to-one rules), Theorem 3.1 as corrected (tripartite rules).
from ..papers.cushing import cushing
from ..papers.nica import nica_bold
from ..papers.tripartite import cushing_tripartite
from ..rules import GUESS, check_seed, check_state, get_rules
from .solver import MAX_N, cached_solution

__all__ = ["optimal", "halving", "ask_one", "guess_when_ahead", "opening", "cushing", "nica_bold",
           "cushing_tripartite"]


def optimal(rules="official", seed=None):
    """A strategy that always plays an optimal move, read off the exact solution.

    With ``seed=None`` it plays the first optimal move (``GUESS`` before splits, then the split with the
    smallest first group); with an integer seed it picks uniformly at random among all optimal moves,
    reproducibly.
    """
    rules = get_rules(rules)
    seed = check_seed(seed)
    rng = None if seed is None else _random.Random(seed)

    def play(n, m):
        n, m = check_state(n, m, MAX_N)     # it reads the exact table, which goes up to gw.MAX_N
        moves = cached_solution(rules, max(n, m)).optimal_moves(n, m)
        if not moves:
            raise ValueError(f"the game is already over at ({n}, {m}) under the {rules.name!r} rules")
        return moves[0] if rng is None else rng.choice(moves)

    play.__name__ = f"optimal_{rules.name}"
    play.__qualname__ = play.__name__
    return play


def halving(n, m):
    """Split as evenly as possible (binary search); guess only with one suspect left."""
    n, m = check_state(n, m)
    if n == 1:
        return GUESS
    return (n // 2, n - n // 2)


# A few simple strategies to put in a tournament (legal under every rule set, except guess_when_ahead
# under the 'nica' rules, which have no guessing).

def ask_one(n, m):
    """Ask about a single suspect every time ("is it Anne?"); name the last one."""
    n, m = check_state(n, m)
    return GUESS if n == 1 else (1, n - 1)


def guess_when_ahead(n, m):
    """Halve, but guess at once whenever the opponent is down to one or two suspects (official rules)."""
    n, m = check_state(n, m)
    if n == 1 or m <= 2:
        return GUESS
    return (n // 2, n - n // 2)



def opening(move, state, then):
    """A strategy that plays ``move`` at the board state ``state`` and follows the strategy ``then`` everywhere
    else: for a classroom experiment such as "open with 1:3 at (4, 4), then play perfectly" (lesson 02), where
    only the first question differs.

    >>> first = opening((1, 3), (4, 4), halving)
    >>> first(4, 4), first(8, 8)
    ((1, 3), (4, 4))
    """
    if not callable(then):
        raise TypeError(f"then must be a strategy, a function (n, m) -> move, got {type(then).__name__}")
    if not (isinstance(state, tuple) and len(state) == 2):
        raise TypeError(f"state must be a board state (n, m), got {state!r}")
    state = check_state(*state)

    def play(n, m):
        return move if (n, m) == state else then(n, m)

    play.__name__ = f"opening_{getattr(then, '__name__', 'strategy')}"
    play.__qualname__ = play.__name__
    return play
