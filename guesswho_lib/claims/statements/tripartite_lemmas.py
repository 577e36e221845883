"""The claims of Cushing et al., Appendix A, Lemma A.6 to Proposition A.20, each checked against the exact solver.

Each lemma's CONCLUSION is checked on the exact tripartite table for every k >= 4 with 3^k <= N (the induction
hypothesis, A = B for smaller n, is what the corrected formulas B hold; see
:mod:`guesswho_lib.claims.tripartite_checks` for the method and the notation a = 3^(k-1), b = 3^(k-2),
c = 3^(k-3), G(m, x) = A(m, x+1) - A(m, x)).  Statements:
Lemma A.6 (properties of G), Lemmas A.7-A.10 and A.13 (an optimal move has its parts in a window),
Propositions A.11, A.14, A.17 (A = B as printed on a range), Lemmas A.12, A.15, A.18 (formulas for A(m, x)),
Lemma A.16 and Propositions A.19, A.20 (a named move is optimal).  Formulas stated inside the proofs are in
:mod:`.tripartite_proofs`.
"""

from __future__ import annotations

import numpy as np

from ..registry import BOUNDARY_SLIP, WRONG_RANGE, Check, Register
from ..tripartite_checks import (HYPOTHESIS, INF, SOURCE, G_table, check_B, check_move, check_window, checked_range,
                                 first_hit, fixed_window, floor_third, k_values, on_table, powers, register_formulas,
                                 state_grid, tripartite_table)

register = Register(__name__)

__all__ = []


# ---------------------------------------------------------------------------------------------------
# Lemma A.6: properties of G(m, x) = B(m, x+1) - B(m, x)
# ---------------------------------------------------------------------------------------------------
def _table_claim(cid, statement, where, checked, run):
    """Register the claim ``cid`` of Appendix A, ``where`` (e.g. "Lemma A.7"), checked by ``run(A, N) -> Check`` on
    the exact table over ``checked`` (see :func:`guesswho_lib.claims.tripartite_checks.on_table`)."""
    register.claim(cid, statement, SOURCE + ", " + where, tripartite=True)(on_table(checked, run))


_A6 = SOURCE + ", Lemma A.6"
_G_DEF = "With G(m, x) = B(m, x+1) - B(m, x) = A(m, x+1) - A(m, x) (B = A: the corrected B equals A) and k >= 4: "


@register.claim("tripartite.lemA6.1",
                _G_DEF + "(i) if 1 + 3^(k-2) < m <= 3^(k-1) and 3^(k-2) + 3^(k-3) < x <= y then "
                "G(m, y-1) >= G(m, x-1) >= 2m/3 + 3^(k-3) - 1 >= 3^(k-2).",
                _A6, tripartite=True)
def _lemA6_1(N):
    A = tripartite_table(N)
    G = G_table(A)
    for k in k_values(N):
        _, a, b, c = powers(k)
        for m in range(b + 2, a + 1):
            if 2 * m + 3 * c - 3 < 3 * b:                  # 2m/3 + 3^(k-3) - 1 >= 3^(k-2), times 3
                return Check(False, checked_range(N, "y"), f"k = {k}, m = {m}: 2m/3 + 3^(k-3) - 1 < 3^(k-2)")
            z = np.arange(b + c, N)                          # z = x - 1
            g = G[m, b + c:N]
            low = np.nonzero(3 * g < 2 * m + 3 * c - 3)[0]
            down = np.nonzero(np.diff(g) < 0)[0]
            if len(low) and (not len(down) or low[0] <= down[0]):
                x = int(z[low[0]]) + 1
                return Check(False, checked_range(N, "1 + 3^(k-2) < m <= 3^(k-1), 3^(k-2) + 3^(k-3) < x <= y"),
                             f"k = {k}, (m, x) = ({m}, {x}): G(m, x-1) = {int(g[low[0]])} < 2m/3 + 3^(k-3) - 1")
            if len(down):
                x = int(z[down[0]]) + 1
                return Check(False, checked_range(N, "1 + 3^(k-2) < m <= 3^(k-1), 3^(k-2) + 3^(k-3) < x <= y"),
                             f"k = {k}, (m, x, y) = ({m}, {x}, {x + 1}): G(m, y-1) = {int(g[down[0] + 1])} "
                             f"< G(m, x-1) = {int(g[down[0]])}")
    return Check(True, checked_range(N, "1 + 3^(k-2) < m <= 3^(k-1), 3^(k-2) + 3^(k-3) < x <= y"))


def _G_bound(m_range, x_range, sign, label):
    """A(m, x+1) - A(m, x) = G(m, x) <= 3^(k-2) (sign +1) or >= 3^(k-2) (sign -1) for m, x in their ranges(k)."""
    def run(A, N):
        G = G_table(A)
        for k in k_values(N):
            b = 3 ** (k - 2)
            ml, mh = m_range(k)
            xl, xh = x_range(k)
            m, x = state_grid(ml, mh, xl, min(xh, N - 1))
            hit = first_hit(G[m, x] > b if sign > 0 else G[m, x] < b, m, x)
            if hit:
                i, j = hit
                return Check(False, "", f"k = {k}, (m, {label}) = ({i}, {j + (1 if label == 'y' else 0)}): "
                                        f"G = {int(G[i, j])} {'>' if sign > 0 else '<'} 3^(k-2) = {b}")
        return Check(True, "")
    return run


register.claim_and_correction(
    "tripartite.lemA6.2", _A6,
    "Fails exactly at the end point x = 3^(k-3), for every 3^(k-2) + 3^(k-3) < m <= 3^(k-1) (k = 4, 5, 6): "
    "G(m, 3^(k-3)) = A(m, 1 + 3^(k-3)) - A(m, 3^(k-3)) = min(m, 2*3^(k-2)) - 3^(k-3), up to 5*3^(k-3) > 3^(k-2) "
    "(first: G(13, 3) = 10 > 9). The proof bounds G(m, x) by Phi(x+1) - Phi(x) and Lemma A.5, but "
    "B(m, 1 + 3^(k-3)) is case (ii), not Phi. For x < 3^(k-3) the bound holds, and that is all the proof of "
    "Lemma A.7 uses (it applies (ii) to b < 3^(k-3)).",
    (_G_DEF + "(ii) if 3^(k-2) < m <= 3^(k-1) and 1 <= x <= 3^(k-3) then G(m, x) <= 3^(k-2).",
     on_table("3^(k-2) < m <= 3^(k-1), 1 <= x <= 3^(k-3)",
              _G_bound(lambda k: (3 ** (k - 2) + 1, 3 ** (k - 1)), lambda k: (1, 3 ** (k - 3)), +1, "x"))),
    (_G_DEF + "(ii) corrected: if 3^(k-2) < m <= 3^(k-1) and 1 <= x < 3^(k-3) (not <=) then G(m, x) <= 3^(k-2).",
     on_table("3^(k-2) < m <= 3^(k-1), 1 <= x < 3^(k-3)",
              _G_bound(lambda k: (3 ** (k - 2) + 1, 3 ** (k - 1)), lambda k: (1, 3 ** (k - 3) - 1), +1, "x"))),
    tripartite=True, severity=BOUNDARY_SLIP)

_table_claim(
    "tripartite.lemA6.3",
    _G_DEF + "(iii) if 3^(k-2) < m <= 3^(k-2) + 3^(k-3) and 1 <= x <= 3^(k-2) then G(m, x) <= 3^(k-2).",
    "Lemma A.6", "3^(k-2) < m <= 3^(k-2) + 3^(k-3), 1 <= x <= 3^(k-2)",
    _G_bound(lambda k: (3 ** (k - 2) + 1, 3 ** (k - 2) + 3 ** (k - 3)), lambda k: (1, 3 ** (k - 2)), +1, "x"))
_table_claim(
    "tripartite.lemA6.4",
    _G_DEF + "(iv) if 3^(k-2) < m <= 3^(k-1) and y > 3^(k-2) then G(m, y-1) >= 3^(k-2).",
    "Lemma A.6", "3^(k-2) < m <= 3^(k-1), 3^(k-2) < y",     # x = y - 1 runs from 3^(k-2) to N - 1
    _G_bound(lambda k: (3 ** (k - 2) + 1, 3 ** (k - 1)), lambda k: (3 ** (k - 2), 10 ** 9), -1, "y"))


@register.claim("tripartite.lemA6.5",
                _G_DEF + "(v) for x >= 2, G(2, x) = 2 and G(3, x) = 3.",
                _A6, tripartite=True)
def _lemA6_5(N):
    A = tripartite_table(N)
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
def _ell_windows(k, nl, nh):
    """Lemma A.10 / A.13: l = [(n - 3^(k-1)) / 3^(k-2)]; parts in [3^(k-2) + l 3^(k-3), 3^(k-2) + (l+1) 3^(k-3)]."""
    _, a, b, c = powers(k)
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
        _, a, b, c = powers(k)
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
        best = np.full((nh - nl + 1, len(ms)), -INF, dtype=np.int64)
        np.maximum.at(best, n_t - nl, vals)
        n, m = state_grid(nl, nh, ml, mh)
        hit = first_hit(best != A[n, m], n, m)
        if hit:
            i, j = hit
            return Check(False, "", f"k = {k}, (n, m) = ({i}, {j}): no optimal move in the window satisfies the "
                                    f"floor condition")
    return Check(True, "")


_A8_M = "3^(k-2) + 1 < m <= 3^(k-1)"
_WINDOW_TEXT = ("with l = [(n - 3^(k-1)) / 3^(k-2)] there is an optimal move (a, b, c) for (n, m) (printed 'for (m, n)'; "
                "the parts add up to n) with 3^(k-2) + l 3^(k-3) <= a <= b <= c <= 3^(k-2) + (l+1) 3^(k-3)")
_FLOOR_TEXT = ("if l = 0, such a move can also be chosen with [(a-1)/3] + [(b-1)/3] + [(c-1)/3] = [(n-1)/3] - 2")
_A13_M = "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2)"


def _window(n_range, m_range, window):
    """Some optimal move at (n, m) has all its parts in ``window`` (see check_window)."""
    return lambda A, N: check_window(A, N, n_range, m_range, window)


def _floor(m_range):
    """The 'furthermore' of Lemmas A.10 and A.13: the window move can also meet the floor condition."""
    return lambda A, N: _floor_condition(A, N, m_range)


_table_claim(
    "tripartite.lemA7",
    "Lemma A.7: " + HYPOTHESIS + "If k >= 4, 1 + 3^(k-1) < n <= 3^(k-1) + 3^(k-2) and 3^(k-2) <= m, there is an "
    "optimal move (a, b, c) with 3^(k-3) <= a <= b <= c.", "Lemma A.7",
    "1 + 3^(k-1) < n <= 3^(k-1) + 3^(k-2), 3^(k-2) <= m",
    _window(lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2)), lambda k: (3 ** (k - 2), 10 ** 9),
            fixed_window(lambda k: 3 ** (k - 3))))
_table_claim(
    "tripartite.lemA8",
    "Lemma A.8: " + HYPOTHESIS + "If k >= 4, 1 + 3^(k-1) <= n <= 3^k and 3^(k-2) + 1 < m <= 3^(k-1), there is an "
    "optimal move (a, b, c) with 3^(k-2) <= a <= b <= c.", "Lemma A.8", "1 + 3^(k-1) <= n <= 3^k, " + _A8_M,
    _window(lambda k: (3 ** (k - 1) + 1, 3 ** k), lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1)),
            fixed_window(lambda k: 3 ** (k - 2))))
_table_claim(
    "tripartite.lemA9",
    "Lemma A.9: " + HYPOTHESIS + "If k >= 4, 3^(k-1) + 3^(k-2) <= n <= 3^k and 3^(k-2) + 1 < m <= 3^(k-1), there is "
    "an optimal move (a, b, c) with 3^(k-2) + 3^(k-3) <= a <= b <= c.", "Lemma A.9",
    "3^(k-1) + 3^(k-2) <= n <= 3^k, " + _A8_M,
    _window(lambda k: (3 ** (k - 1) + 3 ** (k - 2), 3 ** k), lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1)),
            fixed_window(lambda k: 3 ** (k - 2) + 3 ** (k - 3))))
_table_claim(
    "tripartite.lemA10.1",
    "Lemma A.10: " + HYPOTHESIS + "If k >= 4, 3^(k-1) < n <= 3^k and 3^(k-2) + 1 < m <= 3^(k-1), " + _WINDOW_TEXT + ".",
    "Lemma A.10", "3^(k-1) < n <= 3^k, " + _A8_M,
    _window(lambda k: (3 ** (k - 1) + 1, 3 ** k), lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1)), _ell_windows))
_table_claim(
    "tripartite.lemA10.2",
    "Lemma A.10 (furthermore): " + HYPOTHESIS + "If k >= 4, 3^(k-1) < n < 3^(k-1) + 3^(k-2) (l = 0) and "
    "3^(k-2) + 1 < m <= 3^(k-1), there is an optimal move with 3^(k-2) <= a <= b <= c <= 3^(k-2) + 3^(k-3) and "
    "[(a-1)/3] + [(b-1)/3] + [(c-1)/3] = [(n-1)/3] - 2.", "Lemma A.10",
    "3^(k-1) < n < 3^(k-1) + 3^(k-2), " + _A8_M, _floor(lambda k: (3 ** (k - 2) + 2, 3 ** (k - 1))))
_table_claim(
    "tripartite.lemA13.1",
    "Lemma A.13: " + HYPOTHESIS + "If k >= 4, 3^(k-1) < n <= 3^k and 3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), "
    + _WINDOW_TEXT + ".", "Lemma A.13", "3^(k-1) < n <= 3^k, " + _A13_M,
    _window(lambda k: (3 ** (k - 1) + 1, 3 ** k), lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2)),
            _ell_windows))
_table_claim(
    "tripartite.lemA13.2",
    "Lemma A.13 (furthermore): " + HYPOTHESIS + "If k >= 4, 3^(k-1) < n < 3^(k-1) + 3^(k-2) (l = 0) and "
    "3^(k-1) + 1 < m <= 3^(k-1) + 3^(k-2), " + _FLOOR_TEXT + " (and 3^(k-2) <= a <= b <= c <= 3^(k-2) + 3^(k-3)).",
    "Lemma A.13", "3^(k-1) < n < 3^(k-1) + 3^(k-2), " + _A13_M,
    _floor(lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2))))


# ---------------------------------------------------------------------------------------------------
# Propositions A.11, A.14, A.17: A(n, m) = B(n, m) (B as printed) on a range
# ---------------------------------------------------------------------------------------------------
_table_claim(
    "tripartite.propA11",
    "Proposition A.11: " + HYPOTHESIS + "Then A(n, m) = B(n, m) (B as printed, cases (iv)-(xiv)) for all "
    "1 + 3^(k-1) < n <= 3^k and 1 + 3^(k-2) < m <= 3^(k-1), k >= 4.", "Proposition A.11",
    "1 + 3^(k-1) < n <= 3^k, 1 + 3^(k-2) < m <= 3^(k-1)",
    lambda A, N: check_B(A, N, lambda k: (3 ** (k - 1) + 2, 3 ** k, 3 ** (k - 2) + 2, 3 ** (k - 1))))
_table_claim(
    "tripartite.propA14",
    "Proposition A.14: " + HYPOTHESIS + "Then A(n, m) = B(n, m) (B as printed) for all 1 + 3^(k-1) <= n <= 3^k and "
    "1 + 3^(k-1) < m < 3^(k-1) + 3^(k-2), k >= 4.", "Proposition A.14",
    "1 + 3^(k-1) <= n <= 3^k, 1 + 3^(k-1) < m < 3^(k-1) + 3^(k-2)",
    lambda A, N: check_B(A, N, lambda k: (3 ** (k - 1) + 1, 3 ** k, 3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2) - 1)))
_table_claim(
    "tripartite.propA17",
    "Proposition A.17: " + HYPOTHESIS + "Then A(n, m) = B(n, m) (B as printed) for all 1 + 3^(k-1) < n <= "
    "3^(k-1) + 2*3^(k-2) and 3^(k-1) + 3^(k-2) <= m <= 3^k, k >= 4.", "Proposition A.17",
    "1 + 3^(k-1) < n <= 3^(k-1) + 2*3^(k-2), 3^(k-1) + 3^(k-2) <= m <= 3^k",
    lambda A, N: check_B(A, N, lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 2 * 3 ** (k - 2),
                                          3 ** (k - 1) + 3 ** (k - 2), 3 ** k)))


# ---------------------------------------------------------------------------------------------------
# Lemmas A.12, A.15, A.18: formulas for A(m, x)
# ---------------------------------------------------------------------------------------------------
_A12_M = lambda k: (3 ** (k - 1) + 2, 3 ** (k - 1) + 3 ** (k - 2))
_A12_HYP = "1 + 3^(k-1) < m <= 3^(k-1) + 3^(k-2)"
register_formulas(register, "tripartite.lemA12.1", "Lemma A.12 (i)",
                  _A12_HYP + ", 3^(k-2) < x <= 3^(k-2) + 3^(k-3)", _A12_M, [
    ("A(m, x) = (m - 3^(k-2))x - 3^(k-2)(m - 2*3^(k-2))",
     lambda k: (3 ** (k - 2) + 1, 3 ** (k - 2) + 3 ** (k - 3)),
     lambda m, x, k: (m - 3 ** (k - 2)) * x - 3 ** (k - 2) * (m - 2 * 3 ** (k - 2)))])
register_formulas(register, "tripartite.lemA12.2", "Lemma A.12 (ii)",
                  _A12_HYP + ", 3^(k-2) + 3^(k-3) <= x <= 2*3^(k-2)", _A12_M, [
    ("A(m, x) = (m - 1 + 3^(k-3) - [(m-1)/3])x + 4*3^(k-3)[(m-1)/3] + 3^(k-3)(-3m + 4 + 2*3^(k-3))",
     lambda k: (3 ** (k - 2) + 3 ** (k - 3), 2 * 3 ** (k - 2)),
     lambda m, x, k: (m - 1 + 3 ** (k - 3) - floor_third(m)) * x + 4 * 3 ** (k - 3) * floor_third(m)
     + 3 ** (k - 3) * (-3 * m + 4 + 2 * 3 ** (k - 3)))])
register_formulas(register, "tripartite.lemA12.3", "Lemma A.12 (iii)",
                  _A12_HYP + ", 2*3^(k-2) <= x <= 2*3^(k-2) + 3^(k-3)", _A12_M, [
    ("A(m, x) = (2 + 3^(k-3) + 2[(m-1)/3])x - 14*3^(k-3)[(m-1)/3] + 3^(k-3)(3m - 14 + 2*3^(k-3))",
     lambda k: (2 * 3 ** (k - 2), 2 * 3 ** (k - 2) + 3 ** (k - 3)),
     lambda m, x, k: (2 + 3 ** (k - 3) + 2 * floor_third(m)) * x - 14 * 3 ** (k - 3) * floor_third(m)
     + 3 ** (k - 3) * (3 * m - 14 + 2 * 3 ** (k - 3)))])
register_formulas(register, "tripartite.lemA12.4", "Lemma A.12 (iv)",
                  _A12_HYP + ", 2*3^(k-2) + 3^(k-3) <= x <= 3^(k-1)", _A12_M, [
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


register_formulas(
    register, "tripartite.lemA15.1", "Lemma A.15 (i)", "3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1)",
    lambda k: (3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1)),
    _a15_common(("A(m, 1 + 3^(k-2)) = 3^(2k-4) + m - 3^(k-2)", _pt(lambda k: _B(k) + 1),
                 lambda m, x, k: 3 ** (2 * k - 4) + m - 3 ** (k - 2)),
                ("A(m, 2 + 3^(k-2)) = 3^(2k-4) + m + 2*3^(k-2)", _pt(lambda k: _B(k) + 2),
                 lambda m, x, k: 3 ** (2 * k - 4) + m + 2 * 3 ** (k - 2))) + [
        ("for 1 + 3^(k-2) <= x <= 3^(k-1): A(m, x) = x 3^(k-1) + [(x-1)/3](m - 4*3^(k-2)) + m - 3^(k-3)(m + 12 + 2*3^(k-2))",
         lambda k: (_B(k) + 1, _Aa(k)),
         lambda m, x, k: x * 3 ** (k - 1) + floor_third(x) * (m - 4 * 3 ** (k - 2)) + m - 3 ** (k - 3) * (m + 12 + 2 * 3 ** (k - 2))),
        ("A(m, 3^(k-1) - 1) = 13*3^(2k-5) - 3^(k-1) + 2m 3^(k-3)", _pt(lambda k: _Aa(k) - 1),
         lambda m, x, k: 13 * 3 ** (2 * k - 5) - 3 ** (k - 1) + 2 * m * 3 ** (k - 3)),
        ("A(m, 3^(k-1)) = 2m 3^(k-3) + 13*3^(2k-5)", _pt(_Aa),
         lambda m, x, k: 2 * m * 3 ** (k - 3) + 13 * 3 ** (2 * k - 5))])

_A15_SECOND = ("A(m, 1 + 3^(k-2)) = 5*3^(k-2) + 3^(2k-4)", _pt(lambda k: _B(k) + 1),
               lambda m, x, k: 5 * 3 ** (k - 2) + 3 ** (2 * k - 4) + 0 * m)
_A15_THIRD = ("A(m, 2 + 3^(k-2)) = 8*3^(k-2) + 3^(2k-4)", _pt(lambda k: _B(k) + 2),
              lambda m, x, k: 8 * 3 ** (k - 2) + 3 ** (2 * k - 4) + 0 * m)

register_formulas(
    register, "tripartite.lemA15.2", "Lemma A.15 (ii)", "2*3^(k-1) <= m <= 2*3^(k-1) + 3^(k-2)",
    lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2)),
    _a15_common(_A15_SECOND, _A15_THIRD) + [
        ("for 1 + 3^(k-2) < x <= 3^(k-1): A(m, x) = (m - 3^(k-1))x + [(x-1)/3](14*3^(k-2) - 2m) - 2m - 3^(k-3)(m - 42 + 2*3^(k-2))",
         lambda k: (_B(k) + 2, _Aa(k)),
         lambda m, x, k: (m - 3 ** (k - 1)) * x + floor_third(x) * (14 * 3 ** (k - 2) - 2 * m) - 2 * m
         - 3 ** (k - 3) * (m - 42 + 2 * 3 ** (k - 2))),
        ("A(m, 3^(k-1) - 1) = 2m 3^(k-3) - m + 3^(k-1) + 13*3^(2k-5)", _pt(lambda k: _Aa(k) - 1),
         lambda m, x, k: 2 * m * 3 ** (k - 3) - m + 3 ** (k - 1) + 13 * 3 ** (2 * k - 5)),
        ("A(m, 3^(k-1)) = 2m 3^(k-3) + 13*3^(2k-5)", _pt(_Aa),
         lambda m, x, k: 2 * m * 3 ** (k - 3) + 13 * 3 ** (2 * k - 5))])

register_formulas(
    register, "tripartite.lemA15.3", "Lemma A.15 (iii)", "2*3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 2*3^(k-2)",
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
_A15_IV = ("2*3^(k-1) + 2*3^(k-2) <= m <= 3^k", lambda k: (2 * 3 ** (k - 1) + 2 * 3 ** (k - 2), 3 ** k))
_A15_IV_SAME = _a15_common(_A15_SECOND, _A15_THIRD) + [_A15_IV_GENERAL]    # the formulas of (iv) that hold
register_formulas(
    register, "tripartite.lemA15.4", "Lemma A.15 (iv)", *_A15_IV, _A15_IV_SAME + [
        ("A(m, 3^(k-1) - 1) = 3^(2k-2) - 4*3^(k-2)", _pt(lambda k: _Aa(k) - 1),
         lambda m, x, k: 3 ** (2 * k - 2) - 4 * 3 ** (k - 2) + 0 * m),
        ("A(m, 3^(k-1)) = 3^(2k-2) - 3^(k-2)", _pt(_Aa), lambda m, x, k: 3 ** (2 * k - 2) - 3 ** (k - 2) + 0 * m)],
    expect_ok=False, note=_NOTE_A15_4, severity=WRONG_RANGE)
register_formulas(
    register, "tripartite.lemA15.4.corrected", "Lemma A.15 (iv) corrected", *_A15_IV, _A15_IV_SAME + [
        ("A(m, 3^(k-1) - 1) = 3^(2k-2) - 3^(k-1) (printed: - 4*3^(k-2))", _pt(lambda k: _Aa(k) - 1),
         lambda m, x, k: 3 ** (2 * k - 2) - 3 ** (k - 1) + 0 * m),
        ("A(m, 3^(k-1)) = 3^(2k-2) (printed: 3^(2k-2) - 3^(k-2))", _pt(_Aa), lambda m, x, k: 3 ** (2 * k - 2) + 0 * m)],
    version="corrected", corrects="tripartite.lemA15.4", note=_NOTE_A15_4, source=SOURCE + ", Lemma A.15")

_A18_X = lambda k: (3 ** (k - 1) + 1, 3 ** (k - 1) + 3 ** (k - 2) - 1)
_A18_XT = ", 1 + 3^(k-1) <= x < 3^(k-1) + 3^(k-2)"
_A18_F_I = ("A(m, x) = x 3^(k-1) + [(x-1)/3](m - 4*3^(k-2)) + m - 3^(k-3)(m + 12 + 2*3^(k-2))", _A18_X,
            lambda m, x, k: x * 3 ** (k - 1) + floor_third(x) * (m - 4 * 3 ** (k - 2)) + m - 3 ** (k - 3) * (m + 12 + 2 * 3 ** (k - 2)))
_A18_F_II = ("A(m, x) = (m - 3^(k-1))x + [(x-1)/3](14*3^(k-2) - 2m) - 2m + 3^(k-3)(-m + 42 - 2*3^(k-2))", _A18_X,
             lambda m, x, k: (m - 3 ** (k - 1)) * x + floor_third(x) * (14 * 3 ** (k - 2) - 2 * m) - 2 * m
             + 3 ** (k - 3) * (-m + 42 - 2 * 3 ** (k - 2)))
_A18_F_III = ("A(m, x) = (m - 3^(k-1))x + 3^(k-1)(2*3^(k-1) - m)", _A18_X,
              lambda m, x, k: (m - 3 ** (k - 1)) * x + 3 ** (k - 1) * (2 * 3 ** (k - 1) - m))
register_formulas(register, "tripartite.lemA18.1", "Lemma A.18 (i)", "3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1)" + _A18_XT,
                   lambda k: (3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1)), [_A18_F_I])
register_formulas(register, "tripartite.lemA18.2", "Lemma A.18 (ii)", "2*3^(k-1) <= m <= 2*3^(k-1) + 3^(k-2)" + _A18_XT,
                   lambda k: (2 * 3 ** (k - 1), 2 * 3 ** (k - 1) + 3 ** (k - 2)), [_A18_F_II])
register_formulas(register, "tripartite.lemA18.3", "Lemma A.18 (iii)",
                   "2*3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 2*3^(k-2)" + _A18_XT,
                   lambda k: (2 * 3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1) + 2 * 3 ** (k - 2)), [_A18_F_III])
register_formulas(register, "tripartite.lemA18.4", "Lemma A.18 (iv)", "2*3^(k-1) + 2*3^(k-2) <= m <= 3^k" + _A18_XT,
                   lambda k: (2 * 3 ** (k - 1) + 2 * 3 ** (k - 2), 3 ** k), [_A18_F_III])


# ---------------------------------------------------------------------------------------------------
# Lemma A.16, Propositions A.19 and A.20: a named move is optimal (and A = B)
# ---------------------------------------------------------------------------------------------------
_table_claim(
    "tripartite.lemA16",
    "Lemma A.16: " + HYPOTHESIS + "If k >= 4, 1 + 3^(k-1) <= n <= 3^(k-1) + 2*3^(k-2) and 3^(k-1) + 3^(k-2) <= m, "
    "then (3^(k-2), 3^(k-2), n - 2*3^(k-2)) is an optimal move for (n, m).", "Lemma A.16",
    "1 + 3^(k-1) <= n <= 3^(k-1) + 2*3^(k-2), 3^(k-1) + 3^(k-2) <= m",
    lambda A, N: check_move(A, N, lambda k: (3 ** (k - 1) + 1, 3 ** (k - 1) + 2 * 3 ** (k - 2),
                                             3 ** (k - 1) + 3 ** (k - 2), N),
                            lambda n, m, k: (3 ** (k - 2), 3 ** (k - 2), n - 2 * 3 ** (k - 2))))


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
register_formulas(
    register, "tripartite.propA19.display", "Display before Proposition A.19", _N19 + "m >= 3^(k-1) + 3^(k-2)", _n19,
    [_D19_1,
     ("for 2*3^(k-1) <= m <= 2*3^(k-1) + 3^(k-2): B = (2 + 13*3^(k-3))m - 3^(k-2)(11 - 19*3^(k-2))", _D19_M2,
      lambda n, m, k: (2 + 13 * 3 ** (k - 3)) * m - 3 ** (k - 2) * (11 - 19 * 3 ** (k - 2))),
     _D19_3,
     ("for m >= 2*3^(k-1) + 2*3^(k-2): B = 5m 3^(k-2) + m - 11*3^(2k-4) - 4*3^(k-2)", _D19_M4,
      lambda n, m, k: 5 * m * 3 ** (k - 2) + m - 11 * 3 ** (2 * k - 4) - 4 * 3 ** (k - 2))],
    names=("n", "m"), expect_ok=False, note=_NOTE_D19, source=SOURCE + ", display before Proposition A.19",
    severity=WRONG_RANGE)
register_formulas(
    register, "tripartite.propA19.display.corrected", "Display before Proposition A.19 corrected",
    _N19 + "m >= 3^(k-1) + 3^(k-2)", _n19,
    [_D19_1,
     ("for 2*3^(k-1) <= m <= 2*3^(k-1) + 3^(k-2): B = (2 + 13*3^(k-3))m - 3^(k-2)(11 + 19*3^(k-3))", _D19_M2,
      lambda n, m, k: (2 + 13 * 3 ** (k - 3)) * m - 3 ** (k - 2) * (11 + 19 * 3 ** (k - 3))),
     _D19_3,
     ("for m >= 2*3^(k-1) + 2*3^(k-2): B = 5m 3^(k-2) + m - 11*3^(2k-4) - 5*3^(k-2)", _D19_M4,
      lambda n, m, k: 5 * m * 3 ** (k - 2) + m - 11 * 3 ** (2 * k - 4) - 5 * 3 ** (k - 2))],
    names=("n", "m"), version="corrected", corrects="tripartite.propA19.display", note=_NOTE_D19,
    source=SOURCE + ", display before Proposition A.19")


def _move_and_B(region, move):
    """The named move is optimal on region(k) = (nl, nh, ml, mh), and there A(n, m) = B(n, m) (B as printed)."""
    def run(A, N):
        chk = check_move(A, N, region, move)
        if not chk.ok:
            return Check(False, "", chk.counterexample + " (the move named is not optimal)")
        chk = check_B(A, N, region)
        if not chk.ok:
            return Check(False, "", "A != B: " + chk.counterexample)
        return chk
    return run


_table_claim(
    "tripartite.propA19",
    "Proposition A.19: " + HYPOTHESIS + "If k >= 4, n = 3^(k-1) + 2*3^(k-2) + 1 and 3^(k-1) + 3^(k-2) <= m <= 3^k, "
    "then (3^(k-2), 3^(k-2) + 2, 3^(k-1) - 1) is an optimal move for (n, m) and A(n, m) = B(n, m) (B as printed).",
    "Proposition A.19", "n = 3^(k-1) + 2*3^(k-2) + 1, 3^(k-1) + 3^(k-2) <= m <= 3^k",
    _move_and_B(lambda k: (*_n19(k), 3 ** (k - 1) + 3 ** (k - 2), 3 ** k),
                lambda n, m, k: (3 ** (k - 2), 3 ** (k - 2) + 2, 3 ** (k - 1) - 1)))
_table_claim(
    "tripartite.propA20",
    "Proposition A.20: " + HYPOTHESIS + "If k >= 4, 3^(k-1) + 2*3^(k-2) + 1 < n <= 2*3^(k-1) + 3^(k-2) and "
    "3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 3^(k-2), then (3^(k-2), n - 3^(k-2) - 3^(k-1), 3^(k-1)) is an optimal "
    "move for (n, m) and A(n, m) = B(n, m) (B as printed).", "Proposition A.20",
    "3^(k-1) + 2*3^(k-2) + 1 < n <= 2*3^(k-1) + 3^(k-2), 3^(k-1) + 3^(k-2) <= m <= 2*3^(k-1) + 3^(k-2)",
    _move_and_B(lambda k: (3 ** (k - 1) + 2 * 3 ** (k - 2) + 2, 2 * 3 ** (k - 1) + 3 ** (k - 2),
                           3 ** (k - 1) + 3 ** (k - 2), 2 * 3 ** (k - 1) + 3 ** (k - 2)),
                lambda n, m, k: (3 ** (k - 2), n - 3 ** (k - 2) - 3 ** (k - 1), 3 ** (k - 1))))
