"""The claims of Cushing et al., Appendix A that close the induction, each checked against the exact solver:
Proposition A.1 (the recurrence in integers), the table of formulas for A(m, x) restated after Lemma A.4, the
display before Proposition A.21, Propositions A.21 to A.24 and A.26, and Lemma A.25.

As in :mod:`.tripartite_lemmas`, each CONCLUSION is checked on the exact tripartite table for every k >= 4
with 3^k <= N (see :mod:`guesswho_lib.claims.tripartite_checks`); a = 3^(k-1), b = 3^(k-2), c = 3^(k-3), d = 3^(k-4).
"""

from __future__ import annotations

import random

import numpy as np

from ..registry import WRONG_RANGE, WRONG_STATEMENT, Check, Register
from ..tripartite_checks import (HYPOTHESIS, SOURCE, best_three_split, check_B, check_formulas, check_move,
                                 on_table, tripartite_table)

register = Register(__name__)

__all__ = ["PROP_A1_N"]


#: Proposition A.1 is checked on boards up to this size (its check costs O(N^3): 0.5 s here, 6 s at N = 729).
PROP_A1_N = 300


# ---- Proposition A.1: A(n, m) = max over n = a + b + c of S(a, b, c, m) ----------------------------------------
@register.claim(
    "tripartite.propA1",
    "Proposition A.1: for n >= 2 and m >= 2, A(n, m) = max over n = a + b + c (a, b, c >= 0) of S(a, b, c, m) = "
    "nm - A(m, a) - A(m, b) - A(m, c), with A(0, m) = 0 (so a guess is never better than the best question).",
    SOURCE + ", Proposition A.1", tripartite=True)
def _propA1(N):
    N = min(N, PROP_A1_N)                                   # the check costs N^3 steps
    A = tripartite_table(N).copy()
    A[:, 0] = 0
    S = best_three_split(A, 2, N, N, 0, N)                 # min of A(m, a) + A(m, b) + A(m, c), a + b + c = n
    n = np.arange(N + 1)[None, :]
    m = np.arange(2, N + 1)[:, None]
    best = n * m - S                                        # best[m - 2, n]
    bad = np.argwhere(best[:, 2:] != A[2:, 2:].T)
    if len(bad):
        mm, nn = int(bad[0][0]) + 2, int(bad[0][1]) + 2
        return Check(False, f"2 <= n, m <= {N}", f"(n, m) = ({nn}, {mm}): max S = {int(best[mm - 2, nn])}, "
                                                  f"A = {int(A[nn, mm])}")
    return Check(True, f"2 <= n, m <= {N}", detail="max over all (a, b, c) by two min-plus convolutions, "
                                                     "compared with the solver's table")


# ---- the table of A(m, x) after Lemma A.4 (the induction hypothesis for m <= 3^(k-1)) -------------------------
def _level_phi(x):
    """Phi(x) = 3^(l-1) (1 + 5x - 3^l - 2 floor((x+1)/2)) with 3^(l-1) < x <= 3^l (x >= 2), as arrays."""
    x = np.asarray(x, dtype=np.int64)
    p = np.ones_like(x)
    while (p < x).any():
        p = np.where(p < x, 3 * p, p)
    return (p // 3) * (1 + 5 * x - p - 2 * ((x + 1) // 2))


def _t(k):
    return 3 ** (k - 1), 3 ** (k - 2), 3 ** (k - 3), 3 ** (k - 4)


def _f3(m):
    return (m - 1) // 3


_BIG = 10 ** 9
# (numeral, region(k) = (m_lo, m_hi, x_lo, x_hi), formula(m, x, k)): our copy's table, item by item
_TABLE = [
    ("i", lambda k: (_t(k)[1] + 2, _t(k)[0], 2, _t(k)[2]), lambda m, x, k: _level_phi(x)),
    ("ii.1", lambda k: (_t(k)[1] + 1, _t(k)[1] + 1, _t(k)[2], _t(k)[1] + _t(k)[3]),
     lambda m, x, k: (1 + 2 * _t(k)[2]) * x - _t(k)[2] * (1 + _t(k)[2])),
    ("ii.2", lambda k: (_t(k)[1] + 1, _t(k)[1] + 1, _t(k)[2] + _t(k)[3], 2 * _t(k)[2]),
     lambda m, x, k: 7 * x * _t(k)[3] + _t(k)[3] * (1 - 13 * _t(k)[3])),
    ("ii.3", lambda k: (_t(k)[1] + 1, _t(k)[1] + 1, 2 * _t(k)[2], 2 * _t(k)[2] + _t(k)[3]),
     lambda m, x, k: (2 + 7 * _t(k)[3]) * x - _t(k)[3] * (11 + 13 * _t(k)[3])),
    ("ii.4", lambda k: (_t(k)[1] + 1, _t(k)[1] + 1, 3 * _t(k)[2], _t(k)[1]),
     lambda m, x, k: x * _t(k)[1] + _t(k)[2] * (1 - _t(k)[1])),
    ("iii", lambda k: (_t(k)[1] + 2, _t(k)[1] + _t(k)[2], _t(k)[2] + 1, _t(k)[2] + _t(k)[3]),
     lambda m, x, k: (m - _t(k)[2]) * x - _t(k)[2] * (m - 2 * _t(k)[2])),
    ("iv", lambda k: (_t(k)[1] + 2, _t(k)[1] + _t(k)[2], _t(k)[2] + _t(k)[3], _t(k)[2] + 2 * _t(k)[3]),
     lambda m, x, k: (m - 1 + _t(k)[3] - _f3(m)) * x + 4 * _t(k)[3] * _f3(m) + _t(k)[3] * (-3 * m + 4 + 2 * _t(k)[3])),
    ("v", lambda k: (_t(k)[1] + 2, _t(k)[1] + _t(k)[2], _t(k)[2] + 2 * _t(k)[3], 2 * _t(k)[2]),
     lambda m, x, k: (m - 1 + _t(k)[3] - _f3(m)) * x + 4 * _t(k)[3] * _f3(m) + _t(k)[3] * (-3 * m + 4 + 2 * _t(k)[3])),
    ("vi", lambda k: (_t(k)[1] + 2, _t(k)[1] + _t(k)[2], 2 * _t(k)[2], 2 * _t(k)[2] + _t(k)[3]),
     lambda m, x, k: (2 + _t(k)[3] + 2 * _f3(m)) * x - 14 * _t(k)[3] * _f3(m) + _t(k)[3] * (3 * m - 14 + 2 * _t(k)[3])),
    ("vii", lambda k: (_t(k)[1] + 2, _t(k)[1] + _t(k)[2], 2 * _t(k)[2] + _t(k)[3], 2 * _t(k)[2] + 2 * _t(k)[3]),
     lambda m, x, k: x * _t(k)[1] + _t(k)[2] * (m - 2 * _t(k)[1])),
    ("viii", lambda k: (_t(k)[1] + 2, _t(k)[1] + _t(k)[2], 2 * _t(k)[2] + 2 * _t(k)[3], _t(k)[1]),
     lambda m, x, k: x * _t(k)[1] + _t(k)[2] * (m - 2 * _t(k)[1])),
    ("ix", lambda k: (_t(k)[1] + _t(k)[2] + 1, _t(k)[1] + 2 * _t(k)[2], _t(k)[2] + 1, _t(k)[1]),
     lambda m, x, k: x * _t(k)[1] + _f3(x) * (m - 4 * _t(k)[2]) + m - _t(k)[3] * (m + 12 + 2 * _t(k)[2])),
    ("x", lambda k: (_t(k)[1] + 2 * _t(k)[2], 2 * _t(k)[1], _t(k)[2] + 1, _t(k)[1]),
     lambda m, x, k: x * _t(k)[1] + _f3(x) * (m - 4 * _t(k)[2]) + m - _t(k)[3] * (m + 12 + 2 * _t(k)[2])),
    ("xi", lambda k: (2 * _t(k)[1], 2 * _t(k)[1] + _t(k)[2], _t(k)[2] + 1, _t(k)[1]),
     lambda m, x, k: (m - _t(k)[1]) * x + _f3(x) * (14 * _t(k)[2] - 2 * m) - 2 * m - _t(k)[3] * (m - 42 + 2 * _t(k)[2])),
    ("xii", lambda k: (2 * _t(k)[1] + _t(k)[2], 2 * _t(k)[1] + 2 * _t(k)[2], _t(k)[2] + 1, _t(k)[1]),
     lambda m, x, k: (m - _t(k)[1]) * x + (x - 1) // 2 * (14 * _t(k)[2] - 2 * m) - m + _t(k)[2] * (7 - _t(k)[1])),
    ("xiii", lambda k: (2 * _t(k)[1] + 2 * _t(k)[2], _t(k)[0], _t(k)[2] + 1, _t(k)[1]),
     lambda m, x, k: x * _t(k)[1] + 2 * _t(k)[2] * (x // 2) + _t(k)[2] - 3 ** (2 * k - 5)),
    ("xiv", lambda k: (_t(k)[1] + 2, _t(k)[1] + _t(k)[2], _t(k)[1] + 1, _t(k)[1] + _t(k)[2] - 1),
     lambda m, x, k: x * _t(k)[1] + _t(k)[2] * (m - 2 * _t(k)[1])),
    ("xv", lambda k: (_t(k)[1] + _t(k)[2], _t(k)[1] + 2 * _t(k)[2], _t(k)[1] + 1, _t(k)[1] + _t(k)[2] - 1),
     lambda m, x, k: x * _t(k)[1] + _f3(x) * (m - 4 * _t(k)[2]) + m - _t(k)[3] * (m + 12 + 2 * _t(k)[2])),
    ("xvi", lambda k: (_t(k)[1] + 2 * _t(k)[2], 2 * _t(k)[1], _t(k)[1] + 1, _t(k)[1] + _t(k)[2] - 1),
     lambda m, x, k: x * _t(k)[1] + _f3(x) * (m - 4 * _t(k)[2]) + m - _t(k)[3] * (m + 12 + 2 * _t(k)[2])),
    ("xvii", lambda k: (2 * _t(k)[1], 2 * _t(k)[1] + _t(k)[2], _t(k)[1] + 1, _t(k)[1] + _t(k)[2] - 1),
     lambda m, x, k: (m - _t(k)[1]) * x + _f3(x) * (14 * _t(k)[2] - 2 * m) - 2 * m + _t(k)[3] * (-m + 42 - 2 * _t(k)[2])),
    ("xviii", lambda k: (2 * _t(k)[1] + _t(k)[2], 2 * _t(k)[1] + 2 * _t(k)[2], _t(k)[1] + 1, _t(k)[1] + _t(k)[2] - 1),
     lambda m, x, k: (m - _t(k)[1]) * x + _t(k)[1] * (2 * _t(k)[1] - m)),
    ("xix", lambda k: (2 * _t(k)[1] + 2 * _t(k)[2], _t(k)[0], _t(k)[1] + 1, _t(k)[1] + _t(k)[2] - 1),
     lambda m, x, k: (m - _t(k)[1]) * x + _t(k)[1] * (2 * _t(k)[1] - m)),
    ("xx", lambda k: (_t(k)[1] + 2, _t(k)[0], _t(k)[1] + _t(k)[2], _t(k)[1] + 2 * _t(k)[2]),
     lambda m, x, k: (m + _t(k)[2] - 1 - _f3(m)) * x + _t(k)[2] * (-3 * m + 4 + 2 * _t(k)[2] + 4 * _f3(m))),
    ("xxi", lambda k: (_t(k)[1] + 2, _t(k)[0], _t(k)[1] + 2 * _t(k)[2], 2 * _t(k)[1]),
     lambda m, x, k: (m + _t(k)[2] - 1 - _f3(m)) * x + _t(k)[2] * (-3 * m + 4 + 2 * _t(k)[2] + 4 * _f3(m))),
    ("xxii", lambda k: (_t(k)[1] + 2, _t(k)[0], 2 * _t(k)[1], 2 * _t(k)[1] + _t(k)[2]),
     lambda m, x, k: (2 + _t(k)[2] + 2 * _f3(m)) * x + _t(k)[2] * (3 * m - 14 + 2 * _t(k)[2] - 14 * _f3(m))),
    ("xxiii", lambda k: (_t(k)[1] + 2, _t(k)[0], 2 * _t(k)[1] + _t(k)[2], 2 * _t(k)[1] + 2 * _t(k)[2]),
     lambda m, x, k: (1 + 2 * ((m - 1) // 2)) * x + _t(k)[2] * (3 * m - 7 + _t(k)[0] - 14 * ((m - 1) // 2))),
    ("xxiv", lambda k: (_t(k)[1] + 2, _t(k)[0], 2 * _t(k)[1] + 2 * _t(k)[2], _BIG),
     lambda m, x, k: m * x + 2 * _t(k)[2] * ((m - 1) // 2) - _t(k)[2] * (5 * m - 1 - _t(k)[0])),
]


# corrections: item (ii)'s first piece ends at 3^(k-3) + 3^(k-4) (our copy: 3^(k-2) + 3^(k-4)); items (xi) and
# (xii) start at x = 3^(k-3) + 2, and at x = 3^(k-3) + 1 A(m, x) = Phi(x) (as in item (i))
_TABLE_CORRECTED = [
    (name, (lambda k: (_t(k)[1] + 1, _t(k)[1] + 1, _t(k)[2], _t(k)[2] + _t(k)[3])) if name == "ii.1"
     else (lambda k, region=region: (*region(k)[:2], _t(k)[2] + 2, region(k)[3])) if name in ("xi", "xii")
     else region, f)
    for name, region, f in _TABLE] + [
    ("xi-xii at x = 1 + 3^(k-3)", lambda k: (2 * _t(k)[1], 2 * _t(k)[1] + 2 * _t(k)[2], _t(k)[2] + 1, _t(k)[2] + 1),
     lambda m, x, k: _level_phi(x))]


def _table_check(items):
    def run(A, N):
        failing = []
        for name, region, f in items:
            chk = check_formulas(A, N, [(f" [item ({name})]", region, f)])
            if not chk.ok:
                failing.append((name, chk.counterexample))
        if failing:
            return Check(False, "", failing[0][1], f"items failing: {', '.join(n for n, _ in failing)}")
        return Check(True, "", detail=f"{len(items)} pieces")
    return run


_TABLE_RANGE = "the ranges of items (i)-(xxiv), x <= N"
register.claim_and_correction(
    "tripartite.lemA4.table", SOURCE + ", table after Lemma A.4",
    "Three pieces of the table fail on part of their printed range. Item (ii), first piece: our copy reads the "
    "range 3^(k-3) <= x <= 3^(k-2) + 3^(k-4); the formula holds only up to 3^(k-3) + 3^(k-4), where the second "
    "piece takes over (first counterexample (m, x) = (10, 7)). Items (xi) and (xii) fail at x = 1 + 3^(k-3), "
    "where A(m, x) = Phi(x) as in item (i) (first counterexample (m, x) = (19, 4): A = 24 = Phi(4)); from "
    "x = 3^(k-3) + 2 on they hold.",
    ("The table of formulas for A(m, x) after Lemma A.4 (the induction hypothesis restated for m <= 3^(k-1), "
     "k >= 4), items (i) to (xxiv) as our copy reads them, each on its printed range of m (between 1 + 3^(k-2) "
     "and 3^(k-1)) and x (item (i): x <= 3^(k-3), read with x >= 2 and A(m, x) = Phi(x) at x's own level; item "
     "(xxiv): every x >= 2*3^(k-2) + 2*3^(k-3)).",
     on_table(_TABLE_RANGE, _table_check(_TABLE))),
    ("The table after Lemma A.4 corrected: item (ii)'s first piece for 3^(k-3) <= x <= 3^(k-3) + 3^(k-4); items "
     "(xi) and (xii) for 3^(k-3) + 2 <= x <= 3^(k-2), and A(m, 1 + 3^(k-3)) = Phi(1 + 3^(k-3)) for 2*3^(k-2) <= m "
     "<= 2*3^(k-2) + 2*3^(k-3); every other item as printed.",
     on_table(_TABLE_RANGE, _table_check(_TABLE_CORRECTED))),
    tripartite=True, severity=WRONG_RANGE)


# ---- the display before Proposition A.21, and Propositions A.21 to A.26 -----------------------------------------
def _n21(k):
    a, b, _, _ = _t(k)
    return 2 * a + b + 1


def _move_and_B(region, move):
    """The named move is optimal on region(k) = (nl, nh, ml, mh), and there A(n, m) = B(n, m) (B as printed)."""
    def run(A, N):
        if move is not None:
            chk = check_move(A, N, region, move)
            if not chk.ok:
                return Check(False, "", chk.counterexample + " (the move named is not optimal)")
        chk = check_B(A, N, region)
        return chk if chk.ok else Check(False, "", "A != B: " + chk.counterexample)
    return run


def _prop(cid, words, where, checked, region, move=None, **kw):
    register.claim(cid, f"{where}: {HYPOTHESIS}{words}", SOURCE + ", " + where, tripartite=True, **kw)(
        on_table(checked, _move_and_B(region, move)))


_D21 = [
    ("for 3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1): B = 17m 3^(k-3) + 3^(k-2) - 29*3^(2k-5)",
     lambda k: (_n21(k), _n21(k), _t(k)[0] + _t(k)[1], 2 * _t(k)[0]),
     lambda n, m, k: 17 * m * _t(k)[2] + _t(k)[1] - 29 * 3 ** (2 * k - 5)),
    ("for 2*3^(k-1) <= m <= 2*3^(k-1) + 3^(k-2): B = (2 + 17*3^(k-3))m - 11*3^(k-2) - 29*3^(2k-5)",
     lambda k: (_n21(k), _n21(k), 2 * _t(k)[0], 2 * _t(k)[0] + _t(k)[1]),
     lambda n, m, k: (2 + 17 * _t(k)[2]) * m - 11 * _t(k)[1] - 29 * 3 ** (2 * k - 5)),
    ("for 2*3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 2*3^(k-2): B = 7m 3^(k-2) + 11*3^(k-2) - 19*3^(2k-4)",
     lambda k: (_n21(k), _n21(k), 2 * _t(k)[0] + _t(k)[1], 2 * _t(k)[0] + 2 * _t(k)[1]),
     lambda n, m, k: 7 * m * _t(k)[1] + 11 * _t(k)[1] - 19 * 3 ** (2 * k - 4)),
]
_D21_LAST_PRINTED = (
    "for m >= 2*3^(k-1) + 2*3^(k-2): B = 7m 3^(k-2) + m - 5*3^(k-2) - 19*3^(2k-4) (our copy reads '+ m = 5*3^(k-2)', "
    "read with '-' for '=')",
    lambda k: (_n21(k), _n21(k), 2 * _t(k)[0] + 2 * _t(k)[1], _BIG),
    lambda n, m, k: 7 * m * _t(k)[1] + m - 5 * _t(k)[1] - 19 * 3 ** (2 * k - 4))


def _display21(items):
    def run(A, N):
        return check_formulas(A, N, [(f" [{text.split(':')[0]}]", r, f) for text, r, f in items], ("n", "m"),
                              lhs_text="A({0}, {1})")
    return run


_D21_THIRD_CORRECTED = (
    "for 2*3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 2*3^(k-2): B = 7m 3^(k-2) + 3^(k-1) - 19*3^(2k-4)",
    _D21[2][1], lambda n, m, k: 7 * m * _t(k)[1] + _t(k)[0] - 19 * 3 ** (2 * k - 4))
_D21_HEAD = "for k >= 4 and n = 2*3^(k-1) + 3^(k-2) + 1: "
_D21_RANGE = "n = 2*3^(k-1) + 3^(k-2) + 1, m >= 3^(k-1) + 3^(k-2)"
register.claim_and_correction(
    "tripartite.propA21.display", SOURCE + ", display before Proposition A.21",
    "The third piece is off by 8*3^(k-2): for 2*3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 2*3^(k-2) the constant is "
    "3^(k-1) - 19*3^(2k-4), not 11*3^(k-2) - 19*3^(2k-4) (first counterexample (n, m) = (64, 63): printed 2529, "
    "A = 2457). The proof of Proposition A.23 (ii) gets 7m 3^(k-2) + 3*3^(k-2) - 3^(2k-4) + ... in its middle line; "
    "its last line repeats the misprint. The fourth piece, which our copy reads '7m 3^(k-2) + m = 5*3^(k-2) - "
    "19*3^(2k-4)', holds with '-' for '='. Propositions A.21, A.23, A.24 themselves (A = B) are unaffected.",
    ("Display before Proposition A.21: " + HYPOTHESIS + _D21_HEAD
     + "; ".join(t for t, _, _ in _D21 + [_D21_LAST_PRINTED]) + ".",
     on_table(_D21_RANGE, _display21(_D21 + [_D21_LAST_PRINTED]))),
    ("Display before Proposition A.21 corrected: " + _D21_HEAD
     + "; ".join(t for t, _, _ in _D21[:2] + [_D21_THIRD_CORRECTED, _D21_LAST_PRINTED]) + ".",
     on_table(_D21_RANGE, _display21(_D21[:2] + [_D21_THIRD_CORRECTED, _D21_LAST_PRINTED]))),
    tripartite=True, severity=WRONG_RANGE)

_prop("tripartite.propA21",
      "If k >= 4, n = 2*3^(k-1) + 3^(k-2) + 1 and 3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 3^(k-2), then A(n, m) = "
      "B(n, m) (B as printed); the proof's move (3^(k-2) + 2, 3^(k-1) - 1, 3^(k-1)) is optimal there.",
      "Proposition A.21", "n = 2*3^(k-1) + 3^(k-2) + 1, 3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 3^(k-2)",
      lambda k: (_n21(k), _n21(k), _t(k)[0] + _t(k)[1], 2 * _t(k)[0] + _t(k)[1]),
      lambda n, m, k: (_t(k)[1] + 2, _t(k)[0] - 1, _t(k)[0]))

_A22_REGION = lambda k: (_n21(k) + 1, 3 ** k, _t(k)[0] + _t(k)[1], 2 * _t(k)[0] + _t(k)[1])
register.claim_and_correction(
    "tripartite.propA22", SOURCE + ", Proposition A.22",
    "The move named in the statement, (3^(k-2), n - 3^(k-2) - 3^(k-1), 3^(k-1)), is not optimal there (first "
    "at (n, m) = (73, 36), where it scores n*m*value = 1137 against the optimum 1143). The proof itself computes "
    "A(n, m) = S(3^(k-1), 3^(k-1), n - 2*3^(k-1), m), and that move is optimal over the whole range, where "
    "A(n, m) = B(n, m) as printed.",
    ("Proposition A.22: " + HYPOTHESIS + "If k >= 4, 2*3^(k-1) + 3^(k-2) + 1 < n <= 3^k and 3^(k-1) + 3^(k-2) <= m "
     "<= 2*3^(k-1) + 3^(k-2), then (3^(k-2), n - 3^(k-2) - 3^(k-1), 3^(k-1)) is an optimal move for (n, m) and "
     "A(n, m) = B(n, m).",
     on_table("2*3^(k-1) + 3^(k-2) + 1 < n <= 3^k, 3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 3^(k-2)",
              _move_and_B(_A22_REGION, lambda n, m, k: (_t(k)[1], n - _t(k)[1] - _t(k)[0], _t(k)[0])))),
    ("Proposition A.22 corrected: under the same hypotheses (3^(k-1), 3^(k-1), n - 2*3^(k-1)) is an optimal move "
     "for (n, m) and A(n, m) = B(n, m).",
     on_table("2*3^(k-1) + 3^(k-2) + 1 < n <= 3^k, 3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 3^(k-2)",
              _move_and_B(_A22_REGION, lambda n, m, k: (_t(k)[0], _t(k)[0], n - 2 * _t(k)[0])))),
    tripartite=True, severity=WRONG_STATEMENT)

_N_LATE = "3^(k-1) + 2*3^(k-2) + 1 < n <= 3^k"
_prop("tripartite.propA23",
      f"If k >= 4, {_N_LATE} and 2*3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 2*3^(k-2), then A(n, m) = B(n, m).",
      "Proposition A.23", _N_LATE + ", 2*3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 2*3^(k-2)",
      lambda k: (_t(k)[0] + 2 * _t(k)[1] + 2, 3 ** k, 2 * _t(k)[0] + _t(k)[1], 2 * _t(k)[0] + 2 * _t(k)[1]))
_prop("tripartite.propA24",
      f"If k >= 4, {_N_LATE} and 2*3^(k-1) + 2*3^(k-2) <= m <= 3^k, then A(n, m) = B(n, m).",
      "Proposition A.24", _N_LATE + ", 2*3^(k-1) + 2*3^(k-2) <= m <= 3^k",
      lambda k: (_t(k)[0] + 2 * _t(k)[1] + 2, 3 ** k, 2 * _t(k)[0] + 2 * _t(k)[1], 3 ** k))
_prop("tripartite.propA26",
      f"If k >= 4, {_N_LATE} and m > 3^k, then A(n, m) = B(n, m).",
      "Proposition A.26", _N_LATE + ", 3^k < m <= N",
      lambda k: (_t(k)[0] + 2 * _t(k)[1] + 2, 3 ** k, 3 ** k + 1, _BIG))


@register.claim(
    "tripartite.lemA25",
    "Lemma A.25: if n = a + b + c with at least two of a, b, c odd, then [(n-1)/2] = [(a+1)/2] + [(b+1)/2] + "
    "[(c+1)/2] - 2.", SOURCE + ", Lemma A.25", tripartite=True)
def _lemA25(N):
    top = min(N, 120)
    v = np.arange(0, top + 1)
    a, b, c = np.meshgrid(v, v, v, indexing="ij", sparse=True)
    two_odd = (a % 2 + b % 2 + c % 2) >= 2
    lhs = (a + b + c - 1) // 2
    rhs = (a + 1) // 2 + (b + 1) // 2 + (c + 1) // 2 - 2
    bad = np.argwhere(two_odd & (lhs != rhs))
    rng = random.Random(25)
    big = [(rng.randrange(10 ** 30) | 1, rng.randrange(10 ** 30) | 1, rng.randrange(10 ** 30)) for _ in range(2000)]
    bad_big = [t for t in big if (sum(t) - 1) // 2 != sum((x + 1) // 2 for x in t) - 2]
    checked = f"0 <= a, b, c <= {top} and 2000 random triples < 10^30"
    if len(bad) or bad_big:
        t = tuple(map(int, bad[0])) if len(bad) else bad_big[0]
        return Check(False, checked, f"(a, b, c) = {t}")
    return Check(True, checked)
