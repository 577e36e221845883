"""How moves and fractions are written, in one place.

Cushing et al. write the question that splits n suspects into groups of k and n - k as ``[k : n-k]``; the
lessons and the play page write it ``1:3``; the command-line tables write a guess as ``G``.

>>> from guesswho_lib.rules import GUESS
>>> format_move((1, 3)), format_move((1, 3), "bracket"), format_move(GUESS), format_move(GUESS, "table")
('1:3', '[1 : 3]', 'guess', 'G')
>>> format_fraction(Fraction(9, 16)), format_fraction(Fraction(2)), latex_fraction(Fraction(9, 16))
('9/16', '2', '\\\\frac{9}{16}')
"""

from __future__ import annotations

from fractions import Fraction

from .records import GUESS

__all__ = ["MOVE_STYLES", "format_move", "format_fraction", "latex_fraction"]

#: style -> (how a guess is written, how a split is written from its group sizes)
MOVE_STYLES = {
    "colon": ("guess", lambda groups: ":".join(groups)),                     # 1:3, 3:3:4 (lessons, play page)
    "bracket": ("guess", lambda groups: "[" + " : ".join(groups) + "]"),     # [1 : 3] (as in Cushing et al.)
    "table": ("G", lambda groups: ":".join(groups)),                         # G, 1:3 (command-line tables)
}


def format_move(move, style: str = "colon") -> str:
    """A move in words: ``GUESS`` or a tuple of group sizes, in one of :data:`MOVE_STYLES`."""
    try:
        guess, split = MOVE_STYLES[style]
    except (KeyError, TypeError):
        raise ValueError(f"style must be one of {sorted(MOVE_STYLES)}, got {style!r}") from None
    return guess if move is GUESS else split([str(int(g)) for g in move])


def format_fraction(x) -> str:
    """A fraction as a short string: '9/16', '1', '0'."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def latex_fraction(x) -> str:
    """A fraction as LaTeX, e.g. ``\\frac{9}{16}``."""
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else rf"\frac{{{x.numerator}}}{{{x.denominator}}}"
