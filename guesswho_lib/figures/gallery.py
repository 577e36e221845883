"""The figures of ``python -m guesswho_lib figures``, built from the lessons' plotting functions.

Each function takes ``fast`` (small grids, for tests) and returns a matplotlib Figure.  Every number in a caption is
either one of the constants below (the sizes the full figure is drawn at) or computed by the library when the
caption is written (``tests/figures/test_figures.py`` recomputes the first-move numbers independently).
"""

from __future__ import annotations


from matplotlib.figure import Figure

from .. import plots
from ..papers.cushing import EXCEPTIONS
from .registry import figure
from ..rules import RULES, format_fraction
from ..game.solver import cached_solution

#: The sizes the full figures are drawn at (``fast`` draws smaller ones), named in their captions.
NICA1_N = 32
NICA2_MAX = 6                  # alpha and beta up to this: the arms of the L go on for ever
HEAT_N = 64
MOVE_N = 64
TRIPARTITE_N = 81
FIRST_MOVE_N = 512
FIRST_MOVE_SETTLED = 16        # "from N = 16 on": the first-move captions give the range over 16 <= N <= 512
CORRECTION_N = 96


def _fig(w=6.4, h=5.2, **kw) -> Figure:
    # Figure() directly (not pyplot): no global state, nothing to close.
    return Figure(figsize=(w, h), layout="constrained", **kw)


@figure("nica-figure1", "Nica's Figure 1: P(n, m) under the race-to-one rules",
        "Reproduces Figure 1 of Nica (2016): the probability that the player to move wins under the race-to-one rules, "
        f"for 1 <= n, m <= {NICA1_N}, here from the exact solver (it agrees with the closed form p*(n, m) of Theorem "
        "1.1, checked by `verify`).")
def _nica1(fast):
    fig = _fig(7, 6)
    plots.plot_nica_figure1(fig.add_subplot(projection="3d"), N=16 if fast else NICA1_N)
    return fig


@figure("nica-figure2", "Nica's Figure 2: Continuous Guess Who on the L-shaped region",
        "Reproduces Figure 2 of Nica (2016): the limit p_inf (Propositions 3.8 and 3.9) on the L-shaped fundamental "
        "region (2, inf) x (1, 2] union (1, 2] x (1, inf); every other position is a scaled copy (Lemma 3.5). Both "
        f"arms of the L go on for ever: the picture stops them at alpha = {NICA2_MAX} and beta = {NICA2_MAX}. "
        "Values are exact rationals, converted to floats for drawing.")
def _nica2(fast):
    fig = _fig(6.4, 5.6)
    plots.plot_nica_figure2(fig.add_subplot(), alpha_max=NICA2_MAX, beta_max=NICA2_MAX, samples=41 if fast else 161)
    return fig


def _heatmap(rules):
    def make(fast):
        N = 24 if fast else HEAT_N
        fig = _fig()
        plots.plot_heatmap(fig.add_subplot(), cached_solution(rules, N), N)
        return fig
    return make


_HEAT_SOURCES = {
    "official": "Cushing et al., section 2",
    "nica": f"Nica, Figure 1 (extended to {HEAT_N} x {HEAT_N})",
    "tripartite": "Cushing et al., section 3 and Appendix A",
    "merciful": "the merciful-guessing variant that Cushing et al. attribute to O'Neill",
}
for _name in RULES:
    figure(f"heatmap-{_name}", f"P(n, m) under the {_name} rules",
           f"Exact win probability of the player to move, 1 <= n, m <= {HEAT_N}, under the {_name} rules "
           f"({RULES[_name].title}); extends {_HEAT_SOURCES.get(_name, RULES[_name].source)}.")(_heatmap(_name))


def _move_map_caption() -> str:
    from ..claims.report import DEFAULT_N
    states = ", ".join(f"({n},{m})" for n, m in EXCEPTIONS)
    return (f"1 <= n, m <= {MOVE_N}. Colour: the smallest group of the optimal question divided by n (0 = guess, "
            f"1/2 = halve). Red squares: the sporadic exceptions {states} of Theorem 2.1 in Cushing et al., where n_< "
            f"is not optimal; `python -m guesswho_lib verify` confirms there are no others up to N = {DEFAULT_N}.")


@figure("move-map-official", "Optimal questions under the official rules, with the three exceptions",
        _move_map_caption)
def _move_map(fast):
    N = 24 if fast else MOVE_N
    fig = _fig()
    plots.plot_move_map(fig.add_subplot(), cached_solution("official", N), N, highlight=EXCEPTIONS)
    return fig


@figure("tripartite-move-structure", "The 3-adic structure of optimal paradox questions",
        f"1 <= n, m <= {TRIPARTITE_N}, tripartite rules. Left: which rule of Theorem 3.1 of Cushing et al. (as "
        "corrected) gives the move at each state: a guess, the table for n <= 9, the 3-adic thirds (the opponent has "
        "few suspects) or groups aimed at powers of 3 (the opponent has many); white lines mark n = 9 and 27. Right, "
        "from the exact solver alone: dark where some optimal question has a group whose size is a power of 3, 3^j; "
        "the red line is the theorem's boundary m = 3^k + 3^(k-1) (k = floor(log_3 n)). Extends Theorem 3.1 and the "
        "Appendix A tables.")
def _tripartite(fast):
    N = 27 if fast else TRIPARTITE_N
    fig = _fig(12, 5.6)
    ax1, ax2 = fig.subplots(1, 2)
    plots.plot_split_kind_map(ax1, N)
    plots.plot_power_of_three_map(ax2, N)
    return fig


def first_move_range(rules: str, lo: int = FIRST_MOVE_SETTLED, hi: int = FIRST_MOVE_N):
    """(smallest P(N, N), its N, largest P(N, N), its N) over lo <= N <= hi, from the exact solver (the first N
    where there are ties)."""
    t = cached_solution(rules, hi)
    values = [(t.P(N, N), N) for N in range(lo, hi + 1)]
    low = min(values, key=lambda v: (v[0], v[1]))
    high = max(values, key=lambda v: (v[0], -v[1]))
    return low[0], low[1], high[0], high[1]


def _first_move_caption() -> str:
    from ..papers.nica import first_mover_range
    lo, hi = FIRST_MOVE_SETTLED, FIRST_MOVE_N
    band = first_mover_range()
    t = cached_solution("nica", hi)
    top = max((N for N in range(2, hi + 1) if N & (N - 1) == 0))
    official = first_move_range("official")
    below = [N for N in range(2, lo) if cached_solution("official", lo).P(N, N) < official[0]]
    tri = first_move_range("tripartite")
    merciful = first_move_range("merciful")
    f = format_fraction

    def span(r):
        return f"between {f(r[0])} (N = {r[1]}) and {f(r[2])} (N = {r[3]})"
    return (f"P(N, N) for 2 <= N <= {hi} on a logarithmic axis. Nica (section 1.2) shows that under his rules the "
            f"continuous limit oscillates log-periodically between {f(band.inf)} and {f(band.sup)}; the exact values "
            f"are that limit plus 4/(3N^2), so they rise above {f(band.sup)} at powers of 2 (P({top}, {top}) = "
            f"{f(t.P(top, top))}). For {lo} <= N <= {hi}: the official rules stay {span(official)}"
            + (" (below that only on small boards: " + ", ".join(
                f"P({N}, {N}) = {f(cached_solution('official', lo).P(N, N))}" for N in below) + ")" if below else "")
            + f"; the tripartite rules {span(tri)}, repeating in log3 N; the merciful rules {span(merciful)}. "
            "Extends Nica section 1.2 to every rule set.")


@figure("first-move-advantage", "The first player's advantage P(N, N) against log N, all rule sets",
        _first_move_caption)
def _first_mover(fast):
    fig = _fig(7.5, 4.8)
    plots.plot_first_mover(fig.add_subplot(), 64 if fast else FIRST_MOVE_N)
    return fig


@figure("correction-1-over-nm", "The O(1/nm) correction to Continuous Guess Who",
        f"n·m·(P − p_inf) under Nica's rules for 2 <= n, m <= {CORRECTION_N}: exactly −2/3 in the weeds and 4/3 with "
        "the upper hand (Nica, Remark 3.10; the claim nica.rem3.10 checks both values), from the exact solver and the "
        "exact p_inf.")
def _correction(fast):
    fig = _fig()
    plots.plot_correction(fig.add_subplot(), 32 if fast else CORRECTION_N)
    return fig


CODE_CHARACTERS = 24


def _codes_of_the_board():
    from ..imperfect import codes
    n = CODE_CHARACTERS
    return codes.binary_code(n), codes.parity_code(n), codes.hamming_code(n)


def _codes_caption() -> str:
    binary, parity, hamming = _codes_of_the_board()
    return (f"Paz & Peterfreund: {binary.length} predetermined questions identify one of {binary.size} characters "
            f"(Theorem 5); {parity.length - binary.length} parity question more survives a \"don't know\" (Theorem 8, "
            f"Lemma 9: distance {parity.min_distance()}); a distance-{hamming.min_distance()} code of "
            f"{hamming.length} questions survives one lie (Theorem 12, Lemma 13). One row per character, dark = yes.")


@figure("imperfect-player-codes", f"Predetermined questions for {CODE_CHARACTERS} characters: binary, parity and "
        "Hamming codes", _codes_caption)
def _codes(fast):
    from ..board import traits as _board
    names = _board.load_board().names
    fig = _fig(12, 6.4)
    for ax, code in zip(fig.subplots(1, 3), _codes_of_the_board()):
        plots.plot_code(ax, code, names)
    return fig
