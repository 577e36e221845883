"""Vectorised checks on the exact tripartite table, for the claims of Cushing et al., Appendix A, Lemma A.6 onwards.

Every lemma and proposition in this stretch of the appendix is a step of an induction on k: "suppose
A(n', m') = B(n', m') for all n' <= 3^(k-1)", then something holds for 3^(k-1) < n <= 3^k.  The hypothesis
is what the corrected formulas B hold (claim ``tripartite.B.coverage.corrected``), so we take it as given
and check each CONCLUSION directly on the exact integer table A(n, m) = n*m*P(n, m) of the tripartite rules,
for every k >= 4 with 3^k <= N (the paper's k >= 4; at the verify size N = 729 that is k = 4, 5, 6).  Ranges that
are unbounded in m (or x) are checked up to N.

In the statements a = 3^(k-1), b = 3^(k-2), c = 3^(k-3); [x] = floor(x); G(m, x) = A(m, x+1) - A(m, x)
(Lemma A.6 defines G with B, which equals A under the hypothesis; with B as printed G would be undefined
at x = 3^(k-2) for some m, the gap of case (xv) (B(11, 10)), and wrong next to x = 1 + 3^(k-3), case (ii)).
A move (x, y, z) splits the mover's n suspects into three groups; its value times n*m is
n*m - A(m, x) - A(m, y) - A(m, z) (:func:`guesswho_lib.rules.split_A`).

Counterexamples are reported in (k, n, m) order (k, m, x for statements about A(m, x)), so the first one
does not depend on N once N covers it.  This module registers no claim itself; the claims are in
:mod:`.statements.tripartite_lemmas`, :mod:`.statements.tripartite_proofs` and :mod:`.statements.tripartite_end`.
"""

from __future__ import annotations

import numpy as np

from ..rules import check_int
from ..rules import split_A
from ..papers.tripartite import B_CASES
from .exact_tables import A_table
from .registry import Check, Register

__all__ = ["SOURCE", "HYPOTHESIS", "INF", "k_values", "powers", "checked_range", "tripartite_table", "G_table",
           "state_grid", "first_hit", "best_three_split", "B_grid", "check_formulas", "check_B", "check_move",
           "check_window", "fixed_window", "on_table", "register_formulas", "floor_third"]

SOURCE = "Cushing et al., Appendix A"
HYPOTHESIS = "Suppose A(n', m') = B(n', m') for n' <= 3^(k-1) (taken as given: the corrected B equals A). "
INF = np.int64(1) << 40


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


def powers(k: int):
    """(3^k, 3^(k-1), 3^(k-2), 3^(k-3)) = (K, a, b, c)."""
    return 3 ** k, 3 ** (k - 1), 3 ** (k - 2), 3 ** (k - 3)


def checked_range(N: int, what: str) -> str:
    ks = k_values(N)
    ktext = f"k = {ks[0]}..{ks[-1]}" if len(ks) > 1 else (f"k = {ks[0]}" if ks else "no k >= 4 with 3^k <= N")
    return f"{ktext}; {what} (every value <= {N})"


def G_table(A: np.ndarray) -> np.ndarray:
    """G[m, x] = A(m, x+1) - A(m, x) (Lemma A.6, with B = A), for 0 <= x < N; column 0 is meaningless.

    >>> A = tripartite_table(30)
    >>> [int(v) for v in G_table(A)[2, 2:6]], [int(v) for v in G_table(A)[3, 2:6]]
    ([2, 2, 2, 2], [3, 3, 3, 3])
    """
    return A[:, 1:] - A[:, :-1]



def tripartite_table(N: int) -> np.ndarray:
    """A(n, m) = n*m*P(n, m) under the tripartite rules, as int64, indices 0..N."""
    return A_table("tripartite", N)


def state_grid(nl, nh, ml, mh):
    n, m = np.meshgrid(np.arange(nl, nh + 1, dtype=np.int64), np.arange(ml, mh + 1, dtype=np.int64), indexing="ij")
    return n, m


def first_hit(bad, n, m):
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

    >>> A = tripartite_table(30)
    >>> S = best_three_split(A, 5, 5, 12, 4, 4)
    >>> int(12 * 5 - S[0, 12]) == 12 * 5 - 3 * int(A[5, 4])
    True
    """
    hi = min(hi, n_max)
    Am = A[m_lo:m_hi + 1, :]
    M = Am.shape[0]
    one = np.full((M, n_max + 1), INF, dtype=np.int64)
    if lo <= hi:
        one[:, lo:hi + 1] = Am[:, lo:hi + 1]
    out = one
    for _ in range(2):
        nxt = np.full((M, n_max + 1), INF, dtype=np.int64)
        for x in range(lo, hi + 1):
            seg = out[:, :n_max + 1 - x] + Am[:, x][:, None]
            np.minimum(nxt[:, x:], seg, out=nxt[:, x:])
        out = np.minimum(nxt, INF)
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
    n, m = state_grid(nl, nh, ml, mh)
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
    """A[u, v]: the default left-hand side of a formula check."""
    return A[u, v]


def _box(region, k: int, N: int):
    """The grids (u, v) of the box region(k) = (ul, uh, vl, vh) with uh, vh capped at N, or None when it is empty."""
    ul, uh, vl, vh = region(k)
    uh, vh = min(uh, N), min(vh, N)
    return None if ul > uh or vl > vh else state_grid(ul, uh, vl, vh)


def _boxes(region, N: int):
    """(k, u, v) for every k of :func:`k_values` whose box region(k) is not empty (see :func:`_box`)."""
    for k in k_values(N):
        box = _box(region, k, N)
        if box is not None:
            yield (k, *box)


def _formula_hit(A, N, k, region, formula, lhs=_A_at):
    """The first (u, v, formula value) in (u, v) order on region(k) where lhs(A, u, v) != formula(u, v, k), or None.

    lhs defaults to A[u, v]; the proofs also state formulas for differences such as A(m, x) - A(m, x-1)."""
    box = _box(region, k, N)
    if box is None:
        return None
    u, v = box
    ul, vl = int(u[0, 0]), int(v[0, 0])
    want = np.broadcast_to(np.asarray(formula(u, v, k), dtype=np.int64), u.shape)
    got = lhs(A, u, v)
    hit = first_hit(got != want, u, v)
    return None if hit is None else (*hit, int(want[hit[0] - ul, hit[1] - vl]), int(got[hit[0] - ul, hit[1] - vl]))



def check_formulas(A, N, items, names=("m", "x"), lhs=_A_at, lhs_text="A({0}, {1})"):
    """Several (label, region, formula): the first failure in (k, u, v) order over all of them."""
    for k in k_values(N):
        hits = [(h, label) for label, region, f in items if (h := _formula_hit(A, N, k, region, f, lhs))]
        if hits:
            (i, j, w, g), label = min(hits)
            return Check(False, "", f"k = {k}, ({names[0]}, {names[1]}) = ({i}, {j}){label}: the formula gives {w}, "
                                    f"{lhs_text.format(i, j)} = {g}")
    return Check(True, "")


def check_B(A, N, region):
    """A(n, m) = B(n, m) (B as printed) on region(k) = (nl, nh, ml, mh), m capped at N."""
    points = 0
    for k, n, m in _boxes(region, N):
        nl, ml = int(n[0, 0]), int(m[0, 0])
        val, cov = B_grid(k, nl, int(n[-1, 0]), ml, int(m[0, -1]))
        points += n.size
        hit = first_hit(~cov | (val != A[n, m]), n, m)
        if hit:
            i, j = hit
            if not cov[i - nl, j - ml]:
                return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): no printed case of B applies")
            return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): B = {int(val[i - nl, j - ml])}, "
                                    f"A = n*m*P = {int(A[i, j])}")
    return Check(True, "", detail=f"{points} states")


def check_move(A, N, region, move):
    """move(n, m, k) -> three arrays of parts: is it an optimal (legal) move on region(k)?"""
    for k, n, m in _boxes(region, N):
        nl, ml = int(n[0, 0]), int(m[0, 0])
        parts = [np.broadcast_to(np.asarray(p, dtype=np.int64), n.shape) for p in move(n, m, k)]
        legal = np.all([p >= 1 for p in parts], axis=0) & (sum(parts) == n)
        safe = [np.where(legal, p, 1) for p in parts]
        val = split_A(A, n, m, safe)
        hit = first_hit(~legal | (val != A[n, m]), n, m)
        if hit:
            i, j = hit
            mv = tuple(int(p[i - nl, j - ml]) for p in parts)
            if not legal[i - nl, j - ml]:
                return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): {mv} is not a split of {i}")
            return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): {mv} gives n*m*value = "
                                    f"{int(val[i - nl, j - ml])}, the optimum A = {int(A[i, j])}")
    return Check(True, "")


def check_window(A, N, n_range, m_range, window):
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
            n, m = state_grid(bl, bh, ml, mh)
            best = n * m - S[m - ml, n]
            hit = first_hit(best != A[n, m], n, m)
            if hit:
                i, j = hit
                return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): no optimal move has all parts in "
                                        f"[{lo}, {min(hi, i)}] (best such: n*m*value = "
                                        f"{int(best[i - bl, j - ml]) if best[i - bl, j - ml] > -INF // 2 else 'none'}"
                                        f", optimum A = {int(A[i, j])})")
    return Check(True, "")



def fixed_window(lo_of_k):
    """A window for :func:`check_window`: parts between lo_of_k(k) and n, the same for every n."""
    def window(k, nl, nh):
        return [((nl, nh), (lo_of_k(k), nh))]
    return window


def on_table(checked: str, run):
    """A claim's check from ``run(A, N) -> Check`` on the tripartite table A (indices 0..N), stated over
    ``checked`` for every k >= 4 with 3^k <= N (see :func:`checked_range`)."""
    def check(N):
        chk = run(tripartite_table(N), N)
        return Check(chk.ok, checked_range(N, checked), chk.counterexample, chk.detail)
    return check


def register_formulas(register: Register, cid, title, hyp_text, m_range, items, names=("m", "x"), lhs=_A_at,
                      lhs_text="A({0}, {1})", **claim_kw):
    """Register with ``register`` (the calling module's) one claim: every item (text, x_range(k),
    formula(m, x, k)) holds for m in m_range(k)."""
    statement = claim_kw.pop("statement", None) or (
        f"{title}: {HYPOTHESIS}For k >= 4 and {hyp_text}: " + "; ".join(t for t, _, _ in items) + ".")
    regions = [(f" [{text}]", (lambda k, x_range=x_range: (*m_range(k), *x_range(k))), f)
               for text, x_range, f in items]
    check = on_table(hyp_text, lambda A, N: check_formulas(A, N, regions, names, lhs, lhs_text))
    source = claim_kw.pop("source", SOURCE + ", " + title.split(" (")[0])
    register.claim(cid, statement, source, tripartite=True, **claim_kw)(check)
    return check


def floor_third(x):
    """[(x-1)/3] = floor((x - 1) / 3), as in the formulas of Appendix A (x may be an array)."""
    return (x - 1) // 3
