"""Cushing et al., Appendix A: Lemma A.2, Phi(n) and the 25 piecewise formulas B(n, m), as printed and corrected.

Writing A(n, m) = n*m*P(n, m) under the tripartite rules, Appendix A states A(n, m) = B(n, m), where B is given
by 25 cases (i)-(xxv) on boxes of the (n, m) plane described in powers of 3 (k with 3^(k-1) < n <= 3^k).
Each case is data here (:class:`BCase` made of :class:`BPiece` s): its n-range, m-range and formula, written so
that it works on numpy arrays and on single integers alike.  :data:`B_CASES` is the text AS PRINTED,
:data:`B_CASES_CORRECTED` has cases (ii) and (xv) repaired; :func:`B_printed` and :func:`B_corrected` evaluate
them at one state.  The claims (ids ``tripartite.B.*``, ``tripartite.lemmaA*``) are in
:mod:`guesswho_lib.claims.statements.tripartite`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...rules import check_int
from .strategy import ceil_log3

__all__ = ["lemma_a2", "phi", "BPiece", "BCase", "B_CASES", "B_TEXT", "B_CASES_CORRECTED", "B_printed",
           "B_corrected"]


def lemma_a2(n, m):
    """A(n, m) by Lemma A.2 (Appendix A), or None outside its four cases.

    A(1, m) = m;  A(n, 1) = 1 (n > 1);  A(2, m) = 2m - 2 and A(3, m) = 3m - 3 (m >= 2).

    >>> lemma_a2(1, 7), lemma_a2(5, 1), lemma_a2(2, 9), lemma_a2(3, 9), lemma_a2(4, 4)
    (7, 1, 16, 24, None)
    """
    n, m = check_int(n, "n", 1), check_int(m, "m", 1)
    if n == 1:
        return m
    if m == 1:
        return 1
    if n in (2, 3):
        return n * m - n
    return None


def phi(n) -> int:
    """Phi(n) = 3^(k-1) (1 + 5n - 3^k - 2 floor((n+1)/2)) for 3^(k-1) < n <= 3^k (Appendix A, before B).

    Lemma A.4: A(n, m) = Phi(m) whenever m <= 3^(k-2) < 3^(k-1) < n.  The formula needs n >= 2
    (k >= 1); for n = 1 it gives 3^(-1) * 3 = 1 = A(n', 1), which we return.

    >>> [phi(n) for n in range(1, 11)]
    [1, 6, 9, 24, 33, 48, 57, 72, 81, 126]
    """
    n = check_int(n, "n", 1)
    if n == 1:
        return 1
    k = ceil_log3(n)
    return 3 ** (k - 1) * (1 + 5 * n - 3 ** k - 2 * ((n + 1) // 2))


def _p3(e):
    """3**e, as a Fraction when e < 0 (case (ii) uses 3^(k-4) with k = 3); for a symbolic exponent (a sympy
    expression, when :mod:`.latex` writes a formula out) the power itself."""
    if not isinstance(e, int):
        return 3 ** e          # a symbolic exponent knows how to write its power
    return 3 ** e if e >= 0 else Fraction(1, 3 ** (-e))


@dataclass(frozen=True)
class BPiece:
    """One formula of B(n, m) on the box n_range(k) x m_range(k) (inclusive; m_hi None = no bound)."""

    label: str
    n_range: object        # k -> (lo, hi)
    m_range: object        # k -> (lo, hi or None)
    formula: object        # (n, m, k) -> value; n, m may be numpy arrays

    def box(self, k: int, N: int):
        nl, nh = self.n_range(k)
        ml, mh = self.m_range(k)
        return nl, min(nh, N), ml, min(mh, N) if mh is not None else N


@dataclass(frozen=True)
class BCase:
    """A numbered case of B(n, m) (Appendix A), made of one or more pieces."""

    numeral: str
    pieces: tuple


def _case(numeral, *pieces):
    return BCase(numeral, tuple(BPiece(*p) for p in pieces))


def _k(k):
    """(3^k, 3^(k-1), 3^(k-2), 3^(k-3), 3^(k-4)) for the B formulas."""
    return _p3(k), _p3(k - 1), _p3(k - 2), _p3(k - 3), _p3(k - 4)


def _f3(n):
    return (n - 1) // 3


def _phi_array(m):
    m = np.asarray(m)
    return np.vectorize(phi, otypes=[np.int64])(m) if m.size else m.astype(np.int64)


# n ranges (with K = 3^k, a = 3^(k-1), b = 3^(k-2), c = 3^(k-3)), as printed.
def _n_all(k):                 # 1 + 3^(k-1) <= n <= 3^k
    return 1 + 3 ** (k - 1), 3 ** k


def _n_all_gt(k):              # 1 + 3^(k-1) < n <= 3^k
    return 2 + 3 ** (k - 1), 3 ** k


def _n_first(k):               # 1 + 3^(k-1) < n <= 3^(k-1) + 3^(k-2)
    return 2 + 3 ** (k - 1), 3 ** (k - 1) + 3 ** (k - 2)


def _m_low(k):                 # 1 + 3^(k-2) < m <= 3^(k-1)
    return 2 + 3 ** (k - 2), 3 ** (k - 1)


def _m_mid(k):                 # 1 + 3^(k-1) <= m < 3^(k-1) + 3^(k-2)
    return 1 + 3 ** (k - 1), 3 ** (k - 1) + 3 ** (k - 2) - 1


def _formula_x(n, m, k):       # (x), (xi), (xvi), (xvii)
    K, a, b, c, d = _k(k)
    return m * a + (m - 1) // 3 * (n - 4 * b) + n - c * (n + 12 + 2 * b)


def _formula_v(n, m, k):       # (v), (vi)
    K, a, b, c, d = _k(k)
    f = _f3(n)
    return (n - 1 + c - f) * m + 4 * c * f + c * (-3 * n + 4 + 2 * c)


def _formula_viii(n, m, k):    # (viii), (ix), (xv)
    K, a, b, c, d = _k(k)
    return m * a + b * (n - 2 * a)


def _formula_xix(n, m, k):     # (xix), (xx)
    K, a, b, c, d = _k(k)
    return (n - a) * m + a * (2 * a - n)


def _formula_xxi(n, m, k):     # (xxi), (xxii)
    K, a, b, c, d = _k(k)
    f = _f3(n)
    return (n + b - 1 - f) * m + b * (-3 * n + 4 + 2 * b + 4 * f)


def _B_ii(parts):
    """Case (ii), m = 1 + 3^(k-2): four formulas in n."""
    ranges = (lambda k: (1 + 3 ** (k - 1), 3 ** (k - 1) + 3 ** (k - 2)),
              lambda k: (3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1)),
              lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2)),
              lambda k: (2 * 3 ** (k - 1) + 3 ** (k - 2), 3 ** k))
    m_one = lambda k: (1 + 3 ** (k - 2), 1 + 3 ** (k - 2))
    return [(f"(ii{'abcd'[i]})", ranges[i], m_one, parts[i]) for i in range(4)]


def _B_iii(parts):
    """Case (iii), n = 1 + 3^(k-1): five formulas in m."""
    ranges = (lambda k: (1 + 3 ** (k - 2), 3 ** (k - 2) + 3 ** (k - 3)),
              lambda k: (3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 2)),
              lambda k: (2 * 3 ** (k - 2), 2 * 3 ** (k - 2) + 3 ** (k - 3)),
              lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 1)),
              lambda k: (2 * 3 ** (k - 1), None))
    n_one = lambda k: (1 + 3 ** (k - 1), 1 + 3 ** (k - 1))
    return [(f"(iii{'abcde'[i]})", n_one, ranges[i], parts[i]) for i in range(5)]


def _ii_a(n, m, k):
    K, a, b, c, d = _k(k)
    return n * b + b * (1 + c)


def _ii_b(n, m, k):
    K, a, b, c, d = _k(k)
    return (1 + 2 * d) * n - c * (1 - 13 * d)


def _ii_c(n, m, k):
    K, a, b, c, d = _k(k)
    return (-1 + 2 * d) * n + c * (11 + 13 * d)


def _ii_d(n, m, k):
    K, a, b, c, d = _k(k)
    return n - b * (1 - b)


def _iii_a(n, m, k):
    K, a, b, c, d = _k(k)
    return (1 + 2 * b) * m - b * (1 + b)


def _iii_b(n, m, k):
    K, a, b, c, d = _k(k)
    return 7 * m * c + c * (1 - 13 * c)


def _iii_c(n, m, k):
    K, a, b, c, d = _k(k)
    return (2 + 7 * c) * m - c * (11 + 13 * c)


def _iii_d(n, m, k):
    K, a, b, c, d = _k(k)
    return m * a + b * (1 - a)


def _iii_e(n, m, k):
    K, a, b, c, d = _k(k)
    return (1 + a) * m - c * (15 + K)


def _iv(n, m, k):
    K, a, b, c, d = _k(k)
    return (n - b) * m - b * (n - 2 * b)


def _vii(n, m, k):
    K, a, b, c, d = _k(k)
    f = _f3(n)
    return (2 + c + 2 * f) * m - 14 * c * f + c * (3 * n - 14 + 2 * c)


def _xii(n, m, k):
    K, a, b, c, d = _k(k)
    return (n - a) * m + (m - 1) // 3 * (14 * b - 2 * n) - 2 * n - c * (n - 42 + 2 * b)


def _xiii(n, m, k):
    K, a, b, c, d = _k(k)
    return (n - a) * m + (m - 1) // 2 * (14 * b - 2 * n) - n + b * (7 - a)


def _xiv(n, m, k):
    K, a, b, c, d = _k(k)
    return m * a + 2 * b * (m // 2) + b - 3 ** (2 * k - 3)


def _xviii(n, m, k):
    K, a, b, c, d = _k(k)
    return (n - a) * m + (m - 1) // 3 * (14 * b - 2 * n) - 2 * n + c * (-n + 42 - 2 * b)


def _xxiii(n, m, k):
    K, a, b, c, d = _k(k)
    f = _f3(n)
    return (2 + b + 2 * f) * m + b * (3 * n - 14 + 2 * b - 14 * f)


def _xxiv(n, m, k):
    K, a, b, c, d = _k(k)
    h = (n - 1) // 2
    return (1 + 2 * h) * m + b * (3 * n - 7 + K - 14 * h)


def _xxv(n, m, k):
    K, a, b, c, d = _k(k)
    h = (n - 1) // 2
    return n * m + 2 * b * h - b * (5 * n - 1 - K)


def _i(n, m, k):
    return _phi_array(m) + 0 * n


_m = {  # m ranges used by several cases, as printed
    "le_b": lambda k: (1, 3 ** (k - 2)),
    "iv": lambda k: (2 + 3 ** (k - 2), 3 ** (k - 2) + 3 ** (k - 3)),
    "v": lambda k: (3 ** (k - 2) + 3 ** (k - 3), 3 ** (k - 2) + 2 * 3 ** (k - 3)),
    "vi": lambda k: (3 ** (k - 2) + 2 * 3 ** (k - 3), 2 * 3 ** (k - 2)),
    "vii": lambda k: (2 * 3 ** (k - 2), 2 * 3 ** (k - 2) + 3 ** (k - 3)),
    "viii": lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 2) + 2 * 3 ** (k - 3)),
    "ix": lambda k: (2 * 3 ** (k - 2) + 2 * 3 ** (k - 3), 3 ** (k - 1)),
    "xv": lambda k: (2 + 3 ** (k - 1), 3 ** (k - 1) + 3 ** (k - 2) - 1),
    "xxi": lambda k: (3 ** (k - 1) + 3 ** (k - 2), 3 ** (k - 1) + 2 * 3 ** (k - 2)),
    "xxii": lambda k: (3 ** (k - 1) + 2 * 3 ** (k - 2), 2 * 3 ** (k - 1)),
    "xxiii": lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2)),
    "xxiv": lambda k: (2 * 3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1) + 2 * 3 ** (k - 2)),
    "xxv": lambda k: (2 * 3 ** (k - 1) + 2 * 3 ** (k - 2), None),
}

_n = {
    "x": lambda k: (3 ** (k - 1) + 3 ** (k - 2) + 1, 3 ** (k - 1) + 2 * 3 ** (k - 2)),
    "xi": lambda k: (3 ** (k - 1) + 2 * 3 ** (k - 2), 2 * 3 ** (k - 1)),
    "xii": lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2)),
    "xiii": lambda k: (2 * 3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1) + 2 * 3 ** (k - 2)),
    "xiv": lambda k: (2 * 3 ** (k - 1) + 2 * 3 ** (k - 2), 3 ** k),
    "xvi": lambda k: (3 ** (k - 1) + 3 ** (k - 2), 3 ** (k - 1) + 2 * 3 ** (k - 2)),
}

def _same_n(n_range, **formulas):
    """One-piece cases that share the n-range: numeral=formula, the m-range being ``_m[numeral]``."""
    return tuple(_case(num, (f"({num})", n_range, _m[num], f)) for num, f in formulas.items())


def _same_m(m_range, **cases):
    """One-piece cases that share the m-range: numeral=(n-range, formula)."""
    return tuple(_case(num, (f"({num})", n_range, m_range, f)) for num, (n_range, f) in cases.items())


#: The 25 cases of B(n, m) EXACTLY as printed in Appendix A (k >= 3, 3^(k-1) < n <= 3^k), in the printed order
#: (the first case whose ranges contain (n, m) applies), grouped as printed: (iv)-(ix) share their n-range,
#: (x)-(xiv) and (xvi)-(xx) their m-ranges, (xxi)-(xxv) their n-range.
B_CASES = (
    _case("i", ("(i)", _n_all, _m["le_b"], _i)),
    _case("ii", *_B_ii((_ii_a, _ii_b, _ii_c, _ii_d))),
    _case("iii", *_B_iii((_iii_a, _iii_b, _iii_c, _iii_d, _iii_e))),
    *_same_n(_n_first, iv=_iv, v=_formula_v, vi=_formula_v, vii=_vii, viii=_formula_viii, ix=_formula_viii),
    *_same_m(_m_low, x=(_n["x"], _formula_x), xi=(_n["xi"], _formula_x), xii=(_n["xii"], _xii),
             xiii=(_n["xiii"], _xiii), xiv=(_n["xiv"], _xiv)),
    *_same_n(_n_first, xv=_formula_viii),
    *_same_m(_m_mid, xvi=(_n["xvi"], _formula_x), xvii=(_n["xi"], _formula_x), xviii=(_n["xii"], _xviii),
             xix=(_n["xiii"], _formula_xix), xx=(_n["xiv"], _formula_xix)),
    *_same_n(_n_all_gt, xxi=_formula_xxi, xxii=_formula_xxi, xxiii=_xxiii, xxiv=_xxiv, xxv=_xxv),
)


#: The printed text of each case (range; formula), for statements, errata and lessons.
B_TEXT = {
    "i": "1+3^(k-1) <= n <= 3^k, m <= 3^(k-2): B(n, m) = Phi(m)",
    "ii": "1+3^(k-1) <= n <= 3^k, m = 1+3^(k-2): B = n 3^(k-2) + 3^(k-2)(1+3^(k-3)) for n <= 3^(k-1)+3^(k-2); "
          "(1+2*3^(k-4))n - 3^(k-3)(1-13*3^(k-4)) for 3^(k-1)+3^(k-2) <= n <= 2*3^(k-1); "
          "(-1+2*3^(k-4))n + 3^(k-3)(11+13*3^(k-4)) for 2*3^(k-1) <= n <= 2*3^(k-1)+3^(k-2); "
          "n - 3^(k-2)(1-3^(k-2)) for n >= 2*3^(k-1)+3^(k-2)",
    "iii": "n = 1+3^(k-1), m > 3^(k-2): B = (1+2*3^(k-2))m - 3^(k-2)(1+3^(k-2)) for m <= 3^(k-2)+3^(k-3); "
           "7m 3^(k-3) + 3^(k-3)(1-13*3^(k-3)) up to 2*3^(k-2); (2+7*3^(k-3))m - 3^(k-3)(11+13*3^(k-3)) up to "
           "2*3^(k-2)+3^(k-3); m 3^(k-1) + 3^(k-2)(1-3^(k-1)) up to 2*3^(k-1); (1+3^(k-1))m - 3^(k-3)(15+3^k) beyond",
    "iv": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 1+3^(k-2) < m <= 3^(k-2)+3^(k-3): B = (n-3^(k-2))m - 3^(k-2)(n-2*3^(k-2))",
    "v": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 3^(k-2)+3^(k-3) <= m <= 3^(k-2)+2*3^(k-3): "
         "B = (n-1+3^(k-3)-[(n-1)/3])m + 4*3^(k-3)[(n-1)/3] + 3^(k-3)(-3n+4+2*3^(k-3))",
    "vi": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 3^(k-2)+2*3^(k-3) <= m <= 2*3^(k-2): same formula as (v)",
    "vii": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 2*3^(k-2) <= m <= 2*3^(k-2)+3^(k-3): "
           "B = (2+3^(k-3)+2[(n-1)/3])m - 14*3^(k-3)[(n-1)/3] + 3^(k-3)(3n-14+2*3^(k-3))",
    "viii": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 2*3^(k-2)+3^(k-3) <= m <= 2*3^(k-2)+2*3^(k-3): "
            "B = m 3^(k-1) + 3^(k-2)(n-2*3^(k-1))",
    "ix": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 2*3^(k-2)+2*3^(k-3) <= m <= 3^(k-1): same formula as (viii)",
    "x": "3^(k-1)+3^(k-2) < n <= 3^(k-1)+2*3^(k-2), 1+3^(k-2) < m <= 3^(k-1): "
         "B = m 3^(k-1) + [(m-1)/3](n-4*3^(k-2)) + n - 3^(k-3)(n+12+2*3^(k-2))",
    "xi": "3^(k-1)+2*3^(k-2) <= n <= 2*3^(k-1), 1+3^(k-2) < m <= 3^(k-1): same formula as (x)",
    "xii": "2*3^(k-1) <= n <= 2*3^(k-1)+3^(k-2), 1+3^(k-2) < m <= 3^(k-1): "
           "B = (n-3^(k-1))m + [(m-1)/3](14*3^(k-2)-2n) - 2n - 3^(k-3)(n-42+2*3^(k-2))",
    "xiii": "2*3^(k-1)+3^(k-2) <= n <= 2*3^(k-1)+2*3^(k-2), 1+3^(k-2) < m <= 3^(k-1): "
            "B = (n-3^(k-1))m + [(m-1)/2](14*3^(k-2)-2n) - n + 3^(k-2)(7-3^(k-1))",
    "xiv": "2*3^(k-1)+2*3^(k-2) <= n <= 3^k, 1+3^(k-2) < m <= 3^(k-1): "
           "B = m 3^(k-1) + 2*3^(k-2)[m/2] + 3^(k-2) - 3^(2k-3)",
    "xv": "1+3^(k-1) < n <= 3^(k-1)+3^(k-2), 1+3^(k-1) < m < 3^(k-1)+3^(k-2): B = m 3^(k-1) + 3^(k-2)(n-2*3^(k-1))",
    "xvi": "3^(k-1)+3^(k-2) <= n <= 3^(k-1)+2*3^(k-2), 1+3^(k-1) <= m < 3^(k-1)+3^(k-2): same formula as (x)",
    "xvii": "3^(k-1)+2*3^(k-2) <= n <= 2*3^(k-1), 1+3^(k-1) <= m < 3^(k-1)+3^(k-2): same formula as (x)",
    "xviii": "2*3^(k-1) <= n <= 2*3^(k-1)+3^(k-2), 1+3^(k-1) <= m < 3^(k-1)+3^(k-2): "
             "B = (n-3^(k-1))m + [(m-1)/3](14*3^(k-2)-2n) - 2n + 3^(k-3)(-n+42-2*3^(k-2))",
    "xix": "2*3^(k-1)+3^(k-2) <= n <= 2*3^(k-1)+2*3^(k-2), 1+3^(k-1) <= m < 3^(k-1)+3^(k-2): "
           "B = (n-3^(k-1))m + 3^(k-1)(2*3^(k-1)-n)",
    "xx": "2*3^(k-1)+2*3^(k-2) <= n <= 3^k, 1+3^(k-1) <= m < 3^(k-1)+3^(k-2): same formula as (xix)",
    "xxi": "1+3^(k-1) < n <= 3^k, 3^(k-1)+3^(k-2) <= m <= 3^(k-1)+2*3^(k-2): "
           "B = (n+3^(k-2)-1-[(n-1)/3])m + 3^(k-2)(-3n+4+2*3^(k-2)+4[(n-1)/3])",
    "xxii": "1+3^(k-1) < n <= 3^k, 3^(k-1)+2*3^(k-2) <= m <= 2*3^(k-1): same formula as (xxi)",
    "xxiii": "1+3^(k-1) < n <= 3^k, 2*3^(k-1) <= m <= 2*3^(k-1)+3^(k-2): "
             "B = (2+3^(k-2)+2[(n-1)/3])m + 3^(k-2)(3n-14+2*3^(k-2)-14[(n-1)/3])",
    "xxiv": "1+3^(k-1) < n <= 3^k, 2*3^(k-1)+3^(k-2) <= m <= 2*3^(k-1)+2*3^(k-2): "
            "B = (1+2[(n-1)/2])m + 3^(k-2)(3n-7+3^k-14[(n-1)/2])",
    "xxv": "1+3^(k-1) < n <= 3^k, m >= 2*3^(k-1)+2*3^(k-2): B = nm + 2*3^(k-2)[(n-1)/2] - 3^(k-2)(5n-1-3^k)",
}


def _ii_first_half(n, m, k):
    K, a, b, c, d = _k(k)
    return n + b * (b - 1)


def _ii_second_half(n, m, k):
    K, a, b, c, d = _k(k)
    return b * (b + 5) + 0 * n


_m_one_b = lambda k: (1 + 3 ** (k - 2), 1 + 3 ** (k - 2))

#: The B(n, m) cases CORRECTED: case (ii) replaced (the printed formulas are wrong throughout) and
#: case (xv) extended to m = 1 + 3^(k-1) (printed with "<", which leaves a gap in the cases).
B_CASES_CORRECTED = tuple(
    _case("ii", ("(ii') n <= 2*3^(k-1)", lambda k: (1 + 3 ** (k - 1), 2 * 3 ** (k - 1)), _m_one_b, _ii_first_half),
          ("(ii') n >= 2*3^(k-1)", lambda k: (2 * 3 ** (k - 1), 3 ** k), _m_one_b, _ii_second_half))
    if c.numeral == "ii" else
    _case("xv", ("(xv')", _n_first, lambda k: (1 + 3 ** (k - 1), 3 ** (k - 1) + 3 ** (k - 2) - 1), _formula_viii))
    if c.numeral == "xv" else c
    for c in B_CASES)


def _B_scalar(cases, n, m):
    n, m = check_int(n, "n", 10), check_int(m, "m", 1)
    k = ceil_log3(n)
    for case in cases:
        for p in case.pieces:
            nl, nh = p.n_range(k)
            ml, mh = p.m_range(k)
            if nl <= n <= nh and ml <= m and (mh is None or m <= mh):
                v = p.formula(n, m, k)
                return int(v) if Fraction(v).denominator == 1 else Fraction(v)
    return None


def B_printed(n, m):
    """B(n, m) of Appendix A as printed (first case, (i)..(xxv), whose range contains (n, m)); n >= 10.

    None where no printed case applies (e.g. (11, 10): case (xv) says m > 1 + 3^(k-1)).

    >>> B_printed(10, 2), B_printed(10, 4), B_printed(11, 10) is None
    (6, 36, True)
    """
    return _B_scalar(B_CASES, n, m)


def B_corrected(n, m):
    """B(n, m) of Appendix A with cases (ii) and (xv) corrected; equals A(n, m) = n*m*P(n, m).

    Case (ii), m = 1 + 3^(k-2): B = n + 3^(k-2)(3^(k-2) - 1) for n <= 2*3^(k-1), and
    B = 3^(k-2)(3^(k-2) + 5) = Phi(1 + 3^(k-2)) for n >= 2*3^(k-1).

    >>> B_corrected(10, 4), B_corrected(11, 10), B_corrected(100, 10**6) == 100 * 10**6 - phi(100) // 3
    (16, 69, True)
    """
    return _B_scalar(B_CASES_CORRECTED, n, m)
