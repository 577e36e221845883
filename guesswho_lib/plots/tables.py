"""Plot functions for the lessons and the ``figures`` command.

Every function takes a matplotlib ``ax`` (and data or a solution), draws on it and returns the artist(s)
it made, so that a widget can update them in place (``image.set_data``) and a test can inspect them.
None of them calls ``plt.show()``; all are deterministic.

Conventions: a board state (n, m) is drawn with m (the opponent's suspects) across and n (yours) up,
so ``image.get_array()[n-1, m-1]`` is the value at (n, m).
"""

from __future__ import annotations

import numpy as np

from ..rules import GUESS, check_int, check_state, normalise_move
from ..caches import bounded_lru_cache
from ..game.solver import Solution, cached_solution
from ..rules import split_A

__all__ = ["heatmap_grid", "plot_heatmap", "mark_state", "over_and_guess", "optimal_split_range",
           "move_map_data", "plot_move_map", "move_categories", "plot_move_categories", "mark_states",
           "split_values", "plot_split_values", "region_grid", "plot_regions", "plot_nica_figure1",
           "plot_nica_figure2", "correction_grid", "plot_correction"]


def _size(solution: Solution, N) -> int:
    if not isinstance(solution, Solution):
        raise TypeError(f"solution must be a Solution from gw.solve, got {type(solution).__name__}")
    return solution.N if N is None else check_int(N, "N", 1, solution.N)


def _square(ax, N: int, title: str | None):
    ax.set_xlim(0.5, N + 0.5)
    ax.set_ylim(0.5, N + 0.5)
    ax.set_xlabel("m = opponent's suspects")
    ax.set_ylabel("n = your suspects (you move)")
    if title:
        ax.set_title(title)


def heatmap_grid(solution: Solution, N=None) -> np.ndarray:
    """Float array ``grid[n-1, m-1] = P(n, m)`` for 1 <= n, m <= N (NaN where the game is already over)."""
    N = _size(solution, N)
    return solution.prob[1:N + 1, 1:N + 1]


def plot_heatmap(ax, solution: Solution, N=None, *, cmap="viridis", colorbar=True, title=None):
    """Heat map of the exact win probability P(n, m) of the player to move; returns the AxesImage."""
    N = _size(solution, N)
    im = ax.imshow(heatmap_grid(solution, N), origin="lower", cmap=cmap, vmin=0.0, vmax=1.0,
                   extent=(0.5, N + 0.5, 0.5, N + 0.5), interpolation="nearest", aspect="equal")
    _square(ax, N, title if title is not None else f"P(n, m), {solution.rules.name} rules")
    if colorbar:
        ax.figure.colorbar(im, ax=ax, label="P(n, m)", shrink=0.85)
    return im


def mark_state(ax, n, m, **style):
    """A marker at the board state (n, m) (drawn at x = m, y = n); returns the Line2D to move later."""
    n, m = check_state(n, m)
    kw = dict(marker="s", markersize=9, markerfacecolor="none", markeredgecolor="red", markeredgewidth=2,
              linestyle="none")
    kw.update(style)
    (line,) = ax.plot([m], [n], **kw)
    return line


def mark_states(ax, states, **style):
    """Markers at several board states (n, m); returns the Line2D."""
    states = list(states)
    kw = dict(marker="s", markersize=8, markerfacecolor="none", markeredgecolor="red", markeredgewidth=2,
              linestyle="none")
    kw.update(style)
    (line,) = ax.plot([m for _, m in states], [n for n, _ in states], **kw)
    return line


# ---- optimal moves, vectorised over the integer table ---------------------------------------------
def _game_over(rules, n: int, m: int) -> bool:
    """True if the game is already decided at (n, m) (or (n, m) cannot occur), so there is no move to show."""
    try:
        return rules.terminal_A(n, m) is not None
    except ValueError:          # (1, 1) under the race-to-one rules cannot occur
        return True


@bounded_lru_cache(16, "plots.tables: where the game is over and where guessing is optimal")
def _over_and_guess(rules, N: int):
    sol = cached_solution(rules, N)
    over = np.array([[_game_over(rules, n, m) for m in range(1, N + 1)] for n in range(1, N + 1)])
    guess = np.zeros((N, N), dtype=bool)
    if rules.guess is not None:
        for n, m in zip(*np.nonzero(~over)):
            guess[n, m] = sol.value(int(n) + 1, int(m) + 1, GUESS) == sol.P(int(n) + 1, int(m) + 1)
    over.setflags(write=False)
    guess.setflags(write=False)
    return over, guess


def over_and_guess(solution: Solution, N=None):
    """Two boolean grids ``[n-1, m-1]`` for 1 <= n, m <= N: where the game is already decided (or the state
    cannot occur), and where guessing is optimal (exact, from :meth:`Solution.value`; computed once per
    rule set and N, and kept in a bounded cache)."""
    N = _size(solution, N)
    return _over_and_guess(solution.rules, N)


def optimal_split_range(solution: Solution, n: int, N=None):
    """For one n and every m = 1..N: the smallest and the largest a such that the split (a, n-a) is optimal
    (0 where no two-way split is optimal), and whether guessing is optimal.  Whole-row numpy operations."""
    N = _size(solution, N)
    m = np.arange(1, N + 1)
    best = solution.A[n, 1:N + 1].astype(np.int64)
    lo = np.zeros(N, dtype=np.int64)
    hi = np.zeros(N, dtype=np.int64)
    if n >= 2:
        a = np.arange(1, n // 2 + 1)[:, None]
        opt = split_A(solution.A, n, m[None, :], (a, n - a)) == best[None, :]   # opt[a-1, m-1]
        any_opt = opt.any(axis=0)
        a = a[:, 0]
        lo = np.where(any_opt, a[np.argmax(opt, axis=0)], 0)
        hi = np.where(any_opt, a[len(a) - 1 - np.argmax(opt[::-1], axis=0)], 0)
    over, guess = (grid[n - 1].copy() for grid in over_and_guess(solution, N))
    lo[over] = hi[over] = 0
    return lo, hi, guess


def move_map_data(solution: Solution, N=None, pick: str = "most_balanced") -> np.ndarray:
    """``grid[n-1, m-1]`` = a/n for the optimal split (a, n-a) (a <= n/2), 0 where only guessing is optimal,
    NaN where the game is over.  ``pick`` chooses among several optimal splits: "most_balanced" (largest a)
    or "boldest" (smallest a).  Two-way splits only (a paradox question is not shown)."""
    if pick not in ("most_balanced", "boldest"):
        raise ValueError(f"pick must be 'most_balanced' or 'boldest', got {pick!r}")
    N = _size(solution, N)
    grid = np.full((N, N), np.nan)
    for n in range(1, N + 1):
        lo, hi, guess = optimal_split_range(solution, n, N)
        a = hi if pick == "most_balanced" else lo
        row = np.where(a > 0, a / n, np.where(guess, 0.0, np.nan))
        grid[n - 1] = row
    return grid


def plot_move_map(ax, solution: Solution, N=None, *, pick="most_balanced", highlight=(), colorbar=True,
                  title=None, cmap="magma"):
    """Map of the optimal question: colour = (smallest group of the optimal split) / n, from 0 (guess) to 1/2
    (halving).  ``highlight`` is a list of states (n, m) to ring in red.  Returns (image, highlight line)."""
    N = _size(solution, N)
    im = ax.imshow(move_map_data(solution, N, pick), origin="lower", cmap=cmap, vmin=0.0, vmax=0.5,
                   extent=(0.5, N + 0.5, 0.5, N + 0.5), interpolation="nearest", aspect="equal")
    _square(ax, N, title if title is not None else f"optimal question, {solution.rules.name} rules")
    if colorbar:
        ax.figure.colorbar(im, ax=ax, label="smallest group / n  (0 = guess)", shrink=0.85)
    line = mark_states(ax, [s for s in highlight if max(s) <= N])
    return im, line


def move_categories(solution: Solution, candidates: dict, N=None):
    """Which named rule of thumb is optimal at each state.

    ``candidates`` maps a name to a function ``(n, m) -> move`` (GUESS, or the size a of the asked group,
    or a tuple).  ``cat[n-1, m-1]`` is the index of the first candidate whose move is optimal at (n, m),
    ``len(candidates)`` when none is ("other"), and -1 where the game is over.  Returns (cat, names)."""
    N = _size(solution, N)
    names = list(candidates)
    rules = solution.rules
    over, guess = over_and_guess(solution, N)
    cat = np.full((N, N), len(names), dtype=int)
    for n in range(1, N + 1):
        for m in range(1, N + 1):
            if over[n - 1, m - 1]:
                cat[n - 1, m - 1] = -1
                continue
            best = int(solution.A[n, m])
            for i, name in enumerate(names):
                mv = candidates[name](n, m)
                if mv is None:
                    continue
                if mv is GUESS or (np.isscalar(mv) and mv == 0):
                    ok = bool(guess[n - 1, m - 1])
                else:
                    try:
                        parts = normalise_move((int(mv), n - int(mv)) if np.isscalar(mv) else tuple(mv), n, rules)
                    except (TypeError, ValueError):     # not a legal question here: this rule says nothing
                        continue
                    ok = int(split_A(solution.A, n, m, parts)) == best
                if ok:
                    cat[n - 1, m - 1] = i
                    break
    return cat, names + ["other"]


def plot_move_categories(ax, solution: Solution, candidates: dict, N=None, *, highlight=(), title=None,
                         legend=True):
    """Colour each state by the first rule of thumb in ``candidates`` that is optimal there (see
    :func:`move_categories`); ring the ``highlight`` states.  Returns (image, highlight line)."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    N = _size(solution, N)
    cat, names = move_categories(solution, candidates, N)
    palette = ["#4c72b0", "#55a868", "#dd8452", "#8172b3", "#937860", "#da8bc3"][:len(names) - 1] + ["#c44e52"]
    data = np.where(cat < 0, np.nan, cat.astype(float))
    im = ax.imshow(data, origin="lower", cmap=ListedColormap(palette), vmin=-0.5, vmax=len(names) - 0.5,
                   extent=(0.5, N + 0.5, 0.5, N + 0.5), interpolation="nearest", aspect="equal")
    _square(ax, N, title if title is not None else f"which rule is optimal, {solution.rules.name} rules")
    if legend:
        ax.legend(handles=[Patch(color=c, label=nm) for c, nm in zip(palette, names)],
                  loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize="small", frameon=False)
    line = mark_states(ax, [s for s in highlight if max(s) <= N])
    return im, line


# ---- one state: the value of every question ----------------------------------------------------------
def split_values(solution: Solution, n, m) -> dict:
    """Exact value of every decision at (n, m), keyed as in Cushing et al.: 0 = guess, k = ask about a
    group of k (the split [k : n-k]), 1 <= k <= n/2."""
    n, m = check_state(n, m, solution.N)
    out = {}
    if solution.rules.guess is not None:
        out[0] = solution.value(n, m, GUESS)
    for k in range(1, n // 2 + 1):
        out[k] = solution.value(n, m, (k, n - k))
    return out


def plot_split_values(ax, solution: Solution, n, m, chosen=None, *, title=None):
    """Bar chart of the exact value of every decision k at (n, m) (0 = guess), best ones outlined, the
    ``chosen`` one in orange.  Returns the BarContainer."""
    vals = split_values(solution, n, m)
    ks = list(vals)
    best = max(vals.values())
    colors = ["#dd8452" if k == chosen else "#4c72b0" for k in ks]
    bars = ax.bar(ks, [float(v) for v in vals.values()], color=colors,
                  edgecolor=["black" if vals[k] == best else "none" for k in ks], linewidth=2)
    ax.axhline(float(best), color="black", linestyle=":", linewidth=1)
    ax.set_xticks(ks)
    ax.set_xticklabels(["guess" if k == 0 else str(k) for k in ks])
    ax.set_ylim(0, 1)
    ax.set_xlabel("decision k: ask about a group of k (0 = guess)")
    ax.set_ylabel("exact win probability")
    ax.set_title(title if title is not None else f"every decision at (n, m) = ({n}, {m})")
    return bars


# ---- Nica: regions and his two figures ----------------------------------------------------------------
def region_grid(N) -> np.ndarray:
    """``grid[n-1, m-1]`` = 0 if the player to move at (n, m) is *in the weeds*, 1 if they have *the upper
    hand* (Nica, Definitions 2.6, 2.7, from :func:`guesswho_lib.papers.nica.region`), NaN when the game is over."""
    from ..papers.nica import region
    N = check_int(N, "N", 2, 4096)
    grid = np.full((N, N), np.nan)
    for n in range(1, N + 1):
        for m in range(1, N + 1):
            if n == 1 or m == 1:
                continue
            grid[n - 1, m - 1] = 0.0 if region(n, m)[0] == "in the weeds" else 1.0
    return grid


def plot_regions(ax, N, *, title=None, levels=True):
    """Nica's map: where the player to move is in the weeds (bold bid 2^k) or has the upper hand (halve),
    with the lines n, m = 2^k that bound the levels.  Returns the AxesImage."""
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    N = check_int(N, "N", 2, 4096)
    im = ax.imshow(region_grid(N), origin="lower", cmap=ListedColormap(["#c44e52", "#4c72b0"]), vmin=0, vmax=1,
                   extent=(0.5, N + 0.5, 0.5, N + 0.5), interpolation="nearest", aspect="equal")
    if levels:
        k = 1
        while 2 ** k < N:
            ax.axhline(2 ** k + 0.5, color="white", linewidth=0.8, linestyle="--")
            ax.axvline(2 ** k + 0.5, color="white", linewidth=0.8, linestyle="--")
            k += 1
    _square(ax, N, title if title is not None else "Nica's regions (player to move)")
    ax.legend(handles=[Patch(color="#c44e52", label="in the weeds: bid 2^k"),
                       Patch(color="#4c72b0", label="upper hand: halve")],
              loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize="small", frameon=False)
    return im


def _is_3d(ax) -> bool:
    return getattr(ax, "name", "") == "3d"


def plot_nica_figure1(ax, N=32, *, colorbar=True):
    """Nica's Figure 1: P(n, m) under the race-to-one rules for 1 <= n, m <= N, from the exact solver
    (:func:`guesswho_lib.plots.nica.figure1_data`).  On a 3D axes a surface as in the paper, else a heat map.
    Returns the artist."""
    from .nica import figure1_data
    d = figure1_data(N)
    if _is_3d(ax):
        M, Nn = np.meshgrid(d.y, d.x)
        art = ax.plot_surface(M, Nn, np.nan_to_num(d.z, nan=0.0), cmap="viridis", vmin=0, vmax=1,
                              linewidth=0, antialiased=False, rstride=1, cstride=1)
        ax.set_xlabel("m")
        ax.set_ylabel("n")
        ax.set_zlabel("P(n, m)")
        ax.set_zlim(0, 1)
        ax.view_init(elev=30, azim=-125)
        ax.set_box_aspect(None, zoom=0.88)      # room inside the axes for the z-axis label
        ax.set_title("Nica, Figure 1: P(n, m), race-to-one rules")
    else:
        art = ax.imshow(d.z, origin="lower", cmap="viridis", vmin=0, vmax=1, interpolation="nearest",
                        extent=(0.5, N + 0.5, 0.5, N + 0.5), aspect="equal")
        _square(ax, N, "Nica, Figure 1: P(n, m), race-to-one rules")
    if colorbar:
        ax.figure.colorbar(art, ax=ax, shrink=0.7, label="P(n, m)")
    return art


def plot_nica_figure2(ax, alpha_max=6, beta_max=6, samples=161, *, colorbar=True):
    """Nica's Figure 2: p_inf(2^k alpha, 2^k beta) on the L-shaped region (2, inf) x (1, 2] union
    (1, 2] x (1, inf), from :func:`guesswho_lib.plots.nica.figure2_data` (exact values, as floats).
    Heat map with alpha across and beta up (a surface on a 3D axes).  Returns the artist."""
    from .nica import figure2_data
    d = figure2_data(alpha_max, beta_max, samples)
    if _is_3d(ax):
        B, Al = np.meshgrid(d.y, d.x)
        z = np.ma.masked_invalid(d.z)
        art = ax.plot_surface(Al, B, z, cmap="viridis", vmin=0, vmax=1, linewidth=0, antialiased=False)
        ax.set_zlabel("p_inf")
        ax.set_zlim(0, 1)
        ax.view_init(elev=30, azim=-125)
        ax.set_box_aspect(None, zoom=0.88)      # room inside the axes for the z-axis label
    else:
        step_a = (d.x[1] - d.x[0]) / 2
        step_b = (d.y[1] - d.y[0]) / 2
        art = ax.imshow(d.z.T, origin="lower", cmap="viridis", vmin=0, vmax=1, interpolation="nearest",
                        extent=(d.x[0] - step_a, d.x[-1] + step_a, d.y[0] - step_b, d.y[-1] + step_b),
                        aspect="equal")
        ax.set_xlim(1, float(alpha_max))
        ax.set_ylim(1, float(beta_max))
    ax.set_xlabel("alpha = x / 2^k (Player 1, to move)")
    ax.set_ylabel("beta = y / 2^k (Player 2)")
    ax.set_title("Nica, Figure 2: p_inf on the L-shaped region")
    if colorbar:
        ax.figure.colorbar(art, ax=ax, shrink=0.7, label="p_inf")
    return art


def correction_grid(N) -> np.ndarray:
    """``grid[n-1, m-1] = n*m*(P(n, m) - p_inf(n, m))`` under Nica's rules (exact, then as floats), NaN where the
    game is over.  Remark 3.10 says it is -2/3 in the weeds and 4/3 with the upper hand."""
    from ..papers.nica import p_inf_table
    from ..game.solver import cached_solution
    N = check_int(N, "N", 2, 4096)
    A = cached_solution("nica", N).A[:N + 1, :N + 1].astype(np.int64)
    grid = ((3 * A - p_inf_table(N)) / 3.0)[1:, 1:]
    grid[0, :] = np.nan   # n = 1 or m = 1: the game is already over
    grid[:, 0] = np.nan
    return grid


def plot_correction(ax, N, *, colorbar=True, title=None):
    """The O(1/nm) correction between the discrete game and Continuous Guess Who (Nica, Remark 3.10):
    a map of n*m*(P - p_inf).  Returns the AxesImage."""
    from matplotlib.colors import ListedColormap
    grid = correction_grid(N)
    im = ax.imshow(grid, origin="lower", cmap=ListedColormap(["#c44e52", "#4c72b0"]), vmin=-2 / 3, vmax=4 / 3,
                   extent=(0.5, N + 0.5, 0.5, N + 0.5), interpolation="nearest", aspect="equal")
    _square(ax, N, title if title is not None else "n·m·(P − p_inf), Nica's rules (Remark 3.10)")
    if colorbar:
        cb = ax.figure.colorbar(im, ax=ax, shrink=0.85, ticks=[-2 / 3, 4 / 3])
        cb.ax.set_yticklabels(["−2/3 (in the weeds)", "4/3 (upper hand)"])
    return im
