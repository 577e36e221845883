"""Exercises for lesson 04: the first-move advantage P(N, N) under the official rules and Nica's, the card version
with 23 suspects, and the fairest handicap (Nica, section 1.2; Cushing et al., section 2).

Every answer is computed with the library when the exercise is first checked.
"""

from __future__ import annotations

from fractions import Fraction

from ..game.any_size import P
from ..game.first_move import fairest_second_pool
from .answers import Exact, Whole, Word
from .framework import Answer, exercise

SMALL = 3            # 04.1: the second player's chance at (3, 3), from P(3, 3) of lesson 01
BOARD = 24           # the real game
CARDS = 23           # the card version: each player's own card is out of play
BIGGEST_UP_TO = 60   # 04.5: the N <= this (N >= 3) where the official P(N, N) is largest


@exercise("04.1", "The second player at (3, 3)", level=1, kind=Exact(probability=True),
          about=f"the chance of the player who moves second at ({SMALL}, {SMALL})",
          hint=f"Lesson 01 found the first player's chance P({SMALL}, {SMALL}). Someone wins every game.")
def _():
    first = P(SMALL, SMALL)
    return Answer(1 - first, wrong={
        first: "that is the chance of the player who moves FIRST.",
        Fraction(1, 2): "that would make the game fair; moving first is an advantage here.",
    })


TAUGHT = Word({"official": ["the official rules", "official rules"],
               "nica": ["nica's", "nica's rules", "race to one", "the race to one"]}, what="a rule set")


@exercise("04.2", "Which rules favour the first player more?", level=1, kind=TAUGHT,
          about=f"the rule set, official or Nica's, with the larger P({BOARD}, {BOARD})",
          hint=f"Move the slider to N = {BOARD} and read both curves (or the text under the picture, for each "
               "rule set).")
def _():
    values = {r: P(BOARD, BOARD, r) for r in TAUGHT.choices}
    best = max(values.values())
    return Answer(*[r for r, v in values.items() if v == best],
                  explain=lambda r: f"under the {r!r} rules P({BOARD}, {BOARD}) is the smaller of the two.")


@exercise("04.3", "The card version", level=2, kind=Exact(probability=True),
          about=f"P({CARDS}, {CARDS}) under the official rules",
          hint=f"Use gw.P({CARDS}, {CARDS}).")
def _():
    return Answer(P(CARDS, CARDS), wrong={
        P(BOARD, BOARD): f"that is P({BOARD}, {BOARD}), the board version with {BOARD} suspects each.",
        1 - P(CARDS, CARDS): "that is the chance of the player who moves second.",
    })


@exercise("04.4", "A fair start", level=2, kind=Whole("a number of suspects for the second player"),
          about=f"the number of suspects m for the second player that makes P({BOARD}, m) closest to 1/2",
          hint=f"Try gw.P({BOARD}, m) for a few m: a smaller pool helps the second player. Which m comes closest "
               "to 1/2?")
def _():
    h = fairest_second_pool(BOARD)
    closest = [m for m in range(1, BOARD + 1) if abs(P(BOARD, m) - Fraction(1, 2)) == h.unfairness]

    def explain(m):
        if not isinstance(m, int) or not 1 <= m <= BOARD:
            return f"the second player starts with between 1 and {BOARD} suspects."
        side = "still favours the first player" if P(BOARD, m) > Fraction(1, 2) else "favours the second player"
        return f"with m = {m} the game {side} more than it has to."
    return Answer(*closest, explain=explain)


@exercise("04.5", "Where is moving first worth the most?", level=3, kind=Whole("a board size N"),
          about=f"an N with 3 <= N <= {BIGGEST_UP_TO} where the official P(N, N) is largest",
          hint="Loop over N and keep the largest gw.P(N, N); compare Fractions, not rounded decimals.")
def _():
    values = {N: P(N, N) for N in range(3, BIGGEST_UP_TO + 1)}
    best = max(values.values())
    return Answer(*[N for N, v in values.items() if v == best], praise="Several N tie: look at which ones they are.",
                  explain=lambda N: (f"N runs from 3 to {BIGGEST_UP_TO}." if not 3 <= N <= BIGGEST_UP_TO else
                                     "another N gives the first player a bigger chance."))
