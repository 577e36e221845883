"""Every number the teacher's guide and the worksheets print, computed by the library (never typed in).

The guide's text (``guesswho_apps/data/guide/*.md``) names numbers by placeholders in double braces, filled here:

================================  ==========================================================================
``{{P 4 4}}``                     P(4, 4), the mover's exact chance (official rules unless a rule set follows:
                                  ``{{P 24 24 tripartite}}``)
``{{pct 4 4}}``                   the same as a percentage ("56.3%", :func:`~guesswho_lib.rules.format_percent`)
``{{value 4 4 2:2}}``             the exact chance of playing the split 2:2 at (4, 4) ("G" for a guess)
``{{best 4 4}}``                  the optimal moves at (4, 4) ("1:3")
``{{questions 24}}``              the fewest questions always enough to find one of 24 (``lies=``, ``unknowns=``,
                                  ``fixed`` for questions written down in advance)
``{{band low}}`` / ``high``       Nica's band for the first player's chance with equal pools (section 1.2)
``{{handicap 24}}``               Nica's fair handicap factor c(24) (section 1.2)
``{{fair 24}}``                   the second player's pool that makes the game fairest when the first has 24
``{{board start}}``               the real board: the first player's chance; ``best`` the best first question,
                                  ``best-value`` its value, ``worst`` the worst trait question, ``worst-value``
================================  ==========================================================================

>>> fill("At (4, 4) the best move is {{best 4 4}}, worth {{P 4 4}}; halving gives {{value 4 4 2:2}}.")
'At (4, 4) the best move is 1:3, worth 9/16; halving gives 1/2.'
>>> fill("{{P 0 4}}")
Traceback (most recent call last):
ValueError: placeholder {{P 0 4}}: n must be at least 1, got 0
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from guesswho_lib.caches import bounded_lru_cache

from guesswho_lib.rules import format_fraction, format_move, format_percent, parse_move
from guesswho_lib.rules import GUESS, RULES
from guesswho_lib.game.solver import cached_solution
from guesswho_lib.game.any_size import P as exact_P

__all__ = ["PLACEHOLDER", "fill", "placeholders", "P", "value", "best_moves", "fewest_questions", "band",
           "board_facts", "p_table"]

#: ``{{name arg arg ...}}``
PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z]+)((?:\s+[^\s}]+)*)\s*\}\}")


def _rules(args: list[str]) -> tuple[list[str], str]:
    if args and args[-1] in RULES:
        return args[:-1], args[-1]
    return args, "official"


def _ints(args: list[str], count: int, what: str) -> list[int]:
    if len(args) != count or not all(a.isdigit() for a in args):
        raise ValueError(f"expects {count} whole numbers ({what}), got {' '.join(args) or 'nothing'}")
    return [int(a) for a in args]


def P(n: int, m: int, rules: str = "official") -> Fraction:
    """The mover's exact chance at (n, m) (Cushing et al., eq. (1.1)); the proven formulas for huge boards."""
    return exact_P(n, m, rules)


def value(n: int, m: int, move, rules: str = "official") -> Fraction:
    """The exact chance of playing ``move`` (GUESS or group sizes) at (n, m), optimal play afterwards."""
    return cached_solution(rules, max(n, m)).value(n, m, move)


def best_moves(n: int, m: int, rules: str = "official") -> tuple:
    """Every optimal move at (n, m), from the exact solver."""
    return cached_solution(rules, max(n, m)).optimal_moves(n, m)


def p_table(N: int, rules: str = "official") -> dict:
    """(n, m) -> P(n, m) for 1 <= n, m <= N (exact), from the solver."""
    t = cached_solution(rules, N)
    out = {}
    for n in range(1, N + 1):
        for m in range(1, N + 1):
            try:
                out[n, m] = t.P(n, m)
            except ValueError:            # nica's (1, 1) is unreachable
                pass
    return out


def fewest_questions(n: int, lies: int = 0, unknowns: int = 0, adaptive: bool = True) -> int:
    """The fewest yes/no questions always enough to find one of n (Paz & Peterfreund's setting)."""
    from guesswho_lib.imperfect import minimum_questions
    return minimum_questions(n, lies=lies, erasures=unknowns, adaptive=adaptive).value


def band() -> tuple[Fraction, Fraction]:
    """Nica's band: the first player's chance with equal pools tends to oscillate between these (section 1.2)."""
    from guesswho_lib.papers.nica import first_mover_range
    r = first_mover_range()
    return r.inf, r.sup


@bounded_lru_cache(1, "teaching.numbers: the board's facts")
def board_facts() -> dict:
    """The real board of faces (single-trait questions, official rules): start value, best and worst questions."""
    from guesswho_lib.board import cached_board_solution, first_questions
    s = cached_board_solution()
    qs = [q for q in first_questions(s) if q.sizes is not GUESS]
    best, worst = qs[0], qs[-1]
    return {"start": s.start, "best": best.text, "best-value": best.value, "best-sizes": format_move(best.sizes),
            "worst": worst.text, "worst-value": worst.value, "worst-sizes": format_move(worst.sizes),
            "people": len(s.everyone), "traits": len(qs), "questions": tuple(first_questions(s))}


def _pct(x: Fraction) -> str:
    return format_percent(x)


def _compute(name: str, args: list[str]) -> str:
    if name in ("P", "pct", "value", "best"):
        args, rules = _rules(args)
        if name == "value":
            if len(args) != 3:
                raise ValueError(f"expects n m move, got {' '.join(args)}")
            n, m = _ints(args[:2], 2, "n m")
            return format_fraction(value(n, m, parse_move(args[2], n, rules), rules))
        n, m = _ints(args, 2, "n m")
        if name == "best":
            return " or ".join(format_move(x) for x in best_moves(n, m, rules))
        p = P(n, m, rules)
        return format_fraction(p) if name == "P" else _pct(p)
    if name == "questions":
        opts = {"lies": 0, "unknowns": 0}
        adaptive = True
        rest = []
        for a in args:
            key, eq, val = a.partition("=")
            if eq and key in opts and val.isdigit():
                opts[key] = int(val)
            elif a == "fixed":
                adaptive = False
            else:
                rest.append(a)
        (n,) = _ints(rest, 1, "n")
        return str(fewest_questions(n, opts["lies"], opts["unknowns"], adaptive))
    if name == "log":
        (n,) = _ints(args, 1, "n")
        return str(math.ceil(math.log2(n)))
    if name == "band":
        if args not in (["low"], ["high"]):
            raise ValueError("expects low or high")
        return format_fraction(band()[args[0] == "high"])
    if name == "handicap":
        from guesswho_lib.papers.nica import fair_handicap
        (y,) = _ints(args, 1, "y")
        return format_fraction(fair_handicap(y))
    if name == "fair":
        from guesswho_lib.game.first_move import fairest_second_pool
        (n,) = _ints(args, 1, "n")
        return str(fairest_second_pool(n).second)
    if name == "board":
        facts = board_facts()
        if len(args) != 1 or args[0] not in facts or args[0] == "questions":
            raise ValueError(f"expects one of {sorted(k for k in facts if k != 'questions')}")
        v = facts[args[0]]
        return format_fraction(v) if isinstance(v, Fraction) else str(v)
    raise ValueError(f"unknown name {name!r}; "
                     "names are P, pct, value, best, questions, log, band, handicap, fair, board")


def placeholders(text: str) -> list[str]:
    """Every placeholder in ``text``, as written."""
    return [m.group(0) for m in PLACEHOLDER.finditer(text)]


def fill(text: str) -> str:
    """``text`` with every ``{{...}}`` placeholder replaced by the number the library computes for it."""
    def one(match):
        try:
            return _compute(match.group(1), match.group(2).split())
        except ValueError as e:
            raise ValueError(f"placeholder {match.group(0)}: {e}") from None
    out = PLACEHOLDER.sub(one, text)
    if "{{" in out or "}}" in out:
        bad = out[max(out.find("{{"), 0):][:40]
        raise ValueError(f"a placeholder is not of the form {{{{name args}}}}: {bad!r}")
    return out
