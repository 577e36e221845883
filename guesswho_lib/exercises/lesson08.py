"""Exercises for lesson 08: playing against the computer, skill and luck, simulation and tournaments.

Every right answer is computed with the library when the exercise is first checked: the exact solver, the exact
evaluator :func:`guesswho_lib.game.walk.evaluate`, the best reply to a fixed strategy
:func:`guesswho_lib.game.walk.best_response_value` and :func:`guesswho_lib.game.simulate.wilson_interval`.
"""

from __future__ import annotations

import math
from statistics import NormalDist

from ..rules import format_fraction
from ..rules import check_int
from ..game.solver import cached_solution
from ..game.strategies import halving
from ..game.walk import best_response_value, evaluate
from .answers import Exact, Kind, Move, Reading
from .framework import Answer, exercise
from .reading import shown, unreadable

__all__ = ["games_needed", "wilson_width", "Strategy"]

E1_STATE, E1_MOVE = (4, 4), (2, 2)      # 08.1: the cost of halving at (4, 4) (Theorem 2.1's exception)
E2_STATE = (6, 4)                       # 08.2: a best move at (6, 4), another exception
E3_WIDTH = 0.02                         # 08.3: games for an interval narrower than this (rate 1/2, 95%)
E4_STATE = (16, 16)                     # 08.4: halving moves first; you reply

# z for a 95% interval: the lesson rounds it to 1.96; wilson_interval uses the exact quantile 1.959963985...
# The answer to 08.3 depends on which one is used: both are accepted.
Z_ROUNDED = 1.96
Z_EXACT = NormalDist().inv_cdf(0.975)


def wilson_width(wins: int, games: int, z: float = Z_EXACT) -> float:
    """Width of the Wilson interval after ``wins`` in ``games``, for a given ``z`` (E. B. Wilson, 1927).

    >>> round(wilson_width(50, 100, 1.96), 7)
    0.1923403
    """
    games = check_int(games, "games", 1)
    wins = check_int(wins, "wins", 0, games)
    if isinstance(z, bool) or not isinstance(z, (int, float)) or not z > 0:
        raise ValueError(f"z must be a positive number, got {z!r}")
    p = wins / games
    return 2 * z / (1 + z * z / games) * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))


def games_needed(width: float = E3_WIDTH, z: float = Z_EXACT) -> int:
    """The smallest even number of games g for which g/2 wins give a Wilson interval narrower than ``width``.

    >>> games_needed(0.02), games_needed(0.02, z=1.96)
    (9600, 9602)
    """
    g, step = 2, 1024
    while wilson_width(g // 2, g, z) >= width:       # gallop, then walk back: the width falls as g grows
        g += step
    while g - 2 >= 2 and wilson_width((g - 2) // 2, g - 2, z) < width:
        g -= 2
    return g


class Strategy(Kind):
    """A strategy, a function (n, m) -> move, judged by the exact chance it wins moving second against
    ``opponent`` from ``state``: right when no strategy wins more (:func:`best_response_value`)."""

    expects = "your strategy itself, a function (n, m) -> move, e.g. check(..., my_strategy)"
    takes_function = True

    def __init__(self, opponent, state, rules="official"):
        self.opponent, self.state, self.rules = opponent, state, rules

    def read(self, answer) -> Reading:
        if not callable(answer) or isinstance(answer, type):
            return unreadable(f"Not a function (you gave {shown(answer)}); give {self.expects}")
        return Reading(answer, shown=getattr(answer, "__name__", "your strategy"))

    def canonical(self, value):
        return value                      # the right "answer" is the best value, compared in judge

    def value(self, strategy):
        n, m = self.state
        return 1 - evaluate(self.opponent, strategy, n, m, self.rules)

    def judge(self, strategy, rights) -> tuple[bool, str]:
        best = rights[0]
        try:
            got = self.value(strategy)
        except Exception as e:
            return False, f"Your strategy failed ({type(e).__name__}: {shown(str(e), 80)})."
        if got == best:
            return True, f"Your strategy wins with probability {format_fraction(got)}: no strategy does better."
        return False, "Your strategy wins less often than the best reply: a better reply exists."

    def forms(self, v) -> list:
        return []

    def equal(self, a, b) -> bool:
        return a is b


@exercise("08.1", "What does halving cost at (4, 4)?", level=1, kind=Exact(),
          about="the cost of the move 2:2 at (4, 4)",
          hint="Cost = P(4, 4) minus the value of 2:2. Lesson 02 gives both; or use t.P and t.value.")
def _():
    n, m = E1_STATE
    t = cached_solution("official", max(E1_STATE))
    cost = t.P(n, m) - t.value(n, m, E1_MOVE)
    return Answer(cost, wrong={
        t.value(n, m, E1_MOVE): "that is the value of the move 2:2; the cost is how much less it is worth than "
                                "the best move.",
        -cost: "right size, wrong sign: the cost is the best value minus the value of your move (never negative).",
    })


@exercise("08.2", "A best move at (6, 4)", level=1, kind=Move(E2_STATE[0]), about="a best move at (6, 4)",
          hint="Try each move in the widget (a board of 6), or look at t.all_moves(6, 4).")
def _():
    n, m = E2_STATE
    t = cached_solution("official", max(E2_STATE))

    def explain(move):
        return f"another move is worth more at {E2_STATE}: this one has a cost."
    return Answer(*t.optimal_moves(n, m), explain=explain)


@exercise("08.3", "How many games do you need?", level=3, kind=Exact(),
          about=f"the smallest even number of games whose interval (half of them won) is narrower than {E3_WIDTH}",
          hint="The width is about 2 * 1.96 * sqrt(1/4 / g): solve for g, then check g and g - 2 with "
               "wilson_interval(g // 2, g).")
def _():
    rounded, exact = games_needed(E3_WIDTH, Z_ROUNDED), games_needed(E3_WIDTH, Z_EXACT)

    def explain(g):
        if g.denominator != 1 or g < 2 or g % 2:
            return "use an even number of games, so that exactly half can be wins."
        if g > max(rounded, exact):
            return "that many games are enough, but fewer would do: find the smallest even number."
        return "with that many games the interval is still too wide."
    return Answer(exact, rounded, explain=explain,
                  praise="(The answer depends on whether z is rounded to 1.96: both are accepted.)")


@exercise("08.4", "Beat halving from behind", level=3, kind=Strategy(halving, E4_STATE),
          about="a best reply to halving from (16, 16)",
          hint="Follow halving against halving from (16, 16): (16, 16), (16, 8), (8, 8), ... Where does the second "
               "player lose for sure, and what would a guess there give instead?")
def _():
    n, m = E4_STATE
    return Answer(best_response_value(halving, n, m, "official"))
