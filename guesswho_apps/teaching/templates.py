"""The kit's one templating engine: Jinja2, with the library's functions as the template's names.

Every text of the kit (the exam papers and their mark schemes, the summaries and the glossary, the worksheets, the
scheme of work) is a Jinja2 template whose numbers are expressions, computed when the kit is written::

    >>> render("At (4, 4) the best move is {{ best(4, 4) }}, worth {{ P(4, 4) }}; halving gives "
    ...        "{{ value(4, 4, '2:2') }} ({{ value(4, 4, '2:2') | pct }}).")
    'At (4, 4) the best move is 1:3, worth 9/16; halving gives 1/2 (50.0%).'

A :class:`~fractions.Fraction` prints as ``9/16`` (never as a decimal); ``| pct`` gives a percentage,
``| dp(3)`` and ``| sf(3)`` a decimal rounded half up on the exact value.  :data:`NAMES` lists the names; an
unknown name, a wrong argument or a syntax error is a ValueError naming the template's first words.

The teacher's guide (``guesswho_apps/data/guide/*.md``) is written the same way: ``{{ P(4, 4) }}``,
``{{ P(24, 24) | pct }}``, ``{{ value(4, 4, '2:2') }}``, ``{{ questions(24, lies=1) }}``, ``{{ board('start') }}``
(and ``{{ ex('02-every-exception') }}`` for one of the lesson's exercises, by its key: a name the guide adds).  A
call with a bad argument stops the text being written, naming the expression and what the argument may be::

    >>> render("At (0, 4) the mover has {{ P(0, 4) }}.")
    Traceback (most recent call last):
    ValueError: template 'At (0, 4) the mover has {{ P(0, 4) }}.': {{ P(0, 4) }}: n must be at least 1, got 0
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import lru_cache

import jinja2

from guesswho_lib.rules import format_fraction, format_percent, parse_move, round_half_up
from . import numbers

__all__ = ["NAMES", "FILTERS", "render", "decimal"]


def decimal(x, places: int) -> str:
    """``x`` rounded half up to ``places`` decimal places, on its exact value ("0.490")."""
    return f"{float(round_half_up(Fraction(x), places)):.{places}f}"


def significant(x, figures: int = 3) -> str:
    """``x`` (0 < |x|) rounded half up to ``figures`` significant figures, on its exact value ("0.619", "55.9")."""
    x = Fraction(x)
    if x == 0:
        return "0"
    places = figures - 1 - math.floor(math.log10(abs(x)))
    while places > 0 and round_half_up(abs(x), places) >= Fraction(10) ** (figures - places):
        places -= 1                                 # rounding carried into a new digit (0.9996 -> 1.00)
    return decimal(x, max(places, 0))


def _value(n, m, move, rules="official"):
    move = parse_move(move, n, rules) if isinstance(move, str) else move
    return numbers.value(n, m, move, rules)


def _best(n, m, rules="official") -> str:
    from guesswho_lib.rules import format_move
    return " or ".join(format_move(x) for x in numbers.best_moves(n, m, rules))


def _region(n, m) -> str:
    from guesswho_lib.papers.nica import region
    return region(n, m)[0]


def _level(n, m) -> int:
    from guesswho_lib.papers.nica import region
    return region(n, m)[1]


def _bid(n, m) -> int:
    from guesswho_lib.papers.nica import bold_bid
    return bold_bid(n, m)


def _p_inf(n, m) -> Fraction:
    from guesswho_lib.papers.nica import p_inf
    return p_inf(n, m)


def _band(which: str) -> Fraction:
    if which not in ("low", "high"):
        raise ValueError(f"band: expects 'low' or 'high', got {which!r}")
    return numbers.band()[which == "high"]


def _fair(N: int) -> int:
    from guesswho_lib.game.first_move import fairest_second_pool
    return fairest_second_pool(N).second


def _handicap(y: int) -> Fraction:
    from guesswho_lib.papers.nica import fair_handicap
    return fair_handicap(y)


def _board(key: str):
    facts = numbers.board_facts()
    if key not in facts or key == "questions":
        raise ValueError(f"board: expects one of {sorted(k for k in facts if k != 'questions')}, got {key!r}")
    return facts[key]


def _n_less(n: int) -> int:
    from guesswho_lib.papers.cushing import n_less
    return n_less(n)


def _nearer(a: int, b: int) -> str:
    N = min((a, b), key=lambda N: (abs(numbers.P(N, N) - Fraction(1, 2)), N))
    return f"({N}, {N})"


def _ratio(n: int, m: int) -> Fraction:
    d = [numbers.doubling(n, m, j + 1) - numbers.doubling(n, m, j) for j in range(2)]
    return d[1] / d[0]


#: The template's names: the library's numbers, each computed exactly when the text is written.
NAMES = {
    "P": numbers.P,                               # P(n, m, rules="official"): the mover's exact chance
    "value": _value,                              # value(n, m, "2:2" or "G", rules): a move's exact chance
    "best": _best,                                # best(n, m, rules): the optimal moves, "1:3" or "2:3 or 3:2"
    "yes": numbers.yes_chance,                    # yes(a, n): the chance a question about a of n is answered yes
    "questions": numbers.fewest_questions,        # questions(n, lies=0, unknowns=0, adaptive=True)
    "n_less": _n_less,                            # Theorem 2.1's group n_< (Cushing et al.)
    "region": _region, "level": _level,           # Nica's region of (n, m) and its level k
    "bid": _bid, "p_inf": _p_inf,                 # Nica's bold bid b*(n, m), the continuous game's value
    "band": _band, "fair": _fair, "handicap": _handicap,
    "board": _board,                              # the course's board: board("start"), board("best"), ...
    "doubling": numbers.doubling,                 # P(n 2^j, m 2^j) under Nica's rules
    "ratio": _ratio, "nearer": _nearer,
    "coin": lambda N: numbers.coin_start(N)[0], "given": lambda N: numbers.coin_start(N)[1],
    "binom_at_least": numbers.binomial_at_least,  # P(X >= k) for X ~ B(N, p), exact
    "halving_not_best": numbers.halving_not_best,
    "log2up": lambda n: math.ceil(math.log2(n)),
    "Fraction": Fraction, "min": min, "max": max,
}

FILTERS = {
    "pct": lambda x, places=1: format_percent(x, places),
    "dp": decimal, "sf": significant,
    "frac": format_fraction,
    "decimal": numbers.exact_decimal,
}


def _finalize(x):
    if isinstance(x, Fraction):
        return format_fraction(x)
    return x


_ENV = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=True,
                          finalize=_finalize)
_ENV.globals.update(NAMES)
_ENV.filters.update(FILTERS)


@lru_cache(maxsize=4096)
def _compile(text: str) -> jinja2.Template:
    return _ENV.from_string(text)


_EXPRESSION = re.compile(r"\{\{.*?\}\}", re.S)


def render(text: str, **variables) -> str:
    """``text`` as a Jinja2 template, rendered with :data:`NAMES` and ``variables``.  An error (a syntax error, an
    unknown name, a call with a bad argument) is a ValueError naming the template's first words and, when one
    expression alone fails so, that expression."""
    where = " ".join(text.split())[:60]
    try:
        return _compile(text).render(**variables)
    except (jinja2.TemplateError, ValueError, TypeError) as e:
        for expression in _EXPRESSION.findall(text):
            try:
                _compile(expression).render(**variables)
            except (jinja2.TemplateError, ValueError, TypeError) as alone:
                if str(alone) != str(e):        # (an expression that needs a loop's variable, say)
                    continue
                raise ValueError(f"template {where!r}: {' '.join(expression.split())}: {e}") from None
        raise ValueError(f"template {where!r}: {e}") from None
