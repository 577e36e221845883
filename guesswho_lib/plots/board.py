"""Plots of the real board against the idealised game; each takes an ``ax``.

* :func:`plot_restriction_cost`  a heat map over the size pairs (|mine|, |theirs|): how much the player to
  move loses (red) or gains (blue) because every question must be about a trait, averaged over the pairs
  of reachable sets of those sizes (or the largest loss, the largest gain, or the share of pairs where
  the idealised best split cannot be asked);
* :func:`plot_first_questions`   every first question on the full board, its exact value on the board
  beside the value of a split of the same sizes in the idealised game.

The data come from :func:`guesswho_lib.board.compare.compare_with_ideal` and
:func:`guesswho_lib.board.compare.first_questions` (exact Fractions); floats are made only for drawing.
The cost of a state is P_ideal(|mine|, |theirs|) - P_board(mine, theirs) (Cushing et al., equation (1),
solved on both games).  Conventions as in :mod:`.tables`: |theirs| across, |mine| up.
"""

from __future__ import annotations

import matplotlib
import numpy as np

from ..board.compare import IdealComparison, compare_with_ideal, first_questions
from ..board.solver import BoardSolution
from ..rules import GUESS, format_move
from ..game.solver import cached_solution

__all__ = ["COST_STATISTICS", "NO_PAIR_COLOUR", "restriction_grid", "plot_restriction_cost", "plot_first_questions"]

#: What :func:`plot_restriction_cost` can show, and how its colour bar is labelled.
COST_STATISTICS = {
    "mean": "mean cost (ideal minus board)",
    "max": "largest cost (ideal minus board)",
    "min": "smallest cost (negative: the board helps)",
    "unaskable": "share of states whose ideal best split cannot be asked",
    "worse": "share of states the board makes worse for the mover",
    "better": "share of states the board makes better for the mover",
}

#: Colour of the size pairs that never occur on the board (no reachable sets of those sizes).
NO_PAIR_COLOUR = "#b5b5b5"


def _comparison(data) -> IdealComparison:
    if isinstance(data, IdealComparison):
        return data
    if isinstance(data, BoardSolution):
        return compare_with_ideal(data)
    raise TypeError(f"comparison must be an IdealComparison (from compare_with_ideal) or a BoardSolution, "
                    f"got {type(data).__name__}")


def restriction_grid(comparison, statistic: str = "mean") -> np.ndarray:
    """Float array ``G[a-1, b-1]`` of ``statistic`` over the pairs of reachable sets with |mine| = a and
    |theirs| = b (NaN where the board has no such pair); see :data:`COST_STATISTICS`."""
    if statistic not in COST_STATISTICS:
        raise ValueError(f"statistic must be one of {tuple(COST_STATISTICS)}, got {statistic!r}")
    c = _comparison(comparison)
    return c.grid(statistic)[1:, 1:]


def plot_restriction_cost(ax, comparison, statistic: str = "mean", *, colorbar: bool = True, title=None):
    """Heat map of the restriction cost over the size pairs (|theirs| across, |mine| up); returns the AxesImage.

    ``comparison``: an :class:`~guesswho_lib.board.compare.IdealComparison` (or a BoardSolution, compared
    here).  Costs use a diverging colour map centred on 0 (red: the board loses, blue: it gains, white:
    no difference), symmetric about 0 so that equal gains and losses look equally strong; shares run
    from 0 to 1.  Size pairs that never occur on the board are grey (:data:`NO_PAIR_COLOUR`)."""
    c = _comparison(comparison)
    G = restriction_grid(c, statistic)
    n = c.n
    masked = np.ma.masked_invalid(G)
    if statistic in ("mean", "max", "min"):
        finite = np.abs(G[np.isfinite(G)])
        lim = float(finite.max()) if finite.size and finite.max() > 0 else 1.0
        name, vmin, vmax = "RdBu_r", -lim, lim
    else:
        name, vmin, vmax = "Purples", 0.0, 1.0
    cmap = matplotlib.colormaps[name].with_extremes(bad=NO_PAIR_COLOUR)
    im = ax.imshow(masked, origin="lower", cmap=cmap, vmin=vmin, vmax=vmax,
                   extent=(0.5, n + 0.5, 0.5, n + 0.5), interpolation="nearest", aspect="equal")
    ax.set_xlim(0.5, n + 0.5)
    ax.set_ylim(0.5, n + 0.5)
    ax.set_xlabel("|theirs| = opponent's suspects")
    ax.set_ylabel("|mine| = your suspects (you move)")
    ax.set_title(title if title is not None else f"Real board against the idealised game: {statistic}")
    if colorbar:
        ax.figure.colorbar(im, ax=ax, label=COST_STATISTICS[statistic], shrink=0.85)
    return im


def plot_first_questions(ax, solution: BoardSolution, *, guess: bool = False):
    """Every first question on the full board as a horizontal bar of its exact value on the board, with a
    dot at the value of a split of the same sizes in the idealised game; dashed lines at the start values
    of both games, and a grey line at 1/2.  The axis starts at 0, so that a bar's length is its value.  Best question
    on top.  ``guess``: also show the guess.  Returns the BarContainer."""
    if not isinstance(solution, BoardSolution):
        raise TypeError(f"solution must be a BoardSolution (from solve_board), got {type(solution).__name__}")
    rows = [f for f in first_questions(solution) if guess or f.sizes is not GUESS]
    if not rows:
        raise ValueError("solution's board has no question that splits the full board")
    rows = rows[::-1]                                  # best at the top
    y = np.arange(len(rows))
    board = [float(f.value) for f in rows]
    ideal = [float(f.ideal_value) for f in rows]
    best = max(f.value for f in rows)
    colours = ["#2a9d8f" if f.value == best else "#8ab6d6" for f in rows]
    bars = ax.barh(y, board, color=colours, height=0.7, label="value on the board")
    ax.plot(ideal, y, "o", color="#e76f51", ms=5, label="same split, idealised game")
    start = float(solution.start)
    n = solution.board.n
    ideal_start = float(cached_solution(solution.rules, n).P(n, n))
    ax.axvline(start, color="#2a9d8f", ls="--", lw=1, label=f"board start value {solution.start}")
    ax.axvline(ideal_start, color="#e76f51", ls=":", lw=1, label="idealised start value")
    ax.set_yticks(y)
    ax.set_yticklabels([f.text if f.sizes is GUESS else f"{f.text}  ({format_move(f.sizes)})"
                        for f in rows], fontsize=8)
    ax.set_xlim(0.0, max(board + ideal + [start]) + 0.01)       # a bar's length is its value: the axis starts at 0
    ax.axvline(0.5, color="grey", lw=0.8)
    ax.set_xlabel("first player's chance of winning after this first question")
    ax.legend(loc="lower right", fontsize=7)
    return bars
