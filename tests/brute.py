"""A deliberately naive exact reference: the fundamental recurrence over Fractions, state by state.

It reads the same rule records as the library but not the solver, and enumerates every legal move
explicitly, so it is an independent check of the vectorised integer DP."""

from fractions import Fraction
from functools import lru_cache

from guesswho_lib.rules import LOSE, WIN, get_rules, legal_moves, outcomes


def brute_table(N, rules):
    rules = get_rules(rules)

    @lru_cache(maxsize=None)
    def P(n, m):
        t = rules.terminal_A(n, m)
        if t is not None:
            return Fraction(t, n * m)
        return max(move_value(n, m, mv) for mv in legal_moves(n, rules))

    def move_value(n, m, mv):
        v = Fraction(0)
        for p, res in outcomes(n, m, mv, rules):
            if res is WIN:
                v += p
            elif res is not LOSE:
                v += p * (1 - P(*res))
        return v

    return P, move_value
