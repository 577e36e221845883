"""Exercises for extension lesson x1: the continuous limit in depth (Nica, section 3: Lemmas 3.5-3.7,
Propositions 3.8-3.9, Remark 3.10, the first-mover band and the fair handicap).

Every right answer is computed with the library when the exercise is first checked.
"""

from __future__ import annotations

from fractions import Fraction

from guesswho_lib.game.solver import cached_solution
from guesswho_lib.papers.nica import escape_probability, fair_handicap, first_mover_range, level, p_inf, region
from ..reader.answers import Exact, Tuple, Whole
from ..reader.framework import Answer, exercise

E1_STATE = (6, 2)        # x1.1 and x1.2
E3_STATE = (40, 5)       # x1.3: the 1/(nm) correction
E4_PERIOD = 1            # x1.4: the period (2^k, 2^(k+1)] with k = E4_PERIOD
E5_POOL = 20             # x1.5: Player 2's pool (the lesson's worked example is 24)


@exercise("x1-escaping-the-weeds", "Escaping the weeds", level=1, kind=Exact(probability=True),
          about=f"the probability that Player 1 ever escapes the weeds from {E1_STATE}",
          hint="Lemma 3.6: write x = 2^k alpha with 2^k < y <= 2^(k+1); the escape probability is 2/alpha.")
def _():
    x, y = E1_STATE
    alpha = Fraction(x) / 2 ** level(y)
    right = 2 / alpha                                   # Lemma 3.6
    escaped, _ = escape_probability(x, y, 60)           # the process itself, 60 stages
    if abs(escaped - right) >= Fraction(1, 2 ** 50):
        raise ArithmeticError("the escape process must approach 2/alpha (Lemma 3.6)")
    return Answer(right, wrong={1 / alpha: "does your value count every stage at which Player 1 may escape? Which "
                                           "event does each term of the series stand for?",
                                1 - right: "what does each term of your series stand for: which event, at which "
                                           "stage?"})


@exercise("x1-proposition-3-8", "Proposition 3.8 at (6, 2)", level=2, kind=Exact(probability=True),
          about=f"p_inf{E1_STATE}, Player 1's chance to WIN from {E1_STATE}",
          hint="In the weeds p_inf = (2/alpha)(1 - 2/(3 beta)), with x = 2^k alpha, y = 2^k beta, 1 < beta <= 2.")
def _():
    x, y = E1_STATE
    right = p_inf(x, y)
    method = (f"what must happen for Player 1 to WIN from {E1_STATE}, step by step, and which factor of "
              "Proposition 3.8 stands for each step?")
    return Answer(right, wrong={1 - right: method, Fraction(2 * 2 ** level(y), x): method})


@exercise("x1-correction", "The 1/(nm) correction", level=2, kind=Exact(), about=f"n m (P - p_inf) at {E3_STATE}",
          hint="Keep every number a Fraction (gw.P and p_inf both give one): no floats. Which region is (40, 5) in?")
def _():
    n, m = E3_STATE
    right = n * m * (cached_solution("nica", max(n, m)).P(n, m) - p_inf(n, m))
    return Answer(right)        # a tempting value's explanation would name the other region's value or a sign


@exercise("x1-worst-equal-start", "The worst equal start, one period up", level=2, kind=Exact(),
          about=f"the x in ({2 ** E4_PERIOD}, {2 ** (E4_PERIOD + 1)}] where p_inf(x, x) is smallest",
          hint="On 1 < x <= 2, p_inf(x, x) = 1 - 1/x + 2/(3x^2): set the derivative to 0. Then Lemma 3.5: "
               "p_inf(2x, 2x) = p_inf(x, x).")
def _():
    r = first_mover_range()
    scale = 2 ** E4_PERIOD
    right = [scale * x for x in r.argmin]

    def explain(x):
        if x == r.inf:
            return "that is the smallest VALUE; the question asks WHERE (which x)."
        if not scale < x <= 2 * scale:
            return f"the question asks for x in ({scale}, {2 * scale}]."
        return "p_inf(x, x) is larger there than at the minimum."
    return Answer(*right, explain=explain)


@exercise("x1-fair-start", "A fair start", level=3, kind=Whole("a number of suspects for Player 1"),
          about=f"the fairest pool for Player 1 against {E5_POOL}",
          hint="Section 7's handicap factor says roughly how many suspects Player 1 needs; the real game decides: "
               "compare the exact chances near there.")
def _():
    m = E5_POOL
    top = 4 * m
    t = cached_solution("nica", top)
    dist = {n: abs(t.P(n, m) - Fraction(1, 2)) for n in range(2, top + 1)}
    best = min(dist.values())
    c = fair_handicap(m)

    def explain(n):
        if 2 <= n <= top:
            return f"P({n}, {m}) is further from an even chance than at the best n; you can get closer."
        return f"look between {m} and {top}."
    return Answer(*[n for n, d in dist.items() if d == best], explain=explain,
                  praise=f"Nica's continuous handicap factor for {m} is {c}, and {m} * {c} = {float(m * c):.1f}: "
                         "the limit is a good guide, but the real game decides.")


# ---- one exercise in each section that had none: scaling to the L (section 1), and reading it (section 4) -----------
E6_STATE = (40, 12)      # x1.6: the point of the L-shaped region this state scales to (Lemma 3.5)
E7_STATE = (72, 20)      # x1.7: p_inf there, by scaling and Proposition 3.8


def _on_the_L(x, y) -> tuple:
    """(alpha, beta) with x = 2^k alpha, y = 2^k beta and 1 < beta <= 2 (Nica, Lemma 3.5: every state is a scaled copy
    of one at the level where Player 2's pool lies in (1, 2])."""
    k = level(y)
    return Fraction(x) / 2 ** k, Fraction(y) / 2 ** k


@exercise("x1-scaling-to-the-l", "Scaling a state to the L",
          level=1, kind=Tuple(Exact(), Exact(), what="a pair (alpha, beta)"),
          about=f"the point (alpha, beta), with 1 < beta <= 2, that the state {E6_STATE} scales to",
          hint="Divide both pools by the same power of two, 2^k, chosen so that Player 2's pool lands in (1, 2].")
def _():
    x, y = E6_STATE
    alpha, beta = _on_the_L(x, y)

    def explain(pair):
        a, b = pair
        if a * y != b * x:
            return "the two pools must be divided by the same power of two: is your alpha/beta equal to x/y?"
        if not 1 < b <= 2:
            return "your beta is outside (1, 2]: which power of two puts Player 2's pool there?"
        return None
    return Answer((alpha, beta), explain=explain)


@exercise("x1-value-off-the-l", "A value read off the L", level=2, kind=Exact(probability=True),
          about=f"p_inf{E7_STATE}",
          hint="Scale the state to the L as in x1.6, decide which arm it lies on, and use that arm's formula from "
               "sections 2 and 3 (in the weeds: p_inf = (2/alpha)(1 - 2/(3 beta))).")
def _():
    x, y = E7_STATE
    alpha, beta = _on_the_L(x, y)
    right = p_inf(x, y)
    if region(x, y)[0] != "in the weeds" or right != 2 / alpha * (1 - 2 / (3 * beta)):
        raise ArithmeticError("x1.7's state must lie in the weeds, where Proposition 3.8's formula holds")
    wrong = {}
    for k in (level(y) - 1, level(y) + 1):              # a level one off: beta outside (1, 2]
        a, b = Fraction(x, 2 ** k), Fraction(y, 2 ** k)
        if not 0 <= 2 / a * (1 - 2 / (3 * b)) <= 1:
            continue
        wrong[2 / a * (1 - 2 / (3 * b))] = ("your beta is outside (1, 2], where the formula holds: which power of "
                                            "two puts Player 2's pool there?")
    return Answer(right, wrong=wrong)
