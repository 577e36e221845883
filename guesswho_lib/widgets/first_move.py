"""The fair-handicap widget (Nica, section 1.2; all four rule sets): a model and a thin view.

>>> h = HandicapModel("official", digits=1, mantissa=2.4)
>>> h.N, h.handicap.second, h.handicap.P
(24, 16, Fraction(1, 2))
"""

from __future__ import annotations

import html

from ..caches import bounded_lru_cache
from ..game.any_size import P
from ..game.first_move import fairest_second_pool, max_board
from ..plots.first_move import plot_handicap
from .base import FigureView, Integer, Number, RuleSet, WidgetModel

__all__ = ["HandicapModel", "HandicapWidget"]


@bounded_lru_cache(64, "widgets.first_move: fairest pools")
def _fairest(N: int, rules):
    return fairest_second_pool(N, rules)


class HandicapModel(WidgetModel):
    """A rule set and a board size N = mantissa * 10^digits (up to 18 digits): the fairest second pool
    (:func:`guesswho_lib.game.first_move.fairest_second_pool`), exactly.  N is capped at
    :func:`~guesswho_lib.game.first_move.max_board` for rule sets with no strategy known to be optimal."""

    rules = RuleSet("official")
    digits = Integer(2, lo=1, hi=17)
    mantissa = Number(2.4, lo=1.0, hi=9.9)

    def __init__(self, rules="official", digits: int = 2, mantissa: float = 2.4):
        super().__init__(rules=rules, digits=digits, mantissa=mantissa)

    @property
    def wanted(self) -> int:
        """The board size asked for: mantissa * 10^digits, at least 4."""
        return max(4, int(round(self.mantissa * 10 ** self.digits)))

    @property
    def N(self) -> int:
        return min(self.wanted, max_board(self.rules))

    @property
    def capped(self) -> bool:
        return self.N < self.wanted

    @property
    def handicap(self):
        """The fairest second pool for N (a :class:`~guesswho_lib.game.first_move.Handicap`)."""
        return _fairest(self.N, self.rules)

    @property
    def P_equal(self):
        """P(N, N): the first player's chance with equal boards."""
        return P(self.N, self.N, self.rules)

    def describe(self) -> str:
        h, N = self.handicap, self.N
        note = (f"<i>The {html.escape(self.rules.name)} rules have no proven strategy for huge boards: "
                f"N capped at {N}.</i><br>" if self.capped else "")
        return note + (f"N = {N:,}: with equal boards the first player wins with probability "
                       f"{float(self.P_equal):.6f}.<br>"
                       f"Fairest: the second player starts with m = {h.second:,} suspects ({N - h.second:,} fewer, "
                       f"N/m = {N / h.second:.4f}); then P = {float(h.P):.8f}.")


class HandicapWidget(FigureView):
    """Choose a rule set and the number of digits of N (up to 18): the fair handicap, exactly.
    ``.model`` is a :class:`HandicapModel`."""

    relayout = True

    def __init__(self, rules="official", digits: int = 2, mantissa: float = 2.4, model=None):
        import ipywidgets as w

        super().__init__(model if model is not None else HandicapModel(rules, digits, mantissa), figsize=(6, 4),
                         dpi=90)
        md = self.model
        self.rules = self.rules_menu()
        self.digits = w.IntSlider(value=md.digits, min=1, max=17, description="10^k, k =")
        self.mantissa = w.FloatSlider(value=md.mantissa, min=1.0, max=9.9, step=0.1, description="N = x * 10^k, x =")
        self.bind_all("digits", "mantissa")
        self.info = w.HTML()
        self.ax = self.fig.add_subplot()
        self.artists = []
        self.widget = w.VBox([self.error_box, w.HBox([self.rules, self.digits, self.mantissa]), self.info, self.image])
        self.show()

    def update(self):
        md = self.model
        self.info.value = md.describe()
        self.ax.clear()
        self.artists = plot_handicap(self.ax, md.N, md.rules, points=13, handicap=md.handicap)
        self.render()
