"""The review of a game (:class:`~guesswho_lib.game.review.Review`) drawn with matplotlib, for lessons and figures;
each function takes an ``ax``.  (The game page draws the same pictures as inline SVG: :mod:`guesswho_lib.widgets.review`.)

* :func:`plot_win_timeline`  each player's exact chance after every move, the moves in their labels' colours and
  their marks above them;
* :func:`plot_game_path`     the states each player faced, on the heat map of P(n, m) for the rule set.
"""

from __future__ import annotations

from ..game.review import LABEL_COLOURS, MARK_SYMBOLS, PLAYER_COLOURS, Review
from ..game.record import COMPUTER, YOU
from ..game.solver import cached_solution
from .tables import plot_heatmap

__all__ = ["plot_win_timeline", "plot_game_path"]


def _review(review) -> Review:
    if not isinstance(review, Review):
        raise TypeError(f"review must be a Review (gw.Review(game)), got {type(review).__name__}")
    return review


def plot_win_timeline(ax, review, *, step=None, legend=True, title=None):
    """Each player's exact chance of winning at the start and after every move (Player 1 solid, Player 2 dashed),
    a dot per move in its label's colour and its marks above it; ``step`` as a grey bar.  Returns the Line2D of
    Player 1."""
    r = _review(review)
    line = [float(p) for p in r.timeline]
    steps = range(len(line))
    (p1,) = ax.plot(steps, line, "-", color=PLAYER_COLOURS[YOU], lw=2, label=r.name(YOU))
    ax.plot(steps, [1 - p for p in line], "--", color=PLAYER_COLOURS[COMPUTER], lw=2, label=r.name(COMPUTER))
    for mv in r.moves:
        p = line[mv.number]
        ax.scatter([mv.number], [p], s=60, color=LABEL_COLOURS[mv.label], edgecolors=PLAYER_COLOURS[mv.player],
                   linewidths=1.5, zorder=3)
        symbols = "".join(MARK_SYMBOLS[k] for k in mv.marks)
        if symbols:
            ax.annotate(symbols, (mv.number, p), textcoords="offset points", xytext=(0, 8), ha="center",
                        fontsize=8, fontweight="bold")
    if step is not None:
        ax.axvspan(step - 0.15, step + 0.15, color="0.7", alpha=0.5)
    ax.set_ylim(-0.05, 1.08)
    ax.set_xlim(-0.3, max(len(line) - 1, 1) + 0.3)
    ax.set_xlabel("move")
    ax.set_ylabel("chance of winning (exact, both playing perfectly)")
    ax.axhline(0.5, color="0.85", lw=1, zorder=0)
    if legend:
        from matplotlib.lines import Line2D

        handles = [p1, ax.lines[1]] + [Line2D([], [], ls="none", marker="o", color=c, label=lab)
                                       for lab, c in LABEL_COLOURS.items()]
        ax.legend(handles=handles, fontsize=8, loc="best")
    ax.set_title(title if title is not None else r.result_text())
    return p1


def plot_game_path(ax, review, *, step=None, colorbar=True, title=None):
    """The states (n, m) each player faced (their own suspects n up, the other's m across) on the heat map of
    P(n, m) for the rule set, a dot per move in its label's colour; on a board of faces the set sizes, over the heat
    map of the numbered game.  Returns the heat map's image."""
    r = _review(review)
    game = r.game
    im = plot_heatmap(ax, cached_solution(game.rules, game.N), game.N, colorbar=colorbar,
                      title=title if title is not None else f"the game's path, {game.rules.name} rules")
    for player in (YOU, COMPUTER):
        path = r.path(player)
        if not path:
            continue
        ms = [m for _, (n, m) in path]
        ns = [n for _, (n, m) in path]
        ax.plot(ms, ns, "-", color="white", lw=3.5)
        ax.plot(ms, ns, "-", color=PLAYER_COLOURS[player], lw=1.8, label=r.name(player))
        ax.scatter(ms, ns, s=45, zorder=3, color=[LABEL_COLOURS[r.moves[k - 1].label] for k, _ in path],
                   edgecolors=["red" if k == step else PLAYER_COLOURS[player] for k, _ in path], linewidths=1.5)
    ax.legend(fontsize=8, loc="upper left")
    return im
