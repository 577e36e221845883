"""Exercises for lesson 01: the fundamental recurrence (Cushing et al., section 2, equation (1)), and the same
recurrence for the merciful rules (a wrong guess only removes that suspect; Cushing et al., section 1)."""

from __future__ import annotations

from fractions import Fraction

from ..game.any_size import P
from ..game.solver import cached_solution
from .answers import Exact, Function
from .framework import Answer, exercise


@exercise("01.1", "P(2, m)", level=1, kind=Exact(probability=True), about="P(2, 7)",
          hint="With two suspects, ask about one of them: your opponent is then at (7, 1) and must guess.")
def _():
    return Answer(P(2, 7), wrong={
        Fraction(1, 7): "that is your opponent's chance at (7, 1). Yours is the rest.",
        Fraction(1, 2): "that is the value of guessing at once; asking first is better here.",
    })


@exercise("01.2", "P(3, 3) by hand", level=2, kind=Exact(probability=True), about="P(3, 3)",
          hint="At (3, 3) you can guess, or ask about 1 of your 3 (groups [1 : 2]). Work out P(3, 1), P(3, 2) first.")
def _():
    right = P(3, 3)
    return Answer(right, wrong={
        Fraction(1, 3): "that is the value of guessing at (3, 3); asking about one suspect is better.",
        1 - right: "that is your opponent's chance: the two add up to 1.",
    })


@exercise("01.3", "The start of a real game: P(24, 24)", level=2, kind=Exact(probability=True),
          about="P(24, 24)", hint="Use the solver: gw.solve(24).P(24, 24).")
def _():
    t = cached_solution("official", 24)
    right = t.P(24, 24)
    return Answer(right, wrong={
        1 - right: "that is the chance of the player who moves SECOND.",
        Fraction(1, 2): "the game is not fair: moving first is an advantage.",
    }, praise=f"So 24·24·P(24, 24) = {int(t.A[24, 24])}, a whole number, as promised.")


N_RECURRENCE = 10      # 01.4 compares the student's function with the solver for n, m <= this


@exercise("01.4", "The recurrence of a kinder game", level=3,
          kind=Function([(n, s - n) for s in range(2, 2 * N_RECURRENCE + 1)
                         for n in range(max(1, s - N_RECURRENCE), min(N_RECURRENCE, s - 1) + 1)],
                        Exact(probability=True), call="my_P"),
          about="the recurrence of the merciful rules as a function my_P(n, m)",
          hint="Only the guess changes: it wins with chance 1/n, and otherwise your opponent moves from (m, n - 1), "
               "where they win my_P(m, n - 1). P(1, m) = 1 and P(n, 1) = 1/n stay as they are.")
def _():
    t = cached_solution("merciful", N_RECURRENCE)
    return Answer(t.P)
