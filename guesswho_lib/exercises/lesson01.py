"""Exercises for lesson 01: the fundamental recurrence (Cushing et al., section 2, equation (1))."""

from __future__ import annotations

from fractions import Fraction

from ..game.any_size import P
from ..game.solver import cached_solution
from . import exercise
from .answers import Feedback, as_fraction, fraction_feedback


@exercise("01.1", "P(2, m)", level=1,
          hint="With two suspects, ask about one of them: your opponent is then at (m, 1) and must guess.")
def _ex1(answer):
    return fraction_feedback(answer, P(2, 7), "P(2, 7)", {
        Fraction(1, 7): "that is your opponent's chance at (7, 1). Yours is the rest.",
        Fraction(1, 2): "that is the value of guessing at once; asking first is better here.",
    })


@exercise("01.2", "P(3, 3) by hand", level=2,
          hint="At (3, 3) you can guess, or ask about 1 of your 3 (groups [1 : 2]). Work out P(3, 1), P(3, 2) first.")
def _ex2(answer):
    return fraction_feedback(answer, P(3, 3), "P(3, 3)", {
        Fraction(1, 3): "that is the value of guessing at (3, 3); asking about one suspect is better.",
        1 - P(3, 3): "that is your opponent's chance: the two must add up to 1.",
    })


@exercise("01.3", "The start of a real game: P(24, 24)", level=2,
          hint="Use the solver: gw.solve(24).P(24, 24).")
def _ex3(answer):
    t = cached_solution("official", 24)
    right = t.P(24, 24)
    fb = fraction_feedback(answer, right, "P(24, 24)", {
        1 - right: "that is the chance of the player who moves SECOND.",
        Fraction(1, 2): "the game is not fair: moving first is an advantage.",
    })
    if fb.ok:
        return Feedback(True, fb.message + f" So 24·24·P(24, 24) = {int(t.A[24, 24])}, an integer, as promised.")
    return fb


@exercise("01.4", "Write the recurrence yourself", level=3,
          expects="a function my_P(n, m) that returns an exact Fraction",
          hint="P(1, m) = 1 for every m (you name your last suspect), P(n, 1) = 1/n for n >= 2, and for n, m >= 2 "
               "the best of 1/n and max over 1 <= k <= n/2 of 1 - (k/n) P(m, k) - ((n-k)/n) P(m, n-k). "
               "Memoise with functools.cache.")
def _ex4(answer):
    if not callable(answer):
        return Feedback(False, f"Give your function itself, e.g. check('01.4', my_P), not {type(answer).__name__}.")
    N = 10
    t = cached_solution("official", N)
    for s in range(2, 2 * N + 1):           # small states first, so the first mismatch is the simplest
        for n in range(max(1, s - N), min(N, s - 1) + 1):
            m = s - n
            try:
                got = answer(n, m)
            except Exception as e:           # the student's code: report, do not crash
                return Feedback(False, f"Your function raised {type(e).__name__}: {e} at (n, m) = ({n}, {m}).")
            want = t.P(n, m)
            g = as_fraction(got)
            if isinstance(g, float):
                return Feedback(False, f"Your function returned the float {got} at ({n}, {m}); use Fraction "
                                       f"for exact answers (the right value is {want}).")
            if g != want:
                return Feedback(False, f"At (n, m) = ({n}, {m}) your function gives {got}, the solver {want}. "
                                       "This is the smallest state where they differ.")
    return Feedback(True, f"Your function agrees with the solver at all {N * N} states with n, m <= {N}.")
