"""Plots of the first-move advantage, log-periodicity and the fair handicap (take an ``ax``).
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from ..rules import RULE_COLOURS, RULES, check_int, get_rules
from ..game.solver import cached_solution
from ..game.any_size import P, TABLE_SIZE, equal_pools
from ..game.first_move import Handicap, fairest_second_pool, log_position

__all__ = ["RULE_COLOURS", "plot_first_mover", "plot_log_periodicity", "plot_handicap"]



# ----------------------------------------------------------------------------------------------
# Plots (take an ax, return the artists, never call plt.show())
# ----------------------------------------------------------------------------------------------


def plot_first_mover(ax, N_max: int, rules: Sequence = None):
    """P(N, N) against N (log axis) for each rule set (names or Rules records; every rule set of ``gw.RULES`` if
    None), N = 2..N_max.  A rule set without a colour of its own in :data:`RULE_COLOURS` takes the next free one."""
    N_max = check_int(N_max, "N_max", 3, 16384)
    rules = [get_rules(r) for r in (RULES if rules is None else rules)]
    Ns = np.arange(2, N_max + 1)
    artists = []
    spare = (f"C{k}" for k in range(len(RULE_COLOURS), 10 ** 6))
    for r in rules:
        sol = cached_solution(r, N_max)
        colour = RULE_COLOURS.get(r.name) or next(spare)
        artists += ax.plot(Ns, sol.prob[Ns, Ns], ".", ms=2, color=colour, label=r.name)
    artists.append(ax.axhline(0.5, color="grey", lw=0.8, ls="--"))
    ax.set_xscale("log")
    ax.set_xlabel("N (both players start with N suspects)")
    ax.set_ylabel("P(N, N): first player's chance")
    ax.legend(loc="upper right", markerscale=4)
    return artists


def plot_log_periodicity(ax, rules="nica", base: int = 2, k_min: int = 3, k_max: int = 10,
                         points_per_period: int = 64):
    """P(N, N) against the fractional part of log_base(N), one colour per period [base^k, base^(k+1)).

    If the curves pile up on one limit curve, P(N, N) is (asymptotically) log-periodic.  Periods beyond
    the solver's table use the huge-board evaluator, so k_max may be large (base^k_max <= 10**18)."""
    rules = get_rules(rules).name
    base = check_int(base, "base", 2, 10)
    k_min = check_int(k_min, "k_min", 0)
    k_max = check_int(k_max, "k_max", k_min)
    if base ** (k_max + 1) > 10**18:
        raise ValueError(f"k_max must keep base**(k_max + 1) <= 10**18, got base={base}, k_max={k_max}")
    cmap = __import__("matplotlib").colormaps["viridis"]
    cached_solution(rules, min(base ** (k_max + 1), TABLE_SIZE))   # one table for every period, solved once
    artists = []
    for k in range(k_min, k_max + 1):
        lo, hi = base ** k, base ** (k + 1)
        Ns = sorted({int(round(lo * base ** (t / points_per_period))) for t in range(points_per_period)} | {lo})
        Ns = [N for N in Ns if lo <= N < hi and N >= 2]
        if not Ns:
            continue
        xs = [log_position(N, base) for N in Ns]
        ys = [float(p) for p in equal_pools(Ns, rules).values()]
        colour = cmap((k - k_min) / max(1, k_max - k_min))
        artists += ax.plot(xs, ys, "-", lw=1, color=colour, label=f"{base}^{k} <= N < {base}^{k + 1}")
    ax.set_xlabel(f"fractional part of log{base}(N)")
    ax.set_ylabel("P(N, N)")
    ax.set_title(f"{rules}: one curve per period")
    return artists


def plot_handicap(ax, N, rules="official", points: int = 41, handicap: Handicap | None = None):
    """P(N, m) against m / N for m from N/2 to N, with the fairest m marked (works for N up to 10**18).

    ``handicap``: the result of ``fairest_second_pool(N, rules)`` if already known (saves recomputing it)."""
    rules = get_rules(rules).name
    N = check_int(N, "N", 4, 10**18)
    points = check_int(points, "points", 2, 400)
    ms = sorted({max(2, N // 2 + (N - N // 2) * i // (points - 1)) for i in range(points)})
    ps = [float(P(N, m, rules)) for m in ms]
    h = fairest_second_pool(N, rules) if handicap is None else handicap
    if (h.rules, h.first) != (rules, N):
        raise ValueError(f"handicap must be fairest_second_pool({N}, {rules!r}), "
                         f"got one for N={h.first}, rules={h.rules!r}")
    artists = ax.plot([m / N for m in ms], ps, "-", color=RULE_COLOURS.get(rules), label=f"P({N}, m), {rules}")
    artists.append(ax.axhline(0.5, color="grey", lw=0.8, ls="--"))
    artists += ax.plot([h.second / N], [float(h.P)], "o", color="k",
                       label=f"fairest: m = {h.second}, P = {float(h.P):.4f}")
    ax.set_xlabel("m / N (second player's suspects as a fraction of N)")
    ax.set_ylabel("first player's chance")
    ax.legend(loc="upper left", fontsize=8)
    return artists


