"""Cushing et al., Appendix A, Lemma A.6 to Proposition A.20, as claims checked against the exact solver.

Every lemma and proposition in this stretch of the appendix is a step of an induction on k: "suppose
A(n', m') = B(n', m') for all n' <= 3^(k-1)", then something holds for 3^(k-1) < n <= 3^k.  The hypothesis
is what the corrected formulas B hold (claim ``tripartite.B.coverage.corrected``), so we take it as given
and check each CONCLUSION directly on the exact integer table A(n, m) = n*m*P(n, m) of
``cached_solution("tripartite", N)``, for every k >= 4 with 3^k <= N (the paper's k >= 4; at the
verify size N = 729 that is k = 4, 5, 6).  Ranges that are unbounded in m (or x) are checked up to N.

In the statements a = 3^(k-1), b = 3^(k-2), c = 3^(k-3); [x] = floor(x); G(m, x) = A(m, x+1) - A(m, x)
(Lemma A.6 defines G with B, which equals A under the hypothesis; with B as printed G would be undefined
at x = 3^(k-2) for some m, the gap of case (xv) (B(11, 10)), and wrong next to x = 1 + 3^(k-3), case (ii)).
A move (x, y, z) splits the mover's n suspects into three groups; its value times n*m is
n*m - A(m, x) - A(m, y) - A(m, z).

Counterexamples are reported in (k, n, m) order (k, m, x for statements about A(m, x)), so the first one
does not depend on N once N covers it.

Besides the statements themselves, a few formulas stated inside the proofs are checked (ids ending in
``.proof``): the table of G(m, c-1) in the proof of Lemma A.6 (i), A(m, b+3) - A(m, b) in the proof of
Lemma A.9, the move and the values at n = 1 + 3^(k-1) in the proof of Proposition A.11 (i), and the table of
increments and the monotonicity claim in the proof of Lemma A.13.  Not checked: the other displays inside
the proofs (Lemma A.6 (iii), (iv); Lemma A.8; B(1 + 3^(k-2), z) and A(m, 3^(k-2)) in the proof of
Proposition A.11, whose ranges are garbled in the text; the increments in the proofs of Lemma A.16 and
Propositions A.19, A.20), and the intermediate moves of the switching arguments.
"""

from __future__ import annotations

import numpy as np

from .registry import Check, claim
from ..game.rules import check_int
from ..papers.tripartite import B_CASES, _table

__all__ = ["B_grid", "G_table", "best_three_split", "k_values"]

_SRC = "Cushing et al., Appendix A"
_HYP = "Suppose A(n', m') = B(n', m') for n' <= 3^(k-1) (taken as given: the corrected B equals A). "
_INF = np.int64(1) << 40


def k_values(N: int) -> list[int]:
    """The k >= 4 with 3^k <= N: the k for which the whole range 3^(k-1) < n <= 3^k is in the table.

    >>> k_values(80), k_values(81), k_values(729)
    ([], [4], [4, 5, 6])
    """
    N = check_int(N, "N", 1)
    out, k = [], 4
    while 3 ** k <= N:
        out.append(k)
        k += 1
    return out


def _pows(k: int):
    """(3^k, 3^(k-1), 3^(k-2), 3^(k-3)) = (K, a, b, c)."""
    return 3 ** k, 3 ** (k - 1), 3 ** (k - 2), 3 ** (k - 3)


def _checked(N: int, what: str) -> str:
    ks = k_values(N)
    ktext = f"k = {ks[0]}..{ks[-1]}" if len(ks) > 1 else (f"k = {ks[0]}" if ks else "no k >= 4 with 3^k <= N")
    return f"{ktext}; {what} (every value <= {N})"


def G_table(A: np.ndarray) -> np.ndarray:
    """G[m, x] = A(m, x+1) - A(m, x) (Lemma A.6, with B = A), for 0 <= x < N; column 0 is meaningless.

    >>> A = _table(30)
    >>> [int(v) for v in G_table(A)[2, 2:6]], [int(v) for v in G_table(A)[3, 2:6]]
    ([2, 2, 2, 2], [3, 3, 3, 3])
    """
    return A[:, 1:] - A[:, :-1]


def _grid(nl, nh, ml, mh):
    n, m = np.meshgrid(np.arange(nl, nh + 1, dtype=np.int64), np.arange(ml, mh + 1, dtype=np.int64), indexing="ij")
    return n, m


def _first(bad, n, m):
    """The first True of ``bad`` in row-major (n, then m) order, as a pair of ints, or None."""
    idx = np.argwhere(bad)
    if not len(idx):
        return None
    i, j = idx[0]
    return int(n[i, j]), int(m[i, j])


# ---------------------------------------------------------------------------------------------------
# Building blocks: the best three-way split with parts in a window, B as printed on a grid
# ---------------------------------------------------------------------------------------------------
def best_three_split(A: np.ndarray, m_lo: int, m_hi: int, n_max: int, lo: int, hi: int) -> np.ndarray:
    """S[m - m_lo, j] = min of A(m, x) + A(m, y) + A(m, z) over x + y + z = j with lo <= x, y, z <= hi.

    So n*m - S[m - m_lo, n] is n*m times the value of the best three-way split of n whose parts all lie in
    [lo, hi] (a huge number when there is none).  Two min-plus convolutions, vectorised over m and j.

    >>> A = _table(30)
    >>> S = best_three_split(A, 5, 5, 12, 4, 4)
    >>> int(12 * 5 - S[0, 12]) == 12 * 5 - 3 * int(A[5, 4])
    True
    """
    hi = min(hi, n_max)
    Am = A[m_lo:m_hi + 1, :]
    M = Am.shape[0]
    one = np.full((M, n_max + 1), _INF, dtype=np.int64)
    if lo <= hi:
        one[:, lo:hi + 1] = Am[:, lo:hi + 1]
    out = one
    for _ in range(2):
        nxt = np.full((M, n_max + 1), _INF, dtype=np.int64)
        for x in range(lo, hi + 1):
            seg = out[:, :n_max + 1 - x] + Am[:, x][:, None]
            np.minimum(nxt[:, x:], seg, out=nxt[:, x:])
        out = np.minimum(nxt, _INF)
    return out


def B_grid(k: int, nl: int, nh: int, ml: int, mh: int, cases=B_CASES):
    """B(n, m) AS PRINTED (first case (i)..(xxv) whose range holds) on the box nl..nh x ml..mh.

    Returns (values, covered): int64 array and a bool mask of the points some printed case covers.
    k >= 4 (for k = 3 case (ii) is not an integer).

    >>> val, cov = B_grid(4, 30, 30, 27, 29)     # m = 28 = 1 + 3^(k-1) is in no printed case
    >>> val.tolist(), cov.tolist()
    ([[513, 0, 567]], [[True, False, True]])
    """
    k = check_int(k, "k", 4)
    n, m = _grid(nl, nh, ml, mh)
    val = np.zeros(n.shape, dtype=np.int64)
    cov = np.zeros(n.shape, dtype=bool)
    for case in cases:
        for p in case.pieces:
            pnl, pnh = p.n_range(k)
            pml, pmh = p.m_range(k)
            sel = (~cov) & (n >= pnl) & (n <= pnh) & (m >= pml)
            if pmh is not None:
                sel &= m <= pmh
            if sel.any():
                v = np.broadcast_to(np.asarray(p.formula(n, m, k)), n.shape)
                val[sel] = v[sel].astype(np.int64)
                cov |= sel
    return val, cov


# ---------------------------------------------------------------------------------------------------
# Generic checks
# ---------------------------------------------------------------------------------------------------
def _A_at(A, u, v):
    return A[u, v]


def _formula_hit(A, N, k, region, formula, lhs=_A_at):
    """The first (u, v, formula value) in (u, v) order on region(k) where lhs(A, u, v) != formula(u, v, k), or None.

    lhs defaults to A[u, v]; the proofs also state formulas for differences such as A(m, x) - A(m, x-1)."""
    ul, uh, vl, vh = region(k)
    uh, vh = min(uh, N), min(vh, N)
    if ul > uh or vl > vh:
        return None
    u, v = _grid(ul, uh, vl, vh)
    want = np.broadcast_to(np.asarray(formula(u, v, k), dtype=np.int64), u.shape)
    got = lhs(A, u, v)
    hit = _first(got != want, u, v)
    return None if hit is None else (*hit, int(want[hit[0] - ul, hit[1] - vl]), int(got[hit[0] - ul, hit[1] - vl]))


def _check_formula(A, N, region, formula, names=("m", "x"), part=""):
    """A[u, v] == formula(u, v, k) on region(k) = (ul, uh, vl, vh) for every k (u, v capped at N)."""
    return _check_formulas(A, N, [(part, region, formula)], names)


def _check_formulas(A, N, items, names=("m", "x"), lhs=_A_at, lhs_text="A({0}, {1})"):
    """Several (label, region, formula): the first failure in (k, u, v) order over all of them."""
    for k in k_values(N):
        hits = [(h, label) for label, region, f in items if (h := _formula_hit(A, N, k, region, f, lhs))]
        if hits:
            (i, j, w, g), label = min(hits)
            return Check(False, "", f"k = {k}, ({names[0]}, {names[1]}) = ({i}, {j}){label}: the formula gives {w}, "
                                    f"{lhs_text.format(i, j)} = {g}")
    return Check(True, "")


def _check_B(A, N, region):
    """A(n, m) = B(n, m) (B as printed) on region(k) = (nl, nh, ml, mh), m capped at N."""
    points = 0
    for k in k_values(N):
        nl, nh, ml, mh = region(k)
        nh, mh = min(nh, N), min(mh, N)
        if nl > nh or ml > mh:
            continue
        n, m = _grid(nl, nh, ml, mh)
        val, cov = B_grid(k, nl, nh, ml, mh)
        points += n.size
        hit = _first(~cov | (val != A[n, m]), n, m)
        if hit:
            i, j = hit
            if not cov[i - nl, j - ml]:
                return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): no printed case of B applies")
            return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): B = {int(val[i - nl, j - ml])}, "
                                    f"A = n*m*P = {int(A[i, j])}")
    return Check(True, "", detail=f"{points} states")


def _check_move(A, N, region, move):
    """move(n, m, k) -> three arrays of parts: is it an optimal (legal) move on region(k)?"""
    for k in k_values(N):
        nl, nh, ml, mh = region(k)
        nh, mh = min(nh, N), min(mh, N)
        if nl > nh or ml > mh:
            continue
        n, m = _grid(nl, nh, ml, mh)
        parts = [np.broadcast_to(np.asarray(p, dtype=np.int64), n.shape) for p in move(n, m, k)]
        legal = np.all([p >= 1 for p in parts], axis=0) & (sum(parts) == n)
        safe = [np.where(legal, p, 1) for p in parts]
        val = n * m - sum(A[m, p] for p in safe)
        hit = _first(~legal | (val != A[n, m]), n, m)
        if hit:
            i, j = hit
            mv = tuple(int(p[i - nl, j - ml]) for p in parts)
            if not legal[i - nl, j - ml]:
                return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): {mv} is not a split of {i}")
            return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): {mv} gives n*m*value = "
                                    f"{int(val[i - nl, j - ml])}, the optimum A = {int(A[i, j])}")
    return Check(True, "")


def _check_window(A, N, n_range, m_range, window):
    """Some optimal move (x, y, z) has all parts in window(k, n) = (lo, hi), for n in n_range(k), m in m_range(k).

    window may depend on n only through blocks: it is called once per distinct window (see _windows)."""
    for k in k_values(N):
        nl, nh = n_range(k)
        ml, mh = m_range(k)
        nh, mh = min(nh, N), min(mh, N)
        if nl > nh or ml > mh:
            continue
        for (bl, bh), (lo, hi) in window(k, nl, nh):
            S = best_three_split(A, ml, mh, bh, lo, hi)
            n, m = _grid(bl, bh, ml, mh)
            best = n * m - S[m - ml, n]
            hit = _first(best != A[n, m], n, m)
            if hit:
                i, j = hit
                return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): no optimal move has all parts in "
                                        f"[{lo}, {min(hi, i)}] (best such: n*m*value = "
                                        f"{int(best[i - bl, j - ml]) if best[i - bl, j - ml] > -_INF // 2 else 'none'}"
                                        f", optimum A = {int(A[i, j])})")
    return Check(True, "")


# ---------------------------------------------------------------------------------------------------
# Lemma A.6: properties of G(m, x) = B(m, x+1) - B(m, x)
# ---------------------------------------------------------------------------------------------------
_A6 = _SRC + ", Lemma A.6"
_G_DEF = "With G(m, x) = B(m, x+1) - B(m, x) = A(m, x+1) - A(m, x) (B = A: the corrected B equals A) and k >= 4: "


@claim("tripartite.lemA6.1",
       _G_DEF + "(i) if 1 + 3^(k-2) < m <= 3^(k-1) and 3^(k-2) + 3^(k-3) < x <= y then "
       "G(m, y-1) >= G(m, x-1) >= 2m/3 + 3^(k-3) - 1 >= 3^(k-2).",
       _A6, tripartite=True)
def _lemA6_1(N):
    A = _table(N)
    G = G_table(A)
    for k in k_values(N):
        _, a, b, c = _pows(k)
        for m in range(b + 2, a + 1):
            if 2 * m + 3 * c - 3 < 3 * b:                  # 2m/3 + 3^(k-3) - 1 >= 3^(k-2), times 3
                return Check(False, _checked(N, "y"), f"k = {k}, m = {m}: 2m/3 + 3^(k-3) - 1 < 3^(k-2)")
            z = np.arange(b + c, N)                          # z = x - 1
            g = G[m, b + c:N]
            low = np.nonzero(3 * g < 2 * m + 3 * c - 3)[0]
            down = np.nonzero(np.diff(g) < 0)[0]
            if len(low) and (not len(down) or low[0] <= down[0]):
                x = int(z[low[0]]) + 1
                return Check(False, _checked(N, "1 + 3^(k-2) < m <= 3^(k-1), 3^(k-2) + 3^(k-3) < x <= y"),
                             f"k = {k}, (m, x) = ({m}, {x}): G(m, x-1) = {int(g[low[0]])} < 2m/3 + 3^(k-3) - 1")
            if len(down):
                x = int(z[down[0]]) + 1
                return Check(False, _checked(N, "1 + 3^(k-2) < m <= 3^(k-1), 3^(k-2) + 3^(k-3) < x <= y"),
                             f"k = {k}, (m, x, y) = ({m}, {x}, {x + 1}): G(m, y-1) = {int(g[down[0] + 1])} "
                             f"< G(m, x-1) = {int(g[down[0]])}")
    return Check(True, _checked(N, "1 + 3^(k-2) < m <= 3^(k-1), 3^(k-2) + 3^(k-3) < x <= y"))


def _G_bound(N, m_range, x_range, sign, label):
    A = _table(N)
    G = G_table(A)
    for k in k_values(N):
        b = 3 ** (k - 2)
        ml, mh = m_range(k)
        xl, xh = x_range(k)
        xh = min(xh, N - 1)
        m, x = _grid(ml, mh, xl, xh)
        g = G[m, x]
        hit = _first(g > b if sign > 0 else g < b, m, x)
        if hit:
            i, j = hit
            return Check(False, "", f"k = {k}, (m, {label}) = ({i}, {j + (1 if label == 'y' else 0)}): "
                                    f"G = {int(G[i, j])} {'>' if sign > 0 else '<'} 3^(k-2) = {b}")
    return Check(True, "")


_NOTE_A6_2 = (
    "Fails exactly at the end point x = 3^(k-3), for every 3^(k-2) + 3^(k-3) < m <= 3^(k-1) (k = 4, 5, 6): "
    "G(m, 3^(k-3)) = A(m, 1 + 3^(k-3)) - A(m, 3^(k-3)) = min(m, 2*3^(k-2)) - 3^(k-3), up to 5*3^(k-3) > 3^(k-2) "
    "(first: G(13, 3) = 10 > 9). The proof bounds G(m, x) by Phi(x+1) - Phi(x) and Lemma A.5, but "
    "B(m, 1 + 3^(k-3)) is case (ii), not Phi. For x < 3^(k-3) the bound holds, and that is all the proof of "
    "Lemma A.7 uses (it applies (ii) to b < 3^(k-3)).")


@claim("tripartite.lemA6.2",
       _G_DEF + "(ii) if 3^(k-2) < m <= 3^(k-1) and 1 <= x <= 3^(k-3) then G(m, x) <= 3^(k-2).",
       _A6, tripartite=True, expect_ok=False, note=_NOTE_A6_2)
def _lemA6_2(N):
    chk = _G_bound(N, lambda k: (3 ** (k - 2) + 1, 3 ** (k - 1)), lambda k: (1, 3 ** (k - 3)), +1, "x")
    return Check(chk.ok, _checked(N, "3^(k-2) < m <= 3^(k-1), 1 <= x <= 3^(k-3)"), chk.counterexample)


@claim("tripartite.lemA6.2.corrected",
       _G_DEF + "(ii) corrected: if 3^(k-2) < m <= 3^(k-1) and 1 <= x < 3^(k-3) (not <=) then G(m, x) <= 3^(k-2).",
       _A6, tripartite=True, version="corrected", corrects="tripartite.lemA6.2", note=_NOTE_A6_2)
def _lemA6_2_corrected(N):
    chk = _G_bound(N, lambda k: (3 ** (k - 2) + 1, 3 ** (k - 1)), lambda k: (1, 3 ** (k - 3) - 1), +1, "x")
    return Check(chk.ok, _checked(N, "3^(k-2) < m <= 3^(k-1), 1 <= x < 3^(k-3)"), chk.counterexample)


@claim("tripartite.lemA6.3",
       _G_DEF + "(iii) if 3^(k-2) < m <= 3^(k-2) + 3^(k-3) and 1 <= x <= 3^(k-2) then G(m, x) <= 3^(k-2).",
       _A6, tripartite=True)
def _lemA6_3(N):
    chk = _G_bound(N, lambda k: (3 ** (k - 2) + 1, 3 ** (k - 2) + 3 ** (k - 3)), lambda k: (1, 3 ** (k - 2)), +1, "x")
    return Check(chk.ok, _checked(N, "3^(k-2) < m <= 3^(k-2) + 3^(k-3), 1 <= x <= 3^(k-2)"), chk.counterexample)


@claim("tripartite.lemA6.4",
       _G_DEF + "(iv) if 3^(k-2) < m <= 3^(k-1) and y > 3^(k-2) then G(m, y-1) >= 3^(k-2).",
       _A6, tripartite=True)
def _lemA6_4(N):
    # x = y - 1 runs from 3^(k-2) to N - 1
    chk = _G_bound(N, lambda k: (3 ** (k - 2) + 1, 3 ** (k - 1)), lambda k: (3 ** (k - 2), N - 1), -1, "y")
    return Check(chk.ok, _checked(N, "3^(k-2) < m <= 3^(k-1), 3^(k-2) < y"), chk.counterexample)


@claim("tripartite.lemA6.5",
       _G_DEF + "(v) for x >= 2, G(2, x) = 2 and G(3, x) = 3.",
       _A6, tripartite=True)
def _lemA6_5(N):
    A = _table(N)
    G = G_table(A)
    for m in (2, 3):
        bad = np.nonzero(G[m, 2:N] != m)[0]
        if len(bad):
            x = int(bad[0]) + 2
            return Check(False, f"2 <= x < {N}", f"G({m}, {x}) = {int(G[m, x])}")
    return Check(True, f"m = 2, 3 and 2 <= x < {N}")


# ---------------------------------------------------------------------------------------------------
# Lemmas A.7-A.10 and A.13: there is an optimal move whose parts lie in a window
# ---------------------------------------------------------------------------------------------------
def _fixed_window(lo_of_k):
    def window(k, nl, nh):
        return [((nl, nh), (lo_of_k(k), nh))]
    return window


def _ell_windows(k, nl, nh):
    """Lemma A.10 / A.13: l = [(n - 3^(k-1)) / 3^(k-2)]; parts in [3^(k-2) + l 3^(k-3), 3^(k-2) + (l+1) 3^(k-3)]."""
    _, a, b, c = _pows(k)
    out = []
    for ell in range(7):
        bl, bh = max(nl, a + ell * b), min(nh, a + (ell + 1) * b - 1)
        if bl <= bh:
            out.append(((bl, bh), (b + ell * c, b + (ell + 1) * c)))
    return out


def _floor_condition(A, N, m_range):
    """l = 0 (1 + 3^(k-1) <= n < 3^(k-1) + 3^(k-2)): some optimal move has 3^(k-2) <= x <= y <= z <= 3^(k-2) +
    3^(k-3) and [(x-1)/3] + [(y-1)/3] + [(z-1)/3] = [(n-1)/3] - 2 (all such triples enumerated)."""
    for k in k_values(N):
        _, a, b, c = _pows(k)
        ml, mh = m_range(k)
        mh = min(mh, N)
        nl, nh = a + 1, a + b - 1
        r = np.arange(b, b + c + 1)
        x, y, z = (v.ravel() for v in np.meshgrid(r, r, r, indexing="ij"))
        n_t = x + y + z
        keep = (x <= y) & (y <= z) & (n_t >= nl) & (n_t <= nh) & \
               ((x - 1) // 3 + (y - 1) // 3 + (z - 1) // 3 == (n_t - 1) // 3 - 2)
        x, y, z, n_t = x[keep], y[keep], z[keep], n_t[keep]
        ms = np.arange(ml, mh + 1)
        vals = n_t[:, None] * ms[None, :] - (A[ms][:, x] + A[ms][:, y] + A[ms][:, z]).T
        best = np.full((nh - nl + 1, len(ms)), -_INF, dtype=np.int64)
        np.maximum.at(best, n_t - nl, vals)
        n, m = _grid(nl, nh, ml, mh)
        hit = _first(best != A[n, m], n, m)
        if hit:
            i, j = hit
            return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): no optimal move in the window satisfies the "
                                    f"floor condition")
    return Check(True, "")


_A7_RANGE = "1 + 3^(k-1) < n <= 3^(k-1) + 3^(k-2), 3^(k-2) <= m"


@claim("tripartite.lemA7",
       "Lemma A.7: " + _HYP + "If k >= 4, 1 + 3^(k-1) < n <= 3^(k-1) + 3^(k-2) and 3^(k-2) <= m, there is an "
       "optimal move (a, b, c) with 3^(k-3) <= a <= b <= c.",
       _SRC + ", Lemma A.7", tripartite=True)
def _lemA7(N):
    A = _table(N)
    chk = _check_window(A, N, lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2)),
                        lambda k: (3 ** (k - 2), N), _fixed_window(lambda k: 3 ** (k - 3)))
    return Check(chk.ok, _checked(N, _A7_RANGE), chk.counterexample)


_A8_M = "3^(k-2) + 1 < m <= 3^(k-1)"


@claim("tripartite.lemA8",
       "Lemma A.8: " + _HYP + "If k >= 4, 1 + 3^(k-1) <= n <= 3^k and 3^(k-2) + 1 < m <= 3^(k-1), there is an "
       "optimal move (a, b, c) with 3^(k-2) <= a <= b <= c.",
       _SRC + ", Lemma A.8", tripartite=True)
def _lemA8(N):
    A = _table(N)
    chk = _check_window(A, N, lambda k: (3 ** (k - 1) + 1, 3 ** k), lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1)),
                        _fixed_window(lambda k: 3 ** (k - 2)))
    return Check(chk.ok, _checked(N, "1 + 3^(k-1) <= n <= 3^k, " + _A8_M), chk.counterexample)


@claim("tripartite.lemA9",
       "Lemma A.9: " + _HYP + "If k >= 4, 3^(k-1) + 3^(k-2) <= n <= 3^k and 3^(k-2) + 1 < m <= 3^(k-1), there is "
       "an optimal move (a, b, c) with 3^(k-2) + 3^(k-3) <= a <= b <= c.",
       _SRC + ", Lemma A.9", tripartite=True)
def _lemA9(N):
    A = _table(N)
    chk = _check_window(A, N, lambda k: (3 ** (k - 1) + 3 ** (k - 2), 3 ** k),
                        lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1)),
                        _fixed_window(lambda k: 3 ** (k - 2) + 3 ** (k - 3)))
    return Check(chk.ok, _checked(N, "3^(k-1) + 3^(k-2) <= n <= 3^k, " + _A8_M), chk.counterexample)


_WINDOW_TEXT = ("with l = [(n - 3^(k-1)) / 3^(k-2)] there is an optimal move (a, b, c) for (n, m) (printed 'for (m, n)'; "
                "the parts add up to n) with 3^(k-2) + l 3^(k-3) <= a <= b <= c <= 3^(k-2) + (l+1) 3^(k-3)")
_FLOOR_TEXT = ("if l = 0, such a move can also be chosen with [(a-1)/3] + [(b-1)/3] + [(c-1)/3] = [(n-1)/3] - 2")


@claim("tripartite.lemA10.1",
       "Lemma A.10: " + _HYP + "If k >= 4, 3^(k-1) < n <= 3^k and 3^(k-2) + 1 < m <= 3^(k-1), " + _WINDOW_TEXT + ".",
       _SRC + ", Lemma A.10", tripartite=True)
def _lemA10_1(N):
    A = _table(N)
    chk = _check_window(A, N, lambda k: (3 ** (k - 1) + 1, 3 ** k), lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1)),
                        _ell_windows)
    return Check(chk.ok, _checked(N, "3^(k-1) < n <= 3^k, " + _A8_M), chk.counterexample)


@claim("tripartite.lemA10.2",
       "Lemma A.10 (furthermore): " + _HYP + "If k >= 4, 3^(k-1) < n < 3^(k-1) + 3^(k-2) (l = 0) and "
       "3^(k-2) + 1 < m <= 3^(k-1), there is an optimal move with 3^(k-2) <= a <= b <= c <= 3^(k-2) + 3^(k-3) and "
       "[(a-1)/3] + [(b-1)/3] + [(c-1)/3] = [(n-1)/3] - 2.",
       _SRC + ", Lemma A.10", tripartite=True)
def _lemA10_2(N):
    chk = _floor_condition(_table(N), N, lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1)))
    return Check(chk.ok, _checked(N, "3^(k-1) < n < 3^(k-1) + 3^(k-2), " + _A8_M), chk.counterexample)


_A13_M = "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2)"


@claim("tripartite.lemA13.1",
       "Lemma A.13: " + _HYP + "If k >= 4, 3^(k-1) < n <= 3^k and 3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), "
       + _WINDOW_TEXT + ".",
       _SRC + ", Lemma A.13", tripartite=True)
def _lemA13_1(N):
    A = _table(N)
    chk = _check_window(A, N, lambda k: (3 ** (k - 1) + 1, 3 ** k),
                        lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2)), _ell_windows)
    return Check(chk.ok, _checked(N, "3^(k-1) < n <= 3^k, " + _A13_M), chk.counterexample)


@claim("tripartite.lemA13.2",
       "Lemma A.13 (furthermore): " + _HYP + "If k >= 4, 3^(k-1) < n < 3^(k-1) + 3^(k-2) (l = 0) and "
       "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), " + _FLOOR_TEXT + " (and 3^(k-2) <= a <= b <= c <= 3^(k-2) + 3^(k-3)).",
       _SRC + ", Lemma A.13", tripartite=True)
def _lemA13_2(N):
    chk = _floor_condition(_table(N), N, lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2)))
    return Check(chk.ok, _checked(N, "3^(k-1) < n < 3^(k-1) + 3^(k-2), " + _A13_M), chk.counterexample)


# ---------------------------------------------------------------------------------------------------
# Propositions A.11, A.14, A.17: A(n, m) = B(n, m) (B as printed) on a range
# ---------------------------------------------------------------------------------------------------
@claim("tripartite.propA11",
       "Proposition A.11: " + _HYP + "Then A(n, m) = B(n, m) (B as printed, cases (iv)-(xiv)) for all "
       "1 + 3^(k-1) < n <= 3^k and 1 + 3^(k-2) < m <= 3^(k-1), k >= 4.",
       _SRC + ", Proposition A.11", tripartite=True)
def _propA11(N):
    chk = _check_B(_table(N), N, lambda k: (3 ** (k - 1) + 2, 3 ** k, 3 ** (k - 2) + 2, 3 ** (k - 1)))
    return Check(chk.ok, _checked(N, "1 + 3^(k-1) < n <= 3^k, 1 + 3^(k-2) < m <= 3^(k-1)"),
                 chk.counterexample, chk.detail)


@claim("tripartite.propA14",
       "Proposition A.14: " + _HYP + "Then A(n, m) = B(n, m) (B as printed) for all 1 + 3^(k-1) <= n <= 3^k and "
       "1 + 3^(k-1) < m < 3^(k-1) + 3^(k-2), k >= 4.",
       _SRC + ", Proposition A.14", tripartite=True)
def _propA14(N):
    chk = _check_B(_table(N), N, lambda k: (3 ** (k - 1) + 1, 3 ** k, 3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2) - 1))
    return Check(chk.ok, _checked(N, "1 + 3^(k-1) <= n <= 3^k, 1 + 3^(k-1) < m < 3^(k-1) + 3^(k-2)"),
                 chk.counterexample, chk.detail)


@claim("tripartite.propA17",
       "Proposition A.17: " + _HYP + "Then A(n, m) = B(n, m) (B as printed) for all 1 + 3^(k-1) < n <= "
       "3^(k-1) + 2*3^(k-2) and 3^(k-1) + 3^(k-2) <= m <= 3^k, k >= 4.",
       _SRC + ", Proposition A.17", tripartite=True)
def _propA17(N):
    chk = _check_B(_table(N), N, lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 2 * 3 ** (k - 2),
                                           3 ** (k - 1) + 3 ** (k - 2), 3 ** k))
    return Check(chk.ok, _checked(N, "1 + 3^(k-1) < n <= 3^(k-1) + 2*3^(k-2), 3^(k-1) + 3^(k-2) <= m <= 3^k"),
                 chk.counterexample, chk.detail)


# ---------------------------------------------------------------------------------------------------
# Lemmas A.12, A.15, A.18: formulas for A(m, x)
# ---------------------------------------------------------------------------------------------------
def _register_formulas(cid, title, hyp_text, m_range, items, names=("m", "x"), lhs=_A_at, lhs_text="A({0}, {1})", **claim_kw):
    """One claim: every item (text, x_range(k), formula(m, x, k)) holds for m in m_range(k)."""
    statement = claim_kw.pop("statement", None) or (
        f"{title}: {_HYP}For k >= 4 and {hyp_text}: " + "; ".join(t for t, _, _ in items) + ".")

    def check(N):
        regions = [(f" [{text}]", (lambda k, x_range=x_range: (*m_range(k), *x_range(k))), f)
                   for text, x_range, f in items]
        chk = _check_formulas(_table(N), N, regions, names, lhs, lhs_text)
        return Check(chk.ok, _checked(N, hyp_text), chk.counterexample)
    source = claim_kw.pop("source", _SRC + ", " + title.split(" (")[0])
    claim(cid, statement, source, tripartite=True, **claim_kw)(check)
    return check


def _f3(x):
    return (x - 1) // 3


_A12_M = lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2))
_A12_HYP = "1 + 3^(k-1) < m <= 3^(k-1) + 3^(k-2)"
_register_formulas("tripartite.lemA12.1", "Lemma A.12 (i)", _A12_HYP + ", 3^(k-2) < x <= 3^(k-2) + 3^(k-3)", _A12_M, [
    ("A(m, x) = (m - 3^(k-2))x - 3^(k-2)(m - 2*3^(k-2))",
     lambda k: (3 ** (k - 2) + 1, 3 ** (k - 2) + 3 ** (k - 3)),
     lambda m, x, k: (m - 3 ** (k - 2)) * x - 3 ** (k - 2) * (m - 2 * 3 ** (k - 2)))])
_register_formulas("tripartite.lemA12.2", "Lemma A.12 (ii)", _A12_HYP + ", 3^(k-2) + 3^(k-3) <= x <= 2*3^(k-2)", _A12_M, [
    ("A(m, x) = (m - 1 + 3^(k-3) - [(m-1)/3])x + 4*3^(k-3)[(m-1)/3] + 3^(k-3)(-3m + 4 + 2*3^(k-3))",
     lambda k: (3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 2)),
     lambda m, x, k: (m - 1 + 3 ** (k - 3) - _f3(m)) * x + 4 * 3 ** (k - 3) * _f3(m)
     + 3 ** (k - 3) * (-3 * m + 4 + 2 * 3 ** (k - 3)))])
_register_formulas("tripartite.lemA12.3", "Lemma A.12 (iii)", _A12_HYP + ", 2*3^(k-2) <= x <= 2*3^(k-2) + 3^(k-3)", _A12_M, [
    ("A(m, x) = (2 + 3^(k-3) + 2[(m-1)/3])x - 14*3^(k-3)[(m-1)/3] + 3^(k-3)(3m - 14 + 2*3^(k-3))",
     lambda k: (2 * 3 ** (k - 2), 2 * 3 ** (k - 2) + 3 ** (k - 3)),
     lambda m, x, k: (2 + 3 ** (k - 3) + 2 * _f3(m)) * x - 14 * 3 ** (k - 3) * _f3(m)
     + 3 ** (k - 3) * (3 * m - 14 + 2 * 3 ** (k - 3)))])
_register_formulas("tripartite.lemA12.4", "Lemma A.12 (iv)", _A12_HYP + ", 2*3^(k-2) + 3^(k-3) <= x <= 3^(k-1)", _A12_M, [
    ("A(m, x) = x 3^(k-1) + 3^(k-2)(m - 2*3^(k-1))",
     lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3), 3 ** (k - 1)),
     lambda m, x, k: x * 3 ** (k - 1) + 3 ** (k - 2) * (m - 2 * 3 ** (k - 1)))])


def _pt(xk):
    """A single x value as an x_range."""
    return lambda k: (xk(k), xk(k))


_B = lambda k: 3 ** (k - 2)
_Aa = lambda k: 3 ** (k - 1)


def _a15_common(second, third):
    return [("A(m, 3^(k-2)) = 3^(2k-4)", _pt(_B), lambda m, x, k: 3 ** (2 * k - 4) + 0 * m),
            second, third]


_register_formulas(
    "tripartite.lemA15.1", "Lemma A.15 (i)", "3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1)",
    lambda k: (3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1)),
    _a15_common(("A(m, 1 + 3^(k-2)) = 3^(2k-4) + m - 3^(k-2)", _pt(lambda k: _B(k) + 1),
                 lambda m, x, k: 3 ** (2 * k - 4) + m - 3 ** (k - 2)),
                ("A(m, 2 + 3^(k-2)) = 3^(2k-4) + m + 2*3^(k-2)", _pt(lambda k: _B(k) + 2),
                 lambda m, x, k: 3 ** (2 * k - 4) + m + 2 * 3 ** (k - 2))) + [
        ("for 1 + 3^(k-2) <= x <= 3^(k-1): A(m, x) = x 3^(k-1) + [(x-1)/3](m - 4*3^(k-2)) + m - 3^(k-3)(m + 12 + 2*3^(k-2))",
         lambda k: (_B(k) + 1, _Aa(k)),
         lambda m, x, k: x * 3 ** (k - 1) + _f3(x) * (m - 4 * 3 ** (k - 2)) + m - 3 ** (k - 3) * (m + 12 + 2 * 3 ** (k - 2))),
        ("A(m, 3^(k-1) - 1) = 13*3^(2k-5) - 3^(k-1) + 2m 3^(k-3)", _pt(lambda k: _Aa(k) - 1),
         lambda m, x, k: 13 * 3 ** (2 * k - 5) - 3 ** (k - 1) + 2 * m * 3 ** (k - 3)),
        ("A(m, 3^(k-1)) = 2m 3^(k-3) + 13*3^(2k-5)", _pt(_Aa),
         lambda m, x, k: 2 * m * 3 ** (k - 3) + 13 * 3 ** (2 * k - 5))])

_A15_SECOND = ("A(m, 1 + 3^(k-2)) = 5*3^(k-2) + 3^(2k-4)", _pt(lambda k: _B(k) + 1),
               lambda m, x, k: 5 * 3 ** (k - 2) + 3 ** (2 * k - 4) + 0 * m)
_A15_THIRD = ("A(m, 2 + 3^(k-2)) = 8*3^(k-2) + 3^(2k-4)", _pt(lambda k: _B(k) + 2),
              lambda m, x, k: 8 * 3 ** (k - 2) + 3 ** (2 * k - 4) + 0 * m)

_register_formulas(
    "tripartite.lemA15.2", "Lemma A.15 (ii)", "2*3^(k-1) <= m <= 2*3^(k-1) + 3^(k-2)",
    lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2)),
    _a15_common(_A15_SECOND, _A15_THIRD) + [
        ("for 1 + 3^(k-2) < x <= 3^(k-1): A(m, x) = (m - 3^(k-1))x + [(x-1)/3](14*3^(k-2) - 2m) - 2m - 3^(k-3)(m - 42 + 2*3^(k-2))",
         lambda k: (_B(k) + 2, _Aa(k)),
         lambda m, x, k: (m - 3 ** (k - 1)) * x + _f3(x) * (14 * 3 ** (k - 2) - 2 * m) - 2 * m
         - 3 ** (k - 3) * (m - 42 + 2 * 3 ** (k - 2))),
        ("A(m, 3^(k-1) - 1) = 2m 3^(k-3) - m + 3^(k-1) + 13*3^(2k-5)", _pt(lambda k: _Aa(k) - 1),
         lambda m, x, k: 2 * m * 3 ** (k - 3) - m + 3 ** (k - 1) + 13 * 3 ** (2 * k - 5)),
        ("A(m, 3^(k-1)) = 2m 3^(k-3) + 13*3^(2k-5)", _pt(_Aa),
         lambda m, x, k: 2 * m * 3 ** (k - 3) + 13 * 3 ** (2 * k - 5))])

_register_formulas(
    "tripartite.lemA15.3", "Lemma A.15 (iii)", "2*3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 2*3^(k-2)",
    lambda k: (2 * 3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1) + 2 * 3 ** (k - 2)),
    _a15_common(_A15_SECOND, _A15_THIRD) + [
        ("for 1 + 3^(k-2) < x <= 3^(k-1): A(m, x) = (m - 3^(k-1))x + [(x-1)/2](14*3^(k-2) - 2m) - m + 3^(k-2)(7 - 3^(k-1))",
         lambda k: (_B(k) + 2, _Aa(k)),
         lambda m, x, k: (m - 3 ** (k - 1)) * x + (x - 1) // 2 * (14 * 3 ** (k - 2) - 2 * m) - m
         + 3 ** (k - 2) * (7 - 3 ** (k - 1))),
        ("A(m, 3^(k-1) - 1) = m - 11*3^(k-2) + 3^(2k-2)", _pt(lambda k: _Aa(k) - 1),
         lambda m, x, k: m - 11 * 3 ** (k - 2) + 3 ** (2 * k - 2)),
        ("A(m, 3^(k-1)) = 3^(2k-2)", _pt(_Aa), lambda m, x, k: 3 ** (2 * k - 2) + 0 * m)])

_A15_IV_GENERAL = (
    "for 1 + 3^(k-2) <= x <= 3^(k-1): A(m, x) = x 3^(k-1) + 2*3^(k-2)[x/2] + 3^(k-2) - 3^(2k-3)",
    lambda k: (_B(k) + 1, _Aa(k)),
    lambda m, x, k: x * 3 ** (k - 1) + 2 * 3 ** (k - 2) * (x // 2) + 3 ** (k - 2) - 3 ** (2 * k - 3) + 0 * m)
_NOTE_A15_4 = (
    "The two end values are wrong: A(m, 3^(k-1) - 1) is printed 3^(2k-2) - 4*3^(k-2) but is 3^(2k-2) - 3^(k-1) "
    "(first: A(72, 26) = 702, printed 693), and A(m, 3^(k-1)) is printed 3^(2k-2) - 3^(k-2) but is 3^(2k-2) "
    "(A(72, 27) = 729, printed 720). Both correct values are the lemma's own general formula at x = 3^(k-1) - 1 "
    "and x = 3^(k-1). The other four formulas of (iv) hold. The wrong A(m, 3^(k-1) - 1) is used in case (iv) of "
    "the proof of Proposition A.19 and gives the wrong last piece of the display before it.")
_register_formulas(
    "tripartite.lemA15.4", "Lemma A.15 (iv)", "2*3^(k-1) + 2*3^(k-2) <= m <= 3^k",
    lambda k: (2 * 3 ** (k - 1) + 2 * 3 ** (k - 2), 3 ** k),
    _a15_common(_A15_SECOND, _A15_THIRD) + [
        _A15_IV_GENERAL,
        ("A(m, 3^(k-1) - 1) = 3^(2k-2) - 4*3^(k-2)", _pt(lambda k: _Aa(k) - 1),
         lambda m, x, k: 3 ** (2 * k - 2) - 4 * 3 ** (k - 2) + 0 * m),
        ("A(m, 3^(k-1)) = 3^(2k-2) - 3^(k-2)", _pt(_Aa), lambda m, x, k: 3 ** (2 * k - 2) - 3 ** (k - 2) + 0 * m)],
    expect_ok=False, note=_NOTE_A15_4)
_register_formulas(
    "tripartite.lemA15.4.corrected", "Lemma A.15 (iv) corrected", "2*3^(k-1) + 2*3^(k-2) <= m <= 3^k",
    lambda k: (2 * 3 ** (k - 1) + 2 * 3 ** (k - 2), 3 ** k),
    _a15_common(_A15_SECOND, _A15_THIRD) + [
        _A15_IV_GENERAL,
        ("A(m, 3^(k-1) - 1) = 3^(2k-2) - 3^(k-1) (printed: - 4*3^(k-2))", _pt(lambda k: _Aa(k) - 1),
         lambda m, x, k: 3 ** (2 * k - 2) - 3 ** (k - 1) + 0 * m),
        ("A(m, 3^(k-1)) = 3^(2k-2) (printed: 3^(2k-2) - 3^(k-2))", _pt(_Aa), lambda m, x, k: 3 ** (2 * k - 2) + 0 * m)], version="corrected", corrects="tripartite.lemA15.4", note=_NOTE_A15_4,
    source=_SRC + ", Lemma A.15")

_A18_X = lambda k: (3 ** (k - 1) + 1, 3 ** (k - 1) + 3 ** (k - 2) - 1)
_A18_XT = ", 1 + 3^(k-1) <= x < 3^(k-1) + 3^(k-2)"
_A18_F_I = ("A(m, x) = x 3^(k-1) + [(x-1)/3](m - 4*3^(k-2)) + m - 3^(k-3)(m + 12 + 2*3^(k-2))", _A18_X,
            lambda m, x, k: x * 3 ** (k - 1) + _f3(x) * (m - 4 * 3 ** (k - 2)) + m - 3 ** (k - 3) * (m + 12 + 2 * 3 ** (k - 2)))
_A18_F_II = ("A(m, x) = (m - 3^(k-1))x + [(x-1)/3](14*3^(k-2) - 2m) - 2m + 3^(k-3)(-m + 42 - 2*3^(k-2))", _A18_X,
             lambda m, x, k: (m - 3 ** (k - 1)) * x + _f3(x) * (14 * 3 ** (k - 2) - 2 * m) - 2 * m
             + 3 ** (k - 3) * (-m + 42 - 2 * 3 ** (k - 2)))
_A18_F_III = ("A(m, x) = (m - 3^(k-1))x + 3^(k-1)(2*3^(k-1) - m)", _A18_X,
              lambda m, x, k: (m - 3 ** (k - 1)) * x + 3 ** (k - 1) * (2 * 3 ** (k - 1) - m))
_register_formulas("tripartite.lemA18.1", "Lemma A.18 (i)", "3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1)" + _A18_XT,
                   lambda k: (3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1)), [_A18_F_I])
_register_formulas("tripartite.lemA18.2", "Lemma A.18 (ii)", "2*3^(k-1) <= m <= 2*3^(k-1) + 3^(k-2)" + _A18_XT,
                   lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2)), [_A18_F_II])
_register_formulas("tripartite.lemA18.3", "Lemma A.18 (iii)",
                   "2*3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 2*3^(k-2)" + _A18_XT,
                   lambda k: (2 * 3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1) + 2 * 3 ** (k - 2)), [_A18_F_III])
_register_formulas("tripartite.lemA18.4", "Lemma A.18 (iv)", "2*3^(k-1) + 2*3^(k-2) <= m <= 3^k" + _A18_XT,
                   lambda k: (2 * 3 ** (k - 1) + 2 * 3 ** (k - 2), 3 ** k), [_A18_F_III])


# ---------------------------------------------------------------------------------------------------
# Lemma A.16, Propositions A.19 and A.20: a named move is optimal (and A = B)
# ---------------------------------------------------------------------------------------------------
@claim("tripartite.lemA16",
       "Lemma A.16: " + _HYP + "If k >= 4, 1 + 3^(k-1) <= n <= 3^(k-1) + 2*3^(k-2) and 3^(k-1) + 3^(k-2) <= m, "
       "then (3^(k-2), 3^(k-2), n - 2*3^(k-2)) is an optimal move for (n, m).",
       _SRC + ", Lemma A.16", tripartite=True)
def _lemA16(N):
    chk = _check_move(_table(N), N, lambda k: (3 ** (k - 1) + 1, 3 ** (k - 1) + 2 * 3 ** (k - 2), 3 ** (k - 1) + 3 ** (k - 2), N),
                      lambda n, m, k: (3 ** (k - 2), 3 ** (k - 2), n - 2 * 3 ** (k - 2)))
    return Check(chk.ok, _checked(N, "1 + 3^(k-1) <= n <= 3^(k-1) + 2*3^(k-2), 3^(k-1) + 3^(k-2) <= m"),
                 chk.counterexample)


_N19 = "n = 3^(k-1) + 2*3^(k-2) + 1 and "
_n19 = lambda k: (3 ** (k - 1) + 2 * 3 ** (k - 2) + 1,) * 2
_D19_1 = ("for 3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1): B = 13m 3^(k-3) + 3^(k-2)(1 - 19*3^(k-3))",
          lambda k: (3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1)),
          lambda n, m, k: 13 * m * 3 ** (k - 3) + 3 ** (k - 2) * (1 - 19 * 3 ** (k - 3)))
_D19_3 = ("for 2*3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 2*3^(k-2): B = 5m 3^(k-2) + 3^(k-1) - 11*3^(2k-4)",
          lambda k: (2 * 3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1) + 2 * 3 ** (k - 2)),
          lambda n, m, k: 5 * m * 3 ** (k - 2) + 3 ** (k - 1) - 11 * 3 ** (2 * k - 4))
_D19_M2 = lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2))
_D19_M4 = lambda k: (2 * 3 ** (k - 1) + 2 * 3 ** (k - 2), 10 ** 9)
_NOTE_D19 = (
    "Two of the four printed pieces are wrong (each piece checked on its whole closed range). "
    "For 2*3^(k-1) <= m <= 2*3^(k-1) + 3^(k-2) the constant is printed -3^(k-2)(11 - 19*3^(k-2)); the proof of "
    "Proposition A.19 (ii) gets -11*3^(k-2) - 19*3^(2k-5) = -3^(k-2)(11 + 19*3^(k-3)), which is right (first "
    "counterexample (n, m) = (46, 54): printed 3654, A = 1602). For m >= 2*3^(k-1) + 2*3^(k-2) the printed "
    "5m 3^(k-2) + m - 11*3^(2k-4) - 4*3^(k-2) is off by 3^(k-2): the right constant is -5*3^(k-2), because "
    "A(m, 3^(k-1) - 1) = 3^(2k-2) - 3^(k-1) (Lemma A.15 (iv) misprints it as 3^(2k-2) - 4*3^(k-2)). "
    "Proposition A.19 itself (A = B, m <= 3^k) is unaffected: B is given by cases (xxi)-(xxv).")
_register_formulas(
    "tripartite.propA19.display", "Display before Proposition A.19", _N19 + "m >= 3^(k-1) + 3^(k-2)", _n19,
    [_D19_1,
     ("for 2*3^(k-1) <= m <= 2*3^(k-1) + 3^(k-2): B = (2 + 13*3^(k-3))m - 3^(k-2)(11 - 19*3^(k-2))", _D19_M2,
      lambda n, m, k: (2 + 13 * 3 ** (k - 3)) * m - 3 ** (k - 2) * (11 - 19 * 3 ** (k - 2))),
     _D19_3,
     ("for m >= 2*3^(k-1) + 2*3^(k-2): B = 5m 3^(k-2) + m - 11*3^(2k-4) - 4*3^(k-2)", _D19_M4,
      lambda n, m, k: 5 * m * 3 ** (k - 2) + m - 11 * 3 ** (2 * k - 4) - 4 * 3 ** (k - 2))],
    names=("n", "m"), expect_ok=False, note=_NOTE_D19, source=_SRC + ", display before Proposition A.19")
_register_formulas(
    "tripartite.propA19.display.corrected", "Display before Proposition A.19 corrected",
    _N19 + "m >= 3^(k-1) + 3^(k-2)", _n19,
    [_D19_1,
     ("for 2*3^(k-1) <= m <= 2*3^(k-1) + 3^(k-2): B = (2 + 13*3^(k-3))m - 3^(k-2)(11 + 19*3^(k-3))", _D19_M2,
      lambda n, m, k: (2 + 13 * 3 ** (k - 3)) * m - 3 ** (k - 2) * (11 + 19 * 3 ** (k - 3))),
     _D19_3,
     ("for m >= 2*3^(k-1) + 2*3^(k-2): B = 5m 3^(k-2) + m - 11*3^(2k-4) - 5*3^(k-2)", _D19_M4,
      lambda n, m, k: 5 * m * 3 ** (k - 2) + m - 11 * 3 ** (2 * k - 4) - 5 * 3 ** (k - 2))],
    names=("n", "m"), version="corrected", corrects="tripartite.propA19.display", note=_NOTE_D19,
    source=_SRC + ", display before Proposition A.19")


def _move_and_B(N, region, move):
    A = _table(N)
    chk = _check_move(A, N, region, move)
    if not chk.ok:
        return Check(False, "", "the move is not optimal: " + chk.counterexample)
    chk = _check_B(A, N, region)
    if not chk.ok:
        return Check(False, "", "A != B: " + chk.counterexample)
    return chk


@claim("tripartite.propA19",
       "Proposition A.19: " + _HYP + "If k >= 4, n = 3^(k-1) + 2*3^(k-2) + 1 and 3^(k-1) + 3^(k-2) <= m <= 3^k, "
       "then (3^(k-2), 3^(k-2) + 2, 3^(k-1) - 1) is an optimal move for (n, m) and A(n, m) = B(n, m) (B as printed).",
       _SRC + ", Proposition A.19", tripartite=True)
def _propA19(N):
    n0 = lambda k: 3 ** (k - 1) + 2 * 3 ** (k - 2) + 1
    chk = _move_and_B(N, lambda k: (n0(k), n0(k), 3 ** (k - 1) + 3 ** (k - 2), 3 ** k),
                      lambda n, m, k: (3 ** (k - 2), 3 ** (k - 2) + 2, 3 ** (k - 1) - 1))
    return Check(chk.ok, _checked(N, "n = 3^(k-1) + 2*3^(k-2) + 1, 3^(k-1) + 3^(k-2) <= m <= 3^k"),
                 chk.counterexample, chk.detail)


@claim("tripartite.propA20",
       "Proposition A.20: " + _HYP + "If k >= 4, 3^(k-1) + 2*3^(k-2) + 1 < n <= 2*3^(k-1) + 3^(k-2) and "
       "3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 3^(k-2), then (3^(k-2), n - 3^(k-2) - 3^(k-1), 3^(k-1)) is an optimal "
       "move for (n, m) and A(n, m) = B(n, m) (B as printed).",
       _SRC + ", Proposition A.20", tripartite=True)
def _propA20(N):
    chk = _move_and_B(N, lambda k: (3 ** (k - 1) + 2 * 3 ** (k - 2) + 2, 2 * 3 ** (k - 1) + 3 ** (k - 2),
                                    3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1) + 3 ** (k - 2)),
                      lambda n, m, k: (3 ** (k - 2), n - 3 ** (k - 2) - 3 ** (k - 1), 3 ** (k - 1)))
    return Check(chk.ok, _checked(N, "3^(k-1) + 2*3^(k-2) + 1 < n <= 2*3^(k-1) + 3^(k-2), "
                                     "3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 3^(k-2)"),
                 chk.counterexample, chk.detail)


# ---------------------------------------------------------------------------------------------------
# Formulas stated inside the proofs (the clean ones; see the module docstring for those left out)
# ---------------------------------------------------------------------------------------------------
def _diff_back(A, m, x):
    """A(m, x) - A(m, x-1)."""
    return A[m, x] - A[m, x - 1]


def _diff3(A, m, x):
    """A(m, x+3) - A(m, x)."""
    return A[m, x + 3] - A[m, x]


_register_formulas(
    "tripartite.lemA6.proof", "Proof of Lemma A.6 (i)", "1 + 3^(k-2) < m <= 3^(k-1)",
    lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1)),
    [("G(m, c-1) = m + 3^(k-3) - 1 - [(m-1)/3] for 3^(k-2) + 3^(k-3) < c <= 2*3^(k-2)",
      lambda k: (3 ** (k - 2) + 3 ** (k - 3) + 1, 2 * 3 ** (k - 2)),
      lambda m, x, k: m + 3 ** (k - 3) - 1 - _f3(m) + 0 * x),
     ("G(m, c-1) = 2 + 3^(k-3) + 2[(m-1)/3] for 2*3^(k-2) < c <= 2*3^(k-2) + 3^(k-3)",
      lambda k: (2 * 3 ** (k - 2) + 1, 2 * 3 ** (k - 2) + 3 ** (k - 3)),
      lambda m, x, k: 2 + 3 ** (k - 3) + 2 * _f3(m) + 0 * x),
     ("G(m, c-1) = 1 + 2[(m-1)/2] for 2*3^(k-2) + 3^(k-3) < c <= 2*3^(k-2) + 2*3^(k-3)",
      lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3) + 1, 2 * 3 ** (k - 2) + 2 * 3 ** (k - 3)),
      lambda m, x, k: 1 + 2 * ((m - 1) // 2) + 0 * x),
     ("G(m, c-1) = m for c > 2*3^(k-2) + 2*3^(k-3)",
      lambda k: (2 * 3 ** (k - 2) + 2 * 3 ** (k - 3) + 1, 10 ** 9), lambda m, x, k: m + 0 * x)],
    names=("m", "c"), lhs=_diff_back, lhs_text="G({0}, {1} - 1)", source=_SRC + ", proof of Lemma A.6")

_A9_X = lambda k: (3 ** (k - 2), 3 ** (k - 2) + 3 ** (k - 3) - 3)
_A9_PIECES = [
    (" [3^(k-1) for 1 + 3^(k-2) < m <= 3^(k-2) + 3^(k-3)]", lambda k: (3 ** (k - 2) + 2, 3 ** (k - 2) + 3 ** (k - 3)),
     lambda m, b, k: 3 ** (k - 1) + 0 * m),
    (" [m + 5*3^(k-3) for 3^(k-2) + 3^(k-3) <= m <= 2*3^(k-2) + 3^(k-3)]",
     lambda k: (3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 2) + 3 ** (k - 3)), lambda m, b, k: m + 5 * 3 ** (k - 3)),
    (" [3m - 3^(k-1) for 2*3^(k-2) + 3^(k-3) <= m <= 3^(k-1)]",
     lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3), 3 ** (k - 1)), lambda m, b, k: 3 * m - 3 ** (k - 1)),
]


@claim("tripartite.lemA9.proof",
       "Proof of Lemma A.9: for k >= 4, 3^(k-2) <= b <= 3^(k-2) + 3^(k-3) - 3 and 1 + 3^(k-2) < m <= 3^(k-1), "
       "A(m, b+3) - A(m, b) = 3^(k-1) if m <= 3^(k-2) + 3^(k-3); m + 5*3^(k-3) if 3^(k-2) + 3^(k-3) <= m <= "
       "2*3^(k-2) + 3^(k-3); 3m - 3^(k-1) if 2*3^(k-2) + 3^(k-3) <= m <= 3^(k-1) (each on its closed range).",
       _SRC + ", proof of Lemma A.9", tripartite=True)
def _lemA9_proof(N):
    items = [(label, (lambda k, mr=mr: (*mr(k), *_A9_X(k))), f) for label, mr, f in _A9_PIECES]
    chk = _check_formulas(_table(N), N, items, ("m", "b"), _diff3, "A({0}, {1} + 3) - A({0}, {1})")
    return Check(chk.ok, _checked(N, "3^(k-2) <= b <= 3^(k-2) + 3^(k-3) - 3, 1 + 3^(k-2) < m <= 3^(k-1)"),
                 chk.counterexample)


_N11 = lambda k: (3 ** (k - 1) + 1,) * 2


@claim("tripartite.propA11.proof",
       "Proof of Proposition A.11 (i): for k >= 4, n = 1 + 3^(k-1) and 1 + 3^(k-2) <= m <= 3^(k-1), the move "
       "(3^(k-2), 3^(k-2), 1 + 3^(k-2)) is optimal, and B(1 + 3^(k-1), m) = A(1 + 3^(k-1), m) = "
       "(1 + 2*3^(k-2))m - 3^(k-2)(1 + 3^(k-2)) for 3^(k-2) <= m <= 3^(k-2) + 3^(k-3); 7m 3^(k-3) + 3^(k-3)(1 - 13*3^(k-3)) "
       "up to 2*3^(k-2); (2 + 7*3^(k-3))m - 3^(k-3)(11 + 13*3^(k-3)) up to 2*3^(k-2) + 3^(k-3); "
       "m 3^(k-1) + 3^(k-2)(1 - 3^(k-1)) up to 3^(k-1) (each on its closed range).",
       _SRC + ", proof of Proposition A.11", tripartite=True)
def _propA11_proof(N):
    A = _table(N)
    chk = _check_move(A, N, lambda k: (*_N11(k), 3 ** (k - 2) + 1, 3 ** (k - 1)),
                      lambda n, m, k: (3 ** (k - 2), 3 ** (k - 2), 3 ** (k - 2) + 1))
    if chk.ok:
        pieces = [
            (lambda k: (3 ** (k - 2), 3 ** (k - 2) + 3 ** (k - 3)),
             lambda n, m, k: (1 + 2 * 3 ** (k - 2)) * m - 3 ** (k - 2) * (1 + 3 ** (k - 2))),
            (lambda k: (3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 2)),
             lambda n, m, k: 7 * m * 3 ** (k - 3) + 3 ** (k - 3) * (1 - 13 * 3 ** (k - 3))),
            (lambda k: (2 * 3 ** (k - 2), 2 * 3 ** (k - 2) + 3 ** (k - 3)),
             lambda n, m, k: (2 + 7 * 3 ** (k - 3)) * m - 3 ** (k - 3) * (11 + 13 * 3 ** (k - 3))),
            (lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3), 3 ** (k - 1)),
             lambda n, m, k: m * 3 ** (k - 1) + 3 ** (k - 2) * (1 - 3 ** (k - 1))),
        ]
        items = [(f" [piece {i + 1}]", (lambda k, mr=mr: (*_N11(k), *mr(k))), f) for i, (mr, f) in enumerate(pieces)]
        chk = _check_formulas(A, N, items, ("n", "m"))
    return Check(chk.ok, _checked(N, "n = 1 + 3^(k-1), 3^(k-2) <= m <= 3^(k-1)"), chk.counterexample)


def _A13_diff_items(strict):
    """The table of A(m, x) - A(m, x-1) in the proof of Lemma A.13 (x > 3^(k-2)); strict: half-open ranges."""
    s = 1 if strict else 0
    return [
        ("m - 3^(k-2) for 3^(k-2) < x <= 3^(k-2) + 3^(k-3)", lambda k: (3 ** (k - 2) + 1, 3 ** (k - 2) + 3 ** (k - 3)),
         lambda m, x, k: m - 3 ** (k - 2) + 0 * x),
        (f"m - 1 + 3^(k-3) - [(m-1)/3] for 3^(k-2) + 3^(k-3) {'<' if strict else '<='} x <= 2*3^(k-2)",
         lambda k: (3 ** (k - 2) + 3 ** (k - 3) + s, 2 * 3 ** (k - 2)),
         lambda m, x, k: m - 1 + 3 ** (k - 3) - _f3(m) + 0 * x),
        (f"2 + 3^(k-3) + 2[(m-1)/3] for 2*3^(k-2) {'<' if strict else '<='} x <= 2*3^(k-2) + 3^(k-3)",
         lambda k: (2 * 3 ** (k - 2) + s, 2 * 3 ** (k - 2) + 3 ** (k - 3)),
         lambda m, x, k: 2 + 3 ** (k - 3) + 2 * _f3(m) + 0 * x),
        (f"3^(k-1) for 2*3^(k-2) + 3^(k-3) {'<' if strict else '<='} x <= 3^(k-1)",
         lambda k: (2 * 3 ** (k - 2) + 3 ** (k - 3) + s, 3 ** (k - 1)), lambda m, x, k: 3 ** (k - 1) + 0 * x),
    ]


_NOTE_A13_PROOF = (
    "The four pieces of A(m, x) - A(m, x-1) for x > 3^(k-2) are printed on closed ranges that share their end "
    "points, but at x = 3^(k-2) + 3^(k-3), 2*3^(k-2) and 2*3^(k-2) + 3^(k-3) only the piece on the left is "
    "right (A(m, x) and A(m, x-1) both use Lemma A.12's formula on the left); first counterexample "
    "(m, x) = (29, 12). With half-open ranges (left end excluded) every piece holds.")
_A13_M_RANGE = lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2))
_register_formulas(
    "tripartite.lemA13.proof", "Proof of Lemma A.13", "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2)", _A13_M_RANGE,
    _A13_diff_items(False), lhs=_diff_back, lhs_text="A({0}, {1}) - A({0}, {1} - 1)",
    expect_ok=False, note=_NOTE_A13_PROOF, source=_SRC + ", proof of Lemma A.13")
_register_formulas(
    "tripartite.lemA13.proof.corrected", "Proof of Lemma A.13 corrected (half-open ranges)",
    "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2)", _A13_M_RANGE,
    _A13_diff_items(True), lhs=_diff_back, lhs_text="A({0}, {1}) - A({0}, {1} - 1)",
    version="corrected", corrects="tripartite.lemA13.proof", note=_NOTE_A13_PROOF,
    source=_SRC + ", proof of Lemma A.13")


def _monotone_G(N, x_lo):
    """G(m, x) <= G(m, y) for x_lo(k) <= x <= y <= 3^(k-1), 3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2): first descent."""
    G = G_table(_table(N))
    for k in k_values(N):
        _, a, b, _ = _pows(k)
        ms = np.arange(a + 2, a + b + 1)
        x0 = x_lo(k)
        g = G[a + 2:a + b + 1, x0:a + 1]                     # G(m, x0..a)
        down = np.argwhere(np.diff(g, axis=1) < 0)
        if len(down):
            i, j = down[0]
            m, x = int(ms[i]), x0 + int(j)
            return Check(False, "", f"k = {k}, (m, x, y) = ({m}, {x}, {x + 1}): G(m, x) = {int(G[m, x])} > "
                                    f"G(m, y) = {int(G[m, x + 1])}")
    return Check(True, "")


_NOTE_A13_MONO = (
    "For x < 3^(k-2), G(m, x) = Phi(x+1) - Phi(x) alternates between two values (Lemma A.5 only bounds it by "
    "5*3^(k-3)), so it is not monotone: first G(29, 1) = 5 > G(29, 2) = 3. The proof needs, and the table gives, "
    "monotonicity for 3^(k-2) <= x <= y <= 3^(k-1) (where the increments are m - 3^(k-2), ..., 3^(k-1)), "
    "together with G(m, x) <= 5*3^(k-3) <= m - 3^(k-2) for x < 3^(k-2).")


@claim("tripartite.lemA13.proof.monotone",
       "Proof of Lemma A.13: for k >= 4 and 3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), G(m, x) <= G(m, y) whenever "
       "1 <= x <= y <= 3^(k-1) (G(m, x) = A(m, x+1) - A(m, x)).",
       _SRC + ", proof of Lemma A.13", tripartite=True, expect_ok=False, note=_NOTE_A13_MONO)
def _lemA13_mono(N):
    chk = _monotone_G(N, lambda k: 1)
    return Check(chk.ok, _checked(N, "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), 1 <= x <= y <= 3^(k-1)"),
                 chk.counterexample)


@claim("tripartite.lemA13.proof.monotone.corrected",
       "Proof of Lemma A.13 corrected: for k >= 4 and 3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), G(m, x) <= G(m, y) "
       "whenever 3^(k-2) <= x <= y <= 3^(k-1), and G(m, x) <= 5*3^(k-3) <= G(m, y) when x < 3^(k-2) <= y <= 3^(k-1).",
       _SRC + ", proof of Lemma A.13", tripartite=True, version="corrected",
       corrects="tripartite.lemA13.proof.monotone", note=_NOTE_A13_MONO)
def _lemA13_mono_corrected(N):
    rng = _checked(N, "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), 1 <= x <= y <= 3^(k-1)")
    chk = _monotone_G(N, lambda k: 3 ** (k - 2))
    if not chk.ok:
        return Check(False, rng, chk.counterexample)
    G = G_table(_table(N))
    for k in k_values(N):
        _, a, b, c = _pows(k)
        low, high = G[a + 2:a + b + 1, 1:b], G[a + 2:a + b + 1, b:a + 1]
        if low.max() > 5 * c or high.min() < 5 * c:
            return Check(False, rng, f"k = {k}: max G below 3^(k-2) = {int(low.max())}, min above = {int(high.min())}")
    return Check(True, rng)
