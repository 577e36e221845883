"""How moves and fractions are written and read, and the colour each rule set is drawn in, in one place.

Cushing et al. write the question that splits n suspects into groups of k and n - k as ``[k : n-k]``; the
lessons and the play page write it ``1:3``; the command-line tables write a guess as ``G``; Python prints a move
as ``(1, 3)`` or ``GUESS``.  :func:`format_move` writes a move in any of these styles and :func:`parse_move`
reads every one of them back.

>>> from guesswho_lib.rules import GUESS
>>> format_move((1, 3)), format_move((1, 3), "bracket"), format_move(GUESS), format_move(GUESS, "table")
('1:3', '[1 : 3]', 'guess', 'G')
>>> parse_move("[1 : 3]"), parse_move("3:1"), parse_move("(1, 1, 2)"), parse_move("G")
((1, 3), (1, 3), (1, 1, 2), GUESS)
>>> format_fraction(Fraction(9, 16)), format_fraction(Fraction(2)), latex_fraction(Fraction(9, 16))
('9/16', '2', '\\\\frac{9}{16}')

A chance is printed as a percentage one way only, :func:`format_percent`: one decimal, rounded half up on the exact
value (9/16 is 56.25%, printed 56.3%; Python's ``f"{0.5625:.1%}"`` rounds half to even and prints 56.2%, and
JavaScript's ``toFixed`` differs again).  The PDFs, the pages, the teacher's page and the lessons all call it.
"""

from __future__ import annotations

import re
from fractions import Fraction

from .arguments import check_int, short_repr
from .moves import normalise_move
from .records import GUESS, get_rules

__all__ = ["MOVE_STYLES", "format_move", "parse_move", "format_fraction", "latex_fraction", "RULE_COLOURS",
           "format_percent", "round_half_up", "plural"]

#: The colour of each rule set in every plot and widget (matplotlib's colour cycle); another rule set takes the next
#: free one.
RULE_COLOURS = {"official": "C0", "nica": "C1", "tripartite": "C2", "merciful": "C3"}

#: style -> (how a guess is written, how a split is written from its group sizes)
MOVE_STYLES = {
    "colon": ("guess", lambda groups: ":".join(groups)),                     # 1:3, 3:3:4 (lessons, play page)
    "bracket": ("guess", lambda groups: "[" + " : ".join(groups) + "]"),     # [1 : 3] (as in Cushing et al.)
    "table": ("G", lambda groups: ":".join(groups)),                         # G, 1:3 (command-line tables)
    "python": ("GUESS", lambda groups: "(" + ", ".join(groups) + ")"),       # GUESS, (1, 3) (as Python prints it)
}

#: The words read as a guess, in any case: how each style writes one.
_GUESS_WORDS = frozenset(guess.casefold() for guess, _ in MOVE_STYLES.values())

# group sizes separated by ':' or ',' (or '+', as a student may write a split), with any spaces, inside [] or ()
# or bare; at least two groups
_GROUPS = r"\s*(\d+(?:\s*[:,+]\s*\d+)+)\s*"
_SPLIT = re.compile(rf"\[{_GROUPS}\]|\({_GROUPS}\)|{_GROUPS}")
_SEPARATOR = re.compile(r"\s*[:,+]\s*")


def format_move(move, style: str = "colon") -> str:
    """A move in words: ``GUESS`` or a tuple of group sizes, in one of :data:`MOVE_STYLES`."""
    try:
        guess, split = MOVE_STYLES[style]
    except (KeyError, TypeError):
        raise ValueError(f"style must be one of {sorted(MOVE_STYLES)}, got {style!r}") from None
    return guess if move is GUESS else split([str(int(g)) for g in move])


def parse_move(text: str, n: int | None = None, rules=None):
    """The move a text writes, in any of :data:`MOVE_STYLES` (the inverse of :func:`format_move`): ``GUESS`` or
    the tuple of group sizes, sorted.

    Accepted: ``"1:3"``, ``"1 : 3"``, ``"[1 : 3]"``, ``"(1, 3)"``, ``"3:1"``, ``"1:1:2"``, and ``"guess"``,
    ``"G"`` or ``"GUESS"`` in any case, with spaces around.  Given ``n`` and ``rules`` (a name or a
    :class:`~.records.Rules`), the move must also be legal for a player with n suspects under those rules.

    >>> parse_move("2:2", 4, "official")
    (2, 2)
    >>> parse_move("1:1:2", 4, "official")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: text '1:1:2' is not a legal move with n = 4 under the 'official' rules: ... has 3 groups; ...
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a string such as '1:3' or 'guess', got {short_repr(text)} "
                        f"of type {type(text).__name__}")
    if (n is None) != (rules is None):
        raise ValueError("n and rules go together: give both to check that the move is legal, or neither")
    t = text.strip()
    if t.casefold() in _GUESS_WORDS:
        move = GUESS
    else:
        m = _SPLIT.fullmatch(t)
        if m is None:
            raise ValueError(f"text must be a move such as '1:3', '[1 : 3]', '(1, 3)' or 'guess', "
                             f"got {short_repr(text)}")
        groups = next(g for g in m.groups() if g is not None)
        try:
            move = tuple(sorted(int(g) for g in _SEPARATOR.split(groups)))
        except ValueError:          # a group with more digits than Python reads into an int
            raise ValueError(f"text has a group of more digits than a number of suspects can have, got "
                             f"{short_repr(text)}") from None
    if n is None:
        return move
    n, rules = check_int(n, "n"), get_rules(rules)
    try:
        return normalise_move(move, n, rules)
    except ValueError as e:
        raise ValueError(f"text {text!r} is not a legal move with n = {n} under the {rules.name!r} rules: {e}") \
            from None


def format_fraction(x) -> str:
    """A fraction as a short string: '9/16', '1', '0'."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def latex_fraction(x) -> str:
    """A fraction as LaTeX, e.g. ``\\frac{9}{16}``."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else rf"\frac{{{x.numerator}}}{{{x.denominator}}}"


def round_half_up(x, places: int = 0) -> Fraction:
    """``x`` rounded to ``places`` decimals, halves away from zero, computed on the exact value (a float is taken
    as the exact number it stores).

    >>> round_half_up(Fraction(113, 2)), round_half_up(Fraction(-5, 2)), round_half_up(0.125, 2)
    (Fraction(57, 1), Fraction(-3, 1), Fraction(13, 100))
    """
    places = check_int(places, "places", 0, 12)
    x = Fraction(x)
    scale = 10 ** places
    units = (abs(x) * scale + Fraction(1, 2)).__floor__()
    return Fraction(units if x >= 0 else -units, scale)


def format_percent(x, places: int = 1) -> str:
    """A chance ``x`` (a Fraction, an int or a float) as a percentage with ``places`` decimals, rounded half up on
    the exact value: the one way the project prints a percentage.

    >>> [format_percent(x) for x in (Fraction(9, 16), Fraction(5, 8), Fraction(2, 3), 1)]
    ['56.3%', '62.5%', '66.7%', '100.0%']
    >>> format_percent(Fraction(5, 9), 0)
    '56%'
    """
    value = round_half_up(Fraction(x) * 100, places)
    return f"{float(value):.{places}f}%" if places else f"{int(value)}%"


def plural(count: int, one: str, many: str | None = None) -> str:
    """``count`` with its noun, singular or plural: ``plural(1, "game")`` is '1 game', ``plural(0, "game")`` is
    '0 games', ``plural(2, "match", "matches")``.

    >>> plural(1, "move"), plural(3, "move"), plural(0, "player")
    ('1 move', '3 moves', '0 players')
    """
    count = check_int(count, "count", 0)
    return f"{count} {one if count == 1 else (many or one + 's')}"
