"""Exercises for lesson 04: Continuous Guess Who and its log-periodic limit (Nica, sections 1.2 and 3)."""

from __future__ import annotations

from fractions import Fraction

from ..formatting import format_fraction
from ..game.solver import cached_solution
from ..papers.nica import escape_probability, fair_handicap, first_mover_range, level, p_inf, region
from . import Answer, Exact, Whole, exercise


@exercise("04.1", "Lemma 3.7: from (4, 2)", level=1, kind=Exact(probability=True),
          about="p_inf(4, 2), Player 1's chance to WIN from (4, 2)",
          hint="Let p be Player 1's chance of LOSING from (4, 2). Lemma 3.7's argument gives p = 1/2 + p/4.")
def _():
    right = p_inf(4, 2)
    return Answer(right, wrong={
        1 - right: "that is the chance that Player 1 LOSES (the p of Lemma 3.7). The question asks for winning.",
        Fraction(1, 2): "that is Player 1's chance of escaping the weeds (2/alpha with alpha = 4); after escaping, "
                        "Player 2 may escape too.",
    })


@exercise("04.2", "Escaping the weeds", level=2, kind=Exact(probability=True),
          about="the probability that Player 1 ever escapes the weeds from (5, 2)",
          hint="Lemma 3.6: from alpha = x/2^k the escape probability is 1/alpha + 1/(2 alpha) + 1/(4 alpha) + ...")
def _():
    x, y = 5, 2
    alpha = Fraction(x) / 2 ** level(y)          # x = 2^k alpha with 2^k < y <= 2^(k+1)
    right = 2 / alpha                            # Lemma 3.6
    esc, _ = escape_probability(x, y, 60)        # the process itself, 60 stages
    if abs(esc - right) >= Fraction(1, 2 ** 50):
        raise ArithmeticError("the escape process must approach 2/alpha (Lemma 3.6)")
    return Answer(right, wrong={
        Fraction(1, 5): "that is only the first stage (bid 1 of 5). If that fails, there are more chances.",
        1 - right: "that is the probability of NEVER escaping.",
    })


@exercise("04.3", "The worst equal start for Player 1", level=2, kind=Exact(),
          about="the x in (1, 2] where p_inf(x, x) is smallest",
          hint="On 1 < x <= 2, p_inf(x, x) = 1 - 1/x + 2/(3x^2). Differentiate.")
def _():
    r = first_mover_range()

    def explain(x):
        if x == r.inf:
            return "that is the smallest VALUE; the question asks WHERE (which x)."
        if x in r.argmax:
            return "there p_inf(x, x) is the largest, not the smallest."
        if not 1 < x <= 2:
            return "look in one period, 1 < x <= 2 (p_inf(2x, 2x) = p_inf(x, x))."
        return f"p_inf(x, x) = {format_fraction(p_inf(x, x))} there, more than the minimum."
    return Answer(*r.argmin, explain=explain)


@exercise("04.4", "The 1/(nm) correction", level=2, kind=Exact(), about="n m (P - p_inf) at (40, 5)",
          hint="Compute n*m*(P(n, m) - p_inf(n, m)) with P from gw.solve(40, 'nica') and p_inf from "
               "guesswho_lib.papers.nica.")
def _():
    n, m = 40, 5
    right = n * m * (cached_solution("nica", n).P(n, m) - p_inf(n, m))
    return Answer(right, wrong={
        Fraction(4, 3): f"that is the correction on the other region; (40, 5) is {region(n, m)[0]}.",
        Fraction(-2, 3): f"that is the correction on the other region; (40, 5) is {region(n, m)[0]}.",
        -right: "check the sign: P - p_inf, not p_inf - P.",
    })


FAIR_POOL = 20      # exercise 04.5: Player 2's pool (the lesson's worked example is m = 24)


@exercise("04.5", "A fair start", level=3, kind=Whole("a number of suspects for Player 1"),
          about=f"the fairest pool for Player 1 against {FAIR_POOL}",
          hint="With m = 20 for Player 2, compute P(n, 20) under Nica's rules for n = 20, 21, ... and find the n "
               "where it is closest to 1/2.")
def _():
    m = FAIR_POOL
    top = 4 * m
    t = cached_solution("nica", top)
    dist = {n: abs(t.P(n, m) - Fraction(1, 2)) for n in range(2, top + 1)}
    best = min(dist.values())
    c = fair_handicap(m)

    def explain(n):
        if 2 <= n <= top:
            return f"P({n}, {m}) is {float(dist[n]):.4f} away from 1/2; you can get closer."
        return f"look between {m} and {top}."
    return Answer(*[n for n, d in dist.items() if d == best], explain=explain,
                  praise=f"Nica's continuous handicap factor for {m} is {c}, and {m} * {c} = {float(m * c):.1f}: "
                         "the limit is a good guide, but the real game decides.")
