"""The fair-handicap widget (Nica, section 1.2; all four rule sets).
"""

from __future__ import annotations



from ..game.rules import RULES, get_rules
from ..game.any_size import P
from ..game.first_move import fairest_second_pool, max_board
from ..plots.first_move import plot_handicap
from .figure_widget import FigureWidget

__all__ = ["HandicapWidget"]



class HandicapWidget(FigureWidget):
    """Choose a rule set and the number of digits of N (up to 18): the fair handicap, exactly.

    State: ``N``, ``handicap`` (a :class:`Handicap`), ``P_equal`` = P(N, N)."""

    def __init__(self, rules="official", digits: float = 2.0, mantissa: float = 2.4):
        import ipywidgets as w

        self.rules = w.Dropdown(options=list(RULES), value=get_rules(rules).name, description="rules")
        self.digits = w.IntSlider(value=int(digits), min=1, max=17, description="10^k, k =")
        self.mantissa = w.FloatSlider(value=mantissa, min=1.0, max=9.9, step=0.1, description="N = x * 10^k, x =")
        self._setup([self.rules, self.digits, self.mantissa])

    def compute(self):
        wanted = max(4, int(round(self.mantissa.value * 10 ** self.digits.value)))
        N = min(wanted, max_board(self.rules.value))
        h = fairest_second_pool(N, self.rules.value)
        return {"N": N, "capped": N < wanted, "handicap": h, "P_equal": P(N, N, self.rules.value)}

    def describe(self) -> str:
        s = self.state
        h, N = s["handicap"], s["N"]
        note = (f"<i>The {self.rules.value} rules have no proven strategy for huge boards: N capped at {N}.</i><br>"
                if s["capped"] else "")
        return note + (f"N = {N:,}: with equal boards the first player wins with probability {float(s['P_equal']):.6f}.<br>"
                f"Fairest: the second player starts with m = {h.second:,} suspects ({N - h.second:,} fewer, "
                f"N/m = {N / h.second:.4f}); then P = {float(h.P):.8f}.")

    def draw(self, ax):
        return plot_handicap(ax, self.state["N"], self.rules.value, points=13, handicap=self.state["handicap"])
