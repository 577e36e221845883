"""Exercises for lesson 08: playing against the computer, what a move costs, skill and luck.

Every right answer is computed with the library when the exercise is first checked: the exact solver, the exact
evaluator :func:`guesswho_lib.game.walk.evaluate` and the best reply to a fixed strategy
:func:`guesswho_lib.game.walk.best_response_value`.  (The statistics of simulation, with their exercises, are in
the extension lesson x5: :mod:`.lessonx5`.)
"""

from __future__ import annotations

from ..rules import format_fraction
from ..game.solver import cached_solution
from ..game.strategies import halving
from ..game.walk import best_response_value, evaluate
from .answers import Exact, Kind, Move, Reading
from .framework import Answer, exercise
from .reading import shown, unreadable

__all__ = ["Strategy"]

E1_STATE, E1_MOVE = (4, 4), (2, 2)      # 08.1: the cost of halving at (4, 4) (Theorem 2.1's exception)
E2_STATE = (6, 4)                       # 08.2: a best move at (6, 4), another exception
E3_STATE = (16, 16)                     # 08.3: halving moves first; you reply

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


@exercise("08.3", "Beat halving from behind", level=3, kind=Strategy(halving, E3_STATE),
          about="a best reply to halving from (16, 16)",
          hint="Follow halving against halving from (16, 16): (16, 16), (16, 8), (8, 8), ... Where does the second "
               "player lose for sure, and what would a guess there give instead?")
def _():
    n, m = E3_STATE
    return Answer(best_response_value(halving, n, m, "official"))
