"""Exercises for the extension lesson x5: luck, skill and statistics (standard errors, z, Wilson's 95% interval).

Every right answer is computed when the exercise is first checked: z from the numbers the exercise gives, and the
number of games from the Wilson interval (E. B. Wilson, 1927), the interval of
:func:`guesswho_lib.game.simulate.wilson_interval`.
"""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist

from guesswho_lib.rules import check_int
from ..reader.answers import Exact, Whole
from ..reader.framework import Answer, exercise

__all__ = ["games_needed", "wilson_width"]

E1_AVERAGE, E1_ERROR = Fraction(3, 100), Fraction(2, 100)   # x5.1: one experiment's average luck and standard error
E2_WIDTH = 0.02                         # x5.2: games for an interval narrower than this (rate 1/2, 95%)

# z for a 95% interval: the lesson rounds it to 1.96; wilson_interval uses the exact quantile 1.959963985...
# The answer to x5.2 depends on which one is used: both are accepted.
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


def games_needed(width: float = E2_WIDTH, z: float = Z_EXACT) -> int:
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


@exercise("x5-standard-errors", "How many standard errors from 0?", level=1, kind=Exact(),
          about="z for an average luck of 0.03 with a standard error of 0.02",
          hint="Read the definition of z in the text above: how many standard errors lie between the average and "
               "0?")
def _():
    z = E1_AVERAGE / E1_ERROR
    return Answer(z, wrong={
        1 / z: "how many standard errors fit between 0 and the average? Write z's definition next to your numbers.",
        E1_AVERAGE * E1_ERROR: "how many standard errors fit between 0 and the average? Write z's definition next to "
                               "your numbers.",
    })


@exercise("x5-games-needed", "How many games do you need?", level=3, kind=Whole("a number of games"),
          about=f"the smallest even number of games whose interval (half of them won) is narrower than {E2_WIDTH}",
          hint="The width is about 2 * 1.96 * sqrt(1/4 / g): solve for g, then check g and g - 2 with "
               "wilson_interval(g // 2, g).")
def _():
    rounded, exact = games_needed(E2_WIDTH, Z_ROUNDED), games_needed(E2_WIDTH, Z_EXACT)

    def explain(g):
        return "use an even number of games, so that exactly half can be wins." if g < 2 or g % 2 else None
    return Answer(exact, rounded, explain=explain,
                  praise="(The answer depends on whether z is rounded to 1.96: both are accepted.)")
