"""An independent solver for the exam papers' answers, written here from the rules alone (not the library): the
official rules, Nica's race-to-one rules and paradox questions (Cushing et al., equation (1) and section 3), the
binomial distribution, and the course's board read straight from its data file.  The tests recompute every answer
of both papers with it and compare them with the mark schemes."""

from __future__ import annotations

import csv
import math
from fractions import Fraction as F
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _splits(n: int, parts: int):
    """Every way to write n as parts positive group sizes, sorted (a <= b <= ...)."""
    if parts == 1:
        yield (n,)
        return
    for a in range(1, n // parts + 1):
        for rest in _splits(n - a, parts - 1):
            if rest[0] >= a:
                yield (a,) + rest


@lru_cache(maxsize=None)
def official(n: int, m: int) -> F:
    """The mover's chance at (n, m): guess (1/n) or ask (the opponent moves at (m, group))."""
    if n == 1:
        return F(1)
    return max([F(1, n)] + [official_move(n, m, s) for s in _splits(n, 2)])


def official_move(n: int, m: int, split) -> F:
    if split == "G":
        return F(1, n)
    return 1 - sum(F(g, n) * official(m, g) for g in split)


@lru_cache(maxsize=None)
def race(n: int, m: int) -> F:
    """Nica's race to one: no guessing; down to one suspect wins at once."""
    if n == 1:
        return F(1)
    if m == 1:
        return F(0)
    return max(race_move(n, m, s) for s in _splits(n, 2))


def race_move(n: int, m: int, split) -> F:
    return 1 - sum(F(g, n) * race(m, g) for g in split)


def race_best(n: int, m: int) -> set:
    top = race(n, m)
    return {s for s in _splits(n, 2) if race_move(n, m, s) == top}


@lru_cache(maxsize=None)
def paradox(n: int, m: int) -> F:
    """The official rules with paradox questions: a question may split the suspects into three groups."""
    if n == 1:
        return F(1)
    moves = [F(1, n)] + [paradox_move(n, m, s) for k in (2, 3) for s in _splits(n, k)]
    return max(moves)


def paradox_move(n: int, m: int, split) -> F:
    return 1 - sum(F(g, n) * paradox(m, g) for g in split)


def official_best(n: int, m: int) -> set:
    top = official(n, m)
    out = {s for s in _splits(n, 2) if official_move(n, m, s) == top}
    return out | ({"G"} if F(1, n) == top else set())


def at_least(N: int, k: int, p: F) -> F:
    """P(X >= k) for X ~ B(N, p)."""
    return sum((math.comb(N, r) * p ** r * (1 - p) ** (N - r) for r in range(k, N + 1)), F(0))


def sig(x: F, figures: int = 3) -> str:
    """x to 3 significant figures, as a calculator shows it (x between 0.1 and 1)."""
    places = figures - 1 - math.floor(math.log10(x))
    return f"{round(float(x), places):.{places}f}"


def frac(x: F) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def pct(x: F) -> str:
    tenths = math.floor(x * 1000 + F(1, 2))
    return f"{tenths // 10}.{tenths % 10}%"


def board_people() -> dict:
    """name -> the set of traits, read from the course's board data (hair and eyes become 'brown hair', ...)."""
    out = {}
    with open(ROOT / "guesswho_lib" / "data" / "characters.csv", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            traits = {f"{row['hair']} hair" if row["hair"] != "bald" else "bald", f"{row['eyes']} eyes"}
            traits |= {k.replace("_", " ") for k, v in row.items() if v == "1"}
            out[row["name"]] = traits
    return out
