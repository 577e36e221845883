"""Exercises for lesson 03: bold plays under Nica's race-to-one rules (Nica, sections 1.1, 2, Theorem 1.1)."""

from __future__ import annotations

import numbers
from fractions import Fraction

from ..evaluate import evaluate
from ..nica import bold_bid, region
from ..solver import cached_solution
from ..strategies import halving, optimal
from . import Feedback, exercise
from .lesson00 import as_decision, fraction_feedback


@exercise("03.1", "P(3, 2) under Nica's rules, by hand", level=1,
          hint="The only question splits 3 into [1 : 2]. With one suspect left you win at once; "
               "what happens if your opponent gets to move from (2, 2)?")
def _ex1(answer):
    t = cached_solution("nica", 3)
    return fraction_feedback(answer, t.P(3, 2), "P(3, 2) under Nica's rules", {
        1 - t.P(3, 2): "that is your opponent's chance.",
        Fraction(1, 2): "there is no guessing in Nica's game; the answer 'yes' (probability 1/3) wins at once, "
                        "and after 'no' your opponent, at (2, 2), wins at once with their next question.",
        Fraction(5, 9): "that is P(3, 3) under the official rules; here the rules are Nica's.",
    })


def _read_region(answer):
    if not isinstance(answer, str):
        return None
    a = answer.strip().lower()
    if "weed" in a:
        return "in the weeds"
    if "upper" in a:
        return "upper hand"
    return None


@exercise("03.2", "In the weeds or the upper hand?", level=1,
          hint="Find k with 2^k < m <= 2^(k+1). You are in the weeds when n > 2^(k+1).")
def _ex2(answer):
    n, m = 20, 6
    right, k = region(n, m)
    got = _read_region(answer)
    if got is None:
        return Feedback(False, f"answer 'in the weeds' or 'upper hand'; you gave {answer!r}.")
    if got == right:
        return Feedback(True, f"(20, 6) is {right} at level k = {k}: 2^{k} < 6 <= 2^{k + 1} and 20 > 2^{k + 1}. "
                              "You are far behind: time for a bold bid.")
    return Feedback(False, "for m = 6, k = 2 (4 < 6 <= 8), and n = 20 > 8, so you are NOT ahead.")


@exercise("03.3", "The bold bid at (40, 5)", level=2,
          hint="In the weeds at level k the bid is 2^k, where 2^k < m <= 2^(k+1). It depends only on m!")
def _ex3(answer):
    n, m = 40, 5
    t = cached_solution("nica", n)
    k = as_decision(answer, n)
    if k is None or k == 0:
        return Feedback(False, f"give the bid b (the size of the group you ask about), e.g. 3; you gave {answer!r}. "
                               "There is no guessing in Nica's game.")
    best = [mv[0] for mv in t.optimal_moves(n, m)]
    if k in best:
        return Feedback(True, f"bid {k}: Theorem 1.1's bold bid is {bold_bid(n, m)}, and the exact solver agrees "
                              f"it is optimal (win probability {t.P(n, m)}).")
    if k == n // 2:
        return Feedback(False, f"{k} is halving: the safe play. From (40, 5) it wins only {t.value(n, m, (k, n - k))}; "
                               f"the best bid wins {t.P(n, m)}.")
    return Feedback(False, f"bidding {k} wins {t.value(n, m, (k, n - k))}, less than the best, {t.P(n, m)}.")


@exercise("03.4", "Halving against a perfect opponent", level=2,
          hint="gw.evaluate(gw.strategies.halving, gw.strategies.optimal('nica'), 40, 5, 'nica').")
def _ex4(answer):
    right = evaluate(halving, optimal("nica"), 40, 5, "nica")
    t = cached_solution("nica", 40)
    fb = fraction_feedback(answer, right, "the chance of a player who always halves, from (40, 5)", {
        t.P(40, 5): "that is what OPTIMAL play gets from (40, 5). The question is about halving.",
        t.value(40, 5, (20, 20)): "that is halving once and then playing optimally; the question is about "
                                  "halving at every turn.",
    })
    if fb.ok:
        return Feedback(True, fb.message + " Halving from far behind never catches up: the opponent always gets "
                                           "to one suspect first.")
    return fb


@exercise("03.5", "How often is halving wrong?", level=3,
          hint="For each (n, m) with 2 <= n, m <= 64 compare t.value(n, m, (n // 2, n - n // 2)) with t.P(n, m), "
               "where t = gw.solve(64, 'nica').")
def _ex5(answer):
    t = cached_solution("nica", 64)
    A = t.A
    right = sum(1 for n in range(2, 65) for m in range(2, 65)
                if n * m - int(A[m, n // 2]) - int(A[m, n - n // 2]) != int(A[n, m]))
    if isinstance(answer, bool) or not isinstance(answer, numbers.Integral):
        return Feedback(False, f"give a whole number of board states; you gave {answer!r}.")
    if answer == right:
        in_weeds = sum(1 for n in range(2, 65) for m in range(2, 65)
                       if region(n, m)[0] == "in the weeds" and
                       n * m - int(A[m, n // 2]) - int(A[m, n - n // 2]) != int(A[n, m]))
        return Feedback(True, f"{right} of the {63 * 63} states: about {right / 63 ** 2:.0%}; {in_weeds} of them are "
                              "in the weeds, where the bold bid beats halving.")
    weeds = sum(1 for n in range(2, 65) for m in range(2, 65) if region(n, m)[0] == "in the weeds")
    if answer == weeds:
        return Feedback(False, f"{answer} is the number of states in the weeds; at a few of them halving happens to "
                               "be optimal too (when 2^k = floor(n/2)).")
    return Feedback(False, f"you gave {answer}; count again (2 <= n, m <= 64, halving = the split (n//2, n - n//2)).")
