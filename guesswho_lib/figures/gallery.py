"""The figures of ``python -m guesswho_lib figures``, built from the lessons' plotting functions.

Each function takes ``fast`` (small grids, for tests) and returns a matplotlib Figure.
"""

from __future__ import annotations

from matplotlib.figure import Figure

from .. import plots
from ..papers.cushing import EXCEPTIONS
from .registry import figure
from ..rules import RULES
from ..game.solver import cached_solution


def _fig(w=6.4, h=5.2, **kw) -> Figure:
    # Figure() directly (not pyplot): no global state, nothing to close.
    return Figure(figsize=(w, h), layout="constrained", **kw)


@figure("nica-figure1", "Nica's Figure 1: P(n, m) under the race-to-one rules",
        "Reproduces Figure 1 of Nica (2016): the probability that the player to move wins under the race-to-one rules, "
        "for 1 <= n, m <= 32, here from the exact solver (it agrees with the closed form p*(n, m) of Theorem 1.1, "
        "checked by `verify`).")
def _nica1(fast):
    fig = _fig(7, 6)
    plots.plot_nica_figure1(fig.add_subplot(projection="3d"), N=16 if fast else 32)
    return fig


@figure("nica-figure2", "Nica's Figure 2: Continuous Guess Who on the L-shaped region",
        "Reproduces Figure 2 of Nica (2016): the limit p_inf (Propositions 3.8 and 3.9) on the L-shaped fundamental "
        "region (2, inf) x (1, 2] union (1, 2] x (1, inf); every other position is a scaled copy (Lemma 3.5). "
        "Values are exact rationals, converted to floats for drawing.")
def _nica2(fast):
    fig = _fig(6.4, 5.6)
    plots.plot_nica_figure2(fig.add_subplot(), samples=41 if fast else 161)
    return fig


def _heatmap(rules):
    def make(fast):
        N = 24 if fast else 64
        fig = _fig()
        plots.plot_heatmap(fig.add_subplot(), cached_solution(rules, N), N)
        return fig
    return make


_HEAT_SOURCES = {
    "official": "Cushing et al., section 2",
    "nica": "Nica, Figure 1 (extended to 64 x 64)",
    "tripartite": "Cushing et al., section 3 and Appendix A",
    "merciful": "the merciful-guessing variant that Cushing et al. attribute to O'Neill",
}
for _name in RULES:
    figure(f"heatmap-{_name}", f"P(n, m) under the {_name} rules",
           f"Exact win probability of the player to move, 1 <= n, m <= 64, under the {_name} rules "
           f"({RULES[_name].title}); extends {_HEAT_SOURCES.get(_name, RULES[_name].source)}.")(_heatmap(_name))


@figure("move-map-official", "Optimal questions under the official rules, with the three exceptions",
        "Colour: the smallest group of the optimal question divided by n (0 = guess, 1/2 = halve). Red squares: the "
        "sporadic exceptions (4,4), (6,4), (10,4) of Theorem 2.1 in Cushing et al., where n_< is not optimal; the "
        "verify command confirms there are no others up to 1000.")
def _move_map(fast):
    N = 24 if fast else 48
    fig = _fig()
    plots.plot_move_map(fig.add_subplot(), cached_solution("official", N), N, highlight=EXCEPTIONS)
    return fig


@figure("tripartite-move-structure", "The 3-adic structure of optimal paradox questions",
        "Left: which kind of move is optimal under the tripartite rules (guess, two groups, three groups). Right: the "
        "powers of 3 in the optimal group sizes. Extends Theorem 3.1 and the Appendix A tables of Cushing et al.")
def _tripartite(fast):
    N = 27 if fast else 81
    fig = _fig(12, 5.2)
    ax1, ax2 = fig.subplots(1, 2)
    plots.plot_split_kind_map(ax1, N)
    plots.plot_power_of_three_map(ax2, N)
    return fig


@figure("first-move-advantage", "The first player's advantage P(N, N) against log N, all rule sets",
        "P(N, N) for 2 <= N <= 512 on a logarithmic axis. Nica (section 1.2) proves it oscillates log-periodically "
        "between 5/8 and 2/3 (plus 4/(3N^2)) under his rules; the official rules repeat in log2 N between 5/9 and 9/16; "
        "the tripartite rules approach a log3-periodic curve between 11/18 and 2/3 (for moderate N the minimum dips "
        "slightly below 11/18, e.g. P(160, 160) = 1561/2560). Extends Nica section 1.2 to every rule set.")
def _first_mover(fast):
    fig = _fig(7.5, 4.8)
    plots.plot_first_mover(fig.add_subplot(), 64 if fast else 512)
    return fig


@figure("correction-1-over-nm", "The O(1/nm) correction to Continuous Guess Who",
        "n·m·(P − p_inf) under Nica's rules, exactly −2/3 in the weeds and 4/3 with the upper hand (Nica, Remark 3.10), "
        "from the exact solver and the exact p_inf.")
def _correction(fast):
    fig = _fig()
    plots.plot_correction(fig.add_subplot(), 32 if fast else 96)
    return fig


@figure("imperfect-player-codes", "Predetermined questions for 24 characters: binary, parity and Hamming codes",
        "Paz & Peterfreund: 5 predetermined questions identify one of 24 characters (Theorem 5); one parity question "
        "survives a \"don't know\" (Theorem 8, Lemma 9); a distance-3 code of 9 questions survives one lie "
        "(Theorem 12, Lemma 13). One row per character, dark = yes.")
def _codes(fast):
    from ..board import traits as _board
    from ..imperfect import codes
    names = _board.load_board().names
    fig = _fig(12, 6.4)
    for ax, code in zip(fig.subplots(1, 3), (codes.binary_code(24), codes.parity_code(24), codes.hamming_code(24))):
        plots.plot_code(ax, code, names)
    return fig
