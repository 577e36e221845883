"""Nica's map: where the player to move is "in the weeds" or has "the upper hand" (Nica, Definitions 2.6 and
2.7), with a board-size slider and a highlighted state.  A model (:class:`RegionMapModel`) and a thin view
(:class:`RegionMapExplorer`).

The map is drawn from the definitions (powers of two only); the read-out at the highlighted state adds what the
exact solver says there: the chance with best play and whether halving is a best question.

>>> r = RegionMapModel(N=40, n=40, m=5)
>>> r.region, r.halving_is_optimal
(('in the weeds', 2), False)
>>> r.set(N=16).n, r.m            # the highlighted state is kept on the board
(16, 5)
"""

from __future__ import annotations

from types import SimpleNamespace
from fractions import Fraction

from ..game.solver import cached_solution
from ..papers.nica import region, region_grid
from ..rules import format_percent, latex_fraction
from ..templating import render_macro
from .base import FigureView, Integer, WidgetModel, check_int, checked, observe, validate

__all__ = ["RegionMapModel", "RegionMapExplorer"]

#: the largest board the map offers (the exact table up to 512)
REGION_MAP_MAX_N = 512


class RegionMapModel(WidgetModel):
    """State of Nica's map: the board size N (the map shows 2 <= n, m <= N) and a highlighted state (n, m).

    Limits: ``4 <= N <= max_N <= 512``; ``2 <= n, m <= N`` (with one suspect the race is already over)."""

    max_N = Integer(128, lo=4, hi=REGION_MAP_MAX_N)
    N = Integer(40)
    n = Integer(40)
    m = Integer(5)

    def __init__(self, N=40, n=40, m=5, max_N=128):
        super().__init__(max_N=max_N, N=N, n=n, m=m)

    @validate("N")
    def _N_at_most_max_N(self, proposal):
        return checked(check_int, proposal["value"], "N", 4, self.max_N)

    @validate("n", "m")
    def _state_on_the_board(self, proposal):
        return checked(check_int, proposal["value"], proposal["trait"].name, 2, self.N)

    @observe("N")
    def _pull_state_onto_the_board(self, change):
        self.n, self.m = min(self.n, self.N), min(self.m, self.N)

    # ---- the map ----
    @property
    def weeds(self):
        """Boolean grid ``weeds[n, m]`` for 0 <= n, m <= N (Definition 2.6; False where n or m is below 2)."""
        return region_grid(self.N).weeds

    @property
    def weeds_share(self) -> Fraction:
        """The share of the states 2 <= n, m <= N that are in the weeds."""
        return Fraction(int(self.weeds.sum()), (self.N - 1) ** 2)

    # ---- the highlighted state ----
    @property
    def region(self) -> tuple[str, int]:
        """("in the weeds", k) or ("upper hand", k) at (n, m)."""
        return region(self.n, self.m)

    @property
    def powers(self) -> tuple[int, int]:
        """(2^k, 2^(k+1)) around the opponent's m: 2^k < m <= 2^(k+1)."""
        k = (self.m - 1).bit_length() - 1
        return 2 ** k, 2 ** (k + 1)

    @property
    def solution(self):
        return cached_solution("nica", self.N)

    @property
    def P(self) -> Fraction:
        """The exact chance of the player to move at (n, m) under Nica's rules, with best play."""
        return self.solution.P(self.n, self.m)

    @property
    def halving_value(self) -> Fraction:
        """The exact chance after halving at (n, m) (then best play)."""
        n = self.n
        return self.solution.value(n, self.m, (n // 2, n - n // 2))

    @property
    def halving_is_optimal(self) -> bool:
        return self.halving_value == self.P

    def describe(self) -> str:
        """HTML (with $...$ fractions): the region at (n, m) and why, and what the exact solver says there."""
        (name, k), (low, high) = self.region, self.powers
        s = SimpleNamespace(n=self.n, m=self.m, name=name, k=k, low=low, high=high, weeds=name == "in the weeds",
                            P=latex_fraction(self.P), float=f"{float(self.P):.3f}", halving=self.halving_is_optimal,
                            halving_value=latex_fraction(self.halving_value), N=self.N,
                            share=format_percent(self.weeds_share))
        return render_macro("widgets.html", "nica_map", s)


class RegionMapExplorer(FigureView):
    """Nica's map with a board-size slider and a highlighted state: red in the weeds (bold bid), blue with the
    upper hand (halve), dashed lines at the powers of two.  ``.model`` is a :class:`RegionMapModel`."""

    def __init__(self, N=40, n=40, m=5, max_N=128, model=None):
        import ipywidgets as W

        super().__init__(model if model is not None else RegionMapModel(N, n, m, max_N=max_N), figsize=(6.2, 4.4))
        md = self.model
        self.N = W.IntSlider(value=md.N, min=4, max=md.max_N, description="board N", continuous_update=False)
        self.n = W.IntSlider(value=md.n, min=2, max=md.N, description="n (yours)")
        self.m = W.IntSlider(value=md.m, min=2, max=md.N, description="m (theirs)")
        self.info = W.HTMLMath()
        self.ax = self.fig.add_subplot()
        self.marker = None
        self._drawn = None
        self.bind_all("N", "n", "m")
        self.lay_out([self.N, self.n, self.m], below=[self.info])

    def limits(self):
        self.N.max = self.model.max_N
        self.n.max = self.m.max = self.model.N

    def picture_words(self) -> str:
        md = self.model
        return f"Boards up to {md.N} x {md.N}; the marked square, (n, m) = ({md.n}, {md.m}), is {md.region[0]}."

    def update(self):
        from ..plots.tables import mark_state, plot_regions

        md = self.model
        self.info.value = md.describe()
        if self._drawn == md.N:
            self.marker.set_data([md.m], [md.n])
            self.render_overlay([self.marker])          # only the highlighted state moved
            return
        self.ax.clear()                                 # the level lines depend on N: redraw the small map
        plot_regions(self.ax, md.N, title=f"Nica's map, boards up to {md.N} x {md.N}")
        self.marker = mark_state(self.ax, md.n, md.m, markeredgecolor="yellow")
        self.render([self.marker])
        self._drawn = md.N
