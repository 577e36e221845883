"""Plots of three-way (paradox) splits and the 3-adic structure of the tripartite game (take an ``ax``).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from ..rules import check_int
from ..rules import split_A

__all__ = ["plot_three_way_values", "plot_split_parts", "plot_tripartite_gain", "plot_split_kind_map", "plot_power_of_three_map"]



def _three_way_values(sol, n: int, m: int) -> np.ndarray:
    """V[a, b] = n*m times the value of the split (a, b, n-a-b), a <= b <= n-a-b; NaN elsewhere."""
    a, b = np.meshgrid(np.arange(n + 1), np.arange(n + 1), indexing="ij")
    ok = (a >= 1) & (b >= a) & (n - a - b >= b)
    V = np.full((n + 1, n + 1), np.nan)
    V[ok] = split_A(sol.A, n, m, (a[ok], b[ok], n - a[ok] - b[ok]))
    return V


def plot_three_way_values(ax, sol, n: int, m: int):
    """Heat map of the win probability of every three-way split (a, b, n-a-b), a <= b <= c, at (n, m),
    optimal splits ringed.  ``sol`` is a tripartite :class:`~guesswho_lib.game.solver.Solution`."""
    if sol.rules.max_parts != 3:
        raise ValueError(f"sol must be a tripartite solution, got rules {sol.rules.name!r}")
    n, m = check_int(n, "n", 3, sol.N), check_int(m, "m", 1, sol.N)
    V = _three_way_values(sol, n, m) / (n * m)
    img = ax.imshow(V[1:, 1:].T, origin="lower", extent=(0.5, n + 0.5, 0.5, n + 0.5), cmap="viridis")
    best = [mv for mv in sol.optimal_moves(n, m) if isinstance(mv, tuple) and len(mv) == 3]
    artists = [img]
    if best:
        artists += ax.plot([mv[0] for mv in best], [mv[1] for mv in best], "o", mfc="none", mec="red", ms=10,
                           label="optimal")
        ax.legend(loc="upper right", fontsize=8)
    ax.set_xlim(0.5, n // 3 + 0.5)
    ax.set_ylim(0.5, n // 2 + 0.5)
    ax.set_xlabel("a = |X| (answer yes)")
    ax.set_ylabel("b = |Y| (head explodes)")
    ax.set_title(f"value of (a, b, {n}-a-b) at ({n}, {m}); P = {sol.P(n, m)}")
    return artists


def plot_split_parts(ax, sol, m: int, n_max: int, choose: Callable | None = None):
    """The three group sizes of an optimal move at (n, m) against n (log-3 grid lines at 3^k and 2*3^k).

    ``choose(n, m) -> move`` picks the move to draw (default: the solver's optimal move with the
    largest smallest group, as the Appendix A tables of Cushing et al. tend to print)."""
    n_max = check_int(n_max, "n_max", 4, sol.N)
    m = check_int(m, "m", 2, sol.N)
    ns, parts = [], []
    for n in range(3, n_max + 1):
        if choose is not None:
            mv = choose(n, m)
        else:
            cands = [mv for mv in sol.optimal_moves(n, m) if isinstance(mv, tuple)]
            mv = max(cands, key=lambda t: (len(t), t[0], t[1])) if cands else None
        if isinstance(mv, tuple) and len(mv) == 3:
            ns.append(n)
            parts.append(mv)
    parts = np.array(parts)
    artists = []
    for i, lab in enumerate(("smallest group a", "middle group b", "largest group c")):
        artists += ax.plot(ns, parts[:, i], ".-", ms=3, lw=0.8, label=lab)
    k = 1
    while 3 ** k <= n_max:
        artists.append(ax.axvline(3 ** k, color="grey", lw=0.6))
        artists.append(ax.axhline(3 ** (k - 1), color="grey", lw=0.4, ls=":"))
        if 2 * 3 ** k <= n_max:
            artists.append(ax.axvline(2 * 3 ** k, color="grey", lw=0.6, ls="--"))
        k += 1
    ax.set_xlabel("n (your suspects)")
    ax.set_ylabel("group size")
    ax.set_title(f"an optimal paradox question, opponent has m = {m}")
    ax.legend(loc="upper left", fontsize=8)
    return artists


def plot_tripartite_gain(ax, N: int):
    """Heat map of P_tripartite(n, m) - P_official(n, m) for 1 <= n, m <= N (from
    :func:`guesswho_lib.game.tripartite_tables.gain_table`): what paradox questions are worth to the player to move
    when *both* players may ask them.  Diverging colours centred on 0 (the gain can be negative)."""
    from ..game.tripartite_tables import gain_table

    N = check_int(N, "N", 2, 4096)
    k = np.arange(N + 1)
    gain = (gain_table(N) / np.maximum(np.outer(k, k), 1))[1:, 1:]
    top = float(np.abs(gain).max()) or 1.0
    img = ax.imshow(gain, origin="lower", extent=(0.5, N + 0.5, 0.5, N + 0.5), cmap="RdBu_r",
                    vmin=-top, vmax=top, interpolation="nearest")
    ax.set_xlabel("m (opponent's suspects)")
    ax.set_ylabel("n (your suspects)")
    ax.set_title("P tripartite - P official")
    return [img]


def plot_split_kind_map(ax, N: int):
    """Map of the (n, m) plane coloured by the rule of the corrected Theorem 3.1 that gives the move
    (:func:`guesswho_lib.game.tripartite_tables.split_kind_table`), with the lines n = 3^k.  Returns the artists."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    from ..game.tripartite_tables import SPLIT_KINDS, split_kind_table

    N = check_int(N, "N", 2, 4096)
    kinds = split_kind_table(N)[1:, 1:].astype(float)
    palette = ["#c44e52", "#8172b3", "#4c72b0", "#55a868"]
    img = ax.imshow(kinds, origin="lower", extent=(0.5, N + 0.5, 0.5, N + 0.5), interpolation="nearest",
                    cmap=ListedColormap(palette), vmin=-0.5, vmax=3.5)
    artists = [img]
    k = 2
    while 3 ** k <= N:
        artists.append(ax.axhline(3 ** k, color="white", lw=0.6))
        k += 1
    ax.legend(handles=[Patch(color=c, label=t) for c, t in zip(palette, SPLIT_KINDS)], loc="upper center",
              bbox_to_anchor=(0.5, -0.13), ncol=2, fontsize="small", frameon=False)
    ax.set_xlabel("m (opponent's suspects)")
    ax.set_ylabel("n (your suspects)")
    ax.set_title("which rule of Theorem 3.1 (corrected) applies")
    return artists


def plot_power_of_three_map(ax, N: int):
    """Map of the (n, m) plane: black where some OPTIMAL question has a group of size 3, 9, 27, ...
    (:func:`guesswho_lib.game.tripartite_tables.power_of_three_table`, read off the exact solver), with the
    Theorem 3.1 boundary m = 3^k + 3^(k-1) (k = floor(log_3 n)) drawn in red.  Returns the artists."""
    from ..papers.tripartite import ilog3
    from ..game.tripartite_tables import power_of_three_table

    N = check_int(N, "N", 10, 2187)
    table = power_of_three_table(N)[1:, 1:].astype(float)
    img = ax.imshow(table, origin="lower", extent=(0.5, N + 0.5, 0.5, N + 0.5), interpolation="nearest",
                    cmap="Greys", vmin=0, vmax=1.6)
    ns = np.arange(10, N + 1)
    bound = np.array([3 ** ilog3(n) + 3 ** (ilog3(n) - 1) for n in ns])
    line = ax.step(bound, ns, where="post", color="red", lw=1, label="m = 3^k + 3^(k-1)")
    ax.set_xlim(0.5, N + 0.5)
    ax.set_xlabel("m (opponent's suspects)")
    ax.set_ylabel("n (your suspects)")
    ax.set_title("dark: an optimal question has a group of size 3^j")
    ax.legend(loc="lower right", fontsize="small")
    return [img] + line


# ----------------------------------------------------------------------------------------------
