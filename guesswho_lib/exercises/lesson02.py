"""Exercises for lesson 02: the (4, 4) exception and Theorem 2.1 (Cushing et al., sections 1-2)."""

from __future__ import annotations

from fractions import Fraction

from ..game.solver import cached_solution
from ..papers.cushing import n_less
from ..rules import format_percent
from .answers import Exact, SetOf, Tuple, Whole
from .framework import Answer, exercise


def states_not_n_less(N: int) -> set:
    """States 3 <= n <= N, 2 <= m <= N where asking about n_< suspects is not optimal, from the exact solver
    (Theorem 2.1 is stated for n >= 3: with two suspects the only question is 1:1)."""
    t = cached_solution("official", N)
    return {(n, m) for n in range(3, N + 1) for m in range(2, N + 1)
            if t.value(n, m, (n_less(n), n - n_less(n))) != t.P(n, m)}


def halving_not_optimal(N: int) -> set:
    """States 2 <= n, m <= N where the even split (n // 2, n - n // 2) is not optimal, from the exact solver."""
    t = cached_solution("official", N)
    return {(n, m) for n in range(2, N + 1) for m in range(2, N + 1)
            if t.value(n, m, (n // 2, n - n // 2)) != t.P(n, m)}


@exercise("02.1", "Halving at (4, 4)", level=1, kind=Exact(probability=True),
          about="your chance when you split [2 : 2] at (4, 4)",
          hint="Ask about 2 of your 4: your opponent moves from (4, 2) either way. What is P(4, 2)?")
def _():
    t = cached_solution("official", 4)
    right = t.value(4, 4, (2, 2))
    return Answer(right, wrong={
        t.P(4, 4): "that is the BEST you can do at (4, 4), but the question asks about the split [2 : 2].",
        1 - right: "that is your opponent's chance after your [2 : 2] question; you want yours.",
    })


@exercise("02.2", "Asking about one of four at (4, 4)", level=1, kind=Exact(probability=True),
          about="your chance when you ask about one suspect, [1 : 3], at (4, 4)",
          hint="With chance 1/4 your opponent moves from (4, 1); with chance 3/4 from (4, 3). "
               "P(4, 1) = 1/4, and P(4, 3) is in the table of lesson 01 (or use gw.P(4, 3)).")
def _():
    t = cached_solution("official", 4)
    right = t.value(4, 4, (1, 3))
    return Answer(right, wrong={
        1 - right: "that is your opponent's chance after your [1 : 3] question; you want yours.",
        t.value(4, 4, (2, 2)): "that is the value of the even split [2 : 2] (exercise 02.1); this is [1 : 3].",
        Fraction(1, 4): "that is the value of guessing.",
    })


N_BIG = 2026              # 02.3


@exercise("02.3", "n_< for a big board", level=1, kind=Whole("a number of suspects"),
          about=f"n_< for n = {N_BIG}",
          hint="Work out each of the two terms of the formula for n_< separately: what is n // 4 here, and (n + 1) // "
               "4?")
def _():
    right = n_less(N_BIG)
    return Answer(right, wrong={
        N_BIG // 4: "that is only the first of the two terms of the formula.",
        N_BIG: "that is every suspect: the rule asks about a group of about half.",
    })


EXCEPTIONS_UP_TO = 40     # 02.4 asks for every exception with 3 <= n <= this, 2 <= m <= this


@exercise("02.4", "Find every exception", level=2,
          kind=SetOf(Tuple(Whole(), Whole(), what="a board state (n, m)"), what="a set of board states (n, m)"),
          about=f"the set of states with 3 <= n <= {EXCEPTIONS_UP_TO} and 2 <= m <= {EXCEPTIONS_UP_TO} where n_< is "
                "not optimal",
          hint="Start from the loop that found the states where the mover is behind (section 4): change its ranges, "
               "and change its test to 'the value of asking about n_< suspects is not the best value'.")
def _():
    N = EXCEPTIONS_UP_TO
    right = frozenset(states_not_n_less(N))

    def explain(got):
        parts = []
        outside = sorted(s for s in got if not (3 <= s[0] <= N and 2 <= s[1] <= N))
        if outside:
            parts.append(f"{outside[0]} is outside 3 <= n <= {N}, 2 <= m <= {N}")
        extra = sorted(s for s in got - right if s not in outside)
        if extra:
            parts.append(f"at {extra[0]} asking about n_< suspects IS optimal")
        if right - got:
            parts.append("at least one state is missing")
        return "; ".join(parts) + "."
    return Answer(right, explain=explain)


HALVING_UP_TO = 30        # 02.5


@exercise("02.5", "How often is the even split wrong?", level=3, kind=Whole("a number of board states"),
          about=f"the number of states with 2 <= n, m <= {HALVING_UP_TO} where the even split is not optimal",
          hint="A loop in a loop as for exercise 02.4, but instead of a set keep a count: a name that starts at 0 and "
               "goes up by 1 at every state where the even split is worth less than the best move.")
def _():
    wrong_states = halving_not_optimal(HALVING_UP_TO)
    total = (HALVING_UP_TO - 1) ** 2
    two_mod_four = sum(1 for n, m in wrong_states if n % 4 == 2)
    return Answer(len(wrong_states), wrong={
        total - len(wrong_states): "that is the number of states where the even split IS optimal.",
        len(states_not_n_less(HALVING_UP_TO)): "that is the number of exceptions to Theorem 2.1 in this range; "
                                               "the question is about the even split n // 2.",
    }, praise=f"About {format_percent(Fraction(len(wrong_states), total))} of the {total} states; {two_mod_four} of "
              "them have n = 2, 6, 10, ... (n = 2 mod 4), where n_< is one less than n // 2 and the even split gives "
              "the opponent a better position.")
