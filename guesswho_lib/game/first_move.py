"""The first-move advantage: P(N, N) for every rule set, exact at any size, and the fair handicap
(Nica, sections 1.2 and 3; Cushing et al., section 2).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterable


from .rules import check_int, get_rules
from .solver import cached_solution
from .proven import optimal_strategy_for

__all__ = ["SOLVER_LIMIT", "warm_solutions", "win_probability", "max_board", "first_mover_values", "Handicap", "fair_handicap", "fair_start", "log_position"]



# ----------------------------------------------------------------------------------------------
# Exact values for any board size
# ----------------------------------------------------------------------------------------------

#: Boards up to this size are read from the exact table; bigger ones use ``guesswho_lib.game.any_size.P``.
SOLVER_LIMIT = 1024


def win_probability(n, m, rules="official") -> Fraction:
    """Exact P(n, m): from the solver's table for n, m <= SOLVER_LIMIT, else from the huge-board
    evaluator :func:`guesswho_lib.game.any_size.P` (n, m up to 10**18)."""
    rules = get_rules(rules)
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    if max(n, m) <= SOLVER_LIMIT:
        return cached_solution(rules, max(n, m)).P(n, m)
    from .any_size import P as huge_P

    if optimal_strategy_for(rules) is None:
        raise ValueError(f"n and m must be at most {SOLVER_LIMIT} under the {rules.name!r} rules (no strategy is "
                         f"known to be optimal on huge boards there), got ({n}, {m})")
    return huge_P(n, m, rules)


def max_board(rules) -> int:
    """The largest N for which :func:`win_probability` works under ``rules`` (10**18 for the rule sets
    with a proven optimal strategy, else SOLVER_LIMIT)."""
    return 10**18 if optimal_strategy_for(rules) is not None else SOLVER_LIMIT


def first_mover_values(Ns: Iterable[int], rules="official") -> list[Fraction]:
    """[P(N, N) for N in Ns], exact: the first player's chance when both start with N suspects."""
    Ns = [check_int(N, "N", 1) for N in Ns]
    warm_solutions(rules, Ns)
    return [win_probability(N, N, rules) for N in Ns]


def warm_solutions(rules, sizes) -> None:
    """Solve the table once at the largest size needed (the shared cache otherwise grows by doubling)."""
    small = [N for N in sizes if N <= SOLVER_LIMIT]
    if small:
        cached_solution(rules, max(small))


@dataclass(frozen=True)
class Handicap:
    """The fairest game found by :func:`fair_handicap` or :func:`fair_start`."""

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


def fair_handicap(N, rules="official") -> Handicap:
    """Both players have N suspects, but the first mover has an advantage.  How few suspects should
    the *second* player start with to make the game fair?  Returns the m <= N with P(N, m) closest
    to 1/2 (exact; ties go to the smaller m).  The second player's head start is N - m suspects.

    Uses that P(N, m) does not decrease in m (a bigger pool is a burden); the tests check this
    exhaustively on the exact tables.
    """
    rules = get_rules(rules)
    N = check_int(N, "N", 2, 10**18)
    lo = 2 if rules.one_left_wins else 1
    warm_solutions(rules, [N])
    m, p = _closest_to_half(lambda m: win_probability(N, m, rules), lo, N)
    return Handicap(rules.name, N, m, p)


def fair_start(M, rules="official") -> Handicap:
    """Nica's version (section 1.2): the second player has M suspects; how many should the *first*
    player start with to make the game fair?  Returns the n >= M with P(n, M) closest to 1/2 (ties: larger n).
    Nica predicts n / M between 4/3 and 3/2 for large M under his rules."""
    rules = get_rules(rules)
    M = check_int(M, "M", 2, 10**18 // 4)
    hi = 4 * M  # P(4M, M) < 1/2 in every rule set (checked in the tests); P falls as n grows
    warm_solutions(rules, [M + hi])
    # x -> n = M + hi - x runs downwards as x runs upwards, and P(n, M) does not increase in n
    x, p = _closest_to_half(lambda x: win_probability(M + hi - x, M, rules), M, hi)
    return Handicap(rules.name, M + hi - x, M, p)


def log_position(N: int, base: int) -> float:
    """The fractional part of log_base(N): where N sits inside its 'octave' [base^k, base^(k+1))."""
    N = check_int(N, "N", 1)
    k = 0
    while base ** (k + 1) <= N:
        k += 1
    return math.log(N / base ** k, base)


