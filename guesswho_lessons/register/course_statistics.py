"""The lessons' own statements about luck and simulation (lesson x5, its worked solutions and its part of the teacher's
guide), each anchored to its sentences and checked: exactly where the statement is exact (the Wilson interval, the
normal distribution, the exact values of strategies), and on the lesson's own simulation where it is about one (its
default experiments, drawn from seeds chosen in advance)."""

from __future__ import annotations

import random
from fractions import Fraction
from statistics import NormalDist

from guesswho_lib.game.class_data import Z_95, activity_groups, inside_wilson, read_games, read_moves, sample_paths
from guesswho_lib.game.play import Game
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.simulate import wilson_interval
from guesswho_lib.game.strategies import halving, optimal
from guesswho_lib.game.walk import evaluate
from guesswho_lib.rules import format_percent
from .anchors import guide_path, in_guide, in_lesson, in_solution, lesson_path
from .facts import holds
from guesswho_lib.claims.registry import Register

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


# ---- section 4: a class's games as data ------------------------------------------------------------------------------
def _activity(games) -> list:
    """The lesson's own filter of the (4, 4) activity's games (the cell that makes ``activity``)."""
    return [g for g in games if g["rules"] == "official" and g["board"] == "4" and g["opponent"] == "optimal"
            and g["first"] == "you" and not g["left_out"]]


def _width(wins: int, games: int) -> float:
    low, high = wilson_interval(wins, games)
    return high - low


def _games_needed() -> int:
    """The lesson's loop: the fewest games (an even number, half of them won) whose interval is narrower than 1/16."""
    games = 2
    while _width(games // 2, games) >= 1 / 16:
        games += 2
    return games


@register.statement(
    "course.class-activity-values", "From (4, 4) under the official rules, against best play, asking about one suspect "
    "first (1:3) wins exactly 9/16 and splitting two and two (2:2) exactly 1/2: a difference of 1/16.",
    lx5("In lesson 02's activity (the classroom game of Cushing et al.), from $(4, 4)$ and against the computer"),
    lx5("The exact chances of winning are $\\frac{9}{16}$ and $\\frac12$."),
    gx5("then they read their own class's games as data, and see why a class's games cannot tell"),
    title="From (4, 4) the first question 1:3 wins 9/16, the question 2:2 wins 1/2")
def _(N):
    solution = cached_solution("official", 4)
    one, two = solution.value(4, 4, (1, 3)), solution.value(4, 4, (2, 2))
    return holds(one == F(9, 16) and two == F(1, 2) and one - two == F(1, 16), "the values of 1:3 and 2:2 at (4, 4)",
                 f"1:3 {one}, 2:2 {two}")


@register.statement(
    "course.class-intervals-wide", "With 40 to 52 games in a group and a win rate within 1/16 of 17/32 (midway "
    "between 9/16 and 1/2), Wilson's 95% interval is more than 1/4 wide (four times the difference 1/16) and "
    "contains both 9/16 and 1/2; the sample class's two groups (48 games each) contain both.",
    lx5("With about fifty games a group, each interval is more than a quarter wide, far wider than the difference"),
    lx5("With a class's fifty games a group, Wilson's intervals are too wide to tell $\\frac9{16}$ from $\\frac12$;"),
    gx5("With fifty games a group the interval is more than a quarter wide: the class's rate agrees with"),
    title="With about fifty games a group and a rate near 1/2, Wilson's intervals are wider than 1/4 and contain "
          "both 9/16 and 1/2")
def _(N):
    cases = [(w, g) for g in range(40, 53) for w in range(g + 1) if abs(F(w, g) - F(17, 32)) <= F(1, 16)]
    wide = [(w, g) for w, g in cases if _width(w, g) <= 0.25
            or not (inside_wilson(w, g, F(9, 16)) and inside_wilson(w, g, F(1, 2)))]
    groups = activity_groups(read_games(sample_paths()[0]))
    sample = all(g["games"] == 48 and inside_wilson(g["wins"], g["games"], F(9, 16))
                 and inside_wilson(g["wins"], g["games"], F(1, 2)) for g in groups)
    return holds(cases and not wide and sample, f"{len(cases)} groups of 40 to 52 games, and the sample class",
                 f"{wide[:3]}, the sample {groups}")


@register.statement(
    "course.class-games-needed", "With half of the games won, Wilson's 95% interval first gets narrower than 1/16 at "
    "980 games (counting even numbers of games): about a thousand games a group, about twenty times the sample "
    "class's 48.",
    lx5("games per group (half of them won) give an interval narrower than 1/16: about"),
    gx5("It takes about a thousand games a group to tell them apart; the recurrence settles it exactly."),
    title="About a thousand games a group make Wilson's interval narrower than 1/16")
def _(N):
    needed = _games_needed()
    return holds(needed == 980 and round(needed / 48) == 20, "the lesson's loop", f"{needed} games")


@register.statement(
    "course.wilson-exact", "Wilson's 95% interval for w wins in g games is exactly the set of p in [0, 1] with "
    "g (w/g - p)^2 <= z^2 p (1 - p), z = 1.95996... (the same z as wilson_interval); inside_wilson decides "
    "membership with fractions and agrees with the interval's ends (checked for every g up to 60, every w and every "
    "p = k/64 not within 1e-9 of an end).",
    lx5("Whether the expectation lies **inside** the interval is decided exactly, with fractions:"),
    lx5("$$ g\\left(\\frac wg - p\\right)^2 \\le z^2\\, p\\,(1 - p), $$"),
    lx5("so `inside_wilson` compares two fractions (with the same $z$ as `wilson_interval`, 1.95996...)"),
    lx5("whether each exact value lies inside is decided exactly, with"),
    status="proven", title="Wilson's interval is the set of p with g (w/g - p)^2 <= z^2 p (1 - p), decided exactly")
def _(N):
    z = float(Z_95)
    bad = []
    for g in range(1, 61):
        for w in range(g + 1):
            lo, hi = wilson_interval(w, g)
            centre, half = (w + z * z / 2) / (g + z * z), z * (w * (g - w) / g + z * z / 4) ** 0.5 / (g + z * z)
            if abs(centre - half - lo) > 1e-12 or abs(centre + half - hi) > 1e-12:
                bad.append(("z", w, g))
            for k in range(65):
                p = k / 64
                if min(abs(p - lo), abs(p - hi)) > 1e-9 and inside_wilson(w, g, F(k, 64)) != (lo <= p <= hi):
                    bad.append((w, g, F(k, 64)))
    return holds(not bad and round(z, 5) == 1.95996, "every g up to 60, every w, p = k/64", str(bad[:3]))


@register.statement(
    "course.class-export", "The export reads back exactly: chances and accuracies are fractions; each game's accuracy "
    "is the product over the student's moves of 1 - share (1 when every move was a best move), recomputed here from "
    "moves.csv; the lesson's filter finds the same two groups as activity_groups; in the sample class every 1:3 game "
    "scores exactly 1 and every 2:2 game 8/9 = 1 - (1/16)/(9/16).",
    lx5("the product over their moves of 1 minus the share of their chance the move gave away: 1 when every move was"),
    lx5("The moves file has every move with its exact value and label; the games file has each game's accuracy."),
    lx5("In the sample class every student played best after the first question, so a game of the 1:3 group"),
    lx5("A class's games are data: the export reads back exactly (fractions stay fractions)"),
    title="A class's export reads back exactly; the sample's accuracies are 1 (1:3) and 8/9 (2:2)")
def _(N):
    games_file, moves_file = sample_paths()
    games, moves = read_games(games_file), read_moves(moves_file)
    product = {}
    for mv in moves:
        if mv["player"] == "you":
            product[mv["game"]] = product.get(mv["game"], F(1)) * (1 - mv["share"])
    bad = [g["game"] for g in games if g["accuracy"] != product.get(g["game"], F(1))]
    exact = all(isinstance(g[c], F) for g in games for c in ("start_chance", "accuracy", "cost"))
    mine = _activity(games)
    counts = [len([g for g in mine if g["first_move"] == m]) for m in ("1:3", "2:2")]
    groups = activity_groups(games)
    scores = {m: {g["accuracy"] for g in mine if g["first_move"] == m} for m in ("1:3", "2:2")}
    two_two = 1 - F(1, 16) / F(9, 16)
    return holds(not bad and exact and counts == [g["games"] for g in groups] and scores == {"1:3": {1},
                 "2:2": {two_two}} and two_two == F(8, 9), "the sample class's games and moves",
                 f"games {bad[:3]}, groups {counts}, accuracies {scores}")


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
register.not_statements(lesson_path("x5"), "a piece of a printed line", "; 95% interval [")
register.not_statements(guide_path("x5"), "homework", "{{ ex('x5-games-needed') }} (level 3: how many games make an "
                                                      "interval narrower "
                        "than 0.02)")
