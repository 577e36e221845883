"""Exercises for lesson 00 (start here): the smallest games, played by hand."""

from __future__ import annotations

from fractions import Fraction

from ..game.any_size import P
from .answers import Exact
from .framework import Answer, exercise


@exercise("00.1", "Your opponent has one suspect left", level=1, kind=Exact(probability=True),
          about="P(3, 1), your chance at (3, 1)",
          hint="If you do not guess now, your opponent names their person on their next turn and wins.")
def _():
    return Answer(P(3, 1), wrong={
        Fraction(0): "that is what happens if you ask a question. Guessing is better than certain defeat.",
        Fraction(1, 2): "asking a question cannot help: your opponent wins on their next turn whatever you learn.",
    })


@exercise("00.2", "Two suspects each", level=1, kind=Exact(probability=True), about="P(2, 2)",
          hint="Try both: guess now, or ask 'is it this one?' and let your opponent move from (2, 1).")
def _():
    return Answer(P(2, 2), wrong={
        Fraction(1): "after your question you know the person, but it is your opponent's turn: at (2, 1) they "
                     "guess, and they may be right.",
        Fraction(3, 4): "after a question your opponent is at (2, 1) with ONE turn left before you win: work out "
                        "their chance there first.",
    })


@exercise("00.3", "Two suspects against five", level=2, kind=Exact(probability=True), about="P(2, 5)",
          hint="Ask 'is it this one?': whatever the answer, you know the person. What can your opponent do at (5, 1)?")
def _():
    return Answer(P(2, 5), wrong={
        Fraction(1, 2): "that is the value of guessing now. Asking first is better: your opponent must then guess "
                        "among 5.",
        Fraction(1, 5): "that is your OPPONENT's chance after your question. You want your own.",
        Fraction(1): "your opponent still gets one turn: at (5, 1) they guess, and may be right.",
    })
