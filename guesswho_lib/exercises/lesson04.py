"""Exercises for lesson 04: Continuous Guess Who and its log-periodic limit (Nica, sections 1.2 and 3)."""

from __future__ import annotations

import numbers
from fractions import Fraction

from ..papers.nica import (
    escape_probability,
    fair_handicap,
    first_mover_range,
    level,
    p_inf,
    region,
)
from ..game.solver import cached_solution
from . import exercise
from .answers import FLOAT_NUDGE, Feedback, as_fraction, fraction_feedback


@exercise("04.1", "Lemma 3.7: from (4, 2)", level=1,
          hint="Let p be Player 1's chance of LOSING from (4, 2). Lemma 3.7's argument gives p = 1/2 + p/4.")
def _ex1(answer):
    right = p_inf(4, 2)
    return fraction_feedback(answer, right, "p_inf(4, 2), Player 1's chance to WIN from (4, 2)", {
        1 - right: "that is the chance that Player 1 LOSES (the p of Lemma 3.7). The question asks for winning.",
        Fraction(1, 2): "that is Player 1's chance of escaping the weeds (2/alpha with alpha = 4); after escaping, "
                        "Player 2 may escape too.",
    })


@exercise("04.2", "Escaping the weeds", level=2,
          hint="Lemma 3.6: from alpha = x/2^k the escape probability is 1/alpha + 1/(2 alpha) + 1/(4 alpha) + ...")
def _ex2(answer):
    x, y = 5, 2
    alpha = Fraction(x) / 2 ** level(y)          # x = 2^k alpha with 2^k < y <= 2^(k+1)
    right = 2 / alpha                            # Lemma 3.6
    esc, _ = escape_probability(x, y, 60)        # the process itself, 60 stages
    assert abs(esc - right) < Fraction(1, 2 ** 50), "the escape process must approach 2/alpha (Lemma 3.6)"
    return fraction_feedback(answer, right, "the probability that Player 1 ever escapes the weeds from (5, 2)", {
        Fraction(1, 5): "that is only the first stage (bid 1 of 5). If that fails, there are more chances.",
        Fraction(3, 5): "that is the probability of NEVER escaping.",
    })


@exercise("04.3", "The worst equal start for Player 1", level=2,
          expects="an exact fraction in (1, 2] such as Fraction(3, 2)",
          hint="On 1 < x <= 2, p_inf(x, x) = 1 - 1/x + 2/(3x^2). Differentiate.")
def _ex3(answer):
    r = first_mover_range()
    got = as_fraction(answer)
    if got is None:
        return Feedback(False, f"Give the value of x, a number in (1, 2]; you gave {answer!r}.")
    if isinstance(got, float):
        near = [x for x in r.argmin if abs(got - float(x)) < 1e-9]
        if near:                             # the float of the right fraction: accept, with the usual nudge
            x = near[0]
            return Feedback(True, f"x = {x} ≈ {float(x):.6f}: p_inf(x, x) = {r.inf} there, the smallest first-mover "
                                  "chance; " + FLOAT_NUDGE.format(p=x.numerator, q=x.denominator))
        if any(abs(got - float(x)) < 1e-3 for x in r.argmin):
            return Feedback(False, f"{answer} is a rounded decimal, close but not exact: give the exact value of x "
                                   "as a fraction, Fraction(p, q) (from fractions import Fraction).")
        got = Fraction(got).limit_denominator(10**6)
    if got in r.argmin:
        return Feedback(True, f"x = {got}: p_inf(x, x) = {r.inf} there, the smallest first-mover chance. "
                              f"(And any x = {got} times a power of 2.)")
    if got == r.inf:
        return Feedback(False, f"{got} is the smallest VALUE; the question asks WHERE (which x).")
    if got in r.argmax:
        return Feedback(False, f"At x = {got}, p_inf(x, x) = {r.sup}: that is the largest, not the smallest.")
    if not 1 < got <= 2:
        return Feedback(False, "Look in one period, 1 < x <= 2 (p_inf(2x, 2x) = p_inf(x, x)).")
    return Feedback(False, f"p_inf({got}, {got}) = {p_inf(got, got)}, more than the minimum {r.inf}.")


@exercise("04.4", "The 1/(nm) correction", level=2,
          hint="Compute n*m*(P(n, m) - p_inf(n, m)) with P from gw.solve(40, 'nica') and p_inf from guesswho_lib.papers.nica.")
def _ex4(answer):
    n, m = 40, 5
    right = n * m * (cached_solution("nica", n).P(n, m) - p_inf(n, m))
    other = Fraction(4, 3) if right != Fraction(4, 3) else Fraction(-2, 3)
    where = region(n, m)[0]
    return fraction_feedback(answer, right, "n m (P - p_inf) at (40, 5)", {
        other: f"that is the correction on the other region; (40, 5) is {where}.",
        -right: "check the sign: P - p_inf, not p_inf - P.",
    })


FAIR_POOL = 20      # exercise 04.5: Player 2's pool (the lesson's worked example is m = 24)


@exercise("04.5", "A fair start", level=3, expects="a whole number of suspects for Player 1",
          hint="With m = 20 for Player 2, compute P(n, 20) under Nica's rules for n = 20, 21, ... and find the n "
               "where it is closest to 1/2.")
def _ex5(answer):
    m = FAIR_POOL
    top = 4 * m
    t = cached_solution("nica", top)
    dist = {n: abs(t.P(n, m) - Fraction(1, 2)) for n in range(2, top + 1)}
    best = min(dist.values())
    right = [n for n, d in dist.items() if d == best]
    if isinstance(answer, bool) or not isinstance(answer, numbers.Integral):
        return Feedback(False, f"Give a whole number of suspects for Player 1; you gave {answer!r}.")
    c = fair_handicap(m)
    if answer in right:
        return Feedback(True, f"n = {answer}: P({answer}, {m}) = {t.P(answer, m)}, as close to 1/2 as it gets. "
                              f"Nica's continuous handicap factor for {m} is {c}, and {m} * {c} = {float(m * c):.1f}: "
                              "the limit is a good guide, but the real game decides.")
    if 2 <= answer <= top:
        return Feedback(False, f"P({answer}, {m}) = {t.P(answer, m)}, which is {float(dist[answer]):.4f} away from "
                               "1/2; you can get closer.")
    return Feedback(False, f"Look between {m} and {top}.")
