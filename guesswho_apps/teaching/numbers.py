"""Every number the kit prints, computed by the library (never typed in): the functions behind the template's names
(:data:`guesswho_apps.teaching.templates.NAMES`), which every text of the kit, the teacher's guide included, calls
in its Jinja2 expressions (``{{ P(4, 4) }}``, ``{{ value(4, 4, '2:2') }}``, ``{{ board('start') }}``).
"""

from __future__ import annotations

import math
from fractions import Fraction
from guesswho_lib.caches import bounded_lru_cache

from guesswho_lib.rules import GUESS, format_fraction, format_move
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.any_size import P as exact_P

__all__ = ["P", "value", "best_moves", "fewest_questions", "band",
           "board_facts", "p_table", "yes_chance", "doubling", "coin_start", "binomial_at_least", "exact_decimal",
           "halving_not_best"]

def P(n: int, m: int, rules: str = "official") -> Fraction:
    """The mover's exact chance at (n, m) (Cushing et al., eq. (1.1)); the proven formulas for huge boards."""
    return exact_P(n, m, rules)


def value(n: int, m: int, move, rules: str = "official") -> Fraction:
    """The exact chance of playing ``move`` (GUESS or group sizes) at (n, m), optimal play afterwards."""
    return cached_solution(rules, max(n, m)).value(n, m, move)


def best_moves(n: int, m: int, rules: str = "official") -> tuple:
    """Every optimal move at (n, m), from the exact solver."""
    return cached_solution(rules, max(n, m)).optimal_moves(n, m)


def p_table(N: int, rules: str = "official") -> dict:
    """(n, m) -> P(n, m) for 1 <= n, m <= N (exact), from the solver."""
    t = cached_solution(rules, N)
    out = {}
    for n in range(1, N + 1):
        for m in range(1, N + 1):
            try:
                out[n, m] = t.P(n, m)
            except ValueError:            # nica's (1, 1) is unreachable
                pass
    return out


def fewest_questions(n: int, lies: int = 0, unknowns: int = 0, adaptive: bool = True) -> int:
    """The fewest yes/no questions always enough to find one of n (Paz & Peterfreund's setting)."""
    from guesswho_lib.imperfect import minimum_questions
    return minimum_questions(n, lies=lies, erasures=unknowns, adaptive=adaptive).value


def band() -> tuple[Fraction, Fraction]:
    """Nica's band: the first player's chance with equal pools tends to oscillate between these (section 1.2)."""
    from guesswho_lib.papers.nica import first_mover_range
    r = first_mover_range()
    return r.inf, r.sup


@bounded_lru_cache(1, "teaching.numbers: the board's facts")
def board_facts() -> dict:
    """The real board of faces (single-trait questions, official rules): start value, best and worst questions."""
    from guesswho_lib.board import cached_board_solution, first_questions
    s = cached_board_solution()
    qs = [q for q in first_questions(s) if q.sizes is not GUESS]
    best, worst = qs[0], qs[-1]
    return {"start": s.start, "best": best.text, "best-value": best.value, "best-sizes": format_move(best.sizes),
            "worst": worst.text, "worst-value": worst.value, "worst-sizes": format_move(worst.sizes),
            "people": len(s.everyone), "traits": len(qs), "questions": tuple(first_questions(s)),
            "best-yes": yes_chance(best.sizes[0], len(s.everyone)),
            "best-one": Fraction(1, len(s.everyone)) / yes_chance(best.sizes[0], len(s.everyone))}


def yes_chance(a: int, n: int) -> Fraction:
    """The chance that a question about ``a`` of ``n`` suspects is answered yes (the first branch of the tree)."""
    from guesswho_lib import outcomes
    if not 1 <= a < n:
        raise ValueError(f"expects 1 <= a < n, got a = {a}, n = {n}")
    return next(chance for chance, after in outcomes(n, n, (a, n - a), "official") if after == (n, a))


def doubling(n: int, m: int, j: int) -> Fraction:
    """P(n 2^j, m 2^j) under Nica's rules: the board (n, m) doubled j times (Nica, Theorem 1.1)."""
    return P(n * 2 ** j, m * 2 ** j, "nica")


def coin_start(N: int) -> tuple[Fraction, Fraction]:
    """Both players have N suspects and a fair coin decides who starts: (the chance A wins, the chance A started
    given that A won), by the law of total probability and the definition of conditional probability."""
    half = Fraction(1, 2)
    first = P(N, N)
    wins = half * first + half * (1 - first)
    return wins, half * first / wins


def binomial_at_least(N: int, k: int, p: Fraction) -> Fraction:
    """P(X >= k) for X ~ B(N, p), exact."""
    return sum((Fraction(math.comb(N, r)) * p ** r * (1 - p) ** (N - r) for r in range(k, N + 1)), Fraction(0))


def exact_decimal(x: Fraction) -> str:
    """An exact value as a terminating decimal when it is one (562.5), else as a fraction."""
    for places in range(7):
        if (x * 10 ** places).denominator == 1:
            return f"{float(x):.{places}f}"
    return format_fraction(x)


def halving_not_best(N: int, rules: str = "official") -> tuple:
    """Every state (n, m) with 2 <= n, m <= N where halving (asking about n // 2 suspects) is not an optimal move."""
    t = cached_solution(rules, N)
    return tuple((n, m) for n in range(2, N + 1) for m in range(2, N + 1)
                 if (n // 2, n - n // 2) not in t.optimal_moves(n, m))
