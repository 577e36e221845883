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
                                  ``best-value`` its value, ``worst`` the worst trait question, ``worst-value``;
                                  ``best-yes`` the chance its answer is yes, ``best-one`` the chance of one named
                                  person given a yes
================================  ==========================================================================

The exam questions, summaries and exit tickets (:mod:`.assessment`) use a few more:

================================  ==========================================================================
``{{yes 1 3}}``                   the chance a question about 1 of 3 suspects is answered yes (one branch of
                                  the tree, :func:`guesswho_lib.outcomes`)
``{{cost 4 4 G}}``                what a move costs at (4, 4): P(4, 4) minus the move's value
``{{gain 8 3}}``                  P(8, 3) with a third answer (tripartite) minus P(8, 3) under the official rules
``{{weeds 40 5}}`` / ``level``    Nica's region of (40, 5) ("in the weeds" / "upper hand") and its level k
``{{bid 40 5}}``                  Nica's optimal bid b*(40, 5) (Theorem 1.1)
``{{doubling 3 2 1}}``            P(3 * 2, 2 * 2) under Nica's rules: the board (3, 2) doubled once
``{{step 3 2 1}}``                {{doubling 3 2 2}} minus {{doubling 3 2 1}}
``{{ratio 3 2}}``                 the ratio of successive differences of P along the doublings of (3, 2)
``{{limit 3 2}}``                 the continuous game's value at (3, 2) (Nica, section 3): where they go
``{{nearer 24 23}}``              which start, (24, 24) or (23, 23), gives the first player a chance nearer one half
``{{coin 24}}``                   the chance that player A wins (24, 24) when a fair coin decides who starts;
                                  ``{{given 24}}`` the chance A started, given that A won
``{{mean 1000 4 4 1:3}}``         the expected wins in 1000 games of that move at (4, 4), optimal play after
``{{binom 10 6 4 4 1:3}}``        P(X >= 6) for X ~ B(10, p), p the move's exact chance, to 4 decimal places
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

from guesswho_lib.rules import format_fraction, format_move, format_percent, parse_move, round_half_up
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
            "people": len(s.everyone), "traits": len(qs), "questions": tuple(first_questions(s)),
            "best-yes": yes_chance(best.sizes[0], len(s.everyone)),
            "best-one": Fraction(1, len(s.everyone)) / yes_chance(best.sizes[0], len(s.everyone))}


def yes_chance(a: int, n: int) -> Fraction:
    """The chance that a question about ``a`` of ``n`` suspects is answered yes (the first branch of the tree)."""
    from guesswho_lib import outcomes
    if not 1 <= a < n:
        raise ValueError(f"expects 1 <= a < n, got a = {a}, n = {n}")
    return next(chance for chance, after in outcomes(n, n, (a, n - a), "official") if after == (n, a))


def doubling(n: int, m: int, j: int) -> Fraction:
    """P(n 2^j, m 2^j) under Nica's rules: the board (n, m) doubled j times (Nica, Theorem 1.1)."""
    return P(n * 2 ** j, m * 2 ** j, "nica")


def coin_start(N: int) -> tuple[Fraction, Fraction]:
    """Both players have N suspects and a fair coin decides who starts: (the chance A wins, the chance A started
    given that A won), by the law of total probability and the definition of conditional probability."""
    half = Fraction(1, 2)
    first = P(N, N)
    wins = half * first + half * (1 - first)
    return wins, half * first / wins


def binomial_at_least(N: int, k: int, p: Fraction) -> Fraction:
    """P(X >= k) for X ~ B(N, p), exact."""
    return sum((Fraction(math.comb(N, r)) * p ** r * (1 - p) ** (N - r) for r in range(k, N + 1)), Fraction(0))


def _decimal(x: Fraction) -> str:
    """An exact value as a terminating decimal when it is one (562.5), else as a fraction."""
    for places in range(7):
        if (x * 10 ** places).denominator == 1:
            return f"{float(x):.{places}f}"
    return format_fraction(x)


def _move_value(args: list[str], what: str) -> Fraction:
    args, rules = _rules(args)
    if len(args) != 3:
        raise ValueError(f"expects {what}n m move, got {' '.join(args)}")
    n, m = _ints(args[:2], 2, "n m")
    return value(n, m, parse_move(args[2], n, rules), rules)


def _compute_more(name: str, args: list[str]) -> str:
    from guesswho_lib.papers import nica
    if name == "yes":
        return format_fraction(yes_chance(*_ints(args, 2, "a n")))
    if name == "cost":
        n, m = _ints(args[:2], 2, "n m")
        return format_fraction(P(n, m, _rules(args)[1]) - _move_value(args, ""))
    if name == "gain":
        n, m = _ints(args, 2, "n m")
        return format_fraction(P(n, m, "tripartite") - P(n, m))
    if name in ("weeds", "level"):
        where, k = nica.region(*_ints(args, 2, "n m"))
        return where if name == "weeds" else str(k)
    if name == "bid":
        return str(nica.bold_bid(*_ints(args, 2, "n m")))
    if name == "doubling":
        return format_fraction(doubling(*_ints(args, 3, "n m j")))
    if name == "step":
        n, m, j = _ints(args, 3, "n m j")
        return format_fraction(doubling(n, m, j + 1) - doubling(n, m, j))
    if name == "nearer":
        a, b = _ints(args, 2, "N N")
        N = min((a, b), key=lambda N: (abs(P(N, N) - Fraction(1, 2)), N))
        return f"({N}, {N})"
    if name == "ratio":
        n, m = _ints(args, 2, "n m")
        d = [doubling(n, m, j + 1) - doubling(n, m, j) for j in range(2)]
        return format_fraction(d[1] / d[0])
    if name == "limit":
        return format_fraction(nica.p_inf(*_ints(args, 2, "n m")))
    if name in ("coin", "given"):
        (N,) = _ints(args, 1, "N")
        return format_fraction(coin_start(N)[name == "given"])
    if name == "mean":
        (N,) = _ints(args[:1], 1, "N")
        return _decimal(N * _move_value(args[1:], "N "))
    if name == "binom":
        N, k = _ints(args[:2], 2, "N k")
        p = binomial_at_least(N, k, _move_value(args[2:], "N k "))
        return f"{float(round_half_up(p, 4)):.4f}"
    raise ValueError(f"unknown name {name!r}; names are P, pct, value, best, questions, log, band, handicap, fair, "
                     "board, " + ", ".join(MORE))


#: the names of :func:`_compute_more`
MORE = ("yes", "cost", "gain", "weeds", "level", "bid", "doubling", "step", "nearer", "ratio", "limit", "coin",
        "given", "mean", "binom")


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
    return _compute_more(name, args)


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
