"""Exercises for lesson 08: playing against the computer, what a move costs, skill and luck.

Every right answer is computed with the library when the exercise is first checked: the exact solver, the exact
evaluator :func:`guesswho_lib.game.walk.evaluate` and the best reply to a fixed strategy
:func:`guesswho_lib.game.walk.best_response_value`.  (The statistics of simulation, with their exercises, are in
the extension lesson x5: :mod:`.lessonx5`.)
"""

from __future__ import annotations

from fractions import Fraction

from ..rules import format_fraction
from ..game.solver import cached_solution
from ..game.strategies import halving, optimal
from ..game.walk import best_response_value, evaluate
from .answers import Exact, Kind, Move, Reading
from .framework import Answer, exercise
from .reading import shown, unreadable

__all__ = ["Strategy"]

E1_STATE, E1_MOVE = (4, 4), (2, 2)      # 08.1: the cost of halving at (4, 4) (Theorem 2.1's exception)
E2_STATE = (6, 4)                       # 08.2: a best move at (6, 4), another exception
E3_STATE = (14, 14)                     # 08.3: what always halving costs, moving first against perfect play
E4_STATE = (16, 9)                      # 08.4: halving moves first from here; you reply
E4_MARGIN = Fraction(1, 6)              # 08.4: beat perfect play's reply by at least this much


class Strategy(Kind):
    """A strategy, a function (n, m) -> move, for the player who moves second against ``opponent`` from
    ``state``: right when its exact chance (:func:`evaluate`) is at least ``target``.  The exercise's function
    returns the best reply's value (:func:`best_response_value`), which shows that the target can be reached."""

    takes_function = True

    def __init__(self, opponent, state, target, rules="official"):
        self.opponent, self.state, self.target, self.rules = opponent, state, Fraction(target), rules
        self.expects = "your strategy itself, a function (n, m) -> move, e.g. check(..., my_strategy)"

    def read(self, answer) -> Reading:
        if not callable(answer) or isinstance(answer, type):
            return unreadable(f"Not a function (you gave {shown(answer)}); give {self.expects}")
        return Reading(answer, shown=getattr(answer, "__name__", "your strategy"))

    def canonical(self, value):
        return value                      # the right "answer" is the best reply's value, compared in judge

    def value(self, strategy):
        n, m = self.state
        return 1 - evaluate(self.opponent, strategy, n, m, self.rules)

    def judge(self, strategy, rights) -> tuple[bool, str]:
        if rights[0] < self.target:
            raise ArithmeticError("the target of this exercise cannot be reached: no strategy does that well")
        try:
            got = self.value(strategy)
        except Exception as e:
            return False, f"Your strategy failed ({type(e).__name__}: {shown(str(e), 80)})."
        n, m = self.state
        how = f"gw.evaluate(gw.strategies.halving, {getattr(strategy, '__name__', 'my_strategy')}, {n}, {m})"
        if got >= self.target:
            return True, (f"Your strategy reaches the target of {format_fraction(self.target)}: {how} gives "
                          "halving's exact chance against it, and yours is the rest.")
        return False, (f"Your strategy wins less than the target of {format_fraction(self.target)} against halving "
                       f"(work out its exact chance with {how}).")

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


@exercise("08.3", "What does always halving cost?", level=2, kind=Exact(),
          about="how much less always halving wins than perfect play, moving first against perfect play from (14, 14)",
          hint="Perfect play against perfect play from (14, 14) is worth P(14, 14). Section 4 shows how to find the "
               "exact chance of halving against perfect play; the cost is the difference.")
def _():
    n, m = E3_STATE
    halving_wins = evaluate(halving, optimal("official"), n, m)
    best = cached_solution("official", max(E3_STATE)).P(n, m)
    return Answer(best - halving_wins, wrong={
        halving_wins: "that is halving's chance itself; the cost is how much less it is than perfect play's.",
        halving_wins - best: "right size, wrong sign: perfect play's chance minus halving's.",
    })


def _perfect_reply_value() -> Fraction:
    """What perfect play wins, moving second against halving from the state of 08.4."""
    n, m = E4_STATE
    return 1 - evaluate(halving, optimal("official"), n, m)


@exercise("08.4", "Beat perfect play against halving", level=3,
          kind=Strategy(halving, E4_STATE, _perfect_reply_value() + E4_MARGIN),
          about=f"a reply to halving from {E4_STATE} that wins at least "
                f"{format_fraction(_perfect_reply_value() + E4_MARGIN)}",
          hint="Perfect play assumes its opponent plays perfectly too, so it guards against dangers halving never "
               "creates. What does halving do when you are down to one suspect, and what does it never do? Play "
               "a few games against it in the widget of section 2 (computer: halving).")
def _():
    n, m = E4_STATE
    return Answer(best_response_value(halving, n, m, "official"))
