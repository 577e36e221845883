"""Explorers for the lessons: the heat map of P(n, m), "try a split" at one state, and the same picture at every
scale (Nica); and the papers' rules of thumb, for the map of which one is optimal.  Each explorer is a model
(:mod:`.base`) and a thin view.

* Models (``HeatmapModel``, ``TrySplitModel``, ``ScaleModel``) hold the state (rule set, board size, the
  highlighted state, ...), check it and compute everything that is shown, exactly.
* Views (``HeatmapExplorer``, ``TrySplit``, ``ScaleExplorer``) bind ipywidgets
  controls to the model and draw one matplotlib figure.  Artists are created once and updated in place
  (``image.set_data``, ``marker.set_data``); moving the highlighted state only redraws the marker.

In a notebook::

    from guesswho_lib.widgets import HeatmapExplorer
    HeatmapExplorer(N=24)          # displays itself
"""

from __future__ import annotations

import math
from fractions import Fraction
from types import SimpleNamespace

import numpy as np

from ..rules import format_move, latex_fraction
from ..rules import GUESS, get_rules
from ..game.solver import cached_solution
from ..papers.cushing import n_less
from ..papers.nica import bold_bid, in_the_weeds, p_inf_table
from ..plots import tables as plots
from ..templating import render_macro
from .base import (FigureView, Integer, Number, RuleSet, WidgetModel, check_int, check_number, checked,
                   observe, validate)

__all__ = ["HeatmapModel", "HeatmapExplorer", "TrySplitModel", "TrySplit", "ScaleModel", "ScaleExplorer",
           "rules_of_thumb", "EXPLORER_MAX_N"]

#: Largest board size (``max_N``) of the heat map explorer (the exact table's cost grows like N^3).
EXPLORER_MAX_N = 2048


# ---- heat map of P(n, m) --------------------------------------------------------------------------
class HeatmapModel(WidgetModel):
    """State of the heat map explorer: rule set, board size N and a highlighted state (n, m).

    Limits: ``2 <= N <= max_N <= EXPLORER_MAX_N`` (2048); ``1 <= n, m <= N``.

    >>> h = HeatmapModel("official", N=8, n=4, m=4)
    >>> h.P, [format_move(mv, "bracket") for mv, _ in h.moves]
    (Fraction(9, 16), ['[1 : 3]'])
    >>> h.set(N=3).n, h.m          # the highlighted state is kept on the board
    (3, 3)
    """

    max_N = Integer(256, lo=2, hi=EXPLORER_MAX_N)
    rules = RuleSet("official")
    N = Integer(24)
    n = Integer(4)
    m = Integer(4)

    def __init__(self, rules="official", N=24, n=4, m=4, max_N=256):
        super().__init__(max_N=max_N, rules=rules, N=N, n=n, m=m)

    @validate("N")
    def _N_at_most_max_N(self, proposal):
        return checked(check_int, proposal["value"], "N", 2, self.max_N)

    @validate("n", "m")
    def _state_on_the_board(self, proposal):
        return checked(check_int, proposal["value"], proposal["trait"].name, 1, self.N)

    @observe("N")
    def _pull_state_onto_the_board(self, change):
        self.n, self.m = min(self.n, self.N), min(self.m, self.N)

    @property
    def solution(self):
        return cached_solution(self.rules, self.N)   # shared and grown by doubling: switching back is free

    @property
    def grid(self) -> np.ndarray:
        """``grid[n-1, m-1] = P(n, m)`` as floats, for the picture."""
        return plots.heatmap_grid(self.solution, self.N)

    @property
    def occurs(self) -> bool:
        """False for the state (1, 1) under the race-to-one rules, which cannot occur."""
        try:
            self.rules.terminal_A(self.n, self.m)
        except ValueError:
            return False
        return True

    @property
    def over(self) -> bool:
        """True when the game is already decided at the highlighted state."""
        return self.occurs and self.rules.terminal_A(self.n, self.m) is not None

    @property
    def P(self):
        """Exact P(n, m) at the highlighted state (None where the state cannot occur)."""
        return self.solution.P(self.n, self.m) if self.occurs else None

    @property
    def moves(self) -> list:
        """Every optimal move at the highlighted state with its exact value: [(move, Fraction), ...]."""
        if not self.occurs:
            return []
        sol = self.solution
        return [(mv, sol.value(self.n, self.m, mv)) for mv in sol.optimal_moves(self.n, self.m)]

    def describe(self) -> str:
        """HTML text for the view: P(n, m) and the optimal moves."""
        n, m = self.n, self.m
        s = SimpleNamespace(n=n, m=m, name=self.rules.name, occurs=self.occurs)
        if self.occurs:
            s.P, s.float = f"P({n}, {m}) = {latex_fraction(self.P)}", f"{float(self.P):.4f}"
            s.over = ("you have won" if n == 1 else "your opponent has won") if self.over else ""
            s.moves = [(format_move(mv, "bracket"), latex_fraction(v)) for mv, v in self.moves]
        return render_macro("widgets.html", "heatmap_state", s)


class HeatmapExplorer(FigureView):
    """Heat map of P(n, m) with a rule-set menu, a board-size slider and a highlighted state whose
    optimal moves are listed with their exact values.  ``.model`` is a :class:`HeatmapModel`."""

    def __init__(self, rules="official", N=24, n=4, m=4, max_N=128, model=None):
        import ipywidgets as W

        super().__init__(model if model is not None else HeatmapModel(rules, N, n, m, max_N=max_N))
        md = self.model
        self.rules = self.rules_menu()
        self.N = W.IntSlider(value=md.N, min=2, max=md.max_N, description="board N", continuous_update=False)
        self.n = W.IntSlider(value=md.n, min=1, max=md.N, description="n (yours)")
        self.m = W.IntSlider(value=md.m, min=1, max=md.N, description="m (theirs)")
        self.info = W.HTMLMath()   # renders the $...$ fractions
        self.ax = self.fig.add_subplot()
        self.im = plots.plot_heatmap(self.ax, md.solution, md.N)
        self.marker = plots.mark_state(self.ax, md.n, md.m)
        self._drawn = None
        self.bind_all("N", "n", "m")
        self.lay_out([self.rules, self.N, self.n, self.m, self.info])

    def limits(self):
        self.N.max = self.model.max_N
        self.n.max = self.m.max = self.model.N

    def picture_words(self) -> str:
        md = self.model
        return f"Boards up to {md.N} x {md.N}; the marked square is (n, m) = ({md.n}, {md.m})."

    def update(self):
        """Show the model: new image data, the marker moved, the moves listed (no redraw of the axes)."""
        md = self.model
        N = md.N
        self.marker.set_data([md.m], [md.n])
        self.info.value = md.describe()
        if self._drawn == (md.rules, N):
            self.render_overlay([self.marker])      # only the marker moved: blit it
            return
        self.im.set_data(md.grid)                   # same artist, new data: no new axes or image
        self.im.set_extent((0.5, N + 0.5, 0.5, N + 0.5))
        self.ax.set_xlim(0.5, N + 0.5)
        self.ax.set_ylim(0.5, N + 0.5)
        self.ax.set_title(f"P(n, m), {md.rules.name} rules")
        self.render([self.marker])
        self._drawn = (md.rules, N)


# ---- map of the optimal question ----------------------------------------------------------------------
def rules_of_thumb(rules) -> dict:
    """Named rules of thumb from the papers for ``rules`` (lesson 02 maps where each is optimal:
    :func:`guesswho_lib.plots.plot_move_categories`), each ``(n, m) -> move`` (GUESS, the
    size of the group asked about, or None where the rule says nothing), chosen by what the rules are:

    * race to one (``one_left_wins``): Nica's bold bid 2^k in the weeds (Theorem 1.1), then halving;
    * otherwise: guess (if guessing is allowed), n_< (Cushing et al., Theorem 2.1), then halving.

    >>> list(rules_of_thumb("official")), list(rules_of_thumb("nica"))
    (['guess', 'n_< (Theorem 2.1)', 'halving'], ['bold bid 2^k (weeds)', 'halving'])
    """
    r = get_rules(rules)
    thumbs = {}
    if r.one_left_wins:
        thumbs["bold bid 2^k (weeds)"] = lambda n, m: bold_bid(n, m) if in_the_weeds(n, m) is not None else None
    else:
        if r.guess is not None:
            thumbs["guess"] = lambda n, m: GUESS
        thumbs["n_< (Theorem 2.1)"] = lambda n, m: n_less(n) if n >= 2 else None
    thumbs["halving"] = lambda n, m: n // 2 if n >= 2 else None
    return thumbs


# ---- the (4, 4) activity: try a split ------------------------------------------------------------------
class TrySplitModel(WidgetModel):
    """A student's decision at (n, m): k = 0 is a guess, 1 <= k <= n/2 asks about a group of k.

    >>> t = TrySplitModel(4, 4, k=2)
    >>> t.value, t.best, t.best_decisions
    (Fraction(1, 2), Fraction(9, 16), [1])
    >>> t.set(k=1).is_best
    True
    """

    max_n = Integer(24, lo=2, hi=1024)
    rules = RuleSet("official")
    n = Integer(4)
    m = Integer(4)
    k = Integer(2)

    def __init__(self, n=4, m=4, k=2, rules="official", max_n=24):
        super().__init__(max_n=max_n, rules=rules, n=n, m=m, k=k)

    @property
    def lowest_m(self) -> int:
        """1, or 2 under the race-to-one rules (where (n, 1) is already decided)."""
        return 2 if self.rules.one_left_wins else 1

    @property
    def lowest_k(self) -> int:
        """0 (a guess) if guessing is allowed, else 1."""
        return 0 if self.rules.guess is not None else 1

    @validate("n")
    def _n_at_most_max_n(self, proposal):
        return checked(check_int, proposal["value"], "n", 2, self.max_n)

    @validate("m")
    def _m_in_range(self, proposal):
        return checked(check_int, proposal["value"], "m", self.lowest_m, self.max_n)

    @validate("k")
    def _k_a_decision(self, proposal):
        return checked(check_int, proposal["value"], "k", self.lowest_k, self.n // 2)

    @observe("n", "rules")
    def _keep_k_and_m_legal(self, change):
        self.m = max(self.m, self.lowest_m)
        self.k = min(max(self.k, self.lowest_k), self.n // 2)

    @property
    def solution(self):
        return cached_solution(self.rules, max(self.n, self.m))

    @property
    def move(self):
        return GUESS if self.k == 0 else (self.k, self.n - self.k)

    @property
    def values(self) -> dict:
        """Exact value of every decision k at (n, m)."""
        return plots.split_values(self.solution, self.n, self.m)

    @property
    def value(self) -> Fraction:
        return self.solution.value(self.n, self.m, self.move)

    @property
    def best(self) -> Fraction:
        return self.solution.P(self.n, self.m)

    @property
    def best_decisions(self) -> list:
        return [k for k, v in self.values.items() if v == self.best]

    @property
    def is_best(self) -> bool:
        return self.value == self.best

    def explain(self) -> str:
        """The fundamental recurrence with the numbers filled in (HTML with $...$ LaTeX, for HTMLMath)."""
        n, m, k = self.n, self.m, self.k
        sol, lf = self.solution, latex_fraction
        t = SimpleNamespace(n=n, m=m, k=k, value=lf(self.value), is_best=self.is_best, best=lf(self.best),
                            decisions=" or ".join("guess" if d == 0 else f"k = {d}" for d in self.best_decisions))
        if k == 0:
            t.loses, t.one = not self.rules.guess.passes(n, m), f"\\frac{{1}}{{{n}}}"
        else:          # under Nica's rules P(m, 1) = 0 for m >= 2: you are down to one suspect and have won
            t.a, t.b = k, n - k
            t.pa, t.pb = f"\\frac{{{t.a}}}{{{n}}}", f"\\frac{{{t.b}}}{{{n}}}"
            t.Pa, t.Pb = lf(sol.P(m, t.a)), lf(sol.P(m, t.b))
            t.won_a, t.won_b = (self.rules.one_left_wins and g == 1 for g in (t.a, t.b))
        return render_macro("widgets.html", "try_split", t)


class TrySplit(FigureView):
    """The classroom activity "you both have four suspects left: what do you ask?": pick n, m and a
    decision k (0 = guess), see its exact value, compared with every other decision and the best."""

    def __init__(self, n=4, m=4, k=2, rules="official", max_n=24, model=None):
        import ipywidgets as W

        super().__init__(model if model is not None else TrySplitModel(n, m, k, rules, max_n), figsize=(5.0, 3.4))
        md = self.model
        self.n = W.IntSlider(value=md.n, min=2, max=md.max_n, description="n (yours)")
        self.m = W.IntSlider(value=md.m, min=md.lowest_m, max=md.max_n, description="m (theirs)")
        self.k = W.IntSlider(value=md.k, min=md.lowest_k, max=md.n // 2, description="decision k")
        self.info = W.HTMLMath()
        self.ax = self.fig.add_subplot()
        self.bars = None
        self.bind_all("n", "m", "k")
        self.lay_out([self.n, self.m, self.k], below=[self.info])

    def limits(self):
        md = self.model
        self.n.max = self.m.max = md.max_n
        self.m.min, self.k.min = md.lowest_m, md.lowest_k
        self.k.max = md.n // 2

    def picture_words(self) -> str:
        md = self.model
        chosen = "guessing" if md.k == 0 else f"asking about {md.k} of the {md.n} suspects"
        return f"Every decision at (n, m) = ({md.n}, {md.m}); the bar of the one chosen, {chosen}, is marked."

    def update(self):
        md = self.model
        self.ax.clear()   # the number of bars changes with n: a small chart, redrawn
        self.bars = plots.plot_split_values(self.ax, md.solution, md.n, md.m, chosen=md.k)
        self.info.value = md.explain()
        self.render()


# ---- lesson 04: the same picture at every scale --------------------------------------------------------
class ScaleModel(WidgetModel):
    """Exact P under Nica's rules on the window 2^s <= n, m <= 2^(s+2), drawn in units of 2^s.

    ``s`` is log2 of the scale.  Nica (section 1.2) says P(n, m) = p_inf(n, m) + O(1/(nm)) with p_inf
    unchanged when both pools double, so the picture at s and at s + 1 should look alike, and more so
    as s grows.  ``grid`` holds P on the window; ``limit`` holds p_inf at the same points (from
    :mod:`guesswho_lib.papers.nica`).  ``max_s`` = 7 (windows up to 512 x 512) unless given.
    """

    rules = RuleSet("nica")
    max_s = Number(7.0, lo=1.0, hi=12.0)
    s = Number(3.0)

    def __init__(self, s=3.0, rules="nica", max_s=7.0):
        super().__init__(rules=rules, max_s=max_s, s=s)

    @validate("s")
    def _s_at_most_max_s(self, proposal):
        return checked(check_number, proposal["value"], "s", 1.0, self.max_s)

    @property
    def window(self) -> tuple[int, int]:
        lo = max(2, math.ceil(2 ** self.s))
        return lo, math.floor(2 ** (self.s + 2))

    @property
    def scale(self) -> float:
        return 2 ** self.s

    @property
    def grid(self) -> np.ndarray:
        """``grid[i, j] = P(lo + i, lo + j)`` over the window (floats, for the picture)."""
        lo, hi = self.window
        return cached_solution(self.rules, hi).prob[lo:hi + 1, lo:hi + 1]

    @property
    def limit(self) -> np.ndarray:
        """p_inf at the same integer points (Nica, Definition 3.4), as floats, from the exact integer table
        3*n*m*p_inf(n, m) of :func:`guesswho_lib.papers.nica.p_inf_table`."""
        lo, hi = self.window
        k = np.arange(lo, hi + 1, dtype=np.float64)
        return p_inf_table(hi)[lo:hi + 1, lo:hi + 1] / (3.0 * np.outer(k, k))

    @property
    def scaled_gap(self) -> np.ndarray:
        """n m (P(n, m) - p_inf(n, m)) over the window: Remark 3.10 says it is -2/3 in the weeds, 4/3 with
        the upper hand (computed here from the exact integer tables, so it is exact up to float rounding)."""
        lo, hi = self.window
        A = cached_solution(self.rules, hi).A[lo:hi + 1, lo:hi + 1].astype(np.float64)
        return (3 * A - p_inf_table(hi)[lo:hi + 1, lo:hi + 1]) / 3.0

    @property
    def extent(self):
        lo, hi = self.window
        u = self.scale
        return ((lo - 0.5) / u, (hi + 0.5) / u, (lo - 0.5) / u, (hi + 0.5) / u)

    @property
    def largest_gap(self) -> float:
        """The largest |P - p_inf| on the window."""
        return float(np.nanmax(np.abs(self.grid - self.limit)))

    def describe(self) -> str:
        lo, hi = self.window
        return (f"s = {self.s:g}: n and m from {lo} to {hi}.  Largest |P &minus; p_inf| on this window: "
                f"{self.largest_gap:.4f} (it shrinks like 1/(nm) as s grows).")


class ScaleExplorer(FigureView):
    """Slider over s = log2(scale): exact P(n, m) on 2^s <= n, m <= 2^(s+2) next to the limit p_inf, both
    drawn in units of 2^s; the same picture comes back every time s grows by 1.  The third panel, n m (P - p_inf),
    is red in the weeds and blue with the upper hand (as :func:`~guesswho_lib.plots.plot_correction`)."""

    def __init__(self, s=3.0, max_s=7.0, model=None):
        import ipywidgets as W

        super().__init__(model if model is not None else ScaleModel(s, max_s=max_s), figsize=(11.0, 3.6))
        md = self.model
        self.s = W.FloatSlider(value=md.s, min=1.0, max=md.max_s, step=0.125, description="log2 scale s",
                               continuous_update=False)
        self.info = W.HTML()
        self.ax_exact, self.ax_limit, self.ax_gap = self.fig.subplots(1, 3)
        kw = dict(origin="lower", vmin=0, vmax=1, cmap="viridis", interpolation="nearest", aspect="equal")
        self.im_exact = self.ax_exact.imshow(md.grid, extent=md.extent, **kw)
        self.im_limit = self.ax_limit.imshow(md.limit, extent=md.extent, **kw)
        kw.update(vmin=-1.0, vmax=1.5, cmap="coolwarm_r")      # red in the weeds, blue with the upper hand
        self.im_gap = self.ax_gap.imshow(md.scaled_gap, extent=md.extent, **kw)
        for ax, t in ((self.ax_exact, "exact P(n, m), Nica's rules"), (self.ax_limit, "limit p_inf(n, m)"),
                      (self.ax_gap, "n m (P - p_inf)")):
            ax.set_title(t)
            ax.set_xlabel("m / 2^s")
        self.ax_exact.set_ylabel("n / 2^s")
        self.fig.colorbar(self.im_limit, ax=[self.ax_exact, self.ax_limit], shrink=0.8)
        # one tick, 0: the values themselves are an exercise (Remark 3.10), computed before they are shown
        self.fig.colorbar(self.im_gap, ax=self.ax_gap, shrink=0.8, ticks=[0])
        self.bind_all("s")
        self.widget = W.VBox([self.error_box, self.s, self.image, self.info])
        self.show()

    def limits(self):
        self.s.max = self.model.max_s

    def picture_words(self) -> str:
        md = self.model
        lo, hi = md.window
        return (f"Drawn for s = {md.s:g}: n and m from {lo} to {hi}, in units of 2^s = {md.scale:.4g}; the largest "
                f"gap between P and p_inf there is {md.largest_gap:.4f}.")

    def update(self):
        md = self.model
        for im, data in ((self.im_exact, md.grid), (self.im_limit, md.limit), (self.im_gap, md.scaled_gap)):
            im.set_data(data)
            im.set_extent(md.extent)
        for ax in (self.ax_exact, self.ax_limit, self.ax_gap):
            ax.set_xlim(1, 4)
            ax.set_ylim(1, 4)
        self.info.value = md.describe()
        self.render()
