"""Cushing et al.'s formulas written out in LaTeX from the very code that checks them, so the two cannot drift.

The thirds of Theorem 3.1 come from :func:`.strategy.thirds_blocks` (the data behind :func:`.strategy.thirds` and
:func:`.strategy.thirds_as_printed`), the cases of B(n, m) from :data:`.b_formulas.B_CASES` and
:data:`.b_formulas.B_CASES_CORRECTED` (the functions :func:`.b_formulas.B_printed` and :func:`.b_formulas.B_corrected`
evaluate): each is evaluated once on sympy symbols n and m and a symbolic exponent k, whose powers 3^(k-2), ...
stay as the paper writes them, and printed with ``sympy.latex``.  sympy is imported only here, when a formula is
written out.  ``tests/papers/test_tripartite.py`` evaluates every formula written out at integer points against the
code.
"""

from __future__ import annotations

from .b_formulas import B_CASES, B_CASES_CORRECTED
from .strategy import thirds_blocks

__all__ = ["thirds_latex", "b_case_latex", "symbols", "Exponent", "at", "POWERS", "thirds_sums", "b_case_values"]

_PARTS = ("n_{<}", r"n_{\circ}", "n_{>}")


class Exponent:
    """A symbolic exponent (a sympy expression in k): arithmetic on it stays an exponent, and ``3 ** e`` is the
    positive symbol named ``3^{e}``, so a formula keeps the paper's powers of 3 instead of sympy's 3^k/9."""

    def __init__(self, expr):
        self.expr = expr

    @staticmethod
    def _of(x):
        return x.expr if isinstance(x, Exponent) else x

    def __add__(self, other):
        return Exponent(self.expr + self._of(other))

    __radd__ = __add__

    def __sub__(self, other):
        return Exponent(self.expr - self._of(other))

    def __rsub__(self, other):
        return Exponent(self._of(other) - self.expr)

    def __mul__(self, other):
        return Exponent(self.expr * self._of(other))

    __rmul__ = __mul__

    def __rpow__(self, base):
        if base != 3:
            raise TypeError(f"only powers of 3 are written out, got {base!r} ** exponent")
        import sympy
        power = sympy.Symbol(f"3^{{{sympy.latex(self.expr)}}}", positive=True, integer=True)
        POWERS[power] = self.expr
        return power


#: Every power of 3 written out so far, and its exponent (an expression in k): how :func:`at` evaluates a formula.
POWERS: dict = {}


def at(expr, **values):
    """The value of a written-out formula at integers (``n=..., m=..., k=...``): each power 3^{e} becomes 3**e(k).

    >>> n, m, k, _ = symbols()
    >>> at(n + 3 ** (k - 2), n=10, k=3)
    13
    """
    import sympy
    k = values.pop("k", None)
    subs = {s: values[s.name] for s in expr.free_symbols if s.name in values}
    if k is not None:
        ksym = sympy.Symbol("k", integer=True, positive=True)
        subs.update({p: sympy.Integer(3) ** e.subs(ksym, k) for p, e in POWERS.items() if p in expr.free_symbols})
    return expr.subs(subs)


def symbols():
    """The symbols (n, m, k, i) the formulas are written in: sympy integers n, m (positive) and i (from 0), and k as
    an :class:`Exponent`."""
    import sympy
    n, m, k = sympy.symbols("n m k", integer=True, positive=True)
    return n, m, Exponent(k), sympy.Symbol("i", integer=True, nonnegative=True)


def thirds_sums(printed: bool = False) -> tuple:
    """The three sums defining (n_<, n_o, n_>) of Theorem 3.1 as sympy ``Sum`` objects, from :func:`thirds_blocks`."""
    import sympy
    n, _, k, i = symbols()
    d, blocks = thirds_blocks(k, printed=printed)
    return tuple(sympy.Sum(sympy.floor((n + i) / d), (i, lo, hi - 1)) for lo, hi in blocks)


def thirds_latex(printed: bool = False) -> tuple[str, str, str]:
    """The three sums defining (n_<, n_o, n_>) of Theorem 3.1 (k = floor(log_3 n)), as printed or corrected, each
    as one LaTeX equation ``n_{<} = \\sum ...``."""
    import sympy
    return tuple(f"{name} = {sympy.latex(s)}" for name, s in zip(_PARTS, thirds_sums(printed)))


def _range(lo, hi, var: str) -> str:
    import sympy
    if hi is not None and sympy.simplify(hi - lo) == 0:
        return f"{var} = {sympy.latex(lo)}"
    return f"{sympy.latex(lo)} \\le {var}" + (f" \\le {sympy.latex(hi)}" if hi is not None else "")


def b_case_values(numeral: str, printed: bool = True) -> list[tuple]:
    """The pieces of case ``numeral`` of B(n, m), as printed or corrected: ``(value, (n_lo, n_hi), (m_lo, m_hi))``
    written on the symbols of :func:`symbols` (m_hi None: no bound)."""
    cases = {c.numeral: c for c in (B_CASES if printed else B_CASES_CORRECTED)}
    try:
        case = cases[numeral]
    except KeyError:
        raise ValueError(f"numeral must be one of {', '.join(cases)}, got {numeral!r}") from None
    n, m, k, _ = symbols()
    return [(piece.formula(n, m, k), piece.n_range(k), piece.m_range(k)) for piece in case.pieces]


def b_case_latex(numeral: str, printed: bool = True) -> str:
    """Case ``numeral`` ("ii", ...) of B(n, m) in Appendix A, as printed or corrected, as one LaTeX ``cases``
    display (each piece with its ranges of n and m, with k such that 3^(k-1) < n <= 3^k)."""
    import sympy
    rows = [f"{sympy.latex(value)} & \\text{{if }} {_range(nl, nh, 'n')},\\ {_range(ml, mh, 'm')}"
            for value, (nl, nh), (ml, mh) in b_case_values(numeral, printed)]
    name = "B" if printed else "B'"
    return f"{name}(n, m) = \\begin{{cases}} " + r" \\ ".join(rows) + r" \end{cases}"
