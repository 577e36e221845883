"""The first-move advantage and the pools that make the game fairest (Nica, section 1.2; Cushing et al.,
section 2), exact at any board size.

Every value is ``gw.P`` (:func:`guesswho_lib.game.any_size.P`): from the exact table up to
:data:`~guesswho_lib.game.any_size.TABLE_SIZE`, beyond it by following the strategy known to be optimal.
P(N, N) for many N at once is :func:`guesswho_lib.game.any_size.equal_pools`.

Not to be confused with Nica's *continuous* handicap factor c(y) (:func:`guesswho_lib.papers.nica.fair_handicap`),
the limit that :func:`fairest_first_pool` approaches: there the first player gets c(y)*y suspects when the
second has y.

>>> fairest_second_pool(24)          # 24 suspects each is unfair; the second player should have 16
Handicap(rules='official', first=24, second=16, P=Fraction(1, 2))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from .any_size import P, TABLE_SIZE
from .proven import optimal_strategy_for
from ..rules import check_int, get_rules

__all__ = ["max_board", "Handicap", "fairest_second_pool", "fairest_first_pool", "log_position"]

#: Largest board the functions here accept when a strategy is known optimal (gw.P itself has no limit then).
HUGE = 10**18


def max_board(rules) -> int:
    """The largest N for which the fairest pools are computed under ``rules``: 10**18 for the rule sets with a
    strategy known to be optimal, else :data:`~guesswho_lib.game.any_size.TABLE_SIZE` (gw.P reads only the exact
    table there)."""
    return HUGE if optimal_strategy_for(rules) is not None else TABLE_SIZE


@dataclass(frozen=True)
class Handicap:
    """The fairest game found by :func:`fairest_second_pool` or :func:`fairest_first_pool`."""

    rules: str
    first: int          # suspects of the player who moves first
    second: int         # suspects of the player who moves second
    P: Fraction         # P(first, second): the first player's exact chance

    @property
    def unfairness(self) -> Fraction:
        """|P - 1/2|."""
        return abs(self.P - Fraction(1, 2))


def _closest_to_half(f: Callable[[int], Fraction], lo: int, hi: int) -> tuple[int, Fraction]:
    """x in [lo, hi] with f(x) closest to 1/2, for f non-decreasing on [lo, hi] (ties: smaller x).

    Binary search for the first x with f(x) >= 1/2, then compare it with x - 1."""
    half = Fraction(1, 2)
    if f(hi) < half:
        return hi, f(hi)
    a, b = lo, hi  # invariant: f(b) >= 1/2; the first such x lies in [a, b]
    while a < b:
        mid = (a + b) // 2
        if f(mid) >= half:
            b = mid
        else:
            a = mid + 1
    best, fb = b, f(b)
    if b > lo:
        fa = f(b - 1)
        if abs(fa - half) <= abs(fb - half):
            best, fb = b - 1, fa
    return best, fb


def fairest_second_pool(N, rules="official") -> Handicap:
    """Both players have N suspects, but the first mover has an advantage.  How many suspects m <= N should
    the *second* player start with to make the game as fair as possible?  Returns the m with P(N, m) closest
    to 1/2 (exact; ties go to the smaller m); the second player's head start is N - m suspects.

    Uses that P(N, m) does not decrease in m (a bigger pool is a burden); the tests check this exhaustively
    on the exact tables.
    """
    rules = get_rules(rules)
    N = check_int(N, "N", 2, max_board(rules))
    lo = 2 if rules.one_left_wins else 1
    m, p = _closest_to_half(lambda m: P(N, m, rules), lo, N)
    return Handicap(rules.name, N, m, p)


def fairest_first_pool(M, rules="official") -> Handicap:
    """Nica's question (section 1.2): the second player has M suspects; how many should the *first* player
    start with to make the game as fair as possible?  Returns the n >= M with P(n, M) closest to 1/2 (ties:
    larger n).  Nica predicts n / M between 4/3 and 3/2 for large M under his rules."""
    rules = get_rules(rules)
    M = check_int(M, "M", 2, max_board(rules) // 4)   # the first player's pool is searched up to 4 M
    hi = 4 * M  # P(4M, M) < 1/2 in every rule set (checked in the tests); P falls as n grows
    # x -> n = M + hi - x runs downwards as x runs upwards, and P(n, M) does not increase in n
    x, p = _closest_to_half(lambda x: P(M + hi - x, M, rules), M, hi)
    return Handicap(rules.name, M + hi - x, M, p)


def log_position(N: int, base: int) -> float:
    """The fractional part of log_base(N): where N sits inside its 'octave' [base^k, base^(k+1))."""
    N = check_int(N, "N", 1)
    k = 0
    while base ** (k + 1) <= N:
        k += 1
    return math.log(N / base ** k, base)
