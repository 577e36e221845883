"""The lessons' own statements about luck and simulation (lesson x5, its worked solutions and its part of the teacher's
guide), each anchored to its sentences and checked: exactly where the statement is exact (the Wilson interval, the
normal distribution, the exact values of strategies), and on the lesson's own simulation where it is about one (its
default experiments, drawn from seeds chosen in advance)."""

from __future__ import annotations

import random
from fractions import Fraction
from statistics import NormalDist

from ...game.play import Game
from ...game.simulate import wilson_interval
from ...game.strategies import halving, optimal
from ...game.walk import evaluate
from ...rules import format_percent
from ..anchors import guide_path, in_guide, in_lesson, in_solution, lesson_path
from ..facts import holds
from ..registry import Register

register = Register(__name__)

lx5, sx5, gx5 = in_lesson("x5"), in_solution("x5"), in_guide("x5")
F = Fraction

#: The lesson's default run: five experiments of 100 games, each game's seed drawn in advance.
EXPERIMENTS, GAMES, SEED = 5, 100, 2024


def _halving_luck(seed: int) -> Fraction:
    """One game of the lesson from (20, 20): you always halve, the computer plays perfectly; the luck of the answers."""
    game = Game("official", board=20, seed=seed)
    while not game.over:
        n = game.state[0]
        mine = [i + 1 for i in game.your_suspects]
        if n == 1:
            game.guess(mine[0])
        else:
            game.ask(mine[:n // 2])
    return game.accounting()["luck"]


def default_zs() -> list[float]:
    """The z of each of the lesson's five default experiments (the average luck over its standard error)."""
    seeds = random.Random(SEED).sample(range(10 ** 9), EXPERIMENTS * GAMES)
    zs = []
    for e in range(EXPERIMENTS):
        lucks = [float(_halving_luck(s)) for s in seeds[e * GAMES:(e + 1) * GAMES]]
        average = sum(lucks) / GAMES
        spread = (sum((x - average) ** 2 for x in lucks) / (GAMES - 1)) ** 0.5
        zs.append(average / (spread / GAMES ** 0.5))
    return zs


@register.statement(
    "course.default-run", "The lesson's five default experiments (500 games, their seeds drawn in advance by a "
    "generator with a fixed seed) give five values of z that spread like draws of z: not all within 0.5 of 0 (five "
    "such values all within 0.5 of 0 happen with probability about 0.38^5, under 1 in 100).",
    lx5("Each game has its own seed, drawn in advance by a random generator that has a fixed seed itself, so that the "
        "lesson plays the same 500 games every time it runs."),
    was="x5's five default experiments used the seeds 0 to 499 and all gave |z| <= 0.14 (probability about 2 in "
        "100,000 under the lesson's own model), so the default run taught 'z is about 0'", status="statistics",
    title="The lesson's default experiments give five typical values of z (not all close to 0)")
def _(N):
    zs = default_zs()
    within = 2 * NormalDist().cdf(0.5) - 1
    return holds(not all(abs(z) < 0.5 for z in zs) and all(abs(z) < 4 for z in zs) and within ** 5 < 0.01,
                 "the lesson's default run", f"z = {[round(z, 2) for z in zs]}")


@register.statement(
    "course.z-band", "If luck averages to 0, z lies between -2 and 2 in about 95 of 100 experiments "
    "(P(|Z| <= 2) = 0.954...), outside in about 1 in 20; an average luck of 0.03 with a standard error of 0.02 gives "
    "z = 3/2, inside.",
    lx5("That is what \"luck averages out\" means: not that the average is exactly 0, but that it stays within a few "
        "standard errors of 0 while the standard error shrinks like $\\frac1{\\sqrt g}$."),
    lx5("- The luck of many games averages out: their average luck stays within a few standard errors of 0 "
        "($|z| \\le 2$ in about 95% of experiments), and the standard error shrinks like $\\frac1{\\sqrt g}$."),
    sx5("$z = \\frac{0.03 - 0}{0.02} = \\frac32$: well inside $-2$ to $2$, nothing unusual."),
    gx5("Chance lands there about once in twenty experiments; a run of them would be a sign."), status="proven",
    title="z lies between -2 and 2 in about 95 experiments in 100 when luck averages to 0")
def _(N):
    inside = 2 * NormalDist().cdf(2) - 1
    return holds(round(inside * 100) == 95 and round(1 / (1 - inside)) in (20, 22) and F(3, 100) / F(2, 100) == F(3, 2),
                 "the normal distribution")


@register.statement(
    "course.wilson-width", "The Wilson interval after 75 wins in 100 games is about 0.17 wide, and four times as many "
    "games (with the same rate) make it half as wide (ratios 0.505, 0.501, 0.500 from 100 to 6400 games); after 1000 "
    "wins in 1000 games it is [0.996..., 1]; half of g won, it is narrower than 0.02 from about g = 9604 on.",
    lx5("Wilson's **95% confidence interval**, and why four times as many games halve its width;"),
    lx5("Four times as many games make the interval **half** as wide: the width shrinks like $\\frac1{\\sqrt g}$."),
    lx5("**Simulation** estimates a win rate; the 95% **interval** says how far off it can be, and four times as many "
        "games halve its width."),
    lx5("And an interval for a rate of exactly 1 is $[0.99\\ldots, 1]$, not $[1, 1]$: a thousand wins do not prove "
        "that a loss is impossible."),
    gx5("The interval is not [1, 1]: a rare loss is still possible."),
    sx5("Width $\\approx 2 \\cdot 1.96 \\cdot \\frac{1}{2\\sqrt g} < 0.02$ gives $g > 9604$ roughly;"),
    status="proven",
    title="Four times as many games make Wilson's interval about half as wide")
def _(N):
    widths = [hi - lo for lo, hi in (wilson_interval(75 * k, 100 * k) for k in (1, 4, 16, 64))]
    ratios = [widths[i + 1] / widths[i] for i in range(3)]
    lo, hi = wilson_interval(1000, 1000)
    return holds(round(widths[0], 2) == 0.17 and all(0.49 < r < 0.51 for r in ratios) and 0.99 < lo < 1 == hi
                 and round((2 * 1.96 / 2 / 0.02) ** 2) == 9604, "Wilson intervals", f"ratios {ratios}")


@register.statement(
    "course.seven-intervals", "Among seven 95% intervals at least one misses with probability 1 - 0.95^7, about "
    "30.2%.",
    lx5("With seven intervals, at least one miss is nothing unusual: it happens with a chance of about "
        "$1 - 0.95^7 \\approx 30.2\\%$."),
    title="Among seven 95% intervals, at least one misses with probability about 30.2%")
def _(N):
    return holds(format_percent(1 - F(95, 100) ** 7) == "30.2%", "1 - 0.95^7")


@register.statement(
    "course.tournament-values", "From (16, 16) halving against halving is won by the first mover every time (16 "
    "halves to one in exactly four questions on each side); halving moving first against perfect play wins 1/2; "
    "perfect play moving first against halving wins 3/4.",
    lx5("Things to notice: halving against halving (not in the table) is won by the first mover **every time** from "
        "$(16, 16)$, because the first player always gets down to one suspect first."),
    lx5("Moving first against perfect play, halving still wins half the time."),
    title="From (16, 16): halving beats halving every time moving first; it wins 1/2 against perfect play, perfect "
          "play 3/4 against it")
def _(N):
    perfect = optimal("official", seed=1)
    return holds(evaluate(halving, halving, 16, 16) == 1 and evaluate(halving, perfect, 16, 16) == F(1, 2)
                 and evaluate(perfect, halving, 16, 16) == F(3, 4), "(16, 16)")


# ---- sentences that state nothing to check ---------------------------------------------------------------------------
register.not_statements(lesson_path("x5"), "a learning goal, a pointer to lesson 08 (registered there), a definition, "
                        "a prompt, a label or a description of a cell, a picture or the library",
                        "to run a **tournament** between strategies", "This extends core lesson [08 · play and "
                        "simulate]", "In lesson 08 the luck of every answer was zero **on average**, exactly.",
                        "But luck in *one* game is never zero: you win (1) or lose (0).", "The average of $g$ random "
                        "numbers wobbles around its true value", "$$ z = \\frac{\\text{average luck} - 0}"
                        "{\\text{standard error}} $$", "a whole number from 0 to 5", "one game from (20, 20): you "
                        "always halve", "After $g$ games with $w$ wins the observed **win rate**", "The library's "
                        "`wilson_interval(w, g)` gives a **95% confidence interval**", "Wilson, 1927, corrects the "
                        "simpler", "a width, e.g. 0.1", "The picture shows it in action:", "win rate of optimal "
                        "(first)", "observed rate, 95% interval", "Each interval contains the exact value with a "
                        "chance of about 95%", "`tournament(strategies, rules, N, games, seed)` plays", "Besides the "
                        "optimal strategy and halving, the library has two simpler ones:", "(The optimal strategy "
                        "breaks ties between equally good moves at random;", "a whole number", "About 95% of the "
                        "exact values should lie inside their intervals:", "A **tournament** plays every ordered pair "
                        "of strategies")
register.not_statements(guide_path("x5"), "homework", "{{ex 2}} (level 3: how many games make an interval narrower "
                        "than 0.02)")
