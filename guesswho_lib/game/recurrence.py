"""P(n, m) by the fundamental recurrence, one board state at a time: the recurrence of lesson 01, as code to read
(``gw.recurrence``; ``gw.recurrence??`` in a notebook shows this file).

You have n suspects left, your opponent m, and it is your move.  A guess wins with chance 1/n.  A question splits
your suspects into groups (2 and 3 for a 2:3 split of 5); the answer leaves you with group g with chance g/n, and
then it is your opponent's move from (m, g), which they win with chance P(m, g).  So a move is worth

    the chance it wins at once  +  the sum over its answers of  (chance of the answer) * (1 - P(m, g)),

and P(n, m) is the value of the best move (Cushing et al., equation (1)).  A rule set says which moves there are
and what an answer does (:func:`~guesswho_lib.rules.outcomes`); ``lru_cache`` remembers each state once solved.

>>> from guesswho_lib.rules import GUESS
>>> P(7, 5)
Fraction(18, 35)
>>> move_value(7, 5, GUESS), move_value(7, 5, (1, 6)), move_value(7, 5, (2, 5))
(Fraction(1, 7), Fraction(16, 35), Fraction(17, 35))

This is slow (every move of every state, in fractions); the solver (:mod:`guesswho_lib.game.solver`, behind
``gw.solve`` and ``gw.P``) computes the same numbers for whole tables at once, in integers, and
``tests/game/test_solver.py`` checks that the two agree on every state up to 30 x 30 under every rule set (``gw.P``
too), and on the value of every move at states drawn at random.  The cache holds at most :data:`CACHE_SIZE`
states; the recursion goes at most about n + m calls deep, so n and m are at most :data:`MAX_N`.
"""

from __future__ import annotations

from fractions import Fraction

from ..caches import bounded_lru_cache
from ..rules import LOSE, WIN, check_state, get_rules, legal_moves, normalise_move, outcomes

__all__ = ["P", "move_value", "MAX_N", "CACHE_SIZE"]

MAX_N = 60
CACHE_SIZE = 100_000


def P(n: int, m: int, rules="official") -> Fraction:
    """The chance that the player to move wins from (n, m) with best play on both sides, as an exact fraction."""
    n, m = check_state(n, m, MAX_N)
    return _P(n, m, get_rules(rules))


def move_value(n: int, m: int, move, rules="official") -> Fraction:
    """The chance of winning from (n, m) by playing ``move`` (a split such as (1, 3), or ``GUESS``) now, and
    playing best afterwards."""
    n, m = check_state(n, m, MAX_N)
    rules = get_rules(rules)
    return _move_value(n, m, normalise_move(move, n, rules), rules)


@bounded_lru_cache(CACHE_SIZE, "game.recurrence: P by the fundamental recurrence")
def _P(n, m, rules):
    end = rules.terminal_A(n, m)            # a state the rules settle at once (n*m*P, e.g. m for one suspect)
    if end is not None:
        return Fraction(end, n * m)
    return max(_move_value(n, m, move, rules) for move in legal_moves(n, rules))


def _move_value(n, m, move, rules):
    value = Fraction(0)
    for chance, result in outcomes(n, m, move, rules):
        if result is WIN:
            value += chance
        elif result is not LOSE:            # the opponent moves from result = (m, g)
            value += chance * (1 - _P(*result, rules))
    return value
