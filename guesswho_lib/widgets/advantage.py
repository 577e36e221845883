"""The first-move advantage and a fair start, with sliders (Cushing et al., section 2; Nica, section 1.2): two
models and their thin views.

* :class:`AdvantageModel` / :class:`AdvantageExplorer`: both players start with N suspects; the first player's
  exact chance P(N, N) for every N up to a limit, one curve per rule set (on a plain axis, so that a student
  reads it), and the read-out at the N of the slider.
* :class:`FairStartModel` / :class:`FairStartExplorer`: the first player has N suspects, the second m; the
  first player's exact chance P(N, m) as m moves, against the line 1/2.  The fairest m is found by the model
  (:func:`guesswho_lib.game.first_move.fairest_second_pool`) but shown only when asked for (``show_fairest``),
  so that a class can search for it first.

>>> a = AdvantageModel(N=24)
>>> a.P, a.shown
(Fraction(5, 9), ('official', 'nica'))
>>> f = FairStartModel(N=24, m=20)
>>> f.P > Fraction(1, 2), f.fairest.second
(True, 16)
"""

from __future__ import annotations

from types import SimpleNamespace
from fractions import Fraction

from ..caches import bounded_lru_cache
from ..game.any_size import P
from ..game.first_move import fairest_second_pool
from ..rules import RULE_COLOURS, RULES, get_rules, latex_fraction, round_half_up
from ..templating import render_macro
from .base import (FigureView, Flag, Integer, InvalidValue, Names, RuleSet, WidgetModel, check_int, checked, observe,
                   validate)

__all__ = ["AdvantageModel", "AdvantageExplorer", "FairStartModel", "FairStartExplorer"]

#: the largest board either model offers (exact tables, one per rule set)
ADVANTAGE_MAX_N = 256


def _in_words(p: Fraction) -> str:
    """'about 56 games in 100' for a chance p."""
    return f"about {int(round_half_up(100 * p))} games in 100"


@bounded_lru_cache(32, "widgets.advantage: P(N, N) curves")
def _equal_pools(rules: str, N_max: int) -> tuple:
    return tuple(float(P(N, N, rules)) for N in range(2, N_max + 1))


# ---- the first-move advantage ----------------------------------------------------------------------------
class AdvantageModel(WidgetModel):
    """The first player's chance P(N, N) when both start with N suspects, for 2 <= N <= max_N, under the rule
    sets in ``shown`` (names of ``gw.RULES``); ``rules`` is the one read out at N.

    Limits: ``4 <= max_N <= 256``; ``2 <= N <= max_N``; ``rules`` one of ``shown``."""

    max_N = Integer(64, lo=4, hi=ADVANTAGE_MAX_N)
    shown = Names(("official", "nica"))
    rules = RuleSet("official")
    N = Integer(24)

    def __init__(self, rules="official", N=24, shown=("official", "nica"), max_N=64):
        super().__init__(max_N=max_N, shown=shown, rules=rules, N=N)

    @validate("shown")
    def _known_rule_sets(self, proposal):
        names = proposal["value"]
        if not names:
            raise InvalidValue("shown must name at least one rule set")
        for name in names:
            if name not in RULES:
                raise InvalidValue(f"shown must name rule sets of gw.RULES ({', '.join(RULES)}), got {name!r}")
        return tuple(dict.fromkeys(names))

    @validate("rules")
    def _one_of_the_shown(self, proposal):
        rules = checked(get_rules, proposal["value"])
        if rules.name not in self.shown:
            raise InvalidValue(f"rules must be one of the rule sets shown ({', '.join(self.shown)}), got "
                               f"{rules.name!r}")
        return rules

    @validate("N")
    def _N_on_the_picture(self, proposal):
        return checked(check_int, proposal["value"], "N", 2, self.max_N)

    @property
    def P(self) -> Fraction:
        """P(N, N) under ``rules``, exact."""
        return P(self.N, self.N, self.rules)

    def curve(self, rules: str) -> tuple:
        """(Ns, chances): P(N, N) as floats for N = 2..max_N under ``rules`` (one of ``shown``)."""
        if rules not in self.shown:
            raise ValueError(f"rules must be one of {self.shown}, got {rules!r}")
        return tuple(range(2, self.max_N + 1)), _equal_pools(rules, self.max_N)

    def describe(self) -> str:
        """HTML (with $...$ fractions): P(N, N) at the slider's N, as a fraction and in games out of 100."""
        p = self.P
        edge = ("moving first is no advantage" if p == Fraction(1, 2) else
                "moving first is an advantage" if p > Fraction(1, 2) else "moving first is a disadvantage")
        return render_macro("widgets.html", "equal_pools", self.N, self.rules.name, latex_fraction(p),
                            f"{float(p):.3f}", _in_words(p), edge)


class AdvantageExplorer(FigureView):
    """P(N, N) against N, one curve per rule set, with a slider for N and a menu for the rule set read out.
    ``.model`` is an :class:`AdvantageModel`."""

    def __init__(self, rules="official", N=24, shown=("official", "nica"), max_N=64, model=None):
        import ipywidgets as W

        super().__init__(model if model is not None else AdvantageModel(rules, N, shown, max_N), figsize=(7.0, 3.6))
        md = self.model
        self.rules = W.Dropdown(options=list(md.shown), value=md.rules.name, description="rules")
        self.bind(self.rules, "rules", to_control=lambda r: r.name)
        self.N = W.IntSlider(value=md.N, min=2, max=md.max_N, description="N each")
        self.bind(self.N, "N")
        self.info = W.HTMLMath()
        self.ax = self.fig.add_subplot()
        self.lines = {}
        for name in md.shown:
            Ns, ps = md.curve(name)
            (self.lines[name],) = self.ax.plot(Ns, ps, "-o", ms=2.5, lw=1, color=RULE_COLOURS.get(name), label=name)
        self.ax.axhline(0.5, color="grey", lw=0.8, ls="--")
        self.ax.set_xlim(1, md.max_N + 1)
        self.ax.set_ylim(0.4, 1.02)
        self.ax.set_xlabel("N: both players start with N suspects")
        self.ax.set_ylabel("first player's chance P(N, N)")
        self.ax.grid(alpha=0.3)
        self.ax.legend(loc="upper right")
        (self.marker,) = self.ax.plot([md.N], [float(md.P)], "o", ms=9, mfc="none", mec="red", mew=2)
        self.widget = W.VBox([self.error_box, W.HBox([self.rules, self.N]), self.image, self.info])
        self.show()

    def limits(self):
        self.N.max = self.model.max_N

    def picture_words(self) -> str:
        md = self.model
        return (f"The {md.rules.name} curve is drawn thicker; the ring marks N = {md.N} on it, at "
                f"{float(md.P):.3f}.")

    def update(self):
        md = self.model
        for name, line in self.lines.items():
            line.set_linewidth(2.2 if name == md.rules.name else 1)
        self.marker.set_data([md.N], [float(md.P)])
        self.ax.set_title(f"the first player's chance, N = 2 to {md.max_N}")
        self.info.value = md.describe()
        self.render()


# ---- a fair start ----------------------------------------------------------------------------------------
class FairStartModel(WidgetModel):
    """The first player starts with N suspects and the second with m: the first player's exact chance P(N, m).
    ``show_fairest`` also shows the m that makes it closest to 1/2.

    Limits: ``2 <= N <= max_N <= 256``; ``1 <= m <= N`` (2 <= m under race-to-one rules, where m = 1 has
    already lost)."""

    max_N = Integer(64, lo=2, hi=ADVANTAGE_MAX_N)
    rules = RuleSet("official")
    N = Integer(24)
    m = Integer(24)
    show_fairest = Flag(False)

    def __init__(self, rules="official", N=24, m=24, show_fairest=False, max_N=64):
        super().__init__(max_N=max_N, rules=rules, N=N, m=m, show_fairest=show_fairest)

    @property
    def lowest_m(self) -> int:
        return 2 if self.rules.one_left_wins else 1

    @validate("N")
    def _N_at_most_max_N(self, proposal):
        return checked(check_int, proposal["value"], "N", 2, self.max_N)

    @validate("m")
    def _m_at_most_N(self, proposal):
        return checked(check_int, proposal["value"], "m", self.lowest_m, self.N)

    @observe("N", "rules")
    def _keep_m_in_range(self, change):
        self.m = max(min(self.m, self.N), self.lowest_m)

    @property
    def P(self) -> Fraction:
        """P(N, m): the first player's exact chance."""
        return P(self.N, self.m, self.rules)

    @property
    def fairest(self):
        """The fairest second pool for N (a :class:`~guesswho_lib.game.first_move.Handicap`)."""
        return fairest_second_pool(self.N, self.rules)

    def curve(self) -> tuple:
        """(ms, chances): P(N, m) as floats for every m the second player may have."""
        ms = tuple(range(self.lowest_m, self.N + 1))
        return ms, tuple(float(P(self.N, m, self.rules)) for m in ms)

    def describe(self) -> str:
        p = self.P
        f = SimpleNamespace(N=self.N, m=self.m, name=self.rules.name, P=latex_fraction(p), float=f"{float(p):.3f}",
                            words=_in_words(p), gap=latex_fraction(abs(p - Fraction(1, 2))) if p != Fraction(1, 2)
                            else "", who="first" if p > Fraction(1, 2) else "second", fairest=None)
        if self.show_fairest:
            f.fairest, f.fairest_P = self.fairest.second, latex_fraction(self.fairest.P)
        return render_macro("widgets.html", "fair_start", f)


class FairStartExplorer(FigureView):
    """Sliders for the two pools, N and m: the first player's chance P(N, m) against m, the chosen m marked,
    the fairest m ringed once ``show fairest`` is ticked.  ``offer_fairest=False`` leaves that box out, for a
    lesson that asks for the fairest m before it reveals it.  ``.model`` is a :class:`FairStartModel`."""

    relayout = False

    def __init__(self, rules="official", N=24, m=24, show_fairest=False, max_N=64, model=None,
                 offer_fairest: bool = True):
        import ipywidgets as W

        super().__init__(model if model is not None else FairStartModel(rules, N, m, show_fairest, max_N),
                         figsize=(6.4, 3.4))
        md = self.model
        self.N = W.IntSlider(value=md.N, min=2, max=md.max_N, description="first: N")
        self.m = W.IntSlider(value=md.m, min=md.lowest_m, max=md.N, description="second: m")
        if not offer_fairest:
            md.show_fairest = False
        self.show_fairest = W.Checkbox(value=md.show_fairest, description="show the fairest m",
                                       disabled=not offer_fairest)
        self.bind_all("N", "m", "show_fairest")
        self.info = W.HTMLMath()
        self.ax = self.fig.add_subplot()
        (self.line,) = self.ax.plot([], [], "-o", ms=3, lw=1, color=RULE_COLOURS.get(md.rules.name, "C0"))
        self.ax.axhline(0.5, color="grey", lw=0.8, ls="--")
        (self.marker,) = self.ax.plot([], [], "o", ms=9, mfc="none", mec="red", mew=2, label="your m")
        (self.fair,) = self.ax.plot([], [], "*", ms=13, color="k", label="fairest m")
        self.ax.set_ylim(0, 1.02)
        self.ax.set_xlabel("m: the second player's suspects")
        self.ax.set_ylabel("first player's chance P(N, m)")
        self.ax.grid(alpha=0.3)
        controls = [self.N, self.m] + ([self.show_fairest] if offer_fairest else [])
        self.widget = W.VBox([self.error_box, W.HBox(controls), self.image, self.info])
        self.show()

    def limits(self):
        md = self.model
        self.N.max = md.max_N
        self.m.min, self.m.max = md.lowest_m, md.N

    def picture_words(self) -> str:
        md = self.model
        words = f"The ring marks m = {md.m}, at {float(md.P):.3f}"
        if md.show_fairest:
            words += f"; the star marks the fairest m, {md.fairest.second}, at {float(md.fairest.P):.3f}"
        return words + "."

    def update(self):
        md = self.model
        ms, ps = md.curve()
        self.line.set_data(ms, ps)
        self.marker.set_data([md.m], [float(md.P)])
        if md.show_fairest:
            h = md.fairest
            self.fair.set_data([h.second], [float(h.P)])
        else:
            self.fair.set_data([], [])
        self.ax.set_xlim(0, md.N + 1)
        self.ax.set_title(f"first player {md.N} suspects, second player m ({md.rules.name} rules)")
        self.ax.legend(loc="lower right", fontsize="small")
        self.info.value = md.describe()
        self.render()
