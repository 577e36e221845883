"""Exercises for lesson 08: playing against the computer, and tournaments between strategies.

Every checker computes the right answer with the library when it runs (the exact solver, the exact
evaluator :func:`guesswho_lib.game.walk.evaluate`, the best reply to a fixed strategy
:func:`guesswho_lib.game.walk.best_response_value` and :func:`guesswho_lib.game.simulate.wilson_interval`).
"""

from __future__ import annotations

import math
import numbers
from statistics import NormalDist

from ..formatting import format_fraction, format_move
from ..game.rules import check_int, get_rules, normalise_move
from ..game.simulate import wilson_interval
from ..game.solver import cached_solution
from ..game.strategies import ask_one, halving
from ..game.walk import best_response_value, evaluate
from . import exercise
from .answers import read_fraction

# Exercise 08.1: the cost of halving at (4, 4) (Cushing et al., Theorem 2.1: (4, 4) is an exception).
E1_STATE, E1_MOVE = (4, 4), (2, 2)
# Exercise 08.2: an optimal move at (6, 4), another exception of Theorem 2.1.
E2_STATE = (6, 4)
# Exercise 08.3: a 95% Wilson interval.
E3_WINS, E3_GAMES = 540, 1000
# Exercise 08.4: how many games for an interval narrower than this (rate 1/2, 95%)?
E4_WIDTH = 0.02
# Exercise 08.5: halving moves first from (16, 16), official rules; you answer with your strategy.
E5_STATE = (16, 16)
# Exercise 08.6: ask_one (first) against halving at (8, 8), official rules.
E6_STATE = (8, 8)


@exercise("08.1", "What does halving cost at (4, 4)?", level=1,
          hint="Cost = P(4, 4) - value of the move (2, 2): use t.P and t.value, or work out both by hand.")
def _check_cost(answer):
    t = cached_solution("official", max(E1_STATE))
    n, m = E1_STATE
    right = t.P(n, m) - t.value(n, m, E1_MOVE)
    got, msg = read_fraction(answer)
    if got is None:
        return False, msg
    if got == right:
        return True, (f"P(4, 4) = {format_fraction(t.P(n, m))} but the split 2:2 is worth only "
                      f"{format_fraction(t.value(n, m, E1_MOVE))}: it costs {format_fraction(right)}. "
                      f"The best move is {' or '.join(format_move(x) for x in t.optimal_moves(n, m))}.")
    if got == t.value(n, m, E1_MOVE):
        return False, "That is the value of the move 2:2; the cost is how much less it is worth than the best move."
    if got == -right:
        return False, "Right size, wrong sign: the cost is best value minus the value of your move (>= 0)."
    return False, f"Not {format_fraction(got)}. Compare P(4, 4) with the value of asking about two suspects."


@exercise("08.2", "Find an optimal move at (6, 4)", level=1,
          hint="t = gw.solve(6); look at t.all_moves(6, 4). A move is gw.GUESS or a tuple like (1, 5).")
def _check_optimal_move(answer):
    n, m = E2_STATE
    rules = get_rules("official")
    t = cached_solution(rules, max(n, m))
    if answer is None:
        return False, "answer is still None: give a move, gw.GUESS or a tuple of group sizes such as (2, 4)."
    try:
        move = normalise_move(answer, n, rules)
    except (TypeError, ValueError) as e:
        return False, f"That is not a legal move at (6, 4): {e}"
    best = t.optimal_moves(n, m)
    value = t.value(n, m, move)
    if move in best:
        others = [format_move(x) for x in best if x != move]
        extra = f" (also optimal: {', '.join(others)})" if others else " (the only optimal move)"
        return True, (f"{format_move(move)} wins with probability {format_fraction(value)} = P(6, 4){extra}. "
                      "(6, 4) is one of the three exceptions of Cushing et al.'s Theorem 2.1.")
    return False, (f"{format_move(move)} is worth {format_fraction(value)}, which costs you "
                   f"{format_fraction(t.P(n, m) - value)} compared with the best move.")


@exercise("08.3", "A 95% Wilson interval", level=2,
          hint="Use the formula of section 6 of the lesson with z = 1.96, or wilson_interval(wins, games). Answer (low, high).")
def _check_wilson(answer):
    lo, hi = wilson_interval(E3_WINS, E3_GAMES, 0.95)
    try:
        a, b = (float(x) for x in answer)
    except (TypeError, ValueError):
        return False, "Give two numbers (low, high), e.g. (0.5, 0.6)."
    if abs(a - lo) <= 5e-4 and abs(b - hi) <= 5e-4:
        return True, (f"[{lo:.4f}, {hi:.4f}]: any true win probability in this range is consistent with "
                      f"{E3_WINS} wins in {E3_GAMES} games at the 95% level.")
    p = E3_WINS / E3_GAMES
    naive = 1.96 * math.sqrt(p * (1 - p) / E3_GAMES)
    if abs(a - (p - naive)) <= 5e-4 and abs(b - (p + naive)) <= 5e-4:
        return False, ("That is the naive interval p +- 1.96 sqrt(p(1-p)/g). Close here, but the Wilson interval "
                       "moves the centre towards 1/2: use its formula.")
    if a > b:
        return False, "The lower end should come first: (low, high)."
    return False, f"Not quite: your interval ({a:.4f}, {b:.4f}) should contain {p} and be about 0.06 wide."


# z for a 95% interval: the lesson (section 6) and the hints round it to 1.96; wilson_interval uses
# the exact normal quantile 1.959963985...  The answer to 08.4 depends on which one you use.
Z_ROUNDED = 1.96
Z_EXACT = NormalDist().inv_cdf(0.975)


def wilson_width(wins: int, games: int, z: float = Z_EXACT) -> float:
    """Width of the Wilson interval (lesson 08, section 6) after ``wins`` in ``games``, for a given ``z``.

    >>> round(wilson_width(50, 100, 1.96), 7)
    0.1923403
    """
    games = check_int(games, "games", 1)
    wins = check_int(wins, "wins", 0, games)
    if isinstance(z, bool) or not isinstance(z, (int, float)) or not z > 0:
        raise ValueError(f"z must be a positive number, got {z!r}")
    p = wins / games
    return 2 * z / (1 + z * z / games) * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))


def _width(g: int, z: float = Z_EXACT) -> float:
    return wilson_width(g // 2, g, z)


def games_needed(width: float = E4_WIDTH, z: float = Z_EXACT) -> int:
    """The smallest even number of games g for which g/2 wins give a Wilson interval narrower than ``width``.

    The answer depends on z: 9600 with the exact 95% quantile z = 1.95996..., 9602 with z = 1.96.

    >>> games_needed(0.02), games_needed(0.02, z=1.96)
    (9600, 9602)
    """
    g = 2
    step = 1024
    while _width(g, z) >= width:       # gallop, then walk back: the width falls as g grows
        g += step
    while g - 2 >= 2 and _width(g - 2, z) < width:
        g -= 2
    return g


@exercise("08.4", "How many games do you need?", level=2,
          hint="The width is about 2 * 1.96 * sqrt(1/4 / g). Solve for g, then check with the formula of section 6 "
               "(or wilson_interval(g // 2, g), which uses z = 1.95996...).")
def _check_games(answer):
    if isinstance(answer, bool) or not isinstance(answer, numbers.Integral):
        return False, "Give a whole number of games (an int)."
    g = int(answer)
    by_z = {z: games_needed(E4_WIDTH, z) for z in (Z_ROUNDED, Z_EXACT)}
    smallest = min(by_z.values())

    def widths(g_):
        return " / ".join(f"{_width(g_, z):.7f} (z = {z:.7g})" for z in by_z)

    if g in by_z.values():
        used = " and ".join(f"z = {z:.7g}" for z, right in by_z.items() if right == g)
        others = "; ".join(f"with z = {z:.7g} the answer is {right}" for z, right in by_z.items() if right != g)
        note = (f" The answer depends on z: the lesson rounds it to 1.96, wilson_interval uses the exact "
                f"quantile 1.959964...; {others}." if others else "")
        return True, (f"{g} games (with {used}): the width of the interval is {widths(g)}; with {g - 2} games "
                      f"it is {widths(g - 2)}.{note} To halve the width you need four times as many games.")
    if g < 2 or g % 2:
        return False, "Use an even number of games, so that exactly half can be wins."
    if g > smallest and any(_width(g, z) < E4_WIDTH for z in by_z):
        return False, f"{g} games are enough, but fewer would do: find the smallest even number."
    return False, f"With {g} games (half of them won) the width of the interval is {widths(g)}: not below {E4_WIDTH}."


@exercise("08.5", "Beat halving from behind", level=3,
          hint="Follow halving against halving move by move from (16, 16): (16, 16), (16, 8), (8, 8), ... "
               "Where does the second player lose for sure, and what would a guess there give instead?")
def _check_beat_halving(answer):
    if not callable(answer):
        return False, "Give a strategy: a function (n, m) -> move, where n are your suspects and m your opponent's."
    n, m = E5_STATE
    try:
        value = 1 - evaluate(halving, answer, n, m, "official")
    except (TypeError, ValueError) as e:
        return False, f"Your strategy made an illegal move: {e}"
    best = best_response_value(halving, n, m, "official")
    if value == best:
        return True, (f"Your strategy wins with probability {format_fraction(value)}, the best anyone can do moving "
                      f"second against halving from (16, 16). (Halving against itself would win "
                      f"{format_fraction(1 - evaluate(halving, halving, n, m))} for you: never.)")
    return False, (f"Your strategy wins with probability {format_fraction(value)} = {float(value):.4f} moving "
                   f"second against halving; the best possible is {format_fraction(best)}.")


@exercise("08.6", "Predict a tournament result exactly", level=3,
          hint="gw.evaluate(strategy_a, strategy_b, n, m, rules) gives the exact value; ask_one is "
               "gw.strategies.ask_one.")
def _check_predict(answer):
    n, m = E6_STATE
    right = evaluate(ask_one, halving, n, m, "official")
    got, msg = read_fraction(answer)
    if got is None:
        return False, msg
    if got == right:
        return True, (f"{format_fraction(right)} = {float(right):.4f}: asking about one suspect at a time is a poor "
                      "plan against halving, and a tournament's interval should contain this number.")
    if got == 1 - right:
        return False, "That is halving's chance; the question asks for ask_one's chance as the first mover."
    return False, f"Not {format_fraction(got)}: compute it exactly with gw.evaluate(ask_one, halving, 8, 8)."


__all__ = ["games_needed", "wilson_width"]
