"""Exercises for lesson 03: bold plays under Nica's race-to-one rules (Nica, sections 1.1, 2, Theorem 1.1)."""

from __future__ import annotations

import numbers
import re
from fractions import Fraction

from ..game.walk import evaluate
from ..papers.nica import bold_bid, region
from ..game.solver import cached_solution, split_A
from ..game.strategies import halving, optimal
from . import exercise
from .answers import Feedback, as_decision, decision_problem, fraction_feedback


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
    """'in the weeds' or 'upper hand' from a free-text answer; None if unreadable, negated ('not in the
    weeds') or naming both regions."""
    if not isinstance(answer, str):
        return None
    a = answer.strip().lower().replace("’", "'")
    if re.search(r"\bnot?\b|n't\b", a):         # "not in the weeds", "isn't in the weeds", "no upper hand"
        return None
    weeds, upper = "weed" in a, "upper" in a
    if weeds == upper:
        return None
    return "in the weeds" if weeds else "upper hand"


@exercise("03.2", "In the weeds or the upper hand?", level=1, expects="'in the weeds' or 'upper hand'",
          hint="Find k with 2^k < m <= 2^(k+1). You are in the weeds when n > 2^(k+1).")
def _ex2(answer):
    n, m = 20, 6
    right, k = region(n, m)
    got = _read_region(answer)
    if got is None:
        return Feedback(False, f"Answer plainly 'in the weeds' or 'upper hand' (one region, no 'not'); "
                               f"you gave {answer!r}.")
    if got == right:
        return Feedback(True, f"(20, 6) is {right} at level k = {k}: 2^{k} < 6 <= 2^{k + 1} and 20 > 2^{k + 1}. "
                              "You are far behind: time for a bold bid.")
    return Feedback(False, f"For m = 6, k = {k} ({2 ** k} < 6 <= {2 ** (k + 1)}), and n = 20 > {2 ** (k + 1)}, "
                           "so you are NOT ahead.")


BID_STATE = (40, 9)          # exercise 03.3; the lesson's worked example is (40, 5)
HALVING_STATE = (16, 9)      # exercise 03.4; an upper-hand state the lesson does not show


@exercise("03.3", "The bold bid at (40, 9)", level=2, expects="the size of the group you ask about",
          hint="In the weeds at level k the bid is 2^k, where 2^k < m <= 2^(k+1). It depends only on m!")
def _ex3(answer):
    n, m = BID_STATE
    t = cached_solution("nica", n)
    k = as_decision(answer, n)
    if k is None or k == 0:
        return Feedback(False, decision_problem(answer, n, example="e.g. 3", can_guess=False))
    best = [mv[0] for mv in t.optimal_moves(n, m)]
    if k in best:
        return Feedback(True, f"Bid {k}: Theorem 1.1's bold bid is {bold_bid(n, m)}, and the exact solver agrees "
                              f"it is optimal (win probability {t.P(n, m)}).")
    if k == n // 2:
        return Feedback(False, f"{k} is halving: the safe play. From {BID_STATE} it wins only "
                               f"{t.value(n, m, (k, n - k))}; the best bid wins {t.P(n, m)}.")
    return Feedback(False, f"Bidding {k} wins {t.value(n, m, (k, n - k))}, less than the best, {t.P(n, m)}.")


@exercise("03.4", "Halving against a perfect opponent", level=2,
          hint="gw.evaluate(gw.strategies.halving, gw.strategies.optimal('nica'), 16, 9, 'nica').")
def _ex4(answer):
    n, m = HALVING_STATE
    right = evaluate(halving, optimal("nica"), n, m, "nica")
    t = cached_solution("nica", n)
    once = t.value(n, m, (n // 2, n - n // 2))       # halve once, then play optimally
    known = {once: "that is halving once and then playing optimally; the question is about halving at every turn."}
    known[t.P(n, m)] = (f"that is what OPTIMAL play gets from {HALVING_STATE}"
                        + (" (its first question halves, as Theorem 1.1 says, but then it plays optimally)"
                           if once == t.P(n, m) else "") + ". The question is about halving at every turn.")
    fb = fraction_feedback(answer, right, f"the chance of a player who always halves, from {HALVING_STATE}", known)
    if fb.ok:
        where, _ = region(n, m)
        return Feedback(True, fb.message + f" {HALVING_STATE} is {where}, where Theorem 1.1 says halve, yet always "
                                           f"halving wins {right} against the {t.P(n, m)} of optimal play: after "
                                           "the first question you may land in the weeds, and there only the bold "
                                           "bid keeps your chances.")
    return fb


def _halving_not_optimal(N: int = 64) -> set:
    """States 2 <= n, m <= N where halving is not optimal under Nica's rules: the value of the split
    (n // 2, n - n // 2), n*m - A(m, n // 2) - A(m, n - n // 2) (``split_A``), is below A(n, m)."""
    A = cached_solution("nica", N).A
    return {(n, m) for n in range(2, N + 1) for m in range(2, N + 1)
            if split_A(A, n, m, (n // 2, n - n // 2)) != A[n, m]}


@exercise("03.5", "How often is halving wrong?", level=3, expects="a whole number of board states",
          hint="For each (n, m) with 2 <= n, m <= 64 compare t.value(n, m, (n // 2, n - n // 2)) with t.P(n, m), "
               "where t = gw.solve(64, 'nica').")
def _ex5(answer):
    wrong = _halving_not_optimal(64)
    right = len(wrong)
    if isinstance(answer, bool) or not isinstance(answer, numbers.Integral):
        return Feedback(False, f"Give a whole number of board states; you gave {answer!r}.")
    if answer == right:
        in_weeds = sum(1 for n, m in wrong if region(n, m)[0] == "in the weeds")
        return Feedback(True, f"{right} of the {63 * 63} states: about {right / 63 ** 2:.0%}; {in_weeds} of them are "
                              "in the weeds, where the bold bid beats halving.")
    weeds = sum(1 for n in range(2, 65) for m in range(2, 65) if region(n, m)[0] == "in the weeds")
    if answer == weeds:
        return Feedback(False, f"{answer} is the number of states in the weeds; at a few of them halving happens to "
                               "be optimal too (when 2^k = floor(n/2)).")
    return Feedback(False, f"You gave {answer}; count again (2 <= n, m <= 64, halving = the split (n//2, n - n//2)).")
