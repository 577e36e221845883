"""The data behind Nica's figures, ready to plot: exact values from :mod:`guesswho_lib.papers.nica` and the solver.

M. Nica, "Optimal Strategy in 'Guess Who?': Beyond Binary Search" (2016): Figure 1 (P(n, m) under the race-to-one
rules), Figure 2 (p_inf on the L-shaped region), the log-periodic profile of section 1.2 and the boards
(2^s x, 2^s y) of Lemma 3.5 and Remark 3.10.  Each function returns plain arrays (floats only for plotting,
computed from exact values); the plot functions in :mod:`guesswho_lib.plots.tables` draw them.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

import numpy as np

from ..rules import check_int
from ..game.solver import cached_solution
from ..papers.nica import p_inf, p_star, positive_rational

__all__ = ["SurfaceData", "figure1_data", "figure2_data", "LogPeriodicProfile", "log_periodic_profile",
           "scaled_boards"]


class SurfaceData(NamedTuple):
    """Values on a grid, for a heat map: ``z[i, j]`` is the value at (x[i], y[j])."""
    x: np.ndarray
    y: np.ndarray
    z: np.ndarray
    xlabel: str
    ylabel: str
    title: str


def figure1_data(N=32) -> SurfaceData:
    """Data of Nica's Figure 1: P(n, m) for 1 <= n, m <= N (floats from the exact 'nica' solver; NaN at
    the impossible state (1, 1)).  ``z[n-1, m-1] = P(n, m)``.
    """
    N = check_int(N, "N", 2, 4096)
    t = cached_solution("nica", N)
    v = np.arange(1, N + 1)
    z = np.array(t.prob[1:N + 1, 1:N + 1], dtype=float)
    return SurfaceData(v, v, z, "n (Player 1's suspects, to move)", "m (Player 2's suspects)",
                       "Nica, Figure 1: P(n, m) under the race-to-one rules")


def figure2_data(alpha_max=6, beta_max=6, samples=241) -> SurfaceData:
    """Data of Nica's Figure 2: p_inf(2^k alpha, 2^k beta) on the L-shaped region
    (2, inf) x (1, 2]  union  (1, 2] x (1, inf)   (section 1.2, eqs. (3.2), (3.3)),
    on the grid alpha, beta = 1 + (max - 1) i/(samples - 1), i = 1, ..., samples - 1 (1 itself is left
    out: the region is open there).  Values are exact p_inf converted to floats; NaN outside the L.
    By Lemma 3.5 the value does not depend on k, so k = 0.
    """
    amax = positive_rational(alpha_max, "alpha_max")
    bmax = positive_rational(beta_max, "beta_max")
    samples = check_int(samples, "samples", 3, 2001)
    if amax <= 2 or bmax <= 2:
        raise ValueError("alpha_max and beta_max must be greater than 2 to show the L-shaped region")
    al = [1 + (amax - 1) * Fraction(i, samples - 1) for i in range(1, samples)]
    be = [1 + (bmax - 1) * Fraction(i, samples - 1) for i in range(1, samples)]
    z = np.full((len(al), len(be)), np.nan)
    for i, a in enumerate(al):
        for j, b in enumerate(be):
            if a <= 2 or b <= 2:
                z[i, j] = float(p_inf(a, b))
    return SurfaceData(np.array([float(a) for a in al]), np.array([float(b) for b in be]), z,
                       "alpha (Player 1's pool / 2^k)", "beta (Player 2's pool / 2^k)",
                       "Nica, Figure 2: p_inf on the L-shaped region")


class LogPeriodicProfile(NamedTuple):
    """p_inf(x, c x) against log2 x (a smooth curve) and the exact discrete P(n, m) with m = round(c n)."""
    log2_x: np.ndarray      # the curve's abscissa
    p_inf: np.ndarray       # p_inf(2^t, c 2^t)
    n: np.ndarray           # boards (n, m) of the discrete game
    m: np.ndarray
    P: np.ndarray           # exact P(n, m) as floats (closed form of Theorem 1.1)
    ratio: Fraction


def log_periodic_profile(ratio=1, max_log2=10, samples_per_octave=64) -> LogPeriodicProfile:
    """Section 1.2's log-periodicity: p*(n, c n) does not converge as n grows but follows
    p_inf(n, c n), which repeats every doubling of n (Lemma 3.5).

    The curve: t from 1 to ``max_log2`` with ``samples_per_octave`` points per doubling,
    p_inf(2^t, c 2^t) (2^t rounded to a dyadic rational, then exact).  The dots: every board
    n = 2, ..., 2^max_log2 with m = round(c n) >= 2, P(n, m) exact from Theorem 1.1 (so any size works).
    """
    c = positive_rational(ratio, "ratio")
    max_log2 = check_int(max_log2, "max_log2", 2, 40)
    spo = check_int(samples_per_octave, "samples_per_octave", 2, 4096)
    ts = np.linspace(1, max_log2, (max_log2 - 1) * spo + 1)
    curve = np.array([float(p_inf(Fraction(2.0 ** t).limit_denominator(2 ** 40),
                                  c * Fraction(2.0 ** t).limit_denominator(2 ** 40))) for t in ts])
    ns, ms, Ps = [], [], []
    for n in range(2, min(2 ** max_log2, 2 ** 16) + 1):
        m = round(c * n)
        if m >= 2:
            ns.append(n)
            ms.append(m)
            Ps.append(float(p_star(n, m)))
    return LogPeriodicProfile(ts, curve, np.array(ns), np.array(ms), np.array(Ps), c)


def scaled_boards(x, y, max_log2=30) -> list[dict]:
    """The boards (round(2^s x), round(2^s y)), s = 0, ..., max_log2, with their exact P (Theorem 1.1)
    and the continuous value p_inf at the same board: P - p_inf shrinks like 1/(nm) (Remark 3.10), while
    p_inf itself repeats (Lemma 3.5).  For a slider over s = log2 of the scale.

    >>> [(d["n"], d["m"], d["P"]) for d in scaled_boards(3, 2, 2)]
    [(3, 2, Fraction(1, 3)), (6, 4, Fraction(5, 12)), (12, 8, Fraction(7, 16))]
    """
    x, y = positive_rational(x, "x"), positive_rational(y, "y")
    max_log2 = check_int(max_log2, "max_log2", 0, 200)
    out = []
    for s in range(max_log2 + 1):
        n, m = round(x * 2 ** s), round(y * 2 ** s)
        if n < 1 or m < 1 or n == m == 1:
            continue
        P = p_star(n, m)
        pi = p_inf(n, m)
        out.append({"s": s, "n": n, "m": m, "P": P, "p_inf": pi, "nm_gap": n * m * (P - pi)})
    return out
